//! Every init command of the project's suite, of the upstream-layout test
//! fixture and (when `MCU_UPSTREAM` names it) of the real upstream MCU
//! suite, run on fresh games: the project's commands must all be accepted,
//! and the upstream ids that 1.16.5 does not know must be rejected.

use std::path::Path;

use super::run;
use crate::sim::game::Game;
use crate::sim::CommandStatus;
use crate::suite::{self, TaskSuite};

/// Item ids in upstream `/give` commands that Minecraft 1.16.5 does not have.
pub(super) const UNKNOWN_TO_1_16_5: &[&str] = &[
    "wool",
    "planks",
    "log",
    "boat",
    "carpet",
    "raw_beef",
    "bed",
    "seeds",
    "shovel",
    "spyglass",
    "water_bottle",
    "copper_ore",
    "pearlescent_froglight",
];

/// Runs each task's commands in order on its own game.
fn outcomes(suite: &TaskSuite) -> Vec<(String, String, CommandStatus)> {
    let mut all = Vec::new();
    for task in &suite.tasks {
        let mut game = Game::new(1);
        for command in &task.init_commands {
            let status = run(&mut game, command);
            all.push((task.name.clone(), command.clone(), status));
        }
    }
    all
}

/// The bare item id of a `/give` command, if it is one.
fn given_item(command: &str) -> Option<&str> {
    let mut words = command.trim_start_matches('/').split_whitespace();
    (words.next()? == "give").then_some(())?;
    let item = words.nth(1)?;
    let item = item.split('{').next()?;
    Some(item.strip_prefix("minecraft:").unwrap_or(item))
}

#[test]
fn every_project_suite_command_is_accepted() {
    let suite = suite::load(&suite::default_root()).expect("the project suite loads");
    assert_eq!(suite.tasks.len(), 86);
    let all = outcomes(&suite);
    let offenders: Vec<String> = all
        .iter()
        .filter(|(_, _, status)| *status != CommandStatus::Accepted)
        .map(|(task, command, status)| format!("{task}: {command} -> {status:?}"))
        .collect();
    assert!(!all.is_empty());
    assert!(
        offenders.is_empty(),
        "not accepted:\n{}",
        offenders.join("\n")
    );
}

/// Checks that exactly the `/give`s of ids 1.16.5 lacks are rejected (as
/// "Unknown item") and every other command is accepted; returns how many
/// were rejected.
fn assert_only_unknown_ids_rejected(suite: &TaskSuite) -> usize {
    let all = outcomes(suite);
    let mut wrong = Vec::new();
    let mut rejected = 0;
    for (task, command, status) in &all {
        let unknown = given_item(command).is_some_and(|id| UNKNOWN_TO_1_16_5.contains(&id));
        let expected_ok = match status {
            CommandStatus::Rejected { reason } => {
                rejected += 1;
                unknown && reason.starts_with("Unknown item")
            }
            CommandStatus::Accepted => !unknown,
            CommandStatus::Unsupported { .. } => false,
        };
        if !expected_ok {
            wrong.push(format!("{task}: {command} -> {status:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "unexpected outcomes:\n{}",
        wrong.join("\n")
    );
    rejected
}

#[test]
fn upstream_layout_fixture_unknown_ids_are_rejected_and_the_rest_accepted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/upstream_suite");
    let suite = suite::load(&root).expect("the fixture suite loads");
    assert_eq!(assert_only_unknown_ids_rejected(&suite), 2);
}

/// Against the real upstream suite, when `MCU_UPSTREAM` names a checkout.
#[test]
fn real_upstream_unknown_ids_are_rejected_and_the_rest_accepted() {
    let Some(root) = crate::testing::external_data(
        "MCU_UPSTREAM",
        "real_upstream_unknown_ids_are_rejected_and_the_rest_accepted",
    ) else {
        return;
    };
    let suite = suite::load(Path::new(&root)).expect("the upstream suite loads");
    assert!(
        assert_only_unknown_ids_rejected(&suite) >= 10,
        "the upstream suite holds at least ten unknown ids"
    );
}
