//! The endgame's overworld phases: walking to the nearest stronghold,
//! digging down into its portal room, filling the empty end portal
//! frames with eyes of ender and stepping into the lit portal.
//!
//! Precondition: in the overworld, carrying a diamond pickaxe, eyes of
//! ender (enough for the empty frames: twelve always are), cobblestone
//! and cooked beef. Postcondition: in the End ([`to_the_end`]).
//!
//! The stronghold's place is read from the world generator (as the
//! thrown eyes would lead there); the portal room's cells are worked out
//! from its twelve frames, whose facings give its axes.

use super::dig::{safe_to_open, DigTo, Targets};
use super::eat::{hungry, Eat};
use super::equip::Equip;
use super::phases::equip_best_pickaxe;
use super::survive::BreakOffWhen;
use super::{deferred, Until};
use crate::sim::game::Game;
use crate::sim::player::EYE_HEIGHT;
use crate::sim::registry::{block, item, registry};
use crate::sim::script::behaviour::{aimable_from, block_centre, distance, Behaviour, Spot, UseOn};
use crate::sim::script::mining::Mine;
use crate::sim::script::plans::Plan;
use crate::sim::script::route::{search, Ground};
use crate::sim::script::travel::travel;
use crate::sim::script::walking::{StepInto, WalkTo};
use crate::sim::world::gen::{nearest_stronghold, Stronghold, SEA_LEVEL};
use crate::sim::world::{BlockPos, Dimension};

/// The walk ends within this many blocks (horizontally) of the portal.
const NEAR_PORTAL: i32 = 12;
/// Rounds of travel (each up to a dozen path searches) on the way.
const TRAVEL_ROUNDS: u32 = 600;
/// Ticks walked straight at the stronghold after a stretch of travel
/// (on from where a search found no way on).
const NUDGE_TICKS: u32 = 10;
/// Eat when the food bar is this low or lower.
const HUNGRY: u8 = 14;
/// The food carried.
pub const FOOD: &str = "cooked_beef";
/// A frame is filled from no farther than this (eye to its centre).
const FILL_REACH: f64 = 4.2;
/// How near the middle of its cell the body steps to fill a frame that
/// cell reaches, and the ticks it takes at most.
const CENTRED: f64 = 0.1;
const CENTRING_TICKS: u32 = 20;

fn stronghold(game: &Game) -> Stronghold {
    let [x, _, z] = game.player.block_pos();
    nearest_stronghold(game.world.generator().seed(), x, z)
}

/// The portal room's cells by vanilla's piece coordinates (`x` across,
/// `y` up, `z` along, its door at z 0), found from the frames: the first
/// three face along the room, the seventh across it.
struct PortalRoom {
    corner: BlockPos,
    across: [i32; 3],
    along: [i32; 3],
}

impl PortalRoom {
    fn of(stronghold: &Stronghold) -> PortalRoom {
        let frames = stronghold.frames();
        let along = frames[0].1.offset();
        let across = frames[6].1.offset();
        let first = frames[0].0; // room (4, 3, 8)
        let corner = [0, 1, 2].map(|i| first[i] - 4 * across[i] - 8 * along[i] - [0, 3, 0][i]);
        PortalRoom {
            corner,
            across,
            along,
        }
    }

    fn cell(&self, x: i32, y: i32, z: i32) -> BlockPos {
        [0, 1, 2].map(|i| self.corner[i] + x * self.across[i] + z * self.along[i] + [0, y, 0][i])
    }

    /// The top of the stairs, facing the frames.
    fn stair_top(&self) -> BlockPos {
        self.cell(5, 4, 7)
    }

    /// Cells of the side walls, at the floor, level with the stairs' top:
    /// where a dig breaks in.
    fn wall_doors(&self) -> [BlockPos; 2] {
        [self.cell(0, 1, 7), self.cell(10, 1, 7)]
    }
}

/// Whether feet in `cell` stand within [`NEAR_PORTAL`] of the portal.
fn near_portal(game: &Game, cell: BlockPos) -> bool {
    let c = stronghold(game).portal_centre();
    (cell[0] - c[0]).abs().max((cell[2] - c[2]).abs()) <= NEAR_PORTAL
}

fn portal_column(game: &Game) -> [i32; 2] {
    let c = stronghold(game).portal_centre();
    [c[0], c[2]]
}

