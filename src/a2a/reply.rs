//! Reading an agent's answer out of whatever it sent: a Message, a Task
//! (status message, artifacts, history), a stream of task updates, in the
//! 0.3 shapes and — where it costs little — the 1.0 ones (no `kind`,
//! `{"message":…}`/`{"task":…}` wrappers, `TASK_STATE_*` states).

use serde_json::{Map, Value};

use super::types::TaskState;
use super::A2aError;

/// What the agent said, reduced to what the protocol layer needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub context_id: Option<String>,
    pub task_id: Option<String>,
    /// The task state, when the agent answered with a Task.
    pub task_state: Option<TaskState>,
    /// The first object found in a data part, else the text parts joined.
    pub content: Content,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Content {
    Data(Value),
    Text(String),
    Empty,
}

impl Reply {
    /// Reads a `message/send` result or a `tasks/get` result.
    pub fn from_result(result: &Value) -> Result<Reply, A2aError> {
        let result = unwrap_v1(result);
        let object = result.as_object().ok_or_else(|| {
            A2aError::BadReply(format!("result is not an object: {}", short(result)))
        })?;
        if is_task(object) {
            Ok(from_task(object))
        } else if is_message(object) {
            Ok(Reply {
                context_id: string(object, "contextId"),
                task_id: string(object, "taskId"),
                task_state: None,
                content: content_of(object.get("parts").into_iter()),
            })
        } else {
            Err(A2aError::BadReply(format!(
                "result is neither a Message nor a Task: {}",
                short(result)
            )))
        }
    }

    /// True while the agent is still working on a Task.
    pub fn is_pending(&self) -> bool {
        self.task_state.is_some_and(|s| !s.is_final())
    }
}

/// Folds the events of a `message/stream` into the final reply.
#[derive(Default)]
pub(crate) struct StreamFold {
    task: Option<Map<String, Value>>,
    message: Option<Value>,
    done: bool,
}

impl StreamFold {
    /// Applies one event's `result`. Returns true once the stream is complete.
    pub fn apply(&mut self, result: &Value) -> Result<bool, A2aError> {
        let result = unwrap_v1(result);
        let object = result.as_object().ok_or_else(|| {
            A2aError::BadReply(format!("stream event is not an object: {}", short(result)))
        })?;
        let kind = object.get("kind").and_then(Value::as_str);
        if kind == Some("status-update") || (kind.is_none() && object.contains_key("final")) {
            let task = self.task.get_or_insert_with(|| skeleton(object));
            if let Some(status) = object.get("status") {
                task.insert("status".into(), status.clone());
            }
            self.done = object
                .get("final")
                .and_then(Value::as_bool)
                .unwrap_or(false)
                || state_of(task).is_some_and(TaskState::is_final);
        } else if kind == Some("artifact-update")
            || (kind.is_none() && object.contains_key("artifact"))
        {
            let task = self.task.get_or_insert_with(|| skeleton(object));
            if let Some(artifact) = object.get("artifact") {
                let artifacts = task
                    .entry("artifacts")
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(list) = artifacts {
                    list.push(artifact.clone());
                }
            }
        } else if is_task(object) {
            self.done = state_of(object).is_some_and(TaskState::is_final);
            self.task = Some(object.clone());
        } else if is_message(object) {
            self.message = Some(result.clone());
            self.done = true;
        } else {
            return Err(A2aError::BadReply(format!(
                "unknown stream event: {}",
                short(result)
            )));
        }
        Ok(self.done)
    }

    /// The reply the events so far amount to.
    pub fn finish(self) -> Result<Reply, A2aError> {
        match (self.message, self.task) {
            (Some(message), _) => Reply::from_result(&message),
            (None, Some(task)) => Ok(from_task(&task)),
            (None, None) => Err(A2aError::BadReply(
                "the stream ended without a Message or Task".into(),
            )),
        }
    }
}

fn skeleton(update: &Map<String, Value>) -> Map<String, Value> {
    let mut task = Map::new();
    task.insert("kind".into(), "task".into());
    for (from, to) in [("taskId", "id"), ("contextId", "contextId")] {
        if let Some(value) = update.get(from) {
            task.insert(to.into(), value.clone());
        }
    }
    task
}

fn from_task(task: &Map<String, Value>) -> Reply {
    let status_parts = task
        .get("status")
        .and_then(|s| s.get("message"))
        .and_then(|m| m.get("parts"));
    let artifact_parts = task
        .get("artifacts")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|a| a.get("parts"));
    let history_parts = task
        .get("history")
        .and_then(Value::as_array)
        .and_then(|h| h.iter().rev().find(|m| is_agent(m)))
        .and_then(|m| m.get("parts"));
    Reply {
        context_id: string(task, "contextId"),
        task_id: string(task, "id"),
        task_state: Some(state_of(task).unwrap_or(TaskState::Unknown)),
        content: content_of(
            status_parts
                .into_iter()
                .chain(artifact_parts)
                .chain(history_parts),
        ),
    }
}

