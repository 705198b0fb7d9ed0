//! `cargo xtask bench`: the project's speed figures, each named, measured
//! in one run on this machine so that ratios compare like with like.
//!
//! A2A step round trip: `mcu check` (the real client, real JPEG frames)
//! against the release-built noop agent on loopback, and the official
//! Python `a2a-sdk` client doing the same against the same agent.
//!
//! Simulator: `mcu dev sim-bench` steps the embedded simulator with random
//! walking-and-mining actions and renders every step, at the recording
//! size (all cores and one), with the crafting screen open, and at the
//! default observation size; it also times JPEG encoding of an
//! observation (with the observation encoder and `image`'s, the one used
//! before), each part of the episode loop's per-step work at the recording
//! size, the whole loop at 128×128 without video, and reports its
//! resident memory.
//!
//! Long episode: `mcu dev long-bench` walks out across new ground for
//! 12,000 steps rendering at 640×360, and reports steps per second in the
//! first and last 1000-step windows and memory at the end, so a world that
//! grows without bound shows as a slowdown or a leak.
//!
//! Whole runs: `mcu run` plays one 900-step task, then the default task
//! selection with two jobs, against the release noop agent; figures come
//! from the run's own records and from the process's wall time.
//!
//! Plancraft: `mcu dev plancraft-bench` plays the oracle's actions on a
//! split with the environment alone; Plancraft 0.4.9's own environment
//! (in the `.venv/plancraft` venv) plays the same actions, for the ratio
//! and a check that both end every example with the same slots; `mcu run`
//! plays the split against the release oracle agent over loopback A2A.
//! The split is `$MCU_PLANCRAFT_SPLIT`, else the test fixture.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use serde_json::{json, Map, Value};

use crate::run;

const A2A_STEPS: u32 = 2000;
/// The task timed for one whole episode, and its step budget.
const EPISODE_TASK: &str = "collect_dirt";
const EPISODE_STEPS: u64 = 900;
/// Episode statuses of a task played to the end of its budget or goal.
const PLAYED_STATUSES: &[&str] = &["success", "partial", "zero", "no_sim_reward"];

