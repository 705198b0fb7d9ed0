//! `mcu list` as a user runs it: the real binary, its exit code and output.

mod common;

use std::process::{Command, Output};

use common::{real_upstream_dir, upstream_fixture_dir, TempSuite, GOOD_TASK};

fn mcu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcu"))
        .args(args)
        .current_dir(common::repo_root())
        .env_remove("MCU_TASKS")
        .output()
        .unwrap()
}

fn json(output: &Output) -> Vec<serde_json::Value> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn json_lists_the_bundled_suite() {
    let tasks = json(&mcu(&["list", "--format", "json"]));
    assert_eq!(tasks.len(), 86);
    let mut categories: Vec<&str> = tasks
        .iter()
        .map(|t| t["category"].as_str().unwrap())
        .collect();
    categories.dedup();
    assert_eq!(categories.len(), 12);
    let rewarded = tasks.iter().filter(|t| t["reward"] != "judge").count();
    assert!(rewarded >= 60, "{rewarded}");
    for task in &tasks {
        for key in [
            "name",
            "category",
            "text",
            "reward",
            "max_steps",
            "init_commands",
        ] {
            assert!(!task[key].is_null(), "{key} missing in {task}");
        }
        assert!(["sim", "milestone", "judge"].contains(&task["reward"].as_str().unwrap()));
    }
}

/// `mcu list --tasks DIR --format json`, parsed.
fn list_json(dir: &std::path::Path) -> Vec<serde_json::Value> {
    json(&mcu(&[
        "list",
        "--tasks",
        dir.to_str().unwrap(),
        "--format",
        "json",
    ]))
}

#[test]
fn json_lists_an_upstream_layout_suite() {
    let tasks = list_json(&upstream_fixture_dir());
    assert_eq!(tasks.len(), 5);
    let long = tasks
        .iter()
        .find(|t| t["name"] == "mine_diamond_from_scratch")
        .unwrap();
    assert_eq!(long["reward"], "milestone");
    assert_eq!(long["max_steps"], 12000);
    let sticks = tasks.iter().find(|t| t["name"] == "make_sticks").unwrap();
    assert_eq!(sticks["init_commands"].as_array().unwrap().len(), 2);
    assert_eq!(sticks["max_steps"], 900);
    let hut = tasks.iter().find(|t| t["name"] == "raise_a_hut").unwrap();
    assert_eq!(hut["reward"], "judge");
}

#[test]
fn json_lists_the_real_upstream_suite() {
    let Some(dir) = real_upstream_dir("json_lists_the_real_upstream_suite") else {
        return;
    };
    let tasks = list_json(&dir);
    assert_eq!(tasks.len(), 86);
    let dragon = tasks
        .iter()
        .find(|t| t["name"] == "kill_ender_dragon")
        .unwrap();
    assert_eq!(dragon["reward"], "milestone");
    assert_eq!(dragon["max_steps"], 12000);
    let clock = tasks
        .iter()
        .find(|t| t["name"] == "craft_to_clock")
        .unwrap();
    assert_eq!(clock["init_commands"].as_array().unwrap().len(), 3);
    assert_eq!(clock["max_steps"], 900);
}

#[test]
fn table_has_the_columns_and_a_summary() {
    let output = mcu(&["list", "--category", "craft"]);
    let text = String::from_utf8(output.stdout).unwrap();
    for column in [
        "category",
        "task",
        "reward",
        "init cmds",
        "max steps",
        "craft_to_clock",
    ] {
        assert!(text.contains(column), "{column}: {text}");
    }
    assert!(
        text.contains("10 tasks in 1 categories: 10 sim, 0 milestone, 0 judge-only"),
        "{text}"
    );
}

#[test]
fn broken_yaml_exits_non_zero_naming_file_and_line() {
    let temp = TempSuite::new(&[
        ("craft/ok", GOOD_TASK),
        ("craft/broken", "text: ok\nreward_cfg: [\n"),
    ]);
    let output = mcu(&["list", "--tasks", temp.path().to_str().unwrap()]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken.yaml:3:"), "{stderr}");
}

#[test]
fn scenario_shows_what_it_would_run() {
    let temp = tempfile::tempdir().unwrap();
    let scenario = temp.path().join("s.toml");
    let bundled = common::benchmark_dir();
    std::fs::write(
        &scenario,
        format!(
            "[config]\ntasks = \"{}\"\ntask_category = [\"hunt\"]\ntask_names = [\"kill_ender_dragon\"]\nmax_steps = 50\nmax_steps_long = 70\n",
            bundled.display()
        ),
    )
    .unwrap();
    let tasks = json(&mcu(&[
        "list",
        "--scenario",
        scenario.to_str().unwrap(),
        "--format",
        "json",
    ]));
    let summary: Vec<(String, u64)> = tasks
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["max_steps"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("hunt_horse".to_string(), 50),
            ("hunt_pigs".to_string(), 50),
            ("kill_ender_dragon".to_string(), 70)
        ]
    );
}

#[test]
fn unknown_category_fails_with_a_hint() {
    let output = mcu(&["list", "--category", "mining"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("unknown task category `mining`"),
        "{stderr}"
    );
}

#[test]
fn help_teaches_by_example() {
    let output = mcu(&["list", "--help"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("Examples:") && text.contains("mcu list --category craft"),
        "{text}"
    );
}
