//! Whether a spot is in a village, as someone watching would say: the
//! village's bell or one of its villagers is near, and so are its houses
//! (beds under roofs of the village's making).

use super::{name, square};
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::registry::registry;
use crate::sim::world::BlockPos;

/// How far (in x and z) the bell may be, and houses are counted.
const VILLAGE_RADIUS: i32 = 32;
/// How far a villager may be.
const VILLAGER_RADIUS: f64 = 16.0;
/// Heights above and below the feet looked at.
const VERTICAL: i32 = 12;
/// Beds (halves) that make the houses around.
const BED_HALVES: usize = 2;

/// The bells and bed halves within the village radius of `feet`.
fn landmarks(game: &Game, feet: BlockPos) -> (usize, usize) {
    let (mut bells, mut beds) = (0, 0);
    for [x, z] in square(feet, VILLAGE_RADIUS) {
        for y in feet[1] - VERTICAL..=feet[1] + VERTICAL {
            match name(&game.world, [x, y, z]) {
                "bell" => bells += 1,
                n if n.ends_with("_bed") => beds += 1,
                _ => {}
            }
        }
    }
    (bells, beds)
}

/// A living villager within [`VILLAGER_RADIUS`] of `feet`.
fn villager_near(game: &Game, feet: BlockPos) -> bool {
    let at = feet.map(|c| f64::from(c) + 0.5);
    game.entities.list.iter().any(|e| match &e.kind {
        EntityKind::Mob(mob) => {
            registry().entity(mob.kind).name == "villager"
                && !mob.is_dying()
                && (e.pos[0] - at[0]).hypot(e.pos[2] - at[2]) <= VILLAGER_RADIUS
        }
        _ => false,
    })
}

/// Feet at `feet` stand in a village: among houses, near the bell or a villager.
pub fn is_in_village(game: &Game, feet: BlockPos) -> bool {
    let (bells, beds) = landmarks(game, feet);
    beds >= BED_HALVES && (bells > 0 || villager_near(game, feet))
}
