//! Travelling: walking the path a route search finds — sprinting,
//! jumping up steps, swimming flat under the surface across deep water,
//! searching again from the end of a partial path or when stuck. A walk
//! in the End looks again when a cloud of the dragon's breath lies on the
//! next waypoints, and keeps the eyes a little down, below the eyes of
//! the endermen about (a stare angers them).

use std::collections::VecDeque;

use super::behaviour::{turn_towards, Behaviour, Step};
use super::route::{
    guided_search, in_breath, is_water, middle, Goal, Ground, Guide, HARMLESS_DROP,
};
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::world::{up, BlockPos, World};

/// Searches one trip may make (each from where the last path ended or stuck).
const SEARCHES: u32 = 12;
/// Waypoints looked ahead to for a straight line.
const LOOKAHEAD: usize = 5;
/// Ticks without getting closer to the next waypoint before searching again.
const STUCK_TICKS: u32 = 30;
/// The least straight level run ahead (blocks) over which a sprinting
/// walk jumps, as players sprint-jump: each jump adds a push forward.
const SPRINT_JUMP_RUN: f64 = 3.0;
/// Waypoints of deep water ahead for a swim under the surface.
const SWIM_AHEAD: usize = 8;
/// Breath (ticks) a swim under the surface needs to start, and below
/// which it surfaces to breathe.
const SWIM_BREATH_START: i32 = 200;
const SWIM_BREATH_LOW: i32 = 60;
/// How far under the surface the eyes go before a sprint can start a
/// swim (vanilla tests the eyes a ninth of a block below their height).
const SWIM_EYES_UNDER: f64 = 0.2;
/// Degrees below the horizon a walk in the End looks: an enderman's eyes
/// stand above a player's on the level, so none is stared at.
const EYES_DOWN: f32 = 12.0;

/// Walks to the nearest spot meeting a goal, heading for `guide` while
/// none is found.
pub fn travel(goal: Goal, guide: Option<[i32; 2]>) -> Box<dyn Behaviour> {
    Box::new(Travel::new(goal, guide, Ground::Any))
}

/// [`travel`] keeping to the open ground, for journeys across the land.
pub fn travel_overland(goal: Goal, guide: Option<[i32; 2]>) -> Box<dyn Behaviour> {
    Box::new(Travel::new(goal, guide, Ground::Overland))
}

/// [`travel`] over the End's island, going round the dragon's clouds of
/// breath and keeping the eyes below the endermen's.
pub fn travel_in_the_end(goal: Goal, guide: Option<[i32; 2]>) -> Box<dyn Behaviour> {
    Box::new(Travel::new(goal, guide, Ground::TheEnd))
}

/// Walks to the cell nearest `column` that the search reaches: a goal
/// met nowhere, so the walk ends where the guide is nearest.
pub fn towards(column: [i32; 2]) -> Travel {
    Travel::new(|_, _| false, Some(column), Ground::Any)
}

/// [`towards`] a cell, its height weighed as much as the way across.
pub fn towards_cell(cell: BlockPos) -> Travel {
    Travel {
        guide: Some(Guide::cell(cell)),
        ..towards([cell[0], cell[2]])
    }
}

/// Walks to the nearest spot meeting a goal (see [`super::route::search`]).
pub struct Travel {
    goal: Goal,
    guide: Option<Guide>,
    ground: Ground,
    /// The deepest drop the path takes.
    deepest_drop: i32,
    /// Cells the path keeps out of.
    avoid: Option<Goal>,
    /// The most waypoints a path found may have: a longer one is not
    /// walked, and the trip ends.
    longest_path: usize,
    path: VecDeque<BlockPos>,
    searches_left: u32,
    /// Whether a search has found a path to walk.
    found_a_path: bool,
    /// The closest the feet came to the next waypoint, and ticks since.
    closest: f64,
    stalled: u32,
}

impl Travel {
    pub fn new(goal: Goal, guide: Option<[i32; 2]>, ground: Ground) -> Travel {
        Travel {
            goal,
            guide: guide.map(Guide::column),
            ground,
            deepest_drop: HARMLESS_DROP,
            avoid: None,
            longest_path: usize::MAX,
            path: VecDeque::new(),
            searches_left: SEARCHES,
            found_a_path: false,
            closest: f64::INFINITY,
            stalled: 0,
        }
    }

