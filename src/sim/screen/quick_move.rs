//! Sneak-clicks (`quickMoveStack`): a stack jumps between the screen's
//! own slots and the player's, or between the main inventory and the
//! hotbar; sneak-clicking the crafting result crafts as many as fit.
//! Destinations are filled as vanilla's `moveItemStackTo` does: first
//! onto matching stacks, then into the first empty slot that takes it.

use super::layout::{
    BREWING_BOTTLES, BREWING_FUEL, BREWING_INGREDIENT, ENCHANT_ITEM, ENCHANT_LAPIS, FURNACE_FUEL,
    FURNACE_INPUT, FURNACE_OUTPUT,
};
use super::{slot_limit, Outcome, Screen, ScreenKind, Slot};
use crate::sim::block_entity::brewing;
use crate::sim::inventory::{Inventory, ItemStack, HOTBAR_SLOTS, MAIN_SLOTS};
use crate::sim::registry::{item, registry, ItemKind};
use crate::sim::rules::crafting::cook;

/// The player's slots in the order screens list them: main, then hotbar.
fn player_slots() -> Vec<Slot> {
    (HOTBAR_SLOTS..MAIN_SLOTS)
        .chain(0..HOTBAR_SLOTS)
        .map(Slot::Main)
        .collect()
}

fn player_slots_reversed() -> Vec<Slot> {
    let mut slots = player_slots();
    slots.reverse();
    slots
}

impl Screen {
    /// Where a sneak-click sends the stack in `from`, in filling order.
    fn quick_move_targets(
        &self,
        from: Slot,
        stack: &ItemStack,
        inventory: &Inventory,
    ) -> Vec<Slot> {
        let chest = matches!(self.kind, ScreenKind::Chest | ScreenKind::LargeChest);
        let cooking = self.kind.cooking();
        let cooks = cooking.is_some_and(|method| cook(method, stack.item).is_some());
        let burns = cooking.is_some() && registry().burn_ticks(stack.item).is_some();
        let station = matches!(
            self.kind,
            ScreenKind::EnchantingTable | ScreenKind::BrewingStand
        );
        let station_slots = self.station_targets(stack);
        match from {
            Slot::Result => player_slots_reversed(),
            Slot::Container(i)
                if chest || station || (cooking.is_some() && i == FURNACE_OUTPUT) =>
            {
                player_slots_reversed()
            }
            Slot::Container(_) | Slot::Armor(_) | Slot::Offhand => player_slots(),
            Slot::Main(_) if chest => (0..self.container.len()).map(Slot::Container).collect(),
            Slot::Main(_) if cooks => vec![Slot::Container(FURNACE_INPUT)],
            Slot::Main(_) if burns => vec![Slot::Container(FURNACE_FUEL)],
            Slot::Main(_) if !station_slots.is_empty() => station_slots,
            Slot::Main(i) => {
                let armor = match registry().item(stack.item).kind {
                    ItemKind::Armor(kind) if self.kind == ScreenKind::Inventory => {
                        Some(kind as usize)
                    }
                    _ => None,
                };
                match armor {
                    Some(a) if inventory.armor[a].is_none() => vec![Slot::Armor(a)],
                    _ if i < HOTBAR_SLOTS => (HOTBAR_SLOTS..MAIN_SLOTS).map(Slot::Main).collect(),
                    _ => (0..HOTBAR_SLOTS).map(Slot::Main).collect(),
                }
            }
        }
    }

