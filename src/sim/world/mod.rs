//! The voxel world: chunk columns of 16×256×16 blocks, stored as sixteen
//! 16³ sections (all-air sections are not allocated), generated lazily and
//! deterministically from the seed as the player moves.
//!
//! Chunks live in a `HashMap` for lookup only; nothing iterates over it, so
//! its order can never leak into the simulation. Each section carries a
//! revision number that changes on every edit, for caches such as the
//! renderer's meshes. Blocks with properties (facing, crop age, bed
//! halves) keep them in a byte beside the block ([`state`]).

pub mod gen;
pub mod state;

use std::collections::HashMap;

use super::registry::BlockId;
pub use state::{BlockState, Facing};

/// World height in blocks; y runs 0..HEIGHT.
pub const HEIGHT: i32 = 256;
/// Sections per chunk column.
pub const SECTIONS: usize = (HEIGHT / 16) as usize;

/// Integer block coordinates.
pub type BlockPos = [i32; 3];

/// 16×16×16 blocks, indexed `y * 256 + z * 16 + x` (local coordinates).
#[derive(Clone)]
pub struct Section {
    blocks: Box<[BlockId; 4096]>,
    /// Each block's state, allocated once a block has a non-default one.
    states: Option<Box<[BlockState; 4096]>>,
    non_air: u16,
    revision: u32,
}

impl Section {
    fn empty() -> Section {
        Section {
            blocks: Box::new([BlockId::AIR; 4096]),
            states: None,
            non_air: 0,
            revision: 0,
        }
    }

    #[inline]
    pub fn get(&self, x: usize, y: usize, z: usize) -> BlockId {
        self.blocks[(y << 8) | (z << 4) | x]
    }

    #[inline]
    pub fn state(&self, x: usize, y: usize, z: usize) -> BlockState {
        self.states
            .as_ref()
            .map_or(BlockState::default(), |s| s[(y << 8) | (z << 4) | x])
    }

    /// Number of blocks that are not air.
    pub fn non_air(&self) -> u16 {
        self.non_air
    }

    /// Changes whenever a block of this section changes.
    pub fn revision(&self) -> u32 {
        self.revision
    }

    /// Sets a block in its default state.
    fn set(&mut self, x: usize, y: usize, z: usize, block: BlockId) {
        let index = (y << 8) | (z << 4) | x;
        if let Some(states) = &mut self.states {
            if states[index] != BlockState::default() {
                states[index] = BlockState::default();
                self.revision = self.revision.wrapping_add(1);
            }
        }
        let slot = &mut self.blocks[index];
        if *slot == block {
            return;
        }
        match (*slot == BlockId::AIR, block == BlockId::AIR) {
            (true, false) => self.non_air += 1,
            (false, true) => self.non_air -= 1,
            _ => {}
        }
        *slot = block;
        self.revision = self.revision.wrapping_add(1);
    }

    fn set_state(&mut self, x: usize, y: usize, z: usize, state: BlockState) {
        let index = (y << 8) | (z << 4) | x;
        if self.state(x, y, z) == state {
            return;
        }
        let states = self
            .states
            .get_or_insert_with(|| Box::new([BlockState::default(); 4096]));
        states[index] = state;
        self.revision = self.revision.wrapping_add(1);
    }
}

/// A 16×256×16 column of blocks.
#[derive(Clone)]
pub struct Chunk {
    sections: [Option<Section>; SECTIONS],
    /// The biome of each column, indexed `z * 16 + x`.
    biomes: [gen::Biome; 256],
}

impl Chunk {
    pub fn new(biome: gen::Biome) -> Chunk {
        Chunk {
            sections: Default::default(),
            biomes: [biome; 256],
        }
    }

    /// The block at local coordinates (x, z in 0..16, y in 0..256).
    #[inline]
    pub fn get(&self, x: usize, y: usize, z: usize) -> BlockId {
        match &self.sections[y >> 4] {
            Some(section) => section.get(x, y & 15, z),
            None => BlockId::AIR,
        }
    }

    pub fn set(&mut self, x: usize, y: usize, z: usize, block: BlockId) {
        let slot = &mut self.sections[y >> 4];
        if slot.is_none() {
            if block == BlockId::AIR {
                return;
            }
            *slot = Some(Section::empty());
        }
        if let Some(section) = slot {
            section.set(x, y & 15, z, block);
        }
    }

    /// The state of the block at local coordinates.
    #[inline]
    pub fn state(&self, x: usize, y: usize, z: usize) -> BlockState {
        match &self.sections[y >> 4] {
            Some(section) => section.state(x, y & 15, z),
            None => BlockState::default(),
        }
    }

