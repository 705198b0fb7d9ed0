//! Ender pearls: the blazes at hand fought first (the phase starts by
//! the spawner), then a safe way dug into the nearest warped forest —
//! where every natural spawn of the Nether is a pack of four endermen —
//! then endermen fought from a perch out of their reach (`perch`:
//! angered one at a time by a look in the eye, struck low, never looked
//! in the eye again, so they do not teleport; melee alone does not send
//! them off in 1.16.5) until enough pearls are held; the shield raised
//! all the way against fireballs and blows. With no perch near, they are
//! fought on the ground.

use super::blazes::BLAZES;
use super::fight::{fight_round, nearest_within, Quarry};
use super::perch::from_a_perch;
use super::phases::held;
use super::route::dig_towards;
use super::shield::{with_shield, Shielded};
use super::{deferred, Until};
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
/// Rounds at most against the blazes at hand before the way out is dug.
const LEAVING_ROUNDS: u32 = 12;
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

/// Fights the blazes within striking range, the shield raised against
/// their blows too: the phase starts by the spawner the rods came from,
/// which goes on making blazes, and one in the way of the dig out would
/// strike the player with the pickaxe in hand (on seed 4, under one draw
/// of chance, four blows killed it 150 ticks into the phase).
fn blazes_at_hand_fought() -> Box<dyn Behaviour> {
    let at_hand = |g: &Game| nearest_within(g, BLAZES.kind, BLAZES.strike_range).is_some();
    let fight = Until::new(
        move |g| !at_hand(g),
        LEAVING_ROUNDS,
        |g| fight_round(g, BLAZES),
    );
    Box::new(Shielded::new(Box::new(fight)).and_blows_of(BLAZES.kind))
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
        let mut plan: Vec<Box<dyn Behaviour>> = vec![blazes_at_hand_fought()];
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

#[cfg(test)]
mod tests;
