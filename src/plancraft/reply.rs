//! Reading an agent's reply the way Plancraft 0.4.9's evaluator does: the
//! handlers `move`, `smelt`, `think`, `search` and `impossible` are tried in
//! that order, each claiming the reply when `name:` appears anywhere in it,
//! then reading its arguments leniently. A reply that is not an
//! environment action becomes an answer text that the next observation
//! shows instead of the inventory (SPEC §14).

use super::env::{slot_index, EnvAction, OUTPUT};
use super::search;

/// What one reply does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Changes the table.
    Env(EnvAction),
    /// Ends the episode: the agent says the target cannot be crafted.
    Impossible { reason: String },
    /// An empty step whose next observation text is this answer: `Ok` for a
    /// thought, the recipes for a search, or what was wrong.
    Answer { text: String, kind: AnswerKind },
}

/// Why a reply was answered instead of acted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerKind {
    Think,
    Search,
    /// `move:`/`smelt:`/`impossible:` with arguments that do not read.
    FormatError,
    /// No action name at all.
    NotAnAction,
}

impl AnswerKind {
    /// The name in records and trajectories.
    pub fn as_str(self) -> &'static str {
        match self {
            AnswerKind::Think => "think",
            AnswerKind::Search => "search",
            AnswerKind::FormatError => "format_error",
            AnswerKind::NotAnAction => "not_an_action",
        }
    }
}

const MOVE_FORMAT: &str = "`move: from [Source] to [Target] with quantity N`";
const SMELT_FORMAT: &str = "`smelt: from [Source] to [Target] with quantity N`";
const ACTION_NAMES: &str = "move, smelt, think, search, impossible";

pub fn read(text: &str) -> Reply {
    if text.contains("move:") {
        return slot_action(text, MOVE_FORMAT, |from, to, quantity| EnvAction::Move {
            from,
            to,
            quantity,
        });
    }
    if text.contains("smelt:") {
        return slot_action(text, SMELT_FORMAT, |from, to, quantity| EnvAction::Smelt {
            from,
            to,
            quantity,
        });
    }
    if text.contains("think:") {
        return answer("Ok", AnswerKind::Think);
    }
    if text.contains("search:") {
        return match search_target(text) {
            Some(item) => answer(&search::recipes_text(item), AnswerKind::Search),
            None => format_error("no item named", "`search: <recipe name>`"),
        };
    }
    if text.contains("impossible:") {
        return match text.split_once("impossible: ") {
            Some((_, reason)) => Reply::Impossible {
                reason: reason.lines().next().unwrap_or("").to_string(),
            },
            None => format_error("no space after `impossible:`", "`impossible: <reason>`"),
        };
    }
    answer(
        &format!("Only select actions from the following: {ACTION_NAMES}"),
        AnswerKind::NotAnAction,
    )
}

fn answer(text: &str, kind: AnswerKind) -> Reply {
    Reply::Answer {
        text: text.to_string(),
        kind,
    }
}

fn format_error(problem: &str, format: &str) -> Reply {
    answer(
        &format!("Format Error: {problem}. Correct format: {format}"),
        AnswerKind::FormatError,
    )
}

/// `move:` or `smelt:` arguments: ` from [S]`, ` to [T]`, `with quantity N`
/// anywhere in the reply, each the first that reads.
fn slot_action(text: &str, format: &str, make: fn(usize, usize, u32) -> EnvAction) -> Reply {
    let (Some(from), Some(to), Some(quantity)) = (
        bracket_after(text, " from "),
        bracket_after(text, " to "),
        number_after(text, "with quantity "),
    ) else {
        return format_error("the action's slots or quantity are missing", format);
    };
    let slots = "[Source] and [Target] must be [0] or [A1] to [C3] or [I1] to [I36]";
    let (Some(from), Some(to)) = (slot_index(from), slot_index(to)) else {
        return format_error(slots, format);
    };
    if from == to {
        return format_error("[Source] and [Target] must be different", format);
    }
    if to == OUTPUT {
        return format_error("nothing can be put into [0]", format);
    }
    if !(1..=64).contains(&quantity) {
        return format_error("quantity must be between 1 and 64", format);
    }
    Reply::Env(make(from, to, quantity))
}

