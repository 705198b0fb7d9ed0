//! Subcommand definitions and dispatch. Each subcommand lives in its own
//! module and returns `anyhow::Result`; errors are printed once, here.
//! Exit codes: 0 success, 1 a check that ran and failed, 2 an error (bad
//! input, unreachable agent, …), 130 a run stopped by Ctrl-C.

mod baselines;
mod check;
mod dev;
mod judge_args;
mod list;
mod long_bench;
mod merge;
mod preview;
mod report;
mod run;
mod score;
mod serve;
mod sim_bench;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// mcu — a judge for Minecraft-playing AI agents.
///
/// mcu plays a suite of Minecraft tasks with your agent over the A2A
/// protocol (observation image in, keyboard/mouse action out), records a
/// video per task and scores it.
#[derive(Parser)]
#[command(name = "mcu", version, propagate_version = true)]
#[command(after_help = "Start with `mcu list` to see the task suite.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    List(list::ListArgs),
    Run(run::RunArgs),
    Score(score::ScoreArgs),
    Report(report::ReportArgs),
    Merge(merge::MergeArgs),
    Serve(serve::ServeArgs),
    Check(check::CheckArgs),
    Preview(preview::PreviewArgs),
    #[command(hide = true)]
    Dev(dev::DevArgs),
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let passed = |ok: bool| u8::from(!ok);
    let result = match cli.command {
        Command::List(args) => list::run(args).map(|()| 0),
        Command::Run(args) => run::run(args),
        Command::Score(args) => score::run(args).map(|()| 0),
        Command::Report(args) => report::run(args).map(|()| 0),
        Command::Merge(args) => merge::run(args).map(|()| 0),
        Command::Serve(args) => serve::run(args).map(|()| 0),
        Command::Check(args) => check::run(args).map(passed),
        Command::Preview(args) => preview::run(args).map(|()| 0),
        Command::Dev(args) => dev::run(args).map(|()| 0),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
