//! Axis-aligned boxes and moving them through the block grid the way
//! Minecraft's `Entity.move` does: y first, then the larger horizontal
//! component, with step-up for walkers and sneaking's edge back-off.

use super::traits;
use crate::sim::registry::{registry, BlockId};
use crate::sim::world::{BlockPos, World};

/// Vanilla's tolerance when comparing box faces.
const EPSILON: f64 = 1e-7;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aabb {
    pub min: [f64; 3],
    pub max: [f64; 3],
}

impl Aabb {
    /// The box of something `half_width` wide each way and `height` tall
    /// standing at `feet`.
    pub fn at_feet(feet: [f64; 3], half_width: f64, height: f64) -> Aabb {
        Aabb {
            min: [feet[0] - half_width, feet[1], feet[2] - half_width],
            max: [feet[0] + half_width, feet[1] + height, feet[2] + half_width],
        }
    }

    pub fn offset(self, d: [f64; 3]) -> Aabb {
        Aabb {
            min: [self.min[0] + d[0], self.min[1] + d[1], self.min[2] + d[2]],
            max: [self.max[0] + d[0], self.max[1] + d[1], self.max[2] + d[2]],
        }
    }

    /// Grows the box by `d` on both sides of each axis.
    pub fn inflate(self, d: [f64; 3]) -> Aabb {
        Aabb {
            min: [self.min[0] - d[0], self.min[1] - d[1], self.min[2] - d[2]],
            max: [self.max[0] + d[0], self.max[1] + d[1], self.max[2] + d[2]],
        }
    }

    /// Grows the box on the side `d` points to (a swept box).
    pub fn expand_towards(self, d: [f64; 3]) -> Aabb {
        let mut out = self;
        for (axis, &delta) in d.iter().enumerate() {
            if delta < 0.0 {
                out.min[axis] += delta;
            } else {
                out.max[axis] += delta;
            }
        }
        out
    }

    /// Whether the boxes share some volume.
    pub fn intersects(&self, other: &Aabb) -> bool {
        (0..3).all(|a| self.min[a] < other.max[a] - EPSILON && self.max[a] > other.min[a] + EPSILON)
    }

    /// The feet point: centre of the bottom face.
    pub fn centre(&self) -> [f64; 3] {
        [0, 1, 2].map(|a| (self.min[a] + self.max[a]) / 2.0)
    }

