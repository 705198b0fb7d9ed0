//! Where each screen's slots sit, as vanilla 1.16.5 draws them at GUI
//! scale 1 (a 640×360 window): one table of backgrounds and slot runs,
//! and hit-testing a cursor position to a slot.

use super::{ScreenKind, Slot};

/// The 640×360 frame the layout and the cursor live in.
pub const FRAME: (i32, i32) = (640, 360);
/// Slots are 16×16 item areas on an 18-pixel pitch.
pub const SLOT_SIZE: i32 = 16;
const SLOT_PITCH: i32 = 18;
/// The brewing stand's slots, in its container.
pub use crate::sim::block_entity::brewing::{
    BOTTLES as BREWING_BOTTLES, FUEL as BREWING_FUEL, INGREDIENT as BREWING_INGREDIENT,
};
/// The furnace's slots, in its container.
pub use crate::sim::block_entity::furnace::{
    FUEL as FURNACE_FUEL, INPUT as FURNACE_INPUT, OUTPUT as FURNACE_OUTPUT,
};
/// The enchanting table's slots: the item to enchant and the lapis lazuli.
pub const ENCHANT_ITEM: usize = 0;
pub const ENCHANT_LAPIS: usize = 1;
/// The enchanting table's three offer buttons inside the background, and their size.
pub const OFFER_BUTTONS: [(i32, i32); 3] = [(60, 14), (60, 33), (60, 52)];
pub const OFFER_SIZE: (i32, i32) = (108, 19);

/// A grid of consecutive slots: `first`, then `first + 1`, … left to right,
/// then down, with its top-left item area at `at` inside the background.
#[derive(Debug, Clone, Copy)]
pub struct SlotRun {
    pub first: Slot,
    pub count: usize,
    pub columns: usize,
    pub at: (i32, i32),
}

/// A screen's background and slots; offsets are inside the background.
#[derive(Debug)]
pub struct Layout {
    pub kind: ScreenKind,
    pub size: (i32, i32),
    pub title: &'static str,
    pub title_at: (i32, i32),
    /// Where the "Inventory" label goes, if the screen shows it.
    pub inventory_label_at: Option<(i32, i32)>,
    pub runs: &'static [SlotRun],
    /// The crafting grid's width, on crafting screens.
    pub crafting_grid: Option<usize>,
    /// The recipe-book button (20×18), if the screen has one.
    pub recipe_button_at: Option<(i32, i32)>,
    /// The progress arrow between inputs and output.
    pub arrow_at: Option<(i32, i32)>,
    /// The furnace's flame (14×14) between input and fuel.
    pub flame_at: Option<(i32, i32)>,
}

const fn run(first: Slot, count: usize, columns: usize, at: (i32, i32)) -> SlotRun {
    SlotRun {
        first,
        count,
        columns,
        at,
    }
}

/// The player's 27 main slots and 9 hotbar slots, with the main grid's top row at `y`.
macro_rules! player_slots {
    ($y:expr) => {
        [
            run(Slot::Main(9), 27, 9, (8, $y)),
            run(Slot::Main(0), 9, 9, (8, $y + 58)),
        ]
    };
}

const INVENTORY_RUNS: [SlotRun; 6] = {
    let [main, hotbar] = player_slots!(84);
    [
        run(Slot::Container(0), 4, 2, (98, 18)),
        run(Slot::Result, 1, 1, (154, 28)),
        run(Slot::Armor(0), 4, 1, (8, 8)),
        run(Slot::Offhand, 1, 1, (77, 62)),
        main,
        hotbar,
    ]
};
const CRAFTING_TABLE_RUNS: [SlotRun; 4] = {
    let [main, hotbar] = player_slots!(84);
    [
        run(Slot::Container(0), 9, 3, (30, 17)),
        run(Slot::Result, 1, 1, (124, 35)),
        main,
        hotbar,
    ]
};
const FURNACE_RUNS: [SlotRun; 5] = {
    let [main, hotbar] = player_slots!(84);
    [
        run(Slot::Container(FURNACE_INPUT), 1, 1, (56, 17)),
        run(Slot::Container(FURNACE_FUEL), 1, 1, (56, 53)),
        run(Slot::Container(FURNACE_OUTPUT), 1, 1, (116, 35)),
        main,
        hotbar,
    ]
};
const CHEST_RUNS: [SlotRun; 3] = {
    let [main, hotbar] = player_slots!(85);
    [run(Slot::Container(0), 27, 9, (8, 18)), main, hotbar]
};
const LARGE_CHEST_RUNS: [SlotRun; 3] = {
    let [main, hotbar] = player_slots!(139);
    [run(Slot::Container(0), 54, 9, (8, 18)), main, hotbar]
};

