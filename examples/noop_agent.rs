//! A purple agent that does nothing: it acknowledges every task and
//! answers every observation with the compact no-op action. The baseline
//! every other agent should beat, and the peer of the A2A benchmarks.
//!
//!     cargo run --example noop_agent -- --port 9019

use clap::Parser;
use mcu::a2a::server::{serve_agent, AgentArgs};
use mcu::purple::{Policy, PolicyAgent};
use serde_json::{json, Value};

#[derive(Parser)]
struct Args {
    #[command(flatten)]
    agent: AgentArgs,
}

struct Noop;

impl Policy for Noop {
    type Episode = ();

    fn start(&self, _task_text: &str) {}

    fn act(&self, _episode: &mut (), _step: u64, _jpeg: &[u8]) -> Value {
        json!({"type": "action", "buttons": [0], "camera": [60]})
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args = Args::parse();
    serve_agent(
        args.agent,
        "noop_agent",
        "Answers every observation with the no-op action",
        PolicyAgent::new(Noop),
    )
    .await
}
