//! `mcu dev …`: hidden developer commands behind `cargo xtask coverage`,
//! `cargo xtask baselines` and `cargo xtask bench` (they need the release-built simulator, and
//! xtask itself must build before the system libraries mcu links are
//! installed, so it calls these instead of linking the library).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::{Args, Subcommand};
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};
use serde::Serialize;
use serde_json::json;

use mcu::sim::script;
use mcu::sim::{episode_seed, CommandStatus, EmbeddedSim, Simulator};
use mcu::suite;

#[derive(Args)]
pub struct DevArgs {
    #[command(subcommand)]
    command: DevCommand,
}

#[derive(Subcommand)]
enum DevCommand {
    /// Per task: are the init commands accepted, and does a script solve it.
    Coverage(CoverageArgs),
    /// Simulator steps per second with rendering, and memory.
    SimBench(super::sim_bench::SimBenchArgs),
    /// Plancraft environment steps per second (the oracle's actions on a split).
    PlancraftBench(PlancraftBenchArgs),
    /// A long episode's steps per second and memory, window by window.
    LongBench(super::long_bench::LongBenchArgs),
    /// The noop, random and scripted policies over the scripted tasks, per category.
    Baselines(super::baselines::BaselinesArgs),
}

#[derive(Args)]
struct PlancraftBenchArgs {
    /// A Plancraft split file.
    #[arg(long)]
    split: PathBuf,
    /// How many times to play the split's solvable examples.
    #[arg(long, default_value_t = 200)]
    rounds: u32,
    /// Also write the examples and the oracle's actions to this JSON file
    /// (`[{inventory, target, actions, final}]`), for timing and checking
    /// Plancraft's own environment on the same steps.
    #[arg(long, value_name = "FILE")]
    dump: Option<PathBuf>,
}

#[derive(Args)]
struct CoverageArgs {
    /// The task suite folder [default: $MCU_TASKS, else ./benchmark]
    #[arg(long, value_name = "DIR")]
    tasks: Option<PathBuf>,
    #[arg(long)]
    json: bool,
    /// The scenario seed the scripts play.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Only these tasks (repeatable), e.g. while writing one task's script.
    #[arg(long = "task", value_name = "NAME")]
    only: Vec<String>,
}

pub fn run(args: DevArgs) -> anyhow::Result<()> {
    match args.command {
        DevCommand::Coverage(args) => coverage(args),
        DevCommand::SimBench(args) => super::sim_bench::run(args),
        DevCommand::PlancraftBench(args) => plancraft_bench(args),
        DevCommand::Baselines(args) => super::baselines::run(args),
        DevCommand::LongBench(args) => super::long_bench::run(args),
    }
}

/// A command that did not take effect, and why.
#[derive(Serialize)]
struct Refused {
    command: String,
    reason: String,
}

#[derive(Serialize)]
struct CoverageRow {
    name: String,
    category: String,
    init_ok: bool,
    rejected: Vec<Refused>,
    unsupported: Vec<Refused>,
    /// Whether a script exists for the task.
    scripted: bool,
    solved: bool,
    /// Steps the script played: until it solved the task, or all of them.
    steps: Option<u32>,
    /// What the script's run earned of the reward config, and the most it
    /// pays (for a long task: milestones reached, of how many).
    paid: Option<f64>,
    max_reward: Option<f64>,
    /// Whether the task is judged by a world-state check (judge-only
    /// tasks) rather than its reward config.
    checked_by_state: bool,
    /// For an unsolved task, what stops its script in this seed's world.
    lacks: Option<&'static str>,
}

