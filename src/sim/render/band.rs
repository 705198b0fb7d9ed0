//! Drawing screen triangles into one horizontal band of the frame: a
//! z-buffer, texture lookup that is perspective-correct every few pixels
//! (affine in between), mip levels chosen by distance, per-vertex
//! brightness and fog.
//!
//! Bands are independent, so they can be drawn on several threads; within
//! a band triangles are drawn in list order, so the result never depends
//! on threading.

use super::camera::{Camera, NEAR};
use super::raster::{ceil, floor, Blend, Tri, ATTRIBUTES, BRIGHT, IZ, UZ, VZ};
use super::texture::{alpha, mix, Atlas, MipLevel, LEVELS};

/// Pixels between two exact perspective divisions along a row.
const SEGMENT: i32 = 8;
/// Fixed-point scale of texture coordinates and fog within a segment.
const FIXED: f32 = 65536.0;

/// Per-frame shading constants.
#[derive(Debug, Clone, Copy)]
pub struct Shading {
    /// The fog colour's red and blue, and its green, as packed channels.
    fog_red_blue: u32,
    fog_green: u32,
    /// Depth where fog begins, and 1 over the depth it takes to be total.
    fog_start: f32,
    fog_per_depth: f32,
    /// 1/z below which mip level L+1 is used.
    mip_iz: [f32; LEVELS - 1],
}

impl Shading {
    pub fn new(camera: &Camera, fog_colour: u32, fog_start: f32, fog_end: f32) -> Shading {
        Shading {
            fog_red_blue: fog_colour & 0x00FF_00FF,
            fog_green: fog_colour & 0xFF00,
            fog_start,
            fog_per_depth: 1.0 / (fog_end - fog_start).max(0.01),
            mip_iz: std::array::from_fn(|l| 16.0 / (camera.focal * (1u32 << (l + 1)) as f32)),
        }
    }

    /// Without fog (the held item).
    pub fn clear(camera: &Camera) -> Shading {
        Shading::new(camera, 0, 1e9, 2e9)
    }

    /// How much fog covers a point at depth `z`, 0..1.
    #[inline]
    fn fog(&self, z: f32) -> f32 {
        ((z - self.fog_start) * self.fog_per_depth).clamp(0.0, 1.0)
    }

    /// The mip level for a point at 1/z `iz`.
    #[inline]
    fn level(&self, iz: f32) -> usize {
        self.mip_iz.iter().filter(|&&t| iz < t).count()
    }
}

/// Rows `y0..y0 + rows` of the frame: colours and 1/z depths.
pub struct Band<'a> {
    pub y0: i32,
    pub width: usize,
    pub colour: &'a mut [u32],
    pub depth: &'a mut [f32],
}

/// Triangles sorted into bands of rows, so that a band visits only the
/// triangles that touch it, still in list order.
pub struct Binned {
    tris: Vec<Tri>,
    /// Where each band's triangle indices start in `indices` (one more
    /// entry than bands).
    starts: Vec<usize>,
    indices: Vec<u32>,
}

impl Binned {
    pub fn new(tris: Vec<Tri>, band_rows: usize, bands: usize) -> Binned {
        let band_range = |tri: &Tri| {
            let first = tri.rows.0.max(0) as usize / band_rows;
            let last = (tri.rows.1.max(0) as usize / band_rows).min(bands - 1);
            first..=last
        };
        let mut starts = vec![0; bands + 1];
        for band in tris.iter().flat_map(band_range) {
            starts[band + 1] += 1;
        }
        for band in 0..bands {
            starts[band + 1] += starts[band];
        }
        let mut fill = starts.clone();
        let mut indices = vec![0; starts[bands]];
        for (i, tri) in tris.iter().enumerate() {
            for band in band_range(tri) {
                indices[fill[band]] = i as u32;
                fill[band] += 1;
            }
        }
        Binned {
            tris,
            starts,
            indices,
        }
    }

    /// The triangles touching band `band`, in list order.
    pub fn band(&self, band: usize) -> impl Iterator<Item = &Tri> {
        self.indices[self.starts[band]..self.starts[band + 1]]
            .iter()
            .map(|&i| &self.tris[i as usize])
    }
}

/// Texture coordinates and depth at one pixel of a row.
#[derive(Clone, Copy)]
struct Sample {
    u: f32,
    v: f32,
    z: f32,
    iz: f32,
}

