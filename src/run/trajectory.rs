//! The per-step trajectory: what the agent answered, what was played, what
//! it cost and what it earned, one JSON line per step in
//! `<task>/trajectory.jsonl`. With the record's baseline statistics, the
//! statistics deltas rebuild every counter at every step, which is what
//! re-scoring needs.

use std::collections::HashMap;
use std::io::Write;

use serde::{Deserialize, Serialize};

use super::event::{OutputProblem, RunEvent, Subscriber};
use crate::atomic::AtomicWriter;
use crate::reward::Payout;
use crate::sim::Statistics;

/// The trajectory's file name inside an episode folder.
pub const TRAJECTORY_FILE: &str = "trajectory.jsonl";

/// One step of an episode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepRecord {
    pub step: u64,
    /// The agent's payload as received (text or JSON), when there was one.
    pub received: Option<String>,
    /// The action played, decoded (the no-op after a failure).
    pub action: serde_json::Value,
    /// The action form the reply used, when it decoded.
    pub form: Option<String>,
    /// Why the reply could not be used.
    pub failure: Option<StepFailureRecord>,
    pub latency_us: u64,
    /// Counters that rose during this step.
    pub stats: Statistics,
    /// Reward paid this step.
    pub paid: Vec<Payout>,
}

/// A step failure as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepFailureRecord {
    pub kind: crate::protocol::FailureKind,
    pub detail: String,
}

/// Writes each episode's steps to its trajectory file.
#[derive(Default)]
pub struct TrajectoryWriter {
    open: HashMap<usize, AtomicWriter>,
}

impl TrajectoryWriter {
    /// Abandons the episode's file (later steps are not written) and
    /// reports why.
    fn fail(&mut self, index: usize, message: String) -> OutputProblem {
        self.open.remove(&index);
        OutputProblem {
            output: "trajectory",
            message,
        }
    }
}

impl Subscriber for TrajectoryWriter {
    fn on_event(&mut self, event: &RunEvent) -> Result<(), OutputProblem> {
        match event {
            RunEvent::EpisodeStarted { episode, .. } => {
                let path = episode.dir.join(TRAJECTORY_FILE);
                match AtomicWriter::create(&path) {
                    Ok(writer) => {
                        self.open.insert(episode.index, writer);
                        Ok(())
                    }
                    Err(e) => Err(self.fail(
                        episode.index,
                        format!("cannot create {}: {e}", path.display()),
                    )),
                }
            }
            RunEvent::Step { episode, step } => {
                let Some(writer) = self.open.get_mut(&episode.index) else {
                    return Ok(());
                };
                let written = serde_json::to_writer(&mut *writer, step.as_ref())
                    .map_err(std::io::Error::from)
                    .and_then(|()| writer.write_all(b"\n"));
                written.map_err(|e| {
                    self.fail(
                        episode.index,
                        format!(
                            "cannot write {}: {e}",
                            episode.dir.join(TRAJECTORY_FILE).display()
                        ),
                    )
                })
            }
            RunEvent::EpisodeEnding { episode } => match self.open.remove(&episode.index) {
                Some(writer) => writer.commit().map_err(|e| OutputProblem {
                    output: "trajectory",
                    message: format!(
                        "cannot finish {}: {e}",
                        episode.dir.join(TRAJECTORY_FILE).display()
                    ),
                }),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }
}

/// Reads a trajectory file back, one record per line; the error names the line.
pub fn read_trajectory(path: &std::path::Path) -> Result<Vec<StepRecord>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            serde_json::from_str(line)
                .map_err(|e| format!("{}:{}: {e}", path.display(), number + 1))
        })
        .collect()
}
