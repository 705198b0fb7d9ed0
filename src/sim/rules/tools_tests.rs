//! Tests of the tools that act on creatures: bow and arrow physics, hits
//! and their statistics, tridents, the fishing rod, shears, milking,
//! leads, breeding, golems, and determinism.

use super::archery::{bow_power, mob_shoots};
use super::testkit::{keys, platform_game, put, run, FLOOR};
use crate::protocol::{Action, Key};
use crate::sim::entity::{EntityId, EntityKind, Mob, MobTags};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::projectile::{Arrow, Bobber, BobberState};
use crate::sim::registry::{block, item, registry, BlockId};
use crate::suite::Event;

fn spawn_mob(game: &mut Game, kind: &str, pos: [f64; 3], health: f32, tags: MobTags) -> EntityId {
    let kind = registry().entity_named(kind).unwrap();
    game.entities
        .spawn(EntityKind::Mob(Mob::new(kind, health, tags)), pos, [0.0; 3])
}

/// A point on the floor `z` blocks south of the player's column (where it looks).
fn ahead(z: f64) -> [f64; 3] {
    [0.5, f64::from(FLOOR + 1), z]
}

/// An adult creature of a kind standing on the floor `z` blocks ahead.
fn spawn_ahead(game: &mut Game, kind: &str, z: f64, health: f32) -> EntityId {
    spawn_mob(game, kind, ahead(z), health, MobTags::default())
}

/// Puts `count` of an item in the player's hand.
fn hold(game: &mut Game, name: &str, count: u8) {
    game.player.inventory.main[0] = Some(ItemStack::new(item(name), count));
}

/// Moves the projectiles alone for a number of ticks.
fn fly(game: &mut Game, ticks: u32) {
    for _ in 0..ticks {
        super::projectiles::tick(game);
    }
}

fn mob(game: &Game, id: EntityId) -> Option<&Mob> {
    game.entities.get(id).and_then(|e| match &e.kind {
        EntityKind::Mob(m) => Some(m),
        _ => None,
    })
}

fn arrows(game: &Game) -> Vec<(&Arrow, [f64; 3], [f64; 3])> {
    game.entities
        .list
        .iter()
        .filter_map(|e| match &e.kind {
            EntityKind::Arrow(a) => Some((a, e.pos, e.vel)),
            _ => None,
        })
        .collect()
}

fn bobber(game: &Game) -> Option<Bobber> {
    game.entities.list.iter().find_map(|e| match e.kind {
        EntityKind::Bobber(b) => Some(b),
        _ => None,
    })
}

fn count_items(game: &Game, name: &str) -> u32 {
    game.entities
        .list
        .iter()
        .filter_map(|e| match &e.kind {
            EntityKind::Item { stack, .. } if stack.name() == name => Some(u32::from(stack.count)),
            _ => None,
        })
        .sum()
}

fn archer() -> Game {
    let mut game = platform_game();
    hold(&mut game, "bow", 1);
    game.player.inventory.main[5] = Some(ItemStack::new(item("arrow"), 10));
    game
}

/// Draws for `ticks` ticks, then lets go.
fn shoot(game: &mut Game, ticks: usize) {
    run(game, &keys(&[Key::Use]), ticks);
    run(game, &Action::noop(), 1);
}

#[test]
fn bow_power_follows_the_vanilla_curve() {
    assert_eq!(bow_power(0), 0.0);
    assert!((bow_power(10) - 1.25 / 3.0).abs() < 1e-6);
    assert_eq!(bow_power(20), 1.0);
    assert_eq!(bow_power(60), 1.0);
}

