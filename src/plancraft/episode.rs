//! One Plancraft example played with the agent: init, then per reply one
//! step — an environment action, an answer (think, search, anything else)
//! or `impossible` — until the target is crafted, the agent gives up, or
//! the budget of replies is spent. Every step is written to the
//! trajectory and drawn into the example's video; nothing here panics on a
//! misbehaving agent.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

use base64::Engine;
use serde::Serialize;
use tokio::runtime::Handle;

use super::env::{EnvAction, Stack, Table};
use super::reply::{self, AnswerKind, Reply};
use super::split::Example;
use super::{protocol, screen};
use crate::agent::{AgentSession, StepFailure};
use crate::atomic::AtomicWriter;
use crate::run::episode::{is_silence, UNREACHABLE_AFTER};
use crate::run::interrupt::StopSignal;
use crate::video::VideoRecorder;

pub const RECORD_FILE: &str = "episode.json";
pub const TRAJECTORY_FILE: &str = "trajectory.jsonl";
pub const VIDEO_FILE: &str = "screen.mp4";
/// Record format version.
pub const RECORD_VERSION: u32 = 1;
/// Frames per second of the screen video: one frame per step.
const VIDEO_FPS: u32 = 2;

/// How an example ended.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The target was crafted.
    Success,
    /// The agent said `impossible` on an impossible example.
    ImpossibleCorrect,
    /// The agent said `impossible` on an example that can be solved.
    ImpossibleWrong,
    /// The budget ran out on an example that can be solved.
    BudgetSpent,
    /// The budget ran out on an impossible example the agent did not call.
    Failure,
    AgentInitFailed,
    AgentUnreachable,
    /// mcu failed (an internal error, a file that could not be written).
    Error,
    /// The run was stopped during the example.
    Interrupted,
}

impl Status {
    /// Whether Plancraft counts the example as solved.
    pub fn is_success(self) -> bool {
        matches!(self, Status::Success | Status::ImpossibleCorrect)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Success => "success",
            Status::ImpossibleCorrect => "impossible_correct",
            Status::ImpossibleWrong => "impossible_wrong",
            Status::BudgetSpent => "budget_spent",
            Status::Failure => "failure",
            Status::AgentInitFailed => "agent_init_failed",
            Status::AgentUnreachable => "agent_unreachable",
            Status::Error => "error",
            Status::Interrupted => "interrupted",
        }
    }
}

/// The record of one example, enough to re-score it without replaying.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Record {
    pub version: u32,
    pub environment: String,
    pub example_id: String,
    pub target: String,
    pub complexity_split: String,
    pub impossible: bool,
    pub budget: u32,
    pub status: Status,
    pub success: bool,
    /// Replies used (each counts toward the budget).
    pub steps: u32,
    /// Environment actions among them.
    pub env_actions: u32,
    /// Answered replies by kind (think, search, format_error, not_an_action).
    pub answers: BTreeMap<String, u32>,
    /// Replies that could not be read at all, by failure kind.
    pub failures: BTreeMap<String, u32>,
    pub impossible_reason: Option<String>,
    pub error: Option<String>,
    pub final_inventory: BTreeMap<usize, Stack>,
    pub wall_s: f64,
    pub video: Option<String>,
}

/// One line of the trajectory.
#[derive(Serialize)]
struct StepLine<'a> {
    step: u32,
    observation: &'a str,
    received: Option<&'a str>,
    action: Option<EnvAction>,
    answer: Option<AnswerKind>,
    failure: Option<&'a StepFailure>,
}

/// What one episode plays with.
pub struct EpisodeSetup<'a> {
    pub example: &'a Example,
    pub budget: u32,
    pub obs_size: (u32, u32),
    pub dir: &'a Path,
}

pub fn play(
    setup: &EpisodeSetup,
    session: &mut AgentSession,
    runtime: &Handle,
    stop: &StopSignal,
) -> Record {
    let clock = Instant::now();
    let example = setup.example;
    let mut record = Record {
        version: RECORD_VERSION,
        environment: "plancraft".into(),
        example_id: example.id.clone(),
        target: example.target.clone(),
        complexity_split: example.complexity_split.clone(),
        impossible: example.impossible,
        budget: setup.budget,
        status: Status::Error,
        success: false,
        steps: 0,
        env_actions: 0,
        answers: BTreeMap::new(),
        failures: BTreeMap::new(),
        impossible_reason: None,
        error: None,
        final_inventory: BTreeMap::new(),
        wall_s: 0.0,
        video: None,
    };
    let mut table = Table::new(&example.inventory());
    let outcome = play_steps(setup, session, runtime, stop, &mut table, &mut record);
    match outcome {
        Ok(status) => record.status = status,
        Err(message) => {
            record.status = Status::Error;
            record.error = Some(message);
        }
    }
    record.success = record.status.is_success();
    record.final_inventory = table
        .stacks()
        .map(|(s, stack)| (s, stack.clone()))
        .collect();
    record.wall_s = clock.elapsed().as_secs_f64();
    record
}

