//! Reading an assessment request (SPEC §8): one message whose text part is
//! `{"participants":{"agent":"<url>"},"config":{…}}`. The config keys are a
//! scenario's `[config]` keys (`shard_index`/`num_shards` included); the request
//! is turned into scenario TOML and read by the scenario loader, so a
//! request is checked exactly as a scenario file is (unknown keys with a
//! "did you mean", types, values). Every error is a sentence for the
//! `rejected` status message.

use std::path::Path;

use serde_json::{Map, Value};

use crate::a2a::types::{Message, Part};
use crate::scenario::Scenario;

/// The one participant role an assessment takes.
pub const AGENT_ROLE: &str = "agent";

/// Config keys a request may not set: they choose files and secrets on the
/// server (a request naming the judge's URL would receive the judge's key).
const SERVER_ONLY_KEYS: &[(&str, &str)] = &[
    (
        "tasks",
        "the task suite is the server's (set MCU_TASKS where `mcu serve` runs)",
    ),
    (
        "judge.base_url",
        "the judge's key would be sent to a server the request names",
    ),
    (
        "judge.api_key_env",
        "it names an environment variable of the server",
    ),
];

/// A valid assessment request.
#[derive(Debug)]
pub struct AssessmentRequest {
    /// The purple agent's A2A endpoint.
    pub agent_url: String,
    pub scenario: Scenario,
    /// The scenario as TOML (what the run's manifest keeps).
    pub scenario_text: String,
}

/// Reads the assessment in `message`; `label` names the request in
/// messages (like a scenario file's path).
pub fn parse(message: &Message, label: &Path) -> Result<AssessmentRequest, String> {
    let mut payload = payload(message)?;
    let Some(object) = payload.as_object_mut() else {
        return Err(format!("the request must be a JSON object, {EXPECTED}"));
    };
    let agent_url = agent_url(object.get("participants"))?;
    let config = match object.remove("config") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(config)) => config,
        Some(other) => return Err(format!("`config` must be an object, found {other}")),
    };
    refuse_server_only_keys(&config)?;
    let scenario_text = scenario_toml(&agent_url, config)?;
    // No variables: `${NAME}` in a request must not read the server's environment.
    let scenario = Scenario::parse(&scenario_text, label, &|_| None).map_err(|e| e.to_string())?;
    Ok(AssessmentRequest {
        agent_url,
        scenario,
        scenario_text,
    })
}

const EXPECTED: &str = r#"expected {"participants":{"agent":"<url>"},"config":{…}}"#;

/// The JSON of the first text part (or the first data part).
fn payload(message: &Message) -> Result<Value, String> {
    for part in &message.parts {
        match part {
            Part::Text { text } => {
                return serde_json::from_str(text)
                    .map_err(|e| format!("the request's text part is not JSON ({e}); {EXPECTED}"));
            }
            Part::Data { data } => return Ok(data.clone()),
            Part::File { .. } => {}
        }
    }
    Err(format!("the request has no text part; {EXPECTED}"))
}

fn agent_url(participants: Option<&Value>) -> Result<String, String> {
    let Some(Value::Object(participants)) = participants else {
        return Err(format!(
            "the request has no `participants` object; {EXPECTED}"
        ));
    };
    if let Some(role) = participants.keys().find(|role| *role != AGENT_ROLE) {
        return Err(format!(
            "unknown participant role `{role}`; this assessment takes one participant, `{AGENT_ROLE}`"
        ));
    }
    let Some(url) = participants.get(AGENT_ROLE) else {
        return Err(format!(
            "the request has no `{AGENT_ROLE}` participant; {EXPECTED}"
        ));
    };
    let Some(url) = url.as_str() else {
        return Err(format!(
            "participant `{AGENT_ROLE}` must be a URL string, found {url}"
        ));
    };
    check_agent_url(url)?;
    Ok(url.to_string())
}

