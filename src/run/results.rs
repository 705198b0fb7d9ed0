//! The run's result files, built from the manifest, the episode records
//! and the judge's verdicts under the run's scoring profile:
//! `results.json` (SPEC §9's fields plus statuses, failures, timings,
//! judge usage and provenance), `result.txt` (the human summary) and
//! `agentbeats.json` (the leaderboard's `{"participants", "results"}`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::attempt_stats::{self, AttemptOutcome, AttemptStats};
use super::attempts::episode_key;
use super::event::OutputProblem;
use super::plan::{AgentInfo, Manifest};
use super::record::{EpisodeRecord, EpisodeStatus};
use super::task_attempts;
use crate::atomic::{write_atomic, write_json_atomic};
use crate::judge::client::Usage;
use crate::judge::eval::{JudgeStatus, VideoEval};
use crate::judge::parse::Rating;
use crate::scenario::ScoringProfile;
use crate::scoring::{self, round2, ScoreInput, TaskScore};
use crate::suite::{Criterion, RewardKind};

pub const RESULTS_FILE: &str = "results.json";
pub const SUMMARY_FILE: &str = "result.txt";
pub const AGENTBEATS_FILE: &str = "agentbeats.json";
/// The version of the results format.
pub const RESULTS_VERSION: u32 = 1;
/// Status of a task that has no record (yet).
pub const NOT_RUN: &str = "not_run";

/// What the result files are built from.
pub struct ResultsInput<'a> {
    pub manifest: &'a Manifest,
    /// Episode records by episode key (see [`super::attempts`]).
    pub records: &'a BTreeMap<String, EpisodeRecord>,
    /// The judge's verdicts by episode key.
    pub evals: &'a BTreeMap<String, VideoEval>,
    /// Why there is no judge, when there is none.
    pub judge_absent: Option<&'a str>,
}

/// `results.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Results {
    pub version: u32,
    pub run_id: String,
    /// False while tasks are still to run (interrupted or in progress).
    pub complete: bool,
    pub task_category: Vec<String>,
    pub num_tasks: usize,
    /// The sum of the task scores (with attempts, of their means).
    pub total_score: f64,
    pub total_max_score: f64,
    pub task_metrics: BTreeMap<String, TaskMetrics>,
    /// Attempts played per task (`config.attempts`).
    #[serde(default = "one_attempt")]
    pub attempts: u32,
    /// The attempt statistics of each category.
    #[serde(default)]
    pub category_stats: BTreeMap<String, AttemptStats>,
    /// The attempt statistics of the whole run.
    #[serde(default)]
    pub total_stats: Option<AttemptStats>,
    /// Averages of the judge's criteria over the tasks it rated.
    pub criteria_averages: BTreeMap<Criterion, f64>,
    pub judge: JudgeSummary,
    pub scoring_profile: ScoringProfile,
    /// Episodes by status (with attempts, every attempt counts).
    pub statuses: BTreeMap<String, usize>,
    pub failures: BTreeMap<crate::protocol::FailureKind, u32>,
    pub steps: u64,
    pub seed: u64,
    pub simulator: String,
    pub agent: AgentInfo,
    pub mcu_version: String,
    pub suite_sha256: String,
    pub started_at: String,
    pub finished_at: Option<String>,
}

/// Whether the video part is present, and what it cost.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JudgeSummary {
    /// Whether any task has ratings.
    pub ran: bool,
    pub model: Option<String>,
    pub note: String,
    pub rated_tasks: usize,
    pub usage: Usage,
    pub cost_usd: Option<f64>,
}

/// One task's line in `results.json`: its episode, or with several
/// attempts their summary (see [`task_attempts`]) and each attempt's line.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TaskMetrics {
    pub category: String,
    /// Which attempt this line is, in `attempt_metrics`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempt: Option<u32>,
    /// An episode status, or `not_run`; with attempts, the most frequent.
    pub status: String,
    pub score: f64,
    pub max_score: f64,
    pub sim_score: Option<f64>,
    pub video_score: Option<f64>,
    pub sim_earned: f64,
    pub sim_max: f64,
    /// The judge's ratings (numbers; "N/A" where it said not applicable).
    pub criteria: BTreeMap<Criterion, Rating>,
    /// `rated`, `unparseable`, `failed`, `no_video`, or absent without a judge.
    pub judge_status: Option<String>,
    pub judge_tokens: u64,
    pub steps: u64,
    pub failures: BTreeMap<crate::protocol::FailureKind, u32>,
    pub latency_p50_ms: f64,
    pub latency_p95_ms: f64,
    pub wall_s: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub video: Option<String>,
    /// What the task's attempts say together (absent on an attempt's line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<AttemptStats>,
    /// Each attempt's line, when the run plays several.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempt_metrics: Vec<TaskMetrics>,
}

