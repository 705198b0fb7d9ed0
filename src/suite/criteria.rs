//! The six video criteria and the per-task criteria files that tell the
//! judge what each one means for a task (format in `benchmark/README.md`).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::SuiteError;

/// One of the six criteria the video judge rates from 0 to 10 (SPEC §5).
/// Serialized as its display name, e.g. `"Task Progress"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Criterion {
    #[serde(rename = "Task Progress")]
    TaskProgress,
    #[serde(rename = "Action Control")]
    ActionControl,
    #[serde(rename = "Error Recognition and Correction")]
    ErrorRecognitionAndCorrection,
    #[serde(rename = "Creative Attempts")]
    CreativeAttempts,
    #[serde(rename = "Task Completion Efficiency")]
    TaskCompletionEfficiency,
    #[serde(rename = "Material Selection and Usage")]
    MaterialSelectionAndUsage,
}

impl Criterion {
    /// In the order criteria files list them.
    pub const ALL: [Criterion; 6] = [
        Criterion::TaskProgress,
        Criterion::ActionControl,
        Criterion::ErrorRecognitionAndCorrection,
        Criterion::CreativeAttempts,
        Criterion::TaskCompletionEfficiency,
        Criterion::MaterialSelectionAndUsage,
    ];

    /// The name as written in criteria files, judge answers and results.
    pub fn name(self) -> &'static str {
        match self {
            Criterion::TaskProgress => "Task Progress",
            Criterion::ActionControl => "Action Control",
            Criterion::ErrorRecognitionAndCorrection => "Error Recognition and Correction",
            Criterion::CreativeAttempts => "Creative Attempts",
            Criterion::TaskCompletionEfficiency => "Task Completion Efficiency",
            Criterion::MaterialSelectionAndUsage => "Material Selection and Usage",
        }
    }

    /// The criterion `text` names: any case, surrounding whitespace and
    /// markdown emphasis (`*`, `_`) ignored, words separated by any run of
    /// whitespace or underscores.
    pub fn from_name(text: &str) -> Option<Criterion> {
        let bare = text.trim_matches(|c: char| c.is_whitespace() || c == '*' || c == '_');
        Criterion::match_prefix(bare)
            .and_then(|(criterion, len)| (len == bare.len()).then_some(criterion))
    }

    /// The criterion whose name starts `text` as whole words (any case, words
    /// separated by any run of whitespace or underscores), and how many bytes
    /// of `text` the name took.
    pub(crate) fn match_prefix(text: &str) -> Option<(Criterion, usize)> {
        Criterion::ALL.into_iter().find_map(|criterion| {
            let len = match_words(text, criterion.name())?;
            let next = text[len..].chars().next();
            (!next.is_some_and(char::is_alphanumeric)).then_some((criterion, len))
        })
    }

    /// The criterion whose name `text` starts with (any case), and the rest.
    fn strip_from(text: &str) -> Option<(Criterion, &str)> {
        Criterion::ALL.into_iter().find_map(|criterion| {
            let name = criterion.name();
            let head = text.get(..name.len())?;
            head.eq_ignore_ascii_case(name)
                .then(|| (criterion, &text[name.len()..]))
        })
    }
}

/// The bytes of `text` that spell `name`'s words in order (any case), with
/// each single space of `name` matching a run of whitespace or underscores.
fn match_words(text: &str, name: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 0;
    for (index, word) in name.split(' ').enumerate() {
        if index > 0 {
            let gap = bytes[at..]
                .iter()
                .take_while(|b| b.is_ascii_whitespace() || **b == b'_')
                .count();
            if gap == 0 {
                return None;
            }
            at += gap;
        }
        let end = at + word.len();
        if !bytes.get(at..end)?.eq_ignore_ascii_case(word.as_bytes()) {
            return None;
        }
        at = end;
    }
    Some(at)
}

/// A task's criteria file, parsed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Criteria {
    /// The whole file, as the judge is shown it.
    pub text: String,
    /// The criteria the file marks "not applicable"; the judge's score leaves them out.
    pub not_applicable: Vec<Criterion>,
}

impl Criteria {
    pub fn applies(&self, criterion: Criterion) -> bool {
        !self.not_applicable.contains(&criterion)
    }

