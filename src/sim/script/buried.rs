//! Creatures an init command summoned into the ground (where the land
//! rises, `^2 ^ ^3` lands inside a hillside): the block a creature is
//! buried in, which suffocates it and stands between it and any strike or
//! boat, and where to aim to dig it away.

use crate::sim::creature::senses;
use crate::sim::entity::Entity;
use crate::sim::game::Game;
use crate::sim::registry::registry;
use crate::sim::world::BlockPos;

/// The full opaque block the creature's eyes are inside, if any: it
/// suffocates there until the block is dug.
pub(super) fn burying_block(game: &Game, e: &Entity) -> Option<BlockPos> {
    let cell = senses::eye_cell(e);
    registry()
        .block(game.world.get(cell))
        .is_opaque_cube()
        .then_some(cell)
}

/// The middle of a block's top face, where a dig from above aims.
pub(super) fn top_middle([x, y, z]: BlockPos) -> [f64; 3] {
    [f64::from(x) + 0.5, f64::from(y) + 1.0, f64::from(z) + 0.5]
}
