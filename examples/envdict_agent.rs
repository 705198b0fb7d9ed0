//! A purple agent that answers in the env-dict action form
//! (`{"type":"action","action_type":"env","action":{…}}`): it walks
//! forward, swings, jumps now and then and sweeps the camera left and
//! right — a tiny scripted policy showing the form's keys.
//!
//!     cargo run --example envdict_agent -- --port 9019

use clap::Parser;
use mcu::a2a::server::{serve_agent, AgentArgs};
use mcu::purple::{Policy, PolicyAgent};
use serde_json::{json, Value};

#[derive(Parser)]
struct Args {
    #[command(flatten)]
    agent: AgentArgs,
}

struct WalkAndSwing;

impl Policy for WalkAndSwing {
    type Episode = ();

    fn start(&self, _task_text: &str) {}

    fn act(&self, _episode: &mut (), step: u64, _jpeg: &[u8]) -> Value {
        // Turn right for 20 steps, then left for 20, 2 degrees a step.
        let yaw = if (step / 20) % 2 == 0 { 2.0 } else { -2.0 };
        json!({
            "type": "action",
            "action_type": "env",
            "action": {
                "forward": 1,
                "attack": 1,
                "jump": u8::from(step % 10 == 0),
                "camera": [0.0, yaw],
            }
        })
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args = Args::parse();
    serve_agent(
        args.agent,
        "envdict_agent",
        "Walks and swings, answering in the env-dict action form",
        PolicyAgent::new(WalkAndSwing),
    )
    .await
}
