//! `[config.judge]`: the video judge — any OpenAI-compatible
//! chat-completions server — and how episodes are shown to it.

use serde::{Deserialize, Serialize};

/// Whether the judge runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum JudgeMode {
    /// When its key is available (or no key is needed: `api_key_env = ""`).
    #[default]
    Auto,
    /// Always; a missing key is an error before the run starts.
    On,
    /// Never; scores are the simulation part alone.
    Off,
}

/// Prices for cost accounting, in US dollars per million tokens.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct JudgePrice {
    pub input_per_million: f64,
    pub output_per_million: f64,
}

/// `[config.judge]`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct JudgeConfig {
    pub mode: JudgeMode,
    pub base_url: String,
    pub model: String,
    /// The name of the environment variable holding the key (never the
    /// key); empty for servers that need none.
    pub api_key_env: String,
    /// Send every Nth frame; unset: every 20th below 1200 frames, else every 60th.
    pub frame_stride: Option<u32>,
    /// At most this many frames per episode (spread evenly).
    pub max_frames: u32,
    pub temperature: f64,
    pub top_p: f64,
    pub seed: Option<i64>,
    /// Longest wait for one answer, in seconds.
    pub timeout_s: f64,
    /// Tries per episode (429, 5xx and timeouts are retried).
    pub max_attempts: u32,
    /// Judge requests in flight at once.
    pub concurrency: u32,
    pub price: Option<JudgePrice>,
}

impl Default for JudgeConfig {
    fn default() -> Self {
        JudgeConfig {
            mode: JudgeMode::Auto,
            base_url: "https://api.openai.com/v1".into(),
            model: "gpt-4o".into(),
            api_key_env: "OPENAI_API_KEY".into(),
            frame_stride: None,
            max_frames: 200,
            temperature: 0.0,
            top_p: 1.0,
            seed: Some(42),
            timeout_s: 120.0,
            max_attempts: 3,
            concurrency: 2,
            price: None,
        }
    }
}

/// Command-line overrides of `[config.judge]`.
#[derive(Debug, Clone, Default)]
pub struct JudgeOverrides {
    pub mode: Option<JudgeMode>,
    pub model: Option<String>,
    pub base_url: Option<String>,
    /// The name of the key's variable (`""`: no key).
    pub api_key_env: Option<String>,
}

impl JudgeOverrides {
    /// Applies the overrides; a bad URL is an error naming the flag.
    pub fn apply(&self, config: &mut JudgeConfig) -> Result<(), String> {
        if let Some(mode) = self.mode {
            config.mode = mode;
        }
        if let Some(model) = &self.model {
            config.model = model.clone();
        }
        if let Some(name) = &self.api_key_env {
            config.api_key_env = name.clone();
        }
        if let Some(url) = &self.base_url {
            super::check_http_url(url).map_err(|e| format!("--judge-url: {e}"))?;
            config.base_url = url.clone();
        }
        Ok(())
    }
}

impl JudgeConfig {
    pub(super) fn validate(&self) -> Result<(), String> {
        let key = |name: &str| format!("`config.judge.{name}`");
        if self.frame_stride == Some(0) {
            return Err(format!("{} must be at least 1", key("frame_stride")));
        }
        if self.max_frames == 0 {
            return Err(format!("{} must be at least 1", key("max_frames")));
        }
        if !(0.0..=2.0).contains(&self.temperature) {
            return Err(format!("{} must be from 0 to 2", key("temperature")));
        }
        if !(self.top_p > 0.0 && self.top_p <= 1.0) {
            return Err(format!("{} must be > 0 and at most 1", key("top_p")));
        }
        if !(self.timeout_s.is_finite() && self.timeout_s > 0.0) {
            return Err(format!("{} must be > 0 seconds", key("timeout_s")));
        }
        if self.max_attempts == 0 || self.concurrency == 0 {
            return Err(format!(
                "{} and {} must be at least 1",
                key("max_attempts"),
                key("concurrency")
            ));
        }
        if let Some(price) = self.price {
            if !(price.input_per_million >= 0.0 && price.output_per_million >= 0.0) {
                return Err(format!("{} must not be negative", key("price")));
            }
        }
        Ok(())
    }
}
