//! `mcu run`: evaluate an agent on a scenario's tasks.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;

use mcu::a2a::{A2aClient, ClientOptions};
use mcu::judge::JudgeSetup;
use mcu::lock::lock;
use mcu::plancraft::run::PlancraftRun;
use mcu::run::interrupt::{watch_ctrl_c, StopSignal, INTERRUPTED_EXIT_CODE};
use mcu::run::participant::AgentProcess;
use mcu::run::plan::RunPlan;
use mcu::run::results::SUMMARY_FILE;
use mcu::run::{execute, RunContext};
use mcu::scenario::{Participant, RunConfig, Scenario};

use super::judge_args::{JudgeFlags, ProfileArg};

/// Play a scenario's tasks with an agent; write videos, records and scores.
///
/// Each task gets a fresh embedded-simulator world (seeded from the
/// scenario seed and the task name), its init commands, and a new A2A
/// context with the agent; observations go out and actions come back until
/// the step budget is spent. The run folder OUT/<YYYYmmdd_HHMMSS>/ gets a
/// video, a trajectory and a record per task, plus results.json,
/// result.txt, agentbeats.json and manifest.json.
///
/// With --attempts N every task is played N times, attempt i in its own
/// world (seeded from the scenario seed, the task and i) and its own
/// folder TASK/attempt_<i>/. Each task then scores the mean of its
/// attempts, with a 95% bootstrap interval, its success rate with a Wilson
/// interval, and pass@k for k = 1..N (the chance that at least one of k
/// attempts succeeds, estimated without bias from all N). Attempts lost
/// to mcu errors or judge failures are counted apart, not as failures.
/// --jobs, --resume and --shard work per attempt.
///
/// Exit status: 0 when the run completed (whatever the agent did), 130 when
/// Ctrl-C stopped it (`--resume` finishes it), 2 when mcu could not run it.
#[derive(Args)]
#[command(after_help = "Examples:
  mcu run scenarios/quickstart.toml
  mcu run scenarios/full.toml --jobs 2 --out runs
  mcu run scenarios/full.toml --attempts 5 --jobs 4   (pass@1..5, intervals)
  mcu run scenarios/full.toml --task 'craft_*' --max-steps 300
  mcu run scenarios/full.toml --endpoint http://127.0.0.1:9019
  mcu run scenarios/full.toml --shard 0/2   (and 1/2 elsewhere; then mcu merge)
  mcu run --resume output/20261122_081500")]
pub struct RunArgs {
    /// The scenario file (TOML).
    #[arg(required_unless_present = "resume")]
    scenario: Option<PathBuf>,
    /// Finish an interrupted or killed run in this run folder: tasks with a
    /// final result are kept, the others play again.
    #[arg(
        long,
        value_name = "RUN_DIR",
        conflicts_with_all = ["scenario", "out", "seed", "attempts", "max_steps", "tasks_selected", "categories", "tasks"]
    )]
    resume: Option<PathBuf>,
    /// Where run folders are created [default: output]
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Episodes played at once (overrides `config.jobs`).
    #[arg(long)]
    jobs: Option<u32>,
    /// World seed (overrides `config.seed`).
    #[arg(long)]
    seed: Option<u64>,
    /// Play each task N times, each attempt in its own seeded world
    /// (overrides `config.attempts`); results get pass@k and 95% intervals.
    #[arg(long, value_name = "N")]
    attempts: Option<u32>,
    /// Step budget of short tasks (overrides `config.max_steps`).
    #[arg(long)]
    max_steps: Option<u32>,
    /// Play only these tasks (names or globs; repeatable) instead of the
    /// scenario's selection.
    #[arg(long = "task", value_name = "NAME")]
    tasks_selected: Vec<String>,
    /// Play only these categories or aliases (repeatable) instead of the
    /// scenario's selection.
    #[arg(long = "category", value_name = "NAME")]
    categories: Vec<String>,
    /// The task suite folder (overrides `config.tasks`).
    #[arg(long, value_name = "DIR")]
    tasks: Option<PathBuf>,
    /// Use the agent already listening here instead of the participant's
    /// endpoint, and do not start its `cmd`.
    #[arg(long, value_name = "URL")]
    endpoint: Option<String>,
    #[command(flatten)]
    judge: JudgeFlags,
    /// Scoring profile (overrides `config.scoring`).
    #[arg(long, value_enum, conflicts_with = "resume")]
    profile: Option<ProfileArg>,
    /// Play only shard I of N (0-based): every Nth selected task starting
    /// at I. `mcu merge` joins the shards' run folders.
    #[arg(long, value_name = "I/N", conflicts_with = "resume")]
    shard: Option<Shard>,
    /// Record no video, and render observations at `obs_size` only
    /// (sets `config.video = false`; judged episodes say `no_video`).
    #[arg(long, conflicts_with = "resume")]
    no_video: bool,
    /// No progress display (the summary is still printed).
    #[arg(long, short)]
    quiet: bool,
}

