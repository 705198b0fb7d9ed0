//! What stands in the eye's way for a script: plants (tall grass,
//! flowers, crops), which the crosshair stops at but a single attack
//! clears, against the blocks that truly hide what lies behind them.

use super::behaviour::distance;
use crate::sim::game::Game;
use crate::sim::raycast;
use crate::sim::registry::{registry, state_def, BlockId, Shape};

/// Whether a block is a plant: the crosshair stops at it, an attack
/// clears it at once.
pub(super) fn is_plant(id: BlockId) -> bool {
    registry().block(id).shape == Shape::Cross
}

/// Wild plants (grass, flowers) a script may cut when they are in the
/// way; crops (with growth stages) are left standing.
pub(super) fn is_wild_plant(id: BlockId) -> bool {
    is_plant(id) && state_def(id).property("age").is_none()
}

/// Whether a block hides what lies behind it from the eye: the crosshair
/// stops at it and it is no plant to cut.
pub(super) fn hides_what_is_behind(id: BlockId) -> bool {
    raycast::selectable(id) && !is_plant(id)
}

/// Whether the crosshair meets a plant of the given sort nearer than
/// `point`: one to cut before the look reaches what it is aimed at.
pub(super) fn plant_before(game: &Game, point: [f64; 3], sort: fn(BlockId) -> bool) -> bool {
    let eye = game.player.eye();
    raycast::target(&game.world, eye, game.player.look_dir())
        .is_some_and(|hit| hit.distance < distance(eye, point) && sort(hit.block))
}