    /// Lets the path take drops up to `depth` deep, each block beyond a
    /// harmless fall weighed as a long way round.
    pub fn taking_drops_of(mut self, depth: i32) -> Travel {
        self.deepest_drop = depth;
        self
    }

    /// Keeps the path out of the cells `avoid` holds for.
    pub fn avoiding(mut self, avoid: Goal) -> Travel {
        self.avoid = Some(avoid);
        self
    }

    /// Ends the trip where the path found has more than `waypoints`.
    pub fn no_longer_than(mut self, waypoints: usize) -> Travel {
        self.longest_path = waypoints;
        self
    }

    /// The waypoints of the path found still to walk.
    pub fn waypoints_left(&self) -> usize {
        self.path.len()
    }

    /// Whether any search of the trip so far found a path to walk: a trip
    /// ended without one found no way from where the feet stood.
    pub fn found_a_path(&self) -> bool {
        self.found_a_path
    }

    fn next_waypoint(&mut self) {
        self.path.pop_front();
        self.closest = f64::INFINITY;
        self.stalled = 0;
    }
}
/// How far a point lies from the segment `from`–`to`, horizontally.
fn off_line(point: [f64; 2], from: [f64; 2], to: [f64; 2]) -> f64 {
    let d = [to[0] - from[0], to[1] - from[1]];
    let length2 = (d[0] * d[0] + d[1] * d[1]).max(1e-9);
    let t = (((point[0] - from[0]) * d[0] + (point[1] - from[1]) * d[1]) / length2).clamp(0.0, 1.0);
    (point[0] - from[0] - t * d[0]).hypot(point[1] - from[1] - t * d[1])
}

impl Travel {
    /// Where to steer: the farthest of the next few waypoints on the feet's
    /// level that the waypoints before it lie close to the line to (so a
    /// zig-zag of straight and diagonal steps is walked straight).
    fn steer_point(&self, game: &Game) -> [f64; 2] {
        let p = &game.player;
        let here = [p.pos[0], p.pos[2]];
        let level = p.block_pos()[1];
        let ahead: Vec<BlockPos> = self.path.iter().take(LOOKAHEAD).copied().collect();
        let reachable = |k: usize| {
            ahead[..=k].iter().all(|w| w[1] == level)
                && ahead[..k]
                    .iter()
                    .all(|&w| off_line(middle(w), here, middle(ahead[k])) < 0.5)
        };
        let k = (0..ahead.len()).rev().find(|&k| reachable(k)).unwrap_or(0);
        middle(ahead[k])
    }

    /// Whether the next [`SWIM_AHEAD`] waypoints all lie over water at
    /// least two deep, room to swim flat under the surface.
    fn deep_water_ahead(&self, world: &World) -> bool {
        let deep = |w: BlockPos| {
            let top = if is_water(world, w) { w } else { up(w, -1) };
            is_water(world, top) && is_water(world, up(top, -1))
        };
        self.path.len() >= SWIM_AHEAD && self.path.iter().take(SWIM_AHEAD).all(|&w| deep(w))
    }
}

/// Whether the feet swim under the surface a waypoint lies on, the water
/// between them unbroken: the waypoint is passed, deeper down.
fn under_water_below(game: &Game, waypoint: BlockPos) -> bool {
    let feet = game.player.block_pos();
    feet[1] < waypoint[1]
        && (feet[1]..waypoint[1]).all(|y| is_water(&game.world, [waypoint[0], y, waypoint[2]]))
}

/// The height of the water's surface over the feet's column.
fn water_surface(world: &World, feet: BlockPos) -> f64 {
    let mut top = feet;
    while is_water(world, up(top, 1)) {
        top = up(top, 1);
    }
    f64::from(top[1] + 1)
}

