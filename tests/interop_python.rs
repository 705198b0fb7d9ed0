//! Interop with the official Python `a2a-sdk`: the template agent on
//! a2a-sdk 0.3.x in every action form, answering with Messages or with
//! completed Tasks, streaming or not; and an agent on a2a-sdk 1.x through
//! its 0.3 compatibility interface. Each peer runs as its own process from
//! the venvs `cargo xtask setup` makes.

mod common;

use std::process::Command;

use common::process::{peer_script, start, venv_python};
use serde_json::Value;

fn check(url: &str, transport: &str) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_mcu"))
        .args([
            "check",
            url,
            "--steps",
            "6",
            "--format",
            "json",
            "--transport",
            transport,
        ])
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    assert!(output.status.success(), "{report:#}");
    report
}

fn agent(venv: &str, script: &str, form: &str, reply: &str) -> Command {
    let mut command = venv_python(venv);
    command
        .arg(peer_script(script))
        .args(["--form", form, "--reply", reply, "--seed", "5"]);
    command
}

const FORMS: [(&str, &str); 3] = [
    ("compact", "compact"),
    ("factored", "factored"),
    ("envdict", "env_dict"),
];

#[test]
fn sdk_0_3_agent_passes_in_every_form_and_reply_shape() {
    for (form, reported) in FORMS {
        for reply in ["message", "task"] {
            let peer = start(agent(
                "sdk03",
                "examples/python/purple_agent.py",
                form,
                reply,
            ));
            for transport in ["send", "stream"] {
                let report = check(&peer.url, transport);
                assert_eq!(
                    report["forms"][reported], 6,
                    "{form}/{reply}/{transport}: {report:#}"
                );
                assert_eq!(
                    report["failures"].as_object().unwrap().len(),
                    0,
                    "{report:#}"
                );
            }
        }
    }
}

#[test]
fn sdk_1_x_agent_passes_through_its_0_3_interface() {
    for reply in ["message", "task"] {
        let peer = start(agent("sdk1", "tests/peers/sdk1_agent.py", "compact", reply));
        for transport in ["send", "stream"] {
            let report = check(&peer.url, transport);
            assert_eq!(
                report["forms"]["compact"], 6,
                "{reply}/{transport}: {report:#}"
            );
        }
    }
}
