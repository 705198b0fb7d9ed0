//! The A2A client and the episode session against servers in this test
//! process (real HTTP on loopback): context handling, card discovery, and
//! a misbehaving agent that produces every failure kind.

mod common;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use mcu::a2a::server::{card, router, Responder};
use mcu::a2a::{A2aClient, ClientOptions, Transport};
use mcu::agent::AgentSession;
use mcu::check::{check_agent, CheckOptions};
use mcu::protocol::{ActionForm, FailureKind, Key};
use mcu::scenario::ObsSize;
use serde_json::{json, Value};

/// Records (context, payload type) and answers like a well-behaved agent.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<(String, String)>>>);

impl Responder for Recorder {
    fn respond(&self, context_id: &str, payload: Value) -> Value {
        let kind = payload["type"].as_str().unwrap_or("?").to_string();
        self.0
            .lock()
            .unwrap()
            .push((context_id.to_string(), kind.clone()));
        if kind == "init" {
            json!({"type": "ack", "success": true, "message": "ok"})
        } else {
            // forward + attack in the factored form
            let mut buttons = vec![0; 20];
            buttons[0] = 1;
            buttons[2] = 1;
            json!({"type": "action", "buttons": buttons, "camera": [1.5, -3.0]})
        }
    }
}

async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{address}")
}

fn options(transport: Transport) -> ClientOptions {
    ClientOptions {
        timeout: Duration::from_secs(10),
        transport,
        ..ClientOptions::default()
    }
}

#[tokio::test]
async fn every_observation_continues_the_init_context_and_tasks_get_new_ones() {
    for transport in [Transport::Send, Transport::Stream] {
        let recorder = Recorder::default();
        let url = serve(router(
            card("rec", "", "http://0.0.0.0:1/"),
            recorder.clone(),
        ))
        .await;
        let client = A2aClient::connect(&url, options(transport)).await.unwrap();
        assert_eq!(client.uses_streaming(), transport == Transport::Stream);
        for _episode in 0..2 {
            let mut session = AgentSession::new(&client);
            assert!(session.init("collect dirt").await.ack.is_ok());
            for step in 0..3 {
                let reply = session.step(step, &[0xFF, 0xD8, 0xFF]).await;
                assert_eq!(reply.failure, None);
                assert_eq!(reply.form, Some(ActionForm::Factored));
                assert!(
                    reply.action.is_pressed(Key::Attack) && reply.action.is_pressed(Key::Forward)
                );
                assert_eq!(reply.action.camera, [1.5, -3.0]);
            }
        }
        let log = recorder.0.lock().unwrap().clone();
        assert_eq!(log.len(), 8);
        let contexts: Vec<&str> = log.iter().map(|(c, _)| c.as_str()).collect();
        assert!(contexts[..4].iter().all(|c| *c == contexts[0]), "{log:?}");
        assert!(contexts[4..].iter().all(|c| *c == contexts[4]), "{log:?}");
        assert_ne!(contexts[0], contexts[4], "each task starts a new context");
        assert_eq!(log[0].1, "init");
        assert_eq!(log[1].1, "obs");
    }
}

#[tokio::test]
async fn discovery_keeps_the_endpoint_path_and_falls_back_to_agent_json() {
    // Card only under the old 0.2 name, agent mounted under /agent, card URL a wildcard.
    let agent = router(card("nested", "", "http://0.0.0.0:9/"), Recorder::default());
    let app = Router::new().nest("/agent", agent);
    let base = serve(app).await;
    let client = A2aClient::connect(&format!("{base}/agent"), options(Transport::Send))
        .await
        .unwrap();
    assert_eq!(client.card().name, "nested");
    assert_eq!(
        client.card_url().path(),
        "/agent/.well-known/agent-card.json"
    );
    assert_eq!(client.rpc_url().as_str(), format!("{base}/agent"));

    let only_old_name = Router::new().route(
        "/.well-known/agent.json",
        axum::routing::get(|| async { axum::Json(card("old", "", "http://127.0.0.1:1/")) }),
    );
    let base = serve(only_old_name).await;
    let client = A2aClient::connect(&base, options(Transport::Send))
        .await
        .unwrap();
    assert_eq!(client.card().name, "old");
    assert_eq!(client.card_url().path(), "/.well-known/agent.json");
}

