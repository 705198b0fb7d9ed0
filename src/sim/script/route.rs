//! Routes over the walkable ground: a search of the cells feet can
//! stand in (steps up one block, drops of up to three — or deeper ones
//! that hurt, when asked — no water or lava, no squeezing between
//! corners) for the nearest spot meeting a goal, heading for a guide
//! point while none is found. Swimming costs more; on an overland
//! journey so do steps in caves and ravines, so a path does not wander
//! down one, nor end in one when it falls short of the goal; in the End
//! so do steps near the dragon's clouds of breath.

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use super::blocks::collides_at;
use crate::sim::creature::path::grid::{self, Grid};
use crate::sim::game::Game;
use crate::sim::inspect::land;
use crate::sim::registry::{registry, Shape};
use crate::sim::world::{up, BlockPos, World};

/// A goal: whether feet standing in a cell meet it.
pub type Goal = fn(&Game, BlockPos) -> bool;

/// Cells a search looks at before it settles for the one nearest the guide.
const SEARCH_CELLS: usize = 30_000;
/// Path costs, in tenths of a block: a straight step, a diagonal one, the
/// extra for stepping up and for dropping down.
const STRAIGHT: u32 = 10;
const DIAGONAL: u32 = 14;
const CLIMB: u32 = 6;
const DROP: u32 = 2;
/// The deepest drop a walk takes (three blocks fall without harm), and
/// the extra cost of each block a deeper drop, when one is allowed, falls
/// beyond that.
pub(super) const HARMLESS_DROP: i32 = 3;
const HURT: u32 = 20;
/// The highest top, over the block's floor, that a jump lands on: a
/// fence or a wall (1.5) is not climbed (seed 4094's `find_item_frame`:
/// the path to the frame went over a village lamp's fence post, and the
/// walk jumped at it until the task ended).
const JUMP_HEIGHT: f32 = 1.25;
/// How much the distance to the guide weighs against the path's length.
const GUIDE_WEIGHT: u32 = 2;
/// How far round a cell the world must be generated for the ground
/// there to count as known.
const KNOWN_MARGIN: i32 = 4;

pub(super) fn is_water(world: &World, pos: BlockPos) -> bool {
    registry().block(world.get(pos)).name == "water"
}

/// Whether the body can be in a cell: air, a plant, or water to swim in.
fn free(world: &World, pos: BlockPos) -> bool {
    let shape = registry().block(world.get(pos)).shape;
    !shape.collides() && (shape != Shape::Liquid || is_water(world, pos))
}

/// Whether the body fits with its feet in a cell.
fn room_for_body(world: &World, feet: BlockPos) -> bool {
    free(world, feet) && free(world, up(feet, 1))
}

/// Whether feet can be in a cell: room for the body, and ground beneath
/// or water to swim on.
fn standable(world: &World, feet: BlockPos) -> bool {
    let below = up(feet, -1);
    room_for_body(world, feet) && (collides_at(world, below) || is_water(world, below))
}

/// Whether a body with its feet in a cell falls more than a block: it
/// has room there, and neither that cell nor the one below holds the feet.
pub(super) fn falls_through(world: &World, feet: BlockPos) -> bool {
    room_for_body(world, feet) && !standable(world, feet) && !standable(world, up(feet, -1))
}

/// Whether feet can stand in a cell on solid ground: room for the body
/// and a block beneath that holds it.
pub(super) fn stands_on_ground(world: &World, feet: BlockPos) -> bool {
    room_for_body(world, feet) && collides_at(world, up(feet, -1))
}

/// Swimming is slow: steps in or over water cost this many times more.
const SWIM_FACTOR: u32 = 3;
/// On an overland journey, steps with the feet at least this far below
/// where they stand on the land's planned surface (in a cave or a
/// ravine) cost this many times more.
const UNDERGROUND_DEPTH: i32 = 3;
const UNDERGROUND_FACTOR: u64 = 4;
/// On a walk clear of breath, steps this near a cloud's edge cost this
/// many times more.
const BREATH_MARGIN: f64 = 1.5;
const BREATH_FACTOR: u64 = 20;

