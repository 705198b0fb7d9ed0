//! What each unscripted task still lacks before a script can solve it,
//! as one short capability name per task: a simulator feature
//! (`creatures`, `fluids`, `bows`, …; `terrain` when some scenario
//! worlds have no hill to climb within a task's steps; `rarity` when the
//! structure sought is, at 1.16.5's spacing, farther than a task's steps
//! walk in the scenario worlds), `script` when the simulator
//! has what the task needs and only the script is unwritten, or
//! `reward_config` when the task's config pays nothing (video only).
//! `mcu dev coverage` shows it.

/// Task → the capability it lacks.
const GAPS: &[(&str, &str)] = &[
    ("explore_climb", "terrain"),
    ("find_village", "rarity"),
    ("kill_ender_dragon", "script"),
];

/// The capability a task lacks, if it is listed.
pub fn missing_capability(task: &str) -> Option<&'static str> {
    GAPS.iter().find(|(t, _)| *t == task).map(|(_, gap)| *gap)
}

/// Every listed task.
pub fn tasks_with_gaps() -> impl Iterator<Item = &'static str> {
    GAPS.iter().map(|(t, _)| *t)
}
