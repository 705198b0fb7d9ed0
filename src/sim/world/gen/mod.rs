//! World generation: a pure function of the seed and chunk coordinates, so
//! chunks come out the same whatever order they are generated in.
//!
//! PLACEHOLDER: a flat grass world until the real generator lands.

use super::Chunk;
use crate::sim::registry::block;
use crate::sim::world::{BlockPos, World};

/// Biomes the generator places.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Biome {
    #[default]
    Plains,
    Forest,
    BirchForest,
    Desert,
    SnowyTundra,
    Taiga,
    Savanna,
    Ocean,
    River,
}

pub struct Generator {
    seed: u64,
}

impl Generator {
    pub fn new(seed: u64) -> Generator {
        Generator { seed }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Generates the chunk column at chunk coordinates (cx, cz).
    pub fn chunk(&self, _cx: i32, _cz: i32) -> Chunk {
        let mut chunk = Chunk::new(Biome::Plains);
        let (bedrock, stone, dirt, grass) = (
            block("bedrock"),
            block("stone"),
            block("dirt"),
            block("grass_block"),
        );
        for z in 0..16 {
            for x in 0..16 {
                chunk.set(x, 0, z, bedrock);
                for y in 1..60 {
                    chunk.set(x, y, z, stone);
                }
                for y in 60..63 {
                    chunk.set(x, y, z, dirt);
                }
                chunk.set(x, 63, z, grass);
            }
        }
        chunk
    }
}

/// A dry, open block to stand on near the origin: the feet position.
pub fn spawn_point(world: &mut World) -> BlockPos {
    [0, world.surface_y(0, 0) + 1, 0]
}
