//! The run's result files, built from the manifest and the episode
//! records: `results.json` (SPEC §9's fields plus statuses, failures,
//! timings and provenance), `result.txt` (the human summary) and
//! `agentbeats.json` (the leaderboard's `{"participants", "results"}`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::plan::Manifest;
use super::record::{EpisodeRecord, EpisodeStatus};
use super::score::{self, round2, TaskScore};
use crate::protocol::FailureKind;

pub const RESULTS_FILE: &str = "results.json";
pub const SUMMARY_FILE: &str = "result.txt";
pub const AGENTBEATS_FILE: &str = "agentbeats.json";
/// The version of the results format.
pub const RESULTS_VERSION: u32 = 1;
/// Said wherever scores lack their video part.
pub const NO_JUDGE: &str = "the video judge did not run (not built yet); scores are the simulation part alone and judge-only tasks score 0";

/// `results.json`.
#[derive(Debug, Clone, Serialize)]
pub struct Results {
    pub version: u32,
    pub run_id: String,
    /// False while tasks are still to run (interrupted or in progress).
    pub complete: bool,
    pub task_category: Vec<String>,
    pub num_tasks: usize,
    pub total_score: f64,
    pub total_max_score: f64,
    pub task_metrics: BTreeMap<String, TaskMetrics>,
    /// Averages of the judge's criteria over the tasks it rated.
    pub criteria_averages: BTreeMap<String, f64>,
    pub judge: JudgeSummary,
    pub scoring_profile: String,
    pub statuses: BTreeMap<String, usize>,
    pub failures: BTreeMap<FailureKind, u32>,
    pub steps: u64,
    pub seed: u64,
    pub simulator: String,
    pub agent: super::plan::AgentInfo,
    pub mcu_version: String,
    pub suite_sha256: String,
    pub started_at: String,
    pub finished_at: Option<String>,
}

/// Whether the video part is present.
#[derive(Debug, Clone, Serialize)]
pub struct JudgeSummary {
    pub ran: bool,
    pub note: String,
}

/// One task's line in `results.json`.
#[derive(Debug, Clone, Serialize)]
pub struct TaskMetrics {
    pub category: String,
    /// An episode status, or `not_run`.
    pub status: String,
    pub score: f64,
    pub max_score: f64,
    pub sim_score: Option<f64>,
    pub sim_earned: f64,
    pub sim_max: f64,
    /// The judge's criteria (empty without a judge).
    pub criteria: BTreeMap<String, f64>,
    pub steps: u64,
    pub failures: BTreeMap<FailureKind, u32>,
    pub latency_p50_ms: f64,
    pub latency_p95_ms: f64,
    pub wall_s: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub video: Option<String>,
}

/// Status of a task that has no record (yet).
pub const NOT_RUN: &str = "not_run";

/// Builds `results.json` from what the run has so far.
pub fn build(manifest: &Manifest, records: &BTreeMap<String, EpisodeRecord>) -> Results {
    let mut task_metrics = BTreeMap::new();
    let mut statuses: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures: BTreeMap<FailureKind, u32> = BTreeMap::new();
    let (mut total, mut total_max, mut steps) = (0.0, 0.0, 0);
    for task in &manifest.tasks {
        let metrics = match records.get(&task.name) {
            Some(record) => {
                for (kind, count) in &record.failures {
                    *failures.entry(*kind).or_insert(0) += count;
                }
                steps += record.steps;
                metrics_of(record, score::sim_only(record))
            }
            // Tasks not run yet still count towards the maximum: it is the suite's.
            None => not_run(&task.category, score::max_score(task.reward_kind)),
        };
        total += metrics.score;
        total_max += metrics.max_score;
        *statuses.entry(metrics.status.clone()).or_insert(0) += 1;
        task_metrics.insert(task.name.clone(), metrics);
    }
    let mut categories: Vec<String> = manifest.tasks.iter().map(|t| t.category.clone()).collect();
    categories.dedup();
    Results {
        version: RESULTS_VERSION,
        run_id: manifest.run_id.clone(),
        complete: manifest
            .tasks
            .iter()
            .all(|t| records.get(&t.name).is_some_and(|r| r.status.is_final())),
        task_category: categories,
        num_tasks: manifest.tasks.len(),
        total_score: round2(total),
        total_max_score: round2(total_max),
        task_metrics,
        criteria_averages: BTreeMap::new(),
        judge: JudgeSummary {
            ran: false,
            note: NO_JUDGE.into(),
        },
        scoring_profile: serde_json::to_value(manifest.config.scoring)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        statuses,
        failures,
        steps,
        seed: manifest.config.seed,
        simulator: format!("{:?}", manifest.simulator).to_lowercase(),
        agent: manifest.agent.clone(),
        mcu_version: manifest.mcu_version.clone(),
        suite_sha256: manifest.suite_sha256.clone(),
        started_at: manifest.started_at.clone(),
        finished_at: manifest.finished_at.clone(),
    }
}

