//! What can go wrong talking to an agent, each mapped to the failure kind
//! the results count.

use std::time::Duration;

use crate::protocol::FailureKind;

#[derive(Debug, Clone, thiserror::Error)]
pub enum A2aError {
    #[error("no reply within {0:?}")]
    Timeout(Duration),
    #[error("connection failed: {0}")]
    Transport(String),
    #[error("HTTP {status} from {url}: {body}")]
    HttpStatus {
        status: u16,
        url: String,
        body: String,
    },
    #[error("JSON-RPC error {code}: {message}")]
    JsonRpc { code: i64, message: String },
    #[error("not JSON: {0}")]
    NotJson(String),
    #[error("reply larger than the {0}-byte limit")]
    TooLarge(usize),
    #[error("the agent's task ended `{state}`{detail}")]
    TaskFailed { state: String, detail: String },
    #[error("malformed A2A reply: {0}")]
    BadReply(String),
}

impl A2aError {
    pub fn kind(&self) -> FailureKind {
        match self {
            A2aError::Timeout(_) => FailureKind::Timeout,
            A2aError::Transport(_) => FailureKind::Transport,
            A2aError::HttpStatus { .. } => FailureKind::HttpStatus,
            A2aError::JsonRpc { .. } => FailureKind::JsonRpcError,
            A2aError::NotJson(_) => FailureKind::NotJson,
            A2aError::TooLarge(_) => FailureKind::TooLarge,
            A2aError::TaskFailed { .. } => FailureKind::AgentTaskFailed,
            A2aError::BadReply(_) => FailureKind::BadShape,
        }
    }

    pub(crate) fn from_reqwest(error: reqwest::Error) -> A2aError {
        // The URL is known to the caller; the causal chain says what failed.
        let error = error.without_url();
        let mut message = error.to_string();
        let mut source = std::error::Error::source(&error);
        while let Some(cause) = source {
            message.push_str(": ");
            message.push_str(&cause.to_string());
            source = cause.source();
        }
        A2aError::Transport(message)
    }
}
