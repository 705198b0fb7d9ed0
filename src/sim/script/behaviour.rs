//! Building blocks of scripted policies: the [`Behaviour`] trait, whose
//! small behaviours read the game state and answer with the action a
//! player would take this tick, acting only through keys and camera like
//! an agent; the aim and turn they share; and the simplest of them (hold,
//! select, face, aim, use on a block, tap keys). Walking, mining,
//! collecting and placing have rooms of their own beside this one.

use std::collections::VecDeque;

use super::faces::face_point_in_sight;
use crate::protocol::{Action, Key};
use crate::sim::angle::turn_between;
use crate::sim::block_entity::BlockEntity;
use crate::sim::game::Game;
use crate::sim::player;
use crate::sim::raycast;
use crate::sim::registry::ItemId;
use crate::sim::rules::{is_free, Aabb};
use crate::sim::world::BlockPos;

/// The most the camera turns in one tick, in degrees.
pub(super) const MAX_TURN: f32 = 30.0;

/// What a behaviour wants this tick.
pub enum Step {
    Act(Action),
    /// Finished (successfully or not); the plan moves on.
    Done,
}

pub trait Behaviour {
    fn next(&mut self, game: &Game) -> Step;
}

/// Takes one tick from a behaviour's budget; false when none is left.
pub(super) fn spend_tick(ticks_left: &mut u32) -> bool {
    if *ticks_left == 0 {
        return false;
    }
    *ticks_left -= 1;
    true
}

/// Plays a behaviour for at most a number of ticks.
pub struct Within {
    pub ticks: u32,
    pub inner: Box<dyn Behaviour>,
}

impl Behaviour for Within {
    fn next(&mut self, game: &Game) -> Step {
        if self.ticks == 0 {
            return Step::Done;
        }
        self.ticks -= 1;
        self.inner.next(game)
    }
}

/// The yaw and pitch, in degrees, that look from the eye at `point`.
pub fn angles_to(game: &Game, point: [f64; 3]) -> (f32, f32) {
    let eye = game.player.eye();
    let d = [point[0] - eye[0], point[1] - eye[1], point[2] - eye[2]];
    let horizontal = (d[0] * d[0] + d[2] * d[2]).sqrt();
    let yaw = (-d[0]).atan2(d[2]).to_degrees() as f32;
    let pitch = (-d[1]).atan2(horizontal).to_degrees() as f32;
    (yaw, pitch)
}

/// The straight-line distance between two points.
pub fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
}

/// How far apart two points are across, heights aside.
pub fn distance_across(a: [f64; 3], b: [f64; 3]) -> f64 {
    (a[0] - b[0]).hypot(a[2] - b[2])
}

/// The camera move towards a yaw and pitch, at most [`MAX_TURN`] per axis.
pub fn turn_towards(game: &Game, yaw: f32, pitch: f32) -> [f32; 2] {
    let dyaw = turn_between(game.player.yaw, yaw);
    let dpitch = pitch - game.player.pitch;
    [
        dpitch.clamp(-MAX_TURN, MAX_TURN),
        dyaw.clamp(-MAX_TURN, MAX_TURN),
    ]
}

pub(super) fn block_centre(pos: BlockPos) -> [f64; 3] {
    [
        f64::from(pos[0]) + 0.5,
        f64::from(pos[1]) + 0.5,
        f64::from(pos[2]) + 0.5,
    ]
}

/// Whether the crosshair rests on the block at `pos`.
pub(super) fn crosshair_on(game: &Game, pos: BlockPos) -> bool {
    raycast::target(&game.world, game.player.eye(), game.player.look_dir())
        .is_some_and(|hit| hit.pos == pos)
}

/// Whether the crosshair, aimed from `eye` at a block's centre, lands on
/// that block (in reach, nothing selectable in between).
pub(super) fn aimable_from(game: &Game, eye: [f64; 3], pos: BlockPos) -> bool {
    let centre = block_centre(pos);
    let d: [f64; 3] = std::array::from_fn(|i| centre[i] - eye[i]);
    let length = d.iter().map(|v| v * v).sum::<f64>().sqrt().max(1e-9);
    raycast::target(&game.world, eye, d.map(|v| v / length)).is_some_and(|hit| hit.pos == pos)
}

/// Whether a tick's camera move is small enough (under half a degree
/// each way) that the look already rests on the aim.
pub(super) fn on_aim(camera: [f32; 2]) -> bool {
    camera[0].abs() < 0.5 && camera[1].abs() < 0.5
}

