//! Trees of each biome's woods with Minecraft 1.16.5's shapes: oak and
//! birch (a straight trunk under a rounded blob of leaves), spruce (a tall
//! trunk under a cone of alternating leaf rings) and acacia (a trunk that
//! leans to one side under a flat canopy).
//!
//! Each chunk tries a fixed number of tree spots drawn from its own hash and
//! accepts each with its biome's density; a chunk also replays its eight
//! neighbours' spots, so trees crossing chunk borders come out whole.
//! Logs replace air and leaves; leaves only fill air.

use super::noise::{hash3, subseed, unit, Rng};
use super::terrain::{Column, Terrain};
use super::{Biome, SEA_LEVEL};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::Chunk;

/// The woods trees are made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wood {
    Oak,
    Birch,
    Spruce,
    Acacia,
}

/// Log and leaves block of each wood, indexed by [`Wood`].
pub const WOOD_BLOCKS: [(&str, &str); 4] = [
    ("oak_log", "oak_leaves"),
    ("birch_log", "birch_leaves"),
    ("spruce_log", "spruce_leaves"),
    ("acacia_log", "acacia_leaves"),
];

/// Woods with their relative weights.
type WoodMix = &'static [(Wood, u32)];

/// Trees per chunk in each biome, and the woods they are made of.
const FORESTATION: &[(Biome, f64, WoodMix)] = &[
    (Biome::Plains, 0.25, &[(Wood::Oak, 1)]),
    (Biome::Forest, 10.0, &[(Wood::Oak, 4), (Wood::Birch, 1)]),
    (Biome::BirchForest, 10.0, &[(Wood::Birch, 1)]),
    (Biome::Taiga, 9.0, &[(Wood::Spruce, 1)]),
    (Biome::Savanna, 1.6, &[(Wood::Acacia, 4), (Wood::Oak, 1)]),
    (Biome::SnowyTundra, 0.15, &[(Wood::Spruce, 1)]),
    (Biome::Mountains, 0.6, &[(Wood::Oak, 1), (Wood::Spruce, 1)]),
];
/// Tree spots tried per chunk.
const ATTEMPTS: u32 = 12;
/// How far a tree reaches sideways from its trunk's base.
const MAX_SPREAD: i32 = 6;
/// No trees on ground higher than this (bare mountain tops).
const TREE_LINE: i32 = 96;

/// Grows trees into chunks.
pub struct Trees {
    key: u64,
    woods: [(BlockId, BlockId); 4],
}

/// Where a tree's blocks go: the chunk being generated.
struct Target<'a> {
    chunk: &'a mut Chunk,
    origin: [i32; 2],
    leaf_key: u64,
    /// Every wood's leaves, which logs grow through.
    all_leaves: [BlockId; 4],
}

impl Target<'_> {
    fn local(&self, [x, y, z]: [i32; 3]) -> Option<[usize; 3]> {
        let (lx, lz) = (x - self.origin[0], z - self.origin[1]);
        ((0..16).contains(&lx) && (0..16).contains(&lz) && (0..256).contains(&y)).then_some([
            lx as usize,
            y as usize,
            lz as usize,
        ])
    }

    fn log(&mut self, pos: [i32; 3], log: BlockId) {
        if let Some([x, y, z]) = self.local(pos) {
            let here = self.chunk.get(x, y, z);
            if here == BlockId::AIR || self.all_leaves.contains(&here) {
                self.chunk.set(x, y, z, log);
            }
        }
    }

    fn leaf(&mut self, pos: [i32; 3], leaves: BlockId) {
        if let Some([x, y, z]) = self.local(pos) {
            if self.chunk.get(x, y, z) == BlockId::AIR {
                self.chunk.set(x, y, z, leaves);
            }
        }
    }

    /// A square layer of leaves of `radius` around (x, z) at height y,
    /// without its corners, or with half of them (by hash) if `some_corners`.
    fn leaf_layer(
        &mut self,
        [x, y, z]: [i32; 3],
        radius: i32,
        leaves: BlockId,
        some_corners: bool,
    ) {
        for dz in -radius..=radius {
            for dx in -radius..=radius {
                let pos = [x + dx, y, z + dz];
                let corner = radius > 0 && dx.abs() == radius && dz.abs() == radius;
                if !corner || (some_corners && self.coin(pos)) {
                    self.leaf(pos, leaves);
                }
            }
        }
    }

    /// Whether the leaf corner at `pos` is kept (half of them, by hash).
    fn coin(&self, [x, y, z]: [i32; 3]) -> bool {
        hash3(self.leaf_key, x, y, z) & 1 == 0
    }
}

