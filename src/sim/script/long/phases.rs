//! The phases of getting a diamond from nothing, each a plan function or
//! a round of [`Until`], and the task's plan chaining them: logs from the
//! nearest trees; a crafting table, a wooden pickaxe and sticks; a
//! staircase down to iron deep enough that its stone makes a stone
//! pickaxe and a furnace; three iron ores; ingots in the furnace; an iron
//! pickaxe; a dig to the nearest diamond above the lava level.

use super::dig::{safe_to_open, DigTo, Targets};
use super::equip::Equip;
use super::place::PlaceNear;
use super::{deferred, Until};
use crate::sim::game::Game;
use crate::sim::registry::{block, item, registry, BlockId, ItemId};
use crate::sim::script::behaviour::{Behaviour, CollectItems, MineNearest};
use crate::sim::script::blocks::Smelt;
use crate::sim::script::craft::Craft;
use crate::sim::script::plans::{settle, Plan};
use crate::sim::script::screens::OpenNearest;
use crate::sim::script::travel::travel;
use crate::sim::world::BlockPos;

/// Logs wanted: a table (1), a wooden pickaxe with sticks for three
/// pickaxes (2), fuel and a spare table (3).
const LOGS: u32 = 7;
/// Iron ores for an iron pickaxe.
const IRON: u32 = 3;
/// Cobblestone for a stone pickaxe and a furnace.
const COBBLESTONE: u32 = 11;
/// The first iron is dug to at least this far below the feet, so the
/// staircase yields the cobblestone.
const IRON_DEPTH: i32 = 12;
/// Ores are looked for this many columns around the feet.
const ORE_SEARCH: i32 = 48;
/// Lava fills caves up to y = 10: diamonds are dug to only above it.
pub const ABOVE_LAVA: i32 = 11;
/// Columns around the feet looked at for the nearest tree.
const TREE_SEARCH: i32 = 80;

fn is_log(id: BlockId) -> bool {
    let name = registry().block(id).name;
    name.ends_with("_log") && !name.starts_with("stripped_")
}

fn logs() -> Vec<BlockId> {
    (0..registry().blocks.len() as u16)
        .map(BlockId)
        .filter(|&b| is_log(b))
        .collect()
}

pub fn held(game: &Game, name: &str) -> u32 {
    game.player.inventory.count(item(name))
}

fn logs_held(game: &Game) -> u32 {
    game.player
        .inventory
        .main
        .iter()
        .flatten()
        .filter(|s| registry().item(s.item).name.ends_with("_log"))
        .map(|s| u32::from(s.count))
        .sum()
}

fn add(pos: BlockPos, d: [i32; 3]) -> BlockPos {
    [pos[0] + d[0], pos[1] + d[1], pos[2] + d[2]]
}

/// Whether a log stands within a few blocks of feet at `feet`.
fn near_a_log(game: &Game, feet: BlockPos) -> bool {
    (-3..=3).any(|dz| {
        (-3..=3).any(|dx| (0..=4).any(|dy| is_log(game.world.get(add(feet, [dx, dy, dz])))))
    })
}

/// The nearest log column around the feet, as a guide for the walk.
fn nearest_tree(game: &Game) -> Option<[i32; 2]> {
    let feet = game.player.block_pos();
    let mut best: Option<(i32, [i32; 2])> = None;
    for dz in -TREE_SEARCH..=TREE_SEARCH {
        for dx in -TREE_SEARCH..=TREE_SEARCH {
            let d = dx * dx + dz * dz;
            if best.is_some_and(|(b, _)| b <= d) {
                continue;
            }
            let [x, z] = [feet[0] + dx, feet[2] + dz];
            let ground = game.world.generator().column(x, z).height;
            if (ground + 1..=ground + 3).any(|y| is_log(game.world.get([x, y, z]))) {
                best = Some((d, [x, z]));
            }
        }
    }
    best.map(|(_, column)| column)
}

/// Logs near the feet, nearest first.
fn logs_near(game: &Game) -> Vec<BlockPos> {
    let y = game.player.block_pos()[1];
    blocks_near(game, &logs(), y - 4..=y + 6)
}

