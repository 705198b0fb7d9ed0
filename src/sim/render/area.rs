//! Fast block lookups in the 3×3 chunk columns around one chunk (for
//! meshing and lighting), and the signature that says when any of them
//! changed. Chunks not generated read as air.

use crate::sim::registry::BlockId;
use crate::sim::world::{Chunk, World, HEIGHT, SECTIONS};

/// The chunk (cx, cz) and its eight neighbours.
pub struct Area<'a> {
    pub cx: i32,
    pub cz: i32,
    chunks: [Option<&'a Chunk>; 9],
}

impl<'a> Area<'a> {
    pub fn new(world: &'a World, cx: i32, cz: i32) -> Area<'a> {
        Area {
            cx,
            cz,
            chunks: std::array::from_fn(|i| {
                world.chunk(cx + i as i32 % 3 - 1, cz + i as i32 / 3 - 1)
            }),
        }
    }

    /// The block at world coordinates within one chunk of the centre chunk.
    #[inline]
    pub fn get(&self, x: i32, y: i32, z: i32) -> BlockId {
        if !(0..HEIGHT).contains(&y) {
            return BlockId::AIR;
        }
        let (dx, dz) = ((x >> 4) - self.cx + 1, (z >> 4) - self.cz + 1);
        if !(0..3).contains(&dx) || !(0..3).contains(&dz) {
            return BlockId::AIR;
        }
        match self.chunks[(dz * 3 + dx) as usize] {
            Some(chunk) => chunk.get((x & 15) as usize, y as usize, (z & 15) as usize),
            None => BlockId::AIR,
        }
    }

    /// The fluid level at world coordinates (0 where none is kept).
    #[inline]
    pub fn level(&self, x: i32, y: i32, z: i32) -> u8 {
        let (dx, dz) = ((x >> 4) - self.cx + 1, (z >> 4) - self.cz + 1);
        if !(0..HEIGHT).contains(&y) || !(0..3).contains(&dx) || !(0..3).contains(&dz) {
            return 0;
        }
        self.chunks[(dz * 3 + dx) as usize].map_or(0, |chunk| {
            chunk.level((x & 15) as usize, y as usize, (z & 15) as usize)
        })
    }

    /// One past the highest non-empty section's top, over all nine chunks.
    pub fn top(&self) -> i32 {
        let highest = self
            .chunks
            .iter()
            .flatten()
            .filter_map(|c| {
                (0..SECTIONS)
                    .rev()
                    .find(|&s| c.section(s).is_some_and(|s| s.non_air() > 0))
            })
            .max();
        highest.map_or(0, |s| (s as i32 + 1) * 16)
    }

    /// Changes whenever a block in any of the nine chunks changes or one of
    /// them is generated.
    pub fn signature(&self) -> u64 {
        self.chunks
            .iter()
            .fold(0xCBF2_9CE4_8422_2325u64, |h, chunk| {
                let part = chunk.map_or(1, chunk_signature);
                (h ^ part).wrapping_mul(0x0000_0100_0000_01B3)
            })
    }

    /// Changes whenever a block changes within one block of section `sy` of
    /// the centre chunk (the 27 sections around it, itself included).
    pub fn section_signature(&self, sy: i32) -> u64 {
        let around = (sy - 1..=sy + 1).filter(|s| (0..SECTIONS as i32).contains(s));
        around.fold(0xCBF2_9CE4_8422_2325u64, |h, s| {
            self.chunks.iter().fold(h, |h, chunk| {
                let part = chunk.map_or(1, |c| section_part(c, s as usize));
                (h ^ part).wrapping_mul(0x0000_0100_0000_01B3)
            })
        })
    }
}

/// A section's revision and presence, as one number.
fn section_part(chunk: &Chunk, section: usize) -> u64 {
    chunk.section(section).map_or(0, |sec| {
        u64::from(sec.revision()) << 16 | u64::from(sec.non_air()) | 1 << 62
    })
}

/// A hash of a chunk's section revisions and presence.
pub fn chunk_signature(chunk: &Chunk) -> u64 {
    (0..SECTIONS).fold(7u64, |h, s| {
        (h.rotate_left(5) ^ section_part(chunk, s)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    })
}
