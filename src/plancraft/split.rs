//! Plancraft split files: a JSON array of examples as the package ships
//! them (`plancraft/data/val.small.json` and the like). Each example is
//! one task: its `id` is the task name, its `complexity_split` the
//! category. Fields mcu does not use are kept out of the way, not refused.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::env::{Stack, SLOTS};

/// One Plancraft example.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
pub struct Example {
    pub id: String,
    pub target: String,
    /// Slot number (as text, `"28"`) → what it holds at the start.
    pub slotted_inventory: BTreeMap<String, Stack>,
    #[serde(default)]
    pub impossible: bool,
    pub complexity_split: String,
    /// The items crafted along the shortest plan, when the split has it.
    #[serde(default)]
    pub optimal_path: Option<Vec<String>>,
}

impl Example {
    /// The starting slots by number.
    pub fn inventory(&self) -> BTreeMap<usize, Stack> {
        self.slotted_inventory
            .iter()
            .filter_map(|(slot, stack)| Some((slot.parse().ok()?, stack.clone())))
            .collect()
    }
}

/// The distinct `complexity_split`s of `examples`, sorted.
pub fn complexity_splits(examples: &[Example]) -> Vec<&str> {
    let mut splits: Vec<&str> = examples
        .iter()
        .map(|e| e.complexity_split.as_str())
        .collect();
    splits.sort_unstable();
    splits.dedup();
    splits
}

/// Whether `path` names a Plancraft split (a `.json` file) rather than a
/// task suite folder; whether it exists is for [`load`] to say.
pub fn is_split_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "json")
}

/// Reads a split file; errors name the file, the line and what was wrong.
pub fn load(path: &Path) -> anyhow::Result<Vec<Example>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read Plancraft split {}: {e}", path.display()))?;
    let examples: Vec<Example> = serde_json::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}:{}:{}: not a Plancraft split: {e} (expected a JSON array of examples with `id`, `target`, `slotted_inventory`, `complexity_split`)",
            path.display(),
            e.line(),
            e.column()
        )
    })?;
    let mut seen = std::collections::BTreeSet::new();
    for example in &examples {
        if !seen.insert(example.id.as_str()) {
            anyhow::bail!(
                "{}: example id `{}` is used twice",
                path.display(),
                example.id
            );
        }
        for (slot, stack) in &example.slotted_inventory {
            let valid = slot.parse::<usize>().is_ok_and(|s| s < SLOTS);
            if !valid || !(1..=64).contains(&stack.quantity) {
                anyhow::bail!(
                    "{}: example `{}`: slot {slot:?} holding {} {}: slots are 0 to 45 and quantities 1 to 64",
                    path.display(),
                    example.id,
                    stack.quantity,
                    stack.item
                );
            }
        }
    }
    Ok(examples)
}
