//! A purple agent that presses random keys: every observation is answered
//! with a uniformly drawn compact action (button index 0..=8640, camera
//! index 0..=120). Each episode's random stream is seeded from `--seed` and
//! the task text, so the same task gets the same actions in every run,
//! whatever order or parallelism the judge uses.
//!
//!     cargo run --example random_agent -- --port 9019 --seed 1

use clap::Parser;
use mcu::a2a::server::{serve_agent, AgentArgs};
use mcu::protocol::compact::{BUTTON_INDEX_MAX, CAMERA_INDEX_MAX};
use mcu::purple::{stable_hash, Policy, PolicyAgent};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

#[derive(Parser)]
struct Args {
    #[command(flatten)]
    agent: AgentArgs,
    /// Seed of the random actions.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

struct Random {
    seed: u64,
}

impl Policy for Random {
    type Episode = ChaCha8Rng;

    fn start(&self, task_text: &str) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(self.seed ^ stable_hash(task_text))
    }

    fn act(&self, rng: &mut ChaCha8Rng, _step: u64, _jpeg: &[u8]) -> Value {
        let button = rng.gen_range(0..=BUTTON_INDEX_MAX);
        let camera = rng.gen_range(0..=CAMERA_INDEX_MAX);
        json!({"type": "action", "buttons": [button], "camera": [camera]})
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args = Args::parse();
    let policy = Random { seed: args.seed };
    serve_agent(
        args.agent,
        "random_agent",
        "Presses random keys (seeded, compact action form)",
        PolicyAgent::new(policy),
    )
    .await
}
