//! Digging through the ground to a block: a search over feet cells whose
//! moves are a step level, a step down a staircase or a step up one, each
//! clearing the cells the body passes through (never straight down, never
//! a drop), priced by the digging they need; cells next to water or lava
//! are never opened and the floor is always solid. [`DigTo`] walks the
//! path found (to a block in reach, or [`DigTo::onto`] a cell), mining
//! each step's cells top first, and searches again
//! when the world changed under it or a step could not be walked (that
//! step is then left out of its later searches).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};

use crate::protocol::{Action, Key};
use crate::sim::block_entity::BlockEntity;
use crate::sim::game::Game;
use crate::sim::registry::{block, registry, HarvestNeed, ItemKind, Shape, ToolKind};
use crate::sim::rules::has_gravity;
use crate::sim::script::behaviour::{Behaviour, Spot, Step};
use crate::sim::script::mining::Mine;
use crate::sim::script::walking::WalkTo;
use crate::sim::world::{face_neighbours, offset, up, BlockPos, World};

/// Feet cells a search looks at before giving up.
const SEARCH_CELLS: usize = 60_000;
/// Cost of walking one step, and the pause after each block broken.
const WALK: u32 = 4;
const BREAK_PAUSE: u32 = 6;
/// The hardness of stone, most of what a dig goes through.
const STONE_HARDNESS: f32 = 1.5;
/// Extra cost of opening a cell under a falling block (gravel, sand).
const UNDER_FALLING: u32 = 40;
/// Ticks one step may take before the path is searched again.
const STEP_PATIENCE: u32 = 300;
/// Searches one dig may make.
const SEARCHES: u32 = 8;
/// Ticks of walking a step whose cells are all clear before it counts
/// as one the body cannot make (a jump blocked by the ground about it).
const WALK_PATIENCE: u32 = 60;

/// The weight [`DigTo::far`] gives the distance still to go.
const FAR_WEIGHT: u32 = 2;
/// What [`DigTo::sheltered`] adds to a step whose feet stand in the open.
const EXPOSED: u32 = 24;
/// Open cells about the feet and head (of the nine beside and above
/// them) from which a step counts as in the open: a tunnel has at most
/// the cells it came from and goes to.
const OPEN_AROUND: usize = 4;

/// A move from one feet cell to the next that was tried and failed.
type Move = (BlockPos, BlockPos);

fn shape(world: &World, pos: BlockPos) -> Shape {
    registry().block(world.get(pos)).shape
}

pub fn is_liquid(world: &World, pos: BlockPos) -> bool {
    shape(world, pos) == Shape::Liquid
}

/// Whether emptying a cell lets no water or lava in (nor is it a fluid),
/// nor does the column of gravel or sand over it, which falls into it and
/// leaves its top cell open.
pub fn safe_to_open(world: &World, pos: BlockPos) -> bool {
    let mut cell = pos;
    loop {
        if is_liquid(world, cell) || face_neighbours(cell).iter().any(|&n| is_liquid(world, n)) {
            return false;
        }
        cell = up(cell, 1);
        if !has_gravity(world.get(cell)) {
            return true;
        }
    }
}

/// Whether lava lies against one of a cell's faces.
fn beside_lava(world: &World, pos: BlockPos) -> bool {
    let lava = block("lava");
    face_neighbours(pos).iter().any(|&n| world.get(n) == lava)
}

/// The digging speed of the best pickaxe held (1 for a bare hand).
pub fn pickaxe_speed(game: &Game) -> f32 {
    game.player
        .inventory
        .main
        .iter()
        .flatten()
        .filter_map(|s| match registry().item(s.item).kind {
            ItemKind::Tool {
                kind: ToolKind::Pickaxe,
                speed,
                ..
            } => Some(speed),
            _ => None,
        })
        .fold(1.0, f32::max)
}

