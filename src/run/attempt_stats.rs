//! What repeated attempts say together, for a task, a category or the
//! whole run: how many attempts counted and how many infrastructure
//! failures were left out, a 95% interval of the score, the success rate
//! with its Wilson interval, and pass@k for every k.
//!
//! An attempt counts when it played to a result — the agent's own
//! failures (a refused init, an unreachable agent) count, as zero — and
//! the judge rated it when a judge ran. An mcu `error` and a failed or
//! unreadable judge answer are not the agent's doing: they are counted
//! apart and left out of every figure, instead of passing for failures.

use serde::{Deserialize, Serialize};

use crate::uncertainty::{self, Interval};

/// How one attempt counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AttemptOutcome {
    /// A result: its score and, for tasks with a reward config, whether
    /// the reward was paid in full.
    Scored { score: f64, success: Option<bool> },
    /// mcu or the judge failed; not held against the agent.
    InfraFailure,
    /// Not played (yet), or stopped by Ctrl-C.
    Pending,
}

/// The statistics of a task's attempts, or of a category's or the run's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttemptStats {
    /// Attempts planned.
    pub attempts: u32,
    /// Attempts that count (see the module documentation).
    pub scored: u32,
    /// Attempts lost to mcu errors or judge failures, left out of the rest.
    pub infra_failures: u32,
    /// 95% bootstrap interval of the score — a task's mean over its
    /// counted attempts, a category's or the run's sum of its tasks'
    /// means — resampling each task's attempts; `null` below two attempts.
    pub score_interval: Option<Interval>,
    /// Counted attempts that were paid in full (tasks with a reward config).
    pub successes: u32,
    /// Counted attempts of tasks with a reward config.
    pub success_trials: u32,
    pub success_rate: Option<f64>,
    /// Wilson 95% interval of the success rate.
    pub success_interval: Option<Interval>,
    /// pass@k for k = 1, 2, …, attempts per task (entry k − 1), unbiased
    /// (1 − C(n−c, k)/C(n, k)); for several tasks the mean over those with
    /// at least k counted attempts; `null` where no task has.
    pub pass_at_k: Vec<Option<f64>>,
    /// A task's counted attempts' scores, in attempt order (what the
    /// interval and the comparison of runs are computed from).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<f64>,
}

impl AttemptStats {
    /// `[1.25, 3.75]`, or `-` without an interval.
    pub fn score_interval_text(&self) -> String {
        self.score_interval.map_or_else(
            || "-".to_string(),
            |i| format!("[{:.2}, {:.2}]", i.low, i.high),
        )
    }

    /// `3/5 [23%, 88%]`: successes of counted attempts with the Wilson
    /// interval; `-` for judge-only tasks.
    pub fn success_text(&self) -> String {
        match self.success_interval {
            Some(i) => format!(
                "{}/{} [{:.0}%, {:.0}%]",
                self.successes,
                self.success_trials,
                i.low * 100.0,
                i.high * 100.0
            ),
            None => "-".to_string(),
        }
    }

    /// pass@k as text (k from 1), `-` when not estimable.
    pub fn pass_at_text(&self, k: u32) -> String {
        let value = k
            .checked_sub(1)
            .and_then(|i| self.pass_at_k.get(i as usize).copied().flatten());
        value.map_or_else(|| "-".to_string(), |v| format!("{v:.2}"))
    }

    /// `5` or `4 + 1 infra`: counted attempts, and those left out.
    pub fn counted_text(&self) -> String {
        if self.infra_failures == 0 {
            self.scored.to_string()
        } else {
            format!("{} + {} infra", self.scored, self.infra_failures)
        }
    }
}

/// The scores of the attempts that count, in order.
pub fn counted_scores(outcomes: &[AttemptOutcome]) -> Vec<f64> {
    outcomes
        .iter()
        .filter_map(|outcome| match outcome {
            AttemptOutcome::Scored { score, .. } => Some(*score),
            _ => None,
        })
        .collect()
}

