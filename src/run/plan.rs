//! Planning a run: which tasks, with which settings, into which folder.
//! A new run gets a fresh `<out>/<YYYYmmdd_HHMMSS>/` folder and a
//! manifest; `--resume` reads the manifest back, keeps the episodes that
//! have a final record and plans the rest again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

use super::attempts::{self, EpisodeId};
use super::clock;
use super::record::EpisodeRecord;
use crate::digest;
use crate::judge::eval::{JudgeStatus, VideoEval};
use crate::scenario::{RunConfig, Scenario, SimulatorKind};
use crate::suite::{self, select, RewardKind, Task};

/// The manifest's file name in a run folder.
pub const MANIFEST_FILE: &str = "manifest.json";
/// The episode record's file name in an episode folder.
pub const RECORD_FILE: &str = "episode.json";
/// The version of the manifest format.
pub const MANIFEST_VERSION: u32 = 1;

/// What a run was asked to do, as resolved; written first, read by `--resume`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    pub version: u32,
    pub mcu_version: String,
    pub run_id: String,
    pub scenario_file: PathBuf,
    /// The scenario as written (variables not expanded, so no secrets).
    pub scenario_text: String,
    /// The effective `[config]`, command-line overrides applied.
    pub config: RunConfig,
    pub agent: AgentInfo,
    pub simulator: SimulatorKind,
    pub suite_root: PathBuf,
    /// SHA-256 over the selected tasks' names and file hashes (the whole
    /// selection, before any sharding).
    pub suite_sha256: String,
    /// Tasks in the whole selection; `tasks` holds this shard's.
    #[serde(default)]
    pub selection_size: usize,
    pub tasks: Vec<ManifestTask>,
    /// The suite's rating prompt for the judge, when it has one.
    #[serde(default)]
    pub rating_prompt: Option<String>,
    pub started_at: String,
    pub finished_at: Option<String>,
    #[serde(default)]
    pub resumed_at: Vec<String>,
    /// The shard run folders `mcu merge` joined into this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<String>,
}

/// The evaluated agent, without anything secret.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AgentInfo {
    pub role: String,
    pub endpoint: String,
    pub agentbeats_id: Option<String>,
    /// Whether mcu started the agent from the scenario's `cmd`.
    pub started_by_mcu: bool,
}

/// One selected task.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ManifestTask {
    pub name: String,
    pub category: String,
    pub file: PathBuf,
    pub sha256: String,
    pub max_steps: u32,
    pub reward_kind: RewardKind,
    /// The attempts of the task this run (or shard) plays; `[1]`, the
    /// default, is not written.
    #[serde(
        default = "attempts::first_attempt_only",
        skip_serializing_if = "attempts::is_first_attempt_only"
    )]
    pub attempts: Vec<u32>,
}

/// A run ready to execute.
pub struct RunPlan {
    pub dir: PathBuf,
    pub manifest: Manifest,
    pub scenario: Scenario,
    /// Every task of the run, in suite order (the manifest's tasks).
    pub tasks: Vec<Task>,
    /// Every episode of the run: each task's attempts, in task order.
    pub episodes: Vec<EpisodeId>,
    /// Finished episodes kept from an earlier try, by episode key.
    pub kept: BTreeMap<String, EpisodeRecord>,
    /// The judge's verdicts on kept episodes (failed ones are asked again).
    pub kept_evals: BTreeMap<String, VideoEval>,
}

