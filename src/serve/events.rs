//! The A2A 0.3 stream events the green agent sends (SPEC §7): the task
//! first, then `status-update` and `artifact-update` events; the last one
//! is a `status-update` with `final: true`.

use serde::Serialize;

use crate::a2a::types::{Artifact, Task, TaskStatus};

/// A change of a task's state, with a message saying why.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskStatusUpdateEvent {
    /// Always `"status-update"`.
    pub kind: &'static str,
    pub task_id: String,
    pub context_id: String,
    pub status: TaskStatus,
    /// The last event of the stream.
    #[serde(rename = "final")]
    pub is_final: bool,
}

/// An artifact the task produced, sent whole (one chunk).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskArtifactUpdateEvent {
    /// Always `"artifact-update"`.
    pub kind: &'static str,
    pub task_id: String,
    pub context_id: String,
    pub artifact: Artifact,
    pub append: bool,
    pub last_chunk: bool,
}

impl TaskArtifactUpdateEvent {
    /// The whole of `artifact` in one event.
    pub fn whole(task: &Task, artifact: Artifact) -> TaskArtifactUpdateEvent {
        TaskArtifactUpdateEvent {
            kind: "artifact-update",
            task_id: task.id.clone(),
            context_id: task.context_id.clone(),
            artifact,
            append: false,
            last_chunk: true,
        }
    }
}

impl TaskStatusUpdateEvent {
    /// `task`'s current status as an event; final when the state is.
    pub fn of(task: &Task) -> TaskStatusUpdateEvent {
        TaskStatusUpdateEvent {
            kind: "status-update",
            task_id: task.id.clone(),
            context_id: task.context_id.clone(),
            status: task.status.clone(),
            is_final: task.status.state.is_final(),
        }
    }
}

/// One event of a `message/stream` answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum StreamEvent {
    Task(Box<Task>),
    Status(Box<TaskStatusUpdateEvent>),
    Artifact(Box<TaskArtifactUpdateEvent>),
}

impl StreamEvent {
    /// Nothing follows this event.
    pub fn is_final(&self) -> bool {
        match self {
            StreamEvent::Status(update) => update.is_final,
            StreamEvent::Task(_) | StreamEvent::Artifact(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a2a::types::{Part, TaskState};
    use serde_json::json;

    fn task(state: TaskState) -> Task {
        Task {
            kind: "task".into(),
            id: "t1".into(),
            context_id: "c1".into(),
            status: TaskStatus {
                state,
                message: None,
                timestamp: None,
            },
            artifacts: Vec::new(),
            history: Vec::new(),
        }
    }

    #[test]
    fn status_updates_carry_kind_and_final() {
        let working = serde_json::to_value(StreamEvent::Status(Box::new(
            TaskStatusUpdateEvent::of(&task(TaskState::Working)),
        )))
        .unwrap();
        assert_eq!(
            working,
            json!({"kind": "status-update", "taskId": "t1", "contextId": "c1",
                   "status": {"state": "working"}, "final": false})
        );
        let done = StreamEvent::Status(Box::new(TaskStatusUpdateEvent::of(&task(
            TaskState::Completed,
        ))));
        assert!(done.is_final());
    }

    #[test]
    fn artifact_updates_are_one_whole_chunk() {
        let artifact = Artifact {
            artifact_id: "a1".into(),
            name: Some("Result".into()),
            parts: vec![Part::Text { text: "hi".into() }],
        };
        let event = TaskArtifactUpdateEvent::whole(&task(TaskState::Working), artifact);
        let value = serde_json::to_value(StreamEvent::Artifact(Box::new(event))).unwrap();
        assert_eq!(value["kind"], "artifact-update");
        assert_eq!(value["artifact"]["name"], "Result");
        assert_eq!(value["append"], false);
        assert_eq!(value["lastChunk"], true);
    }
}
