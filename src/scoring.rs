//! Task scores under the two scoring profiles (SPEC §5), as pure functions
//! of what an episode earned and what the video judge said.
//!
//! `seed` mixes the simulation part with the judge's weighted mean of the
//! six criteria; `agentbeats-v1` reproduces the reference leaderboard,
//! which only ever uses Task Progress. Both report the weighted mean as
//! the video score. Every reported number is rounded to two decimals;
//! mixing is done on the unrounded parts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::judge::parse::{Rating, MAX_RATING};
use crate::suite::{Criterion, RewardKind};

pub use crate::scenario::ScoringProfile;

/// The most a short task (`reward_cfg` or judge-only) scores.
pub const SHORT_TASK_MAX: f64 = 10.0;
/// The most a long-horizon (`milestone_reward_cfg`) task scores.
pub const LONG_TASK_MAX: f64 = 100.0;

/// The seed profile's weight of each criterion in the video score.
pub const WEIGHTS: [(Criterion, f64); 6] = [
    (Criterion::TaskProgress, 40.0),
    (Criterion::MaterialSelectionAndUsage, 15.0),
    (Criterion::ActionControl, 15.0),
    (Criterion::TaskCompletionEfficiency, 15.0),
    (Criterion::ErrorRecognitionAndCorrection, 10.0),
    (Criterion::CreativeAttempts, 5.0),
];

/// What one episode's score is computed from.
#[derive(Debug, Clone, Copy)]
pub struct ScoreInput<'a> {
    pub kind: RewardKind,
    /// Reward earned and the most that could be earned (Σ reward · max times).
    pub sim_earned: f64,
    pub sim_max: f64,
    /// Long-horizon tasks: milestones reached, out of how many.
    pub milestones_reached: u32,
    pub milestones_total: u32,
    /// The judge's ratings; `None` when there is no judge result.
    pub ratings: Option<&'a BTreeMap<Criterion, Rating>>,
    /// The criteria the task's criteria file marks "not applicable".
    pub not_applicable: &'a [Criterion],
}

/// One task's score.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TaskScore {
    pub score: f64,
    pub max_score: f64,
    /// The simulation part on the task's scale; `None` for judge-only tasks.
    pub sim_score: Option<f64>,
    /// The weighted mean of the judge's ratings on 0–10; `None` without a
    /// judge result or when no criterion could be rated.
    pub video_score: Option<f64>,
}

/// The score of one episode under `profile`.
pub fn score(profile: ScoringProfile, input: &ScoreInput) -> TaskScore {
    let max_score = max_score(input.kind);
    let video = input
        .ratings
        .and_then(|ratings| weighted_mean(ratings, input.not_applicable));
    let score = match profile {
        ScoringProfile::Seed => seed_score(input, video),
        ScoringProfile::AgentbeatsV1 => agentbeats_score(input),
    };
    let sim_score = match input.kind {
        RewardKind::Judge => None,
        RewardKind::Sim | RewardKind::Milestone => Some(round2(max_score * sim_fraction(input))),
    };
    TaskScore {
        score: round2(score),
        max_score,
        sim_score,
        video_score: video.map(round2),
    }
}

/// The seed profile's video score: the weighted mean of the numeric
/// ratings of criteria that apply, weights renormalised, rounded to two
/// decimals; `None` when no criterion is rated with a number.
pub fn video_score(
    ratings: &BTreeMap<Criterion, Rating>,
    not_applicable: &[Criterion],
) -> Option<f64> {
    weighted_mean(ratings, not_applicable).map(round2)
}

/// The most `kind` of task can score.
pub fn max_score(kind: RewardKind) -> f64 {
    match kind {
        RewardKind::Milestone => LONG_TASK_MAX,
        RewardKind::Sim | RewardKind::Judge => SHORT_TASK_MAX,
    }
}

/// Rounds to two decimals, as scores are reported.
pub fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

