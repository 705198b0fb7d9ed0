//! One episode: a fresh simulator seeded for the task, its init commands,
//! the agent's init handshake in a new A2A context, then observe → ask →
//! act until the step budget is spent (or the reward is paid in full, with
//! `stop_on_success`). The loop only emits events and fills in the
//! episode record; files are the subscribers' business.
//!
//! Nothing the agent does ends the run: failed replies become no-ops and
//! are counted, an agent that stops answering ends only its episode
//! (`agent_unreachable`), and a panic inside the simulator becomes an
//! `error` record.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

use image::RgbImage;
use tokio::runtime::Handle;

use super::event::{Emitter, EpisodeRef, OutputProblem, RunEvent};
use super::interrupt::StopSignal;
use super::record::{
    AgentInit, CommandOutcomeRecord, EpisodeFiles, EpisodeRecord, EpisodeStatus, Milestone,
    SimOutcome, StepPayout, TaskSnapshot, Timing, RECORD_VERSION,
};
use super::recorder::VIDEO_FILE;
use super::trajectory::{StepFailureRecord, StepRecord, TRAJECTORY_FILE};
use crate::a2a::A2aClient;
use crate::agent::AgentSession;
use crate::frames;
use crate::protocol::FailureKind;
use crate::reward::RewardTracker;
use crate::scenario::ObsSize;
use crate::sim::{Simulator, Statistics, RECORD_SIZE};
use crate::stats::LatencySummary;
use crate::suite::RewardKind;

/// Consecutive steps without any answer (refused connection, timeout)
/// after which the agent is taken for gone and the episode ends.
pub const UNREACHABLE_AFTER: u32 = 3;

/// What one episode plays.
pub struct EpisodeSetup {
    pub task: TaskSnapshot,
    pub episode: EpisodeRef,
    pub world_seed: u64,
    pub obs_size: ObsSize,
    pub obs_jpeg_quality: u8,
    pub swap_red_blue: bool,
    /// Record the video: frames are rendered at the recording size and
    /// sent to the video subscriber; without, they are rendered at
    /// `obs_size` only.
    pub video: bool,
    pub stop_on_success: bool,
}

/// What the episode plays with.
pub struct EpisodeEnv<'a> {
    pub simulator: Box<dyn Simulator>,
    pub client: &'a A2aClient,
    pub runtime: &'a Handle,
    pub emitter: &'a Emitter,
    pub stop: &'a StopSignal,
}

/// How the steps ended.
enum Ending {
    /// The budget was spent or the reward paid in full.
    Played,
    InitFailed {
        unreachable: bool,
        message: String,
    },
    Unreachable(String),
    Interrupted,
}

/// What the loop accumulates; kept outside the loop so a panic loses nothing.
struct Tally {
    init_commands: Vec<CommandOutcomeRecord>,
    agent_init: AgentInit,
    steps: u64,
    frames: u64,
    failures: BTreeMap<FailureKind, u32>,
    forms: BTreeMap<String, u32>,
    latencies: Vec<Duration>,
    payouts: Vec<StepPayout>,
    earned: f64,
    baseline: Statistics,
    last: Statistics,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            init_commands: Vec::new(),
            agent_init: AgentInit {
                ok: false,
                latency_us: 0,
                received: None,
                failure: Some("init was not sent".into()),
            },
            steps: 0,
            frames: 0,
            failures: BTreeMap::new(),
            forms: BTreeMap::new(),
            latencies: Vec::new(),
            payouts: Vec::new(),
            earned: 0.0,
            baseline: Statistics::default(),
            last: Statistics::default(),
        }
    }
}

