//! The episode record: one structured, versioned JSON document per played
//! task (`<task>/episode.json`), holding everything needed to report and
//! re-score the episode without playing it again — the task as it was
//! configured, the init commands' fate, the agent's handshake, the
//! simulation reward with the step of every payout, failure counts,
//! latency, timings and the files written beside it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::protocol::FailureKind;
use crate::reward::Payout;
use crate::sim::{CommandOutcome, Statistics};
use crate::stats::LatencySummary;
use crate::suite::{Criteria, RewardEntry, RewardKind, Task};

/// The version of the record format; bumped on incompatible changes.
pub const RECORD_VERSION: u32 = 1;

/// How an episode ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EpisodeStatus {
    /// The reward config was paid in full.
    Success,
    /// Part of the reward config was paid.
    Partial,
    /// Nothing was paid.
    Zero,
    /// The task has no simulation reward; only the video judge can score it.
    NoSimReward,
    /// The agent refused the task or answered init with something unusable.
    AgentInitFailed,
    /// The agent stopped answering (connection refused, timeouts in a row).
    AgentUnreachable,
    /// mcu itself failed (simulator, video, disk); `error` says how.
    Error,
    /// The run was stopped (Ctrl-C) while this episode played.
    Interrupted,
}

impl EpisodeStatus {
    pub const ALL: [EpisodeStatus; 8] = [
        EpisodeStatus::Success,
        EpisodeStatus::Partial,
        EpisodeStatus::Zero,
        EpisodeStatus::NoSimReward,
        EpisodeStatus::AgentInitFailed,
        EpisodeStatus::AgentUnreachable,
        EpisodeStatus::Error,
        EpisodeStatus::Interrupted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EpisodeStatus::Success => "success",
            EpisodeStatus::Partial => "partial",
            EpisodeStatus::Zero => "zero",
            EpisodeStatus::NoSimReward => "no_sim_reward",
            EpisodeStatus::AgentInitFailed => "agent_init_failed",
            EpisodeStatus::AgentUnreachable => "agent_unreachable",
            EpisodeStatus::Error => "error",
            EpisodeStatus::Interrupted => "interrupted",
        }
    }

    /// Whether the episode has a result that `--resume` keeps. An agent
    /// failure is a result; an mcu error or an interruption is not.
    pub fn is_final(self) -> bool {
        !matches!(self, EpisodeStatus::Error | EpisodeStatus::Interrupted)
    }

    /// Whether the episode played to its end (its status says what it
    /// earned, and re-scoring may change it).
    pub fn played_to_the_end(self) -> bool {
        matches!(
            self,
            EpisodeStatus::Success
                | EpisodeStatus::Partial
                | EpisodeStatus::Zero
                | EpisodeStatus::NoSimReward
        )
    }

    /// The status of an episode that played to its end, from what it earned.
    pub fn from_reward(kind: RewardKind, earned: f64, max: f64) -> EpisodeStatus {
        if kind == RewardKind::Judge || max <= 0.0 {
            EpisodeStatus::NoSimReward
        } else if earned >= max {
            EpisodeStatus::Success
        } else if earned > 0.0 {
            EpisodeStatus::Partial
        } else {
            EpisodeStatus::Zero
        }
    }
}

impl std::fmt::Display for EpisodeStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The task as it was configured when the episode played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskSnapshot {
    pub name: String,
    pub category: String,
    pub text: String,
    pub reward_kind: RewardKind,
    pub rewards: Vec<RewardEntry>,
    pub init_commands: Vec<String>,
    pub max_steps: u32,
    /// SHA-256 of the task file, hex.
    pub file_sha256: String,
    /// The judge's criteria for the task, when the suite has them.
    pub criteria: Option<Criteria>,
}

impl TaskSnapshot {
    pub fn of(task: &Task, max_steps: u32, file_sha256: String) -> TaskSnapshot {
        TaskSnapshot {
            name: task.name.clone(),
            category: task.category.clone(),
            text: task.text.clone(),
            reward_kind: task.reward_kind,
            rewards: task.rewards.clone(),
            init_commands: task.init_commands.clone(),
            max_steps,
            file_sha256,
            criteria: task.criteria.clone(),
        }
    }

    /// The most the simulation part can pay.
    pub fn max_sim_reward(&self) -> f64 {
        self.rewards.iter().map(RewardEntry::max_total).sum()
    }
}

