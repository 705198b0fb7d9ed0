//! Repeated attempts end to end, with the real `mcu` binary and real
//! agents: attempt folders and seeds, the same results whatever `--jobs`
//! is, `--resume` and infrastructure failures per attempt, shards that
//! split attempts, and comparisons that tell a real difference from noise.

mod common;

use std::path::{Path, PathBuf};

use common::inline_agent::{drop_key, serve};
use common::process::{example, start};
use common::runs::{json_file, mcu, run, run_dir, scenario, text};
use serde_json::Value;

const TASKS: [&str; 4] = [
    "collect_dirt",
    "drop_an_item",
    "throw_a_snowball",
    "look_at_the_sky",
];

/// A record without what varies between runs of the same episode.
fn comparable(mut record: Value) -> Value {
    for key in ["timing", "latency", "agent_init"] {
        record.as_object_mut().unwrap().remove(key);
    }
    record
}

/// Task metrics (and each attempt's) without timings.
fn metrics(results: &Value) -> Value {
    fn strip(metrics: &mut Value) {
        let object = metrics.as_object_mut().unwrap();
        for key in ["wall_s", "latency_p50_ms", "latency_p95_ms"] {
            object.remove(key);
        }
        if let Some(Value::Array(attempts)) = object.get_mut("attempt_metrics") {
            attempts.iter_mut().for_each(strip);
        }
    }
    let mut metrics = results["task_metrics"].clone();
    metrics
        .as_object_mut()
        .unwrap()
        .values_mut()
        .for_each(strip);
    metrics
}

