//! Scenario files: which purple agent to evaluate, on which tasks, how.
//!
//! The format is the AgentBeats one (`[green_agent]`, `[[participants]]`,
//! `[config]`) with mcu's own `[config]` keys; every key and its default is
//! documented in the README. Loading checks syntax (with line and column),
//! unknown keys (with a "did you mean"), types and values, then expands
//! `${VAR}` references from the environment.

mod expand;
mod judge;
mod keys;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use expand::expand;
pub use judge::{JudgeConfig, JudgeMode, JudgeOverrides, JudgePrice};

/// A scenario as written, with defaults filled in and variables expanded.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Scenario {
    /// Accepted for compatibility with AgentBeats scenarios; `mcu run` is the green agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub green_agent: Option<toml::Table>,
    #[serde(default)]
    pub participants: Vec<Participant>,
    #[serde(default)]
    pub config: RunConfig,
}

/// A purple agent taking part.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Participant {
    /// The participant's role (AgentBeats scenarios use `role` or `name`).
    #[serde(alias = "name")]
    pub role: String,
    /// Where its A2A server listens, e.g. `http://127.0.0.1:9019`.
    pub endpoint: Option<String>,
    /// A shell command that starts the agent; `mcu run` starts and stops it.
    pub cmd: Option<String>,
    /// The agent's id on agentbeats.dev, used in leaderboard results.
    pub agentbeats_id: Option<String>,
    /// Extra environment for `cmd`.
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// How long a `cmd` agent may take to serve its card (default 120 s).
    pub startup_timeout_s: Option<f64>,
}

/// How long a `cmd` agent may take to come up when the scenario does not say.
pub const DEFAULT_STARTUP_TIMEOUT_S: f64 = 120.0;

impl Participant {
    /// The startup timeout, default applied.
    pub fn startup_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(
            self.startup_timeout_s.unwrap_or(DEFAULT_STARTUP_TIMEOUT_S),
        )
    }
}

/// The most attempts per task a run may ask for.
pub const MAX_ATTEMPTS: u32 = 1000;

/// The `[config]` table.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct RunConfig {
    /// Categories or aliases; empty means every category but the long-horizon tasks.
    #[serde(deserialize_with = "one_or_many")]
    pub task_category: Vec<String>,
    /// Task names or globs, added to the categories' tasks.
    #[serde(deserialize_with = "one_or_many")]
    pub task_names: Vec<String>,
    /// The task suite folder (either layout), relative to the scenario file.
    pub tasks: Option<PathBuf>,
    /// Step budget for short tasks (default 900).
    pub max_steps: Option<u32>,
    /// Step budget for long-horizon tasks (default 12000).
    pub max_steps_long: Option<u32>,
    pub seed: u64,
    /// How many times each task is played, each attempt in its own world.
    pub attempts: u32,
    /// Episodes played at once.
    pub jobs: u32,
    /// Size of the observation images sent to the agent.
    pub obs_size: ObsSize,
    /// JPEG quality of observations, 1–100 (default 85). With `obs_size`
    /// equal to the render size (640×360 with video, any size without),
    /// frames are sent as rendered, not scaled; 100 keeps them nearly
    /// lossless for agents that want every pixel.
    pub obs_jpeg_quality: u8,
    /// How long one agent reply may take.
    pub step_timeout_s: f64,
    pub simulator: SimulatorKind,
    pub scoring: ScoringProfile,
    /// End an episode as soon as its reward config is fully paid.
    pub stop_on_success: bool,
    /// Send JPEGs with red and blue swapped, as the reference green agent
    /// does, for agents that decode with OpenCV and expect that.
    pub swap_red_blue: bool,
    /// Record each episode's video (`false`: no video, and frames are
    /// rendered at `obs_size` only, which is faster).
    pub video: bool,
    pub judge: JudgeConfig,
    /// Which part of a sharded run this is (0-based), with `num_shards`.
    pub shard_index: u32,
    /// Into how many runs the selected tasks are split (`mcu merge` joins them).
    pub num_shards: u32,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            task_category: Vec::new(),
            task_names: Vec::new(),
            tasks: None,
            max_steps: None,
            max_steps_long: None,
            seed: 0,
            attempts: 1,
            jobs: 1,
            obs_size: ObsSize {
                width: 128,
                height: 128,
            },
            obs_jpeg_quality: crate::frames::OBS_JPEG_QUALITY,
            step_timeout_s: 60.0,
            simulator: SimulatorKind::Embedded,
            scoring: ScoringProfile::Seed,
            stop_on_success: false,
            swap_red_blue: false,
            video: true,
            judge: JudgeConfig::default(),
            shard_index: 0,
            num_shards: 1,
        }
    }
}

