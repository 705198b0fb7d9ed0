//! Errors found while loading a task suite, each naming the file and,
//! where the parser knows it, the line and column.

use std::fmt;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    #[error("{path}: cannot read: {source}", path = .path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{path}: not a task suite: expected `tasks/<category>/*.yaml` (mcu layout), \
         `task_configs/tasks/<category>/*.yaml` (upstream layout) or category folders of YAML files",
        path = .path.display()
    )]
    NotASuite { path: PathBuf },
    #[error("{dir}: no task files (`<category>/<task>.yaml`) found", dir = .dir.display())]
    NoTasks { dir: PathBuf },
    #[error("{path}:{line}:{column}: {message}", path = .path.display())]
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: `{key}`: {message}", path = .path.display())]
    Invalid {
        path: PathBuf,
        key: String,
        message: String,
    },
    #[error(
        "task name `{name}` is used twice: {first} and {second}; task names must be unique across categories",
        first = .first.display(),
        second = .second.display()
    )]
    DuplicateTask {
        name: String,
        first: PathBuf,
        second: PathBuf,
    },
}

/// All the errors of one load, shown together.
#[derive(Debug)]
pub struct SuiteErrors(pub Vec<SuiteError>);

impl From<SuiteError> for SuiteErrors {
    fn from(error: SuiteError) -> Self {
        SuiteErrors(vec![error])
    }
}

impl fmt::Display for SuiteErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [one] => write!(f, "{one}"),
            many => {
                write!(f, "{} errors in the task suite:", many.len())?;
                for error in many {
                    write!(f, "\n  {error}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SuiteErrors {}
