//! `mcu serve`: run mcu as an AgentBeats green agent.

use std::path::PathBuf;

use clap::Args;

use mcu::serve::{serve, ServeOptions};

use super::judge_args::JudgeFlags;

/// Serve assessments over A2A 0.3 as an AgentBeats green agent.
///
/// The agent card is at /.well-known/agent-card.json; JSON-RPC at / takes
/// message/send, message/stream, tasks/get and tasks/cancel. An assessment
/// request is one message whose text part is
/// {"participants":{"agent":"<url>"},"config":{…}} with a scenario's
/// [config] keys. Each assessment plays like `mcu run` into its own run
/// folder under --out, streams a `working` update per task, and ends with
/// a `Result` artifact (result.txt and results.json) and `completed`.
/// Bad requests end `rejected` with the reason.
#[derive(Args)]
#[command(after_help = "Examples:
  mcu serve --host 0.0.0.0 --port 9009 --card-url http://green:9009/
  mcu serve --port 9009 --out runs --max-concurrent 2
  mcu serve --judge-url http://127.0.0.1:11434/v1 --judge-model qwen2.5vl:7b --judge-key-env ''")]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on.
    #[arg(long, default_value_t = 9009)]
    port: u16,
    /// The URL the agent card advertises [default: http://HOST:PORT/]
    #[arg(long, value_name = "URL")]
    card_url: Option<String>,
    /// Where run folders are created.
    #[arg(long, value_name = "DIR", default_value = "output")]
    out: PathBuf,
    /// Assessments run at once; a request beyond that is rejected.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..))]
    max_concurrent: u16,
    /// The judge for every assessment (requests cannot choose the judge's
    /// server or key, so the operator does).
    #[command(flatten)]
    judge: JudgeFlags,
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    if let Some(url) = &args.card_url {
        url::Url::parse(url).map_err(|e| anyhow::anyhow!("--card-url `{url}`: {e}"))?;
    }
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(serve(ServeOptions {
        host: args.host,
        port: args.port,
        card_url: args.card_url,
        out: args.out,
        max_concurrent: usize::from(args.max_concurrent),
        judge: args.judge.overrides(),
    }))
}
