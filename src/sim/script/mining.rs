//! Mining for a script: a block mined where it stands, or the nearest
//! block of a kind sought, walked to, its face found in sight, and its
//! drops fetched; the walk to a spot beside one beyond reach, and the
//! wander that looks for more when none is near.

use super::behaviour::{
    aim_clearing_the_way, block_centre, on_aim, spend_tick, Behaviour, Spot, Step,
};
use super::blocks::stands_dry;
use super::collect::CollectItems;
use super::faces::face_point_in_sight;
use super::plants::hides_what_is_behind;
use super::route::{self, Goal, HARMLESS_DROP};
use super::travel::travel;
use super::walking::WalkTo;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::player;
use crate::sim::raycast;
use crate::sim::registry::BlockId;
use crate::sim::world::BlockPos;

/// Aims at a block and holds attack until it is gone (or time runs out).
pub struct Mine {
    pub spot: Spot,
    pub ticks_left: u32,
}

impl Mine {
    pub fn new(spot: Spot) -> Mine {
        Mine {
            spot,
            ticks_left: 400,
        }
    }
}

impl Behaviour for Mine {
    fn next(&mut self, game: &Game) -> Step {
        if !spend_tick(&mut self.ticks_left) {
            return Step::Done;
        }
        let Some(pos) = self.spot.resolve(game) else {
            return Step::Act(Action::noop());
        };
        if game.world.get(pos) == BlockId::AIR {
            return Step::Done;
        }
        let mut action = aim_clearing_the_way(game, pos);
        match raycast::target(&game.world, game.player.eye(), game.player.look_dir()) {
            Some(hit) if hit.pos == pos => action.press(Key::Attack),
            // Aimed at the block, feet on the ground, and the look meets
            // no block at all: it lies beyond reach, and nothing will
            // bring it nearer (seed 383's `collect_dirt`: fallen into a
            // cave under the dirt, the player aimed up at a block a
            // little out of reach until the mine's time ran out). Fluids,
            // which the crosshair never selects, are left to the time.
            None if on_aim(action.camera)
                && game.player.on_ground
                && raycast::selectable(game.world.get(pos)) =>
            {
                return Step::Done;
            }
            _ => {}
        }
        Step::Act(action)
    }
}

/// Walks on to fresh ground when a behaviour has run out of things to do
/// where it stands: four blocks, a quarter turn further each time, a
/// limited number of times. The ways run along the grid, from the way the
/// body faces rounded to a quarter turn. A way over dry ground is taken
/// first: the quarter turn, else straight on, else the other quarter turn,
/// and back the way it came last (on seed 118 the walk went on into a
/// river, where no torch can be set down, and the player drowned on its
/// bed; on seed 2425, on a lake's shore one block wide under a steep bank,
/// ways a few degrees off the grid strayed into the lake or the bank, and
/// the walks went back and forth over the same few blocks); where none of
/// those is dry, the diagonals between them are tried, forward ones
/// first (on seed 3519 the only dry way ran diagonally along a river's
/// bank under a steep slope, and the walks went in turn into the river
/// and up against the slope until the steps ran out); in water,
/// the walk goes to the nearest dry ground (on seed 131 a drop fetched
/// from a river's edge led the player in, and walks of four blocks along
/// its bed went nowhere).
pub struct Wander {
    walk: Option<Box<dyn Behaviour>>,
    moves_left: u32,
}

impl Wander {
    pub fn new(moves: u32) -> Wander {
        Wander {
            walk: None,
            moves_left: moves,
        }
    }

    /// Starts the next walk; false when no walks are left.
    pub fn start(&mut self, game: &Game) -> bool {
        if self.moves_left == 0 {
            return false;
        }
        self.moves_left -= 1;
        let p = &game.player;
        if p.in_water {
            self.walk = Some(travel(|game, feet| stands_dry(&game.world, feet), None));
            return true;
        }
        let facing = (p.yaw / 90.0).round() * 90.0;
        let end = |turn: f32| {
            let yaw = f64::from(facing + turn).to_radians();
            [-yaw.sin(), yaw.cos()].map(|v| (v * Self::LENGTH).round())
        };
        let [dx, dz] = Self::TURNS
            .into_iter()
            .map(end)
            .find(|&way| Self::over_dry_ground(game, way))
            .unwrap_or_else(|| end(Self::TURNS[0]));
        let mut walk = WalkTo::new(p.pos[0] + dx, p.pos[2] + dz);
        walk.ticks_left = 80;
        self.walk = Some(Box::new(walk));
        true
    }

