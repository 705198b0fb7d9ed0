//! Scripted fights: plans for the combat and hunting tasks and the
//! shield task, and the behaviours they are made of — closing in on a
//! creature with the camera on it, striking when the attack is charged
//! (from a jump, for a critical, when asked), backing off to recharge,
//! never over a ledge deeper than a harmless fall (over land, never down
//! at all towards a creature level with the feet or above), going round what
//! stops the run (a tree, a wall) by a path found over the ground — down
//! a cave's mouth or up a bank to a creature out of reach below or above —
//! cutting the plants before the crosshair, digging out a creature buried
//! in a hillside, digging a staircase up out of a hollow no walk leaves
//! when the quarry stands above it, and raising the shield
//! towards an attacker. Like every script they read the game to decide
//! and act only through keys and camera.

use super::behaviour::{self, angles_to, distance_across, turn_towards, Behaviour, Step};
use super::blocks::collides_at;
use super::buried::burying_block;
use super::dig_out::dig_out_towards;
use super::draw_out::DrawOut;
use super::faces;
use super::footing::{ground_within, Footing};
use super::go_round::GoRound;
use super::pearl_chase::PearlChase;
use super::plans::{select, Plan};
use super::plants::is_plant;
use super::route;
use super::stares::AvertingEyes;
use super::walking;
use crate::protocol::{Action, Key};
use crate::sim::entity::{Entity, EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::raycast::{self, Face};
use crate::sim::registry::registry;
use crate::sim::rules::fluids::{self, Fluid};
use crate::sim::rules::{attack_charge, crosshair, Target, ENTITY_REACH};
use crate::sim::world::{up, BlockPos};
use crate::suite::Event;

/// The charge at which a swing is worth it (full damage, criticals).
const CHARGED: f32 = 0.95;
/// How close to walk before swinging (the reach is 3).
const STRIKE_DISTANCE: f64 = 2.4;
/// Within this distance of a creature no walk goes round what stops the
/// run: it is struck at from where the run stopped.
const NEAR_TO_GO_ROUND: f64 = STRIKE_DISTANCE + 1.0;
/// How far a creature's feet may stand below the player's before a
/// strike from above no longer reaches its body, and the highest fall
/// taken to follow it (three blocks fall without harm).
const OUT_OF_REACH_BELOW: f64 = 2.5;
const SAFE_DROP: f64 = 5.0;
/// How far below the feet a creature no walk reaches may stand for the
/// hunt to dig up out of where it is (no deeper than a jump climbs back:
/// a way up from a pit goes nowhere lower), and how many times one hunt
/// digs out.
const DIG_OUT_FOR_BELOW: f64 = 1.5;
const DIG_OUTS: u32 = 3;

/// The living creatures of `kind`.
pub(super) fn living<'a>(game: &'a Game, kind: &'a str) -> impl Iterator<Item = &'a Entity> {
    game.entities.list.iter().filter(move |e| match &e.kind {
        EntityKind::Mob(mob) => !mob.is_dying() && registry().entity(mob.kind).name == kind,
        _ => false,
    })
}

/// The living creature of `kind` nearest the player.
pub(super) fn nearest<'a>(game: &'a Game, kind: &'a str) -> Option<&'a Entity> {
    nearest_across(game, living(game, kind))
}

/// Of `creatures`, the one nearest the player across (heights aside).
fn nearest_across<'a>(
    game: &Game,
    creatures: impl Iterator<Item = &'a Entity>,
) -> Option<&'a Entity> {
    let p = game.player.pos;
    creatures.min_by(|a, b| distance_across(a.pos, p).total_cmp(&distance_across(b.pos, p)))
}

/// Whether a kind is struck low on its legs: looking an enderman in the
/// eye sends it away.
fn aims_low(kind: &str) -> bool {
    kind == "enderman"
}

/// The heights on a creature's body worth aiming at, best first: the
/// middle, or low on its legs.
fn aim_heights(aim_low: bool) -> &'static [f64] {
    if aim_low {
        &[0.25, 0.15, 0.4]
    } else {
        &[0.5, 0.8, 0.25, 0.95]
    }
}

fn body_point(e: &Entity, share: f64) -> [f64; 3] {
    [e.pos[0], e.pos[1] + e.size().1 * share, e.pos[2]]
}

/// The block that stops the eye's ray to `point` short of it, if any
/// within reach does.
fn block_before(game: &Game, point: [f64; 3]) -> Option<raycast::Hit> {
    let eye = game.player.eye();
    let d = [point[0] - eye[0], point[1] - eye[1], point[2] - eye[2]];
    let length = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    let dir = d.map(|v| v / length.max(1e-9));
    raycast::target(&game.world, eye, dir).filter(|hit| hit.distance <= length - 0.3)
}

/// Where to aim on a creature: the first of its [`aim_heights`] that no
/// block hides from the eye.
fn aim_point(game: &Game, e: &Entity, aim_low: bool) -> [f64; 3] {
    let heights = aim_heights(aim_low);
    heights
        .iter()
        .map(|&share| body_point(e, share))
        .find(|&p| block_before(game, p).is_none())
        .unwrap_or_else(|| body_point(e, heights[0]))
}

