//! What the End throws at a player while a phase goes on there, and the
//! answer to each, ahead of the phase's own work (the Nether's phases
//! after the warped forest, among its endermen, are guarded so too; the
//! End's other hazards do not arise there):
//!
//! - a cloud of the dragon's breath under the feet (it waits a second
//!   before it hurts): sprint out to the nearest clear ground a straight
//!   walk reaches, until the feet land there; a cloud ahead (a touch
//!   costs 12 health): the phase's moves held back until it is gone;
//! - a fireball on its way to the feet: step aside;
//! - the void: a walk or an escape that would carry the body over it,
//!   or starts beside it, sneaks (the sneak guard holds the body at an
//!   edge) and does not jump;
//! - an angry enderman near (a player who meets an enderman's eye angers
//!   it, 1.16.5's `EndermanLookForPlayerGoal`, and the End is full of
//!   them): fight it with the sword, struck low on its legs (a look in its
//!   eye up close sends it off by teleport) with jumps for critical hits,
//!   then take back what was in hand; and a look the phase turns to that
//!   would meet a calm enderman's eyes is lowered until it does not.

use std::collections::VecDeque;

use super::crystals::dodge;
use super::end_fight::{horizontal, standing_on};
use super::equip::Equip;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::registry::item;
use crate::sim::rules::dragon_breath::breath_near;
use crate::sim::script::behaviour::{Behaviour, Step, Within};
use crate::sim::script::blocks::collides_at;
use crate::sim::script::combat::Hunt;
use crate::sim::script::plans::Plan;
use crate::sim::script::stares::{angry, angry_enderman_within, off_their_eyes};
use crate::sim::script::steer::move_towards;

/// An angry enderman this near (blocks) is fought.
const NEAR: f64 = 6.0;
/// Ticks one fight may last before the phase goes on.
const FIGHT_TICKS: u32 = 300;
const SWORD: &str = "diamond_sword";
/// Clear ground is looked for this far from the feet at most, on rings
/// a block apart, this many spots a ring.
const ESCAPE_RANGE: i32 = 12;
const ESCAPE_SPOTS: usize = 24;
/// Feet this near a cloud's edge are in it, for getting out; the way
/// out leads this far clear of every cloud (a cloud's second of waiting
/// is enough to get there).
const IN_BREATH: f64 = 0.5;
const CLEAR_BY: f64 = 1.5;

fn in_breath(game: &Game, feet: [f64; 3]) -> bool {
    breath_near(game, feet, IN_BREATH)
}

/// Where feet would stand in column (x, z) within a step up or a short
/// drop of `feet`: on a solid block with room for the body above it.
fn footing(game: &Game, feet: [f64; 3], x: f64, z: f64) -> Option<[f64; 3]> {
    let level = feet[1].floor() as i32;
    standing_on(game, x, z, level - 3..=level)
}

/// Steps (blocks) a walk is checked at.
const WALK_STEP: f64 = 0.25;

/// Whether a straight walk from `from` reaches `to` on its feet: ground
/// all along within a step up (with room over the head to jump it) or a
/// short drop.
fn walkable(game: &Game, from: [f64; 3], to: [f64; 3]) -> bool {
    let length = horizontal(from, to);
    let steps = (length / WALK_STEP).ceil().max(1.0) as u32;
    let mut feet = from;
    for i in 1..=steps {
        let t = f64::from(i) / f64::from(steps);
        let (x, z) = (
            from[0] + t * (to[0] - from[0]),
            from[2] + t * (to[2] - from[2]),
        );
        let Some(next) = footing(game, feet, x, z) else {
            return false;
        };
        let jump_room = || {
            let head = [
                feet[0].floor() as i32,
                feet[1].floor() as i32 + 2,
                feet[2].floor() as i32,
            ];
            !collides_at(&game.world, head)
        };
        if next[1] > feet[1] + 0.5 && !jump_room() {
            return false;
        }
        feet = next;
    }
    true
}

