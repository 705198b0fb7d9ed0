//! Reading a video judge's free-text answer into one rating per criterion
//! (SPEC §6: parse `Criterion: number` lines leniently, clamp to 0–10).
//!
//! The prompt asks for twelve plain lines, but models decorate them: list
//! markers, markdown bold, headings followed by a `Score:` line, `7/10`,
//! JSON. The parser looks for each criterion's name anywhere in a line and
//! reads the value right after it; a name alone on a line (a heading) takes
//! its value from a `Score:` or `Rating:` line among the next three. An
//! `Evidence:` line belongs to the criterion rated last before it. The
//! first rating of a criterion wins.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::suite::Criterion;

/// The highest rating; higher numbers are clamped to it, negative ones to 0.
pub const MAX_RATING: f64 = 10.0;

/// How many lines after a heading may hold its `Score:` line.
const SCORE_LOOKAHEAD: usize = 3;

/// A judge's rating of one criterion. Serialized as a number, or as the
/// string `"N/A"` when the judge said the criterion does not apply.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawRating", into = "RawRating")]
pub enum Rating {
    /// From 0 to 10.
    Score(f64),
    NotApplicable,
}

impl Rating {
    /// The number, when the judge gave one.
    pub fn score(self) -> Option<f64> {
        match self {
            Rating::Score(value) => Some(value),
            Rating::NotApplicable => None,
        }
    }
}

/// The serialized shape of a [`Rating`].
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum RawRating {
    Number(f64),
    Text(String),
}

impl From<Rating> for RawRating {
    fn from(rating: Rating) -> RawRating {
        match rating {
            Rating::Score(value) => RawRating::Number(value),
            Rating::NotApplicable => RawRating::Text("N/A".into()),
        }
    }
}

impl TryFrom<RawRating> for Rating {
    type Error = String;

    fn try_from(raw: RawRating) -> Result<Rating, String> {
        match raw {
            RawRating::Number(value) => Ok(Rating::Score(value)),
            RawRating::Text(text) if text.eq_ignore_ascii_case("n/a") => Ok(Rating::NotApplicable),
            RawRating::Text(text) => Err(format!("expected a number or \"N/A\", found {text:?}")),
        }
    }
}

/// What could be read from a judge's answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedAnswer {
    pub ratings: BTreeMap<Criterion, Rating>,
    /// The `Evidence:` line given for a criterion, when there was one.
    pub evidence: BTreeMap<Criterion, String>,
    /// The criteria the answer does not rate, in [`Criterion::ALL`] order.
    pub missing: Vec<Criterion>,
}

/// The answer rates none of the six criteria.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("{reason}")]
pub struct UnparseableAnswer {
    pub reason: String,
}

/// Reads the ratings, and their evidence, from a judge's answer.
pub fn parse_answer(text: &str) -> Result<ParsedAnswer, UnparseableAnswer> {
    let lines: Vec<&str> = text.lines().collect();
    let mut answer = ParsedAnswer::default();
    let mut last_rated = None;
    for (index, line) in lines.iter().enumerate() {
        if let Some(evidence) = evidence_in(line) {
            if let (Some(criterion), false) = (last_rated, evidence.is_empty()) {
                answer
                    .evidence
                    .entry(criterion)
                    .or_insert_with(|| evidence.to_string());
            }
            continue;
        }
        for (criterion, rating) in ratings_in(line, &lines[index + 1..]) {
            last_rated = match answer.ratings.entry(criterion) {
                Entry::Occupied(_) => None,
                Entry::Vacant(slot) => {
                    slot.insert(rating);
                    Some(criterion)
                }
            };
        }
    }
    if answer.ratings.is_empty() {
        return Err(UnparseableAnswer {
            reason: format!(
                "the answer rates none of the six criteria (it reads: {:?})",
                crate::excerpt::text(text.trim(), 120)
            ),
        });
    }
    answer.missing = Criterion::ALL
        .into_iter()
        .filter(|criterion| !answer.ratings.contains_key(criterion))
        .collect();
    Ok(answer)
}

