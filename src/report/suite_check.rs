//! Whether runs can be compared: they must have played the same task
//! suite (the manifest's `suite_sha256`, over every selected task's name
//! and file hash). When they did not, [`SuiteMismatch`] says which tasks
//! differ: missing from some runs, or played from different task files.

use std::fmt;

use super::read::RunFiles;

/// How the runs' task suites differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteMismatch {
    /// Tasks that some runs lack, with the labels of the runs that lack them.
    pub missing: Vec<(String, Vec<String>)>,
    /// Tasks every run has, played from different task files.
    pub changed: Vec<String>,
}

/// `None` when every run played the suite of the first.
pub fn suite_mismatch(runs: &[RunFiles]) -> Option<SuiteMismatch> {
    let first = runs.first()?;
    if runs
        .iter()
        .all(|run| run.manifest.suite_sha256 == first.manifest.suite_sha256)
    {
        return None;
    }
    let mut names: Vec<&str> = Vec::new();
    for run in runs {
        for task in &run.manifest.tasks {
            if !names.contains(&task.name.as_str()) {
                names.push(&task.name);
            }
        }
    }
    let mut missing = Vec::new();
    let mut changed = Vec::new();
    for name in names {
        let hashes: Vec<Option<&str>> = runs
            .iter()
            .map(|run| {
                run.manifest
                    .tasks
                    .iter()
                    .find(|t| t.name == name)
                    .map(|t| t.sha256.as_str())
            })
            .collect();
        let lacking: Vec<String> = runs
            .iter()
            .zip(&hashes)
            .filter(|(_, hash)| hash.is_none())
            .map(|(run, _)| run.dir.display().to_string())
            .collect();
        if !lacking.is_empty() {
            missing.push((name.to_string(), lacking));
        } else if hashes.windows(2).any(|pair| pair[0] != pair[1]) {
            changed.push(name.to_string());
        }
    }
    Some(SuiteMismatch { missing, changed })
}

impl fmt::Display for SuiteMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self
            .missing
            .iter()
            .map(|(task, runs)| format!("`{task}` is not in {}", runs.join(", ")))
            .collect();
        if !self.changed.is_empty() {
            parts.push(format!(
                "the task files of {} differ",
                self.changed
                    .iter()
                    .map(|t| format!("`{t}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if parts.is_empty() {
            parts.push("the suite hashes differ".to_string());
        }
        write!(f, "{}", parts.join("; "))
    }
}