/// One segment of a span, ready to fill: each value as (start, change
/// per pixel), texture coordinates and fog in 16.16 fixed point.
struct Segment<'a> {
    texture: MipLevel<'a>,
    iz: (f32, f32),
    bright: (i32, i32),
    u: (i32, i32),
    v: (i32, i32),
    /// `None` where the segment is clear of fog.
    fog: Option<(i32, i32)>,
}

impl Segment<'_> {
    /// Shades the segment's pixels: depth test, texel, brightness and fog
    /// on packed channels (red and blue together, green alone).
    #[inline(always)]
    fn fill<const MODE: u8>(self, colours: &mut [u32], depths: &mut [f32], shading: &Shading) {
        let (mut iz, diz) = self.iz;
        let (mut bright, dbright) = self.bright;
        let (mut u, du) = self.u;
        let (mut v, dv) = self.v;
        let (mut fog, dfog) = self.fog.unwrap_or((0, 0));
        let has_fog = self.fog.is_some();
        for (colour, depth) in colours.iter_mut().zip(depths.iter_mut()) {
            let visible = match MODE {
                4 => *depth == 0.0,
                3 => iz * 1.002 >= *depth,
                _ => iz > *depth,
            };
            if visible {
                let texel = self.texture.sample(u >> 16, v >> 16);
                let a = alpha(texel);
                if MODE == 0 || a > 0 {
                    let b = (bright >> 16).clamp(0, 256) as u32;
                    let mut red_blue = (((texel & 0x00FF_00FF) * b) >> 8) & 0x00FF_00FF;
                    let mut green = (((texel & 0xFF00) * b) >> 8) & 0xFF00;
                    if has_fog {
                        let t = (fog >> 8).clamp(0, 256) as u32;
                        red_blue =
                            ((red_blue * (256 - t) + shading.fog_red_blue * t) >> 8) & 0x00FF_00FF;
                        green = ((green * (256 - t) + shading.fog_green * t) >> 8) & 0xFF00;
                    }
                    let lit = red_blue | green;
                    *colour = if MODE == 2 || MODE == 3 {
                        mix(*colour, lit, a as f32 / 255.0) & 0x00FF_FFFF
                    } else {
                        lit
                    };
                    if MODE < 2 {
                        *depth = iz;
                    }
                }
            }
            iz += diz;
            bright += dbright;
            u += du;
            v += dv;
            fog += dfog;
        }
    }
}

