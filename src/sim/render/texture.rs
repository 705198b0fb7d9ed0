//! 16×16 RGBA textures with their mip levels, the atlas that holds them,
//! and the colour and noise helpers the procedural painters share.
//!
//! Colours are packed `0xAARRGGBB`; alpha 0 marks a cut-out texel. Noise is
//! a pure hash of (seed, x, y), so every texture is the same in every run.

/// Texels per texture side.
pub const SIZE: usize = 16;
/// Mip levels kept per texture: 16, 8, 4, 2 and 1 texels wide.
pub const LEVELS: usize = 5;
/// Where each mip level starts inside one texture's storage.
const LEVEL_OFFSET: [usize; LEVELS] = [0, 256, 320, 336, 340];
/// Texels stored per texture, all levels together.
const STRIDE: usize = 341;

/// An index into the [`Atlas`].
pub type TexId = u16;

/// A texture while it is being painted: full resolution only.
#[derive(Clone)]
pub struct Canvas(pub [u32; SIZE * SIZE]);

impl Canvas {
    /// A texture from a function of the texel position.
    pub fn paint(f: impl Fn(usize, usize) -> u32) -> Canvas {
        Canvas(std::array::from_fn(|i| f(i % SIZE, i / SIZE)))
    }

    #[inline]
    pub fn at(&self, x: usize, y: usize) -> u32 {
        self.0[(y % SIZE) * SIZE + x % SIZE]
    }

    pub fn set(&mut self, x: usize, y: usize, colour: u32) {
        if x < SIZE && y < SIZE {
            self.0[y * SIZE + x] = colour;
        }
    }

    /// Each texel passed through `f(x, y, colour)`.
    pub fn map(&self, f: impl Fn(usize, usize, u32) -> u32) -> Canvas {
        Canvas::paint(|x, y| f(x, y, self.at(x, y)))
    }
}

/// Every texture, each with its mip chain, in one flat array.
pub struct Atlas {
    texels: Vec<u32>,
}

impl Atlas {
    pub fn new() -> Atlas {
        Atlas { texels: Vec::new() }
    }

    /// Stores a canvas and its mip levels; returns its id.
    pub fn add(&mut self, canvas: &Canvas) -> TexId {
        let id = (self.texels.len() / STRIDE) as TexId;
        self.texels.extend_from_slice(&canvas.0);
        let mut previous: Vec<u32> = canvas.0.to_vec();
        for level in 1..LEVELS {
            let side = SIZE >> level;
            let wide = side * 2;
            let next: Vec<u32> = (0..side * side)
                .map(|i| {
                    let (x, y) = (i % side * 2, i / side * 2);
                    average(&[
                        previous[y * wide + x],
                        previous[y * wide + x + 1],
                        previous[(y + 1) * wide + x],
                        previous[(y + 1) * wide + x + 1],
                    ])
                })
                .collect();
            self.texels.extend_from_slice(&next);
            previous = next;
        }
        id
    }

    /// One mip level of a texture, looked up once for many samples.
    #[inline]
    pub fn level(&self, tex: TexId, level: usize) -> MipLevel<'_> {
        let side_bits = 4 - level as u32;
        let start = tex as usize * STRIDE + LEVEL_OFFSET[level];
        MipLevel {
            texels: &self.texels[start..start + (1 << (2 * side_bits))],
            level: level as u32,
            side_bits,
        }
    }

    /// The full-size level of a texture, for the HUD.
    pub fn canvas(&self, tex: TexId) -> Canvas {
        let start = tex as usize * STRIDE;
        Canvas(std::array::from_fn(|i| self.texels[start + i]))
    }
}

/// One mip level of one texture: `side × side` texels, row by row.
#[derive(Clone, Copy)]
pub struct MipLevel<'a> {
    texels: &'a [u32],
    level: u32,
    side_bits: u32,
}

impl MipLevel<'_> {
    /// The texel at (u, v) in texels of the full-size level, wrapping.
    #[inline]
    pub fn sample(&self, u: i32, v: i32) -> u32 {
        let mask = (1 << self.side_bits) - 1;
        let (x, y) = ((u >> self.level) & mask, (v >> self.level) & mask);
        self.texels[((y << self.side_bits) | x) as usize]
    }
}

