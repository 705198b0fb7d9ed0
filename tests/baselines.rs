//! Baselines on the embedded simulator: for one scripted task of each
//! category, the scripted policy does at least as well as random, random
//! at least as well as doing nothing, and doing nothing earns nothing.
//! (`cargo xtask baselines` runs every scripted task; this keeps the test
//! quick.)

use std::collections::BTreeMap;

use mcu::baselines::{play, Policy, Summary};
use mcu::sim::script::{missing_capability, scripted_tasks};
use mcu::suite;

mod common;

#[test]
fn scripted_beats_random_and_random_is_not_below_noop_per_category() {
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let scripted = scripted_tasks();
    let mut one_per_category = BTreeMap::new();
    for task in suite
        .tasks
        .iter()
        .filter(|t| scripted.contains(&t.name.as_str()) && !t.is_long())
        .filter(|t| missing_capability(&t.name, 0).is_none())
    {
        one_per_category.entry(&task.category).or_insert(task);
    }
    assert!(one_per_category.len() >= 5, "{one_per_category:?}");
    let mut episodes = Vec::new();
    for task in one_per_category.values() {
        for policy in Policy::ALL {
            let episode = play(task, policy, 0).expect("task is scripted");
            if policy == Policy::Noop {
                assert_eq!(episode.score, 0.0, "doing nothing paid in {}", task.name);
            }
            if policy == Policy::Scripted {
                assert_eq!(episode.score, 1.0, "the script failed {}", task.name);
            }
            episodes.push(episode);
        }
    }
    let summary = Summary::of(&episodes);
    assert_eq!(summary.out_of_order(), Vec::<String>::new());
}

#[test]
fn a_task_without_a_script_has_no_baseline() {
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let mut unscripted = suite.task("collect_dirt").expect("task exists").clone();
    unscripted.name = "a_task_nobody_scripted".to_string();
    assert!(play(&unscripted, Policy::Random, 0).is_none());
}