/// Turns towards a block — its middle, or a face in sight where a nearer
/// block hides the middle (seed 42's `build_nether_portal`: a cell under
/// an obsidian block, seen past its edge) — and once aimed breaks
/// whatever nearer block (a flower, tall grass, leaves) stands in the
/// way, but never a block that keeps items (a furnace, a chest: what it
/// holds would spill).
pub(super) fn aim_clearing_the_way(game: &Game, pos: BlockPos) -> Action {
    let eye = game.player.eye();
    let aim = if aimable_from(game, eye, pos) {
        block_centre(pos)
    } else {
        face_point_in_sight(game, pos).unwrap_or_else(|| block_centre(pos))
    };
    let (yaw, pitch) = angles_to(game, aim);
    let mut action = Action::noop();
    action.camera = turn_towards(game, yaw, pitch);
    let aimed = on_aim(action.camera);
    let in_the_way = raycast::target(&game.world, game.player.eye(), game.player.look_dir())
        .filter(|hit| hit.pos != pos)
        .map(|hit| hit.pos);
    let clearable =
        in_the_way.is_some_and(|cell| BlockEntity::for_block(game.world.get(cell)).is_none());
    if aimed && clearable {
        action.press(Key::Attack);
    }
    action
}

/// Selects the hotbar slot holding an item (one tick), or gives up if none does.
pub struct Select(pub ItemId);

impl Behaviour for Select {
    fn next(&mut self, game: &Game) -> Step {
        let inventory = &game.player.inventory;
        match inventory.hotbar_slot_of(self.0) {
            Some(slot) if slot != inventory.selected => {
                Step::Act(Action::noop().with(Key::hotbar(slot as u8 + 1).expect("slot 0..9")))
            }
            _ => Step::Done,
        }
    }
}

/// Turns to a fixed yaw and pitch.
pub struct Face {
    pub yaw: f32,
    pub pitch: f32,
}

impl Behaviour for Face {
    fn next(&mut self, game: &Game) -> Step {
        let camera = turn_towards(game, self.yaw, self.pitch);
        if camera[0].abs() < 0.01 && camera[1].abs() < 0.01 {
            return Step::Done;
        }
        let mut action = Action::noop();
        action.camera = camera;
        Step::Act(action)
    }
}

/// Holds an action for a number of ticks.
pub struct Hold {
    pub action: Action,
    pub ticks: u32,
}

impl Hold {
    /// Stands still, touching nothing, for a number of ticks.
    pub fn still(ticks: u32) -> Hold {
        Hold {
            action: Action::noop(),
            ticks,
        }
    }
}

impl Behaviour for Hold {
    fn next(&mut self, _game: &Game) -> Step {
        if self.ticks == 0 {
            return Step::Done;
        }
        self.ticks -= 1;
        Step::Act(self.action)
    }
}

/// Stands still until the feet rest on a block or are in water (a
/// teleport leaves the body over air, whatever it stood on before), and
/// while a teleport into stone has the body pushed out of it: a body in a
/// block that still moves from one tick to the next.
#[derive(Default)]
pub struct Land {
    /// Where the body stood at the last tick, once one has passed.
    last_pos: Option<[f64; 3]>,
}

impl Behaviour for Land {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        let body = Aabb::at_feet(p.pos, player::HALF_WIDTH, p.height());
        let pushed = self.last_pos.is_none_or(|last| last != p.pos);
        self.last_pos = Some(p.pos);
        if pushed && !is_free(&game.world, &body) {
            return Step::Act(Action::noop());
        }
        // The layer just under the feet, not the body lowered: a body
        // teleported into a block over a hollow falls out of it (seed
        // 3089's `find_diamond`, its feet in an ore over a cave, dug up
        // from where it was left and not from where it landed).
        let just_below = Aabb {
            min: [body.min[0], p.pos[1] - 0.05, body.min[2]],
            max: [body.max[0], p.pos[1], body.max[2]],
        };
        if p.in_water || !is_free(&game.world, &just_below) {
            Step::Done
        } else {
            Step::Act(Action::noop())
        }
    }
}

/// A block position, either fixed or relative to the player's feet at the
/// moment the behaviour starts (once the player stands on the ground).
#[derive(Debug, Clone, Copy)]
pub enum Spot {
    At(BlockPos),
    FromFeet([i32; 3]),
}

impl Spot {
    /// The position, resolving a relative spot once the player has landed.
    pub(super) fn resolve(&mut self, game: &Game) -> Option<BlockPos> {
        if let Spot::FromFeet(offset) = *self {
            if !game.player.on_ground {
                return None;
            }
            let feet = game.player.block_pos();
            *self = Spot::At([
                feet[0] + offset[0],
                feet[1] + offset[1],
                feet[2] + offset[2],
            ]);
        }
        match *self {
            Spot::At(pos) => Some(pos),
            Spot::FromFeet(_) => None,
        }
    }
}

