//! The End's chunks: the central island of end stone floating in the void,
//! about a hundred blocks across, its top near y 60 and its underside
//! tapering to a point, as in 1.16.5; on it the ten obsidian pillars
//! ([`end_spikes`]) and, at the origin, the exit portal's bedrock frame
//! with its torches, inactive ([`exit_portal`]; the dragon fight lights
//! it). Outer islands are not generated.

use super::blueprint::{Blueprint, Fill};
use super::end_spikes::{self, Spike};
use super::noise::{subseed, Fbm};
use super::{Biome, Column};
use crate::sim::registry::block;
use crate::sim::world::{BlockPos, BlockState, Chunk, Facing};

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
    /// The pillars and the exit portal.
    features: Vec<Blueprint>,
}

impl End {
    pub fn new(seed: u64) -> End {
        let mut end = End {
            edge: Fbm::new(subseed(seed, 0x454e_4445), 3, 60.0),
            surface: Fbm::new(subseed(seed, 0x454e_4453), 3, 24.0),
            features: Vec::new(),
        };
        let podium = exit_portal(end.portal_origin(), false);
        end.features = end_spikes::spikes(seed)
            .iter()
            .map(Spike::blueprint)
            .chain([podium])
            .collect();
        end
    }

    /// The exit portal's centre: the pool's cell, one above the island's
    /// top at the origin (`EndDragonFight.portalLocation`).
    pub fn portal_origin(&self) -> BlockPos {
        let top = self.span(0, 0).map_or(TOP as i32, |(top, _)| top);
        [0, top + 1, 0]
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
        for feature in self.features.iter().filter(|f| f.touches(cx, cz)) {
            feature.draw(&mut chunk, cx, cz);
        }
        chunk
    }
}

/// The exit portal's centre in a world whose End `generator` makes (see
/// [`End::portal_origin`]), without building the End's features.
pub fn portal_origin(generator: &super::Generator) -> BlockPos {
    [0, generator.column(0, 0).height + 1, 0]
}

/// The exit portal around `centre` (`EndPodiumFeature`): a bowl of
/// bedrock (end stone at its rim) under a pool 5 across ringed by
/// bedrock, air above, a bedrock pillar four high in the middle with a
/// torch on each side two up; the pool is `end_portal` when `active`,
/// else air.
pub fn exit_portal(centre: BlockPos, active: bool) -> Blueprint {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let mut plan = Blueprint::default();
    let [cx, cy, cz] = centre;
    for y in cy - 1..=cy + 32 {
        for z in cz - 4..=cz + 4 {
            for x in cx - 4..=cx + 4 {
                let d = [x - cx, y - cy, z - cz];
                let dist_sq = f64::from(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
                let (inner, outer) = (dist_sq < 2.5 * 2.5, dist_sq < 3.5 * 3.5);
                let name = match (y.cmp(&cy), inner) {
                    _ if !outer => continue,
                    (Less, true) => "bedrock",
                    (Less, false) => "end_stone",
                    (Greater, _) => "air",
                    (Equal, false) => "bedrock",
                    (Equal, true) if active => "end_portal",
                    (Equal, true) => "air",
                };
                plan.put([x, y, z], Fill::block(name));
            }
        }
    }
    plan.fill([cx, cy, cz], [cx, cy + 3, cz], Fill::block("bedrock"));
    for facing in Facing::ALL {
        let o = facing.offset();
        let state = BlockState::default().with_facing(facing);
        plan.put(
            [cx + o[0], cy + 2, cz + o[2]],
            Fill::Block(block("wall_torch"), state),
        );
    }
    plan
}
