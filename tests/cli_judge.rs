//! The video judge in real runs: `mcu run` against a stand-in of the
//! OpenAI chat-completions API (tests/common/chat_stub.rs, which checks
//! requests as the real API would), then `mcu score` on the run folder —
//! verdict files, combined scores, the answer cache, profiles, re-scoring
//! from a newer suite, and that the key never appears in any output.

mod common;

use std::path::Path;
use std::process::Output;

use common::chat_stub::{self, StubReply, KEY};
use common::runs::{json_file, mcu, run_dir, scenario, text};
use serde_json::{json, Value};

const GOOD_ANSWER: &str = "Task Progress: 8\nEvidence: drops stone early\n\
Action Control: 6\nEvidence: steady\n\
Error Recognition and Correction: N/A\nEvidence: not applicable\n\
Creative Attempts: 2\nEvidence: none\n\
Task Completion Efficiency: 9\nEvidence: at once\n\
Material Selection and Usage: 7\nEvidence: stone\n";

/// The environment variable the test scenarios name for the key.
const KEY_VAR: &str = "MCU_TEST_JUDGE_KEY";

struct Setup {
    runtime: tokio::runtime::Runtime,
    dir: tempfile::TempDir,
    agent_url: String,
}

fn setup() -> Setup {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let agent_url = common::inline_agent::serve(&runtime, common::inline_agent::drop_key);
    Setup {
        runtime,
        dir: tempfile::tempdir().unwrap(),
        agent_url,
    }
}

impl Setup {
    /// A stand-in judge answering with `replies`, in order.
    fn stub(&self, replies: Vec<StubReply>) -> chat_stub::ChatStub {
        self.runtime.block_on(chat_stub::start(replies))
    }
}

fn judge_table(base_url: &str) -> String {
    format!(
        "\n[config.judge]\nbase_url = \"{base_url}\"\nmodel = \"gpt-4o\"\napi_key_env = \"{KEY_VAR}\"\ntimeout_s = 5\nprice = {{ input_per_million = 2.5, output_per_million = 10.0 }}\n"
    )
}

fn run_judged(
    setup: &Setup,
    base_url: &str,
    tasks: &[&str],
    out: &Path,
    key: Option<&str>,
) -> Output {
    let scenario = scenario(
        setup.dir.path(),
        &setup.agent_url,
        tasks,
        8,
        &judge_table(base_url),
    );
    let mut command = mcu();
    command
        .arg("run")
        .arg(&scenario)
        .arg("--out")
        .arg(out)
        .arg("--quiet");
    match key {
        Some(key) => command.env(KEY_VAR, key),
        None => command.env_remove(KEY_VAR),
    };
    command.output().unwrap()
}

fn score(run: &Path, extra: &[&str], key: Option<&str>) -> Output {
    let mut command = mcu();
    command.arg("score").arg(run).args(extra);
    match key {
        Some(key) => command.env(KEY_VAR, key),
        None => command.env_remove(KEY_VAR),
    };
    command.output().unwrap()
}

/// Every file under `dir` whose bytes contain `needle`.
fn files_containing(dir: &Path, needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_containing(&path, needle));
        } else if let Ok(bytes) = std::fs::read(&path) {
            if bytes.windows(needle.len()).any(|w| w == needle.as_bytes()) {
                found.push(path.display().to_string());
            }
        }
    }
    found
}