/// The block within reach that hides the whole body of `e`, a creature
/// of `kind`, from the eye (the one before its best aim point), if one
/// does: a wall a strike cannot pass.
pub fn block_hiding(game: &Game, e: &Entity, kind: &str) -> Option<BlockPos> {
    let heights = aim_heights(aims_low(kind));
    if heights
        .iter()
        .any(|&share| block_before(game, body_point(e, share)).is_none())
    {
        return None;
    }
    block_before(game, body_point(e, heights[0])).map(|hit| hit.pos)
}

/// Hunts creatures of a kind until the player has killed `kills` of them:
/// turns to the nearest, runs at it, strikes it with a charged swing
/// (jumping first, to land criticals, with `jump_hits`), and steps back
/// while the weapon recharges.
pub struct Hunt {
    kind: &'static str,
    kills: u64,
    aim_low: bool,
    jump_hits: bool,
    attack_was_down: bool,
    /// Ticks left stepping back after a strike.
    backing: u32,
    killed_before: Option<u64>,
    /// Whether to step off a ledge down to a creature out of reach below.
    drops_down: bool,
    /// Whether to strike only from where the feet are, never moving.
    holds_ground: bool,
    /// Whether to walk round what stops the run.
    goes_round: bool,
    round: GoRound,
    /// Creatures no walk round found a way to, passed over while
    /// another of the kind lives.
    unreached: Vec<EntityId>,
    /// A staircase being dug up out of a hollow no walk leaves, and the
    /// dig-outs left.
    digging_out: Option<Box<dyn Behaviour>>,
    dig_outs_left: u32,
}

impl Hunt {
    pub fn new(kind: &'static str, kills: u64) -> Hunt {
        Hunt {
            kind,
            kills,
            aim_low: aims_low(kind),
            jump_hits: false,
            attack_was_down: false,
            backing: 0,
            killed_before: None,
            drops_down: false,
            holds_ground: false,
            goes_round: false,
            round: GoRound::for_kind(kind),
            unreached: Vec::new(),
            digging_out: None,
            dig_outs_left: DIG_OUTS,
        }
    }

    /// A hunt over the open land, where the ground is known to be safe
    /// (not a fortress over lava): stepping off a ledge (a drop of up to
    /// [`SAFE_DROP`]) when the creature stands below it, out of reach,
    /// walking round the trees and walls that stop the run, and digging a
    /// staircase up out of a hollow no short way leaves.
    pub fn over_land(kind: &'static str, kills: u64) -> Hunt {
        let mut hunt = Hunt {
            drops_down: true,
            goes_round: true,
            ..Hunt::new(kind, kills)
        };
        hunt.round.set_digs_up(true);
        hunt
    }

    /// Strike only what comes within reach, from where the feet are: no
    /// step forward, back or up (a perch's top is one block wide).
    pub fn holding_ground(mut self) -> Hunt {
        self.holds_ground = true;
        self
    }

    /// Jump before each strike, hitting on the way down for criticals.
    pub fn with_critical_hits(mut self) -> Hunt {
        self.jump_hits = true;
        self
    }

    /// Whether the creature's feet stand more than half a block under
    /// the player's.
    fn below_the_feet(game: &Game, target: &Entity) -> bool {
        target.pos[1] < game.player.pos[1] - 0.5
    }

    fn below_out_of_reach(&self, game: &Game, target: &Entity) -> bool {
        let drop = game.player.pos[1] - target.pos[1];
        self.drops_down && (OUT_OF_REACH_BELOW..=SAFE_DROP).contains(&drop)
    }

    /// Whether, over land, the creature stands deeper below than a drop
    /// the hunt takes (down in a cave): the way down to it is gone round
    /// to (seed 95's wounded pig fled into a cave nine blocks under).
    fn deep_below(&self, game: &Game, target: &Entity) -> bool {
        self.goes_round && game.player.pos[1] - target.pos[1] > SAFE_DROP
    }

    /// Whether, over land, the creature stands on a bank over the eyes,
    /// beyond the arm's reach or hidden by the bank's edge: the way up to
    /// it is gone round to. The reach is the crosshair's, along the look
    /// at the point aimed at (seed 167's witch stood at a pit's edge, its
    /// feet within reach of the eyes in the pit and the look at its body
    /// out of it, and the player waited below until it died).
    fn high_above(&self, game: &Game, target: &Entity) -> bool {
        self.goes_round
            && target.pos[1] > game.player.eye()[1]
            && !self.strike_reaches(game, target)
    }

    /// Whether, over land, the creature stands below the feet beyond the
    /// arm's reach or with its whole body hidden by the ground's edge:
    /// the hunt steps down to it (seed 375's wounded enderman stood two
    /// blocks down beside the ledge, hidden by it, and seed 181's two
    /// down the slope, within a strike's distance across but out of the
    /// arm's reach, and the player stood aiming at it until the episode
    /// ended).
    fn low_below(&self, game: &Game, target: &Entity) -> bool {
        self.drops_down && Self::below_the_feet(game, target) && !self.strike_reaches(game, target)
    }

    /// Whether, over land, a block no strike cuts through in a moment
    /// (a tree's trunk, a wall) hides the whole body of a creature near
    /// enough that no walk would go round: the run goes on, and round,
    /// until the body is in sight (seed 478's enderman stood two blocks
    /// off behind a trunk, the way round too low for it, and the player
    /// stood aiming at the bark for 350 ticks).
    fn hidden_near(&self, game: &Game, target: &Entity) -> bool {
        self.goes_round
            && burying_block(game, target).is_none()
            && block_hiding(game, target, self.kind).is_some_and(|pos| Self::hard_to_cut(game, pos))
    }