/// A criterion's name found in a line: where it starts and ends (bytes).
struct Mention {
    criterion: Criterion,
    start: usize,
    end: usize,
}

/// The ratings a line gives, reading a heading's value from `following` lines.
fn ratings_in(line: &str, following: &[&str]) -> Vec<(Criterion, Rating)> {
    let mentions = mentions_in(line);
    let mut ratings = Vec::new();
    for (index, mention) in mentions.iter().enumerate() {
        let until = mentions
            .get(index + 1)
            .map_or(line.len(), |next| next.start);
        let after = &line[mention.end..until];
        let rating = read_rating(after).or_else(|| {
            let is_heading = mentions.len() == 1
                && line[..mention.start].chars().all(is_line_decoration)
                && heading_tail_is_empty(after);
            is_heading.then(|| score_below(following)).flatten()
        });
        if let Some(rating) = rating {
            ratings.push((mention.criterion, rating));
        }
    }
    ratings
}

/// Every criterion name in `line` that stands as whole words.
fn mentions_in(line: &str) -> Vec<Mention> {
    let mut mentions = Vec::new();
    let mut previous: Option<char> = None;
    let mut skip_until = 0;
    for (start, character) in line.char_indices() {
        let at_word_start = !previous.is_some_and(char::is_alphanumeric);
        previous = Some(character);
        if start < skip_until || !at_word_start {
            continue;
        }
        if let Some((criterion, len)) = Criterion::match_prefix(&line[start..]) {
            skip_until = start + len;
            mentions.push(Mention {
                criterion,
                start,
                end: skip_until,
            });
        }
    }
    mentions
}

/// The `Score:`/`Rating:` value among the lines under a heading, stopping
/// at the next line that names a criterion.
fn score_below(following: &[&str]) -> Option<Rating> {
    following
        .iter()
        .take(SCORE_LOOKAHEAD)
        .take_while(|line| mentions_in(line).is_empty())
        .find_map(|line| {
            let rest = strip_keyword(strip_line_prefix(line), &["score", "rating"])?;
            read_rating(rest)
        })
}

/// The rating at the start of `text` (what follows a criterion's name):
/// an optional parenthetical and separator, then a number (clamped to
/// 0–10, `a/b` scaled to tenths) or a not-applicable mark.
fn read_rating(text: &str) -> Option<Rating> {
    let rest = skip_separator(skip_parenthetical(skip_filler(text)));
    let rest = match strip_keyword(rest, &["score", "rating"]) {
        Some(after_keyword) => skip_separator(after_keyword),
        None => rest,
    };
    if starts_not_applicable(rest) {
        return Some(Rating::NotApplicable);
    }
    let (value, rest) = read_number(rest)?;
    let value = match read_denominator(rest) {
        Some(denominator) => value * MAX_RATING / denominator,
        None => value,
    };
    Some(Rating::Score(value.clamp(0.0, MAX_RATING)))
}

/// Filler, then at most one `:`, `=` or dash, then filler and any opening
/// bracket (`{`, `[`) as in JSON-ish answers.
fn skip_separator(text: &str) -> &str {
    let text = skip_filler(text);
    let text = text.strip_prefix([':', '=', '-', '–', '—']).unwrap_or(text);
    text.trim_start_matches(|c: char| is_filler(c) || c == '{' || c == '[')
}

/// A `(…)` right at the start of `text`, closed on the same line, skipped.
fn skip_parenthetical(text: &str) -> &str {
    text.strip_prefix('(')
        .and_then(|inner| inner.split_once(')'))
        .map_or(text, |(_, rest)| skip_filler(rest))
}

/// Whether a heading's name is followed by nothing but decoration.
fn heading_tail_is_empty(after: &str) -> bool {
    let rest = skip_parenthetical(skip_filler(after));
    skip_filler(rest.strip_prefix(':').unwrap_or(rest)).is_empty()
}

