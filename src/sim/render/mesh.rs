//! Meshes of one 16³ section: the faces that can be seen (faces against
//! opaque neighbours are dropped), partial boxes, liquids, crossed planes
//! for plants and sticks for torches, each corner carrying smooth sky and
//! block light with ambient occlusion, like Minecraft's smooth lighting.
//! Distant sections may be meshed with flat lighting instead (each full
//! block face lit by the cell in front of it, as Minecraft draws with
//! smooth lighting off), which lets far more faces merge.

use super::area::Area;
use super::assets::{BlockVisual, LightClass, Mode};
use super::cube::{axes, block_uv, face_corners, NORMALS, SHADE, STRETCHED_UV, UP};
use super::facing::Facings;
use super::light::ChunkLight;
use super::merge::Merger;
use super::occlusion::Links;
use super::raster::Blend;
use super::texture::TexId;
use crate::sim::registry::{BlockId, Shape};
use crate::sim::world::fluid_level;

/// Corner light as stored in a mesh; turned into brightness each frame.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CornerLight {
    /// 0..15, averaged over the cells around the corner.
    pub sky: f32,
    pub block: f32,
    /// Face shading times ambient occlusion.
    pub shade: f32,
}

#[derive(Debug, Clone)]
pub struct MeshQuad {
    /// Corners relative to the section's lowest corner.
    pub pos: [[f32; 3]; 4],
    pub uv: [[f32; 2]; 4],
    pub light: [CornerLight; 4],
    pub tex: TexId,
    pub blend: Blend,
    pub double_sided: bool,
}

/// The quads of one section: opaque and cut-out first, translucent apart
/// (drawn after everything else); and which of its sides see each other.
pub struct SectionMesh {
    pub solid: Vec<MeshQuad>,
    /// `solid` is sorted by facing; the groups.
    pub facings: Facings,
    pub translucent: Vec<MeshQuad>,
    pub links: Links,
}

/// Brightness factor by how many of the three cells at a corner are opaque.
const AMBIENT_OCCLUSION: [f32; 4] = [0.45, 0.62, 0.8, 1.0];

/// Surface height of a source (or falling) liquid with no liquid above;
/// flowing liquid stands lower by its amount (eighths of this).
const LIQUID_TOP: f32 = 14.0 / 16.0;

/// How full-block faces are lit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lighting {
    /// Smooth light with ambient occlusion per corner.
    Smooth,
    /// One light per face, from the cell in front of it: coarser, and
    /// most neighbouring faces merge.
    Flat,
}

struct Builder<'a> {
    area: &'a Area<'a>,
    light: &'a ChunkLight,
    visuals: &'a [BlockVisual],
    lighting: Lighting,
    mesh: SectionMesh,
    /// Evenly lit full faces, merged at the end.
    merger: Merger,
}

