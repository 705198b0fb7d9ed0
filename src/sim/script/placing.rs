//! Placing with the selected item about the body: a pillar jumped up on,
//! and the tops (or sides) of nearby blocks used on one by one (blocks
//! placed, fires lit, torches set).

use super::behaviour::{
    aim_clearing_the_way, angles_to, block_centre, crosshair_on, turn_towards, Behaviour, Step,
};
use super::blocks::collides_at;
use super::build::break_the_plant_at_the_eyes;
use super::faces;
use super::mining::Wander;
use super::walking::WalkTo;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::player;
use crate::sim::raycast::{self, Face};
use crate::sim::registry::{registry, BlockId, Shape};
use crate::sim::rules::{is_replaceable, opens_on_use, Aabb};
use crate::sim::world::{offset, BlockPos};

/// This tick's walk to the middle of the feet's cell; none once the body
/// stands within 0.05 of it, where it leans into no cell beside.
pub(super) fn walk_to_middle(game: &Game) -> Option<Action> {
    let [x, _, z] = game.player.block_pos();
    walk_to_middle_of(game, [x, z])
}

/// [`walk_to_middle`] of the cells of the column at `[x, z]`.
fn walk_to_middle_of(game: &Game, [x, z]: [i32; 2]) -> Option<Action> {
    let middle = block_centre([x, 0, z]);
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
    /// The column a pillar at rest rises in: the feet's when it was begun.
    column: Option<[i32; 2]>,
    /// Ticks left for stepping back to that column's middle.
    centring_ticks: u32,
    /// Whether the body was off the ground last tick, the blocks placed
    /// when it left the ground, and the landings since one was placed.
    airborne: bool,
    placed_at_takeoff: u32,
    idle_landings: u32,
}

impl PillarUp {
    /// A horizontal speed, in blocks a tick, under which the body is at
    /// rest (a walk's fades below it within a few ticks of letting go).
    const AT_REST: f64 = 0.02;
    /// A pitch, in degrees below level, from which a pillar at rest
    /// begins.
    const LOOKING_DOWN: f32 = 80.0;
    /// How far, horizontally, the body may stand off its cell's middle
    /// when a pillar at rest begins.
    const OFF_MIDDLE: f64 = 0.25;
    /// Ticks a pillar at rest spends at most stepping to the middle.
    const CENTRING_TICKS: u32 = 40;
    /// Jumps in a row that place nothing before the pillar gives up: the
    /// look down finds no face to set a block on (seed 4, draw 5 of the
    /// Nether's pearl phase: the feet over a dug-out hole, on the edge of
    /// the block beside it, jumped for 10,000 steps).
    const MOST_IDLE_LANDINGS: u32 = 3;

    pub fn new(count: u32) -> PillarUp {
        PillarUp {
            count,
            placed: 0,
            held: 0,
            level: None,
            started: true,
            column: None,
            centring_ticks: Self::CENTRING_TICKS,
            airborne: false,
            placed_at_takeoff: 0,
            idle_landings: 0,
        }
    }

