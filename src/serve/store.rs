//! The server's tasks: each assessment's A2A task, its stop signal and a
//! broadcast of its events. Events are applied to the stored task (so
//! `tasks/get` sees them) and then sent to whoever streams the task. Once a
//! task is final nothing changes it any more.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use tokio::sync::broadcast;

use super::events::{StreamEvent, TaskArtifactUpdateEvent, TaskStatusUpdateEvent};
use crate::a2a::types::{Artifact, Message, Role, Task, TaskState, TaskStatus};
use crate::run::clock;
use crate::run::interrupt::StopSignal;

/// Finished tasks kept for `tasks/get` at most; the oldest go first.
const MAX_KEPT_TASKS: usize = 1000;
/// Events buffered per stream; an assessment sends a few per task played.
const EVENT_BUFFER: usize = 256;

/// Every task this server has accepted (the finished ones up to a limit).
#[derive(Default)]
pub struct TaskStore {
    inner: Mutex<Tasks>,
}

#[derive(Default)]
struct Tasks {
    by_id: HashMap<String, Entry>,
    /// Ids, oldest first.
    order: VecDeque<String>,
}

struct Entry {
    task: Task,
    stop: StopSignal,
    events: broadcast::Sender<StreamEvent>,
}

/// Why a task could not be canceled.
#[derive(Debug, PartialEq, Eq)]
pub enum CancelRefusal {
    NotFound,
    AlreadyFinal(TaskState),
}

impl TaskStore {
    /// Creates a `submitted` task for `request` in `context_id`; returns it
    /// and a subscription to its events.
    pub fn create(
        &self,
        context_id: String,
        mut request: Message,
    ) -> (Task, broadcast::Receiver<StreamEvent>) {
        let id = uuid::Uuid::new_v4().to_string();
        request.task_id = Some(id.clone());
        request.context_id = Some(context_id.clone());
        let task = Task {
            kind: "task".into(),
            id: id.clone(),
            context_id,
            status: status(TaskState::Submitted, None),
            artifacts: Vec::new(),
            history: vec![request],
        };
        let (events, receiver) = broadcast::channel(EVENT_BUFFER);
        let mut tasks = self.lock();
        tasks.evict_finished();
        tasks.order.push_back(id.clone());
        tasks.by_id.insert(
            id,
            Entry {
                task: task.clone(),
                stop: StopSignal::default(),
                events,
            },
        );
        (task, receiver)
    }

    /// The task as it stands.
    pub fn get(&self, id: &str) -> Option<Task> {
        self.lock().by_id.get(id).map(|entry| entry.task.clone())
    }

    /// The signal that stops the task's run.
    pub fn stop_signal(&self, id: &str) -> Option<StopSignal> {
        self.lock().by_id.get(id).map(|entry| entry.stop.clone())
    }

    /// A new subscription to the task's events.
    pub fn subscribe(&self, id: &str) -> Option<broadcast::Receiver<StreamEvent>> {
        self.lock()
            .by_id
            .get(id)
            .map(|entry| entry.events.subscribe())
    }

    /// Moves the task to `state` with an agent message `text`; false when
    /// the task is unknown or already final.
    pub fn set_status(&self, id: &str, state: TaskState, text: &str) -> bool {
        self.update(id, |task| {
            let message = agent_message(task, text);
            task.status = status(state, Some(message));
            StreamEvent::Status(Box::new(TaskStatusUpdateEvent::of(task)))
        })
    }

    /// Adds `artifact` to the task; false when unknown or already final.
    pub fn add_artifact(&self, id: &str, artifact: Artifact) -> bool {
        self.update(id, |task| {
            task.artifacts.push(artifact.clone());
            StreamEvent::Artifact(Box::new(TaskArtifactUpdateEvent::whole(task, artifact)))
        })
    }

    /// Asks the task's run to stop.
    pub fn request_cancel(&self, id: &str) -> Result<(), CancelRefusal> {
        let tasks = self.lock();
        let entry = tasks.by_id.get(id).ok_or(CancelRefusal::NotFound)?;
        if entry.task.status.state.is_final() {
            return Err(CancelRefusal::AlreadyFinal(entry.task.status.state));
        }
        entry.stop.request();
        Ok(())
    }

