//! The Nether's chunks, after 1.16.5's noise-based Nether: a 3D density
//! field (sampled every 4 blocks across and 8 up, interpolated between, as
//! vanilla's `NoiseChunkGenerator` does) carves netherrack caverns between
//! a bedrock floor (y 0–4) and a bedrock roof (y 123–127); open cells up
//! to y 31 are a lava sea. Biomes ([`NetherBiomes`]) set the floors;
//! [`super::nether_features`] adds the ores, glowstone and springs and
//! [`super::fortress`] the fortresses.

use super::fortress::Fortresses;
use super::nether_features::NetherFeatures;
use super::noise::{subseed, Fbm, Fbm3, Rng};
use super::{Biome, Column};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::Chunk;

/// Lava fills every open cell up to this y.
pub const LAVA_SEA_LEVEL: i32 = 31;
/// The first y of the bedrock roof's solid layer.
const ROOF_BEDROCK: i32 = 123;
/// Density samples are this many blocks apart across and up.
const CELL_WIDTH: i32 = 4;
const CELL_HEIGHT: i32 = 8;
/// Density samples per column (y 0..=128).
const CELLS_UP: usize = 128 / CELL_HEIGHT as usize + 1;

/// Picks a Nether biome per column from two slow noises, nearest to each
/// biome's point as 1.16.5's multi-noise biome source does.
pub struct NetherBiomes {
    temperature: Fbm,
    humidity: Fbm,
}

/// Each biome's (temperature, humidity) point (1.16.5's `NetherBiomeProvider` preset).
const BIOME_POINTS: [(Biome, f64, f64); 3] = [
    (Biome::NetherWastes, 0.0, 0.0),
    (Biome::SoulSandValley, 0.0, -0.5),
    (Biome::WarpedForest, 0.0, 0.5),
];

impl NetherBiomes {
    fn new(seed: u64) -> NetherBiomes {
        NetherBiomes {
            temperature: Fbm::new(subseed(seed, 0x4e54), 3, 180.0),
            humidity: Fbm::new(subseed(seed, 0x4e48), 3, 180.0),
        }
    }

    pub fn at(&self, x: i32, z: i32) -> Biome {
        let (fx, fz) = (f64::from(x), f64::from(z));
        let (t, h) = (self.temperature.at(fx, fz), self.humidity.at(fx, fz));
        let distance = |&(_, bt, bh): &(Biome, f64, f64)| (t - bt).powi(2) + (h - bh).powi(2);
        BIOME_POINTS
            .iter()
            .min_by(|a, b| distance(a).total_cmp(&distance(b)))
            .map_or(Biome::NetherWastes, |p| p.0)
    }
}

/// Generates the Nether's chunks.
pub struct Nether {
    seed: u64,
    density: Fbm3,
    biomes: NetherBiomes,
    /// Where soul sand and gravel cover the nether wastes' floors.
    soul_sand: Fbm,
    gravel: Fbm,
    features: NetherFeatures,
    fortresses: Fortresses,
}

impl Nether {
    pub fn new(seed: u64) -> Nether {
        Nether {
            seed: subseed(seed, 0x4e45_5448),
            density: Fbm3::new(subseed(seed, 0x4e44), 4, 96.0, 48.0),
            biomes: NetherBiomes::new(seed),
            soul_sand: Fbm::new(subseed(seed, 0x4e53), 3, 24.0),
            gravel: Fbm::new(subseed(seed, 0x4e47), 3, 24.0),
            features: NetherFeatures::new(seed),
            fortresses: Fortresses::new(seed),
        }
    }

    /// The density at a sample point: solid where positive. Noise, pushed
    /// solid towards the roof and the floor so the caverns stay between.
    fn density_at(&self, x: i32, y: i32, z: i32) -> f64 {
        let noise = self.density.at(f64::from(x), f64::from(y), f64::from(z));
        let y = f64::from(y);
        let roof = ((y - 100.0) / 24.0).max(0.0);
        let floor = ((12.0 - y) / 12.0).max(0.0);
        noise * 1.6 + 0.05 + roof * roof * 1.5 + floor * 1.2
    }

    /// Whether each cell of a column is solid netherrack (before bedrock),
    /// interpolated from the corner samples of its density cells.
    fn solid_column(&self, x: i32, z: i32) -> [bool; 128] {
        let x0 = x.div_euclid(CELL_WIDTH) * CELL_WIDTH;
        let z0 = z.div_euclid(CELL_WIDTH) * CELL_WIDTH;
        let (tx, tz) = (
            f64::from(x - x0) / f64::from(CELL_WIDTH),
            f64::from(z - z0) / f64::from(CELL_WIDTH),
        );
        let samples = |sx: i32, sz: i32| -> [f64; CELLS_UP] {
            std::array::from_fn(|i| self.density_at(sx, i as i32 * CELL_HEIGHT, sz))
        };
        let corners = [
            samples(x0, z0),
            samples(x0 + CELL_WIDTH, z0),
            samples(x0, z0 + CELL_WIDTH),
            samples(x0 + CELL_WIDTH, z0 + CELL_WIDTH),
        ];
        let across: [f64; CELLS_UP] = std::array::from_fn(|i| {
            let near = corners[0][i] + (corners[1][i] - corners[0][i]) * tx;
            let far = corners[2][i] + (corners[3][i] - corners[2][i]) * tx;
            near + (far - near) * tz
        });
        std::array::from_fn(|y| {
            let cell = y / CELL_HEIGHT as usize;
            let t = (y % CELL_HEIGHT as usize) as f64 / f64::from(CELL_HEIGHT);
            across[cell] + (across[cell + 1] - across[cell]) * t > 0.0
        })
    }

