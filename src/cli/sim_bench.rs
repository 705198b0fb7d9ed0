//! `mcu dev sim-bench`: the embedded simulator's speed, measured three ways
//! on random walking-and-mining steps:
//!
//! - step + render at `--size` (`steps_per_s`, the renderer's figure);
//! - the episode loop's whole per-step work on the same kind of steps,
//!   each part timed on the same steps: step, render at `--size`, downscale
//!   to the 128×128 observation, JPEG, and the video frame (`--no-video`
//!   leaves the video out, as `config.video = false` does);
//! - JPEG encoding of one 128×128 observation with the observation
//!   encoder and with `image`'s, the encoder used before;
//! - the fast renderer against the full-detail reference renderer
//!   (`Renderer::reference`, the fidelity tests' yardstick), each drawing
//!   every one of the same further steps at `--size`.
//!
//! `--mobs N` summons N creatures of several kinds around the player
//! first, so the figures include creatures thinking, pathing and moving.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use image::RgbImage;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use mcu::frames::{downscale, encode_jpeg, encode_jpeg_with_image_crate, OBS_JPEG_QUALITY};
use mcu::protocol::{Action, Key};
use mcu::scenario::ObsSize;
use mcu::sim::render::Renderer;
use mcu::sim::screen::ScreenKind;
use mcu::sim::{episode_seed, EmbeddedSim, Simulator};
use mcu::video::VideoRecorder;

/// The observation size the figures use (the scenario default).
const OBS: ObsSize = ObsSize {
    width: 128,
    height: 128,
};
/// Frames per second of the benchmark's video, as in recordings.
const VIDEO_FPS: u32 = 20;
/// Encodings averaged for each encoder's per-frame time.
const JPEG_RUNS: u32 = 500;
/// Steps each drawn by both the fast and the reference renderer.
const RENDERER_STEPS: u32 = 200;

#[derive(Args)]
pub struct SimBenchArgs {
    #[arg(long, default_value = "640x360", value_parser = |s: &str| s.parse::<ObsSize>())]
    size: ObsSize,
    #[arg(long, default_value_t = 1000)]
    steps: u32,
    /// Step with the crafting table's screen open (the camera moves the cursor, attack and use click).
    #[arg(long)]
    screen: bool,
    /// Leave the video out of the per-step loop (as `config.video = false`).
    #[arg(long)]
    no_video: bool,
    /// Creatures summoned around the player before stepping.
    #[arg(long, default_value_t = 0)]
    mobs: u32,
}

/// The kinds `--mobs` summons, in turn.
const BENCH_KINDS: [&str; 10] = [
    "zombie", "pig", "skeleton", "cow", "spider", "sheep", "wolf", "chicken", "villager", "horse",
];

/// Summon commands for `count` creatures in a ring 3–7 blocks around the player.
fn summon_commands(count: u32) -> Vec<String> {
    (0..count)
        .map(|i| {
            let kind = BENCH_KINDS[i as usize % BENCH_KINDS.len()];
            let angle = f64::from(i) * 2.4;
            let radius = 3.0 + f64::from(i % 5);
            let (x, z) = (radius * angle.cos(), radius * angle.sin());
            format!("/summon minecraft:{kind} ~{x:.1} ~ ~{z:.1}")
        })
        .collect()
}

pub fn run(args: SimBenchArgs) -> anyhow::Result<()> {
    let mut sim = EmbeddedSim::new();
    sim.reset(episode_seed(0, "bench"), &summon_commands(args.mobs));
    if args.screen {
        sim.open_screen(ScreenKind::CraftingTable);
    }
    let mut frame = RgbImage::new(args.size.width, args.size.height);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let started = Instant::now();
    for _ in 0..args.steps {
        sim.step(&random_action(&mut rng));
        sim.render(&mut frame);
    }
    let steps_per_s = f64::from(args.steps) / started.elapsed().as_secs_f64();

    let observation = downscale(&frame, OBS);
    let jpeg_us = mean_us(JPEG_RUNS, || {
        std::hint::black_box(encode_jpeg(&observation, OBS_JPEG_QUALITY, false));
    });
    let image_crate_jpeg_us = mean_us(JPEG_RUNS, || {
        std::hint::black_box(encode_jpeg_with_image_crate(&observation, OBS_JPEG_QUALITY));
    });

    let loop_parts = episode_loop(&mut sim, &mut rng, &args)?;
    // Before the reference renderer's caches count too.
    let rss_mb = resident_mb().context("reading /proc/self/status")?;
    let (fast_us, reference_us) = fast_and_reference(&mut sim, &mut rng, &args);
    let report = json!({
        "steps": args.steps,
        "screen_open": args.screen,
        "mobs": args.mobs,
        "steps_per_s": steps_per_s,
        "jpeg_encode_us": jpeg_us,
        "jpeg_encode_us_image_crate": image_crate_jpeg_us,
        "jpeg_image_crate_over_chosen_ratio": image_crate_jpeg_us / jpeg_us,
        "episode_loop": loop_parts.report(args.steps),
        "render_fast_us": fast_us,
        "render_reference_us": reference_us,
        "render_reference_over_fast_ratio": reference_us / fast_us,
        "rss_mb": rss_mb,
    });
    println!("{report}");
    Ok(())
}

