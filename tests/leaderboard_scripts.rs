//! The leaderboard workflow's local steps (.github/scripts/leaderboard.py):
//! the shard matrix, two shards played by the real `mcu` against a real
//! agent, and publishing the merged results into a leaderboard folder.

mod common;

use std::path::Path;
use std::process::Command;

use common::process::{example, start};
use common::runs::{json_file, scenario, text};

fn script(args: &[&str]) -> std::process::Output {
    Command::new("python3")
        .arg(common::repo_root().join(".github/scripts/leaderboard.py"))
        .args(args)
        .output()
        .expect("python3 runs the leaderboard script")
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn shards_are_played_merged_and_published() {
    let agent = start(example("noop_agent"));
    let dir = tempfile::tempdir().unwrap();
    let tasks = ["collect_dirt", "drop_an_item", "look_at_the_sky"];
    let scenario = scenario(dir.path(), &agent.url, &tasks, 6, "num_shards = 2");
    let mcu = env!("CARGO_BIN_EXE_mcu");

    let output = script(&["matrix", path(&scenario)]);
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "[0, 1]");

    let outs = [dir.path().join("shard-0"), dir.path().join("shard-1")];
    for (index, out) in outs.iter().enumerate() {
        let output = script(&[
            "shard",
            path(&scenario),
            &index.to_string(),
            "--mcu",
            mcu,
            "--out",
            path(out),
        ]);
        assert!(output.status.success(), "{}", text(&output));
    }
    let output = script(&[
        "shard",
        path(&scenario),
        "2",
        "--mcu",
        mcu,
        "--out",
        path(&outs[0]),
    ]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("has 2 shards"));

    let repo = dir.path().join("leaderboard");
    let output = script(&[
        "publish",
        path(&scenario),
        path(&outs[0]),
        path(&outs[1]),
        "--mcu",
        mcu,
        "--name",
        "alice-1",
        "--repo",
        path(&repo),
        "--work",
        path(&dir.path().join("work")),
    ]);
    assert!(output.status.success(), "{}", text(&output));
    let results = json_file(&repo.join("results/alice-1.json"));
    assert_eq!(results["participants"]["agent"], agent.url);
    assert_eq!(results["results"][0]["num_tasks"], 3);
    assert_eq!(results["results"][0]["complete"], true);
    assert_eq!(
        std::fs::read(repo.join("submissions/alice-1.toml")).unwrap(),
        std::fs::read(&scenario).unwrap()
    );
    let provenance = json_file(&repo.join("provenance/alice-1.json"));
    assert_eq!(provenance["shards"], 2);
    assert_eq!(
        provenance["suite_sha256"],
        results["results"][0]["suite_sha256"]
    );
    assert_eq!(provenance["total_max_score"], 30.0);
}
