//! Creatures an init command summoned into the ground (where the land
//! rises, `^2 ^ ^3` lands inside a hillside): the block a creature is
//! buried in, which suffocates it and stands between it and any strike or
//! boat.

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