/// Runs `mcu run`; the exit code follows the doc comment above.
pub fn run(args: RunArgs) -> anyhow::Result<u8> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    if let Some(scenario) = plancraft_scenario(&args)? {
        return run_plancraft(&args, scenario, &runtime);
    }
    let mut plan = match &args.resume {
        Some(dir) => RunPlan::resume(dir, args.jobs)?,
        None => new_plan(&args)?,
    };
    if let Some(endpoint) = &args.endpoint {
        if let Some(agent) = plan.scenario.participants.first_mut() {
            agent.endpoint = Some(endpoint.clone());
            agent.cmd = None;
        }
        plan.manifest.agent.endpoint = endpoint.clone();
        plan.manifest.agent.started_by_mcu = false;
    }
    args.judge
        .overrides()
        .apply(&mut plan.manifest.config.judge)
        .map_err(anyhow::Error::msg)?;
    plan.manifest
        .config
        .check_video()
        .map_err(anyhow::Error::msg)?;
    let judge = JudgeSetup::new(
        &plan.manifest.config.judge,
        plan.manifest.rating_prompt.as_deref(),
        &plan.dir,
        &|name| std::env::var(name).ok(),
    )
    .map_err(anyhow::Error::msg)?;
    let agent = plan
        .scenario
        .agent()
        .cloned()
        .context("the scenario has no participant")?;
    let endpoint = plan.manifest.agent.endpoint.clone();
    let timeout = plan.scenario.config.step_timeout_s;
    let connected = ConnectedAgent::start(&runtime, &agent, &endpoint, timeout, &plan.dir)?;
    let client = &connected.client;
    let stop = &connected.stop;
    let outcome = execute(
        &plan,
        RunContext {
            client,
            runtime: runtime.handle(),
            stop,
            judge: &judge,
            progress: !args.quiet,
            subscribers: Vec::new(),
        },
    );
    connected.stop_agent();
    let outcome = outcome?;

    if let Ok(summary) = std::fs::read_to_string(plan.dir.join(SUMMARY_FILE)) {
        println!("{summary}");
    }
    println!("run folder: {}", plan.dir.display());
    for problem in &outcome.problems {
        eprintln!("error: {problem}");
    }
    if !outcome.problems.is_empty() {
        return Ok(2);
    }
    if outcome.interrupted {
        eprintln!(
            "mcu: stopped; finish the run with `mcu run --resume {}`",
            plan.dir.display()
        );
        return Ok(INTERRUPTED_EXIT_CODE);
    }
    Ok(0)
}

/// `--shard I/N`.
#[derive(Clone, Copy)]
struct Shard {
    index: u32,
    count: u32,
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let parsed = text
            .split_once('/')
            .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
        match parsed {
            Some((index, count)) if count >= 1 && index < count => Ok(Shard { index, count }),
            _ => Err(format!(
                "`{text}`: write I/N with 0 <= I < N, e.g. 0/4 for the first of four shards"
            )),
        }
    }
}

/// The flags both environments take: `--jobs`, `--max-steps`, `--task`
/// and `--category`.
fn apply_shared_overrides(args: &RunArgs, config: &mut RunConfig) -> anyhow::Result<()> {
    if let Some(jobs) = args.jobs {
        anyhow::ensure!(jobs >= 1, "--jobs must be at least 1");
        config.jobs = jobs;
    }
    if let Some(max_steps) = args.max_steps {
        anyhow::ensure!(max_steps >= 1, "--max-steps must be at least 1");
        config.max_steps = Some(max_steps);
    }
    if !args.tasks_selected.is_empty() || !args.categories.is_empty() {
        config.task_names = args.tasks_selected.clone();
        config.task_category = args.categories.clone();
    }
    Ok(())
}

fn new_plan(args: &RunArgs) -> anyhow::Result<RunPlan> {
    let Some(path) = &args.scenario else {
        bail!("give a scenario file, or --resume RUN_DIR");
    };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the scenario {}", path.display()))?;
    let mut scenario = Scenario::parse(&text, path, &|name| std::env::var(name).ok())?;
    let config = &mut scenario.config;
    apply_shared_overrides(args, config)?;
    if let Some(seed) = args.seed {
        config.seed = seed;
    }
    if let Some(attempts) = args.attempts {
        config.attempts = attempts;
        config.check_attempts().map_err(anyhow::Error::msg)?;
    }
    if let Some(tasks) = &args.tasks {
        config.tasks = Some(tasks.clone());
    }
    if let Some(profile) = args.profile {
        config.scoring = profile.into();
    }
    if args.no_video {
        config.video = false;
    }
    if let Some(shard) = args.shard {
        config.shard_index = shard.index;
        config.num_shards = shard.count;
        config.check_shard().map_err(anyhow::Error::msg)?;
    }
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from("output"));
    RunPlan::new_run(scenario, path, text, &out)
}

