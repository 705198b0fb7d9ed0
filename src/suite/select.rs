//! Choosing which tasks of a suite to run: by category, by the seed
//! README's short category aliases, and by task name or glob (SPEC §1).

use super::{Task, TaskSuite};
use crate::suggest;

/// What an alias stands for.
enum Alias {
    Categories(&'static [&'static str]),
    NamePrefix(&'static str),
    LongHorizon,
    Everything,
}

/// The short names of seed `mcu-green-agent-readme.md`, plus names for the
/// long-horizon tasks and for the whole suite.
const ALIASES: [(&str, Alias); 10] = [
    ("build", Alias::Categories(&["building"])),
    ("craft", Alias::Categories(&["crafting"])),
    ("mine", Alias::Categories(&["mining_and_collecting"])),
    ("collect", Alias::Categories(&["mining_and_collecting"])),
    ("use", Alias::Categories(&["tool_use"])),
    ("hunt", Alias::NamePrefix("hunt_")),
    (
        "misc",
        Alias::Categories(&["decoration", "motion", "trapping"]),
    ),
    ("long_horizon", Alias::LongHorizon),
    ("overall", Alias::Everything),
    ("all", Alias::Everything),
];

/// The alias names, for help texts.
pub fn alias_names() -> Vec<&'static str> {
    ALIASES.iter().map(|(name, _)| *name).collect()
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SelectError {
    #[error("unknown task category `{name}`{hint}; categories: {known}; aliases: {aliases}")]
    UnknownCategory {
        name: String,
        hint: String,
        known: String,
        aliases: String,
    },
    #[error("no task matches `{pattern}`{hint}")]
    NoMatch { pattern: String, hint: String },
    #[error("`{pattern}` is not a valid glob: {message}")]
    BadGlob { pattern: String, message: String },
}

/// The tasks `categories` and `names` select, in suite order.
///
/// Both empty: every task but the long-horizon ones. Otherwise the union of
/// the named categories (or aliases) and the tasks whose name matches one of
/// `names` (exact names or globs such as `craft_*`).
pub fn select<'a>(
    suite: &'a TaskSuite,
    categories: &[String],
    names: &[String],
) -> Result<Vec<&'a Task>, SelectError> {
    if categories.is_empty() && names.is_empty() {
        return Ok(suite.tasks.iter().filter(|t| !t.is_long()).collect());
    }
    let mut chosen = vec![false; suite.tasks.len()];
    for category in categories {
        let matcher = category_matcher(suite, category.trim())?;
        mark(&mut chosen, suite, matcher);
    }
    for pattern in names {
        let glob = glob::Pattern::new(pattern).map_err(|e| SelectError::BadGlob {
            pattern: pattern.clone(),
            message: e.to_string(),
        })?;
        let mut any = false;
        for (task, slot) in suite.tasks.iter().zip(chosen.iter_mut()) {
            if glob.matches(&task.name) {
                *slot = true;
                any = true;
            }
        }
        if !any {
            return Err(SelectError::NoMatch {
                pattern: pattern.clone(),
                hint: suggest::hint(pattern, suite.tasks.iter().map(|t| t.name.as_str())),
            });
        }
    }
    Ok(suite
        .tasks
        .iter()
        .zip(chosen)
        .filter_map(|(task, keep)| keep.then_some(task))
        .collect())
}

fn mark(chosen: &mut [bool], suite: &TaskSuite, matcher: impl Fn(&Task) -> bool) {
    for (task, slot) in suite.tasks.iter().zip(chosen.iter_mut()) {
        if matcher(task) {
            *slot = true;
        }
    }
}

/// Whether a task belongs to a category or alias.
type Matcher<'s> = Box<dyn Fn(&Task) -> bool + 's>;

fn category_matcher<'s>(suite: &'s TaskSuite, name: &'s str) -> Result<Matcher<'s>, SelectError> {
    if suite.tasks.iter().any(|t| t.category == name) {
        return Ok(Box::new(move |t: &Task| t.category == name));
    }
    let alias = ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map(|(_, alias)| alias);
    match alias {
        Some(Alias::Categories(categories)) => Ok(Box::new(move |t: &Task| {
            categories.contains(&t.category.as_str())
        })),
        Some(Alias::NamePrefix(prefix)) => Ok(Box::new(move |t: &Task| t.name.starts_with(prefix))),
        Some(Alias::LongHorizon) => Ok(Box::new(|t: &Task| t.is_long())),
        Some(Alias::Everything) => Ok(Box::new(|_: &Task| true)),
        None => {
            let known = suite.categories();
            let aliases = alias_names();
            Err(SelectError::UnknownCategory {
                name: name.to_string(),
                hint: suggest::hint(name, known.iter().copied().chain(aliases.iter().copied())),
                known: known.join(", "),
                aliases: aliases.join(", "),
            })
        }
    }
}
