//! Ender pearls: a safe way dug into the nearest warped forest — where
//! every natural spawn of the Nether is a pack of four endermen — then
//! endermen fought from a perch out of their reach (`perch`: angered one
//! at a time by a look in the eye, struck low, never looked in the eye
//! again, so they do not teleport; melee alone does not send them off
//! in 1.16.5) until enough pearls are held; the shield raised all the
//! way against fireballs and blows. With no perch near, they are fought
//! on the ground.

use super::deferred;
use super::fight::{fight_round, Quarry};
use super::nether::held;
use super::perch::from_a_perch;
use super::route::dig_towards;
use super::shield::with_shield;
use crate::sim::game::Game;
use crate::sim::script::behaviour::Behaviour;
use crate::sim::world::gen::{Biome, LAVA_SEA_LEVEL};
use crate::sim::world::BlockPos;

/// How far around the player warped forest is looked for, and the grid.
const FOREST_SEARCH: i32 = 320;
const FOREST_GRID: i32 = 4;
/// How deep into the forest to go: a column whose neighbours this far
/// off are forest too.
const INSIDE: i32 = 12;
/// Rounds of fighting before giving up (a round at a perch may be a
/// second's wait).
const FIGHT_ROUNDS: u32 = 4_000;
const ENDERMEN: Quarry = Quarry {
    kind: "enderman",
    strike_range: 4.0,
    approach_range: 64.0,
};

/// The floor block of the nearest column well inside a warped forest
/// (its lowest floor above the lava sea).
pub fn nearest_forest(game: &Game) -> Option<BlockPos> {
    let generator = game.world.generator();
    let feet = game.player.block_pos();
    let forest = |x: i32, z: i32| generator.biome(x, z) == Biome::WarpedForest;
    let inside = |x: i32, z: i32| {
        forest(x, z)
            && [(INSIDE, 0), (-INSIDE, 0), (0, INSIDE), (0, -INSIDE)]
                .iter()
                .all(|&(dx, dz)| forest(x + dx, z + dz))
    };
    let mut best: Option<(i32, [i32; 2])> = None;
    for dz in (-FOREST_SEARCH..=FOREST_SEARCH).step_by(FOREST_GRID as usize) {
        for dx in (-FOREST_SEARCH..=FOREST_SEARCH).step_by(FOREST_GRID as usize) {
            let d = dx * dx + dz * dz;
            let [x, z] = [feet[0] + dx, feet[2] + dz];
            if best.is_none_or(|(b, _)| d < b) && inside(x, z) {
                best = Some((d, [x, z]));
            }
        }
    }
    let [x, z] = best?.1;
    let floor = generator.column(x, z).height.max(LAVA_SEA_LEVEL + 1);
    Some([x, floor, z])
}

/// Goes into the nearest warped forest and kills endermen from a perch
/// until `pearls` ender pearls are held, the shield raised against fireballs
/// (the blazes left by the spawner shoot after the player leaving it)
/// and the endermen's blows.
pub fn ender_pearls(pearls: u32) -> Box<dyn Behaviour> {
    with_shield(ENDERMEN.kind, move || to_the_forest_for_pearls(pearls))
}

fn to_the_forest_for_pearls(pearls: u32) -> Box<dyn Behaviour> {
    deferred(move |game| {
        let mut plan: Vec<Box<dyn Behaviour>> = Vec::new();
        if let Some(forest) = nearest_forest(game) {
            plan.push(dig_towards(forest, 4.0));
        }
        plan.push(from_a_perch(
            move |g| held(g, "ender_pearl") >= pearls,
            FIGHT_ROUNDS,
            |g| fight_round(g, ENDERMEN),
        ));
        plan
    })
}