fn one_attempt() -> u32 {
    1
}

/// The score of one episode under `profile`, with its verdict if any.
/// An mcu error or an interrupted episode scores nothing.
pub fn task_score(
    profile: ScoringProfile,
    record: &EpisodeRecord,
    eval: Option<&VideoEval>,
) -> TaskScore {
    let counts = record.status.is_final();
    let milestones = &record.sim.milestones;
    let not_applicable = record
        .task
        .criteria
        .as_ref()
        .map(|c| c.not_applicable.clone())
        .unwrap_or_default();
    scoring::score(
        profile,
        &ScoreInput {
            kind: record.task.reward_kind,
            sim_earned: if counts { record.sim.earned } else { 0.0 },
            sim_max: record.sim.max,
            milestones_reached: if counts {
                milestones.iter().filter(|m| m.step.is_some()).count() as u32
            } else {
                0
            },
            milestones_total: milestones.len() as u32,
            ratings: eval.filter(|_| counts).and_then(VideoEval::usable_ratings),
            not_applicable: &not_applicable,
        },
    )
}

/// How an attempt counts towards the attempt statistics.
fn outcome_of(
    record: Option<&EpisodeRecord>,
    eval: Option<&VideoEval>,
    score: f64,
) -> AttemptOutcome {
    let Some(record) = record else {
        return AttemptOutcome::Pending;
    };
    let judge_failed =
        eval.is_some_and(|e| matches!(e.status, JudgeStatus::Failed | JudgeStatus::Unparseable));
    match record.status {
        EpisodeStatus::Interrupted => AttemptOutcome::Pending,
        EpisodeStatus::Error => AttemptOutcome::InfraFailure,
        _ if judge_failed => AttemptOutcome::InfraFailure,
        status => AttemptOutcome::Scored {
            score,
            success: (record.task.reward_kind != RewardKind::Judge && record.sim.max > 0.0)
                .then_some(status == EpisodeStatus::Success),
        },
    }
}

