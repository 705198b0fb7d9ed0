//! A purple agent that misbehaves on purpose: it acknowledges init, then
//! answers observation `step` with failure number `step % 10`, cycling
//! through every failure kind mcu classifies. Written on raw TCP so it can
//! also drop connections and send oversized or broken bodies.

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The kinds in the order the agent produces them, by `step % 10`.
pub const CYCLE: [&str; 10] = [
    "timeout",
    "transport",
    "http_status",
    "json_rpc_error",
    "not_json",
    "wrong_message_type",
    "bad_shape",
    "out_of_range",
    "agent_task_failed",
    "too_large",
];

/// How long the "timeout" step stalls; clients in tests wait less.
pub const STALL: Duration = Duration::from_millis(1500);
/// Size of the "too_large" body: over the client's default 16 MiB limit.
pub const OVERSIZED: usize = 17 * 1024 * 1024;

/// Starts the agent on a free loopback port; it runs until the test ends.
pub async fn start() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            tokio::spawn(serve(stream, address));
        }
    });
    address
}

async fn serve(mut stream: TcpStream, address: SocketAddr) {
    let Some((head, body)) = read_request(&mut stream).await else {
        return;
    };
    if head.starts_with("GET /.well-known/agent-card.json") {
        let card = json!({"name": "misbehaving_agent", "url": format!("http://{address}/"),
                          "capabilities": {"streaming": false}});
        return respond(&mut stream, 200, &card.to_string()).await;
    }
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let id = request["id"].clone();
    let text = request["params"]["message"]["parts"][0]["text"]
        .as_str()
        .unwrap_or("{}");
    let payload: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let context = "ctx-misbehaving";
    let message = |text: String| {
        json!({"jsonrpc": "2.0", "id": id, "result": {
        "kind": "message", "messageId": "m", "role": "agent", "contextId": context,
        "parts": [{"kind": "text", "text": text}]}})
    };
    if payload["type"] == "init" {
        let ack = json!({"type": "ack", "success": true, "message": "ready to misbehave"});
        return respond(&mut stream, 200, &message(ack.to_string()).to_string()).await;
    }
    let step = payload["step"].as_u64().unwrap_or(0);
    match CYCLE[(step % 10) as usize] {
        "timeout" => {
            tokio::time::sleep(STALL).await;
            let action = json!({"type": "action", "buttons": [0], "camera": [60]});
            respond(&mut stream, 200, &message(action.to_string()).to_string()).await
        }
        "transport" => drop(stream),
        "http_status" => respond(&mut stream, 500, "internal error").await,
        "json_rpc_error" => {
            let error = json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32603, "message": "agent crashed"}});
            respond(&mut stream, 200, &error.to_string()).await
        }
        "not_json" => {
            respond(
                &mut stream,
                200,
                &message("I will walk forward now.".into()).to_string(),
            )
            .await
        }
        "wrong_message_type" => {
            let ack = json!({"type": "ack", "success": true});
            respond(&mut stream, 200, &message(ack.to_string()).to_string()).await
        }
        "bad_shape" => {
            let action = json!({"type": "action", "buttons": [1, 0, 1], "camera": [60]});
            respond(&mut stream, 200, &message(action.to_string()).to_string()).await
        }
        "out_of_range" => {
            let action = json!({"type": "action", "buttons": [9000], "camera": [60]});
            respond(&mut stream, 200, &message(action.to_string()).to_string()).await
        }
        "agent_task_failed" => {
            let task = json!({"jsonrpc": "2.0", "id": id, "result": {
                "kind": "task", "id": "t1", "contextId": context,
                "status": {"state": "failed", "message": {"kind": "message", "messageId": "m", "role": "agent",
                    "parts": [{"kind": "text", "text": "out of memory"}]}}}});
            respond(&mut stream, 200, &task.to_string()).await
        }
        _ => {
            respond(
                &mut stream,
                200,
                &message("x".repeat(OVERSIZED)).to_string(),
            )
            .await
        }
    }
}

async fn read_request(stream: &mut TcpStream) -> Option<(String, Vec<u8>)> {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buffer.extend_from_slice(&chunk[..n]);
        let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&buffer[..end]).to_string();
        let length = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().parse().unwrap_or(0))
            })
            .unwrap_or(0usize);
        while buffer.len() < end + 4 + length {
            let n = stream.read(&mut chunk).await.ok()?;
            if n == 0 {
                return None;
            }
            buffer.extend_from_slice(&chunk[..n]);
        }
        return Some((head, buffer[end + 4..end + 4 + length].to_vec()));
    }
}

async fn respond(stream: &mut TcpStream, status: u16, body: &str) {
    let head = format!(
        "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(body.as_bytes()).await;
    let _ = stream.shutdown().await;
}
