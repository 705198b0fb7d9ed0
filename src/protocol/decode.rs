//! Decoding an agent's action payload (SPEC §3) into an [`Action`]. Every
//! accepted form — compact, factored, seed list, env dict — is recognised by
//! its shape; anything else is a [`Rejection`] saying what was wrong.

use serde::Serialize;
use serde_json::{Map, Value};

use super::compact::{self, BUTTON_INDEX_MAX, CAMERA_INDEX_MAX};
use super::{Action, FailureKind, Key};

/// Which of the accepted wire forms an action came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionForm {
    /// `{"buttons":[i],"camera":[j]}`, VPT joint indexes.
    Compact,
    /// 20 buttons, camera `[pitch, yaw]` in degrees.
    Factored,
    /// The seed's 23–24 buttons, camera `[yaw, pitch]` in degrees.
    SeedList,
    /// `{"action_type":"env","action":{"forward":1,…}}`.
    EnvDict,
}

impl ActionForm {
    pub fn as_str(self) -> &'static str {
        match self {
            ActionForm::Compact => "compact",
            ActionForm::Factored => "factored",
            ActionForm::SeedList => "seed_list",
            ActionForm::EnvDict => "env_dict",
        }
    }
}

/// Why a payload was refused: the kind to count and a short explanation of
/// what was wrong and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub kind: FailureKind,
    pub detail: String,
}

impl Rejection {
    pub fn new(kind: FailureKind, detail: impl Into<String>) -> Rejection {
        Rejection {
            kind,
            detail: detail.into(),
        }
    }
}

fn bad_shape(detail: String) -> Rejection {
    Rejection::new(FailureKind::BadShape, detail)
}

fn out_of_range(detail: String) -> Rejection {
    Rejection::new(FailureKind::OutOfRange, detail)
}

/// `value` as JSON, cut short so that details stay one short line.
pub(super) fn brief(value: &Value) -> String {
    crate::excerpt::json(value, 40)
}

/// The factored form's button order (SPEC §3, form 2).
const FACTORED_KEYS: [Key; 20] = [
    Key::Attack,
    Key::Back,
    Key::Forward,
    Key::Jump,
    Key::Left,
    Key::Right,
    Key::Sneak,
    Key::Sprint,
    Key::Use,
    Key::Drop,
    Key::Inventory,
    Key::Hotbar1,
    Key::Hotbar2,
    Key::Hotbar3,
    Key::Hotbar4,
    Key::Hotbar5,
    Key::Hotbar6,
    Key::Hotbar7,
    Key::Hotbar8,
    Key::Hotbar9,
];

/// The largest camera turn accepted in the degree forms.
const CAMERA_DEGREES_MAX: f64 = 180.0;

/// Decodes an action payload in any accepted form. A missing `type` is
/// accepted; `type` other than `"action"` → WrongMessageType; keys missing,
/// extra or of the wrong JSON type → BadShape; values outside their range
/// → OutOfRange.
pub fn decode_action(payload: &Value) -> Result<(Action, ActionForm), Rejection> {
    let object = as_object(payload, "an action payload")?;
    check_type(object, "action", true)?;
    if object.contains_key("action") || object.contains_key("action_type") {
        decode_env_dict(object)
    } else {
        check_keys(object, &["type", "buttons", "camera"])?;
        decode_buttons(field(object, "buttons")?, field(object, "camera")?)
    }
}

/// `payload` as a JSON object, or BadShape naming `what` was expected.
pub(super) fn as_object<'a>(
    payload: &'a Value,
    what: &str,
) -> Result<&'a Map<String, Value>, Rejection> {
    payload.as_object().ok_or_else(|| {
        bad_shape(format!(
            "expected {what} as a JSON object, got {}",
            brief(payload)
        ))
    })
}

/// Checks that `type` is `expected`; a missing `type` passes only when
/// `optional`.
pub(super) fn check_type(
    object: &Map<String, Value>,
    expected: &str,
    optional: bool,
) -> Result<(), Rejection> {
    match object.get("type") {
        Some(Value::String(found)) if found == expected => Ok(()),
        None if optional => Ok(()),
        found => Err(Rejection::new(
            FailureKind::WrongMessageType,
            format!(
                "`type` is {}; expected \"{expected}\"",
                found.map_or_else(|| "missing".to_string(), brief)
            ),
        )),
    }
}

