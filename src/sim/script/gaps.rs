//! What each unscripted task still lacks before a script can solve it,
//! as one short capability name per task: a simulator feature
//! (`creatures`, `fluids`, `bows`, …; `terrain` when some scenario
//! worlds have no hill to climb within a task's steps), `script` when the simulator
//! has what the task needs and only the script is unwritten, or
//! `reward_config` when the task's config pays nothing (video only).
//! `mcu dev coverage` shows it.

/// Task → the capability it lacks.
const GAPS: &[(&str, &str)] = &[
    ("build_a_house", "script"),
    ("build_a_library", "script"),
    ("explore_climb", "terrain"),
    ("find_village", "structures"),
    ("kill_ender_dragon", "end"),
    ("shoot_phantom", "script"),
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
