//! Flags shared by `mcu run` and `mcu score`: the video judge's overrides
//! and the scoring profile.

use clap::{Args, ValueEnum};

use mcu::scenario::{JudgeMode, JudgeOverrides, ScoringProfile};

/// `--judge`.
#[derive(Clone, Copy, ValueEnum)]
pub enum JudgeArg {
    Auto,
    On,
    Off,
}

/// `--profile`.
#[derive(Clone, Copy, ValueEnum)]
pub enum ProfileArg {
    Seed,
    #[value(name = "agentbeats-v1")]
    AgentbeatsV1,
}

impl From<ProfileArg> for ScoringProfile {
    fn from(arg: ProfileArg) -> ScoringProfile {
        match arg {
            ProfileArg::Seed => ScoringProfile::Seed,
            ProfileArg::AgentbeatsV1 => ScoringProfile::AgentbeatsV1,
        }
    }
}

/// Overrides of `[config.judge]`.
#[derive(Args)]
pub struct JudgeFlags {
    /// Video judge: auto (when its key is set), on (a missing key is an
    /// error), off (no judge).
    #[arg(long, value_enum)]
    judge: Option<JudgeArg>,
    /// Judge model (overrides `config.judge.model`).
    #[arg(long, value_name = "MODEL")]
    judge_model: Option<String>,
    /// Judge server, an OpenAI-compatible base URL such as
    /// http://127.0.0.1:11434/v1 (overrides `config.judge.base_url`).
    #[arg(long, value_name = "URL")]
    judge_url: Option<String>,
    /// The environment variable holding the judge's key; "" for a server
    /// without keys (overrides `config.judge.api_key_env`).
    #[arg(long, value_name = "NAME")]
    judge_key_env: Option<String>,
}

impl JudgeFlags {
    pub fn overrides(&self) -> JudgeOverrides {
        JudgeOverrides {
            mode: self.judge.map(|arg| match arg {
                JudgeArg::Auto => JudgeMode::Auto,
                JudgeArg::On => JudgeMode::On,
                JudgeArg::Off => JudgeMode::Off,
            }),
            model: self.judge_model.clone(),
            base_url: self.judge_url.clone(),
            api_key_env: self.judge_key_env.clone(),
        }
    }
}
