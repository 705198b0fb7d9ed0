//! `mcu score`: recomputes a finished run's scores from what it saved —
//! the simulation part from each trajectory and the task configuration in
//! its record (or a newer task folder), the video part from the saved
//! verdicts, the judge's answer cache, or the judge itself — and rewrites
//! the result files.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::attempts::episodes;
use super::episode::milestones;
use super::plan::{Manifest, MANIFEST_FILE, RECORD_FILE};
use super::record::{EpisodeRecord, EpisodeStatus, SimOutcome, StepPayout};
use super::results::{self, ResultsInput};
use super::trajectory::{read_trajectory, TRAJECTORY_FILE};
use super::verdict::judge_episode;
use crate::atomic::write_json_atomic;
use crate::judge::eval::VideoEval;
use crate::judge::JudgeSetup;
use crate::reward::RewardTracker;
use crate::scenario::{JudgeOverrides, ScoringProfile};
use crate::suite;

/// What `mcu score` may change.
pub struct RescoreOptions {
    pub profile: Option<ScoringProfile>,
    pub judge: JudgeOverrides,
    /// Ask the judge again even when an answer is cached.
    pub rejudge: bool,
    /// Take reward configs and criteria from this suite instead of the records.
    pub tasks: Option<PathBuf>,
}

/// One task whose score moved.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreChange {
    pub task: String,
    pub before: Option<f64>,
    pub after: f64,
}

/// What re-scoring did.
pub struct RescoreReport {
    pub changes: Vec<ScoreChange>,
    pub total_before: Option<f64>,
    pub total_after: f64,
    pub total_max: f64,
    pub judged: usize,
    pub judge_note: String,
}

