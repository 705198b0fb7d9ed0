//! A client for OpenAI-compatible chat-completions servers (OpenAI, vLLM,
//! Ollama, llama.cpp), used to show an episode's frames to a
//! vision-language judge. It builds the request (system prompt, text
//! messages, one message of `data:` image URLs), retries rate limits,
//! server errors, timeouts and connection failures with exponential backoff
//! or the server's `Retry-After`, and keeps the API key out of every error
//! message and debug print.

use std::fmt;
use std::time::Duration;

use bytes::Bytes;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::excerpt;

/// The text that introduces the frames in the image message.
const FRAMES_INTRO: &str = "Frames from the episode, in order:";
/// How much of a server's error body an error message quotes (characters).
const BODY_EXCERPT_CHARS: usize = 300;
/// Largest answer body read (bytes); a chat answer is a few kilobytes.
const MAX_ANSWER_BYTES: usize = 4 * 1024 * 1024;
/// What replaces the API key wherever a server echoes it.
const KEY_MASK: &str = "***";

/// Where and how to reach the judge model.
#[derive(Clone)]
pub struct ChatSettings {
    /// The API root, e.g. `https://api.openai.com/v1` or
    /// `http://localhost:11434/v1`; with or without a trailing slash.
    pub base_url: String,
    pub model: String,
    /// Sent as `Authorization: Bearer KEY` when set and not blank
    /// (surrounding whitespace is dropped).
    pub api_key: Option<String>,
    /// Longest wait for one request, answer body included.
    pub timeout: Duration,
    /// Requests made in total before giving up (at least 1).
    pub max_attempts: u32,
    /// Wait before the first retry; doubles for each later one.
    pub backoff: Duration,
    /// Longest wait honoured from a `Retry-After` header.
    pub max_retry_after: Duration,
}

impl ChatSettings {
    /// Settings with the defaults: 120 s per request, 3 attempts, 1 s first
    /// backoff, `Retry-After` capped at 60 s.
    pub fn new(base_url: &str, model: &str, api_key: Option<String>) -> ChatSettings {
        ChatSettings {
            base_url: base_url.to_string(),
            model: model.to_string(),
            api_key,
            timeout: Duration::from_secs(120),
            max_attempts: 3,
            backoff: Duration::from_secs(1),
            max_retry_after: Duration::from_secs(60),
        }
    }
}

impl fmt::Debug for ChatSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChatSettings")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| KEY_MASK))
            .field("timeout", &self.timeout)
            .field("max_attempts", &self.max_attempts)
            .field("backoff", &self.backoff)
            .field("max_retry_after", &self.max_retry_after)
            .finish()
    }
}

/// One question to the judge.
#[derive(Debug, Clone)]
pub struct ChatRequest {
    pub system: String,
    /// Each becomes its own user message, in order.
    pub user_texts: Vec<String>,
    /// `data:image/jpeg;base64,…` URLs, sent in one final user message
    /// (left out when empty).
    pub image_urls: Vec<String>,
    pub temperature: f64,
    pub top_p: f64,
    pub seed: Option<i64>,
    pub max_tokens: Option<u32>,
}

/// The judge's answer.
#[derive(Debug, Clone)]
pub struct ChatAnswer {
    pub text: String,
    /// The model as the server reported it (often a dated snapshot name).
    pub model: String,
    pub usage: Usage,
    /// Requests made, the successful one included.
    pub attempts: u32,
}

/// Token counts as reported by the server (zero when it reports none).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Usage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub total_tokens: u64,
}

/// Why no answer came back. Messages never contain the API key.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    #[error("{}", status_message(*status, body, *attempts))]
    Status {
        status: u16,
        /// A short excerpt of the server's error, key masked.
        body: String,
        attempts: u32,
    },
    #[error(
        "the judge server did not answer within {after:?} ({attempts} attempt(s)); \
         check that it is running and not overloaded, or allow a longer timeout"
    )]
    Timeout { after: Duration, attempts: u32 },
    #[error(
        "could not reach the judge server: {message} ({attempts} attempt(s)); \
         check `base_url` and that the server is running"
    )]
    Transport { message: String, attempts: u32 },
    #[error("the judge server's answer could not be read: {message}")]
    BadResponse { message: String },
    #[error("invalid judge settings: {message}")]
    Settings { message: String },
}

