//! The report's three tables as plain text grids — summary, categories,
//! tasks — for one run or side by side for several (with deltas against
//! the first, and whether each is beyond the noise). Runs of several
//! attempts per task add their intervals, success rates and pass@k. The
//! terminal table, Markdown and HTML render the same grids.

use crate::run::attempt_stats::AttemptStats;
use crate::suite::Criterion;

use super::model::{
    criterion_abbreviation, delta, delta_text, failures_text, optional_score_text, rating_text,
    score_text, Report, RunReport,
};
use super::significance::{p_value, shared_tasks, verdict_header, verdict_text};

/// Rows of text under headers; `numeric` columns are right-aligned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    pub headers: Vec<String>,
    pub numeric: Vec<bool>,
    pub rows: Vec<Vec<String>>,
}

impl Grid {
    fn new(columns: &[(&str, bool)]) -> Grid {
        Grid {
            headers: columns.iter().map(|(name, _)| name.to_string()).collect(),
            numeric: columns.iter().map(|(_, numeric)| *numeric).collect(),
            rows: Vec::new(),
        }
    }

    fn add_column(&mut self, name: String, numeric: bool) {
        self.headers.push(name);
        self.numeric.push(numeric);
    }
}

/// The run (or each run) at a glance: one line per field.
pub fn summary(report: &Report) -> Grid {
    let mut grid = Grid::new(&[("", false)]);
    for run in &report.runs {
        grid.add_column(run.summary.label.clone(), false);
    }
    let field = |name: &str, value: &dyn Fn(&RunReport) -> String| {
        let mut row = vec![name.to_string()];
        row.extend(report.runs.iter().map(value));
        row
    };
    grid.rows = vec![
        field("folder", &|r| r.summary.dir.display().to_string()),
        field("agent", &|r| {
            format!("{} ({})", r.summary.agent.role, r.summary.agent.endpoint)
        }),
        field("simulator", &|r| r.summary.simulator.clone()),
        field("scoring profile", &|r| {
            r.summary.profile.as_str().to_string()
        }),
        field("judge", &judge_text),
        field("total score", &|r| {
            format!(
                "{} / {}",
                score_text(r.summary.total_score),
                score_text(r.summary.total_max_score)
            )
        }),
        field("tasks", &|r| {
            format!("{} ({})", r.tasks.len(), r.summary.statuses.describe())
        }),
        field("complete", &|r| yes_no(r.summary.complete).to_string()),
        field("steps", &|r| r.summary.steps.to_string()),
        field("step failures", &|r| {
            let text = failures_text(&r.summary.failures);
            if text.is_empty() {
                "none".to_string()
            } else {
                text
            }
        }),
        field("seed", &|r| r.summary.seed.to_string()),
        field("started", &|r| r.summary.started_at.clone()),
        field("finished", &|r| {
            r.summary
                .finished_at
                .clone()
                .unwrap_or_else(|| "-".to_string())
        }),
    ];
    if report.runs.iter().any(|r| r.summary.attempts > 1) {
        let stats = |r: &RunReport, text: &dyn Fn(&AttemptStats) -> String| {
            r.summary.total_stats.as_ref().map_or("-".to_string(), text)
        };
        grid.rows.extend([
            field("attempts per task", &|r| r.summary.attempts.to_string()),
            field("attempts counted", &|r| {
                stats(r, &AttemptStats::counted_text)
            }),
            field("total score 95% CI", &|r| {
                stats(r, &AttemptStats::score_interval_text)
            }),
            field("successes", &|r| stats(r, &AttemptStats::success_text)),
            field("pass@k", &|r| {
                stats(r, &|s| pass_at_k_text(s, r.summary.attempts))
            }),
        ]);
    }
    if report.is_comparison() {
        let totals = report.totals();
        let mut row = vec!["Δ total score".to_string()];
        let mut noise = vec!["Δ total beyond noise".to_string()];
        for run in 0..report.runs.len() {
            if run == 0 {
                row.push("baseline".to_string());
                noise.push("baseline".to_string());
            } else {
                row.push(delta_text(delta(&totals, run)));
                noise.push(verdict_text(p_value(&shared_tasks(report, run, None))));
            }
        }
        grid.rows.extend([row, noise]);
    }
    grid
}

