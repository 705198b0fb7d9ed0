//! A section's one-sided quads grouped by the axis direction they face,
//! so that a frame skips, without looking at its quads, every group the
//! eye sees from behind: all of a section's east faces are turned away
//! when the eye is west of the plane of the westmost one. About half of a
//! distant section's faces go this way. Quads of no single axis direction
//! (plants, double-sided faces) form a last group that is always kept.

use std::ops::Range;

use super::cube::{axes, FACES, NORMALS};
use super::mesh::MeshQuad;
use super::raster::front_normal;

/// One facing's quads: their index range in the sorted list, and the
/// lowest and highest plane coordinate along the facing's axis (relative
/// to the section's lowest corner).
#[derive(Debug, Clone, Default)]
struct Group {
    quads: Range<usize>,
    planes: (f32, f32),
}

/// The groups of one section's solid quads.
#[derive(Debug, Clone, Default)]
pub struct Facings {
    /// By face (as [`NORMALS`]); then the quads facing no single axis.
    groups: [Group; FACES + 1],
}

/// The face whose outward normal a one-sided, axis-aligned quad has
/// (counter-clockwise seen from the front); `FACES` for any other quad.
fn facing(quad: &MeshQuad) -> usize {
    if quad.double_sided {
        return FACES;
    }
    let n = front_normal(&quad.pos);
    let p0 = quad.pos[0];
    let planar = |axis: usize| quad.pos.iter().all(|p| p[axis] == p0[axis]);
    (0..FACES)
        .position(|face| {
            let [axis, ..] = axes(face);
            let normal = NORMALS[face];
            let others_zero = (0..3).all(|a| a == axis || n[a] == 0.0);
            others_zero && n[axis] * normal[axis] as f32 > 0.0 && planar(axis)
        })
        .unwrap_or(FACES)
}

impl Facings {
    /// Sorts `quads` by facing (keeping their order within a facing) and
    /// records the groups.
    pub fn sort(quads: &mut Vec<MeshQuad>) -> Facings {
        let mut keyed: Vec<(usize, MeshQuad)> = quads.drain(..).map(|q| (facing(&q), q)).collect();
        keyed.sort_by_key(|&(face, _)| face);
        let mut facings = Facings::default();
        let mut start = 0;
        for (face, group) in facings.groups.iter_mut().enumerate() {
            let members: Vec<&MeshQuad> = keyed[start..]
                .iter()
                .take_while(|(f, _)| *f == face)
                .map(|(_, q)| q)
                .collect();
            let planes = (face < FACES)
                .then(|| axes(face)[0])
                .map_or((0.0, 0.0), |axis| {
                    members.iter().fold((f32::MAX, f32::MIN), |(lo, hi), q| {
                        (lo.min(q.pos[0][axis]), hi.max(q.pos[0][axis]))
                    })
                });
            *group = Group {
                quads: start..start + members.len(),
                planes,
            };
            start += members.len();
        }
        quads.extend(keyed.into_iter().map(|(_, q)| q));
        facings
    }

    /// The index ranges of the groups that may face the eye, for a section
    /// whose lowest corner is at `origin` relative to the eye. A quad
    /// facing +axis at plane c turns away when `origin + c >= 0`, one
    /// facing −axis when `origin + c <= 0` (as `raster::faces_away`).
    pub fn toward_eye(&self, origin: [f32; 3]) -> impl Iterator<Item = Range<usize>> + '_ {
        self.groups
            .iter()
            .enumerate()
            .filter_map(move |(face, group)| {
                let turned_away = face < FACES && {
                    let [axis, ..] = axes(face);
                    let (lo, hi) = group.planes;
                    if NORMALS[face][axis] > 0 {
                        origin[axis] + lo >= 0.0
                    } else {
                        origin[axis] + hi <= 0.0
                    }
                };
                (!turned_away && !group.quads.is_empty()).then(|| group.quads.clone())
            })
    }
}

#[cfg(test)]
mod tests {
    use super::super::cube::face_corners;
    use super::super::mesh::CornerLight;
    use super::super::raster::{faces_away, Blend};
    use super::super::texture::TexId;
    use super::*;

    fn quad(pos: [[f32; 3]; 4], double_sided: bool) -> MeshQuad {
        MeshQuad {
            pos,
            uv: [[0.0; 2]; 4],
            light: [CornerLight::default(); 4],
            tex: TexId::default(),
            blend: Blend::Opaque,
            double_sided,
        }
    }

    /// Faces of boxes all over a section, and a crossed plant.
    fn quads() -> Vec<MeshQuad> {
        let mut quads = Vec::new();
        for (i, corner) in [[0.0, 0.0, 0.0], [5.0, 9.0, 2.0], [15.0, 3.0, 11.0]]
            .into_iter()
            .enumerate()
        {
            let max = corner.map(|c: f32| c + 1.0);
            for face in 0..FACES {
                quads.push(quad(face_corners(corner, max, face), i == 2 && face == 0));
            }
        }
        quads
    }

    #[test]
    fn skipped_groups_hold_only_quads_the_eye_sees_from_behind() {
        let mut sorted = quads();
        let facings = Facings::sort(&mut sorted);
        assert_eq!(sorted.len(), quads().len());
        // Eyes inside, beside and far from the section.
        for origin in [
            [-8.0, -8.0, -8.0],
            [3.0, -20.0, 0.5],
            [-40.0, 2.0, -16.0],
            [-5.5, -9.5, -30.0],
        ] {
            let kept: Vec<usize> = facings.toward_eye(origin).flatten().collect();
            for (i, q) in sorted.iter().enumerate() {
                let pos = q
                    .pos
                    .map(|p| [p[0] + origin[0], p[1] + origin[1], p[2] + origin[2]]);
                if q.double_sided || !faces_away(&pos) {
                    assert!(kept.contains(&i), "quad {i} faces the eye at {origin:?}");
                }
            }
            assert!(kept.len() < sorted.len() || origin == [-8.0; 3]);
        }
    }

    #[test]
    fn double_sided_and_slanted_quads_are_always_kept() {
        let slanted = quad(
            [
                [0.0, 0.0, 0.0],
                [1.0, 0.0, 1.0],
                [1.0, 1.0, 1.0],
                [0.0, 1.0, 0.0],
            ],
            false,
        );
        assert_eq!(facing(&slanted), FACES);
        let mut quads = vec![slanted, quad(face_corners([0.0; 3], [1.0; 3], 1), true)];
        let facings = Facings::sort(&mut quads);
        for origin in [[5.0; 3], [-5.0; 3]] {
            assert_eq!(facings.toward_eye(origin).flatten().count(), 2);
        }
    }
}
