//! Repeated attempts: with `config.attempts = N` a run plays every task N
//! times. This module says who each episode is — its task, its attempt
//! number, its folder and its world seed — so planning, resuming,
//! merging, re-scoring and reporting all agree.
//!
//! A run of one attempt per task keeps the layout runs always had
//! (`<task>/episode.json`, `<task>/episode_1.mp4`); with more, attempt i
//! lives in `<task>/attempt_<i>/` with the same file names inside.

use super::plan::Manifest;
use crate::purple::stable_hash;
use crate::sim::episode_seed;

/// One episode of a run: attempt `attempt` of the run's task `task`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EpisodeId {
    /// Index into the run's task list (the manifest's `tasks`).
    pub task: usize,
    /// The task's name.
    pub name: String,
    /// From 1.
    pub attempt: u32,
    /// The episode's folder relative to the run folder; also its key in
    /// the maps of records and verdicts.
    pub key: String,
}

/// The folder (and key) of attempt `attempt` of `task` in a run that plays
/// `attempts` attempts per task: `<task>` for one, `<task>/attempt_<i>`
/// for more.
pub fn episode_key(task: &str, attempt: u32, attempts: u32) -> String {
    if attempts <= 1 {
        task.to_string()
    } else {
        format!("{task}/attempt_{attempt}")
    }
}

/// The world seed of attempt `attempt` of `task`. Attempt 1 keeps the seed
/// a single-attempt run has always used (the scenario seed and the task
/// name); later attempts first mix their number into the scenario seed,
/// so every attempt plays its own world and replays it on every run.
pub fn attempt_seed(scenario_seed: u64, task: &str, attempt: u32) -> u64 {
    if attempt <= 1 {
        episode_seed(scenario_seed, task)
    } else {
        episode_seed(
            scenario_seed ^ stable_hash(&format!("attempt {attempt}")),
            task,
        )
    }
}

/// Every episode of the run `manifest` describes: its tasks in order, each
/// with the attempts this run (or shard) plays.
pub fn episodes(manifest: &Manifest) -> Vec<EpisodeId> {
    let per_task = manifest.config.attempts;
    manifest
        .tasks
        .iter()
        .enumerate()
        .flat_map(|(index, task)| {
            task.attempts.iter().map(move |&attempt| EpisodeId {
                task: index,
                name: task.name.clone(),
                attempt,
                key: episode_key(&task.name, attempt, per_task),
            })
        })
        .collect()
}

/// The attempts of a task a manifest lists when it does not say: the first.
pub fn first_attempt_only() -> Vec<u32> {
    vec![1]
}

/// Whether a task's attempts are just the first (not written to manifests,
/// which keeps single-attempt manifests as they were).
pub fn is_first_attempt_only(attempts: &[u32]) -> bool {
    attempts == [1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_attempt_runs_keep_their_folders_and_seeds() {
        assert_eq!(episode_key("collect_dirt", 1, 1), "collect_dirt");
        assert_eq!(episode_key("collect_dirt", 1, 5), "collect_dirt/attempt_1");
        assert_eq!(episode_key("collect_dirt", 5, 5), "collect_dirt/attempt_5");
        assert_eq!(
            attempt_seed(7, "collect_dirt", 1),
            episode_seed(7, "collect_dirt")
        );
    }

    #[test]
    fn every_attempt_has_its_own_reproducible_seed() {
        let seeds: Vec<u64> = (1..=50).map(|a| attempt_seed(3, "find_sand", a)).collect();
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len(), "attempts share a world");
        assert_eq!(attempt_seed(3, "find_sand", 2), seeds[1], "stable");
        assert_ne!(
            attempt_seed(3, "find_sand", 2),
            attempt_seed(4, "find_sand", 2)
        );
        assert_ne!(
            attempt_seed(3, "find_sand", 2),
            attempt_seed(3, "find_dirt", 2)
        );
    }
}
