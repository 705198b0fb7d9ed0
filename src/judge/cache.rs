//! The judge's answer cache, kept in the run folder (`judge_cache/`): one
//! file per question, keyed by everything that shapes the answer — the
//! video's bytes, the model, the prompt and criteria, the frame sampling
//! and the sampling settings. Re-scoring a run asks only questions it has
//! not asked before.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::client::Usage;
use crate::atomic::write_json_atomic;
use crate::digest::sha256_of_parts;

/// Folder of the cache inside a run folder.
pub const CACHE_DIR: &str = "judge_cache";

/// A cached answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CachedAnswer {
    pub key: String,
    pub model: String,
    pub text: String,
    pub usage: Usage,
    pub frames_sent: u64,
    pub total_frames: u64,
    pub stride: u64,
}

/// The cache of one run folder.
#[derive(Debug, Clone)]
pub struct AnswerCache {
    dir: PathBuf,
}

/// Everything a cache key is made of.
pub struct KeyParts<'a> {
    pub video_sha256: &'a str,
    pub model: &'a str,
    pub system: &'a str,
    pub task_message: &'a str,
    /// Frame sampling and model sampling settings, as text.
    pub settings: &'a str,
}

impl AnswerCache {
    pub fn in_run(run_dir: &Path) -> AnswerCache {
        AnswerCache {
            dir: run_dir.join(CACHE_DIR),
        }
    }

    /// The key of one question.
    pub fn key(parts: &KeyParts) -> String {
        sha256_of_parts([
            parts.video_sha256,
            parts.model,
            parts.system,
            parts.task_message,
            parts.settings,
        ])
    }

    pub fn get(&self, key: &str) -> Option<CachedAnswer> {
        let text = std::fs::read_to_string(self.path(key)).ok()?;
        serde_json::from_str::<CachedAnswer>(&text)
            .ok()
            .filter(|answer| answer.key == key)
    }

    pub fn put(&self, answer: &CachedAnswer) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        write_json_atomic(&self.path(&answer.key), answer)
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.json"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts<'a>(model: &'a str, settings: &'a str) -> KeyParts<'a> {
        KeyParts {
            video_sha256: "abc",
            model,
            system: "rate it",
            task_message: "Task: x",
            settings,
        }
    }

    #[test]
    fn keys_change_with_any_part_and_answers_round_trip() {
        let key = AnswerCache::key(&parts("gpt-4o", "stride=20"));
        assert_eq!(key, AnswerCache::key(&parts("gpt-4o", "stride=20")));
        assert_ne!(key, AnswerCache::key(&parts("gpt-4o-mini", "stride=20")));
        assert_ne!(key, AnswerCache::key(&parts("gpt-4o", "stride=60")));

        let dir = tempfile::tempdir().unwrap();
        let cache = AnswerCache::in_run(dir.path());
        assert!(cache.get(&key).is_none());
        let answer = CachedAnswer {
            key: key.clone(),
            model: "gpt-4o".into(),
            text: "Task Progress: 5".into(),
            usage: Usage::default(),
            frames_sent: 3,
            total_frames: 41,
            stride: 20,
        };
        cache.put(&answer).unwrap();
        assert_eq!(cache.get(&key), Some(answer));
    }
}