    /// Blocks a walk goes.
    const LENGTH: f64 = 4.0;

    /// The ways tried, in degrees turned from the way the body faces: a
    /// turn, straight on, the other turn, back, then the diagonals (a
    /// diagonal walk goes three blocks along each axis).
    const TURNS: [f32; 8] = [90.0, 0.0, 270.0, 180.0, 45.0, 315.0, 135.0, 225.0];

    /// Whether a straight walk the way `(dx, dz)` from the feet keeps to
    /// dry ground: from column to column along it, each a step a route
    /// would take (one up, level, or a fall), a diagonal one round either
    /// corner, that lands the feet dry, never more than two levels below
    /// where they started (on seed 3519 a way whose ground rose two levels
    /// at once was taken for dry, and the walk stood against the rise
    /// until it gave up; a walk up a slope goes on, since higher ground
    /// shows more tops to place on, while one down into a hollow shows
    /// fewer, and on seed 198 such walks went back and forth between a
    /// hollow and the slope above it).
    fn over_dry_ground(game: &Game, [dx, dz]: [f64; 2]) -> bool {
        let p = &game.player;
        let world = &game.world;
        let start = p.block_pos();
        let lowest = start[1] - 2;
        let dry_step = |from: BlockPos, towards: [i32; 2]| {
            route::step(world, from, towards, HARMLESS_DROP)
                .map(|(landing, _)| landing)
                .filter(|&landing| landing[1] >= lowest && stands_dry(world, landing))
        };
        let mut feet = start;
        (1..=Self::LENGTH as i32).all(|block| {
            let along = f64::from(block) / Self::LENGTH;
            let x = (p.pos[0] + dx * along).floor() as i32 - feet[0];
            let z = (p.pos[2] + dz * along).floor() as i32 - feet[2];
            // A body walking at a corner slides round it by either side.
            let landing = if x != 0 && z != 0 {
                dry_step(feet, [x, 0])
                    .and_then(|side| dry_step(side, [0, z]))
                    .or_else(|| dry_step(feet, [0, z]).and_then(|side| dry_step(side, [x, 0])))
            } else if [x, z] != [0, 0] {
                dry_step(feet, [x, z])
            } else {
                Some(feet)
            };
            landing.map(|landing| feet = landing).is_some()
        })
    }

    /// The action of a walk under way, if one is.
    pub fn step(&mut self, game: &Game) -> Option<Action> {
        match self.walk.as_mut()?.next(game) {
            Step::Act(action) => Some(action),
            Step::Done => {
                self.walk = None;
                None
            }
        }
    }
}

/// Mines, one after another, the nearest block of the given kinds within
/// reach and in sight, `times` times, collecting the drops after each.
pub struct MineNearest {
    pub kinds: Vec<BlockId>,
    pub times: u32,
    /// How many cells away from the feet, horizontally, to look.
    pub radius: i32,
    /// Whether the block the feet stand on is left alone.
    keep_floor: bool,
    /// Ticks spent fetching the drops after each block; none when they
    /// are left lying.
    fetching_ticks: Option<u32>,
    current: Option<(Mine, Option<CollectItems>)>,
    seek: Seek,
    wander: Wander,
}

/// Walks to the nearest spot a route reaches from which a block sought
/// is near (`goal`), a limited number of times, before any wander (seed
/// 5103's `collect_grass`: a fetch of the cut grass led down a slope five
/// levels under the patch, and the wanders from there never came back up
/// to it).
struct Seek {
    goal: Option<Goal>,
    walks_left: u32,
    walk: Option<Box<dyn Behaviour>>,
}

impl MineNearest {
    pub fn new(kinds: Vec<BlockId>, times: u32) -> MineNearest {
        MineNearest {
            kinds,
            times,
            radius: 4,
            keep_floor: false,
            fetching_ticks: Some(60),
            current: None,
            seek: Seek {
                goal: None,
                walks_left: 0,
                walk: None,
            },
            wander: Wander::new(0),
        }
    }

    /// When nothing is left in reach, walk on up to `moves` times.
    pub fn wandering(mut self, moves: u32) -> MineNearest {
        self.wander = Wander::new(moves);
        self
    }

    /// When nothing is left in reach, walk to the nearest spot where
    /// `goal` holds (one beside a block sought), up to `walks` times,
    /// before wandering.
    pub fn seeking(mut self, goal: Goal, walks: u32) -> MineNearest {
        self.seek.goal = Some(goal);
        self.seek.walks_left = walks;
        self
    }

