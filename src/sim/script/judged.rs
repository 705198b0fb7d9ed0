//! Plans for the judge-only tasks: building a garden from a blueprint
//! around the player, decorating the wall beside the start,
//! boxing the birthday cake in a chest, and walking up to the blue bed
//! and the item frame. Their goals are checked by `goals`.

use super::behaviour::{
    angles_to, distance, turn_towards, Aim, Behaviour, Select, Spot, Step, UseOn,
};
use super::build::{Build, Placement};
use super::chest::StoreInChest;
use super::footing::{ground_within, Footing};
use super::go_round::GoRound;
use super::mining::Mine;
use super::placing::PillarUp;
use super::plans::{settle, Plan};
use super::plants::{hides_what_is_behind, is_plant, plant_before};
use super::route::{self, Ground};
use super::steer::move_towards;
use super::travel::{self, Travel};
use super::walking::{StepInto, WalkTo};
use crate::protocol::{Action, Key};
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::player;
use crate::sim::raycast;
use crate::sim::registry::{block, item, registry, Shape, ToolKind};
use crate::sim::rules::{can_survive, hanging, has_gravity, Aabb, ENTITY_REACH, PICKUP_REACH};
use crate::sim::world::{BlockPos, BlockState};

/// Half the side of the 5×5 rooms and plots built around the player.
pub(super) const HALF_SIDE: i32 = 2;

/// The offsets of a square ring of `radius` around the origin: the
/// corners first (once both their neighbours stand, the corner's ground
/// is out of sight from inside), then the sides, going round.
pub(super) fn ring(radius: i32) -> Vec<[i32; 2]> {
    let r = radius;
    let mut cells = vec![[-r, -r], [r, -r], [r, r], [-r, r]];
    cells.extend((1 - r..r).map(|x| [x, -r]));
    cells.extend((1 - r..r).map(|z| [r, z]));
    cells.extend((1 - r..r).map(|x| [-x, r]));
    cells.extend((1 - r..r).map(|z| [-r, -z]));
    cells
}

/// The cell at a horizontal offset and a level above the feet.
pub(super) fn at(feet: BlockPos, [dx, dz]: [i32; 2], up: i32) -> BlockPos {
    [feet[0] + dx, feet[1] + up, feet[2] + dz]
}

/// Breaks the flowers and tall grass on the site around the feet (where
/// the player stands), so clicks reach the ground.
pub(super) fn clear_site(game: &Game, feet: BlockPos) -> Plan {
    let r = HALF_SIDE;
    let site = (0..2)
        .flat_map(|up| (-r..=r).flat_map(move |dz| (-r..=r).map(move |dx| at(feet, [dx, dz], up))));
    mine_each(site.filter(|&pos| is_plant(game.world.get(pos))))
}

/// Mines each of the cells in turn.
fn mine_each(cells: impl Iterator<Item = BlockPos>) -> Plan {
    cells
        .map(|pos| Box::new(Mine::new(Spot::At(pos))) as Box<dyn Behaviour>)
        .collect()
}

/// How far from the player a level building site is looked for.
const SITE_SEARCH: i32 = 32;
/// How far above or below the feet a level building site is looked for.
const SITE_CLIMB: i32 = 4;

/// Whether a cell holds nothing to build round: air, or a plant to cut.
fn is_open(game: &Game, pos: BlockPos) -> bool {
    matches!(
        registry().block(game.world.get(pos)).shape,
        Shape::None | Shape::Cross
    )
}

/// Whether a cell holds a block the hand digs quickly (soil: dirt, grass,
/// sand; not one that falls once the cell under it is open).
fn is_soil(game: &Game, pos: BlockPos) -> bool {
    let id = game.world.get(pos);
    let def = registry().block(id);
    def.shape == Shape::Cube
        && def.tool == ToolKind::Shovel
        && def.hardness.is_some_and(|h| h <= SOIL_HARDNESS)
        && !has_gravity(id)
}

/// The hardest soil [`is_soil`] counts (grass block, podzol).
const SOIL_HARDNESS: f32 = 0.6;

/// Whether a cell is solid ground to build on: a full block, not leaves.
fn is_ground(game: &Game, pos: BlockPos) -> bool {
    let def = registry().block(game.world.get(pos));
    def.shape == Shape::Cube && !def.name.ends_with("_leaves")
}

/// Whether nothing stands in a cell a block could be put into: air, a
/// plant, a fluid.
fn is_fillable(game: &Game, pos: BlockPos) -> bool {
    matches!(
        registry().block(game.world.get(pos)).shape,
        Shape::None | Shape::Cross | Shape::Liquid
    )
}

