//! Fighting endermen from a perch: a pillar of two cobblestone blocks on
//! open ground, whose top is out of an enderman's reach (its blow lands
//! only on feet within √2.04 ≈ 1.43 blocks of its own,
//! `getAttackReachSqr`; two blocks up is beyond it, with no block beside
//! the pillar that it could stand on higher, though not beyond one
//! jumping at the pillar's foot) while its body below is in the sword's.
//! From the top, one enderman at a time is angered by a look in the eye,
//! then struck on its legs as it stands at the pillar's foot, never
//! moving off the top; the pearls dropped are gathered by mining the
//! pillar down when no angry enderman is near (none more is angered
//! while pearls wait), and the pillar is built again where it stood.

use super::dig::DigTo;
use super::equip::Equip;
use super::phases::equip_best_pickaxe;
use super::survive::{eat_if_needed, needs_food};
use super::{deferred, Until};
use crate::protocol::Action;
use crate::sim::creature::senses;
use crate::sim::entity::{Entity, EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::registry::item;
use crate::sim::registry::BlockId;
use crate::sim::script::behaviour::{
    angles_to, distance, turn_towards, Behaviour, Hold, Spot, Step, Within,
};
use crate::sim::script::blocks::{collides_at, is_solid_cube};
use crate::sim::script::collect::CollectItems;
use crate::sim::script::combat::{living, Hunt};
use crate::sim::script::mining::Mine;
use crate::sim::script::placing::PillarUp;
use crate::sim::script::plans::Plan;
use crate::sim::script::stares::{angry, angry_enderman_within};
use crate::sim::script::walking::StepInto;
use crate::sim::world::BlockPos;
use std::cell::Cell;
use std::rc::Rc;

const ENDERMAN: &str = "enderman";
/// Blocks in the pillar: feet two blocks up are out of an enderman's reach.
const HEIGHT: i32 = 2;
/// How far round the feet a perch is looked for.
const SEARCH: i32 = 8;
/// An enderman this close to the perch's foot (feet to feet) is struck.
const STRIKE_RANGE: f64 = 3.5;
/// No pearl is gathered, and the perch is not left, while an angry
/// enderman is this close.
pub(super) const NEAR: f64 = 10.0;
/// Pearls this close to the perch's foot are gathered, coming down at
/// most this many times for none.
const GATHER: f64 = 8.0;
const MOST_DESCENTS: u32 = 3;
/// How far off an enderman is angered by a look: its follow range.
const STARE_RANGE: f64 = 64.0;
/// Ticks of one round of striking, of looking an enderman in the eye, of
/// gathering and of waiting.
const STRIKE_TICKS: u32 = 100;
const STARE_TICKS: u32 = 60;
const GATHER_TICKS: u32 = 120;
const WAIT_TICKS: u32 = 20;
/// The longest the perch is kept for angry endermen once enough pearls
/// are held.
const LEAVE_WAIT_TICKS: u64 = 1_200;

/// Whether feet at `feet` make a perch: solid ground under them, room
/// for the pillar and the player on it, beside the pillar nothing an
/// enderman could stand on within a block of the top's height, and
/// ground at the foot's level on its four sides. Endermen that cannot
/// reach the player stand where they come nearest to it (the end of
/// their path), and with no ground beside the foot that was a ledge two
/// blocks off (seed 4, draw 3 of `nether::tests`: across a trench beside
/// the foot), where only their eyes were within the sword's reach: the
/// crowd stood there for 10,000 steps, and none fell.
fn is_perch(game: &Game, [x, y, z]: BlockPos) -> bool {
    let world = &game.world;
    let column_free = (0..=HEIGHT + 2).all(|dy| world.get([x, y + dy, z]) == BlockId::AIR);
    let nothing_beside = (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dz| (dx, dz)))
        .filter(|&d| d != (0, 0))
        .all(|(dx, dz)| (0..=HEIGHT).all(|dy| !collides_at(world, [x + dx, y + dy, z + dz])));
    let level_round = [[1, 0], [-1, 0], [0, 1], [0, -1]]
        .into_iter()
        .all(|[dx, dz]| is_solid_cube(game, [x + dx, y - 1, z + dz]));
    ground_under_foot(game, [x, y, z]) && column_free && nothing_beside && level_round
}

/// Whether the cell under feet at `feet` is solid ground.
fn ground_under_foot(game: &Game, [x, y, z]: BlockPos) -> bool {
    is_solid_cube(game, [x, y - 1, z])
}