    /// This tick's step of a walk to a spot beside a block sought, under
    /// way or started now; none once one is in reach, or no walk is left.
    fn seek_step(&mut self, game: &Game, in_reach: bool) -> Option<Action> {
        if in_reach {
            self.seek.walk = None;
            return None;
        }
        if self.seek.walk.is_none() && self.seek.walks_left > 0 {
            self.seek.walks_left -= 1;
            self.seek.walk = Some(travel(self.seek.goal?, None));
        }
        match self.seek.walk.as_mut()?.next(game) {
            Step::Act(action) => Some(action),
            Step::Done => {
                self.seek.walk = None;
                None
            }
        }
    }

    /// Only blocks within `radius` cells horizontally (so drops land within
    /// pickup range when it is 1).
    pub fn within(mut self, radius: i32) -> MineNearest {
        self.radius = radius;
        self
    }

    /// Never the block the feet stand on (so they stay where they are).
    pub fn keeping_the_floor(mut self) -> MineNearest {
        self.keep_floor = true;
        self
    }

    /// The drops are left lying, for a task that counts only the blocks
    /// mined.
    pub fn leaving_the_drops(mut self) -> MineNearest {
        self.fetching_ticks = None;
        self
    }

    /// The nearest block of a wanted kind that the crosshair could rest
    /// on, by distance from the eye, ties broken by position. The eye is
    /// where it stands once the mine lets go of a sneak (seed 452's
    /// `carve_pumpkins`: just after the sneaking click that carved it, a
    /// hill's edge hid the carved pumpkin from the lowered eye, and the
    /// plan went on without it).
    fn nearest(&self, game: &Game) -> Option<BlockPos> {
        let p = &game.player;
        let eye = if p.lying {
            p.eye()
        } else {
            [p.pos[0], p.pos[1] + player::EYE_HEIGHT, p.pos[2]]
        };
        let feet = game.player.block_pos();
        let mut best: Option<(f64, BlockPos)> = None;
        let r = self.radius;
        for dy in -2..=3 {
            for dz in -r..=r {
                for dx in -r..=r {
                    let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                    let floor = dx == 0 && dy == -1 && dz == 0;
                    if !self.kinds.contains(&game.world.get(pos)) || (floor && self.keep_floor) {
                        continue;
                    }
                    let centre = block_centre(pos);
                    let d = [centre[0] - eye[0], centre[1] - eye[1], centre[2] - eye[2]];
                    let distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                    if distance > raycast::REACH - 0.3 {
                        continue;
                    }
                    let dir = [d[0] / distance, d[1] / distance, d[2] / distance];
                    // A plant in between (not one sought) is no wall: the
                    // mine clears it.
                    let stops_the_eye = |b| hides_what_is_behind(b) || self.kinds.contains(&b);
                    // Else a point of a face will do, as the mine aims at
                    // one (seed 1503's `carve_pumpkins`: the crafting
                    // table's top edge hid the carved pumpkin's middle
                    // and not its top face).
                    let in_sight =
                        raycast::cast(&game.world, eye, dir, distance + 0.5, stops_the_eye)
                            .is_some_and(|hit| hit.pos == pos)
                            || face_point_in_sight(game, pos).is_some();
                    if in_sight && best.is_none_or(|(bd, bp)| (distance, pos) < (bd, bp)) {
                        best = Some((distance, pos));
                    }
                }
            }
        }
        best.map(|(_, pos)| pos)
    }
}

