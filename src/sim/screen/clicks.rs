//! Vanilla 1.16.5's clicks on an open screen (`AbstractContainerMenu.doClick`
//! and the screen's key handling): pick up, put down, merge and swap with
//! either mouse button, take from the crafting result, throw the cursor
//! stack off the background, the drop key and the hotbar keys over a slot.
//! Sneak-clicks are [`super::quick_move`]'s.

use super::layout::FURNACE_OUTPUT;
use super::{slot_limit, Screen, Slot};
use crate::sim::inventory::{split_off, Inventory, ItemStack};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    Left,
    Right,
}

/// One thing the player does to the screen at the cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Click {
    /// A mouse button going down; with sneak held, a quick move.
    Mouse { button: Button, sneak: bool },
    /// The drop key: one item of the slot under the cursor onto the ground.
    Drop,
    /// A hotbar key (slot 0..9): swaps that hotbar slot with the one under the cursor.
    Hotbar(usize),
}

/// What a click sends out of the screen, for the world to handle.
#[derive(Debug, Default, PartialEq)]
pub struct Outcome {
    /// Thrown by the player on purpose (counted as `drop`).
    pub thrown: Vec<ItemStack>,
    /// Fell out because nothing had room (no statistic).
    pub spilled: Vec<ItemStack>,
    /// Taken out of the result slot (counted as `craft_item`).
    pub crafted: Vec<ItemStack>,
    /// Taken out of a furnace's output (counted as `craft_item`; pays the
    /// furnace's experience).
    pub smelted: Option<ItemStack>,
    /// The enchanting table's offer button pressed (0..3), for the world
    /// to check the price and enchant.
    pub offer: Option<usize>,
}

impl Button {
    /// Items a button takes off a stack of `count`: all, or half rounded up.
    fn pick_amount(self, count: u8) -> u8 {
        match self {
            Button::Left => count,
            Button::Right => count.div_ceil(2),
        }
    }

    /// Items a button puts down from a stack of `count`: all, or one.
    fn place_amount(self, count: u8) -> u8 {
        match self {
            Button::Left => count,
            Button::Right => 1,
        }
    }
}

impl Screen {
    /// Applies a click at the cursor; the crafting result follows the grid.
    pub fn click(&mut self, inventory: &mut Inventory, click: Click) -> Outcome {
        self.click_on(self.hovered(), inventory, click)
    }

    /// Applies a click on `hovered` (the slot under the cursor, or the one
    /// a drag ended on).
    pub(super) fn click_on(
        &mut self,
        hovered: Option<Slot>,
        inventory: &mut Inventory,
        click: Click,
    ) -> Outcome {
        let mut outcome = Outcome::default();
        let output_before = self.furnace_output().cloned();
        match (click, hovered) {
            (Click::Mouse { .. }, None) if self.layout().offer_at(self.cursor).is_some() => {
                outcome.offer = self.layout().offer_at(self.cursor);
            }
            (Click::Mouse { button, .. }, None) if self.layout().is_outside(self.cursor) => {
                let count = button.place_amount(u8::MAX);
                outcome.thrown.extend(split_off(&mut self.carried, count));
            }
            (Click::Mouse { sneak: true, .. }, Some(slot)) => {
                self.quick_move(slot, inventory, &mut outcome);
            }
            (Click::Mouse { .. }, Some(Slot::Result)) => {
                self.take_result_onto_cursor(inventory, &mut outcome);
            }
            (Click::Mouse { button, .. }, Some(slot)) => {
                self.pick_or_place(slot, button, inventory)
            }
            (Click::Drop, Some(slot)) if self.carried.is_none() => {
                let thrown = match slot {
                    Slot::Result => self.take_result(1, inventory, &mut outcome),
                    _ => split_off(self.slot_mut(inventory, slot), 1),
                };
                outcome.thrown.extend(thrown);
            }
            (Click::Hotbar(hotbar), Some(slot)) if self.carried.is_none() => {
                self.swap_with_hotbar(slot, hotbar, inventory, &mut outcome);
            }
            _ => {}
        }
        self.refresh_result();
        outcome.smelted = output_before.and_then(|mut taken| {
            taken.count -= self.furnace_output().map_or(0, |left| left.count);
            (taken.count > 0).then_some(taken)
        });
        outcome
    }

    /// The furnace's output slot, on furnace screens.
    fn furnace_output(&self) -> Option<&ItemStack> {
        self.kind.cooking()?;
        self.container[FURNACE_OUTPUT].as_ref()
    }

