//! The Nether's decorations, with 1.16.5's counts and heights: blobs of
//! nether quartz ore, nether gold ore, magma, gravel and blackstone in the
//! netherrack; glowstone clusters hanging from the cavern roofs; lava
//! lava springs ([`super::springs`]) in the walls (open on one side or
//! underneath) and hidden in them (closed).
//! Each is kept to its own chunk except the blobs, which cross borders.

use super::noise::{subseed, Rng};
use super::ores::{blob, Blob, Ores};
use super::springs::{self, Height, Spring};
use super::{local_block, Biome, FACE_NEIGHBOURS};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::Chunk;

/// The Nether's blobs (`ore_quartz_nether`, `ore_gold_nether`, `ore_magma`,
/// `ore_gravel_nether`, `ore_blackstone`).
const NETHER_BLOBS: &[Blob] = &[
    blob("nether_quartz_ore", 16, 14, 10, 118),
    blob("nether_gold_ore", 10, 10, 10, 118),
    blob("magma_block", 4, 33, 27, 37),
    blob("gravel", 2, 33, 5, 41),
    blob("blackstone", 2, 33, 5, 28),
];

/// Glowstone clusters tried per chunk (`glowstone_extra` and `glowstone`, 10 each on average).
const GLOWSTONE_TRIES: u32 = 20;
/// Blocks each cluster tries to grow.
const GLOWSTONE_GROWTH: u32 = 1500;
/// Springs tried per chunk: open ones (`spring_open`) and closed ones (`spring_closed`).
const OPEN_SPRINGS: u32 = 8;
const CLOSED_SPRINGS: u32 = 16;
/// Where springs are tried.
const SPRING_HEIGHT: Height = Height::Uniform(10, 108);
/// `spring_open`: lava in a wall open on one side (or underneath).
const OPEN_SPRING: Spring = Spring {
    fluid: "lava",
    rock: &["netherrack"],
    requires_below: false,
    rock_count: 4,
    hole_count: 1,
};
/// `spring_closed`: lava hidden in the netherrack, found by digging.
const CLOSED_SPRING: Spring = Spring {
    rock_count: 5,
    hole_count: 0,
    ..OPEN_SPRING
};

pub struct NetherFeatures {
    ores: Ores,
    key: u64,
}

impl NetherFeatures {
    pub fn new(seed: u64) -> NetherFeatures {
        NetherFeatures {
            ores: Ores::of(seed, NETHER_BLOBS, block("netherrack"), 0x4e00),
            key: subseed(seed, 0x4e46_4541),
        }
    }

    pub fn place(&self, chunk: &mut Chunk, cx: i32, cz: i32) {
        self.ores.place(chunk, cx, cz);
        let mut rng = Rng::at(self.key, cx, 0, cz);
        for _ in 0..GLOWSTONE_TRIES {
            grow_glowstone(chunk, &mut rng);
        }
        // The soul sand valley hides no springs in its walls (`spring_lava` only).
        let closed = if chunk.biome(8, 8) == Biome::SoulSandValley {
            0
        } else {
            CLOSED_SPRINGS
        };
        for (spring, tries) in [(&OPEN_SPRING, OPEN_SPRINGS), (&CLOSED_SPRING, closed)] {
            for _ in 0..tries {
                let at = [
                    rng.below(16) as i32,
                    SPRING_HEIGHT.draw(&mut rng),
                    rng.below(16) as i32,
                ];
                springs::place(chunk, spring, at);
            }
        }
    }
}

/// `GlowstoneBlobFeature`: from an open cell under netherrack, grows down
/// and around, each new block touching exactly one glowstone.
fn grow_glowstone(chunk: &mut Chunk, rng: &mut Rng) {
    let (glowstone, netherrack) = (block("glowstone"), block("netherrack"));
    let start = [
        rng.below(16) as i32,
        4 + rng.below(120) as i32,
        rng.below(16) as i32,
    ];
    let above = [start[0], start[1] + 1, start[2]];
    if local_block(chunk, start) != Some(BlockId::AIR)
        || local_block(chunk, above) != Some(netherrack)
    {
        return;
    }
    let set = |chunk: &mut Chunk, [x, y, z]: [i32; 3]| {
        chunk.set(x as usize, y as usize, z as usize, glowstone)
    };
    set(chunk, start);
    for _ in 0..GLOWSTONE_GROWTH {
        let spread = |rng: &mut Rng| rng.below(8) as i32 - rng.below(8) as i32;
        let at = [
            start[0] + spread(rng),
            start[1] - rng.below(12) as i32,
            start[2] + spread(rng),
        ];
        if local_block(chunk, at) != Some(BlockId::AIR) {
            continue;
        }
        let touching = FACE_NEIGHBOURS
            .iter()
            .filter(|d| {
                local_block(chunk, [at[0] + d[0], at[1] + d[1], at[2] + d[2]]) == Some(glowstone)
            })
            .count();
        if touching == 1 {
            set(chunk, at);
        }
    }
}