/// Plays one episode and returns its record. Never panics.
pub fn play_episode(setup: &EpisodeSetup, env: EpisodeEnv<'_>) -> EpisodeRecord {
    let started_at = super::clock::now_rfc3339();
    let clock = Instant::now();
    env.emitter.emit(RunEvent::EpisodeStarted {
        episode: setup.episode.clone(),
        max_steps: setup.task.max_steps,
    });
    let mut tally = Tally::new();
    let emitter = env.emitter;
    let played = catch_unwind(AssertUnwindSafe(|| play_steps(setup, env, &mut tally)));
    let problems = emitter.end_episode(&setup.episode);

    let max = setup.task.max_sim_reward();
    let (mut status, mut error) = match played {
        Ok(Ending::Played) => (
            EpisodeStatus::from_reward(setup.task.reward_kind, tally.earned, max),
            None,
        ),
        Ok(Ending::InitFailed {
            unreachable,
            message,
        }) => (
            if unreachable {
                EpisodeStatus::AgentUnreachable
            } else {
                EpisodeStatus::AgentInitFailed
            },
            Some(message),
        ),
        Ok(Ending::Unreachable(message)) => (EpisodeStatus::AgentUnreachable, Some(message)),
        Ok(Ending::Interrupted) => (
            EpisodeStatus::Interrupted,
            Some("the run was stopped during this episode".into()),
        ),
        Err(panic) => (
            EpisodeStatus::Error,
            Some(format!("internal error: {}", panic_message(&panic))),
        ),
    };
    if !problems.is_empty() && status != EpisodeStatus::Interrupted {
        let described: Vec<String> = problems.iter().map(OutputProblem::to_string).collect();
        let previous = error.take().map(|e| format!("; {e}")).unwrap_or_default();
        error = Some(format!("{}{previous}", described.join("; ")));
        status = EpisodeStatus::Error;
    }
    let written = |output: &str| !problems.iter().any(|p| p.output == output);
    let files = EpisodeFiles {
        video: (tally.frames > 0 && written("video")).then(|| VIDEO_FILE.to_string()),
        video_off: !setup.video,
        video_frames: tally.frames,
        trajectory: (tally.agent_init.ok && written("trajectory"))
            .then(|| TRAJECTORY_FILE.to_string()),
    };
    assemble(
        setup,
        tally,
        status,
        error,
        files,
        started_at,
        clock.elapsed(),
    )
}

/// The record of an episode that could not start (its folder, its simulator).
pub fn failed_before_start(setup: &EpisodeSetup, message: String) -> EpisodeRecord {
    assemble(
        setup,
        Tally::new(),
        EpisodeStatus::Error,
        Some(message),
        EpisodeFiles::default(),
        super::clock::now_rfc3339(),
        Duration::ZERO,
    )
}

fn assemble(
    setup: &EpisodeSetup,
    tally: Tally,
    status: EpisodeStatus,
    error: Option<String>,
    files: EpisodeFiles,
    started_at: String,
    wall: Duration,
) -> EpisodeRecord {
    let wall_s = wall.as_secs_f64();
    EpisodeRecord {
        version: RECORD_VERSION,
        world_seed: setup.world_seed,
        status,
        error,
        steps: tally.steps,
        init_commands: tally.init_commands,
        agent_init: tally.agent_init,
        sim: SimOutcome {
            earned: tally.earned,
            max: setup.task.max_sim_reward(),
            milestones: milestones(&setup.task, &tally.payouts),
            payouts: tally.payouts,
        },
        failures: tally.failures,
        forms: tally.forms,
        latency: LatencySummary::of(&tally.latencies),
        baseline_statistics: tally.baseline,
        final_statistics: tally.last,
        timing: Timing {
            started_at,
            wall_s,
            steps_per_s: if wall_s > 0.0 {
                tally.steps as f64 / wall_s
            } else {
                0.0
            },
        },
        files,
        task: setup.task.clone(),
    }
}

