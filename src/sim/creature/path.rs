//! Paths over the block grid, after vanilla's `WalkNodeEvaluator` and
//! `PathFinder`: A* from the cell of the creature's feet through cells it
//! can stand in — walking level, stepping (jumping) up one block, dropping
//! at most three, or with a target more ([`deepest_drop`]) — never into
//! lava or fire, never into water for the
//! kinds that shun it (the enderman), never off into the void, with
//! a bounded search (at most [`MAX_NODES`] cells expanded). When the goal
//! cannot be reached within the bound, the path leads to the expanded cell
//! nearest to it, as vanilla's does. The navigation follows the path and
//! gives up when the creature stops making progress.

pub mod grid;

use crate::sim::entity::{Entity, EntityKind};
use crate::sim::registry::{registry, BlockId};
use crate::sim::world::{BlockPos, World};

/// The most cells one search expands.
pub const MAX_NODES: usize = 200;
/// The farthest a path drops in one step with no target.
const SAFE_DROP: i32 = 3;
/// On Normal difficulty, the health a creature with a target keeps
/// back from its deeper drops: `(3 − 2) · 4`.
const DIFFICULTY_HEALTH: i32 = 4;
/// The share of its most health a creature with a target keeps back from
/// its deeper drops.
const HEALTH_KEPT: f32 = 0.33;
/// Ticks without reaching the next waypoint before the path is dropped.
const STUCK_TICKS: u32 = 60;
/// Blocks a path never enters or stands on.
const DANGERS: &[&str] = &[
    "lava",
    "fire",
    "soul_fire",
    "magma_block",
    "cactus",
    "sweet_berry_bush",
    "campfire",
    "soul_campfire",
    "wither_rose",
];

/// The farthest a creature's path drops in one step (vanilla's
/// `getMaxFallDistance`, Normal difficulty): three blocks, and with a
/// target one more for each point of health above a third of its most,
/// less four. A wounded enderman of 24 health drops nine to the player
/// in a cave's mouth below it.
pub fn deepest_drop(health: f32, max_health: f32, has_target: bool) -> i32 {
    if !has_target {
        return SAFE_DROP;
    }
    let spare = (health - max_health * HEALTH_KEPT) as i32 - DIFFICULTY_HEALTH;
    SAFE_DROP + spare.max(0)
}

/// Following a path.
#[derive(Debug, Clone, Default)]
pub struct Navigation {
    /// Cells still to reach, the next one last.
    waypoints: Vec<BlockPos>,
    /// The cell the path was planned to.
    destination: Option<BlockPos>,
    /// Speed modifier on the creature's own speed.
    speed: f64,
    /// Ticks since the last waypoint was reached.
    since_progress: u32,
}

impl Navigation {
    /// Plans a path for `e` to the cell `to`, dropping at most
    /// `deepest_drop` in a step; false (and no path) when no step can be
    /// taken towards it.
    pub fn move_to(
        &mut self,
        world: &World,
        e: &Entity,
        to: BlockPos,
        speed: f64,
        deepest_drop: i32,
    ) -> bool {
        let body = Body::of(e, deepest_drop);
        let from = feet_cell(e.pos);
        match find_path(world, &body, from, to) {
            Some(path) if !path.is_empty() => {
                self.waypoints = path.into_iter().rev().collect();
                self.destination = Some(to);
                self.speed = speed;
                self.since_progress = 0;
                true
            }
            _ => {
                self.stop();
                false
            }
        }
    }

    pub fn stop(&mut self) {
        self.waypoints.clear();
        self.destination = None;
    }

    pub fn is_done(&self) -> bool {
        self.waypoints.is_empty()
    }

    pub fn destination(&self) -> Option<BlockPos> {
        self.destination
    }

    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// The waypoint to walk to now, dropping those already reached (within
    /// vanilla's `maxDistanceToWaypoint` horizontally and a block
    /// vertically); `None` when the path is done or the creature is stuck.
    pub fn next_waypoint(&mut self, feet: [f64; 3], half_width: f64) -> Option<BlockPos> {
        let width = 2.0 * half_width;
        let reach = if width > 0.75 {
            width / 2.0
        } else {
            0.75 - width / 2.0
        };
        while let Some(&next) = self.waypoints.last() {
            let dx = f64::from(next[0]) + 0.5 - feet[0];
            let dz = f64::from(next[2]) + 0.5 - feet[2];
            let dy = f64::from(next[1]) - feet[1];
            if dx.abs() < reach && dz.abs() < reach && dy.abs() < 1.0 {
                self.waypoints.pop();
                self.since_progress = 0;
            } else {
                break;
            }
        }
        self.since_progress += 1;
        if self.since_progress > STUCK_TICKS {
            self.stop();
        }
        if self.waypoints.is_empty() {
            self.destination = None;
        }
        self.waypoints.last().copied()
    }
}

