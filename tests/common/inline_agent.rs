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
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let card = mcu::a2a::server::card("test_agent", "a policy served by the test", &url);
    runtime.spawn(async move {
        let _ = axum::serve(listener, mcu::a2a::server::router(card, Fixed(policy))).await;
    });
    url
}

/// The env-dict action that presses the drop key.
pub fn drop_key(_observation: &Value) -> Value {
    json!({"type": "action", "action_type": "env", "action": {"drop": 1}})
}