fn play_steps(setup: &EpisodeSetup, env: EpisodeEnv<'_>, tally: &mut Tally) -> Ending {
    let EpisodeEnv {
        mut simulator,
        client,
        runtime,
        emitter,
        stop,
    } = env;
    let task = &setup.task;
    let outcomes = simulator.reset(setup.world_seed, &task.init_commands);
    tally.init_commands = outcomes.iter().map(CommandOutcomeRecord::from).collect();
    tally.baseline = simulator.statistics().clone();
    tally.last = tally.baseline.clone();
    let mut tracker = RewardTracker::new(&task.rewards, &tally.baseline);

    let mut session = AgentSession::new(client);
    let init = runtime.block_on(session.init(&task.text));
    tally.agent_init = AgentInit {
        ok: init.ack.is_ok(),
        latency_us: init.latency.as_micros() as u64,
        received: init.received.clone(),
        failure: init.ack.as_ref().err().map(|f| f.detail.clone()),
    };
    if let Err(failure) = init.ack {
        return Ending::InitFailed {
            unreachable: is_silence(failure.kind),
            message: format!("init: {} ({})", failure.detail, failure.kind.as_str()),
        };
    }

    let (width, height) = if setup.video {
        RECORD_SIZE
    } else {
        (setup.obs_size.width, setup.obs_size.height)
    };
    let mut silent_steps = 0;
    for step in 0..u64::from(task.max_steps) {
        if stop.is_requested() {
            return Ending::Interrupted;
        }
        let frame = render(simulator.as_mut(), width, height);
        let jpeg = frames::encode_jpeg(
            &frames::downscale(&frame, setup.obs_size),
            setup.obs_jpeg_quality,
            setup.swap_red_blue,
        );
        emit_frame(emitter, setup, tally, frame);

        let reply = runtime.block_on(session.step(step, &jpeg));
        simulator.step(&reply.action);
        let now = simulator.statistics();
        let stats = now.delta_since(&tally.last);
        let paid = tracker.step(now);
        tally.last = now.clone();
        tally.earned = tracker.total();
        tally.steps = step + 1;
        tally.latencies.push(reply.latency);
        tally.payouts.extend(paid.iter().map(|payout| StepPayout {
            step,
            payout: payout.clone(),
        }));
        if let Some(form) = reply.form {
            *tally.forms.entry(form.as_str().to_string()).or_insert(0) += 1;
        }
        let failure = reply.failure.as_ref().map(|f| StepFailureRecord {
            kind: f.kind,
            detail: f.detail.clone(),
        });
        match &failure {
            Some(f) => {
                *tally.failures.entry(f.kind).or_insert(0) += 1;
                silent_steps = if is_silence(f.kind) {
                    silent_steps + 1
                } else {
                    0
                };
            }
            None => silent_steps = 0,
        }
        let unreachable = (silent_steps >= UNREACHABLE_AFTER).then(|| {
            format!(
                "the agent did not answer {UNREACHABLE_AFTER} steps in a row (last: {})",
                failure.as_ref().map(|f| f.detail.as_str()).unwrap_or("")
            )
        });
        emitter.emit(RunEvent::Step {
            episode: setup.episode.clone(),
            step: Arc::new(StepRecord {
                step,
                received: reply.received,
                action: serde_json::to_value(reply.action).unwrap_or_default(),
                form: reply.form.map(|f| f.as_str().to_string()),
                failure,
                latency_us: reply.latency.as_micros() as u64,
                stats,
                paid,
            }),
        });
        if let Some(message) = unreachable {
            record_last_frame(emitter, setup, tally, simulator.as_mut());
            return Ending::Unreachable(message);
        }
        if setup.stop_on_success && tracker.fully_paid() && tracker.max_total() > 0.0 {
            break;
        }
    }
    record_last_frame(emitter, setup, tally, simulator.as_mut());
    Ending::Played
}

/// Failure kinds that mean nothing came back at all.
pub fn is_silence(kind: FailureKind) -> bool {
    matches!(kind, FailureKind::Transport | FailureKind::Timeout)
}

fn render(simulator: &mut dyn Simulator, width: u32, height: u32) -> RgbImage {
    let mut frame = RgbImage::new(width, height);
    simulator.render(&mut frame);
    frame
}

/// Renders the state after the last step for the video, when it is recorded.
fn record_last_frame(
    emitter: &Emitter,
    setup: &EpisodeSetup,
    tally: &mut Tally,
    simulator: &mut dyn Simulator,
) {
    if setup.video {
        let (width, height) = RECORD_SIZE;
        emit_frame(emitter, setup, tally, render(simulator, width, height));
    }
}

/// Sends `frame` to the video, when it is recorded.
fn emit_frame(emitter: &Emitter, setup: &EpisodeSetup, tally: &mut Tally, frame: RgbImage) {
    if !setup.video {
        return;
    }
    tally.frames += 1;
    emitter.emit(RunEvent::Frame {
        episode: setup.episode.clone(),
        image: Arc::new(frame),
    });
}

/// For long-horizon tasks, the first step each milestone (reward identity) paid.
pub fn milestones(task: &TaskSnapshot, payouts: &[StepPayout]) -> Vec<Milestone> {
    if task.reward_kind != RewardKind::Milestone {
        return Vec::new();
    }
    let mut seen: Vec<&str> = Vec::new();
    for entry in &task.rewards {
        if !seen.contains(&entry.identity.as_str()) {
            seen.push(&entry.identity);
        }
    }
    seen.into_iter()
        .map(|identity| Milestone {
            identity: identity.to_string(),
            step: payouts
                .iter()
                .find(|p| p.payout.identity == identity)
                .map(|p| p.step),
        })
        .collect()
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}