impl RunPlan {
    /// Plans a new run of `scenario` (read from `scenario_file`, whose text
    /// is `scenario_text`) in a new folder under `out_root`.
    pub fn new_run(
        scenario: Scenario,
        scenario_file: &Path,
        scenario_text: String,
        out_root: &Path,
    ) -> anyhow::Result<RunPlan> {
        let agent = agent_info(&scenario)?;
        if scenario.config.simulator == SimulatorKind::Minestudio {
            bail!(
                "{}: `simulator = \"minestudio\"` (real Minecraft) is not built yet; use \"embedded\"",
                scenario_file.display()
            );
        }
        let root = suite_root(&scenario.config);
        let suite = suite::load(&root)
            .with_context(|| format!("loading the task suite at {}", root.display()))?;
        for warning in &suite.warnings {
            eprintln!("warning: {warning}");
        }
        let tasks: Vec<Task> = select::select(
            &suite,
            &scenario.config.task_category,
            &scenario.config.task_names,
        )
        .with_context(|| format!("selecting tasks for {}", scenario_file.display()))?
        .into_iter()
        .cloned()
        .collect();
        if tasks.is_empty() {
            bail!("{}: the selection has no tasks", scenario_file.display());
        }
        let selection = manifest_tasks(&tasks, &scenario.config)?;
        let selection_sha256 = suite_hash(&selection);
        let selection_size = selection.len();
        let config = &scenario.config;
        let (tasks, manifest_tasks): (Vec<Task>, Vec<ManifestTask>) = tasks
            .into_iter()
            .zip(selection)
            .enumerate()
            .filter_map(|(position, (task, mut planned))| {
                planned
                    .attempts
                    .retain(|&attempt| config.in_shard(position, attempt));
                (!planned.attempts.is_empty()).then_some((task, planned))
            })
            .unzip();
        if tasks.is_empty() {
            bail!(
                "shard {} of {} has no episodes: the selection has only {selection_size} tasks of {} attempts",
                config.shard_index,
                config.num_shards,
                config.attempts
            );
        }
        let dir = create_run_folder(out_root)?;
        let manifest = Manifest {
            version: MANIFEST_VERSION,
            mcu_version: env!("CARGO_PKG_VERSION").to_string(),
            run_id: dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            scenario_file: absolute(scenario_file),
            scenario_text,
            config: RunConfig {
                tasks: Some(absolute(&root)),
                ..scenario.config.clone()
            },
            agent,
            simulator: scenario.config.simulator,
            suite_root: absolute(&root),
            suite_sha256: selection_sha256,
            selection_size,
            tasks: manifest_tasks,
            rating_prompt: suite.rating_prompt.clone(),
            started_at: clock::now_rfc3339(),
            finished_at: None,
            resumed_at: Vec::new(),
            merged_from: Vec::new(),
        };
        Ok(RunPlan {
            dir,
            episodes: attempts::episodes(&manifest),
            manifest,
            scenario,
            tasks,
            kept: BTreeMap::new(),
            kept_evals: BTreeMap::new(),
        })
    }

    /// Plans the rest of the run in `dir`: reads its manifest, re-reads the
    /// scenario text (expanding variables from today's environment), keeps
    /// every episode with a final record. `jobs` overrides the saved value.
    pub fn resume(dir: &Path, jobs: Option<u32>) -> anyhow::Result<RunPlan> {
        let manifest_path = dir.join(MANIFEST_FILE);
        let text = std::fs::read_to_string(&manifest_path).with_context(|| {
            format!(
                "{} is not a run folder (cannot read {MANIFEST_FILE})",
                dir.display()
            )
        })?;
        let mut manifest: Manifest = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a valid manifest", manifest_path.display()))?;
        if manifest.version != MANIFEST_VERSION {
            bail!(
                "{}: manifest version {} (this mcu reads version {MANIFEST_VERSION})",
                manifest_path.display(),
                manifest.version
            );
        }
        let mut scenario =
            Scenario::parse(&manifest.scenario_text, &manifest.scenario_file, &|name| {
                std::env::var(name).ok()
            })
            .context("re-reading the run's scenario")?;
        if let Some(jobs) = jobs {
            manifest.config.jobs = jobs;
        }
        scenario.config = manifest.config.clone();
        let suite = suite::load(&manifest.suite_root).with_context(|| {
            format!(
                "loading the run's task suite at {}",
                manifest.suite_root.display()
            )
        })?;
        let mut tasks = Vec::new();
        for planned in &manifest.tasks {
            let task = suite.task(&planned.name).with_context(|| {
                format!(
                    "task `{}` of this run is no longer in {}",
                    planned.name,
                    manifest.suite_root.display()
                )
            })?;
            if file_sha256(&task.source)? != planned.sha256 {
                eprintln!(
                    "warning: {} changed since the run started; its remaining episodes use the new file",
                    task.source.display()
                );
            }
            tasks.push(task.clone());
        }
        let episodes = attempts::episodes(&manifest);
        let kept = read_final_records(dir, &episodes);
        let kept_evals = kept
            .keys()
            .filter_map(|key| {
                let eval = VideoEval::read(&dir.join(key))?;
                (eval.status != JudgeStatus::Failed).then(|| (key.clone(), eval))
            })
            .collect();
        manifest.resumed_at.push(clock::now_rfc3339());
        manifest.finished_at = None;
        Ok(RunPlan {
            dir: dir.to_path_buf(),
            manifest,
            scenario,
            tasks,
            episodes,
            kept,
            kept_evals,
        })
    }