impl Behaviour for MineNearest {
    fn next(&mut self, game: &Game) -> Step {
        loop {
            if let Some((mine, collect)) = &mut self.current {
                if let Step::Act(action) = mine.next(game) {
                    return Step::Act(action);
                }
                if let Some(Step::Act(action)) = collect.as_mut().map(|c| c.next(game)) {
                    return Step::Act(action);
                }
                self.current = None;
            }
            if self.times == 0 {
                return Step::Done;
            }
            if let Some(action) = self.wander.step(game) {
                return Step::Act(action);
            }
            let nearest = self.nearest(game);
            if let Some(action) = self.seek_step(game, nearest.is_some()) {
                return Step::Act(action);
            }
            let Some(pos) = nearest else {
                if self.wander.start(game) {
                    return Step::Act(Action::noop());
                }
                return Step::Done;
            };
            self.times -= 1;
            let collect = self
                .fetching_ticks
                .map(|ticks| CollectItems::new(4.0, ticks).only_new_since(game));
            self.current = Some((Mine::new(Spot::At(pos)), collect));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::rules::testkit::drop_a_stick;

    #[test]
    fn a_wander_along_a_strip_of_ground_goes_on_rather_than_back() {
        // Seed 2425: a lake's shore one block wide. Facing a little off
        // west along a strip with nothing either side, the walk goes on
        // west along the strip.
        let mut game = sky_game();
        for x in -5..=5 {
            for z in (-5..=5).filter(|&z| z != 0) {
                put(&mut game, [x, FLOOR, z], "air");
            }
        }
        game.player.pos[2] = 0.3;
        game.player.yaw = 97.0;
        let pos = wander_once(game);
        assert!(pos[0] < -2.5, "walked to {pos:?}");
        assert_eq!(pos[1].floor() as i32, FLOOR + 1);
    }

    /// Plays one wander where nothing is sought; where the player ended up.
    fn wander_once(game: Game) -> [f64; 3] {
        let nothing = vec![crate::sim::registry::block("pumpkin")];
        let walked = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(MineNearest::new(nothing, 1).wandering(1))],
            |_| false,
            100,
        );
        walked.game.player.pos
    }

    #[test]
    fn a_wander_where_only_a_diagonal_is_dry_takes_the_diagonal() {
        assert_the_wander_takes_the_diagonal_south_west(diagonal_strip());
    }

    #[test]
    fn a_wander_takes_a_diagonal_round_a_wall_at_one_corner() {
        // Seed 18's `build_a_maze`: a block beside the feet stood at one
        // corner of the only dry way, and the walk slid round it by the
        // other.
        let mut game = diagonal_strip();
        put(&mut game, [-1, FLOOR + 1, 0], "stone");
        put(&mut game, [-1, FLOOR + 2, 0], "stone");
        assert_the_wander_takes_the_diagonal_south_west(game);
    }

    /// Seed 3519: a strip of bank running diagonally between a river and
    /// a slope. Facing south, every way along the grid leaves the strip
    /// within two blocks.
    fn diagonal_strip() -> Game {
        let mut game = sky_game();
        for x in -6..=6 {
            for z in (-6..=6).filter(|&z: &i32| (x + z).abs() > 1) {
                put(&mut game, [x, FLOOR, z], "air");
            }
        }
        game.player.yaw = 0.0;
        game
    }

    fn assert_the_wander_takes_the_diagonal_south_west(game: Game) {
        let pos = wander_once(game);
        assert!(pos[0] < -1.5 && pos[2] > 2.5, "walked to {pos:?}");
        assert!(
            (pos[1] - f64::from(FLOOR + 1)).abs() < 0.01,
            "walked to {pos:?}"
        );
    }

    /// Facing south, one wander ends three blocks or more south, in the
    /// start column's row.
    fn assert_the_wander_goes_straight_on_south(mut game: Game) {
        game.player.yaw = 0.0;
        let pos = wander_once(game);
        assert!(
            pos[2] > 3.0 && (pos[0] - 0.5).abs() < 0.5,
            "walked to {pos:?}"
        );
    }

    #[test]
    fn a_wander_does_not_head_up_a_rise_two_blocks_high() {
        // Facing south, the first way tried (a quarter turn, west) meets
        // a wall two blocks high with ground on top: no walk climbs it, so
        // the walk goes straight on.
        let mut game = sky_game();
        for x in -6..=-2 {
            for z in -6..=6 {
                put(&mut game, [x, FLOOR + 1, z], "stone");
                put(&mut game, [x, FLOOR + 2, z], "stone");
            }
        }
        assert_the_wander_goes_straight_on_south(game);
    }

    #[test]
    fn a_wander_does_not_head_down_into_a_hollow_three_deep() {
        // Seed 198: facing south, the first way tried (west) goes down a
        // slope three levels into a hollow, where fewer tops show; the walk
        // goes straight on instead.
        let mut game = sky_game();
        for x in -6..=-1 {
            for z in -6..=6 {
                put(&mut game, [x, FLOOR, z], "air");
                put(&mut game, [x, FLOOR - x.abs().min(3), z], "stone");
            }
        }
        assert_the_wander_goes_straight_on_south(game);
    }