    /// Whether a block hiding a creature is one no strike cuts through in
    /// a moment: not a plant, not quick to cut.
    fn hard_to_cut(game: &Game, pos: BlockPos) -> bool {
        !is_plant(game.world.get(pos)) && !walking::quick_to_cut(game, pos)
    }

    /// Whether, over land, a walk round to the creature goes on however
    /// near: while a block no strike cuts through in a moment hides it
    /// (see [`Self::hidden_near`]), or while no block hides it and it
    /// stands beyond the arm's reach (seed 315's witch stood one step up,
    /// 3.3 blocks off across a hole's corner that held the straight run
    /// back, and the walk round ended at once, the witch nearer than a
    /// walk round starts). The hiding rays are cast once.
    fn walked_round_however_near(&self, game: &Game, target: &Entity) -> bool {
        if !self.goes_round || burying_block(game, target).is_some() {
            return false;
        }
        match block_hiding(game, target, self.kind) {
            Some(pos) => Self::hard_to_cut(game, pos),
            None => self.reached_at(game, target) > ENTITY_REACH,
        }
    }

    /// Whether a strike would reach the creature: the crosshair's reach
    /// meets its body before any block hides all of it.
    fn strike_reaches(&self, game: &Game, target: &Entity) -> bool {
        self.reached_at(game, target) <= ENTITY_REACH
            && block_hiding(game, target, self.kind).is_none()
    }

    /// How far from the eyes the look at the point aimed at meets the
    /// creature's body.
    fn reached_at(&self, game: &Game, target: &Entity) -> f64 {
        let eye = game.player.eye();
        let aim = aim_point(game, target, self.aim_low);
        let look = [0, 1, 2].map(|a| aim[a] - eye[a]);
        target
            .bounding_box()
            .clip(eye, look)
            .map_or(f64::INFINITY, |t| t * behaviour::distance(eye, aim))
    }

    /// The walk, jump or step back of this tick: closing in, backing off
    /// while the weapon recharges, jumping for a critical.
    fn press_moves(
        &mut self,
        game: &Game,
        target: &Entity,
        distance: f64,
        charged: bool,
        action: &mut Action,
    ) {
        let p = &game.player;
        // No walk, jump or step back over a ledge deeper than a harmless
        // fall (a fight on a Nether ledge fell 9 and 8 blocks, hurt).
        // Over land, no step down at all towards a creature level with
        // the feet or above them: a run down a slope at one on a tree's
        // crown ends in the pool under it (seed 275's pig); water level
        // with the feet is swum on (a witch out in a lake is swum to).
        let footing = if !self.drops_down {
            Footing::DropOf(route::HARMLESS_DROP)
        } else if Self::below_the_feet(game, target) {
            Footing::DropOf(SAFE_DROP as i32)
        } else {
            Footing::DropOrWaterOf(0)
        };
        let towards = [target.pos[0] - p.pos[0], target.pos[2] - p.pos[2]];
        let ahead_safe = ground_within(game, towards, footing);
        let drifting_safe = ground_within(game, [p.vel[0], p.vel[2]], footing);
        let far = distance > STRIKE_DISTANCE
            || self.below_out_of_reach(game, target)
            || self.deep_below(game, target)
            || self.high_above(game, target)
            || self.low_below(game, target)
            || self.hidden_near(game, target);
        if self.backing > 0 {
            self.backing -= 1;
            if ground_within(game, towards.map(|v| -v), footing) {
                action.press(Key::Back);
            }
        } else if far && ahead_safe {
            action.press(Key::Forward);
            // In water the run paddles, holding jump to float: a sprint
            // there lies the body flat to swim, and a flat swimmer climbs
            // no bank (seed 119's player swam into a one-block bank with
            // its eyes under water until it drowned).
            if p.in_water {
                action.press(Key::Jump);
            } else if distance > 4.0 {
                action.press(Key::Sprint);
            }
            let stuck = p.on_ground && p.horizontal_collision;
            if stuck {
                action.press(Key::Jump);
            }
        } else if charged && self.jump_hits && p.on_ground && drifting_safe {
            action.press(Key::Jump);
        }
        if far && self.goes_round {
            // A run that gets no closer is gone round, whether a wall
            // stops it or a ledge too deep to go over holds it back (seed
            // 56's witch stood in a lake beyond a pit beside its bank).
            self.round.watch(game, target.pos);
        } else {
            self.round.reset();
        }
    }