/// What emptying a cell costs, in about ticks: nothing for a cell the body
/// passes through; `None` where it must not be dug (a fluid, bedrock, a
/// cell next to a fluid, a block that keeps things: a furnace or chest,
/// whose contents would spill and whose smelting would stop, as the
/// player's own furnace beside the gravel it digs to; a spawner, whose
/// creatures are what a fight by it waits for).
fn clearing_cost(world: &World, pos: BlockPos, speed: f32) -> Option<u32> {
    let id = world.get(pos);
    let def = registry().block(id);
    if def.shape == Shape::Liquid || BlockEntity::for_block(id).is_some() {
        return None;
    }
    if !def.shape.collides() {
        // An open cell of a cave the way passes through: free, unless lava
        // flows beside it, which would set the body alight.
        return (!beside_lava(world, pos)).then_some(0);
    }
    let hardness = def.hardness?;
    if !safe_to_open(world, pos) {
        return None;
    }
    let with_pickaxe = def.tool == ToolKind::Pickaxe && speed > 1.0;
    let harvested = with_pickaxe || !matches!(def.need, HarvestNeed::Tier(_));
    let ticks = hardness * ticks_per_hardness(harvested, if with_pickaxe { speed } else { 1.0 });
    let falling = if has_gravity(world.get(up(pos, 1))) {
        UNDER_FALLING
    } else {
        0
    };
    Some(ticks as u32 + BREAK_PAUSE + falling)
}

/// Ticks a block of hardness 1 takes to break at a digging speed
/// (vanilla's `getDestroyProgress`): 30 when the tool harvests it, 100
/// when it does not (stone by hand).
fn ticks_per_hardness(harvested: bool, speed: f32) -> f32 {
    if harvested {
        30.0 / speed
    } else {
        100.0 / speed
    }
}

/// One move of a dig: the cells to empty, top first, and where the feet end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigStep {
    pub clear: Vec<BlockPos>,
    pub to: BlockPos,
}

/// The four horizontal neighbours.
pub(super) const SIDES: [[i32; 3]; 4] = [[1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];

/// The move from feet at `from` one column along `d`, `dy` up or down,
/// with its cost; `None` if it is not safe.
fn dig_step(
    world: &World,
    from: BlockPos,
    d: [i32; 3],
    dy: i32,
    speed: f32,
) -> Option<(DigStep, u32)> {
    let ahead = offset(from, d);
    let to = up(ahead, dy);
    let clear = match dy {
        1 => vec![up(from, 2), up(to, 1), to],
        0 => vec![up(to, 1), to],
        _ => vec![up(ahead, 1), ahead, to],
    };
    if !shape(world, up(to, -1)).collides() {
        return None;
    }
    let mut cost = WALK;
    for &cell in &clear {
        cost += clearing_cost(world, cell, speed)?;
    }
    Some((DigStep { clear, to }, cost))
}

/// Whether a block can be mined from feet at `feet`: beside the body or
/// just above the head.
pub fn in_reach_of(feet: BlockPos, block: BlockPos) -> bool {
    block == up(feet, 2)
        || SIDES
            .iter()
            .any(|&d| block == offset(feet, d) || block == up(offset(feet, d), 1))
}

/// The feet cells from which a block is in reach (see [`in_reach_of`]).
fn feet_in_reach_of(block: BlockPos) -> impl Iterator<Item = BlockPos> {
    SIDES
        .iter()
        .flat_map(move |&d| {
            let beside = offset(block, [-d[0], 0, -d[2]]);
            [beside, up(beside, -1)]
        })
        .chain([up(block, -2)])
}

/// Whether some feet cell with a solid floor under it has the block in
/// reach (a log of a tree floating over a pit, air all round below it,
/// has none).
pub fn has_a_floor_in_reach(world: &World, block: BlockPos) -> bool {
    feet_in_reach_of(block).any(|feet| shape(world, up(feet, -1)).collides())
}

/// How near (blocks, along the way) the body's middle comes to the
/// middle of a step up before jumping: with its side against the riser,
/// as a player jumps up a stair (a jump from further back, with no speed
/// yet, falls short).
const AT_THE_RISER: f64 = 0.85;

/// Whether the body stands against the riser of the step up to `to`.
fn at_the_riser(game: &Game, to: BlockPos) -> bool {
    let p = game.player.pos;
    let along_x = (p[0] - (f64::from(to[0]) + 0.5)).abs();
    let along_z = (p[2] - (f64::from(to[2]) + 0.5)).abs();
    along_x.max(along_z) <= AT_THE_RISER
}

/// Where a dig ends: with its target in reach (to mine it), or with the
/// feet in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Reach,
    Onto,
}

impl End {
    fn at(self, feet: BlockPos, target: BlockPos) -> bool {
        match self {
            End::Reach => in_reach_of(feet, target),
            End::Onto => feet == target,
        }
    }
}

