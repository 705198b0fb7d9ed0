//! Blobs in the stone: dirt, gravel, granite, diorite and andesite pockets
//! and the ores, with Minecraft 1.16.5's vein counts, sizes and heights.
//!
//! A vein grows from a start block by repeatedly stepping from one of its
//! blocks to a neighbour, never farther than [`reach`] from the start, and
//! replaces only stone. Veins started in neighbouring chunks are grown too
//! and the part inside this chunk is kept, so veins cross chunk borders.

use super::noise::{subseed, Rng};
use super::palette::palette;
use super::{Biome, FACE_NEIGHBOURS};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::Chunk;

/// One kind of blob.
pub struct Blob {
    pub block: &'static str,
    /// Veins started per chunk: `veins` plus 0..=`extra_veins`.
    pub veins: u32,
    pub extra_veins: u32,
    /// Blocks per vein (at most [`MAX_SIZE`]).
    pub size: usize,
    /// Placed only at `min_y..max_y`.
    pub min_y: i32,
    pub max_y: i32,
    /// Start heights peak in the middle of the range (lapis) instead of
    /// being uniform.
    pub centred: bool,
    /// Only in this biome (emerald).
    pub biome: Option<Biome>,
}

pub const fn blob(block: &'static str, veins: u32, size: usize, min_y: i32, max_y: i32) -> Blob {
    Blob {
        block,
        veins,
        extra_veins: 0,
        size,
        min_y,
        max_y,
        centred: false,
        biome: None,
    }
}

/// Every blob, in placing order (earlier ones win where veins overlap).
pub const BLOBS: &[Blob] = &[
    blob("dirt", 10, 33, 0, 256),
    blob("gravel", 8, 33, 0, 256),
    blob("granite", 10, 33, 0, 80),
    blob("diorite", 10, 33, 0, 80),
    blob("andesite", 10, 33, 0, 80),
    blob("coal_ore", 20, 17, 0, 128),
    blob("iron_ore", 20, 9, 0, 64),
    blob("gold_ore", 2, 9, 0, 32),
    blob("redstone_ore", 8, 8, 0, 16),
    blob("diamond_ore", 1, 8, 0, 16),
    Blob {
        centred: true,
        ..blob("lapis_ore", 1, 7, 0, 31)
    },
    Blob {
        extra_veins: 5,
        biome: Some(Biome::Mountains),
        ..blob("emerald_ore", 3, 1, 4, 32)
    },
];

/// The largest vein.
const MAX_SIZE: usize = 33;

/// How far (per axis) a vein of `size` blocks may reach from its start.
fn reach(size: usize) -> i32 {
    (size as f64).cbrt().round() as i32
}

/// Places every blob kind's veins that reach into chunk (cx, cz).
pub struct Ores {
    blobs: &'static [Blob],
    /// The block veins replace.
    host: BlockId,
    kinds: Vec<(BlockId, u64)>,
}

impl Ores {
    /// The overworld's blobs, in stone.
    pub fn new(seed: u64) -> Ores {
        Ores::of(seed, BLOBS, palette().stone, 100)
    }

    /// The blobs of `blobs` replacing `host`, keyed from `salt` up.
    pub fn of(seed: u64, blobs: &'static [Blob], host: BlockId, salt: u64) -> Ores {
        Ores {
            blobs,
            host,
            kinds: blobs
                .iter()
                .enumerate()
                .map(|(i, b)| (block(b.block), subseed(seed, salt + i as u64)))
                .collect(),
        }
    }

    pub fn place(&self, chunk: &mut Chunk, cx: i32, cz: i32) {
        let stone = self.host;
        for (kind, &(ore, key)) in self.blobs.iter().zip(&self.kinds) {
            let margin = reach(kind.size);
            for ncz in cz - 1..=cz + 1 {
                for ncx in cx - 1..=cx + 1 {
                    let mut rng = Rng::at(key, ncx, 0, ncz);
                    let veins = kind.veins + rng.below(kind.extra_veins + 1);
                    for _ in 0..veins {
                        let start = [
                            ncx * 16 + rng.below(16) as i32,
                            start_height(kind, &mut rng),
                            ncz * 16 + rng.below(16) as i32,
                        ];
                        let lx = start[0] - cx * 16;
                        let lz = start[2] - cz * 16;
                        let reaches = (-margin..16 + margin).contains(&lx)
                            && (-margin..16 + margin).contains(&lz);
                        // Drawn before any skip, so every chunk replaying this
                        // stream sees the same veins.
                        let vein_rng = Rng::new(rng.next_u64());
                        if !reaches {
                            continue;
                        }
                        if let Some(biome) = kind.biome {
                            let inside = (0..16).contains(&lx) && (0..16).contains(&lz);
                            if !inside || chunk.biome(lx as usize, lz as usize) != biome {
                                continue;
                            }
                        }
                        grow_vein(
                            chunk,
                            [cx * 16, cz * 16],
                            kind,
                            start,
                            vein_rng,
                            [stone, ore],
                        );
                    }
                }
            }
        }
    }
}

fn start_height(kind: &Blob, rng: &mut Rng) -> i32 {
    let span = (kind.max_y - kind.min_y) as u32;
    if kind.centred {
        kind.min_y + (rng.below(span / 2 + 1) + rng.below(span / 2 + 1)) as i32
    } else {
        kind.min_y + rng.below(span) as i32
    }
}

/// Grows one vein from `start`, turning `from` into `to` inside the chunk
/// whose corner is `origin` (world x, z).
fn grow_vein(
    chunk: &mut Chunk,
    origin: [i32; 2],
    kind: &Blob,
    start: [i32; 3],
    mut rng: Rng,
    [from, to]: [BlockId; 2],
) {
    let limit = reach(kind.size);
    let mut cells = [start; MAX_SIZE];
    let mut grown = 1;
    let mut put = |[x, y, z]: [i32; 3]| {
        let (lx, lz) = (x - origin[0], z - origin[1]);
        if (0..16).contains(&lx)
            && (0..16).contains(&lz)
            && (kind.min_y..kind.max_y).contains(&y)
            && chunk.get(lx as usize, y as usize, lz as usize) == from
        {
            chunk.set(lx as usize, y as usize, lz as usize, to);
        }
    };
    put(start);
    while grown < kind.size {
        let base = cells[rng.below(grown as u32) as usize];
        let step = FACE_NEIGHBOURS[rng.below(6) as usize];
        let next = [base[0] + step[0], base[1] + step[1], base[2] + step[2]];
        if (0..3).any(|axis| (next[axis] - start[axis]).abs() > limit) {
            continue;
        }
        cells[grown] = next;
        grown += 1;
        put(next);
    }
}