/// The cell the feet stand in.
pub fn feet_cell(pos: [f64; 3]) -> BlockPos {
    [
        pos[0].floor() as i32,
        (pos[1] + 1e-3).floor() as i32,
        pos[2].floor() as i32,
    ]
}

/// How tall a creature is, in whole cells, whether its paths keep out of
/// water, and how far they drop in a step.
struct Body {
    cells: i32,
    shuns_water: bool,
    deepest_drop: i32,
}

impl Body {
    fn of(e: &Entity, deepest_drop: i32) -> Body {
        let def = match &e.kind {
            EntityKind::Mob(mob) => registry().creature(mob.kind),
            _ => None,
        };
        Body {
            cells: e.size().1.ceil().max(1.0) as i32,
            shuns_water: def.is_some_and(|d| d.shuns_water),
            deepest_drop,
        }
    }
}

fn is_danger(block: BlockId) -> bool {
    DANGERS.contains(&registry().block(block).name)
}

/// Whether a body passes through this cell (air, plants, water…).
fn passable(world: &World, pos: BlockPos) -> bool {
    let block = world.get(pos);
    block == BlockId::AIR || (!registry().block(block).shape.collides() && !is_danger(block))
}

fn is_water(world: &World, pos: BlockPos) -> bool {
    registry().block(world.get(pos)).name == "water"
}

/// Whether a body can stand with its feet in `pos`: room for it, and a
/// floor under it (or water to swim in).
fn standable(world: &World, body: &Body, pos: BlockPos) -> bool {
    if !(0..=crate::sim::world::HEIGHT).contains(&pos[1]) {
        return false;
    }
    let cells = || (0..body.cells).map(|dy| [pos[0], pos[1] + dy, pos[2]]);
    if !cells().all(|cell| passable(world, cell)) {
        return false;
    }
    if body.shuns_water && cells().any(|cell| is_water(world, cell)) {
        return false;
    }
    let below = [pos[0], pos[1] - 1, pos[2]];
    let floor = world.get(below);
    let def = registry().block(floor);
    is_water(world, pos) || (def.shape.collides() && def.height <= 1.0 && !is_danger(floor))
}

/// The cell reached by moving one step from `from` in direction (dx, dz):
/// level, one up (a jump, with room above the head first), or dropping up
/// to the body's deepest drop onto a floor.
fn step(world: &World, body: &Body, from: BlockPos, dx: i32, dz: i32) -> Option<BlockPos> {
    let level = [from[0] + dx, from[1], from[2] + dz];
    if standable(world, body, level) {
        return Some(level);
    }
    if !passable(world, level) {
        let up = [level[0], level[1] + 1, level[2]];
        let head_room = passable(world, [from[0], from[1] + body.cells, from[2]]);
        return (head_room && standable(world, body, up)).then_some(up);
    }
    let clear = (0..body.cells).all(|dy| passable(world, [level[0], level[1] + dy, level[2]]));
    if !clear {
        return None;
    }
    (1..=body.deepest_drop)
        .map(|drop| [level[0], level[1] - drop, level[2]])
        .take_while(|&cell| passable(world, cell))
        .find(|&cell| standable(world, body, cell))
}

fn distance(a: BlockPos, b: BlockPos) -> f64 {
    (0..3)
        .map(|i| f64::from(a[i] - b[i]).powi(2))
        .sum::<f64>()
        .sqrt()
}

/// Costs in thousandths of a block, so the heap orders integers.
fn milli(v: f64) -> u64 {
    (v * 1000.0).round() as u64
}

/// A creature's walk to one cell: steps as [`step`] takes them,
/// diagonal ones only where both straight ones could be taken, water
/// costing more; the cell found nearest the goal is kept.
struct WalkToCell<'w> {
    world: &'w World,
    body: &'w Body,
    to: BlockPos,
    nearest: (f64, BlockPos),
}

impl grid::Grid for WalkToCell<'_> {
    fn step(&self, from: BlockPos, dx: i32, dz: i32) -> Option<(BlockPos, u64)> {
        let (world, body) = (self.world, self.body);
        let diagonal = dx != 0 && dz != 0;
        if diagonal
            && (step(world, body, from, dx, 0).is_none()
                || step(world, body, from, 0, dz).is_none())
        {
            return None;
        }
        let next = step(world, body, from, dx, dz)?;
        let swim = if is_water(world, next) { 8.0 } else { 0.0 };
        Some((next, milli(distance(from, next) + swim)))
    }

    fn estimate(&self, cell: BlockPos) -> u64 {
        milli(distance(cell, self.to))
    }

    fn is_goal(&self, cell: BlockPos) -> bool {
        cell == self.to
    }

    fn improved(&mut self, cell: BlockPos) {
        let left = distance(cell, self.to);
        if left < self.nearest.0 {
            self.nearest = (left, cell);
        }
    }
}