/// The nearest ground clear of breath, off the feet's cloud: first one
/// a straight walk reaches, on the feet's level if there is any (a step
/// up may be a wall); else the nearest at all.
fn way_out(game: &Game) -> Option<[f64; 3]> {
    let here = game.player.pos;
    let mut clear: Vec<[f64; 3]> = (1..=ESCAPE_RANGE)
        .flat_map(|ring| {
            (0..ESCAPE_SPOTS).filter_map(move |i| {
                let angle = std::f64::consts::TAU * i as f64 / ESCAPE_SPOTS as f64;
                let r = f64::from(ring);
                footing(
                    game,
                    here,
                    here[0] + r * angle.cos(),
                    here[2] + r * angle.sin(),
                )
            })
        })
        .filter(|&spot| !breath_near(game, spot, CLEAR_BY))
        .collect();
    clear.sort_by(|a, b| horizontal(*a, here).total_cmp(&horizontal(*b, here)));
    let level = |spot: &&[f64; 3]| (spot[1] - here[1]).abs() < 0.5;
    let walked = |spot: &&[f64; 3]| walkable(game, here, **spot);
    let nearest = clear.iter().find(|spot| level(spot) && walked(spot));
    nearest
        .or_else(|| clear.iter().find(walked))
        .or_else(|| clear.iter().find(level))
        .or_else(|| clear.first())
        .copied()
}

/// Keys that move the body.
const MOVES: [Key; 6] = [
    Key::Forward,
    Key::Back,
    Key::Left,
    Key::Right,
    Key::Jump,
    Key::Sprint,
];
/// How far ahead (blocks) a walk is looked along for breath, and how
/// far down a drop there.
const LEAD: f64 = 0.6;
const DROP_SEEN: i32 = 5;
/// How far ahead a walk is looked along for the void: the body's half
/// width and a little of the slide after the keys let go.
const EDGE_LEAD: f64 = 0.4;

/// Where `action` takes the feet next: `LEAD` along the walk its keys
/// make, onto the floor there within a jump up or a drop of `DROP_SEEN`;
/// `None` over the void (no block under it down to the world's bottom).
fn heading(game: &Game, action: &Action) -> Option<[f64; 3]> {
    let p = &game.player;
    let axis = |plus: Key, minus: Key| {
        f64::from(u8::from(action.is_pressed(plus))) - f64::from(u8::from(action.is_pressed(minus)))
    };
    let (forward, left) = (axis(Key::Forward, Key::Back), axis(Key::Left, Key::Right));
    let (sin, cos) = f64::from(p.yaw).to_radians().sin_cos();
    let along = [-sin * forward + cos * left, sin * left + cos * forward];
    let length = along[0].hypot(along[1]).max(1.0);
    let (x, z) = (
        p.pos[0] + LEAD * along[0] / length,
        p.pos[2] + LEAD * along[1] / length,
    );
    let up = i32::from(action.is_pressed(Key::Jump));
    let level = p.pos[1].floor() as i32;
    // The body stands while any of it is over a block: only a step that
    // takes its middle past an edge by its half width leaves the floor.
    let past_edge = |a: usize| p.pos[a] + EDGE_LEAD * along[a / 2] / length;
    if over_the_void(game, [past_edge(0), p.pos[1], past_edge(2)]) {
        return None;
    }
    let floor = standing_on(game, x, z, level - 1 - DROP_SEEN..=level - 1 + up);
    Some(floor.unwrap_or([x, p.pos[1], z]))
}

/// `action` made safe: sneaking where its walk would take the feet off
/// into the void (the sneak guard holds the body on the block under it),
/// and its moves held back while they would take feet clear of breath
/// into a cloud (a step up a staircase into one: a single touch costs 12
/// health), so the phase waits where it is for the cloud to go.
fn held_back(game: &Game, action: Action) -> Action {
    let Some(to) = heading(game, &action) else {
        return without_falls(game, action);
    };
    if in_breath(game, game.player.pos) || !in_breath(game, to) {
        return action;
    }
    without_keys(action, &MOVES)
}

