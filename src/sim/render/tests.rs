//! Whole-frame tests of the renderer on the flat world with a few blocks
//! and entities placed by hand.

use image::RgbImage;

use super::Renderer;
use crate::sim::entity::{EntityKind, Mob, MobTags};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::raycast::Face;
use crate::sim::registry::{block, item, registry};
use crate::sim::world::World;

/// Makes the columns `min..max` (x, z) flat: stone, grass at y 63, air
/// above (up to y 160; generated terrain may be hilly).
pub(super) fn flatten(world: &mut World, min: [i32; 2], max: [i32; 2]) {
    for x in min[0]..max[0] {
        for z in min[1]..max[1] {
            for y in 0..160 {
                let name = match y {
                    ..63 => "stone",
                    63 => "grass_block",
                    _ => "air",
                };
                world.set([x, y, z], block(name));
            }
        }
    }
}

/// A game on the flat world (grass top at y 63), player at the origin
/// facing south, at the given time.
pub(super) fn game_at(day_time: u64) -> Game {
    let mut game = Game::new(11);
    flatten(&mut game.world, [-32, -32], [32, 32]);
    game.day_time = day_time;
    game.player.pos = [0.5, 64.0, 0.5];
    game.player.yaw = 0.0;
    game.player.pitch = 0.0;
    game
}

pub(super) fn render(game: &Game, width: u32, height: u32) -> RgbImage {
    let mut frame = RgbImage::new(width, height);
    Renderer::new().render(game, &mut frame);
    frame
}

pub(super) fn hash(frame: &RgbImage) -> u64 {
    frame
        .as_raw()
        .iter()
        .fold(0xCBF2_9CE4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
        })
}

/// Mean colour of a rectangle of the frame.
fn mean(frame: &RgbImage, x0: u32, y0: u32, x1: u32, y1: u32) -> [f32; 3] {
    let mut sum = [0.0; 3];
    for y in y0..y1 {
        for x in x0..x1 {
            let p = frame.get_pixel(x, y).0;
            (0..3).for_each(|i| sum[i] += f32::from(p[i]));
        }
    }
    let n = ((x1 - x0) * (y1 - y0)) as f32;
    sum.map(|s| s / n)
}

fn wall(game: &mut Game, z: i32, name: &str) {
    for x in -3..=3 {
        for y in 64..68 {
            game.world.set([x, y, z], block(name));
        }
    }
}

fn spawn(game: &mut Game, name: &str, pos: [f64; 3]) {
    let kind = registry().entity_named(name).unwrap();
    game.entities.spawn(
        EntityKind::Mob(Mob::new(kind, 20.0, MobTags::default())),
        pos,
        [0.0; 3],
    );
}

#[test]
fn frames_are_a_pure_function_of_the_state() {
    let mut game = game_at(6000);
    wall(&mut game, 4, "stone");
    game.world.set([2, 64, 2], block("torch"));
    spawn(&mut game, "zombie", [-1.5, 64.0, 3.0]);
    game.player
        .inventory
        .insert(ItemStack::new(item("dirt"), 12));
    game.player.pitch = 10.0;
    let mut renderer = Renderer::new();
    let mut a = RgbImage::new(160, 90);
    renderer.render(&game, &mut a);
    let mut small = RgbImage::new(64, 64);
    renderer.render(&game, &mut small);
    let mut again = RgbImage::new(160, 90);
    renderer.render(&game, &mut again);
    assert_eq!(hash(&a), hash(&again));
    assert_eq!(hash(&a), hash(&render(&game, 160, 90)));
    assert_eq!(hash(&small), hash(&render(&game, 64, 64)));
    // The cache follows edits: a frame after a change equals a fresh renderer's.
    game.world.set([0, 65, 4], block("air"));
    renderer.render(&game, &mut again);
    assert_ne!(hash(&a), hash(&again));
    assert_eq!(hash(&again), hash(&render(&game, 160, 90)));
}

#[test]
fn the_sky_is_blue_at_noon_and_dark_at_midnight() {
    let mut game = game_at(6000);
    game.player.pitch = -90.0;
    let noon = render(&game, 64, 64);
    let [r, g, b] = mean(&noon, 0, 0, 64, 28);
    assert!(b > 200.0 && b > r + 60.0 && g > r, "noon sky {r} {g} {b}");
    game.day_time = 18000;
    let night = render(&game, 64, 64);
    let [r, g, b] = mean(&night, 0, 0, 64, 28);
    assert!(r + g + b < 90.0, "midnight sky {r} {g} {b}");
}

#[test]
fn a_grass_field_is_green_and_a_stone_wall_grey() {
    let mut game = game_at(6000);
    game.player.pitch = 70.0;
    let field = render(&game, 96, 96);
    let [r, g, b] = mean(&field, 38, 30, 58, 45);
    assert!(g > r + 25.0 && g > b + 25.0, "grass {r} {g} {b}");
    game.player.pitch = 0.0;
    wall(&mut game, 3, "stone");
    let walled = render(&game, 96, 96);
    let [r, g, b] = mean(&walled, 30, 30, 44, 44);
    assert!(
        (r - g).abs() < 12.0 && (g - b).abs() < 12.0 && r > 60.0 && r < 200.0,
        "stone {r} {g} {b}"
    );
}

#[test]
fn the_crosshair_stands_out_at_the_centre() {
    let mut game = game_at(6000);
    wall(&mut game, 3, "stone");
    let frame = render(&game, 128, 128);
    let centre = frame.get_pixel(64, 64).0;
    for (x, y) in [(58, 58), (70, 58), (58, 70), (70, 70)] {
        assert_ne!(centre, frame.get_pixel(x, y).0);
    }
}

