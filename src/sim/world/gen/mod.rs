//! World generation: a pure function of the seed, the dimension and the
//! chunk coordinates, so chunks come out the same whatever order they are
//! generated in. Each dimension has a generator of its own
//! ([`overworld`], [`nether`], [`end`]); [`Generator`] picks one.
//!
//! An overworld chunk is built in passes: per-column terrain (height and biome from
//! noise, see [`terrain`]) filled with bedrock, stone, surface layers and
//! water; blobs and ores; caves; water and lava springs ([`springs`]); trees; small plants and snow; structures
//! (villages, temples, wrecks…, see [`structures`]). Passes that can cross
//! chunk borders (ore veins, caves, trees, structures) replay the features
//! started in neighbouring chunks from those chunks' hashes.
//!
//! Structures hand the game more than blocks: their chests' loot tables
//! and their villagers. The generator keeps these in a ledger the game
//! drains ([`Generator::take_spawns`]); a chunk hands them out only the
//! first time it is generated, so a chunk unloaded and generated again
//! does not bring its villagers twice.
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
mod fortress;
mod nether;
mod nether_features;
mod noise;
mod ores;
mod overworld;
pub(crate) mod palette;
mod plants;
mod spawn;
mod springs;
pub mod stronghold;
pub mod structures;
mod surface;
mod terrain;
mod trees;

#[cfg(test)]
mod tests;

pub use biome::{Biome, BiomeInfo, BIOMES};
pub use fortress::{fortress_near, Fortress, CHEST_LOOT};
pub use nether::LAVA_SEA_LEVEL;
pub use spawn::spawn_point;
pub use stronghold::{nearest_stronghold, strongholds, Stronghold};
pub use structures::{Spawn, Start, StructureKind};
pub use terrain::Column;
pub use trees::{Wood, WOOD_BLOCKS};

use std::collections::BTreeSet;
use std::sync::Mutex;

use super::{Chunk, Dimension};

/// Water fills every column up to this y.
pub const SEA_LEVEL: i32 = 62;

use super::FACE_OFFSETS as FACE_NEIGHBOURS;

/// The block at chunk-local coordinates, `None` outside the chunk: what
/// a feature kept to its own chunk may read.
fn local_block(chunk: &Chunk, [x, y, z]: [i32; 3]) -> Option<crate::sim::registry::BlockId> {
    let inside = (0..16).contains(&x) && (0..16).contains(&z) && (0..super::HEIGHT).contains(&y);
    inside.then(|| chunk.get(x as usize, y as usize, z as usize))
}

/// Generates the chunks of one dimension of a world.
pub struct Generator {
    seed: u64,
    dimension: Dimension,
    shape: Shape,
    ledger: Mutex<SpawnLedger>,
}

/// Each dimension's own generator.
enum Shape {
    Overworld(Box<overworld::Overworld>),
    Nether(Box<nether::Nether>),
    End(end::End),
}

/// What generated chunks have handed out so far.
#[derive(Default)]
struct SpawnLedger {
    /// Chunks whose spawns were handed out.
    populated: BTreeSet<(i32, i32)>,
    /// Spawns not yet taken by the game, in generation order.
    pending: Vec<Spawn>,
}

impl Generator {
    /// The overworld's generator.
    pub fn new(seed: u64) -> Generator {
        Generator::for_dimension(seed, Dimension::Overworld)
    }

    pub fn for_dimension(seed: u64, dimension: Dimension) -> Generator {
        let shape = match dimension {
            Dimension::Overworld => Shape::Overworld(Box::new(overworld::Overworld::new(seed))),
            Dimension::Nether => Shape::Nether(Box::new(nether::Nether::new(seed))),
            Dimension::End => Shape::End(end::End::new(seed)),
        };
        Generator {
            seed,
            dimension,
            shape,
            ledger: Mutex::default(),
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
        match &self.shape {
            Shape::Nether(g) => g.biome(x, z),
            _ => self.column(x, z).biome,
        }
    }

    /// Generates the chunk column at chunk coordinates (cx, cz).
    pub fn chunk(&self, cx: i32, cz: i32) -> Chunk {
        let (chunk, spawns) = match &self.shape {
            Shape::Overworld(g) => g.chunk(cx, cz),
            Shape::Nether(g) => (g.chunk(cx, cz), Vec::new()),
            Shape::End(g) => (g.chunk(cx, cz), Vec::new()),
        };
        let mut ledger = self.ledger.lock().unwrap_or_else(|e| e.into_inner());
        if ledger.populated.insert((cx, cz)) {
            ledger.pending.extend(spawns);
        }
        chunk
    }

    /// The chests and villagers of chunks generated since the last call,
    /// each handed out once per world.
    pub fn take_spawns(&self) -> Vec<Spawn> {
        let mut ledger = self.ledger.lock().unwrap_or_else(|e| e.into_inner());
        std::mem::take(&mut ledger.pending)
    }

    /// Every overworld structure starting within `radius` blocks (in x
    /// and z) of the column (x, z), nearest first, without generating
    /// anything; none in the other dimensions.
    pub fn structures_near(&self, x: i32, z: i32, radius: i32) -> Vec<Start> {
        match &self.shape {
            Shape::Overworld(g) => g.structures_near(x, z, radius),
            Shape::Nether(_) | Shape::End(_) => Vec::new(),
        }
    }

    /// Where a buried treasure's chest lies (what treasure maps mark);
    /// treasure is only buried in the overworld.
    pub fn treasure_chest(&self, start: &Start) -> Option<crate::sim::world::BlockPos> {
        match &self.shape {
            Shape::Overworld(g) => Some(g.treasure_chest(start)),
            Shape::Nether(_) | Shape::End(_) => None,
        }
    }
}