/// The work that makes the 5×5 site around `centre` (the feet) level and
/// open, in cells, if it can be done by hand from the site: soil in the
/// three levels above the ground to dig out, and ground missing one deep
/// (over solid ground) to fill. None where anything else is in the way
/// (stone, a tree, water at the feet), the ground lies deeper, part of a
/// creature stands in the site (`creatures`: the cells their bodies are
/// in), or the middle, where the player stands, is not level and open.
fn levelling_work(game: &Game, centre: BlockPos, creatures: &[BlockPos]) -> Option<u32> {
    let r = HALF_SIDE;
    let mut work = 0;
    for dz in -r..=r {
        for dx in -r..=r {
            let ground = at(centre, [dx, dz], -1);
            let middle = [dx, dz] == [0, 0];
            if !is_ground(game, ground) {
                let under = at(centre, [dx, dz], -2);
                if middle || !is_fillable(game, ground) || !is_ground(game, under) {
                    return None;
                }
                work += 1;
            }
            for up in 0..3 {
                let cell = at(centre, [dx, dz], up);
                if creatures.contains(&cell) {
                    return None;
                }
                if !is_open(game, cell) {
                    if middle || !is_soil(game, cell) {
                        return None;
                    }
                    work += 1;
                }
            }
        }
    }
    Some(work)
}

/// Blocks of walking that one cell of [`levelling_work`] is worth: a dirt
/// block dug by hand takes about 20 ticks with the turn to it, in which a
/// walk covers about four blocks.
const WALK_PER_CELL_OF_WORK: f64 = 4.0;

/// The feet cell in the middle of the level site (one needing no
/// [`levelling_work`]) nearest by the walk (seed 872's garden: the
/// nearest across, eleven blocks off, lay beyond a pit and a wood, and
/// the way round went over the canopy and fell from it), or else the one
/// nearest across, or else of the site nearest for its work and
/// distance together (on a hillside or a shore, where no level site is
/// near: seeds 706 and 719), or where the player stands if none can be
/// levelled. A creature's body keeps a site off: one may never move
/// (seed 473's librarian, summoned into the ground with its feet in a
/// block, stood in a wall's cell to the end).
pub(super) fn level_site(game: &Game) -> BlockPos {
    level_site_where(game, |_| true)
}

/// [`level_site`] among the sites for which `fits` holds as well.
fn level_site_where(game: &Game, fits: impl Fn(BlockPos) -> bool) -> BlockPos {
    let creatures: Vec<BlockPos> = game
        .entities
        .list
        .iter()
        .filter(|e| matches!(e.kind, EntityKind::Mob(_)))
        .flat_map(|e| e.bounding_box().cells(0).collect::<Vec<_>>())
        .collect();
    let feet = game.player.block_pos();
    let r = SITE_SEARCH;
    let work = |site| levelling_work(game, site, &creatures).filter(|_| fits(site));
    let in_range = |[x, y, z]: BlockPos| {
        (x - feet[0]).abs() <= r && (z - feet[2]).abs() <= r && (y - feet[1]).abs() <= SITE_CLIMB
    };
    if let Some(site) =
        route::nearest_by_walk(game, feet, &|site| in_range(site) && work(site) == Some(0))
    {
        return site;
    }
    let mut sites: Vec<(i32, BlockPos)> = (-SITE_CLIMB..=SITE_CLIMB)
        .flat_map(|dy| {
            (-r..=r).flat_map(move |dz| {
                (-r..=r).map(move |dx| (dx * dx + dy * dy + dz * dz, at(feet, [dx, dz], dy)))
            })
        })
        .collect();
    sites.sort_unstable();
    let level_across = || {
        sites
            .iter()
            .find(|&&(_, site)| work(site) == Some(0))
            .map(|&(_, site)| site)
    };
    let nearest_to_level = || {
        sites
            .iter()
            .filter_map(|&(squared, site)| {
                let cost =
                    f64::from(work(site)?) * WALK_PER_CELL_OF_WORK + f64::from(squared).sqrt();
                Some((cost, site))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, site)| site)
    };
    level_across().or_else(nearest_to_level).unwrap_or(feet)
}

