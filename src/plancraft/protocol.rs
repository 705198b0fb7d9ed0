//! The Plancraft conversation over A2A: an init message with the rules and
//! the target, then per step the text observation and the crafting table
//! screen as an image; the agent answers with an action string, either in
//! `{"type":"action","action":"move: …"}` or as bare text (what a chat
//! model says).

use serde_json::{json, Value};

use crate::a2a::reply::Content;
use crate::agent::StepFailure;
use crate::protocol::{self, FailureKind};

/// The rules an agent is told at init, in mcu's words.
pub const RULES: &str = "You are at a Minecraft crafting table. Slot [0] is the crafting output; \
[A1] [A2] [A3] / [B1] [B2] [B3] / [C1] [C2] [C3] are the 3x3 crafting grid (rows A to C, columns 1 to 3); \
[I1] to [I36] are the inventory. Each step, answer with exactly one action:\n\
- move: from [Source] to [Target] with quantity N  (moves N items; the target must be empty or hold the same item with room; \
moving out of [0] takes the whole output and uses one of each grid ingredient)\n\
- smelt: from [Source] to [Target] with quantity N  (turns N items into what they smelt into, at once)\n\
- impossible: <reason>  (ends the task: say it only when the target cannot be crafted from what you have)\n\
- think: <thought>  (answered with Ok; uses a step)\n\
- search: <item>  (answered with the recipes for the item; uses a step)\n\
The task is done when the target item is in any slot but [0]. Every answer uses one step of the budget. \
Reply as {\"type\":\"action\",\"action\":\"move: from [I2] to [A1] with quantity 1\"} or as the bare action text.";

pub fn init_payload(target: &str) -> Value {
    json!({"type": "init", "prompt": RULES, "text": format!("Craft an item of type: {target}")})
}

/// One observation: the step number (from 0), the text observation and the
/// screen as a base64 image without a `data:` prefix.
pub fn obs_payload(step: u64, text: &str, image_base64: &str) -> Value {
    json!({"type": "obs", "step": step, "text": text, "obs": image_base64})
}

/// The action text of a reply: the `action` string of an action payload
/// (in a data part, or as JSON text), or the text itself when it is not JSON.
pub fn action_text(content: Content) -> Result<String, StepFailure> {
    let payload = match content {
        Content::Data(data) => data,
        Content::Text(text) => match protocol::parse_payload_text(&text) {
            Ok(value) => value,
            Err(_) => return Ok(text),
        },
        Content::Empty => {
            return Err(failure(
                FailureKind::BadShape,
                "the reply has no text or data part",
            ))
        }
    };
    if payload["type"] != "action" {
        return Err(failure(
            FailureKind::WrongMessageType,
            &format!(
                "expected a payload of type `action`, got {}",
                payload["type"]
            ),
        ));
    }
    match payload["action"].as_str() {
        Some(action) => Ok(action.to_string()),
        None => Err(failure(
            FailureKind::BadShape,
            "an action payload's `action` must be the action text, e.g. \"move: from [I1] to [A1] with quantity 1\"",
        )),
    }
}

fn failure(kind: FailureKind, detail: &str) -> StepFailure {
    StepFailure {
        kind,
        detail: detail.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_read_as_payloads_or_bare_text() {
        let data = Content::Data(json!({"type": "action", "action": "think: hm"}));
        assert_eq!(action_text(data).unwrap(), "think: hm");
        let json_text = Content::Text(r#"{"type":"action","action":"impossible: "}"#.into());
        assert_eq!(action_text(json_text).unwrap(), "impossible: ");
        let bare = Content::Text("move: from [I1] to [A1] with quantity 1".into());
        assert_eq!(
            action_text(bare).unwrap(),
            "move: from [I1] to [A1] with quantity 1"
        );
        let wrong = Content::Data(json!({"type": "ack"}));
        assert_eq!(
            action_text(wrong).unwrap_err().kind,
            FailureKind::WrongMessageType
        );
        let shapeless = Content::Data(json!({"type": "action", "action": {"forward": 1}}));
        assert_eq!(
            action_text(shapeless).unwrap_err().kind,
            FailureKind::BadShape
        );
        assert_eq!(
            action_text(Content::Empty).unwrap_err().kind,
            FailureKind::BadShape
        );
    }
}
