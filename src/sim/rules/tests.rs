//! Whole-tick scenarios: movement, breaking, items, health and
//! determinism, each on a small world built for the test.

use super::testkit::{fill, keys, platform_game, put, run, FLOOR};
use crate::protocol::{Action, Key};
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::registry::{block, item, BlockId};
use crate::sim::world::Dimension;
use crate::suite::Event;

/// Ground acceleration per tick when walking on stone: 0.1 × 0.98.
const WALK_ACCELERATION: f64 = 0.098;
/// Horizontal velocity kept per tick on stone: 0.6 × 0.91.
const GROUND_KEEP: f64 = 0.546;

/// Distance walked in `n` ticks from rest, by vanilla's recurrence
/// v ← (v + a)·k, each tick moving v + a.
fn expected_walk(n: u32, a: f64) -> f64 {
    (1..=n)
        .map(|k| a * (1.0 - GROUND_KEEP.powi(k as i32)) / (1.0 - GROUND_KEEP))
        .sum()
}

fn items_on_ground(game: &Game) -> Vec<(&'static str, u8)> {
    game.entities
        .list
        .iter()
        .filter_map(|e| match &e.kind {
            EntityKind::Item { stack, .. } => Some((stack.name(), stack.count)),
            _ => None,
        })
        .collect()
}

#[test]
fn walking_forward_matches_vanilla_speed() {
    let mut game = platform_game();
    run(&mut game, &keys(&[Key::Forward]), 20);
    let walked = game.player.pos[2] - 0.5;
    assert!(
        (walked - expected_walk(20, WALK_ACCELERATION)).abs() < 1e-6,
        "{walked}"
    );
    let before = game.player.pos[2];
    run(&mut game, &keys(&[Key::Forward]), 1);
    let speed = (game.player.pos[2] - before) * 20.0;
    assert!((speed - 4.317).abs() < 0.01, "walking speed {speed} m/s");
    let walked_cm = (game.player.pos[2] - 0.5) * 100.0;
    let counted = game.stats.get(Event::Custom, "walk_one_cm") as f64;
    assert!(
        (counted - walked_cm).abs() <= 21.0 * 0.5,
        "rounded per tick: {counted} vs {walked_cm}"
    );
    assert!(game.player.pos[0] == 0.5 && game.player.pos[1] == f64::from(FLOOR + 1));
}

#[test]
fn sprinting_and_sneaking_change_the_speed() {
    let mut sprint = platform_game();
    run(&mut sprint, &keys(&[Key::Forward, Key::Sprint]), 40);
    let before = sprint.player.pos[2];
    run(&mut sprint, &keys(&[Key::Forward, Key::Sprint]), 1);
    assert!(((sprint.player.pos[2] - before) * 20.0 - 5.612).abs() < 0.01);
    assert!(sprint.stats.get(Event::Custom, "sprint_one_cm") > 0);

    let mut sneak = platform_game();
    run(
        &mut sneak,
        &keys(&[Key::Forward, Key::Sneak, Key::Sprint]),
        40,
    );
    let before = sneak.player.pos[2];
    run(&mut sneak, &keys(&[Key::Forward, Key::Sneak]), 1);
    assert!(((sneak.player.pos[2] - before) * 20.0 - 1.295).abs() < 0.01);
    assert!(!sneak.player.sprinting);

    let mut hungry = platform_game();
    hungry.player.food = 6;
    run(&mut hungry, &keys(&[Key::Forward, Key::Sprint]), 5);
    assert!(!hungry.player.sprinting);
}

#[test]
fn strafing_and_turning_follow_the_yaw() {
    let mut game = platform_game();
    let mut turn = Action::noop();
    turn.camera = [0.0, 90.0];
    run(&mut game, &turn, 1);
    run(&mut game, &keys(&[Key::Forward]), 10);
    assert!(game.player.pos[0] < 0.0, "yaw 90 walks west");
    let mut game = platform_game();
    run(&mut game, &keys(&[Key::Left]), 10);
    assert!(game.player.pos[0] > 1.0, "facing south, left is east");
}

#[test]
fn a_wall_stops_the_player() {
    let mut game = platform_game();
    for y in FLOOR + 1..FLOOR + 4 {
        put(&mut game.world, [0, y, 3], "stone");
    }
    run(&mut game, &keys(&[Key::Forward]), 40);
    assert!(
        (game.player.pos[2] - 2.7).abs() < 1e-9,
        "{}",
        game.player.pos[2]
    );
    assert!(game.player.horizontal_collision);
}

