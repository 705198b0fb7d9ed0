#!/usr/bin/env python3
"""The steps of the leaderboard workflow (.github/workflows/leaderboard.yml)
that do not need GitHub, so they can be run and tested anywhere:

  matrix   SCENARIO                      the shard indices, as JSON for a job matrix
  shard    SCENARIO INDEX --mcu M --out DIR
                                         play one shard (`mcu run --shard INDEX/N`)
  publish  SCENARIO RUN... --mcu M --name NAME --repo DIR
                                         merge the shard runs (`mcu merge`) and write
                                         results/NAME.json, submissions/NAME.toml and
                                         provenance/NAME.json into the leaderboard repo

The scenario is an mcu scenario file; `config.num_shards` (default 1)
says how many shards the workflow runs in parallel. Only the standard
library is used (Python 3.11+ for tomllib).
"""

import argparse
import datetime
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tomllib


def num_shards(scenario: pathlib.Path) -> int:
    with scenario.open("rb") as handle:
        config = tomllib.load(handle).get("config", {})
    count = config.get("num_shards", 1)
    if not isinstance(count, int) or count < 1:
        sys.exit(f"{scenario}: config.num_shards must be a whole number >= 1, found {count!r}")
    return count


def matrix(args: argparse.Namespace) -> None:
    print(json.dumps(list(range(num_shards(args.scenario)))))


def shard(args: argparse.Namespace) -> None:
    count = num_shards(args.scenario)
    if not 0 <= args.index < count:
        sys.exit(f"shard {args.index} does not exist: the scenario has {count} shards")
    command = [args.mcu, "run", str(args.scenario), "--out", str(args.out), "--quiet"]
    if count > 1:
        command += ["--shard", f"{args.index}/{count}"]
    subprocess.run(command, check=True)


def only_run_folder(out: pathlib.Path) -> pathlib.Path:
    """The run folder `mcu run --out OUT` created."""
    folders = [p for p in out.iterdir() if p.is_dir()]
    if len(folders) != 1:
        sys.exit(f"{out}: expected one run folder, found {len(folders)}")
    return folders[0]


def sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def publish(args: argparse.Namespace) -> None:
    runs = [only_run_folder(out) for out in args.runs]
    if len(runs) == 1:
        merged = runs[0]
    else:
        merged = args.work / "merged"
        subprocess.run(
            [args.mcu, "merge", *map(str, runs), "--out", str(merged)], check=True
        )
    results = json.loads((merged / "agentbeats.json").read_text())
    summary = results["results"][0]
    if not summary.get("complete"):
        sys.exit(f"{merged}: the run is not complete; nothing is published")
    manifest = json.loads((merged / "manifest.json").read_text())
    repo = args.repo
    for folder in ("results", "submissions", "provenance"):
        (repo / folder).mkdir(parents=True, exist_ok=True)
    (repo / "results" / f"{args.name}.json").write_text(json.dumps(results, indent=2) + "\n")
    shutil.copyfile(args.scenario, repo / "submissions" / f"{args.name}.toml")
    server = os.environ.get("GITHUB_SERVER_URL", "")
    repository = os.environ.get("GITHUB_REPOSITORY", "")
    run_id = os.environ.get("GITHUB_RUN_ID", "")
    provenance = {
        "name": args.name,
        "published_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "mcu_version": manifest["mcu_version"],
        "scenario_sha256": sha256(args.scenario),
        "suite_sha256": manifest["suite_sha256"],
        "seed": manifest["config"]["seed"],
        "shards": len(runs),
        "started_at": manifest["started_at"],
        "finished_at": manifest.get("finished_at"),
        "total_score": summary["total_score"],
        "total_max_score": summary["total_max_score"],
        "commit": os.environ.get("GITHUB_SHA"),
        "workflow_run": f"{server}/{repository}/actions/runs/{run_id}" if run_id else None,
    }
    (repo / "provenance" / f"{args.name}.json").write_text(json.dumps(provenance, indent=2) + "\n")
    print(f"published {args.name}: {summary['total_score']} / {summary['total_max_score']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    steps = parser.add_subparsers(dest="step", required=True)
    step = steps.add_parser("matrix")
    step.add_argument("scenario", type=pathlib.Path)
    step.set_defaults(run=matrix)
    step = steps.add_parser("shard")
    step.add_argument("scenario", type=pathlib.Path)
    step.add_argument("index", type=int)
    step.add_argument("--mcu", default="mcu")
    step.add_argument("--out", type=pathlib.Path, required=True)
    step.set_defaults(run=shard)
    step = steps.add_parser("publish")
    step.add_argument("scenario", type=pathlib.Path)
    step.add_argument("runs", type=pathlib.Path, nargs="+", help="each shard's --out folder")
    step.add_argument("--mcu", default="mcu")
    step.add_argument("--name", required=True)
    step.add_argument("--repo", type=pathlib.Path, default=pathlib.Path("."))
    step.add_argument("--work", type=pathlib.Path, default=pathlib.Path("leaderboard-work"))
    step.set_defaults(run=publish)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