/// The files an episode writes while it plays.
struct Outputs {
    trajectory: AtomicWriter,
    video: VideoRecorder,
}

fn play_steps(
    setup: &EpisodeSetup,
    session: &mut AgentSession,
    runtime: &Handle,
    stop: &StopSignal,
    table: &mut Table,
    record: &mut Record,
) -> Result<Status, String> {
    let example = setup.example;
    let init = runtime.block_on(session.init_with(protocol::init_payload(&example.target)));
    if let Err(failure) = init.ack {
        record.error = Some(format!("init: {}", failure.detail));
        return Ok(if is_silence(failure.kind) {
            Status::AgentUnreachable
        } else {
            Status::AgentInitFailed
        });
    }
    let (width, height) = setup.obs_size;
    let video_path = setup.dir.join(VIDEO_FILE);
    let mut outputs = Outputs {
        trajectory: AtomicWriter::create(&setup.dir.join(TRAJECTORY_FILE))
            .map_err(|e| format!("cannot write the trajectory: {e}"))?,
        video: VideoRecorder::create(&video_path, width, height, VIDEO_FPS)
            .map_err(|e| format!("cannot record the screen: {e}"))?,
    };
    let mut observation = table.text(&example.target);
    let mut silent = 0;
    let status = loop {
        if record.steps >= setup.budget {
            break if example.impossible {
                Status::Failure
            } else {
                Status::BudgetSpent
            };
        }
        if stop.is_requested() {
            break Status::Interrupted;
        }
        let image = screen::draw(table, width, height);
        outputs
            .video
            .push(&image)
            .map_err(|e| format!("cannot record the screen: {e}"))?;
        let encoded = base64::engine::general_purpose::STANDARD.encode(screen::png(&image));
        let payload = protocol::obs_payload(u64::from(record.steps), &observation, &encoded);
        let reply = runtime
            .block_on(session.converse(payload))
            .and_then(protocol::action_text);
        record.steps += 1;
        let mut line = StepLine {
            step: record.steps - 1,
            observation: &observation,
            received: None,
            action: None,
            answer: None,
            failure: None,
        };
        let (next, ended) = match &reply {
            Err(failure) => {
                *record
                    .failures
                    .entry(failure.kind.as_str().to_string())
                    .or_default() += 1;
                silent = if is_silence(failure.kind) {
                    silent + 1
                } else {
                    0
                };
                line.failure = Some(failure);
                let ended = (silent >= UNREACHABLE_AFTER).then(|| {
                    record.error = Some(format!(
                        "the agent did not answer {UNREACHABLE_AFTER} steps in a row (last: {})",
                        failure.detail
                    ));
                    Status::AgentUnreachable
                });
                (unreadable_answer(failure), ended)
            }
            Ok(text) => {
                silent = 0;
                line.received = Some(text);
                match reply::read(text) {
                    Reply::Env(action) => {
                        record.env_actions += 1;
                        line.action = Some(action);
                        table.apply(action);
                        let done = table.holds_outside_output(&example.target);
                        (table.text(&example.target), done.then_some(Status::Success))
                    }
                    Reply::Impossible { reason } => {
                        record.impossible_reason = Some(reason);
                        let status = if example.impossible {
                            Status::ImpossibleCorrect
                        } else {
                            Status::ImpossibleWrong
                        };
                        (String::new(), Some(status))
                    }
                    Reply::Answer { text, kind } => {
                        *record.answers.entry(kind.as_str().to_string()).or_default() += 1;
                        line.answer = Some(kind);
                        (text, None)
                    }
                }
            }
        };
        write_line(&mut outputs.trajectory, &line)?;
        observation = next;
        if let Some(status) = ended {
            break status;
        }
    };
    outputs
        .video
        .push(&screen::draw(table, width, height))
        .map_err(|e| format!("cannot record the screen: {e}"))?;
    outputs
        .trajectory
        .commit()
        .map_err(|e| format!("cannot write the trajectory: {e}"))?;
    outputs
        .video
        .finish()
        .map_err(|e| format!("cannot record the screen: {e}"))?;
    record.video = Some(VIDEO_FILE.to_string());
    Ok(status)
}

/// What the next observation says after a reply that could not be read.
fn unreadable_answer(failure: &StepFailure) -> String {
    format!(
        "Your reply could not be read ({}): {}",
        failure.kind.as_str(),
        failure.detail
    )
}

fn write_line(writer: &mut AtomicWriter, line: &StepLine) -> Result<(), String> {
    let mut text = serde_json::to_string(line).map_err(|e| e.to_string())?;
    text.push('\n');
    writer
        .write_all(text.as_bytes())
        .map_err(|e| format!("cannot write the trajectory: {e}"))
}
