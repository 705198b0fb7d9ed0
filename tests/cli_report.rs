//! `mcu report` end to end: real runs of the random agent (one with a
//! judge's verdict folded in by `mcu score --judge off`), reported in every
//! format; two runs compared with deltas; runs of different suites refused
//! and then allowed; bad run folders named; and the HTML page opened in
//! headless Chromium, which must render every task card with no console
//! error.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use common::process::random_agent;
use common::runs::{json_file, mcu, run, run_dir, scenario, text};
use serde_json::Value;

const TASKS: [&str; 3] = ["collect_dirt", "drop_an_item", "look_at_the_sky"];
const STEPS: u32 = 12;

/// The verdict written by hand for `drop_an_item`.
const VERDICT: &str = r#"{"version":1,"status":"rated","model":"gpt-4o",
"ratings":{"Task Progress":8,"Action Control":6,"Error Recognition and Correction":"N/A","Creative Attempts":2,"Task Completion Efficiency":9,"Material Selection and Usage":7},
"evidence":{"Task Progress":"drops <stone> early","Action Control":"steady","Error Recognition and Correction":"nothing to correct","Creative Attempts":"none","Task Completion Efficiency":"at once","Material Selection and Usage":"stone"},
"missing":[],"raw_answer":"Task Progress: 8\nEvidence: drops <stone> early","usage":{"prompt_tokens":1000,"completion_tokens":50,"total_tokens":1050},
"cost_usd":null,"frames_sent":1,"total_frames":13,"stride":20,"attempts":1,"cached":false,"cache_key":null}"#;

/// A run of the random agent (seeded `agent_seed`) on `tasks`, in its own
/// output folder under `dir`.
fn make_run(dir: &Path, name: &str, tasks: &[&str], agent_seed: u32) -> PathBuf {
    make_run_with(dir, name, tasks, agent_seed, &[])
}

/// `make_run` with extra `mcu run` flags.
fn make_run_with(
    dir: &Path,
    name: &str,
    tasks: &[&str],
    agent_seed: u32,
    flags: &[&str],
) -> PathBuf {
    let agent = random_agent(agent_seed);
    let scenario = scenario(dir, &agent.url, tasks, STEPS, "jobs = 2");
    let out = dir.join(name);
    let output = run(&scenario, &out, flags);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    run_dir(&out)
}

/// `run` with the hand-written verdict on `drop_an_item` folded into its results.
fn judge_by_hand(run: &Path) {
    std::fs::write(run.join("drop_an_item/video_eval_result.json"), VERDICT).unwrap();
    let output = mcu()
        .args(["score", "--judge", "off"])
        .arg(run)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
}

fn report(args: &[&str], runs: &[&Path]) -> Output {
    mcu().arg("report").args(runs).args(args).output().unwrap()
}

/// The report's stdout, asserting it succeeded.
fn report_ok(args: &[&str], runs: &[&Path]) -> String {
    let output = report(args, runs);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    String::from_utf8(output.stdout).unwrap()
}

fn task_score(run: &Path, task: &str) -> f64 {
    json_file(&run.join("results.json"))["task_metrics"][task]["score"]
        .as_f64()
        .unwrap()
}

