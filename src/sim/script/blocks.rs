//! Scripts for the tasks that use block states and items on blocks:
//! ladders and item frames on walls, sleeping, planting, carving
//! pumpkins, drinking a potion, smelting through the furnace screen,
//! opening treasure chests and building a nether portal. The behaviours
//! they need beyond [`super::behaviour`] — using an item on chosen faces,
//! building blocks at chosen cells, clicking through a furnace — live
//! here too. Like every script they read the game and act only through
//! keys, camera and clicks.

use std::collections::VecDeque;

use super::behaviour::{
    angles_to, block_centre, distance, turn_towards, Behaviour, Hold, Spot, Step, UseOn, Within,
};
use super::craft::{click_on, Craft};
use super::long::Until;
use super::mining::{Mine, MineNearest};
use super::placing::{held_uses_left, PlaceAround};
use super::plans::{select, settle, Plan};
use super::plants::is_wild_plant;
use super::screens::put_back;
use super::travel::travel;
use super::walking::{StepInto, WalkTo};
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::player::{EYE_HEIGHT, EYE_HEIGHT_SNEAKING};
use crate::sim::raycast::{self, Face};
use crate::sim::registry::{block, item, registry, BlockId, ItemId, Shape, ToolKind};
use crate::sim::rules::{converted_by_tool, placement_obstructed};
use crate::sim::screen::{ScreenKind, Slot};
use crate::sim::world::{offset, up, BlockPos, World};
use crate::suite::Event;

const SIDES: [Face; 4] = [Face::North, Face::South, Face::West, Face::East];

/// The point in the middle of a block's face.
fn face_centre(pos: BlockPos, face: Face) -> [f64; 3] {
    let c = block_centre(pos);
    let n = face.normal().map(f64::from);
    [c[0] + n[0] * 0.5, c[1] + n[1] * 0.5, c[2] + n[2] * 0.5]
}

/// The point to aim at on a face: a little inside its middle (the
/// crosshair selects whole cells).
fn aim_point(pos: BlockPos, face: Face) -> [f64; 3] {
    let point = face_centre(pos, face);
    let n = face.normal().map(f64::from);
    [
        point[0] - n[0] * 0.01,
        point[1] - n[1] * 0.01,
        point[2] - n[2] * 0.01,
    ]
}

/// Whether the crosshair, turned to `point`, would rest on `pos`'s `face`
/// within reach once the plants in the way are cut.
fn face_in_sight(game: &Game, pos: BlockPos, face: Face, point: [f64; 3]) -> bool {
    face_seen_from(game, game.player.eye(), pos, face, point)
}

/// [`face_in_sight`] for eyes at `eye`.
fn face_seen_from(game: &Game, eye: [f64; 3], pos: BlockPos, face: Face, point: [f64; 3]) -> bool {
    let d = [point[0] - eye[0], point[1] - eye[1], point[2] - eye[2]];
    let distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    let dir = d.map(|c| c / distance);
    let solid = |b: BlockId| raycast::selectable(b) && !is_wild_plant(b);
    distance < raycast::REACH - 0.2
        && raycast::cast(&game.world, eye, dir, raycast::REACH, solid)
            .is_some_and(|hit| hit.pos == pos && hit.face == face)
}

/// A point of a face the crosshair would rest on (plants in the way
/// aside): its middle, or else one nearer a corner, since a block whose
/// edge the eye looks just over can hide the middle and not the rest
/// (with the middle alone, `build_nether_portal` found no face to set a
/// frame block on in seeds 1, 2, 5 and 42).
fn point_in_sight(game: &Game, pos: BlockPos, face: Face) -> Option<[f64; 3]> {
    points_round(aim_point(pos, face), face.normal(), OFF_MIDDLE)
        .into_iter()
        .find(|&point| face_in_sight(game, pos, face, point))
}

/// How far off a face's middle the other points aimed at lie.
pub(super) const OFF_MIDDLE: f64 = 0.3;

/// A point on a face whose normal is `normal`, then four points `offset`
/// from it across the face towards its corners.
pub(super) fn points_round(point: [f64; 3], normal: [i32; 3], offset: f64) -> [[f64; 3]; 5] {
    let axis = (0..3).position(|i| normal[i] != 0).unwrap_or(1);
    let across = [usize::from(axis == 0), 2 - usize::from(axis == 2)];
    [
        (0.0, 0.0),
        (-1.0, -1.0),
        (-1.0, 1.0),
        (1.0, -1.0),
        (1.0, 1.0),
    ]
    .map(|(a, b)| {
        let mut p = point;
        p[across[0]] += a * offset;
        p[across[1]] += b * offset;
        p
    })
}

