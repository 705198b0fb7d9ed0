//! The player's inventory: 36 main slots (the first 9 are the hotbar), four
//! armor slots and the offhand, with Minecraft's rules for stacking.

use super::registry::{registry, ItemId};

/// An enchantment on a stack, by bare id (`sharpness`) and level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enchantment {
    pub id: String,
    pub level: u16,
}

/// What a filled map shows: the square of 128 << `scale` blocks around
/// its centre, and the X a treasure map marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapData {
    pub centre: [i32; 2],
    pub scale: u8,
    pub treasure: Option<[i32; 2]>,
}

/// Some items of one kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemStack {
    pub item: ItemId,
    pub count: u8,
    /// Durability used up, for tools and armor.
    pub damage: u16,
    pub enchantments: Vec<Enchantment>,
    /// The potion id of potions and tipped arrows (`minecraft:water`).
    pub potion: Option<String>,
    /// A filled map's contents.
    pub map: Option<MapData>,
}

impl ItemStack {
    pub fn new(item: ItemId, count: u8) -> ItemStack {
        ItemStack {
            item,
            count,
            damage: 0,
            enchantments: Vec::new(),
            potion: None,
            map: None,
        }
    }

    pub fn max_stack(&self) -> u8 {
        registry().item(self.item).stack
    }

    /// Whether `other` can merge into this stack (same item and data).
    pub fn stacks_with(&self, other: &ItemStack) -> bool {
        self.item == other.item
            && self.damage == other.damage
            && self.enchantments == other.enchantments
            && self.potion == other.potion
            && self.map == other.map
    }

    pub fn name(&self) -> &'static str {
        registry().item(self.item).name
    }
}

/// Takes up to `count` items off a slot's stack, emptying the slot when
/// none are left.
pub fn split_off(slot: &mut Option<ItemStack>, count: u8) -> Option<ItemStack> {
    let stack = slot.as_mut()?;
    let count = count.min(stack.count);
    let mut taken = stack.clone();
    taken.count = count;
    stack.count -= count;
    if stack.count == 0 {
        *slot = None;
    }
    (count > 0).then_some(taken)
}

/// Number of main inventory slots; 0..9 is the hotbar.
pub const MAIN_SLOTS: usize = 36;
pub const HOTBAR_SLOTS: usize = 9;

#[derive(Debug, Clone)]
pub struct Inventory {
    pub main: [Option<ItemStack>; MAIN_SLOTS],
    /// Head, chest, legs, feet.
    pub armor: [Option<ItemStack>; 4],
    pub offhand: Option<ItemStack>,
    /// The selected hotbar slot, 0..9.
    pub selected: usize,
}

impl Default for Inventory {
    fn default() -> Inventory {
        Inventory {
            main: std::array::from_fn(|_| None),
            armor: Default::default(),
            offhand: None,
            selected: 0,
        }
    }
}

impl Inventory {
    /// The main slots' stacks as `namexcount` words, for traces.
    pub fn summary(&self) -> String {
        let stacks: Vec<String> = self
            .main
            .iter()
            .flatten()
            .map(|s| format!("{}x{}", s.name(), s.count))
            .collect();
        stacks.join(" ")
    }

    /// Adds a stack the way picking up does: first onto matching stacks,
    /// then into the first empty slot (hotbar first). Returns what did not fit.
    pub fn insert(&mut self, mut stack: ItemStack) -> Option<ItemStack> {
        let max = stack.max_stack();
        for slot in self.main.iter_mut().flatten() {
            if stack.count == 0 {
                break;
            }
            if slot.stacks_with(&stack) && slot.count < max {
                let moved = stack.count.min(max - slot.count);
                slot.count += moved;
                stack.count -= moved;
            }
        }
        for slot in self.main.iter_mut() {
            if stack.count == 0 {
                break;
            }
            if slot.is_none() {
                let moved = stack.count.min(max);
                let mut placed = stack.clone();
                placed.count = moved;
                *slot = Some(placed);
                stack.count -= moved;
            }
        }
        (stack.count > 0).then_some(stack)
    }

    /// How many of `item` the main slots and offhand hold.
    pub fn count(&self, item: ItemId) -> u32 {
        self.main
            .iter()
            .chain(std::iter::once(&self.offhand))
            .flatten()
            .filter(|s| s.item == item)
            .map(|s| u32::from(s.count))
            .sum()
    }

    pub fn selected_stack(&self) -> Option<&ItemStack> {
        self.main[self.selected].as_ref()
    }

    /// Removes up to `count` from the selected stack and returns them.
    pub fn take_selected(&mut self, count: u8) -> Option<ItemStack> {
        split_off(&mut self.main[self.selected], count)
    }

    /// The first hotbar slot holding `item`, if any.
    pub fn hotbar_slot_of(&self, item: ItemId) -> Option<usize> {
        self.main[..HOTBAR_SLOTS]
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.item == item))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::item;

    #[test]
    fn insert_fills_matching_stacks_then_the_hotbar() {
        let mut inv = Inventory::default();
        assert!(inv.insert(ItemStack::new(item("dirt"), 60)).is_none());
        assert!(inv.insert(ItemStack::new(item("dirt"), 10)).is_none());
        assert_eq!(inv.main[0].as_ref().unwrap().count, 64);
        assert_eq!(inv.main[1].as_ref().unwrap().count, 6);
        assert_eq!(inv.count(item("dirt")), 70);
    }

    #[test]
    fn unstackable_items_take_one_slot_each() {
        let mut inv = Inventory::default();
        assert!(inv
            .insert(ItemStack::new(item("iron_pickaxe"), 2))
            .is_none());
        assert_eq!(inv.main[0].as_ref().unwrap().count, 1);
        assert_eq!(inv.main[1].as_ref().unwrap().count, 1);
    }

    #[test]
    fn a_full_inventory_returns_the_rest() {
        let mut inv = Inventory::default();
        for slot in inv.main.iter_mut() {
            *slot = Some(ItemStack::new(item("stone"), 64));
        }
        let rest = inv.insert(ItemStack::new(item("dirt"), 3)).unwrap();
        assert_eq!(rest.count, 3);
    }

    #[test]
    fn take_selected_empties_the_slot() {
        let mut inv = Inventory::default();
        inv.insert(ItemStack::new(item("torch"), 2));
        assert_eq!(inv.take_selected(1).unwrap().count, 1);
        assert_eq!(inv.take_selected(5).unwrap().count, 1);
        assert!(inv.main[0].is_none());
        assert!(inv.take_selected(1).is_none());
    }
}