    /// Whether a point lies inside (edges included).
    /// How far a point lies from the box (0 inside it).
    pub fn distance_to(&self, point: [f64; 3]) -> f64 {
        let d = [0, 1, 2].map(|a| point[a] - point[a].clamp(self.min[a], self.max[a]));
        (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
    }

    pub fn contains(&self, point: [f64; 3]) -> bool {
        (0..3).all(|a| self.min[a] <= point[a] && point[a] <= self.max[a])
    }

    pub fn feet(&self) -> [f64; 3] {
        [
            (self.min[0] + self.max[0]) / 2.0,
            self.min[1],
            (self.min[2] + self.max[2]) / 2.0,
        ]
    }

    /// The cells the box overlaps, `extra_below` more layers under it
    /// (fences and walls reach 1.5 blocks up into the cell above).
    pub fn cells(&self, extra_below: i32) -> impl Iterator<Item = BlockPos> {
        let lo = |a: usize| (self.min[a] + EPSILON).floor() as i32;
        let hi = |a: usize| (self.max[a] - EPSILON).floor() as i32;
        let (x0, y0, z0) = (lo(0), lo(1) - extra_below, lo(2));
        let (x1, y1, z1) = (hi(0), hi(1), hi(2));
        (y0..=y1).flat_map(move |y| (z0..=z1).flat_map(move |z| (x0..=x1).map(move |x| [x, y, z])))
    }

    /// The ray parameter in 0..=1 where the segment `from → from + d`
    /// enters this box, if it does.
    pub fn clip(&self, from: [f64; 3], d: [f64; 3]) -> Option<f64> {
        let (mut enter, mut exit) = (0.0f64, 1.0f64);
        for a in 0..3 {
            if d[a].abs() < 1e-12 {
                if from[a] < self.min[a] || from[a] > self.max[a] {
                    return None;
                }
                continue;
            }
            let (t0, t1) = (
                (self.min[a] - from[a]) / d[a],
                (self.max[a] - from[a]) / d[a],
            );
            enter = enter.max(t0.min(t1));
            exit = exit.min(t0.max(t1));
        }
        (enter <= exit).then_some(enter)
    }
}

/// The collision box of a block at `pos`, if entities bump into it.
pub fn block_box(block: BlockId, pos: BlockPos) -> Option<Aabb> {
    let def = registry().block(block);
    if !def.shape.collides() || traits::CLIMBABLE.contains(block) {
        return None;
    }
    let (x, y, z) = (f64::from(pos[0]), f64::from(pos[1]), f64::from(pos[2]));
    Some(Aabb {
        min: [x, y, z],
        max: [x + 1.0, y + f64::from(def.height), z + 1.0],
    })
}

/// Every block collision box that touches `area`.
pub fn boxes_in(world: &World, area: &Aabb, out: &mut Vec<Aabb>) {
    out.clear();
    for pos in area.inflate([EPSILON; 3]).cells(1) {
        let block = world.get(pos);
        if block != BlockId::AIR {
            out.extend(block_box(block, pos).filter(|b| b.intersects(&area.inflate([EPSILON; 3]))));
        }
    }
}

/// Whether no block collision box overlaps `area`.
pub fn is_free(world: &World, area: &Aabb) -> bool {
    let mut boxes = Vec::new();
    boxes_in(world, area, &mut boxes);
    !boxes.iter().any(|b| b.intersects(area))
}

/// How far `aabb` can move by `d` along `axis` before meeting one of `boxes`.
fn clamp_axis(boxes: &[Aabb], aabb: &Aabb, axis: usize, mut d: f64) -> f64 {
    let others = [(axis + 1) % 3, (axis + 2) % 3];
    for b in boxes {
        let overlaps = others
            .iter()
            .all(|&o| b.min[o] < aabb.max[o] - EPSILON && b.max[o] > aabb.min[o] + EPSILON);
        if !overlaps {
            continue;
        }
        if d > 0.0 && b.min[axis] >= aabb.max[axis] - EPSILON {
            d = d.min(b.min[axis] - aabb.max[axis]);
        } else if d < 0.0 && b.max[axis] <= aabb.min[axis] + EPSILON {
            d = d.max(b.max[axis] - aabb.min[axis]);
        }
        if d.abs() < EPSILON {
            return 0.0;
        }
    }
    d
}

/// Moves `aabb` by `d` against the blocks: y first, then the larger of the
/// horizontal components (vanilla's `collideBoundingBoxHeuristically`).
/// Returns the movement actually possible.
pub fn collide_heuristically(world: &World, aabb: &Aabb, d: [f64; 3]) -> [f64; 3] {
    if d == [0.0; 3] {
        return d;
    }
    let mut boxes = Vec::new();
    boxes_in(world, &aabb.expand_towards(d), &mut boxes);
    let mut moved = *aabb;
    let mut out = [0.0; 3];
    let z_first = d[0].abs() < d[2].abs();
    let order = if z_first { [1, 2, 0] } else { [1, 0, 2] };
    for axis in order {
        if d[axis] != 0.0 {
            out[axis] = clamp_axis(&boxes, &moved, axis, d[axis]);
            let mut step = [0.0; 3];
            step[axis] = out[axis];
            moved = moved.offset(step);
        }
    }
    out
}

fn horizontal_sq(v: [f64; 3]) -> f64 {
    v[0] * v[0] + v[2] * v[2]
}

/// Vanilla's `Entity.collide`: the heuristic move, and for walkers on the
/// ground that bumped into something, the better of stepping up by at
/// most `step_height` and not stepping.
pub fn collide(
    world: &World,
    aabb: &Aabb,
    d: [f64; 3],
    step_height: f64,
    on_ground: bool,
) -> [f64; 3] {
    let plain = collide_heuristically(world, aabb, d);
    let blocked_horizontally = plain[0] != d[0] || plain[2] != d[2];
    let may_step = on_ground || (plain[1] != d[1] && d[1] < 0.0);
    if step_height <= 0.0 || !may_step || !blocked_horizontally {
        return plain;
    }
    let mut stepped = collide_heuristically(world, aabb, [d[0], step_height, d[2]]);
    let up = collide_heuristically(
        world,
        &aabb.expand_towards([d[0], 0.0, d[2]]),
        [0.0, step_height, 0.0],
    );
    if up[1] < step_height {
        let across = collide_heuristically(world, &aabb.offset(up), [d[0], 0.0, d[2]]);
        let candidate = [across[0] + up[0], across[1] + up[1], across[2] + up[2]];
        if horizontal_sq(candidate) > horizontal_sq(stepped) {
            stepped = candidate;
        }
    }
    if horizontal_sq(stepped) > horizontal_sq(plain) {
        let down =
            collide_heuristically(world, &aabb.offset(stepped), [0.0, -stepped[1] + d[1], 0.0]);
        return [stepped[0], stepped[1] + down[1], stepped[2]];
    }
    plain
}

/// Vanilla's sneak edge guard (`maybeBackOffFromEdge`): shortens the
/// horizontal move in 0.05 steps until the box would still stand on
/// something `step_height` below.
pub fn back_off_from_edge(world: &World, aabb: &Aabb, d: [f64; 3], step_height: f64) -> [f64; 3] {
    const STEP: f64 = 0.05;
    let supported = |dx: f64, dz: f64| !is_free(world, &aabb.offset([dx, -step_height, dz]));
    let shrink = |v: f64| {
        if (-STEP..STEP).contains(&v) {
            0.0
        } else if v > 0.0 {
            v - STEP
        } else {
            v + STEP
        }
    };
    let (mut dx, mut dz) = (d[0], d[2]);
    while dx != 0.0 && !supported(dx, 0.0) {
        dx = shrink(dx);
    }
    while dz != 0.0 && !supported(0.0, dz) {
        dz = shrink(dz);
    }
    while dx != 0.0 && dz != 0.0 && !supported(dx, dz) {
        dx = shrink(dx);
        dz = shrink(dz);
    }
    [dx, d[1], dz]
}

/// What one move did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Moved {
    pub wanted: [f64; 3],
    pub actual: [f64; 3],
}