/// A point in sight on a face of `pos` (see [`point_in_sight`]), the
/// faces nearest the eye first; `None` if no face is in sight.
pub(super) fn face_point_in_sight(game: &Game, pos: BlockPos) -> Option<[f64; 3]> {
    let eye = game.player.eye();
    let mut faces = Face::ALL;
    faces.sort_by(|&a, &b| {
        distance(eye, face_centre(pos, a)).total_cmp(&distance(eye, face_centre(pos, b)))
    });
    faces
        .into_iter()
        .find_map(|face| point_in_sight(game, pos, face))
}

/// Turns towards a face of a block and clicks use on it every few ticks
/// once the crosshair rests there (sneaking, so containers stay shut);
/// cuts a plant that stands in the way.
fn use_on_face(game: &Game, pos: BlockPos, face: Face, point: [f64; 3], ticks: u32) -> Action {
    let (yaw, pitch) = angles_to(game, point);
    let mut action = Action::noop().with(Key::Sneak);
    action.camera = turn_towards(game, yaw, pitch);
    let hit = raycast::target(&game.world, game.player.eye(), game.player.look_dir());
    match hit {
        Some(hit) if hit.pos == pos && hit.face == face && ticks % 5 == 4 => action.press(Key::Use),
        Some(hit) if hit.pos != pos && is_wild_plant(hit.block) => action.press(Key::Attack),
        _ => {}
    }
    action
}

/// Which faces an item may be used on.
type FaceFinder = fn(&Game) -> Vec<(BlockPos, Face)>;

/// Uses the selected item on faces the finder offers, farthest first (so
/// what it puts there does not hide the rest),
/// until it has been used `count` times (the stack or its durability
/// went down), giving up on a face after a few ticks. Sneaks while
/// clicking, so containers are not opened instead; a face counts as in
/// sight only from the sneaking eye, and is aimed at a point seen from
/// there (seed 917's `plant_wheats`: chosen by the standing eye, the
/// tilled spot's middle was hidden from the sneaking eye by the edge of
/// the leaves underfoot, and the hoe was never clicked).
pub struct UseOnFaces {
    finder: FaceFinder,
    count: u32,
    tried: Vec<(BlockPos, Face)>,
    /// The face being used on, the point aimed at and the ticks spent.
    current: Option<(BlockPos, Face, [f64; 3], u32)>,
    held: i64,
    /// Whether the last action clicked use (shears also wear cutting a
    /// plant in the way, which is no use).
    clicked: bool,
}

impl UseOnFaces {
    const PATIENCE: u32 = 25;

    pub fn new(finder: FaceFinder, count: u32) -> UseOnFaces {
        UseOnFaces {
            finder,
            count,
            tried: Vec::new(),
            current: None,
            held: 0,
            clicked: false,
        }
    }

    /// The farthest face not tried yet with a point in sight of the
    /// sneaking eye, and that point.
    fn next_face(&self, game: &Game) -> Option<(BlockPos, Face, [f64; 3])> {
        let p = &game.player;
        let eye = [p.pos[0], p.pos[1] + EYE_HEIGHT_SNEAKING, p.pos[2]];
        let mut faces: Vec<(i64, BlockPos, Face, [f64; 3])> = (self.finder)(game)
            .into_iter()
            .filter(|spot| !self.tried.contains(spot))
            .filter_map(|(pos, face)| {
                let point = points_round(aim_point(pos, face), face.normal(), OFF_MIDDLE)
                    .into_iter()
                    .find(|&point| face_seen_from(game, eye, pos, face, point))?;
                let c = face_centre(pos, face);
                let d2 = (0..3).map(|a| (c[a] - eye[a]).powi(2)).sum::<f64>();
                Some(((d2 * 1000.0) as i64, pos, face, point))
            })
            .collect();
        faces.sort_by_key(|&(d, pos, face, _)| (-d, pos, face as u8));
        faces
            .first()
            .map(|&(_, pos, face, point)| (pos, face, point))
    }
}

impl Behaviour for UseOnFaces {
    fn next(&mut self, game: &Game) -> Step {
        let held = held_uses_left(game);
        if held < self.held && self.clicked {
            self.count = self.count.saturating_sub(1);
            self.current = None;
        }
        self.held = held;
        self.clicked = false;
        if self.count == 0 || game.player.inventory.selected_stack().is_none() {
            return Step::Done;
        }
        let (pos, face, point, ticks) = match self.current {
            Some((pos, face, point, ticks)) if ticks < Self::PATIENCE => (pos, face, point, ticks),
            _ => {
                let Some((pos, face, point)) = self.next_face(game) else {
                    return Step::Done;
                };
                self.tried.push((pos, face));
                (pos, face, point, 0)
            }
        };
        self.current = Some((pos, face, point, ticks + 1));
        let action = use_on_face(game, pos, face, point, ticks);
        self.clicked = action.is_pressed(Key::Use);
        Step::Act(action)
    }
}