/// The agent a run plays with, connected (and started, for a `cmd`
/// participant), with Ctrl-C wired to stop the run and the agent.
struct ConnectedAgent {
    client: A2aClient,
    process: Arc<Mutex<Option<AgentProcess>>>,
    stop: StopSignal,
}

impl ConnectedAgent {
    fn start(
        runtime: &tokio::runtime::Runtime,
        agent: &Participant,
        endpoint: &str,
        step_timeout_s: f64,
        run_dir: &Path,
    ) -> anyhow::Result<ConnectedAgent> {
        let options = ClientOptions {
            timeout: Duration::from_secs_f64(step_timeout_s),
            ..ClientOptions::default()
        };
        let process: Arc<Mutex<Option<AgentProcess>>> = Arc::new(Mutex::new(None));
        let client: A2aClient = match &agent.cmd {
            Some(cmd) => {
                let log = run_dir.join(format!("{}.log", agent.role));
                let mut started = AgentProcess::start(&agent.role, cmd, &agent.env, &log)?;
                eprintln!(
                    "mcu: started agent `{}` (log: {}); waiting for its card at {endpoint}",
                    agent.role,
                    log.display()
                );
                let client = runtime.block_on(started.wait_for_agent(
                    endpoint,
                    &options,
                    agent.startup_timeout(),
                ))?;
                *lock(&process) = Some(started);
                client
            }
            None => runtime
                .block_on(A2aClient::connect(endpoint, options.clone()))
                .with_context(|| {
                    format!(
                        "could not reach agent `{}` at {endpoint}; start it first, or give the participant a `cmd` so mcu starts it",
                        agent.role
                    )
                })?,
        };
        let stop = StopSignal::default();
        let abort_process = process.clone();
        watch_ctrl_c(runtime.handle(), stop.clone(), move || {
            if let Some(process) = lock(&abort_process).as_mut() {
                process.stop();
            }
        });
        Ok(ConnectedAgent {
            client,
            process,
            stop,
        })
    }

    /// Stops the agent process mcu started, if any.
    fn stop_agent(&self) {
        if let Some(mut process) = lock(&self.process).take() {
            process.stop();
        }
    }
}

/// The scenario, when this run plays a Plancraft split (`config.tasks` or
/// `--tasks` names a `.json` file) rather than a Minecraft task suite.
fn plancraft_scenario(args: &RunArgs) -> anyhow::Result<Option<(Scenario, String)>> {
    if let Some(dir) = &args.resume {
        if mcu::plancraft::run::is_plancraft_run(dir) {
            bail!(
                "{} is a Plancraft run; resuming Plancraft runs is not supported yet: start the run again",
                dir.display()
            );
        }
        return Ok(None);
    }
    let Some(path) = &args.scenario else {
        return Ok(None);
    };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the scenario {}", path.display()))?;
    let mut scenario = Scenario::parse(&text, path, &|name| std::env::var(name).ok())?;
    if let Some(tasks) = &args.tasks {
        scenario.config.tasks = Some(tasks.clone());
    }
    let is_split = scenario
        .config
        .tasks
        .as_deref()
        .is_some_and(mcu::plancraft::split::is_split_file);
    Ok(is_split.then_some((scenario, text)))
}

/// `mcu run` on a Plancraft split.
fn run_plancraft(
    args: &RunArgs,
    (mut scenario, text): (Scenario, String),
    runtime: &tokio::runtime::Runtime,
) -> anyhow::Result<u8> {
    apply_shared_overrides(args, &mut scenario.config)?;
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from("output"));
    let run = PlancraftRun::prepare(&scenario, &text, &out)?;
    let agent = scenario
        .agent()
        .cloned()
        .context("the scenario has no `[[participants]]`; add one with `endpoint`")?;
    let endpoint = match (&args.endpoint, &agent.endpoint) {
        (Some(endpoint), _) | (None, Some(endpoint)) => endpoint.clone(),
        (None, None) => bail!("participant `{}` has no `endpoint`", agent.role),
    };
    let agent = Participant {
        cmd: if args.endpoint.is_some() {
            None
        } else {
            agent.cmd.clone()
        },
        ..agent
    };
    let connected = ConnectedAgent::start(
        runtime,
        &agent,
        &endpoint,
        scenario.config.step_timeout_s,
        &run.dir,
    )?;
    let records = run.execute(
        &connected.client,
        runtime.handle(),
        &connected.stop,
        !args.quiet,
    );
    connected.stop_agent();
    records?;
    if let Ok(summary) = std::fs::read_to_string(run.dir.join(mcu::plancraft::run::SUMMARY_FILE)) {
        println!("{summary}");
    }
    println!("run folder: {}", run.dir.display());
    if connected.stop.is_requested() {
        return Ok(INTERRUPTED_EXIT_CODE);
    }
    Ok(0)
}