#[test]
fn a_full_draw_shoots_one_arrow_at_three_blocks_a_tick() {
    let mut game = archer();
    shoot(&mut game, 20);
    assert_eq!(game.stats.get(Event::UseItem, "bow"), 1);
    assert_eq!(game.player.inventory.count(item("arrow")), 9);
    assert_eq!(game.player.inventory.main[0].as_ref().unwrap().damage, 1);
    let shot = arrows(&game);
    assert_eq!(shot.len(), 1);
    let (arrow, _, vel) = shot[0];
    assert!(arrow.crit, "a full draw is a critical arrow");
    // One tick of flight: drag 0.99, then gravity 0.05.
    let speed = vel.iter().map(|v| v * v).sum::<f64>().sqrt();
    assert!((speed - 3.0 * 0.99).abs() < 0.1, "{speed}");
    assert!((vel[1] + 0.05).abs() < 0.05, "{vel:?}");
}

#[test]
fn a_short_tap_shoots_nothing_and_no_arrows_means_no_draw() {
    let mut game = archer();
    shoot(&mut game, 1);
    assert!(arrows(&game).is_empty(), "power below 0.1");
    assert_eq!(game.stats.get(Event::UseItem, "bow"), 0);
    game.player.inventory.main[5] = None;
    shoot(&mut game, 20);
    assert!(game.player.drawing.is_none());
    assert!(arrows(&game).is_empty());
}

#[test]
fn drag_and_gravity_shape_the_flight() {
    let mut game = archer();
    shoot(&mut game, 20);
    let before = arrows(&game)[0].2;
    super::projectiles::tick(&mut game);
    let after = arrows(&game)[0].2;
    for a in [0, 2] {
        assert!((after[a] - before[a] * 0.99).abs() < 1e-9);
    }
    assert!((after[1] - (before[1] * 0.99 - 0.05)).abs() < 1e-9);
}

/// A stone strip south of the player, with air above, for long flights.
fn runway(game: &mut Game, length: i32) {
    for z in 0..length {
        for x in -2..=2 {
            put(&mut game.world, [x, FLOOR, z], "stone");
            for y in FLOOR + 1..FLOOR + 12 {
                game.world.set([x, y, z], BlockId::AIR);
            }
        }
    }
}

#[test]
fn a_level_full_power_shot_sticks_about_twenty_five_blocks_away() {
    let mut game = archer();
    runway(&mut game, 60);
    shoot(&mut game, 20);
    fly(&mut game, 40);
    let (arrow, pos, _) = arrows(&game)[0];
    assert!(arrow.in_ground);
    // Launched 1.52 above the floor at 3 blocks/tick it falls for about 8
    // ticks: 24.7 blocks without spread; the spread (σ 0.0225 blocks/tick
    // upwards) moves that by about 1.2 blocks per σ.
    assert!((21.0..29.0).contains(&pos[2]), "{pos:?}");
    assert!((pos[1] - f64::from(FLOOR + 1)).abs() < 0.1, "{pos:?}");
}

#[test]
fn an_arrow_hits_the_first_creature_and_a_kill_counts_for_the_player() {
    let mut game = archer();
    let pig = spawn_ahead(&mut game, "pig", 6.5, 10.0);
    game.player.pitch = 8.0;
    shoot(&mut game, 20);
    fly(&mut game, 5);
    let health = mob(&game, pig).unwrap().health;
    // ceil(≈2.9 · 2) = 6, plus a critical bonus of 0..=4.
    assert!((0.0..=4.0).contains(&health), "{health}");
    assert!(arrows(&game).is_empty(), "the arrow is spent");
    assert!(game.stats.get(Event::Custom, "damage_dealt") >= 60);
    hold(&mut game, "bow", 1);
    let spot = ahead(6.5);
    for _ in 0..3 {
        if mob(&game, pig).is_some_and(|m| !m.is_dying()) {
            // The hurt pig panics and runs; it is held on the mark while
            // the next shot is drawn and loosed.
            for held_ticks in [12, 20] {
                for _ in 0..held_ticks {
                    let drawing = held_ticks == 20;
                    let action = if drawing {
                        keys(&[Key::Use])
                    } else {
                        Action::noop()
                    };
                    run(&mut game, &action, 1);
                    if let Some(e) = game.entities.get_mut(pig) {
                        e.pos = spot;
                        e.vel = [0.0; 3];
                    }
                }
            }
            run(&mut game, &Action::noop(), 1);
            fly(&mut game, 5);
        }
    }
    assert_eq!(game.stats.get(Event::KillEntity, "pig"), 1);
}