/// Cells within reach of feet in `feet`, nearest rings first.
fn cells_around(
    feet: BlockPos,
    radius: i32,
    heights: std::ops::RangeInclusive<i32>,
) -> Vec<BlockPos> {
    let mut cells = Vec::new();
    for dy in heights {
        for dz in -radius..=radius {
            for dx in -radius..=radius {
                cells.push([feet[0] + dx, feet[1] + dy, feet[2] + dz]);
            }
        }
    }
    cells
}

/// Whether the body bumps into the block at `pos` (it stands on it, or
/// is stopped by it).
pub(crate) fn collides_at(world: &World, pos: BlockPos) -> bool {
    registry().block(world.get(pos)).shape.collides()
}

/// Whether feet in a cell stand on a block with room for the body, out
/// of any fluid.
pub(crate) fn stands_dry(world: &World, [x, y, z]: BlockPos) -> bool {
    let open = |pos| {
        let shape = registry().block(world.get(pos)).shape;
        !shape.collides() && shape != Shape::Liquid
    };
    open([x, y, z]) && open([x, y + 1, z]) && collides_at(world, [x, y - 1, z])
}

/// How many cells, up to `max`, feet in `cell` fall before they stand on
/// a block.
pub(crate) fn fall_below(world: &World, cell: BlockPos, max: i32) -> i32 {
    (1..=max)
        .take_while(|&d| !collides_at(world, up(cell, -d)))
        .count() as i32
}

/// Whether an opaque cube is at `pos`: what a placed block is put against.
pub(crate) fn is_solid_cube(game: &Game, pos: BlockPos) -> bool {
    registry().block(game.world.get(pos)).is_opaque_cube()
}

/// Whether a block put against a face of this one may be clicked there:
/// a solid cube, or a box all but a sixteenth of a cube high (seed 508's
/// `build_nether_portal` frame stood on a village's path, whose blocks
/// were the only ones beside a frame cell).
fn holds_a_click(game: &Game, pos: BlockPos) -> bool {
    const NEARLY_FULL: f32 = 15.0 / 16.0;
    let def = registry().block(game.world.get(pos));
    def.is_opaque_cube() || (def.shape == Shape::Partial && def.height >= NEARLY_FULL)
}

/// Sides of solid blocks with air in front, at chest height or below.
fn open_sides(game: &Game) -> Vec<(BlockPos, Face)> {
    let mut faces = Vec::new();
    for pos in cells_around(game.player.block_pos(), 3, -1..=1) {
        if !is_solid_cube(game, pos) {
            continue;
        }
        for face in SIDES {
            let front = offset(pos, face.normal());
            if game.world.get(front) == BlockId::AIR && front != game.player.block_pos() {
                faces.push((pos, face));
            }
        }
    }
    faces
}

/// Tops of farmland with air or a wild plant above (cut on the way).
fn farmland_tops(game: &Game) -> Vec<(BlockPos, Face)> {
    farmland_tops_around(game, game.player.block_pos()).collect()
}

/// [`farmland_tops`] around feet in `feet`.
fn farmland_tops_around(
    game: &Game,
    feet: BlockPos,
) -> impl Iterator<Item = (BlockPos, Face)> + '_ {
    cells_around(feet, 4, -2..=1)
        .into_iter()
        .filter(|&pos| {
            let above = game.world.get(up(pos, 1));
            game.world.get(pos) == block("farmland")
                && (above == BlockId::AIR || is_wild_plant(above))
        })
        .map(|pos| (pos, Face::Up))
}

/// Whether a farmland top to plant is in sight and reach of feet in the
/// middle of a cell, the eyes standing (as [`UseOnFaces`] picks a face)
/// and sneaking (as it clicks), with room to spare for feet a little off
/// the middle.
fn farmland_in_sight(game: &Game, feet: BlockPos) -> bool {
    const SPARE_REACH: f64 = 0.3;
    let [x, y, z] = feet.map(f64::from);
    let eyes = [EYE_HEIGHT, EYE_HEIGHT_SNEAKING].map(|h| [x + 0.5, y + h, z + 0.5]);
    farmland_tops_around(game, feet).any(|(pos, face)| {
        let aim = aim_point(pos, face);
        eyes.iter().all(|&eye| {
            distance(eye, aim) < raycast::REACH - SPARE_REACH
                && face_seen_from(game, eye, pos, face, aim)
        })
    })
}