/// `n/a`, `n.a.`, `na` or `not applicable` (any case) as whole words.
fn starts_not_applicable(text: &str) -> bool {
    ["not applicable", "n/a", "n.a.", "n.a", "na"]
        .into_iter()
        .any(|mark| strip_word(text, mark).is_some())
}

/// A decimal number (optionally signed) at the start of `text`, and the rest.
fn read_number(text: &str) -> Option<(f64, &str)> {
    let unsigned = text.strip_prefix(['-', '+', '−']).unwrap_or(text);
    let negative = unsigned.len() != text.len() && !text.starts_with('+');
    let whole = unsigned.len()
        - unsigned
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    if whole == 0 {
        return None;
    }
    let fraction = unsigned[whole..]
        .strip_prefix('.')
        .map(|rest| rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len())
        .filter(|digits| *digits > 0)
        .map_or(0, |digits| digits + 1);
    let digits = &unsigned[..whole + fraction];
    let magnitude: f64 = digits.parse().ok()?;
    let value = if negative { -magnitude } else { magnitude };
    Some((value, &unsigned[whole + fraction..]))
}

/// The positive `b` of a trailing `/ b`, as in `7/10`.
fn read_denominator(text: &str) -> Option<f64> {
    let rest = skip_filler(text).strip_prefix('/')?;
    let (denominator, _) = read_number(skip_filler(rest))?;
    (denominator > 0.0).then_some(denominator)
}

/// The text of an `Evidence:` line (maybe empty), when `line` is one. A
/// JSON-style `"evidence": "…",` loses its quotes and comma.
fn evidence_in(line: &str) -> Option<&str> {
    let rest = strip_keyword(strip_line_prefix(line), &["evidence"])?;
    let body = skip_filler(rest)
        .strip_prefix(':')?
        .trim_start_matches(|c: char| c.is_whitespace() || c == '*' || c == '_')
        .trim_end();
    let body = match body.strip_prefix('"') {
        Some(quoted) => quoted.trim_end_matches(',').trim_end_matches('"'),
        None => body,
    };
    Some(body.trim())
}

/// `text` after one of `keywords` (any case, as a whole word), with any
/// filler that follows it skipped.
fn strip_keyword<'a>(text: &'a str, keywords: &[&str]) -> Option<&'a str> {
    let text = skip_filler(text);
    keywords
        .iter()
        .find_map(|keyword| strip_word(text, keyword))
        .map(skip_filler)
}

/// `text` after `word` (any case) when `word` is not the start of a longer word.
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    let rest = &text[word.len()..];
    let whole_word = !rest.chars().next().is_some_and(char::is_alphanumeric);
    (head.eq_ignore_ascii_case(word) && whole_word).then_some(rest)
}

/// A line without its list marker, heading marks, quote marks and emphasis.
fn strip_line_prefix(line: &str) -> &str {
    let rest = line.trim_start_matches(|c: char| is_filler(c) || "-+•#>".contains(c));
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    match rest[digits..].strip_prefix(['.', ')']) {
        Some(after_number) if digits > 0 => skip_filler(after_number),
        _ => rest,
    }
}

/// What may precede a heading's name: list markers, numbering, heading
/// marks, emphasis and quotes.
fn is_line_decoration(c: char) -> bool {
    is_filler(c) || c.is_ascii_digit() || "-+•#>.)".contains(c)
}

/// Whitespace, markdown emphasis and quotes.
fn is_filler(c: char) -> bool {
    c.is_whitespace() || "*_`\"'".contains(c)
}

