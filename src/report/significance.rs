//! Whether two runs differ by more than the noise, for a task, a category
//! or the whole run: a seeded stratified permutation test (see
//! [`crate::uncertainty::permutation_p_value`]) over the scores of the
//! attempts that count, each task a stratum. With one attempt per task a
//! single task can never tell; a category or run is then the sign-flip
//! test over its tasks.

use crate::uncertainty::{permutation_p_value, Pair, SIGNIFICANCE_LEVEL};

use super::model::{Report, TaskRow};

/// The p-value of "the two runs score the same" over `pairs` of the same
/// task in the baseline and the other run; `None` when a task has no
/// counted attempt in one of them, or there are no pairs.
pub fn p_value(pairs: &[(&TaskRow, &TaskRow)]) -> Option<f64> {
    let groups: Vec<Pair> = pairs
        .iter()
        .map(|(baseline, other)| (baseline.counted_scores(), other.counted_scores()))
        .collect();
    permutation_p_value(&groups)
}

/// The tasks run `run` shares with the baseline, as pairs, those of
/// `category` only when given.
pub fn shared_tasks<'a>(
    report: &'a Report,
    run: usize,
    category: Option<&str>,
) -> Vec<(&'a TaskRow, &'a TaskRow)> {
    report
        .compare_tasks()
        .into_iter()
        .filter(|task| category.is_none_or(|c| c == task.category))
        .filter_map(|task| Some((task.rows.first().copied()??, task.rows.get(run).copied()??)))
        .collect()
}

/// `yes (p 0.004)`, `no (p 0.41)`, or `-` when it cannot be tested.
pub fn verdict_text(p: Option<f64>) -> String {
    match p {
        Some(p) if p < SIGNIFICANCE_LEVEL => format!("yes (p {p:.3})"),
        Some(p) => format!("no (p {p:.2})"),
        None => "-".to_string(),
    }
}

/// The header of the column saying whether run `label` differs from the
/// baseline by more than the noise.
pub fn verdict_header(label: &str) -> String {
    format!("Δ {label} beyond noise")
}
