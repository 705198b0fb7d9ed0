//! The scanline rasterizer: eye-relative textured quads are clipped at the
//! near plane, projected into screen triangles, and drawn into horizontal
//! bands of the frame with a z-buffer, perspective-correct texture lookup,
//! distance-chosen mip levels, per-vertex brightness and fog.
//!
//! Bands are independent, so they can be drawn on several threads; within
//! a band triangles are drawn in list order, so the result never depends
//! on threading.

use super::assets::Mode;
use super::camera::{Camera, NEAR};
use super::texture::{alpha, Atlas, TexId, LEVELS};

/// A textured quad handed to the rasterizer.
#[derive(Debug, Clone, Copy)]
pub struct Quad {
    /// Corners relative to the eye, counter-clockwise seen from the front.
    pub pos: [[f32; 3]; 4],
    /// Texture coordinates in texels (16 per block; wrap around).
    pub uv: [[f32; 2]; 4],
    /// Brightness per corner, 0..1.
    pub bright: [f32; 4],
    pub tex: TexId,
    pub blend: Blend,
    pub double_sided: bool,
}

/// How a triangle's pixels land in the frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blend {
    Opaque,
    Cutout,
    /// Alpha-blended, without writing depth.
    Translucent,
    /// Cut-out decal over existing geometry at (almost) the same depth: cracks.
    Decal,
    /// Behind everything, without fog: sun and moon.
    Sky,
}

impl From<Mode> for Blend {
    fn from(mode: Mode) -> Blend {
        match mode {
            Mode::Opaque => Blend::Opaque,
            Mode::Cutout => Blend::Cutout,
            Mode::Translucent => Blend::Translucent,
        }
    }
}

/// A projected vertex: pixel position and attributes divided by depth.
#[derive(Debug, Clone, Copy)]
struct ScreenVertex {
    x: f32,
    y: f32,
    /// 1/z.
    iz: f32,
    /// u/z, v/z.
    uz: f32,
    vz: f32,
    bright: f32,
}

/// A screen triangle ready for the bands.
#[derive(Debug, Clone, Copy)]
pub struct Tri {
    v: [ScreenVertex; 3],
    tex: TexId,
    blend: Blend,
    /// First and last pixel rows it may touch.
    rows: (i32, i32),
}

/// Clips, projects, culls and triangulates quads.
pub struct Projector<'a> {
    pub camera: &'a Camera,
    pub out: Vec<Tri>,
}

#[derive(Clone, Copy)]
struct ViewVertex {
    p: [f32; 3],
    uv: [f32; 2],
    bright: f32,
}