/// Sides and top of the nearest pumpkin with one of them in sight, so
/// that, carved, it is still within the reach it is mined from (carving
/// the farthest first, a wild pumpkin three cells off was carved and
/// left there, out of reach).
fn pumpkin_faces(game: &Game) -> Vec<(BlockPos, Face)> {
    let faces_of = |pos| {
        SIDES
            .iter()
            .chain(&[Face::Up])
            .map(move |&face| (pos, face))
    };
    let eye = game.player.eye();
    let from_eye = |pos| distance(eye, block_centre(pos));
    cells_around(game.player.block_pos(), 3, -1..=1)
        .into_iter()
        .filter(|&pos| game.world.get(pos) == block("pumpkin"))
        .filter(|&pos| {
            faces_of(pos).any(|(pos, face)| face_in_sight(game, pos, face, aim_point(pos, face)))
        })
        .min_by(|&a, &b| from_eye(a).total_cmp(&from_eye(b)).then(a.cmp(&b)))
        .map(|pos| faces_of(pos).collect())
        .unwrap_or_default()
}

/// One job of [`Construct`]: empty a cell, or put the selected block there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    Clear(BlockPos),
    Place(BlockPos),
}

/// Builds block by block: clears cells that must be empty (mining what is
/// there) and places the selected block into cells, clicking a face of
/// a neighbour that holds it (sneaking, so containers stay shut).
pub struct Construct {
    jobs: VecDeque<Job>,
    block: BlockId,
    mine: Option<Mine>,
    ticks_on_job: u32,
}

impl Construct {
    const PATIENCE: u32 = 60;

    pub fn new(block: BlockId, jobs: Vec<Job>) -> Construct {
        Construct {
            jobs: jobs.into(),
            block,
            mine: None,
            ticks_on_job: 0,
        }
    }

    /// A neighbour's face whose click puts a block into `cell`, and the
    /// point of it to aim at.
    pub fn support_face(game: &Game, cell: BlockPos) -> Option<(BlockPos, Face, [f64; 3])> {
        let faces = [
            Face::Down,
            Face::North,
            Face::South,
            Face::West,
            Face::East,
            Face::Up,
        ];
        faces.into_iter().find_map(|toward| {
            let n = toward.normal();
            let neighbour = offset(cell, n);
            let face = toward.opposite();
            if !holds_a_click(game, neighbour) {
                return None;
            }
            point_in_sight(game, neighbour, face).map(|point| (neighbour, face, point))
        })
    }

    /// Whether a cell holding `id` holds what was to be placed: the
    /// block, or the portal that fire lit in a frame turns into.
    fn placed(&self, id: BlockId) -> bool {
        id == self.block || (self.block == block("fire") && id == block("nether_portal"))
    }

    fn next_job(&mut self) -> Step {
        self.jobs.pop_front();
        self.mine = None;
        self.ticks_on_job = 0;
        Step::Act(Action::noop())
    }
}

impl Behaviour for Construct {
    fn next(&mut self, game: &Game) -> Step {
        let Some(&job) = self.jobs.front() else {
            return Step::Done;
        };
        self.ticks_on_job += 1;
        match job {
            Job::Clear(cell) => {
                let id = game.world.get(cell);
                if id == BlockId::AIR || id == block("fire") {
                    return self.next_job();
                }
                let mine = self.mine.get_or_insert_with(|| Mine::new(Spot::At(cell)));
                match mine.next(game) {
                    Step::Act(action) => Step::Act(action),
                    Step::Done => self.next_job(),
                }
            }
            Job::Place(cell) => {
                let id = game.world.get(cell);
                if self.placed(id) || self.ticks_on_job > Self::PATIENCE {
                    return self.next_job();
                }
                if id != BlockId::AIR && registry().block(id).shape.collides() {
                    self.jobs.push_front(Job::Clear(cell));
                    self.ticks_on_job = 0;
                    return Step::Act(Action::noop());
                }
                if placement_obstructed(game, self.block, cell) {
                    return Step::Act(step_away_from(game, cell));
                }
                match Self::support_face(game, cell) {
                    Some((pos, face, point)) => {
                        Step::Act(use_on_face(game, pos, face, point, self.ticks_on_job))
                    }
                    None => Step::Act(jump_to_place(game, cell, self.ticks_on_job)),
                }
            }
        }
    }
}