fn metrics_of(record: &EpisodeRecord, score: TaskScore) -> TaskMetrics {
    TaskMetrics {
        category: record.task.category.clone(),
        status: record.status.as_str().into(),
        score: score.score,
        max_score: score.max_score,
        sim_score: score.sim_score,
        sim_earned: record.sim.earned,
        sim_max: record.sim.max,
        criteria: BTreeMap::new(),
        steps: record.steps,
        failures: record.failures.clone(),
        latency_p50_ms: record.latency.p50_us as f64 / 1000.0,
        latency_p95_ms: record.latency.p95_us as f64 / 1000.0,
        wall_s: round2(record.timing.wall_s),
        error: record.error.clone(),
        video: record
            .files
            .video
            .as_ref()
            .map(|file| format!("{}/{file}", record.task.name)),
    }
}

fn not_run(category: &str, max_score: f64) -> TaskMetrics {
    TaskMetrics {
        category: category.into(),
        status: NOT_RUN.into(),
        score: 0.0,
        max_score,
        sim_score: None,
        sim_earned: 0.0,
        sim_max: 0.0,
        criteria: BTreeMap::new(),
        steps: 0,
        failures: BTreeMap::new(),
        latency_p50_ms: 0.0,
        latency_p95_ms: 0.0,
        wall_s: 0.0,
        error: None,
        video: None,
    }
}

/// `agentbeats.json`: the results in the leaderboard's envelope.
pub fn agentbeats(manifest: &Manifest, results: &Results) -> serde_json::Value {
    let agent = &manifest.agent;
    let id = agent
        .agentbeats_id
        .clone()
        .unwrap_or_else(|| agent.endpoint.clone());
    serde_json::json!({
        "participants": { agent.role.clone(): id },
        "results": [results],
    })
}

/// `result.txt`: the run for a human.
pub fn summary_text(manifest: &Manifest, results: &Results) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "mcu run {}", results.run_id);
    let _ = writeln!(
        out,
        "agent: {} ({}); simulator: {}; seed: {}; scoring: {}",
        manifest.agent.role,
        manifest.agent.endpoint,
        results.simulator,
        results.seed,
        results.scoring_profile
    );
    let _ = writeln!(out, "judge: {}", results.judge.note);
    if !results.complete {
        let _ = writeln!(
            out,
            "INCOMPLETE: some tasks have no final result; `mcu run --resume {}` finishes the run",
            manifest.run_id
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "categories: {}", results.task_category.join(", "));
    let statuses: Vec<String> = results
        .statuses
        .iter()
        .map(|(status, count)| format!("{status} {count}"))
        .collect();
    let _ = writeln!(
        out,
        "tasks: {} ({})",
        results.num_tasks,
        statuses.join(", ")
    );
    let _ = writeln!(
        out,
        "total score: {:.2} / {:.2}",
        results.total_score, results.total_max_score
    );
    let _ = writeln!(out);
    let width = results
        .task_metrics
        .keys()
        .map(String::len)
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(
        out,
        "{:<width$}  {:<17}  {:>13}  {:>6}  {:>8}",
        "task", "status", "score", "steps", "failures"
    );
    for task in &manifest.tasks {
        let Some(m) = results.task_metrics.get(&task.name) else {
            continue;
        };
        let failures: u32 = m.failures.values().sum();
        let _ = writeln!(
            out,
            "{:<width$}  {:<17}  {:>13}  {:>6}  {:>8}",
            task.name,
            m.status,
            format!("{:.2} / {:.0}", m.score, m.max_score),
            m.steps,
            failures
        );
    }
    let errors: Vec<&str> = manifest
        .tasks
        .iter()
        .filter_map(|t| {
            let m = results.task_metrics.get(&t.name)?;
            (m.status == EpisodeStatus::Error.as_str()).then_some(t.name.as_str())
        })
        .collect();
    if !errors.is_empty() {
        let _ = writeln!(
            out,
            "\nerrors in: {} (see each task's episode.json; --resume runs them again)",
            errors.join(", ")
        );
    }
    out
}
