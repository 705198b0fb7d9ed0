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
//! Up to a hostile creature on a higher level close across only a short
//! way is walked: a long one is a journey, and the run waits below
//! instead, where the creature comes down to the player. A passive one
//! never comes, nor does a hostile one below, in a cave no way leads up
//! from: it is walked to however long the way, the walk round given the
//! time its way takes (while a passive one stays near where it stood),
//! unless the run digs a staircase up where no short way goes (an
//! over-land hunt): then a way up to it longer than the dig would take
//! is not walked (seed 3879's pig grazed on the rim of a canyon whose walls
//! no jump climbs, and the way up led 125 waypoints round, through the
//! river).
//! Hunts and the walk to a creature to use an item on share it.

use super::behaviour::{distance, distance_across, Behaviour, Step};
use super::route;
use super::travel::{self, Travel};
use crate::protocol::Action;
use crate::sim::game::Game;
use crate::sim::registry::{registry, EntityCategory};
use crate::sim::world::BlockPos;

/// Ticks of running at a creature without getting closer before the run
/// counts as stopped, and the longest a walk round the obstacle lasts
/// before the run looks again.
const STOPPED_TICKS: u32 = 40;
/// The speed across, in blocks a tick, below which the body stands still.
const MOVING: f64 = 0.02;
const DETOUR_TICKS: u32 = 80;
/// Ticks a walk round to a creature that does not come down is given
/// per waypoint of its way, when that is longer than [`DETOUR_TICKS`]:
/// cut short, the run pulls the player back towards the creature, and a
/// long way round is never walked to its end (seed 897's sheep grazed on
/// a bank four blocks up, the way up 49 blocks round through a ravine,
/// and three walks round and the runs between took 400 ticks).
const TICKS_PER_WAYPOINT: u32 = 6;
/// How far, in blocks, a creature that does not come down may move off
/// from where it stood when the walk round set off before the walk is
/// given up: for a run at where it stands now, or on another level for a
/// walk round there.
const MOVED_OFF: f64 = 4.0;
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
/// The longest walk round up to a creature on a higher level within
/// [`OVERHEAD`] blocks across, in waypoints: this many per block of the
/// gap, and this many more. A longer one is not a way round but a
/// journey (seed 393's enderman stood on a tree's crown, and the walk set
/// off for a hill 28 blocks away, level with the crowns; the enderman
/// came down meanwhile, and the player, far off, did not get back in
/// time): the run waits below instead, where a hostile creature comes
/// down to the player. One farther across is walked to however long the
/// way (seed 160's enderman teleported onto a hill 37 blocks off), as is
/// a passive one (seed 802's pig grazed on a bank over a lake, and the
/// player waited in the water below it until the task ended).
const OVERHEAD: f64 = 8.0;
const WAY_UP_PER_BLOCK: f64 = 3.0;
const WAY_UP_SLACK: f64 = 12.0;
/// For a run that digs a staircase up where no short way goes, the
/// longest walk round up to a passive creature, in waypoints: this many
/// per block of the climb (a staircase digs two blocks a step, about as
/// long as walking ten), and [`WAY_UP_SLACK`] more. A longer one is left
/// for the dig (seed 3879's way up was 125 waypoints for a climb of
/// four), a shorter one walked (seed 802's was 43 for a climb of seven).
const WAY_PER_BLOCK_DUG: f64 = 10.0;

/// Whether a creature's feet at `feet` stand on another level than the
/// player's.
pub(super) fn on_another_level(game: &Game, feet: [f64; 3]) -> bool {
    (feet[1] - game.player.pos[1]).abs() > ANOTHER_LEVEL
}

/// Whether a creature's feet at `feet` stand on a level below the
/// player's.
fn below_the_player(game: &Game, feet: [f64; 3]) -> bool {
    on_another_level(game, feet) && feet[1] < game.player.pos[1]
}

/// How far the player's feet are from a creature's: across, or on
/// another level straight.
fn gap(game: &Game, feet: [f64; 3]) -> f64 {
    let p = game.player.pos;
    if on_another_level(game, feet) {
        distance(p, feet)
    } else {
        distance_across(feet, p)
    }
}

/// The height of the top water cell over a creature's feet cell, or of
/// the feet cell where that is not water: one in the water is gone to
/// where it comes up, not down to its cell (seed 2286's skeleton, knocked
/// into a lake, sank by the bank, and the walk round to its cell led
/// down into a cave under the lake's floor, where no way led back up).
fn water_top(game: &Game, [x, y, z]: BlockPos) -> i32 {
    (y..)
        .take_while(|&y| route::is_water(&game.world, [x, y, z]))
        .last()
        .unwrap_or(y)
}

