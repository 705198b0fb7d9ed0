//! The overworld's chunks: per-column terrain (height and biome from
//! noise) filled with bedrock, stone, surface layers and water; blobs and
//! ores; caves; water and lava springs; trees; small plants and snow; strongholds; structures.

use super::structures::{self, Spawn, Start};
use super::{caves, ores, plants, springs, stronghold, surface, terrain, trees, Biome, Column};
use crate::sim::world::{BlockPos, Chunk};

/// Generates the overworld's chunks.
pub struct Overworld {
    terrain: terrain::Terrain,
    surface: surface::Surface,
    ores: ores::Ores,
    caves: caves::Caves,
    springs: springs::Springs,
    trees: trees::Trees,
    plants: plants::Plants,
    strongholds: stronghold::Strongholds,
    structures: structures::Structures,
}

impl Overworld {
    pub fn new(seed: u64) -> Overworld {
        Overworld {
            terrain: terrain::Terrain::new(seed),
            surface: surface::Surface::new(seed),
            ores: ores::Ores::new(seed),
            caves: caves::Caves::new(seed),
            springs: springs::Springs::new(seed),
            trees: trees::Trees::new(seed),
            plants: plants::Plants::new(seed),
            strongholds: stronghold::Strongholds::new(seed),
            structures: structures::Structures::new(seed),
        }
    }

    /// The planned height and biome of a block column (before caves and trees).
    pub fn column(&self, x: i32, z: i32) -> Column {
        self.terrain.column(x, z)
    }

    /// Generates the chunk column at chunk coordinates (cx, cz), with the
    /// chests and villagers its structures put there.
    pub fn chunk(&self, cx: i32, cz: i32) -> (Chunk, Vec<Spawn>) {
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
        self.springs.place(&mut chunk, cx, cz);
        self.trees.grow(&mut chunk, cx, cz, &self.terrain);
        self.plants.sow(&mut chunk, cx, cz, &columns);
        self.strongholds.build(&mut chunk, cx, cz);
        let spawns = self.structures.build(&mut chunk, cx, cz, &self.terrain);
        (chunk, spawns)
    }

    /// Every structure starting within `radius` blocks of (x, z).
    pub fn structures_near(&self, x: i32, z: i32, radius: i32) -> Vec<Start> {
        self.structures.starts_near(&self.terrain, x, z, radius)
    }

    /// Where a buried treasure's chest lies.
    pub fn treasure_chest(&self, start: &Start) -> BlockPos {
        structures::treasure_chest(start, &self.terrain)
    }
}
