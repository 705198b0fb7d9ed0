//! The first-person renderer: the player's view of the world drawn on the
//! CPU, Minecraft style, at any frame size.
//!
//! A frame is: sky by time of day and weather, sun and moon; the world's
//! cached section meshes (face-culled, smooth-lit) and the entities,
//! rasterized with a z-buffer in horizontal bands on all cores; water and
//! other translucent faces; the crack overlay and outline of the targeted
//! block; the held item; screen effects (under water, in lava, rain,
//! death); the HUD; and an open screen over the darkened view. The output is a pure function of the game state:
//! caches only save work, and bands never share pixels.

mod area;
mod assets;
mod band;
mod boat;
mod brewing_screen;
mod cache;
mod camera;
mod cube;
mod enchanting_screen;
mod entities;
mod facing;
mod font;
mod gui;
mod hanging;
mod held;
mod hud;
mod icons;
mod light;
mod looks;
mod map;
mod merge;
mod mesh;
mod models;
mod occlusion;
mod paint;
mod raster;
mod rig;
mod screen;
mod shots;
mod skins;
mod sky;
mod texture;

use std::path::Path;

use image::RgbImage;
use rayon::prelude::*;

pub use self::screen::draw_crafting_table_screen;

use self::assets::{assets, Assets};
use self::band::{Band, Binned, Shading};
use self::cache::{Visible, WorldCache};
use self::camera::Camera;
use self::entities::EntityPainter;
use self::mesh::MeshQuad;
use self::raster::{Blend, Projector, Quad, Tri};
use self::sky::{Environment, VIEW_DISTANCE};
use super::game::Game;
use super::raycast;

/// Pixel rows per band handed to one thread at a time.
const BAND_ROWS: usize = 16;
/// With level of detail, sections whose centre is further than this
/// (blocks) are drawn from flat-lit meshes, whose faces merge into far
/// fewer quads.
const LOD_DISTANCE: f32 = 40.0;

/// Draws frames of a game; keeps caches between frames.
pub struct Renderer {
    options: RenderOptions,
    world: WorldCache,
    colour: Vec<u32>,
    depth: Vec<f32>,
}

/// Shortcuts a renderer may take; the full-detail path takes none and is
/// the reference the fast path is measured against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RenderOptions {
    /// Distant sections drawn from coarser (flat-lit, merged) meshes.
    pub lod: bool,
}

/// Everything drawn in 3D this frame, in drawing order.
struct Scene {
    sky: Vec<Tri>,
    solid: Vec<Tri>,
    translucent: Vec<Tri>,
    overlay: Vec<Tri>,
    held: Vec<Tri>,
    /// Outline of the targeted block: eye-relative edges.
    outline: Vec<([f32; 3], [f32; 3])>,
}

impl Renderer {
    /// The fast renderer used everywhere.
    pub fn new() -> Renderer {
        Renderer::with_options(RenderOptions { lod: true })
    }

    /// The full-detail renderer, without shortcuts.
    pub fn reference() -> Renderer {
        Renderer::with_options(RenderOptions { lod: false })
    }

    pub fn with_options(options: RenderOptions) -> Renderer {
        Renderer {
            options,
            world: WorldCache::default(),
            colour: Vec::new(),
            depth: Vec::new(),
        }
    }

