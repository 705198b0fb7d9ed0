//! Short excerpts of what an agent sent, for error messages that must stay
//! readable however large the offending reply was.

/// `text` cut to at most `limit` characters, with `…` when it was cut.
pub fn text(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// `value` as compact JSON, cut like [`text`].
pub fn json(value: &serde_json::Value, limit: usize) -> String {
    text(&value.to_string(), limit)
}

#[cfg(test)]
mod tests {
    #[test]
    fn cuts_on_characters_not_bytes() {
        assert_eq!(super::text("ééé", 2), "éé…");
        assert_eq!(super::text("ab", 2), "ab");
        assert_eq!(super::json(&serde_json::json!({"a": 1}), 3), "{\"a…");
    }
}