/// Aims until the crosshair rests on a block.
pub struct Aim {
    pub spot: Spot,
    pub ticks_left: u32,
}

impl Behaviour for Aim {
    fn next(&mut self, game: &Game) -> Step {
        if !spend_tick(&mut self.ticks_left) {
            return Step::Done;
        }
        let Some(pos) = self.spot.resolve(game) else {
            return Step::Act(Action::noop());
        };
        if crosshair_on(game, pos) {
            return Step::Done;
        }
        Step::Act(aim_clearing_the_way(game, pos))
    }
}

/// Aims at a block and presses use once the crosshair rests on it
/// (opening a chest, carving a pumpkin), or gives up when time runs out.
pub struct UseOn {
    aim: Aim,
}

impl UseOn {
    pub fn new(spot: Spot) -> UseOn {
        UseOn {
            aim: Aim {
                spot,
                ticks_left: 100,
            },
        }
    }
}

impl Behaviour for UseOn {
    fn next(&mut self, game: &Game) -> Step {
        match self.aim.next(game) {
            Step::Act(action) => Step::Act(action),
            Step::Done if self.aim.ticks_left == 0 => Step::Done,
            Step::Done => {
                self.aim.ticks_left = 0;
                Step::Act(Action::noop().with(Key::Use))
            }
        }
    }
}

/// Keys and clicks decided ahead — an action this tick, its release the
/// next — within a budget of ticks: what a behaviour working a screen
/// looks at first every tick.
pub struct Taps {
    queued: VecDeque<Action>,
    ticks_left: u32,
}

impl Taps {
    pub fn new(budget: u32) -> Taps {
        Taps {
            queued: VecDeque::new(),
            ticks_left: budget,
        }
    }

    /// The action decided for this tick, or `Done` once the budget is
    /// spent; `None` when the behaviour is to decide this tick itself.
    pub fn pending(&mut self) -> Option<Step> {
        if let Some(action) = self.queued.pop_front() {
            return Some(Step::Act(action));
        }
        if self.ticks_left == 0 {
            return Some(Step::Done);
        }
        self.ticks_left -= 1;
        None
    }

    /// An action now and its release next tick (screens act on press edges).
    pub fn tap(&mut self, action: Action) -> Step {
        self.queued.push_back(Action::noop());
        Step::Act(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};

    /// Turns towards a block at eye height with `blocker` between it and
    /// the eye; whether the turn ever pressed attack.
    fn clears(blocker: &str) -> bool {
        let mut game = sky_game();
        for z in 2..=3 {
            put(&mut game, [0, FLOOR + 1, z], "stone");
        }
        let target = [0, FLOOR + 2, 3];
        put(&mut game, target, "stone");
        put(&mut game, [0, FLOOR + 2, 2], blocker);
        let mut attacked = false;
        for _ in 0..40 {
            let action = aim_clearing_the_way(&game, target);
            attacked |= action.is_pressed(Key::Attack);
            let mut turn = Action::noop();
            turn.camera = action.camera;
            crate::sim::rules::tick(&mut game, &turn);
        }
        attacked
    }

    #[test]
    fn the_way_is_cleared_of_leaves_but_never_of_a_furnace() {
        assert!(clears("oak_leaves"));
        assert!(!clears("furnace"));
    }

    #[test]
    fn a_body_teleported_into_a_block_over_a_hollow_lands_at_the_hollow_floor() {
        // Seed 3089's `find_diamond`: the feet were left in iron ore, in
        // stone all round, over a cave, and the landing was taken for done
        // before the fall.
        let mut game = sky_game();
        put(&mut game, [0, FLOOR, 0], "air");
        put(&mut game, [0, FLOOR - 4, 0], "stone");
        for y in FLOOR + 1..=FLOOR + 2 {
            for x in -1..=1 {
                for z in -1..=1 {
                    let ore = x == 0 && z == 0;
                    put(&mut game, [x, y, z], if ore { "iron_ore" } else { "stone" });
                }
            }
        }
        let mut land = Land::default();
        for _ in 0..60 {
            let Step::Act(action) = land.next(&game) else {
                break;
            };
            crate::sim::rules::tick(&mut game, &action);
        }
        assert_eq!(game.player.block_pos(), [0, FLOOR - 3, 0]);
        assert!(matches!(land.next(&game), Step::Done), "landed");
    }
}
