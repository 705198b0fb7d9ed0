//! Purple agents served by the test process itself over real HTTP: a
//! fixed policy answers each observation, init is always acknowledged.

use serde_json::{json, Value};

struct Fixed(fn(&Value) -> Value);

impl mcu::a2a::server::Responder for Fixed {
    fn respond(&self, _context: &str, payload: Value) -> Value {
        match payload["type"].as_str() {
            Some("init") => json!({"type": "ack", "success": true}),
            _ => (self.0)(&payload),
        }
    }
}

/// Serves `policy` on a free loopback port of `runtime`; returns its URL.
pub fn serve(runtime: &tokio::runtime::Runtime, policy: fn(&Value) -> Value) -> String {
    serve_responder(runtime, "test_agent", Fixed(policy))
}

/// Serves `responder` on a free loopback port of `runtime`; returns its URL.
fn serve_responder(
    runtime: &tokio::runtime::Runtime,
    name: &str,
    responder: impl mcu::a2a::server::Responder,
) -> String {
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let card = mcu::a2a::server::card(name, "a policy served by the test", &url);
    runtime.spawn(async move {
        let _ = axum::serve(listener, mcu::a2a::server::router(card, responder)).await;
    });
    url
}

/// The env-dict action that presses the drop key.
pub fn drop_key(_observation: &Value) -> Value {
    json!({"type": "action", "action_type": "env", "action": {"drop": 1}})
}

/// A no-op agent that plays the first episode (A2A context) it sees and
/// holds every later one at its first message until the test opens the
/// gate: a test can stop a run at a known point, between episodes.
#[derive(Default)]
pub struct Gate {
    state: std::sync::Mutex<GateState>,
    changed: std::sync::Condvar,
}

#[derive(Default)]
struct GateState {
    first_context: Option<String>,
    held: usize,
    open: bool,
}

impl Gate {
    /// Blocks until a later episode is being held, or panics after `limit`.
    pub fn wait_until_holding(&self, limit: std::time::Duration) {
        let state = self.state.lock().unwrap();
        let (state, timeout) = self
            .changed
            .wait_timeout_while(state, limit, |s| s.held == 0)
            .unwrap();
        assert!(
            !timeout.timed_out() || state.held > 0,
            "no second episode reached the agent"
        );
    }

    /// Lets every held and later message through.
    pub fn open(&self) {
        self.state.lock().unwrap().open = true;
        self.changed.notify_all();
    }
}

struct Gated(std::sync::Arc<Gate>);

impl mcu::a2a::server::Responder for Gated {
    fn respond(&self, context: &str, payload: Value) -> Value {
        let gate = &self.0;
        let mut state = gate.state.lock().unwrap();
        let first = state
            .first_context
            .get_or_insert_with(|| context.to_string());
        if first != context && !state.open {
            state.held += 1;
            gate.changed.notify_all();
            state = gate.changed.wait_while(state, |s| !s.open).unwrap();
        }
        drop(state);
        match payload["type"].as_str() {
            Some("init") => json!({"type": "ack", "success": true}),
            _ => json!({"type": "action", "action_type": "env", "action": {}}),
        }
    }
}

/// Serves a [`Gate`]d no-op agent on `runtime`; returns its URL and gate.
/// The runtime needs a worker thread per held episode besides one to serve.
pub fn serve_gated(runtime: &tokio::runtime::Runtime) -> (String, std::sync::Arc<Gate>) {
    let gate = std::sync::Arc::new(Gate::default());
    let url = serve_responder(runtime, "gated_agent", Gated(gate.clone()));
    (url, gate)
}