/// `action` with `keys` let go.
fn without_keys(action: Action, keys: &[Key]) -> Action {
    keys.iter().fold(action, |kept, &key| kept.without(key))
}

/// Whether nothing stands under `at`'s column down to the world's bottom.
fn over_the_void(game: &Game, at: [f64; 3]) -> bool {
    let [x, top, z] = [at[0].floor(), at[1].floor(), at[2].floor()].map(|v| v as i32);
    (0..=top).all(|y| !collides_at(&game.world, [x, y, z]))
}

/// Whether the void lies beside the feet's block (on a bridge, at an
/// edge): a jump or a slide there can carry the body over it.
fn beside_the_void(game: &Game) -> bool {
    let p = game.player.pos;
    [[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]]
        .iter()
        .any(|[dx, dz]| over_the_void(game, [p[0] + dx, p[1], p[2] + dz]))
}

/// An action, sneaking and not jumping (a jump leaves the sneak guard
/// behind) where it would take the feet off into the void or starts
/// beside it (an escape's keys only roughly follow the line to the way
/// out).
fn without_falls(game: &Game, action: Action) -> Action {
    if heading(game, &action).is_some() && !beside_the_void(game) {
        return action;
    }
    let mut sneaking = without_keys(action, &[Key::Jump, Key::Sprint]);
    sneaking.press(Key::Sneak);
    sneaking
}

/// The camera turn of `action` changed, if it would meet the eyes of an
/// enderman that is not angry yet, to the nearest one that does not.
fn without_stares(game: &Game, action: Action) -> Action {
    off_their_eyes(game, action, |e| !angry(e))
}

/// A phase that breaks off to get out of breath, out of a fireball's way
/// or to fight an angry enderman.
pub struct Guarded {
    phase: Box<dyn Behaviour>,
    fight: VecDeque<Box<dyn Behaviour>>,
    /// Where an escape from breath leads, kept until the feet are on
    /// the ground out of it: a jump up a step rises clear of the cloud's
    /// level before it lands, and the phase must not take over mid-air.
    escape: Option<[f64; 3]>,
}

impl Guarded {
    pub fn new(phase: Box<dyn Behaviour>) -> Guarded {
        Guarded {
            phase,
            fight: VecDeque::new(),
            escape: None,
        }
    }

    /// Sword in hand, one enderman killed (or the fight's time up), and
    /// the item held before back in hand.
    fn fight(game: &Game) -> VecDeque<Box<dyn Behaviour>> {
        let held = game.player.inventory.selected_stack().map(|s| s.item);
        let mut fight: VecDeque<Box<dyn Behaviour>> = VecDeque::from([
            Box::new(Equip::new(item(SWORD))) as Box<dyn Behaviour>,
            Box::new(Within {
                ticks: FIGHT_TICKS,
                inner: Box::new(Hunt::new("enderman", 1).with_critical_hits()),
            }),
        ]);
        fight.extend(held.map(|held| Box::new(Equip::new(held)) as Box<dyn Behaviour>));
        fight
    }
}

impl Behaviour for Guarded {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        if in_breath(game, p.pos) {
            let reachable = |to: [f64; 3]| footing(game, p.pos, to[0], to[2]) == Some(to);
            let kept = self
                .escape
                .filter(|&to| reachable(to) && !breath_near(game, to, CLEAR_BY));
            self.escape = kept.or_else(|| way_out(game));
        } else if p.on_ground {
            self.escape = None;
        }
        let away = self.escape.or_else(|| dodge(game));
        if let Some(away) = away.filter(|_| !p.is_dead()) {
            let mut action = Action::noop();
            move_towards(game, away, &mut action);
            action.press(Key::Sprint);
            return Step::Act(without_falls(game, action));
        }
        let armed = game.player.inventory.count(item(SWORD)) > 0;
        if self.fight.is_empty() && armed && angry_enderman_within(game, NEAR) {
            self.fight = Self::fight(game);
        }
        while let Some(step) = self.fight.front_mut() {
            match step.next(game) {
                Step::Act(action) => return Step::Act(action),
                Step::Done => {
                    self.fight.pop_front();
                }
            }
        }
        match self.phase.next(game) {
            Step::Act(action) if game.screen.is_none() => {
                Step::Act(held_back(game, without_stares(game, action)))
            }
            step => step,
        }
    }
}