/// `pass@1 0.40 · pass@5 0.80` (every k up to 5, then the first and last).
fn pass_at_k_text(stats: &AttemptStats, attempts: u32) -> String {
    let ks: Vec<u32> = if attempts <= 5 {
        (1..=attempts).collect()
    } else {
        vec![1, attempts]
    };
    let parts: Vec<String> = ks
        .into_iter()
        .map(|k| format!("pass@{k} {}", stats.pass_at_text(k)))
        .collect();
    parts.join(" · ")
}

/// The columns runs of several attempts add to the category and task
/// tables: counted attempts, score interval, successes, pass@1 and pass@N.
fn attempt_columns(grid: &mut Grid, attempts: u32) {
    for name in [
        "attempts".to_string(),
        "score 95% CI".to_string(),
        "successes [95% CI]".to_string(),
        "pass@1".to_string(),
        format!("pass@{attempts}"),
    ] {
        grid.add_column(name, true);
    }
}

fn attempt_cells(row: &mut Vec<String>, stats: Option<&AttemptStats>, attempts: u32) {
    match stats {
        Some(stats) => row.extend([
            stats.counted_text(),
            stats.score_interval_text(),
            stats.success_text(),
            stats.pass_at_text(1),
            stats.pass_at_text(attempts),
        ]),
        None => row.extend(std::iter::repeat_n("-".to_string(), 5)),
    }
}

/// Attempts per task of a single-run report, when more than one.
fn repeated_attempts(report: &Report) -> Option<u32> {
    match report.runs.as_slice() {
        [run] if run.summary.attempts > 1 => Some(run.summary.attempts),
        _ => None,
    }
}

/// `2.50 [1.25, 3.75]`: a score with its interval when it has one.
fn score_with_interval(score: f64, stats: Option<&AttemptStats>) -> String {
    match stats.filter(|s| s.score_interval.is_some()) {
        Some(stats) => format!("{} {}", score_text(score), stats.score_interval_text()),
        None => score_text(score),
    }
}

/// The judge of a run, in a few words.
pub fn judge_text(run: &RunReport) -> String {
    let judge = &run.summary.judge;
    if !judge.ran {
        let reason = judge
            .note
            .split_once(": ")
            .map_or(judge.note.as_str(), |(r, _)| r);
        return format!("none ({reason})");
    }
    let mut text = format!(
        "{}: {} of {} tasks rated, {} tokens",
        judge.model,
        judge.rated_tasks,
        run.tasks.len(),
        judge.tokens
    );
    if let Some(cost) = judge.cost_usd {
        text.push_str(&format!(", ${cost:.4}"));
    }
    text
}

fn yes_no(value: bool) -> &'static str {
    if value {
        "yes"
    } else {
        "no"
    }
}

/// Per category: tasks, score, successes and statuses; or, for several
/// runs, each run's score and its delta.
pub fn categories(report: &Report) -> Grid {
    if report.is_comparison() {
        return category_comparison(report);
    }
    let mut grid = Grid::new(&[
        ("category", false),
        ("tasks", true),
        ("score", true),
        ("max", true),
        ("successes", true),
        ("statuses", false),
    ]);
    let attempts = repeated_attempts(report);
    if let Some(attempts) = attempts {
        attempt_columns(&mut grid, attempts);
    }
    for run in &report.runs {
        for category in &run.categories {
            let mut row = vec![
                category.name.clone(),
                category.tasks.to_string(),
                score_text(category.score),
                score_text(category.max_score),
                category.successes().to_string(),
                category.statuses.describe(),
            ];
            if let Some(attempts) = attempts {
                attempt_cells(&mut row, category.stats.as_ref(), attempts);
            }
            grid.rows.push(row);
        }
    }
    grid
}

