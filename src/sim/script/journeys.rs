//! Plans for the travelling judge-only tasks: running far into another
//! biome and finding a forest. Each picks a guide column from the world
//! generator's map (as a player picks a landmark on the horizon) and
//! travels over the walkable ground until its goal holds.

use super::goals::RUN_DISTANCE;
use super::plans::{settle, Plan};
use super::travel::travel;
use crate::sim::game::Game;
use crate::sim::inspect::land::{self, FOREST_BIOMES};
use crate::sim::world::gen::Biome;
use crate::sim::world::BlockPos;

/// How far from the start guides are looked for, and the spacing of the
/// columns looked at.
const GUIDE_SEARCH: i32 = 320;
const GUIDE_SPACING: usize = 4;

/// The start's column.
fn start_column(game: &Game) -> [i32; 2] {
    [game.start[0].floor() as i32, game.start[2].floor() as i32]
}

/// The columns in growing square rings around the start, every
/// [`GUIDE_SPACING`] blocks, nearest rings first.
fn rings_around(game: &Game) -> impl Iterator<Item = [i32; 2]> {
    let [x, z] = start_column(game);
    (0..=GUIDE_SEARCH)
        .step_by(GUIDE_SPACING)
        .flat_map(move |r| {
            (-r..=r).step_by(GUIDE_SPACING).flat_map(move |d| {
                let sides = [[d, -r], [r, d], [-d, r], [-r, -d]];
                sides.into_iter().take(if r == 0 { 1 } else { 4 })
            })
        })
        .map(move |[dx, dz]| [x + dx, z + dz])
}

fn biome_of(game: &Game, [x, z]: [i32; 2]) -> Biome {
    game.world.generator().biome(x, z)
}

/// A block past [`RUN_DISTANCE`] (measured to the cell's middle), so the
/// feet anywhere in the cell are far enough.
fn run_goal(game: &Game, feet: BlockPos) -> bool {
    let distance =
        (f64::from(feet[0]) + 0.5 - game.start[0]).hypot(f64::from(feet[2]) + 0.5 - game.start[2]);
    distance >= RUN_DISTANCE + 1.0
        && biome_of(game, [feet[0], feet[2]]) != biome_of(game, start_column(game))
}

/// Runs to the nearest land of another biome far enough from the start.
pub(super) fn explore_run(game: &Game) -> Plan {
    let home = biome_of(game, start_column(game));
    let [x0, z0] = start_column(game);
    let far = |[x, z]: [i32; 2]| f64::from(x - x0).hypot(f64::from(z - z0)) >= RUN_DISTANCE + 8.0;
    let guide = rings_around(game).find(|&c| {
        let biome = biome_of(game, c);
        far(c) && biome != home && !matches!(biome, Biome::Ocean | Biome::River)
    });
    vec![travel(run_goal, guide), settle()]
}

fn forest_goal(game: &Game, feet: BlockPos) -> bool {
    land::is_forest(game, feet)
}

/// Walks into the nearest forest, aiming a little way inside its edge.
pub(super) fn find_forest(game: &Game) -> Plan {
    let deep = |[x, z]: [i32; 2]| {
        [[0, 0], [8, 0], [-8, 0], [0, 8], [0, -8]]
            .iter()
            .all(|[dx, dz]| FOREST_BIOMES.contains(&biome_of(game, [x + dx, z + dz])))
    };
    let guide = rings_around(game).find(|&c| deep(c));
    vec![travel(forest_goal, guide), settle()]
}