    /// Where a sneak-click from the player's slots sends a stack on the
    /// enchanting table's screen (lapis to its slot, anything else one
    /// item into the item slot) and the brewing stand's (blaze powder to
    /// the fuel, else the ingredient; ingredients to theirs; single
    /// bottles to the bottle slots); nothing elsewhere.
    fn station_targets(&self, stack: &ItemStack) -> Vec<Slot> {
        match self.kind {
            ScreenKind::EnchantingTable if stack.item == item("lapis_lazuli") => {
                vec![Slot::Container(ENCHANT_LAPIS)]
            }
            ScreenKind::EnchantingTable => vec![Slot::Container(ENCHANT_ITEM)],
            ScreenKind::BrewingStand if stack.item == item("blaze_powder") => vec![
                Slot::Container(BREWING_FUEL),
                Slot::Container(BREWING_INGREDIENT),
            ],
            ScreenKind::BrewingStand if brewing::is_ingredient(stack) => {
                vec![Slot::Container(BREWING_INGREDIENT)]
            }
            ScreenKind::BrewingStand if brewing::is_bottle(stack) && stack.count == 1 => {
                BREWING_BOTTLES.map(Slot::Container).to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// A sneak-click on `from`.
    pub(super) fn quick_move(
        &mut self,
        from: Slot,
        inventory: &mut Inventory,
        outcome: &mut Outcome,
    ) {
        if from == Slot::Result {
            self.craft_into_inventory(inventory, outcome);
            return;
        }
        let Some(mut stack) = self.slot_mut(inventory, from).take() else {
            return;
        };
        let targets = self.quick_move_targets(from, &stack, inventory);
        self.move_into(&mut stack, &targets, inventory);
        *self.slot_mut(inventory, from) = (stack.count > 0).then_some(stack);
    }

    /// Crafts again and again while the whole result fits in the player's
    /// slots and the grid still makes the same item.
    fn craft_into_inventory(&mut self, inventory: &mut Inventory, outcome: &mut Outcome) {
        let targets = player_slots_reversed();
        let Some(first) = self.result.clone() else {
            return;
        };
        while let Some(result) = self.result.clone() {
            if result.item != first.item
                || self.room_for(&result, &targets, inventory) < result.count
            {
                return;
            }
            if let Some(mut taken) = self.take_result(result.count, inventory, outcome) {
                self.move_into(&mut taken, &targets, inventory);
            }
        }
    }

    /// How many of `stack` the targets take in one move.
    fn room_for(&self, stack: &ItemStack, targets: &[Slot], inventory: &Inventory) -> u8 {
        let kind = self.kind;
        let mut room = 0u32;
        let mut empty = false;
        for &slot in targets {
            match self.item(inventory, slot) {
                Some(held) if held.stacks_with(stack) => {
                    room += u32::from(slot_limit(kind, slot, stack).saturating_sub(held.count));
                }
                None if self.accepts(slot, stack) => empty = true,
                _ => {}
            }
        }
        if empty {
            room += u32::from(stack.max_stack());
        }
        room.min(255) as u8
    }

    /// `moveItemStackTo`: tops up matching stacks in order, then puts the
    /// rest into the first empty slot that takes it.
    fn move_into(&mut self, stack: &mut ItemStack, targets: &[Slot], inventory: &mut Inventory) {
        let kind = self.kind;
        if stack.max_stack() > 1 {
            for &slot in targets {
                if stack.count == 0 {
                    return;
                }
                if let Some(held) = self.slot_mut(inventory, slot) {
                    if held.stacks_with(stack) {
                        let moved = slot_limit(kind, slot, stack)
                            .saturating_sub(held.count)
                            .min(stack.count);
                        held.count += moved;
                        stack.count -= moved;
                    }
                }
            }
        }
        if stack.count == 0 {
            return;
        }
        let free = targets
            .iter()
            .copied()
            .find(|&slot| self.item(inventory, slot).is_none() && self.accepts(slot, stack));
        if let Some(slot) = free {
            let mut placed = stack.clone();
            placed.count = stack.count.min(slot_limit(kind, slot, stack));
            stack.count -= placed.count;
            *self.slot_mut(inventory, slot) = Some(placed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::item;

    fn stack(name: &str, count: u8) -> Option<ItemStack> {
        Some(ItemStack::new(item(name), count))
    }

    fn sneak_click(screen: &mut Screen, inventory: &mut Inventory, slot: Slot) -> Outcome {
        let (x, y) = screen.layout().centre(slot).expect("slot on screen");
        screen.cursor = [x as f32, y as f32];
        let click = super::super::Click::Mouse {
            button: super::super::Button::Left,
            sneak: true,
        };
        screen.click(inventory, click)
    }

    #[test]
    fn sneak_clicks_move_between_main_inventory_and_hotbar() {
        let mut inv = Inventory::default();
        inv.main[0] = stack("dirt", 10);
        inv.main[12] = stack("dirt", 60);
        let mut screen = Screen::open(ScreenKind::CraftingTable);
        sneak_click(&mut screen, &mut inv, Slot::Main(0));
        assert_eq!(inv.main[0], None);
        assert_eq!(inv.main[12], stack("dirt", 64));
        assert_eq!(
            inv.main[9],
            stack("dirt", 6),
            "the rest goes to the first empty main slot"
        );
        sneak_click(&mut screen, &mut inv, Slot::Main(9));
        assert_eq!(inv.main[0], stack("dirt", 6));
    }

    #[test]
    fn sneak_clicks_move_grid_items_to_the_player_and_armor_to_its_slot() {
        let mut inv = Inventory::default();
        let mut screen = Screen::open(ScreenKind::Inventory);
        screen.container[1] = stack("stick", 2);
        sneak_click(&mut screen, &mut inv, Slot::Container(1));
        assert_eq!(
            (screen.container[1].clone(), inv.main[9].clone()),
            (None, stack("stick", 2))
        );
        inv.main[3] = stack("iron_boots", 1);
        sneak_click(&mut screen, &mut inv, Slot::Main(3));
        assert_eq!(inv.armor[3], stack("iron_boots", 1));
    }

    #[test]
    fn sneak_clicks_move_between_a_chest_and_the_player() {
        let mut inv = Inventory::default();
        inv.main[0] = stack("cobblestone", 30);
        let mut chest = Screen::open(ScreenKind::Chest);
        sneak_click(&mut chest, &mut inv, Slot::Main(0));
        assert_eq!(chest.container[0], stack("cobblestone", 30));
        sneak_click(&mut chest, &mut inv, Slot::Container(0));
        assert_eq!(
            inv.main[8],
            stack("cobblestone", 30),
            "back into the hotbar's end"
        );
    }

    #[test]
    fn sneak_clicks_send_smeltables_and_fuel_to_the_furnace() {
        let mut inv = Inventory::default();
        inv.main[0] = stack("iron_ore", 3);
        inv.main[1] = stack("coal", 2);
        let mut furnace = Screen::open(ScreenKind::Furnace);
        sneak_click(&mut furnace, &mut inv, Slot::Main(0));
        sneak_click(&mut furnace, &mut inv, Slot::Main(1));
        assert_eq!(furnace.container[FURNACE_INPUT], stack("iron_ore", 3));
        assert_eq!(furnace.container[FURNACE_FUEL], stack("coal", 2));
    }

    #[test]
    fn sneak_clicks_fill_the_enchanting_table_and_the_brewing_stand() {
        let mut inv = Inventory::default();
        inv.main[0] = stack("diamond_sword", 1);
        inv.main[1] = stack("lapis_lazuli", 5);
        inv.main[2] = stack("book", 3);
        let mut table = Screen::open(ScreenKind::EnchantingTable);
        sneak_click(&mut table, &mut inv, Slot::Main(2));
        sneak_click(&mut table, &mut inv, Slot::Main(0));
        sneak_click(&mut table, &mut inv, Slot::Main(1));
        assert_eq!(table.container[ENCHANT_ITEM], stack("book", 1), "one book");
        assert_eq!(inv.main[0], stack("diamond_sword", 1), "the slot is taken");
        assert_eq!(table.container[ENCHANT_LAPIS], stack("lapis_lazuli", 5));
        sneak_click(&mut table, &mut inv, Slot::Container(ENCHANT_ITEM));
        assert_eq!(inv.main[2], stack("book", 3));
        let mut inv = Inventory::default();
        inv.main[0] = stack("blaze_powder", 2);
        inv.main[1] = stack("nether_wart", 5);
        inv.main[2] = stack("potion", 1);
        inv.main[3] = stack("red_dye", 4);
        let mut stand = Screen::open(ScreenKind::BrewingStand);
        for slot in 0..4 {
            sneak_click(&mut stand, &mut inv, Slot::Main(slot));
        }
        assert_eq!(stand.container[BREWING_FUEL], stack("blaze_powder", 2));
        assert_eq!(stand.container[BREWING_INGREDIENT], stack("nether_wart", 5));
        assert_eq!(stand.container[BREWING_BOTTLES[0]], stack("potion", 1));
        assert_eq!(
            inv.main[9],
            stack("red_dye", 4),
            "no slot takes dye: to the main inventory"
        );
    }

    #[test]
    fn a_sneak_click_on_the_result_crafts_as_many_as_fit() {
        let mut inv = Inventory::default();
        let mut screen = Screen::open(ScreenKind::CraftingTable);
        screen.container[0] = stack("oak_planks", 5);
        screen.container[3] = stack("oak_planks", 3);
        screen.refresh_result();
        let outcome = sneak_click(&mut screen, &mut inv, Slot::Result);
        assert_eq!(outcome.crafted.len(), 3);
        assert_eq!(inv.main[8], stack("stick", 12));
        assert_eq!(screen.container[0], stack("oak_planks", 2));
        assert_eq!(screen.container[3], None);
        for slot in inv.main.iter_mut() {
            *slot = stack("dirt", 64);
        }
        screen.container[3] = stack("oak_planks", 1);
        screen.refresh_result();
        let full = sneak_click(&mut screen, &mut inv, Slot::Result);
        assert!(full.crafted.is_empty(), "no room, no craft");
    }
}