fn skip_filler(text: &str) -> &str {
    text.trim_start_matches(is_filler)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Criterion::*;

    const ALL_SIX: &str = "Task Progress: 7\nEvidence: built walls late\nAction Control: 8\n\
        Evidence: steady aim\nError Recognition and Correction: 5\nEvidence: none needed\n\
        Creative Attempts: 3\nEvidence: plain box\nTask Completion Efficiency: 6\n\
        Evidence: some wandering early\nMaterial Selection and Usage: 9\nEvidence: planks\n";

    fn score(value: f64) -> Rating {
        Rating::Score(value)
    }

    /// A label, an answer, and the ratings it must yield.
    type Case = (&'static str, String, Vec<(Criterion, Rating)>);

    fn ratings(answer: &ParsedAnswer) -> Vec<(Criterion, Rating)> {
        answer.ratings.iter().map(|(c, r)| (*c, *r)).collect()
    }

    #[test]
    fn answers_table() {
        let all_six = vec![
            (TaskProgress, score(7.0)),
            (ActionControl, score(8.0)),
            (ErrorRecognitionAndCorrection, score(5.0)),
            (CreativeAttempts, score(3.0)),
            (TaskCompletionEfficiency, score(6.0)),
            (MaterialSelectionAndUsage, score(9.0)),
        ];
        let cases: Vec<Case> = vec![
            ("well-formed", ALL_SIX.to_string(), all_six.clone()),
            (
                "markdown bold and bullets",
                ALL_SIX
                    .lines()
                    .map(|line| match line.split_once(": ") {
                        Some((name, value)) => format!("- **{name}**: {value}"),
                        None => line.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
                all_six.clone(),
            ),
            (
                "lowercase, numbered, dash separator",
                "1. task progress - 7\n2. ACTION CONTROL - 8\n3. error recognition and correction - 5\n\
                 4. creative attempts - 3\n5. task completion efficiency - 6\n\
                 6. material selection and usage - 9"
                    .into(),
                all_six.clone(),
            ),
            (
                "heading then Score/Rating line",
                "### Task Progress\nThe agent placed walls.\nScore: 7\n\n**Action Control**\n\
                 **Rating:** 8/10\n## 3. Error Recognition and Correction (weight 10)\nScore: 5\n\
                 Creative Attempts:\n- Score: 3\nTask Completion Efficiency\nScore - 6\n\
                 Material Selection and Usage\n\n\nScore: 9"
                    .into(),
                all_six.clone(),
            ),
            (
                "fractions, decimals and bold numbers",
                "Task Progress: 7/10\nAction Control: **8** / 10\nCreative Attempts: 7.5\n\
                 Task Completion Efficiency: 3/5"
                    .into(),
                vec![
                    (TaskProgress, score(7.0)),
                    (ActionControl, score(8.0)),
                    (CreativeAttempts, score(7.5)),
                    (TaskCompletionEfficiency, score(6.0)),
                ],
            ),
            (
                "not-applicable spellings",
                "Task Progress: 4\nAction Control: N/A\nError Recognition and Correction: n/a\n\
                 Creative Attempts: not applicable\nTask Completion Efficiency: NA.\n\
                 Material Selection and Usage: Not Applicable (no materials)"
                    .into(),
                vec![
                    (TaskProgress, score(4.0)),
                    (ActionControl, Rating::NotApplicable),
                    (ErrorRecognitionAndCorrection, Rating::NotApplicable),
                    (CreativeAttempts, Rating::NotApplicable),
                    (TaskCompletionEfficiency, Rating::NotApplicable),
                    (MaterialSelectionAndUsage, Rating::NotApplicable),
                ],
            ),
            (
                "clamping",
                "Task Progress: 11\nAction Control: -2\nCreative Attempts: 10.5".into(),
                vec![
                    (TaskProgress, score(10.0)),
                    (ActionControl, score(0.0)),
                    (CreativeAttempts, score(10.0)),
                ],
            ),
            (
                "range takes the first number",
                "Task Progress: 4-6 (partly)".into(),
                vec![(TaskProgress, score(4.0))],
            ),
            (
                "first occurrence wins",
                "Task Progress: 3\nAction Control: 5\nTask Progress: 9".into(),
                vec![(TaskProgress, score(3.0)), (ActionControl, score(5.0))],
            ),
            (
                "prose mentions are not ratings",
                "I looked at Task Progress and Action Control carefully.\n\
                 Task Progress: the agent did little.\nTask Progress: 2"
                    .into(),
                vec![(TaskProgress, score(2.0))],
            ),
            (
                "JSON-ish, one line",
                r#"{"Task Progress": 6, "Action Control": 7, "Creative Attempts": "N/A"}"#.into(),
                vec![
                    (TaskProgress, score(6.0)),
                    (ActionControl, score(7.0)),
                    (CreativeAttempts, Rating::NotApplicable),
                ],
            ),
            (
                "JSON-ish, nested score objects",
                "```json\n{\n  \"Task Progress\": {\"score\": 6, \"evidence\": \"x\"},\n  \
                 \"material_selection_and_usage\": {\"score\": 2}\n}\n```"
                    .into(),
                vec![
                    (TaskProgress, score(6.0)),
                    (MaterialSelectionAndUsage, score(2.0)),
                ],
            ),
            (
                "heading's lookahead stops at the next criterion",
                "Task Progress\nAction Control: 6\nScore: 9".into(),
                vec![(ActionControl, score(6.0))],
            ),
            (
                "parenthetical after the name and extra spaces",
                "Task   Progress (0-10): 8\n* _Action Control_ = 4".into(),
                vec![(TaskProgress, score(8.0)), (ActionControl, score(4.0))],
            ),
        ];
        for (label, text, expected) in cases {
            let answer = parse_answer(&text).unwrap_or_else(|e| panic!("{label}: {e}"));
            assert_eq!(ratings(&answer), expected, "{label}");
        }
    }

    #[test]
    fn garbage_is_unparseable() {
        for text in [
            "",
            "I cannot see the video.",
            "Score: 7\nEvidence: built a house",
            "TaskProgress: 5",
        ] {
            let error = parse_answer(text).unwrap_err();
            assert!(error.reason.contains("none of the six"), "{}", error.reason);
        }
    }

    #[test]
    fn partial_answer_lists_missing_criteria() {
        let answer = parse_answer("Task Progress: 5\nCreative Attempts: 2\n").unwrap();
        assert_eq!(
            answer.missing,
            vec![
                ActionControl,
                ErrorRecognitionAndCorrection,
                TaskCompletionEfficiency,
                MaterialSelectionAndUsage
            ]
        );
        assert!(parse_answer(ALL_SIX).unwrap().missing.is_empty());
    }

    #[test]
    fn evidence_follows_its_criterion() {
        let answer = parse_answer(ALL_SIX).unwrap();
        assert_eq!(answer.evidence[&TaskProgress], "built walls late");
        assert_eq!(answer.evidence[&MaterialSelectionAndUsage], "planks");
        assert_eq!(answer.evidence.len(), 6);

        let text = "Evidence: orphan\n### Task Progress\n**Evidence:** walls rose\nScore: 6\n\
                    Action Control: 5\n- Evidence:\nTask Progress: 9\nEvidence: ignored duplicate\n\
                    Creative Attempts: 1\n  \"evidence\": \"a quoted one\",";
        let answer = parse_answer(text).unwrap();
        let evidence: Vec<_> = answer
            .evidence
            .iter()
            .map(|(c, e)| (*c, e.as_str()))
            .collect();
        assert_eq!(
            evidence,
            vec![
                (TaskProgress, "walls rose"),
                (CreativeAttempts, "a quoted one")
            ]
        );
        assert_eq!(answer.ratings[&TaskProgress], score(6.0));
    }

    #[test]
    fn rating_serializes_as_number_or_na() {
        let map = BTreeMap::from([
            (TaskProgress, score(7.5)),
            (CreativeAttempts, Rating::NotApplicable),
        ]);
        let json = serde_json::to_string(&map).unwrap();
        assert_eq!(json, r#"{"Task Progress":7.5,"Creative Attempts":"N/A"}"#);
        let back: BTreeMap<Criterion, Rating> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, map);
        assert!(serde_json::from_str::<Rating>("\"seven\"").is_err());
        assert_eq!(serde_json::from_str::<Rating>("3").unwrap(), score(3.0));
    }
}
