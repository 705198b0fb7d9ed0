//! One assessment, from request to result: the request is checked (a bad
//! one ends `rejected`), a slot is taken (`--max-concurrent`), the run is
//! planned into its own folder under `--out` and played by the same engine
//! as `mcu run`, with `working` status updates per task and a heartbeat;
//! the `Result` artifact (result.txt and results.json) comes before the
//! final `completed`. A canceled run stops at the next step and ends
//! `canceled`.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tokio::runtime::Handle;
use tokio::sync::OwnedSemaphorePermit;

use super::request::{self, AssessmentRequest};
use super::store::TaskStore;
use super::ServerState;
use crate::a2a::types::{Artifact, Message, Part, Task, TaskState};
use crate::a2a::{A2aClient, ClientOptions};
use crate::judge::JudgeSetup;
use crate::lock::lock;
use crate::run::event::{OutputProblem, RunEvent, Subscriber};
use crate::run::plan::RunPlan;
use crate::run::results::{RESULTS_FILE, SUMMARY_FILE};
use crate::run::{execute, RunContext};

/// The longest quiet spell of a running assessment's stream.
const HEARTBEAT: Duration = Duration::from_secs(20);
/// The artifact holding the results.
pub const RESULT_ARTIFACT: &str = "Result";

/// How an assessment ended.
enum Ending {
    Completed { artifact: Artifact, note: String },
    Canceled(String),
    Rejected(String),
    Failed(String),
}

/// Starts the assessment `request` asks for in `task`, or rejects it.
pub(super) fn begin(state: &Arc<ServerState>, task: &Task, request: &Message) {
    let store = &state.store;
    let label = PathBuf::from(format!("assessment-{}.toml", task.id));
    let request = match request::parse(request, &label) {
        Ok(request) => request,
        Err(reason) => return finish(store, &task.id, Ending::Rejected(reason)),
    };
    let Ok(permit) = state.permits.clone().try_acquire_owned() else {
        let reason = format!(
            "the server is busy: it runs at most {} assessment(s) at once (--max-concurrent); try again when one has finished",
            state.max_concurrent
        );
        return finish(store, &task.id, Ending::Rejected(reason));
    };
    eprintln!("mcu serve: assessment {} started", task.id);
    tokio::spawn(run(state.clone(), task.id.clone(), label, request, permit));
}

async fn run(
    state: Arc<ServerState>,
    id: String,
    label: PathBuf,
    request: AssessmentRequest,
    _permit: OwnedSemaphorePermit,
) {
    let ending = play(&state, &id, label, request)
        .await
        .unwrap_or_else(|ending| ending);
    finish(&state.store, &id, ending);
}

/// Plans and plays the assessment; the `Err` side ends it early.
async fn play(
    state: &ServerState,
    id: &str,
    label: PathBuf,
    request: AssessmentRequest,
) -> Result<Ending, Ending> {
    let store = &state.store;
    let stop = store
        .stop_signal(id)
        .ok_or_else(|| Ending::Failed("the task was forgotten".into()))?;
    let AssessmentRequest {
        agent_url,
        scenario,
        scenario_text,
        ..
    } = request;
    let out = state.out.clone();
    let mut plan = tokio::task::spawn_blocking(move || {
        RunPlan::new_run(scenario, &label, scenario_text, &out)
    })
    .await
    .map_err(crashed)?
    .map_err(|e| Ending::Rejected(format!("{e:#}")))?;
    state
        .judge
        .apply(&mut plan.manifest.config.judge)
        .map_err(Ending::Rejected)?;
    let judge = JudgeSetup::new(
        &plan.manifest.config.judge,
        plan.manifest.rating_prompt.as_deref(),
        &plan.dir,
        &|name| std::env::var(name).ok(),
    )
    .map_err(Ending::Rejected)?;

    store.set_status(
        id,
        TaskState::Working,
        &format!(
            "Accepted: {} task(s); connecting to the agent at {agent_url}",
            plan.tasks.len()
        ),
    );
    let options = ClientOptions {
        timeout: Duration::from_secs_f64(plan.scenario.config.step_timeout_s),
        ..ClientOptions::default()
    };
    let client = A2aClient::connect(&agent_url, options)
        .await
        .map_err(|e| Ending::Failed(format!("could not reach the agent at {agent_url}: {e}")))?;

    let activity = Arc::new(Mutex::new(format!("Starting {} task(s)", plan.tasks.len())));
    let heartbeat = tokio::spawn(heartbeat(
        state.store.clone(),
        id.to_string(),
        activity.clone(),
    ));
    let progress = StatusUpdates {
        store: state.store.clone(),
        id: id.to_string(),
        activity,
        total: plan.tasks.len(),
    };
    let runtime = Handle::current();
    let played = tokio::task::spawn_blocking(move || {
        let outcome = execute(
            &plan,
            RunContext {
                client: &client,
                runtime: &runtime,
                stop: &stop,
                judge: &judge,
                progress: false,
                subscribers: vec![Box::new(progress)],
            },
        );
        (plan.dir, outcome)
    })
    .await;
    heartbeat.abort();
    let (dir, outcome) = played.map_err(crashed)?;
    let outcome = outcome.map_err(|e| Ending::Failed(format!("{e:#}")))?;
    if outcome.interrupted {
        return Ok(Ending::Canceled(format!(
            "Canceled; the tasks played so far are in {}",
            dir.display()
        )));
    }
    result(&dir, &outcome.problems)
}

