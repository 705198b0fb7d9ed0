//! Eyes of ender, after 1.16.5's `EnderEyeItem` and `EyeOfEnderEntity`.
//!
//! Used on an end portal frame without an eye, the eye goes into it
//! (`use_item`, one eye spent); when the twelve frames round a 3×3 hole
//! all hold eyes and face its middle, the hole becomes `end_portal`.
//! Used anywhere else in the overworld it is thrown (`use_item`): it
//! heads for the nearest stronghold's start — 12 blocks that way and 8 up
//! while farther than 12, else the start itself — rising, speeding up
//! toward that point, and after 80 ticks drops as an item (four times in
//! five) or shatters. In the Nether and the End nothing happens.

use rand::Rng;

use super::items::{self, Hand};
use crate::sim::entity::{Entity, EntityKind, EyeOfEnder};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::raycast::Hit;
use crate::sim::registry::{block, item};
use crate::sim::world::gen::nearest_stronghold;
use crate::sim::world::{BlockPos, Dimension, Facing, World};
use crate::suite::Event;

/// Ticks an eye flies before it drops or shatters.
const FLIGHT_TICKS: u32 = 80;
/// While farther than this from the stronghold, it heads this far toward it.
const LEG: f64 = 12.0;
/// How far above the thrower a leg's end lies.
const RISE: f64 = 8.0;

/// Puts the held eye into the frame looked at (`EnderEyeItem.useOn`).
pub fn fill_frame(game: &mut Game, hand: Hand, hit: &Hit) -> bool {
    let holding = hand
        .slot(&game.player.inventory)
        .as_ref()
        .is_some_and(|s| s.item == item("ender_eye"));
    let state = game.world.state(hit.pos);
    if !holding || hit.block != block("end_portal_frame") || state.has_eye() {
        return false;
    }
    game.world
        .set_with_state(hit.pos, hit.block, state.with_eye(true));
    game.stats.add(Event::UseItem, "ender_eye", 1);
    items::consume_one(&mut game.player.inventory, hand);
    if let Some(centre) = completed_portal(&game.world, hit.pos) {
        for dz in -1..=1 {
            for dx in -1..=1 {
                let cell = [centre[0] + dx, centre[1], centre[2] + dz];
                game.world.set(cell, block("end_portal"));
            }
        }
    }
    true
}

/// The middle of a 3×3 hole whose twelve frames, `frame` one of them, all
/// hold eyes and face it (`EndPortalFrameBlock.getOrCreatePortalShape`).
pub fn completed_portal(world: &World, frame: BlockPos) -> Option<BlockPos> {
    let inward = world.state(frame).facing().offset();
    let side = [inward[2], 0, -inward[0]];
    (-1..=1)
        .map(|k| [0, 1, 2].map(|i| frame[i] + 2 * inward[i] + k * side[i]))
        .find(|&centre| ring_complete(world, centre))
}

/// Whether the ring round `centre` is twelve eyed frames facing it.
fn ring_complete(world: &World, centre: BlockPos) -> bool {
    Facing::ALL.into_iter().all(|outward| {
        let o = outward.offset();
        (-1..=1).all(|k| {
            let pos = [
                centre[0] + 2 * o[0] + k * o[2],
                centre[1],
                centre[2] + 2 * o[2] + k * o[0],
            ];
            let state = world.state(pos);
            world.get(pos) == block("end_portal_frame")
                && state.has_eye()
                && state.facing() == outward.opposite()
        })
    })
}

/// Throws the held eye toward the nearest stronghold (`EnderEyeItem.use`).
pub fn throw(game: &mut Game, hand: Hand) -> bool {
    if game.dimension() != Dimension::Overworld {
        return false;
    }
    let p = &game.player;
    let from = [p.pos[0], p.pos[1] + p.height() / 2.0, p.pos[2]];
    let [x, _, z] = p.block_pos();
    let start = nearest_stronghold(game.world.generator().seed(), x, z).start();
    let stronghold = start.map(f64::from);
    let (dx, dz) = (stronghold[0] - from[0], stronghold[2] - from[2]);
    let distance = (dx * dx + dz * dz).sqrt();
    let target = if distance > LEG {
        [
            from[0] + dx / distance * LEG,
            from[1] + RISE,
            from[2] + dz / distance * LEG,
        ]
    } else {
        stronghold
    };
    let eye = EyeOfEnder {
        target,
        life: 0,
        survives: game.rngs.end.gen_range(0..5) > 0,
    };
    game.entities
        .spawn(EntityKind::EyeOfEnder(eye), from, [0.0; 3]);
    game.stats.add(Event::UseItem, "ender_eye", 1);
    items::consume_one(&mut game.player.inventory, hand);
    true
}

