//! mcu — a judge for Minecraft-playing AI agents.
//!
//! The library behind the `mcu` command: the task suite and its loader
//! ([`suite`]), scenario files ([`scenario`]). The binary is a thin layer
//! of argument parsing and printing over these modules.

pub mod scenario;
mod suggest;
pub mod suite;
