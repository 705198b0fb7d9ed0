//! Boats and falling blocks as quads. A boat is a box model of its wood's
//! planks: a flat bottom and four low walls, turned to its yaw, rocking
//! while hurt. A falling block is its block, drawn at the entity.

use super::assets::Assets;
use super::cube::{face_corners, SHADE, STRETCHED_UV};
use super::raster::{Blend, Quad};
use crate::sim::entity::{Boat, Entity};
use crate::sim::registry::{block, registry, BlockId};

/// The boat's boxes in its own frame (x across, z along, y up), in blocks.
const HULL: [([f32; 3], [f32; 3]); 5] = [
    ([-0.625, 0.0, -0.875], [0.625, 0.125, 0.875]),
    ([-0.625, 0.125, -0.875], [-0.5, 0.5625, 0.875]),
    ([0.5, 0.125, -0.875], [0.625, 0.5625, 0.875]),
    ([-0.5, 0.125, 0.75], [0.5, 0.5625, 0.875]),
    ([-0.5, 0.125, -0.875], [0.5, 0.5625, -0.75]),
];

/// The planks a boat is made of.
fn planks(boat: &Boat) -> BlockId {
    let name = registry().item(boat.item).name;
    let wood = name.strip_suffix("_boat").unwrap_or("oak");
    registry()
        .block_named(&format!("{wood}_planks"))
        .unwrap_or_else(|| block("oak_planks"))
}

/// The quads of a boat at `rel` (relative to the eye).
pub fn boat_quads(
    assets: &Assets,
    entity: &Entity,
    boat: &Boat,
    rel: [f32; 3],
    lit: &dyn Fn(f32) -> f32,
    out: &mut Vec<Quad>,
) {
    let wood = &assets.blocks[planks(boat).0 as usize];
    let (sin, cos) = entity.yaw.to_radians().sin_cos();
    // A hit rocks it about its length.
    let roll = (boat.hurt_ticks as f32 * 0.6).sin() * boat.hurt_ticks as f32 * 0.02;
    let place = |[x, y, z]: [f32; 3]| {
        let (x, y) = (x - y * roll, y + x * roll);
        [
            rel[0] + x * cos - z * sin,
            rel[1] + y,
            rel[2] + x * sin + z * cos,
        ]
    };
    for (min, max) in HULL {
        for (face, &shade) in SHADE.iter().enumerate() {
            out.push(Quad {
                pos: face_corners(min, max, face).map(place),
                uv: STRETCHED_UV,
                bright: [lit(shade); 4],
                tex: wood.faces[face],
                blend: Blend::Opaque,
                double_sided: false,
            });
        }
    }
}

/// The quads of a falling block whose feet are at `rel`.
pub fn falling_block_quads(
    assets: &Assets,
    id: BlockId,
    rel: [f32; 3],
    lit: &dyn Fn(f32) -> f32,
    out: &mut Vec<Quad>,
) {
    let visual = &assets.blocks[id.0 as usize];
    let min = [rel[0] - 0.5, rel[1], rel[2] - 0.5];
    let max = [rel[0] + 0.5, rel[1] + 1.0, rel[2] + 0.5];
    for (face, &shade) in SHADE.iter().enumerate() {
        out.push(Quad {
            pos: face_corners(min, max, face),
            uv: STRETCHED_UV,
            bright: [lit(shade); 4],
            tex: visual.faces[face],
            blend: visual.mode.into(),
            double_sided: false,
        });
    }
}
