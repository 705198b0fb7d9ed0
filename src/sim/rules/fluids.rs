//! Water and lava as the rules see them: how high a fluid stands in its
//! cell, which fluid a box or the eyes are in, and lava turning to
//! obsidian where water touches it.
//!
//! The world stores one block id per cell and no fluid levels, so every
//! fluid cell is a source: 8/9 of a block high, or full under the same
//! fluid. Fluids do not flow.

use super::collision::Aabb;
use crate::sim::registry::{block, BlockId};
use crate::sim::world::{BlockPos, World};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fluid {
    Water,
    Lava,
}

impl Fluid {
    pub fn of(id: BlockId) -> Option<Fluid> {
        if id == block("water") {
            Some(Fluid::Water)
        } else if id == block("lava") {
            Some(Fluid::Lava)
        } else {
            None
        }
    }
}

/// Height of the fluid surface above the bottom of its cell, if `pos` holds `fluid`.
pub fn height_at(world: &World, pos: BlockPos, fluid: Fluid) -> Option<f64> {
    if Fluid::of(world.get(pos)) != Some(fluid) {
        return None;
    }
    let above = [pos[0], pos[1] + 1, pos[2]];
    Some(if Fluid::of(world.get(above)) == Some(fluid) {
        1.0
    } else {
        8.0 / 9.0
    })
}

/// How deep `aabb` reaches into `fluid` (vanilla's `getFluidHeight`):
/// the highest surface above the box bottom, 0 when not in it.
pub fn depth_in(world: &World, aabb: &Aabb, fluid: Fluid) -> f64 {
    let inner = aabb.inflate([-0.001; 3]);
    inner
        .cells(0)
        .filter_map(|pos| {
            let surface = f64::from(pos[1]) + height_at(world, pos, fluid)?;
            (surface >= inner.min[1]).then_some(surface - inner.min[1])
        })
        .fold(0.0, f64::max)
}

/// Whether the point is below the surface of `fluid`.
pub fn point_in(world: &World, point: [f64; 3], fluid: Fluid) -> bool {
    let pos = [
        point[0].floor() as i32,
        point[1].floor() as i32,
        point[2].floor() as i32,
    ];
    height_at(world, pos, fluid).is_some_and(|h| point[1] < f64::from(pos[1]) + h)
}

/// Vanilla tests the eyes a ninth of a block below the eye height.
const EYE_FLUID_OFFSET: f64 = 0.111_111_11;

/// Whether the eyes at `eye` are under `fluid` (`isEyeInFluid`).
pub fn eyes_in(world: &World, eye: [f64; 3], fluid: Fluid) -> bool {
    point_in(world, [eye[0], eye[1] - EYE_FLUID_OFFSET, eye[2]], fluid)
}

/// Whether any cell the box overlaps holds a fluid.
pub fn any_in(world: &World, aabb: &Aabb) -> bool {
    aabb.cells(0).any(|pos| Fluid::of(world.get(pos)).is_some())
}

/// Lava touched by water from above or the side becomes obsidian (it is
/// always a source here). Call after a fluid was placed at `pos`.
pub fn settle_around(world: &mut World, pos: BlockPos) {
    const TOUCHING: [[i32; 3]; 5] = [[0, 1, 0], [1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];
    let neighbours = TOUCHING.map(|d| [pos[0] - d[0], pos[1] - d[1], pos[2] - d[2]]);
    for lava in std::iter::once(pos).chain(neighbours) {
        if Fluid::of(world.get(lava)) != Some(Fluid::Lava) {
            continue;
        }
        let touched = TOUCHING.iter().any(|d| {
            Fluid::of(world.get([lava[0] + d[0], lava[1] + d[1], lava[2] + d[2]]))
                == Some(Fluid::Water)
        });
        if touched {
            world.set(lava, block("obsidian"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules::testkit::{flat_world, put};

    #[test]
    fn a_box_standing_in_water_is_in_it() {
        let mut world = flat_world();
        put(&mut world, [0, 101, 0], "water");
        let aabb = Aabb::at_feet([0.5, 101.0, 0.5], 0.3, 1.8);
        let depth = depth_in(&world, &aabb, Fluid::Water);
        assert!((depth - (8.0 / 9.0 - 0.001)).abs() < 1e-9, "{depth}");
        assert_eq!(depth_in(&world, &aabb, Fluid::Lava), 0.0);
        assert!(point_in(&world, [0.5, 101.5, 0.5], Fluid::Water));
        assert!(!point_in(&world, [0.5, 101.95, 0.5], Fluid::Water));
    }

    #[test]
    fn water_next_to_lava_makes_obsidian() {
        let mut world = flat_world();
        put(&mut world, [0, 101, 0], "lava");
        put(&mut world, [1, 101, 0], "water");
        settle_around(&mut world, [1, 101, 0]);
        assert_eq!(world.get([0, 101, 0]), block("obsidian"));
        assert_eq!(world.get([1, 101, 0]), block("water"));
    }
}
