//! mcu — a judge for Minecraft-playing AI agents.
//!
//! The library behind the `mcu` command: the task suite and its loader
//! ([`suite`]), scenario files ([`scenario`]), the A2A client and server
//! ([`a2a`]), the green-purple protocol ([`protocol`]) and an episode's
//! conversation with the agent ([`agent`]), the embedded simulator
//! ([`sim`]), the simulation reward ([`reward`]) and episode video
//! recording ([`video`]). The binary is a thin layer of argument parsing and
//! printing over these modules.

pub mod a2a;
pub mod agent;
mod atomic;
pub mod check;
mod digest;
mod excerpt;
pub mod frames;
pub mod protocol;
pub mod purple;
pub mod reward;
pub mod run;
pub mod scenario;
pub mod sim;
pub mod stats;
pub mod suggest;
pub mod suite;
pub mod video;
