//! Unknown-key detection for scenario files, with "did you mean" hints.
//!
//! serde would silently ignore a misspelt key such as `max_step`; a
//! benchmark run that quietly uses a default is worse than an error.

use crate::suggest;

const TOP: &[&str] = &["green_agent", "participants", "config"];
pub(super) const PARTICIPANT: &[&str] = &[
    "role",
    "name",
    "endpoint",
    "cmd",
    "agentbeats_id",
    "env",
    "startup_timeout_s",
];
pub(super) const CONFIG: &[&str] = &[
    "task_category",
    "task_names",
    "tasks",
    "max_steps",
    "max_steps_long",
    "seed",
    "attempts",
    "jobs",
    "obs_size",
    "obs_jpeg_quality",
    "step_timeout_s",
    "simulator",
    "scoring",
    "stop_on_success",
    "swap_red_blue",
    "video",
    "judge",
    "shard_index",
    "num_shards",
];
pub(super) const JUDGE: &[&str] = &[
    "mode",
    "base_url",
    "model",
    "api_key_env",
    "frame_stride",
    "max_frames",
    "temperature",
    "top_p",
    "seed",
    "timeout_s",
    "max_attempts",
    "concurrency",
    "price",
];

/// One message per key of `document` that the scenario format does not
/// know, naming its dotted path and the closest known key.
pub(super) fn unknown(document: &toml::Table) -> Vec<String> {
    let mut found = Vec::new();
    check(document, TOP, "", &mut found);
    if let Some(toml::Value::Array(participants)) = document.get("participants") {
        for (index, participant) in participants.iter().enumerate() {
            if let toml::Value::Table(table) = participant {
                check(
                    table,
                    PARTICIPANT,
                    &format!("participants[{index}]."),
                    &mut found,
                );
            }
        }
    }
    if let Some(toml::Value::Table(config)) = document.get("config") {
        check(config, CONFIG, "config.", &mut found);
        if let Some(toml::Value::Table(judge)) = config.get("judge") {
            check(judge, JUDGE, "config.judge.", &mut found);
        }
    }
    found
}

fn check(table: &toml::Table, known: &[&str], prefix: &str, found: &mut Vec<String>) {
    for key in table.keys() {
        if !known.contains(&key.as_str()) {
            found.push(format!(
                "unknown key `{prefix}{key}`{}; known keys here: {}",
                suggest::hint(key, known.iter().copied()),
                known.join(", ")
            ));
        }
    }
}