/// The first object in a data part; failing that the first non-empty text.
fn content_of<'a>(part_lists: impl Iterator<Item = &'a Value>) -> Content {
    let parts: Vec<&Value> = part_lists.filter_map(Value::as_array).flatten().collect();
    let data = parts.iter().find_map(|part| {
        let data = part.get("data")?;
        let is_data = part
            .get("kind")
            .and_then(Value::as_str)
            .is_none_or(|k| k == "data");
        (is_data && data.is_object()).then(|| data.clone())
    });
    if let Some(data) = data {
        return Content::Data(data);
    }
    parts
        .iter()
        .filter_map(|part| part.get("text").and_then(Value::as_str))
        .find(|text| !text.trim().is_empty())
        .map(|text| Content::Text(text.to_string()))
        .unwrap_or(Content::Empty)
}

/// 1.0 wraps results as `{"message": …}` or `{"task": …}`.
fn unwrap_v1(result: &Value) -> &Value {
    match result.as_object() {
        Some(object) if object.len() == 1 => object
            .get("message")
            .or_else(|| object.get("task"))
            .unwrap_or(result),
        _ => result,
    }
}

fn is_task(object: &Map<String, Value>) -> bool {
    match object.get("kind").and_then(Value::as_str) {
        Some(kind) => kind == "task",
        None => object.contains_key("status") && object.contains_key("id"),
    }
}

fn is_message(object: &Map<String, Value>) -> bool {
    match object.get("kind").and_then(Value::as_str) {
        Some(kind) => kind == "message",
        None => object.contains_key("parts") && object.contains_key("messageId"),
    }
}

fn is_agent(message: &Value) -> bool {
    message
        .get("role")
        .and_then(Value::as_str)
        .is_some_and(|r| r.eq_ignore_ascii_case("agent") || r == "ROLE_AGENT")
}

/// `completed`, or 1.0's `TASK_STATE_COMPLETED`.
fn state_of(task: &Map<String, Value>) -> Option<TaskState> {
    let state = task.get("status")?.get("state")?.as_str()?;
    let normalized = state
        .trim_start_matches("TASK_STATE_")
        .to_ascii_lowercase()
        .replace('_', "-");
    serde_json::from_value(Value::String(normalized)).ok()
}

fn string(object: &Map<String, Value>, key: &str) -> Option<String> {
    object.get(key).and_then(Value::as_str).map(str::to_string)
}

/// A JSON value cut to a length fit for an error message.
pub(crate) fn short(value: &Value) -> String {
    crate::excerpt::json(value, 200)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_a_message_with_a_text_part() {
        let reply = Reply::from_result(&json!({
            "kind": "message", "messageId": "m", "role": "agent", "contextId": "c1",
            "parts": [{"kind": "text", "text": "{\"type\":\"ack\"}"}]
        }))
        .unwrap();
        assert_eq!(reply.context_id.as_deref(), Some("c1"));
        assert_eq!(reply.content, Content::Text("{\"type\":\"ack\"}".into()));
        assert!(!reply.is_pending());
    }

    #[test]
    fn prefers_a_data_part_and_reads_tasks() {
        let reply = Reply::from_result(&json!({
            "kind": "task", "id": "t", "contextId": "c",
            "status": {"state": "completed", "message": {"kind": "message", "messageId": "m", "role": "agent",
                "parts": [{"kind": "text", "text": "thinking…"}]}},
            "artifacts": [{"artifactId": "a", "parts": [{"kind": "data", "data": {"type": "action"}}]}]
        }))
        .unwrap();
        assert_eq!(reply.task_state, Some(TaskState::Completed));
        assert_eq!(reply.content, Content::Data(json!({"type": "action"})));
        assert_eq!(reply.task_id.as_deref(), Some("t"));
    }

    #[test]
    fn reads_v1_shapes() {
        let reply = Reply::from_result(&json!({"task": {
            "id": "t", "contextId": "c", "status": {"state": "TASK_STATE_WORKING"}
        }}))
        .unwrap();
        assert_eq!(reply.task_state, Some(TaskState::Working));
        assert!(reply.is_pending());
        let reply = Reply::from_result(&json!({"message": {
            "messageId": "m", "role": "ROLE_AGENT", "parts": [{"text": "{}"}]
        }}))
        .unwrap();
        assert_eq!(reply.content, Content::Text("{}".into()));
    }

    #[test]
    fn folds_stream_updates_into_the_final_task() {
        let mut fold = StreamFold::default();
        let events = [
            json!({"kind": "task", "id": "t", "contextId": "c", "status": {"state": "submitted"}}),
            json!({"kind": "artifact-update", "taskId": "t", "contextId": "c",
                   "artifact": {"artifactId": "a", "parts": [{"kind": "text", "text": "{\"x\":1}"}]}}),
            json!({"kind": "status-update", "taskId": "t", "contextId": "c",
                   "status": {"state": "completed"}, "final": true}),
        ];
        let done: Vec<bool> = events.iter().map(|e| fold.apply(e).unwrap()).collect();
        assert_eq!(done, [false, false, true]);
        let reply = fold.finish().unwrap();
        assert_eq!(reply.task_state, Some(TaskState::Completed));
        assert_eq!(reply.content, Content::Text("{\"x\":1}".into()));
    }

    #[test]
    fn rejects_what_is_neither() {
        assert!(Reply::from_result(&json!({"foo": 1, "bar": 2})).is_err());
        assert!(Reply::from_result(&json!("text")).is_err());
        assert!(StreamFold::default().finish().is_err());
    }
}