#[test]
fn jumping_climbs_one_block_but_not_two() {
    let mut game = platform_game();
    put(&mut game.world, [0, FLOOR + 1, 2], "stone");
    run(&mut game, &keys(&[Key::Forward, Key::Jump]), 30);
    assert!(game.player.pos[1] >= f64::from(FLOOR + 2) && game.player.pos[2] > 2.0);
    assert!(game.stats.get(Event::Custom, "jump") >= 1);

    let mut game = platform_game();
    put(&mut game.world, [0, FLOOR + 1, 2], "stone");
    put(&mut game.world, [0, FLOOR + 2, 2], "stone");
    for _ in 0..40 {
        run(&mut game, &keys(&[Key::Forward, Key::Jump]), 1);
        assert!(game.player.pos[2] <= 1.7 + 1e-9 && game.player.pos[1] < f64::from(FLOOR + 3));
    }
}

#[test]
fn a_jump_peaks_at_vanilla_height() {
    let mut game = platform_game();
    run(&mut game, &keys(&[Key::Jump]), 1);
    let mut peak: f64 = 0.0;
    for _ in 0..15 {
        run(&mut game, &Action::noop(), 1);
        peak = peak.max(game.player.pos[1] - f64::from(FLOOR + 1));
    }
    assert!((peak - 1.2522).abs() < 1e-3, "{peak}");
    assert!(game.player.on_ground);
}

#[test]
fn sneaking_keeps_the_player_on_the_edge() {
    let mut game = platform_game();
    for x in -2..=2 {
        for z in 2..6 {
            game.world.set([x, FLOOR, z], BlockId::AIR);
        }
    }
    run(&mut game, &keys(&[Key::Forward, Key::Sneak]), 60);
    assert_eq!(game.player.pos[1], f64::from(FLOOR + 1));
    assert!(
        game.player.pos[2] > 2.0 && game.player.pos[2] < 2.31,
        "{}",
        game.player.pos[2]
    );
    run(&mut game, &keys(&[Key::Forward]), 20);
    assert!(
        game.player.pos[1] < f64::from(FLOOR + 1),
        "without sneaking they fall"
    );
}

#[test]
fn a_ten_block_fall_costs_seven_health() {
    let mut game = platform_game();
    game.player.pos[1] = f64::from(FLOOR + 11);
    game.player.on_ground = false;
    for _ in 0..40 {
        run(&mut game, &Action::noop(), 1);
        if game.player.on_ground {
            break;
        }
    }
    assert!(game.player.on_ground);
    assert_eq!(game.player.health, 13.0);
    // Vanilla does not add the landing tick's drop to the fall distance.
    let fallen = game.stats.get(Event::Custom, "fall_one_cm");
    assert!((900..=1000).contains(&fallen), "{fallen}");
    assert_eq!(game.stats.get(Event::Custom, "damage_taken"), 70);
}

#[test]
fn water_breaks_a_fall_and_jump_swims_up() {
    let mut game = platform_game();
    fill(&mut game.world, [-1, FLOOR - 3, -1], [1, FLOOR, 1], "water");
    put(&mut game.world, [0, FLOOR - 4, 0], "stone");
    game.player.pos[1] = f64::from(FLOOR + 12);
    game.player.on_ground = false;
    run(&mut game, &Action::noop(), 60);
    assert_eq!(game.player.health, 20.0);
    assert!(game.player.in_water);
    let low = game.player.pos[1];
    run(&mut game, &keys(&[Key::Jump]), 20);
    assert!(game.player.pos[1] > low + 1.0);
}

/// A pool four deep and three wide running south from the player, who
/// floats in it at rest.
fn pool_game() -> Game {
    let mut game = platform_game();
    for x in -1..=1 {
        for z in -1..=16 {
            put(&mut game.world, [x, FLOOR - 4, z], "stone");
            for y in FLOOR - 3..=FLOOR {
                put(&mut game.world, [x, y, z], "water");
            }
        }
    }
    game.player.on_ground = false;
    run(&mut game, &Action::noop(), 60);
    game
}

