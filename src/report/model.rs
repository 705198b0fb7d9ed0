//! The report's model: what every exporter shows, built once from run
//! folders. One [`RunReport`] per run (its [`RunSummary`], a [`TaskRow`]
//! per task in suite order, a [`CategoryRow`] per category with its
//! status counts); several runs make a comparison, lined up task by task
//! and category by category against the first run (the baseline).

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::judge::parse::Rating;
use crate::protocol::FailureKind;
use crate::run::attempt_stats::AttemptStats;
use crate::run::attempts::episode_key;
use crate::run::plan::AgentInfo;
use crate::run::record::EpisodeStatus;
use crate::scenario::ScoringProfile;
use crate::suite::Criterion;

use super::read::RunFiles;
use super::suite_check::SuiteMismatch;
use crate::run::results::TaskMetrics;

/// One or more runs, ready to export.
#[derive(Debug, Clone)]
pub struct Report {
    /// The runs in the order given; the first is the comparison's baseline.
    pub runs: Vec<RunReport>,
    /// How the runs' suites differ, when that was allowed.
    pub mismatch: Option<SuiteMismatch>,
}

/// One run.
#[derive(Debug, Clone)]
pub struct RunReport {
    pub summary: RunSummary,
    /// In suite order.
    pub tasks: Vec<TaskRow>,
    /// In suite order of their first task.
    pub categories: Vec<CategoryRow>,
}

/// A run at a glance.
#[derive(Debug, Clone)]
pub struct RunSummary {
    pub dir: PathBuf,
    pub run_id: String,
    /// How the run is named in comparisons (its id, or its folder when ids repeat).
    pub label: String,
    pub agent: AgentInfo,
    pub simulator: String,
    pub profile: ScoringProfile,
    pub judge: JudgeView,
    pub total_score: f64,
    pub total_max_score: f64,
    /// Attempts per task.
    pub attempts: u32,
    /// The attempt statistics of the whole run.
    pub total_stats: Option<AttemptStats>,
    pub complete: bool,
    pub statuses: StatusCounts,
    pub steps: u64,
    pub failures: BTreeMap<FailureKind, u32>,
    /// Averages of the judge's criteria over the tasks it rated.
    pub criteria_averages: BTreeMap<Criterion, f64>,
    pub seed: u64,
    pub mcu_version: String,
    pub suite_sha256: String,
    pub started_at: String,
    pub finished_at: Option<String>,
}

/// What the judge did in a run.
#[derive(Debug, Clone)]
pub struct JudgeView {
    pub ran: bool,
    /// The model that rated, else the configured one.
    pub model: String,
    pub note: String,
    pub rated_tasks: usize,
    pub tokens: u64,
    pub cost_usd: Option<f64>,
}

/// One task of one run (with attempts, their summary), or one attempt.
#[derive(Debug, Clone)]
pub struct TaskRow {
    pub name: String,
    pub category: String,
    /// Which attempt this row is, in a run of several.
    pub attempt: Option<u32>,
    /// What the task's attempts say together.
    pub stats: Option<AttemptStats>,
    /// Each attempt's row, in a run of several.
    pub attempts: Vec<TaskRow>,
    /// The task's instruction, from its episode record.
    pub text: Option<String>,
    /// An episode status, or `not_run`.
    pub status: String,
    pub score: f64,
    pub max_score: f64,
    pub sim_score: Option<f64>,
    pub video_score: Option<f64>,
    pub criteria: BTreeMap<Criterion, Rating>,
    pub judge: Option<TaskJudge>,
    pub steps: u64,
    pub latency_p50_ms: f64,
    pub latency_p95_ms: f64,
    pub failures: BTreeMap<FailureKind, u32>,
    pub wall_s: f64,
    pub error: Option<String>,
    /// The episode video, inside the run folder.
    pub video: Option<PathBuf>,
}

/// The judge's verdict on one task.
#[derive(Debug, Clone)]
pub struct TaskJudge {
    /// `rated`, `unparseable`, `failed` or `no_video`.
    pub status: String,
    pub tokens: u64,
    pub evidence: BTreeMap<Criterion, String>,
    /// Why there are no ratings.
    pub reason: Option<String>,
    pub raw_answer: Option<String>,
}

impl TaskRow {
    pub fn failure_count(&self) -> u32 {
        self.failures.values().sum()
    }

    /// The scores of the attempts that count (what comparisons test).
    pub fn counted_scores(&self) -> &[f64] {
        self.stats.as_ref().map_or(&[], |s| s.scores.as_slice())
    }