const ENCHANTING_RUNS: [SlotRun; 4] = {
    let [main, hotbar] = player_slots!(84);
    [
        run(Slot::Container(ENCHANT_ITEM), 1, 1, (15, 47)),
        run(Slot::Container(ENCHANT_LAPIS), 1, 1, (35, 47)),
        main,
        hotbar,
    ]
};
const BREWING_RUNS: [SlotRun; 7] = {
    let [main, hotbar] = player_slots!(84);
    [
        run(Slot::Container(BREWING_BOTTLES[0]), 1, 1, (56, 51)),
        run(Slot::Container(BREWING_BOTTLES[1]), 1, 1, (79, 58)),
        run(Slot::Container(BREWING_BOTTLES[2]), 1, 1, (102, 51)),
        run(Slot::Container(BREWING_INGREDIENT), 1, 1, (79, 17)),
        run(Slot::Container(BREWING_FUEL), 1, 1, (17, 17)),
        main,
        hotbar,
    ]
};

/// A furnace, blast furnace or smoker: the same panel with its own title,
/// centred above the slots.
const fn furnace_layout(kind: ScreenKind, title: &'static str, title_x: i32) -> Layout {
    Layout {
        kind,
        size: (176, 166),
        title,
        title_at: (title_x, 6),
        inventory_label_at: Some((8, 72)),
        runs: &FURNACE_RUNS,
        crafting_grid: None,
        recipe_button_at: Some((20, 34)),
        arrow_at: Some((79, 34)),
        flame_at: Some((56, 36)),
    }
}

/// Every screen's layout, in `ScreenKind` order.
pub const LAYOUTS: [Layout; 9] = [
    Layout {
        kind: ScreenKind::Inventory,
        size: (176, 166),
        title: "Crafting",
        title_at: (97, 8),
        inventory_label_at: None,
        runs: &INVENTORY_RUNS,
        crafting_grid: Some(2),
        recipe_button_at: Some((104, 61)),
        arrow_at: Some((135, 29)),
        flame_at: None,
    },
    Layout {
        kind: ScreenKind::CraftingTable,
        size: (176, 166),
        title: "Crafting",
        title_at: (29, 6),
        inventory_label_at: Some((8, 72)),
        runs: &CRAFTING_TABLE_RUNS,
        crafting_grid: Some(3),
        recipe_button_at: Some((5, 34)),
        arrow_at: Some((90, 35)),
        flame_at: None,
    },
    furnace_layout(ScreenKind::Furnace, "Furnace", 60),
    furnace_layout(ScreenKind::BlastFurnace, "Blast Furnace", 36),
    furnace_layout(ScreenKind::Smoker, "Smoker", 64),
    Layout {
        kind: ScreenKind::Chest,
        size: (176, 168),
        title: "Chest",
        title_at: (8, 6),
        inventory_label_at: Some((8, 74)),
        runs: &CHEST_RUNS,
        crafting_grid: None,
        recipe_button_at: None,
        arrow_at: None,
        flame_at: None,
    },
    Layout {
        kind: ScreenKind::LargeChest,
        size: (176, 222),
        title: "Large Chest",
        title_at: (8, 6),
        inventory_label_at: Some((8, 128)),
        runs: &LARGE_CHEST_RUNS,
        crafting_grid: None,
        recipe_button_at: None,
        arrow_at: None,
        flame_at: None,
    },
    Layout {
        kind: ScreenKind::EnchantingTable,
        size: (176, 166),
        title: "Enchant",
        title_at: (12, 5),
        inventory_label_at: Some((8, 72)),
        runs: &ENCHANTING_RUNS,
        crafting_grid: None,
        recipe_button_at: None,
        arrow_at: None,
        flame_at: None,
    },
    Layout {
        kind: ScreenKind::BrewingStand,
        size: (176, 166),
        title: "Brewing Stand",
        title_at: (53, 6),
        inventory_label_at: Some((8, 72)),
        runs: &BREWING_RUNS,
        crafting_grid: None,
        recipe_button_at: None,
        arrow_at: None,
        flame_at: None,
    },
];

