//! Light and meshes kept between frames. Each chunk's light is rebuilt
//! when the signature of the 3×3 chunks around it changes; a section's
//! mesh only when the blocks within one block of it changed or its
//! chunk's new light differs within one block of it (the only inputs a
//! mesh reads), so an edit remeshes the sections it touches, not 3×3
//! chunks. Sections further than the renderer asks get a second,
//! flat-lit mesh ([`Lighting::Flat`]), built when first needed and kept
//! while the smooth one stays valid. The cache never changes what is
//! drawn, only how fast. Maps are
//! used for lookup only; the sections to draw come out in a fixed order
//! (by distance, then coordinates).

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use rayon::prelude::*;

use super::area::Area;
use super::assets::Assets;
use super::camera::Camera;
use super::light::ChunkLight;
use super::mesh::{self, Lighting, SectionMesh};
use super::occlusion::{self, Links, SectionPos};
use super::sky::VIEW_DISTANCE;
use crate::sim::world::{Dimension, World, HEIGHT, SECTIONS};

/// A section to draw this frame.
pub struct Visible {
    /// The section's lowest corner, relative to the eye.
    pub origin: [f32; 3],
    pub mesh: Arc<SectionMesh>,
}

/// A cached value and the area signature it was built for.
type Signed<T> = (u64, Arc<T>);

/// A section's mesh and the inputs it was built from.
struct CachedMesh {
    /// The blocks within one block of the section ([`Area::section_signature`]).
    blocks: u64,
    /// The signature of the light it was last checked against, and the
    /// light's print around the section ([`ChunkLight::section_print`]).
    light: u64,
    light_print: u64,
    mesh: Arc<SectionMesh>,
    /// The flat-lit mesh of the same inputs, once asked for.
    flat: Option<Arc<SectionMesh>>,
}

/// A section in view: chunk x, section y, chunk z, its block signature and
/// its chunk's light signature.
type SectionInputs = (i32, i32, i32, u64, u64);

#[derive(Default)]
pub struct WorldCache {
    /// The dimension cached: entering another starts the cache afresh,
    /// since its chunks' revisions say nothing about this one's.
    dimension: Dimension,
    lights: FxHashMap<(i32, i32), Signed<ChunkLight>>,
    meshes: FxHashMap<SectionPos, CachedMesh>,
}

const RADIUS: i32 = (VIEW_DISTANCE as i32 + 15) / 16;