/// One leg of the walk: a meal if one is due, else a stretch of travel.
fn walk_round(game: &Game) -> Plan {
    if hungry(game, HUNGRY, FOOD) {
        return vec![Box::new(Eat::new(FOOD))];
    }
    let [x, z] = portal_column(game);
    let mut nudge = WalkTo::new(f64::from(x) + 0.5, f64::from(z) + 0.5);
    nudge.ticks_left = NUDGE_TICKS;
    vec![travel(near_portal, Some([x, z])), Box::new(nudge)]
}

/// Phase 1: walks (sprinting, swimming where it must) to above the
/// nearest stronghold's portal room.
pub fn walk_to_stronghold() -> Box<dyn Behaviour> {
    Box::new(Until::new(
        |g| near_portal(g, g.player.block_pos()),
        TRAVEL_ROUNDS,
        walk_round,
    ))
}

/// The empty frames, nearest the eye first.
fn empty_frames(game: &Game) -> Vec<BlockPos> {
    let eye = game.player.eye();
    let mut frames: Vec<(f64, BlockPos)> = stronghold(game)
        .frames()
        .into_iter()
        .map(|(pos, _)| pos)
        .filter(|&pos| game.world.get(pos) == block("end_portal_frame"))
        .filter(|&pos| !game.world.state(pos).has_eye())
        .map(|pos| (distance(eye, block_centre(pos)), pos))
        .collect();
    frames.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    frames.into_iter().map(|(_, pos)| pos).collect()
}

/// Whether an eye at `eye` can fill `frame`: in reach and in sight.
fn sees_frame(game: &Game, eye: [f64; 3], frame: BlockPos) -> bool {
    distance(eye, block_centre(frame)) <= FILL_REACH && aimable_from(game, eye, frame)
}

/// The nearest empty frame an eye at `eye` can fill.
fn frame_in_reach(game: &Game, eye: [f64; 3]) -> Option<BlockPos> {
    empty_frames(game)
        .into_iter()
        .find(|&frame| sees_frame(game, eye, frame))
}

/// Whether feet in `cell` can fill a frame, standing off the ring: the
/// eye over its middle, and over points round it as far as the body
/// stands off the middle, sees the same frame within reach.
fn fills_a_frame(game: &Game, cell: BlockPos) -> bool {
    let c = stronghold(game).portal_centre();
    let on_ring = (cell[0] - c[0]).abs() <= 2 && (cell[2] - c[2]).abs() <= 2;
    if on_ring {
        return false;
    }
    let [x, y, z] = block_centre(cell);
    let eye = |dx: f64, dz: f64| [x + dx, y - 0.5 + EYE_HEIGHT, z + dz];
    let offsets = [-CENTRED, CENTRED];
    frame_in_reach(game, eye(0.0, 0.0)).is_some_and(|frame| {
        offsets.iter().all(|&dx| {
            offsets
                .iter()
                .all(|&dz| sees_frame(game, eye(dx, dz), frame))
        })
    })
}

fn on_stair_top(game: &Game, cell: BlockPos) -> bool {
    cell == PortalRoom::of(&stronghold(game)).stair_top()
}

/// One round of filling: an eye into the nearest frame in reach; else,
/// where the feet's cell reaches one, a step to its middle; else a walk
/// to such a cell.
fn fill_round(game: &Game) -> Plan {
    let mut plan: Plan = vec![Box::new(Equip::new(item("ender_eye")))];
    let feet = game.player.block_pos();
    match frame_in_reach(game, game.player.eye()) {
        Some(frame) => plan.push(Box::new(UseOn::new(Spot::At(frame)))),
        // The feet's cell reaches a frame from its middle: step there.
        None if fills_a_frame(game, feet) => {
            let [x, _, z] = block_centre(feet);
            let mut centre = WalkTo::new(x, z);
            centre.within = CENTRED;
            centre.ticks_left = CENTRING_TICKS;
            plan.push(Box::new(centre));
        }
        // A walk to the nearest such cell, and into it (a walk may stop
        // beside the cell it was to end in).
        None => {
            let way = search(game, feet, fills_a_frame, None, Ground::Any);
            if let Some(&cell) = way.last() {
                plan.push(travel(fills_a_frame, None));
                plan.push(Box::new(StepInto::new(Spot::At(cell))));
            }
        }
    }
    plan
}

/// Whether the land of `cell`'s column rises above the sea.
fn dry(game: &Game, cell: BlockPos) -> bool {
    game.world.generator().column(cell[0], cell[2]).height > SEA_LEVEL
}

/// The shore is looked for this far (blocks, on square rings) from the
/// portal at most: within the chunks a walk above the room has loaded
/// and keeps (the dig plans through them).
const SHORE_SEARCH: i32 = 110;
/// Rounds of travel to the shore.
const SHORE_ROUNDS: u32 = 20;

