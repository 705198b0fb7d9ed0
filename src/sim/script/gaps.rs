//! What each unscripted task still lacks before a script can solve it,
//! as one short capability name per task: a simulator feature
//! (`creatures`, `fluids`, `bows`, …), `script` when the simulator
//! has what the task needs and only the script is unwritten, or
//! `reward_config` when the task's config pays nothing (video only).
//! `mcu dev coverage` shows it.

/// Task → the capability it lacks.
const GAPS: &[(&str, &str)] = &[
    ("build_a_garden", "reward_config"),
    ("build_a_house", "reward_config"),
    ("build_a_ladder", "side_placement"),
    ("build_a_library", "script"),
    ("build_nether_portal", "nether"),
    ("carve_pumpkins", "script"),
    ("decorate_the_wall", "reward_config"),
    ("drink_harming_potion", "potions"),
    ("explore_climb", "reward_config"),
    ("explore_map", "script"),
    ("explore_run", "reward_config"),
    ("explore_the_treasure", "script"),
    ("find_blue_bed", "reward_config"),
    ("find_forest", "reward_config"),
    ("find_item_frame", "reward_config"),
    ("find_village", "reward_config"),
    ("kill_ender_dragon", "end"),
    ("mine_diamond_from_scratch", "script"),
    ("place_a_item_frame", "side_placement"),
    ("plant_wheats", "script"),
    (
        "prepare_a_birthday_present_for_your_neighbor",
        "reward_config",
    ),
    ("sleep_in_bed", "sleeping"),
    ("smelt_beef", "script"),
    ("trap_a_spider_with_a_boat", "script"),
    ("trap_a_witch_with_a_boat", "script"),
];

/// The capability a task lacks, if it is listed.
pub fn missing_capability(task: &str) -> Option<&'static str> {
    GAPS.iter().find(|(t, _)| *t == task).map(|(_, gap)| *gap)
}

/// Every listed task.
pub fn tasks_with_gaps() -> impl Iterator<Item = &'static str> {
    GAPS.iter().map(|(t, _)| *t)
}