    /// The folder of the episode with key `key`.
    pub fn episode_dir(&self, key: &str) -> PathBuf {
        self.dir.join(key)
    }
}

fn agent_info(scenario: &Scenario) -> anyhow::Result<AgentInfo> {
    let Some(agent) = scenario.agent() else {
        bail!("the scenario has no `[[participants]]`; add one with `endpoint` (and `cmd` to have mcu start it)");
    };
    let Some(endpoint) = agent.endpoint.clone() else {
        bail!(
            "participant `{}` has no `endpoint`; mcu needs the URL the agent listens on",
            agent.role
        );
    };
    Ok(AgentInfo {
        role: agent.role.clone(),
        endpoint,
        agentbeats_id: agent.agentbeats_id.clone(),
        started_by_mcu: agent.cmd.is_some(),
    })
}

fn suite_root(config: &RunConfig) -> PathBuf {
    config.tasks.clone().unwrap_or_else(suite::default_root)
}

fn manifest_tasks(tasks: &[Task], config: &RunConfig) -> anyhow::Result<Vec<ManifestTask>> {
    tasks
        .iter()
        .map(|task| {
            Ok(ManifestTask {
                name: task.name.clone(),
                category: task.category.clone(),
                file: absolute(&task.source),
                sha256: file_sha256(&task.source)?,
                max_steps: config.max_steps_for(task),
                reward_kind: task.reward_kind,
                attempts: (1..=config.attempts).collect(),
            })
        })
        .collect()
}

/// SHA-256 of a task file, hex.
pub fn file_sha256(path: &Path) -> anyhow::Result<String> {
    digest::file_sha256(path).with_context(|| format!("cannot read {}", path.display()))
}

fn suite_hash(tasks: &[ManifestTask]) -> String {
    digest::sha256_of_parts(
        tasks
            .iter()
            .flat_map(|task| [task.name.as_str(), task.sha256.as_str()]),
    )
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Creates `<out_root>/<timestamp>` (with `_2`, `_3`, … when taken).
pub(crate) fn create_run_folder(out_root: &Path) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(out_root).with_context(|| {
        format!(
            "cannot create the output folder {}; choose another with --out",
            out_root.display()
        )
    })?;
    let name = clock::run_folder_name();
    for attempt in 1..100 {
        let candidate = if attempt == 1 {
            out_root.join(&name)
        } else {
            out_root.join(format!("{name}_{attempt}"))
        };
        match std::fs::create_dir(&candidate) {
            Ok(()) => return Ok(candidate),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(e).with_context(|| {
                    format!(
                        "cannot create the run folder {}; choose another with --out",
                        candidate.display()
                    )
                })
            }
        }
    }
    bail!("{}: too many runs started this second", out_root.display())
}

/// The episode records in `dir` whose status is final, by episode key.
fn read_final_records(dir: &Path, episodes: &[EpisodeId]) -> BTreeMap<String, EpisodeRecord> {
    episodes
        .iter()
        .filter_map(|episode| {
            let path = dir.join(&episode.key).join(RECORD_FILE);
            let text = std::fs::read_to_string(&path).ok()?;
            let record: EpisodeRecord = serde_json::from_str(&text).ok()?;
            record
                .status
                .is_final()
                .then(|| (episode.key.clone(), record))
        })
        .collect()
}
