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
    /// The setup of a triangle; `None` if it covers no pixel row.
    fn new(v: [ScreenVertex; 3], tex: TexId, blend: Blend) -> Option<Tri> {
        let [a, b, c] = v;
        let area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
        if area.abs() < 1e-12 {
            return None;
        }
        let [top, mid, bottom] = by_height(v);
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
        let per_area = 1.0 / area;
        let ddx = std::array::from_fn(|k| {
            ((fb[k] - fa[k]) * (c.y - a.y) - (fc[k] - fa[k]) * (b.y - a.y)) * per_area
        });
        let ddy = std::array::from_fn(|k| {
            ((fc[k] - fa[k]) * (b.x - a.x) - (fb[k] - fa[k]) * (c.x - a.x)) * per_area
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

/// Three vertices ordered top to bottom (smaller y first; ties keep
/// their order), by compare-and-swap.
#[inline]
fn by_height(v: [ScreenVertex; 3]) -> [ScreenVertex; 3] {
    let [mut a, mut b, mut c] = v;
    if b.y < a.y {
        std::mem::swap(&mut a, &mut b);
    }
    if c.y < b.y {
        std::mem::swap(&mut b, &mut c);
        if b.y < a.y {
            std::mem::swap(&mut a, &mut b);
        }
    }
    [a, b, c]
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
        let verts: [ViewVertex; 4] = std::array::from_fn(|i| ViewVertex {
            p: cam.view(q.pos[i]),
            uv: q.uv[i],
            bright: q.bright[i],
        });
        let in_front = verts.iter().filter(|v| v.p[2] >= NEAR).count();
        if in_front == 0 {
            return;
        }
        let mut poly = [verts[0]; 8];
        let n = if in_front == 4 {
            poly[..4].copy_from_slice(&verts);
            4
        } else {
            clip_near(&verts, &mut poly)
        };
        let mut screen = [ScreenVertex {
            x: 0.0,
            y: 0.0,
            iz: 0.0,
            uz: 0.0,
            vz: 0.0,
            bright: 0.0,
        }; 8];
        for (out, v) in screen.iter_mut().zip(&poly[..n]) {
            let iz = 1.0 / v.p[2];
            let [x, y] = cam.project_at_depth(v.p, iz);
            *out = ScreenVertex {
                x,
                y,
                iz,
                uz: v.uv[0] * iz,
                vz: v.uv[1] * iz,
                bright: v.bright,
            };
        }
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
        let tris =
            (1..n - 1).filter_map(|i| Tri::new([pts[0], pts[i], pts[i + 1]], q.tex, q.blend));
        self.out.extend(tris);
    }
}

/// Sutherland–Hodgman against the near plane: the part of the quad in
/// front of it, written to `poly`; returns its corner count.
fn clip_near(verts: &[ViewVertex; 4], poly: &mut [ViewVertex; 8]) -> usize {
    let mut n = 0;
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
    n
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
    let n = front_normal(pos);
    let p0 = pos[0];
    n[0] * p0[0] + n[1] * p0[1] + n[2] * p0[2] >= 0.0
}

/// A quad's normal (not of unit length) toward the side its corners are
/// counter-clockwise from.
#[inline]
pub fn front_normal(pos: &[[f32; 3]; 4]) -> [f32; 3] {
    let [p0, p1, _, p3] = *pos;
    let u = [p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]];
    let v = [p3[0] - p0[0], p3[1] - p0[1], p3[2] - p0[2]];
    [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ]
}
