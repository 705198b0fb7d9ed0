//! Which block a ray from the eye meets: the block under the crosshair
//! (reach 4.5) and the sky test of the `look_at` statistic.

use super::registry::{registry, BlockId, Shape};
use super::world::{BlockPos, World, HEIGHT};

/// How far the player reaches, in blocks.
pub const REACH: f64 = 4.5;

/// A block face, by its outward normal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Down,
    Up,
    North,
    South,
    West,
    East,
}

impl Face {
    /// Every face, in the order of vanilla's 3D data values
    /// (`Direction.from3DDataValue`).
    pub const ALL: [Face; 6] = [
        Face::Down,
        Face::Up,
        Face::North,
        Face::South,
        Face::West,
        Face::East,
    ];

    /// The unit offset to the neighbouring cell across this face.
    pub fn normal(self) -> [i32; 3] {
        match self {
            Face::Down => [0, -1, 0],
            Face::Up => [0, 1, 0],
            Face::North => [0, 0, -1],
            Face::South => [0, 0, 1],
            Face::West => [-1, 0, 0],
            Face::East => [1, 0, 0],
        }
    }

    /// The face on the other side of a block.
    pub fn opposite(self) -> Face {
        match self {
            Face::Down => Face::Up,
            Face::Up => Face::Down,
            Face::North => Face::South,
            Face::South => Face::North,
            Face::West => Face::East,
            Face::East => Face::West,
        }
    }

    /// Whether it is a floor's or a ceiling's face (up or down).
    pub fn is_vertical(self) -> bool {
        matches!(self, Face::Down | Face::Up)
    }
}

/// A block hit by a ray.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    pub pos: BlockPos,
    pub block: BlockId,
    /// The face the ray entered through.
    pub face: Face,
    pub distance: f64,
}

impl Hit {
    /// The empty cell in front of the hit face, where a placed block goes.
    pub fn adjacent(&self) -> BlockPos {
        let n = self.face.normal();
        [self.pos[0] + n[0], self.pos[1] + n[1], self.pos[2] + n[2]]
    }
}

/// Whether the crosshair can select a block of this kind (air and
/// fluids cannot be selected).
pub fn selectable(block: BlockId) -> bool {
    !matches!(registry().block(block).shape, Shape::None | Shape::Liquid)
}

/// Walks the voxel grid from `origin` along unit `dir` up to `max_distance`
/// and returns the first block `stops` accepts.
pub fn cast(
    world: &World,
    origin: [f64; 3],
    dir: [f64; 3],
    max_distance: f64,
    stops: impl Fn(BlockId) -> bool,
) -> Option<Hit> {
    cast_at(world, origin, dir, max_distance, |block, _| stops(block))
}

/// [`cast`] with a test that also sees the cell's position.
pub fn cast_at(
    world: &World,
    origin: [f64; 3],
    dir: [f64; 3],
    max_distance: f64,
    stops: impl Fn(BlockId, BlockPos) -> bool,
) -> Option<Hit> {
    let mut cell = [
        origin[0].floor() as i32,
        origin[1].floor() as i32,
        origin[2].floor() as i32,
    ];
    let mut step = [0i32; 3];
    let mut t_max = [f64::INFINITY; 3];
    let mut t_delta = [f64::INFINITY; 3];
    for axis in 0..3 {
        if dir[axis] > 0.0 {
            step[axis] = 1;
            t_delta[axis] = 1.0 / dir[axis];
            t_max[axis] = (f64::from(cell[axis]) + 1.0 - origin[axis]) / dir[axis];
        } else if dir[axis] < 0.0 {
            step[axis] = -1;
            t_delta[axis] = -1.0 / dir[axis];
            t_max[axis] = (origin[axis] - f64::from(cell[axis])) / -dir[axis];
        }
    }
    let mut face = Face::Up;
    let mut distance = 0.0;
    loop {
        let block = world.get(cell);
        if block != BlockId::AIR && stops(block, cell) {
            return Some(Hit {
                pos: cell,
                block,
                face,
                distance,
            });
        }
        let axis = if t_max[0] < t_max[1] {
            if t_max[0] < t_max[2] {
                0
            } else {
                2
            }
        } else if t_max[1] < t_max[2] {
            1
        } else {
            2
        };
        distance = t_max[axis];
        if distance > max_distance {
            return None;
        }
        cell[axis] += step[axis];
        t_max[axis] += t_delta[axis];
        face = match (axis, step[axis] > 0) {
            (0, true) => Face::West,
            (0, false) => Face::East,
            (1, true) => Face::Down,
            (1, false) => Face::Up,
            (_, true) => Face::North,
            (_, false) => Face::South,
        };
        if (cell[1] < 0 && step[1] < 0) || (cell[1] >= HEIGHT && step[1] > 0) {
            return None;
        }
    }
}

/// The block under the crosshair within reach.
pub fn target(world: &World, eye: [f64; 3], dir: [f64; 3]) -> Option<Hit> {
    cast(world, eye, dir, REACH, selectable)
}

/// Whether the view ray leaves the world upward without meeting any block
/// other than air: the player is looking at open sky.
pub fn sees_sky(world: &World, eye: [f64; 3], dir: [f64; 3], pitch: f32) -> bool {
    pitch <= -30.0 && cast(world, eye, dir, 512.0, |_| true).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::block;

    fn world_with(blocks: &[(BlockPos, &str)]) -> World {
        let mut world = World::new(0);
        for x in -1..=1 {
            for z in -1..=1 {
                world.chunk_mut(x, z);
            }
        }
        for y in 0..HEIGHT {
            for x in -4..=4 {
                for z in -4..=4 {
                    world.set([x, y, z], BlockId::AIR);
                }
            }
        }
        for &(pos, name) in blocks {
            world.set(pos, block(name));
        }
        world
    }

    #[test]
    fn hits_the_first_block_and_its_face() {
        let world = world_with(&[([0, 100, 3], "stone"), ([0, 100, 4], "dirt")]);
        let hit = target(&world, [0.5, 100.5, 0.5], [0.0, 0.0, 1.0]).unwrap();
        assert_eq!(hit.pos, [0, 100, 3]);
        assert_eq!(hit.face, Face::North);
        assert_eq!(hit.adjacent(), [0, 100, 2]);
        assert!((hit.distance - 2.5).abs() < 1e-9);
    }

    #[test]
    fn reach_limits_the_target() {
        let world = world_with(&[([0, 100, 6], "stone")]);
        assert!(target(&world, [0.5, 100.5, 0.5], [0.0, 0.0, 1.0]).is_none());
    }

    #[test]
    fn water_is_not_selectable() {
        let world = world_with(&[([0, 100, 2], "water"), ([0, 100, 3], "stone")]);
        let hit = target(&world, [0.5, 100.5, 0.5], [0.0, 0.0, 1.0]).unwrap();
        assert_eq!(hit.pos, [0, 100, 3]);
    }

    #[test]
    fn sky_is_seen_only_looking_up_with_nothing_above() {
        let world = world_with(&[]);
        assert!(sees_sky(&world, [0.5, 100.5, 0.5], [0.0, 1.0, 0.0], -90.0));
        assert!(!sees_sky(&world, [0.5, 100.5, 0.5], [0.0, 1.0, 0.0], 0.0));
        let roofed = world_with(&[([0, 120, 0], "oak_leaves")]);
        assert!(!sees_sky(
            &roofed,
            [0.5, 100.5, 0.5],
            [0.0, 1.0, 0.0],
            -90.0
        ));
    }
}
