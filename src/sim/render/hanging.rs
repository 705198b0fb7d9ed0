//! Item frames and paintings as quads: a thin board of oak planks flat
//! against the wall, with a smaller square in front of it — brown
//! leather for a frame, a coloured canvas for a painting.

use super::cube::{face_corners, SHADE, STRETCHED_UV};
use super::entities::EntityPainter;
use super::raster::{Blend, Quad};
use crate::sim::entity::Hanging;
use crate::sim::registry::{block, item};
use crate::sim::world::Facing;

/// Half the board's side and its depth, in blocks.
const HALF_SIDE: f32 = 0.375;
const DEPTH: f32 = 1.0 / 16.0;
/// Half the side of the square in front (the frame's border is what is left).
const INNER_HALF_SIDE: f32 = 0.28;

/// A box given across the wall (`across`), up, and out from the wall
/// (`out`), turned to the facing and placed at `rel` (the entity's feet,
/// on the wall's face).
fn oriented_box(
    facing: Facing,
    rel: [f32; 3],
    across: [f32; 2],
    up: [f32; 2],
    out: [f32; 2],
) -> ([f32; 3], [f32; 3]) {
    let base = |a: f32, o: f32| -> [f32; 2] {
        match facing {
            Facing::North => [a, -o],
            Facing::South => [a, o],
            Facing::West => [-o, a],
            Facing::East => [o, a],
        }
    };
    let [x0, z0] = base(across[0], out[0]);
    let [x1, z1] = base(across[1], out[1]);
    (
        [rel[0] + x0.min(x1), rel[1] + up[0], rel[2] + z0.min(z1)],
        [rel[0] + x0.max(x1), rel[1] + up[1], rel[2] + z0.max(z1)],
    )
}

/// The quads of one frame or painting at `rel` from the eye.
pub fn quads(
    painter: &EntityPainter,
    hanging: &Hanging,
    rel: [f32; 3],
    lit: &dyn Fn(f32) -> f32,
) -> Vec<Quad> {
    let face_tex =
        |name: &str, face: usize| painter.assets.blocks[block(name).0 as usize].faces[face];
    let inside = if hanging.item == item("painting") {
        "light_blue_terracotta"
    } else {
        "brown_wool"
    };
    let back = -DEPTH / 2.0;
    let board = oriented_box(
        hanging.facing,
        rel,
        [-HALF_SIDE, HALF_SIDE],
        [0.0, 2.0 * HALF_SIDE],
        [back, DEPTH / 2.0],
    );
    let inner = oriented_box(
        hanging.facing,
        rel,
        [-INNER_HALF_SIDE, INNER_HALF_SIDE],
        [HALF_SIDE - INNER_HALF_SIDE, HALF_SIDE + INNER_HALF_SIDE],
        [back, DEPTH / 2.0 + 0.005],
    );
    let mut out = Vec::with_capacity(12);
    for ((min, max), material) in [(board, "oak_planks"), (inner, inside)] {
        for (face, &shade) in SHADE.iter().enumerate() {
            out.push(Quad {
                pos: face_corners(min, max, face),
                uv: STRETCHED_UV,
                bright: [lit(shade); 4],
                tex: face_tex(material, face),
                blend: Blend::Opaque,
                double_sided: false,
            });
        }
    }
    out
}