impl<'a> Projector<'a> {
    pub fn new(camera: &'a Camera) -> Projector<'a> {
        Projector {
            camera,
            out: Vec::new(),
        }
    }

    pub fn quad(&mut self, q: &Quad) {
        let cam = self.camera;
        let mut poly = [ViewVertex {
            p: [0.0; 3],
            uv: [0.0; 2],
            bright: 0.0,
        }; 8];
        let mut n = 0;
        let verts: [ViewVertex; 4] = std::array::from_fn(|i| ViewVertex {
            p: cam.view(q.pos[i]),
            uv: q.uv[i],
            bright: q.bright[i],
        });
        if verts.iter().all(|v| v.p[2] < NEAR) {
            return;
        }
        // Sutherland–Hodgman against the near plane.
        for i in 0..4 {
            let (a, b) = (verts[i], verts[(i + 1) % 4]);
            let (a_in, b_in) = (a.p[2] >= NEAR, b.p[2] >= NEAR);
            if a_in {
                poly[n] = a;
                n += 1;
            }
            if a_in != b_in {
                let t = (NEAR - a.p[2]) / (b.p[2] - a.p[2]);
                let lerp = |x: f32, y: f32| x + (y - x) * t;
                poly[n] = ViewVertex {
                    p: [lerp(a.p[0], b.p[0]), lerp(a.p[1], b.p[1]), NEAR],
                    uv: [lerp(a.uv[0], b.uv[0]), lerp(a.uv[1], b.uv[1])],
                    bright: lerp(a.bright, b.bright),
                };
                n += 1;
            }
        }
        let screen: [ScreenVertex; 8] = std::array::from_fn(|i| {
            let v = poly[i];
            let [x, y] = if i < n { cam.project(v.p) } else { [0.0, 0.0] };
            let iz = if i < n { 1.0 / v.p[2] } else { 0.0 };
            ScreenVertex {
                x,
                y,
                iz,
                uz: v.uv[0] * iz,
                vz: v.uv[1] * iz,
                bright: v.bright,
            }
        });
        let pts = &screen[..n];
        let (w, h) = (cam.width as f32, cam.height as f32);
        if pts.iter().all(|p| p.x < 0.0)
            || pts.iter().all(|p| p.x > w)
            || pts.iter().all(|p| p.y < 0.0)
            || pts.iter().all(|p| p.y > h)
        {
            return;
        }
        if !q.double_sided {
            let area: f32 = (0..n)
                .map(|i| {
                    let (a, b) = (pts[i], pts[(i + 1) % n]);
                    a.x * b.y - b.x * a.y
                })
                .sum();
            if area >= 0.0 {
                return;
            }
        }
        for i in 1..n - 1 {
            let v = [pts[0], pts[i], pts[i + 1]];
            let ymin = v.iter().map(|p| p.y).fold(f32::INFINITY, f32::min);
            let ymax = v.iter().map(|p| p.y).fold(f32::NEG_INFINITY, f32::max);
            let rows = ((ymin - 0.5).ceil() as i32, (ymax - 0.5).ceil() as i32 - 1);
            if rows.1 >= rows.0 {
                self.out.push(Tri {
                    v,
                    tex: q.tex,
                    blend: q.blend,
                    rows,
                });
            }
        }
    }
}

/// `x.floor() as i32` without a library call (the target may lack SSE4.1).
#[inline]
fn fast_floor(x: f32) -> i32 {
    let i = x as i32;
    i - i32::from((i as f32) > x)
}

/// Whether a one-sided quad (eye-relative, counter-clockwise from the
/// front) turns its back to the eye.
#[inline]
pub fn faces_away(pos: &[[f32; 3]; 4]) -> bool {
    let [p0, p1, _, p3] = *pos;
    let u = [p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]];
    let v = [p3[0] - p0[0], p3[1] - p0[1], p3[2] - p0[2]];
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    n[0] * p0[0] + n[1] * p0[1] + n[2] * p0[2] >= 0.0
}

/// Per-frame shading constants.
#[derive(Debug, Clone, Copy)]
pub struct Shading {
    pub fog_colour: [f32; 3],
    /// Depths where fog begins and where it is total.
    pub fog_start: f32,
    pub fog_end: f32,
    /// 1/z below which mip level L+1 is used.
    mip_iz: [f32; LEVELS - 1],
}

impl Shading {
    pub fn new(camera: &Camera, fog_colour: u32, fog_start: f32, fog_end: f32) -> Shading {
        let c = |shift: u32| ((fog_colour >> shift) & 255) as f32;
        Shading {
            fog_colour: [c(16), c(8), c(0)],
            fog_start,
            fog_end: fog_end.max(fog_start + 0.01),
            mip_iz: std::array::from_fn(|l| 16.0 / (camera.focal * (1u32 << (l + 1)) as f32)),
        }
    }

    /// Without fog (the held item).
    pub fn clear(camera: &Camera) -> Shading {
        Shading::new(camera, 0, 1e9, 2e9)
    }
}

/// Rows `y0..y0 + rows` of the frame: colours and 1/z depths.
pub struct Band<'a> {
    pub y0: i32,
    pub width: usize,
    pub colour: &'a mut [u32],
    pub depth: &'a mut [f32],
}