/// One round of gathering logs: near trees, dig to the nearest log
/// (through leaves and earth, on a staircase where it stands higher)
/// and cut it; elsewhere walk towards the nearest tree.
fn log_round(game: &Game) -> Plan {
    if logs_near(game).is_empty() || !near_a_log(game, game.player.block_pos()) {
        if let Some(guide) = nearest_tree(game).filter(|_| logs_near(game).is_empty()) {
            return vec![travel(near_a_log, Some(guide))];
        }
    }
    vec![
        Box::new(DigTo::new(Box::new(logs_near)).mining()),
        Box::new(CollectItems {
            radius: 3.0,
            ticks_left: 40,
        }),
    ]
}

/// Cuts logs from the nearest trees until `count` are held.
pub fn gather_logs(count: u32) -> Box<dyn Behaviour> {
    Box::new(Until::new(
        move |g| logs_held(g) >= count,
        count * 3,
        log_round,
    ))
}

pub fn equip(name: &str) -> Box<dyn Behaviour> {
    Box::new(Equip::new(item(name)))
}

fn craft(name: &str, count: u32) -> Box<dyn Behaviour> {
    Box::new(Craft::new(item(name), count))
}

/// Places the carried crafting table (crafting one first if none is
/// carried), makes the items at it, and takes it back.
pub fn at_table(items: &[(&str, u32)]) -> Plan {
    let mut plan: Plan = vec![
        Box::new(Until::new(
            |g| held(g, "crafting_table") >= 1,
            1,
            |_| vec![craft("crafting_table", 1)],
        )),
        equip("crafting_table"),
        Box::new(PlaceNear::new(item("crafting_table"))),
    ];
    plan.extend(items.iter().map(|&(name, count)| craft(name, count)));
    plan.push(Box::new(
        MineNearest::new(vec![block("crafting_table")], 1).within(4),
    ));
    plan
}

/// The best pickaxe held, to dig with.
pub fn equip_best_pickaxe() -> Box<dyn Behaviour> {
    deferred(|game| {
        let best = [
            "diamond_pickaxe",
            "iron_pickaxe",
            "stone_pickaxe",
            "wooden_pickaxe",
        ]
        .into_iter()
        .find(|name| held(game, name) > 0);
        best.map(|name| vec![equip(name)]).unwrap_or_default()
    })
}

/// Blocks of a kind around the feet within `heights` that can be opened
/// without letting a fluid in, nearest first.
pub fn blocks_near(
    game: &Game,
    kinds: &[BlockId],
    heights: std::ops::RangeInclusive<i32>,
) -> Vec<BlockPos> {
    let feet = game.player.block_pos();
    let mut found = Vec::new();
    for y in heights {
        for dz in -ORE_SEARCH..=ORE_SEARCH {
            for dx in -ORE_SEARCH..=ORE_SEARCH {
                let pos = [feet[0] + dx, y, feet[2] + dz];
                if kinds.contains(&game.world.get(pos)) && safe_to_open(&game.world, pos) {
                    let dy = y - feet[1];
                    found.push((dx * dx + dy * dy + dz * dz, pos));
                }
            }
        }
    }
    found.sort_unstable();
    found.into_iter().map(|(_, pos)| pos).collect()
}

/// Digs to the nearest safe block of a kind within `heights` (relative
/// to nothing: absolute y), mines it and picks up the drop.
pub fn dig_and_mine(
    kind: &'static str,
    heights: fn(&Game) -> std::ops::RangeInclusive<i32>,
) -> Plan {
    let targets: Targets = Box::new(move |game| blocks_near(game, &[block(kind)], heights(game)));
    vec![
        equip_best_pickaxe(),
        Box::new(DigTo::new(targets).mining()),
        Box::new(CollectItems {
            radius: 3.0,
            ticks_left: 40,
        }),
    ]
}

/// Mines blocks of a kind until `count` of `drop` are held, digging to
/// the nearest each round.
pub fn get_ore(
    kind: &'static str,
    drop: &'static str,
    count: u32,
    heights: fn(&Game) -> std::ops::RangeInclusive<i32>,
) -> Box<dyn Behaviour> {
    Box::new(Until::new(
        move |g| held(g, drop) >= count,
        count * 3,
        move |_| dig_and_mine(kind, heights),
    ))
}

