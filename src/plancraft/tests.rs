//! Plancraft's step semantics on hand-written cases (moving into occupied
//! slots, overflow, taking the output, smelting), the text observation,
//! and the oracle on the fixture split.

use std::collections::BTreeMap;
use std::path::Path;

use super::env::{EnvAction, Stack, Table};
use super::{oracle, reply, split};

fn table(slots: &[(usize, &str, u32)]) -> Table {
    let inventory: BTreeMap<usize, Stack> = slots
        .iter()
        .map(|&(slot, item, quantity)| {
            (
                slot,
                Stack {
                    item: item.to_string(),
                    quantity,
                },
            )
        })
        .collect();
    Table::new(&inventory)
}

fn contents(table: &Table) -> Vec<(usize, String, u32)> {
    table
        .stacks()
        .map(|(slot, s)| (slot, s.item.clone(), s.quantity))
        .collect()
}

fn moved(from: usize, to: usize, quantity: u32) -> EnvAction {
    EnvAction::Move { from, to, quantity }
}

/// Each case: the table before, the action, the table after.
#[test]
fn move_and_smelt_follow_plancraft_on_a_table_of_cases() {
    type Case<'a> = (
        &'a [(usize, &'a str, u32)],
        EnvAction,
        &'a [(usize, &'a str, u32)],
    );
    let cases: &[Case] = &[
        // A move into an empty slot splits the stack.
        (
            &[(10, "dirt", 5)],
            moved(10, 11, 2),
            &[(10, "dirt", 3), (11, "dirt", 2)],
        ),
        // All of it empties the source.
        (&[(10, "dirt", 5)], moved(10, 11, 5), &[(11, "dirt", 5)]),
        // More than the source holds: nothing happens.
        (&[(10, "dirt", 5)], moved(10, 11, 6), &[(10, "dirt", 5)]),
        // An empty source: nothing happens.
        (&[(10, "dirt", 5)], moved(12, 11, 1), &[(10, "dirt", 5)]),
        // Onto another item: nothing happens (no swap).
        (
            &[(10, "dirt", 5), (11, "sand", 1)],
            moved(10, 11, 1),
            &[(10, "dirt", 5), (11, "sand", 1)],
        ),
        // Onto the same item: merged.
        (
            &[(10, "dirt", 5), (11, "dirt", 60)],
            moved(10, 11, 4),
            &[(10, "dirt", 1), (11, "dirt", 64)],
        ),
        // Past the stack size: nothing happens (no partial move).
        (
            &[(10, "dirt", 5), (11, "dirt", 60)],
            moved(10, 11, 5),
            &[(10, "dirt", 5), (11, "dirt", 60)],
        ),
        // Stack sizes are the item's: ender pearls stack to 16.
        (
            &[(10, "ender_pearl", 2), (11, "ender_pearl", 15)],
            moved(10, 11, 2),
            &[(10, "ender_pearl", 2), (11, "ender_pearl", 15)],
        ),
        // Into the grid: the output appears.
        (
            &[(10, "oak_log", 2)],
            moved(10, 1, 1),
            &[(0, "oak_planks", 4), (1, "oak_log", 1), (10, "oak_log", 1)],
        ),
        // Out of the output: all of it (quantity 1 asked), one of each
        // ingredient used, the output recomputed from what is left.
        (
            &[(1, "oak_log", 2)],
            moved(0, 12, 1),
            &[
                (0, "oak_planks", 4),
                (1, "oak_log", 1),
                (12, "oak_planks", 4),
            ],
        ),
        // Asking more than the output holds: nothing happens.
        (
            &[(1, "oak_log", 1)],
            moved(0, 12, 5),
            &[(0, "oak_planks", 4), (1, "oak_log", 1)],
        ),
        // Out of the output onto a full stack: nothing happens.
        (
            &[(1, "oak_log", 1), (12, "oak_planks", 62)],
            moved(0, 12, 4),
            &[
                (0, "oak_planks", 4),
                (1, "oak_log", 1),
                (12, "oak_planks", 62),
            ],
        ),
        // Taking a grid item away clears the output.
        (&[(1, "oak_log", 1)], moved(1, 20, 1), &[(20, "oak_log", 1)]),
        // Smelting: N items become N results at once, no fuel.
        (
            &[(10, "iron_ore", 3)],
            EnvAction::Smelt {
                from: 10,
                to: 11,
                quantity: 2,
            },
            &[(10, "iron_ore", 1), (11, "iron_ingot", 2)],
        ),
        // Onto the same result: merged; onto anything else: nothing.
        (
            &[(10, "sand", 3), (11, "glass", 1)],
            EnvAction::Smelt {
                from: 10,
                to: 11,
                quantity: 3,
            },
            &[(11, "glass", 4)],
        ),
        (
            &[(10, "sand", 3), (11, "dirt", 1)],
            EnvAction::Smelt {
                from: 10,
                to: 11,
                quantity: 1,
            },
            &[(10, "sand", 3), (11, "dirt", 1)],
        ),
        // Something that does not smelt: nothing happens.
        (
            &[(10, "dirt", 3)],
            EnvAction::Smelt {
                from: 10,
                to: 11,
                quantity: 1,
            },
            &[(10, "dirt", 3)],
        ),
    ];
    for (number, (before, action, after)) in cases.iter().enumerate() {
        let mut state = table(before);
        state.apply(*action);
        let expected: Vec<(usize, String, u32)> = after
            .iter()
            .map(|&(s, i, q)| (s, i.to_string(), q))
            .collect();
        assert_eq!(contents(&state), expected, "case {number}: {action:?}");
    }
}