    /// The biome and the lowest floor above the lava sea in a column (the
    /// lava's surface where there is none).
    pub fn column(&self, x: i32, z: i32) -> Column {
        let solid = self.solid_column(x, z);
        let lowest_floor = (LAVA_SEA_LEVEL + 1..ROOF_BEDROCK)
            .find(|&y| solid[y as usize] && !solid[y as usize + 1]);
        Column {
            height: lowest_floor.unwrap_or(LAVA_SEA_LEVEL),
            biome: self.biomes.at(x, z),
            shore: false,
            cold: false,
        }
    }

    /// The biome of a column without its shape.
    pub fn biome(&self, x: i32, z: i32) -> Biome {
        self.biomes.at(x, z)
    }

    /// Generates the chunk column at chunk coordinates (cx, cz).
    pub fn chunk(&self, cx: i32, cz: i32) -> Chunk {
        let mut chunk = Chunk::new(Biome::NetherWastes);
        let (bedrock, netherrack, lava) = (block("bedrock"), block("netherrack"), block("lava"));
        for lz in 0..16 {
            for lx in 0..16 {
                let (x, z) = (cx * 16 + lx as i32, cz * 16 + lz as i32);
                let biome = self.biomes.at(x, z);
                chunk.set_biome(lx, lz, biome);
                let solid = self.solid_column(x, z);
                let mut rng = Rng::at(self.seed, x, 0, z);
                for y in 0..=127 {
                    let solid_bedrock = y == 0
                        || y == 127
                        || (y < 5 && rng.below(5) as i32 >= y)
                        || (y >= ROOF_BEDROCK && rng.below(5) as i32 <= y - ROOF_BEDROCK);
                    let id: BlockId = if solid_bedrock {
                        bedrock
                    } else if solid[y as usize] {
                        netherrack
                    } else if y <= LAVA_SEA_LEVEL {
                        lava
                    } else {
                        continue;
                    };
                    chunk.set(lx, y as usize, lz, id);
                }
                self.cover_floors(&mut chunk, (lx, lz), (x, z), biome);
            }
        }
        self.features.place(&mut chunk, cx, cz);
        self.fortresses.build(&mut chunk, cx, cz);
        chunk
    }

    /// Each biome's floors: soul sand and gravel patches by the lava in
    /// the nether wastes, soul sand and soul soil in the valleys, warped
    /// nylium with roots and sprouts in the warped forest.
    fn cover_floors(
        &self,
        chunk: &mut Chunk,
        (lx, lz): (usize, usize),
        (x, z): (i32, i32),
        biome: Biome,
    ) {
        let netherrack = block("netherrack");
        let (fx, fz) = (f64::from(x), f64::from(z));
        let mut rng = Rng::at(self.seed ^ 0x666c_6f6f, x, 1, z);
        for y in (5..ROOF_BEDROCK as usize - 1).rev() {
            if chunk.get(lx, y, lz) != netherrack || chunk.get(lx, y + 1, lz) != BlockId::AIR {
                continue;
            }
            let (top, depth): (&str, usize) = match biome {
                Biome::SoulSandValley => {
                    let soil = self.soul_sand.at(fx, fz + f64::from(y as i32) * 7.0) > 0.0;
                    (if soil { "soul_soil" } else { "soul_sand" }, 3)
                }
                Biome::WarpedForest => ("warped_nylium", 1),
                _ if (28..=35).contains(&y) && self.soul_sand.at(fx, fz) > 0.25 => ("soul_sand", 3),
                _ if (28..=35).contains(&y) && self.gravel.at(fx, fz) > 0.3 => ("gravel", 2),
                _ => continue,
            };
            for d in 0..depth.min(y) {
                if chunk.get(lx, y - d, lz) == netherrack {
                    chunk.set(lx, y - d, lz, block(top));
                }
            }
            if biome == Biome::WarpedForest && rng.chance(0.2) {
                let plant = if rng.chance(0.5) {
                    "warped_roots"
                } else {
                    "nether_sprouts"
                };
                chunk.set(lx, y + 1, lz, block(plant));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caverns_open_above_a_lava_sea_with_the_nethers_blocks() {
        let nether = Nether::new(3);
        let (mut open, mut cells) = (0, 0);
        let mut seen = std::collections::HashSet::new();
        for cz in -3..3 {
            for cx in -3..3 {
                let chunk = nether.chunk(cx, cz);
                for lz in 0..16 {
                    for lx in 0..16 {
                        for y in 0..128 {
                            let id = chunk.get(lx, y, lz);
                            seen.insert(id);
                            if (LAVA_SEA_LEVEL as usize + 1..ROOF_BEDROCK as usize).contains(&y) {
                                cells += 1;
                                open += usize::from(id == BlockId::AIR);
                            }
                        }
                        assert_eq!(chunk.get(lx, 0, lz), block("bedrock"));
                        assert_eq!(chunk.get(lx, 127, lz), block("bedrock"));
                    }
                }
            }
        }
        let share = open as f64 / cells as f64;
        assert!((0.2..0.75).contains(&share), "open share {share}");
        for name in [
            "lava",
            "netherrack",
            "glowstone",
            "nether_quartz_ore",
            "nether_gold_ore",
            "magma_block",
        ] {
            assert!(seen.contains(&block(name)), "no {name}");
        }
    }

    #[test]
    fn the_three_biomes_share_the_nether() {
        let biomes = NetherBiomes::new(5);
        let mut counts = [0usize; 3];
        for i in -40..40 {
            for j in -40..40 {
                let biome = biomes.at(i * 40, j * 40);
                let index = BIOME_POINTS.iter().position(|p| p.0 == biome).unwrap();
                counts[index] += 1;
            }
        }
        assert!(counts.iter().all(|&c| c > 400), "{counts:?}");
    }
}
