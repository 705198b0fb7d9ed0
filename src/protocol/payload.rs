//! The JSON payloads mcu sends to the agent (init, obs), the ack it expects
//! back, and the extraction of a payload from a reply's text part.

use serde::Serialize;
use serde_json::{json, Value};

use super::decode::{as_object, brief, check_type};
use super::{FailureKind, Rejection};

/// How to play, sent with every init message.
pub const INIT_PROMPT: &str = r#"You control a Minecraft player; `text` says what to achieve.
Each step you get {"type":"obs","step":N,"obs":"<base64 JPEG>"}, a first-person view
(step counts from 0; one step is one game tick, 1/20 s). Reply to every observation
with one JSON object: {"type":"action","buttons":[i],"camera":[j]}.
buttons: i in 0..=8640. i = 8640 opens the inventory and does nothing else. Below
that, i is the sum of one choice from each group, times its weight:
  hotbar slot (0 none, 1-9) x 864   forward/back (0 none, 1 forward, 2 back) x 288
  left/right (0 none, 1 left, 2 right) x 96   sprint/sneak (0 none, 1 sprint, 2 sneak) x 32
  use x 16   drop x 8   attack x 4   jump x 2   (each 0 or 1)   camera on x 1 (0 or 1)
So 0 is the no-op, 288 walks forward, 290 walks forward and jumps, 4 attacks.
camera: j = pitch_bin * 11 + yaw_bin with bins 0..10 turning by
  -10, -5.8, -3.2, -1.6, -0.6, 0, +0.6, +1.6, +3.2, +5.8, +10 degrees
(positive pitch looks down, positive yaw turns right). j = 60 does not move the view.
The camera turns only when "camera on" is 1 in i: i = 5, j = 61 attacks while
turning 0.6 degrees right.
Also accepted: "buttons" as 20 values of 0/1 in the order attack, back, forward, jump,
left, right, sneak, sprint, use, drop, inventory, hotbar.1..hotbar.9 with
"camera":[pitch_degrees, yaw_degrees]; or a dict of MineRL key names (missing keys
are 0) with an optional "camera":[pitch_degrees, yaw_degrees]:
{"type":"action","action_type":"env","action":{"forward":1,"camera":[0,-2.5]}}
A late or malformed reply counts as the no-op for that step."#;

/// The first message of a task: how to play and the task text.
pub fn init_payload(text: &str) -> Value {
    json!({"type": "init", "prompt": INIT_PROMPT, "text": text})
}

/// One observation: the step number (from 0) and a base64 JPEG without a
/// `data:` prefix.
pub fn obs_payload(step: u64, jpeg_base64: &str) -> Value {
    json!({"type": "obs", "step": step, "obs": jpeg_base64})
}

/// The JSON object in a reply's text part, which may be surrounded by
/// whitespace or wrapped in a Markdown code fence (```` ```json … ``` ````).
/// Not JSON → NotJson; JSON but not an object → BadShape.
pub fn parse_payload_text(text: &str) -> Result<Value, Rejection> {
    let body = strip_code_fence(text.trim());
    let value: Value = serde_json::from_str(body).map_err(|error| {
        Rejection::new(
            FailureKind::NotJson,
            format!("the text part is not a JSON object ({error})"),
        )
    })?;
    as_object(&value, "the text part")?;
    Ok(value)
}

/// The inside of a ```` ``` ```` fence with an optional language tag, or
/// `text` itself when it is not fenced.
fn strip_code_fence(text: &str) -> &str {
    let Some(inner) = text
        .strip_prefix("```")
        .and_then(|rest| rest.strip_suffix("```"))
    else {
        return text;
    };
    inner
        .trim_start_matches(|c: char| c.is_ascii_alphanumeric())
        .trim()
}

/// The agent's answer to init.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ack {
    pub success: bool,
    pub message: Option<String>,
}

