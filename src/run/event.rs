//! The run's event stream. The episode loop only emits events; everything
//! that writes or shows something — the progress display, the trajectory
//! writer, the video recorder, the results writer — is a [`Subscriber`].
//!
//! Subscribers run on one output thread, in registration order, so an
//! episode's video encoding overlaps with the next step's rendering. The
//! channel is bounded, which bounds the frames held in memory. At the end
//! of an episode the loop asks the output thread to close that episode's
//! files and waits for the problems it met, so the episode record can say
//! whether its video and trajectory were written.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

use image::RgbImage;

use super::record::EpisodeRecord;
use super::trajectory::StepRecord;
use crate::judge::eval::VideoEval;
use crate::scoring::TaskScore;

/// Which episode an event belongs to.
#[derive(Debug, Clone)]
pub struct EpisodeRef {
    /// Position in the run's task list.
    pub index: usize,
    pub name: Arc<str>,
    /// The episode's folder inside the run folder.
    pub dir: Arc<Path>,
}

/// A task as the run plans it.
#[derive(Debug, Clone)]
pub struct PlannedTask {
    pub name: String,
    pub max_steps: u32,
    /// The score of a result kept from an earlier attempt (`--resume`).
    pub kept: Option<TaskScore>,
}

/// Something that happened in a run.
#[derive(Debug, Clone)]
pub enum RunEvent {
    RunStarted {
        run_dir: PathBuf,
        tasks: Arc<Vec<PlannedTask>>,
    },
    EpisodeStarted {
        episode: EpisodeRef,
        max_steps: u32,
    },
    /// A frame at recording size: one after reset, then one after each step.
    Frame {
        episode: EpisodeRef,
        image: Arc<RgbImage>,
    },
    Step {
        episode: EpisodeRef,
        step: Arc<StepRecord>,
    },
    /// The episode played its last step; outputs close its files.
    EpisodeEnding {
        episode: EpisodeRef,
    },
    /// The episode's record is written.
    EpisodeRecorded {
        episode: EpisodeRef,
        record: Arc<EpisodeRecord>,
    },
    /// The judge's verdict on an episode is saved.
    EpisodeJudged {
        episode: EpisodeRef,
        eval: Arc<VideoEval>,
    },
    /// A task will not run (the run is stopping).
    EpisodeSkipped {
        episode: EpisodeRef,
    },
    RunFinished {
        interrupted: bool,
    },
}

impl RunEvent {
    fn episode_index(&self) -> Option<usize> {
        match self {
            RunEvent::EpisodeStarted { episode, .. }
            | RunEvent::Frame { episode, .. }
            | RunEvent::Step { episode, .. }
            | RunEvent::EpisodeEnding { episode }
            | RunEvent::EpisodeRecorded { episode, .. }
            | RunEvent::EpisodeJudged { episode, .. }
            | RunEvent::EpisodeSkipped { episode } => Some(episode.index),
            RunEvent::RunStarted { .. } | RunEvent::RunFinished { .. } => None,
        }
    }
}

/// An output that could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputProblem {
    /// Which output: `video`, `trajectory`, `results`, …
    pub output: &'static str,
    pub message: String,
}

impl std::fmt::Display for OutputProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.output, self.message)
    }
}

/// Reacts to run events.
pub trait Subscriber: Send {
    fn on_event(&mut self, event: &RunEvent) -> Result<(), OutputProblem>;
}

enum Envelope {
    Event(RunEvent),
    /// Reply with the problems met for this episode so far.
    Drain(usize, SyncSender<Vec<OutputProblem>>),
}

/// The output thread and its subscribers.
pub struct EventBus {
    sender: Option<SyncSender<Envelope>>,
    worker: Option<JoinHandle<Vec<OutputProblem>>>,
}

/// A cheap handle for emitting events from any thread.
#[derive(Clone)]
pub struct Emitter {
    sender: SyncSender<Envelope>,
}

/// Events in flight at most; bounds the frames held in memory.
const CHANNEL_CAPACITY: usize = 16;

impl EventBus {
    pub fn start(subscribers: Vec<Box<dyn Subscriber>>) -> EventBus {
        let (sender, receiver) = mpsc::sync_channel(CHANNEL_CAPACITY);
        let worker = std::thread::Builder::new()
            .name("mcu-outputs".into())
            .spawn(move || dispatch(receiver, subscribers))
            .ok();
        EventBus {
            sender: Some(sender),
            worker,
        }
    }

    pub fn emitter(&self) -> Emitter {
        Emitter {
            sender: self
                .sender
                .clone()
                .expect("the bus is open until close() consumes it"),
        }
    }