#[test]
fn patterns_are_not_mirrored_and_need_their_exact_shape() {
    // Sticks: two planks one above the other, anywhere.
    let mut state = table(&[(3, "oak_planks", 1), (6, "birch_planks", 1)]);
    assert_eq!(
        state.slot(0).map(|s| (s.item.as_str(), s.quantity)),
        Some(("stick", 4))
    );
    // One plank left in a corner is a button (a 1×1 pattern).
    state.apply(moved(6, 20, 1));
    assert_eq!(state.slot(0).map(|s| s.item.as_str()), Some("oak_button"));
    state.apply(moved(3, 21, 1));
    assert!(state.slot(0).is_none());
}

#[test]
fn the_text_observation_lists_slots_in_order() {
    let state = table(&[(12, "dirt", 3), (1, "oak_log", 1), (45, "stick", 2)]);
    assert_eq!(
        state.text("oak_planks"),
        "Craft an item of type: oak_planks\ninventory:\n - oak_planks [0] quantity 4\n - oak_log [A1] quantity 1\n - dirt [I3] quantity 3\n - stick [I36] quantity 2"
    );
}

#[test]
fn a_text_observation_reads_back_into_the_same_table() {
    let state = table(&[(12, "dirt", 3), (1, "oak_log", 1), (45, "stick", 2)]);
    let (target, read) = super::env::read_text(&state.text("stick")).expect("an observation");
    assert_eq!(target, "stick");
    assert_eq!(read, state);
    assert!(super::env::read_text("Ok").is_none());
}

fn fixture() -> Vec<split::Example> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/plancraft/fixture.json");
    split::load(&path).expect("the fixture split loads")
}

#[test]
fn the_oracle_solves_every_possible_fixture_example_and_refuses_the_rest() {
    oracle_agrees_with(&fixture());
}

/// With `MCU_PLANCRAFT_SPLIT` naming a real Plancraft split file (from the
/// `plancraft` package's `data/` folder), the oracle must agree with it too.
#[test]
fn the_oracle_agrees_with_a_real_plancraft_split() {
    let Some(path) = crate::testing::external_data(
        "MCU_PLANCRAFT_SPLIT",
        "the_oracle_agrees_with_a_real_plancraft_split",
    ) else {
        return;
    };
    oracle_agrees_with(&split::load(Path::new(&path)).expect("the split loads"));
}

fn oracle_agrees_with(examples: &[split::Example]) {
    for example in examples {
        let mut state = Table::new(&example.inventory());
        match oracle::solve(&state, &example.target) {
            Ok(actions) => {
                assert!(
                    !example.impossible,
                    "{}: planned an impossible example",
                    example.id
                );
                assert!(
                    actions.len() <= 30,
                    "{}: {} actions",
                    example.id,
                    actions.len()
                );
                // Played through the reply reader, as an agent's texts are.
                for text in &actions {
                    match reply::read(text) {
                        reply::Reply::Env(action) => state.apply(action),
                        other => panic!("{}: {text} read as {other:?}", example.id),
                    }
                }
                assert!(
                    state.holds_outside_output(&example.target),
                    "{}",
                    example.id
                );
            }
            Err(reason) => assert!(example.impossible, "{}: {reason}", example.id),
        }
    }
}

#[test]
fn a_broken_split_file_names_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    std::fs::write(&path, "[\n {\"id\": \"A\", \"target\": 5}\n]").unwrap();
    let message = split::load(&path).unwrap_err().to_string();
    assert!(message.contains("bad.json:2:"), "{message}");
    std::fs::write(
        &path,
        r#"[{"id":"A","target":"stick","complexity_split":"easy","slotted_inventory":{"50":{"type":"dirt","quantity":1}}}]"#,
    )
    .unwrap();
    let message = split::load(&path).unwrap_err().to_string();
    assert!(message.contains("slots are 0 to 45"), "{message}");
}