/// The agent's answer to the init message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentInit {
    pub ok: bool,
    pub latency_us: u64,
    /// The reply as received, when there was one.
    pub received: Option<String>,
    /// Why it was not usable.
    pub failure: Option<String>,
}

/// One payout, with the step that earned it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepPayout {
    pub step: u64,
    #[serde(flatten)]
    pub payout: Payout,
}

/// The first step at which a milestone (a reward identity) paid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Milestone {
    pub identity: String,
    /// `None` when it was never reached.
    pub step: Option<u64>,
}

/// The simulation part of the outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimOutcome {
    pub earned: f64,
    pub max: f64,
    pub payouts: Vec<StepPayout>,
    /// Long-horizon tasks: each milestone, in config order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub milestones: Vec<Milestone>,
}

impl SimOutcome {
    /// Earned over max, 0 when nothing could be earned.
    pub fn fraction(&self) -> f64 {
        if self.max > 0.0 {
            (self.earned / self.max).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

/// Wall-clock facts about the episode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// RFC 3339.
    pub started_at: String,
    pub wall_s: f64,
    /// Steps per second of wall time, agent included.
    pub steps_per_s: f64,
}

/// The files written for the episode, relative to its folder.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EpisodeFiles {
    /// The video file; `None` when nothing was recorded.
    pub video: Option<String>,
    /// Recording was turned off (`config.video = false`): `video` is
    /// `None` by design, and the judge's verdict is `no_video`.
    #[serde(default)]
    pub video_off: bool,
    pub video_frames: u64,
    pub trajectory: Option<String>,
}

impl EpisodeFiles {
    /// Whether the judge gives the episode a verdict: it has a video to
    /// rate, or recording was off (the verdict is then `no_video`).
    pub fn judged(&self) -> bool {
        self.video.is_some() || self.video_off
    }
}

/// Everything about one played episode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EpisodeRecord {
    pub version: u32,
    pub task: TaskSnapshot,
    /// The world seed (from the scenario seed and the task name).
    pub world_seed: u64,
    pub status: EpisodeStatus,
    /// What went wrong, for `error`, `agent_init_failed` and `agent_unreachable`.
    pub error: Option<String>,
    /// Steps played (observations answered or failed).
    pub steps: u64,
    pub init_commands: Vec<CommandOutcomeRecord>,
    pub agent_init: AgentInit,
    pub sim: SimOutcome,
    /// Step failures by kind.
    pub failures: BTreeMap<FailureKind, u32>,
    /// Steps answered with each action form.
    pub forms: BTreeMap<String, u32>,
    pub latency: LatencySummary,
    pub baseline_statistics: Statistics,
    pub final_statistics: Statistics,
    pub timing: Timing,
    pub files: EpisodeFiles,
}

/// An init command and what happened to it, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandOutcomeRecord {
    pub command: String,
    /// `accepted`, `rejected` or `unsupported`.
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl From<&CommandOutcome> for CommandOutcomeRecord {
    fn from(outcome: &CommandOutcome) -> Self {
        use crate::sim::CommandStatus;
        let (status, reason) = match &outcome.status {
            CommandStatus::Accepted => ("accepted", None),
            CommandStatus::Rejected { reason } => ("rejected", Some(reason.clone())),
            CommandStatus::Unsupported { reason } => ("unsupported", Some(reason.clone())),
        };
        CommandOutcomeRecord {
            command: outcome.command.clone(),
            status: status.into(),
            reason,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_from_reward() {
        use EpisodeStatus::*;
        assert_eq!(
            EpisodeStatus::from_reward(RewardKind::Sim, 2.0, 2.0),
            Success
        );
        assert_eq!(
            EpisodeStatus::from_reward(RewardKind::Sim, 1.0, 2.0),
            Partial
        );
        assert_eq!(
            EpisodeStatus::from_reward(RewardKind::Milestone, 0.0, 5.0),
            Zero
        );
        assert_eq!(
            EpisodeStatus::from_reward(RewardKind::Judge, 0.0, 0.0),
            NoSimReward
        );
        assert!(AgentUnreachable.is_final() && AgentInitFailed.is_final());
        assert!(!Error.is_final() && !Interrupted.is_final());
        for status in EpisodeStatus::ALL {
            let json = serde_json::to_string(&status).unwrap();
            assert_eq!(json, format!("\"{status}\""));
        }
    }
}
