//! Scenario files: the AgentBeats format, mcu's own keys, defaults,
//! unknown keys, `${VAR}` expansion and value checks.

use std::path::Path;

use mcu::scenario::{Scenario, ScoringProfile, SimulatorKind};

fn env(name: &str) -> Option<String> {
    match name {
        "AGENT_PORT" => Some("9019".into()),
        "SECRET" => Some("s3cret".into()),
        _ => None,
    }
}

fn parse(text: &str) -> Result<Scenario, String> {
    Scenario::parse(text, Path::new("/suites/demo/scenario.toml"), &env).map_err(|e| e.to_string())
}

#[test]
fn reads_the_agentbeats_format_with_mcu_keys() {
    let scenario = parse(
        r#"
[green_agent]
endpoint = "http://127.0.0.1:9009"

[[participants]]
name = "agent"
endpoint = "http://127.0.0.1:${AGENT_PORT}"
cmd = "cargo run --example random_agent -- --port ${AGENT_PORT}"
agentbeats_id = "abc-123"
env = { API_KEY = "${SECRET}" }

[config]
task_category = ["hunt", "craft"]
task_names = ["find_*"]
tasks = "../upstream"
max_steps = 300
max_steps_long = 5000
seed = 7
jobs = 2
obs_size = "640x360"
step_timeout_s = 5.5
simulator = "minestudio"
scoring = "agentbeats-v1"
stop_on_success = true
swap_red_blue = true
video = false

[config.judge]
base_url = "http://localhost:8000/v1"
model = "qwen2-vl"
api_key_env = "MY_KEY"
"#,
    )
    .unwrap();
    let agent = scenario.agent().unwrap();
    assert_eq!(agent.role, "agent");
    assert_eq!(agent.endpoint.as_deref(), Some("http://127.0.0.1:9019"));
    assert_eq!(
        agent.cmd.as_deref(),
        Some("cargo run --example random_agent -- --port 9019")
    );
    assert_eq!(agent.env["API_KEY"], "s3cret");
    let config = &scenario.config;
    assert_eq!(config.task_category, ["hunt", "craft"]);
    assert_eq!(config.task_names, ["find_*"]);
    assert_eq!(
        config.tasks.as_deref(),
        Some(Path::new("/suites/demo/../upstream"))
    );
    assert_eq!(
        (config.max_steps, config.max_steps_long),
        (Some(300), Some(5000))
    );
    assert_eq!((config.seed, config.jobs), (7, 2));
    assert_eq!((config.obs_size.width, config.obs_size.height), (640, 360));
    assert_eq!(config.step_timeout_s, 5.5);
    assert_eq!(config.simulator, SimulatorKind::Minestudio);
    assert_eq!(config.scoring, ScoringProfile::AgentbeatsV1);
    assert!(config.stop_on_success && config.swap_red_blue);
    assert!(!config.video);
    assert_eq!(config.judge.model, "qwen2-vl");
    assert_eq!(config.judge.api_key_env, "MY_KEY");
}

#[test]
fn defaults_fill_what_is_not_written() {
    let scenario =
        parse("[[participants]]\nrole = \"agent\"\nendpoint = \"http://localhost:9019\"\n")
            .unwrap();
    let config = &scenario.config;
    assert!(config.task_category.is_empty() && config.task_names.is_empty());
    assert_eq!(config.tasks, None);
    assert_eq!((config.max_steps, config.max_steps_long), (None, None));
    assert_eq!((config.seed, config.jobs), (0, 1));
    assert_eq!(config.obs_size.to_string(), "128x128");
    assert_eq!(config.obs_jpeg_quality, 85);
    assert_eq!(config.step_timeout_s, 60.0);
    assert_eq!(config.simulator, SimulatorKind::Embedded);
    assert_eq!(config.scoring, ScoringProfile::Seed);
    assert!(!config.stop_on_success && !config.swap_red_blue);
    assert!(config.video);
    assert_eq!(config.judge.base_url, "https://api.openai.com/v1");
    assert_eq!(config.judge.model, "gpt-4o");
    assert_eq!(config.judge.api_key_env, "OPENAI_API_KEY");
}

