//! The End's chunks: the central island of end stone floating in the void,
//! about a hundred blocks across, its top near y 60 and its underside
//! tapering to a point, as in 1.16.5. Outer islands are not generated.

use super::noise::{subseed, Fbm};
use super::{Biome, Column};
use crate::sim::registry::block;
use crate::sim::world::Chunk;

/// The island's radius at its edge, before the noise.
const ISLAND_RADIUS: f64 = 96.0;
/// How far the noise moves the edge in or out.
const EDGE_WOBBLE: f64 = 16.0;
/// The top surface's height at the centre.
const TOP: f64 = 60.0;
/// The island's thickness at its centre.
const DEPTH: f64 = 40.0;

/// Generates the End's chunks.
pub struct End {
    edge: Fbm,
    surface: Fbm,
}

impl End {
    pub fn new(seed: u64) -> End {
        End {
            edge: Fbm::new(subseed(seed, 0x454e_4445), 3, 60.0),
            surface: Fbm::new(subseed(seed, 0x454e_4453), 3, 24.0),
        }
    }

    /// The island's top and bottom y in a column, if it has island there.
    fn span(&self, x: i32, z: i32) -> Option<(i32, i32)> {
        let (fx, fz) = (f64::from(x), f64::from(z));
        let radius = ISLAND_RADIUS + EDGE_WOBBLE * self.edge.at(fx, fz);
        let inward = 1.0 - (fx * fx + fz * fz).sqrt() / radius;
        if inward <= 0.0 {
            return None;
        }
        let top = TOP + 3.0 * self.surface.at(fx, fz) - 4.0 * (1.0 - inward).powi(3);
        let bottom = top - 2.0 - DEPTH * inward.sqrt();
        Some((top.round() as i32, bottom.round() as i32))
    }

    /// The island's top in a column (0 over the void).
    pub fn column(&self, x: i32, z: i32) -> Column {
        Column {
            height: self.span(x, z).map_or(0, |(top, _)| top),
            biome: Biome::TheEnd,
            shore: false,
            cold: false,
        }
    }

    /// Generates the chunk column at chunk coordinates (cx, cz).
    pub fn chunk(&self, cx: i32, cz: i32) -> Chunk {
        let mut chunk = Chunk::new(Biome::TheEnd);
        let end_stone = block("end_stone");
        for lz in 0..16 {
            for lx in 0..16 {
                let (x, z) = (cx * 16 + lx as i32, cz * 16 + lz as i32);
                if let Some((top, bottom)) = self.span(x, z) {
                    for y in bottom.max(0)..=top {
                        chunk.set(lx, y as usize, lz, end_stone);
                    }
                }
            }
        }
        chunk
    }
}