#[test]
fn a_judged_run_combines_both_parts_and_rescoring_reuses_the_cache() {
    let setup = setup();
    let stub = setup.stub(vec![StubReply::Answer(GOOD_ANSWER.into())]);
    let out = setup.dir.path().join("out");
    let output = run_judged(&setup, &stub.base_url, &["drop_an_item"], &out, Some(KEY));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let run = run_dir(&out);

    let requests = stub.recorded();
    assert_eq!(requests.len(), 1);
    let request = &requests[0];
    assert_eq!(request.model.as_deref(), Some("gpt-4o"));
    assert_eq!(
        request.authorization.as_deref(),
        Some(&*format!("Bearer {KEY}"))
    );
    assert_eq!(request.images, 1, "9 frames at stride 20: frame 0 only");
    assert!(request
        .texts
        .iter()
        .any(|t| t.contains("Task: drop_an_item")));
    assert!(request
        .texts
        .iter()
        .any(|t| t.contains("Criteria file for this task")));
    assert_eq!(request.body["temperature"], 0.0);
    assert_eq!(request.body["seed"], 42);

    let eval = json_file(&run.join("drop_an_item/video_eval_result.json"));
    assert_eq!(eval["status"], "rated");
    assert_eq!(eval["raw_answer"], GOOD_ANSWER);
    assert_eq!(eval["ratings"]["Task Progress"], 8.0);
    assert_eq!(eval["ratings"]["Error Recognition and Correction"], "N/A");
    assert_eq!(eval["frames_sent"], 1);
    assert_eq!(eval["total_frames"], 9);
    assert!(eval["usage"]["total_tokens"].as_u64().unwrap() > 0);
    assert_eq!(eval["cached"], false);
    let cost = (eval["usage"]["prompt_tokens"].as_f64().unwrap() * 2.5
        + eval["usage"]["completion_tokens"].as_f64().unwrap() * 10.0)
        / 1e6;
    assert!(
        (eval["cost_usd"].as_f64().unwrap() - cost).abs() < 1e-12,
        "{eval}"
    );

    // The agent drops at once: sim part 10. Video (seed weights; the judge
    // said N/A to Error Recognition, the criteria file marks Creative
    // Attempts not applicable): (8·40 + 7·15 + 6·15 + 9·15) / 85 = 650 / 85
    // = 7.647…; score (10 + 7.647) / 2 = 8.82.
    let results = json_file(&run.join("results.json"));
    let metrics = &results["task_metrics"]["drop_an_item"];
    assert_eq!(metrics["sim_score"], 10.0);
    assert_eq!(metrics["video_score"], 7.65);
    assert_eq!(metrics["score"], 8.82);
    assert_eq!(metrics["judge_status"], "rated");
    assert_eq!(results["judge"]["ran"], true);
    assert_eq!(results["criteria_averages"]["Task Progress"], 8.0);
    assert!(results["judge"]["usage"]["total_tokens"].as_u64().unwrap() > 0);
    assert!(results["judge"]["cost_usd"].as_f64().unwrap() > 0.0);

    // Re-scoring a copy reproduces the numbers without asking again.
    let copy = setup.dir.path().join("copy");
    copy_dir(&run, &copy);
    let output = score(&copy, &[], Some(KEY));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("no score changed"));
    assert_eq!(stub.recorded().len(), 1, "the cached answer is reused");
    assert_eq!(
        json_file(&copy.join("results.json"))["task_metrics"],
        results["task_metrics"]
    );
    // agentbeats-v1: s = 10 (full), so Task Progress is not averaged in.
    let output = score(&copy, &["--profile", "agentbeats-v1"], Some(KEY));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("drop_an_item: 8.82 → 10.00"));
    // --rejudge pays again.
    let output = score(&copy, &["--rejudge"], Some(KEY));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert_eq!(stub.recorded().len(), 2);

    for folder in [&run, &copy] {
        assert!(
            files_containing(folder, KEY).is_empty(),
            "{:?}",
            files_containing(folder, KEY)
        );
    }
    assert!(!String::from_utf8_lossy(&output.stdout).contains(KEY));
    assert!(!String::from_utf8_lossy(&output.stderr).contains(KEY));
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn garbled_answers_and_rate_limits_are_named_not_fatal() {
    let setup = setup();
    let stub = setup.stub(vec![
        StubReply::Status(429, Some(1)),
        StubReply::Answer(GOOD_ANSWER.into()),
        StubReply::Garbled,
    ]);
    let out = setup.dir.path().join("out");
    // One task at a time; the judge of the first may still be waiting out
    // the 429 when the second's request comes, so the statuses are checked
    // as a set.
    let output = run_judged(
        &setup,
        &stub.base_url,
        &["drop_an_item", "look_at_the_sky"],
        &out,
        Some(KEY),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let run = run_dir(&out);
    let results = json_file(&run.join("results.json"));
    let statuses: Vec<String> = ["drop_an_item", "look_at_the_sky"]
        .iter()
        .map(|t| json_file(&run.join(t).join("video_eval_result.json"))["status"].to_string())
        .collect();
    let mut sorted = statuses.clone();
    sorted.sort();
    assert_eq!(sorted, ["\"rated\"", "\"unparseable\""]);
    let evals: Vec<Value> = ["drop_an_item", "look_at_the_sky"]
        .iter()
        .map(|t| json_file(&run.join(t).join("video_eval_result.json")))
        .collect();
    // Whichever episode's request met the 429 asked again after the
    // second's wait; the other episode may have been judged meanwhile,
    // so either one may hold the retry.
    let attempts: Vec<u64> = evals
        .iter()
        .map(|e| e["attempts"].as_u64().unwrap())
        .collect();
    assert_eq!(
        attempts.iter().sum::<u64>(),
        3,
        "one 429 retried: {attempts:?}"
    );
    let garbled = ["drop_an_item", "look_at_the_sky"]
        .iter()
        .zip(&evals)
        .find(|(_, e)| e["status"] == "unparseable")
        .map(|(t, _)| t)
        .unwrap();
    let eval = json_file(&run.join(garbled).join("video_eval_result.json"));
    assert_eq!(eval["raw_answer"], chat_stub::GARBLED);
    let metrics = &results["task_metrics"][*garbled];
    assert_eq!(metrics["judge_status"], "unparseable");
    assert_eq!(metrics["video_score"], json!(null));
    assert_eq!(metrics["score"], metrics["sim_score"], "the sim part alone");
    assert_eq!(stub.recorded().len(), 3);
}

#[test]
fn without_a_key_the_run_completes_and_says_the_video_part_is_absent() {
    let setup = setup();
    let stub = setup.stub(vec![StubReply::Answer(GOOD_ANSWER.into())]);
    let out = setup.dir.path().join("out");
    let output = run_judged(&setup, &stub.base_url, &["drop_an_item"], &out, None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let run = run_dir(&out);
    let results = json_file(&run.join("results.json"));
    assert_eq!(results["judge"]["ran"], false);
    let note = results["judge"]["note"].as_str().unwrap();
    assert!(
        note.contains(KEY_VAR) && note.contains("simulation part alone"),
        "{note}"
    );
    assert_eq!(results["task_metrics"]["drop_an_item"]["score"], 10.0);
    assert!(!run.join("drop_an_item/video_eval_result.json").exists());
    assert!(stub.recorded().is_empty());
    let summary = std::fs::read_to_string(run.join("result.txt")).unwrap();
    assert!(summary.contains("simulation part alone"), "{summary}");

    // Judging it afterwards, with another model.
    let output = score(&run, &["--judge-model", "gpt-4o-mini"], Some(KEY));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("drop_an_item: 10.00 → 8.82"));
    assert_eq!(stub.recorded().len(), 1);
    assert_eq!(stub.recorded()[0].model.as_deref(), Some("gpt-4o-mini"));

    // `--judge on` without the key refuses to start.
    let scenario = scenario(
        setup.dir.path(),
        &setup.agent_url,
        &["drop_an_item"],
        3,
        &judge_table(&stub.base_url),
    );
    let output = mcu()
        .args(["run", "--judge", "on", "--out"])
        .arg(setup.dir.path().join("out2"))
        .arg(&scenario)
        .env_remove(KEY_VAR)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains(KEY_VAR));
}