/// A* from `from` to `to`: the cells to walk through, `from` excluded.
fn find_path(world: &World, body: &Body, from: BlockPos, to: BlockPos) -> Option<Vec<BlockPos>> {
    let mut walk = WalkToCell {
        world,
        body,
        to,
        nearest: (distance(from, to), from),
    };
    let search = grid::search(&mut walk, from, MAX_NODES);
    let end = search.reached.unwrap_or(walk.nearest.1);
    (end != from).then(|| search.path_to(end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules::testkit::{flat_world, put, FLOOR};

    const STANDING: Body = Body {
        cells: 2,
        shuns_water: false,
        deepest_drop: SAFE_DROP,
    };
    const SHUNNING_WATER: Body = Body {
        cells: 3,
        shuns_water: true,
        deepest_drop: SAFE_DROP,
    };

    #[test]
    fn a_path_goes_around_a_wall() {
        let mut world = flat_world();
        for z in -3..=3 {
            for y in 1..=3 {
                put(&mut world, [2, FLOOR + y, z], "stone");
            }
        }
        let path = find_path(&world, &STANDING, [0, FLOOR + 1, 0], [4, FLOOR + 1, 0]).unwrap();
        assert_eq!(path.last(), Some(&[4, FLOOR + 1, 0]));
        assert!(path.iter().all(|p| p[0] != 2 || p[2].abs() > 3), "{path:?}");
    }

    #[test]
    fn a_path_steps_up_one_block_and_never_into_lava() {
        let mut world = flat_world();
        put(&mut world, [1, FLOOR + 1, 0], "stone");
        let path = find_path(&world, &STANDING, [0, FLOOR + 1, 0], [1, FLOOR + 2, 0]).unwrap();
        assert_eq!(path, vec![[1, FLOOR + 2, 0]]);
        for z in -20..=20 {
            put(&mut world, [3, FLOOR, z], "lava");
        }
        let path = find_path(&world, &STANDING, [0, FLOOR + 1, 0], [5, FLOOR + 1, 0]);
        assert!(path.is_none_or(|p| p.iter().all(|c| c[0] != 3)));
    }

    #[test]
    fn a_path_drops_at_most_three_blocks() {
        let mut world = flat_world();
        for x in 1..=6 {
            for z in -16..16 {
                for y in FLOOR - 4..=FLOOR {
                    world.set([x, y, z], BlockId::AIR);
                }
            }
        }
        put(&mut world, [1, FLOOR - 3, 0], "stone");
        let down = find_path(&world, &STANDING, [0, FLOOR + 1, 0], [1, FLOOR - 2, 0]).unwrap();
        assert_eq!(down, vec![[1, FLOOR - 2, 0]]);
        let deeper = step(&world, &STANDING, [0, FLOOR + 1, 0], 1, 1);
        assert_eq!(deeper, None, "a four-block drop is not taken");
    }

    #[test]
    fn a_creature_with_a_target_drops_deeper_the_healthier_it_is() {
        assert_eq!(deepest_drop(40.0, 40.0, false), 3, "no target");
        assert_eq!(deepest_drop(24.0, 40.0, true), 9, "a wounded enderman");
        assert_eq!(deepest_drop(20.0, 20.0, true), 12, "a whole zombie");
        assert_eq!(deepest_drop(8.0, 20.0, true), 3, "a zombie near death");
        let mut world = flat_world();
        for y in FLOOR - 4..=FLOOR {
            world.set([1, y, 0], BlockId::AIR);
        }
        put(&mut world, [1, FLOOR - 5, 0], "stone");
        let chaser = Body {
            deepest_drop: deepest_drop(24.0, 40.0, true),
            ..STANDING
        };
        let down = step(&world, &chaser, [0, FLOOR + 1, 0], 1, 0);
        assert_eq!(down, Some([1, FLOOR - 4, 0]), "a five-block drop");
        assert_eq!(step(&world, &STANDING, [0, FLOOR + 1, 0], 1, 0), None);
    }

    #[test]
    fn an_enderman_s_path_goes_round_a_pond_others_swim_across() {
        let mut world = flat_world();
        for z in -10..=10 {
            put(&mut world, [2, FLOOR, z], "water");
        }
        let (from, to) = ([0, FLOOR + 1, 0], [4, FLOOR + 1, 0]);
        let wet = |world: &World, path: &[BlockPos]| path.iter().any(|&c| is_water(world, c));
        let swimmer = find_path(&world, &STANDING, from, to).unwrap();
        assert!(wet(&world, &swimmer), "across: {swimmer:?}");
        let shunner = find_path(&world, &SHUNNING_WATER, from, to);
        assert!(shunner.iter().all(|p| !wet(&world, p)), "{shunner:?}");
        for z in (-10..=10).filter(|z: &i32| z.abs() > 2) {
            put(&mut world, [2, FLOOR, z], "stone");
        }
        let shunner = find_path(&world, &SHUNNING_WATER, from, to).unwrap();
        assert_eq!(shunner.last(), Some(&to), "round a short pond");
        assert!(!wet(&world, &shunner), "{shunner:?}");
    }
}
