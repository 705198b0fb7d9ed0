//! A purple agent that `mcu run` starts itself, from a scenario's
//! `[[participants]] cmd = "..."`: the command runs under `sh -c` in its own
//! process group with its output appended to a log file; `mcu` waits until
//! the agent's card answers at its `endpoint`, and stopping the agent ends
//! the whole group (SIGTERM, then SIGKILL after a grace period).

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::a2a::{A2aClient, ClientOptions};

/// Pause between two readiness attempts.
const RETRY_INTERVAL: Duration = Duration::from_millis(200);
/// Longest wait for one readiness attempt.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(2);
/// How long the group has to exit after SIGTERM before SIGKILL.
const STOP_GRACE: Duration = Duration::from_secs(5);
/// Pause between two checks for a stopping group.
const STOP_POLL: Duration = Duration::from_millis(25);
/// Log lines quoted in an error.
const ERROR_TAIL_LINES: usize = 20;
/// How much of the end of a log file [`log_tail`] reads.
const TAIL_BYTES: u64 = 64 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum ParticipantError {
    #[error(
        "participant `{role}`: cannot open its log file {path}: {source}; \
         check that its folder is writable",
        path = .path.display()
    )]
    Log {
        role: String,
        path: PathBuf,
        source: io::Error,
    },
    #[error("participant `{role}`: cannot start `{cmd}` with `sh -c`: {source}; check that `sh` is on PATH")]
    Spawn {
        role: String,
        cmd: String,
        source: io::Error,
    },
    #[error(
        "participant `{role}`: endpoint `{endpoint}` is not a URL ({reason}); \
         write it like `http://127.0.0.1:9019`"
    )]
    BadEndpoint {
        role: String,
        endpoint: String,
        reason: String,
    },
    #[error(
        "participant `{role}` exited ({status}) before its A2A server answered; \
         the end of its log {log}:\n{tail}\n\
         fix what the log shows, or run the participant's `cmd` by hand to see why it stops",
        log = .log.display(),
        tail = indented(.tail)
    )]
    Exited {
        role: String,
        status: String,
        tail: String,
        log: PathBuf,
    },
    #[error(
        "participant `{role}` did not answer at {endpoint} within {waited:.1?} \
         (last attempt: {last_error}); the end of its log {log}:\n{tail}\n\
         check that the port in the participant's `cmd` matches its `endpoint`, \
         or raise `startup_timeout_s` if the agent starts slowly",
        log = .log.display(),
        tail = indented(.tail)
    )]
    NotReady {
        role: String,
        endpoint: String,
        waited: Duration,
        last_error: String,
        tail: String,
        log: PathBuf,
    },
}

/// A running agent command; stopped (with its whole process group) when
/// dropped.
#[derive(Debug)]
pub struct AgentProcess {
    role: String,
    child: Child,
    log_path: PathBuf,
    stopped: bool,
}

impl AgentProcess {
    /// Runs `cmd` with `sh -c` (as `exec <cmd>` when it is one simple
    /// command, so the agent itself is the child) in a new process group,
    /// with `env` added to the inherited environment, stdin empty and
    /// stdout and stderr appended to `log_path` (its folders are created).
    ///
    /// On Linux the child gets SIGTERM if the spawning *thread* exits, so
    /// that a killed `mcu` leaves no agent behind: call this from a thread
    /// that outlives the agent (the main thread or a runtime worker, not a
    /// `spawn_blocking` task).
    // Called once per participant and run: the error's detail (log path and
    // tail) is worth its size.
    #[allow(clippy::result_large_err)]
    pub fn start(
        role: &str,
        cmd: &str,
        env: &BTreeMap<String, String>,
        log_path: &Path,
    ) -> Result<AgentProcess, ParticipantError> {
        let log_error = |source| ParticipantError::Log {
            role: role.to_string(),
            path: log_path.to_path_buf(),
            source,
        };
        let stderr = open_log(log_path).map_err(log_error)?;
        let stdout = stderr.try_clone().map_err(log_error)?;
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(shell_line(cmd))
            .envs(env)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .process_group(0);
        die_with_parent(&mut command);
        let child = command.spawn().map_err(|source| ParticipantError::Spawn {
            role: role.to_string(),
            cmd: cmd.to_string(),
            source,
        })?;
        Ok(AgentProcess {
            role: role.to_string(),
            child,
            log_path: log_path.to_path_buf(),
            stopped: false,
        })
    }

