//! `mcu dev long-bench`: a long-horizon episode's speed and memory as the
//! world grows. A walker heads out across new ground (forward, jumping,
//! turning slowly) for `--steps` steps (the long tasks' 12,000 by
//! default), rendering every step; steps per second are reported per
//! window of `--window` steps, with resident memory and loaded chunks at
//! the end of each window, so a slowdown or a leak shows as a trend.

use std::time::Instant;

use clap::Args;
use image::RgbImage;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use mcu::protocol::{Action, Key};
use mcu::scenario::ObsSize;
use mcu::sim::{episode_seed, EmbeddedSim, Simulator};

#[derive(Args)]
pub struct LongBenchArgs {
    #[arg(long, default_value = "640x360", value_parser = |s: &str| s.parse::<ObsSize>())]
    size: ObsSize,
    #[arg(long, default_value_t = 12_000)]
    steps: u32,
    /// Steps per measured window.
    #[arg(long, default_value_t = 1000)]
    window: u32,
}

pub fn run(args: LongBenchArgs) -> anyhow::Result<()> {
    anyhow::ensure!(args.window > 0, "--window must be at least 1");
    let mut sim = EmbeddedSim::new();
    sim.reset(episode_seed(0, "long-bench"), &[]);
    let start = sim.game().player.pos;
    let mut frame = RgbImage::new(args.size.width, args.size.height);
    let mut walker = Walker::new(11, start);
    let mut windows = Vec::new();
    let mut done = 0;
    while done < args.steps {
        let steps = args.window.min(args.steps - done);
        let clock = Instant::now();
        for _ in 0..steps {
            let action = walker.act(sim.game().player.pos);
            sim.step(&action);
            sim.render(&mut frame);
        }
        let seconds = clock.elapsed().as_secs_f64();
        done += steps;
        windows.push(json!({
            "until_step": done,
            "steps_per_s": f64::from(steps) / seconds,
            "rss_mb": super::sim_bench::resident_mb(),
            "loaded_chunks": sim.game().world.loaded_chunks(),
        }));
    }
    let rate = |w: &serde_json::Value| w["steps_per_s"].as_f64().unwrap_or(0.0);
    let (first, last) = (
        windows.first().map_or(0.0, rate),
        windows.last().map_or(0.0, rate),
    );
    let end = sim.game().player.pos;
    let walked = ((end[0] - start[0]).powi(2) + (end[2] - start[2]).powi(2)).sqrt();
    let report = json!({
        "steps": args.steps,
        "size": args.size.to_string(),
        "first_window_steps_per_s": first,
        "last_window_steps_per_s": last,
        "last_over_first_ratio": if first > 0.0 { last / first } else { 0.0 },
        "blocks_from_start": walked,
        "windows": windows,
    });
    println!("{report}");
    Ok(())
}

/// Heads out: forward and sprinting, jumping over steps, a slow random
/// turn so the path curves without circling back, and a sharp turn when
/// a wall or a tree stops it.
struct Walker {
    rng: ChaCha8Rng,
    /// Where the player stood at the last check, and the tick count since.
    checked_at: [f64; 3],
    ticks: u32,
}

/// Ticks between progress checks, and the least distance that counts as
/// progress in that time.
const CHECK_TICKS: u32 = 40;
const PROGRESS_BLOCKS: f64 = 3.0;

impl Walker {
    fn new(seed: u64, at: [f64; 3]) -> Walker {
        Walker {
            rng: ChaCha8Rng::seed_from_u64(seed),
            checked_at: at,
            ticks: 0,
        }
    }

    fn act(&mut self, at: [f64; 3]) -> Action {
        let mut action = Action::noop().with(Key::Forward).with(Key::Sprint);
        if self.rng.gen_bool(0.3) {
            action.press(Key::Jump);
        }
        let mut turn = self.rng.gen_range(-2.0..2.0);
        self.ticks += 1;
        if self.ticks == CHECK_TICKS {
            let moved = (at[0] - self.checked_at[0]).hypot(at[2] - self.checked_at[2]);
            if moved < PROGRESS_BLOCKS {
                turn = self.rng.gen_range(90.0..270.0);
            }
            self.checked_at = at;
            self.ticks = 0;
        }
        action.camera = [0.0, turn];
        action
    }
}
