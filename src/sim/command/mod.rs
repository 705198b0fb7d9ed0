//! Init commands (SPEC §2): Minecraft 1.16.5 slash commands run as the
//! player before an episode starts.
//!
//! One parser reads a command into a typed [`ast::Command`] (tokens by
//! [`reader`], NBT by [`snbt`], ids by [`resource`], targets by
//! [`selector`], positions by [`coords`]), then [`exec`] runs it from the
//! player's [`source::Source`]. A command comes back `Rejected` when
//! 1.16.5 would refuse it (unknown id, bad syntax or selector, position
//! outside the world, too many blocks) and `Unsupported` when it is valid
//! but not built here; either way the game is left unchanged. A valid
//! command that happens to change nothing (a fill over identical blocks,
//! `setblock … keep` on a solid block, a weaker effect) is `Accepted`, as
//! the world then is what the command asked for.

mod ast;
mod coords;
mod exec;
mod ids;
mod parse;
mod reader;
mod resource;
mod run_blocks;
mod run_items;
mod run_player;
mod run_summon;
mod selector;
pub mod snbt;
mod source;

#[cfg(test)]
mod suite_tests;
#[cfg(test)]
mod tests;

use super::game::Game;
use super::CommandStatus;
use reader::{Failure, Reader};

/// The fixed maximum health of a creature kind, if it has one (horses,
/// llamas and slimes roll theirs when summoned).
pub fn max_health(kind: &str) -> Option<f32> {
    ids::MAX_HEALTH
        .iter()
        .find(|(name, _)| *name == kind)
        .map(|&(_, health)| health)
}

/// Runs one command as the player and says whether it took effect.
pub fn run(game: &mut Game, text: &str) -> CommandStatus {
    let text = text.trim();
    let (body, base) = match text.strip_prefix('/') {
        Some(body) => (body, 1),
        None => (text, 0),
    };
    let mut reader = Reader::new(body, base);
    let source = source::Source::of_player(&game.player);
    let outcome = parse::parse_command(&mut reader)
        .and_then(|command| exec::execute(game, &command, &source));
    match outcome {
        Ok(()) => CommandStatus::Accepted,
        Err(Failure::Rejected(reason)) => CommandStatus::Rejected { reason },
        Err(Failure::Unsupported(reason)) => CommandStatus::Unsupported { reason },
    }
}