    /// A plain click on a slot that is not the result.
    fn pick_or_place(&mut self, slot: Slot, button: Button, inventory: &mut Inventory) {
        let kind = self.kind;
        let mut carried = self.carried.take();
        let accepts = carried.as_ref().is_some_and(|c| self.accepts(slot, c));
        let target = self.slot_mut(inventory, slot);
        match (target.as_mut(), carried.as_mut()) {
            (None, None) => {}
            (Some(held), None) => {
                let count = button.pick_amount(held.count);
                carried = split_off(target, count);
            }
            (None, Some(c)) if accepts => {
                let count = button.place_amount(c.count).min(slot_limit(kind, slot, c));
                *target = split_off(&mut carried, count);
            }
            (Some(held), Some(c)) if accepts && held.stacks_with(c) => {
                let room = slot_limit(kind, slot, c).saturating_sub(held.count);
                let count = button.place_amount(c.count).min(room);
                held.count += count;
                split_off(&mut carried, count);
            }
            (Some(_), Some(c)) if accepts && c.count <= slot_limit(kind, slot, c) => {
                std::mem::swap(target, &mut carried);
            }
            // A slot that takes nothing (the furnace's output): take it all if it fits.
            (Some(held), Some(c))
                if !accepts && held.stacks_with(c) && c.count + held.count <= c.max_stack() =>
            {
                c.count += held.count;
                *target = None;
            }
            _ => {}
        }
        self.carried = carried;
    }

    /// A click on the result: one craft onto the cursor, if it is empty or
    /// holds the same item with room for the whole craft.
    fn take_result_onto_cursor(&mut self, inventory: &mut Inventory, outcome: &mut Outcome) {
        let Some(result) = &self.result else {
            return;
        };
        let fits = self
            .carried
            .as_ref()
            .is_none_or(|c| c.stacks_with(result) && c.count + result.count <= c.max_stack());
        if !fits {
            return;
        }
        let Some(taken) = self.take_result(result.count, inventory, outcome) else {
            return;
        };
        match &mut self.carried {
            Some(c) => c.count += taken.count,
            None => self.carried = Some(taken),
        }
    }