impl Builder<'_> {
    fn visual(&self, x: i32, y: i32, z: i32) -> &BlockVisual {
        &self.visuals[self.area.get(x, y, z).0 as usize]
    }

    /// How high the liquid in `cell` is drawn: full under the same liquid,
    /// else by its amount.
    fn liquid_height(&self, cell: [i32; 3]) -> f32 {
        let [x, y, z] = cell;
        if self.area.get(x, y + 1, z) == self.area.get(x, y, z) {
            return 1.0;
        }
        LIQUID_TOP * f32::from(fluid_level::amount(self.area.level(x, y, z))) / 8.0
    }

    fn push(&mut self, quad: MeshQuad, mode: Mode) {
        if mode == Mode::Translucent {
            self.mesh.translucent.push(quad);
        } else {
            self.mesh.solid.push(quad);
        }
    }

    /// Smooth light of a face corner: the four cells in front of the face
    /// around the corner, with occlusion.
    fn corner_light(
        &self,
        cell: [i32; 3],
        face: usize,
        corner: [f32; 3],
        own_light: u8,
    ) -> CornerLight {
        let n = NORMALS[face];
        let front = [cell[0] + n[0], cell[1] + n[1], cell[2] + n[2]];
        let [_, a1, a2] = axes(face);
        let toward = |a: usize| if corner[a] > 0.5 { 1 } else { -1 };
        let offset = |d1: i32, d2: i32| {
            let mut p = front;
            p[a1] += d1;
            p[a2] += d2;
            p
        };
        let cells = [
            offset(0, 0),
            offset(toward(a1), 0),
            offset(0, toward(a2)),
            offset(toward(a1), toward(a2)),
        ];
        let occludes: [bool; 4] = cells.map(|p| self.visual(p[0], p[1], p[2]).occludes());
        let (side1, side2, diagonal) = (occludes[1], occludes[2], occludes[3]);
        let open = if side1 && side2 {
            0
        } else {
            3 - side1 as usize - side2 as usize - diagonal as usize
        };
        let (mut sky, mut block, mut count) = (0.0, 0.0, 0.0);
        for (i, p) in cells.iter().enumerate() {
            // The diagonal cell is hidden when both sides close it off.
            if occludes[i] || (i == 3 && side1 && side2) {
                continue;
            }
            let (s, b) = self.light.at(p[0], p[1], p[2]);
            sky += f32::from(s);
            block += f32::from(b);
            count += 1.0;
        }
        if count == 0.0 {
            let (s, b) = self.light.at(cell[0], cell[1], cell[2]);
            (sky, block, count) = (f32::from(s), f32::from(b), 1.0);
        }
        CornerLight {
            sky: sky / count,
            block: (block / count).max(f32::from(own_light)),
            shade: SHADE[face] * AMBIENT_OCCLUSION[open],
        }
    }

    /// The visible faces of a box from (0,0,0) to (1, height, 1).
    fn boxed(
        &mut self,
        cell: [i32; 3],
        local: [f32; 3],
        block: BlockId,
        visual: &BlockVisual,
        height: f32,
    ) {
        for (face, n) in NORMALS.iter().enumerate() {
            let (nx, ny, nz) = (cell[0] + n[0], cell[1] + n[1], cell[2] + n[2]);
            let neighbour_id = self.area.get(nx, ny, nz);
            let neighbour = &self.visuals[neighbour_id.0 as usize];
            let flush = face != UP || height >= 1.0;
            let same_see_through = neighbour_id == block
                && visual.light_class != LightClass::Opaque
                && (visual.shape != Shape::Liquid || self.liquid_height([nx, ny, nz]) >= height);
            if flush && (neighbour.occludes() || same_see_through) {
                continue;
            }
            let unit = face_corners([0.0; 3], [1.0, height, 1.0], face);
            let uv = block_uv(&unit, face);
            let full_face =
                visual.shape == Shape::Cube && flush && visual.mode != Mode::Translucent;
            let light = if full_face && self.lighting == Lighting::Flat {
                [self.flat_light([nx, ny, nz], face, visual.light); 4]
            } else {
                unit.map(|c| self.corner_light(cell, face, c, visual.light))
            };
            let mergeable = full_face && light.iter().all(|l| *l == light[0]);
            if mergeable {
                let cell = local.map(|c| c as i32);
                let blend = visual.mode.into();
                self.merger
                    .add(face, cell, visual.faces[face], blend, light[0]);
                continue;
            }
            let pos = unit.map(|c| [c[0] + local[0], c[1] + local[1], c[2] + local[2]]);
            let quad = MeshQuad {
                pos,
                uv,
                light,
                tex: visual.faces[face],
                blend: visual.mode.into(),
                double_sided: false,
            };
            self.push(quad, visual.mode);
        }
    }

    /// Flat light of the block's own cell, unshaded.
    /// A face's one light under [`Lighting::Flat`]: the cell in front.
    fn flat_light(&self, front: [i32; 3], face: usize, own_light: u8) -> CornerLight {
        let (sky, block) = self.light.at(front[0], front[1], front[2]);
        CornerLight {
            sky: f32::from(sky),
            block: f32::from(block.max(own_light)),
            shade: SHADE[face],
        }
    }

    fn own_light(&self, cell: [i32; 3], visual: &BlockVisual) -> [CornerLight; 4] {
        let (s, b) = self.light.at(cell[0], cell[1], cell[2]);
        [CornerLight {
            sky: f32::from(s),
            block: f32::from(b.max(visual.light)),
            shade: 1.0,
        }; 4]
    }

    fn cross(&mut self, cell: [i32; 3], local: [f32; 3], visual: &BlockVisual) {
        let light = self.own_light(cell, visual);
        let [x, y, z] = local;
        let planes = [
            [
                [x, y, z],
                [x + 1.0, y, z + 1.0],
                [x + 1.0, y + 1.0, z + 1.0],
                [x, y + 1.0, z],
            ],
            [
                [x + 1.0, y, z],
                [x, y, z + 1.0],
                [x, y + 1.0, z + 1.0],
                [x + 1.0, y + 1.0, z],
            ],
        ];
        for pos in planes {
            let quad = MeshQuad {
                pos,
                uv: STRETCHED_UV,
                light,
                tex: visual.faces[2],
                blend: Blend::Cutout,
                double_sided: true,
            };
            self.push(quad, Mode::Cutout);
        }
    }

    /// A stick from (min) to (max) in block units, lit by its own cell.
    fn stick(
        &mut self,
        cell: [i32; 3],
        local: [f32; 3],
        visual: &BlockVisual,
        min: [f32; 3],
        max: [f32; 3],
    ) {
        let light = self.own_light(cell, visual);
        for (face, &shade) in SHADE.iter().enumerate() {
            let unit = face_corners(min, max, face);
            let uv = block_uv(&unit, face);
            let pos = unit.map(|c| [c[0] + local[0], c[1] + local[1], c[2] + local[2]]);
            let shaded = light.map(|l| CornerLight { shade, ..l });
            let quad = MeshQuad {
                pos,
                uv,
                light: shaded,
                tex: visual.faces[face],
                blend: Blend::Cutout,
                double_sided: false,
            };
            self.push(quad, Mode::Cutout);
        }
    }
}

