//! The Plancraft environment: a crafting table's 46 slots and the two
//! environment actions, `move` and `smelt`, with Plancraft 0.4.9's rules
//! (SPEC §14): slot 0 is the output, 1–9 the 3×3 grid, 10–45 the
//! inventory; the output is recomputed from the grid with the shared
//! 1.16.5 recipe table (patterns not mirrored, as Plancraft matches).

use std::collections::BTreeMap;

use crate::sim::registry::{registry, ItemId};
use crate::sim::rules::crafting::{self, Grid, Mirroring};

/// Number of slots: output, 9 grid cells, 36 inventory slots.
pub const SLOTS: usize = 46;
/// The output slot.
pub const OUTPUT: usize = 0;
/// The first inventory slot ([I1]).
pub const FIRST_INVENTORY: usize = 10;

/// Items of one type in a slot.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stack {
    #[serde(rename = "type")]
    pub item: String,
    pub quantity: u32,
}

/// An environment action, already parsed and validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum EnvAction {
    Move {
        from: usize,
        to: usize,
        quantity: u32,
    },
    Smelt {
        from: usize,
        to: usize,
        quantity: u32,
    },
}

/// The table's slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    slots: Vec<Option<Stack>>,
}

impl Table {
    /// A table holding `inventory` (slot → stack); the output is computed.
    pub fn new(inventory: &BTreeMap<usize, Stack>) -> Table {
        let mut slots = vec![None; SLOTS];
        for (&slot, stack) in inventory {
            if slot < SLOTS && stack.quantity > 0 {
                slots[slot] = Some(stack.clone());
            }
        }
        let mut table = Table { slots };
        table.recompute_output();
        table
    }

    pub fn slot(&self, slot: usize) -> Option<&Stack> {
        self.slots.get(slot).and_then(Option::as_ref)
    }

    /// The non-empty slots in slot order.
    pub fn stacks(&self) -> impl Iterator<Item = (usize, &Stack)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(slot, stack)| stack.as_ref().map(|s| (slot, s)))
    }

    /// Whether `item` lies in any slot but the output (Plancraft's success).
    pub fn holds_outside_output(&self, item: &str) -> bool {
        self.stacks()
            .any(|(slot, stack)| slot != OUTPUT && stack.item == item)
    }

    pub fn apply(&mut self, action: EnvAction) {
        match action {
            EnvAction::Move { from, to, quantity } => self.move_items(from, to, quantity),
            EnvAction::Smelt { from, to, quantity } => self.smelt(from, to, quantity),
        }
    }

    /// Plancraft's move: nothing happens if the source is empty or short,
    /// or the target holds another item or would overflow; out of the
    /// output it takes the whole output and uses one of each ingredient.
    fn move_items(&mut self, from: usize, to: usize, quantity: u32) {
        if from == to || quantity == 0 || from >= SLOTS || to == OUTPUT || to >= SLOTS {
            return;
        }
        let Some(source) = self.slots[from].clone() else {
            return;
        };
        if source.quantity < quantity {
            return;
        }
        let quantity = if from == OUTPUT {
            source.quantity
        } else {
            quantity
        };
        if !self.put(to, &source.item, quantity) {
            return;
        }
        self.take(from, quantity);
        if from == OUTPUT {
            for cell in 1..FIRST_INVENTORY {
                self.take(cell, 1);
            }
        }
        if from < FIRST_INVENTORY || to < FIRST_INVENTORY {
            self.recompute_output();
        }
    }

    /// Plancraft's smelt: `quantity` items of the source become as many
    /// of their smelting result in the target, at once.
    fn smelt(&mut self, from: usize, to: usize, quantity: u32) {
        if from == to
            || quantity == 0
            || from == OUTPUT
            || to == OUTPUT
            || from >= SLOTS
            || to >= SLOTS
        {
            return;
        }
        let Some(source) = self.slots[from].clone() else {
            return;
        };
        if source.quantity < quantity {
            return;
        }
        let Some(result) = item_id(&source.item).and_then(crafting::smelt) else {
            return;
        };
        if !self.put(to, registry().item(result.result).name, quantity) {
            return;
        }
        self.take(from, quantity);
        if from < FIRST_INVENTORY || to < FIRST_INVENTORY {
            self.recompute_output();
        }
    }

    /// Adds `quantity` of `item` to `slot` if it is empty, or holds the same
    /// item with room for them; says whether it did.
    fn put(&mut self, slot: usize, item: &str, quantity: u32) -> bool {
        match &mut self.slots[slot] {
            None => {
                self.slots[slot] = Some(Stack {
                    item: item.to_string(),
                    quantity,
                });
                true
            }
            Some(stack) if stack.item == item && stack.quantity + quantity <= max_stack(item) => {
                stack.quantity += quantity;
                true
            }
            Some(_) => false,
        }
    }

    fn take(&mut self, slot: usize, quantity: u32) {
        if let Some(stack) = &mut self.slots[slot] {
            stack.quantity = stack.quantity.saturating_sub(quantity);
            if stack.quantity == 0 {
                self.slots[slot] = None;
            }
        }
    }

    /// Sets the output to what the grid crafts, or empties it.
    fn recompute_output(&mut self) {
        self.slots[OUTPUT] = self.crafted();
    }

    fn crafted(&self) -> Option<Stack> {
        let mut cells = [None; 9];
        for (cell, stack) in cells.iter_mut().zip(&self.slots[1..FIRST_INVENTORY]) {
            if let Some(stack) = stack {
                // An item the 1.16.5 registry lacks is in no recipe.
                *cell = Some(item_id(&stack.item)?);
            }
        }
        let recipe = crafting::craft(
            &Grid {
                cells: &cells,
                width: 3,
            },
            Mirroring::None,
        )?;
        Some(Stack {
            item: registry().item(recipe.result).name.to_string(),
            quantity: u32::from(recipe.count),
        })
    }

    /// Plancraft's text observation of this table for `target`.
    pub fn text(&self, target: &str) -> String {
        let mut text = format!("Craft an item of type: {target}\ninventory:");
        for (slot, stack) in self.stacks() {
            text.push_str(&format!(
                "\n - {} {} quantity {}",
                stack.item,
                slot_name(slot),
                stack.quantity
            ));
        }
        text
    }
}

