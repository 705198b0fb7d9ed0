//! Phase tests of the Nether part: each staged from the precondition
//! built by hand (a lit portal beside the player, the kit given).

use super::*;
use crate::sim::command::run;
use crate::sim::script::long::stage::play_phase;

/// Seed 0's world at spawn with a lit portal two blocks east (an obsidian
/// frame along x, its inside from the feet up) and the kit of the
/// precondition.
fn at_a_lit_portal(seed: u64) -> Game {
    let mut game = Game::new(seed);
    for command in [
        "/fill ~2 ~-1 ~ ~5 ~3 ~ minecraft:obsidian",
        "/fill ~3 ~ ~ ~4 ~2 ~ minecraft:nether_portal",
        "/fill ~-1 ~ ~-1 ~1 ~2 ~1 minecraft:air",
        "/give @s minecraft:diamond_sword",
        "/give @s minecraft:diamond_pickaxe",
        "/give @s minecraft:cobblestone 32",
        "/give @s minecraft:crafting_table",
        "/give @s minecraft:cooked_beef 16",
    ] {
        run(&mut game, command);
    }
    let feet = game.player.block_pos();
    let bottom = [feet[0] + 3, feet[1], feet[2]];
    assert_eq!(game.world.get(bottom), block("nether_portal"));
    game.dimensions.add_portal(Dimension::Overworld, bottom);
    game
}

fn in_nether_with(name: &'static str) -> impl Fn(&Game) -> bool {
    move |g: &Game| g.dimension() == Dimension::Nether && held(g, name) >= 1
}

#[test]
fn through_the_portal_and_netherrack_mined() {
    let game = at_a_lit_portal(4);
    let crossed = play_phase(
        game,
        vec![through_portal()],
        |g| g.dimension() == Dimension::Nether,
        200,
    );
    assert!(
        crossed.reached,
        "in the Nether after {} steps",
        crossed.steps
    );
    assert!(
        (81..120).contains(&crossed.steps),
        "{} steps",
        crossed.steps
    );
    let mut g = crossed.game;
    let mut plan: std::collections::VecDeque<Box<dyn Behaviour>> = mine_netherrack().into();
    for i in 0..600 {
        let Some(b) = plan.front_mut() else { break };
        match b.next(&g) {
            Step::Act(a) => {
                if i % 20 == 0 {
                    eprintln!(
                        "{i} {:?} {:?} cam {:?} att {}",
                        g.player.pos,
                        g.player.breaking,
                        a.camera,
                        a.is_pressed(crate::protocol::Key::Attack)
                    );
                }
                crate::sim::rules::tick(&mut g, &a);
            }
            Step::Done => {
                eprintln!("{i} done");
                plan.pop_front();
            }
        }
    }
    let mined = play_phase(g, mine_netherrack(), in_nether_with("netherrack"), 1);
    let p = &mined.game.player;
    let inv: Vec<String> = p
        .inventory
        .main
        .iter()
        .flatten()
        .map(|s| format!("{}x{}", s.name(), s.count))
        .collect();
    eprintln!(
        "at {:?} ground {} hand {:?} {:?} dim {:?}",
        p.pos,
        p.on_ground,
        p.inventory.selected_stack().map(|s| s.name()),
        inv,
        mined.game.dimension()
    );
    let f = p.block_pos();
    for dy in -2..4 {
        let row: Vec<&str> = (-3..4)
            .map(|dx| {
                crate::sim::registry::registry()
                    .block(mined.game.world.get([f[0] + dx, f[1] + dy, f[2]]))
                    .name
            })
            .collect();
        eprintln!("{dy}: {row:?}");
    }
    assert!(mined.reached, "netherrack after {} steps", mined.steps);
}

#[test]
fn the_eyes_needed_are_the_frames_without_one() {
    for seed in 0..3 {
        let game = Game::new(seed);
        let eyes = eyes_needed(&game);
        assert!((1..=12).contains(&eyes), "seed {seed}: {eyes}");
        assert_eq!(rods_for(eyes), eyes.div_ceil(2));
    }
}

/// The whole part on one seed, phase by phase: the steps of each, or
/// the phase that failed.
fn whole_part(seed: u64) -> Result<Vec<(&'static str, u32)>, String> {
    let game = at_a_lit_portal(seed);
    let eyes = eyes_needed(&game);
    let mut steps = Vec::new();
    let mut game = game;
    let phases: Vec<(
        &'static str,
        Box<dyn Fn(&Game) -> Plan>,
        Box<dyn Fn(&Game) -> bool>,
        u32,
    )> = vec![
        (
            "portal",
            Box::new(|_| vec![through_portal()]),
            Box::new(|g| g.dimension() == Dimension::Nether),
            200,
        ),
        (
            "netherrack",
            Box::new(|_| mine_netherrack()),
            Box::new(in_nether_with("netherrack")),
            600,
        ),
        (
            "blaze rods",
            Box::new(move |_| vec![blaze_rods(rods_for(eyes))]),
            Box::new(move |g| held(g, "blaze_rod") >= rods_for(eyes)),
            12_000,
        ),
        (
            "ender pearls",
            Box::new(move |_| vec![ender_pearls(eyes)]),
            Box::new(move |g| held(g, "ender_pearl") >= eyes),
            12_000,
        ),
        (
            "eyes",
            Box::new(move |_| craft_eyes(eyes)),
            Box::new(move |g| held(g, "ender_eye") >= eyes),
            2_000,
        ),
    ];
    let mut arrival = None;
    for (name, plan, goal, max) in phases {
        let staged = play_phase(game, plan(&Game::new(0)), goal, max);
        eprintln!(
            "seed {seed} {name}: {} steps, at {:?} health {} food {}",
            staged.steps,
            staged.game.player.block_pos(),
            staged.game.player.health,
            staged.game.player.food
        );
        steps.push((name, staged.steps));
        if !staged.reached {
            return Err(format!("seed {seed}: {name} not reached: {steps:?}"));
        }
        game = staged.game;
        arrival.get_or_insert(game.player.block_pos());
    }
    let portal = arrival.expect("arrived");
    let back = play_phase(
        game,
        back_to_overworld(portal),
        |g| g.dimension() == Dimension::Overworld,
        6_000,
    );
    steps.push(("back", back.steps));
    if !back.reached {
        return Err(format!("seed {seed}: not back: {steps:?}"));
    }
    assert!(held(&back.game, "ender_eye") >= eyes);
    assert!(held(&back.game, "diamond_sword") == 1 && held(&back.game, "diamond_pickaxe") == 1);
    Ok(steps)
}

#[test]
#[cfg_attr(debug_assertions, ignore = "thousands of steps: run in release")]
fn the_whole_part_from_the_portal_to_the_eyes() {
    let seeds: Vec<u64> = std::env::var("MCU_SEEDS")
        .ok()
        .map(|s| s.split(',').filter_map(|v| v.parse().ok()).collect())
        .unwrap_or_else(|| vec![4]);
    for seed in seeds {
        let steps = whole_part(seed).unwrap_or_else(|e| panic!("{e}"));
        let total: u32 = steps.iter().map(|(_, s)| s).sum();
        eprintln!("seed {seed}: {steps:?}, {total} in all");
    }
}