    /// A hotbar key over a slot (`ClickType.SWAP`).
    fn swap_with_hotbar(
        &mut self,
        slot: Slot,
        hotbar: usize,
        inventory: &mut Inventory,
        outcome: &mut Outcome,
    ) {
        if slot == Slot::Main(hotbar) {
            return;
        }
        let hot = inventory.main[hotbar].take();
        if slot == Slot::Result {
            inventory.main[hotbar] = match hot {
                None => self.take_result(u8::MAX, inventory, outcome),
                held => held,
            };
            return;
        }
        if hot.as_ref().is_some_and(|h| !self.accepts(slot, h)) {
            inventory.main[hotbar] = hot;
            return;
        }
        let other = std::mem::replace(self.slot_mut(inventory, slot), hot);
        inventory.main[hotbar] = other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::item;
    use crate::sim::screen::ScreenKind;

    fn stack(name: &str, count: u8) -> Option<ItemStack> {
        Some(ItemStack::new(item(name), count))
    }

    /// A screen with the cursor on `slot`.
    fn at(kind: ScreenKind, slot: Slot) -> Screen {
        let mut screen = Screen::open(kind);
        let (x, y) = screen.layout().centre(slot).expect("slot on screen");
        screen.cursor = [x as f32, y as f32];
        screen
    }

    const LEFT: Click = Click::Mouse {
        button: Button::Left,
        sneak: false,
    };
    const RIGHT: Click = Click::Mouse {
        button: Button::Right,
        sneak: false,
    };

    #[test]
    fn left_click_picks_up_and_puts_down_whole_stacks() {
        let mut inv = Inventory::default();
        inv.main[0] = stack("dirt", 10);
        let mut screen = at(ScreenKind::Inventory, Slot::Main(0));
        screen.click(&mut inv, LEFT);
        assert_eq!(
            (screen.carried.clone(), inv.main[0].clone()),
            (stack("dirt", 10), None)
        );
        screen.cursor = [265.0, 247.0];
        assert_eq!(screen.hovered(), Some(Slot::Main(1)));
        screen.click(&mut inv, LEFT);
        assert_eq!(
            (screen.carried.clone(), inv.main[1].clone()),
            (None, stack("dirt", 10))
        );
    }

    #[test]
    fn left_click_merges_up_to_a_full_stack_and_swaps_different_items() {
        let mut inv = Inventory::default();
        inv.main[0] = stack("dirt", 60);
        let mut screen = at(ScreenKind::Inventory, Slot::Main(0));
        screen.carried = stack("dirt", 10);
        screen.click(&mut inv, LEFT);
        assert_eq!(
            (screen.carried.clone(), inv.main[0].clone()),
            (stack("dirt", 6), stack("dirt", 64))
        );
        screen.carried = stack("stone", 3);
        screen.click(&mut inv, LEFT);
        assert_eq!(
            (screen.carried.clone(), inv.main[0].clone()),
            (stack("dirt", 64), stack("stone", 3))
        );
    }

    #[test]
    fn right_click_picks_up_half_rounded_up_and_puts_down_one() {
        let mut inv = Inventory::default();
        inv.main[0] = stack("dirt", 7);
        let mut screen = at(ScreenKind::Inventory, Slot::Main(0));
        screen.click(&mut inv, RIGHT);
        assert_eq!(
            (screen.carried.clone(), inv.main[0].clone()),
            (stack("dirt", 4), stack("dirt", 3))
        );
        screen.click(&mut inv, RIGHT);
        assert_eq!(
            (screen.carried.clone(), inv.main[0].clone()),
            (stack("dirt", 3), stack("dirt", 4))
        );
        screen.cursor = [265.0, 247.0];
        screen.click(&mut inv, RIGHT);
        assert_eq!(
            (screen.carried.clone(), inv.main[1].clone()),
            (stack("dirt", 2), stack("dirt", 1))
        );
    }

    #[test]
    fn armor_slots_take_only_their_armor_one_at_a_time() {
        let mut inv = Inventory::default();
        let mut screen = at(ScreenKind::Inventory, Slot::Armor(0));
        screen.carried = stack("dirt", 5);
        screen.click(&mut inv, LEFT);
        assert_eq!(
            (screen.carried.clone(), inv.armor[0].clone()),
            (stack("dirt", 5), None)
        );
        screen.carried = stack("iron_helmet", 1);
        screen.click(&mut inv, LEFT);
        assert_eq!(
            (screen.carried.clone(), inv.armor[0].clone()),
            (None, stack("iron_helmet", 1))
        );
    }

    #[test]
    fn the_furnace_output_takes_nothing_but_gives_onto_a_matching_cursor() {
        let mut inv = Inventory::default();
        let mut screen = at(ScreenKind::Furnace, Slot::Container(FURNACE_OUTPUT));
        screen.carried = stack("iron_ingot", 2);
        screen.click(&mut inv, LEFT);
        assert_eq!(screen.container[FURNACE_OUTPUT], None);
        screen.container[FURNACE_OUTPUT] = stack("iron_ingot", 5);
        let outcome = screen.click(&mut inv, RIGHT);
        assert_eq!(outcome.smelted, stack("iron_ingot", 5));
        assert_eq!(
            (
                screen.carried.clone(),
                screen.container[FURNACE_OUTPUT].clone()
            ),
            (stack("iron_ingot", 7), None)
        );
    }

    #[test]
    fn a_result_click_takes_one_craft_while_the_cursor_has_room() {
        let mut inv = Inventory::default();
        let mut screen = at(ScreenKind::Inventory, Slot::Result);
        screen.container[0] = stack("oak_log", 2);
        screen.refresh_result();
        let first = screen.click(&mut inv, LEFT);
        assert_eq!(screen.carried, stack("oak_planks", 4));
        assert_eq!(first.crafted, vec![ItemStack::new(item("oak_planks"), 4)]);
        screen.click(&mut inv, LEFT);
        assert_eq!(screen.carried, stack("oak_planks", 8));
        assert_eq!(
            (screen.container[0].clone(), screen.result.clone()),
            (None, None)
        );
        screen.container[0] = stack("oak_log", 1);
        screen.refresh_result();
        screen.carried = stack("oak_planks", 62);
        let full = screen.click(&mut inv, LEFT);
        assert!(full.crafted.is_empty());
        screen.carried = stack("stick", 1);
        assert!(screen.click(&mut inv, LEFT).crafted.is_empty());
        assert_eq!(screen.container[0], stack("oak_log", 1));
    }

    #[test]
    fn clicking_off_the_background_throws_all_or_one() {
        let mut inv = Inventory::default();
        let mut screen = Screen::open(ScreenKind::CraftingTable);
        screen.cursor = [20.0, 20.0];
        screen.carried = stack("dirt", 5);
        assert_eq!(
            screen.click(&mut inv, RIGHT).thrown,
            vec![ItemStack::new(item("dirt"), 1)]
        );
        assert_eq!(
            screen.click(&mut inv, LEFT).thrown,
            vec![ItemStack::new(item("dirt"), 4)]
        );
        assert_eq!(screen.carried, None);
        screen.carried = stack("dirt", 5);
        screen.cursor = [320.0, 110.0];
        assert_eq!(screen.hovered(), None);
        assert!(
            screen.click(&mut inv, LEFT).thrown.is_empty(),
            "on the background but no slot"
        );
    }

    #[test]
    fn the_drop_key_throws_one_from_the_slot_under_the_cursor() {
        let mut inv = Inventory::default();
        inv.main[0] = stack("dirt", 3);
        let mut screen = at(ScreenKind::Inventory, Slot::Main(0));
        assert_eq!(
            screen.click(&mut inv, Click::Drop).thrown,
            vec![ItemStack::new(item("dirt"), 1)]
        );
        assert_eq!(inv.main[0], stack("dirt", 2));
    }

    #[test]
    fn a_hotbar_key_swaps_the_slot_under_the_cursor_with_that_hotbar_slot() {
        let mut inv = Inventory::default();
        inv.main[2] = stack("torch", 8);
        inv.main[20] = stack("dirt", 3);
        let mut screen = at(ScreenKind::Inventory, Slot::Main(20));
        screen.click(&mut inv, Click::Hotbar(2));
        assert_eq!(
            (inv.main[2].clone(), inv.main[20].clone()),
            (stack("dirt", 3), stack("torch", 8))
        );
        let mut table = at(ScreenKind::CraftingTable, Slot::Result);
        table.container[4] = stack("oak_log", 1);
        table.refresh_result();
        let outcome = table.click(&mut inv, Click::Hotbar(5));
        assert_eq!(inv.main[5], stack("oak_planks", 4));
        assert_eq!(outcome.crafted.len(), 1);
    }
}