    /// The creature to go for: the nearest, or over land the nearest one
    /// buried in a hillside first, since it suffocates before long and
    /// then counts as no kill. One no walk round reaches is passed over
    /// for another (seed 1901's nearer horse fell into a shaft seven
    /// deep, and the player stood over it while the other grazed five
    /// blocks off).
    fn quarry<'a>(&self, game: &'a Game) -> Option<&'a Entity> {
        self.quarry_among(game, |e| !self.unreached.contains(&e.id))
            .or_else(|| self.quarry_among(game, |_| true))
    }

    /// [`Hunt::quarry`]'s choice among the living creatures of the kind
    /// that `keep` keeps.
    fn quarry_among<'a>(
        &self,
        game: &'a Game,
        keep: impl Fn(&Entity) -> bool,
    ) -> Option<&'a Entity> {
        let p = game.player.pos;
        let kept = || living(game, self.kind).filter(|e| keep(e));
        let buried = || {
            kept()
                .filter(|e| burying_block(game, e).is_some())
                .min_by(|a, b| {
                    behaviour::distance(a.pos, p).total_cmp(&behaviour::distance(b.pos, p))
                })
        };
        self.goes_round
            .then(buried)
            .flatten()
            .or_else(|| nearest_across(game, kept()))
    }

    /// Where to look: at the quarry, or over land at the top of the block
    /// one is buried in, when that top is open (one block dug, not the
    /// ones on the line to its body; seed 2119's second pig suffocated
    /// while the first was dug out through its neighbour).
    fn aim_at(&self, game: &Game, target: &Entity) -> [f64; 3] {
        match burying_block(game, target) {
            Some(cell) if self.goes_round && !collides_at(&game.world, up(cell, 1)) => {
                faces::aim_point(cell, Face::Up)
            }
            _ => aim_point(game, target, self.aim_low),
        }
    }

    /// Whether, over land, the hunt is shut in a hollow: no walk round
    /// reaches any creature of the kind, and `target` stands no lower
    /// than a jump under the feet (seed 2538's player followed a pig down
    /// into a hollow two deep, and stood jumping at its wall, under the
    /// other pig, until the episode ended; seed 3984's followed one down
    /// a pit six deep, and the other grazed beyond the wall, level with
    /// the pit's floor).
    fn shut_in(&self, game: &Game, target: &Entity) -> bool {
        self.goes_round
            && target.pos[1] - game.player.pos[1] > -DIG_OUT_FOR_BELOW
            && living(game, self.kind).all(|e| self.unreached.contains(&e.id))
    }

    fn done(&mut self, game: &Game) -> bool {
        let killed = game.stats.get(Event::KillEntity, self.kind);
        let before = *self.killed_before.get_or_insert(killed);
        killed >= before + self.kills
    }
}

impl Behaviour for Hunt {
    fn next(&mut self, game: &Game) -> Step {
        if self.done(game) {
            return Step::Done;
        }
        let p = &game.player;
        if p.is_dead() {
            return Step::Act(Action::noop());
        }
        let Some(target) = self.quarry(game) else {
            return Step::Act(Action::noop());
        };
        let distance =
            ((target.pos[0] - p.pos[0]).powi(2) + (target.pos[2] - p.pos[2]).powi(2)).sqrt();
        // A walk round a block that hides the whole body, or to a body
        // in sight beyond the arm's reach, goes on however near.
        let near_enough = if self.walked_round_however_near(game, target) {
            0.0
        } else {
            NEAR_TO_GO_ROUND
        };
        // A dig out whose eyes have sunk under water ends: a swimmer
        // leaves by the surface, and a block dug with the eyes under
        // breaks five times slower (seed 3346's player walked off its
        // staircase into a pond and dug at the bank from the bottom).
        let eyes_under = fluids::eyes_in(&game.world, p.eye(), Fluid::Water);
        if let Some(dig) = self.digging_out.as_mut().filter(|_| !eyes_under) {
            if let Step::Act(action) = dig.next(game) {
                return Step::Act(action);
            }
        }
        self.digging_out = None;
        if let Some(walk_round) = self.round.step(game, target.pos, near_enough) {
            self.attack_was_down = false;
            return Step::Act(walk_round);
        }
        if self.round.found_no_way() {
            if !self.unreached.contains(&target.id) {
                self.unreached.push(target.id);
            }
            if self.dig_outs_left > 0 && self.shut_in(game, target) {
                self.dig_outs_left -= 1;
                self.round.set_digs_up(self.dig_outs_left > 0);
                self.unreached.clear();
                self.attack_was_down = false;
                let cell = target.pos.map(|v| v.floor() as i32);
                self.digging_out = Some(dig_out_towards(cell));
                return self.next(game);
            }
        }
        let aim = self.aim_at(game, target);
        let (yaw, pitch) = angles_to(game, aim);
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        // Any creature of the kind under the crosshair will do: one
        // standing before the nearest (several crowd a pillar's foot). A
        // plant before it (tall grass the eyes stand in) is cut first, and
        // one buried in a hillside is dug out: from the top of its block
        // when that is open (see [`Hunt::aim_at`]), else the full blocks
        // before it mined, the one it is in last. A soft block before a creature too
        // near to go round is cut through (see [`walking::quick_to_cut`]).
        let near = distance <= NEAR_TO_GO_ROUND;
        let (mut on_target, mut plant_in_front, mut digging) = (false, false, false);
        match crosshair(game) {
            Some(Target::Entity(id)) => on_target = living(game, self.kind).any(|e| e.id == id),
            Some(Target::Block(hit)) if hit.distance < behaviour::distance(p.eye(), aim) => {
                plant_in_front = is_plant(hit.block);
                digging = (burying_block(game, target).is_some()
                    && registry().block(hit.block).is_opaque_cube())
                    || (near && walking::quick_to_cut(game, hit.pos));
            }
            _ => {}
        }
        let charged = attack_charge(p) >= CHARGED;
        if !self.holds_ground {
            // No jump while digging, for a critical or against what stops
            // the run: a block dug in the air breaks five times slower (in
            // water, jump still keeps the head up).
            let strike_ready = charged && !digging;
            self.press_moves(game, target, distance, strike_ready, &mut action);
            if digging && !p.in_water {
                action = action.without(Key::Jump);
            }
        }
        let falling = !p.on_ground && p.vel[1] < 0.0;
        let ready = charged && (!self.jump_hits || falling || distance > STRIKE_DISTANCE + 0.4);
        if on_target && ready && !self.attack_was_down {
            action.press(Key::Attack);
            self.backing = 4;
        } else if (plant_in_front && !self.attack_was_down) || digging {
            action.press(Key::Attack);
        }
        self.attack_was_down = action.is_pressed(Key::Attack);
        Step::Act(action)
    }
}

