//! Shared helpers for the integration tests: paths of the bundled suite,
//! the upstream-layout fixture and (when `MCU_UPSTREAM` names one) the real
//! upstream suite, and small suites written to a temporary folder.
#![allow(dead_code)] // each test binary uses a different subset

pub mod chat_stub;
pub mod inline_agent;
pub mod misbehaving;
pub mod process;
pub mod runs;

use std::path::{Path, PathBuf};

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn benchmark_dir() -> PathBuf {
    repo_root().join("benchmark")
}

/// A small suite in the upstream MCU layout, written for these tests
/// (`tests/fixtures/upstream_suite/README.md` lists the quirks it holds).
pub fn upstream_fixture_dir() -> PathBuf {
    repo_root().join("tests/fixtures/upstream_suite")
}

/// The real MCU-AgentBeats checkout named by `MCU_UPSTREAM`, for the checks
/// that compare mcu with the reference suite. Without the variable the
/// check is skipped, and `test` says so on the terminal (past the test
/// harness's capture, so a passing run still shows it). A variable that
/// names no folder fails the test: a misconfigured CI must not look green.
pub fn real_upstream_dir(test: &str) -> Option<PathBuf> {
    use std::io::Write;
    let Some(dir) = std::env::var_os("MCU_UPSTREAM") else {
        let _ = writeln!(
            std::io::stderr(),
            "skipped: {test}: MCU_UPSTREAM is not set (point it at an MCU-AgentBeats checkout to run this check)"
        );
        return None;
    };
    let dir = PathBuf::from(dir);
    assert!(
        dir.join("task_configs/tasks").is_dir(),
        "MCU_UPSTREAM={} is not an MCU-AgentBeats checkout (no task_configs/tasks)",
        dir.display()
    );
    Some(dir)
}

/// A temporary suite in the mcu layout built from `(category/task, yaml)` pairs.
pub struct TempSuite {
    pub dir: tempfile::TempDir,
}

impl TempSuite {
    pub fn new(files: &[(&str, &str)]) -> TempSuite {
        let dir = tempfile::tempdir().unwrap();
        for (name, yaml) in files {
            let path = dir.path().join("tasks").join(format!("{name}.yaml"));
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, yaml).unwrap();
        }
        TempSuite { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn write(&self, relative: &str, text: &str) {
        let path = self.dir.path().join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

pub const GOOD_TASK: &str = "text: Craft planks.
custom_init_commands:
  - /give @s minecraft:oak_log 2
reward_cfg:
  - event: craft_item
    identity: craft_planks
    objects: [oak_planks]
    reward: 1.0
    max_reward_times: 1
";
