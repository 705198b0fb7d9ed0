//! Where a structure's blocks go: the one chunk being generated. A
//! structure writes in world coordinates and the canvas keeps the blocks
//! that fall inside the chunk, so replaying a structure from its start in
//! every chunk it touches builds it whole, piece by piece.

use crate::sim::registry::{block, BlockId};
use crate::sim::world::{BlockPos, BlockState, Chunk, HEIGHT};

/// Something generation hands to the game along with the blocks: block
/// entities and creatures, which live outside the chunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spawn {
    /// A chest (or barrel) filled from a `chests/…` loot table when first opened.
    Chest {
        pos: BlockPos,
        loot_table: &'static str,
    },
    /// A villager of a profession (`minecraft:farmer`) standing at `pos`.
    Villager {
        pos: BlockPos,
        profession: &'static str,
    },
}

/// The chunk being generated, written through world coordinates.
pub struct Canvas<'a> {
    chunk: &'a mut Chunk,
    origin: [i32; 2],
    /// What the blocks placed in this chunk hand to the game.
    pub spawns: Vec<Spawn>,
}

impl<'a> Canvas<'a> {
    pub fn new(chunk: &'a mut Chunk, cx: i32, cz: i32) -> Canvas<'a> {
        Canvas {
            chunk,
            origin: [cx * 16, cz * 16],
            spawns: Vec::new(),
        }
    }

    fn local(&self, [x, y, z]: BlockPos) -> Option<[usize; 3]> {
        let (lx, lz) = (x - self.origin[0], z - self.origin[1]);
        ((0..16).contains(&lx) && (0..16).contains(&lz) && (0..HEIGHT).contains(&y)).then_some([
            lx as usize,
            y as usize,
            lz as usize,
        ])
    }

    /// Whether a position lies in this chunk.
    pub fn contains(&self, pos: BlockPos) -> bool {
        self.local(pos).is_some()
    }

    /// The block at a position in this chunk (air elsewhere).
    pub fn get(&self, pos: BlockPos) -> BlockId {
        self.local(pos)
            .map_or(BlockId::AIR, |[x, y, z]| self.chunk.get(x, y, z))
    }

    pub fn set(&mut self, pos: BlockPos, block: BlockId) {
        if let Some([x, y, z]) = self.local(pos) {
            self.chunk.set_with_level(x, y, z, block, 0);
        }
    }

    pub fn set_with_state(&mut self, pos: BlockPos, block: BlockId, state: BlockState) {
        if let Some([x, y, z]) = self.local(pos) {
            self.chunk.set_with_level(x, y, z, block, 0);
            self.chunk.set_state(x, y, z, state);
        }
    }

    /// Fills the box between two corners (inclusive, any order).
    pub fn fill(&mut self, a: BlockPos, b: BlockPos, block: BlockId) {
        for y in a[1].min(b[1])..=a[1].max(b[1]) {
            for z in a[2].min(b[2])..=a[2].max(b[2]) {
                for x in a[0].min(b[0])..=a[0].max(b[0]) {
                    self.set([x, y, z], block);
                }
            }
        }
    }

    /// Fills the column under `pos` with `block` down to (not through) the
    /// first solid block, so a floor laid over uneven ground stands on it.
    pub fn underpin(&mut self, [x, y, z]: BlockPos, block: BlockId) {
        let water = crate::sim::world::gen::palette::palette().water;
        for below in (1..y).rev() {
            let here = self.get([x, below, z]);
            if here != BlockId::AIR && here != water && !self.is_plant(here) {
                return;
            }
            self.set([x, below, z], block);
        }
    }

    fn is_plant(&self, here: BlockId) -> bool {
        !crate::sim::registry::registry()
            .block(here)
            .shape
            .collides()
    }

    /// Places a chest whose loot table the game fills when it is first opened.
    pub fn chest(&mut self, pos: BlockPos, loot_table: &'static str) {
        if self.contains(pos) {
            self.set(pos, block("chest"));
            self.spawns.push(Spawn::Chest { pos, loot_table });
        }
    }

    /// A villager standing on `pos`, handed out by the chunk holding it.
    pub fn villager(&mut self, pos: BlockPos, profession: &'static str) {
        if self.contains(pos) {
            self.spawns.push(Spawn::Villager { pos, profession });
        }
    }
}