    /// Tries to fetch the agent's card at `endpoint` every 200 ms (each
    /// attempt bounded to 2 s) until it answers, the process exits or
    /// `timeout` passes. The client returned uses `options`.
    pub async fn wait_for_agent(
        &mut self,
        endpoint: &str,
        options: &ClientOptions,
        timeout: Duration,
    ) -> Result<A2aClient, ParticipantError> {
        if let Err(error) = url::Url::parse(endpoint) {
            return Err(ParticipantError::BadEndpoint {
                role: self.role.clone(),
                endpoint: endpoint.to_string(),
                reason: error.to_string(),
            });
        }
        let started = Instant::now();
        loop {
            let remaining = timeout.saturating_sub(started.elapsed());
            let attempt = connect_within(endpoint, options, remaining.min(ATTEMPT_TIMEOUT)).await;
            // Checked after the attempt too: an agent that died (say, on a
            // port already taken) must not pass for whatever else answers.
            if let Some(status) = self.exit_status() {
                return Err(self.exited(status));
            }
            let last_error = match attempt {
                Ok(client) => return Ok(client),
                Err(error) => error,
            };
            let remaining = timeout.saturating_sub(started.elapsed());
            if remaining.is_zero() {
                return Err(ParticipantError::NotReady {
                    role: self.role.clone(),
                    endpoint: endpoint.to_string(),
                    waited: started.elapsed(),
                    last_error,
                    tail: log_tail(&self.log_path, ERROR_TAIL_LINES),
                    log: self.log_path.clone(),
                });
            }
            tokio::time::sleep(remaining.min(RETRY_INTERVAL)).await;
        }
    }

    /// Whether the agent command is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends SIGTERM to the whole process group, waits up to 5 s for it to
    /// go, then sends SIGKILL to what is left, and reaps the command.
    /// Blocks the calling thread meanwhile; does nothing the second time.
    pub fn stop(&mut self) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        let group = self.group();
        signal_group(group, libc::SIGTERM);
        let deadline = Instant::now() + STOP_GRACE;
        while group_has_live_members(group) && Instant::now() < deadline {
            thread::sleep(STOP_POLL);
        }
        if group_has_live_members(group) {
            signal_group(group, libc::SIGKILL);
        }
        // Reaped last, so the group id cannot be reused while it is signalled.
        // A failure here leaves nothing more to do.
        let _ = self.child.wait();
    }

    pub fn log_path(&self) -> &Path {
        &self.log_path
    }

    /// The process group, whose id is the command's pid.
    fn group(&self) -> libc::pid_t {
        // Pids fit in pid_t; the conversion only fails on a broken platform.
        libc::pid_t::try_from(self.child.id()).unwrap_or(libc::pid_t::MAX)
    }

    fn exit_status(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    fn exited(&self, status: ExitStatus) -> ParticipantError {
        ParticipantError::Exited {
            role: self.role.clone(),
            status: describe_exit(status),
            tail: log_tail(&self.log_path, ERROR_TAIL_LINES),
            log: self.log_path.clone(),
        }
    }
}

impl Drop for AgentProcess {
    fn drop(&mut self) {
        self.stop()
    }
}

/// The last `lines` lines of the log file at `path` (lossy UTF-8, read
/// from its last 64 KiB), or "" if it cannot be read.
pub fn log_tail(path: &Path, lines: usize) -> String {
    read_end(path)
        .map(|text| last_lines(&text, lines))
        .unwrap_or_default()
}

fn read_end(path: &Path) -> io::Result<String> {
    let mut file = File::open(path)?;
    let start = file.metadata()?.len().saturating_sub(TAIL_BYTES);
    file.seek(SeekFrom::Start(start))?;
    let mut bytes = Vec::new();
    file.take(TAIL_BYTES).read_to_end(&mut bytes)?;
    let text = String::from_utf8_lossy(&bytes);
    if start == 0 {
        return Ok(text.into_owned());
    }
    // Read from the middle of the file: the first line is probably cut.
    Ok(text
        .split_once('\n')
        .map_or(text.as_ref(), |(_, rest)| rest)
        .to_string())
}

fn last_lines(text: &str, count: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(count)..].join("\n")
}