/// The feet cell of the nearest perch within [`SEARCH`] blocks.
fn nearest_perch(game: &Game) -> Option<BlockPos> {
    let [fx, fy, fz] = game.player.block_pos();
    (-SEARCH..=SEARCH)
        .flat_map(|dx| (-SEARCH..=SEARCH).map(move |dz| (dx, dz)))
        .flat_map(|(dx, dz)| (-4..=4).map(move |dy| [fx + dx, fy + dy, fz + dz]))
        .filter(|&cell| is_perch(game, cell))
        .min_by_key(|&[x, y, z]| (x - fx).pow(2) + (y - fy).pow(2) * 4 + (z - fz).pow(2))
}

fn foot(perch: BlockPos) -> [f64; 3] {
    [
        f64::from(perch[0]) + 0.5,
        f64::from(perch[1]),
        f64::from(perch[2]) + 0.5,
    ]
}

/// The living endermen within `range` of the perch's foot.
fn endermen_within(game: &Game, perch: BlockPos, range: f64) -> impl Iterator<Item = &Entity> {
    living(game, ENDERMAN).filter(move |e| distance(e.pos, foot(perch)) <= range)
}

/// Whether an ender pearl lies within [`GATHER`] of the perch's foot.
fn pearls_lying(game: &Game, perch: BlockPos) -> bool {
    game.entities.list.iter().any(|e| {
        matches!(&e.kind, EntityKind::Item { stack, .. } if stack.name() == "ender_pearl")
            && distance(e.pos, foot(perch)) <= GATHER
    })
}

/// Rounds at a perch until `enough` holds with no angry enderman within
/// [`NEAR`] of the player (or the rounds run out): one left angry follows
/// the player and strikes it while it crafts or digs away (in a trace of
/// seed 4 with a taller pillar, one killed the player 50 ticks after the
/// last pearl was gathered at the pillar's foot), so once `enough` holds
/// no more are angered and those angry are fought. The perch is kept
/// while the player is on it or it is still free, and looked for anew
/// round the feet otherwise (knocked off its pillar, the player finds
/// another beside it); with none near, `elsewhere` plays the round.
pub fn from_a_perch(
    enough: impl Fn(&Game) -> bool + 'static,
    rounds: u32,
    elsewhere: impl Fn(&Game) -> Plan + 'static,
) -> Box<dyn Behaviour> {
    let perch: Rc<Cell<Option<BlockPos>>> = Rc::default();
    // Pearls held, and descents since one was last gathered.
    let gathering: Rc<Cell<(u32, u32)>> = Rc::default();
    let enough = Rc::new(enough);
    let satisfied = enough.clone();
    // The tick `enough` first held: an angry enderman that never comes
    // (one held up on a ledge near) is waited for no longer than
    // [`LEAVE_WAIT_TICKS`].
    let since: Cell<Option<u64>> = Cell::default();
    let done = move |g: &Game| {
        if !satisfied(g) {
            return false;
        }
        let first = since.get().unwrap_or(g.tick);
        since.set(Some(first));
        !angry_enderman_within(g, NEAR) || g.tick >= first + LEAVE_WAIT_TICKS
    };
    Box::new(Until::new(done, rounds, move |game| {
        let held = game.player.inventory.count(item("ender_pearl"));
        if held != gathering.get().0 {
            gathering.set((held, 0));
        }
        // A perch whose foot has lost its ground is left: a dig to the
        // foot from below mines it (seed 4, draw 5 of `nether::tests`),
        // and the pillar then has nothing to be set on.
        let kept = perch
            .get()
            .filter(|&p| (in_column(game, p) && ground_under_foot(game, p)) || is_perch(game, p));
        let chosen = kept.or_else(|| nearest_perch(game));
        perch.set(chosen);
        match chosen {
            Some(p) => perch_round(game, p, &gathering, enough(game)),
            None => elsewhere(game),
        }
    }))
}