/// For a cell above the eye over a solid block, whose top is hidden from
/// below: jumps, turned to that top, and clicks it when the eye rises
/// over it (the way a roof is started over walls in the open); else
/// waits.
fn jump_to_place(game: &Game, cell: BlockPos, ticks: u32) -> Action {
    let below = up(cell, -1);
    let eye_below_the_top = game.player.eye()[1] < f64::from(cell[1]);
    if !eye_below_the_top || !is_solid_cube(game, below) {
        return Action::noop();
    }
    use_on_face(game, below, Face::Up, aim_point(below, Face::Up), ticks).with(Key::Jump)
}

/// A step straight away from a cell the body stands in part in.
fn step_away_from(game: &Game, cell: BlockPos) -> Action {
    let [cx, _, cz] = block_centre(cell);
    let [x, _, z] = game.player.pos;
    let length = (x - cx).hypot(z - cz).max(1e-6);
    let mut walk = WalkTo::new(x + (x - cx) / length, z + (z - cz) / length);
    walk.within = 0.0;
    match walk.next(game) {
        Step::Act(action) => action,
        Step::Done => Action::noop(),
    }
}

/// Puts items into a furnace's input and fuel slots through its open
/// screen (whole stacks, or a [`Smelt::portion`] of each with right
/// clicks, the rest put back), and leaves, if asked to, or waits for the
/// output (all of it, when [`Smelt::taking`] asks for more than one) and
/// takes it with a sneak-click, then closes the screen.
pub struct Smelt {
    input: ItemId,
    fuel: ItemId,
    /// How many of the input and of the fuel to put in; whole stacks if `None`.
    portion: Option<[u8; 2]>,
    /// How many of the input and of the fuel were put in.
    put: [u8; 2],
    /// Output items to wait for.
    wanted: u8,
    /// Whether the output was taken.
    taken: bool,
    /// Whether to close the screen once the input and fuel are in.
    leave: bool,
    queued: VecDeque<Action>,
    ticks_left: u32,
}

impl Smelt {
    pub const INPUT: usize = 0;
    const FUEL: usize = 1;
    pub const OUTPUT: usize = 2;

    pub fn new(input: ItemId, fuel: ItemId) -> Smelt {
        Smelt {
            input,
            fuel,
            portion: None,
            put: [0; 2],
            wanted: 1,
            taken: false,
            leave: false,
            queued: VecDeque::new(),
            ticks_left: 600,
        }
    }

    /// Waits for `count` items of output (each takes a furnace's 200 ticks).
    pub fn taking(mut self, count: u8) -> Smelt {
        self.wanted = count.max(1);
        self.ticks_left = 400 + 200 * u32::from(self.wanted);
        self
    }

    /// Puts the input and fuel in and closes the screen, to come back
    /// for the output later.
    pub fn leaving(mut self) -> Smelt {
        self.leave = true;
        self
    }

    /// Takes out the `count` items an open furnace makes from `input`
    /// (waiting for them), putting nothing in.
    pub fn take_out(input: ItemId, count: u8) -> Smelt {
        Smelt::new(input, input).portion(0, 0).taking(count)
    }

    /// Puts only `input` items and `fuel` items in (one furnace's share
    /// when several smelt side by side).
    pub fn portion(mut self, input: u8, fuel: u8) -> Smelt {
        self.portion = Some([input, fuel]);
        self
    }

    /// Items in the open furnace's input and output: the output a
    /// [`Smelt::taking`] started now would wait for.
    pub fn in_furnace(game: &Game) -> u8 {
        let count = |slot: usize| {
            game.screen
                .as_ref()
                .and_then(|s| s.container.get(slot)?.as_ref())
                .map_or(0, |s| s.count)
        };
        count(Self::INPUT).saturating_add(count(Self::OUTPUT))
    }

    /// A click now, the release next tick.
    fn click(&mut self, action: Action) -> Step {
        self.queued.push_back(Action::noop());
        Step::Act(action)
    }
}