/// One tick of crossing deep water as players do, twice as fast as
/// paddling at the surface: the sneak key dives until the eyes are under,
/// then a sprint swims flat just below the surface (the look tilted up or
/// down to hold the body there), heading along `yaw`. Short of breath it
/// paddles at the surface until breath is back.
fn swim_stroke(game: &Game, yaw: f32) -> Action {
    let p = &game.player;
    let surface = water_surface(&game.world, p.block_pos());
    let mut action = Action::noop();
    let breath = if p.swimming {
        SWIM_BREATH_LOW
    } else {
        SWIM_BREATH_START
    };
    if p.air < breath {
        action.camera = turn_towards(game, yaw, 0.0);
        action.press(Key::Forward);
        action.press(Key::Jump);
        return action;
    }
    let pitch = if p.swimming {
        // Feet a block under the surface: the flat body all under water.
        let rise = ((surface - 1.0 - p.pos[1]) * 0.5).clamp(-0.4, 0.8);
        -(rise.asin().to_degrees() as f32)
    } else {
        0.0
    };
    action.camera = turn_towards(game, yaw, pitch);
    action.press(Key::Forward);
    let standing_eyes = p.pos[1] + crate::sim::player::EYE_HEIGHT;
    if p.swimming || standing_eyes < surface - SWIM_EYES_UNDER {
        action.press(Key::Sprint);
    } else {
        action.press(Key::Sneak);
    }
    action
}

