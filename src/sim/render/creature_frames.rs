//! Whole-frame tests of creatures: how their state (walk, hurt, death,
//! age) shows in the pixels, and that the same state draws the same frame.

use image::RgbImage;

use super::tests::{game_at, hash, render};
use crate::sim::entity::{EntityKind, Mob, MobState, MobTags};
use crate::sim::game::Game;
use crate::sim::registry::registry;

const SIZE: u32 = 128;

/// A game with one `kind` standing 3 blocks in front of the player, side
/// on (or facing the player), in `state`.
fn with_creature(kind: &str, state: MobState, baby: bool) -> Game {
    turned(kind, state, baby, 90.0)
}

fn turned(kind: &str, state: MobState, baby: bool, yaw: f32) -> Game {
    let mut game = game_at(6000);
    let kind = registry().entity_named(kind).unwrap();
    let tags = MobTags {
        baby,
        ..MobTags::default()
    };
    let mut mob = Mob::new(kind, 10.0, tags);
    mob.state = state;
    game.entities
        .spawn(EntityKind::Mob(mob), [0.5, 64.0, 3.5], [0.0; 3]);
    game.entities.list[0].yaw = yaw;
    game.player.pitch = 15.0;
    game
}

/// The bounding box (x0, y0, x1, y1) of the pixels `frame` changes from the empty field.
fn changed_area(frame: &RgbImage) -> (u32, u32, u32, u32) {
    let empty = render(&game_at_pitch(), SIZE, SIZE);
    let mut area = (SIZE, SIZE, 0, 0);
    for (x, y, p) in frame.enumerate_pixels() {
        if empty.get_pixel(x, y) != p {
            area = (
                area.0.min(x),
                area.1.min(y),
                area.2.max(x + 1),
                area.3.max(y + 1),
            );
        }
    }
    area
}

/// The mean colour of the pixels `frame` changes from the empty field.
fn creature_colour(frame: &RgbImage) -> [f32; 3] {
    let empty = render(&game_at_pitch(), SIZE, SIZE);
    let changed: Vec<[u8; 3]> = frame
        .pixels()
        .zip(empty.pixels())
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a.0)
        .collect();
    let n = changed.len().max(1) as f32;
    std::array::from_fn(|i| changed.iter().map(|p| f32::from(p[i])).sum::<f32>() / n)
}

fn game_at_pitch() -> Game {
    let mut game = game_at(6000);
    game.player.pitch = 15.0;
    game
}

fn frame(kind: &str, state: MobState) -> RgbImage {
    render(&with_creature(kind, state, false), SIZE, SIZE)
}

#[test]
fn a_pig_is_pink_a_sheep_white_and_a_zombie_wears_blue() {
    let [r, g, b] = creature_colour(&frame("pig", MobState::default()));
    assert!(r > g + 30.0 && r > b + 30.0, "pig {r} {g} {b}");
    let [r, g, b] = creature_colour(&frame("sheep", MobState::default()));
    // Wool: bright and without a hue (the face and legs are beige).
    assert!(b > 130.0 && r - b < 20.0, "sheep {r} {g} {b}");
    // Green skin, a teal shirt and blue trousers: more blue and green than red.
    let [r, g, b] = creature_colour(&frame("zombie", MobState::default()));
    assert!(b > r && g > r + 10.0, "zombie {r} {g} {b}");
}

#[test]
fn walking_moves_the_legs() {
    let standing = frame("cow", MobState::default());
    let walking = frame(
        "cow",
        MobState {
            limb_swing: 0.0,
            limb_amount: 1.0,
            ..MobState::default()
        },
    );
    assert_ne!(hash(&standing), hash(&walking));
    let (x0, y0, x1, y1) = changed_area(&standing);
    let (wx0, _, wx1, wy1) = changed_area(&walking);
    // Legs swung forward and back reach further along the body, not lower.
    assert!(wx1 - wx0 > x1 - x0, "{:?} {:?}", (x0, x1), (wx0, wx1));
    assert!(wy1 <= y1 && y0 > 0);
}

#[test]
fn a_hurt_creature_flashes_red() {
    let plain = frame("sheep", MobState::default());
    let hurt = frame(
        "sheep",
        MobState {
            hurt_ticks: 8,
            ..MobState::default()
        },
    );
    let [r0, g0, b0] = creature_colour(&plain);
    let [r1, g1, b1] = creature_colour(&hurt);
    assert!(
        r1 - g1 > r0 - g0 + 20.0 && r1 - b1 > r0 - b0 + 20.0,
        "{r0} {g0} {b0} → {r1} {g1} {b1}"
    );
}

#[test]
fn a_dying_creature_falls_on_its_side() {
    // Facing the player, so it falls across the view.
    let standing = render(
        &turned("zombie", MobState::default(), false, 180.0),
        SIZE,
        SIZE,
    );
    let state = MobState {
        death_ticks: 19,
        ..MobState::default()
    };
    let dying = render(&turned("zombie", state, false, 180.0), SIZE, SIZE);
    let (_, top, _, bottom) = changed_area(&standing);
    let (_, fallen_top, _, fallen_bottom) = changed_area(&dying);
    assert!(
        fallen_bottom - fallen_top < (bottom - top) / 2,
        "standing rows {top}..{bottom}, fallen {fallen_top}..{fallen_bottom}"
    );
}

#[test]
fn babies_are_drawn_smaller() {
    let adult = render(
        &with_creature("pig", MobState::default(), false),
        SIZE,
        SIZE,
    );
    let baby = render(&with_creature("pig", MobState::default(), true), SIZE, SIZE);
    let (x0, y0, x1, y1) = changed_area(&adult);
    let (bx0, by0, bx1, by1) = changed_area(&baby);
    assert!((bx1 - bx0) * (by1 - by0) * 2 < (x1 - x0) * (y1 - y0));
}

#[test]
fn the_same_state_draws_the_same_frame() {
    let state = MobState {
        limb_swing: 2.5,
        limb_amount: 0.6,
        hurt_ticks: 3,
        ..MobState::default()
    };
    for kind in ["spider", "skeleton", "witch", "horse", "bee", "phantom"] {
        let game = with_creature(kind, state.clone(), false);
        assert_eq!(
            hash(&render(&game, SIZE, SIZE)),
            hash(&render(&game, SIZE, SIZE)),
            "{kind}"
        );
    }
}