/// Re-scores the run in `dir`.
pub async fn rescore(
    dir: &Path,
    options: &RescoreOptions,
    lookup: &impl Fn(&str) -> Option<String>,
) -> anyhow::Result<RescoreReport> {
    let manifest_path = dir.join(MANIFEST_FILE);
    let mut manifest: Manifest = serde_json::from_str(
        &std::fs::read_to_string(&manifest_path)
            .with_context(|| format!("{} is not a run folder", dir.display()))?,
    )
    .with_context(|| format!("{}: not a valid manifest", manifest_path.display()))?;
    if let Some(profile) = options.profile {
        manifest.config.scoring = profile;
    }
    let newer_suite = match &options.tasks {
        Some(root) => Some(
            suite::load(root)
                .with_context(|| format!("loading the task suite at {}", root.display()))?,
        ),
        None => None,
    };
    let before = read_scores(dir);

    let mut records = BTreeMap::new();
    for episode in episodes(&manifest) {
        let episode_dir = dir.join(&episode.key);
        let path = episode_dir.join(RECORD_FILE);
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let mut record: EpisodeRecord = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a valid episode record", path.display()))?;
        if let Some(suite) = &newer_suite {
            let Some(newer) = suite.task(&episode.name) else {
                bail!(
                    "task `{}` of this run is not in {}",
                    episode.name,
                    suite.paths.root.display()
                );
            };
            record.task.rewards = newer.rewards.clone();
            record.task.reward_kind = newer.reward_kind;
            record.task.criteria = newer.criteria.clone();
        }
        let recomputed = recompute_sim(&record, &episode_dir)?;
        if recomputed != record.sim {
            record.sim = recomputed;
            if record.status.played_to_the_end() {
                record.status = EpisodeStatus::from_reward(
                    record.task.reward_kind,
                    record.sim.earned,
                    record.sim.max,
                );
            }
            write_json_atomic(&path, &record)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        records.insert(episode.key, record);
    }

    let mut judge_config = manifest.config.judge.clone();
    options
        .judge
        .apply(&mut judge_config)
        .map_err(anyhow::Error::msg)?;
    let setup = JudgeSetup::new(
        &judge_config,
        manifest.rating_prompt.as_deref(),
        dir,
        lookup,
    )
    .map_err(anyhow::Error::msg)?;
    let mut evals: BTreeMap<String, VideoEval> = BTreeMap::new();
    let mut judged = 0;
    let judge_note = match &setup {
        JudgeSetup::Ready(judge) => {
            for (key, record) in &records {
                if let Some(eval) =
                    judge_episode(judge, &dir.join(key), record, options.rejudge).await
                {
                    judged += usize::from(!eval.cached);
                    evals.insert(key.clone(), eval);
                }
            }
            format!("judged by {}", judge.model())
        }
        JudgeSetup::Absent(reason) => {
            for key in records.keys() {
                if let Some(eval) = VideoEval::read(&dir.join(key)) {
                    evals.insert(key.clone(), eval);
                }
            }
            format!("{reason}; saved verdicts were used")
        }
    };

    let input = ResultsInput {
        manifest: &manifest,
        records: &records,
        evals: &evals,
        judge_absent: match &setup {
            JudgeSetup::Ready(_) => None,
            JudgeSetup::Absent(reason) => Some(reason.as_str()),
        },
    };
    results::write_all(dir, &input).map_err(|p| anyhow::anyhow!("{p}"))?;
    write_json_atomic(&manifest_path, &manifest)
        .with_context(|| format!("cannot write {}", manifest_path.display()))?;
    let after = results::build(&input);
    let changes = manifest
        .tasks
        .iter()
        .filter_map(|task| {
            let now = after.task_metrics.get(&task.name)?.score;
            let was = before.tasks.get(&task.name).copied();
            (was != Some(now)).then(|| ScoreChange {
                task: task.name.clone(),
                before: was,
                after: now,
            })
        })
        .collect();
    Ok(RescoreReport {
        changes,
        total_before: before.total,
        total_after: after.total_score,
        total_max: after.total_max_score,
        judged,
        judge_note,
    })
}

/// The simulation outcome replayed from the trajectory: the baseline plus
/// each step's statistics deltas, through the reward config.
fn recompute_sim(record: &EpisodeRecord, episode_dir: &Path) -> anyhow::Result<SimOutcome> {
    let max = record.task.max_sim_reward();
    let Some(file) = &record.files.trajectory else {
        return Ok(SimOutcome {
            max,
            ..record.sim.clone()
        });
    };
    let steps = read_trajectory(&episode_dir.join(file)).map_err(anyhow::Error::msg)?;
    if steps.len() as u64 != record.steps {
        bail!(
            "{}: {} steps, but the record says {}; the run folder is damaged",
            episode_dir.join(TRAJECTORY_FILE).display(),
            steps.len(),
            record.steps
        );
    }
    let mut statistics = record.baseline_statistics.clone();
    let mut tracker = RewardTracker::new(&record.task.rewards, &statistics);
    let mut payouts = Vec::new();
    for step in &steps {
        statistics.add_all(&step.stats);
        payouts.extend(
            tracker
                .step(&statistics)
                .into_iter()
                .map(|payout| StepPayout {
                    step: step.step,
                    payout,
                }),
        );
    }
    Ok(SimOutcome {
        earned: tracker.total(),
        max,
        milestones: milestones(&record.task, &payouts),
        payouts,
    })
}

/// Scores as the run folder's results file had them.
struct SavedScores {
    total: Option<f64>,
    tasks: BTreeMap<String, f64>,
}

fn read_scores(dir: &Path) -> SavedScores {
    let saved: serde_json::Value = std::fs::read_to_string(dir.join(results::RESULTS_FILE))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let tasks = saved["task_metrics"]
        .as_object()
        .map(|metrics| {
            metrics
                .iter()
                .filter_map(|(name, m)| Some((name.clone(), m["score"].as_f64()?)))
                .collect()
        })
        .unwrap_or_default();
    SavedScores {
        total: saved["total_score"].as_f64(),
        tasks,
    }
}
