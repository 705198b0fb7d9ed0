//! Smelting through an open furnace screen: items and fuel put in (whole
//! stacks or a portion), and the output waited for and taken.

use std::collections::VecDeque;

use super::behaviour::{Behaviour, Step};
use super::craft::click_on;
use super::screens::put_back;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::registry::ItemId;
use crate::sim::screen::{ScreenKind, Slot};

/// Puts items into a furnace's input and fuel slots through its open
/// screen (whole stacks, or a [`Smelt::portion`] of each with right
/// clicks, the rest put back), and leaves, if asked to, or waits for the
/// output (all of it, when [`Smelt::taking`] asks for more than one) and
/// takes it with a sneak-click, then closes the screen.
pub struct Smelt {
    input: ItemId,
    fuel: ItemId,
    /// How many of the input and of the fuel to put in; whole stacks if `None`.
    portion: Option<[u8; 2]>,
    /// How many of the input and of the fuel were put in.
    put: [u8; 2],
    /// Output items to wait for.
    wanted: u8,
    /// Whether the output was taken.
    taken: bool,
    /// Whether to close the screen once the input and fuel are in.
    leave: bool,
    queued: VecDeque<Action>,
    ticks_left: u32,
}

impl Smelt {
    pub const INPUT: usize = 0;
    const FUEL: usize = 1;
    pub const OUTPUT: usize = 2;

    pub fn new(input: ItemId, fuel: ItemId) -> Smelt {
        Smelt {
            input,
            fuel,
            portion: None,
            put: [0; 2],
            wanted: 1,
            taken: false,
            leave: false,
            queued: VecDeque::new(),
            ticks_left: 600,
        }
    }

    /// Waits for `count` items of output (each takes a furnace's 200 ticks).
    pub fn taking(mut self, count: u8) -> Smelt {
        self.wanted = count.max(1);
        self.ticks_left = 400 + 200 * u32::from(self.wanted);
        self
    }

    /// Puts the input and fuel in and closes the screen, to come back
    /// for the output later.
    pub fn leaving(mut self) -> Smelt {
        self.leave = true;
        self
    }

    /// Takes out the `count` items an open furnace makes from `input`
    /// (waiting for them), putting nothing in.
    pub fn take_out(input: ItemId, count: u8) -> Smelt {
        Smelt::new(input, input).portion(0, 0).taking(count)
    }

    /// Puts only `input` items and `fuel` items in (one furnace's share
    /// when several smelt side by side).
    pub fn portion(mut self, input: u8, fuel: u8) -> Smelt {
        self.portion = Some([input, fuel]);
        self
    }

    /// Items in the open furnace's input and output: the output a
    /// [`Smelt::taking`] started now would wait for.
    pub fn in_furnace(game: &Game) -> u8 {
        let count = |slot: usize| {
            game.screen
                .as_ref()
                .and_then(|s| s.container.get(slot)?.as_ref())
                .map_or(0, |s| s.count)
        };
        count(Self::INPUT).saturating_add(count(Self::OUTPUT))
    }

    /// A click now, the release next tick.
    fn click(&mut self, action: Action) -> Step {
        self.queued.push_back(Action::noop());
        Step::Act(action)
    }
}

impl Behaviour for Smelt {
    fn next(&mut self, game: &Game) -> Step {
        if let Some(action) = self.queued.pop_front() {
            return Step::Act(action);
        }
        let Some(screen) = game
            .screen
            .as_ref()
            .filter(|s| s.kind == ScreenKind::Furnace)
        else {
            return Step::Done;
        };
        let take = [Key::Sneak, Key::Attack];
        if self.ticks_left == 0 {
            if !self.taken && screen.container[Self::OUTPUT].is_some() {
                self.taken = true;
                return self.click(click_on(screen, Slot::Container(Self::OUTPUT), &take));
            }
            return self.click(Action::noop().with(Key::Inventory));
        }
        self.ticks_left -= 1;
        let main = &game.player.inventory.main;
        let slot_of = |item: ItemId| {
            main.iter()
                .position(|s| s.as_ref().is_some_and(|s| s.item == item))
        };
        let in_slot = |slot: usize| screen.container[slot].as_ref().map_or(0, |s| s.count);
        // Items still to put into a slot: a portion's rest (counted as
        // put, since a lit furnace burns fuel out of its slot), or (whole
        // stacks) all of the next stack while the slot is empty.
        let missing = |slot: usize| match self.portion {
            Some(portion) => portion[slot].saturating_sub(self.put[slot]),
            None if in_slot(slot) == 0 => u8::MAX,
            None => 0,
        };
        if let Some(carried) = &screen.carried {
            let into = if carried.item == self.input {
                Self::INPUT
            } else {
                Self::FUEL
            };
            let (target, button, moved) = match missing(into) {
                0 => match put_back(&game.player.inventory, carried) {
                    Some(back) => (back, Key::Attack, 0),
                    None => (Slot::Container(into), Key::Attack, carried.count),
                },
                n if n < carried.count => (Slot::Container(into), Key::Use, 1),
                _ => (Slot::Container(into), Key::Attack, carried.count),
            };
            self.put[into] = self.put[into].saturating_add(moved);
            return self.click(click_on(screen, target, &[button]));
        }
        for (slot, item) in [(Self::INPUT, self.input), (Self::FUEL, self.fuel)] {
            if missing(slot) > 0 {
                if let Some(from) = slot_of(item) {
                    return self.click(click_on(screen, Slot::Main(from), &[Key::Attack]));
                }
            }
        }
        if self.leave {
            self.ticks_left = 0;
            self.taken = true;
            return self.click(Action::noop().with(Key::Inventory));
        }
        let made = screen.container[Self::OUTPUT]
            .as_ref()
            .map_or(0, |s| s.count);
        let input_left = screen.container[Self::INPUT].is_some();
        if made >= self.wanted || (made > 0 && !input_left) {
            self.ticks_left = 0;
            self.taken = true;
            return self.click(click_on(screen, Slot::Container(Self::OUTPUT), &take));
        }
        Step::Act(Action::noop())
    }
}
