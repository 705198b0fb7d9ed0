//! A stand-in for the OpenAI chat-completions API, for tests of the video
//! judge. It serves `POST /v1/chat/completions` on a free loopback port,
//! checks each request the way the real API would (bearer key, JSON with
//! `model` and `messages`, images as `data:image/jpeg;base64,` URLs holding
//! JPEG bytes), answers from a script in the real wire format and records
//! what it was sent.
//!
//! The server runs as a task on the caller's tokio runtime. A test that
//! also blocks its own thread (for example by running the `mcu` binary
//! against the stub) must use a multi-thread runtime so the stub keeps
//! answering.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use base64::Engine;
use serde_json::{json, Value};

/// The key [`start`] expects in `Authorization: Bearer …`.
pub const KEY: &str = "sk-stub-7f3a9c1e5b2d4f60";
/// What [`StubReply::Garbled`] answers: text without any ratings.
pub const GARBLED: &str = "I cannot help with that.";
/// Appended to the requested model in answers, as OpenAI reports dated
/// snapshots (`gpt-4o` → `gpt-4o-2024-08-06`).
pub const MODEL_SNAPSHOT_SUFFIX: &str = "-2024-08-06";
/// `usage.prompt_tokens` counts this much per message…
pub const PROMPT_TOKENS_PER_MESSAGE: u64 = 10;
/// …and this much per image; `completion_tokens` is the answer's word count.
pub const PROMPT_TOKENS_PER_IMAGE: u64 = 85;

const IMAGE_PREFIX: &str = "data:image/jpeg;base64,";

/// One scripted reply to a valid request.
#[derive(Debug, Clone)]
pub enum StubReply {
    /// 200 with this assistant text.
    Answer(String),
    /// 200 with [`GARBLED`], which holds no ratings.
    Garbled,
    /// This HTTP status with an OpenAI-style error body and, when given, a
    /// `Retry-After` header in seconds.
    Status(u16, Option<u64>),
    /// Waits this long, then answers with the text.
    Slow(Duration, String),
}

/// What one request carried, valid or not.
#[derive(Debug, Clone)]
pub struct RecordedRequest {
    pub path: String,
    /// The raw `Authorization` header, if any.
    pub authorization: Option<String>,
    pub model: Option<String>,
    /// Every text in the messages, in order: string contents and text parts.
    pub texts: Vec<String>,
    /// How many `image_url` parts the messages held.
    pub images: usize,
    /// The whole JSON body (`Null` when it was not JSON).
    pub body: Value,
}

/// A running stub.
pub struct ChatStub {
    /// `http://127.0.0.1:PORT/v1`, to use as the judge's `base_url`.
    pub base_url: String,
    pub requests: Arc<Mutex<Vec<RecordedRequest>>>,
}

impl ChatStub {
    /// A copy of the requests received so far.
    pub fn recorded(&self) -> Vec<RecordedRequest> {
        self.requests.lock().unwrap().clone()
    }
}

struct Shared {
    script: Vec<StubReply>,
    served: AtomicUsize,
    expected_key: Option<String>,
    requests: Arc<Mutex<Vec<RecordedRequest>>>,
}

/// Starts a stub that expects the bearer key [`KEY`] and answers valid
/// requests with `script` in order, repeating the last reply.
pub async fn start(script: Vec<StubReply>) -> ChatStub {
    start_expecting(script, Some(KEY)).await
}

/// Like [`start`], but expecting `expected_key`; with `None` a request
/// that carries any `Authorization` header is refused with 401, as a
/// stand-in for a keyless local server that must not be sent a key.
pub async fn start_expecting(script: Vec<StubReply>, expected_key: Option<&str>) -> ChatStub {
    assert!(!script.is_empty(), "the stub needs at least one reply");
    let requests = Arc::new(Mutex::new(Vec::new()));
    let shared = Arc::new(Shared {
        script,
        served: AtomicUsize::new(0),
        expected_key: expected_key.map(str::to_string),
        requests: requests.clone(),
    });
    let app = Router::new()
        .route("/v1/chat/completions", post(chat_completions))
        .fallback(unknown_path)
        .with_state(shared);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    ChatStub {
        base_url: format!("http://{address}/v1"),
        requests,
    }
}

