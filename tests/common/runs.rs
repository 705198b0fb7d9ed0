//! Running the `mcu` binary in tests and reading the run folders it writes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

pub fn mcu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mcu"))
}

/// Numbers the scenario files a test writes, so no two share a name.
static SCENARIOS_WRITTEN: AtomicUsize = AtomicUsize::new(0);

/// A scenario for the agent at `endpoint` playing `tasks` for `steps` steps,
/// in a file of its own in `dir`.
pub fn scenario(dir: &Path, endpoint: &str, tasks: &[&str], steps: u32, extra: &str) -> PathBuf {
    let names: Vec<String> = tasks.iter().map(|t| format!("\"{t}\"")).collect();
    let text = format!(
        "[[participants]]\nrole = \"agent\"\nendpoint = \"{endpoint}\"\n\n[config]\ntask_names = [{}]\nmax_steps = {steps}\n{extra}\n",
        names.join(", ")
    );
    let number = SCENARIOS_WRITTEN.fetch_add(1, Ordering::Relaxed);
    let path = dir.join(format!("scenario_{number}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

pub fn run(scenario: &Path, out: &Path, extra: &[&str]) -> Output {
    mcu()
        .arg("run")
        .arg(scenario)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

pub fn text(output: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The one run folder under `out`.
pub fn run_dir(out: &Path) -> PathBuf {
    let dirs: Vec<PathBuf> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    assert_eq!(dirs.len(), 1, "one run folder in {}", out.display());
    dirs[0].clone()
}

pub fn json_file(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn trajectory(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}
