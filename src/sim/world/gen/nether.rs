//! The Nether's chunks: a cavern of netherrack between a bedrock floor
//! (y 0–4) and a bedrock roof (y 123–127), its lower floor flooded by a
//! lava sea up to y 31, as in 1.16.5's nether wastes.
//!
//! The cavern's floor and roof heights come from 2D noise; where they meet
//! the netherrack stands as a pillar from floor to roof.

use super::noise::{subseed, Fbm, Rng};
use super::{Biome, Column};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::Chunk;

/// Lava fills every open cell up to this y.
pub const LAVA_SEA_LEVEL: i32 = 31;
/// The first y of the bedrock roof's solid layer.
const ROOF_BEDROCK: i32 = 123;

/// Generates the Nether's chunks.
pub struct Nether {
    seed: u64,
    floor: Fbm,
    roof: Fbm,
}

impl Nether {
    pub fn new(seed: u64) -> Nether {
        Nether {
            seed: subseed(seed, 0x4e45_5448),
            floor: Fbm::new(subseed(seed, 0x4e46), 4, 48.0),
            roof: Fbm::new(subseed(seed, 0x4e52), 4, 40.0),
        }
    }

    /// The top of the cavern floor and the bottom of its roof in a column.
    fn floor_and_roof(&self, x: i32, z: i32) -> (i32, i32) {
        let (fx, fz) = (f64::from(x), f64::from(z));
        let floor = 34.0 + 22.0 * self.floor.at(fx, fz);
        let roof = 96.0 + 22.0 * self.roof.at(fx, fz);
        let floor = floor.round() as i32;
        (floor, (roof.round() as i32).max(floor))
    }

    /// The floor's top in a column (the cavern's walking height).
    pub fn column(&self, x: i32, z: i32) -> Column {
        Column {
            height: self.floor_and_roof(x, z).0,
            biome: Biome::NetherWastes,
            shore: false,
            cold: false,
        }
    }

    /// Generates the chunk column at chunk coordinates (cx, cz).
    pub fn chunk(&self, cx: i32, cz: i32) -> Chunk {
        let mut chunk = Chunk::new(Biome::NetherWastes);
        let (bedrock, netherrack, lava) = (block("bedrock"), block("netherrack"), block("lava"));
        for lz in 0..16 {
            for lx in 0..16 {
                let (x, z) = (cx * 16 + lx as i32, cz * 16 + lz as i32);
                let (floor, roof) = self.floor_and_roof(x, z);
                let mut rng = Rng::at(self.seed, x, 0, z);
                for y in 0..=127 {
                    let solid_bedrock = y == 0
                        || y == 127
                        || (y < 5 && rng.below(5) as i32 >= y)
                        || (y >= ROOF_BEDROCK && rng.below(5) as i32 <= y - ROOF_BEDROCK);
                    let id: BlockId = if solid_bedrock {
                        bedrock
                    } else if y <= floor || y >= roof {
                        netherrack
                    } else if y <= LAVA_SEA_LEVEL {
                        lava
                    } else {
                        continue;
                    };
                    chunk.set(lx, y as usize, lz, id);
                }
            }
        }
        chunk
    }
}
