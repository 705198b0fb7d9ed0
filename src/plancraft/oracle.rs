//! A planner that knows every recipe: from a table's contents it works out,
//! depth first over the recipe graph, which crafts and smelts make the
//! target from what is there, then lays them out as Plancraft actions
//! (moves into the grid, takes from the output, smelts). It says
//! `impossible` when no plan exists. It is the reference agent of the
//! Plancraft environment and the proof that an example can be solved.

use std::collections::BTreeMap;

use super::env::{
    item_id, max_stack, slot_name, EnvAction, Stack, Table, FIRST_INVENTORY, OUTPUT, SLOTS,
};
use crate::sim::registry::{registry, CookingMethod, Ingredient, Recipe, RecipeKind};

/// One step of a plan, before slots are chosen.
#[derive(Debug, Clone)]
enum Step {
    /// Lay `cells` (the 3×3 grid, one item name each) out `times` deep and
    /// take the output `times` times.
    Craft {
        cells: [Option<String>; 9],
        times: u32,
    },
    Smelt {
        input: String,
        times: u32,
    },
}

/// The actions that craft `target` from `table`, as reply texts, or the
/// reason there are none.
pub fn solve(table: &Table, target: &str) -> Result<Vec<String>, String> {
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for (slot, stack) in table.stacks() {
        if slot != OUTPUT {
            *counts.entry(stack.item.clone()).or_default() += stack.quantity;
        }
    }
    let mut planner = Planner {
        counts,
        steps: Vec::new(),
        visiting: Vec::new(),
    };
    if !planner.obtain(target, 1) {
        return Err(format!("{target} cannot be made from this inventory"));
    }
    lay_out(table.clone(), &planner.steps, target)
}

struct Planner {
    /// Items available, by name.
    counts: BTreeMap<String, u32>,
    steps: Vec<Step>,
    /// Items being planned further up, to refuse cycles.
    visiting: Vec<String>,
}

impl Planner {
    /// Plans `need` of `item` out of what is left; on failure nothing changes.
    fn obtain(&mut self, item: &str, need: u32) -> bool {
        let have = self.counts.get(item).copied().unwrap_or(0);
        if have >= need {
            *self.counts.get_mut(item).expect("held") -= need;
            return true;
        }
        if self.visiting.iter().any(|v| v == item) || self.visiting.len() > 12 {
            return false;
        }
        let Some(id) = item_id(item) else {
            return false;
        };
        let missing = need - have;
        let saved = (self.counts.clone(), self.steps.len());
        self.counts.insert(item.to_string(), 0);
        self.visiting.push(item.to_string());
        let made = registry()
            .recipes
            .producing(id)
            .any(|recipe| self.try_recipe(recipe, item, missing));
        self.visiting.pop();
        if !made {
            self.counts = saved.0;
            self.steps.truncate(saved.1);
        }
        made
    }

    /// Plans `missing` of `item` through `recipe`; on failure nothing changes.
    fn try_recipe(&mut self, recipe: &Recipe, item: &str, missing: u32) -> bool {
        let saved = (self.counts.clone(), self.steps.len());
        let count = u32::from(recipe.count);
        let times = missing.div_ceil(count);
        let step = match &recipe.kind {
            RecipeKind::Shaped { width, cells, .. } => {
                let mut grid: [Option<&Ingredient>; 9] = [None; 9];
                for (index, cell) in cells.iter().enumerate() {
                    grid[(index / width) * 3 + index % width] = cell.as_ref();
                }
                self.fill(&grid, times)
            }
            RecipeKind::Shapeless(ingredients) => {
                let mut grid: [Option<&Ingredient>; 9] = [None; 9];
                for (cell, ingredient) in grid.iter_mut().zip(ingredients) {
                    *cell = Some(ingredient);
                }
                self.fill(&grid, times)
            }
            RecipeKind::Cooking {
                method: CookingMethod::Smelting,
                input,
                ..
            } => self
                .choose(input, times)
                .map(|input| Step::Smelt { input, times }),
            _ => None,
        };
        match step {
            Some(step) => {
                self.steps.push(step);
                *self.counts.entry(item.to_string()).or_default() += times * count - missing;
                true
            }
            None => {
                self.counts = saved.0;
                self.steps.truncate(saved.1);
                false
            }
        }
    }

