//! Plancraft end to end: `mcu list` and `mcu run` on the fixture split with
//! the real binary, the oracle agent as a separate process over real HTTP,
//! and a confused agent served by the test; the run folder's records,
//! trajectories, screen videos (ffprobe) and results.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::process::{example, start};
use common::runs::{json_file, mcu, run, run_dir, text, trajectory};
use serde_json::{json, Value};

fn fixture() -> PathBuf {
    common::repo_root().join("tests/fixtures/plancraft/fixture.json")
}

fn plancraft_scenario(dir: &Path, endpoint: &str, extra: &str) -> PathBuf {
    let path = dir.join("plancraft.toml");
    std::fs::write(
        &path,
        format!(
            "[[participants]]\nrole = \"agent\"\nendpoint = \"{endpoint}\"\n\n[config]\ntasks = \"{}\"\nobs_size = \"320x180\"\n{extra}\n",
            fixture().display()
        ),
    )
    .unwrap();
    path
}

#[test]
fn list_shows_one_task_per_example() {
    let output = mcu()
        .args(["list", "--format", "json", "--tasks"])
        .arg(fixture())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output));
    let rows: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(rows.len(), 9);
    assert_eq!(rows[0]["name"], "FIX001");
    assert_eq!(rows[0]["category"], "easy");
    assert_eq!(rows[0]["max_steps"], 30);
    let output = mcu()
        .args(["list", "--category", "impossible", "--tasks"])
        .arg(fixture())
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&output.stdout);
    assert!(
        table.contains("FIX008") && table.contains("FIX009"),
        "{table}"
    );
    assert!(
        table.contains("2 Plancraft examples in 1 complexity splits (2 impossible)"),
        "{table}"
    );
    let output = mcu()
        .args(["list", "--category", "hardd", "--tasks"])
        .arg(fixture())
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("did you mean `hard`"));
}

