//! Why a step's reply could not be used. Each kind is counted per episode;
//! the step itself goes on with the no-op action.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// No reply within the per-step timeout.
    Timeout,
    /// The connection failed (refused, reset, DNS, TLS).
    Transport,
    /// The server answered with a non-2xx HTTP status.
    HttpStatus,
    /// The server answered with a JSON-RPC error object.
    JsonRpcError,
    /// The reply (or the payload inside it) is not JSON.
    NotJson,
    /// The payload's `type` is not the one expected (`ack` / `action`).
    WrongMessageType,
    /// The payload lacks keys or has keys of the wrong shape.
    BadShape,
    /// Numbers outside their range (button index, camera bin, NaN, …).
    OutOfRange,
    /// The agent's A2A task ended `failed`, `rejected` or `canceled`.
    AgentTaskFailed,
    /// The reply exceeded the size limit.
    TooLarge,
}

impl FailureKind {
    pub const ALL: [FailureKind; 10] = [
        FailureKind::Timeout,
        FailureKind::Transport,
        FailureKind::HttpStatus,
        FailureKind::JsonRpcError,
        FailureKind::NotJson,
        FailureKind::WrongMessageType,
        FailureKind::BadShape,
        FailureKind::OutOfRange,
        FailureKind::AgentTaskFailed,
        FailureKind::TooLarge,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            FailureKind::Timeout => "timeout",
            FailureKind::Transport => "transport",
            FailureKind::HttpStatus => "http_status",
            FailureKind::JsonRpcError => "json_rpc_error",
            FailureKind::NotJson => "not_json",
            FailureKind::WrongMessageType => "wrong_message_type",
            FailureKind::BadShape => "bad_shape",
            FailureKind::OutOfRange => "out_of_range",
            FailureKind::AgentTaskFailed => "agent_task_failed",
            FailureKind::TooLarge => "too_large",
        }
    }

    /// What an agent builder should do about it.
    pub fn advice(self) -> &'static str {
        match self {
            FailureKind::Timeout => "answer each observation within the step timeout (60 s by default)",
            FailureKind::Transport => "check that the agent is running and reachable at the endpoint",
            FailureKind::HttpStatus => "the agent's HTTP server answered with an error status; see its logs",
            FailureKind::JsonRpcError => "the agent answered with a JSON-RPC error; see its logs",
            FailureKind::NotJson => "put one JSON object in a text part (or a data part) of the reply",
            FailureKind::WrongMessageType => "answer init with {\"type\":\"ack\",…} and obs with {\"type\":\"action\",…}",
            FailureKind::BadShape => "use one of the action forms in the README (compact buttons/camera, 20 buttons, env dict)",
            FailureKind::OutOfRange => "compact buttons are 0..=8640 and camera 0..=120; camera degrees must be finite",
            FailureKind::AgentTaskFailed => "the agent ended its A2A task as failed/rejected/canceled; see its logs",
            FailureKind::TooLarge => "keep replies small (an action is a few bytes)",
        }
    }
}
