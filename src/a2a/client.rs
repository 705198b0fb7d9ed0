//! The A2A client mcu uses to talk to a purple agent: card discovery,
//! `message/send` or `message/stream`, polling of unfinished tasks, a
//! per-message timeout and a bound on reply size. One pooled HTTP client
//! per agent, reused for every step.

use std::net::IpAddr;
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{json, Value};
use url::Url;

use super::reply::{short, StreamFold};
use super::sse::SseParser;
use super::types::{AgentCard, Message};
use super::{A2aError, Reply, PROTOCOL_VERSION};

/// Which JSON-RPC method carries messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// `message/stream` when the card says the agent streams, else `message/send`.
    Auto,
    Send,
    Stream,
}

#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// Longest wait for one reply, polling included.
    pub timeout: Duration,
    /// Largest reply body accepted (bytes).
    pub max_reply_bytes: usize,
    pub transport: Transport,
    /// Pause between `tasks/get` polls of a task still `working`.
    pub poll_interval: Duration,
}

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            timeout: Duration::from_secs(60),
            max_reply_bytes: 16 * 1024 * 1024,
            transport: Transport::Auto,
            poll_interval: Duration::from_millis(50),
        }
    }
}

/// A connection to one agent.
#[derive(Debug, Clone)]
pub struct A2aClient {
    http: reqwest::Client,
    card: AgentCard,
    card_url: Url,
    rpc_url: Url,
    streaming: bool,
    options: ClientOptions,
}

impl A2aClient {
    /// Fetches the agent card at `endpoint` (`agent-card.json`, then the
    /// 0.2 name `agent.json`) and decides where to send messages.
    pub async fn connect(endpoint: &str, options: ClientOptions) -> Result<A2aClient, A2aError> {
        let endpoint = Url::parse(endpoint)
            .map_err(|e| A2aError::Transport(format!("`{endpoint}` is not a URL: {e}")))?;
        let http = reqwest::Client::builder()
            .connect_timeout(options.timeout.min(Duration::from_secs(10)))
            .pool_max_idle_per_host(4)
            .tcp_nodelay(true)
            .build()
            .map_err(A2aError::from_reqwest)?;
        let (card, card_url) = fetch_card(&http, &endpoint, &options).await?;
        let rpc_url = choose_rpc_url(&card, &endpoint);
        let streaming = match options.transport {
            Transport::Auto => card.capabilities.streaming,
            Transport::Send => false,
            Transport::Stream => true,
        };
        Ok(A2aClient {
            http,
            card,
            card_url,
            rpc_url,
            streaming,
            options,
        })
    }

    pub fn card(&self) -> &AgentCard {
        &self.card
    }

    /// Where the card was found.
    pub fn card_url(&self) -> &Url {
        &self.card_url
    }

    /// Where JSON-RPC requests go.
    pub fn rpc_url(&self) -> &Url {
        &self.rpc_url
    }

    /// Whether messages go through `message/stream`.
    pub fn uses_streaming(&self) -> bool {
        self.streaming
    }

    /// Sends `message` and waits (within the timeout) for the agent's
    /// final answer: a Message, or a Task in a final state.
    pub async fn send(&self, message: Message) -> Result<Reply, A2aError> {
        let params = json!({ "message": message });
        let exchange = async {
            let reply = if self.streaming {
                self.stream(params).await?
            } else {
                Reply::from_result(&self.rpc("message/send", params).await?)?
            };
            let reply = self.poll_until_final(reply).await?;
            match reply.task_state {
                Some(state) if state.is_failure() => Err(A2aError::TaskFailed {
                    state: format!("{state:?}").to_lowercase(),
                    detail: match &reply.content {
                        super::reply::Content::Text(text) => format!(": {text}"),
                        _ => String::new(),
                    },
                }),
                _ => Ok(reply),
            }
        };
        tokio::time::timeout(self.options.timeout, exchange)
            .await
            .map_err(|_| A2aError::Timeout(self.options.timeout))?
    }

    async fn poll_until_final(&self, mut reply: Reply) -> Result<Reply, A2aError> {
        while reply.is_pending() {
            let Some(task_id) = reply.task_id.clone() else {
                return Err(A2aError::BadReply("a working task without an id".into()));
            };
            tokio::time::sleep(self.options.poll_interval).await;
            reply = Reply::from_result(&self.rpc("tasks/get", json!({ "id": task_id })).await?)?;
        }
        Ok(reply)
    }

