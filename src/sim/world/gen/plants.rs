//! Small plants on the surface of one chunk: grass, ferns, flowers, tall
//! grass, dead bushes and cacti by biome, sugar cane beside water, rare
//! pumpkin and melon patches, and the snow layer on cold ground. Nothing
//! here crosses a chunk border, so each chunk only looks at its own blocks.

use super::noise::{hash3, subseed, unit, Rng};
use super::palette::palette;
use super::terrain::Column;
use super::{Biome, SEA_LEVEL};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::Chunk;

/// Something that grows on one column.
#[derive(Clone, Copy)]
enum Plant {
    /// One block on soil.
    Single(&'static str),
    /// Two stacked blocks on soil (tall grass, large fern).
    Double(&'static str),
    /// One of the biome's flowers, the same one across a small patch.
    Flower,
    /// One block on sand (dead bush).
    OnSand(&'static str),
    /// A cactus 1–3 tall on sand, with air on all four sides.
    Cactus,
}

/// Per-column chances of each plant, by biome.
const GROUND_COVER: &[(Biome, &[(Plant, f64)])] = &[
    (
        Biome::Plains,
        &[
            (Plant::Single("grass"), 0.2),
            (Plant::Double("tall_grass"), 0.02),
            (Plant::Flower, 0.03),
        ],
    ),
    (
        Biome::Forest,
        &[(Plant::Single("grass"), 0.08), (Plant::Flower, 0.02)],
    ),
    (
        Biome::BirchForest,
        &[(Plant::Single("grass"), 0.08), (Plant::Flower, 0.02)],
    ),
    (
        Biome::Taiga,
        &[
            (Plant::Single("grass"), 0.05),
            (Plant::Single("fern"), 0.08),
            (Plant::Double("large_fern"), 0.01),
        ],
    ),
    (
        Biome::Savanna,
        &[
            (Plant::Single("grass"), 0.28),
            (Plant::Double("tall_grass"), 0.04),
        ],
    ),
    (
        Biome::Desert,
        &[(Plant::OnSand("dead_bush"), 0.006), (Plant::Cactus, 0.006)],
    ),
    (Biome::Mountains, &[(Plant::Single("grass"), 0.06)]),
];

/// The flowers of each biome (others get dandelions and poppies).
const FLOWERS: &[(Biome, &[&str])] = &[
    (
        Biome::Plains,
        &[
            "dandelion",
            "poppy",
            "oxeye_daisy",
            "cornflower",
            "azure_bluet",
            "red_tulip",
        ],
    ),
    (
        Biome::Forest,
        &["dandelion", "poppy", "lily_of_the_valley", "allium"],
    ),
    (
        Biome::BirchForest,
        &["dandelion", "poppy", "lily_of_the_valley"],
    ),
];
const DEFAULT_FLOWERS: &[&str] = &["dandelion", "poppy"];
/// Side of the square patches that share one flower.
const FLOWER_PATCH: i32 = 6;

/// Rare patches per chunk: block, chance per chunk, blocks tried.
const PATCHES: &[(&str, f64, u32)] = &[("pumpkin", 1.0 / 24.0, 10), ("melon", 1.0 / 40.0, 10)];
/// Biomes with pumpkin and melon patches.
const PATCH_BIOMES: &[Biome] = &[
    Biome::Plains,
    Biome::Forest,
    Biome::BirchForest,
    Biome::Savanna,
    Biome::Taiga,
];
/// Chance of sugar cane on a sea-level column beside water.
const SUGAR_CANE_CHANCE: f64 = 0.25;

/// Sows plants into chunks.
pub struct Plants {
    key: u64,
}

/// Horizontal neighbours.
const AROUND: [[i32; 2]; 4] = [[1, 0], [-1, 0], [0, 1], [0, -1]];

impl Plants {
    pub fn new(seed: u64) -> Plants {
        Plants {
            key: subseed(seed, 50),
        }
    }

    /// `columns` are the chunk's columns, indexed `z * 16 + x`.
    pub fn sow(&self, chunk: &mut Chunk, cx: i32, cz: i32, columns: &[Column; 256]) {
        for lz in 0..16 {
            for lx in 0..16 {
                let column = &columns[lz * 16 + lx];
                let (x, z) = (cx * 16 + lx as i32, cz * 16 + lz as i32);
                let mut rng = Rng::at(self.key, x, 0, z);
                if !column.cold && column.height >= SEA_LEVEL && column.height < 250 {
                    self.cover(chunk, [lx, lz], [x, z], column, &mut rng);
                }
            }
        }
        self.patches(chunk, cx, cz, columns);
        for lz in 0..16 {
            for lx in 0..16 {
                let column = &columns[lz * 16 + lx];
                if column.cold && column.height >= SEA_LEVEL && column.height < 254 {
                    snow(chunk, lx, column.height as usize, lz);
                }
            }
        }
    }

    fn cover(
        &self,
        chunk: &mut Chunk,
        [lx, lz]: [usize; 2],
        [x, z]: [i32; 2],
        column: &Column,
        rng: &mut Rng,
    ) {
        let p = palette();
        let ground_y = column.height as usize;
        let ground = chunk.get(lx, ground_y, lz);
        let soil = [p.grass_block, p.dirt, p.podzol, p.coarse_dirt].contains(&ground);
        let free = |chunk: &Chunk, dy: usize| chunk.get(lx, ground_y + dy, lz) == BlockId::AIR;
        if !free(chunk, 1) {
            return;
        }
        if column.height == SEA_LEVEL
            && (soil || ground == p.sand)
            && beside_water(chunk, lx, ground_y, lz)
        {
            if rng.chance(SUGAR_CANE_CHANCE) {
                let cane = block("sugar_cane");
                for dy in 1..=1 + rng.below(3) as usize {
                    chunk.set(lx, ground_y + dy, lz, cane);
                }
            }
            return;
        }
        let Some(&(_, cover)) = GROUND_COVER.iter().find(|(b, _)| *b == column.biome) else {
            return;
        };
        let roll = rng.unit();
        let mut threshold = 0.0;
        let Some(&(plant, _)) = cover.iter().find(|&&(_, chance)| {
            threshold += chance;
            roll < threshold
        }) else {
            return;
        };
        match plant {
            Plant::Single(name) if soil => chunk.set(lx, ground_y + 1, lz, block(name)),
            Plant::Double(name) if soil && free(chunk, 2) => {
                let id = block(name);
                chunk.set(lx, ground_y + 1, lz, id);
                chunk.set(lx, ground_y + 2, lz, id);
            }
            Plant::Flower if soil => {
                let flowers = FLOWERS
                    .iter()
                    .find(|(b, _)| *b == column.biome)
                    .map_or(DEFAULT_FLOWERS, |&(_, f)| f);
                let patch = hash3(
                    self.key,
                    x.div_euclid(FLOWER_PATCH),
                    1,
                    z.div_euclid(FLOWER_PATCH),
                );
                let name = flowers[(unit(patch) * flowers.len() as f64) as usize];
                chunk.set(lx, ground_y + 1, lz, block(name));
            }
            Plant::OnSand(name) if ground == p.sand => chunk.set(lx, ground_y + 1, lz, block(name)),
            Plant::Cactus if ground == p.sand => {
                let cactus = block("cactus");
                for dy in 1..=1 + rng.below(3) as usize {
                    if !open_sides(chunk, lx, ground_y + dy, lz) {
                        break;
                    }
                    chunk.set(lx, ground_y + dy, lz, cactus);
                }
            }
            _ => {}
        }
    }

    /// Pumpkin and melon patches: a few blocks scattered around one spot.
    fn patches(&self, chunk: &mut Chunk, cx: i32, cz: i32, columns: &[Column; 256]) {
        let grass = palette().grass_block;
        for (index, &(name, chance, tries)) in PATCHES.iter().enumerate() {
            let mut rng = Rng::at(self.key, cx, 1 + index as i32, cz);
            if !rng.chance(chance) {
                continue;
            }
            let id = block(name);
            let (centre_x, centre_z) = (3 + rng.below(10) as usize, 3 + rng.below(10) as usize);
            for _ in 0..tries {
                let lx = centre_x + rng.below(7) as usize - 3;
                let lz = centre_z + rng.below(7) as usize - 3;
                let column = &columns[lz * 16 + lx];
                let y = column.height as usize;
                if PATCH_BIOMES.contains(&column.biome)
                    && y < 255
                    && chunk.get(lx, y, lz) == grass
                    && chunk.get(lx, y + 1, lz) == BlockId::AIR
                {
                    chunk.set(lx, y + 1, lz, id);
                }
            }
        }
    }
}

/// A snow layer on the first air above the column's ground (over a tree
/// trunk, on its crown), unless that air is over water or ice.
fn snow(chunk: &mut Chunk, lx: usize, ground_y: usize, lz: usize) {
    let p = palette();
    let Some(top) = (ground_y..254).find(|&y| chunk.get(lx, y + 1, lz) == BlockId::AIR) else {
        return;
    };
    let below = chunk.get(lx, top, lz);
    if below != p.water && below != p.ice && below != p.snow {
        chunk.set(lx, top + 1, lz, p.snow);
    }
}

/// Whether a horizontal neighbour inside the chunk holds water at height y.
fn beside_water(chunk: &Chunk, lx: usize, y: usize, lz: usize) -> bool {
    let water = palette().water;
    neighbours(lx, lz).any(|(x, z)| chunk.get(x, y, z) == water)
}

/// Whether all four horizontal neighbours exist in the chunk and are air.
fn open_sides(chunk: &Chunk, lx: usize, y: usize, lz: usize) -> bool {
    (1..15).contains(&lx)
        && (1..15).contains(&lz)
        && neighbours(lx, lz).all(|(x, z)| chunk.get(x, y, z) == BlockId::AIR)
}

/// The horizontal neighbours of a column that lie inside the chunk.
fn neighbours(lx: usize, lz: usize) -> impl Iterator<Item = (usize, usize)> {
    AROUND.iter().filter_map(move |[dx, dz]| {
        let (x, z) = (lx as i32 + dx, lz as i32 + dz);
        ((0..16).contains(&x) && (0..16).contains(&z)).then_some((x as usize, z as usize))
    })
}
