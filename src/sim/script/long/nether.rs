//! Part two of the dragon chain: from a lit nether portal in the
//! overworld to eyes of ender back there.
//!
//! **Precondition**: in the overworld beside (within 8 blocks of) a lit
//! nether portal, carrying a diamond sword, a diamond pickaxe, some
//! cobblestone, a crafting table and cooked food, and a shield if the
//! player has one (the overworld part does not make one yet).
//!
//! **Phases** (each a plan function, chained by [`nether_to_eyes`]):
//! [`through_portal`] (walk in, wait the 80 ticks); [`mine_netherrack`];
//! [`super::blazes::blaze_rods`] (dig a safe way to the nearest
//! fortress's blaze spawner, kill the blazes it makes until the rods
//! held make the eyes); [`super::pearls::ender_pearls`] (dig a safe way
//! to the nearest warped forest, where every natural spawn is a pack of
//! endermen, and kill them until the pearls held make the eyes);
//! [`craft_eyes`] (blaze powder and eyes at the carried table);
//! [`back_to_overworld`] (dig back to the portal the player arrived by
//! and through it).
//!
//! **Postcondition**: in the overworld in (beside) the portal it left
//! by, carrying [`eyes_needed`] eyes of ender (12 less the eyes the
//! nearest stronghold's frames were generated with), the sword, the
//! pickaxe and what is left of the rest.

use std::cell::Cell;
use std::rc::Rc;

use super::blazes::blaze_rods;
use super::deferred;
use super::dig::DigTo;
use super::hazards::guarded;
use super::pearls::ender_pearls;
use super::phases::{at_table, equip_best_pickaxe, get_ore};
use super::route::dig_towards;
use crate::protocol::Action;
use crate::sim::game::Game;
use crate::sim::registry::block;
use crate::sim::script::behaviour::{Behaviour, Step};
use crate::sim::script::plans::Plan;
use crate::sim::script::travel::travel;
use crate::sim::world::gen::{nearest_stronghold, Generator};
use crate::sim::world::{BlockPos, Dimension};

/// Eyes of ender that fill every frame of an end portal.
const FRAMES: u32 = 12;
/// Ticks waited in a portal before giving up (it takes 80).
const PORTAL_PATIENCE: u32 = 120;

/// Eyes of ender the nearest stronghold's portal still needs: 12 less
/// the frames generated holding one (read from the frames' chunk, a pure
/// function of the seed).
pub fn eyes_needed(game: &Game) -> u32 {
    let seed = game.world.generator().seed();
    let [x, _, z] = game.player.block_pos();
    let scale = game.dimension().coordinate_scale() as i32;
    let stronghold = nearest_stronghold(seed, x * scale, z * scale);
    let overworld = Generator::for_dimension(seed, Dimension::Overworld);
    let filled = stronghold
        .frames()
        .iter()
        .filter(|(pos, _)| {
            let chunk = overworld.chunk(pos[0].div_euclid(16), pos[2].div_euclid(16));
            let [x, y, z] =
                [pos[0].rem_euclid(16), pos[1], pos[2].rem_euclid(16)].map(|v| v as usize);
            chunk.get(x, y, z) == block("end_portal_frame") && chunk.state(x, y, z).has_eye()
        })
        .count() as u32;
    FRAMES - filled
}

/// Blaze rods for `eyes` eyes: each rod makes two powder.
pub fn rods_for(eyes: u32) -> u32 {
    eyes.div_ceil(2)
}

/// Stands still until the dimension is no longer `from`.
struct WaitToCross {
    from: Dimension,
    ticks_left: u32,
}

impl Behaviour for WaitToCross {
    fn next(&mut self, game: &Game) -> Step {
        if game.dimension() != self.from || self.ticks_left == 0 {
            return Step::Done;
        }
        self.ticks_left -= 1;
        Step::Act(Action::noop())
    }
}

fn in_portal(game: &Game, feet: BlockPos) -> bool {
    game.world.get(feet) == block("nether_portal")
}

/// Walks into the portal nearby (round its frame, by a path over the
/// ground) and waits there until it takes the player across.
pub fn through_portal() -> Box<dyn Behaviour> {
    deferred(|game| {
        vec![
            travel(in_portal, None),
            Box::new(WaitToCross {
                from: game.dimension(),
                ticks_left: PORTAL_PATIENCE,
            }),
        ]
    })
}

fn around_feet(game: &Game) -> std::ops::RangeInclusive<i32> {
    let y = game.player.block_pos()[1];
    y - 1..=y + 8
}

/// Whether feet in a cell stand clear of every portal block (whose
/// cells the crosshair cannot see out of to mine).
fn clear_of_portals(game: &Game, feet: BlockPos) -> bool {
    (-1..=2).all(|dy| {
        [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]
            .iter()
            .all(|&[dx, dz]| !in_portal(game, [feet[0] + dx, feet[1] + dy, feet[2] + dz]))
    })
}

/// Steps out of the portal arrived by, then mines the nearest netherrack
/// that is safe to open and picks it up.
pub fn mine_netherrack() -> Plan {
    vec![
        travel(clear_of_portals, None),
        equip_best_pickaxe(),
        get_ore("netherrack", "netherrack", 1, around_feet),
    ]
}

/// Crafts the blaze powder and the eyes at the carried table, guarded
/// against an angry enderman (`hazards::guarded`): the forest's endermen
/// are all about, and a look round at the table may meet one's eyes.
pub fn craft_eyes(eyes: u32) -> Plan {
    guarded(at_table(&[
        ("blaze_powder", rods_for(eyes) * 2),
        ("ender_eye", eyes),
    ]))
}

/// Digs a safe way back to the portal at `portal`, leg by leg, and goes
/// through, guarded against an angry enderman that follows from the
/// forest (it would strike a player with the pickaxe in hand).
pub fn back_to_overworld(portal: BlockPos) -> Plan {
    guarded(vec![
        dig_towards(portal, 1.0),
        equip_best_pickaxe(),
        Box::new(DigTo::new(Box::new(move |_| vec![portal]))),
        through_portal(),
    ])
}

/// The whole part: from the lit portal to the eyes back in the overworld.
pub fn nether_to_eyes(game: &Game) -> Plan {
    let eyes = eyes_needed(game);
    let arrival: Rc<Cell<BlockPos>> = Rc::default();
    let remember = arrival.clone();
    let mut plan: Plan = vec![
        through_portal(),
        deferred(move |game| {
            remember.set(game.player.block_pos());
            Vec::new()
        }),
    ];
    plan.extend(mine_netherrack());
    plan.push(blaze_rods(rods_for(eyes)));
    plan.push(ender_pearls(eyes));
    plan.extend(craft_eyes(eyes));
    plan.push(deferred(move |_| back_to_overworld(arrival.get())));
    plan
}

#[cfg(test)]
mod tests;