/// A log tail as quoted in an error: each line indented.
fn indented(tail: &str) -> String {
    if tail.trim().is_empty() {
        return "    (the log is empty)".to_string();
    }
    tail.lines()
        .map(|line| format!("    {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn open_log(path: &Path) -> io::Result<File> {
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(folder)?;
    }
    OpenOptions::new().create(true).append(true).open(path)
}

/// One connection attempt: the card fetch, bounded to `limit`.
async fn connect_within(
    endpoint: &str,
    options: &ClientOptions,
    limit: Duration,
) -> Result<A2aClient, String> {
    match tokio::time::timeout(limit, A2aClient::connect(endpoint, options.clone())).await {
        Ok(Ok(client)) => Ok(client),
        Ok(Err(error)) => Err(error.to_string()),
        Err(_) => Err(format!("no agent card within {limit:.1?}")),
    }
}

/// `exec <cmd>` when `cmd` is one simple command, so the agent replaces
/// `sh` (and has the pid that exit statuses and the parent-death signal
/// concern); `cmd` unchanged when the shell has more to do.
fn shell_line(cmd: &str) -> String {
    if is_simple_command(cmd) {
        format!("exec {cmd}")
    } else {
        cmd.to_string()
    }
}

/// No lists, pipes, subshells, groups or substitutions (quoted or not: this
/// errs on the side of leaving `cmd` alone), no leading variable assignment
/// and not a shell builtin or keyword that `exec` cannot run.
fn is_simple_command(cmd: &str) -> bool {
    const SHELL_SYNTAX: [char; 9] = [';', '&', '|', '(', ')', '`', '{', '}', '\n'];
    const SHELL_WORDS: [&str; 13] = [
        "exec", "eval", "cd", "export", "set", "source", ".", "!", "if", "for", "while", "until",
        "case",
    ];
    let Some(first_word) = cmd.split_whitespace().next() else {
        return false;
    };
    !cmd.contains(SHELL_SYNTAX) && !first_word.contains('=') && !SHELL_WORDS.contains(&first_word)
}

/// Asks Linux to send the child SIGTERM when the thread that spawned it
/// exits, as it does when `mcu` is killed.
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    let parent = libc::pid_t::try_from(std::process::id()).unwrap_or(0);
    // SAFETY: the closure runs between fork and exec and only makes
    // async-signal-safe calls (prctl, getppid), allocating nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM as libc::c_ulong) != 0 {
                return Err(io::Error::last_os_error());
            }
            // The parent may have died before the request took effect.
            if libc::getppid() != parent {
                return Err(io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_command: &mut Command) {}

fn signal_group(group: libc::pid_t, signal: libc::c_int) -> bool {
    // SAFETY: kill has no memory-safety preconditions.
    unsafe { libc::kill(-group, signal) == 0 }
}

/// Whether any process of the group is alive (zombies, dead but not yet
/// reaped by their parent, do not count).
#[cfg(target_os = "linux")]
fn group_has_live_members(group: libc::pid_t) -> bool {
    if !signal_group(group, 0) {
        return false;
    }
    let Ok(entries) = fs::read_dir("/proc") else {
        return true;
    };
    entries
        .flatten()
        .filter(|entry| {
            entry
                .file_name()
                .to_str()
                .is_some_and(|name| name.bytes().all(|b| b.is_ascii_digit()))
        })
        .filter_map(|entry| fs::read_to_string(entry.path().join("stat")).ok())
        .any(|stat| live_group_of(&stat) == Some(group))
}

/// Whether any process of the group exists (zombies included, so a group
/// whose leader is not yet reaped counts until the grace period ends).
#[cfg(not(target_os = "linux"))]
fn group_has_live_members(group: libc::pid_t) -> bool {
    signal_group(group, 0)
}

/// The process group in a `/proc/<pid>/stat` line, unless the process is a
/// zombie or dead.
#[cfg(target_os = "linux")]
fn live_group_of(stat: &str) -> Option<libc::pid_t> {
    // `pid (name) state ppid pgrp ...`; the name may hold spaces and `)`.
    let after_name = &stat[stat.rfind(')')? + 1..];
    let mut fields = after_name.split_whitespace();
    let state = fields.next()?;
    let _parent = fields.next()?;
    let group = fields.next()?.parse().ok()?;
    (!matches!(state, "Z" | "X" | "x")).then_some(group)
}

fn describe_exit(status: ExitStatus) -> String {
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit code {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        (None, None) => status.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a2a::server::{card, router, Responder};
    use serde_json::Value;

    fn no_env() -> BTreeMap<String, String> {
        BTreeMap::new()
    }

    /// An endpoint on a port nothing listens on (it was free a moment ago).
    fn unused_endpoint() -> String {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/", listener.local_addr().unwrap())
    }

    /// Alive and not a zombie.
    fn process_is_live(pid: libc::pid_t) -> bool {
        let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let exists = unsafe { libc::kill(pid, 0) == 0 };
        exists && live_group_of(&stat).is_some()
    }

    /// Waits (up to 10 s) for the command to write a pid to `path`.
    fn read_pid(path: &Path) -> libc::pid_t {
        for _ in 0..400 {
            if let Some(pid) = fs::read_to_string(path)
                .ok()
                .and_then(|text| text.trim().parse().ok())
            {
                return pid;
            }
            thread::sleep(Duration::from_millis(25));
        }
        panic!("no pid in {}", path.display());
    }

    struct Echo;

    impl Responder for Echo {
        fn respond(&self, _context_id: &str, payload: Value) -> Value {
            payload
        }
    }

    #[tokio::test]
    async fn an_agent_that_exits_reports_its_status_and_log() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("logs/nested/purple.log");
        let mut agent = AgentProcess::start(
            "purple",
            "echo 'error: cannot load weights' >&2; exit 3",
            &no_env(),
            &log,
        )
        .unwrap();
        let error = agent
            .wait_for_agent(
                &unused_endpoint(),
                &ClientOptions::default(),
                Duration::from_secs(30),
            )
            .await
            .unwrap_err();
        let ParticipantError::Exited { status, tail, .. } = &error else {
            panic!("expected Exited, got {error:?}");
        };
        assert_eq!(status, "exit code 3");
        assert!(tail.contains("error: cannot load weights"), "{tail}");
        let message = error.to_string();
        assert!(message.contains(&log.display().to_string()), "{message}");
        assert!(
            message.contains("\n    error: cannot load weights\n"),
            "{message}"
        );
        assert!(!agent.is_running());
    }

    #[tokio::test]
    async fn an_agent_that_never_answers_is_not_ready_and_stop_ends_it() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("purple.log");
        let mut agent = AgentProcess::start(
            "purple",
            "echo loading model; exec sleep 30",
            &no_env(),
            &log,
        )
        .unwrap();
        let pid = agent.group();
        let endpoint = unused_endpoint();
        let timeout = Duration::from_secs(1);
        let error = agent
            .wait_for_agent(&endpoint, &ClientOptions::default(), timeout)
            .await
            .unwrap_err();
        let ParticipantError::NotReady {
            endpoint: reported,
            waited,
            tail,
            ..
        } = &error
        else {
            panic!("expected NotReady, got {error:?}");
        };
        assert_eq!(reported, &endpoint);
        assert!(*waited >= timeout, "{waited:?}");
        assert_eq!(tail, "loading model");
        let message = error.to_string();
        assert!(message.contains("startup_timeout_s"), "{message}");
        assert!(message.contains("\n    loading model\n"), "{message}");
        assert!(agent.is_running());

        agent.stop();
        assert!(!agent.is_running());
        assert_ne!(unsafe { libc::kill(pid, 0) }, 0, "pid {pid} still exists");
        agent.stop();
    }

    #[test]
    fn stop_ends_every_process_of_the_group() {
        let dir = tempfile::tempdir().unwrap();
        let (first, second) = (dir.path().join("first"), dir.path().join("second"));
        let cmd = format!(
            "sleep 100 & echo $! > '{}'; sleep 100 & echo $! > '{}'; wait",
            first.display(),
            second.display()
        );
        let mut agent =
            AgentProcess::start("purple", &cmd, &no_env(), &dir.path().join("log")).unwrap();
        let sleeps = [read_pid(&first), read_pid(&second)];
        for pid in sleeps {
            assert!(process_is_live(pid), "sleep {pid} is not running");
            assert_eq!(unsafe { libc::getpgid(pid) }, agent.group());
        }

        agent.stop();
        for pid in sleeps {
            assert!(!process_is_live(pid), "sleep {pid} survived stop");
        }
    }

    #[test]
    fn stop_kills_an_agent_that_ignores_sigterm() {
        let dir = tempfile::tempdir().unwrap();
        let started = dir.path().join("started");
        let cmd = format!(
            "trap '' TERM; touch '{}'; exec sleep 100",
            started.display()
        );
        let mut agent =
            AgentProcess::start("purple", &cmd, &no_env(), &dir.path().join("log")).unwrap();
        while !started.exists() {
            thread::sleep(Duration::from_millis(25));
        }
        agent.stop();
        let status = agent.exit_status().map(describe_exit);
        assert_eq!(status.as_deref(), Some("killed by signal 9"));
    }

    #[tokio::test]
    async fn env_reaches_the_command_and_the_log_is_appended_to() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("purple.log");
        fs::write(&log, "an earlier run\n").unwrap();
        let env = BTreeMap::from([("MY_VAR".to_string(), "hello world".to_string())]);
        let mut agent =
            AgentProcess::start("purple", "echo \"MY_VAR=$MY_VAR\"", &env, &log).unwrap();
        let error = agent
            .wait_for_agent(
                &unused_endpoint(),
                &ClientOptions::default(),
                Duration::from_secs(30),
            )
            .await
            .unwrap_err();
        assert!(
            matches!(&error, ParticipantError::Exited { status, .. } if status == "exit code 0"),
            "{error:?}"
        );
        assert_eq!(
            log_tail(agent.log_path(), 10),
            "an earlier run\nMY_VAR=hello world"
        );
    }

    #[tokio::test]
    async fn an_agent_card_that_answers_late_gives_a_ready_client() {
        let endpoint = unused_endpoint();
        let address = endpoint
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        let card_url = endpoint.clone();
        // The server comes up after a few refused attempts.
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(700)).await;
            let listener = tokio::net::TcpListener::bind(&address).await.unwrap();
            let app = router(card("late_agent", "answers late", &card_url), Echo);
            axum::serve(listener, app).await.unwrap();
        });
        let dir = tempfile::tempdir().unwrap();
        let mut agent =
            AgentProcess::start("purple", "sleep 30", &no_env(), &dir.path().join("log")).unwrap();
        let options = ClientOptions {
            timeout: Duration::from_secs(17),
            ..ClientOptions::default()
        };
        let client = agent
            .wait_for_agent(&endpoint, &options, Duration::from_secs(30))
            .await
            .unwrap();
        assert_eq!(client.card().name, "late_agent");
        assert_eq!(client.rpc_url().as_str(), endpoint);
        assert!(agent.is_running());
        agent.stop();
        assert!(!agent.is_running());
    }

    #[tokio::test]
    async fn an_endpoint_that_is_not_a_url_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let mut agent =
            AgentProcess::start("purple", "sleep 30", &no_env(), &dir.path().join("log")).unwrap();
        let error = agent
            .wait_for_agent(
                "127.0.0.1:9019",
                &ClientOptions::default(),
                Duration::from_secs(30),
            )
            .await
            .unwrap_err();
        assert!(
            matches!(error, ParticipantError::BadEndpoint { .. }),
            "{error:?}"
        );
        assert!(agent.is_running());
    }

    #[test]
    fn log_tail_gives_the_last_lines_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("log");
        fs::write(&path, "a\nb\nc\nd\ne\n").unwrap();
        assert_eq!(log_tail(&path, 2), "d\ne");
        assert_eq!(log_tail(&path, 10), "a\nb\nc\nd\ne");
        assert_eq!(log_tail(&dir.path().join("missing"), 5), "");

        let long = format!("{}\nsecond to last\nlast\n", "x".repeat(200_000));
        fs::write(&path, long).unwrap();
        assert_eq!(log_tail(&path, 5), "second to last\nlast");
    }

    #[test]
    fn only_simple_commands_are_execed() {
        assert_eq!(
            shell_line("python agent.py --port 9019"),
            "exec python agent.py --port 9019"
        );
        for compound in [
            "cd agent && python main.py",
            "PORT=9019 ./agent",
            "python a.py; python b.py",
            "run | tee out",
            "eval \"$AGENT\"",
            "",
        ] {
            assert_eq!(shell_line(compound), compound);
        }
    }

    #[test]
    fn stat_lines_give_the_group_of_live_processes() {
        assert_eq!(live_group_of("42 (my agent) S 1 40 40 0 -1"), Some(40));
        assert_eq!(live_group_of("42 (a) b) R 1 41 41 0 -1"), Some(41));
        assert_eq!(live_group_of("42 (sleep) Z 1 40 40 0 -1"), None);
        assert_eq!(live_group_of("garbage"), None);
    }

    #[test]
    fn exit_statuses_are_described() {
        assert_eq!(describe_exit(ExitStatus::from_raw(3 << 8)), "exit code 3");
        assert_eq!(describe_exit(ExitStatus::from_raw(9)), "killed by signal 9");
    }
}
