//! The results subscriber: keeps every episode record of the run and
//! rewrites `results.json`, `result.txt` and `agentbeats.json` each time
//! an episode is recorded, so a run killed half-way still has up-to-date
//! results; at the end it stamps the manifest with the finish time.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::clock;
use super::event::{OutputProblem, RunEvent, Subscriber};
use super::plan::{Manifest, MANIFEST_FILE};
use super::record::EpisodeRecord;
use super::results::{self, AGENTBEATS_FILE, RESULTS_FILE, SUMMARY_FILE};
use crate::atomic::{write_atomic, write_json_atomic};

pub struct SummaryWriter {
    dir: PathBuf,
    manifest: Manifest,
    records: BTreeMap<String, EpisodeRecord>,
}

impl SummaryWriter {
    /// Starts from the records an earlier attempt kept.
    pub fn new(dir: PathBuf, manifest: Manifest, kept: BTreeMap<String, EpisodeRecord>) -> Self {
        SummaryWriter {
            dir,
            manifest,
            records: kept,
        }
    }

    fn write(&self) -> Result<(), OutputProblem> {
        let results = results::build(&self.manifest, &self.records);
        let problem = |file: &str, e: std::io::Error| OutputProblem {
            output: "results",
            message: format!("cannot write {}: {e}", self.dir.join(file).display()),
        };
        write_json_atomic(&self.dir.join(RESULTS_FILE), &results)
            .map_err(|e| problem(RESULTS_FILE, e))?;
        write_atomic(
            &self.dir.join(SUMMARY_FILE),
            results::summary_text(&self.manifest, &results).as_bytes(),
        )
        .map_err(|e| problem(SUMMARY_FILE, e))?;
        write_json_atomic(
            &self.dir.join(AGENTBEATS_FILE),
            &results::agentbeats(&self.manifest, &results),
        )
        .map_err(|e| problem(AGENTBEATS_FILE, e))
    }
}

impl Subscriber for SummaryWriter {
    fn on_event(&mut self, event: &RunEvent) -> Result<(), OutputProblem> {
        match event {
            RunEvent::RunStarted { .. } => self.write(),
            RunEvent::EpisodeRecorded { episode, record } => {
                self.records
                    .insert(episode.name.to_string(), record.as_ref().clone());
                self.write()
            }
            RunEvent::RunFinished { interrupted } => {
                if !interrupted {
                    self.manifest.finished_at = Some(clock::now_rfc3339());
                }
                write_json_atomic(&self.dir.join(MANIFEST_FILE), &self.manifest).map_err(|e| {
                    OutputProblem {
                        output: "manifest",
                        message: format!(
                            "cannot write {}: {e}",
                            self.dir.join(MANIFEST_FILE).display()
                        ),
                    }
                })?;
                self.write()
            }
            _ => Ok(()),
        }
    }
}
