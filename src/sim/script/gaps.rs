//! What each unscripted task still lacks before a script can solve it,
//! as one short capability name per task: a simulator feature
//! (`creatures`, `fluids`, `bows`, …), `script` when the simulator
//! has what the task needs and only the script is unwritten, or
//! `reward_config` when the task's config pays nothing (video only).
//! `mcu dev coverage` shows it.

/// Task → the capability it lacks.
const GAPS: &[(&str, &str)] = &[
    ("brew_potion_of_fire_resistance", "reward_config"),
    ("build_a_garden", "reward_config"),
    ("build_a_house", "reward_config"),
    ("build_a_library", "script"),
    ("build_a_waterfall", "fluids"),
    ("build_snow_golem", "creatures"),
    ("collect_wool", "creatures"),
    ("combat_enderman", "creatures"),
    ("combat_skeletons", "creatures"),
    ("combat_spiders", "creatures"),
    ("combat_witch", "creatures"),
    ("combat_wolfs", "creatures"),
    ("combat_zombies", "creatures"),
    ("craft_to_cake", "creatures"),
    ("decorate_the_wall", "reward_config"),
    ("enchant_diamond_sword", "enchanting_screen"),
    ("explore_boat", "boats"),
    ("explore_climb", "reward_config"),
    ("explore_run", "reward_config"),
    ("find_blue_bed", "reward_config"),
    ("find_forest", "reward_config"),
    ("find_item_frame", "reward_config"),
    ("find_lava", "fluids"),
    ("find_village", "reward_config"),
    ("hook_a_chicken_using_fishing_rod", "fishing"),
    ("hook_a_cow_using_fishing_rod", "fishing"),
    ("hunt_horse", "creatures"),
    ("hunt_pigs", "creatures"),
    ("kill_ender_dragon", "end"),
    ("mine_diamond_from_scratch", "script"),
    (
        "prepare_a_birthday_present_for_your_neighbor",
        "reward_config",
    ),
    ("shoot_phantom", "creatures"),
    ("trap_a_spider_with_a_boat", "reward_config"),
    ("trap_a_witch_with_a_boat", "reward_config"),
    ("use_bow", "bows"),
    ("use_lead", "reward_config"),
    ("use_shield", "shields"),
    ("use_trident", "creatures"),
];

/// The capability a task lacks, if it is listed.
pub fn missing_capability(task: &str) -> Option<&'static str> {
    GAPS.iter().find(|(t, _)| *t == task).map(|(_, gap)| *gap)
}

/// Every listed task.
pub fn tasks_with_gaps() -> impl Iterator<Item = &'static str> {
    GAPS.iter().map(|(t, _)| *t)
}