/// Holds the shield up towards the nearest creature of a kind until a
/// blow has been blocked.
pub struct RaiseShield {
    kind: &'static str,
}

impl Behaviour for RaiseShield {
    fn next(&mut self, game: &Game) -> Step {
        if game.stats.get(Event::UseItem, "shield") > 0 {
            return Step::Done;
        }
        let mut action = Action::noop().with(Key::Use);
        if let Some(attacker) = nearest(game, self.kind) {
            let (yaw, _) = angles_to(game, aim_point(game, attacker, false));
            action.camera = turn_towards(game, yaw, 10.0);
        }
        Step::Act(action)
    }
}

/// An over-land hunt, following its quarry by ender pearl where no walk
/// goes (when pearls are held).
fn hunt(kind: &'static str, kills: u64) -> Plan {
    vec![chase(kind, kills)]
}

/// A hunt over land that throws a pearl to a quarry no walk reaches.
fn chase(kind: &'static str, kills: u64) -> Box<dyn Behaviour> {
    Box::new(PearlChase::new(Hunt::over_land(kind, kills), kind))
}

pub fn combat_zombies(_: &Game) -> Plan {
    hunt("zombie", 1)
}

/// Closing in on a skeleton through its arrows, diamond armor on.
pub fn combat_skeletons(_: &Game) -> Plan {
    hunt("skeleton", 1)
}

pub fn combat_spiders(_: &Game) -> Plan {
    hunt("spider", 1)
}

pub fn combat_enderman(_: &Game) -> Plan {
    // An enderman that teleported into a deep cave is drawn up by walking
    // off (seed 259's stood far under the player's feet); no look meets
    // the eyes of an angry one near, which sends it off.
    let draw_out = DrawOut::new(chase("enderman", 1), "enderman");
    vec![Box::new(AvertingEyes::new(Box::new(draw_out)))]
}

pub fn combat_witch(_: &Game) -> Plan {
    hunt("witch", 1)
}

pub fn combat_wolfs(_: &Game) -> Plan {
    // Only a bow in hand: punch, from jumps, for criticals.
    vec![Box::new(Hunt::over_land("wolf", 1).with_critical_hits())]
}

pub fn hunt_pigs(_: &Game) -> Plan {
    vec![select("iron_sword"), Box::new(Hunt::over_land("pig", 2))]
}

pub fn hunt_horse(_: &Game) -> Plan {
    vec![select("iron_sword"), Box::new(Hunt::over_land("horse", 1))]
}

