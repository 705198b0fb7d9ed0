//! Drawing in GUI pixels over a frame, shared by the HUD and the screens:
//! rectangles, pixel-art glyphs and text, item icons and stack counts.
//! One GUI pixel covers `scale` frame pixels along each axis.

use super::assets::Assets;
use super::font::{cells, glyph_of, DIGITS};
use super::texture::{alpha, mix, rgb, Canvas};
use crate::sim::inventory::ItemStack;

/// The frame being drawn on, in GUI pixels.
pub struct Gui<'a> {
    pixels: &'a mut [u32],
    width: usize,
    height: usize,
    /// Frame pixels per GUI pixel, horizontally and vertically.
    scale: [f32; 2],
}

impl Gui<'_> {
    pub fn new(pixels: &mut [u32], width: usize, height: usize, scale: [f32; 2]) -> Gui<'_> {
        Gui {
            pixels,
            width,
            height,
            scale,
        }
    }

    /// GUI size of the frame.
    pub fn size(&self) -> (f32, f32) {
        (
            self.width as f32 / self.scale[0],
            self.height as f32 / self.scale[1],
        )
    }

    /// Frame pixel range of a GUI span along an axis (0 across, 1 down).
    fn span(&self, start: f32, len: f32, axis: usize) -> std::ops::Range<usize> {
        let limit = [self.width, self.height][axis];
        let scale = self.scale[axis];
        let a = (start * scale).round().max(0.0) as usize;
        let b = ((start + len) * scale).round().max(0.0) as usize;
        a.min(limit)..b.min(limit).max(a.min(limit))
    }

    /// Blends `colour` over a GUI rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: u32, opacity: f32) {
        for py in self.span(y, h, 1) {
            for px in self.span(x, w, 0) {
                let p = &mut self.pixels[py * self.width + px];
                *p = mix(*p, colour, opacity) & 0x00FF_FFFF;
            }
        }
    }

    /// Pixel art at GUI position, one GUI pixel per cell.
    pub fn glyph(&mut self, rows: &[&str], x: f32, y: f32, colour_of: impl Fn(usize, u8) -> u32) {
        for (cx, cy, c) in cells(rows) {
            self.rect(
                x + cx as f32,
                y + cy as f32,
                1.0,
                1.0,
                colour_of(cx, c),
                1.0,
            );
        }
    }

    /// Text in the pixel font, one colour; returns the GUI width drawn.
    pub fn text(&mut self, text: &str, x: f32, y: f32, colour: u32) -> f32 {
        let mut at = x;
        for c in text.chars() {
            let rows = glyph_of(c);
            self.glyph(rows, at, y, |_, _| colour);
            at += rows.first().map_or(3, |r| r.len()) as f32 + 1.0;
        }
        at - x
    }

    /// A 16×16 icon into a 16×16 GUI square, averaging texels when shrunk.
    pub fn icon(&mut self, canvas: &Canvas, x: f32, y: f32) {
        let texels_per_pixel = self.scale.map(|s| 1.0 / s);
        let steps = texels_per_pixel.map(|t| t.ceil().max(1.0) as usize);
        for py in self.span(y, 16.0, 1) {
            for px in self.span(x, 16.0, 0) {
                let u0 = px as f32 / self.scale[0] - x;
                let v0 = py as f32 / self.scale[1] - y;
                let (mut sum, mut n, mut covered) = ([0u32; 3], 0u32, 0usize);
                for sy in 0..steps[1] {
                    for sx in 0..steps[0] {
                        let u = (u0 + sx as f32 * texels_per_pixel[0] / steps[0] as f32) as usize;
                        let v = (v0 + sy as f32 * texels_per_pixel[1] / steps[1] as f32) as usize;
                        let t = canvas.at(u.min(15), v.min(15));
                        if alpha(t) > 0 {
                            for (i, s) in sum.iter_mut().enumerate() {
                                *s += (t >> (16 - 8 * i)) & 255;
                            }
                            n += 1;
                        }
                        covered += 1;
                    }
                }
                if n * 2 >= covered as u32 && n > 0 {
                    self.pixels[py * self.width + px] =
                        rgb(sum[0] / n, sum[1] / n, sum[2] / n) & 0x00FF_FFFF;
                }
            }
        }
    }

    /// A number right-aligned at `right`, white with a shadow.
    pub fn number(&mut self, n: u32, right: f32, y: f32) {
        let text = n.to_string();
        let mut x = right - text.len() as f32 * 4.0 + 1.0;
        for digit in text.bytes().map(|b| (b - b'0') as usize) {
            self.glyph(&DIGITS[digit], x + 1.0, y + 1.0, |_, _| rgb(60, 60, 60));
            self.glyph(&DIGITS[digit], x, y, |_, _| rgb(255, 255, 255));
            x += 4.0;
        }
    }

    /// An item's icon in the 16×16 square at (x, y), with its count when more than one.
    pub fn item(&mut self, assets: &Assets, stack: &ItemStack, x: f32, y: f32) {
        let icon = assets.atlas.canvas(assets.icons[stack.item.0 as usize]);
        self.icon(&icon, x, y);
        if stack.count > 1 {
            self.number(u32::from(stack.count), x + 17.0, y + 10.0);
        }
    }
}