impl Behaviour for Smelt {
    fn next(&mut self, game: &Game) -> Step {
        if let Some(action) = self.queued.pop_front() {
            return Step::Act(action);
        }
        let Some(screen) = game
            .screen
            .as_ref()
            .filter(|s| s.kind == ScreenKind::Furnace)
        else {
            return Step::Done;
        };
        let take = [Key::Sneak, Key::Attack];
        if self.ticks_left == 0 {
            if !self.taken && screen.container[Self::OUTPUT].is_some() {
                self.taken = true;
                return self.click(click_on(screen, Slot::Container(Self::OUTPUT), &take));
            }
            return self.click(Action::noop().with(Key::Inventory));
        }
        self.ticks_left -= 1;
        let main = &game.player.inventory.main;
        let slot_of = |item: ItemId| {
            main.iter()
                .position(|s| s.as_ref().is_some_and(|s| s.item == item))
        };
        let in_slot = |slot: usize| screen.container[slot].as_ref().map_or(0, |s| s.count);
        // Items still to put into a slot: a portion's rest (counted as
        // put, since a lit furnace burns fuel out of its slot), or (whole
        // stacks) all of the next stack while the slot is empty.
        let missing = |slot: usize| match self.portion {
            Some(portion) => portion[slot].saturating_sub(self.put[slot]),
            None if in_slot(slot) == 0 => u8::MAX,
            None => 0,
        };
        if let Some(carried) = &screen.carried {
            let into = if carried.item == self.input {
                Self::INPUT
            } else {
                Self::FUEL
            };
            let (target, button, moved) = match missing(into) {
                0 => match put_back(&game.player.inventory, carried) {
                    Some(back) => (back, Key::Attack, 0),
                    None => (Slot::Container(into), Key::Attack, carried.count),
                },
                n if n < carried.count => (Slot::Container(into), Key::Use, 1),
                _ => (Slot::Container(into), Key::Attack, carried.count),
            };
            self.put[into] = self.put[into].saturating_add(moved);
            return self.click(click_on(screen, target, &[button]));
        }
        for (slot, item) in [(Self::INPUT, self.input), (Self::FUEL, self.fuel)] {
            if missing(slot) > 0 {
                if let Some(from) = slot_of(item) {
                    return self.click(click_on(screen, Slot::Main(from), &[Key::Attack]));
                }
            }
        }
        if self.leave {
            self.ticks_left = 0;
            self.taken = true;
            return self.click(Action::noop().with(Key::Inventory));
        }
        let made = screen.container[Self::OUTPUT]
            .as_ref()
            .map_or(0, |s| s.count);
        let input_left = screen.container[Self::INPUT].is_some();
        if made >= self.wanted || (made > 0 && !input_left) {
            self.ticks_left = 0;
            self.taken = true;
            return self.click(click_on(screen, Slot::Container(Self::OUTPUT), &take));
        }
        Step::Act(Action::noop())
    }
}

/// Uses `name` on an open side of a solid block.
fn hang_on_a_wall(name: &str) -> Plan {
    vec![
        select(name),
        Box::new(UseOnFaces::new(open_sides, 1)),
        settle(),
    ]
}

pub fn build_a_ladder(_: &Game) -> Plan {
    // The crafting table, once placed, is the wall.
    let mut plan: Plan = vec![
        select("crafting_table"),
        Box::new(PlaceAround::new(1)),
        Box::new(Craft::new(item("ladder"), 1)),
    ];
    plan.extend(hang_on_a_wall("ladder"));
    plan
}

pub fn place_a_item_frame(_: &Game) -> Plan {
    // A plank block on the ground is the wall.
    let mut plan: Plan = vec![select("oak_planks"), Box::new(PlaceAround::new(1))];
    plan.extend(hang_on_a_wall("item_frame"));
    plan
}

pub fn sleep_in_bed(_: &Game) -> Plan {
    vec![Box::new(UseOn::new(Spot::FromFeet([2, 0, 0]))), settle()]
}

pub fn plant_wheats(_: &Game) -> Plan {
    // The field lies two to five blocks south-east, level with the feet
    // (so on a slope it may stand clear of the ground or sink into it).
    // Standing on it, most cells are in reach and seen from above; the
    // farthest are planted first, so no crop stands in the way of the rest.
    // A field out of a walk's reach (seed 98: raised a block over a
    // ditch) is planted from beside it, walking on to where more of it
    // is in sight after each round. Where no walk leads to enough of it
    // (seeds 146, 150 and 183: a field a block over a gap, reached only
    // over treetops or not at all; 115: the walk ends a cell short), the
    // hoe given tills the ground round the feet, and the seeds left go
    // there. Each walk is cut short, so the tilling fits in the steps.
    const SEEDS: u64 = 5;
    const WALK_TICKS: u32 = 150;
    let planted = |game: &Game| game.stats.get(Event::UseItem, "wheat_seeds");
    let walk = |goal| -> Box<dyn Behaviour> {
        Box::new(Within {
            ticks: WALK_TICKS,
            inner: travel(goal, None),
        })
    };
    vec![
        select("wheat_seeds"),
        walk(on_farmland),
        Box::new(UseOnFaces::new(farmland_tops, SEEDS as u32)),
        Box::new(Until::new(
            move |game| planted(game) >= SEEDS,
            4,
            move |_| {
                vec![
                    walk(farmland_in_sight),
                    // Sight was judged from the cell's middle.
                    Box::new(StepInto::new(Spot::FromFeet([0, 0, 0]))),
                    Box::new(UseOnFaces::new(farmland_tops, SEEDS as u32)),
                ]
            },
        )),
        Box::new(Until::new(
            move |game| planted(game) >= SEEDS,
            2,
            move |game| {
                let left = SEEDS.saturating_sub(planted(game)) as u32;
                vec![
                    select("iron_hoe"),
                    Box::new(UseOnFaces::new(tillable_tops, left)),
                    select("wheat_seeds"),
                    Box::new(UseOnFaces::new(farmland_tops, left)),
                ]
            },
        )),
        settle(),
    ]
}