    /// The episodes of the row: its attempts, or itself.
    pub fn episodes(&self) -> Vec<&TaskRow> {
        if self.attempts.is_empty() {
            vec![self]
        } else {
            self.attempts.iter().collect()
        }
    }

    /// The rating of `criterion` as a number, when the judge gave one.
    pub fn criterion_score(&self, criterion: Criterion) -> Option<f64> {
        self.criteria.get(&criterion).and_then(|r| r.score())
    }
}

/// One category of one run.
#[derive(Debug, Clone)]
pub struct CategoryRow {
    pub name: String,
    pub tasks: usize,
    pub score: f64,
    pub max_score: f64,
    pub statuses: StatusCounts,
    pub stats: Option<AttemptStats>,
}

impl CategoryRow {
    pub fn successes(&self) -> usize {
        self.statuses.count(EpisodeStatus::Success.as_str())
    }
}

/// How many tasks ended with each status.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatusCounts(BTreeMap<String, usize>);

impl StatusCounts {
    pub fn add(&mut self, status: &str) {
        *self.0.entry(status.to_string()).or_insert(0) += 1;
    }

    pub fn count(&self, status: &str) -> usize {
        self.0.get(status).copied().unwrap_or(0)
    }

    /// Statuses with their counts, in the order episode statuses are defined.
    pub fn iter(&self) -> impl Iterator<Item = (&str, usize)> {
        let known = EpisodeStatus::ALL.map(EpisodeStatus::as_str);
        let mut entries: Vec<(&str, usize)> =
            self.0.iter().map(|(s, n)| (s.as_str(), *n)).collect();
        entries.sort_by_key(|(status, _)| {
            known
                .iter()
                .position(|k| k == status)
                .unwrap_or(known.len())
        });
        entries.into_iter()
    }

    /// `success 3, zero 2`.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self.iter().map(|(s, n)| format!("{s} {n}")).collect();
        parts.join(", ")
    }
}

/// A task across the compared runs.
#[derive(Debug, Clone)]
pub struct TaskComparison<'a> {
    pub name: &'a str,
    pub category: &'a str,
    /// The task in each run, `None` where the run does not have it.
    pub rows: Vec<Option<&'a TaskRow>>,
}

impl TaskComparison<'_> {
    pub fn scores(&self) -> Vec<Option<f64>> {
        self.rows.iter().map(|row| row.map(|r| r.score)).collect()
    }
}

/// A category across the compared runs.
#[derive(Debug, Clone)]
pub struct CategoryComparison<'a> {
    pub name: &'a str,
    pub rows: Vec<Option<&'a CategoryRow>>,
}

impl CategoryComparison<'_> {
    pub fn scores(&self) -> Vec<Option<f64>> {
        self.rows.iter().map(|row| row.map(|r| r.score)).collect()
    }
}

/// `values[run] - values[0]`, when both are there.
pub fn delta(values: &[Option<f64>], run: usize) -> Option<f64> {
    Some(values.get(run).copied()?? - values.first().copied()??)
}

impl Report {
    pub fn is_comparison(&self) -> bool {
        self.runs.len() > 1
    }

    /// Every task of any run, in the baseline's order, then the others'.
    pub fn compare_tasks(&self) -> Vec<TaskComparison<'_>> {
        let mut names: Vec<(&str, &str)> = Vec::new();
        for run in &self.runs {
            for task in &run.tasks {
                if !names.iter().any(|(name, _)| *name == task.name) {
                    names.push((&task.name, &task.category));
                }
            }
        }
        names
            .into_iter()
            .map(|(name, category)| TaskComparison {
                name,
                category,
                rows: self
                    .runs
                    .iter()
                    .map(|run| run.tasks.iter().find(|t| t.name == name))
                    .collect(),
            })
            .collect()
    }

    /// Every category of any run, in the baseline's order, then the others'.
    pub fn compare_categories(&self) -> Vec<CategoryComparison<'_>> {
        let mut names: Vec<&str> = Vec::new();
        for run in &self.runs {
            for category in &run.categories {
                if !names.contains(&category.name.as_str()) {
                    names.push(&category.name);
                }
            }
        }
        names
            .into_iter()
            .map(|name| CategoryComparison {
                name,
                rows: self
                    .runs
                    .iter()
                    .map(|run| run.categories.iter().find(|c| c.name == name))
                    .collect(),
            })
            .collect()
    }

    /// The runs' totals, for deltas.
    pub fn totals(&self) -> Vec<Option<f64>> {
        self.runs
            .iter()
            .map(|run| Some(run.summary.total_score))
            .collect()
    }
}