#[test]
fn a_stuck_arrow_is_picked_up_and_an_unreached_one_despawns() {
    let mut game = archer();
    game.player.pitch = 60.0;
    shoot(&mut game, 20);
    run(&mut game, &Action::noop(), 5);
    assert!(arrows(&game)[0].0.in_ground);
    run(&mut game, &keys(&[Key::Forward]), 20);
    assert!(arrows(&game).is_empty());
    assert_eq!(game.player.inventory.count(item("arrow")), 10);

    let mut game = archer();
    game.player.pitch = 30.0;
    shoot(&mut game, 20);
    fly(&mut game, super::projectiles::STUCK_LIFETIME + 20);
    assert!(arrows(&game).is_empty());
}

#[test]
fn a_skeleton_s_arrow_hurts_the_player_and_cannot_be_picked_up() {
    let mut game = platform_game();
    let skeleton = spawn_ahead(&mut game, "skeleton", 8.5, 20.0);
    let feet = game.player.pos;
    assert!(mob_shoots(&mut game, skeleton, feet, 1.8, 1.0).is_some());
    fly(&mut game, 10);
    assert!(game.player.health < 20.0, "{}", game.player.health);
    assert!(game.stats.get(Event::Custom, "damage_taken") > 0);
    assert_eq!(game.stats.get(Event::Custom, "damage_dealt"), 0);
}

#[test]
fn a_trident_needs_ten_ticks_deals_eight_and_comes_back_by_hand() {
    let mut game = platform_game();
    hold(&mut game, "trident", 1);
    shoot(&mut game, 9);
    assert!(arrows(&game).is_empty());
    let pig = spawn_ahead(&mut game, "pig", 5.5, 10.0);
    game.player.pitch = 10.0;
    shoot(&mut game, 10);
    assert_eq!(game.stats.get(Event::UseItem, "trident"), 1);
    assert!(game.player.inventory.main[0].is_none());
    fly(&mut game, 5);
    assert_eq!(mob(&game, pig).unwrap().health, 2.0);
    run(&mut game, &Action::noop(), 30);
    assert!(arrows(&game)[0].0.in_ground, "it drops by the pig");
    game.entities.list.retain(|e| e.id != pig);
    run(&mut game, &keys(&[Key::Forward]), 40);
    assert_eq!(game.player.inventory.count(item("trident")), 1);
}

#[test]
fn the_rod_casts_hooks_a_chicken_and_reels_it_in() {
    let mut game = platform_game();
    hold(&mut game, "fishing_rod", 1);
    let chicken = spawn_ahead(&mut game, "chicken", 3.5, 4.0);
    game.player.pitch = 15.0;
    run(&mut game, &keys(&[Key::Use]), 1);
    assert_eq!(game.stats.get(Event::UseItem, "fishing_rod"), 1);
    run(&mut game, &Action::noop(), 10);
    assert_eq!(
        bobber(&game).map(|b| b.state),
        Some(BobberState::Hooked(chicken))
    );
    let before = game.entities.get(chicken).unwrap().pos;
    run(&mut game, &keys(&[Key::Use]), 1);
    assert!(bobber(&game).is_none());
    run(&mut game, &Action::noop(), 5);
    let after = game.entities.get(chicken).unwrap().pos;
    assert!(
        after[2] < before[2] - 0.1,
        "pulled towards the player: {before:?} → {after:?}"
    );
    assert_eq!(
        game.stats.get(Event::UseItem, "fishing_rod"),
        1,
        "reeling is not counted"
    );
    assert_eq!(game.player.inventory.main[0].as_ref().unwrap().damage, 5);
}

/// A creature right in front of the player, in reach.
fn in_front(game: &mut Game, kind: &str, tags: MobTags) -> EntityId {
    game.player.pitch = 30.0;
    spawn_mob(game, kind, ahead(2.0), 8.0, tags)
}

