//! Crafting through the screens, as a player does with the mouse: the
//! [`Craft`] behaviour plans the crafts from the shared recipe table
//! ([`super::craft_plan`]), opens the inventory (2×2) or a crafting table
//! within reach (looks at it, `use`), moves the cursor with camera turns
//! to vanilla's slot pixels, picks stacks up, puts one item per grid cell
//! with right clicks, sneak-clicks the result and closes the screen. It
//! reads the screen to decide and answers only with actions.

use std::collections::VecDeque;

use super::behaviour::{aim_clearing_the_way, crosshair_on, Behaviour, Step, Taps};
use super::craft_plan::{self, CraftStep};
use super::walking::WalkTo;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::raycast;
use crate::sim::registry::{block, ItemId};
use crate::sim::screen::{Screen, ScreenKind, Slot};
use crate::sim::world::BlockPos;

/// How far, horizontally, to look for a crafting table to walk to.
const TABLE_SEARCH: i32 = 8;

/// The action that moves the cursor onto a slot of the open screen and
/// presses `keys` there (a mouse button, with sneak for a quick move).
pub(super) fn click_on(screen: &Screen, slot: Slot, keys: &[Key]) -> Action {
    let (x, y) = screen.layout().centre(slot).expect("slot on this screen");
    let mut action = keys.iter().fold(Action::noop(), |a, &k| a.with(k));
    action.camera = super::screens::cursor_turn(screen, (x, y));
    action
}

/// Crafts `count` more of an item, making the missing ingredients first.
pub struct Craft {
    target: ItemId,
    count: u32,
    /// Planned on the first tick, from the inventory then.
    steps: Option<VecDeque<CraftStep>>,
    /// Whether the current step's result was taken.
    taken: bool,
    /// Actions already decided: a click and its release, a key and its release.
    taps: Taps,
    /// The walk to a table out of reach; taken at most once.
    walk: Option<WalkTo>,
    walked: bool,
}

impl Craft {
    pub fn new(target: ItemId, count: u32) -> Craft {
        Craft {
            target,
            count,
            steps: None,
            taken: false,
            taps: Taps::new(1500),
            walk: None,
            walked: false,
        }
    }

    /// Presses a key for one tick, then releases it (screens act on press edges).
    fn tap(&mut self, action: Action) -> Step {
        self.taps.tap(action)
    }

    /// Moves the cursor onto a slot and clicks it there, then releases.
    fn click(&mut self, screen: &Screen, slot: Slot, keys: &[Key]) -> Step {
        self.tap(click_on(screen, slot, keys))
    }

    /// Gives up on the rest of the plan: the screen gets closed.
    fn give_up(&mut self) -> Step {
        if let Some(steps) = &mut self.steps {
            steps.clear();
        }
        Step::Act(Action::noop())
    }

    /// Opens a screen that can do `step`: the inventory when it fits 2×2,
    /// else a crafting table within reach (walking to one nearby).
    fn open(&mut self, game: &Game, step: &CraftStep) -> Step {
        if step.fits(2) {
            return self.tap(Action::noop().with(Key::Inventory));
        }
        if let Some(walk) = &mut self.walk {
            if let Step::Act(action) = walk.next(game) {
                return Step::Act(action);
            }
            self.walk = None;
        }
        if let Some(table) = table_in_reach(game) {
            if crosshair_on(game, table) {
                return self.tap(Action::noop().with(Key::Use));
            }
            return Step::Act(aim_clearing_the_way(game, table));
        }
        match table_nearby(game).filter(|_| !self.walked) {
            Some(table) => {
                self.walked = true;
                let mut walk = WalkTo::new(f64::from(table[0]) + 0.5, f64::from(table[2]) + 0.5);
                walk.within = 2.0;
                walk.ticks_left = 100;
                self.walk = Some(walk);
                Step::Act(Action::noop())
            }
            None => self.give_up(),
        }
    }

