//! The held item in the lower right of the view: a turned block, a tilted
//! item icon, or the bare arm when the hand is empty.

use super::assets::Assets;
use super::camera::Camera;
use super::cube::{face_corners, FACES, SHADE, STRETCHED_UV};
use super::raster::{Blend, Quad};
use crate::sim::inventory::ItemStack;
use crate::sim::registry::{registry, ItemKind, Shape};

/// Quads of the held item (or arm), eye-relative, lit by `bright`.
pub fn quads(camera: &Camera, assets: &Assets, held: Option<&ItemStack>, bright: f32) -> Vec<Quad> {
    if super::map::draws_held(held) {
        return Vec::new();
    }
    // View space (x right, y up, z forward) → eye-relative world.
    let to_world = |v: [f32; 3]| -> [f32; 3] {
        std::array::from_fn(|i| {
            camera.right[i] * v[0] + camera.up[i] * v[1] + camera.forward[i] * v[2]
        })
    };
    let turned = |p: [f32; 3], centre: [f32; 3], yaw: f32, pitch: f32| -> [f32; 3] {
        let (sy, cy) = yaw.sin_cos();
        let (sp, cp) = pitch.sin_cos();
        let [x, y, z] = p;
        let (x, z) = (x * cy - z * sy, x * sy + z * cy);
        let (y, z) = (y * cp - z * sp, y * sp + z * cp);
        to_world([centre[0] + x, centre[1] + y, centre[2] + z])
    };
    let block = held.and_then(|s| match registry().item(s.item).kind {
        ItemKind::Block(b) => Some(&assets.blocks[b.0 as usize]),
        _ => None,
    });
    match (held, block) {
        (Some(_), Some(visual))
            if matches!(visual.shape, Shape::Cube | Shape::Partial | Shape::Liquid) =>
        {
            let centre = [0.62, -0.55, 1.0];
            (0..FACES)
                .map(|face| Quad {
                    pos: face_corners([-0.2; 3], [0.2; 3], face)
                        .map(|p| turned(p, centre, 0.75, 0.35)),
                    uv: STRETCHED_UV,
                    bright: [bright * SHADE[face]; 4],
                    tex: visual.faces[face],
                    blend: visual.mode.into(),
                    double_sided: false,
                })
                .collect()
        }
        (Some(stack), _) => {
            let centre = [0.6, -0.42, 0.95];
            let s = 0.3;
            let corners = [[-s, -s, 0.0], [s, -s, 0.0], [s, s, 0.0], [-s, s, 0.0]];
            vec![Quad {
                pos: corners.map(|p| turned(p, centre, -0.6, 0.0)),
                uv: STRETCHED_UV,
                bright: [bright; 4],
                tex: assets.icons[stack.item.0 as usize],
                blend: Blend::Cutout,
                double_sided: true,
            }]
        }
        (None, _) => {
            let centre = [0.7, -0.75, 0.9];
            (0..FACES)
                .map(|face| Quad {
                    pos: face_corners([-0.1, -0.1, -0.4], [0.1, 0.1, 0.4], face)
                        .map(|p| turned(p, centre, 0.3, -0.2)),
                    uv: STRETCHED_UV,
                    bright: [bright * SHADE[face]; 4],
                    tex: assets.hand,
                    blend: Blend::Opaque,
                    double_sided: false,
                })
                .collect()
        }
    }
}