/// Makes the 5×5 site around `feet` level and open, from inside it: soil
/// dug out of the three levels above the ground, from the top down and
/// the middle out; then the ground that is missing filled with `item_name`.
/// The cells under the inside are filled from the middle; each side's
/// from the inside cell beside that side's middle, since from the middle
/// the edge of a step down hides the lower ground's top face (seed 706:
/// the house's east wall had nothing to stand on).
pub(super) fn level_the_site(game: &Game, feet: BlockPos, item_name: &str) -> Plan {
    let r = HALF_SIDE;
    let mut soil: Vec<(i32, i32, BlockPos)> = (0..3)
        .flat_map(|up| {
            (-r..=r).flat_map(move |dz| {
                (-r..=r).map(move |dx| (-up, dx.abs().max(dz.abs()), at(feet, [dx, dz], up)))
            })
        })
        .filter(|&(_, _, cell)| is_soil(game, cell))
        .collect();
    soil.sort_unstable();
    let mut plan: Plan = vec![Box::new(StepInto::new(Spot::At(feet)))];
    plan.extend(mine_each(soil.into_iter().map(|(_, _, cell)| cell)));
    let missing = |c: [i32; 2]| {
        let cell = at(feet, c, -1);
        (!is_ground(game, cell)).then(|| Placement::new(cell, item(item_name)))
    };
    let inside: Vec<Placement> = (1 - r..r)
        .flat_map(|dz| (1 - r..r).filter_map(move |dx| missing([dx, dz])))
        .collect();
    if !inside.is_empty() {
        plan.push(Box::new(Build::new(inside)));
    }
    let mut rim = ring(r);
    for side in [[1, 0], [-1, 0], [0, 1], [0, -1]] {
        let (beside, rest): (Vec<[i32; 2]>, Vec<[i32; 2]>) = rim
            .into_iter()
            .partition(|c| c[0] * side[0] + c[1] * side[1] == r);
        rim = rest;
        let cells: Vec<Placement> = beside.into_iter().filter_map(missing).collect();
        if !cells.is_empty() {
            plan.push(Box::new(StepInto::new(Spot::At(at(feet, side, 0)))));
            plan.push(Box::new(Build::new(cells)));
        }
    }
    plan
}

/// Walks to a site's cell along a path found over the ground (a straight
/// walk slides along the first step up it meets at a slant), then into
/// the cell's middle.
pub(super) fn go_to(site: BlockPos) -> Plan {
    vec![
        Box::new(travel::towards([site[0], site[2]])),
        Box::new(StepInto::new(Spot::At(site))),
    ]
}

/// Plants set inside the garden's fence, by offset from the middle: the
/// diagonal cells first (the plants beside the player would stand in the
/// line of sight to their ground).
const GARDEN_BEDS: &[([i32; 2], &str)] = &[
    ([-1, -1], "poppy"),
    ([1, -1], "blue_orchid"),
    ([1, 1], "rose_bush"),
    ([-1, 1], "poppy"),
    ([0, -1], "dandelion"),
    ([1, 0], "oak_sapling"),
    ([0, 1], "lilac"),
    ([-1, 0], "dandelion"),
];

/// Whether a plant set in each of the garden's beds round `site` would
/// stand there: its ground is soil, or missing (the levelling fills it
/// with grass). Stone under a bed turns the flower away (seed 4545's
/// site had three such cells, and five plants were set of the six the
/// garden needs).
fn beds_hold_plants(game: &Game, site: BlockPos) -> bool {
    GARDEN_BEDS.iter().all(|&(c, plant)| {
        let bed = at(site, c, 0);
        !is_ground(game, at(site, c, -1))
            || can_survive(&game.world, bed, block(plant), BlockState::default())
    })
}

/// A fence around a 3×3 bed, the player in the middle planting flowers,
/// bushes and a sapling around.
pub(super) fn build_a_garden(game: &Game) -> Plan {
    let feet = level_site_where(game, |site| beds_hold_plants(game, site));
    let mut blueprint: Vec<Placement> = ring(HALF_SIDE)
        .into_iter()
        .map(|c| Placement::new(at(feet, c, 0), item("oak_fence")))
        .collect();
    blueprint.extend(
        GARDEN_BEDS
            .iter()
            .map(|&(c, name)| Placement::new(at(feet, c, 0), item(name)).against([0, -1, 0])),
    );
    let mut plan = go_to(feet);
    plan.extend(clear_site(game, feet));
    plan.extend(level_the_site(game, feet, "grass_block"));
    plan.push(Box::new(StepInto::new(Spot::At(feet))));
    plan.push(Box::new(Build::new(blueprint)));
    plan.push(settle());
    plan
}

/// The init command's wall: one block thick at the start's x, running
/// from one to four blocks south of the start, five high.
const WALL_SOUTH: std::ops::RangeInclusive<i32> = 1..=4;