/// Builds `results.json` from what the run has so far.
pub fn build(input: &ResultsInput) -> Results {
    let manifest = input.manifest;
    let profile = manifest.config.scoring;
    let per_task = manifest.config.attempts.max(1);
    let mut outcomes_by_task: Vec<(&str, Vec<AttemptOutcome>)> = Vec::new();
    let mut task_metrics = BTreeMap::new();
    let mut statuses: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = BTreeMap::new();
    let mut criteria_sums: BTreeMap<Criterion, (f64, u32)> = BTreeMap::new();
    let mut usage = Usage::default();
    let mut cost: Option<f64> = None;
    let mut rated = 0;
    let (mut total, mut total_max, mut steps) = (0.0, 0.0, 0);
    for task in &manifest.tasks {
        let mut attempts = Vec::new();
        let mut outcomes = Vec::new();
        for &attempt in &task.attempts {
            let key = episode_key(&task.name, attempt, per_task);
            let eval = input.evals.get(&key);
            let record = input.records.get(&key);
            let mut metrics = match record {
                Some(record) => {
                    for (kind, count) in &record.failures {
                        *failures.entry(*kind).or_insert(0) += count;
                    }
                    steps += record.steps;
                    if let Some(eval) = eval {
                        usage.prompt_tokens += eval.usage.prompt_tokens;
                        usage.completion_tokens += eval.usage.completion_tokens;
                        usage.total_tokens += eval.usage.total_tokens;
                        if let Some(c) = eval.cost_usd {
                            *cost.get_or_insert(0.0) += c;
                        }
                        if let Some(ratings) = eval.usable_ratings() {
                            rated += 1;
                            for (criterion, rating) in ratings {
                                if let Rating::Score(value) = rating {
                                    let slot = criteria_sums.entry(*criterion).or_insert((0.0, 0));
                                    slot.0 += value;
                                    slot.1 += 1;
                                }
                            }
                        }
                    }
                    metrics_of(&key, record, eval, task_score(profile, record, eval))
                }
                // Tasks not run yet still count towards the maximum: it is the suite's.
                None => not_run(&task.category, scoring::max_score(task.reward_kind)),
            };
            *statuses.entry(metrics.status.clone()).or_insert(0) += 1;
            outcomes.push(outcome_of(record, eval, metrics.score));
            metrics.attempt = (per_task > 1).then_some(attempt);
            attempts.push(metrics);
        }
        let mut metrics = task_attempts::combine(attempts, &outcomes);
        metrics.stats = Some(AttemptStats {
            scores: attempt_stats::counted_scores(&outcomes),
            ..attempt_stats::stats(&[&outcomes], per_task)
        });
        total += metrics.score;
        total_max += metrics.max_score;
        task_metrics.insert(task.name.clone(), metrics);
        outcomes_by_task.push((&task.category, outcomes));
    }
    let mut categories: Vec<String> = manifest.tasks.iter().map(|t| t.category.clone()).collect();
    categories.dedup();
    let group_stats = |in_group: &dyn Fn(&str) -> bool| {
        let tasks: Vec<&[AttemptOutcome]> = outcomes_by_task
            .iter()
            .filter(|(category, _)| in_group(category))
            .map(|(_, outcomes)| outcomes.as_slice())
            .collect();
        attempt_stats::stats(&tasks, per_task)
    };
    let category_stats = categories
        .iter()
        .map(|name| (name.clone(), group_stats(&|c| c == name)))
        .collect();
    let judge_only = manifest
        .tasks
        .iter()
        .filter(|t| t.reward_kind == RewardKind::Judge)
        .count();
    Results {
        version: RESULTS_VERSION,
        run_id: manifest.run_id.clone(),
        complete: super::attempts::episodes(manifest)
            .iter()
            .all(|e| input.records.get(&e.key).is_some_and(|r| r.status.is_final())),
        task_category: categories,
        num_tasks: manifest.tasks.len(),
        total_score: round2(total),
        total_max_score: round2(total_max),
        task_metrics,
        attempts: per_task,
        category_stats,
        total_stats: Some(group_stats(&|_| true)),
        criteria_averages: criteria_sums
            .into_iter()
            .map(|(criterion, (sum, n))| (criterion, round2(sum / f64::from(n))))
            .collect(),
        judge: JudgeSummary {
            ran: rated > 0,
            model: input
                .evals
                .values()
                .find(|e| e.usable_ratings().is_some())
                .map(|e| e.model.clone()),
            note: match input.judge_absent {
                Some(reason) if rated == 0 => format!(
                    "{reason}: scores are the simulation part alone, and the {judge_only} judge-only tasks score 0"
                ),
                Some(reason) => format!("{reason}; saved verdicts of {rated} tasks were used"),
                None => format!("the video judge rated {rated} of {} tasks", manifest.tasks.len()),
            },
            rated_tasks: rated,
            usage,
            cost_usd: cost.map(|c| (c * 1e4).round() / 1e4),
        },
        scoring_profile: profile,
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

fn metrics_of(
    key: &str,
    record: &EpisodeRecord,
    eval: Option<&VideoEval>,
    score: TaskScore,
) -> TaskMetrics {
    TaskMetrics {
        category: record.task.category.clone(),
        attempt: None,
        status: record.status.as_str().into(),
        score: score.score,
        max_score: score.max_score,
        sim_score: score.sim_score,
        video_score: score.video_score,
        sim_earned: record.sim.earned,
        sim_max: record.sim.max,
        criteria: eval
            .and_then(VideoEval::usable_ratings)
            .cloned()
            .unwrap_or_default(),
        judge_status: eval.map(|e| e.status.as_str().to_string()),
        judge_tokens: eval.map_or(0, |e| e.usage.total_tokens),
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
            .map(|file| format!("{key}/{file}")),
        stats: None,
        attempt_metrics: Vec::new(),
    }
}

fn not_run(category: &str, max_score: f64) -> TaskMetrics {
    TaskMetrics {
        category: category.into(),
        attempt: None,
        status: NOT_RUN.into(),
        score: 0.0,
        max_score,
        sim_score: None,
        video_score: None,
        sim_earned: 0.0,
        sim_max: 0.0,
        criteria: BTreeMap::new(),
        judge_status: None,
        judge_tokens: 0,
        steps: 0,
        failures: BTreeMap::new(),
        latency_p50_ms: 0.0,
        latency_p95_ms: 0.0,
        wall_s: 0.0,
        error: None,
        video: None,
        stats: None,
        attempt_metrics: Vec::new(),
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

/// Writes `results.json`, `result.txt` and `agentbeats.json` into `dir`.
pub fn write_all(dir: &Path, input: &ResultsInput) -> Result<(), OutputProblem> {
    let results = build(input);
    let problem = |file: &str, e: std::io::Error| OutputProblem {
        output: "results",
        message: format!("cannot write {}: {e}", dir.join(file).display()),
    };
    write_json_atomic(&dir.join(RESULTS_FILE), &results).map_err(|e| problem(RESULTS_FILE, e))?;
    write_atomic(
        &dir.join(SUMMARY_FILE),
        summary_text(input.manifest, &results).as_bytes(),
    )
    .map_err(|e| problem(SUMMARY_FILE, e))?;
    write_json_atomic(
        &dir.join(AGENTBEATS_FILE),
        &agentbeats(input.manifest, &results),
    )
    .map_err(|e| problem(AGENTBEATS_FILE, e))
}

/// The width of `result.txt`'s task column: the longest task name, at
/// least `header` characters.
fn task_column_width(results: &Results, header: usize) -> usize {
    results
        .task_metrics
        .keys()
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max(header)
}

/// The attempts part of `result.txt`: the run's and each task's interval,
/// success rate and pass@k.
fn attempts_text(out: &mut String, manifest: &Manifest, results: &Results) {
    let last = results.attempts;
    let _ = writeln!(
        out,
        "\n{last} attempts per task; 95% intervals (score: bootstrap over attempts; success: Wilson); infra = attempts lost to mcu errors or judge failures, left out"
    );
    let width = task_column_width(results, 5);
    let _ = writeln!(
        out,
        "{:<width$}  {:>10}  {:>6}  {:>16}  {:>18}  {:>6}  {:>6}",
        "task",
        "attempts",
        "mean",
        "score 95% CI",
        "successes",
        "pass@1",
        format!("pass@{last}")
    );
    let mut line = |name: &str, score: f64, stats: &AttemptStats| {
        let _ = writeln!(
            out,
            "{:<width$}  {:>10}  {:>6.2}  {:>16}  {:>18}  {:>6}  {:>6}",
            name,
            stats.counted_text(),
            score,
            stats.score_interval_text(),
            stats.success_text(),
            stats.pass_at_text(1),
            stats.pass_at_text(last)
        );
    };
    for task in &manifest.tasks {
        if let Some((m, stats)) = results
            .task_metrics
            .get(&task.name)
            .and_then(|m| Some((m, m.stats.as_ref()?)))
        {
            line(&task.name, m.score, stats);
        }
    }
    if let Some(stats) = &results.total_stats {
        line("total", results.total_score, stats);
    }
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
        results.scoring_profile.as_str()
    );
    let mut judge = format!("judge: {}", results.judge.note);
    if results.judge.usage.total_tokens > 0 {
        let _ = write!(judge, "; {} tokens", results.judge.usage.total_tokens);
    }
    if let Some(cost) = results.judge.cost_usd {
        let _ = write!(judge, ", ${cost:.4}");
    }
    let _ = writeln!(out, "{judge}");
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
    let width = task_column_width(results, 4);
    let _ = writeln!(
        out,
        "{:<width$}  {:<17}  {:>14}  {:>6}  {:>6}  {:>6}  {:>8}",
        "task", "status", "score", "sim", "video", "steps", "failures"
    );
    let part = |value: Option<f64>| value.map_or("-".to_string(), |v| format!("{v:.2}"));
    for task in &manifest.tasks {
        let Some(m) = results.task_metrics.get(&task.name) else {
            continue;
        };
        let failures: u32 = m.failures.values().sum();
        let _ = writeln!(
            out,
            "{:<width$}  {:<17}  {:>14}  {:>6}  {:>6}  {:>6}  {:>8}",
            task.name,
            m.status,
            format!("{:.2} / {:.0}", m.score, m.max_score),
            part(m.sim_score),
            part(m.video_score),
            m.steps,
            failures
        );
    }
    if results.attempts > 1 {
        attempts_text(&mut out, manifest, results);
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
