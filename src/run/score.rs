//! Task scores from the simulation part alone (SPEC §5 without a judge):
//! a short task scores 10 × earned / max on 0–10, a long-horizon task
//! 100 × the milestone fraction on 0–100; a judge-only task has no score
//! until a judge rates its video. Both scoring profiles agree on this
//! part; they differ only in how a judge's ratings are mixed in.

use serde::{Deserialize, Serialize};

use super::record::{EpisodeRecord, EpisodeStatus};
use crate::suite::RewardKind;

/// The most a short task scores.
pub const SHORT_TASK_MAX: f64 = 10.0;
/// The most a long-horizon task scores.
pub const LONG_TASK_MAX: f64 = 100.0;

/// One task's score.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TaskScore {
    pub score: f64,
    pub max_score: f64,
    /// The simulation part on the task's scale; `None` for judge-only tasks.
    pub sim_score: Option<f64>,
}

/// The most `kind` of task can score.
pub fn max_score(kind: RewardKind) -> f64 {
    match kind {
        RewardKind::Milestone => LONG_TASK_MAX,
        RewardKind::Sim | RewardKind::Judge => SHORT_TASK_MAX,
    }
}

/// The simulation-only score of a played episode. An mcu error or an
/// interrupted episode scores nothing; an agent failure keeps what the
/// agent earned before it failed.
pub fn sim_only(record: &EpisodeRecord) -> TaskScore {
    let kind = record.task.reward_kind;
    let max_score = max_score(kind);
    let sim_score = match kind {
        RewardKind::Judge => None,
        RewardKind::Sim | RewardKind::Milestone => Some(match record.status {
            EpisodeStatus::Error | EpisodeStatus::Interrupted => 0.0,
            _ => round2(max_score * record.sim.fraction()),
        }),
    };
    TaskScore {
        score: sim_score.unwrap_or(0.0),
        max_score,
        sim_score,
    }
}

/// Rounds to two decimals, as scores are reported.
pub fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding() {
        assert_eq!(round2(10.0 * 2.0 / 3.0), 6.67);
        assert_eq!(round2(0.004), 0.0);
    }

    #[test]
    fn maxima_by_kind() {
        assert_eq!(max_score(RewardKind::Sim), 10.0);
        assert_eq!(max_score(RewardKind::Judge), 10.0);
        assert_eq!(max_score(RewardKind::Milestone), 100.0);
    }
}
