//! `mcu dev coverage` as a user runs it: the real binary on the bundled
//! suite, one task at a time.

mod common;

use std::process::Command;

fn coverage(task: &str) -> serde_json::Value {
    let output = Command::new(env!("CARGO_BIN_EXE_mcu"))
        .args(["dev", "coverage", "--task", task, "--seed", "0", "--json"])
        .current_dir(common::repo_root())
        .env_remove("MCU_TASKS")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(rows.len(), 1);
    rows.into_iter().next().unwrap()
}

#[test]
fn a_scripted_task_reports_the_steps_its_script_took() {
    let row = coverage("collect_dirt");
    assert_eq!(row["scripted"], true);
    assert_eq!(row["solved"], true);
    let steps = row["steps"].as_u64().expect("steps for a scripted task");
    assert!((1..900).contains(&steps), "{steps}");
    assert!(row["lacks"].is_null());
}

#[test]
fn an_unscripted_task_names_what_it_lacks_and_has_no_steps() {
    let row = coverage("kill_ender_dragon");
    assert_eq!(row["scripted"], false);
    assert!(row["steps"].is_null());
    assert_eq!(row["lacks"], "script");
}