    #[test]
    fn a_block_sought_behind_tall_grass_is_in_sight_but_not_behind_a_log() {
        let mut game = sky_game();
        let sought = [0, FLOOR + 1, 3];
        put(&mut game, sought, "pumpkin");
        put(&mut game, [0, FLOOR + 1, 2], "grass");
        let pumpkin = || MineNearest::new(vec![crate::sim::registry::block("pumpkin")], 1);
        assert_eq!(
            pumpkin().nearest(&game),
            Some(sought),
            "the grass is cleared"
        );
        put(&mut game, [0, FLOOR + 1, 2], "oak_log");
        assert_eq!(
            pumpkin().nearest(&game),
            Some(sought),
            "its top face shows over a log one high"
        );
        put(&mut game, [0, FLOOR + 2, 2], "oak_log");
        assert_eq!(pumpkin().nearest(&game), None, "two logs hide it");
        let grass = MineNearest::new(vec![crate::sim::registry::block("grass")], 1);
        put(&mut game, [0, FLOOR + 1, 2], "grass");
        assert_eq!(
            grass.nearest(&game),
            Some([0, FLOOR + 1, 2]),
            "grass sought is seen"
        );
    }

    #[test]
    fn a_block_hidden_only_from_the_sneaking_eye_is_sought() {
        // Seed 452's `carve_pumpkins`: the carving click sneaks, and the
        // lowered eye meets a hill's edge on the way to what it carved.
        let mut game = sky_game();
        let carved = [-1, FLOOR + 1, -3];
        put(&mut game, carved, "carved_pumpkin");
        put(&mut game, [-1, FLOOR + 1, -1], "grass_block");
        game.player.pos = [0.45, f64::from(FLOOR + 1), 0.5];
        game.player.sneaking = true;
        let eye = game.player.eye();
        let centre = block_centre(carved);
        let to = [0, 1, 2].map(|a| centre[a] - eye[a]);
        let length = to.iter().map(|d| d * d).sum::<f64>().sqrt();
        let seen = raycast::target(&game.world, eye, to.map(|d| d / length));
        assert_eq!(seen.map(|hit| hit.pos), Some([-1, FLOOR + 1, -1]));
        let carved_pumpkin = crate::sim::registry::block("carved_pumpkin");
        assert_eq!(
            MineNearest::new(vec![carved_pumpkin], 1).nearest(&game),
            Some(carved)
        );
    }

    /// The fetch after a mine goes for what the mine dropped, not for an
    /// item already lying within reach of the fetch (seed 50's
    /// `collect_wood`: a flower popped off its soil at the start).
    #[test]
    fn a_mine_fetches_its_own_drops_not_an_item_already_lying_about() {
        let mut game = sky_game();
        put(&mut game, [1, FLOOR + 1, 0], "dirt");
        game.player.pos = [0.5, f64::from(FLOOR + 1), 0.5];
        drop_a_stick(&mut game, [-1.5, f64::from(FLOOR + 1), 0.5]);
        let mined = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(MineNearest::new(
                vec![crate::sim::registry::block("dirt")],
                1,
            ))],
            |_| false,
            150,
        );
        let inventory = &mined.game.player.inventory;
        assert_eq!(inventory.count(crate::sim::registry::item("dirt")), 1);
        assert_eq!(inventory.count(crate::sim::registry::item("stick")), 0);
    }

    #[test]
    fn a_block_whose_middle_is_hidden_but_a_face_is_not_is_mined() {
        // A crafting table between the eye and the pumpkin: its top edge
        // hides the pumpkin's middle, not its top face (seed 1503's
        // carve_pumpkins).
        let mut game = sky_game();
        put(&mut game, [2, FLOOR + 1, 0], "crafting_table");
        put(&mut game, [3, FLOOR + 1, 0], "pumpkin");
        let mined = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(
                MineNearest::new(vec![crate::sim::registry::block("pumpkin")], 1).within(3),
            )],
            |g| g.world.get([3, FLOOR + 1, 0]) == crate::sim::registry::block("air"),
            150,
        );
        assert!(mined.reached, "not mined in {} steps", mined.steps);
    }

    #[test]
    fn a_mine_of_a_block_out_of_reach_gives_up() {
        // A block seven blocks over the feet: no look reaches it.
        let mut game = sky_game();
        put(&mut game, [0, FLOOR + 8, 0], "dirt");
        let mut mine = Mine::new(Spot::At([0, FLOOR + 8, 0]));
        let ticks = (1..=100)
            .find(|_| match mine.next(&game) {
                Step::Act(action) => {
                    crate::sim::rules::tick(&mut game, &action);
                    false
                }
                Step::Done => true,
            })
            .expect("the mine gave up within 100 ticks");
        assert!(ticks > 1, "gave up before it turned to look");
    }
}