/// A step's cost into `to`, more if it swims.
fn priced(world: &World, to: BlockPos, cost: u32) -> (BlockPos, u32) {
    let swims = is_water(world, to) || is_water(world, up(to, -1));
    (to, if swims { cost * SWIM_FACTOR } else { cost })
}

/// Where feet at `from` end up after a step towards the column (dx, dz),
/// with the step's cost: level, one up, or a drop of up to
/// `deepest_drop`; diagonal steps only on the level, with both corners
/// open.
pub(super) fn step(
    world: &World,
    from: BlockPos,
    [dx, dz]: [i32; 2],
    deepest_drop: i32,
) -> Option<(BlockPos, u32)> {
    let [x, y, z] = from;
    let level = [x + dx, y, z + dz];
    if dx != 0 && dz != 0 {
        let open = |pos| free(world, pos) && free(world, up(pos, 1));
        return (open([x + dx, y, z]) && open([x, y, z + dz]) && standable(world, level))
            .then(|| priced(world, level, DIAGONAL));
    }
    if standable(world, level) {
        return Some(priced(world, level, STRAIGHT));
    }
    if collides_at(world, level) {
        // Feet over the water's top climb no bank a block higher: a
        // swimmer hops out only onto a top within 0.6 of its feet (from
        // the water's top cell, the land level with it is climbed onto).
        let afloat = !is_water(world, from) && is_water(world, up(from, -1));
        let above = up(level, 1);
        let jumped_onto = registry().block(world.get(level)).height <= JUMP_HEIGHT;
        return (!afloat && jumped_onto && standable(world, above) && free(world, up(from, 2)))
            .then(|| priced(world, above, STRAIGHT + CLIMB));
    }
    if !free(world, up(level, 1)) {
        return None;
    }
    let landing = (1..=deepest_drop)
        .map(|d| up(level, -d))
        .take_while(|&pos| free(world, pos))
        .find(|&pos| standable(world, pos))?;
    let hurt = (from[1] - landing[1] - HARMLESS_DROP).max(0) as u32;
    Some(priced(world, landing, STRAIGHT + DROP + HURT * hurt))
}

/// Where a search heads while it finds no goal: a column, or a cell
/// whose height counts too (a creature down in a cave is walked towards
/// down the cave's mouth, not to the ground over it).
#[derive(Debug, Clone, Copy)]
pub(super) struct Guide {
    column: [i32; 2],
    height: Option<i32>,
}

impl Guide {
    pub(super) fn column(column: [i32; 2]) -> Guide {
        Guide {
            column,
            height: None,
        }
    }

    /// A cell, its height weighed as much as the way across.
    pub(super) fn cell([x, y, z]: BlockPos) -> Guide {
        Guide {
            column: [x, z],
            height: Some(y),
        }
    }

    /// The distance from a cell, in tenths.
    fn tenths_to(&self, pos: BlockPos) -> u32 {
        let [x, z] = self.column;
        let dy = self.height.map_or(0, |y| pos[1] - y);
        let d = [pos[0] - x, dy, pos[2] - z].map(|v| f64::from(v).powi(2));
        ((d[0] + d[1] + d[2]).sqrt() * 10.0) as u32
    }
}

/// A search for a cell meeting the goal, steered towards the guide; the
/// expanded cell nearest the guide is kept (on an overland journey, the
/// nearest on the open ground, if any: see [`GoalSearch::fallback_rank`]).
struct GoalSearch<'g> {
    game: &'g Game,
    start: BlockPos,
    goal: &'g dyn Fn(BlockPos) -> bool,
    guide: Option<Guide>,
    /// The best fallback end so far, with its [`GoalSearch::fallback_rank`].
    nearest: ((bool, u32), BlockPos),
    /// On an overland journey, the planned surface height of the columns
    /// looked at so far.
    surface: Option<RefCell<FxHashMap<[i32; 2], i32>>>,
    ground: Ground,
    deepest_drop: i32,
    /// Cells the path must not pass through.
    avoid: Option<Goal>,
}

