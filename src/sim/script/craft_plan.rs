//! Which crafts make an item out of what the inventory holds: a grid
//! recipe for the item from the shared recipe table, and first, for each
//! ingredient that is short, the crafts that make it (logs → planks →
//! sticks → tool). Pure planning over item counts; [`super::craft`]
//! carries the plan out through the screens.

use std::collections::HashMap;

use crate::sim::inventory::Inventory;
use crate::sim::registry::{registry, Ingredient, ItemId, RecipeKind};

/// How many crafts deep a chain of missing ingredients may go.
const MAX_DEPTH: u32 = 4;
/// Crafts one step may do at once: each grid cell holds one stack.
const MAX_TIMES: u32 = 64;

/// One recipe, done `times` at once: each cell gets `times` items.
#[derive(Debug, Clone, PartialEq)]
pub struct CraftStep {
    /// The pattern's width; `cells` is row-major.
    width: usize,
    cells: Vec<Option<ItemId>>,
    pub times: u8,
}

impl CraftStep {
    fn height(&self) -> usize {
        self.cells.len().div_ceil(self.width)
    }

    /// Whether the pattern fits a `grid`×`grid` crafting grid.
    pub fn fits(&self, grid: usize) -> bool {
        self.width <= grid && self.height() <= grid
    }

    /// The item each cell of a `grid`-wide crafting grid must hold
    /// (row-major, the pattern in the top-left corner).
    pub fn layout(&self, grid: usize) -> Vec<Option<ItemId>> {
        let mut cells = vec![None; grid * grid];
        for (i, item) in self.cells.iter().enumerate() {
            cells[(i / self.width) * grid + i % self.width] = *item;
        }
        cells
    }
}

/// The crafts that leave at least `count` more of `target` than the
/// inventory holds now, in order; `None` if the inventory cannot make them.
pub fn plan(target: ItemId, count: u32, inventory: &Inventory) -> Option<Vec<CraftStep>> {
    let mut planner = Planner {
        have: HashMap::new(),
        steps: Vec::new(),
        visiting: Vec::new(),
    };
    for stack in inventory.main.iter().flatten() {
        *planner.have.entry(stack.item).or_default() += u32::from(stack.count);
    }
    let wanted = planner.held(target) + count;
    planner.make(target, wanted, 0).then_some(planner.steps)
}

/// A recipe's cells on the crafting grid, if it is a grid recipe: the
/// pattern's width and its cells (shapeless ones two to a row when they fit 2×2).
fn grid_pattern(kind: &RecipeKind) -> Option<(usize, Vec<Option<Ingredient>>)> {
    match kind {
        RecipeKind::Shaped { width, cells, .. } => Some((*width, cells.clone())),
        RecipeKind::Shapeless(ingredients) => Some((
            if ingredients.len() <= 4 { 2 } else { 3 },
            ingredients.iter().cloned().map(Some).collect(),
        )),
        RecipeKind::Cooking { .. } | RecipeKind::Stonecutting(_) => None,
    }
}

struct Planner {
    /// Items held once the planned steps are done.
    have: HashMap<ItemId, u32>,
    steps: Vec<CraftStep>,
    /// Items being planned further up, so that no plan goes round a cycle
    /// (ingots → nuggets → ingots).
    visiting: Vec<ItemId>,
}

impl Planner {
    fn held(&self, item: ItemId) -> u32 {
        self.have.get(&item).copied().unwrap_or(0)
    }

    /// Plans crafts until `count` of `item` are held; on failure leaves
    /// the plan as it was.
    fn make(&mut self, item: ItemId, count: u32, depth: u32) -> bool {
        let short = count.saturating_sub(self.held(item));
        if short == 0 {
            return true;
        }
        if depth == MAX_DEPTH || self.visiting.contains(&item) {
            return false;
        }
        self.visiting.push(item);
        let made = self.make_by_some_recipe(item, count, short, depth);
        self.visiting.pop();
        made
    }