    /// Parses a criteria file. `strict` (the mcu layout) demands the exact
    /// format: the six headings in order, each with 2–5 `- ` rules or
    /// `not applicable`. Otherwise (upstream files of unknown shape) only the
    /// "not applicable" marks are read.
    pub fn parse(text: &str, strict: bool) -> Result<Criteria, (usize, String)> {
        let mut seen: Vec<(Criterion, usize, bool, usize)> = Vec::new(); // criterion, rules, n/a, line
        let mut not_applicable = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line_no = index + 1;
            let trimmed = line.trim();
            if let Some((criterion, rest)) = heading(trimmed) {
                let na = is_not_applicable(rest);
                if na {
                    not_applicable.push(criterion);
                }
                seen.push((criterion, 0, na, line_no));
            } else if let Some(rule) = trimmed.strip_prefix("- ") {
                if let Some(current) = seen.last_mut() {
                    if strict && current.2 {
                        return Err((
                            line_no,
                            format!(
                                "`{}` is marked not applicable but has rules",
                                current.0.name()
                            ),
                        ));
                    }
                    if !rule.trim().is_empty() {
                        current.1 += 1;
                    }
                }
            } else if !strict {
                if let Some(criterion) = mentions_not_applicable(trimmed) {
                    not_applicable.push(criterion);
                }
            } else if !trimmed.is_empty() && !seen.is_empty() {
                return Err((
                    line_no,
                    "expected a `- ` rule or the next criterion heading (`Name:`)".into(),
                ));
            }
        }
        if strict {
            check_complete(&seen, text.lines().count())?;
        }
        not_applicable.sort();
        not_applicable.dedup();
        Ok(Criteria {
            text: text.to_string(),
            not_applicable,
        })
    }
}

