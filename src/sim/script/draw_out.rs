//! Drawing an enderman up out of a deep cave: an angry enderman more than
//! sixteen blocks from the player teleports towards it (every 30 ticks
//! it tries, as vanilla's `teleportTowards`). When the quarry has stood
//! far below, out of reach, for a while (the hunt's walks round having
//! had their go), the player walks off across the land until it is
//! beyond that distance, then waits there for the enderman to come. One
//! that follows under the ground, through its cave, keeps the walk going
//! on away from it, and one that comes near again still deep below is
//! walked off from anew.

use super::behaviour::{distance, Behaviour, Step};
use super::combat::{nearest, SAFE_DROP};
use super::pearl_chase::apart;
use super::travel::{self, Travel};
use crate::protocol::Action;
use crate::sim::game::Game;

/// Ticks the quarry stands deep below, out of reach, before the walk off.
const PATIENCE: u32 = 200;
/// The distance beyond which an angry enderman teleports towards the
/// player, and how far across from its column the walk off heads.
const TELEPORT_RANGE: f64 = 16.0;
const WALK_OFF: f64 = 20.0;
/// The longest the walk off and the wait after it last.
const WALK_TICKS: u32 = 300;
const WAIT_TICKS: u32 = 200;

enum Phase {
    Hunting { below: u32 },
    WalkingOff { walk: Travel, ticks: u32 },
    Waiting { ticks: u32 },
}

/// A hunt of `kind` that walks off from a quarry stuck deep below.
pub struct DrawOut {
    hunt: Box<dyn Behaviour>,
    kind: &'static str,
    phase: Phase,
}

impl DrawOut {
    pub fn new(hunt: Box<dyn Behaviour>, kind: &'static str) -> DrawOut {
        DrawOut {
            hunt,
            kind,
            phase: Phase::Hunting { below: 0 },
        }
    }
}

/// The column `WALK_OFF` blocks across from the quarry's, on the
/// player's side of it (east where the player stands right over it).
fn away_from(game: &Game, quarry: [f64; 3]) -> [i32; 2] {
    let p = game.player.pos;
    let (dx, dz) = (p[0] - quarry[0], p[2] - quarry[2]);
    let across = dx.hypot(dz);
    let (ux, uz) = if across < 0.5 {
        (1.0, 0.0)
    } else {
        (dx / across, dz / across)
    };
    [
        (quarry[0] + ux * WALK_OFF).floor() as i32,
        (quarry[2] + uz * WALK_OFF).floor() as i32,
    ]
}

impl Behaviour for DrawOut {
    fn next(&mut self, game: &Game) -> Step {
        let quarry = nearest(game, self.kind).map(|e| (e.pos, apart(game, e)));
        let far = quarry.is_some_and(|(at, _)| distance(game.player.pos, at) > TELEPORT_RANGE);
        // Deep: below more than a drop the hunt takes down to it.
        let deep = quarry.is_some_and(|(at, out_of_reach)| {
            out_of_reach && at[1] < game.player.pos[1] - SAFE_DROP
        });
        let walk_away = |at| travel::towards(away_from(game, at));
        let walk_off = |at| Phase::WalkingOff {
            walk: walk_away(at),
            ticks: 0,
        };
        match &mut self.phase {
            Phase::Hunting { below } => {
                *below = if deep { *below + 1 } else { 0 };
                if let (true, Some((at, _))) = (*below > PATIENCE, quarry) {
                    self.phase = walk_off(at);
                    return self.next(game);
                }
                self.hunt.next(game)
            }
            Phase::WalkingOff { walk, ticks } => {
                *ticks += 1;
                if quarry.is_none() || far || *ticks > WALK_TICKS {
                    self.phase = Phase::Waiting { ticks: 0 };
                    return self.next(game);
                }
                match walk.next(game) {
                    Step::Act(action) => Step::Act(action),
                    Step::Done => {
                        // Arrived with the quarry still near: it followed
                        // through its cave (seed 736's), so the walk goes
                        // on away from where it stands now.
                        if let Some((at, _)) = quarry {
                            *walk = walk_away(at);
                        }
                        Step::Act(Action::noop())
                    }
                }
            }
            Phase::Waiting { ticks } => {
                *ticks += 1;
                if let (false, true, Some((at, _))) = (far, deep, quarry) {
                    // Come near again under the ground: walked off anew.
                    self.phase = walk_off(at);
                    return self.next(game);
                }
                if !far || *ticks > WAIT_TICKS {
                    self.phase = Phase::Hunting { below: 0 };
                    return self.hunt.next(game);
                }
                Step::Act(Action::noop())
            }
        }
    }
}
