//! Keeping the player's look out of endermen's eyes: a look in the eye
//! angers a calm enderman, and sends an angry one within four blocks off
//! by teleport (1.16.5's `EndermanLookForPlayerGoal`, whatever angered
//! it). [`off_their_eyes`] moves a camera turn that would meet the eyes
//! of the endermen a caller names; [`AvertingEyes`] does so for every
//! action of a fight, whichever of its behaviours chose the look (a
//! strike at the legs from above, a walk round with the look level).

use super::behaviour::{distance, Behaviour, Step};
use crate::protocol::Action;
use crate::sim::creature::senses::in_the_eye;
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::player::look_vector;
use crate::sim::registry::registry;

/// Degrees a look is moved at a time to miss an enderman's eyes, and at
/// most: first lower, then, failing that, higher.
const MOVE_BY: f32 = 4.0;
const MOVE_AT_MOST: f32 = 40.0;
/// The looks tried about the one left, in degrees of pitch and yaw: the
/// look must miss the eyes by this margin, as the body and the enderman
/// move on during the tick (seed 831's jumping enderman was sent off by
/// a look that missed its eyes where they had stood).
const MARGIN: [[f32; 2]; 5] = [[0.0, 0.0], [3.0, 0.0], [-3.0, 0.0], [0.0, 3.0], [0.0, -3.0]];
/// How near an angry enderman sends itself off when looked in the eye
/// (vanilla: closer than 4 blocks), with the ground one tick's moves may
/// close.
const SENT_OFF_WITHIN: f64 = 4.5;

/// The living endermen for which `which` holds.
pub fn endermen(game: &Game, which: impl Fn(&Entity) -> bool) -> Vec<&Entity> {
    let kind = registry().entity_named("enderman");
    game.entities
        .list
        .iter()
        .filter(|e| matches!(&e.kind, EntityKind::Mob(m) if Some(m.kind) == kind && !m.is_dying()))
        .filter(|e| which(e))
        .collect()
}

/// Whether a creature has taken the player as its target.
pub fn angry(e: &Entity) -> bool {
    matches!(&e.kind, EntityKind::Mob(mob) if mob.brain.memory.target)
}

/// Whether a creature has taken the player as its target and stands
/// within `blocks` of the player's feet.
pub fn angry_within(game: &Game, e: &Entity, blocks: f64) -> bool {
    angry(e) && distance(e.pos, game.player.pos) < blocks
}

/// Whether an enderman that has taken the player as its target stands
/// within `blocks` of the player's feet.
pub fn angry_enderman_within(game: &Game, blocks: f64) -> bool {
    !endermen(game, |e| angry_within(game, e, blocks)).is_empty()
}

/// `action` with its camera turn moved, if the look it leaves would meet
/// the eyes of an enderman for which `which` holds, to the nearest
/// lower one (else higher) that does not.
pub fn off_their_eyes(game: &Game, mut action: Action, which: impl Fn(&Entity) -> bool) -> Action {
    let watched = endermen(game, which);
    if watched.is_empty() {
        return action;
    }
    let p = &game.player;
    let stares = |turn: [f32; 2]| {
        MARGIN.iter().any(|[dp, dy]| {
            let pitch = (p.pitch + turn[0] + dp).clamp(-90.0, 90.0);
            let look = look_vector(p.yaw + turn[1] + dy, pitch);
            watched.iter().any(|e| in_the_eye(game, e, look))
        })
    };
    if !stares(action.camera) {
        return action;
    }
    let shifts = (1..=(MOVE_AT_MOST / MOVE_BY) as u8).map(|i| f32::from(i) * MOVE_BY);
    let lower = shifts.clone();
    let higher = shifts.map(|shift| -shift);
    if let Some(shift) = lower
        .chain(higher)
        .find(|&shift| !stares([action.camera[0] + shift, action.camera[1]]))
    {
        action.camera[0] += shift;
    }
    action
}

/// A behaviour whose every look is kept out of the eyes of the angry
/// endermen near enough to be sent off by it.
pub struct AvertingEyes {
    inner: Box<dyn Behaviour>,
}

impl AvertingEyes {
    pub fn new(inner: Box<dyn Behaviour>) -> AvertingEyes {
        AvertingEyes { inner }
    }
}

impl Behaviour for AvertingEyes {
    fn next(&mut self, game: &Game) -> Step {
        match self.inner.next(game) {
            Step::Act(action) if game.screen.is_none() => {
                let near = |e: &Entity| angry_within(game, e, SENT_OFF_WITHIN);
                Step::Act(off_their_eyes(game, action, near))
            }
            step => step,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules::testkit::platform_game;

    /// The platform game with an enderman `ahead` blocks south, the
    /// player looking it in the eye, and whether it is angry.
    fn eye_to_eye(ahead: f64, angry_at_player: bool) -> Game {
        let mut game = platform_game();
        let command = format!("/summon minecraft:enderman 0.5 101 {}", 0.5 + ahead);
        crate::sim::command::run(&mut game, &command);
        if let EntityKind::Mob(mob) = &mut game.entities.list[0].kind {
            mob.brain.memory.target = angry_at_player;
        }
        let enderman = game.entities.list[0].clone();
        let eye = game.player.eye();
        let up = (enderman.pos[1] + 2.55 - eye[1]).atan2(ahead).to_degrees() as f32;
        game.player.yaw = 0.0;
        game.player.pitch = -up;
        assert!(in_the_eye(&game, &enderman, game.player.look_dir()));
        game
    }

    fn averted(game: &Game) -> Action {
        let mut still = AvertingEyes::new(Box::new(crate::sim::script::behaviour::Hold::still(1)));
        match still.next(game) {
            Step::Act(action) => action,
            Step::Done => panic!("no action"),
        }
    }

    #[test]
    fn a_look_in_a_near_angry_endermans_eyes_is_moved_off_them() {
        let game = eye_to_eye(3.0, true);
        let action = averted(&game);
        let look = look_vector(game.player.yaw, game.player.pitch + action.camera[0]);
        assert!(action.camera[0] > 0.0, "lowered: {:?}", action.camera);
        assert!(!in_the_eye(&game, &game.entities.list[0], look));
    }

    #[test]
    fn a_look_at_a_calm_or_far_enderman_is_left_alone() {
        for game in [eye_to_eye(3.0, false), eye_to_eye(8.0, true)] {
            assert_eq!(averted(&game).camera, [0.0, 0.0]);
        }
    }
}
