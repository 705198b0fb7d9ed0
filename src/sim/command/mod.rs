//! Init commands (SPEC §2).
//!
//! PLACEHOLDER until the command parser lands: every command is reported
//! unsupported and changes nothing.

use super::game::Game;
use super::CommandStatus;

/// Runs one command as the player and says whether it took effect.
pub fn run(_game: &mut Game, text: &str) -> CommandStatus {
    CommandStatus::Unsupported {
        reason: format!("commands are not built yet: {text}"),
    }
}