fn check_agent_url(text: &str) -> Result<(), String> {
    let bad = |why: String| format!("participant `{AGENT_ROLE}`: `{text}` {why}");
    let url = url::Url::parse(text).map_err(|e| bad(format!("is not a URL ({e})")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(bad("is not an http:// or https:// URL".into()));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(bad("has no host".into()));
    }
    Ok(())
}

fn refuse_server_only_keys(config: &Map<String, Value>) -> Result<(), String> {
    for (path, why) in SERVER_ONLY_KEYS {
        let found = match path.split_once('.') {
            Some((table, key)) => config
                .get(table)
                .and_then(Value::as_object)
                .is_some_and(|table| table.contains_key(key)),
            None => config.contains_key(*path),
        };
        if found {
            return Err(format!(
                "`config.{path}` cannot be set by an assessment request: {why}"
            ));
        }
    }
    Ok(())
}

/// The scenario file equivalent to the request.
fn scenario_toml(agent_url: &str, config: Map<String, Value>) -> Result<String, String> {
    let mut participant = toml::Table::new();
    participant.insert("role".into(), AGENT_ROLE.into());
    participant.insert("endpoint".into(), agent_url.into());
    let mut document = toml::Table::new();
    document.insert(
        "participants".into(),
        toml::Value::Array(vec![toml::Value::Table(participant)]),
    );
    document.insert("config".into(), to_toml(Value::Object(config), "config")?);
    toml::to_string(&document).map_err(|e| format!("cannot express the config as TOML: {e}"))
}

/// `value` as TOML; `path` names it in errors (TOML has no null, and its
/// integers are signed 64-bit).
fn to_toml(value: Value, path: &str) -> Result<toml::Value, String> {
    Ok(match value {
        Value::Null => return Err(format!("`{path}` is null; leave the key out instead")),
        Value::Bool(b) => toml::Value::Boolean(b),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => toml::Value::Integer(i),
            (None, Some(f)) if n.is_f64() => toml::Value::Float(f),
            _ => return Err(format!("`{path}` = {n} is too large")),
        },
        Value::String(s) => toml::Value::String(s),
        Value::Array(items) => toml::Value::Array(
            items
                .into_iter()
                .enumerate()
                .map(|(i, item)| to_toml(item, &format!("{path}[{i}]")))
                .collect::<Result<_, _>>()?,
        ),
        Value::Object(map) => toml::Value::Table(
            map.into_iter()
                .map(|(key, item)| {
                    let inner = format!("{path}.{key}");
                    to_toml(item, &inner).map(|value| (key, value))
                })
                .collect::<Result<_, _>>()?,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a2a::types::Role;
    use serde_json::json;

    fn request(payload: Value) -> Result<AssessmentRequest, String> {
        let message = Message::text(Role::User, payload.to_string(), None);
        parse(&message, Path::new("assessment-1.toml"))
    }

    #[test]
    fn a_full_request_becomes_a_scenario() {
        let request = request(json!({
            "participants": {"agent": "http://127.0.0.1:9019"},
            "config": {"task_names": ["craft_ladder"], "max_steps": 10, "judge": {"mode": "off"},
                       "num_shards": 1, "shard_index": 0, "step_timeout_s": 2.5}
        }))
        .unwrap();
        assert_eq!(request.agent_url, "http://127.0.0.1:9019");
        let config = &request.scenario.config;
        assert_eq!(config.task_names, ["craft_ladder"]);
        assert_eq!(config.max_steps, Some(10));
        assert_eq!(config.step_timeout_s, 2.5);
        assert_eq!(config.judge.mode, crate::scenario::JudgeMode::Off);
        assert_eq!((config.shard_index, config.num_shards), (0, 1));
        let agent = request.scenario.agent().unwrap();
        assert_eq!(agent.endpoint.as_deref(), Some("http://127.0.0.1:9019"));
        assert!(request.scenario_text.contains("max_steps = 10"));
    }

    #[test]
    fn config_is_optional() {
        let request =
            request(json!({"participants": {"agent": "https://agent.example/a2a"}})).unwrap();
        assert_eq!(request.scenario.config.max_steps, None);
    }

    fn rejection(payload: Value) -> String {
        request(payload).unwrap_err()
    }

    #[test]
    fn bad_requests_say_why() {
        let agent = json!({"agent": "http://127.0.0.1:9019"});
        let text = Message::text(Role::User, "not json", None);
        assert!(parse(&text, Path::new("a.toml"))
            .unwrap_err()
            .contains("not JSON"));
        assert!(rejection(json!({"config": {}})).contains("no `participants`"));
        assert!(rejection(json!({"participants": {}})).contains("no `agent` participant"));
        assert!(rejection(json!({"participants": {"agent": "ftp://x"}})).contains("not an http"));
        assert!(rejection(json!({"participants": {"agent": "nope"}})).contains("is not a URL"));
        assert!(rejection(json!({"participants": {"player": "http://x"}})).contains("`player`"));
        let unknown = rejection(json!({"participants": agent, "config": {"max_step": 3}}));
        assert!(unknown.contains("`config.max_step`"), "{unknown}");
        assert!(unknown.contains("max_steps"), "{unknown}");
        let typed = rejection(json!({"participants": agent, "config": {"max_steps": "ten"}}));
        assert!(typed.contains("max_steps"), "{typed}");
        let null = rejection(json!({"participants": agent, "config": {"seed": null}}));
        assert!(null.contains("`config.seed` is null"), "{null}");
    }

    #[test]
    fn shards_are_checked_and_reach_the_run_config() {
        let agent = json!({"agent": "http://127.0.0.1:9019"});
        let with = |config: Value| rejection(json!({"participants": agent, "config": config}));
        assert!(with(json!({"num_shards": 0})).contains("at least 1"));
        assert!(with(json!({"num_shards": 2, "shard_index": 2})).contains("numbered 0 to 1"));
        assert!(with(json!({"shard_index": -1})).contains("shard_index"));
        let request =
            request(json!({"participants": agent, "config": {"num_shards": 2, "shard_index": 1}}))
                .unwrap();
        assert_eq!(
            (
                request.scenario.config.shard_index,
                request.scenario.config.num_shards
            ),
            (1, 2)
        );
    }

    #[test]
    fn server_settings_and_variables_stay_on_the_server() {
        let agent = json!({"agent": "http://127.0.0.1:9019"});
        let with = |config: Value| rejection(json!({"participants": agent, "config": config}));
        assert!(with(json!({"tasks": "/etc"})).contains("`config.tasks` cannot be set"));
        assert!(with(json!({"judge": {"base_url": "http://evil.example"}}))
            .contains("`config.judge.base_url` cannot be set"));
        assert!(with(json!({"judge": {"api_key_env": "HOME"}})).contains("api_key_env"));
        let variable = rejection(json!({"participants": {"agent": "http://x/${HOME}"}}));
        assert!(variable.contains("`HOME` is not set"), "{variable}");
    }
}
