//! The crafting grid's result: recomputed from the grid with
//! `rules::crafting::craft` (mirroring allowed, as 1.16.5 matches), and
//! taken by consuming one of each ingredient, leaving 1.16.5's container
//! remainders (buckets, glass bottles) behind.

use super::{Outcome, Screen};
use crate::sim::inventory::{Inventory, ItemStack};
use crate::sim::registry::ItemId;
use crate::sim::rules::crafting::{craft, remainder, Grid, Mirroring};

impl Screen {
    /// Sets the result slot to what the grid makes (nothing off crafting screens).
    pub(super) fn refresh_result(&mut self) {
        let Some(width) = self.layout().crafting_grid else {
            return;
        };
        let cells: Vec<Option<ItemId>> = self
            .container
            .iter()
            .map(|s| s.as_ref().map(|s| s.item))
            .collect();
        self.result = craft(
            &Grid {
                cells: &cells,
                width,
            },
            Mirroring::Allowed,
        )
        .map(|recipe| ItemStack::new(recipe.result, recipe.count));
    }

    /// Takes up to `count` items out of the result slot: one craft's
    /// ingredients are used up and the taken items counted as crafted.
    /// A remainder that cannot go back into its grid cell goes into the
    /// inventory, or onto the ground.
    pub(super) fn take_result(
        &mut self,
        count: u8,
        inventory: &mut Inventory,
        outcome: &mut Outcome,
    ) -> Option<ItemStack> {
        let mut taken = self.result.clone()?;
        taken.count = taken.count.min(count);
        for cell in &mut self.container {
            let Some(stack) = cell.as_mut() else {
                continue;
            };
            let remainder = remainder(stack.item).map(|item| ItemStack::new(item, 1));
            stack.count -= 1;
            if stack.count == 0 {
                *cell = None;
            }
            let Some(remainder) = remainder else {
                continue;
            };
            match cell {
                None => *cell = Some(remainder),
                Some(left) if left.stacks_with(&remainder) => left.count += 1,
                Some(_) => outcome.spilled.extend(inventory.insert(remainder)),
            }
        }
        outcome.crafted.push(taken.clone());
        self.refresh_result();
        Some(taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::item;
    use crate::sim::screen::ScreenKind;

    fn table(cells: [(&str, u8); 9]) -> Screen {
        let mut screen = Screen::open(ScreenKind::CraftingTable);
        for (slot, (name, count)) in screen.container.iter_mut().zip(cells) {
            *slot = (count > 0).then(|| ItemStack::new(item(name), count));
        }
        screen.refresh_result();
        screen
    }

    #[test]
    fn the_result_follows_the_grid_and_taking_it_uses_one_of_each_ingredient() {
        let none = ("", 0);
        let mut screen = table([
            ("oak_planks", 3),
            none,
            none,
            ("birch_planks", 1),
            none,
            none,
            none,
            none,
            none,
        ]);
        assert_eq!(screen.result, Some(ItemStack::new(item("stick"), 4)));
        let mut outcome = Outcome::default();
        let mut inventory = Inventory::default();
        let taken = screen.take_result(64, &mut inventory, &mut outcome);
        assert_eq!(taken, Some(ItemStack::new(item("stick"), 4)));
        assert_eq!(
            screen.container[0],
            Some(ItemStack::new(item("oak_planks"), 2))
        );
        assert_eq!(screen.container[3], None);
        assert_eq!(
            screen.result,
            Some(ItemStack::new(item("oak_button"), 1)),
            "a lone plank makes a button"
        );
        assert_eq!(outcome.crafted, vec![ItemStack::new(item("stick"), 4)]);
    }

    #[test]
    fn buckets_stay_in_the_grid_after_a_cake() {
        let mut screen = table([
            ("milk_bucket", 1),
            ("milk_bucket", 1),
            ("milk_bucket", 1),
            ("sugar", 1),
            ("egg", 1),
            ("sugar", 1),
            ("wheat", 1),
            ("wheat", 1),
            ("wheat", 1),
        ]);
        assert_eq!(screen.result, Some(ItemStack::new(item("cake"), 1)));
        let mut outcome = Outcome::default();
        screen.take_result(1, &mut Inventory::default(), &mut outcome);
        let bucket = Some(ItemStack::new(item("bucket"), 1));
        assert_eq!(
            &screen.container[..3],
            &[bucket.clone(), bucket.clone(), bucket]
        );
        assert!(screen.container[3..].iter().all(Option::is_none));
        assert!(outcome.spilled.is_empty());
    }
}
