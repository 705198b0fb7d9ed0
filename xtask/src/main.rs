//! Developer tasks: `cargo xtask quickstart` (set-up, build, a short
//! evaluation of the bundled random agent), `cargo xtask setup` (system
//! packages, Python venvs), `cargo xtask ci` (everything CI checks),
//! `cargo xtask bench` (named speed figures). Run from anywhere inside the
//! repository.

mod bench;

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

/// Debian packages the build and the tests need: pkg-config and clang for
/// ffmpeg-next's bindings, the libav* headers it links against, and the
/// ffmpeg tools (ffprobe checks the recorded videos in tests).
const APT_PACKAGES: &[&str] = &[
    "pkg-config",
    "clang",
    "libavcodec-dev",
    "libavformat-dev",
    "libavutil-dev",
    "libswscale-dev",
    "libavfilter-dev",
    "libavdevice-dev",
    "ffmpeg",
    "chromium",
];

/// Python environments for interop tests: the official `a2a-sdk` 0.3.x and
/// 1.x cannot share one, so each gets its own venv under `.venv/`.
const VENVS: &[(&str, &str)] = &[
    ("sdk03", "tests/peers/requirements-sdk03.txt"),
    ("sdk1", "tests/peers/requirements-sdk1.txt"),
];

const USAGE: &str = "usage: cargo xtask <command>

commands:
  quickstart  setup, release build, then `mcu run scenarios/quickstart.toml` (extra arguments go to mcu run)
  setup   install the Debian packages and Python venvs the build and tests need (only what is missing)
  ci      setup, then cargo fmt --check, clippy -D warnings, every test
  bench     speed figures and ratios (release build); --json for one JSON object;
            name groups to measure only those (a2a simulator long plancraft episode suite)
  coverage  per task: init commands accepted by the embedded simulator, solved by a script;
            --json for an array, --tasks DIR for another suite (e.g. the upstream one),
            --task NAME for one task, --seed N for another scenario seed
  baselines the noop, random and scripted policies over every scripted task, mean score per
            category; fails unless scripted > random >= noop in each (--seed N, --task NAME, --json)";

fn main() -> Result<()> {
    let task = std::env::args().nth(1);
    let root = workspace_root()?;
    std::env::set_current_dir(&root)?;
    match task.as_deref() {
        Some("quickstart") => quickstart(std::env::args().skip(2).collect()),
        Some("setup") => setup(),
        Some("ci") => ci(),
        Some("bench") => {
            setup()?;
            let args: Vec<String> = std::env::args().skip(2).collect();
            let only: Vec<String> = args.iter().filter(|a| *a != "--json").cloned().collect();
            bench::measure(args.iter().any(|a| a == "--json"), &only)
        }
        Some("coverage") => dev("coverage", std::env::args().skip(2).collect()),
        Some("baselines") => dev("baselines", std::env::args().skip(2).collect()),
        Some("-h" | "--help" | "help") | None => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => bail!("unknown xtask `{other}`\n\n{USAGE}"),
    }
}

fn workspace_root() -> Result<PathBuf> {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .parent()
        .map(Path::to_path_buf)
        .context("xtask must live one level below the workspace root")
}

fn setup() -> Result<()> {
    install_apt_packages()?;
    for (name, requirements) in VENVS {
        ensure_venv(name, Path::new(requirements))?;
    }
    Ok(())
}