/// The statistics of `tasks`, each given by its attempts' outcomes, in a
/// run of `per_task` attempts per task. One task gives its own.
pub fn stats(tasks: &[&[AttemptOutcome]], per_task: u32) -> AttemptStats {
    let scores: Vec<Vec<f64>> = tasks.iter().map(|o| counted_scores(o)).collect();
    // (counted attempts, successes) of each task that has a reward config.
    let success_counts: Vec<(u32, u32)> = tasks
        .iter()
        .filter_map(|outcomes| {
            let verdicts: Vec<bool> = outcomes
                .iter()
                .filter_map(|outcome| match outcome {
                    AttemptOutcome::Scored { success, .. } => *success,
                    _ => None,
                })
                .collect();
            (!verdicts.is_empty()).then(|| {
                (
                    count(verdicts.len()),
                    count(verdicts.iter().filter(|s| **s).count()),
                )
            })
        })
        .collect();
    let successes = success_counts.iter().map(|(_, c)| c).sum();
    let success_trials = success_counts.iter().map(|(n, _)| n).sum();
    let success_rate =
        (success_trials > 0).then(|| f64::from(successes) / f64::from(success_trials));
    let groups: Vec<&[f64]> = scores.iter().map(Vec::as_slice).collect();
    AttemptStats {
        attempts: count(tasks.iter().map(|t| t.len()).sum()),
        scored: count(scores.iter().map(Vec::len).sum()),
        infra_failures: count(
            tasks
                .iter()
                .flat_map(|t| t.iter())
                .filter(|o| **o == AttemptOutcome::InfraFailure)
                .count(),
        ),
        score_interval: uncertainty::bootstrap_sum_of_means(&groups).map(rounded),
        successes,
        success_trials,
        success_rate: success_rate.map(round4),
        success_interval: uncertainty::wilson(successes, success_trials).map(rounded),
        pass_at_k: (1..=per_task)
            .map(|k| {
                let values: Vec<f64> = success_counts
                    .iter()
                    .filter_map(|(n, c)| uncertainty::pass_at_k(*n, *c, k))
                    .collect();
                uncertainty::mean(&values).map(round4)
            })
            .collect(),
        scores: Vec::new(),
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn round4(value: f64) -> f64 {
    (value * 1e4).round() / 1e4
}

fn rounded(interval: Interval) -> Interval {
    Interval {
        low: round4(interval.low),
        high: round4(interval.high),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(score: f64, success: bool) -> AttemptOutcome {
        AttemptOutcome::Scored {
            score,
            success: Some(success),
        }
    }

    #[test]
    fn a_task_leaves_infrastructure_failures_out() {
        // Five attempts: two successes, one zero, one mcu error, one not
        // played. Counted: 3, so pass@k uses n = 3, c = 2:
        //   pass@1 = 2/3, pass@2 = 1 - C(1,2)/C(3,2) = 1, pass@3 = 1;
        //   k = 4, 5 exceed the counted attempts: null.
        let outcomes = [
            scored(10.0, true),
            AttemptOutcome::InfraFailure,
            scored(0.0, false),
            scored(10.0, true),
            AttemptOutcome::Pending,
        ];
        let stats = stats(&[&outcomes], 5);
        assert_eq!(
            (stats.attempts, stats.scored, stats.infra_failures),
            (5, 3, 1)
        );
        assert_eq!((stats.successes, stats.success_trials), (2, 3));
        assert_eq!(stats.success_rate, Some(0.6667));
        assert_eq!(
            stats.pass_at_k,
            [Some(0.6667), Some(1.0), Some(1.0), None, None]
        );
        let interval = stats.score_interval.unwrap();
        assert!(interval.low < 6.67 && 6.67 < interval.high, "{interval:?}");
        // Wilson of 2/3: centre = (2/3 + z²/6) / (1 + z²/3) = 0.5731,
        // half = z·sqrt((2/9)/3 + z²/36) / (1 + z²/3) = 0.3654.
        let wilson = stats.success_interval.unwrap();
        assert_eq!((wilson.low, wilson.high), (0.2077, 0.9385));
    }

    #[test]
    fn a_category_averages_pass_at_k_over_its_tasks() {
        // Task A: 1 success of 4 → pass@1 = 0.25, pass@2 = 1 - C(3,2)/C(4,2) = 0.5.
        // Task B: 3 of 4 → pass@1 = 0.75, pass@2 = 1 - C(1,2)/C(4,2) = 1.
        // Task C: judge-only (no success notion) → not in pass@k.
        // Means: pass@1 = 0.5, pass@2 = 0.75; success rate 4/8.
        let a = [
            scored(10.0, true),
            scored(0.0, false),
            scored(0.0, false),
            scored(0.0, false),
        ];
        let b = [
            scored(10.0, true),
            scored(10.0, true),
            scored(10.0, true),
            scored(5.0, false),
        ];
        let judged = AttemptOutcome::Scored {
            score: 4.0,
            success: None,
        };
        let c = [judged; 4];
        let stats = stats(&[&a, &b, &c], 4);
        assert_eq!(stats.pass_at_k[..2], [Some(0.5), Some(0.75)]);
        assert_eq!(stats.success_rate, Some(0.5));
        assert_eq!((stats.attempts, stats.scored), (12, 12));
        // The interval is around the sum of means 2.5 + 8.75 + 4 = 15.25.
        let interval = stats.score_interval.unwrap();
        assert!(
            interval.low < 15.25 && 15.25 < interval.high,
            "{interval:?}"
        );
    }

    #[test]
    fn one_attempt_gives_no_score_interval() {
        let stats = stats(&[&[scored(7.0, false)]], 1);
        assert_eq!(stats.score_interval, None);
        assert_eq!(stats.pass_at_k, [Some(0.0)]);
        assert!(
            stats.success_interval.is_some(),
            "Wilson works from one trial"
        );
    }
}
