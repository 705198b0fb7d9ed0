//! Maps and compasses as the player sees them: a filled map held in the
//! main hand drawn large in the lower middle of the view (rising as the
//! player looks down, like vanilla's two-handed map), with the player's
//! marker and a treasure map's red X; and a compass's needle, pointing at
//! the world spawn, over the held compass and over compasses in the hotbar.

use super::camera::Camera;
use super::gui::Gui;
use super::texture::{mix, rgb};
use crate::sim::game::Game;
use crate::sim::inventory::{ItemStack, MapData};
use crate::sim::registry::item;
use crate::sim::rules::maps::{self, MAP_SIZE};

/// The held map's side as a share of the frame's height.
const MAP_SIDE: f32 = 0.6;
/// The paper border around the map, as a share of its side.
const BORDER: f32 = 0.05;
/// Where the held icon sits in view space (as `held` draws it) and its half size.
const HELD_ICON: [f32; 3] = [0.6, -0.42, 0.95];
const HELD_ICON_HALF: f32 = 0.3;
const NEEDLE_RED: u32 = 0x00c8_2020;
const NEEDLE_GREY: u32 = 0x0050_5050;

/// The map data of a stack that is a filled map.
fn map_of(stack: Option<&ItemStack>) -> Option<&MapData> {
    stack.filter(|s| s.item == item("filled_map"))?.map.as_ref()
}

/// Whether the held stack is drawn by this module instead of as an icon.
pub fn draws_held(stack: Option<&ItemStack>) -> bool {
    map_of(stack).is_some()
}

/// Draws what the main hand holds, if it is a map or a compass.
pub fn draw_held(pixels: &mut [u32], width: usize, height: usize, game: &Game, camera: &Camera) {
    let held = game.player.inventory.selected_stack();
    if game.player.is_dead() {
        return;
    }
    if let Some(data) = map_of(held) {
        draw_map(pixels, width, height, game, data);
    } else if held.is_some_and(|s| s.item == item("compass")) {
        let [cx, cy] = camera.project(HELD_ICON);
        let half = camera.project([HELD_ICON[0] + HELD_ICON_HALF, 0.0, HELD_ICON[2]])[0] - cx;
        let bearing = maps::compass_bearing(game).to_radians();
        let mut plot = |x: f32, y: f32, colour: u32| put(pixels, width, height, x, y, colour);
        needle(
            &mut plot,
            [cx, cy],
            half * 0.7,
            bearing,
            (half / 14.0).max(1.0),
        );
    }
}

fn put(pixels: &mut [u32], width: usize, height: usize, x: f32, y: f32, colour: u32) {
    if x >= 0.0 && y >= 0.0 && (x as usize) < width && (y as usize) < height {
        pixels[y as usize * width + x as usize] = colour;
    }
}

/// A needle from `centre`, red half towards `bearing` (radians clockwise
/// from up), grey half away, `thickness` pixels wide.
fn needle(
    plot: &mut impl FnMut(f32, f32, u32),
    centre: [f32; 2],
    length: f32,
    bearing: f32,
    thickness: f32,
) {
    let (s, c) = bearing.sin_cos();
    let end = |t: f32| [centre[0] + s * t, centre[1] - c * t];
    segment(plot, end(-length), centre, NEEDLE_GREY, thickness);
    segment(plot, centre, end(length), NEEDLE_RED, thickness);
}

/// A straight line of square dots `thickness` pixels wide.
fn segment(
    plot: &mut impl FnMut(f32, f32, u32),
    a: [f32; 2],
    b: [f32; 2],
    colour: u32,
    thickness: f32,
) {
    let length = (b[0] - a[0]).hypot(b[1] - a[1]);
    let steps = (length * 2.0).ceil().max(1.0) as i32;
    let dots = thickness.ceil().max(1.0) as i32;
    for i in 0..=steps {
        let t = i as f32 / steps as f32;
        let (x, y) = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
        for dy in 0..dots {
            for dx in 0..dots {
                let offset = (dots - 1) as f32 / 2.0;
                plot(x + dx as f32 - offset, y + dy as f32 - offset, colour);
            }
        }
    }
}