/// Blocks crossed southwards in the last of `ticks` ticks of `action`.
fn speed_south(game: &mut Game, action: &Action, ticks: usize) -> f64 {
    run(game, action, ticks - 1);
    let before = game.player.pos[2];
    run(game, action, 1);
    game.player.pos[2] - before
}

#[test]
fn the_sneak_key_dives_and_a_sprint_under_water_swims_flat_at_twice_the_speed() {
    let mut floating = pool_game();
    let mut diving = pool_game();
    run(&mut floating, &Action::noop(), 10);
    run(&mut diving, &keys(&[Key::Sneak]), 10);
    assert!(
        diving.player.pos[1] < floating.player.pos[1] - 0.5,
        "sneak {} vs none {}",
        diving.player.pos[1],
        floating.player.pos[1]
    );

    let mut paddling = pool_game();
    run(&mut paddling, &keys(&[Key::Sneak]), 10);
    let paddle = speed_south(&mut paddling, &keys(&[Key::Forward]), 40);
    assert!(!paddling.player.swimming && !paddling.player.lying);
    let swim = speed_south(&mut diving, &keys(&[Key::Forward, Key::Sprint]), 40);
    let p = &diving.player;
    assert!(p.swimming && p.lying && !p.sneaking);
    assert!((p.height() - 0.6).abs() < 1e-9);
    assert!((p.eye()[1] - p.pos[1] - 0.4).abs() < 1e-9);
    // Terminal speeds 0.02·0.98 / (1 − drag): 0.098 at drag 0.8, 0.196 at 0.9.
    assert!((paddle - 0.098).abs() < 0.005, "paddling {paddle}");
    assert!((swim - 0.196).abs() < 0.005, "swimming {swim}");
    assert!(diving.stats.get(Event::Custom, "swim_one_cm") > 0);
}

#[test]
fn where_not_even_a_crouch_fits_the_body_lies_flat_and_crawls() {
    let mut game = platform_game();
    for z in -1..=3 {
        put(&mut game.world, [0, FLOOR + 2, z], "stone");
    }
    let crawl = speed_south(&mut game, &keys(&[Key::Forward, Key::Sprint]), 20);
    let p = &game.player;
    assert!(p.lying && !p.sneaking && !p.sprinting);
    assert!((p.eye()[1] - p.pos[1] - 0.4).abs() < 1e-9);
    // Crawling is as slow as sneaking: 1.295 m/s.
    assert!((crawl * 20.0 - 1.295).abs() < 0.01, "{crawl}");
    run(&mut game, &keys(&[Key::Forward]), 60);
    assert!(game.player.pos[2] > 5.0, "{:?}", game.player.pos);
    assert!(
        !game.player.lying,
        "stands up once out from under the ceiling"
    );
}

#[test]
fn ladders_are_climbed_and_sneaking_holds_on() {
    let mut game = platform_game();
    for y in FLOOR + 1..FLOOR + 8 {
        put(&mut game.world, [0, y, 1], "ladder");
        put(&mut game.world, [0, y, 2], "stone");
    }
    run(&mut game, &keys(&[Key::Forward]), 40);
    let high = game.player.pos[1];
    assert!(high > f64::from(FLOOR + 4), "{high}");
    assert!(game.stats.get(Event::Custom, "climb_one_cm") > 300);
    run(&mut game, &keys(&[Key::Sneak]), 20);
    assert!((game.player.pos[1] - high).abs() < 0.3);
    run(&mut game, &Action::noop(), 60);
    assert_eq!(
        game.player.health, 20.0,
        "sliding down a ladder does not hurt"
    );
}

/// Looks straight down at the floor block under the player's feet.
fn look_down(game: &mut Game) {
    game.player.pitch = 90.0;
}

#[test]
fn dirt_breaks_in_15_ticks_by_hand_and_faster_with_a_shovel() {
    for (tool, ticks) in [(None, 15), (Some("wooden_shovel"), 8)] {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR, 0], "dirt");
        game.player.inventory.main[0] = tool.map(|t| ItemStack::new(item(t), 1));
        look_down(&mut game);
        run(&mut game, &keys(&[Key::Attack]), ticks - 1);
        assert_eq!(game.world.get([0, FLOOR, 0]), block("dirt"), "{tool:?}");
        run(&mut game, &keys(&[Key::Attack]), 1);
        assert_eq!(game.world.get([0, FLOOR, 0]), BlockId::AIR, "{tool:?}");
        assert_eq!(game.stats.get(Event::MineBlock, "dirt"), 1);
        assert_eq!(items_on_ground(&game), vec![("dirt", 1)]);
    }
}

