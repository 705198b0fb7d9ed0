//! Getting across the Nether safely: [`dig_towards`] goes to a far
//! point in legs of a few dozen blocks, each a [`DigTo`] — over the
//! cavern floors where they lead the way and through the netherrack where
//! they do not, with a solid floor under every step (no falls, nothing to
//! bridge), never opening a cell beside lava.

use super::dig::{is_liquid, DigTo};
use super::phases::equip_best_pickaxe;
use super::survive::eat_if_needed;
use super::Until;
use crate::sim::game::Game;
use crate::sim::script::behaviour::Behaviour;
use crate::sim::world::BlockPos;

/// Blocks one leg heads along the way.
const LEG: f64 = 40.0;
/// Heights tried for a leg's end, from the line's own.
const LEG_HEIGHTS: [i32; 5] = [0, 3, -3, 6, 10];
/// The lowest leg end: above the lava sea.
const LOWEST: i32 = 34;
/// Legs tried before giving up: a way of a thousand blocks and more,
/// with some legs that end short.
const MOST_LEGS: u32 = 40;

fn horizontal(a: BlockPos, b: BlockPos) -> f64 {
    f64::from(a[0] - b[0]).hypot(f64::from(a[2] - b[2]))
}

/// Where the next leg towards `goal` may end, best first: a point `LEG`
/// blocks along the way (the goal itself when nearer), at a few heights,
/// none in a fluid.
fn leg_ends(game: &Game, goal: BlockPos) -> Vec<BlockPos> {
    let feet = game.player.block_pos();
    let distance = horizontal(feet, goal);
    let share = if distance <= LEG { 1.0 } else { LEG / distance };
    let along = |i: usize| {
        let v = f64::from(feet[i]) + f64::from(goal[i] - feet[i]) * share;
        v.round() as i32
    };
    let end = [along(0), along(1), along(2)];
    if share >= 1.0 {
        return vec![goal];
    }
    LEG_HEIGHTS
        .iter()
        .map(|&dy| [end[0], (end[1] + dy).max(LOWEST), end[2]])
        .filter(|&pos| !is_liquid(&game.world, pos))
        .collect()
}

/// Digs and walks, leg by leg, until the feet are within `within` blocks
/// (horizontally) of `goal`, or beside it.
pub fn dig_towards(goal: BlockPos, within: f64) -> Box<dyn Behaviour> {
    Box::new(Until::new(
        move |g| horizontal(g.player.block_pos(), goal) <= within,
        MOST_LEGS,
        move |_| {
            vec![
                eat_if_needed("diamond_pickaxe"),
                equip_best_pickaxe(),
                Box::new(DigTo::new(Box::new(move |g| leg_ends(g, goal)))),
            ]
        },
    ))
}
