//! Task selection: categories, the seed README's aliases, globs, and the
//! default that leaves out long-horizon tasks (SPEC §1), on the bundled
//! suite (it has the upstream suite's categories and task names).

mod common;

use mcu::suite::{self, select::select, TaskSuite};

fn bundled() -> TaskSuite {
    suite::load(&common::benchmark_dir()).unwrap()
}

fn names(suite: &TaskSuite, categories: &[&str], globs: &[&str]) -> Vec<String> {
    let categories: Vec<String> = categories.iter().map(|s| s.to_string()).collect();
    let globs: Vec<String> = globs.iter().map(|s| s.to_string()).collect();
    select(suite, &categories, &globs)
        .unwrap()
        .iter()
        .map(|t| t.name.clone())
        .collect()
}

fn categories_of(suite: &TaskSuite, selection: &[&str]) -> Vec<String> {
    let chosen = names(suite, selection, &[]);
    let mut categories: Vec<String> = suite
        .tasks
        .iter()
        .filter(|t| chosen.contains(&t.name))
        .map(|t| t.category.clone())
        .collect();
    categories.dedup();
    categories
}

#[test]
fn empty_selection_is_everything_but_long_horizon() {
    let suite = bundled();
    let all = names(&suite, &[], &[]);
    assert_eq!(all.len(), 84);
    assert!(!all.contains(&"kill_ender_dragon".to_string()));
    assert!(!all.contains(&"mine_diamond_from_scratch".to_string()));
}

#[test]
fn every_alias_resolves() {
    let suite = bundled();
    assert_eq!(categories_of(&suite, &["build"]), ["building"]);
    assert_eq!(categories_of(&suite, &["craft"]), ["crafting"]);
    assert_eq!(categories_of(&suite, &["mine"]), ["mining_and_collecting"]);
    assert_eq!(
        categories_of(&suite, &["collect"]),
        ["mining_and_collecting"]
    );
    assert_eq!(categories_of(&suite, &["use"]), ["tool_use"]);
    assert_eq!(
        categories_of(&suite, &["misc"]),
        ["decoration", "motion", "trapping"]
    );
    assert_eq!(names(&suite, &["hunt"], &[]), ["hunt_horse", "hunt_pigs"]);
    assert_eq!(
        names(&suite, &["long_horizon"], &[]),
        ["kill_ender_dragon", "mine_diamond_from_scratch"]
    );
    assert_eq!(names(&suite, &["overall"], &[]).len(), 86);
    assert_eq!(names(&suite, &["all"], &[]).len(), 86);
    // Real category names (explore, find, combat) select themselves.
    assert_eq!(names(&suite, &["explore"], &[]).len(), 6);
    assert_eq!(names(&suite, &["find"], &[]).len(), 9);
    assert_eq!(names(&suite, &["combat"], &[]).len(), 9);
    assert_eq!(names(&suite, &["mining_and_collecting"], &[]).len(), 9);
}

#[test]
fn categories_and_globs_combine_as_a_union_in_suite_order() {
    let suite = bundled();
    let chosen = names(&suite, &["hunt"], &["craft_to_*", "find_sand"]);
    // Suite order is category, then name: combat, crafting, find.
    assert_eq!(
        chosen,
        [
            "hunt_horse",
            "hunt_pigs",
            "craft_to_cake",
            "craft_to_clock",
            "find_sand"
        ]
    );
}

#[test]
fn unknown_category_and_unmatched_glob_are_errors_with_hints() {
    let suite = bundled();
    let error = select(&suite, &["craftin".to_string()], &[])
        .unwrap_err()
        .to_string();
    assert!(error.contains("unknown task category `craftin`"), "{error}");
    assert!(error.contains("did you mean `crafting`"), "{error}");
    assert!(error.contains("aliases: build, craft"), "{error}");
    let error = select(&suite, &[], &["collect_dirtt".to_string()])
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("no task matches `collect_dirtt`; did you mean `collect_dirt`?"),
        "{error}"
    );
    let error = select(&suite, &[], &["[".to_string()])
        .unwrap_err()
        .to_string();
    assert!(error.contains("not a valid glob"), "{error}");
}
