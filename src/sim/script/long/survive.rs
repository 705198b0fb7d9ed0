//! Staying alive over a long phase: eating the carried food when hungry
//! or hurt ([`eat_if_needed`]), so hunger never stops health regenerating
//! (1.16.5 regenerates only with 18 or more food points), and bounding a
//! behaviour to a number of ticks ([`Within`]) so a round that chases a
//! moving creature is planned again.

use super::eat::Eat;
use super::equip::Equip;
use super::Until;
use crate::sim::game::Game;
use crate::sim::player::MAX_HEALTH;
use crate::sim::registry::{item, registry, ItemKind};
use crate::sim::script::behaviour::{Behaviour, Step};
use crate::sim::script::plans::Plan;

/// Food points at or below which the player eats anyway.
const HUNGRY: u8 = 14;
/// Below full food, eat when hurt: regeneration needs 18 or more.
const REGENERATES_AT: u8 = 18;

/// The first food carried, if any.
fn food_held(game: &Game) -> Option<crate::sim::registry::ItemId> {
    game.player
        .inventory
        .main
        .iter()
        .flatten()
        .map(|s| s.item)
        .find(|&id| matches!(registry().item(id).kind, ItemKind::Food { .. }))
}

/// Whether the player should eat now.
pub fn needs_food(game: &Game) -> bool {
    let p = &game.player;
    let hurt = p.health < MAX_HEALTH;
    food_held(game).is_some() && (p.food <= HUNGRY || (hurt && p.food < REGENERATES_AT))
}

/// Eats the first food carried, once, if [`needs_food`]; then takes
/// `then` back into the hand.
pub fn eat_if_needed(then: &'static str) -> Box<dyn Behaviour> {
    Box::new(Until::new(
        move |g| !needs_food(g),
        1,
        move |g| -> Plan {
            let Some(food) = food_held(g) else {
                return Vec::new();
            };
            vec![Box::new(Eat::of(food)), Box::new(Equip::new(item(then)))]
        },
    ))
}

/// Plays a behaviour for at most a number of ticks.
pub struct Within {
    pub ticks: u32,
    pub inner: Box<dyn Behaviour>,
}

impl Behaviour for Within {
    fn next(&mut self, game: &Game) -> Step {
        if self.ticks == 0 {
            return Step::Done;
        }
        self.ticks -= 1;
        self.inner.next(game)
    }
}