#[test]
fn a_single_category_string_is_accepted() {
    let scenario = parse("[config]\ntask_category = \"hunt\"\n").unwrap();
    assert_eq!(scenario.config.task_category, ["hunt"]);
}

#[test]
fn unknown_keys_are_errors_with_did_you_mean() {
    let error = parse("[config]\nmax_step = 10\n").unwrap_err();
    assert!(
        error.contains("unknown key `config.max_step`; did you mean `max_steps`?"),
        "{error}"
    );
    let error = parse("[[participants]]\nrole = \"a\"\nendpont = \"http://x\"\n").unwrap_err();
    assert!(
        error.contains("`participants[0].endpont`; did you mean `endpoint`?"),
        "{error}"
    );
    let error = parse("[config.judge]\nmdoel = \"x\"\n").unwrap_err();
    assert!(
        error.contains("`config.judge.mdoel`; did you mean `model`?"),
        "{error}"
    );
    let error = parse("[confg]\n").unwrap_err();
    assert!(error.contains("`confg`; did you mean `config`?"), "{error}");
}

#[test]
fn syntax_and_type_errors_name_line_and_column() {
    let error = parse("[config]\nseed = 1\njobs = \"two\"\n").unwrap_err();
    assert!(
        error.starts_with("/suites/demo/scenario.toml:3:"),
        "{error}"
    );
    assert!(error.contains("jobs = \"two\""), "{error}");
    let error = parse("[config\n").unwrap_err();
    assert!(
        error.starts_with("/suites/demo/scenario.toml:1:"),
        "{error}"
    );
}

#[test]
fn bad_values_are_rejected_with_the_key() {
    for (text, expected) in [
        ("[config]\nobs_size = \"128\"\n", "WIDTHxHEIGHT"),
        ("[config]\nobs_size = \"8x8\"\n", "from 16 to 4096"),
        ("[config]\njobs = 0\n", "`config.jobs` must be at least 1"),
        (
            "[config]\nmax_steps = 0\n",
            "`config.max_steps` must be at least 1",
        ),
        (
            "[config]\nstep_timeout_s = 0\n",
            "`config.step_timeout_s` must be > 0",
        ),
        ("[config]\nscoring = \"best\"\n", "unknown variant `best`"),
        ("[config]\nsimulator = \"java\"\n", "unknown variant `java`"),
        (
            "[config]\nvideo = \"no\"\n",
            "invalid type: string \"no\", expected a boolean",
        ),
        (
            "[config]\nvideo = false\n[config.judge]\nmode = \"on\"\n",
            "`config.video = false` leaves the judge no video to rate",
        ),
        (
            "[[participants]]\nrole = \"a\"\nendpoint = \"localhost:9019\"\n",
            "not an http:// or https:// URL",
        ),
        (
            "[[participants]]\nrole = \"a\"\nstartup_timeout_s = -1\n",
            "`participants[0].startup_timeout_s` must be > 0",
        ),
        (
            "[[participants]]\nrole = \"a\"\n[[participants]]\nrole = \"a\"\n",
            "two participants have the role `a`",
        ),
        (
            "[[participants]]\nrole = \"a\"\nendpoint = \"http://${NOPE}\"\n",
            "`participants[0].endpoint`: environment variable `NOPE` is not set",
        ),
    ] {
        let error = parse(text).unwrap_err();
        assert!(error.contains(expected), "{text:?}: {error}");
    }
}

#[test]
fn bundled_scenarios_load() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            Scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
            seen += 1;
        }
    }
    assert!(
        seen >= 2,
        "expected the bundled scenarios in {}",
        dir.display()
    );
}

#[test]
fn observation_jpeg_quality_is_read_and_bounded() {
    let agent = "[[participants]]\nrole = \"agent\"\nendpoint = \"http://localhost:9019\"\n";
    let scenario = parse(&format!("{agent}[config]\nobs_jpeg_quality = 100\n")).unwrap();
    assert_eq!(scenario.config.obs_jpeg_quality, 100);
    let error = parse(&format!("{agent}[config]\nobs_jpeg_quality = 0\n")).unwrap_err();
    assert!(error.contains("obs_jpeg_quality"), "{error}");
}
