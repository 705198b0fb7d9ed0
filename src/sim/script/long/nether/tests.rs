//! Phase tests of the Nether part: each staged from the precondition
//! built by hand (a lit portal beside the player, the kit given).

use super::*;
use crate::sim::command::run;
use crate::sim::script::long::perch::NEAR;
use crate::sim::script::long::phases::held;
use crate::sim::script::long::stage::{play_phase, Staged};
use crate::sim::script::stares::angry_enderman_within;

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
        "/give @s minecraft:shield",
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

/// Seed `seed`'s start played through the portal.
fn crossed(seed: u64) -> Staged {
    play_phase(
        at_a_lit_portal(seed),
        vec![through_portal()],
        |g| g.dimension() == Dimension::Nether,
        200,
    )
}

/// Netherrack mined from where `game` stands.
fn netherrack_mined(game: Game) -> Staged {
    play_phase(game, mine_netherrack(), in_nether_with("netherrack"), 300)
}

#[test]
fn through_the_portal_and_netherrack_mined() {
    let crossed = crossed(4);
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
    let mined = netherrack_mined(crossed.game);
    assert!(mined.reached, "netherrack after {} steps", mined.steps);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "plays about 2,800 steps: run in release")]
fn a_dig_reaches_the_fortress_decks_beside_seed_4s_throne() {
    use crate::sim::script::long::blazes::{fortress_spawners, way_onto_decks};
    use crate::sim::script::long::route::dig_towards;
    let crossed = crossed(4);
    let spawners = fortress_spawners(&crossed.game).expect("a fortress");
    let (entry, spawner) = way_onto_decks(&crossed.game, &spawners).expect("a way onto the decks");
    assert!(spawners.contains(&spawner));
    let near = move |g: &Game| {
        let feet = g.player.block_pos();
        (feet[0] - entry[0]).abs().max((feet[2] - entry[2]).abs()) <= 2
    };
    let dug = play_phase(crossed.game, vec![dig_towards(entry, 2.0)], near, 4_000);
    eprintln!(
        "at the deck cell {entry:?} (spawner {spawner:?}) after {} steps",
        dug.steps
    );
    assert!(
        dug.reached,
        "{} steps, at {:?}",
        dug.steps,
        dug.game.player.block_pos()
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "plays about 3,000 steps: run in release")]
fn a_blaze_by_seed_4s_throne_falls_and_drops_its_rod() {
    // The blazes gather outside the wall of the shelter the player heals
    // in; they are struck through a window mined in it (before, the
    // player struck at the wall for the rest of the phase). The shield
    // is raised against their fireballs.
    let mined = netherrack_mined(crossed(4).game);
    let fought = play_phase(
        mined.game,
        vec![blaze_rods(1)],
        in_nether_with("blaze_rod"),
        4_000,
    );
    let g = &fought.game;
    eprintln!(
        "a rod after {} steps, health {}",
        fought.steps, g.player.health
    );
    assert!(fought.reached, "no rod in {} steps", fought.steps);
    assert!(g.stats.get(crate::suite::Event::KillEntity, "blaze") >= 1);
    assert!(g.stats.get(crate::suite::Event::Pickup, "blaze_rod") >= 1);
    assert!(
        g.stats.get(crate::suite::Event::UseItem, "shield") >= 1,
        "the shield blocks fireballs"
    );
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

/// A phase of the part: its name, plan, goal and most steps.
type Phase = (
    &'static str,
    Box<dyn Fn() -> Plan>,
    Box<dyn Fn(&Game) -> bool>,
    u32,
);

/// The whole part on one seed, phase by phase: the steps of each, or
/// the phase that failed.
fn whole_part(seed: u64) -> Result<Vec<(&'static str, u32)>, String> {
    let game = at_a_lit_portal(seed);
    let eyes = eyes_needed(&game);
    let mut steps = Vec::new();
    let mut game = game;
    let phases: Vec<Phase> = vec![
        (
            "portal",
            Box::new(|| vec![through_portal()]),
            Box::new(|g| g.dimension() == Dimension::Nether),
            200,
        ),
        (
            "netherrack",
            Box::new(mine_netherrack),
            Box::new(in_nether_with("netherrack")),
            600,
        ),
        (
            "blaze rods",
            Box::new(move || vec![blaze_rods(rods_for(eyes))]),
            Box::new(move |g| held(g, "blaze_rod") >= rods_for(eyes)),
            12_000,
        ),
        (
            "ender pearls",
            Box::new(move || vec![ender_pearls(eyes)]),
            // Held, with no angry enderman left near to follow the
            // player (as the phase ends).
            Box::new(move |g| held(g, "ender_pearl") >= eyes && !angry_enderman_within(g, NEAR)),
            12_000,
        ),
        (
            "eyes",
            Box::new(move || craft_eyes(eyes)),
            Box::new(move |g| held(g, "ender_eye") >= eyes),
            2_000,
        ),
    ];
    let mut arrival = None;
    for (name, plan, goal, max) in phases {
        let staged = play_phase(game, vec![traced(plan)], goal, max);
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
        vec![traced(Box::new(move || back_to_overworld(portal)))],
        |g| g.dimension() == Dimension::Overworld,
        6_000,
    );
    steps.push(("back", back.steps));
    if !back.reached {
        return Err(format!("seed {seed}: not back: {steps:?}"));
    }
    let held_eyes = held(&back.game, "ender_eye");
    assert!(
        held_eyes >= eyes,
        "seed {seed}: back with {held_eyes} of {eyes} eyes: {steps:?}"
    );
    assert!(held(&back.game, "diamond_sword") == 1 && held(&back.game, "diamond_pickaxe") == 1);
    Ok(steps)
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "plays the Nether part of seed 4, about 12,000 steps: run in release"
)]
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

