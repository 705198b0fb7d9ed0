//! Going round what stops a straight run at a creature: the run is
//! watched, and when it has got no closer for two seconds (against a
//! tree, a wall, a bank too high to jump) a path found over the ground
//! walks round towards the creature for a while before the straight run
//! looks again. Hunts and the walk to a creature to use an item on share it.

use super::behaviour::{Behaviour, Step};
use super::travel::{self, Travel};
use crate::protocol::Action;
use crate::sim::game::Game;

/// Ticks of running at a creature without getting closer before the run
/// counts as stopped, and the longest a walk round the obstacle lasts
/// before the run looks again.
const STOPPED_TICKS: u32 = 40;
const DETOUR_TICKS: u32 = 80;

/// A straight run's watch for a stop, and the walk round it starts.
pub struct GoRound {
    /// The closest the run came to the creature, and ticks since.
    closest: f64,
    stopped: u32,
    /// A walk round what stopped the run, and its ticks left.
    detour: Option<(Travel, u32)>,
}

impl GoRound {
    pub fn new() -> GoRound {
        GoRound {
            closest: f64::INFINITY,
            stopped: 0,
            detour: None,
        }
    }

    /// Forgets the run's progress: no run this tick.
    pub fn reset(&mut self) {
        self.closest = f64::INFINITY;
        self.stopped = 0;
    }

    /// Counts a tick of running at a creature standing at `feet`,
    /// `distance` away; when the run has stopped, starts a walk round
    /// towards it.
    pub fn watch(&mut self, game: &Game, feet: [f64; 3], distance: f64) {
        if distance < self.closest - 0.1 {
            self.closest = distance;
            self.stopped = 0;
            return;
        }
        self.stopped += 1;
        if self.stopped > STOPPED_TICKS && game.player.on_ground {
            let column = [feet[0].floor() as i32, feet[2].floor() as i32];
            self.detour = Some((travel::towards(column), DETOUR_TICKS));
            self.reset();
        }
    }

    /// This tick's walk round, while one is under way and the creature is
    /// still farther than `near`.
    pub fn step(&mut self, game: &Game, distance: f64, near: f64) -> Option<Action> {
        let (round, ticks_left) = self.detour.as_mut()?;
        *ticks_left = ticks_left.saturating_sub(1);
        if *ticks_left > 0 && distance > near {
            if let Step::Act(action) = round.next(game) {
                return Some(action);
            }
        }
        self.detour = None;
        None
    }
}
