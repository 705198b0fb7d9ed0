//! The ledge guard: whether the ground a short way ahead of the feet
//! holds them, so a hunt's run or a fetch of a drop never carries the
//! body over a ledge deeper than it means to go.

use super::blocks::collides_at;
use super::route;
use crate::sim::game::Game;
use crate::sim::rules::fluids::Fluid;

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
    // Down from level with the feet, the first block that holds the feet
    // decides, unless lava comes first: a drop into lava is no footing,
    // however shallow (`kill_ender_dragon` seed 24: a fetch of a drop
    // walked off a cave's floor into the lava lake one block below it).
    let world = &game.world;
    for d in -1..=deepest {
        let cell = [x, feet - 1 - d, z];
        if collides_at(world, cell) || (water_holds && route::is_water(world, cell)) {
            return true;
        }
        if Fluid::of(world.get(cell)) == Some(Fluid::Lava) {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};

    #[test]
    fn lava_one_block_down_is_no_footing_though_rock_lies_under_it() {
        let mut game = sky_game();
        let east = [1.0, 0.0];
        let pit = [1, FLOOR, 0];
        put(&mut game, [1, FLOOR - 1, 0], "stone");
        put(&mut game, pit, "lava");
        assert!(!ground_within(&game, east, Footing::DropOf(3)));
        assert!(!ground_within(&game, east, Footing::DropOrWaterOf(3)));
        put(&mut game, pit, "water");
        assert!(ground_within(&game, east, Footing::DropOrWaterOf(3)));
        assert!(
            ground_within(&game, east, Footing::DropOf(3)),
            "the rock under the water holds"
        );
        put(&mut game, pit, "air");
        assert!(ground_within(&game, east, Footing::DropOf(1)));
        assert!(!ground_within(&game, east, Footing::DropOf(0)));
    }
}