/// From a few blocks east of the wall: plank stands against its east face
/// with flower pots on them (their tops below the eye), and torches on the
/// face around them; whatever stands between the stand and the wall (a
/// pumpkin, tall grass) is mined first, so the clicks reach the wall.
pub(super) fn decorate_the_wall(game: &Game) -> Plan {
    let feet = game.player.block_pos();
    let face = |south: i32, up: i32| [feet[0] + 1, feet[1] + up, feet[2] + south];
    let on_wall = |cell, name| Placement::new(cell, item(name)).against([-1, 0, 0]);
    let mut blueprint = vec![
        on_wall(face(2, 0), "oak_planks"),
        on_wall(face(3, 0), "oak_planks"),
        Placement::new(face(2, 1), item("flower_pot")).against([0, -1, 0]),
        Placement::new(face(3, 1), item("flower_pot")).against([0, -1, 0]),
    ];
    let (north, south) = (*WALL_SOUTH.start(), *WALL_SOUTH.end());
    blueprint.extend(
        [face(north, 1), face(south, 1), face(2, 2), face(3, 2)]
            .into_iter()
            .map(|cell| on_wall(cell, "torch")),
    );
    let stand = at(feet, [3, 2], 0);
    let mut plan: Plan = vec![Box::new(StepInto::new(Spot::At(stand)))];
    let between = WALL_SOUTH.flat_map(|south| (0..3).map(move |up| at(feet, [2, south], up)));
    plan.extend(mine_each(
        between.filter(|&pos| raycast::selectable(game.world.get(pos))),
    ));
    // Wherever the walk came to rest below the start's level, a pillar of
    // planks lifts the eye back above the shelf (seed 170's slid on off
    // the stand's ledge, where the land falls away east of the wall;
    // seed 271's stopped in a dip against the stand, the ground rising a
    // block there). At the start's level it places nothing. It begins at
    // rest in the middle of the cell (seed 2778's walk fell into a dip
    // by the stand, and the pillar, begun while the body still moved,
    // rose with it at the cell's edge, where a rock beside the head hid
    // half the wall).
    plan.extend::<Plan>(vec![
        settle(),
        Box::new(Select(item("oak_planks"))),
        Box::new(PillarUp::up_to(feet[1], MAX_PILLAR as u32 + 1).starting_at_rest()),
        Box::new(Build::new(blueprint)),
        settle(),
    ]);
    plan
}

/// The highest pillar built to stand level with the start.
const MAX_PILLAR: i32 = 4;

/// Sets a chest down beside the player, opens it and moves the cake in.
pub(super) fn prepare_a_birthday_present(game: &Game) -> Plan {
    let feet = game.player.block_pos();
    let chest_at = chest_spot(game, feet);
    let mut plan = clear_site(game, feet);
    plan.extend::<Plan>(vec![
        Box::new(Build::new(vec![Placement::new(chest_at, item("chest"))])),
        // Let go of use, so opening the chest is a fresh press.
        settle(),
        Box::new(UseOn::new(Spot::At(chest_at))),
        Box::new(StoreInChest::new(item("cake"))),
        settle(),
    ]);
    plan
}

/// Where the cake's chest goes: a cell two blocks from the feet, on the
/// ring the site clearing reaches, that stands on a solid cube and has
/// room above to open the lid; west of the feet if that will do, else the
/// first such cell going round, a level lower or higher if none at the
/// feet's level is. A cell whose supports are all out of sight from the
/// feet (seed 58: behind a bank one block high) is taken only when no
/// other will do.
fn chest_spot(game: &Game, feet: BlockPos) -> BlockPos {
    let on_a_cube =
        |pos| registry().block(game.world.get(at(pos, [0, 0], -1))).shape == Shape::Cube;
    let fits =
        |pos: BlockPos| is_open(game, pos) && is_open(game, at(pos, [0, 0], 1)) && on_a_cube(pos);
    let in_reach = |pos: BlockPos| Placement::new(pos, item("chest")).in_reach(game);
    let west = [-HALF_SIDE, 0];
    let around = std::iter::once(west).chain(ring(HALF_SIDE).into_iter().filter(|&c| c != west));
    let cells: Vec<BlockPos> = [0, -1, 1]
        .into_iter()
        .flat_map(|up| around.clone().map(move |offset| at(feet, offset, up)))
        .filter(|&pos| fits(pos))
        .collect();
    cells
        .iter()
        .find(|&&pos| in_reach(pos))
        .or(cells.first())
        .copied()
        .unwrap_or_else(|| at(feet, west, 0))
}

/// The nearest block named `name` within 8 blocks of the feet.
fn find_block(game: &Game, name: &str) -> Option<BlockPos> {
    let feet = game.player.block_pos();
    let r = 8;
    let mut found = Vec::new();
    for dy in -3..=3 {
        for dz in -r..=r {
            for dx in -r..=r {
                let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                if registry().block(game.world.get(pos)).name == name {
                    found.push((dx * dx + dy * dy + dz * dz, pos));
                }
            }
        }
    }
    found.into_iter().min().map(|(_, pos)| pos)
}

/// A walk to within `within` blocks of a point.
fn walk_near(point: [f64; 3], within: f64) -> Box<dyn Behaviour> {
    let mut walk = WalkTo::new(point[0], point[2]);
    walk.within = within;
    Box::new(walk)
}

/// Walks up to the blue bed and looks at it.
pub(super) fn find_blue_bed(game: &Game) -> Plan {
    let Some(bed) = find_block(game, "blue_bed") else {
        return Vec::new();
    };
    let centre = bed.map(|v| f64::from(v) + 0.5);
    vec![
        walk_near(centre, 2.0),
        Box::new(Aim {
            spot: Spot::At(bed),
            ticks_left: 100,
        }),
        settle(),
    ]
}

