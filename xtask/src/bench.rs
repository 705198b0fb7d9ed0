//! `cargo xtask bench`: the project's speed figures, each named, measured
//! in one run on this machine so that ratios compare like with like.
//!
//! A2A step round trip: `mcu check` (the real client, real JPEG frames)
//! against the release-built noop agent on loopback, and the official
//! Python `a2a-sdk` client doing the same against the same agent.
//!
//! Simulator: `mcu dev sim-bench` steps the embedded simulator with random
//! walking-and-mining actions and renders every step, at the recording
//! size (all cores and one) and at the default observation size; it also
//! times JPEG encoding of an observation and reports its resident memory.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use serde_json::{json, Map, Value};

use crate::run;

const A2A_STEPS: u32 = 2000;

pub fn measure(as_json: bool) -> Result<()> {
    run(Command::new("cargo").args([
        "build",
        "--release",
        "--quiet",
        "--bin",
        "mcu",
        "--example",
        "noop_agent",
    ]))?;
    let mut figures = Map::new();
    a2a_step(&mut figures)?;
    simulator(&mut figures)?;
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

/// Runs `mcu dev sim-bench` and returns its JSON report.
fn sim_bench(size: &str, threads: Option<u32>) -> Result<Value> {
    let mut command = Command::new("target/release/mcu");
    command.args(["dev", "sim-bench", "--size", size, "--steps", "1000"]);
    if let Some(threads) = threads {
        command.env("RAYON_NUM_THREADS", threads.to_string());
    }
    let output = command.output()?;
    if !output.status.success() {
        bail!(
            "mcu dev sim-bench failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(serde_json::from_slice(&output.stdout)?)
}

fn simulator(figures: &mut Map<String, Value>) -> Result<()> {
    let wide = sim_bench("640x360", None)?;
    let wide_1core = sim_bench("640x360", Some(1))?;
    let small = sim_bench("128x128", None)?;
    let figure = |report: &Value, key: &str| -> Result<f64> {
        report[key]
            .as_f64()
            .with_context(|| format!("no {key} in the sim-bench report"))
    };
    let wide_rate = figure(&wide, "steps_per_s")?;
    let wide_1core_rate = figure(&wide_1core, "steps_per_s")?;
    figures.insert("sim_steps_per_s_640x360".into(), json!(round2(wide_rate)));
    figures.insert(
        "sim_steps_per_s_640x360_1core".into(),
        json!(round2(wide_1core_rate)),
    );
    figures.insert(
        "sim_steps_per_s_128x128".into(),
        json!(round2(figure(&small, "steps_per_s")?)),
    );
    figures.insert(
        "sim_all_cores_over_1core_ratio".into(),
        json!(round2(wide_rate / wide_1core_rate)),
    );
    figures.insert(
        "jpeg_encode_us_128x128".into(),
        json!(round2(figure(&small, "jpeg_encode_us")?)),
    );
    figures.insert("sim_rss_mb".into(), json!(round2(figure(&wide, "rss_mb")?)));
    Ok(())
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