/// BadShape for the first key of `object` not in `allowed`.
fn check_keys(object: &Map<String, Value>, allowed: &[&str]) -> Result<(), Rejection> {
    match object.keys().find(|key| !allowed.contains(&key.as_str())) {
        Some(key) => Err(bad_shape(format!(
            "unexpected key `{key}`; this action form has only {}",
            allowed.join(", ")
        ))),
        None => Ok(()),
    }
}

fn field<'a>(object: &'a Map<String, Value>, name: &str) -> Result<&'a Value, Rejection> {
    object.get(name).ok_or_else(|| {
        bad_shape(format!(
            "missing `{name}`; expected {{\"buttons\":[i],\"camera\":[j]}} or another action form"
        ))
    })
}

/// Strips single-element lists: `[[[5]]]` → `5`.
fn unwrap_singletons(mut value: &Value) -> &Value {
    while let Some([only]) = value.as_array().map(Vec::as_slice) {
        value = only;
    }
    value
}

/// The `buttons`/`camera` forms: one index is compact, a list of 20 is
/// factored, a list of 23–24 is the seed list.
fn decode_buttons(buttons: &Value, camera: &Value) -> Result<(Action, ActionForm), Rejection> {
    match unwrap_singletons(buttons) {
        Value::Array(entries) => decode_button_list(entries, camera),
        index => decode_compact(index, camera),
    }
}

fn decode_compact(button: &Value, camera: &Value) -> Result<(Action, ActionForm), Rejection> {
    let button = integer(button, "buttons")?;
    let camera = integer(unwrap_singletons(camera), "camera")?;
    let decoded = match (u32::try_from(button), u32::try_from(camera)) {
        (Ok(button), Ok(camera)) => compact::decode(button, camera),
        _ => Err(FailureKind::OutOfRange),
    };
    decoded.map(|action| (action, ActionForm::Compact)).map_err(|kind| {
        Rejection::new(
            kind,
            format!(
                "compact buttons {button}, camera {camera}; expected buttons 0..={BUTTON_INDEX_MAX} and camera 0..={CAMERA_INDEX_MAX}"
            ),
        )
    })
}

/// A compact index: an integer, or a number with zero fraction (`5.0`).
fn integer(value: &Value, name: &str) -> Result<i64, Rejection> {
    value
        .as_i64()
        .or_else(|| {
            value
                .as_f64()
                .filter(|n| n.fract() == 0.0)
                .map(|n| n as i64)
        })
        .ok_or_else(|| {
            bad_shape(format!(
                "compact `{name}` is {}; expected one integer index",
                brief(value)
            ))
        })
}

fn decode_button_list(
    entries: &[Value],
    camera: &Value,
) -> Result<(Action, ActionForm), Rejection> {
    let (keys, form): (&[Key], _) = match entries.len() {
        20 => (&FACTORED_KEYS, ActionForm::Factored),
        // The seed list is Key::ALL's order; its one or two trailing entries are ignored.
        23 | 24 => (&Key::ALL, ActionForm::SeedList),
        n => {
            let expected = "expected 1 (compact), 20 (factored) or 23–24 (seed list)";
            return Err(bad_shape(format!("`buttons` has {n} entries; {expected}")));
        }
    };
    let mut action = Action::noop();
    for (key, value) in keys.iter().zip(entries) {
        if button_value(value, key.name())? {
            action.press(*key);
        }
    }
    let [first, second] = camera_degrees(camera)?;
    action.camera = match form {
        ActionForm::SeedList => [second, first],
        _ => [first, second],
    };
    Ok((action, form))
}

/// A button state: 0/1, 0.0/1.0 or a boolean.
fn button_value(value: &Value, name: &str) -> Result<bool, Rejection> {
    match value {
        Value::Bool(held) => Ok(*held),
        Value::Number(n) if n.as_f64() == Some(0.0) => Ok(false),
        Value::Number(n) if n.as_f64() == Some(1.0) => Ok(true),
        Value::Number(n) => Err(out_of_range(format!(
            "button `{name}` is {n}; expected 0 or 1"
        ))),
        other => Err(bad_shape(format!(
            "button `{name}` is {}; expected 0, 1 or a boolean",
            brief(other)
        ))),
    }
}

