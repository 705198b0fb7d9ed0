//! The results subscriber: keeps every episode record and verdict of the
//! run and rewrites `results.json`, `result.txt` and `agentbeats.json`
//! each time one arrives, so a run killed half-way still has up-to-date
//! results; at the end it stamps the manifest with the finish time.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::clock;
use super::event::{OutputProblem, RunEvent, Subscriber};
use super::plan::{Manifest, MANIFEST_FILE};
use super::record::EpisodeRecord;
use super::results::{self, ResultsInput};
use crate::atomic::write_json_atomic;
use crate::judge::eval::VideoEval;

pub struct SummaryWriter {
    dir: PathBuf,
    manifest: Manifest,
    records: BTreeMap<String, EpisodeRecord>,
    evals: BTreeMap<String, VideoEval>,
    judge_absent: Option<String>,
}

impl SummaryWriter {
    /// Starts from what an earlier attempt kept; `judge_absent` says why
    /// there is no judge, when there is none.
    pub fn new(
        dir: PathBuf,
        manifest: Manifest,
        records: BTreeMap<String, EpisodeRecord>,
        evals: BTreeMap<String, VideoEval>,
        judge_absent: Option<String>,
    ) -> Self {
        SummaryWriter {
            dir,
            manifest,
            records,
            evals,
            judge_absent,
        }
    }

    fn write(&self) -> Result<(), OutputProblem> {
        results::write_all(
            &self.dir,
            &ResultsInput {
                manifest: &self.manifest,
                records: &self.records,
                evals: &self.evals,
                judge_absent: self.judge_absent.as_deref(),
            },
        )
    }
}

impl Subscriber for SummaryWriter {
    fn on_event(&mut self, event: &RunEvent) -> Result<(), OutputProblem> {
        match event {
            RunEvent::RunStarted { .. } => self.write(),
            RunEvent::EpisodeRecorded { episode, record } => {
                // A new attempt's verdict comes after its record.
                self.evals.remove(episode.name.as_ref());
                self.records
                    .insert(episode.name.to_string(), record.as_ref().clone());
                self.write()
            }
            RunEvent::EpisodeJudged { episode, eval } => {
                self.evals
                    .insert(episode.name.to_string(), eval.as_ref().clone());
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