    /// A pillar that waits for the body to come to rest in its cell's
    /// middle, looking down, before its first jump: a body still carried
    /// on by a walk's momentum drifts off its first block (seed 583's
    /// find_diamond: its first blocks went into two columns, and it ran
    /// out of blocks short of the ore). Pillars raised in a hurry (under
    /// the dragon's head) begin at once.
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

impl PillarUp {
    /// Counts the landings since a block was last placed, and whether
    /// [`PillarUp::MOST_IDLE_LANDINGS`] have come in a row.
    fn jumps_in_vain(&mut self, p: &player::Player) -> bool {
        if p.on_ground && self.airborne {
            let placed_none = self.placed == self.placed_at_takeoff;
            self.idle_landings = if placed_none {
                self.idle_landings + 1
            } else {
                0
            };
        } else if !p.on_ground && !self.airborne {
            self.placed_at_takeoff = self.placed;
        }
        self.airborne = !p.on_ground;
        self.idle_landings >= Self::MOST_IDLE_LANDINGS
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
        if risen || self.placed >= self.count || held == 0 || self.jumps_in_vain(p) {
            return Step::Done;
        }
        let mut action = Action::noop();
        action.camera = turn_towards(game, p.yaw, 90.0);
        if !self.started {
            // A body carried on to near its cell's edge drifts over it
            // on the first jump (seed 2662's find_diamond: the step into
            // the shaft carried the body on to 0.01 from the edge, and the
            // pillar rose in the column beside the ore's), so it steps
            // back to the middle of the column it was in when the pillar
            // was begun, for a while.
            let [x, _, z] = p.block_pos();
            let column = *self.column.get_or_insert([x, z]);
            let middle = block_centre([column[0], 0, column[1]]);
            let off_middle = (p.pos[0] - middle[0]).hypot(p.pos[2] - middle[2]);
            if p.on_ground && off_middle > Self::OFF_MIDDLE && self.centring_ticks > 0 {
                if let Some(step) = walk_to_middle_of(game, column) {
                    self.centring_ticks -= 1;
                    return Step::Act(step);
                }
            }
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
/// a block, which placing replaces; [`on_walls`], where none is left, the
/// side of a block facing open air — giving up on a spot after a few ticks.
///
/// [`on_walls`]: PlaceAround::on_walls
pub struct PlaceAround {
    count: u32,
    tried: Vec<BlockPos>,
    current: Option<(PlaceSpot, u32)>,
    held: i64,
    wander: Wander,
    on_walls: bool,
}

/// Where to click: the block the crosshair must rest on and the point to aim at.
#[derive(Debug, Clone, Copy, PartialEq)]
struct PlaceSpot {
    click: BlockPos,
    aim: [f64; 3],
    /// The face the click must land on (a solid block's), or none where
    /// it may land anywhere (a replaceable plant).
    face: Option<Face>,
}

impl PlaceSpot {
    fn at(game: &Game, pos: BlockPos) -> Option<PlaceSpot> {
        let below = [pos[0], pos[1] - 1, pos[2]];
        let above = [pos[0], pos[1] + 1, pos[2]];
        let shape = |p: BlockPos| registry().block(game.world.get(p)).shape;
        let centre = block_centre(pos);
        if Self::takes_placing(game, pos) && game.world.get(above) == BlockId::AIR {
            Some(PlaceSpot {
                click: pos,
                aim: [centre[0], centre[1] + 0.5, centre[2]],
                face: Some(Face::Up),
            })
        } else if REPLACEABLE_PLANTS.contains(&registry().block(game.world.get(pos)).name)
            && shape(below) == Shape::Cube
        {
            Some(PlaceSpot {
                click: pos,
                aim: [centre[0], centre[1] - 0.3, centre[2]],
                face: None,
            })
        } else {
            None
        }
    }

    /// Whether the crosshair rests where a click places on this spot.
    fn clicked_by(&self, hit: &raycast::Hit) -> bool {
        hit.pos == self.click && self.face.is_none_or(|face| hit.face == face)
    }

    /// A side of a solid block, facing open air, to use the item on (a
    /// torch set on a wall).
    fn on_side(game: &Game, pos: BlockPos, face: Face) -> Option<PlaceSpot> {
        let front = offset(pos, face.normal());
        (Self::takes_placing(game, pos) && game.world.get(front) == BlockId::AIR).then(|| {
            PlaceSpot {
                click: pos,
                aim: faces::aim_point(pos, face),
                face: Some(face),
            }
        })
    }

    /// Whether a face of the block at `pos` takes what is placed on it:
    /// a full cube, and not one that the use key opens (seed 2466's
    /// build_gate: the crafting table just used was the farthest spot,
    /// and the click opened its screen, where the place stayed to the
    /// end).
    fn takes_placing(game: &Game, pos: BlockPos) -> bool {
        let block = game.world.get(pos);
        registry().block(block).shape == Shape::Cube && !opens_on_use(block)
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

/// The sides of a block something is set on, as on a wall.
const SIDES: [Face; 4] = [Face::North, Face::South, Face::West, Face::East];

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
            on_walls: false,
        }
    }

    /// When no open spot is left in sight, walk on up to `moves` times.
    pub fn wandering(mut self, moves: u32) -> PlaceAround {
        self.wander = Wander::new(moves);
        self
    }

    /// Where no top is left in sight, use the item on the sides of
    /// blocks before walking on (torches on walls: on seed 3913 a hollow
    /// walled two high showed no top, and the walks on jumped at its wall
    /// and went back and forth between a river and its bank).
    pub fn on_walls(mut self) -> PlaceAround {
        self.on_walls = true;
        self
    }

    /// The farthest spot in sight not tried yet: a top (see
    /// [`PlaceSpot::at`]), or with `sides` a block's side.
    fn next_spot(&self, game: &Game, sides: bool) -> Option<PlaceSpot> {
        let feet = game.player.block_pos();
        let mut spots = Vec::new();
        for dy in -2..=1 {
            for dz in -3i32..=3 {
                for dx in -3i32..=3 {
                    let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                    if dx.abs() + dz.abs() < 2 || self.tried.contains(&pos) {
                        continue;
                    }
                    let found = if sides {
                        SIDES
                            .into_iter()
                            .filter_map(|face| PlaceSpot::on_side(game, pos, face))
                            .find(|s| s.in_sight(game))
                    } else {
                        PlaceSpot::at(game, pos).filter(|s| s.in_sight(game))
                    };
                    if let Some(spot) = found {
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
                let on_a_side = || self.on_walls.then(|| self.next_spot(game, true)).flatten();
                let Some(spot) = self.next_spot(game, false).or_else(on_a_side) else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::rules::testkit::feet_level;
    use crate::sim::script::behaviour::Hold;

    /// Whether a torch is set, within 100 ticks, from the middle of a
    /// trench three long and one wide, three deep in stone, whose floor
    /// shows no top far enough off: on a wall only when `on_walls`.
    fn a_torch_set_in_a_trench(on_walls: bool) -> bool {
        let mut game = sky_game();
        for x in -5..=5 {
            for z in -5_i32..=5 {
                if x != 0 || z.abs() > 1 {
                    for y in FLOOR + 1..=FLOOR + 3 {
                        put(&mut game, [x, y, z], "stone");
                    }
                }
            }
        }
        game.player.inventory.main[0] = Some(crate::sim::inventory::ItemStack::new(
            crate::sim::registry::item("torch"),
            4,
        ));
        game.player.inventory.selected = 0;
        let place = PlaceAround::new(1).wandering(0);
        let place = if on_walls { place.on_walls() } else { place };
        let set = |g: &Game| g.stats.get(crate::suite::Event::UseItem, "torch") == 1;
        crate::sim::script::long::stage::play_phase(game, vec![Box::new(place)], set, 100).reached
    }

    #[test]
    fn a_torch_is_set_on_a_wall_where_no_top_is_in_sight() {
        // Seed 3913's hollow, walled two high, showed no top.
        assert!(a_torch_set_in_a_trench(true));
        assert!(!a_torch_set_in_a_trench(false), "a top was in sight");
    }

    #[test]
    fn a_block_is_put_down_from_inside_sugar_cane() {
        // Seed 490's craft_to_cake: the eyes stood in sugar cane, which
        // met every look, and the walks on led into more of it.
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [0, FLOOR + 1, 0], "sugar_cane");
        put(&mut game, [0, FLOOR + 2, 0], "sugar_cane");
        let placed = place_one(game);
        assert!(placed.reached, "not placed in {} steps", placed.steps);
    }

    #[test]
    fn a_block_is_not_put_on_a_crafting_table() {
        // The table stands at the one farthest spot in sight (the floor's
        // others as far are gone); a click on it would open its screen,
        // not place.
        let mut game = with_cobblestone(sky_game());
        for [x, z] in [[3, 2], [3, -2], [-3, 2], [2, 3], [2, -3], [-2, 3], [-2, -3]] {
            put(&mut game, [x, FLOOR, z], "air");
        }
        put(&mut game, [-3, FLOOR + 1, -2], "crafting_table");
        let placed = place_one(game);
        assert!(placed.reached, "not placed in {} steps", placed.steps);
        assert!(placed.game.screen.is_none());
    }

    /// Plays a place of one cobblestone where the player stands, with no
    /// walk on, for at most 100 ticks.
    fn place_one(game: Game) -> crate::sim::script::long::stage::Staged {
        crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(PlaceAround::new(1).wandering(0))],
            |g| g.stats.get(crate::suite::Event::UseItem, "cobblestone") == 1,
            100,
        )
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
        let built = pillar_at_rest(game, 2);
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
    fn a_pillar_begun_at_rest_by_a_cell_edge_rises_in_that_cell() {
        // Seed 2662's find_diamond: carried on into the shaft to 0.01 from
        // its edge, the body drifted over it on the first jump.
        let mut game = with_cobblestone(sky_game());
        game.player.pos = [0.99, f64::from(FLOOR + 1), 0.5];
        game.player.vel = [0.015, 0.0, 0.0];
        let built = pillar_at_rest(game, 1);
        assert_eq!(feet_level(&built.game), Some(FLOOR + 2));
        assert_eq!(built.game.player.block_pos()[0], 0);
        assert_eq!(
            built.game.world.get([0, FLOOR + 1, 0]),
            crate::sim::registry::block("cobblestone")
        );
    }

    #[test]
    fn a_pillar_rises_through_the_grass_it_stands_in() {
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [0, FLOOR + 1, 0], "grass");
        assert_a_block_lifts_the_feet(game);
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
        let risen = pillar_at_rest(game, 1);
        assert_eq!(feet_level(&risen.game), Some(FLOOR + 2));
    }

    /// A pillar of `count` blocks begun at rest, then a still half second.
    #[test]
    fn a_pillar_with_no_face_under_the_look_gives_up() {
        // Seed 4's pearl phase under draw 5: the feet on the edge of the
        // block beside a hole dug out under their own cell, where the
        // look straight down meets nothing in reach; the pillar jumped
        // for 10,000 steps.
        let mut game = with_cobblestone(sky_game());
        put(&mut game, [1, FLOOR, 0], "air");
        game.player.pos = [1.01, f64::from(FLOOR + 1), 0.5];
        game.player.pitch = 90.0;
        let played = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(PillarUp::new(2))],
            |_| false,
            1_000,
        );
        let p = &played.game.player;
        assert!(played.steps < 100, "{} steps", played.steps);
        assert!(
            p.on_ground && p.block_pos() == [1, FLOOR + 1, 0],
            "{:?}",
            p.pos
        );
        assert_eq!(
            p.inventory.count(crate::sim::registry::item("cobblestone")),
            10
        );
    }

    fn pillar_at_rest(game: Game, count: u32) -> crate::sim::script::long::stage::Staged {
        crate::sim::script::long::stage::play_phase(
            game,
            vec![
                Box::new(PillarUp::new(count).starting_at_rest()),
                Box::new(Hold::still(10)),
            ],
            |_| false,
            100,
        )
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
}
