//! Simulators: the [`Simulator`] seam between the episode runner and a
//! backend, and the embedded Minecraft-1.16-like world that is the default
//! backend.
//!
//! The embedded simulator keeps its parts apart: block/item/entity data
//! ([`registry`]), headings and turns ([`angle`]), world storage and
//! generation ([`world`]), the dimensions and travel between them
//! ([`dimensions`]), the player and inventory ([`player`],
//! [`inventory`]), enchanting ([`enchanting`]), entities ([`entity`]),
//! creatures' behaviour ([`creature`]), the rules of one tick
//! ([`rules`]), container screens and their clicks ([`screen`]), init
//! commands ([`command`]), statistics ([`stats`]), the first-person
//! renderer ([`render`]) and the referee rules that judge what stands in
//! the world ([`inspect`]).

pub mod angle;
pub mod block_entity;
pub mod command;
pub mod creature;
pub mod dimensions;
mod embedded;
pub mod enchanting;
pub mod entity;
pub mod game;
pub mod inspect;
pub mod inventory;
pub mod player;
pub mod projectile;
pub mod raycast;
pub mod registry;
pub mod render;
pub mod rules;
pub mod screen;
pub mod script;
pub mod stats;
pub mod world;

pub use embedded::EmbeddedSim;
pub use stats::Statistics;

use image::RgbImage;
use serde::Serialize;

use crate::protocol::Action;

/// Frames are drawn at this size for recording; observations are scaled down.
pub const RECORD_SIZE: (u32, u32) = (640, 360);

/// The world seed of one episode: derived from the scenario seed and the
/// task name, so every task gets its own world and reruns get the same one.
pub fn episode_seed(scenario_seed: u64, task_name: &str) -> u64 {
    let mut z = scenario_seed ^ crate::purple::stable_hash(task_name);
    // splitmix64 finaliser: nearby inputs give unrelated seeds.
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What happened to one init command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CommandStatus {
    Accepted,
    /// Minecraft 1.16.5 itself rejects it (unknown id, bad syntax); nothing changed.
    Rejected {
        reason: String,
    },
    /// Valid in 1.16.5 but not built into this simulator; nothing changed.
    Unsupported {
        reason: String,
    },
}

/// One init command and its fate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CommandOutcome {
    pub command: String,
    #[serde(flatten)]
    pub status: CommandStatus,
}

/// A backend the runner plays episodes on.
pub trait Simulator: Send {
    /// Starts a fresh world for one episode from `seed` and runs the init
    /// commands; the statistics baseline is taken after them.
    fn reset(&mut self, seed: u64, init_commands: &[String]) -> Vec<CommandOutcome>;

    /// Advances one game tick with the agent's action.
    fn step(&mut self, action: &Action);

    /// The cumulative statistics counters.
    fn statistics(&self) -> &Statistics;

    /// Draws the first-person view at the frame's size.
    fn render(&mut self, frame: &mut RgbImage);
}
