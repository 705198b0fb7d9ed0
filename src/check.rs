//! The conformance check behind `mcu check`: connect to an agent, send
//! init and a number of observations, and report what came back — which
//! action form it speaks, every failure by kind, and reply latency. The
//! observations are real frames of the embedded simulator, which plays
//! the agent's actions.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

use crate::a2a::{A2aClient, A2aError, ClientOptions};
use crate::agent::{AgentSession, InitOutcome};
use crate::frames;
use crate::protocol::{ActionForm, FailureKind};
use crate::scenario::ObsSize;
use crate::sim::{episode_seed, EmbeddedSim, Simulator};
use crate::stats::LatencySummary;

/// The task text sent with the check's init message.
pub const CHECK_TASK_TEXT: &str = "Conformance check: answer every observation with an action.";

#[derive(Debug, Clone)]
pub struct CheckOptions {
    pub steps: u32,
    pub obs_size: ObsSize,
    pub client: ClientOptions,
}

/// One failure kind seen during the check.
#[derive(Debug, Clone, Serialize)]
pub struct FailureSummary {
    pub count: u32,
    /// The first step it happened at (`None` for init).
    pub first_step: Option<u64>,
    pub example: String,
    pub advice: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    pub endpoint: String,
    pub agent_name: String,
    pub card_url: String,
    pub rpc_url: String,
    pub streaming: bool,
    /// What the observations were.
    pub observations: String,
    pub init: InitOutcome,
    pub steps: u32,
    pub valid_actions: u32,
    pub forms: BTreeMap<ActionForm, u32>,
    pub failures: BTreeMap<FailureKind, FailureSummary>,
    pub latency: LatencySummary,
    pub passed: bool,
}

/// Runs the check against the agent at `endpoint`. Only a failure to reach
/// the agent card is an error; everything after is recorded in the report.
pub async fn check_agent(endpoint: &str, options: &CheckOptions) -> Result<CheckReport, A2aError> {
    let client = A2aClient::connect(endpoint, options.client.clone()).await?;
    let mut session = AgentSession::new(&client);
    let mut failures: BTreeMap<FailureKind, FailureSummary> = BTreeMap::new();
    let mut record = |kind: FailureKind, step: Option<u64>, detail: &str| {
        let entry = failures.entry(kind).or_insert_with(|| FailureSummary {
            count: 0,
            first_step: step,
            example: detail.to_string(),
            advice: kind.advice(),
        });
        entry.count += 1;
    };

    let init = session.init(CHECK_TASK_TEXT).await;
    if let Err(failure) = &init.ack {
        record(failure.kind, None, &failure.detail);
    }

    let ObsSize { width, height } = options.obs_size;
    let mut sim = EmbeddedSim::new();
    sim.reset(episode_seed(0, "mcu check"), &[]);
    let mut frame = image::RgbImage::new(width, height);
    let mut forms = BTreeMap::new();
    let mut latencies: Vec<Duration> = Vec::new();
    let mut valid_actions = 0;
    for step in 0..u64::from(options.steps) {
        sim.render(&mut frame);
        let jpeg = frames::encode_jpeg(&frame, frames::OBS_JPEG_QUALITY, false);
        let reply = session.step(step, &jpeg).await;
        sim.step(&reply.action);
        latencies.push(reply.latency);
        if let Some(failure) = &reply.failure {
            record(failure.kind, Some(step), &failure.detail);
        } else if let Some(form) = reply.form {
            valid_actions += 1;
            *forms.entry(form).or_insert(0) += 1;
        }
    }

    let passed = init.ack.is_ok() && valid_actions == options.steps;
    Ok(CheckReport {
        endpoint: endpoint.to_string(),
        agent_name: client.card().name.clone(),
        card_url: client.card_url().to_string(),
        rpc_url: client.rpc_url().to_string(),
        streaming: client.uses_streaming(),
        observations: format!("embedded simulator {width}x{height} JPEG frames"),
        init,
        steps: options.steps,
        valid_actions,
        forms,
        failures,
        latency: LatencySummary::of(&latencies),
        passed,
    })
}