#[test]
fn the_oracle_agent_solves_the_fixture_split_over_a2a() {
    let agent = start(example("plancraft_oracle"));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let scenario = plancraft_scenario(dir.path(), &agent.url, "jobs = 2");
    let output = run(&scenario, &out, &["--quiet"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("Plancraft: 9 of 9 examples solved (100.0%)"),
        "{stdout}"
    );

    let run = run_dir(&out);
    let results = json_file(&run.join("results.json"));
    assert_eq!(results["complete"], true);
    assert_eq!(results["overall"]["success_rate"], 1.0);
    assert_eq!(results["by_complexity_split"]["impossible"]["successes"], 2);
    assert_eq!(
        results["statuses"],
        json!({"success": 7, "impossible_correct": 2})
    );
    let manifest = json_file(&run.join("manifest.json"));
    assert_eq!(manifest["environment"], "plancraft");

    let record = json_file(&run.join("FIX006/episode.json"));
    assert_eq!(record["status"], "success");
    assert_eq!(record["complexity_split"], "hard");
    let steps = record["steps"].as_u64().unwrap();
    assert!(
        steps > 3,
        "iron pickaxe needs smelting and two crafts: {record}"
    );
    assert!(record["final_inventory"]
        .as_object()
        .unwrap()
        .values()
        .any(|s| s["type"] == "iron_pickaxe"));
    let lines = trajectory(&run.join("FIX006/trajectory.jsonl"));
    assert_eq!(lines.len() as u64, steps);
    assert!(lines[0]["observation"]
        .as_str()
        .unwrap()
        .starts_with("Craft an item of type: iron_pickaxe\ninventory:"));
    assert!(lines.iter().any(|l| l["action"]["action"] == "smelt"));
    assert_eq!(ffprobe_frames(&run.join("FIX006/screen.mp4")), steps + 1);

    let impossible = json_file(&run.join("FIX009/episode.json"));
    assert_eq!(impossible["status"], "impossible_correct");
    assert_eq!(impossible["steps"], 1);
}

/// An agent that never names an action: each reply is an empty step.
fn confused(_observation: &Value) -> Value {
    json!({"type": "action", "action": "Let me look at the table first."})
}

#[test]
fn a_confused_agent_spends_its_budget_and_the_run_completes() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let url = common::inline_agent::serve(&runtime, confused);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let scenario = plancraft_scenario(
        dir.path(),
        &url,
        "max_steps = 4\ntask_names = [\"FIX001\", \"FIX008\"]",
    );
    let output = run(&scenario, &out, &["--quiet"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let run = run_dir(&out);
    let results = json_file(&run.join("results.json"));
    assert_eq!(
        results["statuses"],
        json!({"budget_spent": 1, "failure": 1})
    );
    assert_eq!(results["overall"]["successes"], 0);
    let record = json_file(&run.join("FIX001/episode.json"));
    assert_eq!(record["steps"], 4);
    assert_eq!(record["answers"], json!({"not_an_action": 4}));
    let lines = trajectory(&run.join("FIX001/trajectory.jsonl"));
    // After a reply that is no action, the next observation is the answer.
    assert!(lines[1]["observation"]
        .as_str()
        .unwrap()
        .starts_with("Only select actions from the following"));
}

#[test]
fn a_split_file_that_is_not_a_split_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let split = dir.path().join("broken.json");
    std::fs::write(&split, "[\n  {\"id\": 3}\n]").unwrap();
    let output = mcu()
        .args(["list", "--tasks"])
        .arg(&split)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken.json:2:"), "{stderr}");
}

fn ffprobe_frames(video: &Path) -> u64 {
    let output = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
        .args(["-show_entries", "stream=nb_read_frames", "-of", "csv=p=0"])
        .arg(video)
        .output()
        .expect("ffprobe is installed by `cargo xtask setup`");
    assert!(output.status.success(), "{}", text(&output));
    String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .unwrap()
}

/// The Python template agent (official a2a-sdk 0.3) with its chat model
/// played by the OpenAI-format stand-in: the scripted answers (a thought,
/// then the two moves that make planks) solve FIX001 through mcu's run.
#[test]
fn the_python_chat_agent_plays_through_an_openai_compatible_model() {
    use common::chat_stub::{self, StubReply};
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let stub = runtime.block_on(chat_stub::start(vec![
        StubReply::Answer("think: logs make planks".into()),
        StubReply::Answer("move: from [I5] to [A1] with quantity 1".into()),
        StubReply::Answer("move: from [0] to [I1] with quantity 4".into()),
    ]));
    let mut command = common::process::venv_python("sdk03");
    command
        .arg(common::process::peer_script(
            "examples/python/plancraft_agent.py",
        ))
        .args(["--base-url", &stub.base_url, "--model", "stub-model"])
        .env("OPENAI_API_KEY", chat_stub::KEY);
    let agent = start(command);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let scenario = plancraft_scenario(dir.path(), &agent.url, "task_names = [\"FIX001\"]");
    let output = run(&scenario, &out, &["--quiet"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let record = json_file(&run_dir(&out).join("FIX001/episode.json"));
    assert_eq!(record["status"], "success", "{record}");
    assert_eq!(record["steps"], 3);
    assert_eq!(record["answers"], json!({"think": 1}));
    let requests = stub.recorded();
    assert_eq!(requests.len(), 3);
    assert_eq!(requests[0].model.as_deref(), Some("stub-model"));
    // The rules are the system message; each observation is a user message.
    assert!(requests[0].texts[0].contains("[0] is the crafting output"));
    assert!(requests[0]
        .texts
        .iter()
        .any(|t| t.starts_with("Craft an item of type: oak_planks\ninventory:")));
    assert!(
        requests[1].texts.iter().any(|t| t == "Ok"),
        "the thought was answered with Ok"
    );
}

#[test]
fn report_shows_rates_per_split_and_compares_runs() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let confused_url = common::inline_agent::serve(&runtime, confused);
    let oracle = start(example("plancraft_oracle"));
    let dir = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    for (name, url) in [("oracle", oracle.url.as_str()), ("confused", &confused_url)] {
        let out = dir.path().join(name);
        let scenario = plancraft_scenario(dir.path(), url, "max_steps = 20\njobs = 2");
        let output = run(&scenario, &out, &["--quiet"]);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output));
        runs.push(run_dir(&out));
    }
    let report = |format: &str| {
        let output = mcu()
            .arg("report")
            .args(&runs)
            .args(["--format", format])
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", text(&output));
        String::from_utf8(output.stdout).unwrap()
    };
    let markdown = report("markdown");
    let overall = markdown
        .lines()
        .find(|l| l.starts_with("| overall"))
        .unwrap();
    assert!(
        overall.contains("9 / 9 (100.0%)") && overall.contains("0 / 9 (0.0%)"),
        "{markdown}"
    );
    assert!(overall.ends_with("| -100.0 |"), "{overall}");
    assert!(
        markdown.contains("| impossible | 2 / 2 (100.0%)"),
        "{markdown}"
    );
    let csv = report("csv");
    assert_eq!(csv.lines().count(), 1 + 2 * 9, "{csv}");
    assert!(csv.starts_with("run,example,complexity_split,impossible,status,success,steps"));
    let rows: Vec<Value> = serde_json::from_str(&report("json")).unwrap();
    assert_eq!(
        rows.iter()
            .filter(|r| r["status"] == "budget_spent")
            .count(),
        7,
        "the confused agent spends its budget on every solvable example"
    );
    let page = dir.path().join("report.html");
    let output = mcu()
        .arg("report")
        .args(&runs)
        .args(["--format", "html", "--out"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output));
    let html = std::fs::read_to_string(&page).unwrap();
    let links: Vec<&str> = html
        .split("href=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    assert_eq!(links.len(), 18);
    for link in links {
        assert!(dir.path().join(link).is_file(), "{link} does not resolve");
    }
    // A Minecraft run folder is not mixed in.
    let output = mcu()
        .arg("report")
        .arg(&runs[0])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("is not a Plancraft run"));
}