impl Trees {
    pub fn new(seed: u64) -> Trees {
        Trees {
            key: subseed(seed, 40),
            woods: WOOD_BLOCKS.map(|(log, leaves)| (block(log), block(leaves))),
        }
    }

    /// Grows every tree of this chunk and its neighbours that reaches into it.
    pub fn grow(&self, chunk: &mut Chunk, cx: i32, cz: i32, terrain: &Terrain) {
        let origin = [cx * 16, cz * 16];
        let mut target = Target {
            chunk,
            origin,
            leaf_key: subseed(self.key, 1),
            all_leaves: self.woods.map(|(_, leaves)| leaves),
        };
        for ncz in cz - 1..=cz + 1 {
            for ncx in cx - 1..=cx + 1 {
                let mut rng = Rng::at(self.key, ncx, 0, ncz);
                for _ in 0..ATTEMPTS {
                    let x = ncx * 16 + rng.below(16) as i32;
                    let z = ncz * 16 + rng.below(16) as i32;
                    // All drawn before any skip, so every chunk replaying
                    // this stream sees the same trees.
                    let (roll, pick, shape) = (rng.unit(), rng.next_u64(), rng.next_u64());
                    let near = |v: i32, o: i32| (o - MAX_SPREAD..o + 16 + MAX_SPREAD).contains(&v);
                    if !near(x, origin[0]) || !near(z, origin[1]) {
                        continue;
                    }
                    let column = terrain.column(x, z);
                    if let Some(wood) = tree_at(&column, roll, pick) {
                        let base = [x, column.height + 1, z];
                        self.plant(&mut target, wood, base, Rng::new(shape));
                    }
                }
            }
        }
    }

    fn plant(&self, target: &mut Target, wood: Wood, base: [i32; 3], mut rng: Rng) {
        let (log, leaves) = self.woods[wood as usize];
        let [x, y, z] = base;
        match wood {
            Wood::Oak | Wood::Birch => {
                let trunk = if wood == Wood::Oak { 4 } else { 5 } + rng.below(3) as i32;
                let top = y + trunk - 1;
                for ly in top - 2..=top + 1 {
                    let radius = if ly >= top { 1 } else { 2 };
                    target.leaf_layer([x, ly, z], radius, leaves, ly <= top);
                }
                for ly in y..=top {
                    target.log([x, ly, z], log);
                }
            }
            Wood::Spruce => {
                let trunk = 6 + rng.below(4) as i32;
                let bare = 1 + rng.below(2) as i32;
                let widest = 2 + rng.below(2) as i32;
                let top = y + trunk - 1;
                let (mut radius, mut largest) = (0, 2.min(widest));
                for ly in (y + bare..=top + 1).rev() {
                    target.leaf_layer([x, ly, z], radius, leaves, false);
                    if radius >= largest {
                        radius = 1;
                        largest = (largest + 1).min(widest);
                    } else {
                        radius += 1;
                    }
                }
                for ly in y..=top {
                    target.log([x, ly, z], log);
                }
            }
            Wood::Acacia => {
                let trunk = 5 + rng.below(3) as i32 + rng.below(3) as i32;
                let lean_from = trunk - 1 - rng.below(4) as i32;
                let mut lean = 3 - rng.below(3) as i32;
                let [dx, dz] = [[1, 0], [-1, 0], [0, 1], [0, -1]][rng.below(4) as usize];
                let (mut tx, mut tz) = (x, z);
                for i in 0..trunk {
                    if i >= lean_from && lean > 0 {
                        tx += dx;
                        tz += dz;
                        lean -= 1;
                    }
                    target.log([tx, y + i, tz], log);
                }
                let top = y + trunk - 1;
                for (ly, reach) in [(top, 4), (top + 1, 2)] {
                    for oz in -3..=3i32 {
                        for ox in -3..=3i32 {
                            if ox.abs() + oz.abs() <= reach {
                                target.leaf([tx + ox, ly, tz + oz], leaves);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The wood of the tree standing on this column, if the spot's roll makes one.
fn tree_at(column: &Column, roll: f64, pick: u64) -> Option<Wood> {
    let &(_, density, woods) = FORESTATION.iter().find(|(b, _, _)| *b == column.biome)?;
    let fertile = !column.shore && (SEA_LEVEL..=TREE_LINE).contains(&column.height);
    if !fertile || roll >= density / ATTEMPTS as f64 {
        return None;
    }
    let total: u32 = woods.iter().map(|&(_, w)| w).sum();
    let mut ticket = (unit(pick) * total as f64) as u32;
    woods.iter().find_map(|&(wood, weight)| {
        if ticket < weight {
            Some(wood)
        } else {
            ticket -= weight;
            None
        }
    })
}
