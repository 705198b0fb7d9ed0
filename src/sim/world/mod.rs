//! The voxel world: chunk columns of 16×256×16 blocks, stored as sixteen
//! 16³ sections (all-air sections are not allocated), generated lazily and
//! deterministically from the seed as the player moves.
//!
//! Chunks live in a hash map (Fx-hashed: lookups are the hottest path of
//! physics, light and meshing) for lookup only; nothing iterates over it,
//! so its order can never leak into the simulation. Each section carries a
//! revision number that changes on every edit, for caches such as the
//! renderer's meshes.
//!
//! Besides its block, a fluid cell keeps vanilla's `level` block state
//! (0 a source, 1–7 flowing, 8 falling; see [`fluid_level`]). Every edit
//! through [`World::set`] or [`World::set_fluid`] is logged, so the block
//! update rules can notify the neighbours of what changed, and the
//! [`schedule`] holds the updates due in later ticks.
//!
//! Memory stays bounded on long walks: chunks far from the player that
//! nobody edited are dropped (`unload_beyond`); coming back regenerates
//! them exactly, since generation is a pure function of the seed and the
//! chunk's coordinates. Edited chunks are kept, as a save file would.
//! Fluid that only flowed in ([`World::set_flowing`]) is no edit: it
//! flows in again from its sources after regeneration.
//!
//! Blocks with properties (facing, crop age, bed halves) keep them in a
//! byte beside the block ([`state`]).

pub mod dimension;
pub mod fluid_level;
pub mod gen;
pub mod schedule;
pub mod state;

use rustc_hash::FxHashMap;

use super::registry::BlockId;
pub use dimension::Dimension;
pub use state::{BlockState, Facing};

/// World height in blocks; y runs 0..HEIGHT.
pub const HEIGHT: i32 = 256;
/// Sections per chunk column.
pub const SECTIONS: usize = (HEIGHT / 16) as usize;

/// Integer block coordinates.
pub type BlockPos = [i32; 3];

/// The block `d` away from `pos`.
pub fn offset(pos: BlockPos, d: [i32; 3]) -> BlockPos {
    [pos[0] + d[0], pos[1] + d[1], pos[2] + d[2]]
}

/// `pos` moved `n` blocks up (down for a negative `n`).
pub fn up(pos: BlockPos, n: i32) -> BlockPos {
    offset(pos, [0, n, 0])
}

/// Offsets of a block's six face neighbours: east, west, up, down, south,
/// north (world generation draws from this order).
pub const FACE_OFFSETS: [[i32; 3]; 6] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
];

/// The six cells sharing a face with a cell, in [`FACE_OFFSETS`] order.
pub fn face_neighbours(pos: BlockPos) -> [BlockPos; 6] {
    FACE_OFFSETS.map(|d| [pos[0] + d[0], pos[1] + d[1], pos[2] + d[2]])
}

/// 16×16×16 blocks, indexed `y * 256 + z * 16 + x` (local coordinates).
#[derive(Clone)]
pub struct Section {
    blocks: Box<[BlockId; 4096]>,
    /// Fluid levels, same indexing; allocated once a cell is not a source.
    levels: Option<Box<[u8; 4096]>>,
    /// Each block's state, allocated once a block has a non-default one.
    states: Option<Box<[BlockState; 4096]>>,
    non_air: u16,
    revision: u32,
}

impl Section {
    fn empty() -> Section {
        Section {
            blocks: Box::new([BlockId::AIR; 4096]),
            levels: None,
            states: None,
            non_air: 0,
            revision: 0,
        }
    }

    #[inline]
    pub fn get(&self, x: usize, y: usize, z: usize) -> BlockId {
        self.blocks[(y << 8) | (z << 4) | x]
    }

    /// The fluid level of a cell (0 for sources and every other block).
    #[inline]
    pub fn level(&self, x: usize, y: usize, z: usize) -> u8 {
        self.levels
            .as_ref()
            .map_or(0, |levels| levels[(y << 8) | (z << 4) | x])
    }

    fn set_level(&mut self, x: usize, y: usize, z: usize, level: u8) {
        let index = (y << 8) | (z << 4) | x;
        if self.level(x, y, z) == level {
            return;
        }
        self.levels.get_or_insert_with(|| Box::new([0; 4096]))[index] = level;
        self.revision = self.revision.wrapping_add(1);
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
        // A new block starts as a source (its level is set after, if any).
        if let Some(levels) = &mut self.levels {
            levels[(y << 8) | (z << 4) | x] = 0;
        }
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
    /// Changed since generation (by the game, not the generator).
    edited: bool,
    /// Cells the generator left to flow as soon as the chunk joins the
    /// world (springs), chunk-local.
    flows: Vec<[u8; 3]>,
}

impl Chunk {
    pub fn new(biome: gen::Biome) -> Chunk {
        Chunk {
            sections: Default::default(),
            biomes: [biome; 256],
            edited: false,
            flows: Vec::new(),
        }
    }