impl GoalSearch<'_> {
    fn to_guide(&self, pos: BlockPos) -> u32 {
        self.guide.map_or(0, |g| GUIDE_WEIGHT * g.tenths_to(pos))
    }

    /// How a cell ranks as the end of a path that finds no goal, lowest
    /// first: a cell on the open ground before any underground, then the
    /// nearest the guide. A journey's path that ends where the world
    /// known so far ends goes on from there, and one ended in a pit must
    /// climb back out (seed 3046's `explore_run`: the cell nearest the
    /// guide lay at the bottom of a sinkhole, seven blocks under the
    /// land, and the way on from there was a loop of 274 waypoints back
    /// round, on which the run's steps ran out).
    fn fallback_rank(&self, cell: BlockPos) -> (bool, u32) {
        (self.underground(cell), self.to_guide(cell))
    }

    /// Whether feet in `cell` are well below the land's planned surface,
    /// on an overland journey.
    fn underground(&self, cell: BlockPos) -> bool {
        let Some(surface) = &self.surface else {
            return false;
        };
        let column = [cell[0], cell[2]];
        let height = *surface
            .borrow_mut()
            .entry(column)
            .or_insert_with(|| land::land_height(self.game, column));
        cell[1] <= height + 1 - UNDERGROUND_DEPTH
    }
}

impl Grid for GoalSearch<'_> {
    fn step(&self, from: BlockPos, dx: i32, dz: i32) -> Option<(BlockPos, u64)> {
        let (to, cost) = step(&self.game.world, from, [dx, dz], self.deepest_drop)?;
        if self.avoid.is_some_and(|avoid| avoid(self.game, to)) {
            return None;
        }
        let factor = if self.underground(to) {
            UNDERGROUND_FACTOR
        } else if self.ground == Ground::TheEnd && in_breath(self.game, to) {
            BREATH_FACTOR
        } else {
            1
        };
        Some((to, u64::from(cost) * factor))
    }

    fn estimate(&self, cell: BlockPos) -> u64 {
        u64::from(self.to_guide(cell))
    }

    fn is_goal(&self, cell: BlockPos) -> bool {
        cell != self.start && (self.goal)(cell)
    }

    /// Cells come in order of cost so far plus estimate left, so of the
    /// cells equally near the guide the first is the cheapest to reach.
    fn expanding(&mut self, cell: BlockPos) {
        let rank = self.fallback_rank(cell);
        if rank < self.nearest.0 {
            self.nearest = (rank, cell);
        }
    }
}

/// Whether the world is generated [`KNOWN_MARGIN`] blocks all round a
/// cell (at the corners of that square: chunks are generated in squares
/// round the player). Past the chunks generated, blocks read as air.
pub(super) fn well_inside_the_known(world: &World, [x, y, z]: BlockPos) -> bool {
    let m = KNOWN_MARGIN;
    [[-m, -m], [m, -m], [-m, m], [m, m]]
        .iter()
        .all(|[dx, dz]| world.is_generated([x + dx, y, z + dz]))
}

/// Where a journey may go: anywhere walkable, keeping to the open
/// ground, or over the End's island (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ground {
    Any,
    Overland,
    TheEnd,
}

/// Whether feet in `cell` stand near a cloud of the dragon's breath.
pub(super) fn in_breath(game: &Game, cell: BlockPos) -> bool {
    let [x, z] = middle(cell);
    crate::sim::rules::dragon_breath::breath_near(game, [x, f64::from(cell[1]), z], BREATH_MARGIN)
}

/// The path (feet cells after the start) to the nearest cell meeting the
/// goal, or else to the cell seen nearest the guide; empty if neither.
pub fn search(
    game: &Game,
    start: BlockPos,
    goal: Goal,
    guide: Option<[i32; 2]>,
    ground: Ground,
) -> Vec<BlockPos> {
    guided_search(
        game,
        start,
        goal,
        guide.map(Guide::column),
        ground,
        HARMLESS_DROP,
        None,
    )
}

