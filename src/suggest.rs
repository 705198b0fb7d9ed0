//! "Did you mean …?" hints for misspelt keys, categories and task names.

/// The candidate closest to `word`, if it is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|candidate| (strsim::damerau_levenshtein(word, candidate), candidate))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// `"; did you mean `x`?"`, or nothing when no candidate is close.
pub fn hint<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(word, candidates)
        .map(|c| format!("; did you mean `{c}`?"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_misses_only() {
        let keys = ["max_steps", "seed", "jobs"];
        assert_eq!(closest("max_step", keys), Some("max_steps"));
        assert_eq!(closest("sede", keys), Some("seed"));
        assert_eq!(closest("completely_else", keys), None);
        assert_eq!(hint("job", keys), "; did you mean `jobs`?");
        assert_eq!(hint("zzzzzz", keys), "");
    }
}
