//! `mcu check` as agent builders run it: the real binary against the
//! example agents running as their own processes, and against the
//! misbehaving agent, over HTTP on loopback.

mod common;

use std::process::{Command, Output};

use common::process::{example, start};
use serde_json::Value;

fn mcu_check(url: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcu"))
        .args(["check", url])
        .args(extra)
        .output()
        .unwrap()
}

fn report(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn example_agents_pass_in_their_action_forms() {
    for (name, form) in [
        ("noop_agent", "compact"),
        ("random_agent", "compact"),
        ("envdict_agent", "env_dict"),
    ] {
        let agent = start(example(name));
        for transport in ["send", "stream"] {
            let output = mcu_check(
                &agent.url,
                &[
                    "--steps",
                    "12",
                    "--format",
                    "json",
                    "--transport",
                    transport,
                ],
            );
            assert!(
                output.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&output.stdout)
            );
            let report = report(&output);
            assert_eq!(report["passed"], true);
            assert_eq!(report["valid_actions"], 12);
            assert_eq!(report["forms"][form], 12, "{name}: {report}");
            assert_eq!(report["streaming"], transport == "stream");
            assert_eq!(report["agent_name"], name);
        }
    }
}

#[test]
fn text_report_of_a_passing_agent() {
    let agent = start(example("noop_agent"));
    let output = mcu_check(&agent.url, &["--steps", "3", "--obs-size", "640x360"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{text}");
    for line in [
        "agent      noop_agent",
        "embedded simulator 640x360 JPEG",
        "3/3 valid actions; form: compact ×3",
        "failures   none",
        "PASS",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
}

#[test]
fn misbehaving_agent_fails_with_a_report_per_kind() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let address = runtime.block_on(common::misbehaving::start());
    let output = mcu_check(
        &format!("http://{address}"),
        &["--steps", "10", "--timeout-s", "0.5"],
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("0/10 valid actions"), "{text}");
    for kind in common::misbehaving::CYCLE {
        assert!(
            text.contains(&format!("failure    {kind} ×1")),
            "{kind} in {text}"
        );
    }
    assert!(
        text.contains("fix: ") && text.trim_end().ends_with("FAIL"),
        "{text}"
    );
}

#[test]
fn unreachable_agent_is_an_error_with_advice() {
    let port = common::process::free_port();
    let output = mcu_check(&format!("http://127.0.0.1:{port}"), &["--steps", "1"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("is the agent running?") && stderr.contains("Connection refused"),
        "{stderr}"
    );
}
