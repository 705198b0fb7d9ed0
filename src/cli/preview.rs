//! `mcu preview`: the first frame of a task after its init commands, as a
//! PNG, so people can see what the agent sees; optionally with a screen
//! open (`--open crafting_table`) or creatures standing in front of the
//! camera (`--summon pig,zombie,sheep`).

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
                                               the crafting table's screen over the view
  mcu preview collect_wood --summon zombie,pig,sheep,cow --out creatures.png
                                               creatures in a row in front of the camera
  mcu preview find_village --at-structure village --out docs/village.png
                                               the nearest village seen from above
  mcu preview collect_wood --dimension nether --out nether.png
                                               the Nether, on the nearest fortress's deck")]
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
    /// Creatures (entity ids, comma separated) to stand in rows on a
    /// cleared patch of grass in front of the camera, turned three quarters
    /// towards it.
    #[arg(long, value_name = "KINDS", value_delimiter = ',')]
    summon: Vec<String>,
    /// Put the camera above the nearest structure of this kind (`village`,
    /// `desert_pyramid`, `shipwreck`, `ruined_portal`, `buried_treasure`,
    /// `mineshaft`), looking down at it from the south-west, a few ticks in.
    #[arg(long, value_name = "STRUCTURE")]
    at_structure: Option<String>,
    /// Start in another dimension: the Nether (on the nearest fortress's
    /// deck, looking down a bridge) or the End.
    #[arg(long, value_enum, value_name = "DIMENSION")]
    dimension: Option<PreviewDimension>,
}

/// How far `--at-structure` looks for the structure, in blocks.
const STRUCTURE_SEARCH: i32 = 2000;
/// The camera's offset from the structure's anchor (west, up, north) and its pitch.
const STRUCTURE_VIEW: [i32; 3] = [-22, 14, -22];
const STRUCTURE_VIEW_PITCH: f64 = 24.0;
/// Ticks run before the frame, so villagers and the chunks around stand ready.
const STRUCTURE_TICKS: usize = 3;

/// The command putting the camera over the nearest structure of `kind`.
fn structure_view(sim: &EmbeddedSim, kind: &str) -> anyhow::Result<String> {
    let game = sim.game();
    let [x, _, z] = game.player.block_pos();
    let start = game
        .world
        .generator()
        .structures_near(x, z, STRUCTURE_SEARCH)
        .into_iter()
        .find(|s| s.kind.id() == kind)
        .with_context(|| format!("no {kind} within {STRUCTURE_SEARCH} blocks"))?;
    let [sx, sy, sz] = start.pos;
    let [dx, dy, dz] = STRUCTURE_VIEW;
    // Yaw 315 looks towards +x and +z, back at the anchor.
    Ok(format!(
        "/tp @s {} {} {} 315 {STRUCTURE_VIEW_PITCH}",
        sx + dx,
        sy + dy,
        sz + dz
    ))
}

/// The dimensions `--dimension` starts in.
#[derive(Clone, Copy, ValueEnum)]
#[value(rename_all = "snake_case")]
enum PreviewDimension {
    Nether,
    End,
}

/// Creatures per row of `--summon`, the blocks between them, the first
/// row's distance and the step back to the next row.
const ROW_LENGTH: usize = 10;
const SPACING: f64 = 1.5;
const FIRST_ROW: f64 = 7.0;
const ROW_STEP: f64 = 3.0;
/// How far from facing the camera summoned creatures are turned, degrees.
const THREE_QUARTERS: f64 = 40.0;

/// Commands clearing a flat patch of grass in front of the player and
/// putting `kinds` on it in rows, each turned three quarters towards the
/// camera of a player looking along `yaw`.
fn summon_commands(kinds: &[String], yaw: f64) -> Vec<String> {
    let rows = kinds.len().div_ceil(ROW_LENGTH) as f64;
    let half_width = (ROW_LENGTH as f64 * SPACING / 2.0).ceil() + 1.0;
    let far = FIRST_ROW + rows * ROW_STEP;
    let stage = [
        format!("/execute at @p run fill ^{half_width} ^-1 ^2 ^-{half_width} ^-1 ^{far} minecraft:grass_block"),
        format!("/execute at @p run fill ^{half_width} ^ ^2 ^-{half_width} ^4 ^{far} minecraft:air"),
    ];
    let creatures = kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let (row, column) = (i / ROW_LENGTH, i % ROW_LENGTH);
            let in_row = (kinds.len() - row * ROW_LENGTH).min(ROW_LENGTH);
            // Every other row half a place aside, to show between the first's.
            let stagger = (row % 2) as f64 / 2.0;
            let left = (column as f64 + stagger - (in_row as f64 - 1.0) / 2.0) * SPACING;
            let ahead = FIRST_ROW + row as f64 * ROW_STEP;
            let facing = yaw + 180.0 + THREE_QUARTERS;
            format!(
                "/execute at @p run summon minecraft:{kind} ^{left:.2} ^ ^{ahead:.2} {{Rotation:[{facing:.1}f,0f]}}"
            )
        });
    stage.into_iter().chain(creatures).collect()
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
    let seed = episode_seed(args.seed, &task.name);
    let mut outcomes = sim.reset(seed, &task.init_commands);
    if !args.summon.is_empty() {
        // The same episode again, with the creatures placed where the
        // player ended up looking.
        let yaw = f64::from(sim.game().player.yaw);
        let mut commands = task.init_commands.clone();
        commands.extend(summon_commands(&args.summon, yaw));
        outcomes = sim.reset(seed, &commands);
    }
    if let Some(kind) = &args.at_structure {
        let mut commands = task.init_commands.clone();
        commands.push(structure_view(&sim, kind)?);
        outcomes = sim.reset(seed, &commands);
        for _ in 0..STRUCTURE_TICKS {
            sim.step(&mcu::protocol::Action::noop());
        }
    }
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
    if let Some(dimension) = args.dimension {
        sim.enter_dimension(match dimension {
            PreviewDimension::Nether => mcu::sim::world::Dimension::Nether,
            PreviewDimension::End => mcu::sim::world::Dimension::End,
        });
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
