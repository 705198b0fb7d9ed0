//! `mcu dev coverage` as a user runs it: the real binary on the bundled
//! suite, one task at a time.

mod common;

use std::process::Command;

fn coverage(task: &str, seed: u32) -> serde_json::Value {
    let output = Command::new(env!("CARGO_BIN_EXE_mcu"))
        .args([
            "dev",
            "coverage",
            "--task",
            task,
            "--seed",
            &seed.to_string(),
            "--json",
        ])
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
fn a_scripted_task_reports_the_steps_its_script_took_and_what_it_earned() {
    let row = coverage("collect_dirt", 0);
    assert_eq!(row["scripted"], true);
    assert_eq!(row["solved"], true);
    let steps = row["steps"].as_u64().expect("steps for a scripted task");
    assert!((1..900).contains(&steps), "{steps}");
    let paid = row["paid"].as_f64().expect("paid");
    assert!(paid > 0.0 && paid == row["max_reward"].as_f64().unwrap());
    assert!(row["lacks"].is_null());
}

#[test]
fn a_task_out_of_reach_in_a_seed_s_world_names_what_it_lacks() {
    // explore_climb's world for seed 3 has no land 15 blocks above the
    // start within 200 blocks; seed 1's has a hill in reach.
    let far = coverage("explore_climb", 3);
    assert_eq!(far["scripted"], true);
    assert_eq!(far["solved"], false);
    assert_eq!(far["steps"], 900);
    assert_eq!(far["lacks"], "terrain");
    let near = coverage("explore_climb", 1);
    assert_eq!(near["solved"], true);
    assert!(near["lacks"].is_null());
}