    fn make_by_some_recipe(&mut self, item: ItemId, count: u32, short: u32, depth: u32) -> bool {
        for recipe in registry().recipes.producing(item) {
            let Some((width, ingredients)) = grid_pattern(&recipe.kind) else {
                continue;
            };
            let times = short.div_ceil(u32::from(recipe.count));
            if times > MAX_TIMES {
                continue;
            }
            let saved = (self.have.clone(), self.steps.len());
            if let Some(cells) = self.gather(&ingredients, times, depth) {
                self.push(CraftStep {
                    width,
                    cells,
                    times: times as u8,
                });
                *self.have.entry(item).or_default() += times * u32::from(recipe.count);
                if self.held(item) >= count {
                    return true;
                }
            }
            self.have = saved.0;
            self.steps.truncate(saved.1);
        }
        false
    }

    /// Adds a step, merged into the last one when it is the same recipe
    /// with the same items (planks for the head, then for the sticks).
    fn push(&mut self, step: CraftStep) {
        match self.steps.last_mut() {
            Some(last)
                if (last.width, &last.cells) == (step.width, &step.cells)
                    && u32::from(last.times) + u32::from(step.times) <= MAX_TIMES =>
            {
                last.times += step.times;
            }
            _ => self.steps.push(step),
        }
    }

    /// Picks an item for every cell, `times` each, crafting first what is
    /// short, and takes them from what is held.
    fn gather(
        &mut self,
        cells: &[Option<Ingredient>],
        times: u32,
        depth: u32,
    ) -> Option<Vec<Option<ItemId>>> {
        let mut chosen = vec![None; cells.len()];
        for (i, cell) in cells.iter().enumerate() {
            let Some(ingredient) = cell else {
                continue;
            };
            if chosen[i].is_some() {
                continue;
            }
            let same: Vec<usize> = (i..cells.len())
                .filter(|&j| cells[j].as_ref() == Some(ingredient))
                .collect();
            let need = same.len() as u32 * times;
            let options = &ingredient.0;
            let item = options
                .iter()
                .copied()
                .find(|&option| self.held(option) >= need)
                .or_else(|| {
                    options
                        .iter()
                        .copied()
                        .find(|&option| self.make(option, need, depth + 1))
                })?;
            *self.have.entry(item).or_default() -= need;
            for j in same {
                chosen[j] = Some(item);
            }
        }
        Some(chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;

    fn holding(stacks: &[(&str, u8)]) -> Inventory {
        let mut inventory = Inventory::default();
        for &(name, count) in stacks {
            inventory.insert(ItemStack::new(item(name), count));
        }
        inventory
    }

    #[test]
    fn a_pickaxe_from_logs_chains_planks_and_sticks_first() {
        let steps = plan(item("wooden_pickaxe"), 1, &holding(&[("oak_log", 3)])).unwrap();
        let planks = Some(item("oak_planks"));
        let stick = Some(item("stick"));
        assert_eq!(steps.len(), 3);
        assert_eq!(
            steps[0].layout(2),
            vec![Some(item("oak_log")), None, None, None]
        );
        assert_eq!(
            steps[0].times, 2,
            "5 planks: three for the head, two for sticks"
        );
        assert_eq!(steps[1].layout(2), vec![planks, None, planks, None]);
        assert_eq!(
            steps[2].layout(3),
            vec![planks, planks, planks, None, stick, None, None, stick, None]
        );
        assert!(!steps[2].fits(2) && steps[2].fits(3));
    }

    #[test]
    fn what_the_inventory_cannot_make_has_no_plan() {
        assert_eq!(plan(item("clock"), 1, &holding(&[("gold_ingot", 3)])), None);
        assert_eq!(plan(item("diamond"), 1, &holding(&[("stone", 64)])), None);
    }

    #[test]
    fn shapeless_recipes_fill_the_grid_two_to_a_row() {
        let steps = plan(
            item("andesite"),
            1,
            &holding(&[("diorite", 1), ("cobblestone", 1)]),
        );
        let step = &steps.unwrap()[0];
        assert!(step.fits(2));
        assert_eq!(
            step.layout(2),
            vec![Some(item("diorite")), Some(item("cobblestone")), None, None]
        );
    }
}