/// A camera turn in degrees: two numbers, in the order the form defines.
fn camera_degrees(value: &Value) -> Result<[f32; 2], Rejection> {
    match unwrap_singletons(value).as_array().map(Vec::as_slice) {
        Some([first, second]) => Ok([degrees(first)?, degrees(second)?]),
        _ => Err(bad_shape(format!(
            "`camera` is {}; expected two numbers in degrees",
            brief(value)
        ))),
    }
}

fn degrees(value: &Value) -> Result<f32, Rejection> {
    let degrees = value
        .as_f64()
        .ok_or_else(|| bad_shape(format!("camera entry {} is not a number", brief(value))))?;
    if degrees.is_finite() && degrees.abs() <= CAMERA_DEGREES_MAX {
        Ok(degrees as f32)
    } else {
        Err(out_of_range(format!(
            "camera entry {degrees} is outside -180..=180 degrees"
        )))
    }
}

/// `{"action_type":"env","action":{…}}`: key names as [`Key::name`], missing
/// keys 0, optional `camera` `[pitch, yaw]`. `action_type` may be left out.
fn decode_env_dict(object: &Map<String, Value>) -> Result<(Action, ActionForm), Rejection> {
    check_keys(object, &["type", "action_type", "action"])?;
    match object.get("action_type") {
        None => {}
        Some(Value::String(kind)) if kind == "env" => {}
        Some(other) => {
            return Err(bad_shape(format!(
                "`action_type` is {}; expected \"env\"",
                brief(other)
            )))
        }
    }
    let entries = object
        .get("action")
        .and_then(Value::as_object)
        .ok_or_else(|| {
            bad_shape("`action` must be an object such as {\"forward\":1,\"camera\":[0,0]}".into())
        })?;
    let mut action = Action::noop();
    for (name, value) in entries {
        if name == "camera" {
            action.camera = camera_degrees(value)?;
        } else {
            let key = env_key(name)?;
            if button_value(value, name)? {
                action.press(key);
            }
        }
    }
    Ok((action, ActionForm::EnvDict))
}

