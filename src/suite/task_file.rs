//! Reading and validating one task YAML file.

use std::path::Path;

use serde::Deserialize;

use super::reward::{Event, RewardEntry};
use super::{RewardKind, SuiteError, Task, Warning};
use crate::suggest;

/// Top-level keys a task file may have. `thinking` and `defaults` come from
/// upstream files and are accepted without effect.
const TASK_KEYS: [&str; 7] = [
    "text",
    "custom_init_commands",
    "commands",
    "reward_cfg",
    "milestone_reward_cfg",
    "thinking",
    "defaults",
];
const ENTRY_KEYS: [&str; 5] = ["event", "identity", "objects", "reward", "max_reward_times"];

#[derive(Deserialize)]
struct RawTask {
    text: Option<String>,
    #[serde(alias = "commands")]
    custom_init_commands: Option<Vec<String>>,
    reward_cfg: Option<Vec<RawEntry>>,
    milestone_reward_cfg: Option<Vec<RawEntry>>,
}

#[derive(Deserialize)]
struct RawEntry {
    event: String,
    identity: Option<String>,
    objects: Vec<String>,
    reward: f64,
    max_reward_times: f64,
}

/// Reads the task at `path`; returns it with the warnings about its file.
pub(super) fn read(
    path: &Path,
    category: &str,
    name: &str,
) -> Result<(Task, Vec<Warning>), SuiteError> {
    let text = std::fs::read_to_string(path).map_err(|source| SuiteError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let invalid = |key: &str, message: String| SuiteError::Invalid {
        path: path.to_path_buf(),
        key: key.to_string(),
        message,
    };

    let document: serde_yaml::Value =
        serde_yaml::from_str(&text).map_err(|e| yaml_error(path, e))?;
    let mapping = match &document {
        serde_yaml::Value::Mapping(mapping) => mapping,
        serde_yaml::Value::Null => {
            return Err(invalid(
                "text",
                "the file is empty; a task needs at least `text`".into(),
            ))
        }
        _ => {
            return Err(invalid(
                "(top level)",
                "expected a mapping of keys (`text`, `custom_init_commands`, `reward_cfg`, …)"
                    .into(),
            ))
        }
    };
    let mut warnings = unknown_keys(path, mapping, &TASK_KEYS, "");

    let raw: RawTask = serde_yaml::from_str(&text).map_err(|e| yaml_error(path, e))?;

    let text = raw
        .text
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .ok_or_else(|| {
            invalid(
                "text",
                "missing or empty; every task needs a one-line instruction".into(),
            )
        })?;

    let (reward_kind, key, raw_entries) = match (raw.reward_cfg, raw.milestone_reward_cfg) {
        (Some(_), Some(_)) => {
            return Err(invalid(
                "milestone_reward_cfg",
                "a task has either `reward_cfg` or `milestone_reward_cfg`, not both".into(),
            ))
        }
        (Some(entries), None) => (RewardKind::Sim, "reward_cfg", entries),
        (None, Some(entries)) => (RewardKind::Milestone, "milestone_reward_cfg", entries),
        (None, None) => (RewardKind::Judge, "", Vec::new()),
    };
    let reward_kind = if raw_entries.is_empty() && reward_kind != RewardKind::Judge {
        warnings.push(Warning {
            path: path.to_path_buf(),
            message: format!("`{key}` is empty; the task is scored by the judge alone"),
        });
        RewardKind::Judge
    } else {
        reward_kind
    };

    if let Some(serde_yaml::Value::Sequence(entries)) = mapping.get(key) {
        for (index, entry) in entries.iter().enumerate() {
            if let serde_yaml::Value::Mapping(entry) = entry {
                let prefix = format!("{key}[{index}].");
                warnings.extend(unknown_keys(path, entry, &ENTRY_KEYS, &prefix));
            }
        }
    }

    let rewards = raw_entries
        .into_iter()
        .enumerate()
        .map(|(index, entry)| validate_entry(entry, &format!("{key}[{index}]"), &invalid))
        .collect::<Result<Vec<_>, _>>()?;

    let task = Task {
        name: name.to_string(),
        category: category.to_string(),
        text,
        init_commands: raw.custom_init_commands.unwrap_or_default(),
        reward_kind,
        rewards,
        criteria: None,
        source: path.to_path_buf(),
    };
    Ok((task, warnings))
}

fn validate_entry(
    entry: RawEntry,
    at: &str,
    invalid: &impl Fn(&str, String) -> SuiteError,
) -> Result<RewardEntry, SuiteError> {
    let names = Event::ALL.map(Event::as_str);
    let event = Event::parse(&entry.event).ok_or_else(|| {
        invalid(
            &format!("{at}.event"),
            format!(
                "unknown event `{}`{}; expected one of: {}",
                entry.event,
                suggest::hint(&entry.event, names),
                names.join(", ")
            ),
        )
    })?;
    if entry.objects.is_empty() {
        return Err(invalid(
            &format!("{at}.objects"),
            "must name at least one id".into(),
        ));
    }
    if !(entry.reward.is_finite() && entry.reward > 0.0) {
        return Err(invalid(
            &format!("{at}.reward"),
            format!("must be a number > 0, found {}", entry.reward),
        ));
    }
    let times = entry.max_reward_times;
    if !(times.is_finite() && times >= 1.0 && times.fract() == 0.0 && times <= f64::from(u32::MAX))
    {
        return Err(invalid(
            &format!("{at}.max_reward_times"),
            format!("must be a whole number > 0 (1 or 1.0), found {times}"),
        ));
    }
    let identity = entry
        .identity
        .unwrap_or_else(|| format!("{}:{}", event.as_str(), entry.objects.join(",")));
    Ok(RewardEntry {
        event,
        identity,
        objects: entry.objects,
        reward: entry.reward,
        max_reward_times: times as u32,
    })
}

fn unknown_keys(
    path: &Path,
    mapping: &serde_yaml::Mapping,
    known: &[&str],
    prefix: &str,
) -> Vec<Warning> {
    mapping
        .keys()
        .filter_map(|key| {
            let key = key.as_str().unwrap_or("(non-string key)");
            (!known.contains(&key)).then(|| Warning {
                path: path.to_path_buf(),
                message: format!(
                    "unknown key `{prefix}{key}` is ignored{}",
                    suggest::hint(key, known.iter().copied())
                ),
            })
        })
        .collect()
}

fn yaml_error(path: &Path, error: serde_yaml::Error) -> SuiteError {
    let message = error.to_string();
    match error.location() {
        Some(location) => SuiteError::Syntax {
            path: path.to_path_buf(),
            line: location.line(),
            column: location.column(),
            message: strip_location(&message),
        },
        None => SuiteError::Invalid {
            path: path.to_path_buf(),
            key: "(file)".into(),
            message,
        },
    }
}

/// serde_yaml ends its messages with " at line L column C"; the error
/// prints the location up front instead.
fn strip_location(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(index) => message[..index].to_string(),
        None => message.to_string(),
    }
}