    fn update(&self, id: &str, change: impl FnOnce(&mut Task) -> StreamEvent) -> bool {
        let mut tasks = self.lock();
        let Some(entry) = tasks.by_id.get_mut(id) else {
            return false;
        };
        if entry.task.status.state.is_final() {
            return false;
        }
        let event = change(&mut entry.task);
        // No subscriber is fine: nobody streams this task.
        let _ = entry.events.send(event);
        true
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Tasks> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Tasks {
    /// Drops the oldest finished tasks while there are too many.
    fn evict_finished(&mut self) {
        while self.by_id.len() >= MAX_KEPT_TASKS {
            let finished = self.order.iter().position(|id| {
                self.by_id
                    .get(id)
                    .is_none_or(|entry| entry.task.status.state.is_final())
            });
            let Some(position) = finished else {
                return;
            };
            if let Some(id) = self.order.remove(position) {
                self.by_id.remove(&id);
            }
        }
    }
}

fn status(state: TaskState, message: Option<Message>) -> TaskStatus {
    TaskStatus {
        state,
        message,
        timestamp: Some(clock::now_rfc3339()),
    }
}

fn agent_message(task: &Task, text: &str) -> Message {
    Message {
        task_id: Some(task.id.clone()),
        ..Message::text(Role::Agent, text, Some(task.context_id.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a2a::types::Part;

    fn request() -> Message {
        Message::text(Role::User, "{}", None)
    }

    #[test]
    fn updates_reach_the_task_and_its_subscribers_until_final() {
        let store = TaskStore::default();
        let (task, mut events) = store.create("ctx".into(), request());
        assert_eq!(task.status.state, TaskState::Submitted);
        assert_eq!(task.history[0].task_id.as_deref(), Some(task.id.as_str()));
        assert!(store.set_status(&task.id, TaskState::Working, "Running task: a"));
        let artifact = Artifact {
            artifact_id: "r".into(),
            name: Some("Result".into()),
            parts: vec![Part::Text { text: "ok".into() }],
        };
        assert!(store.add_artifact(&task.id, artifact));
        assert!(store.set_status(&task.id, TaskState::Completed, "done"));
        assert!(!store.set_status(&task.id, TaskState::Working, "late"));

        let stored = store.get(&task.id).unwrap();
        assert_eq!(stored.status.state, TaskState::Completed);
        assert_eq!(
            stored.status.message.unwrap().parts,
            vec![Part::Text {
                text: "done".into()
            }]
        );
        assert_eq!(stored.artifacts.len(), 1);
        let received: Vec<StreamEvent> = std::iter::from_fn(|| events.try_recv().ok()).collect();
        assert_eq!(received.len(), 3);
        assert!(matches!(received[1], StreamEvent::Artifact(_)));
        assert!(received[2].is_final());
    }

    #[test]
    fn cancel_stops_running_tasks_only() {
        let store = TaskStore::default();
        let (task, _events) = store.create("ctx".into(), request());
        assert_eq!(store.request_cancel("nope"), Err(CancelRefusal::NotFound));
        assert_eq!(store.request_cancel(&task.id), Ok(()));
        assert!(store.stop_signal(&task.id).unwrap().is_requested());
        store.set_status(&task.id, TaskState::Canceled, "stopped");
        assert_eq!(
            store.request_cancel(&task.id),
            Err(CancelRefusal::AlreadyFinal(TaskState::Canceled))
        );
    }

    #[test]
    fn the_oldest_finished_tasks_make_room() {
        let store = TaskStore::default();
        let (running, _events) = store.create("ctx".into(), request());
        let (first_done, _events) = store.create("ctx".into(), request());
        store.set_status(&first_done.id, TaskState::Completed, "done");
        for _ in 2..MAX_KEPT_TASKS {
            let (task, _events) = store.create("ctx".into(), request());
            store.set_status(&task.id, TaskState::Completed, "done");
        }
        let (_newest, _events) = store.create("ctx".into(), request());
        assert!(store.get(&running.id).is_some());
        assert!(store.get(&first_done.id).is_none());
    }
}
