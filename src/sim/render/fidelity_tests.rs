//! The fidelity guard of the fast renderer: fixed views (day, night, a
//! cave, a forest, water, creatures, an open screen) drawn by the fast path and by
//! the full-detail reference must agree to at least 35 dB PSNR, and every
//! frame must be the same whatever the number of threads.

use image::RgbImage;

use super::tests::hash;
use super::Renderer;
use crate::protocol::Action;
use crate::sim::game::Game;
use crate::sim::registry::block;
use crate::sim::screen::{Screen, ScreenKind};
use crate::sim::world::World;
use crate::sim::{command, rules, CommandStatus};

/// Lowest PSNR between the fast and the reference frame.
const MIN_PSNR_DB: f64 = 35.0;
const WIDTH: u32 = 320;
const HEIGHT: u32 = 180;

/// Peak signal-to-noise ratio of two frames of one size over all
/// channels, in dB; infinite when they are equal.
fn psnr(a: &RgbImage, b: &RgbImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let squared: f64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(&x, &y)| (f64::from(x) - f64::from(y)).powi(2))
        .sum();
    let mse = squared / a.as_raw().len().max(1) as f64;
    if mse == 0.0 {
        f64::INFINITY
    } else {
        10.0 * (255.0 * 255.0 / mse).log10()
    }
}

/// The highest solid block of a column.
fn surface(world: &World, x: i32, z: i32) -> i32 {
    (0..256)
        .rev()
        .find(|&y| {
            let b = world.get([x, y, z]);
            b != block("air") && b != block("water")
        })
        .unwrap_or(0)
}

/// Generated terrain at its spawn, the player facing `yaw` at `day_time`.
fn outdoors(day_time: u64, yaw: f32, pitch: f32) -> Game {
    let mut game = Game::new(3);
    game.day_time = day_time;
    game.player.yaw = yaw;
    game.player.pitch = pitch;
    game
}

/// A stone room 20 blocks under spawn, lit by torches, a tunnel ahead.
fn cave() -> Game {
    let mut game = outdoors(6000, 30.0, 5.0);
    let [x0, y0, z0] = game.player.pos.map(|c| c.floor() as i32);
    let y0 = y0 - 20;
    for x in x0 - 6..=x0 + 6 {
        for z in z0 - 4..=z0 + 24 {
            for y in y0 - 1..=y0 + 5 {
                let inside = (x0 - 4..=x0 + 4).contains(&x)
                    && z <= z0 + 22
                    && (y0..y0 + 4).contains(&y)
                    && (z <= z0 + 4 || (x - x0).abs() <= 1);
                game.world
                    .set([x, y, z], block(if inside { "air" } else { "stone" }));
            }
        }
    }
    for (dx, dz) in [(-4, 0), (4, 3), (0, 14), (1, 21)] {
        game.world.set([x0 + dx, y0, z0 + dz], block("torch"));
    }
    game.player.pos = [f64::from(x0) + 0.5, f64::from(y0), f64::from(z0) + 0.5];
    game
}

/// Oak trees planted on the terrain at many distances around the player.
fn forest() -> Game {
    let mut game = outdoors(6000, 20.0, 0.0);
    let [x0, _, z0] = game.player.pos.map(|c| c.floor() as i32);
    for i in 0..60i32 {
        let (dx, dz) = ((i * 37 % 90) - 45, (i * 53 % 90) - 45);
        if dx.abs() < 4 && dz.abs() < 4 {
            continue;
        }
        let (x, z) = (x0 + dx, z0 + dz);
        let ground = surface(&game.world, x, z);
        for y in ground + 1..ground + 6 {
            game.world.set([x, y, z], block("oak_log"));
        }
        for (lx, ly, lz) in
            (-2..=2).flat_map(|a| (4..=6).flat_map(move |b| (-2..=2).map(move |c| (a, b, c))))
        {
            let pos = [x + lx, ground + ly, z + lz];
            if game.world.get(pos) == block("air") {
                game.world.set(pos, block("oak_leaves"));
            }
        }
    }
    game
}

