//! Creatures in the bundled tasks, played on the embedded simulator: the
//! zombie of `combat_zombies` really attacks a player who does nothing,
//! and diamond armor keeps that player alive for 600 steps.

use mcu::protocol::Action;
use mcu::sim::{episode_seed, EmbeddedSim, Simulator};
use mcu::suite::{self, Event};

mod common;

#[test]
fn a_noop_player_in_combat_zombies_is_attacked_and_survives_in_diamond_armor() {
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let task = suite.task("combat_zombies").expect("task exists");
    for seed in [0, 1] {
        let mut sim = EmbeddedSim::new();
        sim.reset(episode_seed(seed, &task.name), &task.init_commands);
        for _ in 0..600 {
            sim.step(&Action::noop());
        }
        let stats = sim.statistics();
        assert!(
            stats.get(Event::Custom, "damage_taken") > 0,
            "seed {seed}: the zombie never hurt the player"
        );
        assert_eq!(
            stats.get(Event::Custom, "deaths"),
            0,
            "seed {seed}: the player died"
        );
        assert!(!sim.game().player.is_dead());
    }
}
