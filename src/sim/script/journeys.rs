//! Plans for the travelling judge-only tasks: running far into another
//! biome, finding a forest, climbing the nearest hill high enough, walking
//! into the nearest village. Each picks a guide column from the world
//! generator's map (as a player picks a landmark on the horizon) and
//! travels over the walkable ground until its goal holds.

use super::dig_out::dig_out;
use super::goals::{CLIMB_HEIGHT, RUN_DISTANCE};
use super::long::Until;
use super::plans::{settle, Plan};
use super::route::Goal;
use super::travel::travel_overland;
use crate::sim::game::Game;
use crate::sim::inspect::land::{self, FOREST_BIOMES};
use crate::sim::inspect::village;
use crate::sim::registry::registry;
use crate::sim::world::gen::structures::StructureKind;
use crate::sim::world::gen::{Biome, SEA_LEVEL};
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

/// How far a column lies from the start's, across.
fn from_start(game: &Game, [x, z]: [i32; 2]) -> f64 {
    let [x0, z0] = start_column(game);
    f64::from(x - x0).hypot(f64::from(z - z0))
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

/// How much farther than the nearest guide for a run, or for a forest,
/// another may lie when its way is drier.
const RUN_SLACK: f64 = 40.0;
const FOREST_SLACK: f64 = 40.0;
/// Blocks between the columns looked at along a guide's straight way.
const WAY_SAMPLE: f64 = 4.0;
/// A block of water on the straight way to a guide weighs as much as this
/// many blocks of land: swimming is slow, and a walk goes round a lake.
const WATER_WEIGHT: f64 = 3.0;
/// A block the straight way to a guide climbs weighs as much as this many
/// blocks of level land: a walk jumps up each step (seed 31's driest way
/// went over a mountain 44 blocks high).
const CLIMB_WEIGHT: f64 = 2.0;

/// Whether a column whose planned land lies at `height` is water: sea,
/// river or lake bed.
fn wet(game: &Game, column: [i32; 2], height: i32) -> bool {
    height < SEA_LEVEL || matches!(biome_of(game, column), Biome::Ocean | Biome::River)
}

/// The straight way's length from the start to a column, each block of
/// it over water weighed [`WATER_WEIGHT`] times, and each block it climbs
/// weighed [`CLIMB_WEIGHT`] blocks more.
fn way_cost(game: &Game, [x, z]: [i32; 2]) -> f64 {
    let [x0, z0] = start_column(game);
    let (dx, dz) = (f64::from(x - x0), f64::from(z - z0));
    let length = dx.hypot(dz);
    let samples = (length / WAY_SAMPLE).ceil().max(1.0) as i32;
    let mut height = land::land_height(game, [x0, z0]).max(SEA_LEVEL);
    let mut cost = length;
    for i in 1..=samples {
        let along = f64::from(i) / f64::from(samples);
        let column = [
            x0 + (dx * along).round() as i32,
            z0 + (dz * along).round() as i32,
        ];
        let land = land::land_height(game, column);
        if wet(game, column, land) {
            cost += (WATER_WEIGHT - 1.0) * length / f64::from(samples);
        }
        let next = land.max(SEA_LEVEL);
        cost += CLIMB_WEIGHT * f64::from((next - height).max(0));
        height = next;
    }
    cost
}

/// Of the columns meeting `wanted` (in rings round the start) no farther
/// than `slack` beyond the nearest of them, the one whose straight way
/// costs least: the least water crossed, the least climbed.
fn cheapest_guide(game: &Game, wanted: impl Fn([i32; 2]) -> bool, slack: f64) -> Option<[i32; 2]> {
    let [x0, z0] = start_column(game);
    let ring = |[x, z]: [i32; 2]| f64::from((x - x0).abs().max((z - z0).abs()));
    let nearest = rings_around(game).find(|&c| wanted(c))?;
    let reach = from_start(game, nearest) + slack;
    rings_around(game)
        .take_while(|&c| ring(c) <= reach)
        .filter(|&c| from_start(game, c) <= reach && wanted(c))
        .map(|c| (way_cost(game, c), c))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Runs to land of another biome far enough from the start: the guide a
/// little past the distance whose way crosses the least water and climbs
/// the least (seed 103's nearest lay across a lake, and the walk round
/// it ran out of steps).
pub(super) fn explore_run(game: &Game) -> Plan {
    let home = biome_of(game, start_column(game));
    let other_land = |c: [i32; 2]| {
        let biome = biome_of(game, c);
        from_start(game, c) >= RUN_DISTANCE + 8.0
            && biome != home
            && !matches!(biome, Biome::Ocean | Biome::River)
    };
    let guide = cheapest_guide(game, other_land, RUN_SLACK);
    journey(run_goal, guide)
}

fn forest_goal(game: &Game, feet: BlockPos) -> bool {
    land::is_forest(game, feet)
}

/// Walks into a near forest, aiming a little way inside its edge: of
/// the forests near, the one with the driest way (seed 272's nearest lay
/// across a river whose banks no walk climbs).
pub(super) fn find_forest(game: &Game) -> Plan {
    let deep = |[x, z]: [i32; 2]| {
        [[0, 0], [8, 0], [-8, 0], [0, 8], [0, -8]]
            .iter()
            .all(|[dx, dz]| FOREST_BIOMES.contains(&biome_of(game, [x + dx, z + dz])))
    };
    let guide = cheapest_guide(game, deep, FOREST_SLACK);
    journey(forest_goal, guide)
}

/// Feet on a natural summit at least [`CLIMB_HEIGHT`] above the start.
fn climb_goal(game: &Game, feet: BlockPos) -> bool {
    f64::from(feet[1]) - game.start[1] >= CLIMB_HEIGHT
        && land::is_summit(game, [feet[0], feet[1] - 1, feet[2]])
}

/// The top of the hill a column lies on: from the column, up to the
/// highest planned land around, until nothing around is higher.
fn hilltop(game: &Game, mut column: [i32; 2]) -> [i32; 2] {
    let height = |c| land::land_height(game, c);
    loop {
        let [x, z] = column;
        let r = land::SUMMIT_RADIUS;
        let highest = (-r..=r)
            .flat_map(|dz| (-r..=r).map(move |dx| [x + dx, z + dz]))
            .max_by_key(|&c| height(c))
            .unwrap_or(column);
        if height(highest) <= height(column) {
            return column;
        }
        column = highest;
    }
}

/// Columns this far below the height a climb needs may still lie on a
/// hill whose top is high enough.
const HILL_SLACK: f64 = 8.0;
/// Hills looked at, nearest first, for the nearest top high enough.
const HILLS: usize = 32;

/// Climbs the nearest hill whose top is high enough above the start: of
/// the nearest columns that may lie on such a hill, and the nearest
/// column already high enough (the rises near may all top out too low),
/// the top nearest the start (a lower hill close by beats the mountain
/// behind it).
pub(super) fn explore_climb(game: &Game) -> Plan {
    journey(climb_goal, hill_to_climb(game))
}

/// How high a column's land lies above the start's feet.
fn above_start(game: &Game, column: [i32; 2]) -> f64 {
    f64::from(land::land_height(game, column) + 1) - game.start[1]
}

/// The [`HILLS`] nearest columns that may lie on a hill high enough.
fn rises_near(game: &Game) -> impl Iterator<Item = [i32; 2]> + '_ {
    rings_around(game)
        .filter(|&c| above_start(game, c) >= CLIMB_HEIGHT - HILL_SLACK)
        .take(HILLS)
}

/// The top [`explore_climb`] heads for, if any lies in reach of the map.
fn hill_to_climb(game: &Game) -> Option<[i32; 2]> {
    let start = start_column(game);
    let distance = |[x, z]: [i32; 2]| (x - start[0]).pow(2) + (z - start[1]).pow(2);
    let nearest_high = rings_around(game).find(|&c| above_start(game, c) >= CLIMB_HEIGHT);
    rises_near(game)
        .chain(nearest_high)
        .map(|c| hilltop(game, c))
        .filter(|&top| above_start(game, top) >= CLIMB_HEIGHT)
        .min_by_key(|&top| distance(top))
}

/// Times a journey trapped with no way on digs out and goes on.
const DIG_OUTS: u32 = 3;

/// Travels over the land until the goal holds underfoot, then settles;
/// where the walk finds no way on ([`dig_out`]) it digs out and goes on.
fn journey(goal: Goal, guide: Option<[i32; 2]>) -> Plan {
    vec![
        Box::new(Until::new(
            move |g: &Game| g.player.on_ground && goal(g, g.player.block_pos()),
            DIG_OUTS + 1,
            move |_| vec![travel_overland(goal, guide), dig_out()],
        )),
        settle(),
    ]
}

/// Blocks village streets are paved with (each village style's path).
const VILLAGE_PATHS: [&str; 2] = ["grass_path", "smooth_sandstone"];

/// Feet on a village street, among its houses and by its bell or a
/// villager (the street test first: it is cheap, the village test is not).
fn in_a_village(game: &Game, feet: BlockPos) -> bool {
    let below = registry().block(game.world.get([feet[0], feet[1] - 1, feet[2]]));
    VILLAGE_PATHS.contains(&below.name) && village::is_in_village(game, feet)
}

/// Where the nearest village on the world's map starts, from the start.
fn nearest_village(game: &Game) -> Option<BlockPos> {
    let [x, z] = start_column(game);
    game.world
        .generator()
        .structures_near(x, z, GUIDE_SEARCH)
        .into_iter()
        .find(|s| s.kind == StructureKind::Village)
        .map(|s| s.pos)
}

/// Walks into the nearest village on the world's map.
pub(super) fn find_village(game: &Game) -> Plan {
    let guide = nearest_village(game).map(|[x, _, z]| [x, z]);
    journey(in_a_village, guide)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Action;
    use crate::sim::script::goals;
    use crate::sim::script::long::stage::play_phase;
    use crate::sim::{command, rules, CommandStatus};

    /// `find_village`'s world for scenario seed 1 with the player moved
    /// from the start to 48 blocks east of the nearest village's start.
    fn near_a_village() -> Game {
        let mut game = Game::new(crate::sim::episode_seed(1, "find_village"));
        let [vx, _, vz] = nearest_village(&game).expect("a village in reach of the map");
        let ground = land::land_height(&game, [vx + 48, vz]);
        let tp = format!("/tp @s {} {} {}", vx + 48, ground + 1, vz);
        assert_eq!(
            command::run(&mut game, &tp),
            CommandStatus::Accepted,
            "{tp}"
        );
        // Land, and let the world around load, as after any teleport.
        for _ in 0..20 {
            rules::tick(&mut game, &Action::noop());
        }
        game.start = game.player.pos;
        game
    }

    #[test]
    fn the_village_walk_ends_in_the_village_when_one_is_in_reach() {
        let game = near_a_village();
        assert!(!goals::in_village(&game), "the walk starts outside");
        let plan = find_village(&game);
        let walked = play_phase(game, plan, goals::in_village, 900);
        assert!(
            walked.reached,
            "not in the village after {} steps",
            walked.steps
        );
    }

    #[test]
    fn a_climb_past_rises_that_top_out_too_low_heads_for_a_hill_high_enough() {
        // Scenario seed 36: the land rises near the start, but not high
        // enough; the first hill high enough lies about 130 blocks off.
        let game = Game::new(crate::sim::episode_seed(36, "explore_climb"));
        let near_tops_too_low =
            rises_near(&game).all(|c| above_start(&game, hilltop(&game, c)) < CLIMB_HEIGHT);
        assert!(near_tops_too_low, "the world no longer has the low rises");
        let top = hill_to_climb(&game).expect("a hill high enough in reach");
        assert!(above_start(&game, top) >= CLIMB_HEIGHT, "{top:?}");
        assert!(from_start(&game, top) < 200.0, "{top:?}");
        assert_eq!(hilltop(&game, top), top, "{top:?} is not a top");
    }

    /// Feet under the open sky four blocks or more east of the pit: on
    /// the ground's top, not in a tunnel through it.
    fn east_on_top(game: &Game, feet: BlockPos) -> bool {
        feet[0] >= 4 && (1..12).all(|y| game.world.get(crate::sim::world::up(feet, y)).is_air())
    }

    /// Plays a journey east out of [`in_a_pit`] `depth` deep, to
    /// [`east_on_top`]: the steps it took, or where it stood when `steps`
    /// ran out or the plan ended.
    fn journey_out_of_a_pit(depth: i32, steps: u32) -> Result<u32, String> {
        use crate::sim::script::dig_out::tests::in_a_pit;
        let walked = play_phase(
            in_a_pit(depth),
            journey(east_on_top, Some([5, 0])),
            |g| east_on_top(g, g.player.block_pos()) && g.player.on_ground,
            steps,
        );
        let feet = walked.game.player.block_pos();
        if walked.reached {
            Ok(walked.steps)
        } else {
            Err(format!("at {feet:?} after {} steps", walked.steps))
        }
    }

    #[test]
    fn a_journey_trapped_in_a_pit_two_deep_digs_out_and_goes_on() {
        journey_out_of_a_pit(2, 600).unwrap();
    }

    #[test]
    fn a_journey_fallen_into_a_pit_seven_deep_digs_out_and_goes_on() {
        journey_out_of_a_pit(7, 2000).unwrap();
    }
}