/// How a dig's search weighs its ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weighing {
    /// How many times the guess of the cost still to go counts: above 1
    /// the search heads straight for a far target instead of trying every
    /// cheaper way round (it finds a dig tens of blocks long within its
    /// cells), at the price of a dig that may not be the cheapest.
    pub distance: u32,
    /// What a step whose feet stand in the open costs more, so a way
    /// tunnels through the rock rather than cross a cavern in sight of
    /// what shoots.
    pub exposed: u32,
}

impl Weighing {
    /// The cheapest dig.
    pub const CHEAPEST: Weighing = Weighing {
        distance: 1,
        exposed: 0,
    };
}

/// Whether feet at `feet` stand in the open: [`OPEN_AROUND`] or more of
/// the cells beside the feet and head and over the head are open.
fn in_the_open(world: &World, feet: BlockPos) -> bool {
    let beside = SIDES
        .iter()
        .flat_map(|&d| [offset(feet, d), up(offset(feet, d), 1)]);
    beside
        .chain([up(feet, 2)])
        .filter(|&cell| !shape(world, cell).collides())
        .count()
        >= OPEN_AROUND
}

/// The cheapest dig (roughly, as `weighing` weighs it) from feet at
/// `start` to a cell where it `end`s at `target`, without the moves in
/// `failed`; `None` if none was found.
pub fn plan(
    world: &World,
    start: BlockPos,
    target: BlockPos,
    end: End,
    speed: f32,
    failed: &HashSet<Move>,
    weighing: Weighing,
) -> Option<Vec<DigStep>> {
    let stone = (STONE_HARDNESS * ticks_per_hardness(speed > 1.0, speed)) as u32;
    let per_step = weighing.distance * (WALK + 2 * (stone + BREAK_PAUSE));
    let h = |pos: BlockPos| {
        let horizontal = (pos[0] - target[0]).abs() + (pos[2] - target[2]).abs();
        let vertical = (pos[1] + 1 - target[1]).abs();
        per_step * horizontal.max(vertical) as u32
    };
    let mut came_from: HashMap<BlockPos, (BlockPos, DigStep)> = HashMap::new();
    let mut cost: HashMap<BlockPos, u32> = HashMap::from([(start, 0)]);
    let mut open = BinaryHeap::from([Reverse((h(start), start))]);
    let mut looked = 0;
    while let Some(Reverse((_, pos))) = open.pop() {
        if end.at(pos, target) {
            let mut path = Vec::new();
            let mut at = pos;
            while let Some((before, step)) = came_from.remove(&at) {
                path.push(step);
                at = before;
            }
            path.reverse();
            return Some(path);
        }
        looked += 1;
        if looked > SEARCH_CELLS {
            return None;
        }
        let here = cost[&pos];
        for d in SIDES {
            for dy in [-1, 0, 1] {
                let Some((step, price)) = dig_step(world, pos, d, dy, speed) else {
                    continue;
                };
                if failed.contains(&(pos, step.to)) {
                    continue;
                }
                let exposure = if weighing.exposed > 0 && in_the_open(world, step.to) {
                    weighing.exposed
                } else {
                    0
                };
                let through = here + price + exposure;
                if cost.get(&step.to).is_some_and(|&c| c <= through) {
                    continue;
                }
                cost.insert(step.to, through);
                open.push(Reverse((through + h(step.to), step.to)));
                came_from.insert(step.to, (pos, step));
            }
        }
    }
    None
}

/// Picks the blocks to dig to, best first, from the game state.
pub type Targets = Box<dyn Fn(&Game) -> Vec<BlockPos>>;

/// Digs to the first of the targets it finds a safe way to, and stops
/// with the target in reach (it does not mine the target).
pub struct DigTo {
    targets: Targets,
    target: Option<BlockPos>,
    path: VecDeque<DigStep>,
    searches_left: u32,
    mine: Option<Mine>,
    walk: Option<WalkTo>,
    ticks_on_step: u32,
    /// Ticks spent walking the current step with its cells clear.
    ticks_walking: u32,
    /// The step up a jump was pressed for, while the body is in the air.
    jumped_to: Option<BlockPos>,
    /// Moves that could not be walked, left out of later searches.
    failed: HashSet<Move>,
    /// Whether to mine the target once it is in reach.
    mining: bool,
    /// How the search weighs its ways.
    weighing: Weighing,
    end: End,
}

/// How many targets one search tries.
const TARGETS_TRIED: usize = 4;