/// A straight run's watch for a stop, and the walk round it starts.
pub struct GoRound {
    /// The closest the run came to the creature, and ticks since.
    closest: f64,
    stopped: u32,
    /// A walk round what stopped the run, its ticks left, and where the
    /// creature's feet stood when it set off.
    detour: Option<(Travel, u32, [f64; 3])>,
    /// Whether the creature comes down to the player (a hostile one).
    comes_down: bool,
    /// Whether the last walk round found no way at all towards the
    /// creature: it stands where no walk reaches it.
    found_no_way: bool,
    /// Whether the run digs a staircase up when no way is found: a way up
    /// to a passive creature on a higher level is then held to a short
    /// one too (see [`WAY_PER_BLOCK_DUG`]).
    digs_up: bool,
}

impl GoRound {
    /// The watch of a run at creatures of `kind`.
    pub fn for_kind(kind: &str) -> GoRound {
        let registry = registry();
        GoRound {
            closest: f64::INFINITY,
            stopped: 0,
            detour: None,
            found_no_way: false,
            digs_up: false,
            comes_down: registry
                .entity_named(kind)
                .is_some_and(|id| registry.entity(id).category == EntityCategory::Hostile),
        }
    }

    /// Sets whether the run digs a staircase up when no way is found,
    /// which holds a way up to a passive creature to one shorter than the
    /// dig.
    pub fn set_digs_up(&mut self, digs_up: bool) {
        self.digs_up = digs_up;
    }

    /// Forgets the run's progress: no run this tick.
    pub fn reset(&mut self) {
        self.closest = f64::INFINITY;
        self.stopped = 0;
    }

    /// Counts a tick of running at a creature standing at `feet`; when
    /// the run has stopped, starts a walk round towards it. Progress
    /// counts on the ground or in the water only, a jump against a bank
    /// under a creature on it bringing the feet nearer and then back; a
    /// swimmer stops too (seed 1391's player sank in a pool under a sheep
    /// on the bank above). A hostile creature
    /// coming nearer is progress, as it comes to the player; a passive
    /// one strolling nearer is not, unless the body moves too (seed
    /// 802's pig grazed along a bank towards the player, who stood at a
    /// drop below it for 130 ticks).
    pub fn watch(&mut self, game: &Game, feet: [f64; 3]) {
        let gap = gap(game, feet);
        let p = &game.player;
        let closing = self.comes_down || p.vel[0].hypot(p.vel[2]) > MOVING;
        let footed = p.on_ground || p.in_water;
        if gap < self.closest - 0.1 && footed && closing {
            self.closest = gap;
            self.stopped = 0;
            return;
        }
        self.stopped += 1;
        if self.stopped > STOPPED_TICKS && footed {
            self.set_off(game, feet);
        }
    }

    /// Starts a walk round towards a creature standing at `feet`.
    fn set_off(&mut self, game: &Game, feet: [f64; 3]) {
        let gap = gap(game, feet);
        let [x, y, z] = feet.map(|v| v.floor() as i32);
        let swims = [y, y - 1]
            .iter()
            .any(|&y| route::is_water(&game.world, [x, y, z]));
        let y = water_top(game, [x, y, z]);
        let level = [feet[0], feet[1].max(f64::from(y)), feet[2]];
        let elsewhere = on_another_level(game, level);
        let below = below_the_player(game, level);
        let above = elsewhere && !below;
        let p = game.player.pos;
        let overhead = self.comes_down && above && distance_across(feet, p) <= OVERHEAD;
        let dug_up_to = self.digs_up && !self.comes_down && above;
        let longest_way_up = if overhead {
            Some(WAY_UP_PER_BLOCK * gap)
        } else if dug_up_to {
            Some(WAY_PER_BLOCK_DUG * (level[1] - p[1]))
        } else {
            None
        };
        let round = if below && game.player.health > HEALTH_TO_FALL {
            travel::towards_cell([x, y, z]).taking_drops_of(HURTING_DROP)
        } else if let Some(longest) = longest_way_up {
            travel::towards_cell([x, y, z]).no_longer_than((longest + WAY_UP_SLACK) as usize)
        } else if elsewhere || !swims {
            travel::towards_cell([x, y, z])
        } else {
            travel::towards([x, z])
        };
        self.detour = Some((round, DETOUR_TICKS, feet));
        self.reset();
    }