/// Why a request was refused: becomes an OpenAI-style error response.
struct Refusal {
    status: StatusCode,
    message: String,
    code: Value,
}

impl Refusal {
    fn new(status: StatusCode, message: &str, code: Value) -> Refusal {
        Refusal {
            status,
            message: message.to_string(),
            code,
        }
    }

    fn into_response(self) -> Response {
        error(
            self.status,
            &self.message,
            "invalid_request_error",
            self.code,
        )
    }
}

async fn chat_completions(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let request = record(&shared, "/v1/chat/completions", &headers, &body);
    let checked = check_auth(&shared, request.authorization.as_deref())
        .and_then(|()| check_body(&headers, &request.body));
    if let Err(refusal) = checked {
        return refusal.into_response();
    }
    let turn = shared.served.fetch_add(1, Ordering::SeqCst);
    let reply = &shared.script[turn.min(shared.script.len() - 1)];
    respond(reply, &request, turn).await
}

async fn unknown_path(
    State(shared): State<Arc<Shared>>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    record(&shared, uri.path(), &headers, &body);
    error(
        StatusCode::NOT_FOUND,
        &format!("Invalid URL ({})", uri.path()),
        "invalid_request_error",
        Value::Null,
    )
}

fn record(shared: &Shared, path: &str, headers: &HeaderMap, body: &[u8]) -> RecordedRequest {
    let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let parts = message_parts(&body);
    let request = RecordedRequest {
        path: path.to_string(),
        authorization: headers
            .get("authorization")
            .and_then(|value| value.to_str().ok())
            .map(str::to_string),
        model: body["model"].as_str().map(str::to_string),
        texts: parts.iter().filter_map(part_text).collect(),
        images: parts
            .iter()
            .filter(|part| part["type"] == "image_url")
            .count(),
        body: body.clone(),
    };
    shared.requests.lock().unwrap().push(request.clone());
    request
}

/// Every message's content as parts: a string content counts as one text part.
fn message_parts(body: &Value) -> Vec<Value> {
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    messages
        .iter()
        .flat_map(|message| match &message["content"] {
            Value::String(text) => vec![json!({"type": "text", "text": text})],
            Value::Array(parts) => parts.clone(),
            _ => Vec::new(),
        })
        .collect()
}

fn part_text(part: &Value) -> Option<String> {
    (part["type"] == "text").then(|| part["text"].as_str().map(str::to_string))?
}

fn check_auth(shared: &Shared, authorization: Option<&str>) -> Result<(), Refusal> {
    let unauthorized =
        |message: &str, code| Err(Refusal::new(StatusCode::UNAUTHORIZED, message, code));
    match (&shared.expected_key, authorization) {
        (None, None) => Ok(()),
        (None, Some(_)) => unauthorized(
            "This server takes no API key, but an Authorization header was sent.",
            json!("unexpected_api_key"),
        ),
        (Some(expected), Some(header)) if header == format!("Bearer {expected}") => Ok(()),
        (Some(_), Some(header)) => {
            // Like OpenAI, quote the key that was sent: clients must mask it.
            let sent = header.strip_prefix("Bearer ").unwrap_or(header);
            unauthorized(
                &format!("Incorrect API key provided: {sent}. You can find your API key at https://platform.openai.com/account/api-keys."),
                json!("invalid_api_key"),
            )
        }
        (Some(_), None) => unauthorized(
            "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.",
            Value::Null,
        ),
    }
}

fn check_body(headers: &HeaderMap, body: &Value) -> Result<(), Refusal> {
    let json_content = headers
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if !json_content || body.is_null() {
        return Err(bad_request(
            "We could not parse the JSON body of your request.",
        ));
    }
    if body["model"].as_str().is_none_or(str::is_empty) {
        return Err(bad_request("you must provide a model parameter"));
    }
    let Some(messages) = body["messages"].as_array().filter(|m| !m.is_empty()) else {
        return Err(bad_request("'messages' must be a non-empty array"));
    };
    messages.iter().try_for_each(check_message)
}

