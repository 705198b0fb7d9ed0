//! `${VAR}` expansion in scenario strings, from the environment.
//!
//! `${VAR}` is the variable's value (an error when unset), `${VAR:-text}`
//! falls back to `text` when unset or empty, and `$$` is a literal `$`.

/// Expands every `${…}` in `input`, looking variables up with `lookup`.
pub fn expand(input: &str, lookup: &impl Fn(&str) -> Option<String>) -> Result<String, String> {
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    while let Some(index) = rest.find('$') {
        out.push_str(&rest[..index]);
        let after = &rest[index + 1..];
        if let Some(tail) = after.strip_prefix('$') {
            out.push('$');
            rest = tail;
        } else if let Some(body) = after.strip_prefix('{') {
            let end = body
                .find('}')
                .ok_or_else(|| format!("unclosed `${{` in `{input}`"))?;
            out.push_str(&substitute(&body[..end], lookup)?);
            rest = &body[end + 1..];
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    Ok(out)
}

fn substitute(body: &str, lookup: &impl Fn(&str) -> Option<String>) -> Result<String, String> {
    let (name, fallback) = match body.split_once(":-") {
        Some((name, fallback)) => (name, Some(fallback)),
        None => (body, None),
    };
    let valid = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    if !valid {
        return Err(format!(
            "`${{{body}}}` is not a variable reference (use ${{NAME}} or ${{NAME:-default}})"
        ));
    }
    match (lookup(name).filter(|v| !v.is_empty()), fallback) {
        (Some(value), _) => Ok(value),
        (None, Some(fallback)) => Ok(fallback.to_string()),
        (None, None) => Err(format!(
            "environment variable `{name}` is not set (export it, or write ${{{name}:-default}})"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(name: &str) -> Option<String> {
        match name {
            "HOST" => Some("127.0.0.1".into()),
            "EMPTY" => Some(String::new()),
            _ => None,
        }
    }

    #[test]
    fn expands_set_variables_and_defaults() {
        assert_eq!(
            expand("http://${HOST}:9019", &env).unwrap(),
            "http://127.0.0.1:9019"
        );
        assert_eq!(expand("${PORT:-9019}", &env).unwrap(), "9019");
        assert_eq!(expand("${EMPTY:-x}", &env).unwrap(), "x");
        assert_eq!(expand("cost $$5 and $x", &env).unwrap(), "cost $5 and $x");
        assert_eq!(expand("plain", &env).unwrap(), "plain");
    }

    #[test]
    fn unset_and_malformed_references_are_errors() {
        assert!(expand("${MISSING}", &env)
            .unwrap_err()
            .contains("`MISSING` is not set"));
        assert!(expand("${HOST", &env).unwrap_err().contains("unclosed"));
        assert!(expand("${1X}", &env)
            .unwrap_err()
            .contains("not a variable reference"));
    }
}
