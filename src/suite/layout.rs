//! Where a suite's files are: the mcu layout (`tasks/`, `criteria/`,
//! `prompts/rating.txt`), the upstream MCU layout (`task_configs/tasks/`,
//! `auto_eval/criteria_files/`) or a bare folder of category folders.

use std::path::{Path, PathBuf};

use super::SuiteError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// `benchmark/`: `tasks/<category>/<task>.yaml`, `criteria/<task>.txt`.
    Project,
    /// Upstream MCU: `task_configs/tasks/<category>/<task>.yaml`,
    /// `auto_eval/criteria_files/<task>.txt`.
    Upstream,
    /// A folder whose sub-folders are categories of YAML files.
    Bare,
}

/// The resolved locations of one suite.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SuitePaths {
    pub root: PathBuf,
    pub layout: Layout,
    pub tasks_dir: PathBuf,
    pub criteria_dir: Option<PathBuf>,
    pub rating_prompt: Option<PathBuf>,
}

impl SuitePaths {
    /// Recognises the layout of `root`.
    pub fn detect(root: &Path) -> Result<SuitePaths, SuiteError> {
        if !root.is_dir() {
            return Err(SuiteError::Io {
                path: root.to_path_buf(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such folder"),
            });
        }
        let existing_dir = |p: PathBuf| p.is_dir().then_some(p);
        let existing_file = |p: PathBuf| p.is_file().then_some(p);

        if root.join("tasks").is_dir() && has_category_folders(&root.join("tasks")) {
            return Ok(SuitePaths {
                root: root.to_path_buf(),
                layout: Layout::Project,
                tasks_dir: root.join("tasks"),
                criteria_dir: existing_dir(root.join("criteria")),
                rating_prompt: existing_file(root.join("prompts").join("rating.txt")),
            });
        }
        let upstream_tasks = root.join("task_configs").join("tasks");
        if upstream_tasks.is_dir() {
            return Ok(SuitePaths {
                root: root.to_path_buf(),
                layout: Layout::Upstream,
                tasks_dir: upstream_tasks,
                criteria_dir: existing_dir(root.join("auto_eval").join("criteria_files")),
                rating_prompt: None,
            });
        }
        if has_category_folders(root) {
            return Ok(SuitePaths {
                root: root.to_path_buf(),
                layout: Layout::Bare,
                tasks_dir: root.to_path_buf(),
                criteria_dir: None,
                rating_prompt: None,
            });
        }
        Err(SuiteError::NotASuite {
            path: root.to_path_buf(),
        })
    }
}

/// One task file found on disk.
pub(super) struct TaskFileRef {
    pub path: PathBuf,
    pub category: String,
    pub name: String,
}

/// Every `<category>/<task>.yaml` (or `.yml`) below `tasks_dir`, sorted.
pub(super) fn task_files(tasks_dir: &Path) -> Result<Vec<TaskFileRef>, SuiteError> {
    let mut files = Vec::new();
    for category_dir in sorted_entries(tasks_dir)? {
        if !category_dir.is_dir() {
            continue;
        }
        let Some(category) = file_name(&category_dir) else {
            continue;
        };
        for path in sorted_entries(&category_dir)? {
            if path.is_file() && is_yaml(&path) {
                if let Some(name) = path.file_stem().and_then(|s| s.to_str()) {
                    files.push(TaskFileRef {
                        name: name.to_string(),
                        category: category.clone(),
                        path,
                    });
                }
            }
        }
    }
    Ok(files)
}

fn has_category_folders(dir: &Path) -> bool {
    sorted_entries(dir)
        .map(|entries| {
            entries.iter().any(|sub| {
                sub.is_dir()
                    && sorted_entries(sub)
                        .map(|files| files.iter().any(|f| is_yaml(f)))
                        .unwrap_or(false)
            })
        })
        .unwrap_or(false)
}

fn is_yaml(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml")
    )
}

fn file_name(path: &Path) -> Option<String> {
    path.file_name()
        .and_then(|n| n.to_str())
        .filter(|n| !n.starts_with('.'))
        .map(str::to_string)
}

fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, SuiteError> {
    let io_error = |source| SuiteError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut entries = std::fs::read_dir(dir)
        .map_err(io_error)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(io_error)?;
    entries.sort();
    Ok(entries)
}