/// The cells of the Markdown table row that starts with `| first |`.
fn markdown_row(markdown: &str, first: &str) -> Vec<String> {
    let prefix = format!("| {first} |");
    let line = markdown
        .lines()
        .find(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no row for {first} in\n{markdown}"));
    line.trim_matches('|')
        .split(" | ")
        .map(|cell| cell.trim().to_string())
        .collect()
}

#[test]
fn every_format_reports_a_real_run() {
    let dir = tempfile::tempdir().unwrap();
    let run = make_run(dir.path(), "out", &TASKS, 1);
    judge_by_hand(&run);
    let results = json_file(&run.join("results.json"));
    let total = format!(
        "{:.2} / {:.2}",
        results["total_score"].as_f64().unwrap(),
        results["total_max_score"].as_f64().unwrap()
    );

    let table = report_ok(&[], &[&run]);
    for expected in ["Summary", "Categories", "Tasks", "gpt-4o", total.as_str()] {
        assert!(table.contains(expected), "{expected} missing from\n{table}");
    }
    for task in TASKS {
        assert!(table.contains(task), "{task} missing from\n{table}");
    }

    let markdown = report_ok(&["--format", "markdown"], &[&run]);
    assert!(
        markdown.contains(&format!("**Total score: {total}**")),
        "{markdown}"
    );
    let row = markdown_row(&markdown, "drop_an_item");
    assert_eq!(row[1], "motion");
    assert_eq!(row[3], format!("{:.2}", task_score(&run, "drop_an_item")));
    // TP, AC, ERC, CA, TCE, MSU follow status, score, max, sim, video.
    assert_eq!(&row[7..13], ["8", "6", "N/A", "2", "9", "7"]);
    assert!(!markdown.contains("<img"), "no images in Markdown");

    let json: Value = serde_json::from_str(&report_ok(&["--format", "json"], &[&run])).unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), TASKS.len());
    for (row, task) in rows.iter().zip(TASKS) {
        assert_eq!(row["task"], task);
        assert_eq!(row["steps"], u64::from(STEPS));
        assert_eq!(row["score"], results["task_metrics"][task]["score"]);
        assert_eq!(row["status"], results["task_metrics"][task]["status"]);
        assert_eq!(row["run_id"], results["run_id"]);
        assert!(Path::new(row["video"].as_str().unwrap()).is_file());
    }
    let judged = &rows[1];
    assert_eq!(judged["task_progress"], 8.0);
    assert_eq!(judged["error_recognition_and_correction"], Value::Null);
    assert_eq!(
        judged["criteria_not_applicable"],
        "Error Recognition and Correction"
    );
    assert_eq!(judged["judge_status"], "rated");
    assert_eq!(judged["judge_tokens"], 1050);
    assert_eq!(rows[0]["judge_status"], Value::Null);

    let csv = report_ok(&["--format", "csv"], &[&run]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + TASKS.len(), "{csv}");
    let header: Vec<&str> = lines[0].split(',').collect();
    let json_columns: Vec<&String> = rows[0].as_object().unwrap().keys().collect();
    assert_eq!(header.len(), json_columns.len());
    for column in [
        "run_id",
        "task",
        "category",
        "status",
        "score",
        "task_progress",
        "latency_p95_ms",
        "failures_timeout",
        "judge_tokens",
    ] {
        assert!(header.contains(&column), "{column} not in {header:?}");
    }
    let task_column = header.iter().position(|c| *c == "task").unwrap();
    for (line, task) in lines[1..].iter().zip(TASKS) {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), header.len(), "{line}");
        assert_eq!(fields[task_column], task);
    }

    let page = run.join("report.html");
    let output = report(
        &["--format", "html", "--out", page.to_str().unwrap()],
        &[&run],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(output.stdout.is_empty(), "--out writes nothing to stdout");
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(html.matches("class=\"task-card\"").count(), TASKS.len());
    assert!(
        html.contains("drops &lt;stone&gt; early"),
        "evidence, escaped"
    );
    assert!(
        html.contains("src=\"drop_an_item/episode_1.mp4\""),
        "relative video link"
    );
    assert!(
        !html.contains("src=\"http") && !html.contains("href=\"http"),
        "no remote assets"
    );
    let leftovers: Vec<_> = std::fs::read_dir(&run)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".part"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_run_without_video_is_reported_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let run = make_run_with(dir.path(), "out", &TASKS, 1, &["--no-video"]);
    assert_eq!(
        json_file(&run.join("manifest.json"))["config"]["video"],
        false
    );

    let table = report_ok(&[], &[&run]);
    for task in TASKS {
        assert!(table.contains(task), "{task} missing from\n{table}");
    }
    let markdown = report_ok(&["--format", "markdown"], &[&run]);
    assert_eq!(markdown_row(&markdown, "drop_an_item")[1], "motion");
    let json: Value = serde_json::from_str(&report_ok(&["--format", "json"], &[&run])).unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), TASKS.len());
    assert!(rows.iter().all(|row| row["video"].is_null()), "{json}");
    let csv = report_ok(&["--format", "csv"], &[&run]);
    assert_eq!(csv.lines().count(), 1 + TASKS.len(), "{csv}");

    let html = report_ok(&["--format", "html"], &[&run]);
    assert_eq!(html.matches("class=\"task-card\"").count(), TASKS.len());
    assert_eq!(html.matches("No video was recorded.").count(), TASKS.len());
    assert!(
        !html.contains("<video") && !html.contains("<img"),
        "no video, no thumbnails"
    );
}

