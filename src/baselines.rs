//! Baselines: the noop, random and scripted policies played in process on
//! the embedded simulator over every task that has a script, scored per
//! category. They frame an agent's numbers (a score below random means
//! the agent does worse than pressing keys at random) and check the
//! simulator: where a script exists it must beat random, and random must
//! not fall below doing nothing.
//!
//! The random policy draws what `examples/random_agent.rs` draws (a
//! uniform compact action: button index and camera bin), from a stream
//! seeded by the scenario seed and the task name.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::protocol::compact::{self, BUTTON_INDEX_MAX, CAMERA_INDEX_MAX};
use crate::protocol::Action;
use crate::purple::stable_hash;
use crate::sim::script::{self, Script};
use crate::suite::Task;

/// A baseline policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    Noop,
    Random,
    Scripted,
}

impl Policy {
    pub const ALL: [Policy; 3] = [Policy::Noop, Policy::Random, Policy::Scripted];

    pub fn name(self) -> &'static str {
        match self {
            Policy::Noop => "noop",
            Policy::Random => "random",
            Policy::Scripted => "scripted",
        }
    }
}

/// One policy's episode of one task on one seed.
#[derive(Debug, Clone, Serialize)]
pub struct Episode {
    pub task: String,
    pub category: String,
    pub policy: Policy,
    pub seed: u64,
    /// Share of the task done, 0..=1 (see `Solve::score`).
    pub score: f64,
    pub steps: u32,
}

/// Plays `task` with `policy` on `seed`; `None` if the task has no script
/// (baselines cover only tasks shown playable).
pub fn play(task: &Task, policy: Policy, seed: u64) -> Option<Episode> {
    let mut script = Script::for_task(&task.name)?;
    let max_steps = task.default_max_steps();
    let solve = match policy {
        Policy::Noop => script::play(task, seed, max_steps, &mut |_| Action::noop()),
        Policy::Random => {
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ stable_hash(&task.name));
            script::play(task, seed, max_steps, &mut |_| random_action(&mut rng))
        }
        Policy::Scripted => script::play(task, seed, max_steps, &mut |game| script.act(game)),
    };
    Some(Episode {
        task: task.name.clone(),
        category: task.category.clone(),
        policy,
        seed,
        score: solve.score(),
        steps: solve.steps,
    })
}

fn random_action(rng: &mut ChaCha8Rng) -> Action {
    let button = rng.gen_range(0..=BUTTON_INDEX_MAX);
    let camera = rng.gen_range(0..=CAMERA_INDEX_MAX);
    compact::decode(button, camera).expect("indices drawn within range decode")
}

/// Mean score per category and policy, over tasks and seeds.
#[derive(Debug, Default, Serialize)]
pub struct Summary {
    /// category → policy name → mean score.
    pub categories: BTreeMap<String, BTreeMap<&'static str, f64>>,
}

impl Summary {
    pub fn of(episodes: &[Episode]) -> Summary {
        let mut sums: BTreeMap<(String, Policy), (f64, u32)> = BTreeMap::new();
        for e in episodes {
            let entry = sums.entry((e.category.clone(), e.policy)).or_default();
            entry.0 += e.score;
            entry.1 += 1;
        }
        let mut summary = Summary::default();
        for ((category, policy), (total, n)) in sums {
            summary
                .categories
                .entry(category)
                .or_default()
                .insert(policy.name(), total / f64::from(n));
        }
        summary
    }

    /// Categories where the order scripted > random ≥ noop does not hold,
    /// with their means. Where random does everything too (both at 1) the
    /// scripts cannot be above it, and that is not counted against them.
    pub fn out_of_order(&self) -> Vec<String> {
        self.categories
            .iter()
            .filter_map(|(category, means)| {
                let get = |p: Policy| means.get(p.name()).copied().unwrap_or(0.0);
                let (noop, random, scripted) = (
                    get(Policy::Noop),
                    get(Policy::Random),
                    get(Policy::Scripted),
                );
                let scripts_lead = scripted > random || (scripted >= 1.0 && random >= 1.0);
                (!scripts_lead || random < noop).then(|| {
                    format!(
                        "{category}: noop {noop:.3}, random {random:.3}, scripted {scripted:.3}"
                    )
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn episode(category: &str, policy: Policy, score: f64) -> Episode {
        Episode {
            task: format!("{category}_task"),
            category: category.to_string(),
            policy,
            seed: 0,
            score,
            steps: 1,
        }
    }

    #[test]
    fn categories_average_over_tasks_and_seeds_and_flag_a_broken_order() {
        let episodes = [
            episode("a", Policy::Noop, 0.0),
            episode("a", Policy::Random, 0.5),
            episode("a", Policy::Random, 0.0),
            episode("a", Policy::Scripted, 1.0),
            episode("b", Policy::Noop, 0.0),
            episode("b", Policy::Random, 0.5),
            episode("b", Policy::Scripted, 0.5),
            episode("c", Policy::Noop, 0.0),
            episode("c", Policy::Random, 1.0),
            episode("c", Policy::Scripted, 1.0),
        ];
        let summary = Summary::of(&episodes);
        assert_eq!(summary.categories["a"]["random"], 0.25);
        let wrong = summary.out_of_order();
        assert_eq!(wrong.len(), 1, "{wrong:?}");
        assert!(wrong[0].starts_with("b:"), "{wrong:?}");
    }

    #[test]
    fn the_random_policy_is_the_same_stream_for_the_same_seed() {
        let mut a = ChaCha8Rng::seed_from_u64(7);
        let mut b = ChaCha8Rng::seed_from_u64(7);
        let first: Vec<_> = (0..20).map(|_| random_action(&mut a)).collect();
        let again: Vec<_> = (0..20).map(|_| random_action(&mut b)).collect();
        assert_eq!(first, again);
        assert!(
            first.iter().any(|a| !a.is_noop()),
            "random actions press keys"
        );
    }
}