impl RunConfig {
    /// Checks `attempts`.
    pub fn check_attempts(&self) -> Result<(), String> {
        if !(1..=MAX_ATTEMPTS).contains(&self.attempts) {
            return Err(format!(
                "`config.attempts` must be from 1 to {MAX_ATTEMPTS}, found {}",
                self.attempts
            ));
        }
        Ok(())
    }

    /// Checks `shard_index` and `num_shards` together.
    pub fn check_shard(&self) -> Result<(), String> {
        if self.num_shards == 0 {
            return Err("`config.num_shards` must be at least 1".into());
        }
        if self.shard_index >= self.num_shards {
            return Err(format!(
                "`config.shard_index` is {}, but shards are numbered 0 to {} (`num_shards` = {})",
                self.shard_index,
                self.num_shards - 1,
                self.num_shards
            ));
        }
        Ok(())
    }

    /// Whether attempt `attempt` (from 1) of the task at `position` of the
    /// selection belongs to this shard: shards take every `num_shards`-th
    /// episode (tasks in selection order, each with its attempts), so each
    /// gets a mix of categories and the split depends only on the selection.
    pub fn in_shard(&self, position: usize, attempt: u32) -> bool {
        let episode = position * self.attempts.max(1) as usize + (attempt as usize - 1);
        episode % self.num_shards.max(1) as usize == self.shard_index as usize
    }

    /// Checks `video` against the judge: without videos there is nothing
    /// to rate, so a judge that must run is a contradiction.
    pub fn check_video(&self) -> Result<(), String> {
        if !self.video && self.judge.mode == JudgeMode::On {
            return Err(
                "`config.video = false` leaves the judge no video to rate, but `config.judge.mode` is \"on\"; set it to \"off\" or record the video".into(),
            );
        }
        Ok(())
    }

    /// The step budget of `task` under this config.
    pub fn max_steps_for(&self, task: &crate::suite::Task) -> u32 {
        let configured = if task.is_long() {
            self.max_steps_long
        } else {
            self.max_steps
        };
        configured.unwrap_or_else(|| task.default_max_steps())
    }
}

/// Which simulator plays the tasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SimulatorKind {
    /// The built-in voxel world.
    Embedded,
    /// Real Minecraft 1.16.5 through MineStudio.
    Minestudio,
}

/// How task scores are computed (SPEC §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum ScoringProfile {
    #[serde(rename = "seed")]
    Seed,
    #[serde(rename = "agentbeats-v1")]
    AgentbeatsV1,
}

impl ScoringProfile {
    pub fn as_str(self) -> &'static str {
        match self {
            ScoringProfile::Seed => "seed",
            ScoringProfile::AgentbeatsV1 => "agentbeats-v1",
        }
    }
}

/// Width and height in pixels, written `"128x128"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObsSize {
    pub width: u32,
    pub height: u32,
}

impl FromStr for ObsSize {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let parse = |part: &str| {
            part.trim()
                .parse::<u32>()
                .ok()
                .filter(|v| (16..=4096).contains(v))
        };
        match text.split_once(['x', 'X']) {
            Some((w, h)) => match (parse(w), parse(h)) {
                (Some(width), Some(height)) => Ok(ObsSize { width, height }),
                _ => Err(format!(
                    "`{text}`: width and height must be whole numbers from 16 to 4096"
                )),
            },
            None => Err(format!(
                "`{text}` is not a size; write it as WIDTHxHEIGHT, e.g. \"128x128\""
            )),
        }
    }
}

impl fmt::Display for ObsSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl<'de> Deserialize<'de> for ObsSize {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl Serialize for ObsSize {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

fn one_or_many<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match OneOrMany::deserialize(deserializer)? {
        OneOrMany::One(one) => vec![one],
        OneOrMany::Many(many) => many,
    })
}

/// Why a scenario could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    #[error("{path}: cannot read: {source}", path = .path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}:{line}:{column}: {message}", path = .path.display())]
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: {message}", path = .path.display())]
    Invalid { path: PathBuf, message: String },
}

impl Scenario {
    /// Reads, checks and expands the scenario at `path`, looking `${VAR}`s
    /// up in the process environment.
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let text = std::fs::read_to_string(path).map_err(|source| ScenarioError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Scenario::parse(&text, path, &|name| std::env::var(name).ok())
    }