/// The first `[X9]`-like bracket (optional letter A, B, C or I, then
/// digits) right after an occurrence of `marker`.
fn bracket_after<'a>(text: &'a str, marker: &str) -> Option<&'a str> {
    text.match_indices(marker).find_map(|(at, _)| {
        let rest = &text[at + marker.len()..];
        let inner = rest.strip_prefix('[')?;
        let letter = usize::from(inner.starts_with(['A', 'B', 'C', 'I']));
        let digits = inner[letter..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        (digits > 0 && inner[letter + digits..].starts_with(']'))
            .then(|| &rest[..letter + digits + 2])
    })
}

fn number_after(text: &str, marker: &str) -> Option<u32> {
    text.match_indices(marker).find_map(|(at, _)| {
        let rest = &text[at + marker.len()..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        // Beyond u32 it is out of range all the same.
        (digits > 0).then(|| rest[..digits].parse().unwrap_or(u32::MAX))
    })
}

/// `search:` then optional spaces then a word (letters, digits, `_`).
fn search_target(text: &str) -> Option<&str> {
    let (_, rest) = text.split_once("search:")?;
    let rest = rest.trim_start_matches(' ');
    let length = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (length > 0).then(|| &rest[..length])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(text: &str) -> EnvAction {
        match read(text) {
            Reply::Env(action) => action,
            other => panic!("{text:?} gave {other:?}"),
        }
    }

    fn answered(text: &str) -> (String, AnswerKind) {
        match read(text) {
            Reply::Answer { text, kind } => (text, kind),
            other => panic!("{text:?} gave {other:?}"),
        }
    }

    #[test]
    fn moves_and_smelts_are_read_anywhere_in_the_reply() {
        assert_eq!(
            env("move: from [I2] to [A1] with quantity 3"),
            EnvAction::Move {
                from: 11,
                to: 1,
                quantity: 3
            }
        );
        assert_eq!(
            env("I will now act.\nsmelt: from [C3] to [I36] with quantity 64 please"),
            EnvAction::Smelt {
                from: 9,
                to: 45,
                quantity: 64
            }
        );
        assert_eq!(
            env("move: from [0] to [I1] with quantity 1"),
            EnvAction::Move {
                from: 0,
                to: 10,
                quantity: 1
            }
        );
    }

    #[test]
    fn bad_arguments_are_format_errors_naming_the_format() {
        for bad in [
            "move: from [I2] to [A1]",
            "move: from [D1] to [A1] with quantity 1",
            "move: from [I37] to [A1] with quantity 1",
            "move: from [A1] to [A1] with quantity 1",
            "move: from [A1] to [0] with quantity 1",
            "move: from [A1] to [B1] with quantity 0",
            "move: from [A1] to [B1] with quantity 65",
            "smelt: from [A1] to [B1] with quantity 99999999999",
        ] {
            let (text, kind) = answered(bad);
            assert_eq!(kind, AnswerKind::FormatError, "{bad}");
            assert!(text.starts_with("Format Error: "), "{bad}: {text}");
            assert!(text.contains("from [Source] to [Target]"), "{bad}: {text}");
        }
    }

    #[test]
    fn impossible_takes_any_reason_even_an_empty_one() {
        assert_eq!(
            read("impossible: no iron anywhere"),
            Reply::Impossible {
                reason: "no iron anywhere".into()
            }
        );
        assert_eq!(
            read("impossible: "),
            Reply::Impossible {
                reason: String::new()
            }
        );
        assert_eq!(answered("impossible:").1, AnswerKind::FormatError);
    }

    #[test]
    fn thoughts_searches_and_chatter_are_answers() {
        assert_eq!(
            answered("think: planks first"),
            ("Ok".into(), AnswerKind::Think)
        );
        let (text, kind) = answered("search: stick");
        assert_eq!(kind, AnswerKind::Search);
        assert!(text.contains("stick"), "{text}");
        let (text, kind) = answered("I am not sure what to do");
        assert_eq!(kind, AnswerKind::NotAnAction);
        assert!(text.contains("move, smelt, think, search, impossible"));
    }

    #[test]
    fn the_first_handler_in_order_claims_the_reply() {
        // A thought that mentions a move is read as the move, as Plancraft does.
        assert!(matches!(
            read("think: next I do move: from [I1] to [A1] with quantity 1"),
            Reply::Env(EnvAction::Move { .. })
        ));
    }
}