#[test]
fn releasing_attack_resets_the_progress() {
    let mut game = platform_game();
    put(&mut game.world, [0, FLOOR, 0], "dirt");
    look_down(&mut game);
    run(&mut game, &keys(&[Key::Attack]), 10);
    run(&mut game, &Action::noop(), 1);
    run(&mut game, &keys(&[Key::Attack]), 10);
    assert_eq!(game.world.get([0, FLOOR, 0]), block("dirt"));
}

#[test]
fn stone_by_hand_drops_nothing_and_counts_nothing() {
    let mut game = platform_game();
    look_down(&mut game);
    run(&mut game, &keys(&[Key::Attack]), 149);
    assert_eq!(game.world.get([0, FLOOR, 0]), block("stone"));
    run(&mut game, &keys(&[Key::Attack]), 2);
    assert_eq!(game.world.get([0, FLOOR, 0]), BlockId::AIR);
    assert_eq!(game.stats.get(Event::MineBlock, "stone"), 0);
    assert!(items_on_ground(&game).is_empty());
}

#[test]
fn stone_with_a_wooden_pickaxe_drops_cobblestone() {
    let mut game = platform_game();
    game.player.inventory.main[0] = Some(ItemStack::new(item("wooden_pickaxe"), 1));
    look_down(&mut game);
    run(&mut game, &keys(&[Key::Attack]), 23);
    assert_eq!(game.world.get([0, FLOOR, 0]), BlockId::AIR);
    assert_eq!(game.stats.get(Event::MineBlock, "stone"), 1);
    assert_eq!(game.stats.get(Event::UseItem, "wooden_pickaxe"), 1);
    assert_eq!(game.player.inventory.main[0].as_ref().unwrap().damage, 1);
    assert_eq!(items_on_ground(&game), vec![("cobblestone", 1)]);
}

#[test]
fn iron_ore_needs_a_stone_pickaxe() {
    for (tool, drops) in [("wooden_pickaxe", false), ("stone_pickaxe", true)] {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR, 0], "iron_ore");
        game.player.inventory.main[0] = Some(ItemStack::new(item(tool), 1));
        look_down(&mut game);
        // Hold attack until the ore breaks, and look before the player
        // falls into the hole and picks the drop up.
        for _ in 0..151 {
            if game.world.get([0, FLOOR, 0]) == BlockId::AIR {
                break;
            }
            run(&mut game, &keys(&[Key::Attack]), 1);
        }
        assert_eq!(game.world.get([0, FLOOR, 0]), BlockId::AIR);
        assert_eq!(
            game.stats.get(Event::MineBlock, "iron_ore"),
            u64::from(drops)
        );
        assert_eq!(!items_on_ground(&game).is_empty(), drops, "{tool}");
    }
}

#[test]
fn a_pickaxe_breaks_after_its_durability() {
    let mut game = platform_game();
    let mut pick = ItemStack::new(item("wooden_pickaxe"), 1);
    pick.damage = 57;
    game.player.inventory.main[0] = Some(pick);
    look_down(&mut game);
    run(&mut game, &keys(&[Key::Attack]), 23);
    assert_eq!(game.player.inventory.main[0].as_ref().unwrap().damage, 58);
    // Falling onto the next layer, keep digging.
    put(&mut game.world, [0, FLOOR - 1, 0], "stone");
    run(&mut game, &Action::noop(), 20);
    run(&mut game, &keys(&[Key::Attack]), 40);
    assert!(game.player.inventory.main[0].is_none());
    assert_eq!(game.stats.get(Event::BreakItem, "wooden_pickaxe"), 1);
    assert_eq!(game.stats.get(Event::MineBlock, "stone"), 2);
}

