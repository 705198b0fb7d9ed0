//! `mcu run`: plays a scenario's tasks with one purple agent and writes
//! the run folder.
//!
//! The parts: [`plan`] decides what runs where (and reads a run back for
//! `--resume`), [`episode`] plays one task, [`event`] carries what
//! happens to the subscribers — [`progress`], [`trajectory`],
//! [`recorder`] (video) and [`summary`] (result files) — and
//! [`participant`] starts and stops an agent given as a command. This
//! module schedules the episodes over `jobs` worker threads.

pub mod clock;
pub mod episode;
pub mod event;
pub mod interrupt;
pub mod participant;
pub mod plan;
pub mod progress;
pub mod record;
pub mod recorder;
pub mod results;
pub mod score;
pub mod summary;
pub mod trajectory;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::runtime::Handle;

use crate::a2a::A2aClient;
use crate::atomic::write_json_atomic;
use crate::scenario::SimulatorKind;
use crate::sim::{episode_seed, EmbeddedSim, Simulator};
use episode::{play_episode, EpisodeEnv, EpisodeSetup};
use event::{EpisodeRef, EventBus, OutputProblem, PlannedTask, RunEvent, Subscriber};
use interrupt::StopSignal;
use plan::{file_sha256, RunPlan, MANIFEST_FILE, RECORD_FILE};
use record::{EpisodeRecord, TaskSnapshot};

/// How a run ended.
#[derive(Debug)]
pub struct RunOutcome {
    /// Every record of the run (kept and new), by task name.
    pub records: BTreeMap<String, EpisodeRecord>,
    /// Ctrl-C stopped it before every task had a final result.
    pub interrupted: bool,
    /// Files that could not be written (beyond what the records say).
    pub problems: Vec<OutputProblem>,
}

/// Where the run's output goes besides the files.
pub struct Display {
    /// Show progress on stderr.
    pub progress: bool,
}

/// Plays every task of `plan` that has no kept result, with the agent
/// behind `client`, and writes the run folder.
pub fn execute(
    plan: &RunPlan,
    client: &A2aClient,
    runtime: &Handle,
    stop: &StopSignal,
    display: Display,
) -> anyhow::Result<RunOutcome> {
    write_json_atomic(&plan.dir.join(MANIFEST_FILE), &plan.manifest).map_err(|e| {
        anyhow::anyhow!(
            "cannot write {}: {e}; choose another folder with --out",
            plan.dir.join(MANIFEST_FILE).display()
        )
    })?;
    let mut subscribers: Vec<Box<dyn Subscriber>> = Vec::new();
    if display.progress {
        subscribers.push(Box::new(progress::Progress::stderr()));
    }
    subscribers.push(Box::new(trajectory::TrajectoryWriter::default()));
    subscribers.push(Box::new(recorder::VideoSubscriber::default()));
    subscribers.push(Box::new(summary::SummaryWriter::new(
        plan.dir.clone(),
        plan.manifest.clone(),
        plan.kept.clone(),
    )));
    let bus = EventBus::start(subscribers);
    let emitter = bus.emitter();

    let planned: Vec<PlannedTask> = plan
        .tasks
        .iter()
        .zip(&plan.manifest.tasks)
        .map(|(task, manifest_task)| PlannedTask {
            name: task.name.clone(),
            category: task.category.clone(),
            max_steps: manifest_task.max_steps,
            kept: plan.kept.get(&task.name).map(score::sim_only),
        })
        .collect();
    emitter.emit(RunEvent::RunStarted {
        run_dir: plan.dir.clone(),
        tasks: Arc::new(planned),
    });

    let pending: Vec<usize> = (0..plan.tasks.len())
        .filter(|&i| !plan.kept.contains_key(&plan.tasks[i].name))
        .collect();
    let next = AtomicUsize::new(0);
    let finished: Mutex<Vec<EpisodeRecord>> = Mutex::new(Vec::new());
    let workers = (plan.scenario.config.jobs as usize).clamp(1, pending.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(&index) = pending.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let episode = EpisodeRef {
                        index,
                        name: plan.tasks[index].name.as_str().into(),
                        dir: plan.episode_dir(&plan.tasks[index].name).into(),
                    };
                    if stop.is_requested() {
                        emitter.emit(RunEvent::EpisodeSkipped { episode });
                        continue;
                    }
                    let record = run_one(plan, index, &episode, client, runtime, &emitter, stop);
                    let record = Arc::new(record);
                    emitter.emit(RunEvent::EpisodeRecorded {
                        episode,
                        record: record.clone(),
                    });
                    if let Ok(mut finished) = finished.lock() {
                        finished.push(record.as_ref().clone());
                    }
                }
            });
        }
    });

    let mut records = plan.kept.clone();
    for record in finished.into_inner().unwrap_or_default() {
        records.insert(record.task.name.clone(), record);
    }
    let interrupted = plan
        .tasks
        .iter()
        .any(|t| !records.get(&t.name).is_some_and(|r| r.status.is_final()));
    emitter.emit(RunEvent::RunFinished {
        interrupted: stop.is_requested() && interrupted,
    });
    drop(emitter);
    let problems = bus.close();
    Ok(RunOutcome {
        records,
        interrupted: stop.is_requested() && interrupted,
        problems,
    })
}

/// Plays task `index` in a clean folder and writes its record.
fn run_one(
    plan: &RunPlan,
    index: usize,
    episode: &EpisodeRef,
    client: &A2aClient,
    runtime: &Handle,
    emitter: &event::Emitter,
    stop: &StopSignal,
) -> EpisodeRecord {
    let task = &plan.tasks[index];
    let manifest_task = &plan.manifest.tasks[index];
    let config = &plan.scenario.config;
    let setup = EpisodeSetup {
        task: TaskSnapshot::of(
            task,
            manifest_task.max_steps,
            file_sha256(&task.source).unwrap_or_else(|_| manifest_task.sha256.clone()),
        ),
        episode: episode.clone(),
        world_seed: episode_seed(config.seed, &task.name),
        obs_size: config.obs_size,
        swap_red_blue: config.swap_red_blue,
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
