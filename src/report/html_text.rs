//! Text for HTML: escaping, and the relative URL by which a page saved in
//! one folder links a file elsewhere on disk (so a report saved inside
//! the run folder keeps working when the folder is moved or served).

use std::path::{Component, Path, PathBuf};

/// `text` safe inside HTML elements and quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// The URL of `target` relative to the folder `base_dir`: `..` segments
/// up to their common ancestor, then down, each segment percent-encoded.
pub fn relative_url(base_dir: &Path, target: &Path) -> String {
    let base = comparable(base_dir);
    let target = comparable(target);
    let base_parts: Vec<Component> = base.components().collect();
    let target_parts: Vec<Component> = target.components().collect();
    let common = base_parts
        .iter()
        .zip(&target_parts)
        .take_while(|(a, b)| a == b)
        .count();
    let ups = std::iter::repeat_n("..".to_string(), base_parts.len() - common);
    let downs = target_parts[common..]
        .iter()
        .map(|part| percent_encode(&part.as_os_str().to_string_lossy()));
    ups.chain(downs).collect::<Vec<_>>().join("/")
}

/// The path as compared: resolved through symbolic links when it exists.
fn comparable(path: &Path) -> PathBuf {
    std::fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}

fn percent_encode(segment: &str) -> String {
    let mut out = String::new();
    for byte in segment.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A string usable as an HTML `id`: letters, digits, `-` and `_`.
pub fn element_id(prefix: &str, name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("{prefix}-{cleaned}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_markup_and_quotes() {
        assert_eq!(
            escape("<a href=\"x\">Tom's & co</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; co&lt;/a&gt;"
        );
    }

    #[test]
    fn links_are_relative_to_the_page_folder() {
        let base = Path::new("/runs/out/20260101_000000");
        assert_eq!(
            relative_url(base, &base.join("collect_dirt/episode_1.mp4")),
            "collect_dirt/episode_1.mp4"
        );
        assert_eq!(
            relative_url(
                Path::new("/runs/reports"),
                Path::new("/runs/out/a b/episode_1.mp4")
            ),
            "../out/a%20b/episode_1.mp4"
        );
    }

    #[test]
    fn ids_have_no_spaces() {
        assert_eq!(element_id("task", "a b/c"), "task-a-b-c");
    }
}