    /// Sets the state of the block at local coordinates (nothing for air
    /// in an empty section).
    pub fn set_state(&mut self, x: usize, y: usize, z: usize, state: BlockState) {
        if let Some(section) = &mut self.sections[y >> 4] {
            section.set_state(x, y & 15, z, state);
        }
    }

    pub fn section(&self, index: usize) -> Option<&Section> {
        self.sections.get(index).and_then(Option::as_ref)
    }

    pub fn biome(&self, x: usize, z: usize) -> gen::Biome {
        self.biomes[z * 16 + x]
    }

    pub fn set_biome(&mut self, x: usize, z: usize, biome: gen::Biome) {
        self.biomes[z * 16 + x] = biome;
    }
}

/// All chunks generated so far, and the generator for the rest.
pub struct World {
    generator: gen::Generator,
    chunks: HashMap<(i32, i32), Box<Chunk>>,
}

/// The chunk column holding a block coordinate.
#[inline]
pub fn chunk_of(x: i32, z: i32) -> (i32, i32) {
    (x >> 4, z >> 4)
}

impl World {
    pub fn new(seed: u64) -> World {
        World {
            generator: gen::Generator::new(seed),
            chunks: HashMap::new(),
        }
    }

    /// Generates every chunk within `radius` chunks of the block column (x, z).
    pub fn ensure_around(&mut self, x: i32, z: i32, radius: i32) {
        let (cx, cz) = chunk_of(x, z);
        for dz in -radius..=radius {
            for dx in -radius..=radius {
                self.chunk_mut(cx + dx, cz + dz);
            }
        }
    }

    /// The chunk at chunk coordinates, generating it if needed.
    pub fn chunk_mut(&mut self, cx: i32, cz: i32) -> &mut Chunk {
        let generator = &self.generator;
        self.chunks
            .entry((cx, cz))
            .or_insert_with(|| Box::new(generator.chunk(cx, cz)))
    }

    /// The chunk at chunk coordinates if it was generated.
    #[inline]
    pub fn chunk(&self, cx: i32, cz: i32) -> Option<&Chunk> {
        self.chunks.get(&(cx, cz)).map(|c| &**c)
    }

    /// The block at a position; air outside the world's height or in
    /// chunks not generated yet.
    #[inline]
    pub fn get(&self, [x, y, z]: BlockPos) -> BlockId {
        if !(0..HEIGHT).contains(&y) {
            return BlockId::AIR;
        }
        match self.chunk(x >> 4, z >> 4) {
            Some(chunk) => chunk.get((x & 15) as usize, y as usize, (z & 15) as usize),
            None => BlockId::AIR,
        }
    }

    /// The state of the block at a position (the default where nothing is).
    #[inline]
    pub fn state(&self, [x, y, z]: BlockPos) -> BlockState {
        if !(0..HEIGHT).contains(&y) {
            return BlockState::default();
        }
        match self.chunk(x >> 4, z >> 4) {
            Some(chunk) => chunk.state((x & 15) as usize, y as usize, (z & 15) as usize),
            None => BlockState::default(),
        }
    }

    /// Sets a block with its state; false outside the world's height.
    pub fn set_with_state(&mut self, pos: BlockPos, block: BlockId, state: BlockState) -> bool {
        if !self.set(pos, block) {
            return false;
        }
        let [x, y, z] = pos;
        self.chunk_mut(x >> 4, z >> 4).set_state(
            (x & 15) as usize,
            y as usize,
            (z & 15) as usize,
            state,
        );
        true
    }

    /// Sets a block in its default state, generating its chunk if needed.
    /// Returns false (and changes nothing) outside the world's height.
    pub fn set(&mut self, [x, y, z]: BlockPos, block: BlockId) -> bool {
        if !(0..HEIGHT).contains(&y) {
            return false;
        }
        self.chunk_mut(x >> 4, z >> 4)
            .set((x & 15) as usize, y as usize, (z & 15) as usize, block);
        true
    }

    /// The y of the highest block at (x, z) whose shape collides, generating
    /// the chunk if needed; 0 when the column is empty.
    pub fn surface_y(&mut self, x: i32, z: i32) -> i32 {
        let chunk = self.chunk_mut(x >> 4, z >> 4);
        let registry = super::registry::registry();
        (0..HEIGHT)
            .rev()
            .find(|&y| {
                let b = chunk.get((x & 15) as usize, y as usize, (z & 15) as usize);
                let shape = registry.block(b).shape;
                shape.collides() || shape == super::registry::Shape::Liquid
            })
            .unwrap_or(0)
    }

    /// The generator (for spawn search and the like).
    pub fn generator(&self) -> &gen::Generator {
        &self.generator
    }
}
