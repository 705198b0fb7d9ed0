//! mcu — a judge for Minecraft-playing AI agents.
//!
//! The library behind the `mcu` command: the task suite and its loader
//! ([`suite`]), scenario files ([`scenario`]), the A2A client and server
//! ([`a2a`]), the green-purple protocol ([`protocol`]) and an episode's
//! conversation with the agent ([`agent`]), the embedded simulator
//! ([`sim`]), the simulation reward ([`reward`]), episode video recording
//! ([`video`]), the run engine behind `mcu run` and `mcu score` ([`run`]),
//! the video judge ([`judge`]), the scoring profiles ([`scoring`]) and the
//! statistics of repeated attempts ([`uncertainty`]). The
//! binary is a thin layer of argument parsing and printing over these
//! modules.

pub mod a2a;
pub mod agent;
mod atomic;
pub mod baselines;
pub mod check;
mod digest;
mod excerpt;
pub mod frames;
pub mod judge;
pub mod lock;
pub mod plancraft;
pub mod protocol;
pub mod purple;
pub mod report;
pub mod reward;
pub mod run;
pub mod scenario;
pub mod scoring;
pub mod serve;
pub mod sim;
pub mod stats;
pub mod suggest;
pub mod suite;
#[cfg(test)]
mod testing;
pub mod uncertainty;
pub mod video;
