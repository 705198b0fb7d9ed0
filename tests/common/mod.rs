//! Shared helpers for the integration tests: paths of the bundled and
//! upstream suites, and small suites written to a temporary folder.
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

/// The reference suite, kept beside the repository in `../shared/upstream`.
pub fn upstream_dir() -> PathBuf {
    repo_root().join("../shared/upstream/mcu-agentbeats")
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