/// Turns until the crosshair points at a (moving) point, breaking the
/// plants (tall grass, a flower) in front of it.
struct LookAt {
    target: fn(&Game) -> Option<[f64; 3]>,
    ticks_left: u32,
}

impl Behaviour for LookAt {
    fn next(&mut self, game: &Game) -> Step {
        let Some(point) = (self.target)(game).filter(|_| self.ticks_left > 0) else {
            return Step::Done;
        };
        self.ticks_left -= 1;
        let (yaw, pitch) = angles_to(game, point);
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        let aimed = action.camera[0].abs() < 0.1 && action.camera[1].abs() < 0.1;
        match (aimed, plant_before(game, point, is_plant)) {
            (true, false) => Step::Done,
            (true, true) => Step::Act(action.with(Key::Attack)),
            _ => Step::Act(action),
        }
    }
}

/// Ticks a fallen frame's item takes to drift out of the hillside and
/// come to rest (or to a jitter in place, where it is wedged against a
/// block).
const FRAME_SETTLING_TICKS: u32 = 40;

/// The item frame: hanging, or fallen off its wall as an item.
struct Frame {
    centre: [f64; 3],
    bounds: Aabb,
    hanging: bool,
    /// Hanging where it cannot (summoned into a hillside, or under the
    /// open sky), it will fall; fallen, it drifts out of the hillside and
    /// drops to the ground.
    on_the_move: bool,
}

/// Where the item frame is, if there is one.
fn item_frame(game: &Game) -> Option<Frame> {
    game.entities.list.iter().find_map(|e| {
        let (hanging, on_the_move) = match &e.kind {
            EntityKind::Hanging(h) if h.name() == "item_frame" => {
                (true, !hanging::can_hang(&game.world, h.wall, h.facing))
            }
            EntityKind::Item { stack, .. } if stack.name() == "item_frame" => {
                (false, e.age < FRAME_SETTLING_TICKS)
            }
            _ => return None,
        };
        let height = e.size().1;
        let centre = [e.pos[0], e.pos[1] + height / 2.0, e.pos[2]];
        Some(Frame {
            centre,
            bounds: e.bounding_box(),
            hanging,
            on_the_move,
        })
    })
}

/// How far the player slides on after letting go of forward.
const SLIDE: f64 = 0.25;

/// Whether the player, where it stands, sees the fallen frame's item
/// within reach (and a little to spare), in plain view but for plants,
/// which the look clears.
fn fallen_frame_in_view(game: &Game, frame: &Frame) -> bool {
    let eye = game.player.eye();
    distance(eye, frame.centre) <= ENTITY_REACH - SLIDE && in_plain_view(game, eye, frame.centre)
}

/// Whether no block but plants stands between `eye` and `point`.
fn in_plain_view(game: &Game, eye: [f64; 3], point: [f64; 3]) -> bool {
    let to_point = distance(eye, point);
    let dir = std::array::from_fn(|a| (point[a] - eye[a]) / to_point);
    raycast::cast(&game.world, eye, dir, to_point, hides_what_is_behind).is_none()
}

/// How far the body may drop, walking on off a ledge, onto a fallen
/// frame's item below (seed 286's lay in a pit three deep).
const DROP_ONTO: f64 = 3.0;

/// How much farther the body carries on when it falls off a ledge than
/// when it slides to a stop: it keeps its way through the fall (seed
/// 1751's frame lay in a pit three deep, and the walk stopped on the brink
/// with the item out of pickup range and drifted down onto it).
const FALL_DRIFT: f64 = 1.0;

/// Whether the player, sliding on (and down a step, or off a ledge), could
/// come to pick the item up. An item more than a block under the feet
/// lies where only a fall takes the body, which carries it on farther; one
/// a step down or less is reached by a step, which carries little.
fn about_to_pick_up(game: &Game, frame: &Frame) -> bool {
    let p = &game.player;
    let below_the_feet = frame.bounds.min[1] < p.pos[1] - 1.0;
    let carried = if below_the_feet {
        SLIDE + FALL_DRIFT
    } else {
        SLIDE
    };
    let dropped = [p.pos[0], p.pos[1] - DROP_ONTO, p.pos[2]];
    Aabb::at_feet(
        dropped,
        player::HALF_WIDTH + carried,
        p.height() + DROP_ONTO,
    )
    .inflate(PICKUP_REACH)
    .intersects(&frame.bounds)
}