fn category_comparison(report: &Report) -> Grid {
    let mut grid = Grid::new(&[("category", false)]);
    add_run_columns(&mut grid, report);
    for category in report.compare_categories() {
        let scores = category.scores();
        let mut row = vec![category.name.to_string()];
        row.extend(category.rows.iter().map(|c| match c {
            Some(c) => format!(
                "{} / {} ({} ok)",
                score_with_interval(c.score, c.stats.as_ref()),
                score_text(c.max_score),
                c.successes()
            ),
            None => "-".to_string(),
        }));
        push_deltas(&mut row, &scores);
        row.extend(
            (1..report.runs.len())
                .map(|run| verdict_text(p_value(&shared_tasks(report, run, Some(category.name))))),
        );
        grid.rows.push(row);
    }
    grid
}

/// Per task: status, score and its parts, the six criteria, steps,
/// latency, failures and judge tokens; or, for several runs, each run's
/// score and status and the deltas.
pub fn tasks(report: &Report) -> Grid {
    if report.is_comparison() {
        return task_comparison(report);
    }
    let mut grid = Grid::new(&[
        ("task", false),
        ("category", false),
        ("status", false),
        ("score", true),
        ("max", true),
        ("sim", true),
        ("video", true),
    ]);
    for criterion in Criterion::ALL {
        grid.add_column(criterion_abbreviation(criterion).to_string(), true);
    }
    for (name, numeric) in [
        ("steps", true),
        ("p50 ms", true),
        ("p95 ms", true),
        ("failures", false),
        ("judge tokens", true),
    ] {
        grid.add_column(name.to_string(), numeric);
    }
    let attempts = repeated_attempts(report);
    if let Some(attempts) = attempts {
        attempt_columns(&mut grid, attempts);
    }
    for run in &report.runs {
        for task in &run.tasks {
            let mut row = vec![
                task.name.clone(),
                task.category.clone(),
                task.status.clone(),
                score_text(task.score),
                score_text(task.max_score),
                optional_score_text(task.sim_score),
                optional_score_text(task.video_score),
            ];
            row.extend(
                Criterion::ALL
                    .iter()
                    .map(|c| rating_text(task.criteria.get(c))),
            );
            let failures = failures_text(&task.failures);
            row.extend([
                task.steps.to_string(),
                format!("{:.1}", task.latency_p50_ms),
                format!("{:.1}", task.latency_p95_ms),
                if failures.is_empty() {
                    "-".to_string()
                } else {
                    failures
                },
                task.judge
                    .as_ref()
                    .map_or_else(|| "-".to_string(), |j| j.tokens.to_string()),
            ]);
            if let Some(attempts) = attempts {
                attempt_cells(&mut row, task.stats.as_ref(), attempts);
            }
            grid.rows.push(row);
        }
    }
    grid
}

fn task_comparison(report: &Report) -> Grid {
    let mut grid = Grid::new(&[("task", false), ("category", false)]);
    add_run_columns(&mut grid, report);
    for task in report.compare_tasks() {
        let scores = task.scores();
        let mut row = vec![task.name.to_string(), task.category.to_string()];
        row.extend(task.rows.iter().map(|t| match t {
            Some(t) => format!(
                "{} {}",
                score_with_interval(t.score, t.stats.as_ref()),
                t.status
            ),
            None => "-".to_string(),
        }));
        push_deltas(&mut row, &scores);
        row.extend(
            (1..task.rows.len()).map(|run| match (task.rows[0], task.rows[run]) {
                (Some(baseline), Some(other)) => verdict_text(p_value(&[(baseline, other)])),
                _ => "-".to_string(),
            }),
        );
        grid.rows.push(row);
    }
    grid
}

/// A column per run, then per run after the first a delta column, then
/// per run after the first whether its delta is beyond the noise.
fn add_run_columns(grid: &mut Grid, report: &Report) {
    for run in &report.runs {
        grid.add_column(run.summary.label.clone(), true);
    }
    for run in report.runs.iter().skip(1) {
        grid.add_column(format!("Δ {}", run.summary.label), true);
    }
    for run in report.runs.iter().skip(1) {
        grid.add_column(verdict_header(&run.summary.label), false);
    }
}

fn push_deltas(row: &mut Vec<String>, scores: &[Option<f64>]) {
    row.extend((1..scores.len()).map(|run| delta_text(delta(scores, run))));
}