/// A phase's plan, its progress printed (see [`Traced`]).
fn traced(plan: Box<dyn Fn() -> Plan>) -> Box<dyn Behaviour> {
    Box::new(Traced {
        inner: Box::new(crate::sim::script::long::Until::new(
            |_| false,
            1,
            move |_| plan(),
        )),
        ticks: 0,
    })
}

/// Prints the player's state every `every` ticks (set `MCU_TRACE`).
struct Traced {
    inner: Box<dyn Behaviour>,
    ticks: u32,
}

impl Behaviour for Traced {
    fn next(&mut self, game: &Game) -> Step {
        self.ticks += 1;
        let every = std::env::var("MCU_TRACE")
            .ok()
            .and_then(|v| v.parse::<u32>().ok());
        if every.is_some_and(|e| e > 0 && self.ticks % e == 0) {
            let p = &game.player;
            let mobs: Vec<String> = game
                .entities
                .list
                .iter()
                .filter_map(|e| match &e.kind {
                    crate::sim::entity::EntityKind::Mob(mob) => Some((e, mob)),
                    _ => None,
                })
                .filter(|(e, _)| (0..3).map(|i| (e.pos[i] - p.pos[i]).powi(2)).sum::<f64>() < 400.0)
                .map(|(e, mob)| {
                    let name = crate::sim::registry::registry().entity(mob.kind).name;
                    format!("{name}@{:?}", e.pos.map(|v| v as i32))
                })
                .collect();
            eprintln!(
                "{:>5} at {:?} ground {} health {} food {} fire {} hand {:?} shield up {} blocked {} spawners mined {} rods {} pearls {} kills {} mobs {mobs:?}",
                self.ticks,
                p.block_pos(),
                p.on_ground,
                p.health,
                p.food,
                p.fire_ticks,
                p.inventory.selected_stack().map(|s| s.name()),
                p.shield_ticks,
                game.stats.get(crate::suite::Event::UseItem, "shield"),
                game.stats.get(crate::suite::Event::MineBlock, "spawner"),
                held(game, "blaze_rod"),
                held(game, "ender_pearl"),
                game.stats.get(crate::suite::Event::KillEntity, "enderman"),
            );
        }
        self.inner.next(game)
    }
}

/// Seed 4's blaze phase from the netherrack with its creatures' and
/// spawns' chances drawn from seed `draw`, played: reached when five
/// rods are held (what the eyes need there) with the player alive.
fn blaze_phase_under_draw(draw: u64) -> Staged {
    use rand::SeedableRng;
    let mut game = netherrack_mined(crossed(4).game).game;
    game.rngs.spawning = rand_chacha::ChaCha8Rng::seed_from_u64(1000 + draw);
    game.rngs.mobs = rand_chacha::ChaCha8Rng::seed_from_u64(2000 + draw);
    let rods = 5;
    let mut played = play_phase(
        game,
        vec![blaze_rods(rods)],
        move |g| held(g, "blaze_rod") >= rods || g.dimension() != Dimension::Nether,
        12_000,
    );
    played.reached &= played.game.dimension() == Dimension::Nether;
    played
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "plays eight blaze phases of about 4,500 steps: run in release"
)]
fn seed_4s_blaze_phase_ends_alive_with_five_rods_under_most_draws_of_chance() {
    // Six of eight (draws 1 and 4 die); eight of eight before blocks were
    // set by a point off a face's middle and drops fetched round a block's
    // corner, which moved those draws' fights; three of eight when a dig
    // towards a blaze went on to its feet, inside its melee reach.
    let runs: Vec<(bool, u32)> = (0..8)
        .map(|draw| {
            let played = blaze_phase_under_draw(draw);
            (played.reached, played.steps)
        })
        .collect();
    eprintln!("(done, steps) per draw: {runs:?}");
    let done = runs.iter().filter(|(done, _)| *done).count();
    assert!(done >= 6, "{done} of 8: {runs:?}");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "plays six blaze phases and six pearl phases: run in release"
)]
fn seed_4s_pearl_phase_ends_alive_with_the_pearls_under_most_draws_of_chance() {
    // After the blaze phases that end alive, draws 0, 2, 3, 5 and 6 end
    // the pearl phase alive with the pearls; under draw 7 an angry
    // enderman stands in a pit beside the pillar's foot, out of the
    // sword's reach, and the pearls lie ungathered while it is near.
    // Before perches needed ground on the four sides of their foot,
    // draws 2 and 6 died and under draw 3 the crowd stood out of reach on
    // a ledge; none ended with the pearls while a descent to gather ended
    // with the feet still falling into the pillar's foot.
    const PEARLS: u32 = 9;
    let runs: Vec<(u64, bool, u32)> = [0, 2, 3, 5, 6, 7]
        .into_iter()
        .map(|draw| {
            let rods = blaze_phase_under_draw(draw);
            assert!(rods.reached, "draw {draw}: the blaze phase");
            let pearls = play_phase(
                rods.game,
                vec![ender_pearls(PEARLS)],
                |g| g.dimension() != Dimension::Nether,
                12_000,
            );
            let alive = pearls.game.dimension() == Dimension::Nether;
            let held_pearls = held(&pearls.game, "ender_pearl");
            (draw, alive && held_pearls >= PEARLS, pearls.steps)
        })
        .collect();
    eprintln!("(draw, done, steps): {runs:?}");
    let done = runs.iter().filter(|(_, done, _)| *done).count();
    assert!(done >= 4, "{done} of 6: {runs:?}");
}