/// Whether feet in `cell` put the fallen frame's item in plain view
/// within reach of the eye (from the cell's middle) and out of the reach
/// that picks it up: where a detour goes when the straight way ends
/// with the item out of sight (tucked under a step, say).
fn spot_in_view_of_fallen_frame(game: &Game, cell: BlockPos) -> bool {
    let Some(frame) = item_frame(game).filter(|frame| !frame.hanging) else {
        return false;
    };
    let [x, y, z] = cell.map(f64::from);
    let eye = [x + 0.5, y + player::EYE_HEIGHT, z + 0.5];
    distance(eye, frame.centre) <= ENTITY_REACH
        && in_plain_view(game, eye, frame.centre)
        && !picks_up_from(cell, &frame, 0.0)
}

/// Whether feet passing through `cell` (up to a slide off its middle)
/// could pick the fallen frame's item up: cells the detour to a view of
/// it keeps out of (seed 2721's lay in a hole under leaves, seen only
/// from the hole's level, and the way to such a spot stepped down beside
/// it and picked it up).
fn picks_up_fallen_frame(game: &Game, cell: BlockPos) -> bool {
    item_frame(game)
        .filter(|frame| !frame.hanging)
        .is_some_and(|frame| picks_up_from(cell, &frame, SLIDE))
}

/// Whether feet in `cell`, up to `off_middle` from its middle, pick the
/// fallen frame's item up.
fn picks_up_from(cell: BlockPos, frame: &Frame, off_middle: f64) -> bool {
    let [x, y, z] = cell.map(f64::from);
    let feet = [x + 0.5, y, z + 0.5];
    Aabb::at_feet(feet, player::HALF_WIDTH + off_middle, player::HEIGHT)
        .inflate(PICKUP_REACH)
        .intersects(&frame.bounds)
}

/// How near the feet, across the ground, a frame on the move may come
/// before the waiting player backs off: the pickup reach with a slide
/// and a drift to spare (seed 1863's frame fell inside a grass block, and
/// the push out of it carried the item to the waiting player's feet).
const KEEP_CLEAR: f64 = 2.5;

/// While a frame falls or drifts: a step back from it if it comes near,
/// where the ground behind holds the feet; else standing still.
fn keep_clear_of(game: &Game, frame: &Frame) -> Action {
    let mut action = Action::noop();
    let p = &game.player;
    let from_frame = [p.pos[0] - frame.centre[0], p.pos[2] - frame.centre[2]];
    let apart = from_frame[0].hypot(from_frame[1]);
    let footing = Footing::DropOf(route::HARMLESS_DROP);
    if apart < KEEP_CLEAR && ground_within(game, from_frame, footing) {
        let scale = KEEP_CLEAR / apart.max(1e-3);
        let away = [
            frame.centre[0] + from_frame[0] * scale,
            p.pos[1],
            frame.centre[2] + from_frame[1] * scale,
        ];
        move_towards(game, away, &mut action);
    }
    action
}

/// Walks up to the item frame: close to one hanging; towards one lying
/// on the ground until it is in view or one more step would pick it up,
/// and if that leaves it out of sight, round to a spot that sees it
/// and on towards it again. While a buried frame waits to fall and then
/// drifts out, the player waits, backing off if it comes near.
struct ApproachFrame {
    walk: WalkTo,
    detour: Option<Travel>,
    /// The walk round what stops the straight walk to a hanging frame
    /// (seed 4094's village lamp, a fence post 1.5 high with a torch on
    /// top, stood between the player and the frame).
    round: GoRound,
}

impl ApproachFrame {
    /// The lying item's approach: `None` to walk on straight.
    fn towards_lying(&mut self, game: &Game, frame: &Frame) -> Option<Step> {
        if fallen_frame_in_view(game, frame) {
            return Some(Step::Done);
        }
        if let Some(detour) = &mut self.detour {
            return match detour.next(game) {
                Step::Done if about_to_pick_up(game, frame) => Some(Step::Done),
                Step::Done => None,
                step => Some(step),
            };
        }
        if about_to_pick_up(game, frame) {
            // Down steps, not off ledges: a fall carries the body on past
            // the spot, and a path into a pit may land it on the item.
            let detour = Travel::new(spot_in_view_of_fallen_frame, None, Ground::Any)
                .taking_drops_of(1)
                .avoiding(picks_up_fallen_frame);
            return Some(self.detour.insert(detour).next(game));
        }
        None
    }
}

impl Behaviour for ApproachFrame {
    fn next(&mut self, game: &Game) -> Step {
        let Some(frame) = item_frame(game) else {
            return Step::Done;
        };
        if frame.on_the_move {
            self.walk.ticks_left = self.walk.ticks_left.saturating_sub(1);
            return match self.walk.ticks_left {
                0 => Step::Done,
                _ => Step::Act(keep_clear_of(game, &frame)),
            };
        }
        if !frame.hanging {
            if let Some(step) = self.towards_lying(game, &frame) {
                return step;
            }
        }
        self.walk.x = frame.centre[0];
        self.walk.z = frame.centre[2];
        self.walk.within = if frame.hanging { 1.5 } else { 0.0 };
        if !frame.hanging {
            return self.walk.next(game);
        }
        if let Some(walk_round) = self.round.step(game, frame.centre, self.walk.within) {
            return Step::Act(walk_round);
        }
        let step = self.walk.next(game);
        if matches!(step, Step::Act(_)) {
            self.round.watch(game, frame.centre);
        }
        step
    }
}

