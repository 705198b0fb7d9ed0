//! The task suite: what a task is, and loading a whole suite from disk.
//!
//! A suite is a folder of task YAML files grouped by category (see
//! `benchmark/README.md`). [`load`] reads one, validates every file and
//! returns the tasks in a stable order (category, then name) together with
//! the warnings worth showing. Selecting tasks by category, alias or glob
//! lives in [`select`].

mod criteria;
mod error;
mod layout;
mod reward;
pub mod select;
mod task_file;

use std::path::{Path, PathBuf};

pub use criteria::{Criteria, Criterion};
pub use error::{SuiteError, SuiteErrors};
pub use layout::{Layout, SuitePaths};
pub use reward::{Event, RewardEntry};

/// Steps a short task gets unless the scenario says otherwise.
pub const DEFAULT_MAX_STEPS: u32 = 900;
/// Steps a long-horizon (milestone) task gets unless the scenario says otherwise.
pub const DEFAULT_MAX_STEPS_LONG: u32 = 12_000;

/// How a task's simulation part is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RewardKind {
    /// A `reward_cfg`: short task, paid by game statistics.
    Sim,
    /// A `milestone_reward_cfg`: long-horizon task with a chain of milestones.
    Milestone,
    /// Neither: the video judge alone scores it.
    Judge,
}

impl RewardKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RewardKind::Sim => "sim",
            RewardKind::Milestone => "milestone",
            RewardKind::Judge => "judge",
        }
    }
}

/// One task of the suite, validated.
#[derive(Debug, Clone)]
pub struct Task {
    /// File stem, unique in the suite.
    pub name: String,
    /// Folder name the file sits in.
    pub category: String,
    /// The instruction sent to the agent.
    pub text: String,
    /// Slash commands run after the world is created, before step 0.
    pub init_commands: Vec<String>,
    pub reward_kind: RewardKind,
    /// The reward (or milestone) entries; empty for judge-only tasks.
    pub rewards: Vec<RewardEntry>,
    /// The judge's criteria for this task, when the suite has a file for it.
    pub criteria: Option<Criteria>,
    /// The YAML file the task came from.
    pub source: PathBuf,
}

impl Task {
    /// Whether the task is long-horizon (scored by milestones).
    pub fn is_long(&self) -> bool {
        self.reward_kind == RewardKind::Milestone
    }

    /// The step budget before any scenario override.
    pub fn default_max_steps(&self) -> u32 {
        if self.is_long() {
            DEFAULT_MAX_STEPS_LONG
        } else {
            DEFAULT_MAX_STEPS
        }
    }

    /// The most the simulation part can pay: Σ reward × max_reward_times.
    pub fn max_sim_reward(&self) -> f64 {
        self.rewards.iter().map(RewardEntry::max_total).sum()
    }
}

/// The distinct categories of `tasks`, which must be in suite order.
pub fn categories_of<'a>(tasks: impl IntoIterator<Item = &'a Task>) -> Vec<&'a str> {
    let mut categories: Vec<&str> = tasks.into_iter().map(|t| t.category.as_str()).collect();
    categories.dedup();
    categories
}

/// A problem that does not stop the suite from loading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub path: PathBuf,
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

/// A loaded, validated suite.
#[derive(Debug, Clone)]
pub struct TaskSuite {
    pub paths: SuitePaths,
    /// Sorted by category, then name.
    pub tasks: Vec<Task>,
    /// The shared rating prompt for the judge, when the suite has one.
    pub rating_prompt: Option<String>,
    pub warnings: Vec<Warning>,
}

impl TaskSuite {
    /// The distinct categories, sorted.
    pub fn categories(&self) -> Vec<&str> {
        categories_of(&self.tasks)
    }

    pub fn task(&self, name: &str) -> Option<&Task> {
        self.tasks.iter().find(|t| t.name == name)
    }
}

/// Loads and validates the suite under `root` (either layout, see [`Layout`]).
///
/// Every file is checked; all errors are returned together so that one run
/// shows everything that needs fixing.
pub fn load(root: &Path) -> Result<TaskSuite, SuiteErrors> {
    let paths = SuitePaths::detect(root).map_err(SuiteErrors::from)?;
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut tasks: Vec<Task> = Vec::new();

    let files = layout::task_files(&paths.tasks_dir).map_err(SuiteErrors::from)?;
    if files.is_empty() {
        return Err(SuiteError::NoTasks {
            dir: paths.tasks_dir.clone(),
        }
        .into());
    }
    for file in files {
        match task_file::read(&file.path, &file.category, &file.name) {
            Ok((task, file_warnings)) => {
                warnings.extend(file_warnings);
                tasks.push(task);
            }
            Err(error) => errors.push(error),
        }
    }

    tasks.sort_by(|a, b| (&a.category, &a.name).cmp(&(&b.category, &b.name)));
    check_unique_names(&tasks, &mut errors);

    if let Some(criteria_dir) = &paths.criteria_dir {
        let strict = paths.layout == Layout::Project;
        for task in &mut tasks {
            let path = criteria_dir.join(format!("{}.txt", task.name));
            match criteria::read(&path, strict) {
                Ok(Some(criteria)) => task.criteria = Some(criteria),
                Ok(None) if strict => warnings.push(Warning {
                    path: path.clone(),
                    message:
                        "no criteria file for this task; the judge will use the rating prompt alone"
                            .into(),
                }),
                Ok(None) => {}
                Err(error) => errors.push(error),
            }
        }
    }

    let rating_prompt = match &paths.rating_prompt {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(source) => {
                errors.push(SuiteError::Io {
                    path: path.clone(),
                    source,
                });
                None
            }
        },
        None => None,
    };

    if errors.is_empty() {
        Ok(TaskSuite {
            paths,
            tasks,
            rating_prompt,
            warnings,
        })
    } else {
        Err(SuiteErrors(errors))
    }
}

fn check_unique_names(tasks: &[Task], errors: &mut Vec<SuiteError>) {
    let mut by_name: Vec<&Task> = tasks.iter().collect();
    by_name.sort_by(|a, b| a.name.cmp(&b.name));
    for pair in by_name.windows(2) {
        if pair[0].name == pair[1].name {
            errors.push(SuiteError::DuplicateTask {
                name: pair[0].name.clone(),
                first: pair[0].source.clone(),
                second: pair[1].source.clone(),
            });
        }
    }
}

/// The suite folder to use when none is given: `$MCU_TASKS`, else
/// `./benchmark` when it is a suite, else the `benchmark/` this binary was
/// built from.
pub fn default_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("MCU_TASKS").filter(|v| !v.is_empty()) {
        return PathBuf::from(dir);
    }
    let local = PathBuf::from("benchmark");
    if local.join("tasks").is_dir() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("benchmark")
}