/// [`search`] heading for a [`Guide`], taking drops up to
/// `deepest_drop`, through no cell `avoid` holds for.
pub(super) fn guided_search(
    game: &Game,
    start: BlockPos,
    goal: Goal,
    guide: Option<Guide>,
    ground: Ground,
    deepest_drop: i32,
    avoid: Option<Goal>,
) -> Vec<BlockPos> {
    let meets = |cell| goal(game, cell);
    let mut walk = GoalSearch {
        game,
        start,
        goal: &meets,
        guide,
        nearest: ((false, 0), start),
        surface: (ground == Ground::Overland).then(RefCell::default),
        ground,
        deepest_drop,
        avoid,
    };
    walk.nearest = (walk.fallback_rank(start), start);
    let found = grid::search(&mut walk, start, SEARCH_CELLS);
    found.path_to(found.reached.unwrap_or(walk.nearest.1))
}

/// The cell nearest by the walk from `start` (the start itself
/// included) where feet meet `goal`, if the search comes to one: what
/// lies a few blocks off across a pit may be a long way round.
pub(super) fn nearest_by_walk(
    game: &Game,
    start: BlockPos,
    goal: &dyn Fn(BlockPos) -> bool,
) -> Option<BlockPos> {
    if goal(start) {
        return Some(start);
    }
    let mut walk = GoalSearch {
        game,
        start,
        goal,
        guide: None,
        nearest: ((false, 0), start),
        surface: None,
        ground: Ground::Any,
        deepest_drop: HARMLESS_DROP,
        avoid: None,
    };
    grid::search(&mut walk, start, SEARCH_CELLS).reached
}