/// Reads `<criteria_dir>/<task>.txt`; `Ok(None)` when there is no such file.
pub(super) fn read(path: &Path, strict: bool) -> Result<Option<Criteria>, SuiteError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(SuiteError::Io {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    Criteria::parse(&text, strict)
        .map(Some)
        .map_err(|(line, message)| SuiteError::Syntax {
            path: path.to_path_buf(),
            line,
            column: 1,
            message,
        })
}

/// `Name:` or `Name: not applicable` at the start of a line.
fn heading(line: &str) -> Option<(Criterion, &str)> {
    let (criterion, rest) = Criterion::strip_from(line)?;
    let rest = rest.trim_start().strip_prefix(':')?;
    Some((criterion, rest.trim()))
}

fn is_not_applicable(text: &str) -> bool {
    let text = text.trim().trim_end_matches('.').to_ascii_lowercase();
    text == "not applicable" || text == "n/a"
}

/// In free-form files: a line naming a criterion and saying "not applicable".
fn mentions_not_applicable(line: &str) -> Option<Criterion> {
    let lower = line.to_ascii_lowercase();
    if !lower.contains("not applicable") {
        return None;
    }
    Criterion::ALL
        .into_iter()
        .find(|c| lower.contains(&c.name().to_ascii_lowercase()))
}

fn check_complete(
    seen: &[(Criterion, usize, bool, usize)],
    last_line: usize,
) -> Result<(), (usize, String)> {
    for (position, expected) in Criterion::ALL.into_iter().enumerate() {
        match seen.get(position) {
            Some((criterion, _, _, line)) if *criterion != expected => {
                return Err((
                    *line,
                    format!(
                        "expected `{}:` here (the six criteria come in a fixed order)",
                        expected.name()
                    ),
                ))
            }
            Some(_) => {}
            None => {
                return Err((
                    last_line.max(1),
                    format!("missing the criterion `{}:`", expected.name()),
                ))
            }
        }
    }
    if let Some((criterion, _, _, line)) = seen.get(Criterion::ALL.len()) {
        return Err((*line, format!("`{}` appears twice", criterion.name())));
    }
    for (criterion, rules, na, line) in seen {
        if *na && *criterion == Criterion::TaskProgress {
            return Err((
                *line,
                "Task Progress always applies; give it 2 to 5 rules".into(),
            ));
        }
        if !*na && !(2..=5).contains(rules) {
            return Err((
                *line,
                format!(
                    "`{}` has {rules} rules; give 2 to 5 `- ` rules or write `not applicable`",
                    criterion.name()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(creative: &str) -> String {
        format!(
            "# t\nGoal: g\n\nTask Progress:\n- a\n- b\nAction Control:\n- a\n- b\n\
             Error Recognition and Correction:\n- a\n- b\nCreative Attempts:{creative}\n\
             Task Completion Efficiency:\n- a\n- b\nMaterial Selection and Usage:\n- a\n- b\n"
        )
    }

    #[test]
    fn names_round_trip_through_serde() {
        for criterion in Criterion::ALL {
            let json = serde_json::to_string(&criterion).unwrap();
            assert_eq!(json, format!("\"{}\"", criterion.name()));
            assert_eq!(serde_json::from_str::<Criterion>(&json).unwrap(), criterion);
        }
        assert!(serde_json::from_str::<Criterion>("\"TaskProgress\"").is_err());
        let map: std::collections::BTreeMap<Criterion, u8> =
            serde_json::from_str(r#"{"Creative Attempts": 3}"#).unwrap();
        assert_eq!(map.get(&Criterion::CreativeAttempts), Some(&3));
    }

    #[test]
    fn from_name_is_lenient_about_case_spacing_and_emphasis() {
        let cases = [
            ("Task Progress", Some(Criterion::TaskProgress)),
            ("  task progress ", Some(Criterion::TaskProgress)),
            ("**Action  Control**", Some(Criterion::ActionControl)),
            (
                "_error recognition\tand correction_",
                Some(Criterion::ErrorRecognitionAndCorrection),
            ),
            (
                "*Material Selection and Usage*",
                Some(Criterion::MaterialSelectionAndUsage),
            ),
            (
                "TASK COMPLETION EFFICIENCY",
                Some(Criterion::TaskCompletionEfficiency),
            ),
            ("creative_attempts", Some(Criterion::CreativeAttempts)),
            ("TaskProgress", None),
            ("Task Progressive", None),
            ("Task Progress: 7", None),
            ("Progress", None),
            ("", None),
        ];
        for (text, expected) in cases {
            assert_eq!(Criterion::from_name(text), expected, "{text:?}");
        }
    }

    #[test]
    fn match_prefix_reports_the_name_length() {
        assert_eq!(
            Criterion::match_prefix("Task   Progress: 7"),
            Some((Criterion::TaskProgress, 15))
        );
        assert_eq!(Criterion::match_prefix("Task Progression"), None);
        assert_eq!(Criterion::match_prefix("é Task Progress"), None);
    }

    #[test]
    fn parses_strict_file_with_not_applicable() {
        let criteria = Criteria::parse(&file(" not applicable"), true).unwrap();
        assert_eq!(criteria.not_applicable, vec![Criterion::CreativeAttempts]);
        assert!(!criteria.applies(Criterion::CreativeAttempts));
        assert!(criteria.applies(Criterion::TaskProgress));
    }

    #[test]
    fn strict_rejects_too_few_rules() {
        let error = Criteria::parse(&file("\n- only one"), true).unwrap_err();
        assert_eq!(error.0, 13);
        assert!(error.1.contains("1 rules"), "{}", error.1);
    }

    #[test]
    fn strict_rejects_wrong_order_and_missing() {
        let swapped = file(" not applicable").replace("Action Control:", "Xction Control:");
        let error = Criteria::parse(&swapped, true).unwrap_err();
        assert!(error.1.contains("expected a `- ` rule"), "{}", error.1);
        let truncated = "Task Progress:\n- a\n- b\n";
        let error = Criteria::parse(truncated, true).unwrap_err();
        assert!(
            error.1.contains("missing the criterion `Action Control:`"),
            "{}",
            error.1
        );
    }

    #[test]
    fn strict_rejects_not_applicable_task_progress() {
        let text = file(" not applicable").replace(
            "Task Progress:\n- a\n- b\n",
            "Task Progress: not applicable\n",
        );
        let error = Criteria::parse(&text, true).unwrap_err();
        assert!(error.1.contains("always applies"), "{}", error.1);
    }

    #[test]
    fn lenient_reads_free_form_marks() {
        let text = "Some prose.\nCreative attempts are not applicable for this task.\n";
        let criteria = Criteria::parse(text, false).unwrap();
        assert_eq!(criteria.not_applicable, vec![Criterion::CreativeAttempts]);
    }
}