/// Builds the mesh of section `sy` of the area's centre chunk.
pub fn build(
    area: &Area,
    light: &ChunkLight,
    visuals: &[BlockVisual],
    sy: i32,
    lighting: Lighting,
) -> SectionMesh {
    let mut builder = Builder {
        area,
        light,
        visuals,
        lighting,
        mesh: SectionMesh {
            solid: Vec::new(),
            facings: Facings::default(),
            translucent: Vec::new(),
            links: Links::of_section(area, visuals, sy),
        },
        merger: Merger::default(),
    };
    let (bx, by, bz) = (area.cx * 16, sy * 16, area.cz * 16);
    for ly in 0..16 {
        for lz in 0..16 {
            for lx in 0..16 {
                let cell = [bx + lx, by + ly, bz + lz];
                let block = area.get(cell[0], cell[1], cell[2]);
                if block == BlockId::AIR {
                    continue;
                }
                let visual = &visuals[block.0 as usize];
                let local = [lx as f32, ly as f32, lz as f32];
                match visual.shape {
                    Shape::None => {}
                    Shape::Cube | Shape::Partial => {
                        builder.boxed(cell, local, block, visual, visual.height)
                    }
                    Shape::Liquid => {
                        let height = builder.liquid_height(cell);
                        builder.boxed(cell, local, block, visual, height);
                    }
                    Shape::Cross => builder.cross(cell, local, visual),
                    Shape::Torch => builder.stick(
                        cell,
                        local,
                        visual,
                        [7.0 / 16.0, 0.0, 7.0 / 16.0],
                        [9.0 / 16.0, 10.0 / 16.0, 9.0 / 16.0],
                    ),
                    Shape::Flat => {
                        builder.stick(cell, local, visual, [0.0; 3], [1.0, 1.0 / 16.0, 1.0])
                    }
                }
            }
        }
    }
    let merged = builder.merger.quads();
    builder.mesh.solid.extend(merged);
    builder.mesh.facings = Facings::sort(&mut builder.mesh.solid);
    builder.mesh
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::block;
    use crate::sim::render::assets::assets;
    use crate::sim::render::tests::flatten;
    use crate::sim::world::World;

    /// The blocks covered by quads lying in the plane y = 16 of the section.
    fn top_area(mesh: &SectionMesh) -> f32 {
        mesh.solid
            .iter()
            .filter(|q| q.pos.iter().all(|p| p[1] == 16.0))
            .map(|q| (q.pos[2][0] - q.pos[0][0]).abs() * (q.pos[2][2] - q.pos[0][2]).abs())
            .sum()
    }

    #[test]
    fn only_faces_against_air_are_kept() {
        let mut world = World::new(3);
        world.chunk_mut(0, 0);
        flatten(&mut world, [0, 0], [16, 16]);
        // Grass at 63. Section 3 holds y 48..64.
        // Section 3's mesh, and its quads in the plane of the grass tops.
        let lit_mesh = |world: &World, lighting| {
            let area = Area::new(world, 0, 0);
            let light = ChunkLight::compute(&area, &assets().blocks);
            build(&area, &light, &assets().blocks, 3, lighting)
        };
        let section_mesh = |world: &World| lit_mesh(world, Lighting::Smooth);
        let tops_of = |mesh: &SectionMesh| -> Vec<MeshQuad> {
            mesh.solid
                .iter()
                .filter(|q| q.pos.iter().all(|p| p[1] == 16.0))
                .cloned()
                .collect()
        };
        let mesh = section_mesh(&world);
        // The top of the grass: 256 faces, evenly and fully lit, merged
        // into one quad; chunk borders face neighbours that are not
        // generated (air), so their sides show too.
        let tops = tops_of(&mesh);
        assert_eq!(top_area(&mesh), 256.0);
        assert_eq!(tops.len(), 1);
        assert!(tops
            .iter()
            .all(|q| q.light.iter().all(|l| l.sky == 15.0 && l.shade == 1.0)));
        drop(mesh);
        world.set([5, 64, 5], block("stone"));
        let mesh = section_mesh(&world);
        // The grass under the stone lost its top; corners next to the stone are occluded.
        let tops = tops_of(&mesh);
        assert_eq!(top_area(&mesh), 255.0);
        assert!(tops.len() > 1);
        assert!(tops.iter().any(|q| q.light.iter().any(|l| l.shade < 1.0)));
        // Flat lighting has no occlusion: the same tops merge into the
        // fewest rectangles around the hole (four), all fully lit.
        let flat = lit_mesh(&world, Lighting::Flat);
        let flat_tops = tops_of(&flat);
        assert_eq!(top_area(&flat), 255.0);
        assert_eq!(flat_tops.len(), 4);
        assert!(flat_tops
            .iter()
            .all(|q| q.light.iter().all(|l| l.sky == 15.0 && l.shade == 1.0)));
        assert!(flat.solid.len() < mesh.solid.len());
    }
}
