//! A task's line in `results.json` when it was played several times: the
//! attempts' lines summed up, each attempt's own line kept beside it in
//! `attempt_metrics`. A single-attempt run's line is its episode's, as
//! it always was.
//!
//! The summary's score is the mean over the attempts that count (see
//! [`super::attempt_stats`]); when none does but some were played (the
//! judge failed on all of them), the mean over those; else 0. Its status
//! is the most frequent one; steps, failures, judge tokens and wall time
//! add up; simulation and video parts, the reward earned, the criteria
//! and the latency p50 are means over the counted attempts; the latency
//! p95 is the largest.

use std::collections::BTreeMap;

use super::attempt_stats::AttemptOutcome;
use super::record::EpisodeStatus;
use super::results::{TaskMetrics, NOT_RUN};
use crate::judge::parse::Rating;
use crate::scoring::round2;
use crate::suite::Criterion;
use crate::uncertainty::mean;

/// The task's line from its attempts' lines and outcomes (in the same order).
pub fn combine(mut attempts: Vec<TaskMetrics>, outcomes: &[AttemptOutcome]) -> TaskMetrics {
    if attempts.len() == 1 && attempts[0].attempt.is_none() {
        return attempts.remove(0);
    }
    let scored: Vec<&TaskMetrics> = attempts
        .iter()
        .zip(outcomes)
        .filter(|(_, outcome)| matches!(outcome, AttemptOutcome::Scored { .. }))
        .map(|(metrics, _)| metrics)
        .collect();
    let counted = if scored.is_empty() {
        attempts.iter().filter(|m| played(&m.status)).collect()
    } else {
        scored
    };
    let mean_of = |value: &dyn Fn(&TaskMetrics) -> Option<f64>| {
        let values: Vec<f64> = counted.iter().filter_map(|m| value(m)).collect();
        mean(&values).map(round2)
    };
    let first = &attempts[0];
    let mut failures = BTreeMap::new();
    for metrics in &attempts {
        for (kind, n) in &metrics.failures {
            *failures.entry(*kind).or_insert(0) += n;
        }
    }
    TaskMetrics {
        category: first.category.clone(),
        attempt: None,
        status: most_frequent_status(&attempts),
        score: mean_of(&|m| Some(m.score)).unwrap_or(0.0),
        max_score: first.max_score,
        sim_score: mean_of(&|m| m.sim_score),
        video_score: mean_of(&|m| m.video_score),
        sim_earned: mean_of(&|m| Some(m.sim_earned)).unwrap_or(0.0),
        sim_max: attempts.iter().map(|m| m.sim_max).fold(0.0, f64::max),
        criteria: mean_criteria(&counted),
        judge_status: None,
        judge_tokens: attempts.iter().map(|m| m.judge_tokens).sum(),
        steps: attempts.iter().map(|m| m.steps).sum(),
        failures,
        latency_p50_ms: mean_of(&|m| Some(m.latency_p50_ms)).unwrap_or(0.0),
        latency_p95_ms: attempts
            .iter()
            .map(|m| m.latency_p95_ms)
            .fold(0.0, f64::max),
        wall_s: round2(attempts.iter().map(|m| m.wall_s).sum()),
        error: None,
        video: None,
        stats: None,
        attempt_metrics: attempts,
    }
}

/// Whether an attempt's line is of an episode that played to a result.
fn played(status: &str) -> bool {
    EpisodeStatus::ALL
        .iter()
        .any(|s| s.as_str() == status && s.is_final())
}

/// The status most attempts ended with; ties go to the one listed first
/// among the episode statuses (`success` before `partial` before …).
fn most_frequent_status(attempts: &[TaskMetrics]) -> String {
    let order = |status: &str| {
        EpisodeStatus::ALL
            .iter()
            .position(|s| s.as_str() == status)
            .unwrap_or(EpisodeStatus::ALL.len())
    };
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for metrics in attempts {
        *counts.entry(metrics.status.as_str()).or_insert(0) += 1;
    }
    counts
        .into_iter()
        .max_by(|(a, n), (b, m)| n.cmp(m).then_with(|| order(b).cmp(&order(a))))
        .map_or_else(|| NOT_RUN.to_string(), |(status, _)| status.to_string())
}

/// Each criterion's mean rating over the attempts that rated it; `N/A`
/// when the judge only ever said it does not apply.
fn mean_criteria(attempts: &[&TaskMetrics]) -> BTreeMap<Criterion, Rating> {
    Criterion::ALL
        .iter()
        .filter_map(|criterion| {
            let ratings: Vec<&Rating> = attempts
                .iter()
                .filter_map(|m| m.criteria.get(criterion))
                .collect();
            let scores: Vec<f64> = ratings.iter().filter_map(|r| r.score()).collect();
            let rating = match mean(&scores) {
                Some(value) => Rating::Score(round2(value)),
                None if !ratings.is_empty() => Rating::NotApplicable,
                None => return None,
            };
            Some((*criterion, rating))
        })
        .collect()
}