fn deep_iron(game: &Game) -> std::ops::RangeInclusive<i32> {
    1..=game.player.block_pos()[1] - IRON_DEPTH
}

fn near_feet(game: &Game) -> std::ops::RangeInclusive<i32> {
    let y = game.player.block_pos()[1];
    y - 1..=y + 2
}

pub fn any_iron(game: &Game) -> std::ops::RangeInclusive<i32> {
    let y = game.player.block_pos()[1];
    1..=y + 8
}

pub fn diamond_heights(_: &Game) -> std::ops::RangeInclusive<i32> {
    ABOVE_LAVA..=16
}

/// Items smelted by one of each fuel (vanilla burn times over the 200
/// ticks of one smelt), best first.
const FUELS: &[(&str, f32)] = &[("coal", 8.0), ("charcoal", 8.0)];
/// Any log or planks smelts one and a half items.
const WOOD_SMELTS: f32 = 1.5;

/// The fuel to smelt `items` with: a stack that alone smelts them all
/// (the furnace takes one stack): coal, else logs or planks.
fn fuel(game: &Game, items: u32) -> ItemId {
    fuel_held(game, items).unwrap_or(item("coal"))
}

/// A stack held that alone smelts `items`, if one is.
pub fn fuel_held(game: &Game, items: u32) -> Option<ItemId> {
    let inventory = &game.player.inventory;
    let smelts = |id: ItemId, count: u8| {
        let name = registry().item(id).name;
        let per_item = FUELS
            .iter()
            .find(|(fuel, _)| *fuel == name)
            .map(|&(_, n)| n)
            .or((name.ends_with("_log") || name.ends_with("_planks")).then_some(WOOD_SMELTS));
        per_item.map(|n| n * f32::from(count))
    };
    let stacks = inventory.main.iter().flatten();
    let enough = stacks
        .filter_map(|s| Some((smelts(s.item, s.count)?, s.item)))
        .filter(|&(n, _)| n >= items as f32)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    enough.map(|(_, id)| id)
}

/// Planks a log makes.
const PLANKS_PER_LOG: u32 = 4;

/// The logs of the kind most held, and how many.
fn most_logs(game: &Game) -> Option<(ItemId, u32)> {
    let mut counts: Vec<(ItemId, u32)> = Vec::new();
    for stack in game.player.inventory.main.iter().flatten() {
        if !registry().item(stack.item).name.ends_with("_log") {
            continue;
        }
        match counts.iter_mut().find(|(id, _)| *id == stack.item) {
            Some((_, n)) => *n += u32::from(stack.count),
            None => counts.push((stack.item, u32::from(stack.count))),
        }
    }
    counts.into_iter().max_by_key(|&(_, n)| n)
}

/// Whether the fuel held smelts `items`: a stack that does alone, or
/// logs of one kind that do once made into planks.
pub fn fuel_for(game: &Game, items: u32) -> bool {
    fuel_held(game, items).is_some()
        || most_logs(game)
            .is_some_and(|(_, n)| (n * PLANKS_PER_LOG) as f32 * WOOD_SMELTS >= items as f32)
}

/// When no stack held alone smelts the iron ores held (logs of two kinds
/// do not stack, and a log smelts one and a half items where its four
/// planks smelt six), makes planks enough from the logs most held.
fn planks_for_fuel() -> Box<dyn Behaviour> {
    deferred(|game| {
        let ores = held(game, "iron_ore");
        if fuel_held(game, ores).is_some() {
            return Vec::new();
        }
        let Some((log, _)) = most_logs(game) else {
            return Vec::new();
        };
        let planks = registry().item(log).name.replace("_log", "_planks");
        let wanted = (ores as f32 / WOOD_SMELTS).ceil() as u32;
        vec![Box::new(Craft::new(item(&planks), wanted))]
    })
}

