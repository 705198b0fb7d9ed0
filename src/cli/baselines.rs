//! `mcu dev baselines` (behind `cargo xtask baselines`): plays the noop,
//! random and scripted policies over every scripted task and prints the
//! mean score per category, flagging categories out of the expected order.

use std::path::PathBuf;

use clap::Args;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use mcu::baselines::{self, Episode, Policy, Summary};
use mcu::sim::script;
use mcu::suite;

#[derive(Args)]
pub struct BaselinesArgs {
    /// The task suite folder [default: $MCU_TASKS, else ./benchmark]
    #[arg(long, value_name = "DIR")]
    tasks: Option<PathBuf>,
    /// Scenario seeds to play (repeatable).
    #[arg(long = "seed", value_name = "N", default_values_t = [0u64, 1])]
    seeds: Vec<u64>,
    /// Only these tasks (repeatable).
    #[arg(long = "task", value_name = "NAME")]
    only: Vec<String>,
    /// Print every episode and the summary as one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: BaselinesArgs) -> anyhow::Result<()> {
    let root = args.tasks.unwrap_or_else(suite::default_root);
    let suite = suite::load(&root).map_err(|errors| anyhow::anyhow!("{errors}"))?;
    if let Some(unknown) = args.only.iter().find(|n| suite.task(n).is_none()) {
        anyhow::bail!(
            "no task named {unknown:?} in {} (see `mcu list`)",
            root.display()
        );
    }
    let scripted = script::scripted_tasks();
    let tasks: Vec<_> = suite
        .tasks
        .iter()
        .filter(|t| scripted.contains(&t.name.as_str()))
        .filter(|t| args.only.is_empty() || args.only.contains(&t.name))
        .collect();
    let jobs: Vec<_> = tasks
        .iter()
        .flat_map(|t| {
            args.seeds
                .iter()
                .flat_map(move |&s| Policy::ALL.map(|p| (*t, p, s)))
        })
        .collect();
    let bar = ProgressBar::new(jobs.len() as u64).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} episodes {elapsed}")
            .expect("template is valid"),
    );
    let episodes: Vec<Episode> = jobs
        .par_iter()
        .filter_map(|&(task, policy, seed)| {
            let episode = baselines::play(task, policy, seed);
            bar.inc(1);
            episode
        })
        .collect();
    bar.finish_and_clear();
    let summary = Summary::of(&episodes);
    if args.json {
        let out = serde_json::json!({"episodes": episodes, "summary": summary});
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    let mut header = vec!["category".to_string()];
    header.extend(Policy::ALL.map(|p| p.name().to_string()));
    table.set_header(header);
    for (category, means) in &summary.categories {
        let mut row = vec![category.clone()];
        row.extend(Policy::ALL.map(|p| format!("{:.3}", means.get(p.name()).unwrap_or(&0.0))));
        table.add_row(row);
    }
    println!("{table}");
    println!(
        "{} tasks with scripts, seeds {:?}; scores are the share of each task done (reward paid, or its state check), averaged",
        tasks.len(),
        args.seeds
    );
    let wrong = summary.out_of_order();
    if !wrong.is_empty() {
        anyhow::bail!(
            "expected scripted > random ≥ noop in every category; not so in:\n{}",
            wrong.join("\n")
        );
    }
    Ok(())
}