    /// Draws the player's view at the frame's size.
    pub fn render(&mut self, game: &Game, frame: &mut RgbImage) {
        let (width, height) = (frame.width() as usize, frame.height() as usize);
        if width == 0 || height == 0 {
            return;
        }
        let assets = assets();
        let player = &game.player;
        let camera = Camera::new(player.eye(), player.yaw, player.pitch, width, height);
        let env = Environment::new(game);
        let scene = self.scene(game, &camera, &env, assets);
        self.colour.resize(width * height, 0);
        self.depth.resize(width * height, 0.0);
        let sky_rows = env.row_colours(&camera);
        let world_shading = Shading::new(&camera, env.fog_colour, env.fog_start, env.fog_end);
        let held_shading = Shading::clear(&camera);
        let bands = height.div_ceil(BAND_ROWS);
        let solid = Binned::new(scene.solid, BAND_ROWS, bands);
        let translucent = Binned::new(scene.translucent, BAND_ROWS, bands);
        self.colour
            .par_chunks_mut(BAND_ROWS * width)
            .zip(self.depth.par_chunks_mut(BAND_ROWS * width))
            .enumerate()
            .for_each(|(index, (colour, depth))| {
                let y0 = index * BAND_ROWS;
                for (row, pixels) in colour.chunks_mut(width).enumerate() {
                    pixels.fill(sky_rows[y0 + row]);
                }
                depth.fill(0.0);
                let mut band = Band {
                    y0: y0 as i32,
                    width,
                    colour,
                    depth,
                };
                band.draw(&scene.sky, &assets.atlas, &world_shading);
                band.draw(solid.band(index), &assets.atlas, &world_shading);
                band.draw(translucent.band(index), &assets.atlas, &world_shading);
                band.draw(&scene.overlay, &assets.atlas, &world_shading);
                for &(a, b) in &scene.outline {
                    band.line(&camera, a, b, 0, 0.55);
                }
                band.depth.fill(0.0);
                band.draw(&scene.held, &assets.atlas, &held_shading);
            });
        hud::effects(&mut self.colour, width, height, game, &env);
        map::draw_held(&mut self.colour, width, height, game, &camera);
        hud::draw(&mut self.colour, width, height, game, assets);
        if let Some(open) = &game.screen {
            screen::draw(
                &mut self.colour,
                width,
                height,
                open,
                &game.player,
                assets,
                true,
            );
        }
        copy_to_frame(&self.colour, frame);
    }

    /// Projects everything in view into screen triangles.
    fn scene(&mut self, game: &Game, camera: &Camera, env: &Environment, assets: &Assets) -> Scene {
        let flat_beyond = if self.options.lod {
            LOD_DISTANCE
        } else {
            f32::INFINITY
        };
        let visible = self.world.visible(&game.world, camera, assets, flat_beyond);
        let solid = project_sections(camera, env, &visible, false);
        let mut translucent_sections = visible;
        translucent_sections.reverse();
        let translucent = project_sections(camera, env, &translucent_sections, true);

        let lights: Vec<(u8, u8)> = game
            .entities
            .list
            .iter()
            .map(|e| {
                let near = camera.relative(e.pos).iter().map(|c| c * c).sum::<f32>()
                    <= VIEW_DISTANCE * VIEW_DISTANCE;
                if near {
                    self.world
                        .light_at(&game.world, assets, entities::light_cell(e))
                } else {
                    (15, 0)
                }
            })
            .collect();
        let painter = EntityPainter {
            camera,
            env,
            assets,
            lights: &lights,
        };
        let mut solid = solid;
        solid.extend(project(camera, &painter.quads(game)));

        let eye = game.player.eye();
        let eye_cell = eye.map(|c| c.floor() as i32);
        let (sky, block) = self.world.light_at(&game.world, assets, eye_cell);
        let held_bright = env.brightness(f32::from(sky), f32::from(block), 1.0);
        let held_stack = game.player.inventory.selected_stack();
        let held_quads = if game.player.is_dead() {
            Vec::new()
        } else {
            held::quads(camera, assets, held_stack, held_bright)
        };

        let target = raycast::target(&game.world, eye, game.player.look_dir());
        let outline = target.map_or_else(Vec::new, |hit| block_edges(camera, hit.pos));
        let overlay = game.player.breaking.as_ref().map_or_else(Vec::new, |b| {
            let stage = ((b.progress * 10.0) as usize).min(9);
            project(camera, &crack_quads(camera, b.pos, assets.cracks[stage]))
        });
        Scene {
            sky: project(camera, &env.celestial_quads(assets.sun, assets.moon)),
            solid,
            translucent,
            overlay,
            held: project(camera, &held_quads),
            outline,
        }
    }
}

