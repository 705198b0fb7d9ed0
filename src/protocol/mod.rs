//! The green ↔ purple protocol carried inside A2A messages (SPEC §3):
//! the init/obs payloads mcu sends, and the agent's replies decoded into
//! one internal [`Action`] whatever form the agent answers in.

mod action;
pub mod compact;
mod decode;
mod failure;
mod payload;

pub use action::{Action, Key};
pub use decode::{decode_action, ActionForm, Rejection};
pub use failure::FailureKind;
pub use payload::{decode_ack, init_payload, obs_payload, parse_payload_text, Ack, INIT_PROMPT};
