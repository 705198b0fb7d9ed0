//! The video subscriber: streams each episode's frames into
//! `<task>/episode_1.mp4` as the episode plays (nothing is buffered beyond
//! the event channel), and finishes the file when the episode ends.

use std::collections::HashMap;

use super::event::{OutputProblem, RunEvent, Subscriber};
use crate::sim::RECORD_SIZE;
use crate::video::VideoRecorder;

/// The video's file name inside an episode folder.
pub const VIDEO_FILE: &str = "episode_1.mp4";
/// Frames per second: the game's tick rate, one frame per step.
pub const VIDEO_FPS: u32 = 20;

/// Records one video per episode.
#[derive(Default)]
pub struct VideoSubscriber {
    recording: HashMap<usize, VideoRecorder>,
}

fn problem(error: impl std::fmt::Display) -> OutputProblem {
    OutputProblem {
        output: "video",
        message: error.to_string(),
    }
}

impl Subscriber for VideoSubscriber {
    fn on_event(&mut self, event: &RunEvent) -> Result<(), OutputProblem> {
        match event {
            RunEvent::EpisodeStarted { episode, .. } => {
                let (width, height) = RECORD_SIZE;
                let recorder =
                    VideoRecorder::create(&episode.dir.join(VIDEO_FILE), width, height, VIDEO_FPS)
                        .map_err(problem)?;
                self.recording.insert(episode.index, recorder);
                Ok(())
            }
            RunEvent::Frame { episode, image } => {
                let Some(recorder) = self.recording.get_mut(&episode.index) else {
                    return Ok(());
                };
                match recorder.push(image) {
                    Ok(()) => Ok(()),
                    Err(error) => {
                        // One report per episode: stop recording it.
                        self.recording.remove(&episode.index);
                        Err(problem(error))
                    }
                }
            }
            RunEvent::EpisodeEnding { episode } => match self.recording.remove(&episode.index) {
                // An episode without frames (its agent never started) has no video.
                Some(recorder) if recorder.frame_count() == 0 => Ok(()),
                Some(recorder) => recorder.finish().map(drop).map_err(problem),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }
}