fn weighted_mean(
    ratings: &BTreeMap<Criterion, Rating>,
    not_applicable: &[Criterion],
) -> Option<f64> {
    let (weighted_sum, total_weight) = WEIGHTS
        .iter()
        .filter(|(criterion, _)| !not_applicable.contains(criterion))
        .filter_map(|(criterion, weight)| {
            let value = ratings.get(criterion)?.score()?;
            Some((weight * value, *weight))
        })
        .fold((0.0, 0.0), |(sum, total), (part, weight)| {
            (sum + part, total + weight)
        });
    (total_weight > 0.0).then(|| weighted_sum / total_weight)
}

/// Seed: the simulation part and the video score averaged on the task's
/// scale; the simulation part alone without a video score; the video
/// score alone (or 0) for judge-only tasks.
fn seed_score(input: &ScoreInput, video: Option<f64>) -> f64 {
    let max_score = max_score(input.kind);
    match input.kind {
        RewardKind::Judge => video.unwrap_or(0.0),
        RewardKind::Sim | RewardKind::Milestone => {
            let sim = max_score * sim_fraction(input);
            match video {
                Some(video) => (sim + max_score * video / MAX_RATING) / 2.0,
                None => sim,
            }
        }
    }
}

/// agentbeats-v1: Task Progress alone stands for the judge.
fn agentbeats_score(input: &ScoreInput) -> f64 {
    let progress = task_progress(input);
    match input.kind {
        RewardKind::Judge => progress.map_or(0.0, |tp| tp / MAX_RATING * SHORT_TASK_MAX),
        RewardKind::Sim => {
            let sim = SHORT_TASK_MAX * sim_fraction(input);
            match progress {
                Some(tp) if sim < SHORT_TASK_MAX => (sim + tp) / 2.0,
                _ => sim,
            }
        }
        RewardKind::Milestone => {
            let total = input.milestones_total;
            if total == 0 {
                return 0.0;
            }
            let reached = input.milestones_reached.min(total);
            let partial = match progress {
                Some(tp) if reached < total => tp / MAX_RATING,
                _ => 0.0,
            };
            ((f64::from(reached) + partial) / f64::from(total) * LONG_TASK_MAX).min(LONG_TASK_MAX)
        }
    }
}

/// The judge's numeric Task Progress rating, if any.
fn task_progress(input: &ScoreInput) -> Option<f64> {
    input.ratings?.get(&Criterion::TaskProgress)?.score()
}

