//! `mcu run`: plays a scenario's tasks with one purple agent and writes
//! the run folder.
//!
//! The parts: [`plan`] decides what runs where (and reads a run back for
//! `--resume`), [`episode`] plays one task, [`event`] carries what
//! happens to the subscribers — [`progress`], [`trajectory`],
//! [`recorder`] (video) and [`summary`] (result files) — and
//! [`participant`] starts and stops an agent given as a command. This
//! module schedules the episodes over `jobs` worker threads.

pub mod attempt_stats;
pub mod attempts;
pub mod clock;
pub mod episode;
pub mod event;
pub mod interrupt;
pub mod merge;
pub mod participant;
pub mod plan;
pub mod progress;
pub mod record;
pub mod recorder;
pub mod rescore;
pub mod results;
pub mod summary;
pub mod task_attempts;
pub mod trajectory;
pub mod verdict;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::runtime::Handle;

use crate::a2a::A2aClient;
use crate::atomic::write_json_atomic;
use crate::judge::{Judge, JudgeSetup};
use crate::lock::lock;
use crate::scenario::SimulatorKind;
use crate::sim::{EmbeddedSim, Simulator};
use episode::{play_episode, EpisodeEnv, EpisodeSetup};
use event::{EpisodeRef, EventBus, OutputProblem, PlannedTask, RunEvent, Subscriber};
use interrupt::StopSignal;
use plan::{file_sha256, RunPlan, MANIFEST_FILE, RECORD_FILE};
use record::{EpisodeRecord, TaskSnapshot};

/// How a run ended.
#[derive(Debug)]
pub struct RunOutcome {
    /// Every record of the run (kept and new), by episode key.
    pub records: BTreeMap<String, EpisodeRecord>,
    /// Ctrl-C stopped it before every task had a final result.
    pub interrupted: bool,
    /// Files that could not be written (beyond what the records say).
    pub problems: Vec<OutputProblem>,
}

/// What a run plays with besides the plan.
pub struct RunContext<'a> {
    pub client: &'a A2aClient,
    pub runtime: &'a Handle,
    pub stop: &'a StopSignal,
    pub judge: &'a JudgeSetup,
    /// Show progress on stderr.
    pub progress: bool,
    /// More subscribers to the run's events (e.g. an A2A status stream).
    pub subscribers: Vec<Box<dyn Subscriber>>,
}

/// Plays every episode of `plan` that has no kept result, has the judge rate
/// each video while later episodes play, and writes the run folder.
pub fn execute(plan: &RunPlan, context: RunContext<'_>) -> anyhow::Result<RunOutcome> {
    let RunContext {
        client,
        runtime,
        stop,
        judge,
        progress,
        subscribers: extra,
    } = context;
    write_json_atomic(&plan.dir.join(MANIFEST_FILE), &plan.manifest).map_err(|e| {
        anyhow::anyhow!(
            "cannot write {}: {e}; choose another folder with --out",
            plan.dir.join(MANIFEST_FILE).display()
        )
    })?;
    let profile = plan.manifest.config.scoring;
    let mut subscribers: Vec<Box<dyn Subscriber>> = Vec::new();
    if progress {
        subscribers.push(Box::new(progress::Progress::stderr(profile)));
    }
    subscribers.push(Box::new(trajectory::TrajectoryWriter::default()));
    if plan.scenario.config.video {
        subscribers.push(Box::new(recorder::VideoSubscriber::default()));
    }
    subscribers.push(Box::new(summary::SummaryWriter::new(
        plan.dir.clone(),
        plan.manifest.clone(),
        plan.kept.clone(),
        plan.kept_evals.clone(),
        match judge {
            JudgeSetup::Ready(_) => None,
            JudgeSetup::Absent(reason) => Some(reason.clone()),
        },
    )));
    subscribers.extend(extra);
    let bus = EventBus::start(subscribers);
    let emitter = bus.emitter();

    let planned: Vec<PlannedTask> = plan
        .episodes
        .iter()
        .map(|episode| PlannedTask {
            name: episode.key.clone(),
            max_steps: plan.manifest.tasks[episode.task].max_steps,
            kept: plan
                .kept
                .get(&episode.key)
                .map(|record| results::task_score(profile, record, None)),
        })
        .collect();
    emitter.emit(RunEvent::RunStarted {
        run_dir: plan.dir.clone(),
        tasks: Arc::new(planned),
    });

    let episode_ref = |index: usize| EpisodeRef {
        index,
        name: plan.episodes[index].key.as_str().into(),
        dir: plan.episode_dir(&plan.episodes[index].key).into(),
    };
    let judging: Mutex<Vec<tokio::task::JoinHandle<()>>> = Mutex::new(Vec::new());
    let judge_later = |episode: EpisodeRef, record: Arc<EpisodeRecord>| {
        if let JudgeSetup::Ready(judge) = judge {
            let job = runtime.spawn(judge_and_save(
                judge.clone(),
                episode,
                record,
                emitter.clone(),
            ));
            lock(&judging).push(job);
        }
    };
    // Kept episodes an earlier attempt did not get judged.
    for (index, episode) in plan.episodes.iter().enumerate() {
        if let Some(record) = plan.kept.get(&episode.key) {
            if !plan.kept_evals.contains_key(&episode.key) && record.files.judged() {
                judge_later(episode_ref(index), Arc::new(record.clone()));
            }
        }
    }

    let pending: Vec<usize> = (0..plan.episodes.len())
        .filter(|&i| !plan.kept.contains_key(&plan.episodes[i].key))
        .collect();
    let next = AtomicUsize::new(0);
    let finished: Mutex<Vec<(String, EpisodeRecord)>> = Mutex::new(Vec::new());
    let workers = (plan.scenario.config.jobs as usize).clamp(1, pending.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(&index) = pending.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let episode = episode_ref(index);
                    if stop.is_requested() {
                        emitter.emit(RunEvent::EpisodeSkipped { episode });
                        continue;
                    }
                    let record = Arc::new(run_one(
                        plan, index, &episode, client, runtime, &emitter, stop,
                    ));
                    emitter.emit(RunEvent::EpisodeRecorded {
                        episode: episode.clone(),
                        record: record.clone(),
                    });
                    let key = episode.name.to_string();
                    if record.status.is_final() && record.files.judged() {
                        judge_later(episode, record.clone());
                    }
                    lock(&finished).push((key, record.as_ref().clone()));
                }
            });
        }
    });
    for job in lock(&judging).drain(..) {
        if stop.is_requested() {
            // Unjudged episodes are judged by `--resume`.
            job.abort();
        }
        let _ = runtime.block_on(job);
    }

    let mut records = plan.kept.clone();
    records.extend(finished.into_inner().unwrap_or_default());
    let interrupted = stop.is_requested()
        && plan
            .episodes
            .iter()
            .any(|e| !records.get(&e.key).is_some_and(|r| r.status.is_final()));
    emitter.emit(RunEvent::RunFinished { interrupted });
    drop(emitter);
    let problems = bus.close();
    Ok(RunOutcome {
        records,
        interrupted,
        problems,
    })
}