/// Places the furnace and opens it (with planks made first if the fuel
/// needs them).
fn place_furnace() -> Plan {
    vec![
        planks_for_fuel(),
        equip("furnace"),
        Box::new(PlaceNear::new(item("furnace"))),
        Box::new(OpenNearest::new(block("furnace"))),
    ]
}

/// Takes the furnace back (with a pickaxe, so it drops).
fn take_furnace_back() -> Plan {
    vec![
        settle(),
        equip_best_pickaxe(),
        Box::new(MineNearest::new(vec![block("furnace")], 1).within(4)),
    ]
}

/// Smelts the iron ores held into ingots in a placed furnace, waiting
/// for them, and takes them out and the furnace back.
pub fn smelt_iron() -> Plan {
    let mut plan = place_furnace();
    plan.push(deferred(|game| {
        let ores = held(game, "iron_ore");
        vec![Box::new(
            Smelt::new(item("iron_ore"), fuel(game, ores)).taking(ores.min(64) as u8),
        )]
    }));
    plan.extend(take_furnace_back());
    plan
}

/// The first half of [`smelt_iron`]: the iron ores held and their fuel
/// put into a placed furnace, which smelts them (200 ticks an ore) while
/// the player works within reach; [`finish_smelting`] takes them.
pub fn start_smelting() -> Plan {
    let mut plan = place_furnace();
    plan.push(deferred(|game| {
        let ores = held(game, "iron_ore");
        vec![Box::new(
            Smelt::new(item("iron_ore"), fuel(game, ores)).leaving(),
        )]
    }));
    plan
}

/// Furnaces a few blocks up or down, nearest first.
fn furnaces_near(game: &Game) -> Vec<BlockPos> {
    let y = game.player.block_pos()[1];
    blocks_near(game, &[block("furnace")], y - 2..=y + 2)
}

/// [`smelt_iron`] if iron ore is held.
fn smelt_what_is_left() -> Box<dyn Behaviour> {
    deferred(|game| {
        if held(game, "iron_ore") > 0 {
            smelt_iron()
        } else {
            Vec::new()
        }
    })
}

/// Back to the furnace [`start_smelting`] filled (dug to if it is out of
/// reach): waits for what is still in it, takes the ingots out and the
/// furnace back; then [`smelt_iron`] for the iron ore still held (none
/// was put in, or the furnace came back with it inside).
pub fn finish_smelting() -> Box<dyn Behaviour> {
    deferred(|game| {
        if furnaces_near(game).is_empty() {
            return vec![smelt_what_is_left()];
        }
        let mut plan: Plan = vec![
            Box::new(DigTo::new(Box::new(furnaces_near))),
            Box::new(OpenNearest::new(block("furnace"))),
            deferred(|game| {
                let inside = Smelt::in_furnace(game);
                vec![Box::new(
                    Smelt::new(item("iron_ore"), fuel(game, 1)).taking(inside),
                )]
            }),
        ];
        plan.extend(take_furnace_back());
        plan.push(smelt_what_is_left());
        plan
    })
}

/// From nothing to a diamond picked up, through the tool ladder.
pub fn to_diamond() -> Plan {
    let mut plan: Plan = vec![gather_logs(LOGS)];
    plan.extend(at_table(&[("wooden_pickaxe", 1), ("stick", 4)]));
    plan.push(equip_best_pickaxe());
    let first_iron: Targets =
        Box::new(|game| blocks_near(game, &[block("iron_ore")], deep_iron(game)));
    plan.push(Box::new(DigTo::new(first_iron)));
    plan.push(get_ore("stone", "cobblestone", COBBLESTONE, near_feet));
    plan.extend(at_table(&[("stone_pickaxe", 1), ("furnace", 1)]));
    plan.push(get_ore("iron_ore", "iron_ore", IRON, any_iron));
    plan.extend(smelt_iron());
    plan.extend(at_table(&[("iron_pickaxe", 1)]));
    plan.push(get_ore("diamond_ore", "diamond", 1, diamond_heights));
    plan.push(settle());
    plan
}

pub fn mine_diamond_from_scratch(_: &Game) -> Plan {
    to_diamond()
}