#[test]
fn the_hotbar_highlight_follows_the_selected_slot() {
    let mut game = game_at(6000);
    let first = render(&game, 320, 240);
    game.player.inventory.selected = 4;
    let fifth = render(&game, 320, 240);
    // GUI scale 1 at 240 rows: the hotbar spans x 69..251, y 218..240.
    let highlight =
        |frame: &RgbImage, slot: u32| mean(frame, 68 + slot * 20, 217, 92 + slot * 20, 219);
    assert!(highlight(&first, 0)[0] > 200.0);
    assert!(highlight(&first, 4)[0] < 150.0);
    assert!(highlight(&fifth, 4)[0] > 200.0);
    assert!(highlight(&fifth, 0)[0] < 150.0);
}

#[test]
fn items_in_the_hotbar_show_icons_and_counts() {
    let mut game = game_at(6000);
    let empty = render(&game, 320, 240);
    game.player.inventory.main[1] = Some(ItemStack::new(item("diamond_pickaxe"), 1));
    game.player.inventory.main[2] = Some(ItemStack::new(item("dirt"), 37));
    let filled = render(&game, 320, 240);
    let slot = |frame: &RgbImage, s: u32| mean(frame, 72 + s * 20, 221, 88 + s * 20, 237);
    assert_ne!(slot(&empty, 1), slot(&filled, 1));
    assert_ne!(slot(&empty, 2), slot(&filled, 2));
    // The count's white digits in the lower right of the slot.
    let white = (72 + 40..90 + 40)
        .flat_map(|x| (230..239).map(move |y| (x, y)))
        .any(|(x, y)| filled.get_pixel(x, y).0 == [255, 255, 255]);
    assert!(white);
}

#[test]
fn a_torch_lights_a_dark_wall_at_night() {
    let mut game = game_at(18000);
    wall(&mut game, 3, "stone");
    let dark = render(&game, 96, 96);
    game.world.set([0, 64, 2], block("torch"));
    let lit = render(&game, 96, 96);
    let sum = |c: [f32; 3]| c.iter().sum::<f32>();
    let (before, after) = (
        sum(mean(&dark, 20, 20, 76, 40)),
        sum(mean(&lit, 20, 20, 76, 40)),
    );
    assert!(
        after > before * 2.0 + 30.0,
        "torch light {before} → {after}"
    );
}

#[test]
fn an_entity_in_front_shows_up() {
    let mut game = game_at(6000);
    let without = render(&game, 96, 96);
    spawn(&mut game, "creeper", [0.5, 64.0, 4.0]);
    let with = render(&game, 96, 96);
    let changed = without
        .pixels()
        .zip(with.pixels())
        .filter(|(a, b)| a != b)
        .count();
    assert!(changed > 200, "{changed} pixels changed");
    let [r, g, b] = mean(&with, 44, 52, 52, 62);
    assert!(g > r && g > b, "creeper green {r} {g} {b}");
}

#[test]
fn an_item_frame_lying_on_the_floor_shows_as_a_flat_board() {
    let mut game = game_at(6000);
    // Looking straight down at the grass the frame lies on.
    game.player.pitch = 90.0;
    let without = render(&game, 96, 96);
    crate::sim::rules::hanging::hang(&mut game, item("item_frame"), [0, 63, 0], Face::Up);
    let with = render(&game, 96, 96);
    let changed: Vec<(u32, u32)> = without
        .enumerate_pixels()
        .zip(with.pixels())
        .filter(|((_, _, a), b)| a != b)
        .map(|((x, y, _), _)| (x, y))
        .collect();
    assert!(changed.len() > 200, "{} pixels changed", changed.len());
    // Seen from above, a board lying flat is a square (one standing up
    // would be a thin line).
    let span = |pick: fn(&(u32, u32)) -> u32| {
        let values: Vec<u32> = changed.iter().map(pick).collect();
        values.iter().max().unwrap() - values.iter().min().unwrap()
    };
    let (wide, tall) = (span(|p| p.0), span(|p| p.1));
    assert!(
        wide > 15 && wide.abs_diff(tall) <= wide / 5,
        "{wide} wide, {tall} tall"
    );
}

#[test]
fn breaking_and_dying_show() {
    let mut game = game_at(6000);
    wall(&mut game, 2, "stone");
    let plain = render(&game, 96, 96);
    game.player.breaking = Some(crate::sim::player::Breaking {
        pos: [0, 65, 2],
        progress: 0.8,
    });
    let cracked = render(&game, 96, 96);
    assert_ne!(hash(&plain), hash(&cracked));
    game.player.breaking = None;
    game.player.dead_ticks = Some(3);
    let dead = render(&game, 96, 96);
    let [r, g, b] = mean(&dead, 10, 10, 86, 40);
    assert!(r > g + 30.0 && r > b + 30.0, "dead tint {r} {g} {b}");
}

#[test]
fn under_water_the_view_is_blue() {
    let mut game = game_at(6000);
    for x in -4..=4 {
        for z in -4..=4 {
            for y in 64..70 {
                game.world.set([x, y, z], block("water"));
            }
        }
    }
    let frame = render(&game, 64, 64);
    let [r, g, b] = mean(&frame, 0, 0, 64, 40);
    assert!(b > r + 40.0 && b > g, "water {r} {g} {b}");
}