/// Decodes `{"type":"ack","success":bool,"message":"…"}`; `message` may be
/// missing or null, other keys are ignored.
pub fn decode_ack(payload: &Value) -> Result<Ack, Rejection> {
    let object = as_object(payload, "an ack")?;
    check_type(object, "ack", false)?;
    let shape = |detail: String| Rejection::new(FailureKind::BadShape, detail);
    let success = object
        .get("success")
        .and_then(Value::as_bool)
        .ok_or_else(|| {
            shape(format!(
                "`success` is {}; expected true or false",
                object
                    .get("success")
                    .map_or_else(|| "missing".to_string(), brief)
            ))
        })?;
    let message = match object.get("message") {
        None | Some(Value::Null) => None,
        Some(Value::String(message)) => Some(message.clone()),
        Some(other) => {
            return Err(shape(format!(
                "`message` is {}; expected a string",
                brief(other)
            )))
        }
    };
    Ok(Ack { success, message })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{compact, decode_action, Action, Key};

    #[test]
    fn init_and_obs_payloads() {
        let init = init_payload("mine a log");
        assert_eq!(init["type"], "init");
        assert_eq!(init["prompt"], INIT_PROMPT);
        assert_eq!(init["text"], "mine a log");
        assert_eq!(init.as_object().map(|o| o.len()), Some(3));
        assert_eq!(
            obs_payload(7, "/9j/4AAQ"),
            json!({"type": "obs", "step": 7, "obs": "/9j/4AAQ"})
        );
    }

    #[test]
    fn prompt_is_short() {
        assert!(INIT_PROMPT.lines().count() <= 25);
    }

    /// The worked examples in the prompt decode to what it says they do.
    #[test]
    fn prompt_examples_hold() {
        let decode = |i, j| compact::decode(i, j).unwrap();
        let keys = |keys: &[Key]| keys.iter().copied().fold(Action::noop(), Action::with);
        assert!(decode(0, 60).is_noop());
        assert_eq!(decode(288, 60), keys(&[Key::Forward]));
        assert_eq!(decode(290, 60), keys(&[Key::Forward, Key::Jump]));
        assert_eq!(decode(4, 60), keys(&[Key::Attack]));
        assert_eq!(decode(8640, 60), keys(&[Key::Inventory]));
        let mut attack_turn = keys(&[Key::Attack]);
        attack_turn.camera = [0.0, compact::camera_bin_degrees(6)];
        assert_eq!(decode(5, 61), attack_turn);
        for (weight, key) in [
            (864, Key::Hotbar1),
            (96, Key::Left),
            (32, Key::Sprint),
            (16, Key::Use),
            (8, Key::Drop),
        ] {
            assert_eq!(decode(weight, 60), keys(&[key]));
        }
        for (text, bin) in [("-5.8", 1), ("-1.6", 3), ("+3.2", 8), ("+10", 10)] {
            let degrees: f32 = text.parse().unwrap();
            assert!((compact::camera_bin_degrees(bin) - degrees).abs() < 0.05);
            assert!(INIT_PROMPT.contains(text));
        }
        let env = INIT_PROMPT
            .lines()
            .find(|l| l.starts_with("{\"type\""))
            .unwrap();
        assert!(decode_action(&serde_json::from_str(env).unwrap()).is_ok());
    }

    #[test]
    fn payload_text_plain_and_fenced() {
        let want = json!({"type": "action", "buttons": [0], "camera": [60]});
        let raw = r#"{"type":"action","buttons":[0],"camera":[60]}"#;
        for text in [
            raw.to_string(),
            format!("  \n{raw}\n\t"),
            format!("```json\n{raw}\n```"),
            format!("\n```JSON\n{raw}\n```\n"),
            format!("```\n{raw}\n```"),
            format!("```{raw}```"),
        ] {
            assert_eq!(parse_payload_text(&text), Ok(want.clone()), "{text:?}");
        }
    }

    #[test]
    fn payload_text_rejections() {
        for text in [
            "",
            "forward!",
            "Here is my action: {\"buttons\":[0],\"camera\":[60]}",
            "```json\n{\"buttons\":[0]\n```",
            "```json\n{}",
        ] {
            let kind = parse_payload_text(text).map_err(|r| r.kind);
            assert_eq!(kind, Err(FailureKind::NotJson), "{text:?}");
        }
        for text in ["[0, 60]", "42", "\"action\""] {
            let kind = parse_payload_text(text).map_err(|r| r.kind);
            assert_eq!(kind, Err(FailureKind::BadShape), "{text:?}");
        }
    }

    #[test]
    fn ack_accepted() {
        let ack = decode_ack(&json!({"type": "ack", "success": true, "message": "Ready"}));
        let want = Ack {
            success: true,
            message: Some("Ready".into()),
        };
        assert_eq!(ack, Ok(want));
        let refused = decode_ack(&json!({"type": "ack", "success": false, "message": null}));
        let want = Ack {
            success: false,
            message: None,
        };
        assert_eq!(refused, Ok(want));
    }

    #[test]
    fn ack_rejections() {
        let kind = |payload: Value| decode_ack(&payload).map_err(|r| r.kind);
        for payload in [
            json!({"success": true}),
            json!({"type": "action", "success": true}),
            json!({"type": null, "success": true}),
        ] {
            assert_eq!(kind(payload), Err(FailureKind::WrongMessageType));
        }
        for payload in [
            json!({"type": "ack"}),
            json!({"type": "ack", "success": "true"}),
            json!({"type": "ack", "success": 1}),
            json!({"type": "ack", "success": true, "message": 3}),
            json!(["ack"]),
        ] {
            assert_eq!(kind(payload), Err(FailureKind::BadShape));
        }
    }
}