    /// This tick's walk round, while one is under way and the creature's
    /// feet at `feet` are still farther than `near`.
    pub fn step(&mut self, game: &Game, feet: [f64; 3], near: f64) -> Option<Action> {
        let (round, ticks_left, set_off_to) = self.detour.as_mut()?;
        *ticks_left = ticks_left.saturating_sub(1);
        // A passive creature gone off elsewhere meanwhile is looked for
        // again (seed 72's wounded pig climbed out of a lake onto its far
        // bank while the walk went round to where it had swum): on
        // another level, where no straight run reaches it, by a new walk
        // round at once (seed 3942's pig fled on through a cave below,
        // and each walk round down to it ended in a run held back at the
        // cave's mouth until the watch set off again).
        let moved_off = !self.comes_down && distance(*set_off_to, feet) > MOVED_OFF;
        if moved_off && on_another_level(game, feet) {
            self.set_off(game, feet);
            return self.step(game, feet, near);
        }
        // A hostile creature below does not come up to the player where no
        // way leads up (seed 4655's witch fell into a cave ten blocks
        // down, and each walk round to its mouth was cut short, the run
        // pulling the player back over the witch until the steps ran
        // out): the walk down to it is given its time as to a passive one.
        if *ticks_left > 0 && gap(game, feet) > near && !moved_off {
            if let Step::Act(action) = round.next(game) {
                if !self.comes_down || below_the_player(game, feet) {
                    let way = u32::try_from(round.waypoints_left()).unwrap_or(u32::MAX);
                    *ticks_left = (*ticks_left).max(way.saturating_mul(TICKS_PER_WAYPOINT));
                }
                return Some(action);
            }
            // Waiting to land before the search is no way found (seed
            // 2538's player, jumping at a hollow's wall, set off in the
            // air each time).
            self.found_no_way = !round.found_a_path();
        }
        self.detour = None;
        None
    }

