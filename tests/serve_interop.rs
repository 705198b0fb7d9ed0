//! `mcu serve` as an AgentBeats green agent: real assessments requested by
//! the official Python `a2a-sdk` clients (0.3.x, and 1.x through its 0.3
//! compatibility) against the example purple agent, streaming and not; and
//! the server's edges over plain JSON-RPC — the card, rejected and
//! malformed requests, the body limit, `tasks/get`, the concurrency limit
//! and `tasks/cancel`.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::process::{example, peer_script, start, venv_python, AgentProcess};
use common::runs::json_file;
use serde_json::{json, Value};

/// `mcu serve` writing its run folders into `out`.
fn green(out: &Path, extra: &[&str]) -> AgentProcess {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mcu"));
    command.arg("serve").arg("--out").arg(out).args(extra);
    start(command)
}

fn purple() -> AgentProcess {
    start(example("noop_agent"))
}

/// A short assessment of `tasks` with the judge off.
fn config(tasks: &[&str], max_steps: u32) -> Value {
    json!({"task_names": tasks, "max_steps": max_steps, "judge": {"mode": "off"}})
}

/// Runs `tests/peers/assessment_client.py` in `venv`; returns its report.
fn python_client(venv: &str, green: &str, mode: &str, request: ClientRequest) -> Value {
    let mut command = venv_python(venv);
    command
        .arg(peer_script("tests/peers/assessment_client.py"))
        .args(["--url", green, "--mode", mode]);
    match request {
        ClientRequest::Assess { agent, config } => {
            command.args(["--agent", agent, "--config", &config.to_string()])
        }
        ClientRequest::Raw(text) => command.args(["--request", text]),
    };
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{venv}/{mode}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

enum ClientRequest<'a> {
    Assess { agent: &'a str, config: Value },
    Raw(&'a str),
}

/// Checks a client's report of a completed assessment of `tasks`.
fn assert_completed(report: &Value, mode: &str, tasks: &[&str]) {
    assert_eq!(report["final_state"], "completed", "{report:#}");
    assert_eq!(report["fetched_state"], "completed", "{report:#}");
    assert_eq!(report["fetched_artifacts"], 1, "{report:#}");
    let artifacts = report["artifacts"].as_array().unwrap();
    assert_eq!(artifacts.len(), 1, "{report:#}");
    assert_eq!(artifacts[0]["name"], "Result");
    let summary = artifacts[0]["texts"][0].as_str().unwrap();
    let data = &artifacts[0]["data"][0];
    // The 1.x client reads numbers as doubles.
    assert_eq!(
        data["num_tasks"].as_f64(),
        Some(tasks.len() as f64),
        "{data:#}"
    );
    for task in tasks {
        assert!(summary.contains(task), "{summary}");
        assert!(data["task_metrics"].get(task).is_some(), "{data:#}");
    }
    let states: Vec<&str> = report["states"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(states.last(), Some(&"completed"));
    if mode == "stream" {
        assert_eq!(states[0], "submitted");
        assert!(states.contains(&"working"), "{states:?}");
        assert_eq!(report["artifact_events"], 1);
        let texts = report["texts"].as_array().unwrap();
        for task in tasks {
            let running = format!("Running task: {task}");
            assert!(
                texts
                    .iter()
                    .any(|t| t.as_str().unwrap().starts_with(&running)),
                "{texts:?}"
            );
        }
    }
}

/// The run folders under `out`, each with its results.
fn run_folders(out: &Path) -> Vec<Value> {
    let mut runs: Vec<Value> = std::fs::read_dir(out)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .map(|dir| json_file(&dir.join("results.json")))
        .collect();
    runs.sort_by_key(|results| results["run_id"].as_str().unwrap().to_string());
    runs
}

#[test]
fn sdk_0_3_client_gets_completed_assessments_streaming_and_not() {
    let out = tempfile::tempdir().unwrap();
    let server = green(out.path(), &[]);
    let agent = purple();
    let tasks = ["craft_ladder", "craft_furnace"];
    for mode in ["stream", "send"] {
        let request = ClientRequest::Assess {
            agent: &agent.url,
            config: config(&tasks, 10),
        };
        let report = python_client("sdk03", &server.url, mode, request);
        assert_completed(&report, mode, &tasks);
    }
    let runs = run_folders(out.path());
    assert_eq!(runs.len(), 2, "one run folder per assessment");
    for results in runs {
        assert_eq!(results["num_tasks"], 2);
        assert_eq!(results["complete"], true);
        assert_eq!(results["agent"]["endpoint"], agent.url);
    }
}

#[test]
fn sdk_0_3_client_sees_bad_requests_rejected_with_the_reason() {
    let out = tempfile::tempdir().unwrap();
    let server = green(out.path(), &[]);
    let agent = purple();
    let unknown_category = json!({
        "participants": {"agent": agent.url},
        "config": {"task_category": "flying"}
    })
    .to_string();
    let cases = [
        ("not json", "not JSON"),
        (r#"{"participants":{}}"#, "no `agent` participant"),
        (r#"{"participants":{"agent":"mailto:x"}}"#, "not an http"),
        (&unknown_category, "unknown task category `flying`"),
    ];
    for mode in ["stream", "send"] {
        for (request, reason) in cases {
            let report = python_client("sdk03", &server.url, mode, ClientRequest::Raw(request));
            assert_eq!(report["final_state"], "rejected", "{report:#}");
            assert_eq!(report["fetched_state"], "rejected", "{report:#}");
            let said = report["texts"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .as_str()
                .unwrap();
            assert!(said.contains(reason), "{mode} {request}: {said}");
            assert_eq!(report["artifacts"].as_array().unwrap().len(), 0);
        }
    }
    assert!(
        run_folders(out.path()).is_empty(),
        "a rejected request plays nothing"
    );
}

#[test]
fn sdk_1_x_client_gets_a_completed_assessment_through_its_0_3_interface() {
    let out = tempfile::tempdir().unwrap();
    let server = green(out.path(), &[]);
    let agent = purple();
    for mode in ["stream", "send"] {
        let request = ClientRequest::Assess {
            agent: &agent.url,
            config: config(&["craft_ladder"], 10),
        };
        let report = python_client("sdk1", &server.url, mode, request);
        assert_completed(&report, mode, &["craft_ladder"]);
    }
}

// ---- JSON-RPC edges, with reqwest ----

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

async fn rpc(url: &str, method: &str, params: Value) -> Value {
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params});
    let response = reqwest::Client::new()
        .post(format!("{url}/"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["id"], 7, "{answer:#}");
    answer
}

fn user_message(text: &str) -> Value {
    json!({"kind": "message", "messageId": uuid::Uuid::new_v4().to_string(), "role": "user",
           "parts": [{"kind": "text", "text": text}]})
}

fn assessment(agent: &str, config: Value) -> String {
    json!({"participants": {"agent": agent}, "config": config}).to_string()
}

/// `message/send`; `blocking` false answers at once.
async fn send(url: &str, text: &str, blocking: bool) -> Value {
    let params = json!({"message": user_message(text), "configuration": {"blocking": blocking}});
    let answer = rpc(url, "message/send", params).await;
    answer["result"].clone()
}

fn status_text(task: &Value) -> String {
    task["status"]["message"]["parts"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn the_card_is_served_at_both_well_known_paths() {
    let out = tempfile::tempdir().unwrap();
    let server = green(out.path(), &["--card-url", "http://green.example:9009/"]);
    runtime().block_on(async {
        for path in ["agent-card.json", "agent.json"] {
            let card: Value = reqwest::get(format!("{}/.well-known/{path}", server.url))
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            assert_eq!(card["url"], "http://green.example:9009/");
            assert_eq!(card["protocolVersion"], "0.3");
            assert_eq!(card["capabilities"]["streaming"], true);
            assert_eq!(card["skills"][0]["id"], "minecraft_assessment");
        }
    });
}

#[test]
fn bad_requests_are_rejected_or_answered_with_json_rpc_errors() {
    let out = tempfile::tempdir().unwrap();
    let server = green(out.path(), &[]);
    let url = server.url.as_str();
    runtime().block_on(async {
        let typo = assessment("http://127.0.0.1:1", json!({"max_step": 5}));
        let task = send(url, &typo, true).await;
        assert_eq!(task["status"]["state"], "rejected", "{task:#}");
        let said = status_text(&task);
        assert!(said.contains("unknown key `config.max_step`"), "{said}");
        assert!(said.contains("did you mean `max_steps`"), "{said}");

        let secret = assessment(
            "http://127.0.0.1:1",
            json!({"judge": {"base_url": "http://x"}}),
        );
        let task = send(url, &secret, true).await;
        assert!(status_text(&task).contains("cannot be set"), "{task:#}");

        let sharded = assessment(
            "http://127.0.0.1:1",
            json!({"num_shards": 2, "shard_index": 2}),
        );
        let task = send(url, &sharded, true).await;
        assert!(status_text(&task).contains("numbered 0 to 1"), "{task:#}");

        let raw = reqwest::Client::new()
            .post(format!("{url}/"))
            .body("{not json")
            .send()
            .await
            .unwrap();
        let answer: Value = raw.json().await.unwrap();
        assert_eq!(answer["error"]["code"], -32700);
        let answer = rpc(url, "message/fly", json!({})).await;
        assert_eq!(answer["error"]["code"], -32601);
        let answer = rpc(url, "message/send", json!({"message": {"text": "hi"}})).await;
        assert_eq!(answer["error"]["code"], -32602);
        let mut continued = user_message("{}");
        continued["taskId"] = json!("t-1");
        let answer = rpc(url, "message/send", json!({"message": continued})).await;
        assert_eq!(answer["error"]["code"], -32602);
        let answer = rpc(url, "tasks/get", json!({"id": "no-such-task"})).await;
        assert_eq!(answer["error"]["code"], -32001);
        let answer = rpc(url, "tasks/cancel", json!({"id": "no-such-task"})).await;
        assert_eq!(answer["error"]["code"], -32001);
    });
}

#[test]
fn oversized_request_bodies_get_413() {
    let out = tempfile::tempdir().unwrap();
    let server = green(out.path(), &[]);
    runtime().block_on(async {
        let huge = user_message(&"x".repeat(2 * 1024 * 1024));
        let body = json!({"jsonrpc": "2.0", "id": 1, "method": "message/send",
                          "params": {"message": huge}});
        let response = reqwest::Client::new()
            .post(format!("{}/", server.url))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), reqwest::StatusCode::PAYLOAD_TOO_LARGE);
    });
}

#[test]
fn tasks_get_follows_a_non_blocking_assessment_to_its_result() {
    let out = tempfile::tempdir().unwrap();
    let server = green(out.path(), &[]);
    let agent = purple();
    let url = server.url.as_str();
    runtime().block_on(async {
        let request = assessment(&agent.url, config(&["craft_ladder"], 5));
        let task = send(url, &request, false).await;
        assert_eq!(task["kind"], "task");
        let id = task["id"].as_str().unwrap().to_string();
        let deadline = Instant::now() + Duration::from_secs(120);
        let done = loop {
            let answer = rpc(url, "tasks/get", json!({"id": id})).await;
            let task = answer["result"].clone();
            if task["status"]["state"] != "working" && task["status"]["state"] != "submitted" {
                break task;
            }
            assert!(Instant::now() < deadline, "still running: {task:#}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(done["status"]["state"], "completed", "{done:#}");
        assert_eq!(done["contextId"], task["contextId"]);
        let artifact = &done["artifacts"][0];
        assert_eq!(artifact["name"], "Result");
        assert_eq!(artifact["parts"][0]["kind"], "text");
        assert_eq!(artifact["parts"][1]["kind"], "data");
        assert_eq!(artifact["parts"][1]["data"]["num_tasks"], 1);
        assert!(status_text(&done).starts_with("Assessment complete"));
        let answer = rpc(url, "tasks/cancel", json!({"id": id})).await;
        assert_eq!(answer["error"]["code"], -32002, "{answer:#}");
    });
}

/// Polls `tasks/get` until the task's status message starts with `prefix`.
async fn wait_for_status(url: &str, id: &str, prefix: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let task = rpc(url, "tasks/get", json!({"id": id})).await["result"].clone();
        if status_text(&task).starts_with(prefix) {
            return;
        }
        assert!(Instant::now() < deadline, "no `{prefix}` yet: {task:#}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn a_second_assessment_is_refused_while_one_runs_and_cancel_stops_it() {
    let out = tempfile::tempdir().unwrap();
    let server = green(out.path(), &["--max-concurrent", "1"]);
    let agent = purple();
    let url = server.url.as_str();
    runtime().block_on(async {
        let long = assessment(&agent.url, config(&["craft_ladder"], 1_000_000));
        let running = send(url, &long, false).await;
        let id = running["id"].as_str().unwrap().to_string();
        wait_for_status(url, &id, "Running task: craft_ladder").await;

        let refused = send(url, &long, true).await;
        assert_eq!(refused["status"]["state"], "rejected", "{refused:#}");
        assert!(status_text(&refused).contains("busy"), "{refused:#}");

        let answer = rpc(url, "tasks/cancel", json!({"id": id})).await;
        let canceled = &answer["result"];
        assert_eq!(canceled["status"]["state"], "canceled", "{answer:#}");
        assert!(canceled["artifacts"].is_null(), "{canceled:#}");

        // The slot is free again.
        let short = assessment(&agent.url, config(&["craft_ladder"], 3));
        let next = send(url, &short, true).await;
        assert_eq!(next["status"]["state"], "completed", "{next:#}");
    });
    let runs = run_folders(out.path());
    assert_eq!(runs.len(), 2);
    let statuses: Vec<&Value> = runs
        .iter()
        .map(|results| &results["task_metrics"]["craft_ladder"]["status"])
        .collect();
    assert!(statuses.contains(&&json!("interrupted")), "{statuses:?}");
}

#[test]
fn the_operator_chooses_the_judge_and_assessments_are_judged() {
    let runtime = runtime();
    let answer = "Task Progress: 5\nAction Control: 5\nError Recognition and Correction: 5\n\
                  Creative Attempts: 5\nTask Completion Efficiency: 5\nMaterial Selection and Usage: 5\n";
    let stub = runtime.block_on(common::chat_stub::start(vec![
        common::chat_stub::StubReply::Answer(answer.into()),
    ]));
    let out = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_mcu"));
    command
        .arg("serve")
        .arg("--out")
        .arg(out.path())
        .args([
            "--judge-url",
            &stub.base_url,
            "--judge-key-env",
            "MCU_SERVE_JUDGE_KEY",
        ])
        .env("MCU_SERVE_JUDGE_KEY", common::chat_stub::KEY);
    let server = start(command);
    let agent = purple();
    runtime.block_on(async {
        let request = assessment(
            &agent.url,
            json!({"task_names": ["drop_an_item"], "max_steps": 5}),
        );
        let task = send(&server.url, &request, true).await;
        assert_eq!(task["status"]["state"], "completed", "{task:#}");
        let results = &task["artifacts"][0]["parts"][1]["data"];
        assert_eq!(results["judge"]["ran"], true, "{results:#}");
        assert_eq!(
            results["task_metrics"]["drop_an_item"]["judge_status"],
            "rated"
        );
        assert_eq!(results["task_metrics"]["drop_an_item"]["video_score"], 5.0);
    });
    assert_eq!(stub.recorded().len(), 1);
}
