//! `mcu merge`: join the run folders of a sharded run.

use std::path::PathBuf;

use clap::Args;

use mcu::run::merge::merge;

/// Join the run folders of a sharded run into one.
///
/// Each shard is an `mcu run --shard I/N` (or an assessment with
/// `shard_index`/`num_shards`) of the same scenario. The merged folder has
/// every episode and the result files one unsharded run would write.
/// Refuses runs of different settings, seeds or task selections, missing
/// or repeated shards, and unfinished shards.
#[derive(Args)]
#[command(after_help = "Example:
  mcu run scenario.toml --shard 0/2 --out shard0   (one machine)
  mcu run scenario.toml --shard 1/2 --out shard1   (another)
  mcu merge shard0/* shard1/* --out output/merged")]
pub struct MergeArgs {
    /// The shards' run folders, in any order.
    #[arg(required = true)]
    runs: Vec<PathBuf>,
    /// The merged run folder to create (new or empty).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

pub fn run(args: MergeArgs) -> anyhow::Result<()> {
    let report = merge(&args.runs, &args.out)?;
    println!(
        "merged {} shards: {} tasks, total score {:.2} / {:.2} → {}",
        args.runs.len(),
        report.tasks,
        report.total_score,
        report.total_max_score,
        report.dir.display()
    );
    Ok(())
}