impl Band<'_> {
    fn rows(&self) -> i32 {
        (self.colour.len() / self.width) as i32
    }

    /// Draws triangles in order (the parts inside this band).
    pub fn draw<'t>(
        &mut self,
        tris: impl IntoIterator<Item = &'t Tri>,
        atlas: &Atlas,
        shading: &Shading,
    ) {
        // The band's last row, worked out once (a division) for all.
        let last_row = self.y0 + self.rows() - 1;
        for tri in tris {
            match tri.blend {
                Blend::Opaque => self.triangle::<0>(tri, last_row, atlas, shading),
                Blend::Cutout => self.triangle::<1>(tri, last_row, atlas, shading),
                Blend::Translucent => self.triangle::<2>(tri, last_row, atlas, shading),
                Blend::Decal => self.triangle::<3>(tri, last_row, atlas, shading),
                Blend::Sky => self.triangle::<4>(tri, last_row, atlas, shading),
            }
        }
    }

    /// Scanline fill; `MODE` is the [`Blend`] as a number so each mode gets
    /// its own tight loop.
    fn triangle<const MODE: u8>(
        &mut self,
        tri: &Tri,
        last_row: i32,
        atlas: &Atlas,
        shading: &Shading,
    ) {
        let first = tri.rows.0.max(self.y0);
        let last = tri.rows.1.min(last_row);
        let width = self.width as i32;
        let (top, mid) = (tri.top, tri.mid);
        for y in first..=last {
            let yc = y as f32 + 0.5;
            let long = top[0] + tri.slopes[0] * (yc - top[1]);
            let short = if yc < mid[1] {
                top[0] + tri.slopes[1] * (yc - top[1])
            } else {
                mid[0] + tri.slopes[2] * (yc - mid[1])
            };
            let (xl, xr) = if long < short {
                (long, short)
            } else {
                (short, long)
            };
            let x_start = ceil(xl - 0.5).max(0);
            let x_end = ceil(xr - 0.5).min(width);
            if x_start < x_end {
                self.span::<MODE>(tri, atlas, shading, y, x_start, x_end);
            }
        }
    }

    /// Pixels `x_start..x_end` of row `y`, in segments of [`SEGMENT`]
    /// pixels: texture coordinates are exact at segment ends and linear
    /// in between. A segment the depth buffer already hides everywhere is
    /// skipped before any division or texel fetch.
    fn span<const MODE: u8>(
        &mut self,
        tri: &Tri,
        atlas: &Atlas,
        shading: &Shading,
        y: i32,
        x_start: i32,
        x_end: i32,
    ) {
        // Each attribute along this row is `row_start[k] + ddx[k] * x`.
        let py = y as f32 + 0.5 - tri.origin[1];
        let row_start: [f32; ATTRIBUTES] = std::array::from_fn(|k| {
            tri.attributes[k] + tri.ddx[k] * (0.5 - tri.origin[0]) + tri.ddy[k] * py
        });
        let at = |k: usize, x: i32| row_start[k] + tri.ddx[k] * x as f32;
        let sample = |x: i32, iz: f32| {
            let z = 1.0 / iz;
            Sample {
                u: at(UZ, x) * z,
                v: at(VZ, x) * z,
                z,
                iz,
            }
        };
        let row = (y - self.y0) as usize * self.width;
        let colours = &mut self.colour[row..row + self.width];
        let depths = &mut self.depth[row..row + self.width];
        let mut x = x_start;
        // The sample at `x` when the segment before computed it.
        let mut known: Option<Sample> = None;
        loop {
            let end = (x + SEGMENT).min(x_end - 1);
            let is_last = end == x_end - 1;
            let pixels = x as usize..(x + end - x + i32::from(is_last)) as usize;
            // Depth tests pass where 1/z exceeds the stored value; 1/z is
            // linear along the row, so its larger end bounds the segment.
            let (iz_from, iz_to) = (at(IZ, x), at(IZ, end));
            let hidden = MODE < 3 && {
                let nearest = iz_from.max(iz_to);
                depths[pixels.clone()].iter().all(|&d| d >= nearest)
            };
            if hidden {
                known = None;
            } else {
                let from = known.unwrap_or_else(|| sample(x, iz_from));
                let to = if end > x { sample(end, iz_to) } else { from };
                known = Some(to);
                let per_step = FIXED / (end - x).max(1) as f32;
                let fixed = |a: f32, b: f32| ((a * FIXED) as i32, ((b - a) * per_step) as i32);
                let (fog_from, fog_to) = if MODE == 4 {
                    (0.0, 0.0)
                } else {
                    (shading.fog(from.z), shading.fog(to.z))
                };
                let level = if MODE == 4 {
                    0
                } else {
                    shading.level((from.iz + to.iz) * 0.5)
                };
                let segment = Segment {
                    texture: atlas.level(tri.tex, level),
                    iz: (iz_from, tri.ddx[IZ]),
                    // Brightness on a 0..=256 scale.
                    bright: fixed(at(BRIGHT, x) * 256.0, at(BRIGHT, end) * 256.0),
                    u: fixed(from.u, to.u),
                    v: fixed(from.v, to.v),
                    fog: (fog_from > 0.0 || fog_to > 0.0).then(|| fixed(fog_from, fog_to)),
                };
                segment.fill::<MODE>(&mut colours[pixels.clone()], &mut depths[pixels], shading);
            }
            if is_last {
                break;
            }
            x = end;
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
        let rows = self.rows();
        if pa[1].max(pb[1]) < self.y0 as f32 || pa[1].min(pb[1]) >= (self.y0 + rows) as f32 {
            return;
        }
        let steps = (pb[0] - pa[0])
            .abs()
            .max((pb[1] - pa[1]).abs())
            .ceil()
            .max(1.0) as i32;
        for s in 0..=steps {
            let t = s as f32 / steps as f32;
            let x = floor(pa[0] + (pb[0] - pa[0]) * t);
            let y = floor(pa[1] + (pb[1] - pa[1]) * t) - self.y0;
            let iz = 1.0 / a[2] + (1.0 / b[2] - 1.0 / a[2]) * t;
            if x < 0 || x >= self.width as i32 || y < 0 || y >= rows {
                continue;
            }
            let i = y as usize * self.width + x as usize;
            if iz * 1.01 >= self.depth[i] {
                self.colour[i] = mix(self.colour[i], colour, opacity) & 0x00FF_FFFF;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::cube::{face_corners, STRETCHED_UV};
    use super::super::raster::{Projector, Quad};
    use super::super::texture::{rgb, Canvas, TexId};
    use super::*;

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