#[test]
fn grass_needs_shears_to_drop() {
    let mut game = platform_game();
    put(&mut game.world, [0, FLOOR + 1, 1], "grass");
    game.player.pitch = 60.0;
    run(&mut game, &keys(&[Key::Attack]), 1);
    assert_eq!(
        game.world.get([0, FLOOR + 1, 1]),
        BlockId::AIR,
        "grass breaks at once"
    );
    assert_eq!(game.stats.get(Event::MineBlock, "grass"), 1);
    assert!(items_on_ground(&game).is_empty());

    put(&mut game.world, [0, FLOOR + 1, 1], "grass");
    game.player.inventory.main[0] = Some(ItemStack::new(item("shears"), 1));
    run(&mut game, &Action::noop(), 1);
    run(&mut game, &keys(&[Key::Attack]), 1);
    assert_eq!(items_on_ground(&game), vec![("grass", 1)]);
    run(&mut game, &Action::noop(), 40);
    assert_eq!(game.stats.get(Event::Pickup, "grass"), 1);
}

#[test]
fn a_snowball_is_thrown_and_breaks_on_the_ground() {
    let mut game = platform_game();
    game.player.inventory.main[0] = Some(ItemStack::new(item("snowball"), 4));
    game.player.pitch = -20.0;
    run(&mut game, &keys(&[Key::Use]), 1);
    assert_eq!(game.stats.get(Event::UseItem, "snowball"), 1);
    assert_eq!(game.player.inventory.main[0].as_ref().unwrap().count, 3);
    let flying = |g: &Game| {
        g.entities
            .list
            .iter()
            .any(|e| matches!(e.kind, EntityKind::Projectile { .. }))
    };
    assert!(flying(&game));
    run(&mut game, &Action::noop(), 100);
    assert!(!flying(&game));
}

#[test]
fn dropped_items_count_and_come_back_after_the_delay() {
    let mut game = platform_game();
    game.player.inventory.main[0] = Some(ItemStack::new(item("stone"), 5));
    run(&mut game, &keys(&[Key::Drop]), 3);
    assert_eq!(game.stats.get(Event::Drop, "stone"), 1, "one per press");
    assert_eq!(game.player.inventory.count(item("stone")), 4);
    run(&mut game, &Action::noop(), 30);
    assert_eq!(
        game.stats.get(Event::Pickup, "stone"),
        0,
        "not before 40 ticks"
    );
    run(&mut game, &Action::noop(), 10);
    run(&mut game, &keys(&[Key::Forward]), 10);
    assert_eq!(game.stats.get(Event::Pickup, "stone"), 1);
    assert_eq!(game.player.inventory.count(item("stone")), 5);
    assert!(game.entities.list.is_empty());
}

#[test]
fn nearby_drops_merge() {
    let mut game = platform_game();
    game.player.pos = [10.5, f64::from(FLOOR + 1), 10.5];
    let dirt = |n| EntityKind::Item {
        stack: ItemStack::new(item("dirt"), n),
        pickup_delay: 10,
    };
    for (n, x) in [(1, 0.3), (2, 0.6), (1, 0.9)] {
        game.entities
            .spawn(dirt(n), [x, f64::from(FLOOR + 1), 0.5], [0.0; 3]);
    }
    game.entities
        .spawn(dirt(1), [3.5, f64::from(FLOOR + 1), 0.5], [0.0; 3]);
    run(&mut game, &Action::noop(), 40);
    assert_eq!(items_on_ground(&game), vec![("dirt", 4), ("dirt", 1)]);
}

#[test]
fn items_despawn_after_5_minutes() {
    let mut game = platform_game();
    game.player.pos = [10.5, f64::from(FLOOR + 1), 10.5];
    super::items::spawn_block_drop(
        &mut game,
        [0, FLOOR + 1, 0],
        ItemStack::new(item("dirt"), 1),
    );
    run(&mut game, &Action::noop(), 5999);
    assert_eq!(items_on_ground(&game).len(), 1);
    run(&mut game, &Action::noop(), 1);
    assert!(items_on_ground(&game).is_empty());
}

/// A blow that kills the player at 1 health, one tick for it to land,
/// then `after` (what death left), then the wait until the respawn.
fn die_and_respawn(game: &mut Game, after: impl FnOnce(&Game)) {
    game.player.health = 1.0;
    super::hurt(
        &mut game.player,
        &mut game.stats,
        5.0,
        super::Damage::Generic,
    );
    run(game, &Action::noop(), 1);
    assert!(game.player.is_dead());
    after(game);
    run(game, &Action::noop(), super::health::RESPAWN_DELAY as usize);
    assert!(!game.player.is_dead());
}

