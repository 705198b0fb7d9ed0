//! One column's blocks: the bedrock floor, stone, the biome's surface
//! layers (grass over dirt, sand over sandstone, sea-floor sand, gravel and
//! clay…), and water or ice up to sea level.

use super::noise::{hash3, subseed, Fbm};
use super::palette::{palette, Palette};
use super::terrain::Column;
use super::{Biome, SEA_LEVEL};
use crate::sim::registry::BlockId;
use crate::sim::world::Chunk;

/// Highest y that may be bedrock (y 0 always is; y n with chance (5 - n) / 5).
pub const BEDROCK_TOP: i32 = 4;
/// Sea floors below this are gravel rather than sand.
const DEEP_FLOOR_BELOW: i32 = 48;
/// Mountain tops above this are bare stone.
const BARE_STONE_ABOVE: i32 = 96;

/// The blocks from a column's top down to the stone.
struct Layers {
    top: BlockId,
    filler: BlockId,
    /// Blocks of sandstone under the filler (deserts and beaches).
    sandstone: i32,
}

/// Places columns' blocks.
pub struct Surface {
    bedrock_key: u64,
    depth_key: u64,
    /// Low-frequency patches choosing among sea-floor and forest-floor blocks.
    patches: Fbm,
}

impl Surface {
    pub fn new(seed: u64) -> Surface {
        Surface {
            bedrock_key: subseed(seed, 20),
            depth_key: subseed(seed, 21),
            patches: Fbm::new(subseed(seed, 22), 2, 12.0),
        }
    }

    fn layers(&self, p: &Palette, column: &Column, x: i32, z: i32) -> Layers {
        let patch = self.patches.at(x as f64, z as f64);
        let plain = |top, filler| Layers {
            top,
            filler,
            sandstone: 0,
        };
        if column.height < SEA_LEVEL {
            return match () {
                _ if patch > 0.25 => plain(p.gravel, p.gravel),
                _ if patch < -0.25 && column.height >= SEA_LEVEL - 8 => plain(p.clay, p.clay),
                _ if column.height < DEEP_FLOOR_BELOW && patch > -0.1 => plain(p.gravel, p.gravel),
                _ => plain(p.sand, p.sand),
            };
        }
        match column.biome {
            Biome::Desert => Layers {
                top: p.sand,
                filler: p.sand,
                sandstone: 3,
            },
            _ if column.shore => Layers {
                top: p.sand,
                filler: p.sand,
                sandstone: 2,
            },
            Biome::Mountains if column.height > BARE_STONE_ABOVE => {
                plain(if patch > 0.3 { p.gravel } else { p.stone }, p.stone)
            }
            Biome::Taiga if patch > 0.3 => plain(p.podzol, p.dirt),
            Biome::Taiga if patch < -0.35 => plain(p.coarse_dirt, p.dirt),
            _ => plain(p.grass_block, p.dirt),
        }
    }

    /// Fills the column at local (lx, lz), world (x, z), of a fresh chunk.
    pub fn fill(
        &self,
        chunk: &mut Chunk,
        (lx, lz): (usize, usize),
        (x, z): (i32, i32),
        column: &Column,
    ) {
        let p = palette();
        let layers = self.layers(p, column, x, z);
        let top = column.height;
        let depth = 3 + (hash3(self.depth_key, x, 0, z) & 1) as i32;
        let filler_from = top - depth + 1;
        let sandstone_from = filler_from - layers.sandstone;
        for y in 0..=top {
            let block = if y <= BEDROCK_TOP && self.is_bedrock(x, y, z) {
                p.bedrock
            } else if y == top {
                layers.top
            } else if y >= filler_from {
                layers.filler
            } else if y >= sandstone_from {
                p.sandstone
            } else {
                p.stone
            };
            chunk.set(lx, y as usize, lz, block);
        }
        for y in top + 1..=SEA_LEVEL {
            let frozen = column.cold && y == SEA_LEVEL;
            chunk.set(lx, y as usize, lz, if frozen { p.ice } else { p.water });
        }
    }

    /// Bedrock at y 0, and at y 1..=4 with falling chances 4/5 … 1/5.
    fn is_bedrock(&self, x: i32, y: i32, z: i32) -> bool {
        y == 0 || ((hash3(self.bedrock_key, x, y, z) % 5) as i32) >= y
    }
}