fn status_message(status: u16, body: &str, attempts: u32) -> String {
    let advice = match status {
        401 | 403 => {
            "check the API key in the environment variable named by `api_key_env` \
             in [config.judge]"
        }
        404 => "check `base_url` (most servers want it to end in /v1) and `model`",
        429 => "the server is rate limiting; wait a while, then resume the run",
        400 | 413 | 422 => "check that `model` accepts images and the request size",
        500..=599 => "the server failed; try again later",
        _ => "check the judge settings in [config.judge]",
    };
    format!("the judge server answered HTTP {status} ({attempts} attempt(s)): {body}; {advice}")
}

/// A pooled connection to one chat-completions server.
pub struct ChatClient {
    http: reqwest::Client,
    endpoint: String,
    settings: ChatSettings,
}

impl fmt::Debug for ChatClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChatClient")
            .field("endpoint", &self.endpoint)
            .field("settings", &self.settings)
            .finish()
    }
}

impl ChatClient {
    /// Checks the settings and prepares the HTTP client. A blank key counts
    /// as no key.
    pub fn new(mut settings: ChatSettings) -> Result<ChatClient, ChatError> {
        settings.api_key = settings
            .api_key
            .map(|key| key.trim().to_string())
            .filter(|key| !key.is_empty());
        let endpoint = completions_endpoint(&settings.base_url)?;
        if settings.model.trim().is_empty() {
            return Err(settings_error("`model` is empty"));
        }
        if settings.max_attempts == 0 {
            return Err(settings_error("`max_attempts` must be at least 1"));
        }
        let http = reqwest::Client::builder()
            .default_headers(auth_headers(settings.api_key.as_deref())?)
            .connect_timeout(settings.timeout.min(Duration::from_secs(10)))
            .build()
            .map_err(|error| settings_error(&error_chain(&error)))?;
        Ok(ChatClient {
            http,
            endpoint,
            settings,
        })
    }

    /// Sends `request`, retrying 429, 5xx, timeouts and connection failures
    /// up to `max_attempts` requests in total.
    pub async fn complete(&self, request: &ChatRequest) -> Result<ChatAnswer, ChatError> {
        let body = Bytes::from(request_body(&self.settings.model, request).to_string());
        let mut attempt = 1;
        loop {
            match self.send_once(body.clone()).await {
                Ok(answer) => return self.read_answer(&answer, attempt),
                Err(failure) if failure.is_retryable() && attempt < self.settings.max_attempts => {
                    tokio::time::sleep(self.wait_before_retry(attempt, &failure)).await;
                    attempt += 1;
                }
                Err(failure) => return Err(self.error_for(failure, attempt)),
            }
        }
    }

    async fn send_once(&self, body: Bytes) -> Result<Bytes, Failure> {
        let response = self
            .http
            .post(&self.endpoint)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .timeout(self.settings.timeout)
            .body(body)
            .send()
            .await
            .map_err(Failure::from_reqwest)?;
        let status = response.status();
        if status.is_success() {
            return read_limited(response).await;
        }
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|value| value.to_str().ok())
            .and_then(parse_retry_after);
        let body = read_limited(response).await.unwrap_or_default();
        Err(Failure::Status {
            status: status.as_u16(),
            body: error_text(&body),
            retry_after,
        })
    }

    /// `Retry-After` when the server sent one (capped), else the backoff
    /// for the `attempt` that just failed.
    fn wait_before_retry(&self, attempt: u32, failure: &Failure) -> Duration {
        match failure {
            Failure::Status {
                retry_after: Some(wait),
                ..
            } => (*wait).min(self.settings.max_retry_after),
            _ => backoff_wait(self.settings.backoff, attempt),
        }
    }

    fn read_answer(&self, body: &[u8], attempts: u32) -> Result<ChatAnswer, ChatError> {
        parse_answer(body, &self.settings.model, attempts).map_err(|message| {
            ChatError::BadResponse {
                message: self.mask_key(&message),
            }
        })
    }

    fn error_for(&self, failure: Failure, attempts: u32) -> ChatError {
        match failure {
            Failure::Status { status, body, .. } => ChatError::Status {
                status,
                body: excerpt::text(&self.mask_key(&body), BODY_EXCERPT_CHARS),
                attempts,
            },
            Failure::Timeout => ChatError::Timeout {
                after: self.settings.timeout,
                attempts,
            },
            Failure::Transport(message) => ChatError::Transport {
                message: self.mask_key(&message),
                attempts,
            },
            Failure::TooLarge => ChatError::BadResponse {
                message: format!("the answer is larger than {MAX_ANSWER_BYTES} bytes"),
            },
        }
    }

    /// `text` with every occurrence of the key replaced by `***`; done
    /// before any cutting so no part of the key survives.
    fn mask_key(&self, text: &str) -> String {
        match &self.settings.api_key {
            Some(key) => text.replace(key.as_str(), KEY_MASK),
            None => text.to_string(),
        }
    }
}

