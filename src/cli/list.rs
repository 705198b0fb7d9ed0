//! `mcu list`: the task suite as a table or JSON.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Table};
use serde::Serialize;

use mcu::scenario::{RunConfig, Scenario};
use mcu::suite::{self, select, Task};

/// List the tasks of the suite: category, task, reward kind, init commands, step budget.
#[derive(Args)]
#[command(after_help = "Examples:
  mcu list                                   every task of the bundled suite
  mcu list --category craft --category hunt  categories and aliases (craft → crafting)
  mcu list --task 'mine_*'                   task names or globs
  mcu list --tasks ~/MCU/task_configs/..     another suite (mcu or upstream layout)
  mcu list --tasks val.small.json            a Plancraft split (one task per example)
  mcu list --scenario scenarios/quickstart.toml
                                             what that scenario would run
  mcu list --format json | jq '.[].name'     machine-readable")]
pub struct ListArgs {
    /// Only these categories (or aliases: build, craft, mine, collect, use,
    /// hunt, misc, long_horizon, all). Repeatable.
    #[arg(long, short = 'c', value_name = "CATEGORY")]
    category: Vec<String>,
    /// Only tasks with this name or matching this glob. Repeatable.
    #[arg(long, short = 't', value_name = "NAME|GLOB")]
    task: Vec<String>,
    /// The task suite folder, or a Plancraft split file (`.json`)
    /// [default: $MCU_TASKS, else ./benchmark]
    #[arg(long, value_name = "DIR|SPLIT")]
    tasks: Option<PathBuf>,
    /// Show what this scenario would run (its suite, selection and step budgets).
    #[arg(long, value_name = "FILE")]
    scenario: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Table,
    Json,
}

/// One task as `mcu list --format json` prints it.
#[derive(Serialize)]
struct TaskRow<'a> {
    name: &'a str,
    category: &'a str,
    text: &'a str,
    reward: &'static str,
    max_steps: u32,
    max_sim_reward: f64,
    init_commands: &'a [String],
    reward_entries: &'a [suite::RewardEntry],
    criteria_not_applicable: Vec<&'static str>,
    source: String,
}

pub fn run(args: ListArgs) -> anyhow::Result<()> {
    let scenario = args.scenario.as_deref().map(Scenario::load).transpose()?;
    let config = scenario.map(|s| s.config).unwrap_or_default();
    let root = args
        .tasks
        .clone()
        .or_else(|| config.tasks.clone())
        .unwrap_or_else(suite::default_root);
    let mut categories = config.task_category.clone();
    categories.extend(args.category);
    let mut names = config.task_names.clone();
    names.extend(args.task);
    if mcu::plancraft::split::is_split_file(&root) {
        return list_plancraft(&root, &categories, &names, &config, args.format);
    }
    let suite = suite::load(&root)
        .with_context(|| format!("loading the task suite at {}", root.display()))?;
    for warning in &suite.warnings {
        eprintln!("warning: {warning}");
    }

    let tasks = if args.scenario.is_none() && categories.is_empty() && names.is_empty() {
        suite.tasks.iter().collect()
    } else {
        select::select(&suite, &categories, &names)?
    };

    match args.format {
        Format::Json => {
            let rows: Vec<TaskRow> = tasks.iter().map(|t| row(t, &config)).collect();
            println!("{}", serde_json::to_string_pretty(&rows)?);
        }
        Format::Table => print_table(&tasks, &config),
    }
    Ok(())
}

fn row<'a>(task: &'a Task, config: &RunConfig) -> TaskRow<'a> {
    TaskRow {
        name: &task.name,
        category: &task.category,
        text: &task.text,
        reward: task.reward_kind.as_str(),
        max_steps: config.max_steps_for(task),
        max_sim_reward: task.max_sim_reward(),
        init_commands: &task.init_commands,
        reward_entries: &task.rewards,
        criteria_not_applicable: task
            .criteria
            .iter()
            .flat_map(|c| c.not_applicable.iter().map(|n| n.name()))
            .collect(),
        source: task.source.display().to_string(),
    }
}

fn print_table(tasks: &[&Task], config: &RunConfig) {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(["category", "task", "reward", "init cmds", "max steps"]);
    for task in tasks {
        table.add_row(vec![
            Cell::new(&task.category),
            Cell::new(&task.name),
            Cell::new(task.reward_kind.as_str()),
            Cell::new(task.init_commands.len()).set_alignment(CellAlignment::Right),
            Cell::new(config.max_steps_for(task)).set_alignment(CellAlignment::Right),
        ]);
    }
    println!("{table}");
    let count = |kind| tasks.iter().filter(|t| t.reward_kind == kind).count();
    println!(
        "{} tasks in {} categories: {} sim, {} milestone, {} judge-only",
        tasks.len(),
        suite::categories_of(tasks.iter().copied()).len(),
        count(suite::RewardKind::Sim),
        count(suite::RewardKind::Milestone),
        count(suite::RewardKind::Judge),
    );
}

/// One Plancraft example as `mcu list --format json` prints it.
#[derive(Serialize)]
struct ExampleRow<'a> {
    name: &'a str,
    category: &'a str,
    text: String,
    target: &'a str,
    impossible: bool,
    max_steps: u32,
    inventory: Vec<String>,
}

fn list_plancraft(
    split: &std::path::Path,
    categories: &[String],
    names: &[String],
    config: &RunConfig,
    format: Format,
) -> anyhow::Result<()> {
    use mcu::plancraft::{run, split as plancraft_split};
    let examples = plancraft_split::load(split)?;
    let examples = run::select(&examples, categories, names)?;
    let budget = config.max_steps.unwrap_or(run::DEFAULT_BUDGET);
    let rows: Vec<ExampleRow> = examples
        .iter()
        .map(|e| ExampleRow {
            name: &e.id,
            category: &e.complexity_split,
            text: format!("Craft an item of type: {}", e.target),
            target: &e.target,
            impossible: e.impossible,
            max_steps: budget,
            inventory: e
                .slotted_inventory
                .values()
                .map(|s| format!("{} {}", s.quantity, s.item))
                .collect(),
        })
        .collect();
    match format {
        Format::Json => println!("{}", serde_json::to_string_pretty(&rows)?),
        Format::Table => {
            let mut table = Table::new();
            table.load_preset(UTF8_FULL_CONDENSED).set_header(vec![
                "category",
                "task",
                "target",
                "impossible",
                "max steps",
                "inventory",
            ]);
            for row in &rows {
                table.add_row(vec![
                    Cell::new(row.category),
                    Cell::new(row.name),
                    Cell::new(row.target),
                    Cell::new(if row.impossible { "yes" } else { "" }),
                    Cell::new(row.max_steps).set_alignment(CellAlignment::Right),
                    Cell::new(row.inventory.join(", ")),
                ]);
            }
            println!("{table}");
            let impossible = rows.iter().filter(|r| r.impossible).count();
            println!(
                "{} Plancraft examples in {} complexity splits ({impossible} impossible)",
                rows.len(),
                plancraft_split::complexity_splits(&examples).len()
            );
        }
    }
    Ok(())
}
