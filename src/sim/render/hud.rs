//! What is drawn over the 3D view: screen effects (under water, in lava,
//! rain, death) and the HUD — crosshair, hotbar with item icons and stack
//! counts, hearts and food — laid out in Minecraft's GUI pixels and scaled
//! with the frame height.

use super::assets::Assets;
use super::font::{cells, DIGITS, FOOD, HEART};
use super::sky::{Environment, Medium};
use super::texture::{alpha, hash3, mix, rgb, Canvas};
use crate::sim::game::Game;
use crate::sim::inventory::HOTBAR_SLOTS;
use crate::sim::registry::BlockId;
use crate::sim::world::HEIGHT;

/// The frame being decorated, in GUI pixels of `scale` frame pixels each.
struct Gui<'a> {
    pixels: &'a mut [u32],
    width: usize,
    height: usize,
    scale: f32,
}

impl Gui<'_> {
    fn new(pixels: &mut [u32], width: usize, height: usize) -> Gui<'_> {
        let scale = (height as f32 / 240.0).min(width as f32 / 200.0).max(0.2);
        Gui {
            pixels,
            width,
            height,
            scale,
        }
    }

    /// GUI size of the frame.
    fn size(&self) -> (f32, f32) {
        (
            self.width as f32 / self.scale,
            self.height as f32 / self.scale,
        )
    }

    /// Frame pixel range of a GUI span.
    fn span(&self, start: f32, len: f32, limit: usize) -> std::ops::Range<usize> {
        let a = (start * self.scale).round().max(0.0) as usize;
        let b = ((start + len) * self.scale).round().max(0.0) as usize;
        a.min(limit)..b.min(limit).max(a.min(limit))
    }

    /// Blends `colour` over a GUI rectangle.
    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: u32, opacity: f32) {
        for py in self.span(y, h, self.height) {
            for px in self.span(x, w, self.width) {
                let p = &mut self.pixels[py * self.width + px];
                *p = mix(*p, colour, opacity) & 0x00FF_FFFF;
            }
        }
    }

    /// Pixel art at GUI position, one GUI pixel per cell.
    fn glyph(&mut self, rows: &[&str], x: f32, y: f32, colour_of: impl Fn(usize, u8) -> u32) {
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

    /// A 16×16 icon into a 16×16 GUI square, averaging texels when shrunk.
    fn icon(&mut self, canvas: &Canvas, x: f32, y: f32) {
        let texels_per_pixel = 1.0 / self.scale;
        for py in self.span(y, 16.0, self.height) {
            for px in self.span(x, 16.0, self.width) {
                let u0 = px as f32 / self.scale - x;
                let v0 = py as f32 / self.scale - y;
                let steps = texels_per_pixel.ceil().max(1.0) as usize;
                let (mut sum, mut n, mut covered) = ([0u32; 3], 0u32, 0usize);
                for sy in 0..steps {
                    for sx in 0..steps {
                        let u = (u0 + sx as f32 * texels_per_pixel / steps as f32) as usize;
                        let v = (v0 + sy as f32 * texels_per_pixel / steps as f32) as usize;
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

    fn number(&mut self, n: u32, right: f32, y: f32) {
        let text = n.to_string();
        let mut x = right - text.len() as f32 * 4.0 + 1.0;
        for digit in text.bytes().map(|b| (b - b'0') as usize) {
            self.glyph(&DIGITS[digit], x + 1.0, y + 1.0, |_, _| rgb(60, 60, 60));
            self.glyph(&DIGITS[digit], x, y, |_, _| rgb(255, 255, 255));
            x += 4.0;
        }
    }
}

/// Screen-wide effects of the player's situation.
pub fn effects(pixels: &mut [u32], width: usize, height: usize, game: &Game, env: &Environment) {
    match env.medium {
        Medium::Water => tint(pixels, rgb(30, 60, 190), 0.2),
        Medium::Lava => tint(pixels, rgb(230, 90, 10), 0.5),
        Medium::Air => {}
    }
    if env.rain > 0.0 && env.medium == Medium::Air && open_sky_above(game) {
        rain(pixels, width, height, game.tick);
    }
    if game.player.is_dead() {
        tint(pixels, rgb(150, 0, 0), 0.45);
    }
}

fn tint(pixels: &mut [u32], colour: u32, amount: f32) {
    pixels
        .iter_mut()
        .for_each(|p| *p = mix(*p, colour, amount) & 0x00FF_FFFF);
}

/// Whether nothing but air is above the player's eye.
fn open_sky_above(game: &Game) -> bool {
    let eye = game.player.eye().map(|c| c.floor() as i32);
    (eye[1] + 1..HEIGHT).all(|y| game.world.get([eye[0], y, eye[2]]) == BlockId::AIR)
}

/// Falling streaks, placed by a hash of their index and moved by the tick.
fn rain(pixels: &mut [u32], width: usize, height: usize, tick: u64) {
    let count = (width * height / 350).max(8);
    let length = (height / 14).max(3) as i64;
    for i in 0..count {
        let h = hash3(i as i32, 0, 0x5241_494E);
        let x0 = (h % width as u32) as i64;
        let speed = 6 + i64::from((h >> 12) % 6);
        let span = height as i64 + length;
        let head = (i64::from((h >> 4) % span as u32) + tick as i64 * speed) % span;
        for s in 0..length {
            let (x, y) = (x0 + (head - s) / 6, head - s);
            if (0..width as i64).contains(&x) && (0..height as i64).contains(&y) {
                let p = &mut pixels[y as usize * width + x as usize];
                *p = mix(*p, rgb(200, 210, 230), 0.35) & 0x00FF_FFFF;
            }
        }
    }
}

/// The crosshair, hotbar, hearts and food.
pub fn draw(pixels: &mut [u32], width: usize, height: usize, game: &Game, assets: &Assets) {
    crosshair(pixels, width, height);
    let mut gui = Gui::new(pixels, width, height);
    let (gw, gh) = gui.size();
    let left = (gw - 182.0) / 2.0;
    let top = gh - 22.0;
    gui.rect(left, top, 182.0, 22.0, rgb(20, 20, 20), 0.75);
    for slot in 0..HOTBAR_SLOTS {
        gui.rect(
            left + 2.0 + slot as f32 * 20.0,
            top + 2.0,
            18.0,
            18.0,
            rgb(139, 139, 139),
            0.55,
        );
    }
    let inventory = &game.player.inventory;
    let sel = left - 1.0 + inventory.selected as f32 * 20.0;
    for (x, y, w, h) in [
        (sel, top - 1.0, 24.0, 2.0),
        (sel, top + 21.0, 24.0, 2.0),
        (sel, top - 1.0, 2.0, 24.0),
        (sel + 22.0, top - 1.0, 2.0, 24.0),
    ] {
        gui.rect(x, y, w, h, rgb(240, 240, 240), 1.0);
    }
    for (slot, stack) in inventory.main[..HOTBAR_SLOTS].iter().enumerate() {
        let Some(stack) = stack else { continue };
        let (x, y) = (left + 3.0 + slot as f32 * 20.0, top + 3.0);
        gui.icon(
            &assets.atlas.canvas(assets.icons[stack.item.0 as usize]),
            x,
            y,
        );
        if stack.count > 1 {
            gui.number(u32::from(stack.count), x + 17.0, y + 10.0);
        }
    }
    if game.player.is_dead() {
        return;
    }
    let row = top - 10.0;
    let health = game.player.health.max(0.0).ceil() as usize;
    for i in 0..10 {
        let x = left + i as f32 * 8.0;
        gui.glyph(&HEART, x, row, |cx, c| match c {
            b'#' => rgb(20, 20, 20),
            _ if 2 * i + usize::from(cx >= 4) < health => rgb(220, 20, 30),
            _ => rgb(60, 30, 30),
        });
    }
    let food = usize::from(game.player.food);
    for i in 0..10 {
        let x = left + 182.0 - 8.0 - i as f32 * 8.0;
        gui.glyph(&FOOD, x, row, |cx, c| match c {
            b'#' => rgb(20, 20, 20),
            _ if 2 * i + usize::from(cx < 3) >= food => rgb(60, 45, 35),
            b'w' => rgb(235, 230, 215),
            _ => rgb(190, 110, 45),
        });
    }
}

/// A plus at the centre, inverting what is under it.
fn crosshair(pixels: &mut [u32], width: usize, height: usize) {
    let arm = ((height as f32 / 240.0 * 4.5).round() as i64).max(2);
    let (cx, cy) = ((width / 2) as i64, (height / 2) as i64);
    let mut invert = |x: i64, y: i64| {
        if (0..width as i64).contains(&x) && (0..height as i64).contains(&y) {
            let p = &mut pixels[y as usize * width + x as usize];
            let inverted = !*p & 0x00FF_FFFF;
            let grey = |c: u32| ((c >> 16 & 255) + (c >> 8 & 255) + (c & 255)) / 3;
            *p = if grey(*p).abs_diff(128) < 40 {
                0x00FF_FFFF
            } else {
                inverted
            };
        }
    };
    for d in -arm..=arm {
        invert(cx + d, cy);
        if d != 0 {
            invert(cx, cy + d);
        }
    }
}