/// Walks up to the item frame and looks at it.
pub(super) fn find_item_frame(game: &Game) -> Plan {
    let Some(frame) = item_frame(game) else {
        return Vec::new();
    };
    let [x, _, z] = frame.centre;
    // Leaves low over the ground a fallen frame's item lies on, holding
    // the walk up and hiding the item from above, are cut through (seed
    // 957's lay under leaves a block over the ground, and the walk jumped
    // into them until its time ran out).
    let mut walk = WalkTo::new(x, z);
    walk.cuts_soft_blocks = true;
    vec![
        Box::new(ApproachFrame {
            walk,
            detour: None,
            round: GoRound::for_kind("item_frame"),
        }),
        Box::new(LookAt {
            target: |game| item_frame(game).map(|frame| frame.centre),
            ticks_left: 60,
        }),
        settle(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inventory::ItemStack;
    use crate::sim::rules::testkit::{fill, platform_game, put, summon_east, AREA, FLOOR};
    use crate::sim::script::goals;
    use crate::sim::script::long::stage::play_phase;

    /// The blocks and plants `build_a_garden`'s task gives.
    fn give_the_garden_kit(game: &mut Game) {
        for (name, count) in [
            ("grass_block", 64),
            ("oak_fence", 64),
            ("oak_sapling", 10),
            ("poppy", 10),
            ("dandelion", 10),
            ("blue_orchid", 10),
            ("lilac", 10),
            ("rose_bush", 10),
        ] {
            game.player
                .inventory
                .insert(ItemStack::new(item(name), count));
        }
    }

    /// A garden on a hillside of dirt rising one block every three to the
    /// east, where no 5×5 site is level: one is dug and filled level first
    /// (seed 719's fences went in round the feet on the slope, and
    /// neither fence nor flower found ground in half the cells).
    #[test]
    fn a_garden_on_a_slope_is_built_on_ground_levelled_first() {
        let mut game = platform_game();
        let rise = |x: i32| (x + AREA) / 3;
        for x in -AREA..AREA {
            for z in -AREA..AREA {
                for y in FLOOR + 1..=FLOOR + rise(x) {
                    put(&mut game.world, [x, y, z], "dirt");
                }
            }
        }
        game.player.pos[1] = f64::from(FLOOR + 1 + rise(0));
        give_the_garden_kit(&mut game);
        let plan = build_a_garden(&game);
        let built = play_phase(game, plan, goals::garden, 900);
        assert!(built.reached, "no garden after {} steps", built.steps);
    }

    /// A garden on the stone floor with one patch of grass three across
    /// six blocks east: its beds go on the grass (seed 4545's site, the
    /// nearest level one, had stone under three beds, which turned their
    /// flowers away).
    #[test]
    fn a_garden_is_laid_where_its_beds_are_soil() {
        let mut game = platform_game();
        for x in 5..=7 {
            for z in -1..=1 {
                put(&mut game.world, [x, FLOOR, z], "grass_block");
            }
        }
        give_the_garden_kit(&mut game);
        let plan = build_a_garden(&game);
        let built = play_phase(game, plan, goals::garden, 900);
        assert!(built.reached, "no garden after {} steps", built.steps);
        assert_eq!(built.game.player.block_pos(), [6, FLOOR + 1, 0]);
    }

    /// A fallen frame lying under leaves a block over the floor, north
    /// of the player: the view of it from above is hidden by the
    /// leaves' edge, and the walk straight at it is held up by them;
    /// they are cut through (seed 957).
    #[test]
    fn a_fallen_frame_under_low_leaves_is_seen_through_them_cut() {
        let mut game = platform_game();
        for x in -3..=0 {
            for z in -3..=-1 {
                for y in [FLOOR + 2, FLOOR + 3] {
                    put(&mut game.world, [x, y, z], "oak_leaves");
                }
            }
        }
        let lying = [0.26, f64::from(FLOOR + 1), -1.48];
        game.player.pos = [0.3, f64::from(FLOOR + 1), 0.3];
        assert_the_fallen_frame_is_found(game, lying, 300);
    }

    /// The task's frame, hanging on a plank four blocks north of the
    /// player, with a fence post one block north, in the straight walk's
    /// way: a jump does not climb it, and the walk goes round (seed
    /// 4094's village lamp).
    #[test]
    fn a_hanging_frame_behind_a_fence_post_is_walked_round_to() {
        use crate::sim::{command, CommandStatus};
        let mut game = platform_game();
        for text in [
            "/setblock ~ ~ ~-4 minecraft:oak_planks",
            "/summon minecraft:item_frame ~ ~ ~-3 {Facing:3b}",
            "/setblock ~ ~ ~-1 minecraft:oak_fence",
        ] {
            let status = command::run(&mut game, text);
            assert!(
                matches!(status, CommandStatus::Accepted),
                "{text}: {status:?}"
            );
        }
        let plan = find_item_frame(&game);
        let found = play_phase(game, plan, goals::item_frame_found, 300);
        assert!(found.reached, "not seen in {} steps", found.steps);
    }

    /// Lays a fallen frame's item, come to rest, at `lying`, and plays the
    /// task's plan for at most `steps`: the frame must be looked at.
    fn assert_the_fallen_frame_is_found(mut game: Game, lying: [f64; 3], steps: u32) {
        let frame = EntityKind::Item {
            stack: ItemStack::new(item("item_frame"), 1),
            pickup_delay: 0,
        };
        game.entities.spawn(frame, lying, [0.0; 3]);
        if let Some(e) = game.entities.list.last_mut() {
            e.age = FRAME_SETTLING_TICKS;
        }
        let plan = find_item_frame(&game);
        let found = play_phase(game, plan, goals::item_frame_found, steps);
        assert!(found.reached, "not seen in {} steps", found.steps);
    }

    /// A fallen frame at the bottom of a pit three deep, a little in from
    /// its near edge, with steps down at its far end: the walk straight at
    /// it stops on the brink, where the item is out of reach, and the fall
    /// from there would carry the body on onto it (seed 1751). The look
    /// is taken from inside the pit, reached by the steps.
    #[test]
    fn a_fallen_frame_in_a_deep_pit_is_not_fallen_onto() {
        let mut game = platform_game();
        fill(
            &mut game.world,
            [-6, FLOOR + 1, -10],
            [6, FLOOR + 3, 6],
            "dirt",
        );
        // The pit, and the two steps up out of its far end.
        for x in -1..=1 {
            for z in -7..=-1 {
                let bottom = match z {
                    -7 => FLOOR + 3,
                    -6 => FLOOR + 2,
                    _ => FLOOR + 1,
                };
                for y in bottom..=FLOOR + 3 {
                    put(&mut game.world, [x, y, z], "air");
                }
            }
        }
        game.player.pos = [0.5, f64::from(FLOOR + 4), 3.5];
        assert_the_fallen_frame_is_found(game, [0.1, f64::from(FLOOR + 1), -2.2], 600);
    }

    /// A frame just fallen, sliding along the floor at the waiting
    /// player from 2.2 blocks east: standing still, the player would pick
    /// it up as it came to rest; it backs off while the frame slides, and
    /// then looks at it (seed 1863's was pushed out of a grass block
    /// towards the player).
    #[test]
    fn a_frame_sliding_at_the_waiting_player_is_backed_off_from() {
        let mut game = platform_game();
        let frame = EntityKind::Item {
            stack: ItemStack::new(item("item_frame"), 1),
            pickup_delay: 0,
        };
        let lying = [2.7, f64::from(FLOOR + 1), 0.5];
        game.entities.spawn(frame, lying, [-0.35, 0.0, 0.0]);
        let plan = find_item_frame(&game);
        let found = play_phase(game, plan, goals::item_frame_found, 200);
        assert!(found.reached, "not seen in {} steps", found.steps);
    }

    /// Across a trench two wide north of the player (deeper than any
    /// drop walked) a level site lies seven blocks off; south, beyond two
    /// walls a block high, one lies nine off. The garden goes south,
    /// where the walk leads (seed 872's nearest site across lay beyond a
    /// pit, and the way round fell from a wood's canopy).
    #[test]
    fn the_level_site_is_the_nearest_by_the_walk() {
        let mut game = platform_game();
        for x in -AREA..AREA {
            for z in [-3, -4] {
                put(&mut game.world, [x, FLOOR, z], "air");
            }
            for z in [2, 6] {
                put(&mut game.world, [x, FLOOR + 1, z], "stone");
            }
        }
        let feet = game.player.block_pos();
        assert_eq!(level_site(&game), at(feet, [0, 9], 0));
    }

    #[test]
    fn a_creature_standing_in_a_site_keeps_the_building_off_it() {
        let mut game = platform_game();
        let feet = game.player.block_pos();
        assert_eq!(level_site(&game), feet, "the open floor is a site");
        summon_east(&mut game, "villager", 2.0);
        let site = level_site(&game);
        let creature = [feet[0] + 2, feet[2]];
        let inside = |a: usize, c: usize| (site[a] - creature[c]).abs() <= HALF_SIDE;
        assert!(
            !(inside(0, 0) && inside(2, 1)),
            "{site:?} takes in the creature's cell"
        );
    }
}