impl Moved {
    pub fn horizontal_collision(&self) -> bool {
        (self.wanted[0] - self.actual[0]).abs() >= 1e-5
            || (self.wanted[2] - self.actual[2]).abs() >= 1e-5
    }

    pub fn vertical_collision(&self) -> bool {
        self.wanted[1] != self.actual[1]
    }

    pub fn on_ground(&self) -> bool {
        self.vertical_collision() && self.wanted[1] < 0.0
    }

    /// Zeroes the velocity components the move was stopped on.
    pub fn stop_velocity(&self, vel: &mut [f64; 3]) {
        for (axis, v) in vel.iter_mut().enumerate() {
            if self.wanted[axis] != self.actual[axis] {
                *v = 0.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules::testkit::{flat_world, put};

    #[test]
    fn falling_stops_on_the_floor() {
        let world = flat_world();
        let aabb = Aabb::at_feet([0.5, 101.3, 0.5], 0.3, 1.8);
        let d = collide(&world, &aabb, [0.0, -1.0, 0.0], 0.6, false);
        assert!((d[1] + 0.3).abs() < 1e-9);
    }

    #[test]
    fn steps_onto_a_slab_height_but_not_a_block() {
        let mut world = flat_world();
        put(&mut world, [1, 101, 0], "oak_slab");
        let aabb = Aabb::at_feet([0.5, 101.0, 0.5], 0.3, 1.8);
        let d = collide(&world, &aabb, [0.3, 0.0, 0.0], 0.6, true);
        assert!(
            (d[0] - 0.3).abs() < 1e-9 && (d[1] - 0.5).abs() < 1e-9,
            "{d:?}"
        );
        put(&mut world, [1, 101, 0], "stone");
        let d = collide(&world, &aabb, [0.3, 0.0, 0.0], 0.6, true);
        assert!((d[0] - 0.2).abs() < 1e-9 && d[1].abs() < 1e-9, "{d:?}");
    }

    #[test]
    fn clip_finds_the_entry_point() {
        let b = Aabb::at_feet([0.0, 0.0, 5.0], 0.5, 1.0);
        let t = b.clip([0.0, 0.5, 0.0], [0.0, 0.0, 10.0]).unwrap();
        assert!((t - 0.45).abs() < 1e-9);
        assert!(b.clip([3.0, 0.5, 0.0], [0.0, 0.0, 10.0]).is_none());
    }
}
