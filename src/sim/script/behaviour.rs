//! Building blocks of scripted policies: small behaviours that read the
//! game state and answer with the action a player would take this tick
//! (aim, walk, mine, place, collect). They act only through keys and
//! camera, like an agent.

use std::collections::VecDeque;

use super::blocks::{collides_at, face_point_in_sight, stands_dry};
use super::build::break_the_plant_at_the_eyes;
use super::footing::{ground_within, Footing};
use super::plants::hides_what_is_behind;
use super::travel::{self, travel, Travel};
use crate::protocol::{Action, Key};
use crate::sim::block_entity::BlockEntity;
use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::player;
use crate::sim::raycast;
use crate::sim::registry::{registry, BlockId, ItemId, Shape};
use crate::sim::rules::{
    crosshair, has_gravity, is_free, is_replaceable, progress_per_tick, Aabb, Target, PICKUP_REACH,
};
use crate::sim::world::{face_neighbours, offset, up, BlockPos};

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
fn spend_tick(ticks_left: &mut u32) -> bool {
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
    let dyaw = (yaw - game.player.yaw + 540.0).rem_euclid(360.0) - 180.0;
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

/// This tick's walk to the middle of the feet's cell; none once the body
/// stands within 0.05 of it, where it leans into no cell beside.
pub(super) fn walk_to_middle(game: &Game) -> Option<Action> {
    let middle = block_centre(game.player.block_pos());
    let mut walk = WalkTo::new(middle[0], middle[2]);
    walk.within = 0.05;
    match walk.next(game) {
        Step::Act(action) => Some(action),
        Step::Done => None,
    }
}

/// Whether a jump would strike the head on a block over a column beside
/// the feet's that the body leans into, while the feet's own column has
/// room to rise a block.
fn head_strikes_beside(game: &Game) -> bool {
    let p = game.player.pos;
    let feet = game.player.block_pos();
    let head = feet[1] + 2;
    if collides_at(&game.world, [feet[0], head, feet[2]]) {
        return false;
    }
    Aabb::at_feet([p[0], f64::from(head), p[2]], player::HALF_WIDTH, 1.0)
        .cells(0)
        .any(|cell| [cell[0], cell[2]] != [feet[0], feet[2]] && collides_at(&game.world, cell))
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
        let just_below = body.offset([0.0, -0.05, 0.0]);
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
    fn resolve(&mut self, game: &Game) -> Option<BlockPos> {
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
/// limited number of times. A way over dry ground is taken first, turning
/// on by quarter turns (on seed 118 the walk went on into a river, where
/// no torch can be set down, and the player drowned on its bed); in water,
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
        let end = |quarters: u8| {
            let yaw = f64::from(p.yaw + 90.0 * f32::from(quarters + 1)).to_radians();
            [-yaw.sin(), yaw.cos()].map(|v| v * Self::LENGTH)
        };
        let [dx, dz] = (0..4)
            .map(end)
            .find(|&way| Self::over_dry_ground(game, way))
            .unwrap_or_else(|| end(0));
        let mut walk = WalkTo::new(p.pos[0] + dx, p.pos[2] + dz);
        walk.ticks_left = 80;
        self.walk = Some(Box::new(walk));
        true
    }

    /// Blocks a walk goes.
    const LENGTH: f64 = 4.0;

    /// Whether every block along the way `(dx, dz)` from the feet has
    /// dry ground to stand on within two levels of them.
    fn over_dry_ground(game: &Game, [dx, dz]: [f64; 2]) -> bool {
        let p = &game.player;
        let feet = p.block_pos();
        (1..=Self::LENGTH as i32).all(|block| {
            let along = f64::from(block) / Self::LENGTH;
            let x = (p.pos[0] + dx * along).floor() as i32;
            let z = (p.pos[2] + dz * along).floor() as i32;
            (-2..=2).any(|dy| stands_dry(&game.world, [x, feet[1] + dy, z]))
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
    wander: Wander,
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
            wander: Wander::new(0),
        }
    }

    /// When nothing is left in reach, walk on up to `moves` times.
    pub fn wandering(mut self, moves: u32) -> MineNearest {
        self.wander = Wander::new(moves);
        self
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
            let Some(pos) = self.nearest(game) else {
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

/// Walks to a point on the ground, jumping over one-block steps.
pub struct WalkTo {
    pub x: f64,
    pub z: f64,
    pub within: f64,
    pub ticks_left: u32,
    /// Whether to jump when the way is blocked.
    pub jumps: bool,
    /// Whether a soft block at head height that holds the body up is cut
    /// through, standing (see [`soft_block_holds_up`]): a block dug in
    /// the air breaks five times slower; so is one that stops the jump up
    /// a step (see [`soft_block_over_a_step`]).
    pub cuts_soft_blocks: bool,
    /// The soft block over a step being cut (see
    /// [`soft_block_over_a_step`]), standing still, until it is gone.
    cutting: Option<BlockPos>,
}

impl WalkTo {
    pub fn new(x: f64, z: f64) -> WalkTo {
        WalkTo {
            x,
            z,
            within: 0.3,
            ticks_left: 300,
            jumps: true,
            cuts_soft_blocks: false,
            cutting: None,
        }
    }
}

/// Looks at the bottom face of `cell`, over the head, and breaks it.
fn cut_from_below(game: &Game, cell: BlockPos) -> Action {
    let middle = [
        f64::from(cell[0]) + 0.5,
        f64::from(cell[1]),
        f64::from(cell[2]) + 0.5,
    ];
    let (yaw, pitch) = angles_to(game, middle);
    let mut action = Action::noop();
    action.camera = turn_towards(game, yaw, pitch);
    if matches!(crosshair(game), Some(Target::Block(hit)) if hit.pos == cell) {
        action.press(Key::Attack);
    }
    action
}

impl Behaviour for WalkTo {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        let (dx, dz) = (self.x - p.pos[0], self.z - p.pos[2]);
        if (dx * dx + dz * dz).sqrt() <= self.within || !spend_tick(&mut self.ticks_left) {
            return Step::Done;
        }
        if self.cuts_soft_blocks {
            if self.cutting.is_none() {
                self.cutting = soft_block_over_a_step(game, [dx, dz]);
            }
            if let Some(cell) = self.cutting {
                if collides_at(&game.world, cell) && quick_to_cut(game, cell) {
                    return Step::Act(cut_from_below(game, cell));
                }
                self.cutting = None;
            }
        }
        let yaw = (-dx).atan2(dz).to_degrees() as f32;
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, p.pitch.clamp(-20.0, 20.0));
        if action.camera[1].abs() < 20.0 {
            action.press(Key::Forward);
        }
        let blocked =
            p.on_ground && (p.vel[0].abs() + p.vel[2].abs()) < 1e-3 && self.ticks_left % 4 == 0;
        if self.cuts_soft_blocks && soft_block_holds_up(game) {
            action.press(Key::Attack);
        } else if blocked && self.jumps {
            action.press(Key::Jump);
        }
        Step::Act(action)
    }
}

/// Walks to the centre of a block cell (resolved like [`Spot`]).
pub struct StepInto {
    spot: Spot,
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
            walk.ticks_left = 60;
            self.walk = Some(walk);
        }
        match &mut self.walk {
            Some(walk) => walk.next(game),
            None => Step::Done,
        }
    }
}

/// Ticks within which a block in the way is cut through with what is in
/// hand.
const CUT_TICKS: f32 = 20.0;

/// Whether a block in the way is quick and safe to cut through: it breaks
/// within [`CUT_TICKS`] with what is in hand (leaves, dirt by hand; not
/// stone), keeps nothing, lets in no fluid, holds up nothing that falls,
/// and is not under the feet. A hunt cuts such a block between the eyes
/// and a creature too near to go round (seed 238's enderman stood under a
/// tree, the player's head against the canopy's lowest leaves; seed 174's
/// wolves stood on a ravine's edge over the player, under the dirt of the
/// overhang); a collection cuts one that stops the head on the way to an
/// item.
pub fn quick_to_cut(game: &Game, pos: BlockPos) -> bool {
    let id = game.world.get(pos);
    let fluid = |cell: BlockPos| registry().block(game.world.get(cell)).shape == Shape::Liquid;
    progress_per_tick(&game.player, id, false) * CUT_TICKS >= 1.0
        && BlockEntity::for_block(id).is_none()
        && !has_gravity(game.world.get(up(pos, 1)))
        && !face_neighbours(pos).into_iter().any(fluid)
        && pos[1] >= game.player.block_pos()[1]
}

/// Whether the crosshair rests on a block right beside the head (a cell
/// over one beside the feet) that stops the body and is [`quick_to_cut`]
/// (not tall grass on a step, which stops nothing).
fn head_against_soft_block(game: &Game) -> bool {
    let feet = game.player.block_pos();
    match crosshair(game) {
        Some(Target::Block(hit)) => {
            registry().block(hit.block).shape.collides()
                && hit.pos[1] == feet[1] + 1
                && (hit.pos[0] - feet[0]).abs() <= 1
                && (hit.pos[2] - feet[2]).abs() <= 1
                && quick_to_cut(game, hit.pos)
        }
        _ => false,
    }
}

/// A horizontal speed, in blocks a tick, below a walk's (about 0.2):
/// the body slides along a wall met at a slant.
const SLIDING: f64 = 0.05;

/// Whether the body is held up against a block: against it, and at most
/// sliding slowly along it.
fn held_up_against_a_block(game: &Game) -> bool {
    let p = &game.player;
    p.horizontal_collision && p.vel[0].hypot(p.vel[2]) < SLIDING
}

/// Whether a soft block at head height holds the body up: a walk may cut
/// through it (see [`head_against_soft_block`]).
fn soft_block_holds_up(game: &Game) -> bool {
    held_up_against_a_block(game) && head_against_soft_block(game)
}

/// The soft block that stops the jump up a step the body is held up
/// against, walking along `heading`: over the head, or over the step, two
/// cells above the feet (seed 1220's cave spider sat under a spruce's
/// canopy one block over a bank; the walk to it stood against the bank's
/// step, the leaves over both stopping every jump). `None` where the
/// jump is free or stopped by a block not [`quick_to_cut`], or the step
/// has no room for the body.
fn soft_block_over_a_step(game: &Game, heading: [f64; 2]) -> Option<BlockPos> {
    let player = &game.player;
    let [dx, dz] = heading;
    if !player.on_ground || !held_up_against_a_block(game) {
        return None;
    }
    let ahead = if dx.abs() >= dz.abs() {
        [dx.signum() as i32, 0, 0]
    } else {
        [0, 0, dz.signum() as i32]
    };
    let feet = player.block_pos();
    let step = offset(feet, ahead);
    let world = &game.world;
    if !collides_at(world, step) || collides_at(world, up(step, 1)) {
        return None;
    }
    let stopping = [up(feet, 2), up(step, 2)]
        .into_iter()
        .find(|&cell| collides_at(world, cell))?;
    quick_to_cut(game, stopping).then_some(stopping)
}

/// How far above the feet an item lies on a step up.
const HALF_STEP: f64 = 0.5;

/// Walks to the nearest dropped item within `radius` until none is left.
pub struct CollectItems {
    radius: f64,
    ticks_left: u32,
    /// For an item the straight walk cannot reach (up a step whose jump
    /// a block over the head stops, or past a block the body stays held
    /// up against): the item's cell and a walk found to it (none once it
    /// has ended).
    way_round: Option<(BlockPos, Option<Travel>)>,
    /// Ticks the body has stood held up against a block in a row.
    held_up_ticks: u32,
    /// Only items with this id or a higher one are fetched.
    spawned_from: EntityId,
    /// The item last walked to.
    fetching: Option<EntityId>,
}

impl CollectItems {
    /// Ticks held up against a block after which a walk round it is
    /// found: heading for the middle of the item's cell slides the body
    /// past a corner well within them.
    const HELD_UP_PATIENCE: u32 = 10;
    /// How far past the radius an item already walked to is still
    /// followed as it slides on (seed 1740's `carve_pumpkins`: the carved
    /// pumpkin popped out 3.9 blocks off and slid on past 4 while the
    /// walk to it started, and was left lying).
    const FOLLOWED_PAST_RADIUS: f64 = 2.0;

    pub fn new(radius: f64, ticks_left: u32) -> CollectItems {
        CollectItems {
            radius,
            ticks_left,
            way_round: None,
            held_up_ticks: 0,
            spawned_from: 0,
            fetching: None,
        }
    }

    /// Only items spawned from the moment the game had `game`'s entities:
    /// the drops of what is done next, not those lying about already (seed
    /// 50's `collect_wood`: a flower the init command's logs had popped
    /// off its soil drew the first fetch away from the logs).
    pub fn only_new_since(mut self, game: &Game) -> CollectItems {
        self.spawned_from = game.entities.next_id();
        self
    }

    /// Whether a block right over the head (over any part of the body)
    /// stops a jump.
    fn jump_stopped(game: &Game) -> bool {
        let p = &game.player;
        let over_head = [p.pos[0], p.pos[1] + p.height(), p.pos[2]];
        !is_free(
            &game.world,
            &Aabb::at_feet(over_head, player::HALF_WIDTH, 1.0),
        )
    }

    /// This tick's walk round to an item in `cell` when the straight walk
    /// cannot reach it (`needed`), or the walk is already under way: the
    /// item lies up a step whose jump a block over the head stops (seed
    /// 161's `collect_wool`: the wool lay on a bank, the player under
    /// leaves beside it), or the body stays held up (seed 373's
    /// `carve_pumpkins`: in a corner between the crafting table and a
    /// step up, the carved pumpkin beyond the table).
    fn walk_round(&mut self, game: &Game, cell: BlockPos, needed: bool) -> Option<Action> {
        if self.way_round.as_ref().is_none_or(|(to, _)| *to != cell) {
            if !needed {
                return None;
            }
            self.way_round = Some((cell, Some(travel::towards_cell(cell))));
        }
        let (_, walk) = self.way_round.as_mut()?;
        match walk.as_mut()?.next(game) {
            Step::Act(action) => Some(action),
            Step::Done => {
                *walk = None;
                None
            }
        }
    }
}

impl Behaviour for CollectItems {
    fn next(&mut self, game: &Game) -> Step {
        if !spend_tick(&mut self.ticks_left) {
            return Step::Done;
        }
        let p = game.player.pos;
        let nearest = game
            .entities
            .list
            .iter()
            .filter(|e| matches!(e.kind, EntityKind::Item { .. }) && e.id >= self.spawned_from)
            .map(|e| {
                let d = ((e.pos[0] - p[0]).powi(2) + (e.pos[2] - p[2]).powi(2)).sqrt();
                (d, e)
            })
            .filter(|(d, e)| {
                let followed = self.fetching == Some(e.id);
                let reach = if followed {
                    self.radius + Self::FOLLOWED_PAST_RADIUS
                } else {
                    self.radius
                };
                *d <= reach
            })
            // An item past a ledge deeper than a harmless fall is let go
            // (seed 581's `collect_grass`: the cut grass drifted off a
            // cliff's edge, and the walk after it fell nine blocks into a
            // cave, out of reach of the rest).
            .filter(|(_, e)| {
                let towards = [e.pos[0] - p[0], e.pos[2] - p[2]];
                ground_within(game, towards, Footing::DropOrWaterOf(travel::HARMLESS_DROP))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        match nearest {
            None => Step::Done,
            Some((_, item)) => {
                self.fetching = Some(item.id);
                let pos = item.pos;
                // Held up by a block on the straight way (against it, and
                // at most sliding slowly along it), it heads for the
                // middle of the item's cell instead, sliding along the
                // block into the gap the item lies in (seed 36's
                // `carve_pumpkins`: the carved pumpkin lay a body's edge
                // past a grass block's corner).
                let player = &game.player;
                let held_up = held_up_against_a_block(game);
                // An item down in a dip beside the block underfoot, out of
                // the pickup's reach below, is stood over from the block
                // unless the body goes into the dip's middle (seed 140's
                // `collect_grass`: the walk kept turning about over it).
                let down_in_a_dip = item.bounding_box().max[1] < player.pos[1] - PICKUP_REACH[1];
                let [x, z] = if held_up || down_in_a_dip {
                    [pos[0].floor() + 0.5, pos[2].floor() + 0.5]
                } else {
                    [pos[0], pos[2]]
                };
                // A soft block being cut through (below) is no hold-up.
                let stuck = held_up && !head_against_soft_block(game);
                self.held_up_ticks = if stuck { self.held_up_ticks + 1 } else { 0 };
                let up_a_step = pos[1] > player.pos[1] + HALF_STEP;
                let needed = (up_a_step && Self::jump_stopped(game))
                    || self.held_up_ticks > Self::HELD_UP_PATIENCE;
                let cell = pos.map(|v| v.floor() as i32);
                if let Some(action) = self.walk_round(game, cell, needed) {
                    return Step::Act(action);
                }
                let mut walk = WalkTo::new(x, z);
                walk.within = 0.0;
                // An item up a step is reached with a jump (on the beat of
                // a walk of its own: the walk keeps this behaviour's
                // clock); for one level with the feet or below, a jump
                // only carries the feet onto ledges away from it.
                walk.ticks_left = self.ticks_left + 1;
                walk.jumps = up_a_step;
                // A soft block at head height stopping the body (seed
                // 278's `carve_pumpkins`: a tree's lowest leaves over the
                // dip the carved pumpkin rolled into) is cut through on
                // the way.
                walk.cuts_soft_blocks = true;
                // Sliding along the step an item lies up towards a ledge
                // deeper than a harmless fall, the jump comes at once, not
                // once the body stands still (seed 907's `collect_wood`:
                // the log lay on the log box, and the slide along the box
                // fell six blocks into a hole beside it). A walk cutting
                // through a soft block stays standing.
                let against_the_step = up_a_step
                    && player.on_ground
                    && player.horizontal_collision
                    && !ground_within(
                        game,
                        [player.vel[0], player.vel[2]],
                        Footing::DropOf(travel::HARMLESS_DROP),
                    );
                match walk.next(game) {
                    Step::Act(action) if against_the_step && !action.is_pressed(Key::Attack) => {
                        Step::Act(action.with(Key::Jump))
                    }
                    step => step,
                }
            }
        }
    }
}

/// Places `count` blocks of the selected item under itself by jumping and
/// using at the top of each jump: a pillar; or, built [`up_to`] a level,
/// as many as lift the feet standing on the ground to that level.
///
/// [`up_to`]: PillarUp::up_to
pub struct PillarUp {
    pub count: u32,
    placed: u32,
    held: u32,
    level: Option<i32>,
    /// Whether the pillar has begun: at once, or for one [`starting_at_rest`],
    /// once the body has stood at rest on the ground (or is in water).
    ///
    /// [`starting_at_rest`]: PillarUp::starting_at_rest
    started: bool,
}

impl PillarUp {
    /// A horizontal speed, in blocks a tick, under which the body is at
    /// rest (a walk's fades below it within a few ticks of letting go).
    const AT_REST: f64 = 0.02;
    /// A pitch, in degrees below level, from which a pillar at rest
    /// begins.
    const LOOKING_DOWN: f32 = 80.0;

    pub fn new(count: u32) -> PillarUp {
        PillarUp {
            count,
            placed: 0,
            held: 0,
            level: None,
            started: true,
        }
    }

    /// A pillar that waits for the body to come to rest, looking down,
    /// before its first jump: a body still carried on by a walk's momentum drifts off its
    /// first block (seed 583's find_diamond: its first blocks went into
    /// two columns, and it ran out of blocks short of the ore). Pillars
    /// raised in a hurry (under the dragon's head) begin at once.
    pub fn starting_at_rest(mut self) -> PillarUp {
        self.started = false;
        self
    }

    /// A pillar that ends with the feet at `level` (at most `most` blocks
    /// high): a block set under the edge of a ledge the body overhangs
    /// lifts nothing, so blocks are counted by the feet's height, not by
    /// the stack.
    pub fn up_to(level: i32, most: u32) -> PillarUp {
        PillarUp {
            level: Some(level),
            ..PillarUp::new(most)
        }
    }
}

impl Behaviour for PillarUp {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        let held = p
            .inventory
            .selected_stack()
            .map_or(0, |s| u32::from(s.count));
        if self.held > held {
            self.placed += self.held - held;
        }
        self.held = held;
        let risen = self
            .level
            .is_some_and(|level| p.on_ground && p.block_pos()[1] >= level);
        if risen || self.placed >= self.count || held == 0 {
            return Step::Done;
        }
        let mut action = Action::noop();
        action.camera = turn_towards(game, p.yaw, 90.0);
        if !self.started {
            // Looking down too, so the first jump's top finds the
            // crosshair under the feet (seed 1306's find_diamond: each
            // block of the pillar follows a dig straight up).
            let moving = !p.on_ground || p.vel[0].hypot(p.vel[2]) >= Self::AT_REST;
            let looking_down = p.pitch >= Self::LOOKING_DOWN;
            if (moving && !p.in_water) || !looking_down {
                return Step::Act(action);
            }
            self.started = true;
        }
        if p.on_ground {
            let feet = p.block_pos();
            let head = [feet[0], feet[1] + 1, feet[2]];
            // A plant in the way of the pillar is broken first. A flower
            // where the first block goes takes the click and is not
            // replaced as tall grass is (seed 394's decorate_the_wall walk
            // came to rest on a tulip and jumped on the spot till the end).
            // Any plant at the head's height is where the feet are at the
            // jump's top, the first thing the look down meets, and a block
            // set there would go into the body (seed 1468's, in two-high
            // tall grass).
            let plant_in_the_way = |cell: BlockPos, even_replaceable: bool| {
                let there = game.world.get(cell);
                raycast::selectable(there)
                    && (even_replaceable || !is_replaceable(there))
                    && !collides_at(&game.world, cell)
            };
            let in_the_way = [(feet, false), (head, true)]
                .into_iter()
                .find(|&(cell, even_replaceable)| plant_in_the_way(cell, even_replaceable));
            if let Some((cell, _)) = in_the_way {
                let mut action = aim_clearing_the_way(game, cell);
                if crosshair_on(game, cell) {
                    action.press(Key::Attack);
                }
                return Step::Act(action);
            }
            // Off the middle under a ledge, the jump strikes the head and
            // never rises a block (seed 319's find_diamond, drifted under
            // the rock beside its shaft): step to the middle first.
            if let Some(step) = head_strikes_beside(game)
                .then(|| walk_to_middle(game))
                .flatten()
            {
                return Step::Act(step);
            }
            action.press(Key::Jump);
        } else {
            // Afloat in water the body is never on the ground: the jump is
            // held to swim up and out (seed 1770's find_diamond landed in a
            // one-deep spring and floated there, looking down, to the end).
            if p.in_water {
                action.press(Key::Jump);
            }
            let feet = p.block_pos();
            let below = [feet[0], feet[1] - 1, feet[2]];
            // Into air, or a plant the click replaces (tall grass).
            if is_replaceable(game.world.get(below)) && p.pos[1] - f64::from(feet[1]) > 0.1 {
                action.press(Key::Use);
            }
        }
        Step::Act(action)
    }
}

/// How much of the selected stack is left: its count, less the wear of a
/// tool, so both placing a block and using a tool lower it.
pub(super) fn held_uses_left(game: &Game) -> i64 {
    game.player
        .inventory
        .selected_stack()
        .map_or(0, |s| i64::from(s.count) - i64::from(s.damage))
}

/// Uses the selected item on the tops of nearby blocks, `count` times
/// (placing blocks, lighting fires):
/// each time at the farthest open spot in sight that was not tried yet
/// (what it puts there then hides none of the spots left) —
/// the top face of a block with air above, or a short plant standing on
/// a block, which placing replaces — giving up on a spot after a few ticks.
pub struct PlaceAround {
    count: u32,
    tried: Vec<BlockPos>,
    current: Option<(PlaceSpot, u32)>,
    held: i64,
    wander: Wander,
}

/// Where to click: the block the crosshair must rest on and the point to aim at.
#[derive(Debug, Clone, Copy, PartialEq)]
struct PlaceSpot {
    click: BlockPos,
    aim: [f64; 3],
    /// Whether the click must land on the top face (a solid block) or
    /// anywhere (a replaceable plant).
    top_face: bool,
}

impl PlaceSpot {
    fn at(game: &Game, pos: BlockPos) -> Option<PlaceSpot> {
        let below = [pos[0], pos[1] - 1, pos[2]];
        let above = [pos[0], pos[1] + 1, pos[2]];
        let shape = |p: BlockPos| registry().block(game.world.get(p)).shape;
        let centre = block_centre(pos);
        if shape(pos) == Shape::Cube && game.world.get(above) == BlockId::AIR {
            Some(PlaceSpot {
                click: pos,
                aim: [centre[0], centre[1] + 0.5, centre[2]],
                top_face: true,
            })
        } else if REPLACEABLE_PLANTS.contains(&registry().block(game.world.get(pos)).name)
            && shape(below) == Shape::Cube
        {
            Some(PlaceSpot {
                click: pos,
                aim: [centre[0], centre[1] - 0.3, centre[2]],
                top_face: false,
            })
        } else {
            None
        }
    }

    /// Whether the crosshair rests where a click places on this spot.
    fn clicked_by(&self, hit: &raycast::Hit) -> bool {
        hit.pos == self.click && (!self.top_face || hit.face == raycast::Face::Up)
    }

    fn in_sight(&self, game: &Game) -> bool {
        let eye = game.player.eye();
        let d = [
            self.aim[0] - eye[0],
            self.aim[1] - eye[1],
            self.aim[2] - eye[2],
        ];
        let distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        let dir = [d[0] / distance, d[1] / distance, d[2] / distance];
        distance < raycast::REACH - 0.3
            && raycast::target(&game.world, eye, dir).is_some_and(|hit| self.clicked_by(&hit))
    }
}

/// Plants that a placed block replaces.
const REPLACEABLE_PLANTS: &[&str] = &["grass", "fern", "dead_bush"];

impl PlaceAround {
    /// Ticks spent on one spot before trying another.
    const PATIENCE: u32 = 20;

    pub fn new(count: u32) -> PlaceAround {
        PlaceAround {
            count,
            tried: Vec::new(),
            current: None,
            held: 0,
            wander: Wander::new(4),
        }
    }

    /// When no open spot is left in sight, walk on up to `moves` times.
    pub fn wandering(mut self, moves: u32) -> PlaceAround {
        self.wander = Wander::new(moves);
        self
    }

    fn next_spot(&self, game: &Game) -> Option<PlaceSpot> {
        let feet = game.player.block_pos();
        let mut spots = Vec::new();
        for dy in -2..=1 {
            for dz in -3i32..=3 {
                for dx in -3i32..=3 {
                    let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                    if dx.abs() + dz.abs() < 2 || self.tried.contains(&pos) {
                        continue;
                    }
                    if let Some(spot) = PlaceSpot::at(game, pos).filter(|s| s.in_sight(game)) {
                        spots.push((dx * dx + dz * dz, pos, spot));
                    }
                }
            }
        }
        spots
            .into_iter()
            .min_by_key(|(d, pos, _)| (-*d, *pos))
            .map(|(_, _, spot)| spot)
    }
}

impl Behaviour for PlaceAround {
    fn next(&mut self, game: &Game) -> Step {
        let held = held_uses_left(game);
        if held < self.held {
            let used = u32::try_from(self.held - held).unwrap_or(u32::MAX);
            self.count = self.count.saturating_sub(used);
            self.current = None;
        }
        self.held = held;
        if self.count == 0 || game.player.inventory.selected_stack().is_none() {
            return Step::Done;
        }
        if let Some(action) = self.wander.step(game) {
            return Step::Act(action);
        }
        let (spot, ticks) = match self.current {
            Some((spot, ticks)) if ticks < Self::PATIENCE => (spot, ticks),
            _ => {
                let Some(spot) = self.next_spot(game) else {
                    if let Some(action) = break_the_plant_at_the_eyes(game) {
                        return Step::Act(action);
                    }
                    if self.wander.start(game) {
                        self.current = None;
                        return Step::Act(Action::noop());
                    }
                    return Step::Done;
                };
                self.tried.push(spot.click);
                (spot, 0)
            }
        };
        self.current = Some((spot, ticks + 1));
        let (yaw, pitch) = angles_to(game, spot.aim);
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        let on_target = raycast::target(&game.world, game.player.eye(), game.player.look_dir())
            .is_some_and(|hit| spot.clicked_by(&hit));
        if on_target {
            action.press(Key::Use);
        }
        Step::Act(action)
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
    fn a_block_is_put_down_from_inside_sugar_cane() {
        // Seed 490's craft_to_cake: the eyes stood in sugar cane, which
        // met every look, and the walks on led into more of it.
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [0, FLOOR + 1, 0], "sugar_cane");
        put(&mut game, [0, FLOOR + 2, 0], "sugar_cane");
        let placed = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(PlaceAround::new(1).wandering(0))],
            |g| g.stats.get(crate::suite::Event::UseItem, "cobblestone") == 1,
            100,
        );
        assert!(placed.reached, "not placed in {} steps", placed.steps);
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

    /// An item lying in a dip a block under the feet, near the edge of
    /// the block they stand on: stood right over it on that block, it is
    /// out of the pickup's reach below, so the walk goes into the dip's
    /// middle.
    #[test]
    fn an_item_down_in_a_dip_is_fetched_from_inside_it() {
        let mut game = sky_game();
        for x in -2..=2 {
            for z in -3..=0 {
                put(&mut game, [x, FLOOR + 1, z], "stone");
            }
        }
        game.player.pos = [0.5, f64::from(FLOOR + 2), 1.15];
        assert_a_stick_is_fetched(game, [0.5, f64::from(FLOOR + 1), 1.15]);
    }

    /// An item down in a dip under a tree's lowest leaves, which stop the
    /// body at head height on the way into it (seed 278's carved
    /// pumpkin): the leaves are cut and the item fetched.
    #[test]
    fn leaves_that_stop_the_head_on_the_way_to_an_item_are_cut() {
        let mut game = sky_game();
        for x in -2..=2 {
            for z in -3..=0 {
                put(&mut game, [x, FLOOR + 1, z], "stone");
            }
            for z in 1..=3 {
                put(&mut game, [x, FLOOR + 3, z], "oak_leaves");
            }
        }
        game.player.pos = [0.5, f64::from(FLOOR + 2), -0.4];
        assert_a_stick_is_fetched(game, [0.5, f64::from(FLOOR + 1), 1.5]);
    }

    /// An item gone over a cliff's edge, down to ground eight blocks
    /// under the floor, is let go: the walk after it would fall nine
    /// blocks (seed 581's cut grass).
    #[test]
    fn an_item_over_a_cliff_is_let_go() {
        let mut game = sky_game();
        for x in 6..=9 {
            for z in -1..=1 {
                put(&mut game, [x, FLOOR - 8, z], "stone");
            }
        }
        game.player.pos = [4.5, f64::from(FLOOR + 1), 0.5];
        drop_a_stick(&mut game, [6.5, f64::from(FLOOR + 1), 0.5]);
        let after = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(CollectItems::new(4.0, 100))],
            |_| false,
            100,
        );
        assert_eq!(feet_level(&after.game), Some(FLOOR + 1));
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

    /// An item on a step with a hole six deep beside the step's end is
    /// jumped up to at once: a walk that slid along the step went over
    /// the hole's edge (seed 907's log on the log box).
    #[test]
    fn an_item_up_a_step_beside_a_hole_is_jumped_to_not_slid_past() {
        let mut game = sky_game();
        for x in 2..=3 {
            put(&mut game, [x, FLOOR + 1, 1], "oak_log");
        }
        for x in 3..=4 {
            for z in -1..=0 {
                put(&mut game, [x, FLOOR, z], "air");
                put(&mut game, [x, FLOOR - 6, z], "stone");
            }
        }
        game.player.pos = [2.46, f64::from(FLOOR + 1), 0.7];
        let on_the_step = [3.6, f64::from(FLOOR + 2), 1.5];
        // Just dropped: not picked up for twenty ticks.
        drop_a_stick_picked_up_after(&mut game, on_the_step, 20);
        let fetched = fetch_the_stick(game);
        assert!(fetched.reached, "not fetched in {} steps", fetched.steps);
        assert!(fetched.game.player.pos[1] >= f64::from(FLOOR + 1));
    }

    /// An item that slides on past the fetch's radius once the walk to it
    /// has started is followed (seed 1740's carved pumpkin).
    #[test]
    fn an_item_sliding_out_past_the_radius_is_followed() {
        let mut game = sky_game();
        for x in 6..=10 {
            put(&mut game, [x, FLOOR, 0], "stone");
        }
        throw_a_stick(
            &mut game,
            [4.3, f64::from(FLOOR + 1), 0.5],
            [0.3, 0.0, 0.0],
            10,
        );
        let fetched = fetch_the_stick(game);
        assert!(fetched.reached, "not fetched in {} steps", fetched.steps);
    }

    fn drop_a_stick(game: &mut Game, at: [f64; 3]) {
        drop_a_stick_picked_up_after(game, at, 0);
    }

    fn drop_a_stick_picked_up_after(game: &mut Game, at: [f64; 3], pickup_delay: u32) {
        throw_a_stick(game, at, [0.0; 3], pickup_delay);
    }

    /// Spawns a stick at `at` moving at `vel`, to be picked up after
    /// `pickup_delay` ticks.
    fn throw_a_stick(game: &mut Game, at: [f64; 3], vel: [f64; 3], pickup_delay: u32) {
        game.entities.spawn(
            EntityKind::Item {
                stack: crate::sim::inventory::ItemStack::new(
                    crate::sim::registry::item("stick"),
                    1,
                ),
                pickup_delay,
            },
            at,
            vel,
        );
    }

    /// Collects items for at most 100 ticks, until a stick is picked up.
    fn fetch_the_stick(game: Game) -> crate::sim::script::long::stage::Staged {
        let stick = crate::sim::registry::item("stick");
        crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(CollectItems::new(4.0, 100))],
            |g| g.player.inventory.count(stick) == 1,
            100,
        )
    }

    /// Drops a stick at `at` and collects items for 100 ticks: the stick
    /// must be picked up.
    fn assert_a_stick_is_fetched(mut game: Game, at: [f64; 3]) {
        drop_a_stick(&mut game, at);
        let fetched = fetch_the_stick(game);
        assert!(fetched.reached, "not fetched in {} steps", fetched.steps);
    }

    /// A game whose player holds ten cobblestones.
    fn with_cobblestone(mut game: Game) -> Game {
        game.player.inventory.main[0] = Some(crate::sim::inventory::ItemStack::new(
            crate::sim::registry::item("cobblestone"),
            10,
        ));
        game.player.inventory.selected = 0;
        game
    }

    fn feet_level(game: &Game) -> Option<i32> {
        game.player.on_ground.then(|| game.player.block_pos()[1])
    }

    #[test]
    fn a_pillar_up_to_a_level_lifts_feet_that_overhang_a_ledge() {
        // The body stands on a ledge one block high, overhanging the floor
        // east of it: the first block goes under the overhang and lifts
        // nothing, so a pillar of one would leave the feet on the ledge.
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [-1, FLOOR + 1, 0], "stone");
        game.player.pos = [0.2, f64::from(FLOOR + 2), 0.5];
        let level = FLOOR + 3;
        let risen = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(PillarUp::up_to(level, 4))],
            |_| false,
            200,
        );
        assert_eq!(feet_level(&risen.game), Some(level));
        assert_eq!(
            risen.game.world.get([0, FLOOR + 2, 0]),
            crate::sim::registry::block("cobblestone")
        );
    }

    #[test]
    fn a_pillar_off_the_middle_under_a_ledge_steps_clear_of_it_first() {
        // Stone over the column east of the feet, at the height the head
        // rises into; the body leans 0.05 into that column (seed 319).
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [1, FLOOR + 3, 0], "stone");
        game.player.pos = [0.75, f64::from(FLOOR + 1), 0.5];
        assert_a_block_lifts_the_feet(game);
    }

    #[test]
    fn a_pillar_begun_mid_walk_rises_in_one_column() {
        // The body still carried on by a walk (seed 583's find_diamond:
        // its first two blocks went into two columns, and it ran out of
        // blocks short of the ore).
        let mut game = with_cobblestone(sky_game());
        game.player.vel = [0.0, 0.0, 0.2];
        let built = crate::sim::script::long::stage::play_phase(
            game,
            vec![
                Box::new(PillarUp::new(2).starting_at_rest()),
                Box::new(Hold::still(10)),
            ],
            |_| false,
            100,
        );
        let feet = built.game.player.block_pos();
        assert_eq!(feet_level(&built.game), Some(FLOOR + 3));
        for y in [FLOOR + 1, FLOOR + 2] {
            assert_eq!(
                built.game.world.get([feet[0], y, feet[2]]),
                crate::sim::registry::block("cobblestone")
            );
        }
    }

    #[test]
    fn a_pillar_rises_through_the_grass_it_stands_in() {
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [0, FLOOR + 1, 0], "grass");
        assert_a_block_lifts_the_feet(game);
    }

    #[test]
    fn a_walk_cuts_the_leaves_that_stop_the_jump_up_a_step() {
        // Seed 1220's cave spider sat under a spruce's canopy one block
        // over a bank: leaves over the head and over the bank's step, and
        // on along it at head height.
        let mut game = sky_game();
        for x in -1..=1 {
            for z in 1..=5 {
                put(&mut game, [x, FLOOR + 1, z], "dirt");
            }
            for z in -1..=5 {
                put(&mut game, [x, FLOOR + 3, z], "spruce_leaves");
            }
        }
        let mut walk = WalkTo::new(0.5, 4.5);
        walk.cuts_soft_blocks = true;
        let walked = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(walk)],
            |game| game.player.pos[2] > 4.0,
            300,
        );
        assert!(walked.reached, "stood at {:?}", walked.game.player.pos);
        assert_eq!(feet_level(&walked.game), Some(FLOOR + 2), "up the step");
    }

    #[test]
    fn a_pillar_rises_out_of_two_high_tall_grass() {
        // The feet in the lower half, the eyes in the upper (seed 1468's
        // decorate_the_wall, standing off the middle): at the jump's top
        // the look down met the upper half, and the block set there would
        // have gone into the body.
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [0, FLOOR + 1, 0], "tall_grass");
        put(&mut game, [0, FLOOR + 2, 0], "tall_grass");
        game.player.pos = [0.99, f64::from(FLOOR + 1), 0.93];
        assert_a_block_lifts_the_feet(game);
    }

    #[test]
    fn a_pillar_breaks_the_flower_it_stands_in_first() {
        // A tulip takes the click and is not replaced (seed 394), and the
        // feet stand off its middle, where the look straight down misses it.
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [0, FLOOR + 1, 0], "red_tulip");
        game.player.pos = [0.8, f64::from(FLOOR + 1), 0.2];
        assert_a_block_lifts_the_feet(game);
    }

    #[test]
    fn a_pillar_rises_out_of_a_one_deep_spring() {
        // Seed 1770's find_diamond: the body landed in a spring one block
        // deep and floated there, never on the ground.
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [0, FLOOR + 1, 0], "water");
        let risen = crate::sim::script::long::stage::play_phase(
            game,
            vec![
                Box::new(PillarUp::new(1).starting_at_rest()),
                Box::new(Hold::still(10)),
            ],
            |_| false,
            100,
        );
        assert_eq!(feet_level(&risen.game), Some(FLOOR + 2));
    }

    /// A pillar of one block from the floor: the feet must end a block up.
    fn assert_a_block_lifts_the_feet(game: Game) {
        let risen = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(PillarUp::new(1)), Box::new(Hold::still(10))],
            |_| false,
            100,
        );
        assert_eq!(feet_level(&risen.game), Some(FLOOR + 2));
    }

    #[test]
    fn an_item_past_a_corner_the_body_is_held_in_is_fetched_by_a_way_round() {
        // A crafting table east of the feet and a step up north of them;
        // the item lies beyond the table, to the north-east (seed 373's
        // carved pumpkin): heading for it holds the body in the corner.
        let mut game = sky_game();
        put(&mut game, [1, FLOOR + 1, 0], "crafting_table");
        for x in -3..=0 {
            put(&mut game, [x, FLOOR + 1, -1], "stone");
        }
        game.player.pos = [0.7, f64::from(FLOOR + 1), 0.3];
        assert_a_stick_is_fetched(game, [3.0, f64::from(FLOOR + 1), -0.4]);
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

    #[test]
    fn an_item_up_a_step_under_leaves_is_fetched_by_a_way_round() {
        // A bank one block high west of the feet, the item on it; leaves
        // right over the head stop the jump up to it from here.
        let mut game = sky_game();
        for x in -3..=-1 {
            for z in -3..=3 {
                put(&mut game, [x, FLOOR + 1, z], "stone");
            }
        }
        put(&mut game, [0, FLOOR + 3, 0], "oak_leaves");
        game.player.pos = [0.3, f64::from(FLOOR + 1), 0.5];
        assert_a_stick_is_fetched(game, [-1.7, f64::from(FLOOR + 2), 0.5]);
    }
}