    /// Whether the walk round just ended found no way towards the
    /// creature (asked once: the answer is forgotten).
    pub fn found_no_way(&mut self) -> bool {
        std::mem::take(&mut self.found_no_way)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::rules;
    use crate::sim::rules::testkit::{fill, platform_game, put, FLOOR};
    use crate::sim::script::behaviour::{angles_to, turn_towards};

    /// The floor with a ridge four blocks high three blocks east of the
    /// player (x 3 and 4, the floor's whole length), whose only way up is
    /// a stair of three steps beside it starting at `stair_z`.
    pub(in crate::sim::script) fn ridge_with_a_stair(stair_z: i32) -> Game {
        let mut game = platform_game();
        fill(
            &mut game.world,
            [3, FLOOR + 1, -16],
            [4, FLOOR + 4, 16],
            "stone",
        );
        for step in 0..3 {
            for y in FLOOR + 1..=FLOOR + 1 + step {
                put(&mut game.world, [2, y, stair_z + step], "stone");
            }
        }
        game
    }

    /// Feet on the ridge's top level with the player's start.
    pub(in crate::sim::script) const ON_THE_RIDGE: [f64; 3] = [3.5, (FLOOR + 5) as f64, 0.5];

    /// Whether a walk round sets off towards feet on the ridge, whose
    /// stair starts at `stair_z`, to a creature of `kind`.
    fn walks_round_up_a_ridge(kind: &str, stair_z: i32) -> bool {
        let game = ridge_with_a_stair(stair_z);
        let feet = ON_THE_RIDGE;
        let mut round = GoRound::for_kind(kind);
        for _ in 0..=STOPPED_TICKS + 1 {
            round.watch(&game, feet);
        }
        round.step(&game, feet, 1.0).is_some()
    }

    #[test]
    fn a_hostile_creature_above_is_walked_round_to_only_by_a_short_way_up() {
        assert!(
            walks_round_up_a_ridge("zombie", 3),
            "a stair three blocks along"
        );
        // Seed 393: the way up to an enderman on a tree's crown led off
        // to a hill 28 blocks away.
        assert!(
            !walks_round_up_a_ridge("zombie", 12),
            "a stair twelve blocks along"
        );
    }

    #[test]
    fn a_long_way_round_to_a_passive_creature_is_walked_to_its_end() {
        // Seed 897's sheep grazed on a bank four blocks up, the way up 49
        // blocks round: each walk round ended after 80 ticks, and the run
        // between pulled the player back along the bank's foot. Here the
        // run is a walk straight at a pig on the ridge, the player and
        // the pig at one end of it, the stair at the other.
        let mut game = ridge_with_a_stair(13);
        game.player.pos[2] = -13.5;
        let feet = [ON_THE_RIDGE[0], ON_THE_RIDGE[1], -13.5];
        let mut round = GoRound::for_kind("pig");
        for _ in 0..600 {
            let action = round.step(&game, feet, 1.0).unwrap_or_else(|| {
                round.watch(&game, feet);
                let (yaw, pitch) = angles_to(&game, feet);
                let mut run = Action::noop();
                run.camera = turn_towards(&game, yaw, pitch);
                run.with(Key::Forward)
            });
            rules::tick(&mut game, &action);
            if game.player.pos[1] >= feet[1] {
                return;
            }
        }
        panic!("still below the ridge at {:?}", game.player.pos);
    }

    /// A walk round set off towards a pig on the ridge, whose stair is
    /// twelve blocks along.
    fn walking_round_to_a_pig_on_the_ridge() -> (Game, GoRound) {
        let game = ridge_with_a_stair(12);
        let mut round = GoRound::for_kind("pig");
        for _ in 0..=STOPPED_TICKS + 1 {
            round.watch(&game, ON_THE_RIDGE);
        }
        assert!(
            round.step(&game, ON_THE_RIDGE, 1.0).is_some(),
            "a walk round"
        );
        (game, round)
    }

    #[test]
    fn a_walk_round_to_a_passive_creature_gone_off_to_the_players_level_is_given_up() {
        // Seed 72's wounded pig climbed out of a lake onto its far bank
        // while a long walk went round to where it had swum. Here the pig
        // comes down off the ridge: the run looks again.
        let (game, mut round) = walking_round_to_a_pig_on_the_ridge();
        let gone_off = [6.5, f64::from(FLOOR + 1), ON_THE_RIDGE[2]];
        assert!(round.step(&game, gone_off, 1.0).is_none());
    }

    #[test]
    fn a_walk_round_to_a_passive_creature_gone_off_on_another_level_sets_off_again() {
        // Seed 3942's pig fled on through a cave below, and each walk
        // round down to it was given up for a run held back at the cave's
        // mouth. Here the pig walks on along the ridge.
        let (game, mut round) = walking_round_to_a_pig_on_the_ridge();
        let gone_off = [ON_THE_RIDGE[0], ON_THE_RIDGE[1], ON_THE_RIDGE[2] - 6.0];
        assert!(round.step(&game, gone_off, 1.0).is_some());
        let set_off_to = round.detour.as_ref().map(|(_, _, feet)| *feet);
        assert_eq!(set_off_to, Some(gone_off));
    }

    #[test]
    fn a_stop_while_swimming_below_a_creature_starts_a_walk_round() {
        // Seed 1391's sheep grazed on a bank seven blocks above a pool the
        // player had slid into: the player sank looking up at it, never
        // on the ground, and no walk round set off for 180 ticks.
        let mut game = ridge_with_a_stair(3);
        fill(&mut game.world, [-1, FLOOR - 2, -1], [1, FLOOR, 1], "water");
        game.player.pos[1] = f64::from(FLOOR);
        game.player.on_ground = false;
        let feet = ON_THE_RIDGE;
        let mut round = GoRound::for_kind("sheep");
        for _ in 0..=STOPPED_TICKS + 1 {
            rules::tick(&mut game, &Action::noop());
            round.watch(&game, feet);
        }
        assert!(game.player.in_water && !game.player.on_ground, "swimming");
        assert!(round.step(&game, feet, 1.0).is_some(), "a walk round");
    }

    #[test]
    fn a_passive_creature_above_is_walked_round_to_however_long_the_way_up() {
        assert!(
            walks_round_up_a_ridge("pig", 12),
            "a stair twelve blocks along"
        );
    }

    #[test]
    fn a_creature_sunk_in_a_lake_is_walked_round_to_at_the_water_top() {
        // Seed 2286's skeleton, knocked into a lake, sank by the bank; the
        // walk round to its cell dropped down a hole into a cave beside
        // the lake's floor, nearer its cell than the water's top was.
        let mut game = platform_game();
        let (lake_x, lake_z, bottom) = (3..=8, -3..=3, FLOOR - 8);
        for x in 2..=9 {
            for z in -4..=4 {
                for y in bottom..FLOOR {
                    let inside = lake_x.contains(&x) && lake_z.contains(&z) && y > bottom;
                    put(
                        &mut game.world,
                        [x, y, z],
                        if inside { "water" } else { "stone" },
                    );
                }
                if lake_x.contains(&x) && lake_z.contains(&z) {
                    put(&mut game.world, [x, FLOOR, z], "water");
                }
            }
        }
        put(&mut game.world, [1, FLOOR, 0], "air");
        put(&mut game.world, [1, FLOOR - 5, 0], "stone");
        let sunk = [5.5, f64::from(bottom + 2), 0.5];
        let mut round = GoRound::for_kind("skeleton");
        for _ in 0..=STOPPED_TICKS + 1 {
            round.watch(&game, sunk);
        }
        for _ in 0..DETOUR_TICKS {
            let Some(action) = round.step(&game, sunk, 1.0) else {
                break;
            };
            rules::tick(&mut game, &action);
        }
        let feet = game.player.pos;
        assert!(feet[1] > f64::from(FLOOR - 1), "down the hole, at {feet:?}");
        assert!(feet[0] > 3.0, "short of the lake, at {feet:?}");
    }
}