impl Layout {
    pub fn of(kind: ScreenKind) -> &'static Layout {
        &LAYOUTS[kind as usize]
    }

    /// The background's top-left corner in the frame, centred with integer division.
    pub fn origin(&self) -> (i32, i32) {
        ((FRAME.0 - self.size.0) / 2, (FRAME.1 - self.size.1) / 2)
    }

    /// Every slot with the top-left corner of its item area in the frame.
    pub fn slots(&self) -> impl Iterator<Item = (Slot, (i32, i32))> + '_ {
        let (left, top) = self.origin();
        self.runs.iter().flat_map(move |r| {
            (0..r.count).map(move |i| {
                let (col, row) = ((i % r.columns) as i32, (i / r.columns) as i32);
                (
                    r.first.nth(i),
                    (
                        left + r.at.0 + col * SLOT_PITCH,
                        top + r.at.1 + row * SLOT_PITCH,
                    ),
                )
            })
        })
    }

    /// The centre of a slot's item area in the frame.
    pub fn centre(&self, slot: Slot) -> Option<(i32, i32)> {
        self.slots()
            .find(|(s, _)| *s == slot)
            .map(|(_, (x, y))| (x + SLOT_SIZE / 2, y + SLOT_SIZE / 2))
    }

    /// The slot under the cursor: vanilla's `isHovering`, one pixel of
    /// margin around the 16×16 area.
    pub fn slot_at(&self, cursor: [f32; 2]) -> Option<Slot> {
        self.slots()
            .find(|(_, (x, y))| {
                let inside =
                    |c: f32, lo: i32| c >= (lo - 1) as f32 && c < (lo + SLOT_SIZE + 1) as f32;
                inside(cursor[0], *x) && inside(cursor[1], *y)
            })
            .map(|(slot, _)| slot)
    }

    /// The enchanting table's offer button under the cursor (0..3), on its screen.
    pub fn offer_at(&self, cursor: [f32; 2]) -> Option<usize> {
        if self.kind != ScreenKind::EnchantingTable {
            return None;
        }
        let (left, top) = self.origin();
        let [x, y] = cursor;
        OFFER_BUTTONS.iter().position(|&(bx, by)| {
            let (bx, by) = ((left + bx) as f32, (top + by) as f32);
            x >= bx && y >= by && x < bx + OFFER_SIZE.0 as f32 && y < by + OFFER_SIZE.1 as f32
        })
    }

    /// Whether the cursor is off the background (`hasClickedOutside`).
    pub fn is_outside(&self, cursor: [f32; 2]) -> bool {
        let (left, top) = self.origin();
        let [x, y] = cursor;
        x < left as f32
            || y < top as f32
            || x >= (left + self.size.0) as f32
            || y >= (top + self.size.1) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_in_kind_order() {
        for (i, layout) in LAYOUTS.iter().enumerate() {
            assert_eq!(layout.kind as usize, i);
        }
    }

    #[test]
    fn slot_centres_at_640x360_are_vanilla_s() {
        let inventory = Layout::of(ScreenKind::Inventory);
        assert_eq!(inventory.origin(), (232, 97));
        assert_eq!(inventory.centre(Slot::Main(0)), Some((248, 247)));
        assert_eq!(inventory.centre(Slot::Container(0)), Some((338, 123)));
        let table = Layout::of(ScreenKind::CraftingTable);
        assert_eq!(table.centre(Slot::Container(0)), Some((270, 122)));
        assert_eq!(table.centre(Slot::Result), Some((364, 140)));
        assert_eq!(table.centre(Slot::Main(9)), Some((248, 189)));
        let chest = Layout::of(ScreenKind::Chest);
        assert_eq!(chest.origin(), (232, 96));
        assert_eq!(chest.centre(Slot::Main(9)), Some((248, 96 + 85 + 8)));
        assert_eq!(chest.centre(Slot::Main(0)), Some((248, 96 + 143 + 8)));
        let large = Layout::of(ScreenKind::LargeChest);
        assert_eq!(large.origin(), (232, 69));
        assert_eq!(
            large.centre(Slot::Container(53)),
            Some((232 + 8 + 144 + 8, 69 + 18 + 90 + 8))
        );
        assert_eq!(large.centre(Slot::Main(0)), Some((248, 69 + 197 + 8)));
        let furnace = Layout::of(ScreenKind::Furnace);
        assert_eq!(
            furnace.centre(Slot::Container(2)),
            Some((232 + 124, 97 + 43))
        );
    }

    #[test]
    fn the_enchanting_table_and_brewing_stand_sit_where_vanilla_draws_them() {
        let table = Layout::of(ScreenKind::EnchantingTable);
        assert_eq!(table.origin(), (232, 97));
        assert_eq!(
            table.centre(Slot::Container(ENCHANT_ITEM)),
            Some((255, 152))
        );
        assert_eq!(
            table.centre(Slot::Container(ENCHANT_LAPIS)),
            Some((275, 152))
        );
        assert_eq!(table.centre(Slot::Main(9)), Some((248, 189)));
        assert_eq!(table.centre(Slot::Main(0)), Some((248, 247)));
        assert_eq!(
            table.offer_at([292.0, 111.0]),
            Some(0),
            "(60,14) is the first button's corner"
        );
        assert_eq!(table.offer_at([399.9, 129.9]), Some(0));
        assert_eq!(table.offer_at([292.0, 130.0]), Some(1));
        assert_eq!(table.offer_at([399.0, 167.0]), Some(2));
        assert_eq!(table.offer_at([400.0, 120.0]), None);
        assert_eq!(table.offer_at([291.0, 120.0]), None);
        assert_eq!(Layout::of(ScreenKind::Chest).offer_at([300.0, 120.0]), None);
        let stand = Layout::of(ScreenKind::BrewingStand);
        assert_eq!(stand.origin(), (232, 97));
        let centre = |i| stand.centre(Slot::Container(i));
        assert_eq!(centre(BREWING_BOTTLES[0]), Some((232 + 64, 97 + 59)));
        assert_eq!(centre(BREWING_BOTTLES[1]), Some((232 + 87, 97 + 66)));
        assert_eq!(centre(BREWING_BOTTLES[2]), Some((232 + 110, 97 + 59)));
        assert_eq!(centre(BREWING_INGREDIENT), Some((232 + 87, 97 + 25)));
        assert_eq!(centre(BREWING_FUEL), Some((232 + 25, 97 + 25)));
        assert_eq!(stand.centre(Slot::Main(0)), Some((248, 247)));
    }

    #[test]
    fn every_screen_has_each_slot_once() {
        for layout in &LAYOUTS {
            let slots: Vec<Slot> = layout.slots().map(|(s, _)| s).collect();
            let unique: std::collections::HashSet<Slot> = slots.iter().copied().collect();
            assert_eq!(unique.len(), slots.len(), "{:?}", layout.kind);
        }
    }

    #[test]
    fn hit_testing_covers_the_area_and_one_pixel_around_it() {
        let table = Layout::of(ScreenKind::CraftingTable);
        let first = Some(Slot::Container(0));
        assert_eq!(table.slot_at([270.0, 122.0]), first);
        assert_eq!(table.slot_at([261.0, 113.0]), first);
        assert_eq!(table.slot_at([278.9, 130.9]), first);
        assert_eq!(table.slot_at([279.0, 122.0]), Some(Slot::Container(1)));
        assert_eq!(table.slot_at([320.0, 20.0]), None);
        assert!(table.is_outside([320.0, 20.0]));
        assert!(!table.is_outside([320.0, 170.0]));
        assert_eq!(table.slot_at([320.0, 170.0]), None);
    }
}
