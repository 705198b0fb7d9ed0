//! A Plancraft purple agent that knows every recipe: on an example's first
//! observation it reads the text inventory, plans with mcu's oracle
//! (`mcu::plancraft::oracle`) and then answers one planned action per
//! step, or `impossible:` when no plan exists. Every possible example of a
//! split is solved within Plancraft's budget; it is the reference that
//! shows the environment and the protocol work.
//!
//!     cargo run --example plancraft_oracle -- --port 9019

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use clap::Parser;
use mcu::a2a::server::{serve_agent, AgentArgs, Responder};
use mcu::plancraft::{env, oracle};
use serde_json::{json, Value};

#[derive(Parser)]
struct Args {
    #[command(flatten)]
    agent: AgentArgs,
}

/// The actions left to send, by episode (A2A context).
#[derive(Default)]
struct Oracle {
    plans: Mutex<HashMap<String, VecDeque<String>>>,
}

impl Responder for Oracle {
    fn respond(&self, context_id: &str, payload: Value) -> Value {
        let mut plans = self.plans.lock().unwrap_or_else(|p| p.into_inner());
        if payload["type"] == "init" {
            plans.remove(context_id);
            return json!({"type": "ack", "success": true});
        }
        let observation = payload["text"].as_str().unwrap_or_default();
        let plan = plans
            .entry(context_id.to_string())
            .or_insert_with(|| plan(observation));
        let action = plan
            .pop_front()
            .unwrap_or_else(|| "impossible: my plan is used up".to_string());
        json!({"type": "action", "action": action})
    }
}

fn plan(observation: &str) -> VecDeque<String> {
    let Some((target, table)) = env::read_text(observation) else {
        return VecDeque::from([
            "impossible: the first observation is not an inventory".to_string()
        ]);
    };
    match oracle::solve(&table, &target) {
        Ok(actions) => actions.into(),
        Err(reason) => VecDeque::from([format!("impossible: {reason}")]),
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args = Args::parse();
    serve_agent(
        args.agent,
        "plancraft_oracle",
        "Plays Plancraft by planning from the 1.16.5 recipes",
        Oracle::default(),
    )
    .await
}