#[test]
fn two_runs_are_compared_with_deltas() {
    let dir = tempfile::tempdir().unwrap();
    let baseline = make_run(dir.path(), "a", &TASKS, 1);
    let candidate = make_run(dir.path(), "b", &TASKS, 2);
    let markdown = report_ok(&["--format", "markdown"], &[&baseline, &candidate]);
    // Runs are labelled by id, or by folder when their ids are the same.
    let id = |run: &Path| run.file_name().unwrap().to_string_lossy().into_owned();
    let candidate_label = if id(&baseline) == id(&candidate) {
        candidate.display().to_string()
    } else {
        id(&candidate)
    };
    assert!(
        markdown.contains(&format!("Δ {candidate_label}")),
        "{markdown}"
    );
    for task in TASKS {
        let row = markdown_row(&markdown, task);
        let (before, after) = (task_score(&baseline, task), task_score(&candidate, task));
        assert!(row[2].starts_with(&format!("{before:.2} ")), "{row:?}");
        assert!(row[3].starts_with(&format!("{after:.2} ")), "{row:?}");
        let delta = after - before;
        let expected = if delta.abs() < 0.005 {
            "±0.00".to_string()
        } else {
            format!("{delta:+.2}")
        };
        assert_eq!(row[4], expected, "{row:?}");
    }
    let table = report_ok(&[], &[&baseline, &candidate]);
    assert!(
        table.contains("Δ total score") && table.contains("baseline"),
        "{table}"
    );

    let json: Value =
        serde_json::from_str(&report_ok(&["--format", "json"], &[&baseline, &candidate])).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 2 * TASKS.len());
}

#[test]
fn runs_of_different_suites_are_refused_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let first = make_run(dir.path(), "a", &TASKS, 1);
    let other = make_run(dir.path(), "b", &["drop_an_item", "look_at_the_sky"], 1);
    let refused = report(&[], &[&first, &other]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("different task suites"), "{stderr}");
    assert!(
        stderr.contains(&format!("`collect_dirt` is not in {}", other.display())),
        "{stderr}"
    );
    assert!(stderr.contains("--allow-mismatch"), "{stderr}");

    let markdown = report_ok(
        &["--format", "markdown", "--allow-mismatch"],
        &[&first, &other],
    );
    assert!(markdown.contains("task suites differ"), "{markdown}");
    let row = markdown_row(&markdown, "collect_dirt");
    assert_eq!((row[3].as_str(), row[4].as_str()), ("-", "-"), "{row:?}");
}

#[test]
fn bad_run_folders_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_run = dir.path().join("empty");
    std::fs::create_dir(&not_a_run).unwrap();
    let output = report(&[], &[&not_a_run]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&not_a_run.display().to_string()) && stderr.contains("manifest.json"),
        "{stderr}"
    );

    let run = make_run(dir.path(), "out", &TASKS[..1], 1);
    std::fs::write(run.join("results.json"), "{ not json").unwrap();
    let output = report(&[], &[&run]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("results.json"), "{stderr}");
    assert!(stderr.contains("mcu score"), "says how to fix it: {stderr}");

    let nowhere = dir.path().join("missing/folder/report.csv");
    let output = report(
        &["--format", "csv", "--out", nowhere.to_str().unwrap()],
        &[&make_run(dir.path(), "ok", &TASKS[..1], 1)],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("report.csv"),
        "{}",
        text(&output)
    );
}

