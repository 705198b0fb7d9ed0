//! What the judge is asked: the suite's rating prompt as the system
//! message, then the task (its name, the instruction the agent got, and
//! its criteria file), then the frames.

use crate::suite::Criteria;

/// The rating prompt used when a suite has none (the upstream layout):
/// the project's own, from `benchmark/prompts/rating.txt`.
pub const BUILT_IN_RATING_PROMPT: &str = include_str!("../../benchmark/prompts/rating.txt");

/// The user message that introduces the task.
pub fn task_message(name: &str, instruction: &str, criteria: Option<&Criteria>) -> String {
    let criteria = match criteria {
        Some(criteria) => format!("Criteria file for this task:\n{}", criteria.text.trim_end()),
        None => "This task has no criteria file; rate it with the general rules.".to_string(),
    };
    format!("Task: {name}\nInstruction given to the agent: {instruction}\n\n{criteria}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_task_message_names_the_task_and_carries_its_criteria() {
        let criteria = Criteria {
            text: "Task Progress:\n- digs\n".into(),
            not_applicable: vec![],
        };
        let message = task_message("collect_dirt", "Collect dirt.", Some(&criteria));
        assert!(message
            .starts_with("Task: collect_dirt\nInstruction given to the agent: Collect dirt."));
        assert!(message.ends_with("Criteria file for this task:\nTask Progress:\n- digs"));
        assert!(task_message("x", "y", None).contains("no criteria file"));
        assert!(BUILT_IN_RATING_PROMPT.contains("Task Progress"));
    }
}
