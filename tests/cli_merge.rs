//! Sharded runs: `mcu run --shard I/N` plays every Nth selected task, and
//! `mcu merge` joins the shards into the run folder one unsharded run
//! would have written (same tasks, same scores for a deterministic agent).

mod common;

use std::path::{Path, PathBuf};

use common::process::{example, start};
use common::runs::{json_file, mcu, run, run_dir, scenario, text};
use serde_json::Value;

const TASKS: [&str; 3] = ["collect_dirt", "drop_an_item", "look_at_the_sky"];

/// A record without what varies between runs.
fn comparable(mut record: Value) -> Value {
    for key in ["timing", "latency", "agent_init"] {
        record.as_object_mut().unwrap().remove(key);
    }
    record
}

/// Per-task metrics without timings.
fn metrics(results: &Value) -> Value {
    let mut metrics = results["task_metrics"].clone();
    for task in metrics.as_object_mut().unwrap().values_mut() {
        for key in ["wall_s", "latency_p50_ms", "latency_p95_ms"] {
            task.as_object_mut().unwrap().remove(key);
        }
    }
    metrics
}

fn merge(runs: &[&PathBuf], out: &Path) -> std::process::Output {
    mcu()
        .arg("merge")
        .args(runs)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

#[test]
fn shards_merge_into_the_unsharded_run() {
    let mut agent = example("random_agent");
    agent.args(["--seed", "9"]);
    let agent = start(agent);
    let dir = tempfile::tempdir().unwrap();
    let scenario = scenario(dir.path(), &agent.url, &TASKS, 15, "seed = 4");
    let mut folders = Vec::new();
    for (name, extra) in [
        ("whole", vec![]),
        ("s0", vec!["--shard", "0/2"]),
        ("s1", vec!["--shard", "1/2"]),
    ] {
        let out = dir.path().join(name);
        let output = run(&scenario, &out, &[extra.as_slice(), &["--quiet"]].concat());
        assert_eq!(output.status.code(), Some(0), "{}", text(&output));
        folders.push(run_dir(&out));
    }
    let [whole, s0, s1] = [&folders[0], &folders[1], &folders[2]];
    let shard_tasks = |run: &Path| -> Vec<String> {
        json_file(&run.join("manifest.json"))["tasks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(shard_tasks(s0), ["collect_dirt", "look_at_the_sky"]);
    assert_eq!(shard_tasks(s1), ["drop_an_item"]);

    let merged = dir.path().join("merged");
    let output = merge(&[s1, s0], &merged);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert_eq!(shard_tasks(&merged), shard_tasks(whole));
    for task in TASKS {
        assert_eq!(
            comparable(json_file(&merged.join(task).join("episode.json"))),
            comparable(json_file(&whole.join(task).join("episode.json"))),
            "{task}"
        );
        assert!(merged.join(task).join("episode_1.mp4").is_file());
        assert!(merged.join(task).join("trajectory.jsonl").is_file());
    }
    let (merged_results, whole_results) = (
        json_file(&merged.join("results.json")),
        json_file(&whole.join("results.json")),
    );
    for key in [
        "total_score",
        "total_max_score",
        "num_tasks",
        "statuses",
        "complete",
        "suite_sha256",
        "task_category",
    ] {
        assert_eq!(merged_results[key], whole_results[key], "{key}");
    }
    assert_eq!(metrics(&merged_results), metrics(&whole_results));
    let manifest = json_file(&merged.join("manifest.json"));
    assert_eq!(manifest["config"]["num_shards"], 1);
    assert_eq!(manifest["merged_from"].as_array().unwrap().len(), 2);
    assert!(merged.join("result.txt").is_file() && merged.join("agentbeats.json").is_file());

    // Refusals: a missing shard, a shard repeated, a run of another seed,
    // an existing destination.
    for (runs, expected) in [
        (vec![s0], "give each of the 2 shards exactly once"),
        (vec![s0, s0], "give each of the 2 shards exactly once"),
        (vec![s0, whole], "differ"),
    ] {
        let output = merge(&runs, &dir.path().join("refused"));
        assert_eq!(output.status.code(), Some(2), "{}", text(&output));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(expected),
            "expected `{expected}` in {stderr}"
        );
    }
    let other_seed = dir.path().join("other");
    let output = run(
        &scenario,
        &other_seed,
        &["--shard", "1/2", "--seed", "5", "--quiet"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let output = merge(&[s0, &run_dir(&other_seed)], &dir.path().join("refused"));
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("seed"));
    let output = merge(&[s0, s1], &merged);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not empty"));
    let output = mcu()
        .args(["run", "--shard", "2/2"])
        .arg(&scenario)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("0 <= I < N"));
}