/// One tick of a flying eye (`EyeOfEnderEntity.tick`); true when its
/// flight is over (an item eye left where it stopped, or nothing).
pub fn tick(game: &mut Game, e: &mut Entity) -> bool {
    let EntityKind::EyeOfEnder(eye) = &mut e.kind else {
        return false;
    };
    for a in 0..3 {
        e.pos[a] += e.vel[a];
    }
    let horizontal = (e.vel[0] * e.vel[0] + e.vel[2] * e.vel[2]).sqrt();
    let (dx, dz) = (eye.target[0] - e.pos[0], eye.target[2] - e.pos[2]);
    let distance = (dx * dx + dz * dz).sqrt();
    let angle = dz.atan2(dx);
    let mut speed = horizontal + 0.0025 * (distance - horizontal);
    let mut vertical = e.vel[1];
    if distance < 1.0 {
        speed *= 0.8;
        vertical *= 0.8;
    }
    let up = if e.pos[1] < eye.target[1] { 1.0 } else { -1.0 };
    e.vel = [
        angle.cos() * speed,
        vertical + (up - vertical) * 0.015,
        angle.sin() * speed,
    ];
    e.yaw = crate::sim::creature::yaw_towards(e.pos, eye.target);
    eye.life += 1;
    e.age += 1;
    if eye.life <= FLIGHT_TICKS {
        return false;
    }
    if eye.survives {
        let dropped = EntityKind::Item {
            stack: ItemStack::new(item("ender_eye"), 1),
            pickup_delay: 0,
        };
        game.entities.spawn(dropped, e.pos, [0.0; 3]);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};
    use crate::sim::world::BlockState;

    /// Twelve frames facing the middle of a 3×3 hole centred at `centre`,
    /// all with eyes but the one at `missing`.
    fn ring(world: &mut World, centre: BlockPos, missing: BlockPos) {
        for outward in Facing::ALL {
            let o = outward.offset();
            for k in -1..=1 {
                let pos = [
                    centre[0] + 2 * o[0] + k * o[2],
                    centre[1],
                    centre[2] + 2 * o[2] + k * o[0],
                ];
                let state = BlockState::default()
                    .with_facing(outward.opposite())
                    .with_eye(pos != missing);
                world.set_with_state(pos, block("end_portal_frame"), state);
            }
        }
    }

    #[test]
    fn the_twelfth_eye_opens_the_portal() {
        let mut game = platform_game();
        let centre = [0, FLOOR + 1, 4];
        let last = [0, FLOOR + 1, 2];
        ring(&mut game.world, centre, last);
        assert_eq!(completed_portal(&game.world, last), None);
        game.player.inventory.main[0] = Some(ItemStack::new(item("ender_eye"), 2));
        game.player.pitch = 20.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        assert!(game.world.state(last).has_eye(), "the eye went in");
        assert_eq!(game.stats.get(Event::UseItem, "ender_eye"), 1);
        assert_eq!(game.player.inventory.main[0].as_ref().unwrap().count, 1);
        for dz in -1..=1 {
            for dx in -1..=1 {
                let cell = [centre[0] + dx, centre[1], centre[2] + dz];
                assert_eq!(game.world.get(cell), block("end_portal"), "{cell:?}");
            }
        }
    }

    #[test]
    fn a_frame_facing_outward_keeps_the_portal_shut() {
        let mut world = platform_game().world;
        let centre = [0, FLOOR + 1, 4];
        ring(&mut world, centre, [99, 0, 99]);
        assert_eq!(completed_portal(&world, [0, FLOOR + 1, 2]), Some(centre));
        let turned = [2, FLOOR + 1, 4];
        let state = world.state(turned).with_facing(Facing::East);
        world.set_with_state(turned, block("end_portal_frame"), state);
        assert_eq!(completed_portal(&world, [0, FLOOR + 1, 2]), None);
    }

    #[test]
    fn a_thrown_eye_rises_toward_the_stronghold_and_ends_after_80_ticks() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR, 0], "stone");
        game.player.inventory.main[0] = Some(ItemStack::new(item("ender_eye"), 1));
        game.player.pitch = -30.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.stats.get(Event::UseItem, "ender_eye"), 1);
        let start = game.player.pos;
        let stronghold = nearest_stronghold(game.world.generator().seed(), 0, 0).start();
        let eye = |game: &Game| {
            game.entities
                .list
                .iter()
                .find(|e| matches!(e.kind, EntityKind::EyeOfEnder(_)))
                .map(|e| e.pos)
        };
        run(&mut game, &keys(&[]), 40);
        let flying = eye(&game).expect("in flight");
        assert!(flying[1] > start[1] + 1.0, "it rises: {flying:?}");
        let toward = [
            f64::from(stronghold[0]) - start[0],
            f64::from(stronghold[2]) - start[2],
        ];
        let moved = [flying[0] - start[0], flying[2] - start[2]];
        let cos = (toward[0] * moved[0] + toward[1] * moved[1])
            / (toward[0].hypot(toward[1]) * moved[0].hypot(moved[1]));
        assert!(cos > 0.99, "toward the stronghold: {cos}");
        run(&mut game, &keys(&[]), 41);
        assert!(eye(&game).is_none(), "gone after 80 ticks");
    }
}
