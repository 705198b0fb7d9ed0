//! Reading a run folder for a report: `manifest.json`, `results.json`,
//! and per task the episode record and the judge's verdict. `results.json`
//! is read as written (it holds the run's scores under its profile); the
//! manifest gives the task order and the suite's identity. Every error
//! names the folder or file and says what to do.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde::de::DeserializeOwned;

use crate::judge::eval::{VideoEval, EVAL_FILE};
use crate::run::attempts::episodes;
use crate::run::plan::{Manifest, MANIFEST_FILE, RECORD_FILE};
use crate::run::record::EpisodeRecord;
use crate::run::results::{Results, RESULTS_FILE, RESULTS_VERSION};

/// Everything a report takes from one run folder.
#[derive(Debug, Clone)]
pub struct RunFiles {
    pub dir: PathBuf,
    pub manifest: Manifest,
    pub results: Results,
    /// Episode records, by episode key: the task's name, or with attempts
    /// `<task>/attempt_<i>` (episodes not played have none).
    pub records: BTreeMap<String, EpisodeRecord>,
    /// The judge's verdicts, by episode key (episodes not judged have none).
    pub evals: BTreeMap<String, VideoEval>,
}

/// Reads the run folder `dir`.
pub fn read_run(dir: &Path) -> anyhow::Result<RunFiles> {
    if !dir.is_dir() {
        bail!(
            "{} is not a folder; give the run folder `mcu run` wrote (e.g. output/20261122_081500)",
            dir.display()
        );
    }
    let manifest: Manifest = read_json(&dir.join(MANIFEST_FILE), "run manifest")
        .with_context(|| format!("{} is not a complete run folder", dir.display()))?;
    let results: Results =
        read_json(&dir.join(RESULTS_FILE), "results file").with_context(|| {
            format!(
                "{} has no usable results; `mcu score {}` writes them again",
                dir.display(),
                dir.display()
            )
        })?;
    if results.version != RESULTS_VERSION {
        bail!(
            "{}: results version {} (this mcu reads version {RESULTS_VERSION}); `mcu score {}` rewrites it",
            dir.join(RESULTS_FILE).display(),
            results.version,
            dir.display()
        );
    }
    let mut records = BTreeMap::new();
    let mut evals = BTreeMap::new();
    for episode in episodes(&manifest) {
        let episode_dir = dir.join(&episode.key);
        if let Some(record) = read_optional_json(&episode_dir.join(RECORD_FILE), "episode record")?
        {
            records.insert(episode.key.clone(), record);
        }
        if let Some(eval) = read_optional_json(&episode_dir.join(EVAL_FILE), "judge verdict")? {
            evals.insert(episode.key, eval);
        }
    }
    Ok(RunFiles {
        dir: std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf()),
        manifest,
        results,
        records,
        evals,
    })
}

fn read_json<T: DeserializeOwned>(path: &Path, what: &str) -> anyhow::Result<T> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the {what} {}", path.display()))?;
    parse_json(path, what, &text)
}

fn read_optional_json<T: DeserializeOwned>(path: &Path, what: &str) -> anyhow::Result<Option<T>> {
    match std::fs::read_to_string(path) {
        Ok(text) => parse_json(path, what, &text).map(Some),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read the {what} {}", path.display())),
    }
}

fn parse_json<T: DeserializeOwned>(path: &Path, what: &str, text: &str) -> anyhow::Result<T> {
    serde_json::from_str(text).with_context(|| {
        format!(
            "{} is not a valid {what} (was it edited or written by another mcu version?)",
            path.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope");
        let error = read_run(&missing).unwrap_err().to_string();
        assert!(
            error.contains("nope") && error.contains("not a folder"),
            "{error}"
        );
    }

    #[test]
    fn a_folder_without_manifest_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let error = format!("{:#}", read_run(dir.path()).unwrap_err());
        assert!(error.contains(MANIFEST_FILE), "{error}");
        assert!(error.contains("not a complete run folder"), "{error}");
    }
}