fn coverage(args: CoverageArgs) -> anyhow::Result<()> {
    let root = args.tasks.unwrap_or_else(suite::default_root);
    let suite = suite::load(&root).map_err(|errors| anyhow::anyhow!("{errors}"))?;
    if let Some(unknown) = args.only.iter().find(|n| suite.task(n).is_none()) {
        anyhow::bail!(
            "no task named {unknown:?} in {} (see `mcu list`)",
            root.display()
        );
    }
    let chosen = |name: &str| args.only.is_empty() || args.only.iter().any(|n| n == name);
    let mut rows = Vec::new();
    for task in suite.tasks.iter().filter(|t| chosen(&t.name)) {
        let mut sim = EmbeddedSim::new();
        let outcomes = sim.reset(episode_seed(args.seed, &task.name), &task.init_commands);
        let (mut rejected, mut unsupported) = (Vec::new(), Vec::new());
        for outcome in outcomes {
            let refused = |reason: String| Refused {
                command: outcome.command.clone(),
                reason,
            };
            match outcome.status {
                CommandStatus::Accepted => {}
                CommandStatus::Rejected { reason } => rejected.push(refused(reason)),
                CommandStatus::Unsupported { reason } => unsupported.push(refused(reason)),
            }
        }
        let solve = script::solve(task, args.seed, task.default_max_steps());
        let solved = solve.as_ref().is_some_and(|s| s.solved());
        rows.push(CoverageRow {
            name: task.name.clone(),
            category: task.category.clone(),
            init_ok: rejected.is_empty() && unsupported.is_empty(),
            rejected,
            unsupported,
            scripted: solve.is_some(),
            solved,
            steps: solve.as_ref().map(|s| s.steps),
            paid: solve.as_ref().map(|s| s.paid),
            max_reward: solve.as_ref().map(|s| s.max),
            checked_by_state: script::has_check(&task.name),
            lacks: script::missing_capability(&task.name, args.seed).filter(|_| !solved),
        });
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header([
        "category",
        "task",
        "init commands",
        "script",
        "steps",
        "lacks",
    ]);
    for row in &rows {
        let init = match (row.rejected.len(), row.unsupported.len()) {
            (0, 0) => "ok".to_string(),
            (r, 0) => format!("{r} rejected"),
            (0, u) => format!("{u} unsupported"),
            (r, u) => format!("{r} rejected, {u} unsupported"),
        };
        let script = match (row.scripted, row.solved, row.checked_by_state) {
            (false, _, _) => "-",
            (true, true, false) => "solved",
            (true, true, true) => "solved (state check)",
            (true, false, _) => "FAILED",
        };
        let steps = row.steps.map_or(String::new(), |n| n.to_string());
        table.add_row([
            row.category.as_str(),
            row.name.as_str(),
            &init,
            script,
            &steps,
            row.lacks.unwrap_or(""),
        ]);
    }
    println!("{table}");
    for row in &rows {
        for (what, refused) in [
            ("rejected", &row.rejected),
            ("unsupported", &row.unsupported),
        ] {
            for r in refused {
                println!("{}: {what}: {}: {}", row.name, r.command, r.reason);
            }
        }
    }
    let count = |f: &dyn Fn(&CoverageRow) -> bool| rows.iter().filter(|r| f(r)).count();
    println!(
        "{} tasks: init commands all accepted in {}, scripts solve {} of {} scripted",
        rows.len(),
        count(&|r| r.init_ok),
        count(&|r| r.solved),
        count(&|r| r.scripted),
    );
    Ok(())
}

/// Steps of the Plancraft environment alone: the oracle's action texts for
/// each solvable example are read, applied and observed (the text
/// observation; with `_with_image` also the 640×360 screen as PNG), with
/// no agent. Planning is done before the clock starts.
fn plancraft_bench(args: PlancraftBenchArgs) -> anyhow::Result<()> {
    use mcu::plancraft::{env::Table, oracle, reply, screen, split};
    let examples = split::load(&args.split)?;
    let episodes: Vec<(Table, &str, Vec<String>)> = examples
        .iter()
        .filter_map(|e| {
            let table = Table::new(&e.inventory());
            let actions = oracle::solve(&table, &e.target).ok()?;
            Some((table, e.target.as_str(), actions))
        })
        .collect();
    anyhow::ensure!(!episodes.is_empty(), "the split has no solvable example");
    if let Some(path) = &args.dump {
        let dumped: Vec<serde_json::Value> = episodes
            .iter()
            .map(|(start, target, actions)| {
                let mut table = start.clone();
                for text in actions {
                    if let reply::Reply::Env(action) = reply::read(text) {
                        table.apply(action);
                    }
                }
                let slots = |t: &Table| -> serde_json::Map<String, serde_json::Value> {
                    t.stacks()
                        .map(|(slot, stack)| (slot.to_string(), json!(stack)))
                        .collect()
                };
                json!({"inventory": slots(start), "target": target, "actions": actions, "final": slots(&table)})
            })
            .collect();
        std::fs::write(path, serde_json::to_string(&dumped)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let play = |rounds: u32, image: bool| {
        let mut steps = 0u64;
        let started = Instant::now();
        for _ in 0..rounds {
            for (start, target, actions) in &episodes {
                let mut table = start.clone();
                for text in actions {
                    if let reply::Reply::Env(action) = reply::read(text) {
                        table.apply(action);
                    }
                    std::hint::black_box(table.text(target));
                    if image {
                        std::hint::black_box(screen::png(&screen::draw(&table, 640, 360)));
                    }
                    steps += 1;
                }
            }
        }
        steps as f64 / started.elapsed().as_secs_f64()
    };
    let report = json!({
        "examples": episodes.len(),
        "steps_per_s": play(args.rounds, false),
        "steps_per_s_with_image": play(args.rounds.div_ceil(20).max(1), true),
    });
    println!("{report}");
    Ok(())
}