/// One group of figures, measured by one function.
type Group = (&'static str, fn(&mut Map<String, Value>) -> Result<()>);

/// Every group, in the order they run.
const GROUPS: &[Group] = &[
    ("a2a", a2a_step),
    ("simulator", simulator),
    ("long", long_episode),
    ("plancraft", plancraft),
    ("episode", episode),
    ("suite", suite),
];

/// Measures every group, or only those named in `only`.
pub fn measure(as_json: bool, only: &[String]) -> Result<()> {
    if let Some(unknown) = only
        .iter()
        .find(|name| !GROUPS.iter().any(|(g, _)| g == name))
    {
        let names: Vec<&str> = GROUPS.iter().map(|(g, _)| *g).collect();
        bail!(
            "no bench group `{unknown}`; the groups are {}",
            names.join(", ")
        );
    }
    run(Command::new("cargo").args([
        "build",
        "--release",
        "--quiet",
        "--bin",
        "mcu",
        "--example",
        "noop_agent",
        "--example",
        "plancraft_oracle",
    ]))?;
    let mut figures = Map::new();
    for (name, group) in GROUPS {
        if only.is_empty() || only.iter().any(|o| o == name) {
            group(&mut figures)?;
        }
    }
    if as_json {
        println!("{}", Value::Object(figures));
    } else {
        for (name, value) in &figures {
            println!("{name:<40} {value}");
        }
    }
    Ok(())
}

fn a2a_step(figures: &mut Map<String, Value>) -> Result<()> {
    let agent = Agent::start(Command::new("target/release/examples/noop_agent"))?;
    let steps = A2A_STEPS.to_string();
    let output = Command::new("target/release/mcu")
        .args([
            "check",
            &agent.url,
            "--steps",
            &steps,
            "--transport",
            "send",
            "--format",
            "json",
        ])
        .output()?;
    if !output.status.success() {
        bail!(
            "mcu check failed: {}",
            String::from_utf8_lossy(&output.stdout)
        );
    }
    let report: Value = serde_json::from_slice(&output.stdout)?;
    let rust_p50 = report["latency"]["p50_us"]
        .as_f64()
        .context("no p50 in the check report")?;

    let python = Path::new(".venv/sdk03/bin/python");
    let output = Command::new(python)
        .args([
            "tests/peers/bench_client.py",
            "--url",
            &agent.url,
            "--steps",
            &steps,
            "--warmup",
            "50",
            "--size",
            "128",
        ])
        .output()
        .with_context(|| format!("running {}", python.display()))?;
    if !output.status.success() {
        bail!(
            "bench_client.py failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let line = String::from_utf8_lossy(&output.stdout);
    let python_report: Value =
        serde_json::from_str(line.trim()).context("bench_client.py output")?;
    let python_p50 = python_report["p50_us"]
        .as_f64()
        .context("no p50_us from bench_client.py")?;

    figures.insert("a2a_step_us".into(), json!(rust_p50));
    figures.insert("a2a_step_us_python_sdk".into(), json!(python_p50));
    figures.insert(
        "a2a_python_sdk_over_mcu_ratio".into(),
        json!(round2(python_p50 / rust_p50)),
    );
    Ok(())
}

/// Runs `mcu dev sim-bench` (with `extra` arguments) and returns its JSON report.
fn sim_bench(size: &str, threads: Option<u32>, extra: &[&str]) -> Result<Value> {
    let mut command = Command::new("target/release/mcu");
    command.args(["dev", "sim-bench", "--size", size, "--steps", "1000"]);
    command.args(extra);
    if let Some(threads) = threads {
        command.env("RAYON_NUM_THREADS", threads.to_string());
    }
    json_output(&mut command)
}

/// Runs `command` and reads the JSON object it prints.
fn json_output(command: &mut Command) -> Result<Value> {
    let shown = format!("{command:?}");
    let output = command.output()?;
    if !output.status.success() {
        bail!(
            "{shown} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    serde_json::from_slice(&output.stdout).with_context(|| format!("reading what {shown} printed"))
}

fn plancraft(figures: &mut Map<String, Value>) -> Result<()> {
    let split = std::env::var("MCU_PLANCRAFT_SPLIT")
        .unwrap_or_else(|_| "tests/fixtures/plancraft/fixture.json".into());
    // Absolute: the scenario below lives in a scratch folder.
    let split = std::fs::canonicalize(&split)
        .with_context(|| format!("no Plancraft split at {split}"))?
        .display()
        .to_string();
    eprintln!("Plancraft on {split}…");
    let scratch = Scratch::create("plancraft")?;
    let dump = scratch.path.join("steps.json");
    let ours = json_output(
        Command::new("target/release/mcu")
            .args(["dev", "plancraft-bench", "--split", &split, "--dump"])
            .arg(&dump),
    )?;
    let rate = |report: &Value, key: &str| -> Result<f64> {
        report[key]
            .as_f64()
            .with_context(|| format!("no {key} in {report}"))
    };
    let ours_rate = rate(&ours, "steps_per_s")?;
    figures.insert("plancraft_steps_per_s".into(), json!(round2(ours_rate)));
    figures.insert(
        "plancraft_steps_per_s_with_image".into(),
        json!(round2(rate(&ours, "steps_per_s_with_image")?)),
    );
    crate::ensure_venv("plancraft", Path::new("xtask/requirements-plancraft.txt"))?;
    let theirs = json_output(
        Command::new(".venv/plancraft/bin/python")
            .arg("xtask/plancraft_env_bench.py")
            .arg(&dump),
    )?;
    if theirs["mismatches"] != json!([]) {
        bail!("Plancraft's environment ended differently from mcu's: {theirs}");
    }
    let theirs_rate = rate(&theirs, "steps_per_s")?;
    figures.insert(
        "plancraft_py_steps_per_s".into(),
        json!(round2(theirs_rate)),
    );
    figures.insert(
        "plancraft_over_py_ratio".into(),
        json!(round2(ours_rate / theirs_rate)),
    );
    let agent = Agent::start(Command::new("target/release/examples/plancraft_oracle"))?;
    let config = format!("tasks = \"{split}\"\nobs_size = \"640x360\"\njobs = 1\n");
    let run = scratch.play(&scenario(&agent.url, &config), &[])?;
    let results = read_json(&run.folder.join("results.json"))?;
    let mut wall_ms = Vec::new();
    for example in results["examples"]
        .as_array()
        .context("no examples in results.json")?
    {
        let id = example["id"].as_str().context("an example without id")?;
        let record = read_json(&run.folder.join(id).join("episode.json"))?;
        wall_ms.push(rate(&record, "wall_s")? * 1000.0);
    }
    let mean = wall_ms.iter().sum::<f64>() / wall_ms.len().max(1) as f64;
    figures.insert("plancraft_episode_ms".into(), json!(round2(mean)));
    figures.insert(
        "plancraft_mean_steps".into(),
        json!(round2(rate(&results, "mean_steps")?)),
    );
    Ok(())
}

fn simulator(figures: &mut Map<String, Value>) -> Result<()> {
    let wide = sim_bench("640x360", None, &[])?;
    let wide_1core = sim_bench("640x360", Some(1), &[])?;
    let small = sim_bench("128x128", None, &["--no-video"])?;
    let screen = sim_bench("640x360", None, &["--screen"])?;
    let mobs = sim_bench("640x360", None, &["--mobs", "10"])?;
    let figure = |report: &Value, key: &str| -> Result<f64> {
        report
            .pointer(key)
            .and_then(Value::as_f64)
            .with_context(|| format!("no {key} in the sim-bench report"))
    };
    let wide_rate = figure(&wide, "/steps_per_s")?;
    let wide_1core_rate = figure(&wide_1core, "/steps_per_s")?;
    let mut insert = |name: &str, value: f64| figures.insert(name.into(), json!(round2(value)));
    insert("sim_steps_per_s_640x360", wide_rate);
    insert(
        "screen_steps_per_s_640x360",
        figure(&screen, "/steps_per_s")?,
    );
    insert("sim_steps_per_s_640x360_1core", wide_1core_rate);
    let mobs_rate = figure(&mobs, "/steps_per_s")?;
    insert("sim_steps_per_s_640x360_10mobs", mobs_rate);
    insert("sim_10mobs_over_none_ratio", mobs_rate / wide_rate);
    insert("sim_steps_per_s_128x128", figure(&small, "/steps_per_s")?);
    insert(
        "sim_all_cores_over_1core_ratio",
        wide_rate / wide_1core_rate,
    );
    insert("jpeg_encode_us_128x128", figure(&small, "/jpeg_encode_us")?);
    insert(
        "jpeg_encode_us_128x128_image_crate",
        figure(&small, "/jpeg_encode_us_image_crate")?,
    );
    insert(
        "jpeg_image_crate_over_chosen_ratio",
        figure(&small, "/jpeg_image_crate_over_chosen_ratio")?,
    );
    for (name, part) in [
        ("step_total_us_640x360", "step_total_us"),
        ("sim_step_us", "sim_step_us"),
        ("render_us", "render_us"),
        ("downscale_us", "downscale_us"),
        ("jpeg_us", "jpeg_us"),
        ("video_us", "video_us"),
    ] {
        insert(name, figure(&wide, &format!("/episode_loop/{part}"))?);
    }
    insert(
        "sim_steps_per_s_128x128_novideo",
        figure(&small, "/episode_loop/steps_per_s")?,
    );
    insert("sim_rss_mb", figure(&wide, "/rss_mb")?);
    insert("render_fast_us_640x360", figure(&wide, "/render_fast_us")?);
    insert(
        "render_reference_us_640x360",
        figure(&wide, "/render_reference_us")?,
    );
    insert(
        "render_reference_over_fast_ratio",
        figure(&wide, "/render_reference_over_fast_ratio")?,
    );
    Ok(())
}

fn episode(figures: &mut Map<String, Value>) -> Result<()> {
    eprintln!("playing {EPISODE_TASK} for {EPISODE_STEPS} steps with mcu run…");
    let agent = Agent::start(Command::new("target/release/examples/noop_agent"))?;
    let scratch = Scratch::create("episode")?;
    let config =
        format!("task_names = [\"{EPISODE_TASK}\"]\nmax_steps = {EPISODE_STEPS}\njobs = 1\n");
    let run = scratch.play(&scenario(&agent.url, &config), &[])?;
    let record = read_json(&run.folder.join(EPISODE_TASK).join("episode.json"))?;
    let steps = record["steps"]
        .as_u64()
        .context("no steps in episode.json")?;
    if steps != EPISODE_STEPS {
        bail!(
            "{EPISODE_TASK} played {steps} steps, not {EPISODE_STEPS} (status {})",
            record["status"]
        );
    }
    let timing = |key: &str| -> Result<f64> {
        record["timing"][key]
            .as_f64()
            .with_context(|| format!("no timing.{key} in episode.json"))
    };
    figures.insert(
        "episode_900_steps_s".into(),
        json!(round2(timing("wall_s")?)),
    );
    figures.insert("episode_900_run_s".into(), json!(round2(run.wall_s)));
    figures.insert(
        "episode_steps_per_s".into(),
        json!(round2(timing("steps_per_s")?)),
    );
    Ok(())
}

fn suite(figures: &mut Map<String, Value>) -> Result<()> {
    eprintln!("running the whole suite, several minutes…");
    let agent = Agent::start(Command::new("target/release/examples/noop_agent"))?;
    let scratch = Scratch::create("suite")?;
    let run = scratch.play(&scenario(&agent.url, ""), &["--jobs", "2"])?;
    let results = read_json(&run.folder.join("results.json"))?;
    if results["complete"] != json!(true) {
        bail!("the suite run did not complete");
    }
    let statuses = results["statuses"]
        .as_object()
        .context("no statuses in results.json")?;
    if let Some(status) = statuses
        .keys()
        .find(|status| !PLAYED_STATUSES.contains(&status.as_str()))
    {
        bail!("the suite run has tasks with status {status}: {statuses:?}");
    }
    let steps = results["steps"]
        .as_u64()
        .context("no steps in results.json")?;
    eprintln!(
        "suite: {} tasks, {steps} steps in {:.0} s",
        results["num_tasks"], run.wall_s
    );
    figures.insert("suite_noop_jobs2_s".into(), json!(round2(run.wall_s)));
    figures.insert(
        "suite_noop_jobs2_steps_per_s".into(),
        json!(round2(steps as f64 / run.wall_s)),
    );
    Ok(())
}

/// A scenario with one agent at `endpoint` and these `[config]` lines.
fn scenario(endpoint: &str, config: &str) -> String {
    format!("[[participants]]\nrole = \"agent\"\nendpoint = \"{endpoint}\"\n\n[config]\n{config}")
}

fn read_json(path: &Path) -> Result<Value> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
}

/// A folder under the system's temp dir for one figure's scenario and
/// run output, removed on drop.
struct Scratch {
    path: PathBuf,
}

/// A finished `mcu run`: its run folder and the process's wall time.
struct PlayedRun {
    folder: PathBuf,
    wall_s: f64,
}

impl Scratch {
    fn create(name: &str) -> Result<Scratch> {
        let path = std::env::temp_dir().join(format!("mcu-bench-{}-{name}", std::process::id()));
        if path.exists() {
            std::fs::remove_dir_all(&path)?;
        }
        std::fs::create_dir_all(&path).with_context(|| format!("creating {}", path.display()))?;
        Ok(Scratch { path })
    }

    /// Writes the scenario, runs `mcu run` on it quietly with `extra_args`,
    /// and returns the run folder it made.
    fn play(&self, scenario: &str, extra_args: &[&str]) -> Result<PlayedRun> {
        let scenario_path = self.path.join("scenario.toml");
        std::fs::write(&scenario_path, scenario)?;
        let out = self.path.join("out");
        let started = Instant::now();
        let output = Command::new("target/release/mcu")
            .arg("run")
            .arg(&scenario_path)
            .arg("--out")
            .arg(&out)
            .arg("--quiet")
            .args(extra_args)
            .output()
            .context("starting mcu run")?;
        let wall_s = started.elapsed().as_secs_f64();
        if !output.status.success() {
            bail!(
                "mcu run failed ({}): {}{}",
                output.status,
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
        }
        Ok(PlayedRun {
            folder: only_subfolder(&out)?,
            wall_s,
        })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// The one folder `mcu run` created under `out`.
fn only_subfolder(out: &Path) -> Result<PathBuf> {
    let mut folders = Vec::new();
    for entry in std::fs::read_dir(out).with_context(|| format!("reading {}", out.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            folders.push(path);
        }
    }
    match folders.as_slice() {
        [folder] => Ok(folder.clone()),
        _ => bail!(
            "expected one run folder in {}, found {}",
            out.display(),
            folders.len()
        ),
    }
}

fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// An agent process on a free loopback port, killed on drop.
struct Agent {
    child: Child,
    url: String,
}

impl Agent {
    fn start(mut command: Command) -> Result<Agent> {
        let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let child = command
            .args(["--host", "127.0.0.1", "--port", &port.to_string()])
            .stderr(Stdio::null())
            .spawn()
            .context("starting the agent")?;
        let agent = Agent {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if card_answers(port) {
                return Ok(agent);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        bail!("the agent did not serve its card within 30 s")
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn card_answers(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let request =
        "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    let mut response = String::new();
    stream.write_all(request.as_bytes()).is_ok()
        && stream.read_to_string(&mut response).is_ok()
        && response.starts_with("HTTP/1.1 200")
}

fn long_episode(figures: &mut Map<String, Value>) -> Result<()> {
    eprintln!("a 12,000-step walk…");
    let report = json_output(Command::new("target/release/mcu").args(["dev", "long-bench"]))?;
    let figure = |key: &str| -> Result<f64> {
        report[key]
            .as_f64()
            .with_context(|| format!("no {key} in the long-bench report"))
    };
    let mut insert = |name: &str, value: f64| figures.insert(name.into(), json!(round2(value)));
    insert(
        "long_first_1000_steps_per_s",
        figure("first_window_steps_per_s")?,
    );
    insert(
        "long_last_1000_steps_per_s",
        figure("last_window_steps_per_s")?,
    );
    insert(
        "long_last_over_first_ratio",
        figure("last_over_first_ratio")?,
    );
    insert("long_blocks_walked", figure("blocks_from_start")?);
    let last = report["windows"]
        .as_array()
        .and_then(|w| w.last())
        .context("no windows in the long-bench report")?;
    insert(
        "long_end_rss_mb",
        last["rss_mb"]
            .as_f64()
            .context("no rss_mb in the last window")?,
    );
    Ok(())
}