fn use_once(game: &mut Game) {
    run(game, &keys(&[Key::Use]), 1);
    run(game, &Action::noop(), 1);
}

/// A platform game with `count` of an item in hand, used once on an adult
/// creature of a kind standing in front.
fn used_on_one(name: &str, count: u8, kind: &str) -> (Game, EntityId) {
    let mut game = platform_game();
    hold(&mut game, name, count);
    let id = in_front(&mut game, kind, MobTags::default());
    use_once(&mut game);
    (game, id)
}

#[test]
fn shears_drop_one_to_three_wool_of_the_sheep_s_colour_once() {
    let mut game = platform_game();
    hold(&mut game, "shears", 1);
    let red = MobTags {
        color: 14,
        ..MobTags::default()
    };
    let sheep = in_front(&mut game, "sheep", red);
    use_once(&mut game);
    assert!(mob(&game, sheep).unwrap().tags.sheared);
    let wool = count_items(&game, "red_wool");
    assert!((1..=3).contains(&wool), "{wool}");
    assert_eq!(game.player.inventory.main[0].as_ref().unwrap().damage, 1);
    run(&mut game, &Action::noop(), 4);
    use_once(&mut game);
    assert_eq!(
        count_items(&game, "red_wool"),
        wool,
        "a shorn sheep gives nothing"
    );
}

#[test]
fn a_bucket_milks_a_cow() {
    let (game, _) = used_on_one("bucket", 2, "cow");
    assert_eq!(game.player.inventory.count(item("milk_bucket")), 1);
    assert_eq!(game.player.inventory.count(item("bucket")), 1);
}

#[test]
fn a_lead_holds_pulls_and_breaks() {
    let (mut game, pig) = used_on_one("lead", 1, "pig");
    assert!(mob(&game, pig).unwrap().state.leashed);
    assert_eq!(game.player.inventory.count(item("lead")), 0);
    // Eight blocks away it is pulled back towards the player.
    let e = game.entities.get_mut(pig).unwrap();
    e.pos = ahead(8.5);
    super::tools_on_mobs::tick_leashes(&mut game);
    assert!(game.entities.get_mut(pig).unwrap().vel[2] < -0.2);
    // Eleven blocks away the lead breaks and drops.
    let e = game.entities.get_mut(pig).unwrap();
    e.pos = ahead(11.5);
    super::tools_on_mobs::tick_leashes(&mut game);
    assert!(!mob(&game, pig).unwrap().state.leashed);
    assert_eq!(count_items(&game, "lead"), 1);
}

#[test]
fn hostile_creatures_take_no_lead() {
    let (game, zombie) = used_on_one("lead", 1, "zombie");
    assert!(!mob(&game, zombie).unwrap().state.leashed);
    assert_eq!(game.player.inventory.count(item("lead")), 1);
}

#[test]
fn two_fed_cows_have_a_calf_and_then_rest() {
    let (mut game, a) = used_on_one("wheat", 4, "cow");
    let b = spawn_mob(
        &mut game,
        "cow",
        [4.5, f64::from(FLOOR + 1), 2.0],
        10.0,
        MobTags::default(),
    );
    game.entities.get_mut(a).unwrap().pos[0] = -1.5;
    game.player.yaw = 0.0;
    game.player.pitch = 30.0;
    // Feed the second cow where the first stood.
    game.entities.get_mut(b).unwrap().pos = ahead(2.0);
    use_once(&mut game);
    assert_eq!(game.player.inventory.count(item("wheat")), 2);
    run(&mut game, &Action::noop(), 100);
    assert_eq!(game.stats.get(Event::Custom, "animals_bred"), 1);
    assert_eq!(game.stats.get(Event::Mobs, "cow"), 1);
    let calves = game
        .entities
        .list
        .iter()
        .filter(|e| matches!(&e.kind, EntityKind::Mob(m) if m.tags.baby))
        .count();
    assert_eq!(calves, 1);
    assert!(mob(&game, a).unwrap().state.love.cooldown > 0);
    // Cooling down, they do not eat.
    game.entities.get_mut(b).unwrap().pos = ahead(2.0);
    use_once(&mut game);
    assert_eq!(game.player.inventory.count(item("wheat")), 2);
}