/// A lake dug in front of the player, seen from its shore.
fn water() -> Game {
    let mut game = outdoors(6000, 0.0, 25.0);
    let [x0, y0, z0] = game.player.pos.map(|c| c.floor() as i32);
    for x in x0 - 20..=x0 + 20 {
        for z in z0 + 2..=z0 + 40 {
            for y in y0 - 4..y0 + 8 {
                let name = if y < y0 { "water" } else { "air" };
                game.world.set([x, y, z], block(name));
            }
            game.world.set([x, y0 - 5, z], block("sand"));
        }
    }
    game
}

/// Creatures of several kinds standing 4 to 12 blocks ahead by day.
fn creatures() -> Game {
    let mut game = outdoors(6000, 45.0, 10.0);
    let [dx, _, dz] = game.player.look_dir();
    let kinds = [
        "zombie", "pig", "skeleton", "cow", "sheep", "spider", "villager",
    ];
    for (i, kind) in kinds.iter().enumerate() {
        let ahead = 4.0 + i as f64 * 1.3;
        let side = if i % 2 == 0 { 1.5 } else { -1.5 };
        let (x, z) = (dx * ahead - dz * side, dz * ahead + dx * side);
        let summon = format!("/summon minecraft:{kind} ~{x:.1} ~ ~{z:.1}");
        assert_eq!(
            command::run(&mut game, &summon),
            CommandStatus::Accepted,
            "{summon}"
        );
    }
    for _ in 0..10 {
        rules::tick(&mut game, &Action::noop());
    }
    assert_eq!(
        game.entities.list.len(),
        kinds.len(),
        "every creature in the world"
    );
    game
}

fn with_inventory_open(mut game: Game) -> Game {
    game.screen = Some(Screen::open(ScreenKind::Inventory));
    game
}

fn views() -> Vec<(&'static str, Game)> {
    vec![
        ("day", outdoors(6000, 45.0, 5.0)),
        ("night", outdoors(18000, 200.0, 0.0)),
        ("cave", cave()),
        ("forest", forest()),
        ("water", water()),
        ("creatures", creatures()),
        ("screen", with_inventory_open(outdoors(6000, 120.0, -5.0))),
    ]
}

fn draw(renderer: &mut Renderer, game: &Game) -> RgbImage {
    let mut frame = RgbImage::new(WIDTH, HEIGHT);
    renderer.render(game, &mut frame);
    frame
}

#[test]
fn psnr_is_infinite_for_equal_frames_and_falls_with_the_error() {
    let a = RgbImage::from_pixel(8, 8, image::Rgb([100, 100, 100]));
    assert_eq!(psnr(&a, &a), f64::INFINITY);
    // Every channel off by 1: MSE 1, PSNR = 20·log10(255) ≈ 48.13 dB.
    let b = RgbImage::from_pixel(8, 8, image::Rgb([101, 99, 101]));
    assert!((psnr(&a, &b) - 48.13).abs() < 0.01, "{}", psnr(&a, &b));
    let c = RgbImage::from_pixel(8, 8, image::Rgb([110, 90, 110]));
    assert!(psnr(&a, &c) < psnr(&a, &b));
}

#[test]
fn the_fast_path_matches_the_reference_on_every_view() {
    for (name, game) in views() {
        let fast = draw(&mut Renderer::new(), &game);
        let reference = draw(&mut Renderer::reference(), &game);
        let db = psnr(&fast, &reference);
        eprintln!("{name}: {db:.1} dB");
        assert!(db >= MIN_PSNR_DB, "{name}: {db:.1} dB");
    }
}

#[test]
fn frames_are_the_same_on_one_and_two_threads() {
    let pool = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool")
    };
    let (one, two) = (pool(1), pool(2));
    for (name, game) in views() {
        let single = one.install(|| draw(&mut Renderer::new(), &game));
        let double = two.install(|| draw(&mut Renderer::new(), &game));
        assert_eq!(hash(&single), hash(&double), "{name}");
    }
}

#[test]
fn the_creatures_view_shows_its_creatures() {
    let game = creatures();
    let with = draw(&mut Renderer::new(), &game);
    let mut empty = game;
    empty.entities.list.clear();
    let without = draw(&mut Renderer::new(), &empty);
    let changed = with
        .pixels()
        .zip(without.pixels())
        .filter(|(a, b)| a != b)
        .count();
    let share = changed as f64 / f64::from(WIDTH * HEIGHT);
    assert!(
        share > 0.02,
        "creatures cover {:.1}% of the frame",
        share * 100.0
    );
}
