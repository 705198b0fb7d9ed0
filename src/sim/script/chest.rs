//! Putting items away in an open chest, as a player does with the mouse:
//! sneak-click (quick move) each stack of the item in the inventory part
//! of the screen, then close the screen with the inventory key.

use std::collections::VecDeque;

use super::behaviour::{Behaviour, Step};
use super::craft::click_on;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::registry::ItemId;
use crate::sim::screen::{ScreenKind, Slot};

/// Moves every stack of an item from the inventory into the open chest,
/// then closes it; does nothing if no chest is open.
pub struct StoreInChest {
    item: ItemId,
    /// Actions already decided: the release after a click or key press.
    queued: VecDeque<Action>,
    ticks_left: u32,
}

impl StoreInChest {
    pub fn new(item: ItemId) -> StoreInChest {
        StoreInChest {
            item,
            queued: VecDeque::new(),
            ticks_left: 100,
        }
    }

    /// Presses for one tick, then releases (screens act on press edges).
    fn tap(&mut self, action: Action) -> Step {
        self.queued.push_back(Action::noop());
        Step::Act(action)
    }
}

impl Behaviour for StoreInChest {
    fn next(&mut self, game: &Game) -> Step {
        if let Some(action) = self.queued.pop_front() {
            return Step::Act(action);
        }
        let Some(screen) = game.screen.as_ref().filter(|s| s.kind == ScreenKind::Chest) else {
            return Step::Done;
        };
        if self.ticks_left == 0 {
            return self.tap(Action::noop().with(Key::Inventory));
        }
        self.ticks_left -= 1;
        let held = game
            .player
            .inventory
            .main
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.item == self.item));
        match held {
            Some(slot) => self.tap(click_on(
                screen,
                Slot::Main(slot),
                &[Key::Sneak, Key::Attack],
            )),
            None => self.tap(Action::noop().with(Key::Inventory)),
        }
    }
}
