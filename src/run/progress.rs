//! The progress display: on a terminal, an overall bar (steps of the whole
//! run, tasks done, running score, ETA) and one bar per playing episode;
//! elsewhere (CI logs, pipes), one line per finished episode.

use std::collections::HashMap;
use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::event::{OutputProblem, RunEvent, Subscriber};
use super::results::task_score;
use crate::scenario::ScoringProfile;

pub struct Progress {
    profile: ScoringProfile,
    multi: MultiProgress,
    overall: ProgressBar,
    episodes: HashMap<usize, (ProgressBar, u64)>,
    interactive: bool,
    tasks_total: usize,
    tasks_done: usize,
    score: f64,
    max_score: f64,
}

impl Progress {
    /// A display on stderr; plain lines when stderr is not a terminal.
    /// Running scores are the simulation part under `profile`.
    pub fn stderr(profile: ScoringProfile) -> Progress {
        let interactive = std::io::stderr().is_terminal();
        let target = if interactive {
            ProgressDrawTarget::stderr_with_hz(10)
        } else {
            ProgressDrawTarget::hidden()
        };
        let multi = MultiProgress::with_draw_target(target);
        let overall = multi.add(ProgressBar::new(0));
        overall.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30.cyan/blue}] {msg} · {per_sec} steps · ETA {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        overall.enable_steady_tick(Duration::from_millis(250));
        Progress {
            profile,
            multi,
            overall,
            episodes: HashMap::new(),
            interactive,
            tasks_total: 0,
            tasks_done: 0,
            score: 0.0,
            max_score: 0.0,
        }
    }

    fn line(&self, text: String) {
        if self.interactive {
            let _ = self.multi.println(text);
        } else {
            eprintln!("{text}");
        }
    }

    fn update_message(&self) {
        let score = if self.tasks_done == 0 {
            "no score yet".to_string()
        } else {
            format!("score {:.2}/{:.0}", self.score, self.max_score)
        };
        self.overall.set_message(format!(
            "{}/{} tasks · {score}",
            self.tasks_done, self.tasks_total
        ));
    }
}

impl Subscriber for Progress {
    fn on_event(&mut self, event: &RunEvent) -> Result<(), OutputProblem> {
        match event {
            RunEvent::RunStarted { run_dir, tasks } => {
                self.tasks_total = tasks.len();
                let pending: u64 = tasks
                    .iter()
                    .filter(|t| t.kept.is_none())
                    .map(|t| u64::from(t.max_steps))
                    .sum();
                for kept in tasks.iter().filter_map(|t| t.kept) {
                    self.tasks_done += 1;
                    self.score += kept.score;
                    self.max_score += kept.max_score;
                }
                self.overall.set_length(pending);
                self.line(format!(
                    "mcu: {} tasks ({} to play) → {}",
                    tasks.len(),
                    tasks.len() - self.tasks_done,
                    run_dir.display()
                ));
                self.update_message();
            }
            RunEvent::EpisodeStarted { episode, max_steps } => {
                let bar = self.multi.add(ProgressBar::new(u64::from(*max_steps)));
                bar.set_style(
                    ProgressStyle::with_template("  {prefix:<40} [{bar:20}] {pos}/{len}")
                        .unwrap_or_else(|_| ProgressStyle::default_bar())
                        .progress_chars("=> "),
                );
                bar.set_prefix(episode.name.to_string());
                self.episodes
                    .insert(episode.index, (bar, u64::from(*max_steps)));
            }
            RunEvent::Step { episode, .. } => {
                if let Some((bar, _)) = self.episodes.get(&episode.index) {
                    bar.inc(1);
                }
                self.overall.inc(1);
            }
            RunEvent::EpisodeRecorded { episode, record } => {
                if let Some((bar, budget)) = self.episodes.remove(&episode.index) {
                    // Episodes that end early give their unplayed steps back to the ETA.
                    self.overall.inc(budget.saturating_sub(bar.position()));
                    bar.finish_and_clear();
                    self.multi.remove(&bar);
                }
                let task_score = task_score(self.profile, record, None);
                self.tasks_done += 1;
                self.score += task_score.score;
                self.max_score += task_score.max_score;
                self.line(format!(
                    "[{}/{}] {}: {} · score {:.2}/{:.0} · {} steps in {:.1} s{}",
                    self.tasks_done,
                    self.tasks_total,
                    episode.name,
                    record.status,
                    task_score.score,
                    task_score.max_score,
                    record.steps,
                    record.timing.wall_s,
                    record
                        .error
                        .as_ref()
                        .map(|e| format!(" · {e}"))
                        .unwrap_or_default()
                ));
                self.update_message();
            }
            RunEvent::EpisodeJudged { episode, eval } => {
                let outcome = match &eval.reason {
                    Some(reason) => format!("{} ({reason})", eval.status.as_str()),
                    None => eval.status.as_str().to_string(),
                };
                self.line(format!("judge: {}: {outcome}", episode.name));
            }
            RunEvent::EpisodeSkipped { episode } => {
                self.line(format!("{}: not started (run stopping)", episode.name));
            }
            RunEvent::RunFinished { .. } => {
                self.overall.finish_and_clear();
            }
            _ => {}
        }
        Ok(())
    }
}