#[test]
fn death_drops_the_inventory_and_respawns_at_spawn() {
    let mut game = platform_game();
    game.player.inventory.main[3] = Some(ItemStack::new(item("dirt"), 7));
    game.player.pos = [5.5, f64::from(FLOOR + 1), 5.5];
    die_and_respawn(&mut game, |game| {
        assert_eq!(game.stats.get(Event::Custom, "deaths"), 1);
        assert_eq!(items_on_ground(game), vec![("dirt", 7)]);
        assert_eq!(game.player.inventory.count(item("dirt")), 0);
    });
    assert_eq!(game.player.health, 20.0);
    assert_eq!(game.player.pos, [0.5, f64::from(FLOOR + 1), 0.5]);
}

#[test]
fn death_in_the_nether_respawns_in_the_overworld() {
    let mut game = Game::new(5);
    let spawn = game.spawn;
    let nether_feet = [10.5, 40.0, 10.5];
    crate::sim::dimensions::change_dimension(&mut game, Dimension::Nether, nether_feet);
    assert_eq!(game.dimension(), Dimension::Nether);
    die_and_respawn(&mut game, |_| {});
    assert_eq!(game.dimension(), Dimension::Overworld);
    let feet = game.player.block_pos();
    assert_eq!([feet[0], feet[2]], [spawn[0], spawn[2]]);
    assert!(feet[1] >= spawn[1], "{feet:?} under the spawn {spawn:?}");
}

#[test]
fn hotbar_keys_select_and_swap_hands_moves_to_the_offhand() {
    let mut game = platform_game();
    game.player.inventory.main[4] = Some(ItemStack::new(item("torch"), 3));
    run(&mut game, &keys(&[Key::Hotbar5]), 1);
    assert_eq!(game.player.inventory.selected, 4);
    run(&mut game, &keys(&[Key::SwapHands]), 2);
    assert!(game.player.inventory.main[4].is_none());
    assert_eq!(game.player.inventory.offhand.as_ref().unwrap().count, 3);
}

#[test]
fn the_camera_clamps_pitch_and_counts_play_time() {
    let mut game = platform_game();
    let mut look = Action::noop();
    look.camera = [120.0, -30.0];
    run(&mut game, &look, 1);
    assert_eq!((game.player.pitch, game.player.yaw), (90.0, 330.0));
    assert_eq!(game.stats.get(Event::Custom, "play_one_minute"), 1);
    assert_eq!(game.tick, 1);
}

/// A scripted run touching most rules, for the determinism check.
fn scripted_run() -> Game {
    let mut game = platform_game();
    game.player.inventory.main[0] = Some(ItemStack::new(item("stone_pickaxe"), 1));
    game.player.inventory.main[1] = Some(ItemStack::new(item("dirt"), 10));
    game.player.inventory.main[2] = Some(ItemStack::new(item("snowball"), 5));
    let script: [(&[Key], [f32; 2], usize); 8] = [
        (&[Key::Forward, Key::Sprint, Key::Jump], [0.0, 3.2], 30),
        (&[Key::Attack], [40.0, 0.0], 40),
        (&[Key::Hotbar2, Key::Use], [0.0, 10.0], 12),
        (&[Key::Drop], [0.0, 0.0], 2),
        (&[Key::Hotbar3, Key::Use], [-30.0, 0.0], 9),
        (&[Key::Left, Key::Sneak], [0.0, -5.8], 25),
        (&[Key::Back], [0.0, 0.0], 30),
        (&[], [0.0, 0.0], 60),
    ];
    for (held, camera, n) in script {
        let mut action = keys(held);
        action.camera = camera;
        run(&mut game, &action, n);
    }
    game
}

#[test]
fn same_actions_give_the_same_state() {
    let (a, b) = (scripted_run(), scripted_run());
    assert_eq!(a.player.pos, b.player.pos);
    assert_eq!(a.player.vel, b.player.vel);
    assert_eq!(a.player.inventory.main, b.player.inventory.main);
    assert_eq!(a.stats, b.stats);
    let places = |g: &Game| {
        g.entities
            .list
            .iter()
            .map(|e| (e.id, e.pos))
            .collect::<Vec<_>>()
    };
    assert_eq!(places(&a), places(&b));
    assert!(a.stats.get(Event::Custom, "jump") > 0);
}
