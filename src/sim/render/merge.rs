//! Greedy merging of a section's evenly lit full-block faces: neighbouring
//! coplanar faces with the same texture, blending and light become one
//! larger quad whose texture coordinates repeat once per block, so a flat
//! field is a few quads instead of hundreds.

use super::cube::{axes, block_uv, face_corners};
use super::mesh::{CornerLight, MeshQuad};
use super::raster::Blend;
use super::texture::TexId;

/// What must match for two faces to merge.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Look {
    tex: TexId,
    blend: Blend,
    light: CornerLight,
}

/// Faces waiting to be merged: (face, layer along the normal, row, column,
/// look), where rows and columns run along the face's two other axes.
#[derive(Default)]
pub struct Merger {
    faces: Vec<(usize, i32, i32, i32, Look)>,
}

impl Merger {
    /// A unit face of the block at section-local `cell`, lit evenly.
    pub fn add(
        &mut self,
        face: usize,
        cell: [i32; 3],
        tex: TexId,
        blend: Blend,
        light: CornerLight,
    ) {
        let [normal, across, along] = axes(face);
        let look = Look { tex, blend, light };
        self.faces
            .push((face, cell[normal], cell[along], cell[across], look));
    }

    /// The merged quads, in a fixed order.
    pub fn quads(mut self) -> Vec<MeshQuad> {
        self.faces
            .sort_by_key(|&(face, layer, row, column, _)| (face, layer, row, column));
        let mut out = Vec::new();
        for group in self.faces.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
            let (face, layer) = (group[0].0, group[0].1);
            let mut grid: [Option<Look>; 256] = [None; 256];
            for &(_, _, row, column, look) in group {
                grid[(row * 16 + column) as usize] = Some(look);
            }
            for row in 0..16 {
                for column in 0..16 {
                    let Some(look) = grid[row * 16 + column] else {
                        continue;
                    };
                    let same = |r: usize, c: usize| grid[r * 16 + c] == Some(look);
                    let width = (column..16).take_while(|&c| same(row, c)).count();
                    let height = (row..16)
                        .take_while(|&r| (column..column + width).all(|c| same(r, c)))
                        .count();
                    for r in row..row + height {
                        grid[r * 16 + column..r * 16 + column + width].fill(None);
                    }
                    out.push(quad(face, layer, [row, column], [height, width], look));
                }
            }
        }
        out
    }
}

/// The quad covering `size` (rows, columns) faces from `start` in a layer.
fn quad(face: usize, layer: i32, start: [usize; 2], size: [usize; 2], look: Look) -> MeshQuad {
    let [normal, across, along] = axes(face);
    let mut min = [0.0; 3];
    let mut extent = [1.0; 3];
    min[normal] = layer as f32;
    min[along] = start[0] as f32;
    min[across] = start[1] as f32;
    extent[along] = size[0] as f32;
    extent[across] = size[1] as f32;
    let unit = face_corners([0.0; 3], extent, face);
    MeshQuad {
        pos: unit.map(|c| [c[0] + min[0], c[1] + min[1], c[2] + min[2]]),
        uv: block_uv(&unit, face),
        light: [look.light; 4],
        tex: look.tex,
        blend: look.blend,
        double_sided: false,
    }
}
