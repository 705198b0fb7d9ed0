//! `mcu run` end to end: the real binary against real agent processes (or
//! agents served in this test process over real HTTP), checking the run
//! folder it writes — records, trajectories, results, videos (ffprobe) —
//! determinism across `--jobs`, misbehaving and dying agents, agents
//! started from `cmd`, Ctrl-C, and `--resume` after `kill -9`.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::process::{example, free_port, random_agent, start};
use common::runs::{json_file, mcu, run, run_dir, scenario, text, trajectory};
use serde_json::{json, Value};

/// Files whose name marks an unfinished atomic write, anywhere under `dir`.
fn leftover_temp_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(leftover_temp_files(&path));
        } else if path.to_string_lossy().ends_with(".part") {
            found.push(path);
        }
    }
    found
}

fn ffprobe(video: &Path) -> Value {
    let output = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
        .args([
            "-show_entries",
            "stream=codec_name,width,height,pix_fmt,nb_read_frames,avg_frame_rate",
        ])
        .args(["-of", "json"])
        .arg(video)
        .output()
        .expect("ffprobe is installed by `cargo xtask setup`");
    assert!(output.status.success(), "{}", text(&output));
    serde_json::from_slice::<Value>(&output.stdout).unwrap()["streams"][0].clone()
}

/// The decoded frames' checksums, one line per frame.
fn frame_checksums(video: &Path) -> String {
    let output = Command::new("ffmpeg")
        .args(["-v", "error", "-i"])
        .arg(video)
        .args(["-f", "framemd5", "-"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.rsplit(',').next().unwrap_or("").trim().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_run_writes_records_trajectories_videos_and_results() {
    let agent = start(example("noop_agent"));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let scenario = scenario(
        dir.path(),
        &agent.url,
        &["collect_dirt", "drop_an_item"],
        12,
        "jobs = 2",
    );
    let output = run(&scenario, &out, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("total score: 0.00 / 20.00"), "{stdout}");

    let run = run_dir(&out);
    let name = run.file_name().unwrap().to_string_lossy().to_string();
    assert!(
        name.len() == 15 && name.as_bytes()[8] == b'_',
        "run folder named YYYYmmdd_HHMMSS: {name}"
    );
    let results = json_file(&run.join("results.json"));
    assert_eq!(results["num_tasks"], 2);
    assert_eq!(results["complete"], true);
    assert_eq!(results["total_max_score"], 20.0);
    assert_eq!(results["judge"]["ran"], false);
    assert_eq!(results["statuses"], json!({"zero": 2}));
    assert_eq!(results["steps"], 24);
    assert_eq!(
        results["task_category"],
        json!(["mining_and_collecting", "motion"])
    );
    for task in ["collect_dirt", "drop_an_item"] {
        let metrics = &results["task_metrics"][task];
        assert_eq!(metrics["status"], "zero", "{task}");
        assert_eq!(metrics["score"], 0.0);
        assert_eq!(metrics["max_score"], 10.0);
        assert_eq!(metrics["sim_score"], 0.0);
        assert_eq!(metrics["video"], format!("{task}/episode_1.mp4"));

        let record = json_file(&run.join(task).join("episode.json"));
        assert_eq!(record["version"], 1);
        assert_eq!(record["status"], "zero");
        assert_eq!(record["steps"], 12);
        assert_eq!(record["agent_init"]["ok"], true);
        assert_eq!(record["forms"], json!({"compact": 12}));
        assert_eq!(record["failures"], json!({}));
        assert_eq!(record["task"]["name"], task);
        assert_eq!(record["task"]["max_steps"], 12);
        assert_eq!(record["task"]["file_sha256"].as_str().unwrap().len(), 64);
        let commands = record["init_commands"].as_array().unwrap();
        assert!(!commands.is_empty());
        assert!(
            commands.iter().all(|c| c["status"] == "accepted"),
            "{commands:?}"
        );
        assert_eq!(record["files"]["video_frames"], 13);

        let steps = trajectory(&run.join(task).join("trajectory.jsonl"));
        assert_eq!(steps.len(), 12);
        for (index, step) in steps.iter().enumerate() {
            assert_eq!(step["step"], index);
            assert_eq!(step["form"], "compact");
            assert_eq!(step["action"], json!({"keys": [], "camera": [0.0, 0.0]}));
            assert!(step["received"].as_str().unwrap().contains("\"buttons\""));
            assert!(step["failure"].is_null());
        }
        // Deltas added to the baseline give the final statistics.
        let mut rebuilt = record["baseline_statistics"].clone();
        for step in &steps {
            for (family, objects) in step["stats"].as_object().unwrap() {
                for (object, by) in objects.as_object().unwrap() {
                    let slot = &mut rebuilt[family][object];
                    *slot = json!(slot.as_u64().unwrap_or(0) + by.as_u64().unwrap());
                }
            }
        }
        assert_eq!(rebuilt, record["final_statistics"], "{task}");

        let video = ffprobe(&run.join(task).join("episode_1.mp4"));
        assert_eq!(video["codec_name"], "h264");
        assert_eq!(video["pix_fmt"], "yuv420p");
        assert_eq!(
            (video["width"].clone(), video["height"].clone()),
            (json!(640), json!(360))
        );
        assert_eq!(
            video["nb_read_frames"], "13",
            "one frame after reset, one per step"
        );
        assert_eq!(video["avg_frame_rate"], "20/1");
    }
    let agentbeats = json_file(&run.join("agentbeats.json"));
    assert_eq!(agentbeats["participants"], json!({"agent": agent.url}));
    assert_eq!(agentbeats["results"][0]["num_tasks"], 2);
    let manifest = json_file(&run.join("manifest.json"));
    assert_eq!(manifest["config"]["max_steps"], 12);
    assert!(manifest["finished_at"].is_string());
    assert_eq!(manifest["tasks"].as_array().unwrap().len(), 2);
    let summary = std::fs::read_to_string(run.join("result.txt")).unwrap();
    assert!(summary.contains("video judge did not run"), "{summary}");
    assert!(summary.contains("drop_an_item"), "{summary}");
    assert!(leftover_temp_files(&run).is_empty());
}

/// A record without what varies from run to run (wall time, latency).
fn comparable(mut record: Value) -> Value {
    for key in ["timing", "latency", "agent_init"] {
        record.as_object_mut().unwrap().remove(key);
    }
    record
}

fn comparable_steps(path: &Path) -> Vec<Value> {
    trajectory(path)
        .into_iter()
        .map(|mut step| {
            step.as_object_mut().unwrap().remove("latency_us");
            step
        })
        .collect()
}

#[test]
fn results_are_the_same_whatever_jobs_is() {
    let agent = random_agent(3);
    let dir = tempfile::tempdir().unwrap();
    let tasks = ["collect_dirt", "drop_an_item", "look_at_the_sky"];
    let scenario = scenario(dir.path(), &agent.url, &tasks, 30, "seed = 5");
    let mut runs = Vec::new();
    for jobs in ["1", "3"] {
        let out = dir.path().join(format!("jobs{jobs}"));
        let output = run(&scenario, &out, &["--jobs", jobs]);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output));
        runs.push(run_dir(&out));
    }
    for task in tasks {
        let [one, three] = [&runs[0], &runs[1]].map(|run| run.join(task));
        assert_eq!(
            comparable(json_file(&one.join("episode.json"))),
            comparable(json_file(&three.join("episode.json"))),
            "{task}"
        );
        let steps = comparable_steps(&one.join("trajectory.jsonl"));
        assert_eq!(
            steps,
            comparable_steps(&three.join("trajectory.jsonl")),
            "{task}"
        );
        assert!(
            steps.iter().any(|s| s["action"]["keys"] != json!([])),
            "the random agent pressed keys"
        );
        assert_eq!(
            frame_checksums(&one.join("episode_1.mp4")),
            frame_checksums(&three.join("episode_1.mp4")),
            "{task}: same frames"
        );
    }
    let results: Vec<Value> = runs
        .iter()
        .map(|run| json_file(&run.join("results.json")))
        .collect();
    assert_eq!(results[0]["total_score"], results[1]["total_score"]);
    assert_eq!(results[0]["statuses"], results[1]["statuses"]);
}

/// A scenario's `[config]` lines turning the video off, with a judge that
/// needs no key (so it runs) at an address nothing listens on: without
/// videos it must not be asked anything.
const NO_VIDEO_WITH_JUDGE: &str =
    "video = false\n[config.judge]\napi_key_env = \"\"\nbase_url = \"http://127.0.0.1:9/v1\"";

#[test]
fn without_video_the_same_episodes_are_played_and_judged_no_video() {
    let agent = random_agent(3);
    let dir = tempfile::tempdir().unwrap();
    let tasks = ["collect_dirt", "drop_an_item"];
    let mut runs = Vec::new();
    for extra in ["seed = 5", &format!("seed = 5\n{NO_VIDEO_WITH_JUDGE}")] {
        let scenario = scenario(dir.path(), &agent.url, &tasks, 30, extra);
        let out = dir.path().join(format!("out{}", runs.len()));
        let output = run(&scenario, &out, &["--quiet"]);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output));
        runs.push(run_dir(&out));
    }
    let [with_video, without] = [&runs[0], &runs[1]];
    let results = json_file(&without.join("results.json"));
    for task in tasks {
        let [recorded, not_recorded] = [with_video, without].map(|run| run.join(task));
        let record = json_file(&not_recorded.join("episode.json"));
        assert_eq!(
            record["files"],
            json!({"video": null, "video_off": true, "video_frames": 0, "trajectory": "trajectory.jsonl"})
        );
        assert!(!any_file_named(&not_recorded, ".mp4"), "{task}: no video");
        assert!(recorded.join("episode_1.mp4").is_file());
        let without_files = |mut record: Value| {
            record.as_object_mut().unwrap().remove("files");
            comparable(record)
        };
        assert_eq!(
            without_files(json_file(&recorded.join("episode.json"))),
            without_files(record),
            "{task}: same episode"
        );
        assert_eq!(
            comparable_steps(&recorded.join("trajectory.jsonl")),
            comparable_steps(&not_recorded.join("trajectory.jsonl")),
            "{task}: same steps"
        );
        let metrics = &results["task_metrics"][task];
        assert_eq!(metrics["judge_status"], "no_video", "{task}");
        assert_eq!(metrics["video"], Value::Null);
        let verdict = json_file(&not_recorded.join("video_eval_result.json"));
        assert_eq!(verdict["status"], "no_video");
    }
}