/// Tops of the blocks round the feet that a hoe tills into farmland.
fn tillable_tops(game: &Game) -> Vec<(BlockPos, Face)> {
    cells_around(game.player.block_pos(), 4, -2..=0)
        .into_iter()
        .filter(|&pos| {
            converted_by_tool(&game.world, ToolKind::Hoe, pos) == Some(block("farmland"))
        })
        .map(|pos| (pos, Face::Up))
        .collect()
}

/// Whether feet in a cell stand on farmland (whose top, 15/16 high, holds
/// the feet inside its own cell).
fn on_farmland(game: &Game, feet: BlockPos) -> bool {
    let farmland = block("farmland");
    game.world.get(feet) == farmland || game.world.get(up(feet, -1)) == farmland
}

pub fn carve_pumpkins(_: &Game) -> Plan {
    vec![
        select("pumpkin"),
        Box::new(PlaceAround::new(1)),
        select("shears"),
        Box::new(UseOnFaces::new(pumpkin_faces, 1)),
        Box::new(MineNearest::new(vec![block("carved_pumpkin")], 1).within(3)),
        Box::new(Craft::new(item("jack_o_lantern"), 1)),
        settle(),
    ]
}

pub fn drink_harming_potion(game: &Game) -> Plan {
    vec![
        select("potion"),
        Box::new(super::behaviour::Face {
            yaw: game.player.yaw,
            pitch: -90.0,
        }),
        Box::new(Hold {
            action: Action::noop().with(Key::Use),
            ticks: 40,
        }),
        settle(),
    ]
}

pub fn smelt_beef(_: &Game) -> Plan {
    vec![
        Box::new(UseOn::new(Spot::FromFeet([2, 0, 0]))),
        Box::new(Smelt::new(item("beef"), item("coal"))),
        settle(),
    ]
}

/// Opens the chest the init commands set `east` blocks east of the feet.
fn open_chest_east(east: i32) -> Plan {
    vec![Box::new(UseOn::new(Spot::FromFeet([east, 0, 0]))), settle()]
}

pub fn explore_map(_: &Game) -> Plan {
    open_chest_east(4)
}

pub fn explore_the_treasure(_: &Game) -> Plan {
    open_chest_east(2)
}