    /// Marks a cell the generator filled with fluid to flow once the
    /// chunk is in the world (a spring's `scheduleTick`).
    pub fn flow_at_once(&mut self, x: usize, y: usize, z: usize) {
        self.flows.push([x as u8, y as u8, z as u8]);
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

    /// The fluid level at local coordinates (0 where none is kept).
    #[inline]
    pub fn level(&self, x: usize, y: usize, z: usize) -> u8 {
        self.sections[y >> 4]
            .as_ref()
            .map_or(0, |section| section.level(x, y & 15, z))
    }

    /// Sets a block together with its fluid level.
    pub fn set_with_level(&mut self, x: usize, y: usize, z: usize, block: BlockId, level: u8) {
        self.set(x, y, z, block);
        if let Some(section) = &mut self.sections[y >> 4] {
            section.set_level(x, y & 15, z, level);
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

    /// Whether the game changed a block here since generation.
    pub fn is_edited(&self) -> bool {
        self.edited
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
    chunks: FxHashMap<(i32, i32), Box<Chunk>>,
    /// Cells edited since the block update rules last looked, in order.
    changes: Vec<BlockPos>,
    /// Block and fluid updates due in later ticks.
    pub schedule: schedule::Schedule,
}

/// The chunk column holding a block coordinate.
#[inline]
pub fn chunk_of(x: i32, z: i32) -> (i32, i32) {
    (x >> 4, z >> 4)
}

impl World {
    /// The overworld of the world with this seed.
    pub fn new(seed: u64) -> World {
        World::in_dimension(seed, Dimension::Overworld)
    }

    /// One dimension of the world with this seed.
    pub fn in_dimension(seed: u64, dimension: Dimension) -> World {
        World {
            generator: gen::Generator::for_dimension(seed, dimension),
            chunks: FxHashMap::default(),
            changes: Vec::new(),
            schedule: schedule::Schedule::default(),
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
        if !self.chunks.contains_key(&(cx, cz)) {
            self.generate(cx, cz);
        }
        self.chunks
            .get_mut(&(cx, cz))
            .expect("the chunk was just generated")
    }

    /// Generates a chunk and logs, as changes for the block update rules
    /// to notify, the cells that flow at once: its springs, and the
    /// flowing fluid of its neighbours' facing edges, which waited at
    /// the edge of the generated world (fluids never flow into chunks
    /// not generated; see [`World::is_generated`]).
    fn generate(&mut self, cx: i32, cz: i32) {
        let mut chunk = Box::new(self.generator.chunk(cx, cz));
        let (x0, z0) = (cx * 16, cz * 16);
        for [x, y, z] in std::mem::take(&mut chunk.flows) {
            self.changes
                .push([x0 + i32::from(x), i32::from(y), z0 + i32::from(z)]);
        }
        // The neighbours' columns along this chunk's four edges.
        let edges = (0..16).flat_map(|i| {
            [
                [x0 - 1, z0 + i],
                [x0 + 16, z0 + i],
                [x0 + i, z0 - 1],
                [x0 + i, z0 + 16],
            ]
        });
        for [x, z] in edges {
            let Some(next) = self.chunks.get(&(x >> 4, z >> 4)) else {
                continue;
            };
            let (lx, lz) = ((x & 15) as usize, (z & 15) as usize);
            for y in 0..HEIGHT as usize {
                // Only flowing fluid keeps a level other than a source's.
                if next.level(lx, y, lz) != fluid_level::SOURCE {
                    self.changes.push([x, y as i32, z]);
                }
            }
        }
        self.chunks.insert((cx, cz), chunk);
    }

    /// Whether the chunk holding the position was generated.
    #[inline]
    pub fn is_generated(&self, [x, _, z]: BlockPos) -> bool {
        self.chunks.contains_key(&(x >> 4, z >> 4))
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
        let chunk = self.chunk_mut(x >> 4, z >> 4);
        chunk.set_state((x & 15) as usize, y as usize, (z & 15) as usize, state);
        chunk.edited = true;
        true
    }

    /// Sets a block (a fluid as a source), generating its chunk if needed.
    /// Returns false (and changes nothing) outside the world's height.
    pub fn set(&mut self, pos: BlockPos, block: BlockId) -> bool {
        self.set_fluid(pos, block, fluid_level::SOURCE)
    }

    /// Sets a block with its fluid level (see [`fluid_level`]) and logs the
    /// change if anything changed. False outside the world's height.
    pub fn set_fluid(&mut self, pos: BlockPos, block: BlockId, level: u8) -> bool {
        self.write(pos, block, level, true)
    }

    /// What the flow rules write as fluid runs and dries: like
    /// [`World::set_fluid`], but the chunk does not count as edited for
    /// it, since the same fluid flows in again from its sources if the
    /// chunk is dropped and regenerated (its springs flow at once, and
    /// fluid waiting at the edges of its neighbours flows on). So chunks
    /// that only springs watered are unloaded like untouched ones.
    pub fn set_flowing(&mut self, pos: BlockPos, block: BlockId, level: u8) -> bool {
        self.write(pos, block, level, false)
    }

    fn write(&mut self, pos: BlockPos, block: BlockId, level: u8, edit: bool) -> bool {
        let [x, y, z] = pos;
        if !(0..HEIGHT).contains(&y) {
            return false;
        }
        let (lx, ly, lz) = ((x & 15) as usize, y as usize, (z & 15) as usize);
        let chunk = self.chunk_mut(x >> 4, z >> 4);
        if chunk.get(lx, ly, lz) == block && chunk.level(lx, ly, lz) == level {
            return true;
        }
        chunk.set_with_level(lx, ly, lz, block, level);
        chunk.edited |= edit;
        self.changes.push(pos);
        true
    }

    /// The fluid level at a position (0, a source, for every non-fluid block).
    #[inline]
    pub fn fluid_level(&self, [x, y, z]: BlockPos) -> u8 {
        if !(0..HEIGHT).contains(&y) {
            return fluid_level::SOURCE;
        }
        self.chunk(x >> 4, z >> 4)
            .map_or(fluid_level::SOURCE, |chunk| {
                chunk.level((x & 15) as usize, y as usize, (z & 15) as usize)
            })
    }

    /// The cells changed since the last call, in the order they changed.
    pub fn take_changes(&mut self) -> Vec<BlockPos> {
        std::mem::take(&mut self.changes)
    }

    /// Drops the chunks farther than `radius` chunks (in x or z) from the
    /// block column (x, z) that were never edited and that `keep` does not
    /// ask for (e.g. chunks with entities in them). Returns how many went.
    pub fn unload_beyond(
        &mut self,
        x: i32,
        z: i32,
        radius: i32,
        keep: impl Fn((i32, i32)) -> bool,
    ) -> usize {
        let (cx, cz) = chunk_of(x, z);
        let before = self.chunks.len();
        self.chunks.retain(|&(kx, kz), chunk| {
            let near = (kx - cx).abs() <= radius && (kz - cz).abs() <= radius;
            near || chunk.edited || keep((kx, kz))
        });
        before - self.chunks.len()
    }

    /// How many chunks are in memory.
    pub fn loaded_chunks(&self) -> usize {
        self.chunks.len()
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

    pub fn dimension(&self) -> Dimension {
        self.generator.dimension()
    }

    /// The generator (for spawn search and the like).
    pub fn generator(&self) -> &gen::Generator {
        &self.generator
    }
}

#[cfg(test)]
mod unload_tests {
    use super::*;

    fn blocks_of(world: &World, cx: i32, cz: i32) -> Vec<BlockId> {
        let chunk = world.chunk(cx, cz).expect("loaded");
        (0..HEIGHT as usize)
            .flat_map(|y| (0..256).map(move |i| (y, i)))
            .map(|(y, i)| chunk.get(i % 16, y, i / 16))
            .collect()
    }

    #[test]
    fn far_untouched_chunks_go_and_come_back_the_same() {
        let mut world = World::new(42);
        world.ensure_around(0, 0, 1);
        let original = blocks_of(&world, 1, 1);
        world.ensure_around(400, 0, 1);
        let gone = world.unload_beyond(400, 0, 3, |_| false);
        assert_eq!(gone, 9, "the 3×3 chunks around the origin went");
        assert!(world.chunk(1, 1).is_none());
        world.ensure_around(0, 0, 1);
        assert_eq!(blocks_of(&world, 1, 1), original, "regenerated exactly");
    }

    #[test]
    fn edited_chunks_and_kept_chunks_stay() {
        let mut world = World::new(42);
        world.ensure_around(0, 0, 1);
        let stone = crate::sim::registry::block("stone");
        assert!(world.set([5, 250, 5], stone));
        world.ensure_around(400, 0, 1);
        world.unload_beyond(400, 0, 3, |c| c == (-1, -1));
        assert_eq!(world.get([5, 250, 5]), stone, "the edit survived");
        assert!(world.chunk(-1, -1).is_some(), "kept on request");
        assert!(world.chunk(1, 0).is_none());
        assert_eq!(world.loaded_chunks(), 9 + 2);
    }
}
