//! `mcu report`: one or more run folders as a table, Markdown, JSON, CSV
//! or a self-contained HTML page, on stdout or into a file.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, ValueEnum};

use mcu::plancraft::report as plancraft;
use mcu::plancraft::run::is_plancraft_run;
use mcu::report::{self, Format};

/// Report on runs: summary, categories and tasks; several runs side by side.
///
/// One run folder gives its summary (agent, simulator, profile, judge,
/// total score, statuses), each category and each task (status, score and
/// its parts, the six criteria, steps, latency, failures, judge tokens).
/// Several run folders are compared task by task and category by category
/// against the first, with deltas; they must have played the same task
/// suite unless --allow-mismatch.
///
/// Runs of several attempts per task (`mcu run --attempts N`) also show,
/// per task, category and run, the score's 95% bootstrap interval, the
/// successes with their Wilson interval, and pass@1 and pass@N. A
/// comparison says per task, per category and for the total whether each
/// difference is beyond the noise ("yes (p 0.004)"), by a seeded
/// permutation test over the attempts' scores (p < 0.05).
#[derive(Args)]
#[command(after_help = "Examples:
  mcu report output/20261122_081500
  mcu report output/20261122_081500 --format html --out output/20261122_081500/report.html
  mcu report output/20261122_081500 --format markdown >> \"$GITHUB_STEP_SUMMARY\"
  mcu report output/20261122_081500 --format csv --out episodes.csv
  mcu report output/baseline output/candidate      compare two runs
  mcu report output/plancraft_run                  a Plancraft run: success rates per complexity split")]
pub struct ReportArgs {
    /// Run folders written by `mcu run`; the first is the comparison's baseline.
    #[arg(required = true, value_name = "RUN")]
    runs: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    format: FormatArg,
    /// Write to this file (atomically) instead of stdout.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Compare runs of different task suites on the tasks they share.
    #[arg(long)]
    allow_mismatch: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    /// A terminal table.
    Table,
    /// GitHub-flavoured Markdown (step summaries, PR comments).
    Markdown,
    /// One object per episode.
    Json,
    /// One line per episode.
    Csv,
    /// A self-contained page with charts, frames and videos.
    Html,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Format {
        match format {
            FormatArg::Table => Format::Table,
            FormatArg::Markdown => Format::Markdown,
            FormatArg::Json => Format::Json,
            FormatArg::Csv => Format::Csv,
            FormatArg::Html => Format::Html,
        }
    }
}

pub fn run(args: ReportArgs) -> anyhow::Result<()> {
    let link_base = match &args.out {
        Some(out) => folder_of(out),
        None => PathBuf::from("."),
    };
    let bytes = if args.runs.first().is_some_and(|dir| is_plancraft_run(dir)) {
        let report = plancraft::load(&args.runs, args.allow_mismatch)?;
        plancraft::exporter(args.format.into(), &link_base).export(&report)?
    } else {
        let report = report::load(&args.runs, args.allow_mismatch)?;
        report::exporter(args.format.into(), &link_base).export(&report)?
    };
    match &args.out {
        Some(out) => {
            report::write_file(out, &bytes)?;
            eprintln!("wrote {}", out.display());
        }
        None => std::io::stdout()
            .write_all(&bytes)
            .context("cannot write the report to stdout")?,
    }
    Ok(())
}

/// The folder a file is written in (`.` for a bare file name).
fn folder_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}