/// Has the judge rate one episode's video, saves the verdict beside it and
/// announces it.
async fn judge_and_save(
    judge: Judge,
    episode: EpisodeRef,
    record: Arc<EpisodeRecord>,
    emitter: event::Emitter,
) {
    let Some(eval) = verdict::judge_episode(&judge, &episode.dir, &record, false).await else {
        return;
    };
    emitter.emit(RunEvent::EpisodeJudged {
        episode,
        eval: Arc::new(eval),
    });
}

/// Plays episode `index` in a clean folder and writes its record.
fn run_one(
    plan: &RunPlan,
    index: usize,
    episode: &EpisodeRef,
    client: &A2aClient,
    runtime: &Handle,
    emitter: &event::Emitter,
    stop: &StopSignal,
) -> EpisodeRecord {
    let planned = &plan.episodes[index];
    let task = &plan.tasks[planned.task];
    let manifest_task = &plan.manifest.tasks[planned.task];
    let config = &plan.scenario.config;
    let setup = EpisodeSetup {
        task: TaskSnapshot::of(
            task,
            manifest_task.max_steps,
            file_sha256(&task.source).unwrap_or_else(|_| manifest_task.sha256.clone()),
        ),
        episode: episode.clone(),
        world_seed: attempts::attempt_seed(config.seed, &task.name, planned.attempt),
        obs_size: config.obs_size,
        obs_jpeg_quality: config.obs_jpeg_quality,
        swap_red_blue: config.swap_red_blue,
        video: config.video,
        stop_on_success: config.stop_on_success,
    };
    let simulator = fresh_folder(&episode.dir).and_then(|()| new_simulator(config.simulator));
    let mut record = match simulator {
        Ok(simulator) => play_episode(
            &setup,
            EpisodeEnv {
                simulator,
                client,
                runtime,
                emitter,
                stop,
            },
        ),
        Err(message) => episode::failed_before_start(&setup, message),
    };
    if let Err(e) = write_json_atomic(&episode.dir.join(RECORD_FILE), &record) {
        record.status = record::EpisodeStatus::Error;
        record.error = Some(format!(
            "cannot write {}: {e}",
            episode.dir.join(RECORD_FILE).display()
        ));
    }
    record
}

/// Empties (or creates) an episode folder; an earlier attempt's files go.
fn fresh_folder(dir: &Path) -> Result<(), String> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| format!("cannot clear {}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

fn new_simulator(kind: SimulatorKind) -> Result<Box<dyn Simulator>, String> {
    match kind {
        SimulatorKind::Embedded => Ok(Box::new(EmbeddedSim::new())),
        SimulatorKind::Minestudio => Err("the MineStudio backend is not built yet".into()),
    }
}
