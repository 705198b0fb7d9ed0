//! Container screens (issue 15, part 2): which screen is open, the mouse
//! cursor in 640×360 frame pixels, the stack the cursor carries, the
//! screen's own slots (crafting grid, furnace, brewing stand and
//! enchanting table slots, chest contents) and the crafting result, and
//! for a block's screen (furnace, chest, brewing stand) which block's
//! slots it shows and its gauges; the enchanting table's offers; where
//! vanilla 1.16.5 draws each slot ([`layout`]); and the click rules that
//! move items between slots ([`clicks`], [`drag`], [`quick_move`],
//! [`crafting_grid`]).
//!
//! This module knows nothing of the world: the tick wiring (keys, camera,
//! opening, closing, dropping on the ground, statistics) is
//! `rules::screens`, the drawing `render::screen`.

mod clicks;
mod crafting_grid;
mod drag;
pub mod layout;
mod quick_move;

pub use clicks::{Button, Click, Outcome};
pub use drag::Drag;
pub use layout::Layout;

use crate::sim::block_entity::brewing::{self, BrewGauges};
use crate::sim::block_entity::furnace::Gauges;
use crate::sim::enchanting::{Offer, OFFERS};
use crate::sim::inventory::{Inventory, ItemStack};
use crate::sim::registry::{item, registry, CookingMethod, ItemKind};
use crate::sim::world::BlockPos;
use layout::{
    BREWING_FUEL, BREWING_INGREDIENT, ENCHANT_ITEM, ENCHANT_LAPIS, FURNACE_FUEL, FURNACE_OUTPUT,
};

/// How many of a stack a slot of a `kind` screen holds: one in armor
/// slots, the enchanting table's item slot and the brewing stand's
/// bottle slots, else a full stack.
fn slot_limit(kind: ScreenKind, slot: Slot, stack: &ItemStack) -> u8 {
    match (kind, slot) {
        (_, Slot::Armor(_)) => 1,
        (ScreenKind::EnchantingTable, Slot::Container(ENCHANT_ITEM)) => 1,
        (ScreenKind::BrewingStand, Slot::Container(i)) if i < BREWING_INGREDIENT => 1,
        _ => stack.max_stack(),
    }
}

/// The screens a player can have open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScreenKind {
    /// The player's own inventory with its 2×2 crafting grid.
    Inventory,
    CraftingTable,
    Furnace,
    BlastFurnace,
    Smoker,
    /// A single chest, 3 rows.
    Chest,
    /// A double chest, 6 rows.
    LargeChest,
    EnchantingTable,
    BrewingStand,
}

impl ScreenKind {
    /// The recipes a furnace screen's block cooks; `None` off furnaces.
    pub fn cooking(self) -> Option<CookingMethod> {
        match self {
            ScreenKind::Furnace => Some(CookingMethod::Smelting),
            ScreenKind::BlastFurnace => Some(CookingMethod::Blasting),
            ScreenKind::Smoker => Some(CookingMethod::Smoking),
            _ => None,
        }
    }
}

/// A slot a screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The player's main inventory; 0..9 is the hotbar.
    Main(usize),
    /// Head, chest, legs, feet.
    Armor(usize),
    Offhand,
    /// The screen's own slots: the crafting grid (row-major), the furnace's
    /// input, fuel and output, or the chest's contents.
    Container(usize),
    /// The crafting result.
    Result,
}

impl Slot {
    /// The slot `n` places after this one in its run.
    pub fn nth(self, n: usize) -> Slot {
        match self {
            Slot::Main(i) => Slot::Main(i + n),
            Slot::Armor(i) => Slot::Armor(i + n),
            Slot::Container(i) => Slot::Container(i + n),
            Slot::Offhand | Slot::Result => self,
        }
    }
}

/// An open screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Screen {
    pub kind: ScreenKind,
    /// The mouse cursor in 640×360 frame pixels.
    pub cursor: [f32; 2],
    /// The stack the cursor carries.
    pub carried: Option<ItemStack>,
    /// The screen's own slots (`Slot::Container`).
    pub container: Vec<Option<ItemStack>>,
    /// What the crafting grid makes, if this is a crafting screen.
    pub result: Option<ItemStack>,
    /// The block whose slots `container` shows; they stay in it on closing.
    pub block: Option<BlockPos>,
    /// A furnace's flame and arrow.
    pub gauges: Gauges,
    /// A brewing stand's fuel, arrow and bubbles.
    pub brewing: BrewGauges,
    /// The bookshelves an enchanting table counts (its enchanting power).
    pub bookshelves: u32,
    /// An enchanting table's offers for the item in it.
    pub offers: [Offer; OFFERS],
    /// A mouse button held down with a stack on the cursor.
    pub drag: Option<Drag>,
}

/// Pixels the cursor moves per degree of camera turn (MineRL's scaler, 360/2400).
const DEGREES_PER_PIXEL: f32 = 0.15;

impl Screen {
    /// A screen just opened: empty slots, the cursor at the frame's centre.
    pub fn open(kind: ScreenKind) -> Screen {
        let layout = Layout::of(kind);
        let slots = layout
            .slots()
            .filter(|(slot, _)| matches!(slot, Slot::Container(_)))
            .count();
        let (w, h) = layout::FRAME;
        Screen {
            kind,
            cursor: [w as f32 / 2.0, h as f32 / 2.0],
            carried: None,
            container: vec![None; slots],
            result: None,
            block: None,
            gauges: Gauges::default(),
            brewing: BrewGauges::default(),
            bookshelves: 0,
            offers: Default::default(),
            drag: None,
        }
    }

