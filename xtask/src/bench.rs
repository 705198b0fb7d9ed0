//! `cargo xtask bench`: the project's speed figures, each named, measured
//! in one run on this machine so that ratios compare like with like.
//!
//! A2A step round trip: `mcu check` (the real client, real JPEG frames)
//! against the release-built noop agent on loopback, and the official
//! Python `a2a-sdk` client doing the same against the same agent.

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