/// Places the selected head on the block at `below` by looking down at it.
fn place_head_on(game: &mut Game, below: [i32; 3]) {
    game.player.pos = [
        f64::from(below[0]) + 0.5,
        f64::from(below[1]) + 2.0,
        f64::from(below[2]) - 1.5,
    ];
    put(
        &mut game.world,
        [below[0], below[1] + 1, below[2] - 2],
        "stone",
    );
    game.player.yaw = 0.0;
    game.player.pitch = 55.0;
    hold(game, "carved_pumpkin", 1);
    use_once(game);
}

#[test]
fn a_pumpkin_on_two_snow_blocks_makes_a_snow_golem() {
    let mut game = platform_game();
    let base = [0, FLOOR + 1, 3];
    put(&mut game.world, base, "snow_block");
    put(&mut game.world, [0, FLOOR + 2, 3], "snow_block");
    place_head_on(&mut game, [0, FLOOR + 2, 3]);
    assert_eq!(game.stats.get(Event::Mobs, "snow_golem"), 1);
    for y in 1..=3 {
        assert_eq!(game.world.get([0, FLOOR + y, 3]), BlockId::AIR);
    }
    let golem = game
        .entities
        .list
        .iter()
        .find(|e| matches!(&e.kind, EntityKind::Mob(m) if registry().entity(m.kind).name == "snow_golem"))
        .expect("a snow golem");
    assert!((golem.pos[1] - f64::from(FLOOR + 1)).abs() < 0.1);
}

#[test]
fn a_t_of_iron_with_a_pumpkin_makes_an_iron_golem() {
    let mut game = platform_game();
    put(&mut game.world, [0, FLOOR + 1, 3], "iron_block");
    for x in -1..=1 {
        put(&mut game.world, [x, FLOOR + 2, 3], "iron_block");
    }
    place_head_on(&mut game, [0, FLOOR + 2, 3]);
    assert_eq!(game.stats.get(Event::Mobs, "iron_golem"), 1);
    for x in -1..=1 {
        assert_eq!(game.world.get([x, FLOOR + 2, 3]), BlockId::AIR);
    }
}

#[test]
fn an_incomplete_pattern_makes_nothing() {
    let mut game = platform_game();
    put(&mut game.world, [0, FLOOR + 1, 3], "iron_block");
    put(&mut game.world, [0, FLOOR + 2, 3], "iron_block");
    put(&mut game.world, [1, FLOOR + 2, 3], "iron_block");
    place_head_on(&mut game, [0, FLOOR + 2, 3]);
    assert_eq!(game.world.get([0, FLOOR + 3, 3]), block("carved_pumpkin"));
    assert!(game.stats.get(Event::Mobs, "iron_golem") == 0);
    assert!(game
        .entities
        .list
        .iter()
        .all(|e| !matches!(e.kind, EntityKind::Mob(_))));
}

#[test]
fn shots_and_casts_replay_identically() {
    let play = || {
        let mut game = archer();
        spawn_ahead(&mut game, "pig", 6.5, 10.0);
        shoot(&mut game, 20);
        shoot(&mut game, 25);
        game.player.inventory.main[1] = Some(ItemStack::new(item("fishing_rod"), 1));
        run(&mut game, &keys(&[Key::Hotbar2]), 1);
        use_once(&mut game);
        run(&mut game, &Action::noop(), 30);
        let state: Vec<String> = game
            .entities
            .list
            .iter()
            .map(|e| format!("{:?} {:?} {:?}", e.kind, e.pos, e.vel))
            .collect();
        (state, game.stats.clone())
    };
    assert_eq!(play(), play());
}
