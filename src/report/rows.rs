//! Tidy rows for JSON and CSV: one row per episode (a task of a run, or
//! one attempt of it), every column a plain value, the same columns in
//! the same order in every row, so the files load straight into DuckDB or
//! pandas. Criteria are numbers (null when not rated or not applicable;
//! the latter are listed in `criteria_not_applicable`); failures have one
//! column per kind. The `task_*` columns repeat, on every attempt's row,
//! what the task's attempts say together: mean, intervals, pass@k.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Value};

use crate::judge::parse::Rating;
use crate::protocol::FailureKind;
use crate::run::attempt_stats::AttemptStats;
use crate::suite::Criterion;
use crate::uncertainty::Interval;

use super::model::{failure_kind_name, Report, RunSummary, TaskRow};

/// One episode: `(column, value)` pairs in column order.
#[derive(Debug, Clone, PartialEq)]
pub struct EpisodeRow(pub Vec<(String, Value)>);

impl Serialize for EpisodeRow {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (column, value) in &self.0 {
            map.serialize_entry(column, value)?;
        }
        map.end()
    }
}

impl EpisodeRow {
    pub fn columns(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(column, _)| column.as_str())
    }

    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.0.iter().map(|(_, value)| value)
    }
}

/// Every episode of every run, runs in order, tasks in suite order, each
/// task's attempts in order.
pub fn episode_rows(report: &Report) -> Vec<EpisodeRow> {
    report
        .runs
        .iter()
        .flat_map(|run| {
            run.tasks.iter().flat_map(|task| {
                task.episodes()
                    .into_iter()
                    .map(|episode| episode_row(&run.summary, task, episode))
            })
        })
        .collect()
}

/// The column name of a criterion: `task_progress`, ….
pub fn criterion_column(criterion: Criterion) -> String {
    criterion.name().to_lowercase().replace(' ', "_")
}

/// The row of `task`'s episode `episode` (the task itself, or one attempt).
fn episode_row(run: &RunSummary, summary: &TaskRow, task: &TaskRow) -> EpisodeRow {
    let mut cells: Vec<(String, Value)> = Vec::new();
    let mut push = |column: &str, value: Value| cells.push((column.to_string(), value));
    push("run_id", json!(run.run_id));
    push("run_dir", json!(run.dir.display().to_string()));
    push("agent_role", json!(run.agent.role));
    push("agent_endpoint", json!(run.agent.endpoint));
    push("agentbeats_id", json!(run.agent.agentbeats_id));
    push("simulator", json!(run.simulator));
    push("scoring_profile", json!(run.profile.as_str()));
    push(
        "judge_model",
        json!(run.judge.ran.then_some(&run.judge.model)),
    );
    push("seed", json!(run.seed));
    push("suite_sha256", json!(run.suite_sha256));
    push("mcu_version", json!(run.mcu_version));
    push("task", json!(task.name));
    push("category", json!(task.category));
    push("attempt", json!(task.attempt.unwrap_or(1)));
    push("attempts", json!(run.attempts));
    push("status", json!(task.status));
    push("score", json!(task.score));
    push("max_score", json!(task.max_score));
    push("sim_score", json!(task.sim_score));
    push("video_score", json!(task.video_score));
    for criterion in Criterion::ALL {
        push(
            &criterion_column(criterion),
            json!(task.criterion_score(criterion)),
        );
    }
    push("criteria_not_applicable", json!(not_applicable(task)));
    push(
        "judge_status",
        json!(task.judge.as_ref().map(|j| j.status.as_str())),
    );
    push(
        "judge_tokens",
        json!(task.judge.as_ref().map_or(0, |j| j.tokens)),
    );
    push("steps", json!(task.steps));
    push("latency_p50_ms", json!(task.latency_p50_ms));
    push("latency_p95_ms", json!(task.latency_p95_ms));
    push("failures", json!(task.failure_count()));
    for kind in FailureKind::ALL {
        push(
            &format!("failures_{}", failure_kind_name(kind)),
            json!(task.failures.get(&kind).copied().unwrap_or(0)),
        );
    }
    push("wall_s", json!(task.wall_s));
    push("error", json!(task.error));
    push(
        "video",
        json!(task.video.as_ref().map(|v| v.display().to_string())),
    );
    let stats = summary.stats.as_ref();
    let interval = |pick: &dyn Fn(&AttemptStats) -> Option<Interval>, high: bool| {
        json!(stats
            .and_then(pick)
            .map(|i| if high { i.high } else { i.low }))
    };
    push("task_score", json!(summary.score));
    push("task_attempts_counted", json!(stats.map(|s| s.scored)));
    push(
        "task_infra_failures",
        json!(stats.map(|s| s.infra_failures)),
    );
    push("task_score_ci_low", interval(&|s| s.score_interval, false));
    push("task_score_ci_high", interval(&|s| s.score_interval, true));
    push(
        "task_success_rate",
        json!(stats.and_then(|s| s.success_rate)),
    );
    push(
        "task_success_ci_low",
        interval(&|s| s.success_interval, false),
    );
    push(
        "task_success_ci_high",
        interval(&|s| s.success_interval, true),
    );
    push("task_pass_at_k", json!(stats.map(|s| &s.pass_at_k)));
    EpisodeRow(cells)
}

/// The criteria the judge said do not apply, `;`-separated.
fn not_applicable(task: &TaskRow) -> String {
    let names: Vec<&str> = task
        .criteria
        .iter()
        .filter(|(_, rating)| **rating == Rating::NotApplicable)
        .map(|(criterion, _)| criterion.name())
        .collect();
    names.join(";")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criterion_columns_are_snake_case() {
        assert_eq!(criterion_column(Criterion::TaskProgress), "task_progress");
        assert_eq!(
            criterion_column(Criterion::ErrorRecognitionAndCorrection),
            "error_recognition_and_correction"
        );
    }

    #[test]
    fn rows_serialize_in_column_order() {
        let row = EpisodeRow(vec![
            ("zeta".into(), json!(1)),
            ("alpha".into(), Value::Null),
        ]);
        assert_eq!(
            serde_json::to_string(&row).unwrap(),
            r#"{"zeta":1,"alpha":null}"#
        );
    }
}
