//! Going round what stops a straight run at a creature: the run is
//! watched, and when it has got no closer for two seconds (against a
//! tree, a wall, a bank too high to jump, a drop too deep to take down to
//! a creature in a cave) a path found over the ground walks round
//! towards the creature's cell for a while before the straight run looks
//! again. The walk round goes towards the creature's cell, heights
//! weighed (by its column alone it leads down into the hollow under a
//! pig on a tree's crown level with the player, seed 275), but towards
//! the column of one swimming on the player's level (by the cell it led
//! round the shore away from seed 34's skeleton, knocked into a lake).
//! Hunts and the walk to a creature to use an item on share it.

use super::behaviour::{distance, Behaviour, Step};
use super::travel::{self, Travel};
use crate::protocol::Action;
use crate::sim::game::Game;

/// Ticks of running at a creature without getting closer before the run
/// counts as stopped, and the longest a walk round the obstacle lasts
/// before the run looks again.
const STOPPED_TICKS: u32 = 40;
const DETOUR_TICKS: u32 = 80;
/// How far a creature's feet stand above or below the player's before
/// it counts as on another level: more than two blocks, so a bank no
/// jump climbs or a drop three deep (seed 247's cow, down in a ravine
/// straight below a ledge, out of reach from its edge) is walked to by
/// the cell, not stood over by the column.
const ANOTHER_LEVEL: f64 = 2.5;
/// The deepest drop a walk round takes down to a creature on a lower
/// level, while the player's health is above [`HEALTH_TO_FALL`]: six
/// blocks, a fall costing three health, about an arrow's worth (seed
/// 352's skeleton, knocked into a cave whose mouth near it is a pit six
/// deep by a lake, was otherwise never reached).
const HURTING_DROP: i32 = 6;
const HEALTH_TO_FALL: f32 = 10.0;

/// Whether a creature's feet at `feet` stand on another level than the
/// player's.
pub(super) fn on_another_level(game: &Game, feet: [f64; 3]) -> bool {
    (feet[1] - game.player.pos[1]).abs() > ANOTHER_LEVEL
}

/// How far the player's feet are from a creature's: across, or on
/// another level straight.
fn gap(game: &Game, feet: [f64; 3]) -> f64 {
    let p = game.player.pos;
    if on_another_level(game, feet) {
        distance(p, feet)
    } else {
        (feet[0] - p[0]).hypot(feet[2] - p[2])
    }
}

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

    /// Counts a tick of running at a creature standing at `feet`; when
    /// the run has stopped, starts a walk round towards it. Progress
    /// counts on the ground only: a jump against a bank under a creature
    /// on it brings the feet nearer and then back.
    pub fn watch(&mut self, game: &Game, feet: [f64; 3]) {
        let gap = gap(game, feet);
        if gap < self.closest - 0.1 && game.player.on_ground {
            self.closest = gap;
            self.stopped = 0;
            return;
        }
        self.stopped += 1;
        if self.stopped > STOPPED_TICKS && game.player.on_ground {
            let [x, y, z] = feet.map(|v| v.floor() as i32);
            let swims = [y, y - 1]
                .iter()
                .any(|&y| travel::is_water(&game.world, [x, y, z]));
            let below = on_another_level(game, feet) && feet[1] < game.player.pos[1];
            let round = if below && game.player.health > HEALTH_TO_FALL {
                travel::towards_cell([x, y, z]).taking_drops_of(HURTING_DROP)
            } else if on_another_level(game, feet) || !swims {
                travel::towards_cell([x, y, z])
            } else {
                travel::towards([x, z])
            };
            self.detour = Some((round, DETOUR_TICKS));
            self.reset();
        }
    }

    /// This tick's walk round, while one is under way and the creature's
    /// feet at `feet` are still farther than `near`.
    pub fn step(&mut self, game: &Game, feet: [f64; 3], near: f64) -> Option<Action> {
        let (round, ticks_left) = self.detour.as_mut()?;
        *ticks_left = ticks_left.saturating_sub(1);
        if *ticks_left > 0 && gap(game, feet) > near {
            if let Step::Act(action) = round.next(game) {
                return Some(action);
            }
        }
        self.detour = None;
        None
    }
}