/// The report of the runs read from their folders.
pub fn build(runs: &[RunFiles], mismatch: Option<SuiteMismatch>) -> Report {
    let labels = labels(runs);
    Report {
        runs: runs
            .iter()
            .zip(labels)
            .map(|(files, label)| run_report(files, label))
            .collect(),
        mismatch,
    }
}

fn labels(runs: &[RunFiles]) -> Vec<String> {
    let ids: Vec<&str> = runs.iter().map(|r| r.results.run_id.as_str()).collect();
    let unique = ids.iter().enumerate().all(|(i, id)| !ids[..i].contains(id));
    runs.iter()
        .map(|run| {
            if unique {
                run.results.run_id.clone()
            } else {
                run.dir.display().to_string()
            }
        })
        .collect()
}

fn run_report(files: &RunFiles, label: String) -> RunReport {
    let tasks: Vec<TaskRow> = files
        .manifest
        .tasks
        .iter()
        .filter_map(|task| {
            let metrics = files.results.task_metrics.get(&task.name)?;
            Some(task_row(files, &task.name, &task.name, metrics))
        })
        .collect();
    let mut categories = categories(&tasks);
    for category in &mut categories {
        category.stats = files.results.category_stats.get(&category.name).cloned();
    }
    let mut statuses = StatusCounts::default();
    for episode in tasks.iter().flat_map(TaskRow::episodes) {
        statuses.add(&episode.status);
    }
    RunReport {
        summary: summary(files, label, statuses),
        tasks,
        categories,
    }
}

fn summary(files: &RunFiles, label: String, statuses: StatusCounts) -> RunSummary {
    let results = &files.results;
    RunSummary {
        dir: files.dir.clone(),
        run_id: results.run_id.clone(),
        label,
        agent: results.agent.clone(),
        simulator: results.simulator.clone(),
        profile: results.scoring_profile,
        judge: JudgeView {
            ran: results.judge.ran,
            model: results
                .judge
                .model
                .clone()
                .unwrap_or_else(|| files.manifest.config.judge.model.clone()),
            note: results.judge.note.clone(),
            rated_tasks: results.judge.rated_tasks,
            tokens: results.judge.usage.total_tokens,
            cost_usd: results.judge.cost_usd,
        },
        total_score: results.total_score,
        total_max_score: results.total_max_score,
        attempts: results.attempts,
        total_stats: results.total_stats.clone(),
        complete: results.complete,
        statuses,
        steps: results.steps,
        failures: results.failures.clone(),
        criteria_averages: results.criteria_averages.clone(),
        seed: results.seed,
        mcu_version: results.mcu_version.clone(),
        suite_sha256: results.suite_sha256.clone(),
        started_at: results.started_at.clone(),
        finished_at: results.finished_at.clone(),
    }
}

/// The row of `metrics`, the line of task `name` (or of its episode `key`).
fn task_row(files: &RunFiles, name: &str, key: &str, metrics: &TaskMetrics) -> TaskRow {
    let attempts: Vec<TaskRow> = metrics
        .attempt_metrics
        .iter()
        .map(|m| {
            let attempt = m.attempt.unwrap_or(1);
            let key = episode_key(name, attempt, files.results.attempts);
            task_row(files, name, &key, m)
        })
        .collect();
    let judge = files.evals.get(key).map(|eval| TaskJudge {
        status: eval.status.as_str().to_string(),
        tokens: eval.usage.total_tokens,
        evidence: eval.evidence.clone(),
        reason: eval.reason.clone(),
        raw_answer: eval.raw_answer.clone(),
    });
    TaskRow {
        name: name.to_string(),
        category: metrics.category.clone(),
        attempt: metrics.attempt,
        stats: metrics.stats.clone(),
        text: files
            .records
            .get(key)
            .map(|r| r.task.text.clone())
            .or_else(|| attempts.iter().find_map(|a| a.text.clone())),
        attempts,
        status: metrics.status.clone(),
        score: metrics.score,
        max_score: metrics.max_score,
        sim_score: metrics.sim_score,
        video_score: metrics.video_score,
        criteria: metrics.criteria.clone(),
        judge,
        steps: metrics.steps,
        latency_p50_ms: metrics.latency_p50_ms,
        latency_p95_ms: metrics.latency_p95_ms,
        failures: metrics.failures.clone(),
        wall_s: metrics.wall_s,
        error: metrics.error.clone(),
        video: metrics
            .video
            .as_ref()
            .map(|relative| files.dir.join(relative)),
    }
}

