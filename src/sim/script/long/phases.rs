//! The phases of getting a diamond from nothing, each a plan function or
//! a round of [`Until`], and the task's plan chaining them: logs from the
//! nearest trees; a crafting table, a wooden pickaxe and sticks; a
//! staircase down to iron deep enough that its stone makes a stone
//! pickaxe and a furnace (more when its stone makes them); three iron
//! ores; ingots in the furnaces, the ore split over them so they smelt
//! side by side; an iron pickaxe; a dig to the nearest diamond above the
//! lava level.

use std::collections::BTreeSet;

use super::dig::{has_a_floor_in_reach, safe_to_open, DigTo, Targets};
use super::equip::Equip;
use super::place::PlaceNear;
use super::{deferred, Until};
use crate::sim::game::Game;
use crate::sim::registry::{block, item, registry, BlockId, ItemId};
use crate::sim::script::behaviour::{Behaviour, Hold};
use crate::sim::script::blocks::stands_dry;
use crate::sim::script::collect::CollectItems;
use crate::sim::script::craft::Craft;
use crate::sim::script::mining::MineNearest;
use crate::sim::script::plans::{craft, settle, Plan};
use crate::sim::script::screens::OpenNearest;
use crate::sim::script::smelt::Smelt;
use crate::sim::script::travel::travel;
use crate::sim::world::{offset, BlockPos};

/// Logs wanted: a table (1), a wooden pickaxe with sticks for three
/// pickaxes (2), fuel and a spare table (3).
const LOGS: u32 = 7;
/// Iron ores for an iron pickaxe.
const IRON: u32 = 3;
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

/// Whether a log stands at `pos` that some feet cell with a floor has
/// in reach (not one of a trunk left floating over a pit).
fn cuttable_log(game: &Game, pos: BlockPos) -> bool {
    is_log(game.world.get(pos)) && has_a_floor_in_reach(&game.world, pos)
}

/// Whether a cuttable log stands within a few blocks of feet at `feet`.
fn near_a_log(game: &Game, feet: BlockPos) -> bool {
    (-3..=3).any(|dz| {
        (-3..=3).any(|dx| (0..=4).any(|dy| cuttable_log(game, offset(feet, [dx, dy, dz]))))
    })
}

/// Whether feet at `feet` stand dry on firm ground near a cuttable log:
/// where a walk to a tree ends, so the dig to the log starts from ground
/// (not afloat on a lake under the crown, nor sunk to its bed).
fn by_a_log(game: &Game, feet: BlockPos) -> bool {
    stands_dry(&game.world, feet) && near_a_log(game, feet)
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
            if (ground + 1..=ground + 3).any(|y| cuttable_log(game, [x, y, z])) {
                best = Some((d, [x, z]));
            }
        }
    }
    best.map(|(_, column)| column)
}

/// Logs near the feet that can be cut standing on something, nearest
/// first.
fn logs_near(game: &Game) -> Vec<BlockPos> {
    let y = game.player.block_pos()[1];
    let mut found = blocks_near(game, &logs(), y - 4..=y + 6);
    found.retain(|&log| has_a_floor_in_reach(&game.world, log));
    found
}

