//! The JSON-RPC endpoint: `message/send` (blocking unless
//! `configuration.blocking` is false), `message/stream` (SSE: the task,
//! then its updates up to the final one), `tasks/get` and `tasks/cancel`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::sync::broadcast::{self, error::RecvError};

use super::events::StreamEvent;
use super::store::CancelRefusal;
use super::{assessment, ServerState};
use crate::a2a::types::{codes, Message, Task};

/// How long `tasks/cancel` waits for the run to stop before answering.
const CANCEL_WAIT: Duration = Duration::from_secs(30);
/// Comment lines keep a quiet stream's connection open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

pub(super) async fn json_rpc(
    State(state): State<Arc<ServerState>>,
    body: axum::body::Bytes,
) -> Response {
    let request: Value = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(e) => {
            return error(
                Value::Null,
                codes::PARSE_ERROR,
                &format!("invalid JSON: {e}"),
            )
        }
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    let Some(method) = request.get("method").and_then(Value::as_str) else {
        return error(id, codes::INVALID_REQUEST, "missing `method`");
    };
    let params = request.get("params").cloned().unwrap_or(Value::Null);
    match method {
        "message/send" => send(&state, id, &params, false).await,
        "message/stream" => send(&state, id, &params, true).await,
        "tasks/get" => get_task(&state, id, &params),
        "tasks/cancel" => cancel(&state, id, &params).await,
        "SendMessage" | "SendStreamingMessage" | "GetTask" | "CancelTask" => error(
            id,
            codes::METHOD_NOT_FOUND,
            &format!("`{method}` is A2A 1.0; this agent speaks A2A 0.3 (message/send, message/stream, tasks/get, tasks/cancel)"),
        ),
        other => error(id, codes::METHOD_NOT_FOUND, &format!("unknown method `{other}`")),
    }
}

async fn send(state: &Arc<ServerState>, id: Value, params: &Value, streaming: bool) -> Response {
    let Some(message) = params
        .get("message")
        .and_then(|m| serde_json::from_value::<Message>(m.clone()).ok())
    else {
        return error(
            id,
            codes::INVALID_PARAMS,
            "`params.message` is not an A2A message",
        );
    };
    if message.task_id.is_some() {
        return error(
            id,
            codes::INVALID_PARAMS,
            "this agent does not continue tasks; send the assessment request as a new message, without `taskId`",
        );
    }
    let context_id = message
        .context_id
        .clone()
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    let (task, events) = state.store.create(context_id, message.clone());
    assessment::begin(state, &task, &message);
    if streaming {
        return stream(id, task, events);
    }
    let blocking = params
        .pointer("/configuration/blocking")
        .and_then(Value::as_bool)
        .unwrap_or(true);
    if blocking {
        wait_until_final(events).await;
    }
    match state.store.get(&task.id) {
        Some(task) => result(id, &task),
        None => error(id, codes::INTERNAL_ERROR, "the task was forgotten"),
    }
}

/// The SSE answer: `task` first, then every event up to the final one.
fn stream(id: Value, task: Task, events: broadcast::Receiver<StreamEvent>) -> Response {
    let first = envelope(&id, &StreamEvent::Task(Box::new(task)));
    let rest = futures_util::stream::unfold(Some((events, id)), |open| async move {
        let (mut events, id) = open?;
        loop {
            match events.recv().await {
                Ok(event) => {
                    let data = envelope(&id, &event);
                    let next = (!event.is_final()).then_some((events, id));
                    return Some((data, next));
                }
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => return None,
            }
        }
    });
    let body = futures_util::stream::once(std::future::ready(first))
        .chain(rest)
        .map(|data| Ok::<_, Infallible>(Event::default().data(data)));
    Sse::new(body)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE).text("keep-alive"))
        .into_response()
}

fn envelope(id: &Value, event: &StreamEvent) -> String {
    json!({"jsonrpc": "2.0", "id": id, "result": event}).to_string()
}

async fn wait_until_final(mut events: broadcast::Receiver<StreamEvent>) {
    loop {
        match events.recv().await {
            Ok(event) if event.is_final() => return,
            Ok(_) | Err(RecvError::Lagged(_)) => {}
            Err(RecvError::Closed) => return,
        }
    }
}

fn get_task(state: &ServerState, id: Value, params: &Value) -> Response {
    let Some(task_id) = params.get("id").and_then(Value::as_str) else {
        return error(
            id,
            codes::INVALID_PARAMS,
            "`params.id` (the task id) is missing",
        );
    };
    match state.store.get(task_id) {
        Some(task) => result(id, &task),
        None => not_found(id, task_id),
    }
}

async fn cancel(state: &ServerState, id: Value, params: &Value) -> Response {
    let Some(task_id) = params.get("id").and_then(Value::as_str) else {
        return error(
            id,
            codes::INVALID_PARAMS,
            "`params.id` (the task id) is missing",
        );
    };
    let Some(events) = state.store.subscribe(task_id) else {
        return not_found(id, task_id);
    };
    match state.store.request_cancel(task_id) {
        Ok(()) => {}
        Err(CancelRefusal::NotFound) => return not_found(id, task_id),
        Err(CancelRefusal::AlreadyFinal(task_state)) => {
            let task_state = serde_json::to_value(task_state).unwrap_or(Value::Null);
            return error(
                id,
                codes::TASK_NOT_CANCELABLE,
                &format!("task {task_id} has already ended ({task_state})"),
            );
        }
    }
    // The run stops at its next step; answer with the final state when it
    // comes in time, else with the task as it stands.
    let _ = tokio::time::timeout(CANCEL_WAIT, wait_until_final(events)).await;
    match state.store.get(task_id) {
        Some(task) => result(id, &task),
        None => not_found(id, task_id),
    }
}

fn result(id: Value, task: &Task) -> Response {
    Json(json!({"jsonrpc": "2.0", "id": id, "result": task})).into_response()
}

fn not_found(id: Value, task_id: &str) -> Response {
    error(id, codes::TASK_NOT_FOUND, &format!("no task `{task_id}`"))
}

fn error(id: Value, code: i64, message: &str) -> Response {
    Json(json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}))
        .into_response()
}