fn install_apt_packages() -> Result<()> {
    let missing: Vec<&str> = APT_PACKAGES
        .iter()
        .copied()
        .filter(|package| !apt_installed(package))
        .collect();
    if missing.is_empty() {
        println!("setup: system packages present");
        return Ok(());
    }
    println!("setup: installing {}", missing.join(" "));
    let sudo = !is_root();
    run(apt(sudo).arg("update").arg("-qq"))?;
    run(apt(sudo)
        .args(["install", "-y", "-qq", "--no-install-recommends"])
        .args(&missing)
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

/// Creates `.venv/NAME` and installs `requirements` into it, unless the
/// venv already holds exactly those requirements.
pub(crate) fn ensure_venv(name: &str, requirements: &Path) -> Result<()> {
    let venv = Path::new(".venv").join(name);
    let wanted = std::fs::read_to_string(requirements)
        .with_context(|| format!("reading {}", requirements.display()))?;
    let stamp = venv.join("mcu-requirements.txt");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(wanted.as_str()) {
        println!("setup: venv {} up to date", venv.display());
        return Ok(());
    }
    println!(
        "setup: creating {} from {}",
        venv.display(),
        requirements.display()
    );
    run(Command::new("python3")
        .args(["-m", "venv", "--clear"])
        .arg(&venv))?;
    run(Command::new(venv.join("bin/pip"))
        .args(["install", "--quiet", "--disable-pip-version-check", "-r"])
        .arg(requirements))?;
    std::fs::write(&stamp, wanted)?;
    Ok(())
}

fn ci() -> Result<()> {
    setup()?;
    run(Command::new("cargo").args(["fmt", "--all", "--", "--check"]))
        .context("formatting differs; run `cargo fmt --all`")?;
    run(Command::new("cargo").args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    test_counted(Command::new("cargo").args(["test", "--workspace", "--no-fail-fast"]))?;
    // The 12,000-step long scripts and the long scripts' phase tests,
    // ignored in the debug run above.
    test_counted(Command::new("cargo").args(["test", "--release", "--test", "long_scripts"]))?;
    test_counted(Command::new("cargo").args(["test", "--release", "--lib", "sim::script::long"]))
}

/// Totals of the `test result:` lines of a `cargo test` run, and the checks
/// that skipped themselves (lines `skipped: NAME: WHY` on stderr).
#[derive(Default)]
struct TestTally {
    passed: u64,
    failed: u64,
    ignored: u64,
    binaries: u64,
    skipped_checks: Vec<String>,
}

impl TestTally {
    /// Reads one output line of `cargo test`.
    fn read(&mut self, line: &str) {
        if let Some(rest) = line.trim().strip_prefix("test result: ") {
            self.binaries += 1;
            for part in rest.split(';') {
                let mut words = part.split_whitespace().rev();
                let (Some(what), Some(count)) = (words.next(), words.next()) else {
                    continue;
                };
                let count: u64 = count.parse().unwrap_or(0);
                match what {
                    "passed" => self.passed += count,
                    "failed" => self.failed += count,
                    "ignored" => self.ignored += count,
                    _ => {}
                }
            }
        } else if let Some(check) = line.strip_prefix("skipped: ") {
            self.skipped_checks.push(check.to_string());
        }
    }
}

/// Runs `cargo test`, echoing its output, then prints how many tests ran,
/// passed, failed and were ignored, and which checks skipped themselves.
fn test_counted(command: &mut Command) -> Result<()> {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    use std::sync::{Arc, Mutex};

    let shown = format!("{command:?}");
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("could not start {shown}"))?;
    let tally = Arc::new(Mutex::new(TestTally::default()));
    let echo = |stream: Box<dyn std::io::Read + Send>, to_stderr: bool| {
        let tally = tally.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                if to_stderr {
                    eprintln!("{line}");
                } else {
                    println!("{line}");
                }
                tally.lock().unwrap().read(&line);
            }
        })
    };
    let stdout = echo(Box::new(child.stdout.take().expect("piped")), false);
    let stderr = echo(Box::new(child.stderr.take().expect("piped")), true);
    let status = child.wait()?;
    let _ = (stdout.join(), stderr.join());
    let tally = tally.lock().unwrap();
    println!();
    for check in &tally.skipped_checks {
        println!("skipped check: {check}");
    }
    println!(
        "{} test binaries; {} tests ran, {} checks skipped themselves",
        tally.binaries,
        tally.passed + tally.failed,
        tally.skipped_checks.len()
    );
    println!(
        "tests: {} passed, {} failed, {} skipped",
        tally.passed, tally.failed, tally.ignored
    );
    if !status.success() {
        bail!("{shown} failed ({status})");
    }
    Ok(())
}

/// Set-up, a release build of mcu and the random agent, then the quick-start run.
fn quickstart(args: Vec<String>) -> Result<()> {
    setup()?;
    run(Command::new("cargo").args([
        "build",
        "--release",
        "--bin",
        "mcu",
        "--example",
        "random_agent",
    ]))?;
    run(Command::new("target/release/mcu")
        .args(["run", "scenarios/quickstart.toml"])
        .args(args))
}

/// Runs the release-built `mcu dev <command>` with the given arguments.
fn dev(command: &str, args: Vec<String>) -> Result<()> {
    setup()?;
    run(Command::new("cargo").args(["build", "--release", "--quiet", "--bin", "mcu"]))?;
    run(Command::new("target/release/mcu")
        .args(["dev", command])
        .args(args))
}

fn apt_installed(package: &str) -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f=${Status}", package])
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).contains("install ok installed"))
        .unwrap_or(false)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
        .unwrap_or(false)
}

fn apt(sudo: bool) -> Command {
    if sudo {
        let mut command = Command::new("sudo");
        command.arg("apt-get");
        command
    } else {
        Command::new("apt-get")
    }
}

pub(crate) fn run(command: &mut Command) -> Result<()> {
    let shown = format!("{command:?}");
    let status = command
        .status()
        .with_context(|| format!("could not start {shown}"))?;
    if !status.success() {
        bail!("{shown} failed ({status})");
    }
    Ok(())
}