    /// Parses scenario `text`; `path` is used for messages and to resolve
    /// the relative `tasks` folder.
    pub fn parse(
        text: &str,
        path: &Path,
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<Scenario, ScenarioError> {
        let syntax = |error: toml::de::Error| {
            let (line, column) = error
                .span()
                .map(|span| line_column(text, span.start))
                .unwrap_or((1, 1));
            let source_line = text.lines().nth(line - 1).unwrap_or("").trim();
            ScenarioError::Syntax {
                path: path.to_path_buf(),
                line,
                column,
                message: format!("{} (in `{source_line}`)", error.message()),
            }
        };
        let invalid = |message: String| ScenarioError::Invalid {
            path: path.to_path_buf(),
            message,
        };

        let document: toml::Table = toml::from_str(text).map_err(syntax)?;
        let unknown = keys::unknown(&document);
        if !unknown.is_empty() {
            return Err(invalid(unknown.join("\n  ")));
        }
        let mut scenario: Scenario = toml::from_str(text).map_err(syntax)?;
        scenario.expand_variables(lookup).map_err(invalid)?;
        scenario.validate().map_err(invalid)?;
        if let Some(tasks) = &scenario.config.tasks {
            if tasks.is_relative() {
                let base = path.parent().unwrap_or(Path::new("."));
                scenario.config.tasks = Some(base.join(tasks));
            }
        }
        Ok(scenario)
    }

    /// The one purple agent `mcu run` evaluates.
    pub fn agent(&self) -> Option<&Participant> {
        self.participants.first()
    }

    fn expand_variables(&mut self, lookup: &impl Fn(&str) -> Option<String>) -> Result<(), String> {
        let at = |key: String| move |error: String| format!("`{key}`: {error}");
        for (index, participant) in self.participants.iter_mut().enumerate() {
            for (name, value) in [
                ("endpoint", &mut participant.endpoint),
                ("cmd", &mut participant.cmd),
                ("agentbeats_id", &mut participant.agentbeats_id),
            ] {
                if let Some(value) = value {
                    *value = expand(value, lookup)
                        .map_err(at(format!("participants[{index}].{name}")))?;
                }
            }
            for (name, value) in participant.env.iter_mut() {
                *value = expand(value, lookup)
                    .map_err(at(format!("participants[{index}].env.{name}")))?;
            }
        }
        let judge = &mut self.config.judge;
        for (name, value) in [
            ("base_url", &mut judge.base_url),
            ("model", &mut judge.model),
            ("api_key_env", &mut judge.api_key_env),
        ] {
            *value = expand(value, lookup).map_err(at(format!("config.judge.{name}")))?;
        }
        if let Some(tasks) = &self.config.tasks {
            let expanded =
                expand(&tasks.to_string_lossy(), lookup).map_err(at("config.tasks".into()))?;
            self.config.tasks = Some(PathBuf::from(expanded));
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), String> {
        let config = &self.config;
        for (key, value) in [
            ("max_steps", config.max_steps),
            ("max_steps_long", config.max_steps_long),
        ] {
            if value == Some(0) {
                return Err(format!("`config.{key}` must be at least 1"));
            }
        }
        if config.jobs == 0 {
            return Err("`config.jobs` must be at least 1".into());
        }
        config.check_attempts()?;
        config.check_shard()?;
        if !(1..=100).contains(&config.obs_jpeg_quality) {
            return Err(format!(
                "`config.obs_jpeg_quality` must be from 1 to 100, found {}",
                config.obs_jpeg_quality
            ));
        }
        if !(config.step_timeout_s.is_finite() && config.step_timeout_s > 0.0) {
            return Err(format!(
                "`config.step_timeout_s` must be > 0 seconds, found {}",
                config.step_timeout_s
            ));
        }
        let mut roles: Vec<&str> = Vec::new();
        for (index, participant) in self.participants.iter().enumerate() {
            if participant.role.trim().is_empty() {
                return Err(format!("`participants[{index}].role` is empty"));
            }
            if roles.contains(&participant.role.as_str()) {
                return Err(format!(
                    "two participants have the role `{}`",
                    participant.role
                ));
            }
            roles.push(&participant.role);
            if let Some(timeout) = participant.startup_timeout_s {
                if !(timeout.is_finite() && timeout > 0.0 && timeout <= 86_400.0) {
                    return Err(format!(
                        "`participants[{index}].startup_timeout_s` must be > 0 and at most a day (86400), found {timeout}"
                    ));
                }
            }
            if let Some(endpoint) = &participant.endpoint {
                check_http_url(endpoint)
                    .map_err(|e| format!("`participants[{index}].endpoint`: {e}"))?;
            }
        }
        config.check_video()?;
        check_http_url(&config.judge.base_url)
            .map_err(|e| format!("`config.judge.base_url`: {e}"))?;
        config.judge.validate()
    }
}

fn check_http_url(text: &str) -> Result<(), String> {
    let rest = text
        .strip_prefix("http://")
        .or_else(|| text.strip_prefix("https://"))
        .ok_or_else(|| format!("`{text}` is not an http:// or https:// URL"))?;
    if rest.is_empty() || rest.starts_with('/') {
        return Err(format!("`{text}` has no host"));
    }
    Ok(())
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map(|i| i + 1).unwrap_or(0) + 1;
    (line, column)
}
