//! The video judge: shows a vision-language model frames of an episode's
//! video with the task's criteria and reads six ratings back (SPEC §6).
//!
//! The parts: [`sample`] picks and encodes frames from the MP4,
//! [`prompt`] writes the question, [`client`] asks any OpenAI-compatible
//! chat-completions server (retries, timeouts), [`parse`] reads the
//! answer, [`cache`] keeps answers in the run folder so no question is
//! paid for twice, and [`eval`] is the saved verdict.

pub mod cache;
pub mod client;
pub mod eval;
pub mod parse;
pub mod prompt;
pub mod sample;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::scenario::{JudgeConfig, JudgeMode};
use crate::suite::Criteria;
use cache::{AnswerCache, CachedAnswer, KeyParts};
use client::{ChatClient, ChatRequest, ChatSettings};
use eval::{JudgeStatus, VideoEval, EVAL_VERSION};
use sample::{data_url, sample_video, SampleOptions};

/// JPEG quality of the frames sent to the judge (SPEC §6).
pub const FRAME_JPEG_QUALITY: u8 = 85;

/// Whether a run has a judge, and if not, why.
pub enum JudgeSetup {
    Ready(Judge),
    /// No judge: the reason, said in the results.
    Absent(String),
}

/// What the judge is asked about one episode.
pub struct Question<'a> {
    pub task_name: &'a str,
    pub task_text: &'a str,
    pub criteria: Option<&'a Criteria>,
    pub video: &'a Path,
}

/// A configured judge, shared by the episodes of a run.
#[derive(Clone)]
pub struct Judge {
    client: Arc<ChatClient>,
    config: JudgeConfig,
    rating_prompt: Arc<str>,
    cache: AnswerCache,
    permits: Arc<Semaphore>,
}

impl JudgeSetup {
    /// Sets the judge up from `config`, reading the key from the variable
    /// it names through `lookup`. `Err` only when `mode = "on"` and the
    /// judge cannot run.
    pub fn new(
        config: &JudgeConfig,
        rating_prompt: Option<&str>,
        run_dir: &Path,
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<JudgeSetup, String> {
        if config.mode == JudgeMode::Off {
            return Ok(JudgeSetup::Absent("the judge is off".into()));
        }
        let key = if config.api_key_env.is_empty() {
            None
        } else {
            match lookup(&config.api_key_env).filter(|k| !k.trim().is_empty()) {
                Some(key) => Some(key),
                None => {
                    let reason = format!(
                        "`{}` is not set, so the video judge did not run",
                        config.api_key_env
                    );
                    return match config.mode {
                        JudgeMode::On => Err(format!(
                            "{reason}; set it, or run with --judge off (for a server without a key, set `config.judge.api_key_env = \"\"`)"
                        )),
                        _ => Ok(JudgeSetup::Absent(reason)),
                    };
                }
            }
        };
        let client = ChatClient::new(ChatSettings {
            base_url: config.base_url.clone(),
            model: config.model.clone(),
            api_key: key,
            timeout: Duration::from_secs_f64(config.timeout_s),
            max_attempts: config.max_attempts,
            backoff: Duration::from_secs(1),
            max_retry_after: Duration::from_secs(60),
        })
        .map_err(|e| format!("the judge cannot start: {e}"))?;
        Ok(JudgeSetup::Ready(Judge {
            client: Arc::new(client),
            config: config.clone(),
            rating_prompt: rating_prompt
                .unwrap_or(prompt::BUILT_IN_RATING_PROMPT)
                .into(),
            cache: AnswerCache::in_run(run_dir),
            permits: Arc::new(Semaphore::new(config.concurrency as usize)),
        }))
    }
}

impl Judge {
    pub fn model(&self) -> &str {
        &self.config.model
    }

