//! `mcu check`: a conformance check for agent builders.

use std::time::Duration;

use anyhow::Context;
use clap::{Args, ValueEnum};

use mcu::a2a::{ClientOptions, Transport};
use mcu::check::{check_agent, CheckOptions, CheckReport};
use mcu::scenario::ObsSize;

/// Check that an agent speaks the protocol: card, init, N observations.
///
/// Sends the init message and N observation images to the agent at URL and
/// validates every reply. Reports the action form the agent uses, every
/// failure by kind with advice, and reply latency. Exits 0 only when init
/// was acknowledged and every reply was a valid action.
#[derive(Args)]
#[command(after_help = "Examples:
  mcu check http://127.0.0.1:9019
  mcu check http://127.0.0.1:9019/agent --steps 100 --obs-size 640x360
  mcu check http://127.0.0.1:9019 --format json | jq .failures")]
pub struct CheckArgs {
    /// The agent's A2A endpoint (its card is read from URL/.well-known/agent-card.json).
    url: String,
    /// Observations to send.
    #[arg(long, default_value_t = 20)]
    steps: u32,
    /// Observation image size, WIDTHxHEIGHT.
    #[arg(long, default_value = "128x128")]
    obs_size: ObsSize,
    /// Longest wait for one reply, in seconds.
    #[arg(long, default_value_t = 60.0)]
    timeout_s: f64,
    /// JSON-RPC method for messages: auto follows the card's `streaming` capability.
    #[arg(long, value_enum, default_value_t = TransportArg::Auto)]
    transport: TransportArg,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum TransportArg {
    Auto,
    Send,
    Stream,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// Returns whether the agent passed.
pub fn run(args: CheckArgs) -> anyhow::Result<bool> {
    anyhow::ensure!(
        args.timeout_s.is_finite() && args.timeout_s > 0.0,
        "--timeout-s must be a positive number of seconds"
    );
    let options = CheckOptions {
        steps: args.steps,
        obs_size: args.obs_size,
        client: ClientOptions {
            timeout: Duration::from_secs_f64(args.timeout_s),
            transport: match args.transport {
                TransportArg::Auto => Transport::Auto,
                TransportArg::Send => Transport::Send,
                TransportArg::Stream => Transport::Stream,
            },
            ..ClientOptions::default()
        },
    };
    let runtime = tokio::runtime::Runtime::new()?;
    let report = runtime
        .block_on(check_agent(&args.url, &options))
        .with_context(|| {
            format!(
                "could not reach the agent card at {}; is the agent running?",
                args.url
            )
        })?;
    match args.format {
        Format::Json => println!("{}", serde_json::to_string_pretty(&report)?),
        Format::Text => print_text(&report),
    }
    Ok(report.passed)
}

fn print_text(report: &CheckReport) {
    println!(
        "agent      {} (card {})",
        report.agent_name, report.card_url
    );
    println!(
        "messages   {} via {}",
        report.rpc_url,
        if report.streaming {
            "message/stream"
        } else {
            "message/send"
        }
    );
    println!("sent       {}", report.observations);
    match &report.init.ack {
        Ok(ack) => println!(
            "init       acknowledged{} ({})",
            ack.message
                .as_deref()
                .map(|m| format!(": {m:?}"))
                .unwrap_or_default(),
            millis(report.init.latency.as_micros() as u64)
        ),
        Err(failure) => println!(
            "init       FAILED ({}): {}",
            failure.kind.as_str(),
            failure.detail
        ),
    }
    let forms: Vec<String> = report
        .forms
        .iter()
        .map(|(form, n)| format!("{} ×{n}", form.as_str()))
        .collect();
    println!(
        "steps      {}/{} valid actions{}",
        report.valid_actions,
        report.steps,
        if forms.is_empty() {
            String::new()
        } else {
            format!("; form: {}", forms.join(", "))
        }
    );
    println!(
        "latency    p50 {}  p95 {}  max {}",
        millis(report.latency.p50_us),
        millis(report.latency.p95_us),
        millis(report.latency.max_us)
    );
    if report.failures.is_empty() {
        println!("failures   none");
    }
    for (kind, failure) in &report.failures {
        let at = failure
            .first_step
            .map(|s| format!("step {s}"))
            .unwrap_or_else(|| "init".into());
        println!(
            "failure    {} ×{} (first at {at}): {}",
            kind.as_str(),
            failure.count,
            failure.example
        );
        println!("           fix: {}", failure.advice);
    }
    println!("{}", if report.passed { "PASS" } else { "FAIL" });
}

fn millis(micros: u64) -> String {
    format!("{:.1} ms", micros as f64 / 1000.0)
}
