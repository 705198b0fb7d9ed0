//! The CSV format (RFC 4180): a header, then one tidy episode row per line
//! with the JSON rows' columns. Missing values are empty fields; fields
//! with commas, quotes or line breaks are quoted.

use serde_json::Value;

use super::model::Report;
use super::rows::{episode_rows, EpisodeRow};
use super::Exporter;

pub struct CsvExporter;

impl Exporter for CsvExporter {
    fn export(&self, report: &Report) -> anyhow::Result<Vec<u8>> {
        Ok(rows_to_csv(&episode_rows(report)).into_bytes())
    }
}

/// Tidy rows as CSV: the first row's columns as the header, then the values.
pub fn rows_to_csv(rows: &[EpisodeRow]) -> String {
    let mut out = String::new();
    if let Some(first) = rows.first() {
        push_line(&mut out, first.columns().map(str::to_string));
    }
    for row in rows {
        push_line(&mut out, row.values().map(field_text));
    }
    out
}

fn push_line(out: &mut String, fields: impl Iterator<Item = String>) {
    let quoted: Vec<String> = fields.map(|field| quote(&field)).collect();
    out.push_str(&quoted.join(","));
    out.push_str("\r\n");
}

fn field_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_needed() {
        assert_eq!(quote("plain"), "plain");
        assert_eq!(quote("a,b"), "\"a,b\"");
        assert_eq!(quote("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(quote("two\nlines"), "\"two\nlines\"");
        assert_eq!(field_text(&Value::Null), "");
        assert_eq!(field_text(&serde_json::json!(1.5)), "1.5");
    }
}
