//! Overworld structures: where they start and which chunks they reach.
//!
//! Placement follows Minecraft 1.16.5. Most structures use a grid of
//! regions `spacing` chunks wide; each region holds one attempt, in a chunk
//! drawn with `java.util.Random` seeded from the world seed, the region and
//! the structure's salt (`setLargeFeatureWithSalt`), at least `separation`
//! chunks from the next region's. Buried treasure and mineshafts instead
//! roll a chance per chunk. An attempt becomes a structure when the biome
//! at its start suits it (villages on plains, desert, savanna or taiga
//! land; desert pyramids in deserts; buried treasure on beaches;
//! shipwrecks in oceans and on beaches). Everything here is a pure
//! function of the seed and the coordinates, so [`Structures::starts_near`]
//! can answer without generating a chunk.
//!
//! A structure is built chunk by chunk: each chunk replays every structure
//! starting within reach and keeps the blocks that fall inside it
//! ([`canvas`]), as caves and trees do.

mod buried_treasure;
pub mod canvas;
mod desert_pyramid;
mod mineshaft;
mod ruined_portal;
mod shipwreck;
mod village;

#[cfg(test)]
mod tests;

use super::noise::{hash3, subseed, unit};
use super::terrain::{Column, Terrain};
use super::{Biome, SEA_LEVEL};
use crate::sim::enchanting::JavaRandom;
use crate::sim::world::{BlockPos, Chunk};
pub use canvas::{Canvas, Spawn};

/// The structures the generator builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StructureKind {
    Village,
    DesertPyramid,
    BuriedTreasure,
    Shipwreck,
    RuinedPortal,
    Mineshaft,
}

/// One attempt per region of `spacing`² chunks, `separation` apart.
#[derive(Debug, Clone, Copy)]
struct Grid {
    spacing: i32,
    separation: i32,
    salt: i64,
}

impl Grid {
    /// The region a chunk lies in.
    fn region_of(self, (cx, cz): (i32, i32)) -> (i32, i32) {
        (cx.div_euclid(self.spacing), cz.div_euclid(self.spacing))
    }

    /// The chunk of a region's attempt.
    fn attempt(self, seed: u64, region: (i32, i32)) -> (i32, i32) {
        grid_chunk(seed, region, self.spacing, self.separation, self.salt)
    }
}

/// How attempts are spread over the world.
#[derive(Debug, Clone, Copy)]
enum Rarity {
    Grid(Grid),
    /// An attempt in each chunk with this chance.
    Chance {
        probability: f64,
        salt: i64,
    },
}

/// One structure's placement rules.
struct Placement {
    kind: StructureKind,
    id: &'static str,
    rarity: Rarity,
    /// How far (in chunks) its blocks reach from its start chunk.
    reach: i32,
}

/// 1.16.5's `StructureSeparationSettings` (spacing, separation, salt) and
/// the per-chunk chances of buried treasure (0.01) and mineshafts (0.004).
const PLACEMENTS: [Placement; 6] = [
    Placement {
        kind: StructureKind::Village,
        id: "village",
        rarity: Rarity::Grid(Grid {
            spacing: 32,
            separation: 8,
            salt: 10_387_312,
        }),
        reach: 3,
    },
    Placement {
        kind: StructureKind::DesertPyramid,
        id: "desert_pyramid",
        rarity: Rarity::Grid(Grid {
            spacing: 32,
            separation: 8,
            salt: 14_357_617,
        }),
        reach: 2,
    },
    Placement {
        kind: StructureKind::BuriedTreasure,
        id: "buried_treasure",
        rarity: Rarity::Chance {
            probability: 0.01,
            salt: 10_387_320,
        },
        reach: 0,
    },
    Placement {
        kind: StructureKind::Shipwreck,
        id: "shipwreck",
        rarity: Rarity::Grid(Grid {
            spacing: 24,
            separation: 4,
            salt: 165_745_295,
        }),
        reach: 1,
    },
    Placement {
        kind: StructureKind::RuinedPortal,
        id: "ruined_portal",
        rarity: Rarity::Grid(Grid {
            spacing: 40,
            separation: 15,
            salt: 34_222_645,
        }),
        reach: 1,
    },
    Placement {
        kind: StructureKind::Mineshaft,
        id: "mineshaft",
        rarity: Rarity::Chance {
            probability: 0.004,
            salt: 0,
        },
        reach: 4,
    },
];

impl StructureKind {
    fn placement(self) -> &'static Placement {
        &PLACEMENTS[self as usize]
    }

    /// The Minecraft id, e.g. `desert_pyramid`.
    pub fn id(self) -> &'static str {
        self.placement().id
    }

    /// Every kind, in declaration order.
    pub fn all() -> impl Iterator<Item = StructureKind> {
        PLACEMENTS.iter().map(|p| p.kind)
    }

    /// Whether the column at the start suits this structure.
    fn suits(self, column: &Column) -> bool {
        let land = column.height >= SEA_LEVEL && !column.shore;
        match self {
            StructureKind::Village => {
                land && matches!(
                    column.biome,
                    Biome::Plains | Biome::Desert | Biome::Savanna | Biome::Taiga
                )
            }
            StructureKind::DesertPyramid => land && column.biome == Biome::Desert,
            StructureKind::BuriedTreasure => column.shore && column.biome != Biome::Ocean,
            StructureKind::Shipwreck => column.biome == Biome::Ocean || column.shore,
            StructureKind::RuinedPortal | StructureKind::Mineshaft => true,
        }
    }
}

/// Where a buried treasure's chest lies.
pub fn treasure_chest(start: &Start, terrain: &Terrain) -> BlockPos {
    buried_treasure::chest_pos(start, terrain)
}