/// Every phase of a plan guarded against the End's hazards.
pub fn guarded(plan: Plan) -> Plan {
    plan.into_iter()
        .map(|phase| Box::new(Guarded::new(phase)) as Box<dyn Behaviour>)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Action;
    use crate::sim::creature::senses::in_the_eye;
    use crate::sim::player::look_vector;
    use crate::sim::rules::dragon_breath::breathe;
    use crate::sim::rules::testkit::platform_game;
    use crate::sim::script::behaviour::Hold;
    use crate::sim::script::long::stage::play_phase;

    #[test]
    fn a_look_that_would_meet_a_calm_endermans_eyes_is_lowered() {
        let mut game = platform_game();
        crate::sim::command::run(&mut game, "/summon minecraft:enderman 0.5 101 10.5");
        let enderman = game.entities.list[0].clone();
        let eye = game.player.eye();
        let up = (enderman.pos[1] + 2.55 - eye[1]).atan2(10.0).to_degrees() as f32;
        game.player.yaw = 0.0;
        game.player.pitch = -up;
        assert!(in_the_eye(&game, &enderman, game.player.look_dir()));
        let action = without_stares(&game, Action::noop());
        assert!(action.camera[0] > 0.0, "lowered: {:?}", action.camera);
        let look = look_vector(game.player.yaw, game.player.pitch + action.camera[0]);
        assert!(!in_the_eye(&game, &enderman, look));
        game.player.pitch = 30.0;
        let calm_look = without_stares(&game, Action::noop());
        assert_eq!(
            calm_look.camera,
            [0.0, 0.0],
            "a look at the floor is left alone"
        );
    }

    #[test]
    fn a_player_standing_in_new_breath_gets_out_before_it_hurts() {
        let mut game = platform_game();
        let feet = game.player.pos;
        breathe(&mut game, [feet[0] + 2.0, feet[1] + 4.0, feet[2]]);
        let idle = Hold::still(100);
        let phase = vec![Box::new(Guarded::new(Box::new(idle))) as Box<dyn Behaviour>];
        let played = play_phase(game, phase, |_| false, 100);
        assert_eq!(played.game.player.health, 20.0);
        assert!(!in_breath(&played.game, played.game.player.pos));
    }

    #[test]
    fn a_walk_towards_a_cloud_stops_at_its_edge() {
        let mut game = platform_game();
        let feet = game.player.pos;
        game.player.yaw = 0.0;
        breathe(&mut game, [feet[0], feet[1] + 2.0, feet[2] + 8.0]);
        let wait = Hold::still(30);
        let waited = play_phase(game, vec![Box::new(wait)], |_| false, 30);
        let walk = Hold {
            action: Action::noop().with(Key::Forward),
            ticks: 60,
        };
        let phase = vec![Box::new(Guarded::new(Box::new(walk))) as Box<dyn Behaviour>];
        let entered = std::cell::Cell::new(false);
        let watch = |g: &Game| {
            entered.set(entered.get() || in_breath(g, g.player.pos));
            false
        };
        let played = play_phase(waited.game, phase, watch, 60);
        let p = played.game.player.pos;
        assert!(p[2] > feet[2] + 1.0, "it walked up to the cloud: {p:?}");
        assert!(!entered.get(), "never in the cloud: {p:?}");
        assert_eq!(played.game.player.health, 20.0);
    }
}
