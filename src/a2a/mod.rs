//! A2A 0.3 over JSON-RPC (SPEC §7): the wire types, a client for talking
//! to purple agents, and a small server for agents built on this crate.

mod client;
mod error;
pub mod reply;
pub mod server;
mod sse;
pub mod types;

pub use client::{A2aClient, ClientOptions, Transport};
pub use error::A2aError;
pub use reply::Reply;

/// The protocol version mcu speaks, sent as the `A2A-Version` header.
pub const PROTOCOL_VERSION: &str = "0.3";