#[test]
fn an_agent_that_does_the_task_succeeds_and_scores_full_marks() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let url = common::inline_agent::serve(&runtime, common::inline_agent::drop_key);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let scenario = scenario(
        dir.path(),
        &url,
        &["drop_an_item"],
        10,
        "stop_on_success = true",
    );
    let output = run(&scenario, &out, &["--quiet"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let run = run_dir(&out);
    let record = json_file(&run.join("drop_an_item/episode.json"));
    assert_eq!(record["status"], "success");
    assert_eq!(record["forms"], json!({"env_dict": 1}));
    assert_eq!(
        record["steps"], 1,
        "stop_on_success ends the episode at once"
    );
    assert_eq!(record["sim"]["earned"], 1.0);
    assert_eq!(record["sim"]["payouts"][0]["step"], 0);
    assert_eq!(record["sim"]["payouts"][0]["identity"], "drop_item");
    let results = json_file(&run.join("results.json"));
    assert_eq!(results["task_metrics"]["drop_an_item"]["score"], 10.0);
    assert_eq!(results["total_score"], 10.0);
}

#[test]
fn a_misbehaving_agent_is_counted_step_by_step_and_the_run_completes() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let address = runtime.block_on(common::misbehaving::start());
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let scenario = scenario(
        dir.path(),
        &format!("http://{address}"),
        &["collect_dirt"],
        10,
        "step_timeout_s = 0.5",
    );
    let output = run(&scenario, &out, &["--quiet"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let run = run_dir(&out);
    let record = json_file(&run.join("collect_dirt/episode.json"));
    assert_eq!(record["status"], "zero");
    assert_eq!(record["steps"], 10);
    let expected: serde_json::Map<String, Value> = common::misbehaving::CYCLE
        .iter()
        .map(|kind| (kind.to_string(), json!(1)))
        .collect();
    assert_eq!(record["failures"], Value::Object(expected));
    let steps = trajectory(&run.join("collect_dirt/trajectory.jsonl"));
    for (step, kind) in steps.iter().zip(common::misbehaving::CYCLE) {
        assert_eq!(step["failure"]["kind"], kind);
        assert_eq!(
            step["action"],
            json!({"keys": [], "camera": [0.0, 0.0]}),
            "no-op"
        );
    }
    let results = json_file(&run.join("results.json"));
    assert_eq!(results["failures"]["timeout"], 1);
    assert_eq!(
        results["task_metrics"]["collect_dirt"]["failures"]["too_large"],
        1
    );
}

/// Polls until `path` exists.
fn wait_for(path: impl Fn() -> bool, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !path() {
        assert!(Instant::now() < deadline, "gave up waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn any_file_named(dir: &Path, suffix: &str) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let path = e.path();
            if path.is_dir() {
                any_file_named(&path, suffix)
            } else {
                path.to_string_lossy().ends_with(suffix)
            }
        })
    })
}

