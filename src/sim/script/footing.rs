//! The ledge guard: whether the ground a short way ahead of the feet
//! holds them, so a hunt's run or a fetch of a drop never carries the
//! body over a ledge deeper than it means to go.

use super::blocks::collides_at;
use super::travel;
use crate::sim::game::Game;

/// How far ahead of the feet the ground is looked at.
const LEDGE_LOOKAHEAD: f64 = 0.9;

/// What the feet may step onto.
#[derive(Clone, Copy)]
pub(super) enum Footing {
    /// Ground up to this many blocks down.
    DropOf(i32),
    /// Ground up to this many blocks down, or water there to land in or
    /// swim on (of none down: level with the feet).
    DropOrWaterOf(i32),
}

/// Whether a short way from the feet along the horizontal direction `dir`
/// (not normalised) there is `footing` (or a block to step against).
pub(super) fn ground_within(game: &Game, dir: [f64; 2], footing: Footing) -> bool {
    let p = &game.player;
    let length = dir[0].hypot(dir[1]);
    if length < 1e-6 {
        return true;
    }
    let x = (p.pos[0] + dir[0] / length * LEDGE_LOOKAHEAD).floor() as i32;
    let z = (p.pos[2] + dir[1] / length * LEDGE_LOOKAHEAD).floor() as i32;
    let feet = p.pos[1].floor() as i32;
    let (deepest, water_holds) = match footing {
        Footing::DropOf(drop) => (drop, false),
        Footing::DropOrWaterOf(drop) => (drop, true),
    };
    (-1..=deepest).any(|d| {
        let cell = [x, feet - 1 - d, z];
        collides_at(&game.world, cell) || (water_holds && travel::is_water(&game.world, cell))
    })
}
