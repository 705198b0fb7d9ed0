//! `mcu score`: re-score a finished run from what it saved.

use std::path::PathBuf;

use clap::Args;

use mcu::run::rescore::{rescore, RescoreOptions};

use super::judge_args::{JudgeFlags, ProfileArg};

/// Re-score a run folder without playing it again.
///
/// The simulation part is replayed from each task's trajectory and the
/// reward config saved in its record (or taken from a newer suite with
/// --tasks). The video part comes from the judge: answers already in the
/// run's judge cache are reused, so nothing is paid twice; --rejudge asks
/// again. Without a judge (--judge off, or no key), the saved verdicts are
/// used. The result files
/// are rewritten and every changed score is printed.
#[derive(Args)]
#[command(after_help = "Examples:
  mcu score output/20261122_081500
  mcu score output/20261122_081500 --profile agentbeats-v1
  mcu score output/20261122_081500 --judge on --rejudge
  mcu score output/20261122_081500 --tasks benchmark --judge off")]
pub struct ScoreArgs {
    /// The run folder.
    run: PathBuf,
    /// Scoring profile (default: the run's).
    #[arg(long, value_enum)]
    profile: Option<ProfileArg>,
    #[command(flatten)]
    judge: JudgeFlags,
    /// Ask the judge again even where its answer is cached.
    #[arg(long)]
    rejudge: bool,
    /// Take reward configs and criteria from this task suite.
    #[arg(long, value_name = "DIR")]
    tasks: Option<PathBuf>,
}

pub fn run(args: ScoreArgs) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    let report = runtime.block_on(rescore(
        &args.run,
        &RescoreOptions {
            profile: args.profile.map(Into::into),
            judge: args.judge.overrides(),
            rejudge: args.rejudge,
            tasks: args.tasks,
        },
        &|name| std::env::var(name).ok(),
    ))?;
    println!("judge: {}", report.judge_note);
    if report.judged > 0 {
        println!("asked the judge about {} episodes", report.judged);
    }
    if report.changes.is_empty() {
        println!("no score changed");
    }
    for change in &report.changes {
        let before = change
            .before
            .map_or("-".to_string(), |score| format!("{score:.2}"));
        println!("{}: {before} → {:.2}", change.task, change.after);
    }
    let before = report
        .total_before
        .map_or("-".to_string(), |score| format!("{score:.2}"));
    println!(
        "total: {before} → {:.2} / {:.2}",
        report.total_after, report.total_max
    );
    Ok(())
}