fn check_message(message: &Value) -> Result<(), Refusal> {
    if !matches!(
        message["role"].as_str(),
        Some("system" | "user" | "assistant")
    ) {
        return Err(bad_request(
            "each message needs a role of system, user or assistant",
        ));
    }
    match &message["content"] {
        Value::String(_) => Ok(()),
        Value::Array(parts) => parts.iter().try_for_each(check_part),
        _ => Err(bad_request(
            "message content must be a string or an array of parts",
        )),
    }
}

fn check_part(part: &Value) -> Result<(), Refusal> {
    match part["type"].as_str() {
        Some("text") if part["text"].is_string() => Ok(()),
        Some("image_url") => check_image(part["image_url"]["url"].as_str().unwrap_or("")),
        _ => Err(bad_request(
            "each content part must be a text or an image_url part",
        )),
    }
}

fn check_image(url: &str) -> Result<(), Refusal> {
    let Some(encoded) = url.strip_prefix(IMAGE_PREFIX) else {
        return Err(invalid_image("images must be data:image/jpeg;base64, URLs"));
    };
    match base64::engine::general_purpose::STANDARD.decode(encoded) {
        Ok(bytes) if bytes.starts_with(&[0xFF, 0xD8]) => Ok(()),
        Ok(_) => Err(invalid_image("the image data is not a JPEG")),
        Err(_) => Err(invalid_image("the image data is not valid base64")),
    }
}

async fn respond(reply: &StubReply, request: &RecordedRequest, turn: usize) -> Response {
    match reply {
        StubReply::Answer(text) => completion(request, text, turn),
        StubReply::Garbled => completion(request, GARBLED, turn),
        StubReply::Slow(wait, text) => {
            tokio::time::sleep(*wait).await;
            completion(request, text, turn)
        }
        StubReply::Status(status, retry_after) => scripted_error(*status, *retry_after),
    }
}

fn completion(request: &RecordedRequest, text: &str, turn: usize) -> Response {
    let messages = request.body["messages"].as_array().map_or(0, Vec::len) as u64;
    let prompt_tokens =
        messages * PROMPT_TOKENS_PER_MESSAGE + request.images as u64 * PROMPT_TOKENS_PER_IMAGE;
    let completion_tokens = text.split_whitespace().count() as u64;
    let created = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let model = format!(
        "{}{MODEL_SNAPSHOT_SUFFIX}",
        request.model.as_deref().unwrap_or("")
    );
    Json(json!({
        "id": format!("chatcmpl-stub{turn}"),
        "object": "chat.completion",
        "created": created,
        "model": model,
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": text},
            "finish_reason": "stop"
        }],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens
        }
    }))
    .into_response()
}

fn scripted_error(status: u16, retry_after: Option<u64>) -> Response {
    let status = StatusCode::from_u16(status).expect("a valid HTTP status in the stub script");
    let (message, kind, code) = match status.as_u16() {
        429 => (
            "Rate limit reached for requests",
            "requests",
            json!("rate_limit_exceeded"),
        ),
        500..=599 => (
            "The server had an error while processing your request.",
            "server_error",
            Value::Null,
        ),
        _ => (
            "The stub was scripted to refuse this request.",
            "invalid_request_error",
            Value::Null,
        ),
    };
    let mut response = error(status, message, kind, code);
    if let Some(seconds) = retry_after {
        response
            .headers_mut()
            .insert("retry-after", HeaderValue::from(seconds));
    }
    response
}

fn bad_request(message: &str) -> Refusal {
    Refusal::new(StatusCode::BAD_REQUEST, message, Value::Null)
}

fn invalid_image(message: &str) -> Refusal {
    Refusal::new(
        StatusCode::BAD_REQUEST,
        message,
        json!("invalid_image_format"),
    )
}

fn error(status: StatusCode, message: &str, kind: &str, code: Value) -> Response {
    let body = json!({"error": {"message": message, "type": kind, "param": null, "code": code}});
    (status, Json(body)).into_response()
}