/// Time spent in each part of the episode loop, summed over the steps.
#[derive(Default)]
struct LoopParts {
    step: Duration,
    render: Duration,
    downscale: Duration,
    jpeg: Duration,
    video: Duration,
}

impl LoopParts {
    fn report(&self, steps: u32) -> serde_json::Value {
        let per_step = |part: Duration| part.as_secs_f64() * 1e6 / f64::from(steps);
        let total = self.step + self.render + self.downscale + self.jpeg + self.video;
        json!({
            "step_total_us": per_step(total),
            "sim_step_us": per_step(self.step),
            "render_us": per_step(self.render),
            "downscale_us": per_step(self.downscale),
            "jpeg_us": per_step(self.jpeg),
            "video_us": per_step(self.video),
            "steps_per_s": f64::from(steps) / total.as_secs_f64(),
        })
    }
}

/// Plays `args.steps` more steps doing what the episode loop does for each,
/// timing every part. The video goes to a temporary file, removed after;
/// its time includes the encoder's final flush.
fn episode_loop(
    sim: &mut EmbeddedSim,
    rng: &mut ChaCha8Rng,
    args: &SimBenchArgs,
) -> anyhow::Result<LoopParts> {
    let dir = std::env::temp_dir().join(format!("mcu-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let result = time_episode_loop(sim, rng, args, dir.join("bench.mp4"));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn time_episode_loop(
    sim: &mut EmbeddedSim,
    rng: &mut ChaCha8Rng,
    args: &SimBenchArgs,
    video_path: PathBuf,
) -> anyhow::Result<LoopParts> {
    let (width, height) = (args.size.width, args.size.height);
    let mut recorder = (!args.no_video)
        .then(|| VideoRecorder::create(&video_path, width, height, VIDEO_FPS))
        .transpose()?;
    let mut parts = LoopParts::default();
    let mut frame = RgbImage::new(width, height);
    for _ in 0..args.steps {
        let action = random_action(rng);
        let clock = Instant::now();
        sim.step(&action);
        parts.step += clock.elapsed();

        let clock = Instant::now();
        sim.render(&mut frame);
        parts.render += clock.elapsed();

        let clock = Instant::now();
        let observation = downscale(&frame, OBS);
        parts.downscale += clock.elapsed();

        let clock = Instant::now();
        std::hint::black_box(encode_jpeg(&observation, OBS_JPEG_QUALITY, false));
        parts.jpeg += clock.elapsed();

        if let Some(recorder) = recorder.as_mut() {
            let clock = Instant::now();
            recorder.push(&frame)?;
            parts.video += clock.elapsed();
        }
    }
    if let Some(recorder) = recorder {
        let clock = Instant::now();
        recorder.finish()?;
        parts.video += clock.elapsed();
    }
    Ok(parts)
}

/// Mean microseconds per frame of the fast and of the reference renderer,
/// each with its own caches, drawing the state after each of
/// [`RENDERER_STEPS`] more steps (fast first, then reference, every step).
fn fast_and_reference(
    sim: &mut EmbeddedSim,
    rng: &mut ChaCha8Rng,
    args: &SimBenchArgs,
) -> (f64, f64) {
    let mut frame = RgbImage::new(args.size.width, args.size.height);
    let mut renderers = [Renderer::new(), Renderer::reference()];
    let mut spent = [Duration::ZERO; 2];
    for _ in 0..RENDERER_STEPS {
        sim.step(&random_action(rng));
        for (renderer, spent) in renderers.iter_mut().zip(&mut spent) {
            let clock = Instant::now();
            renderer.render(sim.game(), &mut frame);
            *spent += clock.elapsed();
        }
    }
    let per_frame = |d: Duration| d.as_secs_f64() * 1e6 / f64::from(RENDERER_STEPS);
    (per_frame(spent[0]), per_frame(spent[1]))
}

/// Mean microseconds of one call of `work` over `runs` calls.
fn mean_us(runs: u32, mut work: impl FnMut()) -> f64 {
    let started = Instant::now();
    for _ in 0..runs {
        work();
    }
    started.elapsed().as_secs_f64() * 1e6 / f64::from(runs)
}

/// Random walking-and-mining: mostly forward, turning a little, often attacking.
fn random_action(rng: &mut ChaCha8Rng) -> Action {
    let mut action = Action::noop();
    for (key, chance) in [
        (Key::Forward, 0.7),
        (Key::Attack, 0.5),
        (Key::Jump, 0.1),
        (Key::Left, 0.1),
        (Key::Use, 0.05),
    ] {
        if rng.gen_bool(chance) {
            action.press(key);
        }
    }
    action.camera = [rng.gen_range(-3.0..3.0), rng.gen_range(-10.0..10.0)];
    action
}

/// This process's resident memory, in MiB.
pub(super) fn resident_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
