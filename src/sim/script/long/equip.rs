//! Taking an item into the hand wherever it lies in the inventory: a
//! hotbar item is selected with its number key; one in the main inventory
//! is first swapped into the hotbar through the inventory screen (picked
//! up, clicked onto a hotbar slot, what was there put back where the item
//! was), as a player does when the hotbar is full of mined blocks.

use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::inventory::HOTBAR_SLOTS;
use crate::sim::registry::{registry, ItemId, ItemKind};
use crate::sim::screen::{ScreenKind, Slot};
use crate::sim::script::behaviour::{Behaviour, Step, Taps};
use crate::sim::script::craft::click_on;

/// Puts an item in the hand; done at once if none is held.
pub struct Equip {
    item: ItemId,
    /// The main-inventory slot the item was taken from.
    from: Option<usize>,
    taps: Taps,
}

impl Equip {
    pub fn new(item: ItemId) -> Equip {
        Equip {
            item,
            from: None,
            taps: Taps::new(60),
        }
    }

    /// An action now and its release next tick.
    fn tap(&mut self, action: Action) -> Step {
        self.taps.tap(action)
    }
}

/// The hotbar slot to swap an item into: an empty one, else the first
/// holding no tool.
fn hotbar_slot_to_fill(game: &Game) -> usize {
    let main = &game.player.inventory.main;
    let is_tool = |slot: usize| {
        main[slot]
            .as_ref()
            .is_some_and(|s| matches!(registry().item(s.item).kind, ItemKind::Tool { .. }))
    };
    (0..HOTBAR_SLOTS)
        .find(|&slot| main[slot].is_none())
        .or_else(|| (0..HOTBAR_SLOTS).find(|&slot| !is_tool(slot)))
        .unwrap_or(0)
}

impl Behaviour for Equip {
    fn next(&mut self, game: &Game) -> Step {
        if let Some(step) = self.taps.pending() {
            return step;
        }
        let inventory = &game.player.inventory;
        let holds = |slot: usize| {
            inventory.main[slot]
                .as_ref()
                .is_some_and(|s| s.item == self.item)
        };
        let in_hotbar = (0..HOTBAR_SLOTS).find(|&slot| holds(slot));
        let in_main = (HOTBAR_SLOTS..inventory.main.len()).find(|&slot| holds(slot));
        let Some(screen) = &game.screen else {
            return match (in_hotbar, in_main) {
                (Some(slot), _) if slot == inventory.selected => Step::Done,
                (Some(slot), _) => {
                    Step::Act(Action::noop().with(Key::hotbar(slot as u8 + 1).expect("slot 0..9")))
                }
                (None, Some(_)) => self.tap(Action::noop().with(Key::Inventory)),
                (None, None) => Step::Done,
            };
        };
        if screen.kind != ScreenKind::Inventory {
            return self.tap(Action::noop().with(Key::Inventory));
        }
        match &screen.carried {
            None => match (in_hotbar, in_main) {
                (None, Some(slot)) => {
                    self.from = Some(slot);
                    self.tap(click_on(screen, Slot::Main(slot), &[Key::Attack]))
                }
                _ => self.tap(Action::noop().with(Key::Inventory)),
            },
            Some(carried) if carried.item == self.item => {
                let slot = hotbar_slot_to_fill(game);
                self.tap(click_on(screen, Slot::Main(slot), &[Key::Attack]))
            }
            Some(_) => {
                let back = self
                    .from
                    .filter(|&slot| inventory.main[slot].is_none())
                    .or_else(|| inventory.main.iter().position(Option::is_none));
                match back {
                    Some(slot) => self.tap(click_on(screen, Slot::Main(slot), &[Key::Attack])),
                    None => self.tap(Action::noop().with(Key::Inventory)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::sky_game;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;

    #[test]
    fn a_pickaxe_in_the_main_inventory_is_swapped_into_a_full_hotbar() {
        let mut game = sky_game();
        for slot in 0..HOTBAR_SLOTS {
            game.player.inventory.main[slot] = Some(ItemStack::new(item("dirt"), 10));
        }
        game.player.inventory.main[20] = Some(ItemStack::new(item("stone_pickaxe"), 1));
        let mut equip = Equip::new(item("stone_pickaxe"));
        for _ in 0..60 {
            match equip.next(&game) {
                Step::Act(action) => crate::sim::rules::tick(&mut game, &action),
                Step::Done => break,
            }
        }
        let held = game.player.inventory.selected_stack().map(|s| s.item);
        assert_eq!(held, Some(item("stone_pickaxe")));
        assert!(game.screen.is_none());
        assert_eq!(
            game.player.inventory.count(item("dirt")),
            90,
            "nothing lost"
        );
    }
}