impl DigTo {
    pub fn new(targets: Targets) -> DigTo {
        DigTo {
            targets,
            target: None,
            path: VecDeque::new(),
            searches_left: SEARCHES,
            mine: None,
            walk: None,
            ticks_on_step: 0,
            ticks_walking: 0,
            jumped_to: None,
            failed: HashSet::new(),
            mining: false,
            weighing: Weighing::CHEAPEST,
            end: End::Reach,
        }
    }

    /// Searches heading straight for far targets (see [`plan`]).
    pub fn far(mut self) -> DigTo {
        self.weighing.distance = FAR_WEIGHT;
        self
    }

    /// Tunnels rather than crosses open ground (see [`Weighing::exposed`]).
    pub fn sheltered(mut self) -> DigTo {
        self.weighing.exposed = EXPOSED;
        self
    }

    /// Ends standing in the target cell instead of beside it.
    pub fn onto(mut self) -> DigTo {
        self.end = End::Onto;
        self
    }

    /// Mines the target too, once it is in reach.
    pub fn mining(mut self) -> DigTo {
        self.mining = true;
        self
    }

    /// Searches a path to one of the targets; false if none was found.
    fn search(&mut self, game: &Game) -> bool {
        self.searches_left = self.searches_left.saturating_sub(1);
        self.mine = None;
        self.walk = None;
        self.ticks_on_step = 0;
        self.ticks_walking = 0;
        let feet = game.player.block_pos();
        let speed = pickaxe_speed(game);
        // A deep target can lie past what the cheapest search looks at
        // in its cells; heading straight for it then still finds a way.
        let straighter = Weighing {
            distance: self.weighing.distance.max(FAR_WEIGHT),
            ..self.weighing
        };
        let mut weighings = vec![self.weighing];
        if straighter != self.weighing {
            weighings.push(straighter);
        }
        for target in (self.targets)(game).into_iter().take(TARGETS_TRIED) {
            let found = weighings.iter().find_map(|&weighing| {
                plan(
                    &game.world,
                    feet,
                    target,
                    self.end,
                    speed,
                    &self.failed,
                    weighing,
                )
            });
            if let Some(path) = found {
                self.target = Some(target);
                self.path = path.into();
                return true;
            }
        }
        self.target = None;
        false
    }

    /// At the target: mines it if asked to (and it is still there and safe).
    fn finish(&mut self, game: &Game, target: BlockPos) -> Step {
        let there = shape(&game.world, target).collides();
        if !self.mining || !there || !safe_to_open(&game.world, target) {
            return Step::Done;
        }
        let mine = self.mine.get_or_insert_with(|| Mine::new(Spot::At(target)));
        match mine.next(game) {
            Step::Act(action) => Step::Act(action),
            Step::Done => {
                self.mine = None;
                self.mining = false;
                Step::Done
            }
        }
    }

    fn search_again(&mut self) -> Step {
        self.path.clear();
        self.target = None;
        Step::Act(Action::noop())
    }
}