#[test]
fn rescoring_with_a_newer_suite_replays_the_trajectory() {
    let setup = setup();
    let out = setup.dir.path().join("out");
    let scenario = scenario(
        setup.dir.path(),
        &setup.agent_url,
        &["drop_an_item"],
        6,
        "\n[config.judge]\nmode = \"off\"\n",
    );
    let output = mcu()
        .arg("run")
        .arg(&scenario)
        .arg("--out")
        .arg(&out)
        .arg("--quiet")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let run = run_dir(&out);
    assert_eq!(
        json_file(&run.join("drop_an_item/episode.json"))["status"],
        "success"
    );

    // A suite where dropping torches, which the agent never did, is the task.
    let suite = common::TempSuite::new(&[(
        "motion/drop_an_item",
        "text: Drop a torch.\nreward_cfg:\n  - event: drop\n    identity: drop_torch\n    objects: [torch]\n    reward: 1.0\n    max_reward_times: 1\n",
    )]);
    let output = score(&run, &["--tasks", suite.path().to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("drop_an_item: 10.00 → 0.00"));
    let record = json_file(&run.join("drop_an_item/episode.json"));
    assert_eq!(record["status"], "zero");
    assert_eq!(record["task"]["rewards"][0]["identity"], "drop_torch");
    assert_eq!(json_file(&run.join("results.json"))["total_score"], 0.0);
}