fn categories(tasks: &[TaskRow]) -> Vec<CategoryRow> {
    let mut rows: Vec<CategoryRow> = Vec::new();
    for task in tasks {
        let index = match rows.iter().position(|c| c.name == task.category) {
            Some(index) => index,
            None => {
                rows.push(CategoryRow {
                    name: task.category.clone(),
                    tasks: 0,
                    score: 0.0,
                    max_score: 0.0,
                    statuses: StatusCounts::default(),
                    stats: None,
                });
                rows.len() - 1
            }
        };
        let row = &mut rows[index];
        row.tasks += 1;
        row.score += task.score;
        row.max_score += task.max_score;
        for episode in task.episodes() {
            row.statuses.add(&episode.status);
        }
    }
    for row in &mut rows {
        row.score = crate::scoring::round2(row.score);
        row.max_score = crate::scoring::round2(row.max_score);
    }
    rows
}

/// A short name for a criterion, for narrow tables.
pub fn criterion_abbreviation(criterion: Criterion) -> &'static str {
    match criterion {
        Criterion::TaskProgress => "TP",
        Criterion::ActionControl => "AC",
        Criterion::ErrorRecognitionAndCorrection => "ERC",
        Criterion::CreativeAttempts => "CA",
        Criterion::TaskCompletionEfficiency => "TCE",
        Criterion::MaterialSelectionAndUsage => "MSU",
    }
}

/// `TP = Task Progress, AC = …`: the legend of the abbreviations.
pub fn criteria_legend() -> String {
    let parts: Vec<String> = Criterion::ALL
        .iter()
        .map(|c| format!("{} = {}", criterion_abbreviation(*c), c.name()))
        .collect();
    parts.join(", ")
}

/// A score with two decimals.
pub fn score_text(value: f64) -> String {
    format!("{value:.2}")
}

/// An optional score, `-` when absent.
pub fn optional_score_text(value: Option<f64>) -> String {
    value.map_or_else(|| "-".to_string(), score_text)
}

/// A rating as shown: the number, `N/A`, or `-` when not rated.
pub fn rating_text(rating: Option<&Rating>) -> String {
    match rating {
        Some(Rating::Score(value)) => format!("{value:.0}"),
        Some(Rating::NotApplicable) => "N/A".to_string(),
        None => "-".to_string(),
    }
}

/// A signed difference: `+1.50`, `-0.25`, `±0.00`; `-` when absent.
pub fn delta_text(value: Option<f64>) -> String {
    match value {
        None => "-".to_string(),
        Some(v) if v.abs() < 0.005 => "±0.00".to_string(),
        Some(v) => format!("{v:+.2}"),
    }
}

/// `timeout 2, not_json 1`; empty when there were none.
pub fn failures_text(failures: &BTreeMap<FailureKind, u32>) -> String {
    let parts: Vec<String> = failures
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(kind, n)| format!("{} {n}", failure_kind_name(*kind)))
        .collect();
    parts.join(", ")
}

/// A failure kind's name as written in the result files.
pub fn failure_kind_name(kind: FailureKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{kind:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deltas_are_against_the_first_run() {
        let values = [Some(2.0), Some(3.5), None];
        assert_eq!(delta(&values, 1), Some(1.5));
        assert_eq!(delta(&values, 2), None);
        assert_eq!(delta(&[None, Some(1.0)], 1), None);
        assert_eq!(delta_text(Some(1.5)), "+1.50");
        assert_eq!(delta_text(Some(-0.25)), "-0.25");
        assert_eq!(delta_text(Some(0.0)), "±0.00");
    }

    #[test]
    fn statuses_are_listed_in_definition_order() {
        let mut counts = StatusCounts::default();
        counts.add("zero");
        counts.add("success");
        counts.add("zero");
        counts.add("not_run");
        assert_eq!(counts.describe(), "success 1, zero 2, not_run 1");
        assert_eq!(counts.count("zero"), 2);
        assert_eq!(counts.count("partial"), 0);
    }

    #[test]
    fn failure_kinds_use_their_file_names() {
        assert_eq!(failure_kind_name(FailureKind::NotJson), "not_json");
        let failures = BTreeMap::from([(FailureKind::Timeout, 2), (FailureKind::BadShape, 0)]);
        assert_eq!(failures_text(&failures), "timeout 2");
    }
}
