//! Judging a recorded episode: the judge rates its video and the verdict
//! is saved beside it as `video_eval_result.json`. Used while a run plays
//! and by `mcu score`.

use std::path::Path;

use super::record::EpisodeRecord;
use crate::atomic::write_json_atomic;
use crate::judge::eval::{JudgeStatus, VideoEval, EVAL_FILE};
use crate::judge::{Judge, Question};

/// Rates the episode in `episode_dir` (a cached answer is reused unless
/// `ask_again`) and saves the verdict; `no_video` when recording was off,
/// `None` when it has no video for another reason. A verdict that cannot
/// be saved comes back as `failed`, saying why.
pub async fn judge_episode(
    judge: &Judge,
    episode_dir: &Path,
    record: &EpisodeRecord,
    ask_again: bool,
) -> Option<VideoEval> {
    let eval = if record.files.video_off {
        VideoEval::without_ratings(
            JudgeStatus::NoVideo,
            judge.model(),
            "no video was recorded (`config.video = false`)".into(),
        )
    } else {
        let video = episode_dir.join(record.files.video.as_ref()?);
        judge
            .rate(
                &Question {
                    task_name: &record.task.name,
                    task_text: &record.task.text,
                    criteria: record.task.criteria.as_ref(),
                    video: &video,
                },
                ask_again,
            )
            .await
    };
    let path = episode_dir.join(EVAL_FILE);
    Some(match write_json_atomic(&path, &eval) {
        Ok(()) => eval,
        Err(e) => VideoEval::without_ratings(
            JudgeStatus::Failed,
            &eval.model,
            format!("cannot write {}: {e}", path.display()),
        ),
    })
}