/// The dry column nearest the portal (on the nearest square ring that
/// has one).
fn nearest_shore(game: &Game) -> Option<[i32; 2]> {
    let [x, z] = portal_column(game);
    let dry_column = |c: [i32; 2]| dry(game, [c[0], 0, c[1]]);
    (1..=SHORE_SEARCH).find_map(|r| {
        let ring = (-r..=r).flat_map(|d| [[d, -r], [d, r], [-r, d], [r, d]]);
        ring.map(|[dx, dz]| [x + dx, z + dz])
            .filter(|&c| dry_column(c))
            .min_by_key(|c| (c[0] - x).pow(2) + (c[1] - z).pow(2))
    })
}

/// Where the portal room lies under the sea, a swim to the dry land
/// nearest it (a dig opens no cell beside water, so it starts ashore and
/// tunnels under the sea floor); nothing where the feet stand dry.
fn to_the_shore() -> Box<dyn Behaviour> {
    deferred(|game| {
        if dry(game, game.player.block_pos()) {
            return Vec::new();
        }
        let shore = nearest_shore(game);
        vec![Box::new(Until::new(
            |g| dry(g, g.player.block_pos()),
            SHORE_ROUNDS,
            move |_| vec![travel(dry, shore)],
        ))]
    })
}

fn in_the_end(game: &Game) -> bool {
    game.dimension() == Dimension::End
}

fn portal_lit(game: &Game) -> bool {
    game.world.get(stronghold(game).portal_centre()) == block("end_portal")
}

/// Phase 2: digs a staircase down to the portal room's side wall (from
/// the nearest shore where the room lies under the sea), breaks in,
/// fills every empty frame with an eye and walks into the portal.
pub fn enter_the_portal() -> Plan {
    let doors: Targets = Box::new(|game| {
        let feet = game.player.block_pos();
        let mut doors = PortalRoom::of(&stronghold(game)).wall_doors();
        doors.sort_by_key(|d| (d[0] - feet[0]).pow(2) + (d[2] - feet[2]).pow(2));
        doors
            .into_iter()
            .filter(|&d| safe_to_open(&game.world, d))
            .collect()
    });
    vec![
        to_the_shore(),
        equip_best_pickaxe(),
        Box::new(DigTo::new(doors).mining()),
        deferred(|game| {
            let room = PortalRoom::of(&stronghold(game));
            let opened = room
                .wall_doors()
                .into_iter()
                .filter(|&d| !registry().block(game.world.get(d)).shape.collides());
            opened
                .map(|d| {
                    Box::new(Mine::new(Spot::At([d[0], d[1] + 1, d[2]]))) as Box<dyn Behaviour>
                })
                .collect()
        }),
        Box::new(Until::new(portal_lit, 40, fill_round)),
        travel(on_stair_top, None),
        deferred(|game| {
            let c = block_centre(stronghold(game).portal_centre());
            vec![Box::new(BreakOffWhen::new(
                in_the_end,
                Box::new(WalkTo::new(c[0], c[2])),
            ))]
        }),
    ]
}