impl Default for Renderer {
    fn default() -> Renderer {
        Renderer::new()
    }
}

/// Copies `0x00RRGGBB` pixels into an RGB frame of the same size.
fn copy_to_frame(pixels: &[u32], frame: &mut RgbImage) {
    for (pixel, &c) in frame.pixels_mut().zip(pixels) {
        pixel.0 = [(c >> 16) as u8, (c >> 8) as u8, c as u8];
    }
}

/// Saves a frame as PNG (for previews).
pub fn save_png(frame: &RgbImage, path: &Path) -> image::ImageResult<()> {
    frame.save_with_format(path, image::ImageFormat::Png)
}

fn project(camera: &Camera, quads: &[Quad]) -> Vec<Tri> {
    let mut projector = Projector::new(camera);
    quads.iter().for_each(|q| projector.quad(q));
    projector.out
}

/// The solid or translucent quads of the visible sections, lit for this
/// frame, projected in parallel and kept in section order; groups of
/// solid faces the eye sees from behind are skipped whole.
fn project_sections(
    camera: &Camera,
    env: &Environment,
    visible: &[Visible],
    translucent: bool,
) -> Vec<Tri> {
    let per_section: Vec<Vec<Tri>> = visible
        .par_iter()
        .map(|section| {
            let mut projector = Projector::new(camera);
            let o = section.origin;
            let quads: Vec<&[MeshQuad]> = if translucent {
                vec![&section.mesh.translucent]
            } else {
                let solid = &section.mesh.solid;
                section
                    .mesh
                    .facings
                    .toward_eye(o)
                    .map(|r| &solid[r])
                    .collect()
            };
            for q in quads.into_iter().flatten() {
                let pos = q.pos.map(|p| [p[0] + o[0], p[1] + o[1], p[2] + o[2]]);
                if !q.double_sided && raster::faces_away(&pos) {
                    continue;
                }
                projector.quad(&Quad {
                    pos,
                    uv: q.uv,
                    bright: q.light.map(|l| env.brightness(l.sky, l.block, l.shade)),
                    tex: q.tex,
                    blend: q.blend,
                    double_sided: q.double_sided,
                });
            }
            projector.out
        })
        .collect();
    per_section.concat()
}

/// The twelve edges of a block, slightly enlarged, eye-relative.
fn block_edges(camera: &Camera, pos: [i32; 3]) -> Vec<([f32; 3], [f32; 3])> {
    let lo = camera.relative(pos.map(|c| f64::from(c) - 0.002));
    let corner = |i: usize| -> [f32; 3] {
        std::array::from_fn(|a| lo[a] + if i >> a & 1 == 1 { 1.004 } else { 0.0 })
    };
    (0..8usize)
        .flat_map(|i| {
            (0..3)
                .filter(move |a| i >> a & 1 == 0)
                .map(move |a| (i, i | 1 << a))
        })
        .map(|(i, j)| (corner(i), corner(j)))
        .collect()
}

/// The crack texture on all faces of the block being broken.
fn crack_quads(camera: &Camera, pos: [i32; 3], tex: texture::TexId) -> Vec<Quad> {
    let lo = camera.relative(pos.map(f64::from));
    (0..cube::FACES)
        .map(|face| Quad {
            pos: cube::face_corners(lo, lo.map(|c| c + 1.0), face),
            uv: cube::STRETCHED_UV,
            bright: [1.0; 4],
            tex,
            blend: Blend::Decal,
            double_sided: false,
        })
        .collect()
}

#[cfg(test)]
mod creature_frames;
#[cfg(test)]
mod fidelity_tests;
#[cfg(test)]
mod tests;
