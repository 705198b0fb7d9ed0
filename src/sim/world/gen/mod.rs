//! World generation: a pure function of the seed and chunk coordinates, so
//! chunks come out the same whatever order they are generated in.
//!
//! A chunk is built in passes: per-column terrain (height and biome from
//! noise, see [`terrain`]) filled with bedrock, stone, surface layers and
//! water; blobs and ores; caves; trees; small plants and snow; structures
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
mod caves;
mod noise;
mod ores;
pub(crate) mod palette;
mod plants;
mod spawn;
pub mod structures;
mod surface;
mod terrain;
mod trees;

#[cfg(test)]
mod tests;

pub use biome::{Biome, BiomeInfo, BIOMES};
pub use spawn::spawn_point;
pub use structures::{Spawn, Start, StructureKind};
pub use terrain::Column;
pub use trees::{Wood, WOOD_BLOCKS};

use std::collections::BTreeSet;
use std::sync::Mutex;

use super::Chunk;

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

/// Generates chunks of one world.
pub struct Generator {
    seed: u64,
    terrain: terrain::Terrain,
    surface: surface::Surface,
    ores: ores::Ores,
    caves: caves::Caves,
    trees: trees::Trees,
    plants: plants::Plants,
    structures: structures::Structures,
    ledger: Mutex<SpawnLedger>,
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
    pub fn new(seed: u64) -> Generator {
        Generator {
            seed,
            terrain: terrain::Terrain::new(seed),
            surface: surface::Surface::new(seed),
            ores: ores::Ores::new(seed),
            caves: caves::Caves::new(seed),
            trees: trees::Trees::new(seed),
            plants: plants::Plants::new(seed),
            structures: structures::Structures::new(seed),
            ledger: Mutex::default(),
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The planned height and biome of a block column (before caves and trees).
    pub fn column(&self, x: i32, z: i32) -> Column {
        self.terrain.column(x, z)
    }

    /// The biome of a block column, without generating its chunk.
    pub fn biome(&self, x: i32, z: i32) -> Biome {
        self.terrain.column(x, z).biome
    }

    /// Generates the chunk column at chunk coordinates (cx, cz).
    pub fn chunk(&self, cx: i32, cz: i32) -> Chunk {
        let mut chunk = Chunk::new(Biome::Plains);
        let columns: [Column; 256] = std::array::from_fn(|i| {
            let (lx, lz) = (i % 16, i / 16);
            self.terrain
                .column(cx * 16 + lx as i32, cz * 16 + lz as i32)
        });
        for (i, column) in columns.iter().enumerate() {
            let (lx, lz) = (i % 16, i / 16);
            chunk.set_biome(lx, lz, column.biome);
            let world_xz = (cx * 16 + lx as i32, cz * 16 + lz as i32);
            self.surface.fill(&mut chunk, (lx, lz), world_xz, column);
        }
        self.ores.place(&mut chunk, cx, cz);
        self.caves.carve(&mut chunk, cx, cz);
        self.trees.grow(&mut chunk, cx, cz, &self.terrain);
        self.plants.sow(&mut chunk, cx, cz, &columns);
        let spawns = self.structures.build(&mut chunk, cx, cz, &self.terrain);
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

    /// Every structure starting within `radius` blocks (in x and z) of the
    /// column (x, z), nearest first, without generating anything.
    pub fn structures_near(&self, x: i32, z: i32, radius: i32) -> Vec<Start> {
        self.structures.starts_near(&self.terrain, x, z, radius)
    }

    /// Where a buried treasure's chest lies (what treasure maps mark).
    pub fn treasure_chest(&self, start: &Start) -> crate::sim::world::BlockPos {
        structures::treasure_chest(start, &self.terrain)
    }
}
