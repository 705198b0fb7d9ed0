//! A minimal A2A 0.3 JSON-RPC server for purple agents written with this
//! crate (the bundled examples): it serves the agent card and answers
//! `message/send` and `message/stream` with one agent Message whose text
//! part is the JSON payload a [`Responder`] returns.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::types::{codes, AgentCard, Capabilities, Message, Part, Role, Skill};

/// The agent's brain: the payload of each user message in, the payload to
/// answer with out. `context_id` identifies the episode.
pub trait Responder: Send + Sync + 'static {
    fn respond(&self, context_id: &str, payload: Value) -> Value;
}

/// Command-line arguments every example agent takes.
#[derive(Debug, Clone, clap::Args)]
pub struct AgentArgs {
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    #[arg(long, default_value_t = 9019)]
    pub port: u16,
    /// The URL to advertise in the agent card [default: http://HOST:PORT/]
    #[arg(long)]
    pub card_url: Option<String>,
}

/// A card for an agent served at `url`.
pub fn card(name: &str, description: &str, url: &str) -> AgentCard {
    AgentCard {
        name: name.into(),
        description: description.into(),
        url: url.into(),
        version: env!("CARGO_PKG_VERSION").into(),
        protocol_version: Some(super::PROTOCOL_VERSION.into()),
        capabilities: Capabilities { streaming: true },
        default_input_modes: vec!["text/plain".into()],
        default_output_modes: vec!["text/plain".into()],
        skills: vec![Skill {
            id: "play_minecraft".into(),
            name: "Play Minecraft".into(),
            description: "Answers each observation of an mcu episode with an action".into(),
            tags: vec!["minecraft".into(), "mcu".into()],
        }],
    }
}

/// Serves `responder` as described by `args` until the process ends.
pub async fn serve_agent(
    args: AgentArgs,
    name: &str,
    description: &str,
    responder: impl Responder,
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port)).await?;
    let address: SocketAddr = listener.local_addr()?;
    let url = args
        .card_url
        .unwrap_or_else(|| format!("http://{address}/"));
    eprintln!("{name}: serving A2A at {url}");
    axum::serve(listener, router(card(name, description, &url), responder)).await
}

/// The routes: the card (current and 0.2 names) and the JSON-RPC endpoint.
pub fn router(card: AgentCard, responder: impl Responder) -> Router {
    let state = Arc::new(AgentState {
        card,
        responder: Box::new(responder),
    });
    Router::new()
        .route("/.well-known/agent-card.json", get(serve_card))
        .route("/.well-known/agent.json", get(serve_card))
        .route("/", post(json_rpc))
        .layer(DefaultBodyLimit::max(16 * 1024 * 1024))
        .with_state(state)
}

struct AgentState {
    card: AgentCard,
    responder: Box<dyn Responder>,
}

async fn serve_card(State(state): State<Arc<AgentState>>) -> Json<AgentCard> {
    Json(state.card.clone())
}

async fn json_rpc(State(state): State<Arc<AgentState>>, body: axum::body::Bytes) -> Response {
    let request: Value = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(e) => {
            return rpc_error(
                Value::Null,
                codes::PARSE_ERROR,
                &format!("invalid JSON: {e}"),
            )
        }
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    let Some(method) = request.get("method").and_then(Value::as_str) else {
        return rpc_error(id, codes::INVALID_REQUEST, "missing `method`");
    };
    match method {
        "message/send" | "SendMessage" | "message/stream" | "SendStreamingMessage" => {
            let Some(message) = request
                .get("params")
                .and_then(|p| p.get("message"))
                .and_then(|m| serde_json::from_value::<Message>(m.clone()).ok())
            else {
                return rpc_error(
                    id,
                    codes::INVALID_PARAMS,
                    "`params.message` is not an A2A message",
                );
            };
            let answer = answer(&state, message);
            let envelope = json!({"jsonrpc": "2.0", "id": id, "result": answer});
            if matches!(method, "message/stream" | "SendStreamingMessage") {
                sse_single(&envelope)
            } else {
                Json(envelope).into_response()
            }
        }
        "tasks/get" | "GetTask" | "tasks/cancel" | "CancelTask" => rpc_error(
            id,
            codes::TASK_NOT_FOUND,
            "this agent answers with messages and keeps no tasks",
        ),
        other => rpc_error(
            id,
            codes::METHOD_NOT_FOUND,
            &format!("unknown method `{other}`"),
        ),
    }
}

fn answer(state: &AgentState, message: Message) -> Message {
    let context_id = message
        .context_id
        .clone()
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    let payload = message
        .parts
        .iter()
        .find_map(|part| match part {
            Part::Text { text } => serde_json::from_str::<Value>(text).ok(),
            Part::Data { data } => Some(data.clone()),
            Part::File { .. } => None,
        })
        .map(|payload| state.responder.respond(&context_id, payload))
        .unwrap_or_else(|| json!({"type": "error", "message": "expected a JSON payload in a text or data part"}));
    Message::text(Role::Agent, payload.to_string(), Some(context_id))
}

fn sse_single(envelope: &Value) -> Response {
    let body = format!("data: {envelope}\n\n");
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

fn rpc_error(id: Value, code: i64, message: &str) -> Response {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    (StatusCode::OK, Json(body)).into_response()
}