#[tokio::test]
async fn unreachable_agent_is_a_transport_error() {
    let port = common::process::free_port();
    let error = A2aClient::connect(
        &format!("http://127.0.0.1:{port}"),
        options(Transport::Auto),
    )
    .await
    .unwrap_err();
    assert_eq!(error.kind(), FailureKind::Transport, "{error}");
}

#[tokio::test]
async fn misbehaving_agent_produces_every_failure_kind_and_nothing_panics() {
    let address = common::misbehaving::start().await;
    let check = CheckOptions {
        steps: 20,
        obs_size: ObsSize {
            width: 64,
            height: 64,
        },
        client: ClientOptions {
            timeout: common::misbehaving::STALL / 3,
            ..options(Transport::Auto)
        },
    };
    let report = check_agent(&format!("http://{address}"), &check)
        .await
        .unwrap();
    assert!(report.init.ack.is_ok());
    assert!(!report.passed);
    assert_eq!(report.valid_actions, 0);
    let counts: BTreeMap<&str, u32> = report
        .failures
        .iter()
        .map(|(k, f)| (k.as_str(), f.count))
        .collect();
    let expected: BTreeMap<&str, u32> =
        common::misbehaving::CYCLE.iter().map(|k| (*k, 2)).collect();
    assert_eq!(counts, expected);
    for (kind, failure) in &report.failures {
        let position = common::misbehaving::CYCLE
            .iter()
            .position(|k| *k == kind.as_str())
            .unwrap();
        assert_eq!(failure.first_step, Some(position as u64), "{kind:?}");
        assert!(!failure.example.is_empty() && !failure.advice.is_empty());
    }
}

/// Answers `message/send` with a Task still `working`, and completes it on
/// the second `tasks/get`: the client must poll until the action is there.
#[tokio::test]
async fn a_working_task_is_polled_until_it_completes() {
    use std::sync::atomic::{AtomicU32, Ordering};
    let polls = Arc::new(AtomicU32::new(0));
    let counter = polls.clone();
    let rpc = move |axum::Json(request): axum::Json<Value>| {
        let counter = counter.clone();
        async move {
            let task = |state: &str, text: Option<&str>| {
                let mut status = json!({"state": state});
                if let Some(text) = text {
                    status["message"] = json!({"kind": "message", "messageId": "m", "role": "agent",
                                               "parts": [{"kind": "text", "text": text}]});
                }
                json!({"kind": "task", "id": "t7", "contextId": "c7", "status": status})
            };
            let is_init = request["params"]["message"]["parts"][0]["text"]
                .as_str()
                .unwrap_or("")
                .contains("init");
            let result = match request["method"].as_str() {
                Some("message/send") if is_init => {
                    task("completed", Some(r#"{"type":"ack","success":true}"#))
                }
                Some("message/send") => task("working", None),
                Some("tasks/get") if counter.fetch_add(1, Ordering::SeqCst) == 0 => {
                    task("working", None)
                }
                Some("tasks/get") => task(
                    "completed",
                    Some(r#"{"type":"action","buttons":[4],"camera":[60]}"#),
                ),
                _ => json!(null),
            };
            axum::Json(json!({"jsonrpc": "2.0", "id": request["id"], "result": result}))
        }
    };
    let app = Router::new()
        .route(
            "/.well-known/agent-card.json",
            axum::routing::get(|| async { axum::Json(card("slow", "", "http://127.0.0.1:1/")) }),
        )
        .route("/", axum::routing::post(rpc));
    let url = serve(app).await;
    let client = A2aClient::connect(&url, options(Transport::Send))
        .await
        .unwrap();
    let mut session = AgentSession::new(&client);
    assert!(session.init("t").await.ack.is_ok());
    assert_eq!(session.context_id(), Some("c7"));
    let reply = session.step(0, &[0xFF, 0xD8]).await;
    assert_eq!(reply.failure, None);
    assert!(reply.action.is_pressed(Key::Attack), "index 4 is attack");
    assert_eq!(polls.load(Ordering::SeqCst), 2);
}
