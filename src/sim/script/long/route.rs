//! Getting across the Nether safely: [`dig_towards`] goes to a far
//! point in legs of a few dozen blocks, each a [`DigTo`] — over the
//! cavern floors where they lead the way and through the netherrack where
//! they do not, with a solid floor under every step (no falls, nothing to
//! bridge), never opening a cell beside lava, and tunnelling rather than
//! crossing a cavern in the open, in sight of what shoots.

use super::dig::{safe_to_open, DigTo};
use super::phases::equip_best_pickaxe;
use super::survive::eat_if_needed;
use super::Until;
use crate::sim::game::Game;
use crate::sim::script::behaviour::Behaviour;
use crate::sim::script::blocks::collides_at;
use crate::sim::world::BlockPos;

/// Blocks one leg heads along the way.
const LEG: f64 = 40.0;
/// The shares of a leg tried, longest first.
const LEG_SHARES: [f64; 4] = [1.0, 0.5, 0.25, 0.125];
/// Legs keep this high at least: low down, lava lies all about.
const HIGH_ABOVE_LAVA: i32 = 50;
/// The heights a leg may end at: above the lava sea, below the roof.
const LOWEST: i32 = 34;
const HIGHEST: i32 = 110;
/// Legs tried before giving up: a way of a thousand blocks and more,
/// with some legs that end short.
const MOST_LEGS: u32 = 40;

fn horizontal(a: BlockPos, b: BlockPos) -> f64 {
    f64::from(a[0] - b[0]).hypot(f64::from(a[2] - b[2]))
}

/// Where the next leg towards `goal` may end, best first: the goal
/// itself when nearer than a leg; then one solid block (a dig can always
/// reach beside one, where a cell in the air of a cavern may have no
/// floor to stand on) in each of the columns a leg (or the whole way, if
/// shorter), half, a quarter and an eighth of that along the way — the
/// one nearest the line's height (kept well above the lava sea), not
/// beside a fluid — so a dig that finds no way to the far one takes a
/// shorter leg.
fn leg_ends(game: &Game, goal: BlockPos) -> Vec<BlockPos> {
    let feet = game.player.block_pos();
    let distance = horizontal(feet, goal);
    let leg = LEG.min(distance);
    let goal_itself = (distance <= LEG).then_some(goal);
    let shares = LEG_SHARES.iter().filter_map(|&share| {
        let along = |i: usize| {
            let v = f64::from(feet[i]) + f64::from(goal[i] - feet[i]) * leg * share / distance;
            v.round() as i32
        };
        let [x, line_y, z] = [along(0), along(1).max(HIGH_ABOVE_LAVA), along(2)];
        (LOWEST..=HIGHEST)
            .map(|y| [x, y, z])
            .filter(|&pos| collides_at(&game.world, pos) && safe_to_open(&game.world, pos))
            .min_by_key(|pos| (pos[1] - line_y).abs())
    });
    goal_itself.into_iter().chain(shares).collect()
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
                Box::new(DigTo::new(Box::new(move |g| leg_ends(g, goal))).sheltered()),
            ]
        },
    ))
}
