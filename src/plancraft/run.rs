//! `mcu run` on a Plancraft split: selects the examples, plays them over
//! `jobs` worker threads, and writes the run folder — `manifest.json`,
//! one folder per example (`episode.json`, `trajectory.jsonl`,
//! `screen.mp4`), `results.json` with the success rate overall and per
//! `complexity_split`, and `result.txt`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::Context;
use serde::Serialize;
use tokio::runtime::Handle;

use super::episode::{self, EpisodeSetup, Record, Status, RECORD_FILE};
use super::split::{self, Example};
use crate::a2a::A2aClient;
use crate::agent::AgentSession;
use crate::atomic::{write_atomic, write_json_atomic};
use crate::lock::lock;
use crate::run::interrupt::StopSignal;
use crate::scenario::Scenario;

/// The reply budget of an example when the scenario sets no `max_steps`.
pub const DEFAULT_BUDGET: u32 = 30;
pub const RESULTS_FILE: &str = "results.json";
pub const SUMMARY_FILE: &str = "result.txt";
pub const MANIFEST_FILE: &str = "manifest.json";

/// A Plancraft run ready to play: its folder exists, its manifest is written.
pub struct PlancraftRun {
    pub dir: PathBuf,
    pub split_path: PathBuf,
    pub examples: Vec<Example>,
    pub budget: u32,
    pub jobs: u32,
    pub obs_size: (u32, u32),
}

#[derive(Serialize)]
struct Manifest<'a> {
    version: u32,
    environment: &'a str,
    split: String,
    split_sha256: String,
    scenario: &'a str,
    budget: u32,
    jobs: u32,
    examples: Vec<&'a str>,
    started_at: String,
}

impl PlancraftRun {
    /// Loads the split the scenario names, selects its examples and creates
    /// the run folder under `out`.
    pub fn prepare(
        scenario: &Scenario,
        scenario_text: &str,
        out: &Path,
    ) -> anyhow::Result<PlancraftRun> {
        let config = &scenario.config;
        let split_path = config
            .tasks
            .clone()
            .context("a Plancraft scenario needs `config.tasks`, the split file")?;
        let all = split::load(&split_path)?;
        let examples = select(&all, &config.task_category, &config.task_names)?;
        anyhow::ensure!(!examples.is_empty(), "the selection holds no example");
        let dir = crate::run::plan::create_run_folder(out)?;
        let run = PlancraftRun {
            dir,
            split_path: split_path.clone(),
            examples,
            budget: config.max_steps.unwrap_or(DEFAULT_BUDGET),
            jobs: config.jobs.max(1),
            obs_size: (config.obs_size.width, config.obs_size.height),
        };
        let manifest = Manifest {
            version: episode::RECORD_VERSION,
            environment: "plancraft",
            split: split_path.display().to_string(),
            split_sha256: crate::run::plan::file_sha256(&split_path)?,
            scenario: scenario_text,
            budget: run.budget,
            jobs: run.jobs,
            examples: run.examples.iter().map(|e| e.id.as_str()).collect(),
            started_at: crate::run::clock::now_rfc3339(),
        };
        write_json_atomic(&run.dir.join(MANIFEST_FILE), &manifest)?;
        Ok(run)
    }

    /// Plays every example; returns the records in selection order.
    pub fn execute(
        &self,
        client: &A2aClient,
        runtime: &Handle,
        stop: &StopSignal,
        progress: bool,
    ) -> anyhow::Result<Vec<Record>> {
        let next = AtomicUsize::new(0);
        let records: Mutex<BTreeMap<usize, Record>> = Mutex::new(BTreeMap::new());
        let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..self.jobs.min(self.examples.len() as u32) {
                scope.spawn(|| loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(example) = self.examples.get(index) else {
                        break;
                    };
                    if stop.is_requested() {
                        break;
                    }
                    match self.play_one(example, client, runtime, stop) {
                        Ok(record) => {
                            if progress {
                                eprintln!(
                                    "[{}/{}] {} {} ({} steps)",
                                    index + 1,
                                    self.examples.len(),
                                    example.id,
                                    record.status.as_str(),
                                    record.steps
                                );
                            }
                            let mut records = lock(&records);
                            records.insert(index, record);
                            let done: Vec<&Record> = records.values().collect();
                            if let Err(e) = self.write_results(&done) {
                                lock(&failure).get_or_insert(e);
                            }
                        }
                        Err(e) => {
                            lock(&failure).get_or_insert(e);
                        }
                    }
                });
            }
        });
        if let Some(error) = lock(&failure).take() {
            return Err(error);
        }
        let records: Vec<Record> = lock(&records).values().cloned().collect();
        self.write_results(&records.iter().collect::<Vec<_>>())?;
        Ok(records)
    }

    fn play_one(
        &self,
        example: &Example,
        client: &A2aClient,
        runtime: &Handle,
        stop: &StopSignal,
    ) -> anyhow::Result<Record> {
        let dir = self.dir.join(&example.id);
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        let mut session = AgentSession::new(client);
        let setup = EpisodeSetup {
            example,
            budget: self.budget,
            obs_size: self.obs_size,
            dir: &dir,
        };
        let record = episode::play(&setup, &mut session, runtime, stop);
        write_json_atomic(&dir.join(RECORD_FILE), &record)?;
        Ok(record)
    }

    /// Rewrites `results.json` and `result.txt` from the records so far.
    fn write_results(&self, records: &[&Record]) -> anyhow::Result<()> {
        let results = Results::of(&self.split_path, self.examples.len(), records);
        write_json_atomic(&self.dir.join(RESULTS_FILE), &results)?;
        write_atomic(&self.dir.join(SUMMARY_FILE), results.summary().as_bytes())?;
        Ok(())
    }
}

