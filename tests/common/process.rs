//! Agents as real processes for tests: start one on a free loopback port,
//! wait until its agent card answers, and kill it when the guard drops.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct AgentProcess {
    child: Child,
    pub url: String,
}

impl Drop for AgentProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port nothing listens on right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `command` (which must take `--port`) and waits for its card.
pub fn start(mut command: Command) -> AgentProcess {
    let port = free_port();
    let shown = format!("{command:?}");
    let child = command
        .args(["--host", "127.0.0.1", "--port", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {shown}: {e}"));
    let mut agent = AgentProcess {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    let card = format!("127.0.0.1:{port}");
    while Instant::now() < deadline {
        if let Some(status) = agent.child.try_wait().unwrap() {
            panic!("{shown} exited early with {status}");
        }
        if card_answers(&card) {
            return agent;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("{shown}: no agent card after 60 s")
}

fn card_answers(address: &str) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(address) else {
        return false;
    };
    let request = format!(
        "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    );
    let mut response = String::new();
    stream.write_all(request.as_bytes()).is_ok()
        && stream.read_to_string(&mut response).is_ok()
        && response.starts_with("HTTP/1.1 200")
}

/// A cargo example built alongside the tests (`cargo test` builds them).
pub fn example(name: &str) -> Command {
    let deps = std::env::current_exe().unwrap();
    let examples = deps.parent().unwrap().parent().unwrap().join("examples");
    Command::new(examples.join(name))
}

/// The random agent example, seeded, started and serving.
pub fn random_agent(seed: u32) -> AgentProcess {
    let mut command = example("random_agent");
    command.args(["--seed", &seed.to_string()]);
    start(command)
}

/// A Python interpreter of one of the interop venvs made by `cargo xtask setup`.
pub fn venv_python(venv: &str) -> Command {
    let python = super::repo_root()
        .join(".venv")
        .join(venv)
        .join("bin/python");
    assert!(
        python.exists(),
        "{} is missing: run `cargo xtask setup`",
        python.display()
    );
    Command::new(python)
}

pub fn peer_script(relative: &str) -> PathBuf {
    super::repo_root().join(relative)
}
