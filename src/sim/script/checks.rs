//! World-state checks for judge-only tasks: tasks whose reward config pays
//! nothing (the video judge scores them), so a script cannot prove itself
//! by its reward. Each check looks at the game the way a referee would
//! (is there a house with walls, a roof and a door; is the player standing
//! on the hill top) and says whether the task's goal holds. Coverage counts
//! such a task solved when its script makes its check pass.

use crate::sim::entity::EntityKind;
use crate::sim::game::Game;

/// A task's goal, read from the game state.
pub type CheckFn = fn(&Game) -> bool;

/// Task → what must hold in the world when the script is done.
const CHECKS: &[(&str, CheckFn)] = &[("use_lead", a_creature_is_on_the_lead)];

/// The check for a task, if it has one.
pub fn lookup(task: &str) -> Option<CheckFn> {
    CHECKS.iter().find(|(t, _)| *t == task).map(|(_, c)| *c)
}

/// `use_lead`: some creature is leashed to the player.
fn a_creature_is_on_the_lead(game: &Game) -> bool {
    game.entities
        .list
        .iter()
        .any(|e| matches!(&e.kind, EntityKind::Mob(mob) if mob.state.leashed && !mob.is_dying()))
}