    /// One JSON-RPC request; returns its `result`.
    async fn rpc(&self, method: &str, params: Value) -> Result<Value, A2aError> {
        let response = self.post(method, params, "application/json").await?;
        let body = read_bounded(response, self.options.max_reply_bytes).await?;
        let envelope: Value = serde_json::from_slice(&body).map_err(|e| {
            A2aError::NotJson(format!(
                "{e}: {}",
                crate::excerpt::text(&String::from_utf8_lossy(&body), 200)
            ))
        })?;
        result_of(&envelope)
    }

    async fn stream(&self, params: Value) -> Result<Reply, A2aError> {
        let response = self
            .post("message/stream", params, "text/event-stream")
            .await?;
        let is_sse = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/event-stream"));
        if !is_sse {
            // Some servers answer a stream request with a plain JSON-RPC response.
            let body = read_bounded(response, self.options.max_reply_bytes).await?;
            let envelope: Value = serde_json::from_slice(&body)
                .map_err(|e| A2aError::NotJson(format!("stream response: {e}")))?;
            return Reply::from_result(&result_of(&envelope)?);
        }
        let mut parser = SseParser::default();
        let mut fold = StreamFold::default();
        let mut received = 0usize;
        let mut chunks = response.bytes_stream();
        while let Some(chunk) = chunks.next().await {
            let chunk = chunk.map_err(A2aError::from_reqwest)?;
            received += chunk.len();
            if received > self.options.max_reply_bytes {
                return Err(A2aError::TooLarge(self.options.max_reply_bytes));
            }
            for data in parser.push(&chunk) {
                let envelope: Value = serde_json::from_str(&data)
                    .map_err(|e| A2aError::NotJson(format!("stream event: {e}")))?;
                if fold.apply(&result_of(&envelope)?)? {
                    return fold.finish();
                }
            }
        }
        fold.finish()
    }

    async fn post(
        &self,
        method: &str,
        params: Value,
        accept: &str,
    ) -> Result<reqwest::Response, A2aError> {
        let body = json!({
            "jsonrpc": "2.0",
            "id": uuid::Uuid::new_v4().to_string(),
            "method": method,
            "params": params,
        });
        let response = self
            .http
            .post(self.rpc_url.clone())
            .header("A2A-Version", PROTOCOL_VERSION)
            .header(reqwest::header::ACCEPT, accept)
            .json(&body)
            .send()
            .await
            .map_err(A2aError::from_reqwest)?;
        check_status(response).await
    }
}

async fn fetch_card(
    http: &reqwest::Client,
    endpoint: &Url,
    options: &ClientOptions,
) -> Result<(AgentCard, Url), A2aError> {
    let mut last_error = None;
    for name in [".well-known/agent-card.json", ".well-known/agent.json"] {
        let url = join_keeping_path(endpoint, name);
        let attempt = async {
            let response = http
                .get(url.clone())
                .header("A2A-Version", PROTOCOL_VERSION)
                .send()
                .await
                .map_err(A2aError::from_reqwest)?;
            let body = read_bounded(check_status(response).await?, options.max_reply_bytes).await?;
            serde_json::from_slice::<AgentCard>(&body)
                .map_err(|e| A2aError::NotJson(format!("agent card at {url}: {e}")))
        };
        match tokio::time::timeout(options.timeout, attempt).await {
            Ok(Ok(card)) => return Ok((card, url)),
            Ok(Err(error @ A2aError::HttpStatus { status: 404, .. })) => last_error = Some(error),
            Ok(Err(error)) => return Err(error),
            Err(_) => return Err(A2aError::Timeout(options.timeout)),
        }
    }
    Err(last_error.unwrap_or_else(|| A2aError::BadReply("no agent card".into())))
}

/// `http://h:1/agent` + `.well-known/x` → `http://h:1/agent/.well-known/x`.
fn join_keeping_path(base: &Url, relative: &str) -> Url {
    let mut base = base.clone();
    if !base.path().ends_with('/') {
        let path = format!("{}/", base.path());
        base.set_path(&path);
    }
    base.join(relative).unwrap_or(base)
}