/// Average of texels; cut-out texels count only when most are cut out,
/// so leaves stay leafy in the distance.
fn average(texels: &[u32]) -> u32 {
    let solid: Vec<u32> = texels.iter().copied().filter(|c| alpha(*c) > 0).collect();
    if solid.len() * 2 < texels.len() {
        return 0;
    }
    let channel = |shift: u32| {
        let sum: u32 = solid.iter().map(|c| (c >> shift) & 255).sum();
        sum / solid.len() as u32
    };
    rgba(channel(16), channel(8), channel(0), channel(24))
}

#[inline]
pub const fn rgb(r: u32, g: u32, b: u32) -> u32 {
    0xFF00_0000 | (r << 16) | (g << 8) | b
}

#[inline]
pub const fn rgba(r: u32, g: u32, b: u32, a: u32) -> u32 {
    (a << 24) | (r << 16) | (g << 8) | b
}

#[inline]
pub fn alpha(c: u32) -> u32 {
    c >> 24
}

/// The colour with its alpha replaced.
pub fn with_alpha(c: u32, a: u32) -> u32 {
    (c & 0x00FF_FFFF) | (a << 24)
}

/// Brightness scaled by `f` (clamped), alpha kept.
pub fn scale(c: u32, f: f32) -> u32 {
    let ch = |shift: u32| ((((c >> shift) & 255) as f32 * f).clamp(0.0, 255.0)) as u32;
    (c & 0xFF00_0000) | (ch(16) << 16) | (ch(8) << 8) | ch(0)
}

/// `a` blended towards `b` by `t` in 0..=1, alpha of `a` kept.
pub fn mix(a: u32, b: u32, t: f32) -> u32 {
    let ch = |shift: u32| {
        let (x, y) = (((a >> shift) & 255) as f32, ((b >> shift) & 255) as f32);
        ((x + (y - x) * t).clamp(0.0, 255.0)) as u32
    };
    (a & 0xFF00_0000) | (ch(16) << 16) | (ch(8) << 8) | ch(0)
}

/// A well-mixed 32-bit hash of three numbers.
#[inline]
pub fn hash3(a: i32, b: i32, c: u32) -> u32 {
    let mut h = (a as u32).wrapping_mul(0x9E37_79B1)
        ^ (b as u32).wrapping_mul(0x85EB_CA77).rotate_left(13)
        ^ c.wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297A_2D39);
    h ^ (h >> 15)
}

/// A hash mapped to 0..1.
#[inline]
pub fn unit(h: u32) -> f32 {
    (h >> 8) as f32 / (1u32 << 24) as f32
}

/// FNV-1a of a name, for colours of things without a recipe.
pub fn name_hash(name: &str) -> u32 {
    name.bytes().fold(0x811C_9DC5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// A pleasant colour picked by a name's hash.
pub fn colour_of_name(name: &str) -> u32 {
    let h = name_hash(name);
    let channel = |shift: u32| 60 + ((h >> shift) & 255) * 150 / 255;
    rgb(channel(0), channel(8), channel(16))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mip_levels_average_and_wrap() {
        let mut atlas = Atlas::new();
        let checker = Canvas::paint(|x, y| {
            if (x + y) % 2 == 0 {
                rgb(200, 0, 0)
            } else {
                rgb(0, 0, 100)
            }
        });
        let id = atlas.add(&checker);
        assert_eq!(atlas.level(id, 0).sample(0, 0), rgb(200, 0, 0));
        assert_eq!(atlas.level(id, 0).sample(17, 0), rgb(0, 0, 100));
        assert_eq!(atlas.level(id, 4).sample(5, 9), rgb(100, 0, 50));
        assert_eq!(atlas.canvas(id).0, checker.0);
    }

    #[test]
    fn mostly_cut_out_texels_stay_cut_out() {
        assert_eq!(alpha(average(&[0, 0, 0, rgb(1, 2, 3)])), 0);
        assert_eq!(
            average(&[0, 0, rgb(10, 10, 10), rgb(30, 30, 30)]),
            rgb(20, 20, 20)
        );
    }
}
