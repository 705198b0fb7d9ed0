//! `mcu preview` as a user runs it: a PNG of a task's first frame.

mod common;

use std::process::{Command, Output};

fn mcu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcu"))
        .args(args)
        .current_dir(common::repo_root())
        .env_remove("MCU_TASKS")
        .output()
        .unwrap()
}

#[test]
fn writes_a_png_of_the_requested_size() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("frame.png");
    let output = mcu(&[
        "preview",
        "collect_wood",
        "--size",
        "160x90",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let frame = image::open(&out).unwrap().to_rgb8();
    assert_eq!(frame.dimensions(), (160, 90));
    let first = frame.get_pixel(0, 0);
    assert!(
        frame.pixels().any(|p| p != first),
        "the frame is a single colour"
    );
}

#[test]
fn same_seed_same_png_other_seed_other_png() {
    let dir = tempfile::tempdir().unwrap();
    let render = |seed: &str, name: &str| {
        let out = dir.path().join(name);
        let output = mcu(&[
            "preview",
            "find_sand",
            "--seed",
            seed,
            "--size",
            "64x64",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(output.status.success());
        image::open(&out).unwrap().to_rgb8().into_raw()
    };
    assert_eq!(render("1", "a.png"), render("1", "b.png"));
    assert_ne!(render("1", "c.png"), render("2", "d.png"));
}

#[test]
fn an_unknown_task_is_an_error_with_a_suggestion() {
    let output = mcu(&["preview", "collect_dirtt"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no task `collect_dirtt`"), "{stderr}");
    assert!(stderr.contains("collect_dirt"), "{stderr}");
}

#[test]
fn a_bad_size_is_refused_with_the_rule() {
    let output = mcu(&["preview", "collect_dirt", "--size", "10x10"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("16 to 4096"));
}

#[test]
fn summoned_creatures_stand_in_view_and_unknown_ones_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let render = |extra: &[&str], name: &str| {
        let out = dir.path().join(name);
        let mut args = vec![
            "preview",
            "collect_grass",
            "--size",
            "160x90",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let output = mcu(&args);
        assert!(output.status.success());
        let frame = image::open(&out).unwrap().to_rgb8().into_raw();
        (frame, String::from_utf8_lossy(&output.stderr).into_owned())
    };
    // An unknown kind: the patch is cleared, nothing stands on it, and the
    // rejected command is reported.
    let (stage, stderr) = render(&["--summon", "unknown_beast"], "stage.png");
    assert!(stderr.contains("unknown_beast"), "{stderr}");
    let (pigs, stderr) = render(&["--summon", "pig,pig"], "pigs.png");
    assert!(!stderr.contains("rejected"), "{stderr}");
    assert_ne!(stage, pigs);
    // A pink pixel: a pig's skin.
    let pink = pigs.chunks(3).any(|p| {
        let [r, g, b] = [p[0], p[1], p[2]].map(i32::from);
        r > 170 && r > g + 40 && r > b + 40
    });
    assert!(pink);
}
