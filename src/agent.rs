//! The purple agent as an episode sees it: an init handshake in a new A2A
//! context, then one observation → one action per step. Every failure is
//! classified and turned into the no-op action; nothing here panics or
//! returns early on a misbehaving agent.

use std::time::{Duration, Instant};

use base64::Engine;
use serde::Serialize;

use crate::a2a::reply::Content;
use crate::a2a::types::{Message, Role};
use crate::a2a::{A2aClient, A2aError, Reply};
use crate::protocol::{self, Action, ActionForm, FailureKind, Rejection};

/// A step's reply that could not be used.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepFailure {
    pub kind: FailureKind,
    pub detail: String,
}

/// What one step produced.
#[derive(Debug, Clone, Serialize)]
pub struct StepReply {
    /// The action to play: the agent's, or the no-op on failure.
    pub action: Action,
    /// The form the agent answered in, when the answer decoded.
    pub form: Option<ActionForm>,
    pub failure: Option<StepFailure>,
    /// Wall time from sending the observation to having the reply.
    #[serde(serialize_with = "as_micros")]
    pub latency: Duration,
    /// The payload as received (text or JSON), for the trajectory.
    pub received: Option<String>,
}

/// The agent's answer to init.
#[derive(Debug, Clone, Serialize)]
pub struct InitOutcome {
    pub ack: Result<protocol::Ack, StepFailure>,
    #[serde(serialize_with = "as_micros")]
    pub latency: Duration,
    pub received: Option<String>,
}

/// One episode's conversation with the agent.
pub struct AgentSession<'a> {
    client: &'a A2aClient,
    context_id: Option<String>,
}

impl<'a> AgentSession<'a> {
    /// A session that will open a new context with its init message.
    pub fn new(client: &'a A2aClient) -> AgentSession<'a> {
        AgentSession {
            client,
            context_id: None,
        }
    }

    pub fn context_id(&self) -> Option<&str> {
        self.context_id.as_deref()
    }

    /// Sends the task's init message; later observations continue its context.
    pub async fn init(&mut self, task_text: &str) -> InitOutcome {
        self.init_with(protocol::init_payload(task_text)).await
    }

    /// Sends an init payload of another environment's form and reads the
    /// agent's ack the same way.
    pub async fn init_with(&mut self, payload: serde_json::Value) -> InitOutcome {
        let started = Instant::now();
        let (ack, received) = match self.exchange(payload).await {
            Ok((payload, received)) => (
                protocol::decode_ack(&payload)
                    .map_err(rejected)
                    .and_then(|ack| {
                        if ack.success {
                            Ok(ack)
                        } else {
                            Err(StepFailure {
                                kind: FailureKind::AgentTaskFailed,
                                detail: format!(
                                    "the agent refused the task: {}",
                                    ack.message.as_deref().unwrap_or("(no message)")
                                ),
                            })
                        }
                    }),
                Some(received),
            ),
            Err((failure, received)) => (Err(failure), received),
        };
        InitOutcome {
            ack,
            latency: started.elapsed(),
            received,
        }
    }

    /// Sends observation `step` (a JPEG) and decodes the agent's action.
    pub async fn step(&mut self, step: u64, jpeg: &[u8]) -> StepReply {
        let started = Instant::now();
        let image = base64::engine::general_purpose::STANDARD.encode(jpeg);
        let outcome = self.exchange(protocol::obs_payload(step, &image)).await;
        let latency = started.elapsed();
        let (decoded, received) = match outcome {
            Ok((payload, received)) => (
                protocol::decode_action(&payload).map_err(rejected),
                Some(received),
            ),
            Err((failure, received)) => (Err(failure), received),
        };
        match decoded {
            Ok((action, form)) => StepReply {
                action,
                form: Some(form),
                failure: None,
                latency,
                received,
            },
            Err(failure) => StepReply {
                action: Action::noop(),
                form: None,
                failure: Some(failure),
                latency,
                received,
            },
        }
    }

    /// Sends one payload in the episode's context (opening it on the first
    /// message); returns the reply's content as the agent sent it.
    pub async fn converse(&mut self, payload: serde_json::Value) -> Result<Content, StepFailure> {
        let message = Message::text(Role::User, payload.to_string(), self.context_id.clone());
        let reply: Reply = self.client.send(message).await.map_err(|e| failed(&e))?;
        if self.context_id.is_none() {
            self.context_id = reply.context_id.clone();
        }
        Ok(reply.content)
    }

    /// Sends one payload; returns the reply payload as JSON and as received.
    async fn exchange(
        &mut self,
        payload: serde_json::Value,
    ) -> Result<(serde_json::Value, String), (StepFailure, Option<String>)> {
        let content = self.converse(payload).await.map_err(|f| (f, None))?;
        match content {
            Content::Data(data) => {
                let received = data.to_string();
                Ok((data, received))
            }
            Content::Text(text) => match protocol::parse_payload_text(&text) {
                Ok(value) => Ok((value, text)),
                Err(rejection) => Err((rejected(rejection), Some(text))),
            },
            Content::Empty => Err((
                StepFailure {
                    kind: FailureKind::BadShape,
                    detail: "the reply has no text or data part".into(),
                },
                None,
            )),
        }
    }
}

fn failed(error: &A2aError) -> StepFailure {
    StepFailure {
        kind: error.kind(),
        detail: error.to_string(),
    }
}

fn rejected(rejection: Rejection) -> StepFailure {
    StepFailure {
        kind: rejection.kind,
        detail: rejection.detail,
    }
}

fn as_micros<S: serde::Serializer>(duration: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(duration.as_micros() as u64)
}