/// Whether an episode under `out` has written steps to its trajectory
/// (its temporary file holds data: the agent answered some steps).
fn steps_written(out: &Path) -> bool {
    fn search(dir: &Path) -> bool {
        std::fs::read_dir(dir).is_ok_and(|entries| {
            entries.flatten().any(|e| {
                let path = e.path();
                let name = e.file_name().to_string_lossy().to_string();
                if path.is_dir() {
                    search(&path)
                } else {
                    name.starts_with(".trajectory.jsonl") && e.metadata().is_ok_and(|m| m.len() > 0)
                }
            })
        })
    }
    search(out)
}

fn spawn_run(scenario: &Path, out: &Path, extra: &[&str]) -> Child {
    mcu()
        .arg("run")
        .arg(scenario)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn an_agent_that_dies_ends_its_episodes_as_unreachable_and_the_run_completes() {
    let mut agent = Some(start(example("noop_agent")));
    let url = agent.as_ref().unwrap().url.clone();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let scenario = scenario(
        dir.path(),
        &url,
        &["collect_dirt", "drop_an_item"],
        100_000,
        "jobs = 1",
    );
    let child = spawn_run(&scenario, &out, &[]);
    // Once the first episode has played some steps, the agent dies.
    wait_for(|| steps_written(&out), "the first episode to play");
    drop(agent.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let run = run_dir(&out);
    let first = json_file(&run.join("collect_dirt/episode.json"));
    assert_eq!(first["status"], "agent_unreachable");
    assert!(first["steps"].as_u64().unwrap() < 100_000);
    assert!(
        first["error"]
            .as_str()
            .unwrap()
            .contains("3 steps in a row"),
        "{first}"
    );
    assert_eq!(first["failures"]["transport"], 3);
    let second = json_file(&run.join("drop_an_item/episode.json"));
    assert_eq!(second["status"], "agent_unreachable");
    assert_eq!(second["steps"], 0);
    assert!(second["error"].as_str().unwrap().starts_with("init:"));
    let results = json_file(&run.join("results.json"));
    assert_eq!(results["statuses"], json!({"agent_unreachable": 2}));
    assert_eq!(results["complete"], true, "agent failures are results");
}

#[test]
fn a_run_killed_with_sigkill_is_finished_by_resume() {
    // The agent plays the first episode and holds the second at its first
    // message, so the kill always lands between finished and unfinished work.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(3)
        .enable_all()
        .build()
        .unwrap();
    let (url, gate) = common::inline_agent::serve_gated(&runtime);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let tasks = ["collect_dirt", "drop_an_item", "look_at_the_sky"];
    let scenario = scenario(dir.path(), &url, &tasks, 40, "jobs = 1");
    let mut child = spawn_run(&scenario, &out, &[]);
    gate.wait_until_holding(Duration::from_secs(120));
    wait_for(
        || any_file_named(&out, "episode.json"),
        "the first episode's record",
    );
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    gate.open();
    let run = run_dir(&out);
    let finished: Vec<&str> = tasks
        .iter()
        .copied()
        .filter(|t| run.join(t).join("episode.json").exists())
        .collect();
    assert_eq!(finished.len(), 1, "{finished:?}");
    let kept = std::fs::read(run.join(finished[0]).join("episode.json")).unwrap();

    let output = mcu()
        .arg("run")
        .arg("--resume")
        .arg(&run)
        .arg("--quiet")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert_eq!(
        std::fs::read(run.join(finished[0]).join("episode.json")).unwrap(),
        kept,
        "a finished episode is kept as it was"
    );
    let results = json_file(&run.join("results.json"));
    assert_eq!(results["complete"], true);
    assert_eq!(results["statuses"], json!({"zero": 3}));
    for task in tasks {
        assert_eq!(
            json_file(&run.join(task).join("episode.json"))["steps"],
            40,
            "{task}"
        );
        assert_eq!(
            ffprobe(&run.join(task).join("episode_1.mp4"))["nb_read_frames"],
            "41"
        );
    }
    let manifest = json_file(&run.join("manifest.json"));
    assert_eq!(manifest["resumed_at"].as_array().unwrap().len(), 1);
    assert!(manifest["finished_at"].is_string());
    assert!(
        leftover_temp_files(&run).is_empty(),
        "{:?}",
        leftover_temp_files(&run)
    );
}

#[test]
fn ctrl_c_stops_the_run_keeping_what_is_done_and_marking_the_rest() {
    let agent = start(example("noop_agent"));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let tasks = ["collect_dirt", "drop_an_item"];
    let scenario = scenario(dir.path(), &agent.url, &tasks, 100_000, "jobs = 1");
    let child = spawn_run(&scenario, &out, &[]);
    wait_for(|| steps_written(&out), "the first episode to play");
    // SAFETY: sending a signal to our own child process.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--resume"));
    let run = run_dir(&out);
    let first = json_file(&run.join("collect_dirt/episode.json"));
    assert_eq!(first["status"], "interrupted");
    let results = json_file(&run.join("results.json"));
    assert_eq!(results["complete"], false);
    assert_eq!(results["task_metrics"]["drop_an_item"]["status"], "not_run");
    assert!(std::fs::read_to_string(run.join("result.txt"))
        .unwrap()
        .contains("INCOMPLETE"));
    // The video of the interrupted episode was finished, not lost.
    assert!(run.join("collect_dirt/episode_1.mp4").exists());
    assert!(leftover_temp_files(&run).is_empty());

    let output = mcu()
        .args(["run", "--quiet", "--max-steps", "5", "--resume"])
        .arg(&run)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "--max-steps is not for a resumed run: {}",
        text(&output)
    );
}

#[test]
fn an_agent_given_as_cmd_is_started_and_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let port = free_port();
    let agent = example("noop_agent");
    let text_scenario = format!(
        "[[participants]]\nrole = \"agent\"\nendpoint = \"http://127.0.0.1:{port}\"\ncmd = \"{} --port {port}\"\n\n[config]\ntask_names = [\"drop_an_item\"]\nmax_steps = 5\n",
        agent.get_program().to_string_lossy()
    );
    let path = dir.path().join("cmd.toml");
    std::fs::write(&path, text_scenario).unwrap();
    let output = run(&path, &out, &["--quiet"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let run = run_dir(&out);
    assert_eq!(
        json_file(&run.join("drop_an_item/episode.json"))["steps"],
        5
    );
    assert!(run.join("agent.log").exists());
    assert!(
        std::net::TcpStream::connect(("127.0.0.1", port)).is_err(),
        "the agent was stopped with the run"
    );
    let manifest = json_file(&run.join("manifest.json"));
    assert_eq!(manifest["agent"]["started_by_mcu"], true);
}

#[test]
fn a_cmd_agent_that_never_comes_up_is_an_error_with_its_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let port = free_port();
    let text_scenario = format!(
        "[[participants]]\nrole = \"agent\"\nendpoint = \"http://127.0.0.1:{port}\"\ncmd = \"echo missing-model-weights >&2; exit 4\"\n\n[config]\ntask_names = [\"drop_an_item\"]\n"
    );
    let path = dir.path().join("broken.toml");
    std::fs::write(&path, text_scenario).unwrap();
    let output = run(&path, &out, &["--quiet"]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("missing-model-weights"), "{stderr}");
}

#[test]
fn bad_input_exits_2_and_says_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let cases: Vec<(PathBuf, Vec<&str>, &str)> = vec![
        (
            dir.path().join("missing.toml"),
            vec![],
            "cannot read the scenario",
        ),
        (
            scenario(
                dir.path(),
                "http://127.0.0.1:9",
                &["collect_dirt"],
                5,
                "max_step = 3",
            ),
            vec![],
            "did you mean",
        ),
        (
            scenario(dir.path(), "http://127.0.0.1:9", &["colect_dirt"], 5, ""),
            vec![],
            "collect_dirt",
        ),
        (
            scenario(
                dir.path(),
                &format!("http://127.0.0.1:{}", free_port()),
                &["collect_dirt"],
                5,
                "",
            ),
            vec![],
            "could not reach agent",
        ),
    ];
    for (scenario, extra, expected) in cases {
        let output = run(&scenario, &out, &extra);
        assert_eq!(output.status.code(), Some(2), "{}", text(&output));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(expected),
            "expected `{expected}` in: {stderr}"
        );
    }
    let agent = start(example("noop_agent"));
    let scenario = scenario(dir.path(), &agent.url, &["collect_dirt"], 5, "");
    let output = run(&scenario, Path::new("/proc/mcu-cannot-write-here"), &[]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--out"));
    let output = mcu()
        .args(["run", "--resume"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a run folder"));
}
