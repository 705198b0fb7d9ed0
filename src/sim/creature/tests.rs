//! Creatures on the flat test world: each goal's behaviour, and the same
//! creatures doing the same things twice.

use super::*;
use crate::protocol::{Action, Key};
use crate::sim::entity::{Mob, MobTags};
use crate::sim::inventory::ItemStack;
use crate::sim::registry::item;
use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};
use crate::suite::Event;

const GROUND: f64 = (FLOOR + 1) as f64;

fn summon(game: &mut Game, name: &str, x: f64, z: f64) -> EntityId {
    let kind = registry().entity_named(name).unwrap();
    let health = registry().creature(kind).unwrap().max_health;
    game.entities.spawn(
        EntityKind::Mob(Mob::new(kind, health, MobTags::default())),
        [x, GROUND, z],
        [0.0; 3],
    )
}

fn entity(game: &Game, id: EntityId) -> &crate::sim::entity::Entity {
    game.entities.get(id).unwrap()
}

fn memory(game: &Game, id: EntityId) -> &Memory {
    match &entity(game, id).kind {
        EntityKind::Mob(mob) => &mob.brain.memory,
        _ => unreachable!(),
    }
}

fn horizontal_distance(game: &Game, id: EntityId) -> f64 {
    let (a, b) = (entity(game, id).pos, game.player.pos);
    ((a[0] - b[0]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

fn idle(game: &mut Game, ticks: usize) {
    run(game, &Action::noop(), ticks);
}

/// A night game with the player in diamond armor, so fights last.
fn night_game() -> Game {
    let mut game = platform_game();
    game.day_time = 18000;
    for (slot, name) in [
        "diamond_helmet",
        "diamond_chestplate",
        "diamond_leggings",
        "diamond_boots",
    ]
    .into_iter()
    .enumerate()
    {
        game.player.inventory.armor[slot] = Some(ItemStack::new(item(name), 1));
    }
    game
}

#[test]
fn a_zombie_walks_around_a_wall_to_the_player() {
    let mut game = night_game();
    for x in -4..=4 {
        for y in 1..=3 {
            put(&mut game.world, [x, FLOOR + y, 3], "stone");
        }
    }
    let zombie = summon(&mut game, "zombie", 0.5, 6.5);
    // Behind the wall it cannot see the player: it is hurt into chasing.
    combat::hurt_mob(&mut game, zombie, 1.0, Attacker::Player);
    let mut went_around = false;
    for _ in 0..300 {
        idle(&mut game, 1);
        let x = entity(&game, zombie).pos[0];
        went_around |= !(-4.0..=5.0).contains(&x);
        if game.stats.get(Event::Custom, "damage_taken") > 0 {
            break;
        }
    }
    assert!(went_around, "the zombie walked around the wall's end");
    assert!(
        game.stats.get(Event::Custom, "damage_taken") > 0,
        "the zombie reached and hit the player"
    );
}

/// A pig hurt by `attacker`, and the farthest it went in the next 60
/// ticks, with how far its legs swung.
fn run_after_a_hurt(attacker: Attacker) -> (f64, f32) {
    let mut game = platform_game();
    let pig = summon(&mut game, "pig", 0.5, 2.5);
    idle(&mut game, 2);
    let before = entity(&game, pig).pos;
    combat::hurt_mob(&mut game, pig, 1.0, attacker);
    let mut ran = 0.0f64;
    for _ in 0..60 {
        idle(&mut game, 1);
        let now = entity(&game, pig).pos;
        ran = ran.max(((now[0] - before[0]).powi(2) + (now[2] - before[2]).powi(2)).sqrt());
    }
    let swing = match &entity(&game, pig).kind {
        EntityKind::Mob(mob) => mob.state.limb_swing,
        _ => unreachable!(),
    };
    (ran, swing)
}

#[test]
fn a_pig_panics_after_a_hit() {
    let (ran, swing) = run_after_a_hurt(Attacker::Player);
    assert!(ran > 2.0, "the pig ran {ran:.2} blocks");
    assert!(swing > 0.0, "its legs swung");
}

#[test]
fn a_hurt_with_no_attacker_does_not_send_a_pig_running() {
    let (ran, _) = run_after_a_hurt(Attacker::Other);
    assert!(ran < 1.0, "the pig ran {ran:.2} blocks after a fall's hurt");
}

#[test]
fn a_cow_follows_wheat() {
    let mut game = platform_game();
    let cow = summon(&mut game, "cow", 0.5, 8.5);
    idle(&mut game, 40);
    assert!(
        horizontal_distance(&game, cow) > 6.0,
        "without wheat it stays away"
    );
    game.player.inventory.main[0] = Some(ItemStack::new(item("wheat"), 1));
    idle(&mut game, 160);
    let d = horizontal_distance(&game, cow);
    assert!(d < 4.0, "the cow came to the wheat: {d:.2}");
}

#[test]
fn a_skeleton_keeps_its_distance() {
    let mut game = night_game();
    let skeleton = summon(&mut game, "skeleton", 0.5, 4.5);
    let mut closest = f64::MAX;
    for tick in 0..200 {
        idle(&mut game, 1);
        if tick > 60 {
            closest = closest.min(horizontal_distance(&game, skeleton));
        }
    }
    assert!(memory(&game, skeleton).target, "it targets the player");
    assert!(
        closest > 3.5,
        "it backed off, never closer than {closest:.2}"
    );
    assert!(
        game.stats.get(Event::Custom, "damage_taken") > 0,
        "its arrows reach the player it keeps away from"
    );
}

/// Vanilla's `MoveControl.strafe` moves at a quarter of the walk, whatever
/// the goal's speed: a skeleton circling the player in its range is slow
/// enough to catch.
#[test]
fn a_skeleton_strafes_at_a_quarter_of_its_walk() {
    let mut game = night_game();
    let skeleton = summon(&mut game, "skeleton", 0.5, 8.5);
    idle(&mut game, 40);
    let mut fastest: f64 = 0.0;
    for _ in 0..160 {
        let before = entity(&game, skeleton).pos;
        idle(&mut game, 1);
        let after = entity(&game, skeleton).pos;
        fastest = fastest.max((after[0] - before[0]).hypot(after[2] - before[2]));
    }
    let kind = registry().entity_named("skeleton").unwrap();
    let walk = registry().creature(kind).unwrap().speed;
    assert!(
        horizontal_distance(&game, skeleton) < 15.0,
        "it stayed in its range"
    );
    assert!(
        fastest < walk * 0.5,
        "a strafe step is at most half the walk's speed attribute ({walk}), not {fastest:.3}"
    );
}

#[test]
fn an_enderman_teleports_when_hit_face_to_face() {
    let mut game = platform_game();
    let enderman = summon(&mut game, "enderman", 0.5, 2.5);
    idle(&mut game, 1);
    // Look it in the eye: 2.55 blocks up, 2 ahead.
    let eye = senses::eye(entity(&game, enderman));
    let from = game.player.eye();
    let d = [eye[0] - from[0], eye[1] - from[1], eye[2] - from[2]];
    game.player.yaw = (-d[0]).atan2(d[2]).to_degrees() as f32;
    game.player.pitch = (-d[1])
        .atan2((d[0] * d[0] + d[2] * d[2]).sqrt())
        .to_degrees() as f32;
    combat::hurt_mob(&mut game, enderman, 1.0, Attacker::Player);
    idle(&mut game, 10);
    assert!(
        horizontal_distance(&game, enderman) > 4.0,
        "it teleported away, now {:.1} blocks off",
        horizontal_distance(&game, enderman)
    );
    assert!(memory(&game, enderman).target, "and stays angry");
}

#[test]
fn an_enderman_angered_by_a_hit_teleports_back_towards_a_far_player() {
    let mut game = platform_game();
    game.day_time = 18000;
    game.player.pos = [14.5, GROUND, 14.5];
    let enderman = summon(&mut game, "enderman", -15.5, -15.5);
    // Struck from afar with the player's back to it: no look in the eye.
    combat::hurt_mob(&mut game, enderman, 1.0, Attacker::Player);
    idle(&mut game, 40);
    let distance = horizontal_distance(&game, enderman);
    assert!(memory(&game, enderman).target, "it is angry");
    // 42 blocks off: a walk of 40 ticks closes about five of them, the
    // teleport after 30 ticks sixteen.
    assert!(
        distance < 32.0,
        "it teleported closer: {distance:.1} blocks off"
    );
}

#[test]
fn an_angry_enderman_in_water_is_hurt_and_teleports_off_still_angry() {
    let mut game = platform_game();
    game.day_time = 18000;
    let enderman = summon(&mut game, "enderman", 0.5, 6.5);
    let feet = [0, FLOOR + 1, 6];
    put(&mut game.world, feet, "water");
    if let Some(EntityKind::Mob(mob)) = game.entities.get_mut(enderman).map(|e| &mut e.kind) {
        mob.brain.memory.target = true;
    }
    idle(&mut game, 5);
    let e = entity(&game, enderman);
    let moved = ((e.pos[0] - 0.5).powi(2) + (e.pos[2] - 6.5).powi(2)).sqrt();
    assert!(
        moved > 2.0,
        "it teleported out of the water ({moved:.1} blocks)"
    );
    let EntityKind::Mob(mob) = &e.kind else {
        unreachable!()
    };
    assert!(mob.health < 40.0, "the water hurt it: {}", mob.health);
    assert!(memory(&game, enderman).target, "and it is still angry");
}

#[test]
fn a_spider_in_daylight_ignores_you_until_hit() {
    let mut game = platform_game();
    game.day_time = 6000;
    let spider = summon(&mut game, "spider", 0.5, 4.5);
    idle(&mut game, 200);
    assert!(!memory(&game, spider).target);
    assert_eq!(game.stats.get(Event::Custom, "damage_taken"), 0);
    game.day_time = 18000;
    idle(&mut game, 200);
    assert!(
        game.stats.get(Event::Custom, "damage_taken") > 0,
        "in the dark the spider attacks"
    );
}

#[test]
fn phantoms_circle_clear_of_the_ground_then_swoop_down_to_bite() {
    let mut game = night_game();
    let phantoms: Vec<EntityId> = [(3.5, 3.5), (-3.5, 2.5), (2.5, -4.5), (-4.5, -3.5)]
        .into_iter()
        .map(|(x, z)| summon(&mut game, "phantom", x, z))
        .collect();
    // Summoned on the floor, they rise to circle; the first swoop comes
    // 160 ticks or more after a target is seen.
    idle(&mut game, 60);
    let mut lowest = f64::INFINITY;
    for _ in 60..150 {
        idle(&mut game, 1);
        for &phantom in &phantoms {
            lowest = lowest.min(entity(&game, phantom).pos[1]);
        }
    }
    assert!(
        lowest >= GROUND + 0.9,
        "circling, no phantom came within a block of the floor (lowest feet {lowest:.2}, floor {GROUND})"
    );
    assert_eq!(game.stats.get(Event::Custom, "damage_taken"), 0);
    idle(&mut game, 300);
    assert!(
        game.stats.get(Event::Custom, "damage_taken") > 0,
        "a phantom swooped down and bit"
    );
}

#[test]
fn a_zombie_burns_at_noon_unless_it_wears_a_helmet() {
    let mut game = platform_game();
    game.day_time = 6000;
    game.player.pos = [10.5, GROUND, 10.5];
    let bare = summon(&mut game, "zombie", -10.5, -10.5);
    let helmeted = summon(&mut game, "zombie", -10.5, 8.5);
    if let EntityKind::Mob(mob) = &mut game.entities.get_mut(helmeted).unwrap().kind {
        mob.tags.helmet = true;
    }
    idle(&mut game, 200);
    let health = |game: &Game, id| match &entity(game, id).kind {
        EntityKind::Mob(mob) => mob.health,
        _ => unreachable!(),
    };
    assert!(health(&game, bare) < 20.0, "the bare zombie burns");
    assert_eq!(health(&game, helmeted), 20.0, "the helmet shades it");
}

#[test]
fn a_wolf_attacks_only_once_hit_and_calls_its_pack() {
    let mut game = night_game();
    let biter = summon(&mut game, "wolf", 3.5, 0.5);
    let packmate = summon(&mut game, "wolf", 4.5, 1.5);
    for id in [biter, packmate] {
        if let EntityKind::Mob(mob) = &mut game.entities.get_mut(id).unwrap().kind {
            mob.tags.angry = true;
        }
    }
    idle(&mut game, 100);
    assert_eq!(
        game.stats.get(Event::Custom, "damage_taken"),
        0,
        "angry but no target"
    );
    combat::hurt_mob(&mut game, biter, 1.0, Attacker::Player);
    idle(&mut game, 2);
    assert!(memory(&game, packmate).target, "the pack joins in");
    idle(&mut game, 100);
    assert!(game.stats.get(Event::Custom, "damage_taken") > 0);
}

#[test]
fn a_raised_shield_blocks_a_zombie_from_the_front() {
    let mut game = night_game();
    game.player.inventory.offhand = Some(ItemStack::new(item("shield"), 1));
    let zombie = summon(&mut game, "zombie", 0.5, 2.5);
    combat::hurt_mob(&mut game, zombie, 0.5, Attacker::Player);
    run(&mut game, &keys(&[Key::Use]), 120);
    assert!(
        game.stats.get(Event::UseItem, "shield") > 0,
        "blocked hits count"
    );
    assert!(game.stats.get(Event::Custom, "damage_blocked_by_shield") >= 30);
    assert_eq!(game.stats.get(Event::Custom, "damage_taken"), 0);
    // Turned away, the shield does not cover the player.
    game.player.yaw = 180.0;
    run(&mut game, &keys(&[Key::Use]), 60);
    assert!(game.stats.get(Event::Custom, "damage_taken") > 0);
}

#[test]
fn a_killed_creature_drops_its_loot() {
    let mut game = platform_game();
    let cow = summon(&mut game, "cow", 0.5, 1.5);
    combat::hurt_mob(&mut game, cow, 20.0, Attacker::Player);
    let beef = game
        .entities
        .list
        .iter()
        .filter_map(|e| match &e.kind {
            EntityKind::Item { stack, .. } if stack.item == item("beef") => Some(stack.count),
            _ => None,
        })
        .sum::<u8>();
    assert!((1..=3).contains(&beef), "{beef} beef");
}

#[test]
fn a_mob_killing_the_player_counts_entity_killed_by() {
    let mut game = platform_game();
    game.player.health = 2.0;
    let zombie = summon(&mut game, "zombie", 0.5, 1.5);
    combat::hurt_mob(&mut game, zombie, 0.5, Attacker::Player);
    idle(&mut game, 60);
    assert_eq!(game.stats.get(Event::EntityKilledBy, "zombie"), 1);
    assert_eq!(game.stats.get(Event::Custom, "deaths"), 1);
    // The zombie forgets a dead player, and the game goes on to respawn.
    idle(&mut game, 40);
    assert!(!game.player.is_dead());
}

/// Creature positions and the statistics after a fight scripted by fixed
/// actions.
fn replay() -> (Vec<[f64; 3]>, crate::sim::Statistics) {
    let mut game = night_game();
    game.player.inventory.main[0] = Some(ItemStack::new(item("iron_sword"), 1));
    for (i, name) in ["zombie", "pig", "spider", "cow", "skeleton"]
        .iter()
        .enumerate()
    {
        summon(&mut game, name, i as f64 * 2.0 - 4.0, 5.5);
    }
    let mut trail = Vec::new();
    for tick in 0..400 {
        let mut action = Action::noop();
        if tick % 15 == 0 {
            action.press(Key::Attack);
        }
        action.camera = [0.0, if tick % 40 < 20 { 3.0 } else { -3.0 }];
        crate::sim::rules::tick(&mut game, &action);
        trail.extend(game.entities.list.iter().map(|e| e.pos));
    }
    (trail, game.stats)
}

#[test]
fn the_same_seed_and_actions_give_the_same_creatures() {
    let (first, first_stats) = replay();
    let (second, second_stats) = replay();
    assert_eq!(first, second);
    assert_eq!(first_stats, second_stats);
    assert!(first_stats.get(Event::Custom, "damage_taken") > 0);
}

#[test]
fn a_spider_buried_in_a_hillside_suffocates_and_counts_as_no_kill() {
    let mut game = platform_game();
    game.day_time = 6000;
    game.player.pos = [20.5, GROUND, 20.5];
    // Deep enough that it does not climb out before it dies.
    for x in -2..=2 {
        for y in 1..=4 {
            for z in -2..=2 {
                put(&mut game.world, [x, FLOOR + y, z], "dirt");
            }
        }
    }
    let buried = summon(&mut game, "spider", 0.5, 0.5);
    let free = summon(&mut game, "spider", -10.5, 10.5);
    idle(&mut game, 100);
    let health = |game: &Game, id| match &game.entities.get(id).map(|e| &e.kind) {
        Some(EntityKind::Mob(mob)) => mob.health,
        _ => 0.0,
    };
    let hurt = health(&game, buried);
    assert!((0.0..16.0).contains(&hurt), "hurt by the dirt: {hurt}");
    assert!(hurt >= 16.0 - 11.0, "one point a hurt window: {hurt} left");
    idle(&mut game, 100);
    assert_eq!(health(&game, buried), 0.0, "dead within 200 ticks");
    assert_eq!(health(&game, free), 16.0, "open air does not hurt");
    assert_eq!(game.stats.get(Event::KillEntity, "spider"), 0);
}

#[test]
fn a_shorn_sheep_grazes_its_wool_back() {
    // Two shorn sheep penned in single cells on grass blocks, one with
    // a grass plant at its feet: the plant is eaten first, else the
    // grass block turns to dirt, and the wool grows back.
    let mut game = platform_game();
    let pens = [[0, 4], [4, 4]];
    for [x, z] in pens {
        put(&mut game.world, [x, FLOOR, z], "grass_block");
        for [dx, dz] in [[1, 0], [-1, 0], [0, 1], [0, -1]] {
            for y in 1..=2 {
                put(&mut game.world, [x + dx, FLOOR + y, z + dz], "stone");
            }
        }
    }
    put(&mut game.world, [4, FLOOR + 1, 4], "grass");
    let sheep =
        pens.map(|[x, z]| summon(&mut game, "sheep", f64::from(x) + 0.5, f64::from(z) + 0.5));
    let shorn =
        |game: &Game, id| matches!(&entity(game, id).kind, EntityKind::Mob(m) if m.tags.sheared);
    for id in sheep {
        if let Some(EntityKind::Mob(m)) = game.entities.get_mut(id).map(|e| &mut e.kind) {
            m.tags.sheared = true;
        }
    }
    // Each pen's floor and feet cells, read as its sheep's wool grows back.
    let cells = |game: &Game, [x, z]: [i32; 2]| {
        [
            game.world.get([x, FLOOR, z]),
            game.world.get([x, FLOOR + 1, z]),
        ]
    };
    let mut grown: [Option<[BlockId; 2]>; 2] = [None; 2];
    for _ in 0..20_000 {
        idle(&mut game, 1);
        for (i, &id) in sheep.iter().enumerate() {
            if grown[i].is_none() && !shorn(&game, id) {
                grown[i] = Some(cells(&game, pens[i]));
            }
        }
        if grown.iter().all(Option::is_some) {
            break;
        }
    }
    assert_eq!(grown[0], Some([block("dirt"), BlockId::AIR]));
    assert_eq!(grown[1], Some([block("grass_block"), BlockId::AIR]));
}
