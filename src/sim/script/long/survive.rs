//! Staying alive over a long phase: eating the carried food when hungry
//! or hurt ([`eat_if_needed`]), so hunger never stops health regenerating
//! (1.16.5 regenerates only with 18 or more food points); walling the
//! body in with carried cobblestone while health comes back when a fight
//! has gone badly ([`shelter`]: creatures that shoot need a line of
//! sight; not begun while a creature could strike the builder); and
//! breaking a behaviour off when a condition comes to hold
//! ([`BreakOffWhen`]: health gone low in the middle of a round).

use super::eat::Eat;
use super::equip::Equip;
use super::phases::equip_best_pickaxe;
use super::{deferred, Until};
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::player::MAX_HEALTH;
use crate::sim::registry::{block, item, registry, ItemKind};
use crate::sim::script::behaviour::{Behaviour, Hold, Step};
use crate::sim::script::blocks::is_solid_cube;
use crate::sim::script::construct::{Construct, Job};
use crate::sim::script::plans::Plan;
use crate::sim::world::BlockPos;

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
/// Ticks waited for the feet to come down before a shelter, at most.
const LANDING_TICKS: u32 = 30;

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

/// Whether food is low enough to eat whatever is about.
pub fn hungry(game: &Game) -> bool {
    game.player.food <= HUNGRY
}

/// Whether the player should eat now.
pub fn needs_food(game: &Game) -> bool {
    let p = &game.player;
    let hurt = p.health < MAX_HEALTH;
    food_held(game).is_some() && (hungry(game) || (hurt && p.food < REGENERATES_AT))
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

/// Plays a behaviour until a condition holds (checked before each tick).
pub struct BreakOffWhen {
    stop: Box<dyn Fn(&Game) -> bool>,
    inner: Box<dyn Behaviour>,
}

impl BreakOffWhen {
    pub fn new(stop: impl Fn(&Game) -> bool + 'static, inner: Box<dyn Behaviour>) -> BreakOffWhen {
        BreakOffWhen {
            stop: Box::new(stop),
            inner,
        }
    }
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
/// the feet, beside the head and over it that are not full blocks (and,
/// with nothing round the roof to hold it, one over a wall first): a
/// fence's gaps let fireballs through, so the fences there are mined
/// with the pickaxe first (a hand takes ten seconds a fence) — then eats
/// if it should and waits until health is full (or a while has passed).
/// Whatever comes next digs its way out.
pub fn shelter() -> Plan {
    vec![
        // Walled in where the feet come down, not where a jump has them.
        Box::new(Until::new(
            |g| g.player.on_ground,
            LANDING_TICKS,
            |_| -> Plan { vec![Box::new(Hold::still(1))] },
        )),
        deferred(|game| shelter_at(game.player.block_pos())),
    ]
}

/// [`shelter`] with the feet at `feet`.
fn shelter_at(feet: BlockPos) -> Plan {
    vec![
        equip_best_pickaxe(),
        deferred(move |game| {
            let in_the_way = shelter_cells(game, feet)
                .into_iter()
                .filter(|&cell| registry().block(game.world.get(cell)).shape.collides())
                .map(Job::Clear)
                .collect();
            vec![Box::new(Construct::new(block("cobblestone"), in_the_way))]
        }),
        Box::new(Equip::new(item("cobblestone"))),
        // Planned once the fences are gone: a wall the pickaxe broke to
        // reach one is filled again.
        deferred(move |game| {
            let walls = shelter_cells(game, feet).into_iter().map(Job::Place);
            vec![Box::new(Construct::new(
                block("cobblestone"),
                walls.collect(),
            ))]
        }),
        eat_if_needed("diamond_sword"),
        Box::new(Until::new(
            |g| g.player.health >= MAX_HEALTH,
            SHELTER_ROUNDS,
            |_| -> Plan { vec![Box::new(Hold::still(SECOND))] },
        )),
    ]
}

/// The cells round feet at `feet` that a shelter fills, in the order
/// they are built: beside the feet, beside the head, a roof's support
/// over a wall if nothing round the roof holds it, the roof.
fn shelter_cells(game: &Game, [x, y, z]: BlockPos) -> Vec<BlockPos> {
    let sides = [[1, 0], [-1, 0], [0, 1], [0, -1]];
    let roof = [x, y + 2, z];
    let roof_held = sides
        .iter()
        .map(|[dx, dz]| [x + dx, y + 2, z + dz])
        .chain([[x, y + 3, z]])
        .any(|cell| is_solid_cube(game, cell));
    let roof_support = (!roof_held).then_some([x + 1, y + 2, z]);
    [0, 1]
        .into_iter()
        .flat_map(|dy| sides.map(|[dx, dz]| [x + dx, y + dy, z + dz]))
        .chain(roof_support)
        .chain([roof])
        .filter(|&cell| !is_solid_cube(game, cell))
        .collect()
}

#[cfg(test)]
mod tests;
