//! Structures as plans of boxes: a [`Blueprint`] is a list of world-space
//! boxes, each filled with one block (and state) or a seeded mix of
//! blocks, drawn in order, so a later box overwrites an earlier one
//! (walls first, then the air inside them). Drawing into a chunk clips
//! every box to it, so a structure crossing chunk borders comes out whole
//! whichever chunk is generated first.

use super::noise::{hash3, unit};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::{BlockPos, BlockState, Chunk, World, HEIGHT};

/// What fills a box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fill {
    /// One block in one state.
    Block(BlockId, BlockState),
    /// A block per cell from `choices` (cumulative chances, the last 1.0),
    /// chosen by a hash of `key` and the cell.
    Mix {
        key: u64,
        choices: &'static [(f64, &'static str)],
    },
}

impl Fill {
    pub fn block(name: &str) -> Fill {
        Fill::Block(block(name), BlockState::default())
    }

    fn at(self, pos: BlockPos) -> (BlockId, BlockState) {
        match self {
            Fill::Block(id, state) => (id, state),
            Fill::Mix { key, choices } => {
                let roll = unit(hash3(key, pos[0], pos[1], pos[2]));
                let name = choices
                    .iter()
                    .find(|(upto, _)| roll < *upto)
                    .or(choices.last())
                    .map_or("air", |(_, name)| name);
                (block(name), BlockState::default())
            }
        }
    }
}

/// One box of a blueprint, corners inclusive.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Part {
    min: BlockPos,
    max: BlockPos,
    fill: Fill,
}

/// A structure's boxes in drawing order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Blueprint {
    parts: Vec<Part>,
}

impl Blueprint {
    /// Adds a box between two corners (in any order).
    pub fn fill(&mut self, a: BlockPos, b: BlockPos, fill: Fill) {
        let min = [0, 1, 2].map(|i| a[i].min(b[i]));
        let max = [0, 1, 2].map(|i| a[i].max(b[i]));
        self.parts.push(Part { min, max, fill });
    }

    /// Adds one block.
    pub fn put(&mut self, pos: BlockPos, fill: Fill) {
        self.fill(pos, pos, fill);
    }

    /// The corners of the box holding every part (`None` when empty).
    pub fn bounds(&self) -> Option<(BlockPos, BlockPos)> {
        self.parts.iter().fold(None, |acc, part| {
            Some(match acc {
                None => (part.min, part.max),
                Some((lo, hi)) => (
                    [0, 1, 2].map(|i| lo[i].min(part.min[i])),
                    [0, 1, 2].map(|i| hi[i].max(part.max[i])),
                ),
            })
        })
    }

    /// Whether any part reaches into chunk (cx, cz).
    pub fn touches(&self, cx: i32, cz: i32) -> bool {
        self.bounds().is_some_and(|(lo, hi)| {
            lo[0] >> 4 <= cx && cx <= hi[0] >> 4 && lo[2] >> 4 <= cz && cz <= hi[2] >> 4
        })
    }

    /// Builds every part into a generated world (as edits), in order.
    pub fn build(&self, world: &mut World) {
        for part in &self.parts {
            for y in part.min[1].max(0)..=part.max[1].min(HEIGHT - 1) {
                for z in part.min[2]..=part.max[2] {
                    for x in part.min[0]..=part.max[0] {
                        let (id, state) = part.fill.at([x, y, z]);
                        world.set_with_state([x, y, z], id, state);
                    }
                }
            }
        }
    }

    /// Draws the parts that reach into chunk (cx, cz), in order.
    pub fn draw(&self, chunk: &mut Chunk, cx: i32, cz: i32) {
        let (x0, z0) = (cx * 16, cz * 16);
        for part in &self.parts {
            let xs = part.min[0].max(x0)..=part.max[0].min(x0 + 15);
            let zs = part.min[2].max(z0)..=part.max[2].min(z0 + 15);
            let ys = part.min[1].max(0)..=part.max[1].min(HEIGHT - 1);
            for y in ys {
                for z in zs.clone() {
                    for x in xs.clone() {
                        let (id, state) = part.fill.at([x, y, z]);
                        let (lx, ly, lz) = ((x - x0) as usize, y as usize, (z - z0) as usize);
                        chunk.set(lx, ly, lz, id);
                        chunk.set_state(lx, ly, lz, state);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::world::gen::Biome;

    #[test]
    fn later_boxes_overwrite_earlier_ones_and_chunks_are_clipped() {
        let mut plan = Blueprint::default();
        plan.fill([10, 5, 10], [20, 7, 12], Fill::block("stone_bricks"));
        plan.fill([11, 6, 11], [19, 6, 11], Fill::block("air"));
        assert_eq!(plan.bounds(), Some(([10, 5, 10], [20, 7, 12])));
        assert!(plan.touches(0, 0) && plan.touches(1, 0) && !plan.touches(2, 0));
        let mut chunk = Chunk::new(Biome::Plains);
        plan.draw(&mut chunk, 1, 0);
        assert_eq!(chunk.get(0, 5, 10), block("stone_bricks"), "x 16");
        assert_eq!(chunk.get(3, 6, 11), BlockId::AIR, "x 19 inside");
        assert_eq!(chunk.get(4, 6, 11), block("stone_bricks"), "x 20 wall");
        assert_eq!(chunk.get(5, 6, 11), BlockId::AIR, "beyond the box");
    }
}
