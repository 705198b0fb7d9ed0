//! `mcu preview`: the first frame of a task after its init commands, as a
//! PNG, so people can see what the agent sees; optionally with a screen
//! open (`--open crafting_table`).

use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use image::RgbImage;

use mcu::scenario::ObsSize;
use mcu::sim::screen::ScreenKind;
use mcu::sim::{episode_seed, CommandStatus, EmbeddedSim, Simulator, RECORD_SIZE};
use mcu::suite;

/// Render the first frame of a task on the embedded simulator.
#[derive(Args)]
#[command(after_help = "Examples:
  mcu preview collect_wood                     writes collect_wood.png at 640x360
  mcu preview find_sand --seed 7 --size 128x128 --out obs.png
                                               what an agent gets as its first observation
  mcu preview craft_bee_nest --open crafting_table
                                               the crafting table's screen over the view")]
pub struct PreviewArgs {
    /// The task to set up.
    task: String,
    /// The scenario seed; the world seed is derived from it and the task name, as in `mcu run`.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Frame size, WIDTHxHEIGHT.
    #[arg(long, default_value = "640x360", value_parser = parse_size)]
    size: ObsSize,
    /// Where to write the PNG [default: TASK.png]
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The task suite folder [default: $MCU_TASKS, else ./benchmark]
    #[arg(long, value_name = "DIR")]
    tasks: Option<PathBuf>,
    /// Show this screen open over the view.
    #[arg(long, value_enum, value_name = "SCREEN")]
    open: Option<OpenScreen>,
}

/// The screens `--open` shows.
#[derive(Clone, Copy, ValueEnum)]
#[value(rename_all = "snake_case")]
enum OpenScreen {
    Inventory,
    CraftingTable,
    Furnace,
    Chest,
    EnchantingTable,
    BrewingStand,
}

impl OpenScreen {
    fn kind(self) -> ScreenKind {
        match self {
            OpenScreen::Inventory => ScreenKind::Inventory,
            OpenScreen::CraftingTable => ScreenKind::CraftingTable,
            OpenScreen::Furnace => ScreenKind::Furnace,
            OpenScreen::Chest => ScreenKind::Chest,
            OpenScreen::EnchantingTable => ScreenKind::EnchantingTable,
            OpenScreen::BrewingStand => ScreenKind::BrewingStand,
        }
    }
}

fn parse_size(text: &str) -> Result<ObsSize, String> {
    text.parse()
}

pub fn run(args: PreviewArgs) -> anyhow::Result<()> {
    let root = args.tasks.unwrap_or_else(suite::default_root);
    let suite = suite::load(&root).map_err(|errors| anyhow::anyhow!("{errors}"))?;
    let Some(task) = suite.task(&args.task) else {
        let names: Vec<&str> = suite.tasks.iter().map(|t| t.name.as_str()).collect();
        bail!(
            "no task `{}` in {}{}",
            args.task,
            root.display(),
            mcu::suggest::hint(&args.task, names)
        );
    };
    let mut sim = EmbeddedSim::new();
    let outcomes = sim.reset(episode_seed(args.seed, &task.name), &task.init_commands);
    for outcome in &outcomes {
        match &outcome.status {
            CommandStatus::Accepted => {}
            CommandStatus::Rejected { reason } => {
                eprintln!("rejected: {}: {reason}", outcome.command)
            }
            CommandStatus::Unsupported { reason } => {
                eprintln!("unsupported: {}: {reason}", outcome.command)
            }
        }
    }
    if let Some(screen) = args.open {
        sim.open_screen(screen.kind());
    }
    let mut frame = RgbImage::new(args.size.width, args.size.height);
    sim.render(&mut frame);
    let out = args
        .out
        .unwrap_or_else(|| PathBuf::from(format!("{}.png", task.name)));
    mcu::sim::render::save_png(&frame, &out)
        .with_context(|| format!("cannot write {}", out.display()))?;
    let (w, h) = RECORD_SIZE;
    let note = if (args.size.width, args.size.height) == (w, h) {
        " (the recording size)"
    } else {
        ""
    };
    println!(
        "{}, {}x{}{note} → {}",
        task.name,
        args.size.width,
        args.size.height,
        out.display()
    );
    Ok(())
}