impl Band<'_> {
    fn rows(&self) -> i32 {
        (self.colour.len() / self.width) as i32
    }

    /// Draws the triangles that touch this band, in order.
    pub fn draw(&mut self, tris: &[Tri], atlas: &Atlas, shading: &Shading) {
        let (top, bottom) = (self.y0, self.y0 + self.rows() - 1);
        for tri in tris {
            if tri.rows.1 < top || tri.rows.0 > bottom {
                continue;
            }
            match tri.blend {
                Blend::Opaque => self.triangle::<0>(tri, atlas, shading),
                Blend::Cutout => self.triangle::<1>(tri, atlas, shading),
                Blend::Translucent => self.triangle::<2>(tri, atlas, shading),
                Blend::Decal => self.triangle::<3>(tri, atlas, shading),
                Blend::Sky => self.triangle::<4>(tri, atlas, shading),
            }
        }
    }

    /// Scanline fill; `MODE` is the [`Blend`] as a number so each mode gets
    /// its own tight loop.
    fn triangle<const MODE: u8>(&mut self, tri: &Tri, atlas: &Atlas, shading: &Shading) {
        let [a, b, c] = tri.v;
        let area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
        if area.abs() < 1e-12 {
            return;
        }
        // Attribute gradients from the plane through the three vertices.
        let grad = |fa: f32, fb: f32, fc: f32| {
            let dx = ((fb - fa) * (c.y - a.y) - (fc - fa) * (b.y - a.y)) / area;
            let dy = ((fc - fa) * (b.x - a.x) - (fb - fa) * (c.x - a.x)) / area;
            (dx, dy)
        };
        let (iz_dx, iz_dy) = grad(a.iz, b.iz, c.iz);
        let (uz_dx, uz_dy) = grad(a.uz, b.uz, c.uz);
        let (vz_dx, vz_dy) = grad(a.vz, b.vz, c.vz);
        let (br_dx, br_dy) = grad(a.bright, b.bright, c.bright);
        let mut sorted = [a, b, c];
        sorted.sort_by(|p, q| p.y.total_cmp(&q.y));
        let [s0, s1, s2] = sorted;
        let edge_x =
            |p: ScreenVertex, q: ScreenVertex, y: f32| p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y);
        let first = tri.rows.0.max(self.y0);
        let last = tri.rows.1.min(self.y0 + self.rows() - 1);
        let width = self.width as i32;
        for y in first..=last {
            let yc = y as f32 + 0.5;
            let long = edge_x(s0, s2, yc);
            let short = if yc < s1.y {
                edge_x(s0, s1, yc)
            } else {
                edge_x(s1, s2, yc)
            };
            let (xl, xr) = if long < short {
                (long, short)
            } else {
                (short, long)
            };
            let x_start = (-fast_floor(0.5 - xl)).max(0);
            let x_end = (-fast_floor(0.5 - xr)).min(width);
            if x_start >= x_end {
                continue;
            }
            let (px, py) = (x_start as f32 + 0.5 - a.x, yc - a.y);
            let mut iz = a.iz + iz_dx * px + iz_dy * py;
            let mut uz = a.uz + uz_dx * px + uz_dy * py;
            let mut vz = a.vz + vz_dx * px + vz_dy * py;
            let mut br = a.bright + br_dx * px + br_dy * py;
            let row = (y - self.y0) as usize * self.width;
            for x in x_start..x_end {
                let i = row + x as usize;
                let stored = self.depth[i];
                let visible = match MODE {
                    4 => stored == 0.0,
                    3 => iz * 1.002 >= stored,
                    _ => iz > stored,
                };
                if visible {
                    let z = 1.0 / iz;
                    let level = shading.mip_iz.iter().filter(|&&t| iz < t).count();
                    let level = if MODE == 4 { 0 } else { level };
                    let texel = atlas.sample(
                        tri.tex,
                        level,
                        (uz * z).floor() as i32,
                        (vz * z).floor() as i32,
                    );
                    let a = alpha(texel);
                    if MODE == 0 || a > 0 {
                        let fog = if MODE == 4 {
                            0.0
                        } else {
                            ((z - shading.fog_start) / (shading.fog_end - shading.fog_start))
                                .clamp(0.0, 1.0)
                        };
                        let lit = |shift: u32, ch: usize| {
                            let v = ((texel >> shift) & 255) as f32 * br.min(1.0);
                            v + (shading.fog_colour[ch] - v) * fog
                        };
                        let (r, g, bl) = (lit(16, 0), lit(8, 1), lit(0, 2));
                        if MODE == 2 || (MODE == 3) {
                            let t = a as f32 / 255.0;
                            let old = self.colour[i];
                            let mixc = |v: f32, shift: u32| {
                                let o = ((old >> shift) & 255) as f32;
                                ((o + (v - o) * t) as u32).min(255)
                            };
                            self.colour[i] = (mixc(r, 16) << 16) | (mixc(g, 8) << 8) | mixc(bl, 0);
                        } else {
                            self.colour[i] = ((r as u32).min(255) << 16)
                                | ((g as u32).min(255) << 8)
                                | (bl as u32).min(255);
                        }
                        if MODE < 2 {
                            self.depth[i] = iz;
                        }
                    }
                }
                iz += iz_dx;
                uz += uz_dx;
                vz += vz_dx;
                br += br_dx;
            }
        }
    }

    /// A 3D line (eye-relative ends) in `colour` blended by `opacity`,
    /// drawn only where it is not behind geometry.
    pub fn line(
        &mut self,
        camera: &Camera,
        from: [f32; 3],
        to: [f32; 3],
        colour: u32,
        opacity: f32,
    ) {
        let (mut a, mut b) = (camera.view(from), camera.view(to));
        if a[2] < NEAR && b[2] < NEAR {
            return;
        }
        if a[2] < NEAR || b[2] < NEAR {
            let t = (NEAR - a[2]) / (b[2] - a[2]);
            let cut: [f32; 3] = std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t);
            if a[2] < NEAR {
                a = cut;
            } else {
                b = cut;
            }
        }
        let (pa, pb) = (camera.project(a), camera.project(b));
        let steps = (pb[0] - pa[0])
            .abs()
            .max((pb[1] - pa[1]).abs())
            .ceil()
            .max(1.0) as i32;
        let rows = self.rows();
        for s in 0..=steps {
            let t = s as f32 / steps as f32;
            let x = (pa[0] + (pb[0] - pa[0]) * t).floor() as i32;
            let y = (pa[1] + (pb[1] - pa[1]) * t).floor() as i32 - self.y0;
            let iz = 1.0 / a[2] + (1.0 / b[2] - 1.0 / a[2]) * t;
            if x < 0 || x >= self.width as i32 || y < 0 || y >= rows {
                continue;
            }
            let i = y as usize * self.width + x as usize;
            if iz * 1.01 >= self.depth[i] {
                self.colour[i] = super::texture::mix(self.colour[i], colour, opacity) & 0x00FF_FFFF;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::cube::{face_corners, STRETCHED_UV};
    use super::*;
    use crate::sim::render::texture::{rgb, Canvas};

    fn draw(quads: &[Quad], atlas: &Atlas) -> Vec<u32> {
        let camera = Camera::new([0.0; 3], 0.0, 0.0, 64, 64);
        let mut projector = Projector::new(&camera);
        quads.iter().for_each(|q| projector.quad(q));
        let mut colour = vec![0u32; 64 * 64];
        let mut depth = vec![0f32; 64 * 64];
        let mut band = Band {
            y0: 0,
            width: 64,
            colour: &mut colour,
            depth: &mut depth,
        };
        band.draw(&projector.out, atlas, &Shading::clear(&camera));
        colour
    }

    fn quad(pos: [[f32; 3]; 4], tex: TexId) -> Quad {
        Quad {
            pos,
            uv: STRETCHED_UV,
            bright: [1.0; 4],
            tex,
            blend: Blend::Opaque,
            double_sided: false,
        }
    }

    #[test]
    fn front_faces_draw_back_faces_do_not_and_near_wins() {
        let mut atlas = Atlas::new();
        let red = atlas.add(&Canvas::paint(|_, _| rgb(255, 0, 0)));
        let blue = atlas.add(&Canvas::paint(|_, _| rgb(0, 0, 255)));
        // The north face of a box ahead (facing the camera) and its south face (facing away).
        let near = face_corners([-1.0, -1.0, 3.0], [1.0, 1.0, 5.0], 2);
        let far_away_facing = face_corners([-1.0, -1.0, 3.0], [1.0, 1.0, 5.0], 3);
        let frame = draw(&[quad(far_away_facing, blue), quad(near, red)], &atlas);
        assert_eq!(frame[32 * 64 + 32], 0xFF0000);
        assert_eq!(frame[0], 0);
        // Both faces visible (double sided): the nearer one wins whatever the order.
        let mut behind = quad(face_corners([-6.0, -6.0, 8.0], [6.0, 6.0, 9.0], 2), blue);
        behind.double_sided = true;
        let frame = draw(&[quad(near, red), behind], &atlas);
        assert_eq!(frame[32 * 64 + 32], 0xFF0000);
        assert_eq!(frame[32 * 64 + 52], 0x0000FF);
    }
}
