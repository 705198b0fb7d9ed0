//! `mcu serve`: mcu as an AgentBeats green agent (SPEC §7, §8). An A2A 0.3
//! JSON-RPC server (the card at `/.well-known/agent-card.json` and the 0.2
//! `agent.json`; `message/send`, `message/stream`, `tasks/get`,
//! `tasks/cancel` at `/`) that runs one assessment per request with the
//! `mcu run` engine and reports it as an A2A task.
//!
//! The parts: [`request`] reads an assessment request, [`assessment`] runs
//! one, [`store`] keeps the tasks and fans their [`events`] out, `rpc`
//! answers JSON-RPC.

pub mod assessment;
pub mod events;
pub mod request;
mod rpc;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use tokio::sync::Semaphore;

use crate::a2a::types::{AgentCard, Capabilities, Skill};
use crate::scenario::JudgeOverrides;
use store::TaskStore;

/// The largest request body accepted; larger ones get HTTP 413.
pub const BODY_LIMIT: usize = 1024 * 1024;

/// How `mcu serve` runs.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub host: String,
    pub port: u16,
    /// The URL the card advertises [default: http://HOST:PORT/].
    pub card_url: Option<String>,
    /// Where run folders are created.
    pub out: PathBuf,
    /// Assessments running at once; more are rejected.
    pub max_concurrent: usize,
    /// The operator's judge settings, applied over every request's.
    pub judge: JudgeOverrides,
}

/// What every request handler shares.
struct ServerState {
    card: AgentCard,
    store: Arc<TaskStore>,
    out: PathBuf,
    permits: Arc<Semaphore>,
    max_concurrent: usize,
    judge: JudgeOverrides,
}

/// Serves until the process ends.
pub async fn serve(options: ServeOptions) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind((options.host.as_str(), options.port))
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}:{}: {e}", options.host, options.port))?;
    let address: SocketAddr = listener.local_addr()?;
    let url = options
        .card_url
        .clone()
        .unwrap_or_else(|| format!("http://{address}/"));
    eprintln!(
        "mcu serve: green agent at {url} (listening on {address}); run folders in {}",
        options.out.display()
    );
    let app = router(
        green_card(&url),
        options.out,
        options.max_concurrent,
        options.judge,
    );
    axum::serve(listener, app).await?;
    Ok(())
}

/// The routes: the card (current and 0.2 names) and the JSON-RPC endpoint.
pub fn router(
    card: AgentCard,
    out: PathBuf,
    max_concurrent: usize,
    judge: JudgeOverrides,
) -> Router {
    let max_concurrent = max_concurrent.max(1);
    let state = Arc::new(ServerState {
        card,
        store: Arc::new(TaskStore::default()),
        out,
        permits: Arc::new(Semaphore::new(max_concurrent)),
        max_concurrent,
        judge,
    });
    Router::new()
        .route("/.well-known/agent-card.json", get(serve_card))
        .route("/.well-known/agent.json", get(serve_card))
        .route("/", post(rpc::json_rpc))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

async fn serve_card(State(state): State<Arc<ServerState>>) -> Json<AgentCard> {
    Json(state.card.clone())
}

/// The green agent's card, advertising `url`.
pub fn green_card(url: &str) -> AgentCard {
    AgentCard {
        name: "mcu".into(),
        description: "Green agent of the MCU Minecraft benchmark: plays a suite of Minecraft \
                      tasks with the purple agent named `agent` over A2A, records and scores \
                      each episode, and returns the results."
            .into(),
        url: url.into(),
        version: env!("CARGO_PKG_VERSION").into(),
        protocol_version: Some(crate::a2a::PROTOCOL_VERSION.into()),
        capabilities: Capabilities { streaming: true },
        default_input_modes: vec!["text/plain".into()],
        default_output_modes: vec!["text/plain".into(), "application/json".into()],
        skills: vec![Skill {
            id: "minecraft_assessment".into(),
            name: "Minecraft assessment".into(),
            description: r#"Send {"participants":{"agent":"<url>"},"config":{…}} with a scenario's [config] keys; get status updates per task and a Result artifact (summary text and results JSON)."#
                .into(),
            tags: vec!["minecraft".into(), "benchmark".into(), "green-agent".into()],
        }],
    }
}
