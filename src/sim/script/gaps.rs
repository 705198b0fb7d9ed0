//! What each task a script cannot solve still lacks, as one short
//! capability name: a simulator feature (`creatures`, `fluids`, …),
//! `script` when the simulator has what the task needs and only the
//! script is unwritten, `terrain` when a scenario world has no hill high
//! enough to climb within the task's steps, or `rarity` when the
//! structure sought lies, at 1.16.5's spacing, farther than the task's
//! steps walk. Some tasks lack it everywhere (no script); some are
//! scripted and out of reach only in some scenario seeds' worlds.
//! `mcu dev coverage` shows it.

/// Unscripted task → the capability it lacks.
const GAPS: &[(&str, &str)] = &[("kill_ender_dragon", "script")];

/// Scripted task and scenario seed → what that seed's world lacks, with
/// the measure behind it (`mcu dev coverage --task T --seed S`).
const SEED_GAPS: &[(&str, u64, &str)] = &[
    // The nearest hill 15 blocks above the start is 173 blocks away
    // (the walk gets 150 in 900 steps).
    ("explore_climb", 0, "terrain"),
    // No land 5 blocks above the start within 250 blocks.
    ("explore_climb", 3, "terrain"),
    // The nearest village: 483, 300, 421 and 366 blocks away; 900 steps
    // of sprint-jumping cover about 300 over open ground.
    ("find_village", 0, "rarity"),
    ("find_village", 1, "rarity"),
    ("find_village", 2, "rarity"),
    ("find_village", 3, "rarity"),
];

/// The capability an unscripted task lacks, if it is listed.
pub fn missing_capability(task: &str) -> Option<&'static str> {
    GAPS.iter().find(|(t, _)| *t == task).map(|(_, gap)| *gap)
}

/// Every unscripted task listed.
pub fn tasks_with_gaps() -> impl Iterator<Item = &'static str> {
    GAPS.iter().map(|(t, _)| *t)
}

/// What a scenario seed's world lacks for a scripted task, if it is listed.
pub fn out_of_reach(task: &str, seed: u64) -> Option<&'static str> {
    SEED_GAPS
        .iter()
        .find(|(t, s, _)| *t == task && *s == seed)
        .map(|(_, _, gap)| *gap)
}
