//! Solvability: every task with a scripted policy is solved by it on the
//! embedded simulator, acting only through keys and camera, with its
//! reward config paying in full.

use mcu::sim::script::{scripted_tasks, solve};
use mcu::suite;

mod common;

/// Scenario seeds tried: each gives every task another world.
const SEEDS: [u64; 4] = [0, 1, 2, 3];

#[test]
fn every_scripted_task_pays_in_full() {
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let mut failures = Vec::new();
    for name in scripted_tasks() {
        let task = suite
            .task(name)
            .unwrap_or_else(|| panic!("script for unknown task {name}"));
        for seed in SEEDS {
            let result = solve(task, seed, task.default_max_steps()).expect("script exists");
            if !result.solved() {
                failures.push(format!(
                    "{name} (seed {seed}): paid {} of {} in {} steps",
                    result.paid, result.max, result.steps
                ));
            }
        }
    }
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}

#[test]
fn at_least_the_issue_s_fifteen_tasks_have_scripts() {
    let required = [
        "collect_dirt",
        "collect_wood",
        "collect_grass",
        "mine_iron_ore",
        "mine_diamond_ore",
        "mine_horizontally",
        "look_at_the_sky",
        "drop_an_item",
        "build_pillar",
        "build_a_tower",
        "dig_three_down_and_fill_one_up",
        "find_sand",
        "find_bedrock",
        "light_up_the_surroundings",
        "throw_a_snowball",
    ];
    let scripted = scripted_tasks();
    for name in required {
        assert!(scripted.contains(&name), "{name} has no script");
    }
}
