//! The long-horizon scripts (12,000-step milestone tasks), each played to
//! the end on one scenario seed. Slow in a debug build: `cargo xtask ci`
//! runs them in release (`cargo test --release --test long_scripts`).
//! With `MCU_TRACE=N` they print the player's state every N steps.

use mcu::sim::script::{play, solve, Script};
use mcu::suite;

mod common;

/// Plays a task's script on a seed, tracing if asked; the steps it took
/// when it paid in full.
fn solve_traced(name: &str, seed: u64) -> Result<u32, String> {
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let task = suite.task(name).expect("task in the suite");
    let mut script = Script::for_task(name).expect("a script");
    let trace = std::env::var_os("MCU_TRACE").is_some();
    let mut step = 0u32;
    let result = play(task, seed, task.default_max_steps(), &mut |game| {
        let every = std::env::var("MCU_TRACE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(500);
        if trace && step % every == 0 {
            let p = &game.player;
            eprintln!(
                "{step:>5} at {:?} ground {} look {:.0}/{:.0} hand {:?} health {} food {} screen {:?}: {}",
                p.block_pos(),
                p.on_ground,
                p.yaw,
                p.pitch,
                p.inventory.selected_stack().map(|s| s.name()),
                p.health,
                p.food,
                game.screen.as_ref().map(|s| s.kind),
                p.inventory.summary()
            );
        }
        step += 1;
        script.act(game)
    });
    if result.solved() {
        Ok(result.steps)
    } else {
        Err(format!(
            "{name} (seed {seed}): paid {} of {} in {} steps",
            result.paid, result.max, result.steps
        ))
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "12,000-step script: run in release by cargo xtask ci"
)]
fn mine_diamond_from_scratch_gets_a_diamond_on_seeds_0_to_4() {
    for seed in 0..5 {
        let steps =
            solve_traced("mine_diamond_from_scratch", seed).unwrap_or_else(|e| panic!("{e}"));
        assert!(steps <= 12_000);
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "12,000-step script: run in release by cargo xtask ci"
)]
fn mine_diamond_from_scratch_copes_with_the_worlds_that_once_broke_it() {
    // The seeds of 0-80 it failed on before (README): 8 and 36, dead in
    // the dig's way down (36 burned in a cave passage beside flowing lava
    // that the dig walked through);
    // 18, the diamonds 42 blocks under the iron, past what the cheapest
    // search looks at; 20, the crafting table not placed from a log
    // among leaves; 54, 58, 74 and 75 came right with those fixes.
    // Found by the sweep of 1591-1610: 1595, a trunk left floating over
    // a pit taken for a tree near, and a dig by hand under a lake to the
    // next one; 1604, the crafting table not placed under a low crown of
    // leaves about the head.
    for seed in [8, 18, 20, 36, 54, 58, 74, 75, 1595, 1604] {
        let steps =
            solve_traced("mine_diamond_from_scratch", seed).unwrap_or_else(|e| panic!("{e}"));
        assert!(steps <= 12_000);
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "12,000-step script: run in release by cargo xtask ci"
)]
fn kill_ender_dragon_s_chain_gets_to_mined_obsidian() {
    // The chain does not finish yet (README): this holds the part that
    // works, 15 of the 24 milestones (up to the diamond tools, flint and
    // steel and obsidian, made with water from a cave spring) on every
    // seed, and 16 (a portal lit and netherrack picked up in the Nether)
    // on seeds 0, 1, 2 and 4; on seed 3 the portal is not built in time.
    // Seeds 7 and 11 left their ingots in furnaces three and eight levels
    // off, where the flint's gravel took the player, and made no bucket.
    // On seed 24 a fetch of a drop walked off a cave's floor into lava
    // one block below it, and the player died with everything it held.
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let task = suite.task("kill_ender_dragon").expect("task in the suite");
    for (seed, wanted) in [
        (0, 16.0),
        (1, 16.0),
        (2, 16.0),
        (3, 15.0),
        (4, 16.0),
        (7, 15.0),
        (11, 15.0),
        (24, 16.0),
    ] {
        let result = solve(task, seed, task.default_max_steps()).expect("a script");
        assert_eq!(result.max, 24.0);
        assert!(
            result.paid >= wanted,
            "seed {seed}: {} milestones of 24",
            result.paid
        );
    }
}
