//! The spawn point: the first dry, open spot near the origin, searched in
//! growing square rings in a fixed order, preferring spots whose 7×7 area
//! is flat within one block (tasks build and dig around the player).

use std::collections::HashMap;

use crate::sim::registry::{registry, BlockId, Shape};
use crate::sim::world::{BlockPos, World, HEIGHT};

/// Rings searched for a flat spot, then for any dry spot.
const FLAT_SEARCH_RADIUS: i32 = 64;
const DRY_SEARCH_RADIUS: i32 = 160;
/// Half the side of the area that should be flat (3 → 7×7).
const FLAT_HALF_SIDE: i32 = 3;
/// Blocks a spawn may stand on.
const SPAWN_GROUND: &[&str] = &["grass_block", "sand"];

/// What stands on one block column.
#[derive(Clone, Copy)]
struct Ground {
    /// The highest block one can stand on or swim in.
    y: i32,
    block: BlockId,
    /// Whether nothing at all (not even a plant) is above it.
    open_sky: bool,
}

/// The columns looked at so far (a lookup cache; never iterated).
struct Survey<'w> {
    world: &'w mut World,
    grounds: HashMap<(i32, i32), Ground>,
    spawn_ground: Vec<BlockId>,
}

impl Survey<'_> {
    fn ground(&mut self, x: i32, z: i32) -> Ground {
        if let Some(&ground) = self.grounds.get(&(x, z)) {
            return ground;
        }
        let ground = measure(self.world, x, z);
        self.grounds.insert((x, z), ground);
        ground
    }

    /// The feet position if one can spawn standing on column (x, z).
    fn stand(&mut self, x: i32, z: i32) -> Option<BlockPos> {
        let ground = self.ground(x, z);
        (ground.open_sky && ground.y + 2 < HEIGHT && self.spawn_ground.contains(&ground.block))
            .then_some([x, ground.y + 1, z])
    }

    /// Whether the area around a feet position is level, dry and treeless.
    fn flat_around(&mut self, [x, feet_y, z]: BlockPos) -> bool {
        let r = FLAT_HALF_SIDE;
        (-r..=r).all(|dz| {
            (-r..=r).all(|dx| {
                let ground = self.ground(x + dx, z + dz);
                let def = registry().block(ground.block);
                (ground.y + 1 - feet_y).abs() <= 1
                    && def.shape != Shape::Liquid
                    && !def.name.ends_with("_log")
                    && !def.name.ends_with("_leaves")
            })
        })
    }
}

/// The ground of a column, generating its chunk if needed.
fn measure(world: &mut World, x: i32, z: i32) -> Ground {
    let chunk = world.chunk_mut(x >> 4, z >> 4);
    let (lx, lz) = ((x & 15) as usize, (z & 15) as usize);
    let registry = registry();
    let mut open_sky = true;
    for y in (0..HEIGHT as usize).rev() {
        if chunk.section(y >> 4).is_none() {
            continue;
        }
        let block = chunk.get(lx, y, lz);
        if block == BlockId::AIR {
            continue;
        }
        let shape = registry.block(block).shape;
        if shape.collides() || shape == Shape::Liquid {
            return Ground {
                y: y as i32,
                block,
                open_sky,
            };
        }
        open_sky = false;
    }
    Ground {
        y: 0,
        block: BlockId::AIR,
        open_sky: false,
    }
}

/// Columns in square rings around the origin, nearest ring first.
fn rings(radius: i32) -> impl Iterator<Item = (i32, i32)> {
    (0..=radius).flat_map(|r| {
        let edges = (-r..=r).flat_map(move |a| [(a, -r), (a, r)]);
        let sides = (1 - r..r).flat_map(move |b| [(-r, b), (r, b)]);
        edges.chain(sides).take(if r == 0 { 1 } else { usize::MAX })
    })
}

/// A dry, open block to stand on near the origin: the feet position.
pub fn spawn_point(world: &mut World) -> BlockPos {
    let mut survey = Survey {
        world,
        grounds: HashMap::new(),
        spawn_ground: SPAWN_GROUND
            .iter()
            .map(|n| crate::sim::registry::block(n))
            .collect(),
    };
    for (x, z) in rings(FLAT_SEARCH_RADIUS) {
        if let Some(feet) = survey.stand(x, z) {
            if survey.flat_around(feet) {
                return feet;
            }
        }
    }
    rings(DRY_SEARCH_RADIUS)
        .find_map(|(x, z)| survey.stand(x, z))
        .unwrap_or_else(|| [0, survey.ground(0, 0).y + 1, 0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_visit_each_column_once_nearest_first() {
        let visited: Vec<(i32, i32)> = rings(3).collect();
        assert_eq!(visited.len(), 49);
        assert_eq!(visited[0], (0, 0));
        let mut sorted = visited.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 49);
        let ring = |(x, z): (i32, i32)| x.abs().max(z.abs());
        assert!(visited.windows(2).all(|w| ring(w[0]) <= ring(w[1])));
    }
}
