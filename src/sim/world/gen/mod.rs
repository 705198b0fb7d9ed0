//! World generation: a pure function of the seed, the dimension and the
//! chunk coordinates, so chunks come out the same whatever order they are
//! generated in. Each dimension has a generator of its own
//! ([`overworld`], [`nether`], [`end`]); [`Generator`] picks one.
//!
//! An overworld chunk is built in passes: per-column terrain (height and biome from
//! noise, see [`terrain`]) filled with bedrock, stone, surface layers and
//! water; blobs and ores; caves; trees; small plants and snow. Passes that
//! can cross chunk borders (ore veins, caves, trees) replay the features
//! started in neighbouring chunks from those chunks' hashes.
//!
//! Biome layout: continentalness noise (features ~900 blocks) makes oceans
//! and land, pushed up to land within ~400 blocks of the origin; rivers run
//! along the zero lines of a river noise; mountains rise where hilliness
//! noise is high; elsewhere temperature and humidity noise (features ~600
//! blocks) pick snowy tundra (coldest), taiga, then plains / forest / birch
//! forest (temperate, drier to wetter), then desert / savanna (hot).

mod biome;
pub mod blueprint;
mod caves;
pub mod end;
pub mod end_spikes;
mod nether;
mod noise;
mod ores;
mod overworld;
mod palette;
mod plants;
mod spawn;
pub mod stronghold;
mod surface;
mod terrain;
mod trees;

#[cfg(test)]
mod tests;

pub use biome::{Biome, BiomeInfo, BIOMES};
pub use spawn::spawn_point;
pub use stronghold::{nearest_stronghold, strongholds, Stronghold};
pub use terrain::Column;
pub use trees::{Wood, WOOD_BLOCKS};

use super::{Chunk, Dimension};

/// Water fills every column up to this y.
pub const SEA_LEVEL: i32 = 62;

/// Offsets of a block's six face neighbours.
const FACE_NEIGHBOURS: [[i32; 3]; 6] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
];

/// Generates the chunks of one dimension of a world.
pub struct Generator {
    seed: u64,
    dimension: Dimension,
    shape: Shape,
}

/// Each dimension's own generator.
enum Shape {
    Overworld(Box<overworld::Overworld>),
    Nether(nether::Nether),
    End(end::End),
}

impl Generator {
    /// The overworld's generator.
    pub fn new(seed: u64) -> Generator {
        Generator::for_dimension(seed, Dimension::Overworld)
    }

    pub fn for_dimension(seed: u64, dimension: Dimension) -> Generator {
        let shape = match dimension {
            Dimension::Overworld => Shape::Overworld(Box::new(overworld::Overworld::new(seed))),
            Dimension::Nether => Shape::Nether(nether::Nether::new(seed)),
            Dimension::End => Shape::End(end::End::new(seed)),
        };
        Generator {
            seed,
            dimension,
            shape,
        }
    }

    /// The world seed (the same in every dimension).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn dimension(&self) -> Dimension {
        self.dimension
    }

    /// The planned height and biome of a block column (before caves and trees).
    pub fn column(&self, x: i32, z: i32) -> Column {
        match &self.shape {
            Shape::Overworld(g) => g.column(x, z),
            Shape::Nether(g) => g.column(x, z),
            Shape::End(g) => g.column(x, z),
        }
    }

    /// The biome of a block column, without generating its chunk.
    pub fn biome(&self, x: i32, z: i32) -> Biome {
        self.column(x, z).biome
    }

    /// Generates the chunk column at chunk coordinates (cx, cz).
    pub fn chunk(&self, cx: i32, cz: i32) -> Chunk {
        match &self.shape {
            Shape::Overworld(g) => g.chunk(cx, cz),
            Shape::Nether(g) => g.chunk(cx, cz),
            Shape::End(g) => g.chunk(cx, cz),
        }
    }
}