/// A structure that will be built: its kind, start chunk and anchor (the
/// start chunk's middle column at ground level), and a key for its layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Start {
    pub kind: StructureKind,
    pub chunk: (i32, i32),
    pub pos: BlockPos,
    pub key: u64,
}

/// The chunk of a grid region's attempt (`getPotentialFeatureChunk`).
fn grid_chunk(
    seed: u64,
    region: (i32, i32),
    spacing: i32,
    separation: i32,
    salt: i64,
) -> (i32, i32) {
    let (rx, rz) = region;
    let large_feature_seed = i64::from(rx)
        .wrapping_mul(341_873_128_712)
        .wrapping_add(i64::from(rz).wrapping_mul(132_897_987_541))
        .wrapping_add(seed as i64)
        .wrapping_add(salt);
    let mut random = JavaRandom::new(large_feature_seed);
    let ox = random.next_below(spacing - separation);
    let oz = random.next_below(spacing - separation);
    (rx * spacing + ox, rz * spacing + oz)
}

/// Builds the structures of one world.
pub struct Structures {
    seed: u64,
    key: u64,
}

impl Structures {
    pub fn new(seed: u64) -> Structures {
        Structures {
            seed,
            key: subseed(seed, 80),
        }
    }

    /// Whether an attempt of `kind` is made in chunk (cx, cz), whatever the biome.
    fn attempt_in(&self, kind: StructureKind, (cx, cz): (i32, i32)) -> bool {
        match kind.placement().rarity {
            Rarity::Grid(grid) => grid.attempt(self.seed, grid.region_of((cx, cz))) == (cx, cz),
            Rarity::Chance { probability, salt } => {
                let roll = hash3(subseed(self.key, salt as u64 ^ kind as u64), cx, 0, cz);
                unit(roll) < probability
            }
        }
    }

    /// The structure of `kind` starting in chunk (cx, cz), if any.
    pub fn start_in(
        &self,
        terrain: &Terrain,
        kind: StructureKind,
        chunk: (i32, i32),
    ) -> Option<Start> {
        if !self.attempt_in(kind, chunk) {
            return None;
        }
        let (x, z) = (chunk.0 * 16 + 8, chunk.1 * 16 + 8);
        let column = terrain.column(x, z);
        kind.suits(&column).then(|| Start {
            kind,
            chunk,
            pos: [x, column.height, z],
            key: hash3(subseed(self.key, kind as u64 + 1), chunk.0, 0, chunk.1),
        })
    }

    /// Every structure of `kind` starting in the chunks from `low` to
    /// `high` (inclusive), in chunk order.
    fn starts_in_chunks(
        &self,
        terrain: &Terrain,
        kind: StructureKind,
        low: (i32, i32),
        high: (i32, i32),
    ) -> Vec<Start> {
        let mut candidates = Vec::new();
        match kind.placement().rarity {
            Rarity::Grid(grid) => {
                let (first, last) = (grid.region_of(low), grid.region_of(high));
                for rz in first.1..=last.1 {
                    for rx in first.0..=last.0 {
                        let (cx, cz) = grid.attempt(self.seed, (rx, rz));
                        if (low.0..=high.0).contains(&cx) && (low.1..=high.1).contains(&cz) {
                            candidates.push((cx, cz));
                        }
                    }
                }
            }
            Rarity::Chance { .. } => {
                for cz in low.1..=high.1 {
                    for cx in low.0..=high.0 {
                        if self.attempt_in(kind, (cx, cz)) {
                            candidates.push((cx, cz));
                        }
                    }
                }
            }
        }
        candidates.sort_unstable_by_key(|&(cx, cz)| (cz, cx));
        candidates
            .into_iter()
            .filter_map(|chunk| self.start_in(terrain, kind, chunk))
            .collect()
    }

    /// Every structure starting within `radius` blocks (in x and z) of the
    /// column (x, z), nearest first; pure, generates nothing.
    pub fn starts_near(&self, terrain: &Terrain, x: i32, z: i32, radius: i32) -> Vec<Start> {
        let low = ((x - radius) >> 4, (z - radius) >> 4);
        let high = ((x + radius) >> 4, (z + radius) >> 4);
        let mut starts: Vec<Start> = StructureKind::all()
            .flat_map(|kind| self.starts_in_chunks(terrain, kind, low, high))
            .collect();
        let distance = |s: &Start| i64::from(s.pos[0] - x).pow(2) + i64::from(s.pos[2] - z).pow(2);
        starts.sort_by_key(|s| (distance(s), s.kind));
        starts
    }

    /// Builds into the chunk every structure reaching it; returns what the
    /// game must add beside the blocks (chests' loot, villagers).
    pub fn build(&self, chunk: &mut Chunk, cx: i32, cz: i32, terrain: &Terrain) -> Vec<Spawn> {
        let mut canvas = Canvas::new(chunk, cx, cz);
        for kind in StructureKind::all() {
            let reach = kind.placement().reach;
            let low = (cx - reach, cz - reach);
            let high = (cx + reach, cz + reach);
            for start in self.starts_in_chunks(terrain, kind, low, high) {
                match kind {
                    StructureKind::Village => village::build(&mut canvas, &start, terrain),
                    StructureKind::DesertPyramid => desert_pyramid::build(&mut canvas, &start),
                    StructureKind::BuriedTreasure => {
                        buried_treasure::build(&mut canvas, &start, terrain)
                    }
                    StructureKind::Shipwreck => shipwreck::build(&mut canvas, &start),
                    StructureKind::RuinedPortal => {
                        ruined_portal::build(&mut canvas, &start, terrain)
                    }
                    StructureKind::Mineshaft => mineshaft::build(&mut canvas, &start, terrain),
                }
            }
        }
        canvas.spawns
    }
}