/// Phases 1 and 2: from anywhere in the overworld into the End.
pub fn to_the_end() -> Plan {
    let mut plan: Plan = vec![walk_to_stronghold()];
    plan.extend(enter_the_portal());
    plan
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::sim::rules::PLATFORM;
    use crate::sim::script::behaviour::Hold;
    use crate::sim::script::long::stage::play_phase;

    /// What the endgame starts with (the chain's earlier parts bring it).
    pub(crate) fn endgame_kit(game: &mut Game) {
        for give in [
            "ender_eye 12",
            "diamond_sword",
            "diamond_pickaxe",
            "cobblestone 64",
            "cooked_beef 16",
            "crafting_table",
            "bow",
            "arrow 64",
        ] {
            crate::sim::command::run(game, &format!("/give @s minecraft:{give}"));
        }
    }

    /// The world seed of a scenario of the dragon task.
    pub(crate) fn dragon_seed(scenario: u64) -> u64 {
        crate::sim::episode_seed(scenario, "kill_ender_dragon")
    }

    /// The overworld at spawn, or at the point `closer` times nearer the
    /// stronghold on the line from spawn (where a Nether route comes out).
    fn start_overworld(scenario: u64, closer: f64) -> Game {
        let mut game = Game::new(dragon_seed(scenario));
        endgame_kit(&mut game);
        let c = stronghold(&game).portal_centre();
        let p = game.player.pos;
        let x = (f64::from(c[0]) + (p[0] - f64::from(c[0])) / closer).floor() as i32;
        let z = (f64::from(c[2]) + (p[2] - f64::from(c[2])) / closer).floor() as i32;
        crate::sim::dimensions::change_dimension(
            &mut game,
            Dimension::Overworld,
            [0.5, 200.0, 0.5],
        );
        game.world.ensure_around(x, z, 2);
        let y = game.world.surface_y(x, z) + 1;
        let feet = [f64::from(x) + 0.5, f64::from(y), f64::from(z) + 0.5];
        crate::sim::dimensions::change_dimension(&mut game, Dimension::Overworld, feet);
        game
    }

    fn walk(scenario: u64, closer: f64) -> u32 {
        let game = start_overworld(scenario, closer);
        let from = game.player.pos;
        let c = stronghold(&game).portal_centre();
        let distance = (f64::from(c[0]) - from[0]).hypot(f64::from(c[2]) - from[2]);
        let walked = play_phase(
            game,
            vec![walk_to_stronghold()],
            |g| near_portal(g, g.player.block_pos()),
            30_000,
        );
        eprintln!(
            "seed {scenario} (1/{closer}): {distance:.0} blocks walked in {} steps, reached {}",
            walked.steps, walked.reached
        );
        assert!(walked.reached, "seed {scenario}");
        walked.steps
    }

    #[test]
    #[cfg_attr(
        debug_assertions,
        ignore = "a walk of hundreds of blocks: run in release"
    )]
    fn from_eight_times_closer_the_walk_reaches_the_stronghold() {
        for scenario in 0..3 {
            walk(scenario, 8.0);
        }
    }

    /// Ticks the End is watched after the arrival.
    const SETTLE_TICKS: u64 = 100;

    /// The overworld at the surface a few blocks from the portal room,
    /// on the side the walk from spawn comes from (where it ends), with
    /// the endgame's kit.
    pub(crate) fn above_the_portal_room(scenario: u64) -> Game {
        let game = Game::new(dragon_seed(scenario));
        let c = stronghold(&game).portal_centre();
        let p = game.player.pos;
        let distance = (f64::from(c[0]) - p[0]).hypot(f64::from(c[2]) - p[2]);
        start_overworld(scenario, distance / f64::from(NEAR_PORTAL - 2))
    }

    /// From the surface a few blocks off the portal room: a staircase down
    /// to its side wall (from the nearest shore where the room lies under
    /// the sea: seeds 0 and 2), every empty frame filled and the portal
    /// entered, the walk into it ending there (it would lead off the
    /// platform).
    #[test]
    #[cfg_attr(debug_assertions, ignore = "a dig of 40 blocks: run in release")]
    fn from_above_the_portal_room_the_frames_are_filled_and_the_end_entered() {
        for scenario in 0..5 {
            let game = above_the_portal_room(scenario);
            let arrived = std::cell::Cell::new(None);
            let settled = |g: &Game| {
                if in_the_end(g) && arrived.get().is_none() {
                    arrived.set(Some(g.tick));
                }
                arrived.get().is_some_and(|t| g.tick >= t + SETTLE_TICKS)
            };
            let mut plan = enter_the_portal();
            plan.push(Box::new(Hold::still(SETTLE_TICKS as u32)));
            let entered = play_phase(game, plan, settled, 6_000);
            eprintln!(
                "seed {scenario}: in the End after {} steps",
                entered.steps.saturating_sub(SETTLE_TICKS as u32)
            );
            assert!(entered.reached, "seed {scenario}: not in the End");
            let p = entered.game.player.pos;
            let [x, _, z] = block_centre(PLATFORM);
            assert_eq!(
                entered.game.player.block_pos()[1],
                PLATFORM[1] + 1,
                "seed {scenario}: {p:?}"
            );
            assert!(
                (p[0] - x).abs() <= 2.5 && (p[2] - z).abs() <= 2.5,
                "seed {scenario}: still on the arrival platform, at {p:?}"
            );
        }
    }

    #[test]
    fn the_portal_room_cells_follow_from_its_frames() {
        let game = Game::new(dragon_seed(0));
        let stronghold = stronghold(&game);
        let room = PortalRoom::of(&stronghold);
        let frames = stronghold.frames();
        assert_eq!(room.cell(4, 3, 8), frames[0].0);
        assert_eq!(room.cell(3, 3, 9), frames[6].0);
        assert_eq!(room.cell(5, 3, 10), stronghold.portal_centre());
        let [a, b] = room.wall_doors();
        assert_eq!((a[1], b[1]), (room.cell(0, 1, 0)[1], room.cell(0, 1, 0)[1]));
    }
}
