//! Eating on a long trip: when the food bar has dropped far enough, the
//! carried food goes into the hand and use is held through the 32 ticks
//! of eating (vanilla's `FoodData`: health regenerates only at 18 food
//! and more, and sprinting stops below 7), then the hand goes back to
//! the tool it held.

use super::equip::Equip;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::registry::{item, ItemId};
use crate::sim::script::behaviour::{Behaviour, Step};

/// Ticks use is held at most for one bite (eating takes 32).
const BITE_TICKS: u32 = 40;

/// Whether the food bar is at or below `level` and `food` is carried.
pub fn hungry(game: &Game, level: u8, food: &str) -> bool {
    game.player.food <= level && game.player.inventory.count(item(food)) > 0
}

/// Eats one of `food` (if carried and the bar is not full), then takes
/// back into the hand what was held before.
pub struct Eat {
    food: ItemId,
    back_to: Option<ItemId>,
    equip: Option<Equip>,
    ticks_left: u32,
    food_at_start: Option<u8>,
}

impl Eat {
    pub fn new(food: &str) -> Eat {
        Eat::of(item(food))
    }

    pub fn of(food: ItemId) -> Eat {
        Eat {
            food,
            back_to: None,
            equip: None,
            ticks_left: BITE_TICKS,
            food_at_start: None,
        }
    }
}

impl Behaviour for Eat {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        let start = *self.food_at_start.get_or_insert_with(|| {
            self.back_to = p.inventory.selected_stack().map(|s| s.item);
            self.equip = Some(Equip::new(self.food));
            p.food
        });
        if let Some(equip) = &mut self.equip {
            if let Step::Act(action) = equip.next(game) {
                return Step::Act(action);
            }
            self.equip = None;
        }
        let eaten = p.food > start;
        let holding = p
            .inventory
            .selected_stack()
            .is_some_and(|s| s.item == self.food);
        if eaten || !holding || self.ticks_left == 0 || p.food >= 20 {
            return match self.back_to.take().filter(|&b| b != self.food) {
                Some(tool) => {
                    self.equip = Some(Equip::new(tool));
                    self.ticks_left = 0;
                    self.next(game)
                }
                None => Step::Done,
            };
        }
        self.ticks_left -= 1;
        Step::Act(Action::noop().with(Key::Use))
    }
}
