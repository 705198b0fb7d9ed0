//! Buried treasure: a chest of `chests/buried_treasure` under the sand of
//! a beach, at block (9, 9) of its chunk as in 1.16.5, one block below the
//! surface.

use super::super::terrain::Terrain;
use super::{Canvas, Start};
use crate::sim::world::BlockPos;

/// The chest's column within its chunk.
const IN_CHUNK: i32 = 9;

/// Where the chest of a buried treasure lies (what treasure maps mark).
pub fn chest_pos(start: &Start, terrain: &Terrain) -> BlockPos {
    let (x, z) = (start.chunk.0 * 16 + IN_CHUNK, start.chunk.1 * 16 + IN_CHUNK);
    [x, terrain.column(x, z).height - 1, z]
}

pub fn build(canvas: &mut Canvas, start: &Start, terrain: &Terrain) {
    canvas.chest(chest_pos(start, terrain), "chests/buried_treasure");
}