    pub fn layout(&self) -> &'static Layout {
        Layout::of(self.kind)
    }

    /// Moves the cursor by a camera action `[pitch°, yaw°]`, keeping it in the frame.
    pub fn move_cursor(&mut self, camera: [f32; 2]) {
        let [pitch, yaw] = camera.map(|d| if d.is_finite() { d } else { 0.0 });
        let (w, h) = layout::FRAME;
        self.cursor = [
            (self.cursor[0] + yaw / DEGREES_PER_PIXEL).clamp(0.0, (w - 1) as f32),
            (self.cursor[1] + pitch / DEGREES_PER_PIXEL).clamp(0.0, (h - 1) as f32),
        ];
    }

    /// The slot under the cursor.
    pub fn hovered(&self) -> Option<Slot> {
        self.layout().slot_at(self.cursor)
    }

    /// The item in a slot of this screen or of the player's inventory.
    pub fn item<'a>(&'a self, inventory: &'a Inventory, slot: Slot) -> Option<&'a ItemStack> {
        match slot {
            Slot::Main(i) => inventory.main[i].as_ref(),
            Slot::Armor(i) => inventory.armor[i].as_ref(),
            Slot::Offhand => inventory.offhand.as_ref(),
            Slot::Container(i) => self.container[i].as_ref(),
            Slot::Result => self.result.as_ref(),
        }
    }

    /// The slot itself, to change what it holds.
    fn slot_mut<'a>(
        &'a mut self,
        inventory: &'a mut Inventory,
        slot: Slot,
    ) -> &'a mut Option<ItemStack> {
        match slot {
            Slot::Main(i) => &mut inventory.main[i],
            Slot::Armor(i) => &mut inventory.armor[i],
            Slot::Offhand => &mut inventory.offhand,
            Slot::Container(i) => &mut self.container[i],
            Slot::Result => &mut self.result,
        }
    }

    /// Whether a stack may be put into a slot (`Slot.mayPlace`): never the
    /// result or the furnace's output, armor only in its own slot, only
    /// fuel (or a bucket) in the furnace's fuel slot, only lapis in the
    /// enchanting table's lapis slot, only bottles, ingredients and blaze
    /// powder in the brewing stand's.
    fn accepts(&self, slot: Slot, stack: &ItemStack) -> bool {
        let Slot::Container(i) = slot else {
            return match slot {
                Slot::Result => false,
                Slot::Armor(a) => {
                    matches!(registry().item(stack.item).kind, ItemKind::Armor(kind) if kind as usize == a)
                }
                _ => true,
            };
        };
        match self.kind {
            ScreenKind::Furnace | ScreenKind::BlastFurnace | ScreenKind::Smoker => match i {
                FURNACE_OUTPUT => false,
                FURNACE_FUEL => {
                    registry().burn_ticks(stack.item).is_some() || stack.item == item("bucket")
                }
                _ => true,
            },
            ScreenKind::EnchantingTable if i == ENCHANT_LAPIS => stack.item == item("lapis_lazuli"),
            ScreenKind::BrewingStand => match i {
                BREWING_INGREDIENT => brewing::is_ingredient(stack),
                BREWING_FUEL => stack.item == item("blaze_powder"),
                _ => brewing::is_bottle(stack),
            },
            _ => true,
        }
    }

    /// Closes the screen: its own slots go back into the inventory. Returns
    /// what did not fit and the carried stack, both for the ground.
    pub fn close(self, inventory: &mut Inventory) -> Vec<ItemStack> {
        let mut ground: Vec<ItemStack> = self
            .container
            .into_iter()
            .flatten()
            .filter_map(|stack| inventory.insert(stack))
            .collect();
        ground.extend(self.carried);
        ground
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::item;

    #[test]
    fn the_cursor_starts_centred_moves_with_the_camera_and_stays_in_the_frame() {
        let mut screen = Screen::open(ScreenKind::CraftingTable);
        assert_eq!(screen.cursor, [320.0, 180.0]);
        assert_eq!(screen.container.len(), 9);
        screen.move_cursor([-3.0, 1.5]);
        assert_eq!(screen.cursor, [330.0, 160.0]);
        screen.move_cursor([900.0, -900.0]);
        assert_eq!(screen.cursor, [0.0, 359.0]);
        screen.move_cursor([f32::NAN, 0.0]);
        assert_eq!(screen.cursor, [0.0, 359.0]);
    }

    #[test]
    fn closing_returns_the_grid_and_hands_back_what_does_not_fit_and_the_cursor_stack() {
        let mut inventory = Inventory::default();
        for slot in inventory.main.iter_mut().skip(1) {
            *slot = Some(ItemStack::new(item("stone"), 64));
        }
        let mut screen = Screen::open(ScreenKind::Inventory);
        screen.container[0] = Some(ItemStack::new(item("oak_log"), 3));
        screen.container[3] = Some(ItemStack::new(item("dirt"), 2));
        screen.carried = Some(ItemStack::new(item("stick"), 5));
        let ground = screen.close(&mut inventory);
        assert_eq!(inventory.main[0], Some(ItemStack::new(item("oak_log"), 3)));
        assert_eq!(
            ground,
            vec![
                ItemStack::new(item("dirt"), 2),
                ItemStack::new(item("stick"), 5)
            ]
        );
    }
}
