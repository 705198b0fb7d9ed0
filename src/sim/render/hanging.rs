//! Item frames and paintings as quads: a thin board of oak planks flat
//! against its wall (or floor, or ceiling), with a smaller square in front of it — brown
//! leather for a frame, a coloured canvas for a painting.

use super::cube::{face_corners, SHADE, STRETCHED_UV};
use super::entities::EntityPainter;
use super::raster::{Blend, Quad};
use crate::sim::entity::Hanging;
use crate::sim::raycast::Face;
use crate::sim::registry::{block, item};

/// Half the board's side and its thickness, in blocks.
const HALF_SIDE: f32 = 0.375;
const THICKNESS: f32 = 1.0 / 16.0;
/// Half the side of the square in front (the frame's border is what is left).
const INNER_HALF_SIDE: f32 = 0.28;

/// A box given across the board (`across`), along it (`along`: up on a
/// wall) and out from its wall (`out`), all from the board's middle,
/// turned to the facing and placed at `middle` (relative to the eye).
fn oriented_box(
    facing: Face,
    middle: [f32; 3],
    across: [f32; 2],
    along: [f32; 2],
    out: [f32; 2],
) -> ([f32; 3], [f32; 3]) {
    let turn = |a: f32, l: f32, o: f32| -> [f32; 3] {
        match facing {
            Face::North => [a, l, -o],
            Face::South => [a, l, o],
            Face::West => [-o, l, a],
            Face::East => [o, l, a],
            Face::Up => [a, o, l],
            Face::Down => [a, -o, l],
        }
    };
    let p = turn(across[0], along[0], out[0]);
    let q = turn(across[1], along[1], out[1]);
    (
        std::array::from_fn(|k| middle[k] + p[k].min(q[k])),
        std::array::from_fn(|k| middle[k] + p[k].max(q[k])),
    )
}

/// The quads of one frame or painting with its feet at `rel` from the eye.
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
    let half_height = hanging.size().1 as f32 / 2.0;
    let middle = [rel[0], rel[1] + half_height, rel[2]];
    let half_depth = THICKNESS / 2.0;
    let board = oriented_box(
        hanging.facing,
        middle,
        [-HALF_SIDE, HALF_SIDE],
        [-HALF_SIDE, HALF_SIDE],
        [-half_depth, half_depth],
    );
    let inner = oriented_box(
        hanging.facing,
        middle,
        [-INNER_HALF_SIDE, INNER_HALF_SIDE],
        [-INNER_HALF_SIDE, INNER_HALF_SIDE],
        [-half_depth, half_depth + 0.005],
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
