//! Digging out of a pit no walk leaves: a staircase dug by hand up onto
//! the nearest ground above the feet. Journeys that find no way on and
//! hunts whose quarry stands on the rim above both use it.

use super::behaviour::Behaviour;
use super::long::DigTo;
use super::route::stands_on_ground;
use crate::sim::game::Game;
use crate::sim::world::{offset, BlockPos};

/// Columns around the feet looked at for ground to dig up to, and how
/// far above the feet it may lie (a run that fell into a desert cave six
/// deep, seed 2741's `explore_run`, stood idle below a reach of five).
const DIG_OUT_ACROSS: i32 = 8;
const DIG_OUT_UP: i32 = 8;

/// Open feet cells with ground under them and room for the head, above
/// the feet's level and at most [`DIG_OUT_UP`] over it, within
/// [`DIG_OUT_ACROSS`] columns, nearest first, the height counted with the
/// way across (seed 2245's run, in a trench two deep under a wood, dug
/// up through the canopy straight above rather than onto the rim a
/// column off). A staircase climbs a block a column, so a cell is left
/// out when the way across is too short for its height with at most one
/// turn back: a staircase that winds round over its own steps jumps
/// against their ceilings.
fn ground_above(game: &Game) -> Vec<BlockPos> {
    let feet = game.player.block_pos();
    let world = &game.world;
    let mut cells = Vec::new();
    for dz in -DIG_OUT_ACROSS..=DIG_OUT_ACROSS {
        for dx in -DIG_OUT_ACROSS..=DIG_OUT_ACROSS {
            let lowest_open = (1..=DIG_OUT_UP)
                .map(|dy| offset(feet, [dx, dy, dz]))
                .find(|&cell| stands_on_ground(world, cell));
            if let Some(cell) = lowest_open {
                let dy = cell[1] - feet[1];
                if dx.abs() + dz.abs() >= dy - 1 {
                    cells.push((dx * dx + dy * dy + dz * dz, cell));
                }
            }
        }
    }
    cells.sort_unstable();
    cells.into_iter().map(|(_, cell)| cell).collect()
}

/// [`ground_above`] nearer across to the cell `towards` than the feet
/// are and no lower than it, or else nearer across, or else all of it
/// (seed 3879's canyon rose in steps two high, and a staircase dug onto
/// the first left the player under the next).
fn ground_above_towards(game: &Game, towards: BlockPos) -> Vec<BlockPos> {
    let across = |cell: BlockPos| (cell[0] - towards[0]).pow(2) + (cell[2] - towards[2]).pow(2);
    let feet = across(game.player.block_pos());
    let cells = ground_above(game);
    let keep = |level: bool| -> Vec<BlockPos> {
        let kept = |c: &&BlockPos| across(**c) < feet && (!level || c[1] >= towards[1]);
        cells.iter().filter(kept).copied().collect()
    };
    [keep(true), keep(false)]
        .into_iter()
        .find(|kept| !kept.is_empty())
        .unwrap_or(cells)
}

/// Digs a staircase by hand up onto the nearest ground above the feet:
/// for a walk that found no way on, trapped in a pit two deep that a
/// sprint-jump fell into (seed 1629's run, 101 blocks out).
pub(super) fn dig_out() -> Box<dyn Behaviour> {
    Box::new(DigTo::new(Box::new(ground_above)).onto())
}

/// [`dig_out`] onto the ground on the side of the cell `towards`: for a
/// hunt down in a hollow under its quarry (seed 2538's pig), or in a
/// canyon under one on a rim (seed 3879's pig, on the far side from the
/// nearer rim).
pub(super) fn dig_out_towards(towards: BlockPos) -> Box<dyn Behaviour> {
    let targets = move |game: &Game| ground_above_towards(game, towards);
    Box::new(DigTo::new(Box::new(targets)).onto())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A sky game with dirt `depth` deep over the floor, but for the pit
    /// the player stands in; the dirt reaches far enough round for a
    /// straight staircase out.
    pub(in crate::sim::script) fn in_a_pit(depth: i32) -> Game {
        use crate::sim::inspect::testing::{put, sky_game, FLOOR};
        let mut game = sky_game();
        let reach = 5.max(depth + 3);
        for x in -reach..=reach {
            for z in -reach..=reach {
                if [x, z] != [0, 0] {
                    for y in 1..=depth {
                        put(&mut game, [x, FLOOR + y, z], "dirt");
                    }
                }
            }
        }
        game
    }

    /// Leaves over the pit, their top five above the feet: the ground
    /// dug up to is the pit's rim, two up a column off, not the leaves
    /// straight above (seed 2245's run dug up into a wood's canopy).
    #[test]
    fn the_ground_dug_up_to_is_the_nearest_counting_the_height() {
        use crate::sim::inspect::testing::{put, FLOOR};
        let mut game = in_a_pit(2);
        for x in -1..=1 {
            for z in -1..=1 {
                put(&mut game, [x, FLOOR + 5, z], "oak_leaves");
            }
        }
        let nearest = ground_above(&game)[0];
        assert_eq!(nearest[1], FLOOR + 3, "{nearest:?} is not on the rim");
    }

    /// A pit four deep whose east side steps up two onto a ledge a column
    /// wide before the rim: the ground dug up to towards a cell on the rim
    /// to the east is on the rim, on that side, not on the ledge nearer
    /// (seed 3879's canyon), nor on the rim to the west as near.
    #[test]
    fn the_ground_dug_up_to_towards_a_cell_is_on_its_side_and_level() {
        use crate::sim::inspect::testing::{put, FLOOR};
        let mut game = in_a_pit(4);
        for z in -7..=7 {
            put(&mut game, [1, FLOOR + 3, z], "air");
            put(&mut game, [1, FLOOR + 4, z], "air");
        }
        let rim = FLOOR + 5;
        assert_eq!(
            ground_above(&game)[0],
            [1, FLOOR + 3, 0],
            "the ledge is nearest"
        );
        let towards = ground_above_towards(&game, [5, rim, 0])[0];
        assert_eq!(towards[1], rim, "{towards:?} is not on the rim");
        assert!(towards[0] >= 2, "{towards:?} is not on the east side");
    }
}