/// What one request ended with, before it becomes a [`ChatError`].
#[derive(Debug)]
enum Failure {
    Status {
        status: u16,
        body: String,
        retry_after: Option<Duration>,
    },
    Timeout,
    Transport(String),
    TooLarge,
}

impl Failure {
    fn from_reqwest(error: reqwest::Error) -> Failure {
        if error.is_timeout() {
            Failure::Timeout
        } else {
            Failure::Transport(error_chain(&error.without_url()))
        }
    }

    fn is_retryable(&self) -> bool {
        match self {
            Failure::Status { status, .. } => *status == 429 || (500..=599).contains(status),
            Failure::Timeout | Failure::Transport(_) => true,
            Failure::TooLarge => false,
        }
    }
}

fn settings_error(message: &str) -> ChatError {
    ChatError::Settings {
        message: message.to_string(),
    }
}

/// `{base_url}/chat/completions`, whether or not `base_url` ends in `/`.
fn completions_endpoint(base_url: &str) -> Result<String, ChatError> {
    let base = base_url.trim().trim_end_matches('/');
    let parsed = url::Url::parse(base)
        .map_err(|error| settings_error(&format!("`base_url` `{base}` is not a URL: {error}")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(settings_error(&format!(
            "`base_url` `{base}` must start with http:// or https://"
        )));
    }
    Ok(format!("{base}/chat/completions"))
}

fn auth_headers(api_key: Option<&str>) -> Result<reqwest::header::HeaderMap, ChatError> {
    let mut headers = reqwest::header::HeaderMap::new();
    if let Some(key) = api_key {
        let mut value =
            reqwest::header::HeaderValue::from_str(&format!("Bearer {key}")).map_err(|_| {
                settings_error(
                    "the API key contains characters not allowed in an HTTP header; \
                     check the variable named by `api_key_env`",
                )
            })?;
        value.set_sensitive(true);
        headers.insert(reqwest::header::AUTHORIZATION, value);
    }
    Ok(headers)
}

/// The chat-completions JSON body for `request`.
fn request_body(model: &str, request: &ChatRequest) -> Value {
    let mut messages = vec![json!({"role": "system", "content": request.system})];
    for text in &request.user_texts {
        messages.push(json!({"role": "user", "content": text}));
    }
    if !request.image_urls.is_empty() {
        messages.push(frames_message(&request.image_urls));
    }
    let mut body = json!({
        "model": model,
        "messages": messages,
        "temperature": request.temperature,
        "top_p": request.top_p,
    });
    if let Some(seed) = request.seed {
        body["seed"] = json!(seed);
    }
    if let Some(max_tokens) = request.max_tokens {
        body["max_tokens"] = json!(max_tokens);
    }
    body
}

fn frames_message(image_urls: &[String]) -> Value {
    let mut parts = vec![json!({"type": "text", "text": FRAMES_INTRO})];
    for url in image_urls {
        parts.push(json!({"type": "image_url", "image_url": {"url": url}}));
    }
    json!({"role": "user", "content": parts})
}

/// The wait before retry number `attempt` (1 for the first):
/// `backoff · 2^(attempt-1)`, saturating.
fn backoff_wait(backoff: Duration, attempt: u32) -> Duration {
    let factor = 2u32.saturating_pow(attempt.saturating_sub(1));
    backoff.saturating_mul(factor)
}

/// A `Retry-After` value: whole (or fractional) seconds, or an HTTP date
/// (a date in the past means no wait).
fn parse_retry_after(value: &str) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<f64>() {
        return Duration::try_from_secs_f64(seconds).ok();
    }
    let when = jiff::fmt::rfc2822::DateTimeParser::new()
        .parse_timestamp(value)
        .ok()?;
    let wait = when.duration_since(jiff::Timestamp::now());
    Some(Duration::try_from(wait).unwrap_or(Duration::ZERO))
}