/// The middle of a cell's column.
pub(super) fn middle(cell: BlockPos) -> [f64; 2] {
    [f64::from(cell[0]) + 0.5, f64::from(cell[2]) + 0.5]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::rules::testkit::fill;

    fn nowhere(_: &Game, _: BlockPos) -> bool {
        false
    }

    /// A search that finds no goal settles for the cell nearest the guide;
    /// cells equally near (to a tenth) are many across a wide way far from
    /// the guide, and the one kept is the cheapest to reach, straight ahead,
    /// not the first of them in coordinate order off to one side.
    #[test]
    fn a_search_short_of_its_guide_ends_straight_ahead_of_the_start() {
        let mut game = sky_game();
        for x in -3..=3 {
            for z in -5..=60 {
                put(&mut game, [x, FLOOR, z], "stone");
            }
        }
        let start = game.player.block_pos();
        let path = search(&game, start, nowhere, Some([0, 500]), Ground::Any);
        assert_eq!(path.last(), Some(&[0, FLOOR + 1, 60]), "{path:?}");
        assert!(path.iter().all(|w| w[0] == 0), "{path:?}");
    }

    /// On an overland journey a search short of its guide ends on the
    /// open ground, not on the floor of a pit nearer the guide (seed
    /// 3046's `explore_run` ended its first path in a sinkhole); a search
    /// over any ground ends in the pit. The ground is the generated
    /// land's, walled in so the search ends at the pen's far side, where
    /// the pit reaches a block farther than the ground beside it.
    #[test]
    fn an_overland_search_short_of_its_guide_ends_beside_a_pit_not_in_it() {
        const FAR: i32 = 16;
        let mut game = Game::blank(3);
        let surface = |game: &Game, x, z| land::land_height(game, [x, z]);
        let in_the_pit = |x: i32, z: i32| x.abs() <= 1 && z >= FAR - 4;
        for x in -4..=4 {
            for z in -3..=FAR + 1 {
                let top = surface(&game, x, z);
                let wall = x.abs() == 4 || z == -3 || z == FAR + 1 || (z == FAR && x.abs() > 1);
                if wall {
                    for y in top + 1..=top + 3 {
                        put(&mut game, [x, y, z], "stone");
                    }
                } else if in_the_pit(x, z) {
                    for y in top - 2..=top {
                        put(&mut game, [x, y, z], "air");
                    }
                }
            }
        }
        let start = [0, surface(&game, 0, 0) + 1, 0];
        let overland = search(&game, start, nowhere, Some([0, 500]), Ground::Overland);
        let end = *overland.last().expect("a path");
        assert_eq!(end[2], FAR - 1, "{overland:?}");
        assert_eq!(end[1], surface(&game, end[0], end[2]) + 1, "{overland:?}");
        assert!(!in_the_pit(end[0], end[2]), "{overland:?}");
        let anywhere = search(&game, start, nowhere, Some([0, 500]), Ground::Any);
        let bottom = [0, surface(&game, 0, FAR) - 2, FAR];
        assert_eq!(anywhere.last(), Some(&bottom), "{anywhere:?}");
    }

    /// A step up onto a block is climbed, onto a fence post (1.5 high)
    /// not (seed 4094's village lamp).
    #[test]
    fn a_step_climbs_a_block_but_not_a_fence() {
        let mut game = sky_game();
        let start = game.player.block_pos();
        let ahead = [start[0] + 1, start[1], start[2]];
        put(&mut game, ahead, "dirt");
        let climbed = step(&game.world, start, [1, 0], HARMLESS_DROP);
        assert_eq!(climbed.map(|(to, _)| to), Some(up(ahead, 1)));
        put(&mut game, ahead, "oak_fence");
        assert_eq!(step(&game.world, start, [1, 0], HARMLESS_DROP), None);
    }

    /// A search told to keep out of some cells (the detour to a view of a
    /// fallen item frame, out of the cells that would pick it up) goes
    /// round them; without them it goes straight through.
    #[test]
    fn a_search_keeps_out_of_the_cells_it_avoids() {
        fn at_the_end(_: &Game, cell: BlockPos) -> bool {
            cell == [0, FLOOR + 1, 8]
        }
        fn in_the_way(_: &Game, cell: BlockPos) -> bool {
            cell[0].abs() <= 1 && (3..=5).contains(&cell[2])
        }
        let mut game = sky_game();
        for x in -3..=3 {
            for z in -5..=10 {
                put(&mut game, [x, FLOOR, z], "stone");
            }
        }
        let start = game.player.block_pos();
        let search_avoiding = |avoid| {
            guided_search(
                &game,
                start,
                at_the_end,
                None,
                Ground::Any,
                HARMLESS_DROP,
                avoid,
            )
        };
        let straight = search_avoiding(None);
        assert!(
            straight.iter().any(|&w| in_the_way(&game, w)),
            "{straight:?}"
        );
        let round = search_avoiding(Some(in_the_way));
        assert_eq!(round.last(), Some(&[0, FLOOR + 1, 8]), "{round:?}");
        assert!(!round.iter().any(|&w| in_the_way(&game, w)), "{round:?}");
    }

    /// A search guided by a cell down in a cave under the start walks
    /// down the cave's mouth to it; guided by its column alone, it stays
    /// on the ground over it.
    #[test]
    fn a_search_towards_a_cell_in_a_cave_goes_down_its_mouth() {
        const DEPTH: i32 = 7;
        let mut game = sky_game();
        fill(
            &mut game.world,
            [-3, FLOOR - DEPTH - 2, -3],
            [3, FLOOR, 14],
            "stone",
        );
        // A trench stepping down a block at a time from z 4 to z 4 + DEPTH,
        // then a tunnel two high back north under the start.
        let bottom = FLOOR + 1 - DEPTH;
        for k in 0..=DEPTH {
            for y in FLOOR + 1 - k..=FLOOR {
                put(&mut game, [0, y, 4 + k], "air");
            }
        }
        for z in 0..=4 + DEPTH {
            put(&mut game, [0, bottom, z], "air");
            put(&mut game, [0, bottom + 1, z], "air");
        }
        let start = game.player.block_pos();
        assert_eq!(start, [0, FLOOR + 1, 0]);
        let down = guided_search(
            &game,
            start,
            nowhere,
            Some(Guide::cell([0, bottom, 0])),
            Ground::Any,
            HARMLESS_DROP,
            None,
        );
        assert_eq!(down.last(), Some(&[0, bottom, 0]), "{down:?}");
        let over = search(&game, start, nowhere, Some([0, 0]), Ground::Any);
        assert!(over.is_empty(), "{over:?}");
    }
}