/// One round at the perch whose foot is `perch` (see the module comment);
/// `gathering` holds the pearls held and the descents since one was
/// last gathered (a pearl that cannot be reached is given up), and
/// `enough` whether no more endermen are to be angered.
fn perch_round(game: &Game, perch: BlockPos, gathering: &Cell<(u32, u32)>, enough: bool) -> Plan {
    let top = [perch[0], perch[1] + HEIGHT, perch[2]];
    let on_top = game.player.block_pos() == top && game.player.on_ground;
    let angry_near = endermen_within(game, perch, NEAR).any(angry);
    let (held, descents) = gathering.get();
    let lying = pearls_lying(game, perch);
    let gather = lying && !angry_near && descents < MOST_DESCENTS;
    if !on_top {
        // Feet in the foot's cell, landed or not: the descent ends as
        // the last block is mined, with the body still falling, and a
        // test of the feet's height under half a block there never
        // held (the pillar was built again with the pearls left lying).
        if gather && game.player.block_pos()[1] <= perch[1] {
            return vec![Box::new(CollectItems::new(GATHER, GATHER_TICKS))];
        }
        return climb(game, perch);
    }
    if needs_food(game) {
        return vec![eat_if_needed("diamond_sword")];
    }
    if endermen_within(game, perch, STRIKE_RANGE).next().is_some() {
        return vec![
            Box::new(Equip::new(item("diamond_sword"))),
            Box::new(Within {
                ticks: STRIKE_TICKS,
                inner: Box::new(Hunt::new(ENDERMAN, 1).holding_ground()),
            }),
        ];
    }
    if gather {
        gathering.set((held, descents + 1));
        return come_down(perch);
    }
    // Pearls lying wait for the angry endermen near to come and fall:
    // one more angered would keep them near.
    if enough || (lying && angry_near) {
        return vec![Box::new(Hold::still(WAIT_TICKS))];
    }
    match in_sight(game, STARE_RANGE) {
        Some(enderman) => vec![Box::new(Stare {
            id: enderman,
            ticks_left: STARE_TICKS,
        })],
        None => vec![Box::new(Hold::still(WAIT_TICKS))],
    }
}

/// Goes to the perch's foot, unless the feet are on the pillar already,
/// and builds the pillar (what is left of it), then takes the sword.
fn climb(game: &Game, perch: BlockPos) -> Plan {
    let mut plan: Plan = Vec::new();
    if !in_column(game, perch) {
        plan.push(Box::new(DigTo::new(Box::new(move |_| vec![perch]))));
        plan.push(Box::new(StepInto::new(Spot::At(perch))));
    }
    plan.push(Box::new(Equip::new(item("cobblestone"))));
    plan.push(deferred(move |g| {
        let up = g.player.block_pos()[1] - perch[1];
        let left = u32::try_from(HEIGHT - up).unwrap_or(0);
        vec![Box::new(PillarUp::new(left))]
    }));
    plan.push(Box::new(Equip::new(item("diamond_sword"))));
    plan
}

/// Whether the feet are over the perch's foot (on its pillar, or there).
fn in_column(game: &Game, perch: BlockPos) -> bool {
    let [x, y, z] = game.player.block_pos();
    [x, z] == [perch[0], perch[2]] && (perch[1]..=perch[1] + HEIGHT).contains(&y)
}

/// Mines the pillar under the feet, block by block, down to its foot.
fn come_down(perch: BlockPos) -> Plan {
    vec![
        equip_best_pickaxe(),
        Box::new(Until::new(
            move |g| g.player.block_pos()[1] <= perch[1],
            HEIGHT as u32 * 2,
            |g| {
                let [x, y, z] = g.player.block_pos();
                vec![Box::new(Mine::new(Spot::At([x, y - 1, z])))]
            },
        )),
    ]
}

/// The nearest enderman not angry yet within `range` whose eyes the
/// player's can see (those angry already cannot strike the top: more of
/// them at its foot do no harm).
fn in_sight(game: &Game, range: f64) -> Option<EntityId> {
    let eye = game.player.eye();
    living(game, ENDERMAN)
        .filter(|e| !angry(e) && distance(e.pos, game.player.pos) <= range)
        .filter(|e| senses::can_see(&game.world, eye, senses::eye(e)))
        .min_by(|a, b| {
            let d = |e: &Entity| distance(e.pos, game.player.pos);
            d(a).total_cmp(&d(b))
        })
        .map(|e| e.id)
}

/// Looks an enderman in the eye until it is angry (or a while has gone).
struct Stare {
    id: EntityId,
    ticks_left: u32,
}

impl Behaviour for Stare {
    fn next(&mut self, game: &Game) -> Step {
        let Some(enderman) = game.entities.get(self.id) else {
            return Step::Done;
        };
        if self.ticks_left == 0 || angry(enderman) {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let (yaw, pitch) = angles_to(game, senses::eye(enderman));
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        Step::Act(action)
    }
}

#[cfg(test)]
mod tests;
