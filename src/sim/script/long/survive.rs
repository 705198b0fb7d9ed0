//! Staying alive over a long phase: eating the carried food when hungry
//! or hurt ([`eat_if_needed`]), so hunger never stops health regenerating
//! (1.16.5 regenerates only with 18 or more food points); walling the
//! body in with carried cobblestone while health comes back when a fight
//! has gone badly ([`shelter`]: creatures that shoot need a line of
//! sight; not begun while a creature could strike the builder); and
//! bounding a behaviour to a number of ticks ([`Within`]) so a round that
//! chases a moving creature is planned again, or breaking it off when a
//! condition comes to hold ([`BreakOffWhen`]: health gone low in the
//! middle of a round).

use super::eat::Eat;
use super::equip::Equip;
use super::Until;
use crate::protocol::Action;
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::player::MAX_HEALTH;
use crate::sim::registry::{block, item, registry, ItemKind};
use crate::sim::script::behaviour::{Behaviour, Hold, Step};
use crate::sim::script::blocks::{is_solid_cube, Construct, Job};
use crate::sim::script::plans::Plan;

/// Food points at or below which the player eats anyway.
const HUNGRY: u8 = 14;
/// Below full food, eat when hurt: regeneration needs 18 or more.
const REGENERATES_AT: u8 = 18;

/// Health below which a fight is broken off to heal in a shelter.
const SHELTER_BELOW: f32 = 10.0;
/// Creatures within this distance would strike while a shelter is built
/// (a blaze's reach is 2 blocks, a zombie's about as far).
const AT_HAND: f64 = 3.0;
/// Rounds of a second waited in the shelter, at most.
const SHELTER_ROUNDS: u32 = 30;
const SECOND: u32 = 20;

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

/// Plays a behaviour until a condition holds (checked before each tick).
pub struct BreakOffWhen {
    pub stop: fn(&Game) -> bool,
    pub inner: Box<dyn Behaviour>,
}

impl Behaviour for BreakOffWhen {
    fn next(&mut self, game: &Game) -> Step {
        if (self.stop)(game) {
            return Step::Done;
        }
        self.inner.next(game)
    }
}

/// Whether a fight should stop for [`shelter`]: health is low,
/// cobblestone is carried to wall the body in, and no creature is close
/// enough to strike while the walls go up (the blocks in hand leave
/// neither sword nor shield: the fight goes on until it is gone).
pub fn needs_shelter(game: &Game) -> bool {
    game.player.health < SHELTER_BELOW
        && game.player.inventory.count(item("cobblestone")) > 0
        && !creature_at_hand(game)
}

/// Whether a living creature stands within [`AT_HAND`] of the player.
fn creature_at_hand(game: &Game) -> bool {
    let p = game.player.pos;
    game.entities.list.iter().any(|e| {
        let alive = matches!(&e.kind, EntityKind::Mob(mob) if !mob.is_dying());
        alive && (0..3).map(|i| (e.pos[i] - p[i]).powi(2)).sum::<f64>() < AT_HAND * AT_HAND
    })
}

/// Walls the body in where it stands — cobblestone into the cells beside
/// the feet, beside the head and over it that are not full blocks (a
/// fence's gaps let fireballs through: it is mined and replaced) — then eats if it
/// should and waits until health is full (or a while has passed).
/// Whatever comes next digs its way out.
pub fn shelter(game: &Game) -> Plan {
    let [x, y, z] = game.player.block_pos();
    let sides = [[1, 0], [-1, 0], [0, 1], [0, -1]];
    let walls = [0, 1]
        .into_iter()
        .flat_map(|dy| sides.map(|[dx, dz]| [x + dx, y + dy, z + dz]))
        .chain([[x, y + 2, z]])
        .filter(|&cell| !is_solid_cube(game, cell))
        .map(Job::Place)
        .collect();
    vec![
        Box::new(Equip::new(item("cobblestone"))),
        Box::new(Construct::new(block("cobblestone"), walls)),
        eat_if_needed("diamond_sword"),
        Box::new(Until::new(
            |g| g.player.health >= MAX_HEALTH,
            SHELTER_ROUNDS,
            |_| -> Plan {
                vec![Box::new(Hold {
                    action: Action::noop(),
                    ticks: SECOND,
                })]
            },
        )),
    ]
}

#[cfg(test)]
mod tests;