fn played(scenario: &Path, out: &Path, extra: &[&str]) -> PathBuf {
    let output = run(scenario, out, &[extra, &["--quiet"]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    run_dir(out)
}

/// Runs `mcu` with `args`, asserting it succeeded; returns its stdout.
fn mcu_ok<S: AsRef<std::ffi::OsStr>>(args: impl IntoIterator<Item = S>) -> String {
    let output = mcu().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn attempt_dir(run: &Path, task: &str, attempt: u32) -> PathBuf {
    run.join(task).join(format!("attempt_{attempt}"))
}

#[test]
fn four_tasks_of_five_attempts_are_identical_at_jobs_1_and_4() {
    let mut agent = example("random_agent");
    agent.args(["--seed", "3"]);
    let agent = start(agent);
    let dir = tempfile::tempdir().unwrap();
    let scenario = scenario(dir.path(), &agent.url, &TASKS, 15, "seed = 2\nattempts = 5");
    let one = played(&scenario, &dir.path().join("one"), &["--jobs", "1"]);
    let four = played(&scenario, &dir.path().join("four"), &["--jobs", "4"]);

    for task in TASKS {
        let mut seeds = Vec::new();
        for attempt in 1..=5 {
            let folder = attempt_dir(&one, task, attempt);
            assert!(
                folder.join("episode_1.mp4").is_file(),
                "{}",
                folder.display()
            );
            let record = json_file(&folder.join("episode.json"));
            assert_eq!(
                comparable(record.clone()),
                comparable(json_file(
                    &attempt_dir(&four, task, attempt).join("episode.json")
                )),
                "{task} attempt {attempt}"
            );
            seeds.push(record["world_seed"].as_u64().unwrap());
        }
        assert_eq!(
            seeds[0],
            mcu::sim::episode_seed(2, task),
            "attempt 1 keeps the seed"
        );
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            5,
            "each attempt plays its own world: {seeds:?}"
        );
        assert!(!one.join(task).join("episode.json").exists());
    }

    let (a, b) = (
        json_file(&one.join("results.json")),
        json_file(&four.join("results.json")),
    );
    assert_eq!(metrics(&a), metrics(&b));
    for key in [
        "total_score",
        "total_stats",
        "category_stats",
        "statuses",
        "attempts",
    ] {
        assert_eq!(a[key], b[key], "{key}");
    }
    assert_eq!(a["attempts"], 5);
    assert_eq!(
        a["statuses"]
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum::<u64>(),
        20
    );
    for task in TASKS {
        let line = &a["task_metrics"][task];
        let attempts = line["attempt_metrics"].as_array().unwrap();
        assert_eq!(attempts.len(), 5);
        let scores: Vec<f64> = attempts
            .iter()
            .map(|m| m["score"].as_f64().unwrap())
            .collect();
        let mean = scores.iter().sum::<f64>() / 5.0;
        assert!(
            (line["score"].as_f64().unwrap() - mean).abs() < 0.006,
            "{task}: {line}"
        );
        let stats = &line["stats"];
        assert_eq!(
            (stats["attempts"].as_u64(), stats["scored"].as_u64()),
            (Some(5), Some(5))
        );
        assert_eq!(stats["pass_at_k"].as_array().unwrap().len(), 5);
        assert_eq!(stats["scores"].as_array().unwrap().len(), 5);
        assert_eq!(
            line["video"],
            Value::Null,
            "videos are on the attempts' lines"
        );
        assert_eq!(
            attempts[1]["video"],
            format!("{task}/attempt_2/episode_1.mp4")
        );
    }
    // The AgentBeats envelope keeps its fields and carries the new ones.
    let envelope = json_file(&one.join("agentbeats.json"));
    let results = &envelope["results"][0];
    for key in [
        "num_tasks",
        "total_score",
        "total_max_score",
        "task_metrics",
        "total_stats",
    ] {
        assert!(!results[key].is_null(), "{key} in {envelope}");
    }
    let summary = std::fs::read_to_string(one.join("result.txt")).unwrap();
    assert!(
        summary.contains("5 attempts per task") && summary.contains("pass@5"),
        "{summary}"
    );
}

#[test]
fn resume_plays_missing_attempts_and_infrastructure_failures_are_left_out() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let url = serve(&runtime, drop_key);
    let dir = tempfile::tempdir().unwrap();
    let scenario = scenario(dir.path(), &url, &["drop_an_item"], 5, "attempts = 3");
    let run = played(&scenario, &dir.path().join("out"), &[]);
    let kept = json_file(&attempt_dir(&run, "drop_an_item", 1).join("episode.json"));
    assert_eq!(kept["status"], "success");

    // Attempt 2 never finished; attempt 3 ended in an mcu error.
    std::fs::remove_file(attempt_dir(&run, "drop_an_item", 2).join("episode.json")).unwrap();
    let third = attempt_dir(&run, "drop_an_item", 3).join("episode.json");
    let mut failed = json_file(&third);
    failed["status"] = "error".into();
    failed["error"] = "video: disk full".into();
    std::fs::write(&third, failed.to_string()).unwrap();
    mcu_ok([
        Path::new("score"),
        &run,
        Path::new("--judge"),
        Path::new("off"),
    ]);
    let stats = &json_file(&run.join("results.json"))["task_metrics"]["drop_an_item"]["stats"];
    assert_eq!(stats["scored"], 1, "{stats}");
    assert_eq!(
        stats["infra_failures"], 1,
        "an mcu error is not the agent's failure: {stats}"
    );
    assert_eq!(stats["pass_at_k"], serde_json::json!([1.0, null, null]));

    mcu_ok([
        Path::new("run"),
        Path::new("--resume"),
        &run,
        Path::new("--quiet"),
    ]);
    let again = json_file(&attempt_dir(&run, "drop_an_item", 1).join("episode.json"));
    assert_eq!(again["timing"], kept["timing"], "attempt 1 was kept");
    let results = json_file(&run.join("results.json"));
    let stats = &results["task_metrics"]["drop_an_item"]["stats"];
    assert_eq!(
        (stats["scored"].as_u64(), stats["infra_failures"].as_u64()),
        (Some(3), Some(0))
    );
    assert_eq!(stats["success_rate"], 1.0);
    assert_eq!(results["complete"], true);
}

#[test]
fn shards_split_attempts_and_merge_into_the_whole_run() {
    let mut agent = example("random_agent");
    agent.args(["--seed", "5"]);
    let agent = start(agent);
    let dir = tempfile::tempdir().unwrap();
    let tasks = ["drop_an_item", "look_at_the_sky"];
    let scenario = scenario(dir.path(), &agent.url, &tasks, 8, "attempts = 3");
    let whole = played(&scenario, &dir.path().join("whole"), &[]);
    let s0 = played(&scenario, &dir.path().join("s0"), &["--shard", "0/2"]);
    let s1 = played(&scenario, &dir.path().join("s1"), &["--shard", "1/2"]);
    // Episodes in order: drop 1, 2, 3, sky 1, 2, 3; shard 0 takes every other.
    assert!(attempt_dir(&s0, "drop_an_item", 3).is_dir());
    assert!(!attempt_dir(&s0, "drop_an_item", 2).exists());
    assert!(attempt_dir(&s1, "look_at_the_sky", 1).is_dir());

    let merged = dir.path().join("merged");
    mcu_ok([Path::new("merge"), &s1, &s0, Path::new("--out"), &merged]);
    for task in tasks {
        for attempt in 1..=3 {
            assert_eq!(
                comparable(json_file(
                    &attempt_dir(&merged, task, attempt).join("episode.json")
                )),
                comparable(json_file(
                    &attempt_dir(&whole, task, attempt).join("episode.json")
                )),
            );
        }
    }
    let (m, w) = (
        json_file(&merged.join("results.json")),
        json_file(&whole.join("results.json")),
    );
    assert_eq!(metrics(&m), metrics(&w));
    assert_eq!(m["total_stats"], w["total_stats"]);
}

#[test]
fn a_comparison_tells_a_real_difference_from_noise() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let dropper = serve(&runtime, drop_key);
    let idle = serve(
        &runtime,
        |_| serde_json::json!({"type": "action", "buttons": [0], "camera": [60]}),
    );
    let dir = tempfile::tempdir().unwrap();
    let tasks = ["drop_an_item", "look_at_the_sky"];
    let mut runs = Vec::new();
    for (name, url) in [("idle", &idle), ("dropper", &dropper)] {
        let scenario = scenario(dir.path(), url, &tasks, 5, "attempts = 5");
        runs.push(played(&scenario, &dir.path().join(name), &[]));
    }
    let markdown = mcu_ok([
        Path::new("report"),
        &runs[0],
        &runs[1],
        Path::new("--format"),
        Path::new("markdown"),
    ]);
    let row = |name: &str| -> Vec<String> {
        let line = markdown
            .lines()
            .find(|l| l.starts_with(&format!("| {name} |")))
            .unwrap_or_else(|| panic!("no row {name} in {markdown}"));
        line.trim_matches('|')
            .split(" | ")
            .map(|c| c.trim().to_string())
            .collect()
    };
    // Five successes against five zeros: p = 2/252 by permutation.
    let dropped = row("drop_an_item");
    assert!(dropped[5].starts_with("yes (p 0.0"), "{dropped:?}");
    assert!(
        dropped[3].contains('['),
        "the score has its interval: {dropped:?}"
    );
    // Neither agent looks up: no difference at all.
    assert_eq!(row("look_at_the_sky")[5], "no (p 1.00)");
    assert!(markdown.contains("beyond noise"), "{markdown}");
}
