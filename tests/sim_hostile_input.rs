//! Hostile input never panics the simulator: every init command gets a
//! named outcome, non-finite camera moves turn nothing, and the episode
//! still steps and renders afterwards.

use image::RgbImage;
use mcu::protocol::{Action, Key};
use mcu::sim::{CommandStatus, EmbeddedSim, Simulator};

const HOSTILE: &[&str] = &[
    "",
    "/",
    "/give",
    "/give @s",
    "/give @s minecraft:stone 99999999999",
    "/give @s minecraft:stone -1",
    "/give @s minecraft:stone{",
    "/summon minecraft:zombie ~ ~ ~ {Health:",
    "/tp @s 1e30 64 0",
    "/tp @s 29999999 64 29999999",
    "/tp @s NaN 64 0",
    "/tp @s ~ -100 ~",
    "/setblock ~ ~300 ~ minecraft:stone",
    "/fill ~ ~ ~ ~1000 ~ ~1000 minecraft:stone",
    "/fill ~-2147483647 0 0 ~2147483647 0 0 minecraft:stone",
    "/xp add @s 2147483647 levels",
    "/xp add @s 2147483647 levels",
    "/effect give @s minecraft:speed 999999999 255",
    "/time set -5",
    "/time add 2147483647",
    "/execute at @s run execute at @s run execute at @s run tp @s ~ ~ ~",
    "/execute positioned ^1e9 ^ ^ run setblock ~ ~ ~ minecraft:stone",
    "/replaceitem entity @s hotbar.99 minecraft:stone",
    "/weather rain -1",
    "/setworldspawn 1e12 0 0",
    "/summon minecraft:zombie 1e15 64 0",
    "/give @s minecraft:diamond_sword{Enchantments:[{id:\"minecraft:sharpness\",lvl:99999}]} 1",
    "/\u{0}\u{ffff}",
];

#[test]
fn hostile_commands_get_an_outcome_and_the_game_goes_on() {
    let commands: Vec<String> = HOSTILE.iter().map(|s| s.to_string()).collect();
    let mut sim = EmbeddedSim::new();
    let outcomes = sim.reset(11, &commands);
    assert_eq!(outcomes.len(), commands.len());
    for outcome in &outcomes {
        if let CommandStatus::Rejected { reason } | CommandStatus::Unsupported { reason } =
            &outcome.status
        {
            assert!(!reason.is_empty(), "{}: empty reason", outcome.command);
        }
    }
    assert!(
        matches!(outcomes[0].status, CommandStatus::Rejected { .. }),
        "the empty command is rejected"
    );
    let mut frame = RgbImage::new(64, 48);
    for _ in 0..40 {
        sim.step(&Action::noop().with(Key::Forward).with(Key::Attack));
        sim.render(&mut frame);
    }
}

#[test]
fn extreme_camera_moves_keep_the_view_valid() {
    let mut sim = EmbeddedSim::new();
    sim.reset(12, &[]);
    let mut frame = RgbImage::new(64, 48);
    for camera in [
        [f32::MAX, -f32::MAX],
        [f32::NAN, f32::INFINITY],
        [-1e30, 1e30],
        [0.5, 3.0],
    ] {
        let mut action = Action::noop().with(Key::Forward);
        action.camera = camera;
        sim.step(&action);
        sim.render(&mut frame);
        let player = &sim.game().player;
        assert!(player.pitch.is_finite() && (-90.0..=90.0).contains(&player.pitch));
        assert!(player.yaw.is_finite());
    }
}