    /// Chooses and plans an item for each grid cell, `times` of each.
    fn fill(&mut self, grid: &[Option<&Ingredient>; 9], times: u32) -> Option<Step> {
        let mut cells: [Option<String>; 9] = Default::default();
        for (cell, ingredient) in cells.iter_mut().zip(grid) {
            if let Some(ingredient) = ingredient {
                let item = self.choose(ingredient, times)?;
                if times > max_stack(&item) {
                    return None;
                }
                *cell = Some(item);
            }
        }
        Some(Step::Craft { cells, times })
    }

    /// The first of the ingredient's items that can be had `times` times:
    /// those held first (most held first), then those that can be made.
    fn choose(&mut self, ingredient: &Ingredient, times: u32) -> Option<String> {
        let mut names: Vec<&str> = ingredient
            .0
            .iter()
            .map(|&id| registry().item(id).name)
            .collect();
        names.sort_by_key(|name| std::cmp::Reverse(self.counts.get(*name).copied().unwrap_or(0)));
        names
            .into_iter()
            .find(|name| self.obtain(name, times))
            .map(str::to_string)
    }
}

/// Turns planned steps into actions on a copy of the table, checking each.
fn lay_out(mut table: Table, steps: &[Step], target: &str) -> Result<Vec<String>, String> {
    let mut actions = Vec::new();
    let mut act = |table: &mut Table, action: EnvAction| {
        table.apply(action);
        actions.push(action_text(action));
    };
    for step in steps {
        match step {
            Step::Smelt { input, times } => {
                let mut left = *times;
                while left > 0 {
                    let from = find(&table, input).ok_or(format!("no {input} to smelt"))?;
                    let quantity = left.min(table.slot(from).map_or(0, |s| s.quantity));
                    let result = item_id(input)
                        .and_then(crate::sim::rules::crafting::smelt)
                        .map(|r| registry().item(r.result).name)
                        .ok_or(format!("{input} does not smelt"))?;
                    let to = room_for(&table, result, quantity)
                        .ok_or("no free slot for the smelted items")?;
                    act(&mut table, EnvAction::Smelt { from, to, quantity });
                    left -= quantity;
                }
            }
            Step::Craft { cells, times } => {
                for (cell, item) in cells.iter().enumerate() {
                    let Some(item) = item else { continue };
                    let mut left = *times;
                    while left > 0 {
                        let from = find(&table, item).ok_or(format!("no {item} left"))?;
                        let quantity = left.min(table.slot(from).map_or(0, |s| s.quantity));
                        act(
                            &mut table,
                            EnvAction::Move {
                                from,
                                to: cell + 1,
                                quantity,
                            },
                        );
                        left -= quantity;
                    }
                }
                for _ in 0..*times {
                    let output = table
                        .slot(OUTPUT)
                        .cloned()
                        .ok_or("the grid crafts nothing")?;
                    let to = room_for(&table, &output.item, output.quantity)
                        .ok_or("no free slot for the crafted items")?;
                    act(
                        &mut table,
                        EnvAction::Move {
                            from: OUTPUT,
                            to,
                            quantity: output.quantity,
                        },
                    );
                }
            }
        }
    }
    if table.holds_outside_output(target) {
        Ok(actions)
    } else {
        Err(format!("the plan did not end with {target}"))
    }
}

/// The first inventory slot holding `item`.
fn find(table: &Table, item: &str) -> Option<usize> {
    (FIRST_INVENTORY..SLOTS).find(|&slot| table.slot(slot).is_some_and(|s: &Stack| s.item == item))
}

/// An inventory slot that takes `quantity` of `item`: a stack of it with
/// room, else an empty slot.
fn room_for(table: &Table, item: &str, quantity: u32) -> Option<usize> {
    let stack_with_room = (FIRST_INVENTORY..SLOTS).find(|&slot| {
        table
            .slot(slot)
            .is_some_and(|s| s.item == item && s.quantity + quantity <= max_stack(item))
    });
    stack_with_room.or_else(|| (FIRST_INVENTORY..SLOTS).find(|&slot| table.slot(slot).is_none()))
}

/// The reply text of an environment action.
pub fn action_text(action: EnvAction) -> String {
    let (name, from, to, quantity) = match action {
        EnvAction::Move { from, to, quantity } => ("move", from, to, quantity),
        EnvAction::Smelt { from, to, quantity } => ("smelt", from, to, quantity),
    };
    format!(
        "{name}: from {} to {} with quantity {quantity}",
        slot_name(from),
        slot_name(to)
    )
}
