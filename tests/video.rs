//! The episode video recorder against the real `ffprobe`: the files it writes
//! are H.264 yuv420p MP4s with every pushed frame, the right size and rate,
//! the `moov` atom first, and nothing is left at the destination when a
//! recording is abandoned or cannot start.

use std::path::Path;
use std::process::Command;

use image::{Rgb, RgbImage};
use mcu::video::{VideoError, VideoRecorder};
use serde_json::Value;

const WIDTH: u32 = 640;
const HEIGHT: u32 = 360;
const FPS: u32 = 20;

/// A frame whose diagonal gradient slides with `index`, so consecutive frames
/// differ and the encoder has real content to compress.
fn moving_gradient(index: u32) -> RgbImage {
    RgbImage::from_fn(WIDTH, HEIGHT, |x, y| {
        let shifted = x + 8 * index;
        Rgb([
            (shifted % 256) as u8,
            (y % 256) as u8,
            ((shifted + y) / 4 % 256) as u8,
        ])
    })
}

fn record(path: &Path, frames: u32) -> u64 {
    let mut recorder = VideoRecorder::create(path, WIDTH, HEIGHT, FPS).expect("recorder starts");
    for index in 0..frames {
        recorder
            .push(&moving_gradient(index))
            .expect("frame encodes");
    }
    recorder.finish().expect("recording finishes")
}

/// `ffprobe`'s description of the file's only stream and its container.
fn probe(path: &Path) -> (Value, Value) {
    let output = Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-count_frames",
            "-show_streams",
            "-show_format",
        ])
        .args(["-of", "json"])
        .arg(path)
        .output()
        .expect("ffprobe runs");
    assert!(
        output.status.success(),
        "ffprobe failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).expect("ffprobe prints JSON");
    let streams = report["streams"].as_array().expect("streams listed");
    assert_eq!(streams.len(), 1, "one video stream: {report}");
    (streams[0].clone(), report["format"].clone())
}

/// The types of the file's top-level MP4 boxes, in order.
fn top_level_boxes(bytes: &[u8]) -> Vec<String> {
    let mut boxes = Vec::new();
    let mut offset = 0usize;
    while offset + 8 <= bytes.len() {
        let size = u32::from_be_bytes(bytes[offset..offset + 4].try_into().unwrap()) as u64;
        let kind = String::from_utf8_lossy(&bytes[offset + 4..offset + 8]).into_owned();
        let length = match size {
            1 => u64::from_be_bytes(bytes[offset + 8..offset + 16].try_into().unwrap()),
            0 => (bytes.len() - offset) as u64,
            _ => size,
        };
        assert!(length >= 8, "box {kind} at {offset} has length {length}");
        boxes.push(kind);
        offset += length as usize;
    }
    assert_eq!(offset, bytes.len(), "boxes cover the file exactly");
    boxes
}

fn field<'a>(value: &'a Value, name: &str) -> &'a str {
    value[name]
        .as_str()
        .unwrap_or_else(|| panic!("{name} missing in {value}"))
}

#[test]
fn recording_is_a_browser_playable_h264_mp4_with_every_frame() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("episode_1.mp4");
    assert_eq!(record(&path, 45), 45);

    let (stream, format) = probe(&path);
    assert_eq!(field(&stream, "codec_name"), "h264");
    assert_eq!(field(&stream, "pix_fmt"), "yuv420p");
    assert_eq!(stream["width"], 640);
    assert_eq!(stream["height"], 360);
    assert_eq!(field(&stream, "nb_read_frames"), "45");
    assert_eq!(field(&stream, "avg_frame_rate"), "20/1");
    let duration: f64 = field(&format, "duration").parse().unwrap();
    assert!(
        (duration - 45.0 / 20.0).abs() < 0.06,
        "duration {duration} s for 45 frames at 20 fps"
    );
    assert!(field(&format, "format_name").contains("mp4"));

    let boxes = top_level_boxes(&std::fs::read(&path).unwrap());
    let moov = boxes
        .iter()
        .position(|kind| kind == "moov")
        .expect("moov box");
    let mdat = boxes
        .iter()
        .position(|kind| kind == "mdat")
        .expect("mdat box");
    assert!(moov < mdat, "faststart puts moov before mdat: {boxes:?}");
}

#[test]
fn finished_recording_leaves_only_the_video_in_its_directory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("episode_1.mp4");
    record(&path, 3);
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(names, ["episode_1.mp4"]);
}

#[test]
fn wrong_size_frame_is_refused_and_the_good_frames_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("episode_1.mp4");
    let mut recorder = VideoRecorder::create(&path, WIDTH, HEIGHT, FPS).unwrap();
    for index in 0..10 {
        recorder.push(&moving_gradient(index)).unwrap();
    }
    let error = recorder
        .push(&RgbImage::new(128, 128))
        .expect_err("a 128x128 frame does not fit a 640x360 recording");
    assert!(matches!(error, VideoError::FrameSize { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains("128x128") && message.contains("640x360"),
        "{message}"
    );
    assert!(message.contains("episode_1.mp4"), "{message}");
    for index in 10..20 {
        recorder.push(&moving_gradient(index)).unwrap();
    }
    assert_eq!(recorder.finish().unwrap(), 20);

    let (stream, _) = probe(&path);
    assert_eq!(field(&stream, "nb_read_frames"), "20");
}

#[test]
fn dropped_unfinished_recorder_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("episode_1.mp4");
    let mut recorder = VideoRecorder::create(&path, WIDTH, HEIGHT, FPS).unwrap();
    for index in 0..30 {
        recorder.push(&moving_gradient(index)).unwrap();
    }
    drop(recorder);
    assert!(!path.exists(), "no half-written video at the destination");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn unwritable_directory_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    // A regular file where the directory should be: unwritable even for root.
    let blocker = dir.path().join("not_a_directory");
    std::fs::write(&blocker, b"").unwrap();
    let path = blocker.join("episode_1.mp4");
    let error = VideoRecorder::create(&path, WIDTH, HEIGHT, FPS)
        .err()
        .expect("cannot record into a file");
    assert!(matches!(error, VideoError::CreateFile { .. }), "{error:?}");
    assert!(
        error.to_string().contains(&blocker.display().to_string()),
        "{error}"
    );
    assert!(!path.exists());
}

#[test]
fn odd_or_empty_sizes_and_zero_rate_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("episode_1.mp4");
    for (width, height) in [(641, 360), (640, 361), (0, 360)] {
        let error = VideoRecorder::create(&path, width, height, FPS)
            .err()
            .expect("size refused");
        assert!(
            matches!(error, VideoError::InvalidSize { .. }),
            "{width}x{height}: {error:?}"
        );
    }
    let error = VideoRecorder::create(&path, WIDTH, HEIGHT, 0)
        .err()
        .expect("rate refused");
    assert!(
        matches!(error, VideoError::InvalidFrameRate { .. }),
        "{error:?}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