impl Behaviour for DigTo {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        if !p.on_ground {
            // A jump's ticks in the air count against the step's patience;
            // a jump up a step walks on through them, or it ends against
            // the riser.
            let Some(step) = self.path.front() else {
                return Step::Act(Action::noop());
            };
            self.ticks_walking += 1;
            let climbing = self.jumped_to == Some(step.to);
            let action = match self.walk.as_mut().filter(|_| climbing) {
                Some(walk) => match walk.next(game) {
                    Step::Act(action) => action,
                    Step::Done => Action::noop(),
                },
                None => Action::noop(),
            };
            return Step::Act(action);
        }
        self.jumped_to = None;
        let feet = p.block_pos();
        if self.path.is_empty() {
            if let Some(target) = self.target.filter(|&t| self.end.at(feet, t)) {
                return self.finish(game, target);
            }
            if self.searches_left == 0 || !self.search(game) {
                return Step::Done;
            }
            if self.path.is_empty() {
                return self.next(game);
            }
        }
        self.ticks_on_step += 1;
        if self.ticks_on_step > STEP_PATIENCE {
            return self.search_again();
        }
        let step = self.path.front().expect("a step").clone();
        if let Some(mine) = &mut self.mine {
            if let Step::Act(action) = mine.next(game) {
                return Step::Act(action);
            }
            self.mine = None;
        }
        let blocking = step
            .clear
            .iter()
            .copied()
            .find(|&cell| shape(&game.world, cell).collides() || is_liquid(&game.world, cell));
        if let Some(cell) = blocking {
            if !safe_to_open(&game.world, cell) {
                return self.search_again();
            }
            let mut mine = Mine::new(Spot::At(cell));
            let action = mine.next(game);
            self.mine = Some(mine);
            return action;
        }
        if feet == step.to {
            self.path.pop_front();
            self.walk = None;
            self.ticks_on_step = 0;
            self.ticks_walking = 0;
            return self.next(game);
        }
        self.ticks_walking += 1;
        if self.ticks_walking > WALK_PATIENCE {
            self.failed.insert((feet, step.to));
            return self.search_again();
        }
        let walk = self.walk.get_or_insert_with(|| {
            let mut walk = WalkTo::new(f64::from(step.to[0]) + 0.5, f64::from(step.to[2]) + 0.5);
            walk.within = 0.15;
            walk.ticks_left = 100;
            walk
        });
        let mut action = match walk.next(game) {
            Step::Act(action) => action,
            Step::Done => {
                self.walk = None;
                Action::noop()
            }
        };
        if step.to[1] > feet[1] && at_the_riser(game, step.to) {
            action.press(Key::Jump);
            self.jumped_to = Some(step.to);
        }
        Step::Act(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::rules::testkit::fill;

    /// A plan to come within reach of `target`, digging at a stone
    /// pickaxe's speed (4), no move known to fail, the cheapest way.
    fn plan_reach(game: &Game, start: BlockPos, target: BlockPos) -> Option<Vec<DigStep>> {
        plan(
            &game.world,
            start,
            target,
            End::Reach,
            4.0,
            &HashSet::new(),
            Weighing::CHEAPEST,
        )
    }

    /// A block of stone under the floor, 12 wide and 10 deep.
    fn rock(game: &mut Game) {
        fill(
            &mut game.world,
            [-6, FLOOR - 10, -6],
            [6, FLOOR, 6],
            "stone",
        );
    }

    #[test]
    fn a_dig_never_goes_through_a_furnace() {
        let mut game = sky_game();
        // A tunnel east from the feet in bedrock, a stone at its end to
        // dig to and a furnace standing in it: the only way on is
        // through the furnace.
        fill(
            &mut game.world,
            [-1, FLOOR, -1],
            [5, FLOOR + 3, 1],
            "bedrock",
        );
        for x in 0..=3 {
            put(&mut game, [x, FLOOR + 1, 0], "air");
            put(&mut game, [x, FLOOR + 2, 0], "air");
        }
        let start = [0, FLOOR + 1, 0];
        let target = [4, FLOOR + 1, 0];
        put(&mut game, target, "stone");
        let furnace = [2, FLOOR + 1, 0];
        put(&mut game, furnace, "furnace");
        let path = plan_reach(&game, start, target);
        assert!(path.is_none(), "a dig through the furnace: {path:?}");
        put(&mut game, furnace, "stone");
        let path = plan_reach(&game, start, target).expect("a dig through the stone");
        assert!(path.iter().any(|step| step.clear.contains(&furnace)));
    }

    #[test]
    fn a_dig_down_is_a_staircase_with_a_solid_floor_at_every_step() {
        let mut game = sky_game();
        rock(&mut game);
        let start = [0, FLOOR + 1, 0];
        let target = [4, FLOOR - 5, 0];
        let path = plan_reach(&game, start, target).expect("a way down");
        let mut feet = start;
        for step in &path {
            assert!(step.to[1] >= feet[1] - 1, "never drops more than one block");
            assert!((step.to[0] - feet[0]).abs() + (step.to[2] - feet[2]).abs() == 1);
            assert_eq!(
                game.world.get(up(step.to, -1)),
                crate::sim::registry::block("stone")
            );
            feet = step.to;
        }
        assert!(in_reach_of(feet, target));
    }

    #[test]
    fn a_dig_up_through_rock_climbs_each_step_in_one_jump() {
        let mut game = sky_game();
        fill(
            &mut game.world,
            [-2, FLOOR + 1, -2],
            [10, FLOOR + 12, 2],
            "netherrack",
        );
        put(&mut game, [0, FLOOR + 1, 0], "air");
        put(&mut game, [0, FLOOR + 2, 0], "air");
        game.player.inventory.main[0] = Some(crate::sim::inventory::ItemStack::new(
            crate::sim::registry::item("diamond_pickaxe"),
            1,
        ));
        let target = [8, FLOOR + 8, 0];
        let mut dig = DigTo::new(Box::new(move |_| vec![target]));
        let mut jumps = 0;
        for _ in 0..2000 {
            match dig.next(&game) {
                Step::Act(action) => {
                    jumps += u32::from(action.is_pressed(Key::Jump));
                    crate::sim::rules::tick(&mut game, &action);
                }
                Step::Done => break,
            }
        }
        let feet = game.player.block_pos();
        assert!(in_reach_of(feet, target), "ended at {feet:?}");
        let climbed = (feet[1] - (FLOOR + 1)) as u32;
        assert!(climbed >= 6, "climbed {climbed}");
        assert_eq!(jumps, climbed, "one jump a step up, none repeated");
    }

    #[test]
    fn a_dig_never_opens_a_cell_next_to_lava() {
        let mut game = sky_game();
        rock(&mut game);
        // A wall of lava across the straight way, open at its south end.
        let lava_wall = |game: &mut Game, zs: std::ops::RangeInclusive<i32>| {
            for z in zs {
                for y in FLOOR - 10..=FLOOR {
                    put(game, [2, y, z], "lava");
                }
            }
        };
        lava_wall(&mut game, -6..=2);
        let start = [0, FLOOR + 1, 0];
        let target = [5, FLOOR - 2, 0];
        let path = plan_reach(&game, start, target).expect("a way round");
        for step in &path {
            for &cell in &step.clear {
                assert!(safe_to_open(&game.world, cell) || !shape(&game.world, cell).collides());
            }
        }
        lava_wall(&mut game, 3..=6);
        assert_eq!(plan_reach(&game, start, target), None, "sealed off");
    }

    #[test]
    fn an_open_cave_cell_beside_lava_is_no_way_through() {
        let mut game = sky_game();
        rock(&mut game);
        let cave = [0, FLOOR - 3, 0];
        put(&mut game, cave, "air");
        assert_eq!(clearing_cost(&game.world, cave, 4.0), Some(0));
        put(&mut game, [0, FLOOR - 3, -1], "lava");
        assert_eq!(clearing_cost(&game.world, cave, 4.0), None);
    }

    #[test]
    fn the_feet_cells_in_reach_of_a_block_are_those_in_reach_of_it() {
        let block = [3, 7, -2];
        let feet: Vec<BlockPos> = feet_in_reach_of(block).collect();
        assert_eq!(feet.len(), 9);
        assert!(feet.iter().all(|&f| in_reach_of(f, block)));
        let around = (-3..=3)
            .flat_map(|dy| (-1..=1).flat_map(move |dz| (-1..=1).map(move |dx| [dx, dy, dz])));
        let in_reach = around
            .filter(|&d| in_reach_of(offset(block, d), block))
            .count();
        assert_eq!(in_reach, feet.len(), "no other cell nearby has it in reach");
    }

    #[test]
    fn a_log_over_a_pit_has_no_floor_in_reach_and_one_on_the_ground_has() {
        let mut game = sky_game();
        let over_the_pit = [0, FLOOR + 5, 0];
        put(&mut game, over_the_pit, "oak_log");
        assert!(!has_a_floor_in_reach(&game.world, over_the_pit));
        let on_the_ground = [0, FLOOR + 1, 0];
        put(&mut game, on_the_ground, "oak_log");
        assert!(has_a_floor_in_reach(&game.world, on_the_ground));
    }

    #[test]
    fn stone_by_hand_is_priced_at_vanillas_hundred_ticks_a_hardness() {
        let mut game = sky_game();
        rock(&mut game);
        let stone = [0, FLOOR, 0];
        put(&mut game, [1, FLOOR, 0], "dirt");
        let by_hand = clearing_cost(&game.world, stone, 1.0).unwrap();
        let with_wood = clearing_cost(&game.world, stone, 2.0).unwrap();
        assert_eq!(by_hand, 150 + BREAK_PAUSE);
        assert_eq!(with_wood, 22 + BREAK_PAUSE);
        let dirt = clearing_cost(&game.world, [1, FLOOR, 0], 1.0).unwrap();
        assert_eq!(dirt, 15 + BREAK_PAUSE, "a shovel's block by hand harvests");
    }
}