    /// Rates one episode. With `ask_again`, a cached answer is not used
    /// (the new answer replaces it). Never fails: problems become a
    /// verdict without ratings.
    pub async fn rate(&self, question: &Question<'_>, ask_again: bool) -> VideoEval {
        let model = self.config.model.clone();
        let fail = |status, reason: String| VideoEval::without_ratings(status, &model, reason);
        if !question.video.exists() {
            return fail(
                JudgeStatus::NoVideo,
                format!("{} does not exist", question.video.display()),
            );
        }
        let Ok(_permit) = self.permits.acquire().await else {
            return fail(JudgeStatus::Failed, "the judge was shut down".into());
        };
        let video: PathBuf = question.video.to_path_buf();
        let options = SampleOptions {
            stride: self.config.frame_stride,
            max_frames: self.config.max_frames,
            jpeg_quality: FRAME_JPEG_QUALITY,
        };
        let sampled = tokio::task::spawn_blocking(move || {
            let digest = crate::digest::file_sha256(&video).map_err(|e| e.to_string())?;
            let sampled = sample_video(&video, &options).map_err(|e| e.to_string())?;
            Ok::<_, String>((digest, sampled))
        })
        .await;
        let (video_sha256, sampled) = match sampled {
            Ok(Ok(done)) => done,
            Ok(Err(message)) => return fail(JudgeStatus::NoVideo, message),
            Err(e) => return fail(JudgeStatus::Failed, format!("frame sampling failed: {e}")),
        };
        let task_message =
            prompt::task_message(question.task_name, question.task_text, question.criteria);
        let settings = format!(
            "stride={} max_frames={} quality={FRAME_JPEG_QUALITY} temperature={} top_p={} seed={:?}",
            sampled.stride,
            self.config.max_frames,
            self.config.temperature,
            self.config.top_p,
            self.config.seed
        );
        let key = AnswerCache::key(&KeyParts {
            video_sha256: &video_sha256,
            model: &model,
            system: &self.rating_prompt,
            task_message: &task_message,
            settings: &settings,
        });
        let frames_sent = sampled.frames.len() as u64;
        let (answer, attempts, cached) = match self.cache.get(&key).filter(|_| !ask_again) {
            Some(answer) => (answer, 0, true),
            None => {
                let request = ChatRequest {
                    system: self.rating_prompt.to_string(),
                    user_texts: vec![task_message],
                    image_urls: sampled.frames.iter().map(|f| data_url(&f.jpeg)).collect(),
                    temperature: self.config.temperature,
                    top_p: self.config.top_p,
                    seed: self.config.seed,
                    max_tokens: None,
                };
                match self.client.complete(&request).await {
                    Ok(answer) => {
                        let cached = CachedAnswer {
                            key: key.clone(),
                            model: answer.model.clone(),
                            text: answer.text,
                            usage: answer.usage,
                            frames_sent,
                            total_frames: sampled.total_frames,
                            stride: sampled.stride,
                        };
                        // A cache that cannot be written only costs a later re-ask.
                        let _ = self.cache.put(&cached);
                        (cached, answer.attempts, false)
                    }
                    Err(error) => return fail(JudgeStatus::Failed, error.to_string()),
                }
            }
        };
        let mut verdict = VideoEval {
            version: EVAL_VERSION,
            status: JudgeStatus::Rated,
            reason: None,
            model: answer.model.clone(),
            ratings: Default::default(),
            evidence: Default::default(),
            missing: Vec::new(),
            raw_answer: Some(answer.text.clone()),
            usage: answer.usage,
            cost_usd: self.config.price.map(|price| {
                (answer.usage.prompt_tokens as f64 * price.input_per_million
                    + answer.usage.completion_tokens as f64 * price.output_per_million)
                    / 1e6
            }),
            frames_sent: answer.frames_sent,
            total_frames: answer.total_frames,
            stride: answer.stride,
            attempts,
            cached,
            cache_key: Some(key),
        };
        match parse::parse_answer(&answer.text) {
            Ok(parsed) => {
                verdict.ratings = parsed.ratings;
                verdict.evidence = parsed.evidence;
                verdict.missing = parsed.missing;
            }
            Err(unparseable) => {
                verdict.status = JudgeStatus::Unparseable;
                verdict.reason = Some(unparseable.to_string());
            }
        }
        verdict
    }
}
