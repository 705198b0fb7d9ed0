//! The judge's verdict on one episode, as saved in
//! `<task>/video_eval_result.json`: the ratings, the raw answer, what was
//! sent, what it cost — or why there is no verdict.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::client::Usage;
use super::parse::Rating;
use crate::suite::Criterion;

/// The verdict's file name inside an episode folder.
pub const EVAL_FILE: &str = "video_eval_result.json";
/// The version of the verdict format.
pub const EVAL_VERSION: u32 = 1;

/// Whether the judge produced ratings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JudgeStatus {
    /// The answer was parsed into ratings.
    Rated,
    /// The model answered, but no rating could be read from it.
    Unparseable,
    /// The request failed (HTTP error, timeout) after its retries.
    Failed,
    /// The episode has no video to show.
    NoVideo,
}

impl JudgeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            JudgeStatus::Rated => "rated",
            JudgeStatus::Unparseable => "unparseable",
            JudgeStatus::Failed => "failed",
            JudgeStatus::NoVideo => "no_video",
        }
    }
}

/// `video_eval_result.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VideoEval {
    pub version: u32,
    pub status: JudgeStatus,
    /// Why there are no ratings (for every status but `rated`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub model: String,
    pub ratings: BTreeMap<Criterion, Rating>,
    pub evidence: BTreeMap<Criterion, String>,
    /// Criteria the answer did not rate.
    pub missing: Vec<Criterion>,
    /// The answer exactly as the model gave it.
    pub raw_answer: Option<String>,
    pub usage: Usage,
    /// From `[config.judge.price]`, when given.
    pub cost_usd: Option<f64>,
    pub frames_sent: u64,
    pub total_frames: u64,
    pub stride: u64,
    /// Requests made for this verdict (0 when it came from the cache).
    pub attempts: u32,
    pub cached: bool,
    pub cache_key: Option<String>,
}

impl VideoEval {
    /// A verdict without ratings.
    pub fn without_ratings(status: JudgeStatus, model: &str, reason: String) -> VideoEval {
        VideoEval {
            version: EVAL_VERSION,
            status,
            reason: Some(reason),
            model: model.to_string(),
            ratings: BTreeMap::new(),
            evidence: BTreeMap::new(),
            missing: Vec::new(),
            raw_answer: None,
            usage: Usage::default(),
            cost_usd: None,
            frames_sent: 0,
            total_frames: 0,
            stride: 0,
            attempts: 0,
            cached: false,
            cache_key: None,
        }
    }

    /// The ratings to score with, when there are any.
    pub fn usable_ratings(&self) -> Option<&BTreeMap<Criterion, Rating>> {
        (self.status == JudgeStatus::Rated).then_some(&self.ratings)
    }

    /// Reads a saved verdict; `None` when absent or unreadable.
    pub fn read(episode_dir: &Path) -> Option<VideoEval> {
        let text = std::fs::read_to_string(episode_dir.join(EVAL_FILE)).ok()?;
        serde_json::from_str(&text).ok()
    }
}