fn env_key(name: &str) -> Result<Key, Rejection> {
    Key::from_name(name).ok_or_else(|| {
        bad_shape(format!(
            "unknown key `{name}` in `action`; expected names such as forward, attack, hotbar.1 or camera"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn decoded(payload: Value) -> (Action, ActionForm) {
        decode_action(&payload).unwrap_or_else(|r| panic!("{payload}: {r:?}"))
    }

    fn rejected(payload: Value) -> Rejection {
        match decode_action(&payload) {
            Ok(ok) => panic!("{payload} decoded to {ok:?}"),
            Err(rejection) => rejection,
        }
    }

    fn keys(keys: &[Key]) -> Action {
        keys.iter().copied().fold(Action::noop(), Action::with)
    }

    fn turned(mut action: Action, camera: [f32; 2]) -> Action {
        action.camera = camera;
        action
    }

    /// SPEC §3's groups as names, in index order.
    const GROUPS: [&[&str]; 9] = [
        &[
            "", "hotbar.1", "hotbar.2", "hotbar.3", "hotbar.4", "hotbar.5", "hotbar.6", "hotbar.7",
            "hotbar.8", "hotbar.9",
        ],
        &["", "forward", "back"],
        &["", "left", "right"],
        &["", "sprint", "sneak"],
        &["", "use"],
        &["", "drop"],
        &["", "attack"],
        &["", "jump"],
        &["", "camera"],
    ];

    /// SPEC §3's factored order.
    const FACTORED: [&str; 20] = [
        "attack",
        "back",
        "forward",
        "jump",
        "left",
        "right",
        "sneak",
        "sprint",
        "use",
        "drop",
        "inventory",
        "hotbar.1",
        "hotbar.2",
        "hotbar.3",
        "hotbar.4",
        "hotbar.5",
        "hotbar.6",
        "hotbar.7",
        "hotbar.8",
        "hotbar.9",
    ];

    /// Every button index's options, by enumerating the product of the
    /// groups with the last varying fastest, then "inventory" alone.
    fn button_combinations() -> Vec<Vec<&'static str>> {
        let mut combinations: Vec<Vec<&str>> = vec![vec![]];
        for group in GROUPS {
            combinations = combinations
                .into_iter()
                .flat_map(|prefix| {
                    group.iter().map(move |option| {
                        let mut combination = prefix.clone();
                        combination.push(*option);
                        combination
                    })
                })
                .collect();
        }
        combinations.push(vec!["inventory"]);
        combinations
    }

    #[test]
    fn every_compact_pair_equals_its_factored_spelling() {
        let combinations = button_combinations();
        assert_eq!(combinations.len(), BUTTON_INDEX_MAX as usize + 1);
        let compact_cameras: Vec<Value> = (0..=CAMERA_INDEX_MAX).map(|j| json!([j])).collect();
        let degree_cameras: Vec<Value> = (0..=CAMERA_INDEX_MAX)
            .map(|j| {
                json!([
                    compact::camera_bin_degrees(j / 11),
                    compact::camera_bin_degrees(j % 11)
                ])
            })
            .collect();
        let still = json!([0.0, 0.0]);
        for (i, combination) in combinations.iter().enumerate() {
            let factored_buttons: Value = FACTORED
                .iter()
                .map(|name| u8::from(combination.contains(name)))
                .collect();
            let compact_buttons = json!([i]);
            let camera_on = combination.contains(&"camera");
            for (j, compact_camera) in compact_cameras.iter().enumerate() {
                let degree_camera = if camera_on {
                    &degree_cameras[j]
                } else {
                    &still
                };
                let (want, _) = decode_buttons(&factored_buttons, degree_camera).unwrap();
                let got = decode_buttons(&compact_buttons, compact_camera).unwrap();
                assert_eq!(got, (want, ActionForm::Compact), "buttons {i}, camera {j}");
            }
        }
    }

    #[test]
    fn compact_form() {
        let forward_jump_right = turned(
            keys(&[Key::Forward, Key::Jump]),
            [0.0, compact::camera_bin_degrees(6)],
        );
        let payload = json!({"type": "action", "buttons": [291], "camera": [61]});
        assert_eq!(decoded(payload), (forward_jump_right, ActionForm::Compact));
        assert_eq!(
            decoded(json!({"buttons": [0], "camera": [60]})).0,
            Action::noop()
        );
        assert_eq!(
            decoded(json!({"buttons": [4.0], "camera": [60.0]})).0,
            keys(&[Key::Attack])
        );
    }

    #[test]
    fn compact_nested_lists_are_unwrapped() {
        let want = decoded(json!({"buttons": [291], "camera": [61]}));
        assert_eq!(decoded(json!({"buttons": [[291]], "camera": [[61]]})), want);
        assert_eq!(decoded(json!({"buttons": [[[291]]], "camera": [61]})), want);
    }

    #[test]
    fn factored_form() {
        let mut buttons = vec![0; 20];
        buttons[0] = 1; // attack
        buttons[2] = 1; // forward
        buttons[13] = 1; // hotbar.3
        let payload = json!({"type": "action", "buttons": buttons, "camera": [-5.5, 12.0]});
        let want = turned(
            keys(&[Key::Attack, Key::Forward, Key::Hotbar3]),
            [-5.5, 12.0],
        );
        assert_eq!(decoded(payload), (want, ActionForm::Factored));
    }

    #[test]
    fn factored_buttons_may_be_floats_or_booleans() {
        let mut buttons = vec![json!(false); 20];
        buttons[3] = json!(true); // jump
        buttons[10] = json!(1.0); // inventory
        buttons[1] = json!(0.0); // back
        let (action, _) = decoded(json!({"buttons": buttons, "camera": [0, 0]}));
        assert_eq!(action, keys(&[Key::Jump, Key::Inventory]));
    }

    #[test]
    fn seed_list_form_swaps_the_camera_and_ignores_the_tail() {
        for len in [23, 24] {
            let mut buttons = vec![1; len];
            buttons[..22].fill(0);
            buttons[1] = 1; // back
            buttons[21] = 1; // pick_block
            let payload = json!({"buttons": buttons, "camera": [30, -45.5]});
            let want = turned(keys(&[Key::Back, Key::PickBlock]), [-45.5, 30.0]);
            assert_eq!(decoded(payload), (want, ActionForm::SeedList));
        }
    }

    #[test]
    fn env_dict_form() {
        let payload = json!({
            "type": "action",
            "action_type": "env",
            "action": {"forward": 1, "sprint": true, "jump": 0, "hotbar.2": 1.0, "camera": [2.5, -90]}
        });
        let want = turned(
            keys(&[Key::Forward, Key::Sprint, Key::Hotbar2]),
            [2.5, -90.0],
        );
        assert_eq!(decoded(payload), (want, ActionForm::EnvDict));
        let bare = json!({"action": {"swap_hands": 1}});
        assert_eq!(
            decoded(bare),
            (keys(&[Key::SwapHands]), ActionForm::EnvDict)
        );
        let empty = json!({"type": "action", "action_type": "env", "action": {}});
        assert_eq!(decoded(empty), (Action::noop(), ActionForm::EnvDict));
    }

    #[test]
    fn wrong_message_type() {
        for payload in [
            json!({"type": "ack", "buttons": [0], "camera": [60]}),
            json!({"type": 5, "buttons": [0], "camera": [60]}),
        ] {
            assert_eq!(rejected(payload).kind, FailureKind::WrongMessageType);
        }
    }

    #[test]
    fn bad_shape_cases() {
        for payload in [
            json!([0, 60]),
            json!("action"),
            json!({"type": "action"}),
            json!({"buttons": [0]}),
            json!({"camera": [60]}),
            json!({"buttons": [0], "camera": [60], "extra": 1}),
            json!({"buttons": [0, 1, 0, 0, 0, 0, 0], "camera": [60]}),
            json!({"buttons": [], "camera": [60]}),
            json!({"buttons": ["5"], "camera": [60]}),
            json!({"buttons": [5.5], "camera": [60]}),
            json!({"buttons": [true], "camera": [60]}),
            json!({"buttons": [5], "camera": [0, 60]}),
            json!({"buttons": [5], "camera": null}),
            json!({"buttons": vec![0; 20], "camera": [60]}),
            json!({"buttons": vec![0; 20], "camera": [0, "1"]}),
            json!({"buttons": vec![json!(null); 20], "camera": [0, 0]}),
            json!({"action_type": "env", "action": {"fly": 1}}),
            json!({"action_type": "env", "action": {"fly": 0}}),
            json!({"action_type": "env", "action": {"forward": "yes"}}),
            json!({"action_type": "env", "action": [1, 0]}),
            json!({"action_type": "env"}),
            json!({"action_type": "python", "action": {}}),
            json!({"action_type": "env", "action": {}, "buttons": [0]}),
        ] {
            let rejection = rejected(payload.clone());
            assert_eq!(
                rejection.kind,
                FailureKind::BadShape,
                "{payload}: {}",
                rejection.detail
            );
        }
    }

    #[test]
    fn out_of_range_cases() {
        for payload in [
            json!({"buttons": [8641], "camera": [60]}),
            json!({"buttons": [0], "camera": [121]}),
            json!({"buttons": [-1], "camera": [60]}),
            json!({"buttons": [u64::MAX], "camera": [60]}),
            json!({"buttons": [1e300], "camera": [60]}),
            json!({"buttons": vec![2; 20], "camera": [0, 0]}),
            json!({"buttons": vec![0; 20], "camera": [0, 180.5]}),
            json!({"buttons": vec![0; 23], "camera": [-1000, 0]}),
            json!({"action": {"forward": 0.5}}),
            json!({"action": {"camera": [0, 360]}}),
        ] {
            let rejection = rejected(payload.clone());
            assert_eq!(
                rejection.kind,
                FailureKind::OutOfRange,
                "{payload}: {}",
                rejection.detail
            );
        }
    }

    #[test]
    fn details_say_what_was_expected() {
        let detail = rejected(json!({"buttons": vec![0; 7], "camera": [60]})).detail;
        assert_eq!(
            detail,
            "`buttons` has 7 entries; expected 1 (compact), 20 (factored) or 23–24 (seed list)"
        );
        let detail = rejected(json!({"buttons": [9000], "camera": [60]})).detail;
        assert_eq!(
            detail,
            "compact buttons 9000, camera 60; expected buttons 0..=8640 and camera 0..=120"
        );
        let detail =
            rejected(json!({"buttons": [0], "camera": [60], "why": "x".repeat(100)})).detail;
        assert!(detail.starts_with("unexpected key `why`"), "{detail}");
        let detail = rejected(json!({"buttons": ["x".repeat(100)], "camera": [60]})).detail;
        assert!(detail.chars().count() < 100, "{detail}");
    }

    #[test]
    fn form_names_match_their_serialisation() {
        for form in [
            ActionForm::Compact,
            ActionForm::Factored,
            ActionForm::SeedList,
            ActionForm::EnvDict,
        ] {
            assert_eq!(serde_json::to_value(form).unwrap(), json!(form.as_str()));
        }
    }
}
