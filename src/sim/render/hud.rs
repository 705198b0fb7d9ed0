//! What is drawn over the 3D view: screen effects (under water, in lava,
//! rain, death) and the HUD — crosshair, hotbar with item icons and stack
//! counts, hearts and food — laid out in Minecraft's GUI pixels and scaled
//! with the frame height.

use super::assets::Assets;
use super::font::{FOOD, HEART};
use super::gui::Gui;
use super::sky::{Environment, Medium};
use super::texture::{hash3, mix, rgb};
use crate::sim::game::Game;
use crate::sim::inventory::HOTBAR_SLOTS;
use crate::sim::registry::BlockId;
use crate::sim::world::HEIGHT;

/// The HUD's GUI scale: Minecraft's GUI pixels grow with the frame.
fn hud_gui(pixels: &mut [u32], width: usize, height: usize) -> Gui<'_> {
    let scale = (height as f32 / 240.0).min(width as f32 / 200.0).max(0.2);
    Gui::new(pixels, width, height, [scale, scale])
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
    let mut gui = hud_gui(pixels, width, height);
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
        gui.item(assets, stack, left + 3.0 + slot as f32 * 20.0, top + 3.0);
    }
    super::map::hotbar_needles(&mut gui, game, left, top);
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