    /// Delivers everything pending, stops the output thread and returns the
    /// problems not tied to an episode (and any never drained).
    pub fn close(mut self) -> Vec<OutputProblem> {
        self.sender.take();
        match self.worker.take().map(JoinHandle::join) {
            Some(Ok(problems)) => problems,
            Some(Err(_)) => vec![thread_died()],
            None => vec![OutputProblem {
                output: "outputs",
                message: "the output thread could not be started".into(),
            }],
        }
    }
}

impl Emitter {
    /// Queues an event; waits only when the output thread is behind.
    pub fn emit(&self, event: RunEvent) {
        // A closed channel means the output thread died; `end_episode`
        // reports that.
        let _ = self.sender.send(Envelope::Event(event));
    }

    /// Tells the outputs the episode is over and returns the problems they
    /// met writing it.
    pub fn end_episode(&self, episode: &EpisodeRef) -> Vec<OutputProblem> {
        self.emit(RunEvent::EpisodeEnding {
            episode: episode.clone(),
        });
        let (reply, answer) = mpsc::sync_channel(1);
        if self
            .sender
            .send(Envelope::Drain(episode.index, reply))
            .is_err()
        {
            return vec![thread_died()];
        }
        answer.recv().unwrap_or_else(|_| vec![thread_died()])
    }
}

fn thread_died() -> OutputProblem {
    OutputProblem {
        output: "outputs",
        message: "the output thread stopped unexpectedly".into(),
    }
}

fn dispatch(
    receiver: Receiver<Envelope>,
    mut subscribers: Vec<Box<dyn Subscriber>>,
) -> Vec<OutputProblem> {
    let mut by_episode: HashMap<usize, Vec<OutputProblem>> = HashMap::new();
    let mut run_level = Vec::new();
    for envelope in receiver {
        match envelope {
            Envelope::Event(event) => {
                for subscriber in subscribers.iter_mut() {
                    if let Err(problem) = subscriber.on_event(&event) {
                        match event.episode_index() {
                            Some(index) => by_episode.entry(index).or_default().push(problem),
                            None => run_level.push(problem),
                        }
                    }
                }
            }
            Envelope::Drain(index, reply) => {
                let _ = reply.send(by_episode.remove(&index).unwrap_or_default());
            }
        }
    }
    let mut leftover: Vec<(usize, Vec<OutputProblem>)> = by_episode.into_iter().collect();
    leftover.sort_by_key(|(index, _)| *index);
    run_level.extend(leftover.into_iter().flat_map(|(_, problems)| problems));
    run_level
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    struct Log(Arc<Mutex<Vec<String>>>, &'static str);

    impl Subscriber for Log {
        fn on_event(&mut self, event: &RunEvent) -> Result<(), OutputProblem> {
            let name = match event {
                RunEvent::EpisodeStarted { episode, .. } => format!("start {}", episode.name),
                RunEvent::EpisodeEnding { episode } => format!("end {}", episode.name),
                RunEvent::RunFinished { .. } => "finished".into(),
                _ => "other".into(),
            };
            self.0.lock().unwrap().push(format!("{} {name}", self.1));
            if self.1 == "failing" && name.starts_with("end") {
                return Err(OutputProblem {
                    output: "video",
                    message: format!("cannot write {name}"),
                });
            }
            Ok(())
        }
    }

    fn episode(index: usize, name: &str) -> EpisodeRef {
        EpisodeRef {
            index,
            name: name.into(),
            dir: Arc::from(Path::new("/tmp")),
        }
    }

    #[test]
    fn subscribers_see_events_in_order_and_problems_reach_their_episode() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let bus = EventBus::start(vec![
            Box::new(Log(log.clone(), "first")),
            Box::new(Log(log.clone(), "failing")),
        ]);
        let emitter = bus.emitter();
        emitter.emit(RunEvent::EpisodeStarted {
            episode: episode(0, "a"),
            max_steps: 3,
        });
        let problems = emitter.end_episode(&episode(0, "a"));
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].message, "cannot write end a");
        assert!(emitter.end_episode(&episode(1, "b")).len() == 1);
        emitter.emit(RunEvent::RunFinished { interrupted: false });
        drop(emitter);
        assert!(bus.close().is_empty());
        let log = log.lock().unwrap();
        assert_eq!(
            log[..4],
            [
                "first start a",
                "failing start a",
                "first end a",
                "failing end a"
            ]
        );
        assert_eq!(log.last().unwrap(), "failing finished");
    }
}
