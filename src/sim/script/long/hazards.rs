//! What the End throws at a player while a phase goes on there, and the
//! answer to each, ahead of the phase's own work:
//!
//! - a cloud of the dragon's breath under the feet (it waits a second
//!   before it hurts): sprint out to the nearest clear ground;
//! - a fireball on its way to the feet: step aside;
//! - an angry enderman near (a player who meets an enderman's eye angers
//!   it, 1.16.5's `EndermanLookForPlayerGoal`, and the End is full of
//!   them): fight it with the sword, struck low on its legs (a look in its
//!   eye up close sends it off by teleport) with jumps for critical hits,
//!   then take back what was in hand; and a look the phase turns to that
//!   would meet a calm enderman's eyes is lowered until it does not.

use std::collections::VecDeque;

use super::crystals::dodge;
use super::end_fight::{horizontal, move_towards, standing_on};
use super::equip::Equip;
use super::survive::Within;
use crate::protocol::{Action, Key};
use crate::sim::creature::senses::in_the_eye;
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::player::look_vector;
use crate::sim::registry::{item, registry};
use crate::sim::rules::dragon_breath::breath_near;
use crate::sim::script::behaviour::{Behaviour, Step};
use crate::sim::script::combat::Hunt;
use crate::sim::script::plans::Plan;

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

/// The nearest ground clear of breath, off the feet's cloud: on the
/// feet's level if there is any (a step up may be a wall), else any.
fn way_out(game: &Game) -> Option<[f64; 3]> {
    let here = game.player.pos;
    let clear: Vec<[f64; 3]> = (1..=ESCAPE_RANGE)
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
    let nearest = |level: bool| {
        clear
            .iter()
            .filter(|spot| !level || (spot[1] - here[1]).abs() < 0.5)
            .min_by(|a, b| horizontal(**a, here).total_cmp(&horizontal(**b, here)))
            .copied()
    };
    nearest(true).or_else(|| nearest(false))
}

/// Degrees a look is lowered at a time to miss an enderman's eyes, and
/// at most.
const LOWER_BY: f32 = 4.0;
const LOWER_AT_MOST: f32 = 40.0;

/// The camera turn of `action` changed, if it would meet the eyes of an
/// enderman that is not angry yet, to one a little lower that does not.
fn without_stares(game: &Game, mut action: Action) -> Action {
    let kind = registry().entity_named("enderman");
    let calm: Vec<&Entity> = game
        .entities
        .list
        .iter()
        .filter(|e| matches!(&e.kind, EntityKind::Mob(m) if Some(m.kind) == kind && !m.brain.memory.target))
        .collect();
    let p = &game.player;
    let stares = |turn: [f32; 2]| {
        let pitch = (p.pitch + turn[0]).clamp(-90.0, 90.0);
        let look = look_vector(p.yaw + turn[1], pitch);
        calm.iter().any(|e| in_the_eye(game, e, look))
    };
    let mut lowered = 0.0;
    while stares(action.camera) && lowered < LOWER_AT_MOST {
        action.camera[0] += LOWER_BY;
        lowered += LOWER_BY;
    }
    action
}

/// Whether an enderman that has taken the player as its target is near.
pub fn angry_enderman_near(game: &Game) -> bool {
    let kind = registry().entity_named("enderman");
    let p = game.player.pos;
    game.entities.list.iter().any(|e| match &e.kind {
        EntityKind::Mob(m) if Some(m.kind) == kind && !m.is_dying() => {
            let d2: f64 = (0..3).map(|a| (e.pos[a] - p[a]).powi(2)).sum();
            m.brain.memory.target && d2 < NEAR * NEAR
        }
        _ => false,
    })
}

/// A phase that breaks off to get out of breath, out of a fireball's way
/// or to fight an angry enderman.
pub struct Guarded {
    phase: Box<dyn Behaviour>,
    fight: VecDeque<Box<dyn Behaviour>>,
}

impl Guarded {
    pub fn new(phase: Box<dyn Behaviour>) -> Guarded {
        Guarded {
            phase,
            fight: VecDeque::new(),
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
        let away = if in_breath(game, p.pos) {
            way_out(game)
        } else {
            dodge(game)
        };
        if let Some(away) = away.filter(|_| !p.is_dead()) {
            let mut action = Action::noop();
            move_towards(game, away, &mut action);
            action.press(Key::Sprint);
            return Step::Act(action);
        }
        let armed = game.player.inventory.count(item(SWORD)) > 0;
        if self.fight.is_empty() && armed && angry_enderman_near(game) {
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
            Step::Act(action) if game.screen.is_none() => Step::Act(without_stares(game, action)),
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
        let idle = Hold {
            action: Action::noop(),
            ticks: 100,
        };
        let phase = vec![Box::new(Guarded::new(Box::new(idle))) as Box<dyn Behaviour>];
        let played = play_phase(game, phase, |_| false, 100);
        assert_eq!(played.game.player.health, 20.0);
        assert!(!in_breath(&played.game, played.game.player.pos));
    }
}