fn crashed(error: tokio::task::JoinError) -> Ending {
    Ending::Failed(format!("the assessment crashed: {error}"))
}

/// The `Result` artifact from the run folder, and the closing message.
fn result(dir: &Path, problems: &[OutputProblem]) -> Result<Ending, Ending> {
    let read = |file: &str| {
        std::fs::read_to_string(dir.join(file)).map_err(|e| {
            Ending::Failed(format!(
                "the run ended but {} cannot be read: {e}",
                dir.join(file).display()
            ))
        })
    };
    let summary = read(SUMMARY_FILE)?;
    let results: Value = serde_json::from_str(&read(RESULTS_FILE)?)
        .map_err(|e| Ending::Failed(format!("{RESULTS_FILE} is not JSON: {e}")))?;
    let mut note = format!(
        "Assessment complete: {} task(s), total score {} of {}",
        results["num_tasks"], results["total_score"], results["total_max_score"]
    );
    for problem in problems {
        note.push_str(&format!("; not written: {problem}"));
    }
    let artifact = Artifact {
        artifact_id: uuid::Uuid::new_v4().to_string(),
        name: Some(RESULT_ARTIFACT.into()),
        parts: vec![Part::Text { text: summary }, Part::Data { data: results }],
    };
    Ok(Ending::Completed { artifact, note })
}

/// Publishes how the assessment ended (the artifact first).
fn finish(store: &TaskStore, id: &str, ending: Ending) {
    let (state, text) = match ending {
        Ending::Completed { artifact, note } => {
            store.add_artifact(id, artifact);
            (TaskState::Completed, note)
        }
        Ending::Canceled(text) => (TaskState::Canceled, text),
        Ending::Rejected(reason) => (TaskState::Rejected, format!("Rejected: {reason}")),
        Ending::Failed(reason) => (TaskState::Failed, format!("Failed: {reason}")),
    };
    if store.set_status(id, state, &text) {
        eprintln!("mcu serve: assessment {id}: {text}");
    }
}

/// Repeats the current activity every [`HEARTBEAT`] so idle timeouts of
/// clients and proxies never fire.
async fn heartbeat(store: Arc<TaskStore>, id: String, activity: Arc<Mutex<String>>) {
    let mut ticks = tokio::time::interval(HEARTBEAT);
    ticks.tick().await;
    loop {
        ticks.tick().await;
        let text = lock(&activity).clone();
        if !store.set_status(&id, TaskState::Working, &text) {
            return;
        }
    }
}

/// Turns run events into `working` status updates.
struct StatusUpdates {
    store: Arc<TaskStore>,
    id: String,
    /// What the heartbeat repeats.
    activity: Arc<Mutex<String>>,
    total: usize,
}

impl StatusUpdates {
    fn say(&self, text: String) {
        self.store.set_status(&self.id, TaskState::Working, &text);
        *lock(&self.activity) = text;
    }
}

impl Subscriber for StatusUpdates {
    fn on_event(&mut self, event: &RunEvent) -> Result<(), OutputProblem> {
        match event {
            RunEvent::RunStarted { tasks, .. } => {
                self.total = tasks.len();
                self.say(format!("Assessment started: {} task(s)", self.total));
            }
            RunEvent::EpisodeStarted { episode, max_steps } => self.say(format!(
                "Running task: {} ({} of {}, up to {max_steps} steps)",
                episode.name,
                episode.index + 1,
                self.total
            )),
            RunEvent::EpisodeRecorded { episode, record } => self.say(format!(
                "Finished task: {} ({}, {} steps)",
                episode.name, record.status, record.steps
            )),
            RunEvent::EpisodeJudged { episode, .. } => {
                self.say(format!("Judged task: {}", episode.name))
            }
            RunEvent::RunFinished { .. } => self.say("Writing the results".into()),
            _ => {}
        }
        Ok(())
    }
}
