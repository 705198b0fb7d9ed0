//! Subcommand definitions and dispatch. Each subcommand lives in its own
//! module and returns `anyhow::Result`; errors are printed once, here.

mod list;

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
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::List(args) => list::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