    /// The next click on an open crafting screen for `step`.
    fn work(&mut self, game: &Game, screen: &Screen, step: &CraftStep) -> Step {
        let grid = screen.layout().crafting_grid.expect("a crafting screen");
        let wanted = step.layout(grid);
        let times = step.times;
        let held = |cell: usize| screen.container[cell].as_ref();
        let short_of = |cell: usize, item: ItemId| {
            wanted[cell] == Some(item) && held(cell).map_or(0, |s| s.count) < times
        };
        let inventory = &game.player.inventory;
        if let Some(carried) = &screen.carried {
            if let Some(cell) = (0..wanted.len()).find(|&c| short_of(c, carried.item)) {
                return self.click(screen, Slot::Container(cell), &[Key::Use]);
            }
            return match slot_taking(&inventory.main, carried) {
                Some(slot) => self.click(screen, Slot::Main(slot), &[Key::Attack]),
                None => self.give_up(),
            };
        }
        let misplaced = (0..wanted.len())
            .find(|&c| held(c).is_some_and(|s| wanted[c] != Some(s.item) || s.count > times));
        if let Some(cell) = misplaced {
            return self.click(screen, Slot::Container(cell), &[Key::Sneak, Key::Attack]);
        }
        let missing = (0..wanted.len()).find_map(|c| wanted[c].filter(|&item| short_of(c, item)));
        match missing {
            Some(item) => match inventory.main.iter().position(|s| holds(s, item)) {
                Some(slot) => self.click(screen, Slot::Main(slot), &[Key::Attack]),
                None => self.give_up(),
            },
            None if screen.result.is_some() => {
                self.taken = true;
                self.click(screen, Slot::Result, &[Key::Sneak, Key::Attack])
            }
            None => self.give_up(),
        }
    }
}

fn holds(slot: &Option<ItemStack>, item: ItemId) -> bool {
    slot.as_ref().is_some_and(|s| s.item == item)
}

/// The inventory slot to put a carried stack back into: one holding the
/// same item with room for all of it, else an empty one.
fn slot_taking(main: &[Option<ItemStack>], carried: &ItemStack) -> Option<usize> {
    main.iter()
        .position(|s| {
            s.as_ref()
                .is_some_and(|s| s.stacks_with(carried) && s.count + carried.count <= s.max_stack())
        })
        .or_else(|| main.iter().position(Option::is_none))
}

/// Whether a screen can do a step: a crafting grid large enough.
fn suits(kind: ScreenKind, step: &CraftStep) -> bool {
    match kind {
        ScreenKind::Inventory => step.fits(2),
        ScreenKind::CraftingTable => step.fits(3),
        _ => false,
    }
}

/// Crafting tables within `radius` cells of the feet (and 3 up or down), nearest first.
fn tables_around(game: &Game, radius: i32) -> Vec<BlockPos> {
    let table = block("crafting_table");
    let feet = game.player.block_pos();
    let mut found = Vec::new();
    for dy in -3..=3 {
        for dz in -radius..=radius {
            for dx in -radius..=radius {
                let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                if game.world.get(pos) == table {
                    found.push((dx * dx + dy * dy + dz * dz, pos));
                }
            }
        }
    }
    found.sort();
    found.into_iter().map(|(_, pos)| pos).collect()
}

/// The nearest crafting table within reach of the eye (a plant or block
/// in the way gets broken while aiming).
fn table_in_reach(game: &Game) -> Option<BlockPos> {
    let eye = game.player.eye();
    tables_around(game, 5).into_iter().find(|&pos| {
        let d: [f64; 3] = std::array::from_fn(|i| f64::from(pos[i]) + 0.5 - eye[i]);
        (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() < raycast::REACH - 0.3
    })
}

fn table_nearby(game: &Game) -> Option<BlockPos> {
    tables_around(game, TABLE_SEARCH).into_iter().next()
}

impl Behaviour for Craft {
    fn next(&mut self, game: &Game) -> Step {
        if let Some(step) = self.taps.pending() {
            return step;
        }
        let (target, count) = (self.target, self.count);
        let steps = self.steps.get_or_insert_with(|| {
            craft_plan::plan(target, count, &game.player.inventory)
                .unwrap_or_default()
                .into()
        });
        if self.taken && game.screen.as_ref().is_some_and(|s| s.carried.is_none()) {
            steps.pop_front();
            self.taken = false;
        }
        let Some(step) = steps.front().cloned() else {
            return match game.screen {
                Some(_) => self.tap(Action::noop().with(Key::Inventory)),
                None => Step::Done,
            };
        };
        match &game.screen {
            None => self.open(game, &step),
            Some(screen) if !suits(screen.kind, &step) => {
                self.tap(Action::noop().with(Key::Inventory))
            }
            Some(screen) => self.work(game, screen, &step),
        }
    }
}
