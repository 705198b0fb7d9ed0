//! From quads to screen triangles: eye-relative textured quads are
//! clipped at the near plane, projected, culled and split into triangles
//! whose scanline setup (edge slopes, attribute gradients) is done once
//! here, so every band that draws a triangle reuses it.

use super::assets::Mode;
use super::camera::{Camera, NEAR};
use super::texture::TexId;

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

/// Attributes interpolated over a triangle: 1/z, u/z, v/z, brightness.
pub const ATTRIBUTES: usize = 4;
pub const IZ: usize = 0;
pub const UZ: usize = 1;
pub const VZ: usize = 2;
pub const BRIGHT: usize = 3;

/// A screen triangle ready for the bands.
#[derive(Debug, Clone, Copy)]
pub struct Tri {
    /// The top and middle vertices (x, y) by height.
    pub top: [f32; 2],
    pub mid: [f32; 2],
    /// dx/dy of the edges top→bottom, top→mid and mid→bottom (0 if flat).
    pub slopes: [f32; 3],
    /// The screen point where `attributes` hold, and their change per pixel
    /// to the right and per pixel down.
    pub origin: [f32; 2],
    pub attributes: [f32; ATTRIBUTES],
    pub ddx: [f32; ATTRIBUTES],
    pub ddy: [f32; ATTRIBUTES],
    pub tex: TexId,
    pub blend: Blend,
    /// First and last pixel rows it may touch.
    pub rows: (i32, i32),
}

impl Tri {
    /// The setup of a triangle; `None` if it covers no pixel row or its
    /// area in square pixels is below `min_area`.
    fn new(v: [ScreenVertex; 3], tex: TexId, blend: Blend, min_area: f32) -> Option<Tri> {
        let [a, b, c] = v;
        let area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
        if area.abs() < 1e-12 || area.abs() < 2.0 * min_area {
            return None;
        }
        let mut sorted = v;
        sorted.sort_by(|p, q| p.y.total_cmp(&q.y));
        let [top, mid, bottom] = sorted;
        let rows = (ceil(top.y - 0.5), ceil(bottom.y - 0.5) - 1);
        if rows.1 < rows.0 {
            return None;
        }
        let slope = |p: ScreenVertex, q: ScreenVertex| {
            if q.y > p.y {
                (q.x - p.x) / (q.y - p.y)
            } else {
                0.0
            }
        };
        let values = |p: ScreenVertex| [p.iz, p.uz, p.vz, p.bright];
        let (fa, fb, fc) = (values(a), values(b), values(c));
        // Gradients of the plane through the three vertices.
        let ddx = std::array::from_fn(|k| {
            ((fb[k] - fa[k]) * (c.y - a.y) - (fc[k] - fa[k]) * (b.y - a.y)) / area
        });
        let ddy = std::array::from_fn(|k| {
            ((fc[k] - fa[k]) * (b.x - a.x) - (fb[k] - fa[k]) * (c.x - a.x)) / area
        });
        Some(Tri {
            top: [top.x, top.y],
            mid: [mid.x, mid.y],
            slopes: [slope(top, bottom), slope(top, mid), slope(mid, bottom)],
            origin: [a.x, a.y],
            attributes: fa,
            ddx,
            ddy,
            tex,
            blend,
            rows,
        })
    }
}

/// Clips, projects, culls and triangulates quads.
pub struct Projector<'a> {
    pub camera: &'a Camera,
    pub out: Vec<Tri>,
    /// Triangles smaller than this (square pixels) are dropped.
    pub min_area: f32,
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
            min_area: 0.0,
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
        let tris = (1..n - 1)
            .filter_map(|i| Tri::new([pts[0], pts[i], pts[i + 1]], q.tex, q.blend, self.min_area));
        self.out.extend(tris);
    }
}

/// `x.floor() as i32` without a library call (the target may lack SSE4.1).
#[inline]
pub fn floor(x: f32) -> i32 {
    let i = x as i32;
    i - i32::from((i as f32) > x)
}

/// `x.ceil() as i32` without a library call.
#[inline]
pub fn ceil(x: f32) -> i32 {
    -floor(-x)
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