impl WorldCache {
    /// Brings light and meshes up to date for the chunks in view and returns
    /// the sections in the view frustum, nearest first; those whose centre
    /// is further than `flat_beyond` blocks with their flat-lit mesh.
    pub fn visible(
        &mut self,
        world: &World,
        camera: &Camera,
        assets: &Assets,
        flat_beyond: f32,
    ) -> Vec<Visible> {
        if world.dimension() != self.dimension {
            *self = WorldCache {
                dimension: world.dimension(),
                ..WorldCache::default()
            };
        }
        let (ecx, ecz) = (
            (camera.eye[0].floor() as i32) >> 4,
            (camera.eye[2].floor() as i32) >> 4,
        );
        let mut chunks = Vec::new();
        for cz in ecz - RADIUS..=ecz + RADIUS {
            for cx in ecx - RADIUS..=ecx + RADIUS {
                let Some(chunk) = world.chunk(cx, cz) else {
                    continue;
                };
                let min = camera.relative([f64::from(cx * 16), 0.0, f64::from(cz * 16)]);
                let nearest = |lo: f32| (-lo).clamp(0.0, 16.0) + lo;
                let (dx, dz) = (nearest(min[0]), nearest(min[2]));
                if dx * dx + dz * dz > VIEW_DISTANCE * VIEW_DISTANCE {
                    continue;
                }
                let sections: Vec<i32> = (0..SECTIONS as i32)
                    .filter(|&sy| chunk.section(sy as usize).is_some_and(|s| s.non_air() > 0))
                    .filter(|&sy| {
                        camera.sees_box([min[0], min[1] + sy as f32 * 16.0, min[2]], [16.0; 3])
                    })
                    .collect();
                if !sections.is_empty() {
                    chunks.push((cx, cz, Area::new(world, cx, cz).signature(), sections));
                }
            }
        }
        self.refresh(world, assets, &chunks);
        let reached = self.reachable(world, camera, &chunks);
        let mut placed: Vec<(SectionPos, [f32; 3], f32)> = chunks
            .iter()
            .flat_map(|(cx, cz, _, sections)| sections.iter().map(move |&sy| (*cx, sy, *cz)))
            .filter(|pos| reached.as_ref().is_none_or(|r| r.contains(pos)))
            .map(|(cx, sy, cz)| {
                let origin =
                    camera.relative([f64::from(cx * 16), f64::from(sy * 16), f64::from(cz * 16)]);
                let centre = origin.map(|c| c + 8.0);
                let distance = centre.iter().map(|c| c * c).sum::<f32>().sqrt();
                ((cx, sy, cz), origin, distance)
            })
            .collect();
        placed.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.0.cmp(&b.0)));
        let far: Vec<SectionPos> = placed
            .iter()
            .filter(|&&(_, _, distance)| distance > flat_beyond)
            .map(|&(pos, _, _)| pos)
            .collect();
        self.build_flat(world, assets, &far);
        let visible = placed
            .into_iter()
            .map(|(pos, origin, distance)| {
                let cached = &self.meshes[&pos];
                let mesh = match &cached.flat {
                    Some(flat) if distance > flat_beyond => flat,
                    _ => &cached.mesh,
                };
                Visible {
                    origin,
                    mesh: Arc::clone(mesh),
                }
            })
            .collect();
        self.evict(ecx, ecz);
        visible
    }

    /// Builds the flat-lit meshes these sections lack, in parallel.
    fn build_flat(&mut self, world: &World, assets: &Assets, sections: &[SectionPos]) {
        let (meshes, lights) = (&self.meshes, &self.lights);
        let built: Vec<(SectionPos, Arc<SectionMesh>)> = sections
            .par_iter()
            .filter(|pos| meshes[pos].flat.is_none())
            .map(|&(cx, sy, cz)| {
                let area = Area::new(world, cx, cz);
                let light = &lights[&(cx, cz)].1;
                let flat = mesh::build(&area, light, &assets.blocks, sy, Lighting::Flat);
                ((cx, sy, cz), Arc::new(flat))
            })
            .collect();
        for (pos, flat) in built {
            if let Some(cached) = self.meshes.get_mut(&pos) {
                cached.flat = Some(flat);
            }
        }
    }

    /// The sections a line of sight from the eye can reach, or `None` when
    /// the eye is outside the world's height (then nothing is culled).
    fn reachable(
        &self,
        world: &World,
        camera: &Camera,
        chunks: &[(i32, i32, u64, Vec<i32>)],
    ) -> Option<FxHashSet<SectionPos>> {
        let eye = camera.eye.map(|c| c.floor() as i32);
        if !(0..HEIGHT).contains(&eye[1]) {
            return None;
        }
        let candidates: FxHashSet<SectionPos> = chunks
            .iter()
            .flat_map(|(cx, cz, _, sections)| sections.iter().map(move |&sy| (*cx, sy, *cz)))
            .collect();
        let (ecx, ecz) = (eye[0] >> 4, eye[2] >> 4);
        let links = |pos: SectionPos| {
            let (cx, sy, cz) = pos;
            if (cx - ecx).abs() > RADIUS || (cz - ecz).abs() > RADIUS {
                return None;
            }
            if !(0..SECTIONS as i32).contains(&sy) {
                return None;
            }
            if candidates.contains(&pos) {
                return Some(self.meshes[&pos].mesh.links);
            }
            let non_empty = world
                .chunk(cx, cz)
                .and_then(|c| c.section(sy as usize))
                .is_some_and(|s| s.non_air() > 0);
            let min = camera.relative([f64::from(cx * 16), f64::from(sy * 16), f64::from(cz * 16)]);
            (!non_empty && camera.sees_box(min, [16.0; 3])).then_some(Links::ALL)
        };
        Some(
            occlusion::reachable((ecx, eye[1] >> 4, ecz), links)
                .into_iter()
                .collect(),
        )
    }

    /// Rebuilds stale light, then stale meshes, in parallel.
    fn refresh(&mut self, world: &World, assets: &Assets, chunks: &[(i32, i32, u64, Vec<i32>)]) {
        let stale_lights: Vec<(i32, i32, u64)> = chunks
            .iter()
            .filter(|(cx, cz, sig, _)| self.lights.get(&(*cx, *cz)).is_none_or(|(s, _)| s != sig))
            .map(|(cx, cz, sig, _)| (*cx, *cz, *sig))
            .collect();
        let built: Vec<((i32, i32), Signed<ChunkLight>)> = stale_lights
            .par_iter()
            .map(|&(cx, cz, sig)| {
                (
                    (cx, cz),
                    (
                        sig,
                        Arc::new(ChunkLight::compute(
                            &Area::new(world, cx, cz),
                            &assets.blocks,
                        )),
                    ),
                )
            })
            .collect();
        self.lights.extend(built);
        let sections: Vec<SectionInputs> = chunks
            .iter()
            .flat_map(|(cx, cz, light, sections)| {
                let area = Area::new(world, *cx, *cz);
                sections
                    .iter()
                    .map(move |&sy| (*cx, sy, *cz, area.section_signature(sy), *light))
                    .collect::<Vec<_>>()
            })
            .collect();
        let lights = &self.lights;
        let meshes = &self.meshes;
        let updated: Vec<(SectionPos, CachedMesh)> = sections
            .par_iter()
            .filter_map(|&(cx, sy, cz, blocks, light_sig)| {
                let cached = meshes.get(&(cx, sy, cz));
                if cached.is_some_and(|c| c.blocks == blocks && c.light == light_sig) {
                    return None;
                }
                let light = &lights[&(cx, cz)].1;
                let light_print = light.section_print(sy);
                let (mesh, flat) = match cached {
                    Some(c) if c.blocks == blocks && c.light_print == light_print => {
                        (Arc::clone(&c.mesh), c.flat.clone())
                    }
                    _ => {
                        let area = Area::new(world, cx, cz);
                        let smooth =
                            mesh::build(&area, light, &assets.blocks, sy, Lighting::Smooth);
                        (Arc::new(smooth), None)
                    }
                };
                let entry = CachedMesh {
                    blocks,
                    light: light_sig,
                    light_print,
                    mesh,
                    flat,
                };
                Some(((cx, sy, cz), entry))
            })
            .collect();
        self.meshes.extend(updated);
    }

    /// Drops what is far from the eye.
    fn evict(&mut self, ecx: i32, ecz: i32) {
        let keep =
            |cx: i32, cz: i32| (cx - ecx).abs() <= RADIUS + 2 && (cz - ecz).abs() <= RADIUS + 2;
        self.lights.retain(|&(cx, cz), _| keep(cx, cz));
        self.meshes.retain(|&(cx, _, cz), _| keep(cx, cz));
    }

    /// (sky, block) light at a block position, bringing its chunk's light
    /// up to date first; full sky light in chunks not generated.
    pub fn light_at(&mut self, world: &World, assets: &Assets, [x, y, z]: [i32; 3]) -> (u8, u8) {
        let (cx, cz) = (x >> 4, z >> 4);
        if world.chunk(cx, cz).is_none() {
            return (15, 0);
        }
        let area = Area::new(world, cx, cz);
        let sig = area.signature();
        let entry = self
            .lights
            .entry((cx, cz))
            .or_insert_with(|| (sig, Arc::new(ChunkLight::compute(&area, &assets.blocks))));
        if entry.0 != sig {
            *entry = (sig, Arc::new(ChunkLight::compute(&area, &assets.blocks)));
        }
        entry.1.at(x, y, z)
    }
}