/// Completes a frame with the obsidian column two blocks east as one
/// side — a 2×3 inside along z sunk one block into the ground, so
/// every block can be placed from standing height — then lights it. The
/// inside, and the frame's cells above the ground, are emptied from the
/// top down first, so rising ground hides no face a block is set on
/// (seed 2: a grass block where the right column's middle goes hid the
/// faces its foot is set on). The frame goes south of the column unless
/// the ground there falls away under the cells it stands on while it
/// holds them to the north (seed 616: a slope over a cave, where the
/// bottom row had nothing to be set against in sight).
pub fn build_nether_portal(game: &Game) -> Plan {
    let feet = game.player.block_pos();
    let footing = |side: i32| {
        [(-3, 1), (-3, 2), (-2, 3)]
            .into_iter()
            .filter(|&(dy, dz)| collides_at(&game.world, offset(feet, [2, dy, side * dz])))
            .count()
    };
    let side = if footing(-1) > footing(1) { -1 } else { 1 };
    let at = |dy: i32, dz: i32| offset(feet, [2, dy, side * dz]);
    let mut jobs: Vec<Job> = (-1..=2)
        .rev()
        .flat_map(|dy| (1..=3).map(move |dz| (dy, dz)))
        .filter(|&(dy, dz)| dz < 3 || dy >= 0)
        .map(|(dy, dz)| Job::Clear(at(dy, dz)))
        .collect();
    jobs.extend([
        Job::Place(at(-2, 1)),
        Job::Place(at(-2, 2)),
        Job::Place(at(-1, 0)),
        Job::Place(at(-1, 3)),
        Job::Place(at(0, 3)),
        Job::Place(at(1, 3)),
        Job::Place(at(2, 1)),
        Job::Place(at(2, 2)),
    ]);
    vec![
        Box::new(StepInto::new(Spot::FromFeet([1, 0, side * 2]))),
        select("obsidian"),
        Box::new(Construct::new(block("obsidian"), jobs)),
        select("flint_and_steel"),
        Box::new(Construct::new(block("fire"), vec![Job::Place(at(-1, 1))])),
        settle(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::inventory::ItemStack;
    use crate::sim::script::long::stage::play_phase;

    /// A block's top whose middle the standing eye sees just over the
    /// edge of the block underfoot, and the sneaking eye does not: a point
    /// of it the sneaking eye sees is clicked (seed 917's hoe).
    #[test]
    fn a_face_is_used_on_where_the_sneaking_eye_sees_it() {
        let mut game = sky_game();
        put(&mut game, [0, FLOOR, 0], "dirt");
        put(&mut game, [1, FLOOR + 1, 0], "stone");
        game.player.pos = [1.69, f64::from(FLOOR + 2), 0.5];
        game.player.inventory.main[0] = Some(ItemStack::new(item("iron_hoe"), 1));
        let tilled = |g: &Game| g.world.get([0, FLOOR, 0]) == block("farmland");
        let used = play_phase(
            game,
            vec![Box::new(UseOnFaces::new(tillable_tops, 1))],
            tilled,
            60,
        );
        assert!(used.reached, "not tilled in {} steps", used.steps);
    }

    #[test]
    fn seeds_go_into_ground_the_hoe_tills_where_the_field_is_out_of_reach() {
        // The field is raised two blocks: no walk climbs onto it, and its
        // top lies above the eye.
        let mut game = sky_game();
        for x in -5..=5 {
            for z in -5..=5 {
                put(&mut game, [x, FLOOR, z], "grass_block");
            }
        }
        for x in 2..=5 {
            for z in 2..=5 {
                put(&mut game, [x, FLOOR + 1, z], "stone");
                put(&mut game, [x, FLOOR + 2, z], "farmland");
            }
        }
        let inventory = &mut game.player.inventory;
        inventory.main[0] = Some(ItemStack::new(item("wheat_seeds"), 64));
        inventory.main[1] = Some(ItemStack::new(item("iron_hoe"), 1));
        let planted = |g: &Game| g.stats.get(Event::UseItem, "wheat_seeds") >= 5;
        let plan = plant_wheats(&game);
        let played = play_phase(game, plan, planted, 900);
        assert!(played.reached, "not planted in {} steps", played.steps);
        let wheat_on_the_ground = cells_around([0, FLOOR + 1, 0], 5, 0..=0)
            .into_iter()
            .filter(|&pos| played.game.world.get(pos) == block("wheat"))
            .count();
        assert_eq!(wheat_on_the_ground, 5, "planted on the tilled floor");
    }

    #[test]
    fn a_block_goes_onto_a_path_block() {
        // Seed 508: the only neighbour of a portal frame's cell was a
        // village path, a sixteenth lower than a full block.
        let mut game = sky_game();
        put(&mut game, [2, FLOOR + 1, 0], "grass_path");
        let cell = [2, FLOOR + 2, 0];
        game.player.pos = [0.5, f64::from(FLOOR + 1), 0.5];
        game.player.inventory.main[0] = Some(ItemStack::new(item("obsidian"), 4));
        let built = |g: &Game| g.world.get(cell) == block("obsidian");
        let construct = Construct::new(block("obsidian"), vec![Job::Place(cell)]);
        let played = play_phase(game, vec![Box::new(construct)], built, 100);
        assert!(played.reached, "not placed in {} steps", played.steps);
    }

    #[test]
    fn a_portal_is_built_on_the_side_where_the_ground_holds_it() {
        // Seed 616: south of the column the ground falls away into a cave
        // (here: the sky under a hole in the floor, but for the cell the
        // player is led to), while to the north it is solid three deep.
        let mut game = sky_game();
        for x in 0..=4 {
            for z in -5..=0 {
                for y in FLOOR - 3..=FLOOR {
                    put(&mut game, [x, y, z], "dirt");
                }
            }
        }
        for x in 1..=5 {
            for z in 1..=5 {
                if [x, z] != [1, 2] {
                    put(&mut game, [x, FLOOR, z], "air");
                }
            }
        }
        for y in FLOOR + 1..=FLOOR + 3 {
            put(&mut game, [2, y, 0], "obsidian");
        }
        let inventory = &mut game.player.inventory;
        inventory.main[0] = Some(ItemStack::new(item("obsidian"), 14));
        inventory.main[1] = Some(ItemStack::new(item("flint_and_steel"), 1));
        let lit = |g: &Game| g.world.get([2, FLOOR, -1]) == block("nether_portal");
        let plan = build_nether_portal(&game);
        let played = play_phase(game, plan, lit, 900);
        assert!(played.reached, "not lit in {} steps", played.steps);
    }
}