/// The card's `url`, unless it names a loopback or wildcard address that
/// differs from the endpoint we were given (an agent in a container that
/// advertises `0.0.0.0` or its own `localhost`).
fn choose_rpc_url(card: &AgentCard, endpoint: &Url) -> Url {
    let Ok(url) = Url::parse(&card.url) else {
        return endpoint.clone();
    };
    let local_host = match url.host() {
        Some(url::Host::Domain(domain)) => domain.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback() || ip.is_unspecified(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback() || ip.is_unspecified(),
        None => true,
    };
    let same_place = url.host() == endpoint.host()
        && url.port_or_known_default() == endpoint.port_or_known_default();
    if local_host && !same_place {
        endpoint.clone()
    } else {
        url
    }
}

async fn check_status(response: reqwest::Response) -> Result<reqwest::Response, A2aError> {
    let status = response.status();
    if status.is_success() {
        return Ok(response);
    }
    let url = response.url().to_string();
    let body = response.text().await.unwrap_or_default();
    let body = crate::excerpt::text(&body, 200);
    Err(A2aError::HttpStatus {
        status: status.as_u16(),
        url,
        body,
    })
}

/// The body, refusing (without buffering it) anything over `limit` bytes.
async fn read_bounded(mut response: reqwest::Response, limit: usize) -> Result<Vec<u8>, A2aError> {
    if response
        .content_length()
        .is_some_and(|length| length > limit as u64)
    {
        return Err(A2aError::TooLarge(limit));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(A2aError::from_reqwest)? {
        if body.len() + chunk.len() > limit {
            return Err(A2aError::TooLarge(limit));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// The `result` of a JSON-RPC response, or its error.
fn result_of(envelope: &Value) -> Result<Value, A2aError> {
    if let Some(error) = envelope.get("error").filter(|e| !e.is_null()) {
        return Err(A2aError::JsonRpc {
            code: error.get("code").and_then(Value::as_i64).unwrap_or(0),
            message: error
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("(no message)")
                .to_string(),
        });
    }
    envelope.get("result").cloned().ok_or_else(|| {
        A2aError::BadReply(format!(
            "JSON-RPC response without `result`: {}",
            short(envelope)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(url: &str) -> AgentCard {
        serde_json::from_value(json!({"name": "a", "url": url})).unwrap()
    }

    #[test]
    fn card_paths_keep_the_endpoint_path() {
        let base = Url::parse("http://host:8080/agent").unwrap();
        assert_eq!(
            join_keeping_path(&base, ".well-known/agent-card.json").as_str(),
            "http://host:8080/agent/.well-known/agent-card.json"
        );
        let root = Url::parse("http://host:8080").unwrap();
        assert_eq!(
            join_keeping_path(&root, ".well-known/agent.json").as_str(),
            "http://host:8080/.well-known/agent.json"
        );
    }

    #[test]
    fn loopback_or_wildcard_card_urls_fall_back_to_the_endpoint() {
        let endpoint = Url::parse("http://agent.internal:9019/").unwrap();
        for advertised in [
            "http://0.0.0.0:9019/",
            "http://localhost:9019/",
            "http://127.0.0.1:8000/",
            "http://[::]:9019/",
        ] {
            assert_eq!(
                choose_rpc_url(&card(advertised), &endpoint),
                endpoint,
                "{advertised}"
            );
        }
        let remote = "http://other.example:9019/rpc";
        assert_eq!(choose_rpc_url(&card(remote), &endpoint).as_str(), remote);
        let local = Url::parse("http://127.0.0.1:9019/").unwrap();
        assert_eq!(
            choose_rpc_url(&card("http://127.0.0.1:9019/a2a"), &local).as_str(),
            "http://127.0.0.1:9019/a2a"
        );
        assert_eq!(choose_rpc_url(&card("not a url"), &local), local);
    }

    #[test]
    fn json_rpc_errors_and_missing_results_are_typed() {
        let error = result_of(
            &json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "nope"}}),
        )
        .unwrap_err();
        assert!(matches!(error, A2aError::JsonRpc { code: -32601, .. }));
        assert!(matches!(
            result_of(&json!({"jsonrpc": "2.0", "id": 1})).unwrap_err(),
            A2aError::BadReply(_)
        ));
    }
}
