//! Water and lava as the rules see them: which fluid a cell holds and at
//! what level, how high it stands in its cell, which fluid a box or the
//! eyes are in. How fluids flow is `flow`'s.
//!
//! A fluid stands amount/9 of a block high (a source or falling fluid
//! 8/9), or full under the same fluid (`FluidState.getHeight`).

use super::collision::Aabb;
use crate::sim::registry::{block, BlockId};
use crate::sim::world::{fluid_level, BlockPos, World};

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

    /// The block of this fluid.
    pub fn block(self) -> BlockId {
        match self {
            Fluid::Water => block("water"),
            Fluid::Lava => block("lava"),
        }
    }
}

/// The fluid at `pos` and its level (see [`fluid_level`]), if it holds one.
pub fn at(world: &World, pos: BlockPos) -> Option<(Fluid, u8)> {
    Fluid::of(world.get(pos)).map(|fluid| (fluid, world.fluid_level(pos)))
}

/// Whether `pos` holds a source of `fluid`.
pub fn is_source(world: &World, pos: BlockPos, fluid: Fluid) -> bool {
    at(world, pos) == Some((fluid, fluid_level::SOURCE))
}

/// Height of the fluid surface above the bottom of its cell, if `pos` holds `fluid`.
pub fn height_at(world: &World, pos: BlockPos, fluid: Fluid) -> Option<f64> {
    let (here, level) = at(world, pos)?;
    if here != fluid {
        return None;
    }
    let above = [pos[0], pos[1] + 1, pos[2]];
    Some(if Fluid::of(world.get(above)) == Some(fluid) {
        1.0
    } else {
        fluid_level::own_height(level)
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
    fn flowing_water_stands_by_its_amount() {
        let mut world = flat_world();
        world.set_fluid([0, 101, 0], block("water"), 6);
        assert_eq!(
            height_at(&world, [0, 101, 0], Fluid::Water),
            Some(2.0 / 9.0)
        );
        world.set_fluid([0, 102, 0], block("water"), fluid_level::FALLING);
        assert_eq!(height_at(&world, [0, 101, 0], Fluid::Water), Some(1.0));
        assert_eq!(at(&world, [0, 102, 0]), Some((Fluid::Water, 8)));
        assert!(!is_source(&world, [0, 101, 0], Fluid::Water));
    }
}