/// What headless Chromium made of a page: the DOM after loading, and the
/// console lines it logged.
struct Rendered {
    dom: String,
    console: Vec<String>,
}

fn chromium_binary() -> PathBuf {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("chromium"))
            .find(|candidate| candidate.is_file())
    });
    found.unwrap_or_else(|| {
        panic!("chromium is not installed (Debian package `chromium`): run `cargo xtask setup`")
    })
}

fn render_in_chromium(page: &Path) -> Rendered {
    let scratch = tempfile::tempdir().unwrap();
    // Files, not pipes: a page's DOM can exceed a pipe's buffer.
    let (dom_path, log_path) = (scratch.path().join("dom.html"), scratch.path().join("log"));
    let mut child = Command::new(chromium_binary())
        .args([
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!(
            "--user-data-dir={}",
            scratch.path().join("profile").display()
        ))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .stdout(std::fs::File::create(&dom_path).unwrap())
        .stderr(std::fs::File::create(&log_path).unwrap())
        .spawn()
        .expect("chromium starts");
    // A guard against a hung browser, not a measurement.
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish rendering {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let log = std::fs::read_to_string(&log_path).unwrap();
    assert!(status.success(), "chromium: {status}\n{log}");
    Rendered {
        dom: std::fs::read_to_string(&dom_path).unwrap(),
        console: log
            .lines()
            .filter(|line| line.contains(":CONSOLE") || line.contains("Uncaught"))
            .map(str::to_string)
            .collect(),
    }
}

#[test]
fn the_html_report_renders_in_headless_chromium() {
    let dir = tempfile::tempdir().unwrap();
    // The console is really captured: a broken page shows up.
    let broken = dir.path().join("broken.html");
    std::fs::write(
        &broken,
        "<html><body><script>console.error('boom'); missingFunction();</script></body></html>",
    )
    .unwrap();
    let rendered = render_in_chromium(&broken);
    assert!(
        rendered.console.iter().any(|l| l.contains("boom"))
            && rendered.console.iter().any(|l| l.contains("Uncaught")),
        "chromium's console is not captured: {:?}",
        rendered.console
    );

    let baseline = make_run(dir.path(), "a", &TASKS, 1);
    let candidate = make_run(dir.path(), "b", &TASKS, 2);
    judge_by_hand(&baseline);
    for (runs, page) in [
        (vec![baseline.as_path()], baseline.join("report.html")),
        (
            vec![baseline.as_path(), candidate.as_path()],
            dir.path().join("compare.html"),
        ),
    ] {
        let output = report(
            &["--format", "html", "--out", page.to_str().unwrap()],
            &runs,
        );
        assert_eq!(output.status.code(), Some(0), "{}", text(&output));
        let rendered = render_in_chromium(&page);
        assert!(
            rendered.console.is_empty(),
            "console: {:?}",
            rendered.console
        );
        let dom = &rendered.dom;
        assert_eq!(
            dom.matches("class=\"task-card\"").count(),
            TASKS.len(),
            "{dom}"
        );
        assert_eq!(
            dom.matches("src=\"data:image/jpeg;base64,").count(),
            2 * TASKS.len() * runs.len(),
            "first and last frames of every episode"
        );
        assert!(
            dom.contains("<svg class=\"chart\""),
            "charts are inline SVG"
        );
        let folder = page.parent().unwrap();
        let videos: Vec<&str> = dom
            .split("<video ")
            .skip(1)
            .filter_map(|tag| tag.split("src=\"").nth(1)?.split('"').next())
            .collect();
        assert_eq!(videos.len(), TASKS.len() * runs.len());
        for video in videos {
            assert!(!video.starts_with('/'), "relative link: {video}");
            assert!(
                folder.join(video).is_file(),
                "{video} from {}",
                folder.display()
            );
        }
    }
}