/// The body of `response`, refusing more than [`MAX_ANSWER_BYTES`].
async fn read_limited(mut response: reqwest::Response) -> Result<Bytes, Failure> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(Failure::from_reqwest)? {
        if body.len() + chunk.len() > MAX_ANSWER_BYTES {
            return Err(Failure::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(Bytes::from(body))
}

/// The message of an OpenAI-style `{"error": {"message": …}}` body, else
/// the body as text.
fn error_text(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let message =
        serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|value| match &value["error"] {
                Value::String(message) => Some(message.clone()),
                error => error["message"].as_str().map(str::to_string),
            });
    message.unwrap_or_else(|| text.trim().to_string())
}

#[derive(Deserialize)]
struct WireAnswer {
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    choices: Vec<WireChoice>,
    #[serde(default)]
    usage: Option<Usage>,
}

#[derive(Deserialize)]
struct WireChoice {
    message: WireMessage,
}

#[derive(Deserialize)]
struct WireMessage {
    #[serde(default)]
    content: Value,
    #[serde(default)]
    refusal: Option<String>,
}

/// Reads a chat-completions answer; `requested_model` stands in when the
/// server reports none.
fn parse_answer(body: &[u8], requested_model: &str, attempts: u32) -> Result<ChatAnswer, String> {
    let value: Value = serde_json::from_slice(body).map_err(|error| {
        let text = String::from_utf8_lossy(body);
        format!(
            "not JSON ({error}): {}",
            excerpt::text(&text, BODY_EXCERPT_CHARS)
        )
    })?;
    if value.get("error").is_some() && value.get("choices").is_none() {
        return Err(format!(
            "the server reported an error: {}",
            error_text(body)
        ));
    }
    let wire: WireAnswer =
        serde_json::from_value(value).map_err(|error| format!("not a chat completion: {error}"))?;
    let Some(choice) = wire.choices.into_iter().next() else {
        return Err("the answer has no choices".to_string());
    };
    Ok(ChatAnswer {
        text: message_text(choice.message)?,
        model: wire.model.unwrap_or_else(|| requested_model.to_string()),
        usage: wire.usage.unwrap_or_default(),
        attempts,
    })
}

/// The message content: a string, or an array of parts whose `text`
/// parts are joined by newlines.
fn message_text(message: WireMessage) -> Result<String, String> {
    match message.content {
        Value::String(text) => Ok(text),
        Value::Array(parts) => Ok(parts
            .iter()
            .filter(|part| part["type"] == "text")
            .filter_map(|part| part["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n")),
        Value::Null => Err(match message.refusal {
            Some(refusal) => format!("the model refused: {}", excerpt::text(&refusal, 200)),
            None => "the answer has no message content".to_string(),
        }),
        other => Err(format!(
            "the message content is neither text nor parts: {}",
            excerpt::json(&other, 100)
        )),
    }
}

/// `error` and its causes, joined by `: `.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "sk-unit-test-secret-0123456789";

    fn settings(base_url: &str, api_key: Option<&str>) -> ChatSettings {
        ChatSettings::new(base_url, "gpt-4o", api_key.map(str::to_string))
    }

    fn request(images: usize) -> ChatRequest {
        ChatRequest {
            system: "Rate the episode.".into(),
            user_texts: vec!["Task: craft planks".into(), "Criteria: ...".into()],
            image_urls: (0..images)
                .map(|i| format!("data:image/jpeg;base64,AAA{i}"))
                .collect(),
            temperature: 0.0,
            top_p: 1.0,
            seed: Some(42),
            max_tokens: None,
        }
    }

    #[test]
    fn endpoint_joins_with_or_without_trailing_slash() {
        for base in ["http://h:1/v1", "http://h:1/v1/", " http://h:1/v1// "] {
            assert_eq!(
                completions_endpoint(base).unwrap(),
                "http://h:1/v1/chat/completions"
            );
        }
    }

    #[test]
    fn endpoint_rejects_non_http_urls() {
        assert!(matches!(
            completions_endpoint("localhost:8000/v1"),
            Err(ChatError::Settings { .. })
        ));
        assert!(completions_endpoint("not a url").is_err());
    }

    #[test]
    fn new_rejects_empty_model_and_zero_attempts() {
        let mut no_model = settings("http://h/v1", None);
        no_model.model = " ".into();
        assert!(matches!(
            ChatClient::new(no_model),
            Err(ChatError::Settings { .. })
        ));
        let mut zero = settings("http://h/v1", None);
        zero.max_attempts = 0;
        assert!(ChatClient::new(zero).is_err());
    }

    #[test]
    fn key_with_a_newline_is_refused_without_quoting_it() {
        let error = ChatClient::new(settings("http://h/v1", Some("sk-a\nb"))).unwrap_err();
        assert!(!error.to_string().contains("sk-a"), "{error}");
    }

    #[test]
    fn debug_prints_never_show_the_key() {
        let client = ChatClient::new(settings("http://h/v1", Some(KEY))).unwrap();
        let printed = format!("{client:?} {:?}", settings("http://h/v1", Some(KEY)));
        assert!(!printed.contains(KEY), "{printed}");
        assert!(printed.contains("***"), "{printed}");
    }

    #[test]
    fn body_has_system_texts_and_one_frames_message() {
        let body = request_body("gpt-4o", &request(2));
        assert_eq!(body["model"], "gpt-4o");
        assert_eq!(body["temperature"], 0.0);
        assert_eq!(body["top_p"], 1.0);
        assert_eq!(body["seed"], 42);
        assert!(body.get("max_tokens").is_none());
        let messages = body["messages"].as_array().unwrap();
        assert_eq!(messages.len(), 4);
        assert_eq!(messages[0]["role"], "system");
        assert_eq!(messages[0]["content"], "Rate the episode.");
        assert_eq!(messages[1]["content"], "Task: craft planks");
        assert_eq!(messages[2]["content"], "Criteria: ...");
        let parts = messages[3]["content"].as_array().unwrap();
        assert_eq!(parts[0], json!({"type": "text", "text": FRAMES_INTRO}));
        assert_eq!(
            parts[2],
            json!({"type": "image_url", "image_url": {"url": "data:image/jpeg;base64,AAA1"}})
        );
        assert_eq!(parts.len(), 3);
    }

    #[test]
    fn body_leaves_out_unset_seed_and_empty_frames_but_keeps_max_tokens() {
        let mut plain = request(0);
        plain.seed = None;
        plain.max_tokens = Some(500);
        let body = request_body("m", &plain);
        assert!(body.get("seed").is_none());
        assert_eq!(body["max_tokens"], 500);
        assert_eq!(body["messages"].as_array().unwrap().len(), 3);
    }

    #[test]
    fn backoff_doubles_per_attempt() {
        let base = Duration::from_secs(1);
        assert_eq!(backoff_wait(base, 1), Duration::from_secs(1));
        assert_eq!(backoff_wait(base, 2), Duration::from_secs(2));
        assert_eq!(backoff_wait(base, 3), Duration::from_secs(4));
        // Saturates instead of overflowing.
        assert!(backoff_wait(base, 200) >= backoff_wait(base, 32));
    }

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        assert_eq!(parse_retry_after("7"), Some(Duration::from_secs(7)));
        assert_eq!(parse_retry_after(" 0.5 "), Some(Duration::from_millis(500)));
        assert_eq!(
            parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"),
            Some(Duration::ZERO)
        );
        let later = jiff::Timestamp::now() + jiff::SignedDuration::from_secs(3600);
        let date = jiff::fmt::rfc2822::DateTimePrinter::new()
            .timestamp_to_rfc9110_string(&later)
            .unwrap();
        let wait = parse_retry_after(&date).unwrap();
        assert!(wait > Duration::from_secs(3000) && wait <= Duration::from_secs(3600));
        assert_eq!(parse_retry_after("soon"), None);
        assert_eq!(parse_retry_after("-3"), None);
    }

    #[test]
    fn retry_after_is_capped_and_backoff_used_without_it() {
        let mut chosen = settings("http://h/v1", None);
        chosen.max_retry_after = Duration::from_secs(60);
        let client = ChatClient::new(chosen).unwrap();
        let limited = |retry_after| Failure::Status {
            status: 429,
            body: String::new(),
            retry_after,
        };
        let long = limited(Some(Duration::from_secs(3600)));
        assert_eq!(client.wait_before_retry(1, &long), Duration::from_secs(60));
        let short = limited(Some(Duration::from_secs(2)));
        assert_eq!(client.wait_before_retry(1, &short), Duration::from_secs(2));
        assert_eq!(
            client.wait_before_retry(3, &limited(None)),
            Duration::from_secs(4)
        );
        assert_eq!(
            client.wait_before_retry(2, &Failure::Timeout),
            Duration::from_secs(2)
        );
    }

    #[test]
    fn only_rate_limits_server_errors_and_network_failures_are_retried() {
        let status = |status| Failure::Status {
            status,
            body: String::new(),
            retry_after: None,
        };
        for retried in [429, 500, 502, 503] {
            assert!(status(retried).is_retryable(), "{retried}");
        }
        for final_status in [400, 401, 403, 404, 422] {
            assert!(!status(final_status).is_retryable(), "{final_status}");
        }
        assert!(Failure::Timeout.is_retryable());
        assert!(Failure::Transport("reset".into()).is_retryable());
        assert!(!Failure::TooLarge.is_retryable());
    }

    #[test]
    fn answer_reads_text_model_and_usage() {
        let body = json!({
            "id": "chatcmpl-1", "object": "chat.completion", "created": 1,
            "model": "gpt-4o-2024-08-06",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": "Crafted: 9"}}],
            "usage": {"prompt_tokens": 900, "completion_tokens": 12, "total_tokens": 912}
        });
        let answer = parse_answer(body.to_string().as_bytes(), "gpt-4o", 2).unwrap();
        assert_eq!(answer.text, "Crafted: 9");
        assert_eq!(answer.model, "gpt-4o-2024-08-06");
        assert_eq!(
            answer.usage,
            Usage {
                prompt_tokens: 900,
                completion_tokens: 12,
                total_tokens: 912
            }
        );
        assert_eq!(answer.attempts, 2);
    }

    #[test]
    fn answer_accepts_text_parts_and_missing_model_or_usage() {
        let body = json!({"choices": [{"message": {"role": "assistant", "content": [
            {"type": "text", "text": "A: 3"}, {"type": "other"}, {"type": "text", "text": "B: 4"}]}}],
            "usage": {"prompt_tokens": 5}});
        let answer = parse_answer(body.to_string().as_bytes(), "llava", 1).unwrap();
        assert_eq!(answer.text, "A: 3\nB: 4");
        assert_eq!(answer.model, "llava");
        assert_eq!(answer.usage.prompt_tokens, 5);
        assert_eq!(answer.usage.total_tokens, 0);
    }

    #[test]
    fn malformed_answers_are_bad_responses_with_a_reason() {
        let cases = [
            ("<html>oops</html>", "not JSON"),
            (r#"{"choices": []}"#, "no choices"),
            (
                r#"{"error": {"message": "model overloaded"}}"#,
                "model overloaded",
            ),
            (
                r#"{"choices": [{"message": {"content": null, "refusal": "no"}}]}"#,
                "refused",
            ),
            (
                r#"{"choices": [{"message": {"content": 5}}]}"#,
                "neither text",
            ),
            (r#"{"choices": 3}"#, "not a chat completion"),
        ];
        for (body, reason) in cases {
            let error = parse_answer(body.as_bytes(), "m", 1).unwrap_err();
            assert!(error.contains(reason), "{body}: {error}");
        }
    }

    #[test]
    fn status_errors_mask_the_key_and_give_advice() {
        let client = ChatClient::new(settings("http://h/v1", Some(KEY))).unwrap();
        let echoed = format!("Incorrect API key provided: {KEY}. {}", "x".repeat(400));
        let failure = Failure::Status {
            status: 401,
            body: echoed,
            retry_after: None,
        };
        let error = client.error_for(failure, 1);
        let message = error.to_string();
        assert!(!message.contains(KEY), "{message}");
        assert!(!message.contains("sk-unit"), "{message}");
        assert!(
            message.contains("***") && message.contains("api_key_env"),
            "{message}"
        );
        let missing = Failure::Status {
            status: 404,
            body: "no such model".into(),
            retry_after: None,
        };
        let message = client.error_for(missing, 1).to_string();
        assert!(
            message.contains("base_url") && message.contains("model"),
            "{message}"
        );
    }

    #[test]
    fn error_text_prefers_the_openai_error_message() {
        let body = br#"{"error": {"message": "Rate limit reached", "type": "requests"}}"#;
        assert_eq!(error_text(body), "Rate limit reached");
        assert_eq!(error_text(br#"{"error": "plain"}"#), "plain");
        assert_eq!(error_text(b" Bad Gateway \n"), "Bad Gateway");
    }
}