/// Reads a text observation back: the target and the table it shows.
/// `None` when the text is not an observation (an answer to think or search).
pub fn read_text(text: &str) -> Option<(String, Table)> {
    let mut lines = text.lines();
    let target = lines.next()?.strip_prefix("Craft an item of type: ")?;
    if lines.next()? != "inventory:" {
        return None;
    }
    let mut inventory = BTreeMap::new();
    for line in lines {
        let mut words = line.strip_prefix(" - ")?.split(' ');
        let (item, slot, _, quantity) =
            (words.next()?, words.next()?, words.next()?, words.next()?);
        let stack = Stack {
            item: item.to_string(),
            quantity: quantity.parse().ok()?,
        };
        inventory.insert(slot_index(slot)?, stack);
    }
    Some((target.to_string(), Table::new(&inventory)))
}

pub fn item_id(name: &str) -> Option<ItemId> {
    registry().item_named(name)
}

/// The stack size of `item` in 1.16.5 (64 for items the table lacks).
pub fn max_stack(item: &str) -> u32 {
    item_id(item).map_or(64, |id| u32::from(registry().item(id).stack))
}

/// `[0]`, `[A1]`…`[C3]`, `[I1]`…`[I36]`.
pub fn slot_name(slot: usize) -> String {
    match slot {
        OUTPUT => "[0]".to_string(),
        1..=9 => {
            let row = ["A", "B", "C"][(slot - 1) / 3];
            format!("[{row}{}]", (slot - 1) % 3 + 1)
        }
        _ => format!("[I{}]", slot - 9),
    }
}

/// The slot a name like `[B2]` or `[I7]` means, if it is one.
pub fn slot_index(name: &str) -> Option<usize> {
    let inner = name.strip_prefix('[')?.strip_suffix(']')?;
    if inner == "0" {
        return Some(OUTPUT);
    }
    let (kind, number) = inner.split_at(1);
    let number: usize = number.parse().ok()?;
    match kind {
        "A" | "B" | "C" if (1..=3).contains(&number) && !number_has_leading_zero(inner) => {
            let row = usize::from(kind.as_bytes()[0] - b'A');
            Some(1 + row * 3 + number - 1)
        }
        "I" if (1..=36).contains(&number) && !number_has_leading_zero(inner) => Some(number + 9),
        _ => None,
    }
}

fn number_has_leading_zero(inner: &str) -> bool {
    inner[1..].starts_with('0')
}