pub fn use_shield(_: &Game) -> Plan {
    vec![select("shield"), Box::new(RaiseShield { kind: "zombie" })]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::{block, item, BlockId};
    use crate::sim::rules;
    use crate::sim::rules::testkit::{fill, platform_game, put, summon_east, AREA, FLOOR};
    use crate::sim::script::long::stage::play_phase;

    /// Under a canopy of `wall`, blocks of it at head height stop the run
    /// three blocks short of an enderman penned in stone, where no walk
    /// goes round. Whether the hunt strikes it within 200 ticks, and what
    /// is left of the block on the line to its legs.
    fn hunt_through(wall: &str) -> (bool, BlockId) {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("diamond_sword"), 1));
        for z in -1..=1 {
            put(&mut game.world, [0, FLOOR + 3, z], wall);
            put(&mut game.world, [1, FLOOR + 2, z], wall);
            put(&mut game.world, [1, FLOOR + 3, z], wall);
            for y in FLOOR + 1..=FLOOR + 3 {
                put(&mut game.world, [4, y, z], "stone");
                if z != 0 {
                    put(&mut game.world, [3, y, z], "stone");
                }
            }
        }
        summon_east(&mut game, "enderman", 3.0);
        let struck = |g: &Game| {
            living(g, "enderman").all(|e| match &e.kind {
                EntityKind::Mob(mob) => mob.health < 40.0,
                _ => false,
            })
        };
        let played = play_phase(game, vec![Box::new(Hunt::new("enderman", 1))], struck, 200);
        (played.reached, played.game.world.get([1, FLOOR + 2, 0]))
    }

    /// The lowest the feet go in the first 30 ticks of an over-land hunt
    /// for a pig.
    fn lowest_feet_hunting_a_pig(game: Game) -> f64 {
        let lowest = std::cell::Cell::new(f64::INFINITY);
        let track = |g: &Game| {
            lowest.set(lowest.get().min(g.player.pos[1]));
            false
        };
        play_phase(game, vec![Box::new(Hunt::over_land("pig", 1))], track, 30);
        lowest.get()
    }

    /// The player on a bank whose edge steps down a block at a time (x 2
    /// and 3) to a hollow (x 4 and 5), beyond which a crown of stone (x 6
    /// to 8) stands level with the bank; a pig `east` of the player with
    /// its feet at `height`. The lowest the feet go in the first 30 ticks
    /// of an over-land hunt.
    fn lowest_feet_running_at_a_pig(east: f64, height: i32) -> f64 {
        let mut game = platform_game();
        for x in -AREA..=8 {
            let top = match x {
                2 => FLOOR + 2,
                3 => FLOOR + 1,
                4 | 5 => FLOOR,
                _ => FLOOR + 3,
            };
            for z in -AREA..AREA {
                for y in FLOOR + 1..=top {
                    put(&mut game.world, [x, y, z], "stone");
                }
            }
        }
        game.player.pos = [0.5, f64::from(FLOOR + 4), 0.5];
        summon_east(&mut game, "pig", east);
        game.entities.list[0].pos[1] = f64::from(height);
        lowest_feet_hunting_a_pig(game)
    }

    #[test]
    fn an_over_land_hunt_steps_down_only_towards_a_creature_below() {
        // Seed 275's player ran down a slope at a pig on a tree's crown
        // level with it, into the pool under the tree.
        let bank = f64::from(FLOOR + 4);
        assert_eq!(lowest_feet_running_at_a_pig(7.0, FLOOR + 4), bank);
        let below = lowest_feet_running_at_a_pig(4.0, FLOOR + 1);
        assert!(below <= bank - 2.0, "the feet went down to {below} only");
    }

    #[test]
    fn an_over_land_hunt_steps_down_to_a_creature_below_out_of_the_arms_reach() {
        // The player at the edge of a bank two blocks high, a pig at its
        // foot within a strike's distance across but beyond the arm's
        // reach from the bank (seed 181's enderman).
        let mut game = platform_game();
        for x in -AREA..=0 {
            for z in -AREA..AREA {
                put(&mut game.world, [x, FLOOR + 1, z], "stone");
                put(&mut game.world, [x, FLOOR + 2, z], "stone");
            }
        }
        game.player.pos = [0.6, f64::from(FLOOR + 3), 0.5];
        summon_east(&mut game, "pig", 2.0);
        game.entities.list[0].pos[1] = f64::from(FLOOR + 1);
        assert_eq!(lowest_feet_hunting_a_pig(game), f64::from(FLOOR + 1));
    }

    /// The test floor under a plateau of stone `high` blocks high, a
    /// diamond sword in hand (the player still stands on the floor).
    fn armed_on_a_plateau(high: i32) -> Game {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("diamond_sword"), 1));
        fill(
            &mut game.world,
            [-AREA, FLOOR + 1, -AREA],
            [AREA - 1, FLOOR + high, AREA - 1],
            "stone",
        );
        game
    }

    /// A plateau four high, the player at the bottom of a pit in it with
    /// a dig out under way, a pig on the plateau to the west; then the
    /// player is dropped into a pond as deep two blocks east of the pit
    /// (seed 3346's player walked off its staircase into a pond): the
    /// dig out ends with the eyes under water, and the hunt swims up and
    /// out to the pig.
    #[test]
    fn a_dig_out_that_sinks_into_water_is_left_for_a_swim_out() {
        const HIGH: i32 = 4;
        let mut game = armed_on_a_plateau(HIGH);
        for y in FLOOR + 1..=FLOOR + HIGH {
            put(&mut game.world, [0, y, 0], "air");
            for x in 2..=4 {
                for z in -1..=1 {
                    put(&mut game.world, [x, y, z], "water");
                }
            }
        }
        summon_east(&mut game, "pig", -4.0);
        game.entities.list[0].pos[1] = f64::from(FLOOR + HIGH + 1);
        let mut hunt = Hunt::over_land("pig", 1);
        hunt.digging_out = Some(crate::sim::script::dig_out::dig_out());
        for _ in 0..20 {
            let Step::Act(action) = hunt.next(&game) else {
                panic!("the dig out ended in the pit");
            };
            rules::tick(&mut game, &action);
        }
        game.player.pos = [3.5, f64::from(FLOOR + 1), 0.5];
        let killed = |g: &Game| g.stats.get(Event::KillEntity, "pig") > 0;
        let played = play_phase(game, vec![Box::new(hunt)], killed, 300);
        assert!(played.reached, "no pig killed in {} steps", played.steps);
    }

    /// A plateau seven high with a shaft down to the floor two blocks
    /// east of the player, a pig at its bottom, and another pig on the
    /// plateau six blocks west: no walk goes down the shaft (a fall of
    /// seven), and the hunt turns to the other pig (seed 1901's horses).
    #[test]
    fn an_over_land_hunt_passes_over_a_creature_no_walk_reaches() {
        const HIGH: i32 = 7;
        let mut game = armed_on_a_plateau(HIGH);
        fill(
            &mut game.world,
            [1, FLOOR + 1, -1],
            [3, FLOOR + HIGH, 1],
            "air",
        );
        game.player.pos[1] = f64::from(FLOOR + HIGH + 1);
        summon_east(&mut game, "pig", 2.0);
        game.entities.list[0].pos[1] = f64::from(FLOOR + 1);
        summon_east(&mut game, "pig", -6.0);
        let killed = |g: &Game| g.stats.get(Event::KillEntity, "pig") > 0;
        let hunt = Hunt::over_land("pig", 1);
        let played = play_phase(game, vec![Box::new(hunt)], killed, 600);
        assert!(played.reached, "no pig killed in {} steps", played.steps);
        let in_the_shaft = living(&played.game, "pig").any(|e| e.pos[1] < f64::from(FLOOR + 2));
        assert!(in_the_shaft, "the pig in the shaft is left");
    }

    /// A rise of grass blocks one high east of the player, a pig
    /// summoned into it two blocks off (seed 2119's pigs): the line from
    /// the eyes to its body crosses the top of the block before it, but
    /// the hunt digs only the pig's own block, from the top, and kills
    /// the pig before it suffocates.
    #[test]
    fn an_over_land_hunt_digs_a_buried_creature_out_from_the_top_of_its_block() {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("iron_sword"), 1));
        for x in 1..=4 {
            for z in -2..=2 {
                put(&mut game.world, [x, FLOOR + 1, z], "grass_block");
            }
        }
        summon_east(&mut game, "pig", 2.0);
        let killed = |g: &Game| g.stats.get(Event::KillEntity, "pig") > 0;
        let hunt = Hunt::over_land("pig", 1);
        let played = play_phase(game, vec![Box::new(hunt)], killed, 100);
        assert!(played.reached, "no pig killed in {} steps", played.steps);
        let before_it = played.game.world.get([1, FLOOR + 1, 0]);
        assert_eq!(
            before_it,
            block("grass_block"),
            "the block before the pig was dug"
        );
    }

    #[test]
    fn an_over_land_hunt_drops_down_a_pit_to_a_creature_in_a_cave_below() {
        // Seed 352's skeleton was knocked into a cave whose mouth near it
        // was a pit six deep, and the player ran about on the ground over
        // the cave until the episode ended. Here a plateau six high over
        // a pig in a chamber, the one way down a pit six deep at the end
        // of a tunnel to the chamber.
        const HIGH: i32 = 6;
        let mut game = armed_on_a_plateau(HIGH);
        let mut open = |x: i32, z: i32, top: i32| {
            for y in FLOOR + 1..=top {
                put(&mut game.world, [x, y, z], "air");
            }
        };
        for x in 0..=2 {
            for z in -1..=1 {
                open(x, z, FLOOR + 2);
            }
        }
        for x in 3..=8 {
            open(x, 0, FLOOR + 2);
        }
        open(8, 0, FLOOR + HIGH);
        game.player.pos = [-3.5, f64::from(FLOOR + HIGH + 1), 0.5];
        summon_east(&mut game, "pig", 5.0);
        game.entities.list[0].pos[1] = f64::from(FLOOR + 1);
        let killed = |g: &Game| g.stats.get(Event::KillEntity, "pig") > 0;
        let hunt = Hunt::over_land("pig", 1);
        assert!(play_phase(game, vec![Box::new(hunt)], killed, 600).reached);
    }

    #[test]
    fn an_over_land_hunt_goes_round_a_trunk_that_hides_a_creature_near() {
        // Seed 478's enderman stood two blocks off behind a trunk, the
        // way round too low for it, and the player aimed at the bark for
        // 350 ticks. Here the enderman is penned two blocks east behind a
        // trunk of logs; the pen opens south and south-west through gaps
        // two blocks high, which the player passes and it does not.
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("diamond_sword"), 1));
        for y in FLOOR + 1..=FLOOR + 3 {
            put(&mut game.world, [1, y, 0], "oak_log");
            put(&mut game.world, [1, y, -1], "stone");
            put(&mut game.world, [2, y, -1], "stone");
            for z in -1..=1 {
                put(&mut game.world, [3, y, z], "stone");
            }
        }
        put(&mut game.world, [1, FLOOR + 3, 1], "stone");
        put(&mut game.world, [2, FLOOR + 3, 1], "stone");
        summon_east(&mut game, "enderman", 2.0);
        let struck = |g: &Game| {
            living(g, "enderman").all(|e| match &e.kind {
                EntityKind::Mob(mob) => mob.health < 40.0,
                _ => false,
            })
        };
        let hunt = Hunt::over_land("enderman", 1);
        assert!(play_phase(game, vec![Box::new(hunt)], struck, 300).reached);
    }

    /// Whether an over-land hunt strikes, within 300 ticks, a pig held in
    /// place on a step two blocks high (x 3 to 5, z -1 to 1), `east` and
    /// `south` of the player, a dip a block deep between them (x 1 and
    /// 2), the way up the step round the dip's ends.
    fn strikes_a_pig_held_on_a_step(east: f64, south: f64) -> bool {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("diamond_sword"), 1));
        for z in -1..=1 {
            for x in 1..=2 {
                put(&mut game.world, [x, FLOOR, z], "air");
                put(&mut game.world, [x, FLOOR - 1, z], "stone");
            }
            for x in 3..=5 {
                put(&mut game.world, [x, FLOOR + 1, z], "stone");
                put(&mut game.world, [x, FLOOR + 2, z], "stone");
            }
        }
        summon_east(&mut game, "pig", east);
        let pig = &mut game.entities.list[0];
        pig.pos[1] = f64::from(FLOOR + 3);
        pig.pos[2] += south;
        strikes_a_held_pig(game, 300)
    }

    /// Whether an over-land hunt strikes, within `ticks`, the one pig of
    /// `game`, held in place where it stands.
    fn strikes_a_held_pig(game: Game, ticks: u32) -> bool {
        hunt_a_held_pig(game, ticks).0
    }

    /// [`strikes_a_held_pig`], and the farthest the feet went across from
    /// where they stood.
    fn hunt_a_held_pig(mut game: Game, ticks: u32) -> (bool, f64) {
        let held = game.entities.list[0].pos;
        let start = game.player.pos;
        let mut farthest = 0.0_f64;
        let mut hunt = Hunt::over_land("pig", 1);
        for _ in 0..ticks {
            let Step::Act(action) = hunt.next(&game) else {
                break;
            };
            rules::tick(&mut game, &action);
            farthest = farthest.max(behaviour::distance_across(game.player.pos, start));
            let Some(pig) = game.entities.list.first_mut() else {
                break;
            };
            if matches!(&pig.kind, EntityKind::Mob(mob) if mob.health < 10.0) {
                return (true, farthest);
            }
            pig.pos = held;
            pig.vel = [0.0; 3];
        }
        (false, farthest)
    }

    #[test]
    fn an_over_land_hunt_goes_round_to_a_creature_in_sight_near_but_out_of_reach() {
        // Seed 315's witch stood one step up, 3.3 blocks off across a
        // hole's corner that held the straight run back, and the walk
        // round ended at once, the witch nearer than one starts. Here the
        // pig stands where the dip holds the run back, nearer than a walk
        // round starts and beyond the arm's reach (a narrow band: a step
        // nearer the strike reaches, a step farther the walk round starts
        // and goes on to where it does).
        assert!(strikes_a_pig_held_on_a_step(3.4, 0.0), "straight east");
        assert!(strikes_a_pig_held_on_a_step(3.35, 0.5), "east by south");
    }

    #[test]
    fn an_over_land_hunt_digs_up_out_of_a_hollow_under_a_creature_on_the_rim() {
        // Seed 2538's player followed a pig down into a hollow two deep
        // and stood there, jumping at the wall, under the other pig.
        // Here the pit is one cell, the pig held on the ground four
        // blocks east of it.
        let mut game = crate::sim::script::dig_out::tests::in_a_pit(2);
        game.player.inventory.main[0] = Some(ItemStack::new(item("iron_sword"), 1));
        summon_east(&mut game, "pig", 4.0);
        game.entities.list[0].pos[1] = game.player.pos[1] + 2.0;
        assert!(strikes_a_held_pig(game, 400));
    }

    #[test]
    fn an_over_land_hunt_digs_up_out_of_a_trench_whose_way_out_is_long() {
        // Seed 3879's player followed a pig down into a canyon whose walls
        // no jump climbs, and walked off along the river for the way out
        // 125 waypoints round, away from the other pig on the rim. Here
        // the trench is three deep, one wide and runs the floor's length,
        // a stair at its far end; the pig is held on the rim four blocks
        // east of the player, at the trench's other end.
        const DEEP: i32 = 3;
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("iron_sword"), 1));
        for x in -AREA..AREA {
            for z in -AREA..AREA {
                let step = if x == 0 { z - 11 } else { DEEP };
                for y in FLOOR + 1..=FLOOR + step.min(DEEP) {
                    put(&mut game.world, [x, y, z], "dirt");
                }
            }
        }
        game.player.pos = [0.5, f64::from(FLOOR + 1), -11.5];
        summon_east(&mut game, "pig", 4.0);
        game.entities.list[0].pos[1] = f64::from(FLOOR + DEEP + 1);
        let (struck, farthest) = hunt_a_held_pig(game, 400);
        assert!(
            struck,
            "no strike, the feet {farthest:.1} blocks off at most"
        );
        assert!(farthest < 6.0, "the feet went {farthest:.1} blocks off");
    }

    #[test]
    fn an_over_land_hunt_digs_up_out_of_a_pit_walled_off_from_a_creature_level_with_it() {
        // Seed 3984's player followed a pig down into a pit six deep and,
        // the pig killed, stood jumping at the pit's wall while the other
        // grazed eleven blocks off, level with its floor beyond the wall.
        // Here the pit is one cell in dirt three high that ends four
        // blocks east; the pig is held on the floor eight blocks east.
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("iron_sword"), 1));
        for x in -AREA..=4 {
            for z in -AREA..AREA {
                if [x, z] != [0, 0] {
                    for y in FLOOR + 1..=FLOOR + 3 {
                        put(&mut game.world, [x, y, z], "dirt");
                    }
                }
            }
        }
        summon_east(&mut game, "pig", 8.0);
        assert!(strikes_a_held_pig(game, 600));
    }

    #[test]
    fn soft_blocks_between_the_eyes_and_a_creature_too_near_to_go_round_are_cut() {
        // Before, the player pressed on against the leaves until the
        // episode ended (seed 238).
        assert_eq!(hunt_through("oak_leaves"), (true, BlockId::AIR));
        assert_eq!(hunt_through("dirt"), (true, BlockId::AIR));
        assert_eq!(
            hunt_through("stone").1,
            block("stone"),
            "stone by a sword takes too long"
        );
    }
}
