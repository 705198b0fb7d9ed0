//! Building blocks of scripted policies: small behaviours that read the
//! game state and answer with the action a player would take this tick
//! (aim, walk, mine, place, collect). They act only through keys and
//! camera, like an agent.

use crate::protocol::{Action, Key};
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::raycast;
use crate::sim::registry::{BlockId, ItemId};
use crate::sim::world::BlockPos;

/// The most the camera turns in one tick, in degrees.
const MAX_TURN: f32 = 30.0;

/// What a behaviour wants this tick.
pub enum Step {
    Act(Action),
    /// Finished (successfully or not); the plan moves on.
    Done,
}

pub trait Behaviour {
    fn next(&mut self, game: &Game) -> Step;
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

/// The camera move towards a yaw and pitch, at most [`MAX_TURN`] per axis.
pub fn turn_towards(game: &Game, yaw: f32, pitch: f32) -> [f32; 2] {
    let dyaw = (yaw - game.player.yaw + 540.0).rem_euclid(360.0) - 180.0;
    let dpitch = pitch - game.player.pitch;
    [
        dpitch.clamp(-MAX_TURN, MAX_TURN),
        dyaw.clamp(-MAX_TURN, MAX_TURN),
    ]
}

fn block_centre(pos: BlockPos) -> [f64; 3] {
    [
        f64::from(pos[0]) + 0.5,
        f64::from(pos[1]) + 0.5,
        f64::from(pos[2]) + 0.5,
    ]
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

impl Behaviour for Hold {
    fn next(&mut self, _game: &Game) -> Step {
        if self.ticks == 0 {
            return Step::Done;
        }
        self.ticks -= 1;
        Step::Act(self.action)
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
    fn resolve(&mut self, game: &Game) -> Option<BlockPos> {
        if let Spot::FromFeet(offset) = *self {
            if !game.player.on_ground {
                return None;
            }
            let feet = game.player.block_pos();
            *self = Spot::At([feet[0] + offset[0], feet[1] + offset[1], feet[2] + offset[2]]);
        }
        match *self {
            Spot::At(pos) => Some(pos),
            Spot::FromFeet(_) => None,
        }
    }
}

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
        if self.ticks_left == 0 {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let Some(pos) = self.spot.resolve(game) else {
            return Step::Act(Action::noop());
        };
        if game.world.get(pos) == BlockId::AIR {
            return Step::Done;
        }
        let (yaw, pitch) = angles_to(game, block_centre(pos));
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        let on_target = raycast::target(&game.world, game.player.eye(), game.player.look_dir())
            .is_some_and(|hit| hit.pos == pos);
        if on_target {
            action.press(Key::Attack);
        }
        Step::Act(action)
    }
}

/// Aims until the crosshair rests on a block.
pub struct Aim {
    pub spot: Spot,
    pub ticks_left: u32,
}

impl Behaviour for Aim {
    fn next(&mut self, game: &Game) -> Step {
        if self.ticks_left == 0 {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let Some(pos) = self.spot.resolve(game) else {
            return Step::Act(Action::noop());
        };
        let on_target = raycast::target(&game.world, game.player.eye(), game.player.look_dir())
            .is_some_and(|hit| hit.pos == pos);
        if on_target {
            return Step::Done;
        }
        let (yaw, pitch) = angles_to(game, block_centre(pos));
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        Step::Act(action)
    }
}

/// Walks to a point on the ground, jumping over one-block steps.
pub struct WalkTo {
    pub x: f64,
    pub z: f64,
    pub within: f64,
    pub ticks_left: u32,
}

impl WalkTo {
    pub fn new(x: f64, z: f64) -> WalkTo {
        WalkTo {
            x,
            z,
            within: 0.3,
            ticks_left: 300,
        }
    }
}

impl Behaviour for WalkTo {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        let (dx, dz) = (self.x - p.pos[0], self.z - p.pos[2]);
        if (dx * dx + dz * dz).sqrt() <= self.within || self.ticks_left == 0 {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let yaw = (-dx).atan2(dz).to_degrees() as f32;
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, p.pitch.clamp(-20.0, 20.0));
        if action.camera[1].abs() < 20.0 {
            action.press(Key::Forward);
        }
        let blocked = p.on_ground && (p.vel[0].abs() + p.vel[2].abs()) < 1e-3 && self.ticks_left % 4 == 0;
        if blocked {
            action.press(Key::Jump);
        }
        Step::Act(action)
    }
}

/// Walks to the centre of a block cell (resolved like [`Spot`]).
pub struct StepInto {
    pub spot: Spot,
    walk: Option<WalkTo>,
}

impl StepInto {
    pub fn new(spot: Spot) -> StepInto {
        StepInto { spot, walk: None }
    }
}

impl Behaviour for StepInto {
    fn next(&mut self, game: &Game) -> Step {
        if self.walk.is_none() {
            let Some(pos) = self.spot.resolve(game) else {
                return Step::Act(Action::noop());
            };
            let centre = block_centre(pos);
            let mut walk = WalkTo::new(centre[0], centre[2]);
            walk.within = 0.2;
            self.walk = Some(walk);
        }
        match &mut self.walk {
            Some(walk) => walk.next(game),
            None => Step::Done,
        }
    }
}

/// Walks to the nearest dropped item within `radius` until none is left.
pub struct CollectItems {
    pub radius: f64,
    pub ticks_left: u32,
}

impl Behaviour for CollectItems {
    fn next(&mut self, game: &Game) -> Step {
        if self.ticks_left == 0 {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let p = game.player.pos;
        let nearest = game
            .entities
            .list
            .iter()
            .filter(|e| matches!(e.kind, EntityKind::Item { .. }))
            .map(|e| {
                let d = ((e.pos[0] - p[0]).powi(2) + (e.pos[2] - p[2]).powi(2)).sqrt();
                (d, e.pos)
            })
            .filter(|(d, _)| *d <= self.radius)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        match nearest {
            None => Step::Done,
            Some((_, pos)) => {
                let mut walk = WalkTo::new(pos[0], pos[2]);
                walk.within = 0.0;
                walk.next(game)
            }
        }
    }
}

/// Places `count` blocks of the selected item under itself by jumping and
/// using at the top of each jump: a pillar.
pub struct PillarUp {
    pub count: u32,
    placed: u32,
    held: u32,
}

impl PillarUp {
    pub fn new(count: u32) -> PillarUp {
        PillarUp {
            count,
            placed: 0,
            held: 0,
        }
    }
}

impl Behaviour for PillarUp {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        let held = p.inventory.selected_stack().map_or(0, |s| u32::from(s.count));
        if self.held > held {
            self.placed += self.held - held;
        }
        self.held = held;
        if self.placed >= self.count || held == 0 {
            return Step::Done;
        }
        let mut action = Action::noop();
        action.camera = turn_towards(game, p.yaw, 90.0);
        if p.on_ground {
            action.press(Key::Jump);
        } else {
            let feet = p.block_pos();
            let below = [feet[0], feet[1] - 1, feet[2]];
            if game.world.get(below) == BlockId::AIR && p.pos[1] - f64::from(feet[1]) > 0.1 {
                action.press(Key::Use);
            }
        }
        Step::Act(action)
    }
}

/// Places the selected item against the faces of the given blocks, one
/// after another, from where the player stands.
pub struct PlaceOn {
    pub targets: Vec<BlockPos>,
    pub ticks_left: u32,
}

impl Behaviour for PlaceOn {
    fn next(&mut self, game: &Game) -> Step {
        let Some(&pos) = self.targets.first() else {
            return Step::Done;
        };
        if self.ticks_left == 0 {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let above = [pos[0], pos[1] + 1, pos[2]];
        if game.world.get(above) != BlockId::AIR {
            self.targets.remove(0);
            return Step::Act(Action::noop());
        }
        let top = [f64::from(pos[0]) + 0.5, f64::from(pos[1]) + 1.0, f64::from(pos[2]) + 0.5];
        let (yaw, pitch) = angles_to(game, top);
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        let on_target = raycast::target(&game.world, game.player.eye(), game.player.look_dir())
            .is_some_and(|hit| hit.pos == pos && hit.adjacent() == above);
        if on_target {
            action.press(Key::Use);
        }
        Step::Act(action)
    }
}