/// Earned over max in 0..=1; 0 when nothing could be earned.
fn sim_fraction(input: &ScoreInput) -> f64 {
    if input.sim_max > 0.0 {
        (input.sim_earned / input.sim_max).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Criterion::*;

    /// TP 6, AC 8, ERC 5, CA 4, TCE 7, MSU 9. Weighted:
    /// 40·6 + 15·9 + 15·8 + 15·7 + 10·5 + 5·4 = 670, over 100 → 6.7.
    /// Without CA: 650 / 95 = 6.8421… → 6.84.
    fn full() -> BTreeMap<Criterion, Rating> {
        rated(&[
            (TaskProgress, 6.0),
            (ActionControl, 8.0),
            (ErrorRecognitionAndCorrection, 5.0),
            (CreativeAttempts, 4.0),
            (TaskCompletionEfficiency, 7.0),
            (MaterialSelectionAndUsage, 9.0),
        ])
    }

    /// Like [`full`] with Creative Attempts rated N/A by the judge: 6.8421….
    fn judge_says_ca_na() -> BTreeMap<Criterion, Rating> {
        let mut ratings = full();
        ratings.insert(CreativeAttempts, Rating::NotApplicable);
        ratings
    }

    /// TCE and MSU missing: (240 + 120 + 50 + 20) / 70 = 430 / 70 = 6.1428… → 6.14.
    fn partial() -> BTreeMap<Criterion, Rating> {
        let mut ratings = full();
        ratings.remove(&TaskCompletionEfficiency);
        ratings.remove(&MaterialSelectionAndUsage);
        ratings
    }

    /// Task Progress N/A: (120 + 50 + 20 + 105 + 135) / 60 = 430 / 60 = 7.1666… → 7.17.
    fn tp_na() -> BTreeMap<Criterion, Rating> {
        let mut ratings = full();
        ratings.insert(TaskProgress, Rating::NotApplicable);
        ratings
    }

    fn all_na() -> BTreeMap<Criterion, Rating> {
        Criterion::ALL
            .into_iter()
            .map(|c| (c, Rating::NotApplicable))
            .collect()
    }

    fn all(value: f64) -> BTreeMap<Criterion, Rating> {
        Criterion::ALL
            .into_iter()
            .map(|c| (c, Rating::Score(value)))
            .collect()
    }

    fn rated(pairs: &[(Criterion, f64)]) -> BTreeMap<Criterion, Rating> {
        pairs.iter().map(|(c, v)| (*c, Rating::Score(*v))).collect()
    }

    struct Row {
        label: &'static str,
        kind: RewardKind,
        earned: f64,
        max: f64,
        reached: u32,
        total: u32,
        ratings: Option<BTreeMap<Criterion, Rating>>,
        not_applicable: &'static [Criterion],
        /// score, sim_score, video_score under seed.
        seed: (f64, Option<f64>, Option<f64>),
        /// score under agentbeats-v1 (sim and video scores are the same).
        agentbeats: f64,
    }

    #[allow(clippy::too_many_arguments)]
    fn row(
        label: &'static str,
        kind: RewardKind,
        (earned, max): (f64, f64),
        (reached, total): (u32, u32),
        ratings: Option<BTreeMap<Criterion, Rating>>,
        not_applicable: &'static [Criterion],
        seed: (f64, Option<f64>, Option<f64>),
        agentbeats: f64,
    ) -> Row {
        Row {
            label,
            kind,
            earned,
            max,
            reached,
            total,
            ratings,
            not_applicable,
            seed,
            agentbeats,
        }
    }

    fn golden_rows() -> Vec<Row> {
        use RewardKind::{Judge, Milestone, Sim};
        vec![
            // sim 7.5; seed (7.5 + 6.7)/2 = 7.1; ab (7.5 + 6)/2 = 6.75
            row(
                "sim with judge",
                Sim,
                (3.0, 4.0),
                (0, 0),
                Some(full()),
                &[],
                (7.1, Some(7.5), Some(6.7)),
                6.75,
            ),
            // no judge: both 7.5
            row(
                "sim without judge",
                Sim,
                (3.0, 4.0),
                (0, 0),
                None,
                &[],
                (7.5, Some(7.5), None),
                7.5,
            ),
            // sim 10; seed (10 + 6.7)/2 = 8.35; ab s = 10 stays 10
            row(
                "sim full",
                Sim,
                (4.0, 4.0),
                (0, 0),
                Some(full()),
                &[],
                (8.35, Some(10.0), Some(6.7)),
                10.0,
            ),
            // sim 6.666…; video 6.8421…; seed 6.7544 → 6.75; ab (6.666… + 6)/2 = 6.333… → 6.33
            row(
                "sim, N/A from file",
                Sim,
                (2.0, 3.0),
                (0, 0),
                Some(full()),
                &[CreativeAttempts],
                (6.75, Some(6.67), Some(6.84)),
                6.33,
            ),
            // sim 2.5; seed (2.5 + 6.8421…)/2 = 4.6710… → 4.67; ab (2.5 + 6)/2 = 4.25
            row(
                "sim, N/A from judge",
                Sim,
                (1.0, 4.0),
                (0, 0),
                Some(judge_says_ca_na()),
                &[],
                (4.67, Some(2.5), Some(6.84)),
                4.25,
            ),
            // sim 0; seed 6.1428…/2 = 3.0714… → 3.07; ab (0 + 6)/2 = 3
            row(
                "sim, missing criteria",
                Sim,
                (0.0, 5.0),
                (0, 0),
                Some(partial()),
                &[],
                (3.07, Some(0.0), Some(6.14)),
                3.0,
            ),
            // video None → sim alone 5; ab: TP is N/A → 5
            row(
                "sim, all N/A",
                Sim,
                (2.0, 4.0),
                (0, 0),
                Some(all_na()),
                &[],
                (5.0, Some(5.0), None),
                5.0,
            ),
            // max 0 → fraction 0; seed (0 + 6.7)/2 = 3.35; ab (0 + 6)/2 = 3
            row(
                "sim, nothing to earn",
                Sim,
                (5.0, 0.0),
                (0, 0),
                Some(full()),
                &[],
                (3.35, Some(0.0), Some(6.7)),
                3.0,
            ),
            // sim 2.5; seed (2.5 + 7.1666…)/2 = 4.8333… → 4.83; ab: no numeric TP → 2.5
            row(
                "sim, TP N/A",
                Sim,
                (1.0, 4.0),
                (0, 0),
                Some(tp_na()),
                &[],
                (4.83, Some(2.5), Some(7.17)),
                2.5,
            ),
            // sim 7.5; video 0; seed 3.75; ab (7.5 + 0)/2 = 3.75
            row(
                "sim, judge rates all 0",
                Sim,
                (3.0, 4.0),
                (0, 0),
                Some(all(0.0)),
                &[],
                (3.75, Some(7.5), Some(0.0)),
                3.75,
            ),
            // earned > max clamps to 1 → 10 in both
            row(
                "sim, over-earned",
                Sim,
                (6.0, 4.0),
                (0, 0),
                None,
                &[],
                (10.0, Some(10.0), None),
                10.0,
            ),
            // seed 50·0.5 + 5·6.7 = 58.5; ab (2 + 0.6)/4·100 = 65
            row(
                "milestone partial with judge",
                Milestone,
                (2.0, 4.0),
                (2, 4),
                Some(full()),
                &[],
                (58.5, Some(50.0), Some(6.7)),
                65.0,
            ),
            // seed 100·0.5 = 50; ab (2 + 0)/4·100 = 50
            row(
                "milestone partial without judge",
                Milestone,
                (2.0, 4.0),
                (2, 4),
                None,
                &[],
                (50.0, Some(50.0), None),
                50.0,
            ),
            // seed 50 + 33.5 = 83.5; ab all reached → progress 0 → 100
            row(
                "milestone full",
                Milestone,
                (4.0, 4.0),
                (4, 4),
                Some(full()),
                &[],
                (83.5, Some(100.0), Some(6.7)),
                100.0,
            ),
            // seed 0 + 5·10 = 50; ab (0 + 1)/3·100 = 33.333… → 33.33
            row(
                "milestone none reached, perfect video",
                Milestone,
                (0.0, 3.0),
                (0, 3),
                Some(all(10.0)),
                &[],
                (50.0, Some(0.0), Some(10.0)),
                33.33,
            ),
            // video None → 100/3 = 33.33; ab TP N/A → 1/3·100 = 33.33
            row(
                "milestone, all N/A",
                Milestone,
                (1.0, 3.0),
                (1, 3),
                Some(all_na()),
                &[],
                (33.33, Some(33.33), None),
                33.33,
            ),
            // seed 50·2/3 + 5·6.8421… = 33.333… + 34.2105… = 67.5438… → 67.54;
            // ab (2 + 0.6)/3·100 = 86.666… → 86.67
            row(
                "milestone, N/A from file",
                Milestone,
                (2.0, 3.0),
                (2, 3),
                Some(full()),
                &[CreativeAttempts],
                (67.54, Some(66.67), Some(6.84)),
                86.67,
            ),
            // no milestones: fraction 0; seed 0 + 33.5; ab 0
            row(
                "milestone, none configured",
                Milestone,
                (0.0, 0.0),
                (0, 0),
                Some(full()),
                &[],
                (33.5, Some(0.0), Some(6.7)),
                0.0,
            ),
            // seed 50·1 + 5·2 = 60; ab reached capped at total: (3 + 0)/3·100 = 100
            row(
                "milestone, reached over total",
                Milestone,
                (3.0, 3.0),
                (5, 3),
                Some(all(2.0)),
                &[],
                (60.0, Some(100.0), Some(2.0)),
                100.0,
            ),
            // seed = video 6.7; ab TP 6/10·10 = 6
            row(
                "judge-only with judge",
                Judge,
                (0.0, 0.0),
                (0, 0),
                Some(full()),
                &[],
                (6.7, None, Some(6.7)),
                6.0,
            ),
            // nothing to score: 0 in both
            row(
                "judge-only without judge",
                Judge,
                (0.0, 0.0),
                (0, 0),
                None,
                &[],
                (0.0, None, None),
                0.0,
            ),
            // seed 7.1666… → 7.17; ab: TP N/A → 0
            row(
                "judge-only, TP N/A",
                Judge,
                (0.0, 0.0),
                (0, 0),
                Some(tp_na()),
                &[],
                (7.17, None, Some(7.17)),
                0.0,
            ),
            // video None → 0 in both
            row(
                "judge-only, all N/A",
                Judge,
                (0.0, 0.0),
                (0, 0),
                Some(all_na()),
                &[],
                (0.0, None, None),
                0.0,
            ),
            // ERC out by file, TCE/MSU missing: (240 + 120 + 20)/60 = 6.333… → 6.33; ab 6
            row(
                "judge-only, file N/A and missing",
                Judge,
                (0.0, 0.0),
                (0, 0),
                Some(partial()),
                &[ErrorRecognitionAndCorrection],
                (6.33, None, Some(6.33)),
                6.0,
            ),
            // only TP applies: video 10; ab 10
            row(
                "judge-only, only TP applies",
                Judge,
                (0.0, 0.0),
                (0, 0),
                Some(all(10.0)),
                &[
                    ActionControl,
                    ErrorRecognitionAndCorrection,
                    CreativeAttempts,
                    TaskCompletionEfficiency,
                    MaterialSelectionAndUsage,
                ],
                (10.0, None, Some(10.0)),
                10.0,
            ),
        ]
    }

    #[test]
    fn golden_scores_for_both_profiles() {
        for row in golden_rows() {
            let input = ScoreInput {
                kind: row.kind,
                sim_earned: row.earned,
                sim_max: row.max,
                milestones_reached: row.reached,
                milestones_total: row.total,
                ratings: row.ratings.as_ref(),
                not_applicable: row.not_applicable,
            };
            let (seed_score, sim_score, video_score) = row.seed;
            let max_score = max_score(row.kind);
            let seed = TaskScore {
                score: seed_score,
                max_score,
                sim_score,
                video_score,
            };
            let agentbeats = TaskScore {
                score: row.agentbeats,
                ..seed
            };
            assert_eq!(
                score(ScoringProfile::Seed, &input),
                seed,
                "seed: {}",
                row.label
            );
            assert_eq!(
                score(ScoringProfile::AgentbeatsV1, &input),
                agentbeats,
                "agentbeats-v1: {}",
                row.label
            );
        }
    }

    #[test]
    fn video_score_renormalises_weights() {
        assert_eq!(video_score(&full(), &[]), Some(6.7));
        assert_eq!(video_score(&full(), &[CreativeAttempts]), Some(6.84));
        assert_eq!(video_score(&judge_says_ca_na(), &[]), Some(6.84));
        assert_eq!(video_score(&partial(), &[]), Some(6.14));
        assert_eq!(video_score(&all_na(), &[]), None);
        assert_eq!(video_score(&BTreeMap::new(), &[]), None);
        assert_eq!(video_score(&full(), &Criterion::ALL), None);
    }

    #[test]
    fn weights_cover_each_criterion_once_and_sum_to_100() {
        let mut criteria: Vec<_> = WEIGHTS.iter().map(|(c, _)| *c).collect();
        criteria.sort();
        assert_eq!(criteria, Criterion::ALL.to_vec());
        assert_eq!(WEIGHTS.iter().map(|(_, w)| w).sum::<f64>(), 100.0);
    }

    #[test]
    fn rounding_and_maxima() {
        assert_eq!(round2(10.0 * 2.0 / 3.0), 6.67);
        assert_eq!(round2(0.004), 0.0);
        assert_eq!(max_score(RewardKind::Sim), 10.0);
        assert_eq!(max_score(RewardKind::Judge), 10.0);
        assert_eq!(max_score(RewardKind::Milestone), 100.0);
    }
}
