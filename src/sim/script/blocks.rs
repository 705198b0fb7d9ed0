//! Scripts for the tasks that use block states and items on blocks:
//! ladders and item frames on walls, sleeping, planting, carving
//! pumpkins, drinking a potion, smelting through the furnace screen,
//! opening treasure chests and building a nether portal; and the tests of
//! the ground a script stands on or builds against. The behaviours they
//! need live beside this room: using an item on chosen faces
//! ([`super::faces`]), building at chosen cells ([`super::construct`]),
//! clicking through a furnace ([`super::smelt`]). Like every script they
//! read the game and act only through keys, camera and clicks.

use super::behaviour::{block_centre, distance, Behaviour, Hold, Spot, UseOn, Within};
use super::construct::{Construct, Job};
use super::craft::Craft;
use super::faces::{aim_point, face_in_sight, face_seen_from, UseOnFaces};
use super::long::Until;
use super::mining::MineNearest;
use super::placing::PlaceAround;
use super::plans::{select, settle, Plan};
use super::plants::is_wild_plant;
use super::smelt::Smelt;
use super::travel::travel;
use super::walking::StepInto;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::player::{EYE_HEIGHT, EYE_HEIGHT_SNEAKING};
use crate::sim::raycast::{self, Face};
use crate::sim::registry::{block, item, registry, BlockId, Shape, ToolKind};
use crate::sim::rules::converted_by_tool;
use crate::sim::world::{offset, up, BlockPos, World};
use crate::suite::Event;

const SIDES: [Face; 4] = [Face::North, Face::South, Face::West, Face::East];

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
    // there. It tills from off the field (seed 2583: leaves rested on
    // most of a field hovering over a dip, and from on it, the crops
    // just planted hid the ground round it). Each walk is cut short, so
    // the tilling fits in the steps.
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
                    walk(off_farmland),
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

/// Whether feet in a cell stand dry on ground that is not farmland.
fn off_farmland(game: &Game, feet: BlockPos) -> bool {
    stands_dry(&game.world, feet) && !on_farmland(game, feet)
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

/// Carves a pumpkin set down, mines it and fetches it, then crafts the
/// jack o'lantern. A carved pumpkin that got away is replaced by carving
/// another (seed 301's popped down a slope, past a drop the fetch lets
/// go, and was picked up only as the body slid down after it, once the
/// craft had found nothing to craft with).
pub fn carve_pumpkins(_: &Game) -> Plan {
    let carved = |game: &Game| game.player.inventory.count(item("carved_pumpkin")) > 0;
    let carve = |_: &Game| -> Plan {
        vec![
            select("pumpkin"),
            Box::new(PlaceAround::new(1)),
            select("shears"),
            Box::new(UseOnFaces::new(pumpkin_faces, 1)),
            Box::new(MineNearest::new(vec![block("carved_pumpkin")], 1).within(3)),
        ]
    };
    vec![
        Box::new(Until::new(carved, CARVINGS, carve)),
        Box::new(Craft::new(item("jack_o_lantern"), 1)),
        settle(),
    ]
}

/// Pumpkins carved at most, of the five the task gives.
const CARVINGS: u32 = 3;

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
    use crate::sim::rules::testkit::fill;
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

    /// A sky game over a floor of grass `radius` cells round the feet.
    fn on_grass(radius: i32) -> Game {
        let mut game = sky_game();
        for x in -radius..=radius {
            for z in -radius..=radius {
                put(&mut game, [x, FLOOR, z], "grass_block");
            }
        }
        game
    }

    /// The game once `plant_wheats`, given seeds and a hoe, has planted
    /// five.
    fn five_planted(mut game: Game) -> Game {
        let inventory = &mut game.player.inventory;
        inventory.main[0] = Some(ItemStack::new(item("wheat_seeds"), 64));
        inventory.main[1] = Some(ItemStack::new(item("iron_hoe"), 1));
        let planted = |g: &Game| g.stats.get(Event::UseItem, "wheat_seeds") >= 5;
        let plan = plant_wheats(&game);
        let played = play_phase(game, plan, planted, 900);
        assert!(played.reached, "not planted in {} steps", played.steps);
        played.game
    }

    #[test]
    fn seeds_go_into_ground_the_hoe_tills_where_the_field_is_out_of_reach() {
        // The field is raised two blocks: no walk climbs onto it, and its
        // top lies above the eye.
        let mut game = on_grass(5);
        for x in 2..=5 {
            for z in 2..=5 {
                put(&mut game, [x, FLOOR + 1, z], "stone");
                put(&mut game, [x, FLOOR + 2, z], "farmland");
            }
        }
        let game = five_planted(game);
        let wheat_on_the_ground = cells_around([0, FLOOR + 1, 0], 5, 0..=0)
            .into_iter()
            .filter(|&pos| game.world.get(pos) == block("wheat"))
            .count();
        assert_eq!(wheat_on_the_ground, 5, "planted on the tilled floor");
    }

    #[test]
    fn seeds_go_into_ground_tilled_off_a_field_whose_crops_hide_the_rest() {
        // Seed 2583: the field hovers over a dip at the feet's level, and
        // leaves rest on all but the four cells nearest. Standing on the
        // field once those are planted, the crops hide the ground round
        // it from the eye, so the tilling is done from off the field.
        let mut game = on_grass(7);
        for x in 2..=5 {
            for z in 2..=5 {
                put(&mut game, [x, FLOOR, z], "air");
                put(&mut game, [x, FLOOR - 1, z], "grass_block");
                put(&mut game, [x, FLOOR + 1, z], "farmland");
                if x > 3 || z > 3 {
                    put(&mut game, [x, FLOOR + 2, z], "oak_leaves");
                }
            }
        }
        five_planted(game);
    }

    #[test]
    fn a_portal_is_built_on_the_side_where_the_ground_holds_it() {
        // Seed 616: south of the column the ground falls away into a cave
        // (here: the sky under a hole in the floor, but for the cell the
        // player is led to), while to the north it is solid three deep.
        let mut game = sky_game();
        fill(&mut game.world, [0, FLOOR - 3, -5], [4, FLOOR, 0], "dirt");
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