/// Compass needles over the hotbar's compass icons (`left`, `top`: the
/// hotbar's corner in GUI pixels; slots 20 apart, icons 16 wide).
pub fn hotbar_needles(gui: &mut Gui, game: &Game, left: f32, top: f32) {
    let bearing = maps::compass_bearing(game).to_radians();
    let compass = item("compass");
    for (slot, stack) in game.player.inventory.main[..crate::sim::inventory::HOTBAR_SLOTS]
        .iter()
        .enumerate()
    {
        if stack.as_ref().is_some_and(|s| s.item == compass) {
            let centre = [left + 3.0 + slot as f32 * 20.0 + 8.0, top + 3.0 + 8.0];
            let mut plot =
                |x: f32, y: f32, colour: u32| gui.rect(x.floor(), y.floor(), 1.0, 1.0, colour, 1.0);
            needle(&mut plot, centre, 5.0, bearing, 1.0);
        }
    }
}

/// The map on its paper, large in the lower middle of the view.
fn draw_map(pixels: &mut [u32], width: usize, height: usize, game: &Game, data: &MapData) {
    let side = MAP_SIDE * height as f32;
    let lift = (game.player.pitch / 60.0).clamp(0.0, 1.0);
    let top = height as f32 * (0.38 - 0.25 * lift);
    let left = (width as f32 - side) / 2.0;
    let border = side * BORDER;
    let inner = side - 2.0 * border;
    let image = maps::pixels(&game.world, data);
    let paper = rgb(226, 210, 170);
    for py in top.max(0.0) as usize..((top + side) as usize).min(height) {
        for px in left.max(0.0) as usize..((left + side) as usize).min(width) {
            let u = (px as f32 - left - border) / inner;
            let v = (py as f32 - top - border) / inner;
            let colour = if (0.0..1.0).contains(&u) && (0.0..1.0).contains(&v) {
                let (mx, my) = (
                    (u * MAP_SIZE as f32) as usize,
                    (v * MAP_SIZE as f32) as usize,
                );
                image[my * MAP_SIZE + mx]
            } else {
                paper
            };
            let p = &mut pixels[py * width + px];
            *p = mix(*p, colour, 1.0) & 0x00FF_FFFF;
        }
    }
    let to_screen = |[mx, my]: [usize; 2]| {
        [
            left + border + (mx as f32 + 0.5) / MAP_SIZE as f32 * inner,
            top + border + (my as f32 + 0.5) / MAP_SIZE as f32 * inner,
        ]
    };
    let unit = inner / MAP_SIZE as f32;
    let mut plot = |x: f32, y: f32, colour: u32| put(pixels, width, height, x, y, colour);
    if let Some(at) = data.treasure.and_then(|t| maps::pixel_of(data, t)) {
        let [x, y] = to_screen(at);
        let (r, thickness) = (unit * 3.0, (unit * 1.2).max(1.0));
        segment(
            &mut plot,
            [x - r, y - r],
            [x + r, y + r],
            NEEDLE_RED,
            thickness,
        );
        segment(
            &mut plot,
            [x - r, y + r],
            [x + r, y - r],
            NEEDLE_RED,
            thickness,
        );
    }
    let [x, _, z] = game.player.block_pos();
    if let Some(at) = maps::pixel_of(data, [x, z]) {
        let [sx, sy] = to_screen(at);
        // The player's pointer: a white wedge towards where they face
        // (north is up; yaw 0 faces south).
        let yaw = game.player.yaw.to_radians();
        let (dx, dy) = (-yaw.sin(), yaw.cos());
        let r = unit * 3.0;
        let tip = [sx + dx * r, sy + dy * r];
        for side in [-1.0, 1.0] {
            let back = [
                sx - dx * r + dy * r * 0.7 * side,
                sy - dy * r - dx * r * 0.7 * side,
            ];
            segment(&mut plot, back, tip, 0x00ff_ffff, unit.max(1.0));
        }
        segment(
            &mut plot,
            [sx - dx * r, sy - dy * r],
            tip,
            0x00ff_ffff,
            unit.max(1.0),
        );
    }
}