impl Behaviour for Travel {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        let feet = p.block_pos();
        let swimming = is_water(&game.world, feet) || is_water(&game.world, up(feet, 1));
        if p.on_ground && (self.goal)(game, feet) {
            return Step::Done;
        }
        if self.path.is_empty() {
            if self.searches_left == 0 {
                return Step::Done;
            }
            if !(p.on_ground || swimming) {
                return Step::Act(Action::noop());
            }
            self.searches_left -= 1;
            self.path = guided_search(
                game,
                feet,
                self.goal,
                self.guide,
                self.ground,
                self.deepest_drop,
                self.avoid,
            )
            .into();
            self.closest = f64::INFINITY;
            self.stalled = 0;
            if self.path.is_empty() || self.path.len() > self.longest_path {
                self.path.clear();
                return Step::Done;
            }
            self.found_a_path = true;
        }
        let Some(&waypoint) = self.path.front() else {
            return Step::Act(Action::noop());
        };
        let breath_ahead = self.ground == Ground::TheEnd
            && !in_breath(game, feet)
            && self
                .path
                .iter()
                .take(LOOKAHEAD)
                .any(|&w| in_breath(game, w));
        if breath_ahead && self.searches_left > 0 {
            self.path.clear();
            return self.next(game);
        }
        let [wx, wz] = middle(waypoint);
        let distance = (wx - p.pos[0]).hypot(wz - p.pos[2]);
        let level = (feet[1] - waypoint[1]).abs() <= 1 || under_water_below(game, waypoint);
        if distance < 0.6 && level {
            self.next_waypoint();
            return self.next(game);
        }
        if distance < self.closest - 0.05 {
            self.closest = distance;
            self.stalled = 0;
        } else {
            self.stalled += 1;
            if self.stalled > STUCK_TICKS {
                self.path.clear();
                return Step::Act(Action::noop());
            }
        }
        let [tx, tz] = self.steer_point(game);
        let yaw = (p.pos[0] - tx).atan2(tz - p.pos[2]).to_degrees() as f32;
        let mut action = Action::noop();
        let pitch = if self.ground == Ground::TheEnd {
            EYES_DOWN
        } else {
            0.0
        };
        action.camera = turn_towards(game, yaw, pitch);
        let straight = action.camera[1].abs() < 10.0;
        if action.camera[1].abs() < 30.0 {
            action.press(Key::Forward);
            if self.path.len() > 2 && straight {
                action.press(Key::Sprint);
            }
        }
        if swimming && self.deep_water_ahead(&game.world) {
            return Step::Act(swim_stroke(game, yaw));
        }
        if p.swimming {
            // The way ahead leaves deep water: no push for a tick ends the
            // sprint, so the body stands up to paddle to the bank.
            let mut rise = Action::noop().with(Key::Jump);
            rise.camera = action.camera;
            return Step::Act(rise);
        }
        let climbing = waypoint[1] > feet[1] && distance < 1.5;
        let long_straight =
            straight && p.sprinting && (tx - p.pos[0]).hypot(tz - p.pos[2]) >= SPRINT_JUMP_RUN;
        let jump = climbing || long_straight || self.stalled > STUCK_TICKS / 2;
        if swimming || (p.on_ground && jump) {
            action.press(Key::Jump);
        }
        Step::Act(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::script::long::stage::play_phase;
    use crate::sim::script::route::step;
    use crate::suite::Event;

    /// Where the far bank of [`lake_game`]'s lake begins.
    const FAR_BANK: i32 = 42;

    /// Land at `FLOOR + 3` with a lake three deep and three wide across
    /// the way south, from z 2 to z 41, between walls; the player on the
    /// near bank.
    fn lake_game() -> Game {
        let mut game = sky_game();
        for x in -2..=2i32 {
            for z in -5..=FAR_BANK + 6 {
                let lake = x.abs() <= 1 && (2..FAR_BANK).contains(&z);
                for y in FLOOR..=FLOOR + 6 {
                    let name = match (lake, y - FLOOR) {
                        (true, 1..=3) => "water",
                        (_, 0..=3) => "stone",
                        _ if x.abs() == 2 => "stone",
                        _ => "air",
                    };
                    put(&mut game, [x, y, z], name);
                }
            }
        }
        game.player.pos = [0.5, f64::from(FLOOR + 4), 0.5];
        game
    }

    /// The walk's goal: two blocks onto the far bank.
    fn onto_the_far_bank(_: &Game, feet: BlockPos) -> bool {
        feet[2] >= FAR_BANK + 2
    }

    /// A pool three deep in land whose top is level with the water's,
    /// with a bank a block higher north of it: a swimmer afloat by that
    /// bank cannot hop onto it (its top is over 0.6 above the feet), so
    /// the walk onto it leaves the water sideways and climbs it from the
    /// land.
    #[test]
    fn a_swimmer_afloat_leaves_the_water_where_it_can_to_climb_a_bank() {
        let mut game = sky_game();
        for x in -4..=4i32 {
            for z in -6..=8i32 {
                let pool = x.abs() <= 1 && (0..=4).contains(&z);
                for y in FLOOR..=FLOOR + 4 {
                    let name = match (pool, y - FLOOR) {
                        (true, 1..=3) => "water",
                        (_, 0..=3) => "stone",
                        _ if z < 0 => "stone",
                        _ => "air",
                    };
                    put(&mut game, [x, y, z], name);
                }
            }
        }
        let afloat = [0, FLOOR + 4, 0];
        assert_eq!(
            step(&game.world, afloat, [0, -1], HARMLESS_DROP),
            None,
            "no hop out"
        );
        let on_land = [3, FLOOR + 4, 0];
        assert_eq!(
            step(&game.world, on_land, [0, -1], HARMLESS_DROP).map(|(to, _)| to),
            Some([3, FLOOR + 5, -1]),
            "a climb from the land"
        );
        game.player.pos = [0.5, f64::from(FLOOR + 3), 0.5];
        game.player.on_ground = false;
        fn on_the_bank(_: &Game, feet: BlockPos) -> bool {
            feet[2] <= -3
        }
        let walked = play_phase(
            game,
            vec![travel(on_the_bank, None)],
            |g| g.player.on_ground && g.player.pos[2] < -2.0,
            300,
        );
        assert!(
            walked.reached,
            "not on the bank after {} steps",
            walked.steps
        );
    }

    #[test]
    fn a_long_lake_is_crossed_swimming_under_the_surface() {
        let game = lake_game();
        let crossed = play_phase(
            game,
            vec![travel(onto_the_far_bank, None)],
            |g| g.player.on_ground && g.player.pos[2] >= f64::from(FAR_BANK + 1),
            1000,
        );
        assert!(crossed.reached, "not across after {} steps", crossed.steps);
        let swum = crossed.game.stats.get(Event::Custom, "swim_one_cm");
        assert!(swum > 2000, "swam {swum} cm of the lake's 4,000");
        // Paddling at the surface (0.098 blocks a tick) would take over
        // 400 ticks for the 40 blocks of water alone.
        assert!(crossed.steps < 330, "{} steps", crossed.steps);
        assert_eq!(crossed.game.player.health, 20.0);
    }
}