/// One round of gathering logs: away from trees, walk over the ground
/// to the nearest one first (round a lake, say, that a dig would pass
/// under, through stone by hand); then dig to the nearest log (through
/// leaves and earth, on a staircase where it stands higher) and cut it.
fn log_round(game: &Game) -> Plan {
    let mut plan = Plan::new();
    if logs_near(game).is_empty() || !by_a_log(game, game.player.block_pos()) {
        if let Some(guide) = nearest_tree(game) {
            plan.push(travel(by_a_log, Some(guide)));
        }
    }
    plan.push(Box::new(DigTo::new(Box::new(logs_near)).mining()));
    plan.push(Box::new(CollectItems::new(3.0, 40)));
    plan
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
        Box::new(CollectItems::new(3.0, 40)),
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

/// Items one of a fuel smelts, if it is a fuel.
fn smelts_per(id: ItemId) -> Option<f32> {
    let name = registry().item(id).name;
    FUELS
        .iter()
        .find(|(fuel, _)| *fuel == name)
        .map(|&(_, n)| n)
        .or((name.ends_with("_log") || name.ends_with("_planks")).then_some(WOOD_SMELTS))
}

/// Whole fuel items, each smelting `per` items, that smelt `items`.
fn burned_for(per: f32, items: u32) -> u32 {
    (items as f32 / per).ceil() as u32
}

/// Fuel items of a kind one furnace burns to smelt `items`.
fn fuel_items(fuel: ItemId, items: u32) -> u32 {
    smelts_per(fuel).map_or(0, |per| burned_for(per, items))
}

/// The fuel to smelt `shares` with (one share a furnace): a kind held
/// that smelts them all, coal first; else coal (none held).
fn fuel(game: &Game, shares: &[u32]) -> ItemId {
    fuel_held(game, shares).unwrap_or(item("coal"))
}

/// A fuel held, as much of it as smelts `shares` (one a furnace), if
/// there is one: the one that smelts the most.
fn fuel_held(game: &Game, shares: &[u32]) -> Option<ItemId> {
    let inventory = &game.player.inventory;
    let needed = |id: ItemId| shares.iter().map(|&n| fuel_items(id, n)).sum::<u32>();
    let kinds: BTreeSet<ItemId> = inventory.main.iter().flatten().map(|s| s.item).collect();
    kinds
        .into_iter()
        .filter_map(|id| Some((smelts_per(id)?, id)))
        .filter(|&(_, id)| inventory.count(id) >= needed(id))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id)
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

/// Planks that smelt `shares`, one furnace each.
fn planks_for(shares: &[u32]) -> u32 {
    shares.iter().map(|&n| burned_for(WOOD_SMELTS, n)).sum()
}

/// Whether the fuel held smelts `shares` (one a furnace): a kind held
/// that does, or logs of one kind that do once made into planks.
fn fuel_smelts(game: &Game, shares: &[u32]) -> bool {
    fuel_held(game, shares).is_some()
        || most_logs(game).is_some_and(|(_, n)| n * PLANKS_PER_LOG >= planks_for(shares))
}

/// Whether the fuel held smelts `items` in one furnace.
pub fn fuel_for(game: &Game, items: u32) -> bool {
    items == 0 || fuel_smelts(game, &[items])
}

/// When no fuel held smelts `shares` (logs of two kinds do not stack,
/// and a log smelts one and a half items where its four planks smelt
/// six), makes planks enough from the logs most held.
fn planks_for_fuel(shares: Vec<u32>) -> Box<dyn Behaviour> {
    deferred(move |game| {
        if fuel_held(game, &shares).is_some() {
            return Vec::new();
        }
        let Some((log, _)) = most_logs(game) else {
            return Vec::new();
        };
        let planks = registry().item(log).name.replace("_log", "_planks");
        vec![Box::new(Craft::new(item(&planks), planks_for(&shares)))]
    })
}

/// Takes `count` furnaces nearby back (with a pickaxe, so they drop).
fn take_furnaces_back(count: u32) -> Plan {
    vec![
        settle(),
        equip_best_pickaxe(),
        Box::new(MineNearest::new(vec![block("furnace")], count).within(4)),
    ]
}

/// Furnaces worked side by side at most: n ores in k furnaces smelt in
/// ⌈n/k⌉ · 200 ticks instead of n · 200.
const MOST_FURNACES: u32 = 3;
/// Cobblestone a furnace takes, and a stone pickaxe.
const FURNACE_COBBLESTONE: u32 = 8;
const PICKAXE_COBBLESTONE: u32 = 3;
/// Ticks one item takes to smelt, and between looks at the furnaces.
const SMELT_TICKS: u32 = 200;
const SMELT_POLL: u32 = 20;

/// Furnaces to make with the stone pickaxe: one, and more (up to
/// `most`) while the cobblestone held beyond the pickaxe's makes them.
fn furnaces_to_make(game: &Game, most: u32) -> u32 {
    let spare = held(game, "cobblestone").saturating_sub(PICKAXE_COBBLESTONE);
    (spare / FURNACE_COBBLESTONE).clamp(1, most.clamp(1, MOST_FURNACES))
}

/// Every way to split `ores` over at most `furnaces` furnaces, each
/// share one ore or more, biggest first; none of no ore.
fn splits(ores: u32, furnaces: u32) -> Vec<Vec<u32>> {
    fn extend(left: u32, most: u32, parts: u32, split: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if left == 0 {
            out.push(split.clone());
            return;
        }
        if parts == 0 {
            return;
        }
        for share in (1..=most.min(left)).rev() {
            split.push(share);
            extend(left - share, share, parts - 1, split, out);
            split.pop();
        }
    }
    let mut out = Vec::new();
    if ores > 0 {
        extend(ores, ores, furnaces, &mut Vec::new(), &mut out);
    }
    out
}

/// The split of the iron ore held over (at most) `furnaces` that the
/// fuel held smelts soonest (the smallest biggest share; fewer furnaces
/// when that ties): fuel comes in whole items, so three ores and one in
/// two furnaces may burn three planks where two and two burn four.
/// All in one furnace when the fuel stretches to no split.
fn fuelled_split(game: &Game, furnaces: u32) -> Vec<u32> {
    let ores = held(game, "iron_ore");
    let furnaces = furnaces.clamp(1, MOST_FURNACES);
    splits(ores, furnaces)
        .into_iter()
        .filter(|split| fuel_smelts(game, split))
        .min_by_key(|split| (split[0], split.len()))
        .unwrap_or_else(|| vec![ores].into_iter().filter(|&n| n > 0).collect())
}

/// How many items a furnace's slot holds.
fn in_furnace_slot(game: &Game, pos: BlockPos, slot: usize) -> u32 {
    game.block_entities
        .get(pos)
        .and_then(|e| e.slots().get(slot)?.as_ref())
        .map_or(0, |s| u32::from(s.count))
}

/// Whether a furnace holds nothing: none of it is the player's yet.
fn empty_furnace(game: &Game, pos: BlockPos) -> bool {
    (0..3).all(|slot| in_furnace_slot(game, pos, slot) == 0)
}

/// Whether a furnace has made something to take.
fn furnace_made(game: &Game, pos: BlockPos) -> bool {
    in_furnace_slot(game, pos, Smelt::OUTPUT) > 0
}

/// Levels up or down searched for the furnaces left smelting: the
/// flint's gravel, sought up to ten levels off, can take the player far
/// from them (`kill_ender_dragon` seeds 7 and 11: three and eight
/// levels, their ingots left behind and no bucket made).
const SMELTING_HEIGHTS: i32 = 16;

/// Furnaces with ore in them or ingots made (the player's, left
/// smelting) a few levels up or down, nearest first.
fn furnaces_left_smelting(game: &Game) -> Vec<BlockPos> {
    let y = game.player.block_pos()[1];
    blocks_near(
        game,
        &[block("furnace")],
        y - SMELTING_HEIGHTS..=y + SMELTING_HEIGHTS,
    )
    .into_iter()
    .filter(|&pos| in_furnace_slot(game, pos, Smelt::INPUT) > 0 || furnace_made(game, pos))
    .collect()
}

/// Furnaces within reach of where the player stands (4 columns off, 2
/// levels up or down).
fn furnaces_in_reach(game: &Game) -> Vec<BlockPos> {
    let [x, y, z] = game.player.block_pos();
    blocks_near(game, &[block("furnace")], y - 2..=y + 2)
        .into_iter()
        .filter(|&pos| (pos[0] - x).abs().max((pos[2] - z).abs()) <= 4)
        .collect()
}

/// Places one more carried furnace, opens it and puts the biggest share
/// of the iron ore held (split over it and those still carried) and its
/// fuel in, leaving it smelting.
fn load_a_furnace() -> Plan {
    let mut plan = place_and_open_furnace(empty_furnace);
    plan.push(deferred(|game| {
        let furnaces = held(game, "furnace") + 1;
        let Some(&ores) = fuelled_split(game, furnaces).first() else {
            return Vec::new();
        };
        let fuel = fuel(game, &[ores]);
        let portion = [ores, fuel_items(fuel, ores)].map(|n| n.min(64) as u8);
        vec![Box::new(
            Smelt::new(item("iron_ore"), fuel)
                .portion(portion[0], portion[1])
                .leaving(),
        )]
    }));
    plan
}

/// Places a carried furnace and opens the nearest furnace in reach that
/// `only` accepts.
fn place_and_open_furnace(only: fn(&Game, BlockPos) -> bool) -> Plan {
    vec![
        equip("furnace"),
        Box::new(PlaceNear::new(item("furnace"))),
        Box::new(OpenNearest::new(block("furnace")).only(only)),
    ]
}

/// The first half of [`smelt_iron`]: the iron ores held split over the
/// furnaces carried (up to [`MOST_FURNACES`], as [`fuelled_split`]
/// says), each placed and given its share and fuel in turn and left
/// smelting (200 ticks an ore) while the player works within reach;
/// [`finish_smelting`] takes the ingots. A furnace that finds no cell
/// leaves its share for the others, or for after.
pub fn start_smelting() -> Plan {
    vec![deferred(|game| {
        let planned = fuelled_split(game, held(game, "furnace"));
        let mut plan = vec![planks_for_fuel(planned.clone())];
        for _ in &planned {
            plan.extend(load_a_furnace());
        }
        plan
    })]
}

/// Waits by the furnaces in reach until none has ore left to smelt.
fn wait_for_furnaces() -> Box<dyn Behaviour> {
    deferred(|game| {
        let most = furnaces_in_reach(game)
            .into_iter()
            .map(|pos| in_furnace_slot(game, pos, Smelt::INPUT))
            .max()
            .unwrap_or(0);
        let still_smelting = |g: &Game| {
            furnaces_in_reach(g)
                .into_iter()
                .any(|pos| in_furnace_slot(g, pos, Smelt::INPUT) > 0)
        };
        vec![Box::new(Until::new(
            move |g| !still_smelting(g),
            (most + 1) * SMELT_TICKS / SMELT_POLL,
            |_| -> Plan { vec![Box::new(Hold::still(SMELT_POLL))] },
        ))]
    })
}

/// Takes the ingots out of every furnace in reach, and the furnaces back.
fn empty_the_furnaces() -> Box<dyn Behaviour> {
    deferred(|game| {
        let furnaces = furnaces_in_reach(game).len() as u32;
        let mut plan: Plan = Vec::new();
        for _ in 0..furnaces {
            plan.push(Box::new(
                OpenNearest::new(block("furnace")).only(furnace_made),
            ));
            plan.push(deferred(|game| {
                vec![Box::new(Smelt::take_out(
                    item("iron_ore"),
                    Smelt::in_furnace(game),
                ))]
            }));
        }
        plan.extend(take_furnaces_back(furnaces));
        plan
    })
}

/// Back to the furnaces [`start_smelting`] filled (dug to if they are
/// out of reach): waits until they are done, takes the ingots out and
/// the furnaces back; then smelts in one furnace the iron ore still
/// held (none was put in, or a furnace found no cell to go into).
pub fn finish_smelting() -> Box<dyn Behaviour> {
    deferred(|game| {
        if furnaces_left_smelting(game).is_empty() {
            return vec![smelt_what_is_left()];
        }
        vec![
            Box::new(DigTo::new(Box::new(furnaces_left_smelting))),
            wait_for_furnaces(),
            empty_the_furnaces(),
            smelt_what_is_left(),
        ]
    })
}

/// Smelts the iron ores held into ingots side by side in the furnaces
/// carried and waits for them: [`start_smelting`], [`finish_smelting`].
pub fn smelt_iron() -> Plan {
    let mut plan = start_smelting();
    plan.push(finish_smelting());
    plan
}

/// The iron ore held smelted in one furnace (placed, its planks made
/// first if the fuel needs them), waited for, the ingots taken out and
/// the furnace back.
fn smelt_in_one_furnace() -> Plan {
    let mut plan = vec![deferred(|game| {
        vec![planks_for_fuel(vec![held(game, "iron_ore")])]
    })];
    plan.extend(place_and_open_furnace(|_, _| true));
    plan.push(deferred(|game| {
        let ores = held(game, "iron_ore");
        let mut plan: Plan = vec![Box::new(
            Smelt::new(item("iron_ore"), fuel(game, &[ores])).taking(ores.min(64) as u8),
        )];
        plan.extend(take_furnaces_back(1));
        plan
    }));
    plan
}

/// [`smelt_in_one_furnace`] if iron ore is held.
fn smelt_what_is_left() -> Box<dyn Behaviour> {
    deferred(|game| {
        if held(game, "iron_ore") > 0 {
            smelt_in_one_furnace()
        } else {
            Vec::new()
        }
    })
}

/// How much iron the first smelting makes, and in how many furnaces:
/// cobblestone is mined for the least with the wooden pickaxe; up to the
/// most are made when the staircase's stone makes them.
#[derive(Debug, Clone, Copy)]
pub struct Smelting {
    pub ores: u32,
    pub least_furnaces: u32,
    pub most_furnaces: u32,
}

/// An iron pickaxe's three ingots, in one furnace.
const PICKAXE_IRON: Smelting = Smelting {
    ores: IRON,
    least_furnaces: 1,
    most_furnaces: 1,
};

/// From nothing to a diamond picked up, through the tool ladder, the
/// first iron smelted as `smelting` says.
pub fn to_diamond(smelting: Smelting) -> Plan {
    let mut plan: Plan = vec![gather_logs(LOGS)];
    plan.extend(at_table(&[("wooden_pickaxe", 1), ("stick", 4)]));
    plan.push(equip_best_pickaxe());
    let first_iron: Targets =
        Box::new(|game| blocks_near(game, &[block("iron_ore")], deep_iron(game)));
    plan.push(Box::new(DigTo::new(first_iron)));
    let cobblestone = PICKAXE_COBBLESTONE + FURNACE_COBBLESTONE * smelting.least_furnaces;
    plan.push(get_ore("stone", "cobblestone", cobblestone, near_feet));
    plan.push(deferred(move |game| {
        let furnaces = furnaces_to_make(game, smelting.most_furnaces);
        at_table(&[("stone_pickaxe", 1), ("furnace", furnaces)])
    }));
    plan.push(get_ore("iron_ore", "iron_ore", smelting.ores, any_iron));
    plan.extend(smelt_iron());
    plan.extend(at_table(&[("iron_pickaxe", 1)]));
    plan.push(get_ore("diamond_ore", "diamond", 1, diamond_heights));
    plan.push(settle());
    plan
}

pub fn mine_diamond_from_scratch(_: &Game) -> Plan {
    to_diamond(PICKAXE_IRON)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::sky_game;
    use crate::sim::inventory::ItemStack;
    use crate::sim::script::long::stage::play_phase;

    /// The sky floor with the player holding `items`.
    fn holding(items: &[(&str, u8)]) -> Game {
        let mut game = sky_game();
        for (slot, &(name, count)) in items.iter().enumerate() {
            game.player.inventory.main[slot] = Some(ItemStack::new(item(name), count));
        }
        game
    }

    #[test]
    fn a_walk_to_a_tree_ends_dry_by_a_log_that_can_be_cut() {
        use crate::sim::inspect::testing::{put, FLOOR};
        let mut game = sky_game();
        let feet = [0, FLOOR + 1, 0];
        // A trunk's log left floating two blocks over the floor: no
        // floor under any cell it is in reach from.
        put(&mut game, [1, FLOOR + 4, 0], "oak_log");
        assert!(!near_a_log(&game, feet), "a floating log is no tree");
        assert!(!by_a_log(&game, feet));
        put(&mut game, [2, FLOOR + 1, 0], "oak_log");
        assert!(near_a_log(&game, feet));
        assert!(by_a_log(&game, feet));
        put(&mut game, feet, "water");
        assert!(
            !by_a_log(&game, feet),
            "in water, the dig has no floor to start from"
        );
        put(&mut game, feet, "air");
        put(&mut game, [0, FLOOR, 0], "water");
        assert!(!by_a_log(&game, feet), "afloat");
    }

    #[test]
    fn the_ingots_are_fetched_from_a_furnace_left_eight_levels_up() {
        use crate::sim::inspect::testing::{put, FLOOR};
        use crate::sim::rules::testkit::fill;
        let mut game = holding(&[("diamond_pickaxe", 1)]);
        // Rock over the floor, the player in a pocket at its foot and
        // the furnace it left smelting eight levels up in it (where the
        // flint's gravel took `kill_ender_dragon` seed 11 from it).
        fill(
            &mut game.world,
            [-3, FLOOR + 1, -3],
            [8, FLOOR + 12, 3],
            "stone",
        );
        put(&mut game, [0, FLOOR + 1, 0], "air");
        put(&mut game, [0, FLOOR + 2, 0], "air");
        let furnace = [5, FLOOR + 9, 0];
        put(&mut game, furnace, "furnace");
        let entity = game
            .block_entities
            .entry(furnace, block("furnace"))
            .expect("a furnace keeps items");
        let mut slots = entity.slots().to_vec();
        slots[Smelt::OUTPUT] = Some(ItemStack::new(item("iron_ingot"), 4));
        entity.store(slots);
        let staged = play_phase(
            game,
            vec![finish_smelting()],
            |g| held(g, "iron_ingot") >= 4,
            3000,
        );
        assert!(
            staged.reached,
            "ingots held: {}",
            held(&staged.game, "iron_ingot")
        );
    }

    #[test]
    fn the_ore_is_split_as_the_whole_fuel_items_held_smelt_it_soonest() {
        assert_eq!(splits(4, 2), vec![vec![4], vec![3, 1], vec![2, 2]]);
        assert_eq!(splits(3, 3), vec![vec![3], vec![2, 1], vec![1, 1, 1]]);
        let split = |planks: u8, furnaces: u32| {
            fuelled_split(
                &holding(&[("iron_ore", 4), ("oak_planks", planks)]),
                furnaces,
            )
        };
        // A plank smelts one and a half items: 3 and 1 burn 2 + 1 planks,
        // 2 and 2 burn 2 + 2.
        assert_eq!(split(3, 2), vec![3, 1]);
        assert_eq!(split(4, 2), vec![2, 2]);
        assert_eq!(split(4, 1), vec![4]);
        assert_eq!(split(1, 2), vec![4], "too little fuel for any split");
        // The ore all lost (burnt in lava, say) by the time the smelting
        // starts: nothing to split, and no panic.
        assert!(splits(0, 2).is_empty());
        assert!(fuelled_split(&holding(&[("oak_planks", 4)]), 2).is_empty());
    }

    /// Steps [`smelt_iron`] takes for four ores with `furnaces` carried,
    /// and the ingots and furnaces held after. Two coal, one a furnace:
    /// the coal a furnace burns as it lights must not be topped up.
    fn smelt_four(furnaces: u8) -> (u32, u32, u32) {
        let game = holding(&[
            ("iron_ore", 4),
            ("coal", 2),
            ("furnace", furnaces),
            ("stone_pickaxe", 1),
        ]);
        let done =
            move |g: &Game| held(g, "iron_ingot") >= 4 && held(g, "furnace") == u32::from(furnaces);
        let staged = play_phase(game, smelt_iron(), done, 2000);
        let g = &staged.game;
        (staged.steps, held(g, "iron_ingot"), held(g, "furnace"))
    }

    #[test]
    fn furnaces_side_by_side_smelt_the_ore_in_a_fraction_of_the_time() {
        let (one, ingots, furnaces) = smelt_four(1);
        assert_eq!((ingots, furnaces), (4, 1));
        assert!(one >= 4 * SMELT_TICKS, "one furnace: {one} steps");
        let (two, ingots, furnaces) = smelt_four(2);
        assert_eq!(
            (ingots, furnaces),
            (4, 2),
            "the ingots and both furnaces back"
        );
        assert!(
            (2 * SMELT_TICKS..3 * SMELT_TICKS).contains(&two),
            "two furnaces: {two} steps (one: {one})"
        );
    }
}