/// Whether `dir` holds a Plancraft run (its manifest says so).
pub fn is_plancraft_run(dir: &Path) -> bool {
    std::fs::read_to_string(dir.join(MANIFEST_FILE))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .is_some_and(|manifest| manifest["environment"] == "plancraft")
}

/// Examples whose `complexity_split` is one of `categories` or whose id
/// matches one of `globs`; everything when both are empty.
pub fn select(
    examples: &[Example],
    categories: &[String],
    globs: &[String],
) -> anyhow::Result<Vec<Example>> {
    if categories.is_empty() && globs.is_empty() {
        return Ok(examples.to_vec());
    }
    let known = split::complexity_splits(examples);
    for category in categories {
        anyhow::ensure!(
            known.contains(&category.as_str()),
            "unknown complexity split `{category}`{}; the split has: {}",
            crate::suggest::hint(category, known.iter().copied()),
            known.join(", ")
        );
    }
    let patterns = globs
        .iter()
        .map(|g| {
            glob::Pattern::new(g).map_err(|e| anyhow::anyhow!("`{g}` is not a valid glob: {e}"))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    for (glob, pattern) in globs.iter().zip(&patterns) {
        anyhow::ensure!(
            examples.iter().any(|e| pattern.matches(&e.id)),
            "no example matches `{glob}`{}",
            crate::suggest::hint(glob, examples.iter().map(|e| e.id.as_str()))
        );
    }
    Ok(examples
        .iter()
        .filter(|e| {
            categories.contains(&e.complexity_split) || patterns.iter().any(|p| p.matches(&e.id))
        })
        .cloned()
        .collect())
}

/// Successes out of examples, for the whole run or one split.
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize, PartialEq)]
pub struct Rate {
    pub examples: usize,
    pub successes: usize,
    pub success_rate: f64,
}

impl Rate {
    fn add(&mut self, success: bool) {
        self.examples += 1;
        self.successes += usize::from(success);
        self.success_rate = self.successes as f64 / self.examples as f64;
    }
}

/// `results.json` of a Plancraft run.
#[derive(Debug, Serialize, serde::Deserialize)]
pub struct Results {
    pub environment: String,
    pub split: String,
    pub selected: usize,
    pub played: usize,
    pub complete: bool,
    pub overall: Rate,
    pub by_complexity_split: BTreeMap<String, Rate>,
    pub statuses: BTreeMap<Status, usize>,
    pub mean_steps: f64,
    pub examples: Vec<ExampleResult>,
}

#[derive(Debug, Serialize, serde::Deserialize)]
pub struct ExampleResult {
    pub id: String,
    pub complexity_split: String,
    pub impossible: bool,
    pub status: Status,
    pub success: bool,
    pub steps: u32,
}

impl Results {
    pub fn of(split: &Path, selected: usize, records: &[&Record]) -> Results {
        let mut overall = Rate::default();
        let mut by_complexity_split: BTreeMap<String, Rate> = BTreeMap::new();
        let mut statuses = BTreeMap::new();
        for record in records {
            overall.add(record.success);
            by_complexity_split
                .entry(record.complexity_split.clone())
                .or_default()
                .add(record.success);
            *statuses.entry(record.status).or_default() += 1;
        }
        let steps: u32 = records.iter().map(|r| r.steps).sum();
        Results {
            environment: "plancraft".into(),
            split: split.display().to_string(),
            selected,
            played: records.len(),
            complete: records.len() == selected
                && records.iter().all(|r| r.status != Status::Interrupted),
            overall,
            by_complexity_split,
            statuses,
            mean_steps: if records.is_empty() {
                0.0
            } else {
                f64::from(steps) / records.len() as f64
            },
            examples: records
                .iter()
                .map(|r| ExampleResult {
                    id: r.example_id.clone(),
                    complexity_split: r.complexity_split.clone(),
                    impossible: r.impossible,
                    status: r.status,
                    success: r.success,
                    steps: r.steps,
                })
                .collect(),
        }
    }

    /// The human-readable summary (`result.txt`).
    pub fn summary(&self) -> String {
        let mut text = format!(
            "Plancraft: {} of {} examples solved ({:.1}%), mean {:.1} steps{}\n",
            self.overall.successes,
            self.overall.examples,
            100.0 * self.overall.success_rate,
            self.mean_steps,
            if self.complete { "" } else { " (INCOMPLETE)" }
        );
        for (split, rate) in &self.by_complexity_split {
            text.push_str(&format!(
                "  {split:<12} {:>4} / {:<4} {:>6.1}%\n",
                rate.successes,
                rate.examples,
                100.0 * rate.success_rate
            ));
        }
        let statuses: Vec<String> = self
            .statuses
            .iter()
            .map(|(status, count)| format!("{} {count}", status.as_str()))
            .collect();
        text.push_str(&format!("statuses: {}\n", statuses.join(", ")));
        text
    }
}
