//! Whole commands run on a fresh game: every form of SPEC §2, the errors
//! with their positions, and that a refused command changes nothing.

use super::run;
use crate::sim::entity::{EntityKind, Mob};
use crate::sim::game::{Game, Weather};
use crate::sim::inventory::ItemStack;
use crate::sim::player::ActiveEffect;
use crate::sim::raycast::Face;
use crate::sim::registry::{block, item, registry, BlockId, ItemId};
use crate::sim::stats::Statistics;
use crate::sim::world::BlockPos;
use crate::sim::CommandStatus;

fn game() -> Game {
    Game::new(7)
}

fn accept(game: &mut Game, text: &str) {
    assert_eq!(run(game, text), CommandStatus::Accepted, "{text}");
}

/// Everything a command could change, as text.
fn fingerprint(game: &Game) -> String {
    let feet = game.player.block_pos();
    let mut blocks = Vec::new();
    for dy in -12..=12 {
        for dz in -8..=8 {
            for dx in -8..=8 {
                blocks.push(game.world.get([feet[0] + dx, feet[1] + dy, feet[2] + dz]).0);
            }
        }
    }
    let p = &game.player;
    format!(
        "{:?} {} {} {:?} {:?} {:?} {:?} {:?} {} {:?} {:?} {:?} {:?} {:?}",
        p.pos,
        p.yaw,
        p.pitch,
        p.inventory.main,
        p.inventory.armor,
        p.inventory.offhand,
        p.effects,
        game.entities.list,
        p.xp_levels,
        game.day_time,
        game.weather,
        game.spawn,
        game.rngs,
        blocks,
    )
}

/// Runs `text`, asserts it is rejected without changing the game, returns the reason.
fn reject(game: &mut Game, text: &str) -> String {
    let before = fingerprint(game);
    let status = run(game, text);
    assert_eq!(fingerprint(game), before, "{text} changed the game");
    match status {
        CommandStatus::Rejected { reason } => reason,
        other => panic!("{text}: {other:?}"),
    }
}

fn unsupported(game: &mut Game, text: &str) -> String {
    let before = fingerprint(game);
    let status = run(game, text);
    assert_eq!(fingerprint(game), before, "{text} changed the game");
    match status {
        CommandStatus::Unsupported { reason } => reason,
        other => panic!("{text}: {other:?}"),
    }
}

fn main_slot(game: &Game, index: usize) -> Option<&ItemStack> {
    game.player.inventory.main[index].as_ref()
}

fn feet(game: &Game) -> BlockPos {
    game.player.block_pos()
}

fn at(game: &Game, [dx, dy, dz]: [i32; 3]) -> BlockId {
    let f = feet(game);
    game.world.get([f[0] + dx, f[1] + dy, f[2] + dz])
}

/// The items lying in the world, by kind, in spawn order.
fn dropped_items(game: &Game) -> Vec<ItemId> {
    game.entities
        .list
        .iter()
        .filter_map(|e| match &e.kind {
            EntityKind::Item { stack, .. } => Some(stack.item),
            _ => None,
        })
        .collect()
}

fn mobs(game: &Game) -> Vec<(&Mob, [f64; 3])> {
    game.entities
        .list
        .iter()
        .filter_map(|e| match &e.kind {
            EntityKind::Mob(mob) => Some((mob, e.pos)),
            _ => None,
        })
        .collect()
}

fn close(a: [f64; 3], b: [f64; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-6)
}

#[test]
fn give_fills_the_inventory_in_stacks() {
    let mut g = game();
    accept(&mut g, "/give @s minecraft:torch 10");
    accept(&mut g, "give @p stone 128");
    accept(&mut g, "/give @a minecraft:iron_pickaxe");
    assert_eq!(main_slot(&g, 0).unwrap().count, 10);
    assert_eq!(main_slot(&g, 1).unwrap().count, 64);
    assert_eq!(main_slot(&g, 2).unwrap().count, 64);
    assert_eq!(main_slot(&g, 3).unwrap().item, item("iron_pickaxe"));
    assert_eq!(main_slot(&g, 3).unwrap().count, 1);
    assert_eq!(g.stats, Statistics::default(), "giving counts no statistic");
}

#[test]
fn give_drops_what_does_not_fit_at_the_player() {
    let mut g = game();
    accept(&mut g, "/give @s minecraft:dirt 2340");
    assert!(g
        .player
        .inventory
        .main
        .iter()
        .all(|s| s.as_ref().is_some_and(|s| s.count == 64)));
    let dropped: Vec<_> = g
        .entities
        .list
        .iter()
        .map(|e| match &e.kind {
            EntityKind::Item {
                stack,
                pickup_delay,
            } => (stack.count, *pickup_delay, e.pos),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(dropped.len(), 1);
    let (count, delay, pos) = dropped[0];
    assert_eq!((u32::from(count), delay), (2340 - 36 * 64, 0));
    assert!((pos[1] - (g.player.eye()[1] - 0.3)).abs() < 1e-9);
    assert_eq!(pos[0], g.player.pos[0]);
    let reason = unsupported(&mut g, "/give @s minecraft:dirt 6401");
    assert!(reason.contains("100 stacks"), "{reason}");
}

#[test]
fn give_applies_item_nbt() {
    let mut g = game();
    accept(
        &mut g,
        r#"/give @s minecraft:diamond_sword{Enchantments:[{id:"minecraft:sharpness",lvl:5s},{id:"made_up",lvl:1}],Damage:10} 1"#,
    );
    let sword = main_slot(&g, 0).unwrap();
    assert_eq!(sword.enchantments.len(), 1);
    assert_eq!(
        (
            sword.enchantments[0].id.as_str(),
            sword.enchantments[0].level
        ),
        ("sharpness", 5)
    );
    assert_eq!(sword.damage, 10);
    accept(
        &mut g,
        r#"/give @s minecraft:potion{Potion:"minecraft:water"} 3"#,
    );
    let potions = main_slot(&g, 1).unwrap();
    assert_eq!(
        (potions.potion.as_deref(), potions.count),
        (Some("minecraft:water"), 1)
    );
    assert_eq!(
        main_slot(&g, 3).unwrap().potion.as_deref(),
        Some("minecraft:water")
    );
    accept(
        &mut g,
        r#"/give @s enchanted_book{StoredEnchantments:[{id:"minecraft:mending",lvl:1}]}"#,
    );
    assert_eq!(main_slot(&g, 4).unwrap().enchantments[0].id, "mending");
    accept(
        &mut g,
        "/give @s stone{display:{Name:'\"x\"'},Unused:[I;1,2]} 2",
    );
    assert_eq!(main_slot(&g, 5).unwrap().count, 2);
}

#[test]
fn give_rejects_what_minecraft_rejects() {
    let mut g = game();
    assert_eq!(
        reject(&mut g, "/give @s minecraft:wool 20"),
        "Unknown item 'minecraft:wool' at position 9"
    );
    assert_eq!(
        reject(&mut g, "give @s planks"),
        "Unknown item 'minecraft:planks' at position 8"
    );
    assert_eq!(
        reject(&mut g, "/give @s stone 0"),
        "Integer must not be less than 1, found 0 at position 15"
    );
    assert_eq!(
        reject(&mut g, "/give @s stone{a:[1,b]}"),
        "Can't insert TAG_String into list of TAG_Int at position 20"
    );
    assert_eq!(reject(&mut g, "/give Steve stone"), "No player was found");
    assert!(reject(&mut g, "/give @e stone").starts_with("Only players may be affected"));
    assert!(reject(&mut g, "/give @s").contains("expected item"));
    assert!(reject(&mut g, "/give @s stone 5 6").starts_with("Incorrect argument"));
    assert!(reject(&mut g, "/give @s stone[a=b]").starts_with("Expected whitespace"));
}

#[test]
fn replaceitem_sets_named_slots() {
    let mut g = game();
    g.player.inventory.selected = 3;
    accept(
        &mut g,
        "/replaceitem entity @s armor.head minecraft:diamond_helmet",
    );
    accept(
        &mut g,
        "/replaceitem entity @s armor.feet minecraft:iron_boots",
    );
    accept(
        &mut g,
        "/replaceitem entity @s weapon.mainhand minecraft:bow",
    );
    accept(
        &mut g,
        "/replaceitem entity @s weapon.offhand minecraft:shield",
    );
    accept(&mut g, "/replaceitem entity @s hotbar.8 minecraft:torch 20");
    accept(
        &mut g,
        "/replaceitem entity @s inventory.0 minecraft:stone 64",
    );
    accept(
        &mut g,
        "/replaceitem entity @p container.35 minecraft:apple",
    );
    let inv = &g.player.inventory;
    assert_eq!(inv.armor[0].as_ref().unwrap().item, item("diamond_helmet"));
    assert_eq!(inv.armor[3].as_ref().unwrap().item, item("iron_boots"));
    assert_eq!(inv.main[3].as_ref().unwrap().item, item("bow"));
    assert_eq!(inv.offhand.as_ref().unwrap().item, item("shield"));
    assert_eq!(inv.main[8].as_ref().unwrap().count, 20);
    assert_eq!(inv.main[9].as_ref().unwrap().item, item("stone"));
    assert_eq!(inv.main[35].as_ref().unwrap().item, item("apple"));
    accept(&mut g, "/replaceitem entity @s weapon minecraft:stick");
    assert_eq!(
        g.player.inventory.main[3].as_ref().unwrap().item,
        item("stick")
    );

    assert_eq!(
        reject(&mut g, "/replaceitem entity @s armor.hat minecraft:stone"),
        "Unknown slot 'armor.hat' at position 23"
    );
    assert!(reject(&mut g, "/replaceitem entity @s hotbar.1 stone 65").contains("more than 64"));
    assert!(reject(&mut g, "/replaceitem entity @s villager.0 stone").contains("no such slot"));
    unsupported(&mut g, "/replaceitem entity @s enderchest.0 stone");
    unsupported(&mut g, "/replaceitem block 0 64 0 container.0 stone");
}

#[test]
fn summon_boat_makes_the_boat_entity_boat_items_place() {
    let mut g = game();
    let player = g.player.pos;
    accept(&mut g, "/summon minecraft:boat");
    accept(
        &mut g,
        r#"/summon boat ~2 ~ ~ {Type:"jungle",Rotation:[90f,0f]}"#,
    );
    let boats: Vec<_> = g
        .entities
        .list
        .iter()
        .filter_map(|e| match &e.kind {
            EntityKind::Boat(boat) => Some((boat.item, e.pos, e.yaw)),
            _ => None,
        })
        .collect();
    assert_eq!(boats.len(), 2);
    assert_eq!(boats[0].0, crate::sim::registry::item("oak_boat"));
    assert!(close(boats[0].1, player));
    assert_eq!(boats[1].0, crate::sim::registry::item("jungle_boat"));
    assert_eq!(boats[1].2, 90.0);
}

#[test]
fn summon_spawns_creatures_with_their_nbt() {
    let mut g = game();
    let player = g.player.pos;
    accept(&mut g, "/summon minecraft:chest_minecart");
    accept(&mut g, "/summon minecraft:wolf ~3 ~ ~1 {AngerTime:6000}");
    accept(&mut g, "/summon minecraft:wolf ~4 ~ ~2 {Angry:1}");
    accept(&mut g, "/summon wolf ~ ~ ~ {Tame:1b,Owner:[I;1,2,3,4]}");
    accept(&mut g, "/summon minecraft:zombie ~2 ~ ~ {IsBaby:1}");
    accept(&mut g, "/summon minecraft:cow ~ ~ ~ {Age:-24000}");
    accept(
        &mut g,
        r#"/summon minecraft:villager ~3 ~ ~3 {VillagerData:{profession:"minecraft:farmer",level:1,type:"minecraft:plains"},Xp:1}"#,
    );
    accept(&mut g, "/summon minecart 10 70 -4 {Rotation:[90f,0f]}");
    accept(&mut g, "/summon horse");
    let all = mobs(&g);
    assert_eq!(all.len(), 9);
    let name = |i: usize| registry().entity(all[i].0.kind).name;
    assert_eq!(name(0), "chest_minecart");
    assert!(close(all[0].1, player), "no position means the feet");
    assert!(all[1].0.tags.angry && all[2].0.tags.angry);
    assert!(close(
        all[1].1,
        [player[0] + 3.0, player[1], player[2] + 1.0]
    ));
    assert!(all[3].0.tags.tame && all[3].0.health == 20.0);
    assert_eq!(all[2].0.health, 8.0);
    assert!(all[4].0.tags.baby && all[5].0.tags.baby);
    assert_eq!(
        all[6].0.tags.profession.as_deref(),
        Some("minecraft:farmer")
    );
    assert_eq!(name(7), "minecart");
    assert!(
        close(all[7].1, [10.5, 70.0, -3.5]),
        "whole x and z are centred"
    );
    assert_eq!(g.entities.list[7].yaw, 90.0);
    assert!((15.0..=30.0).contains(&all[8].0.health));
    assert_eq!(
        g.stats,
        Statistics::default(),
        "summoning counts no statistic"
    );

    assert_eq!(
        reject(&mut g, "/summon minecraft:snowman"),
        "Unknown entity: minecraft:snowman at position 8"
    );
    reject(&mut g, "/summon player");
    reject(&mut g, "/summon zombie ~ ~ ~ {a:");
    assert_eq!(
        reject(&mut g, "/summon zombie 0 30000000 0"),
        "Invalid position for summon"
    );
    unsupported(
        &mut g,
        "/summon minecraft:item ~ ~ ~ {Item:{id:\"minecraft:stone\",Count:1b}}",
    );
    unsupported(&mut g, "/summon arrow");
}

/// The frames and paintings hanging in the world: item, wall, facing.
fn hung(game: &Game) -> Vec<(&'static str, BlockPos, Face)> {
    game.entities
        .list
        .iter()
        .filter_map(|e| match &e.kind {
            EntityKind::Hanging(h) => Some((h.name(), h.wall, h.facing)),
            _ => None,
        })
        .collect()
}

#[test]
fn summon_hangs_item_frames_and_paintings_on_the_block_behind_their_facing() {
    let mut g = game();
    let feet = g.player.block_pos();
    let at = |dx: i32, dz: i32| [feet[0] + dx, feet[1], feet[2] + dz];
    accept(&mut g, "/summon minecraft:item_frame ~ ~ ~-3 {Facing:3b}");
    accept(&mut g, "/summon item_frame ~2 ~ ~ {Facing:4b}");
    accept(&mut g, "/summon minecraft:painting ~ ~ ~2 {Facing:2b}");
    accept(&mut g, "/summon painting ~-2 ~ ~");
    accept(&mut g, "/summon item_frame ~1 ~ ~1 {Facing:1b}");
    // As the upstream find_item_frame summons it: facing down.
    accept(&mut g, "/summon minecraft:item_frame ~ ~ ~-3");
    let cell = |dx: i32, dy: i32, dz: i32| [feet[0] + dx, feet[1] + dy, feet[2] + dz];
    assert_eq!(
        hung(&g),
        vec![
            ("item_frame", at(0, -4), Face::South),
            ("item_frame", at(3, 0), Face::West),
            ("painting", at(0, 3), Face::North),
            ("painting", at(-2, -1), Face::South),
            ("item_frame", cell(1, -1, 1), Face::Up),
            ("item_frame", cell(0, 1, -3), Face::Down),
        ]
    );
    assert!(mobs(&g).is_empty(), "no creature stands there");
}

#[test]
fn setblock_places_blocks_with_states_and_modes() {
    let mut g = game();
    accept(&mut g, "/fill ~-4 ~ ~-4 ~4 ~3 ~4 air");
    g.entities.list.clear(); // a flower the clearing left without soil
    accept(
        &mut g,
        "/setblock ~2 ~ ~ minecraft:chest{LootTable:\"minecraft:chests/buried_treasure\"}",
    );
    accept(
        &mut g,
        "/setblock ~1 ~ ~-3 minecraft:blue_bed[facing=east,part=head]",
    );
    accept(
        &mut g,
        "/setblock ~ ~1 ~ oak_stairs[facing=east,half=bottom] replace",
    );
    assert_eq!(at(&g, [2, 0, 0]), block("chest"));
    assert_eq!(at(&g, [1, 0, -3]), block("blue_bed"));
    let f = feet(&g);
    let bed_state = g.world.state([f[0] + 1, f[1], f[2] - 3]);
    assert_eq!(bed_state.facing(), crate::sim::world::Facing::East);
    assert!(bed_state.is_head(), "the world keeps the bed's state");
    assert_eq!(at(&g, [0, 1, 0]), block("oak_stairs"));
    accept(&mut g, "/setblock ~2 ~ ~ minecraft:stone keep");
    assert_eq!(
        at(&g, [2, 0, 0]),
        block("chest"),
        "keep leaves solid blocks"
    );
    accept(&mut g, "/setblock ~3 ~ ~ minecraft:stone keep");
    assert_eq!(at(&g, [3, 0, 0]), block("stone"));
    accept(&mut g, "/setblock ~3 ~ ~ minecraft:dirt destroy");
    assert_eq!(at(&g, [3, 0, 0]), block("dirt"));
    let drops = dropped_items(&g);
    assert_eq!(
        drops,
        vec![item("cobblestone")],
        "destroyed stone drops cobblestone"
    );
    accept(&mut g, "/setblock 5 255 5 glass");
    assert_eq!(g.world.get([5, 255, 5]), block("glass"));

    assert_eq!(
        reject(&mut g, "/setblock ~ ~ ~ minecraft:oak_stairs[facing=east"),
        "Expected closing ] for block state properties at position 48"
    );
    assert_eq!(
        reject(&mut g, "/setblock 0 256 0 stone"),
        "Cannot place block outside of the world (y = 256)"
    );
    assert!(reject(&mut g, "/setblock ~ ~-100 ~ stone").starts_with("Cannot place block outside"));
    assert_eq!(
        reject(&mut g, "/setblock ~ ~ ~ minecraft:log"),
        "Unknown block type 'minecraft:log' at position 16"
    );
    assert_eq!(
        reject(&mut g, "/setblock 1.5 2 3 stone"),
        "Invalid integer '1.5' at position 10"
    );
    assert!(reject(&mut g, "/setblock ~ ~ ~ stone sideways")
        .starts_with("Expected replace|keep|destroy"));
}

#[test]
fn fill_modes_and_limits() {
    let mut g = game();
    accept(&mut g, "/fill ~-3 ~ ~-3 ~3 ~6 ~3 minecraft:air");
    accept(&mut g, "/fill ~-2 ~ ~-2 ~2 ~2 ~2 minecraft:stone hollow");
    assert_eq!(at(&g, [-2, 0, 0]), block("stone"));
    assert_eq!(at(&g, [0, 1, 0]), BlockId::AIR, "hollow empties the inside");
    accept(&mut g, "/fill ~-1 ~ ~-1 ~1 ~2 ~1 minecraft:glass outline");
    assert_eq!(at(&g, [0, 0, 0]), block("glass"));
    accept(&mut g, "/fill ~-3 ~3 ~-3 ~3 ~3 ~3 minecraft:dirt");
    accept(
        &mut g,
        "/fill ~-3 ~3 ~-3 ~3 ~3 ~3 minecraft:sand replace minecraft:stone",
    );
    assert_eq!(
        at(&g, [0, 3, 0]),
        block("dirt"),
        "the filter matches nothing there"
    );
    accept(
        &mut g,
        "/fill ~-3 ~3 ~-3 ~3 ~3 ~3 minecraft:sand replace dirt",
    );
    assert_eq!(at(&g, [0, 3, 0]), block("sand"));
    accept(
        &mut g,
        "/fill ~-3 ~4 ~-3 ~3 ~4 ~3 minecraft:tall_grass replace",
    );
    accept(
        &mut g,
        "/fill ~-3 ~3 ~-3 ~3 ~4 ~3 minecraft:oak_planks keep",
    );
    assert_eq!(at(&g, [0, 3, 0]), block("sand"));
    accept(
        &mut g,
        "/fill ~-3 ~5 ~-3 ~3 ~5 ~3 minecraft:oak_planks keep",
    );
    assert_eq!(at(&g, [0, 5, 0]), block("oak_planks"));

    let max = "/fill 0 100 0 31 131 31 stone";
    accept(&mut g, max);
    assert_eq!(g.world.get([31, 131, 31]), block("stone"));
    assert_eq!(
        reject(&mut g, "/fill 0 100 0 31 132 31 stone"),
        "Too many blocks in the specified area (maximum 32768, specified 33792)"
    );
    assert!(reject(&mut g, "/fill 0 300 0 1 301 1 stone").starts_with("Cannot place block outside"));
    accept(&mut g, "/fill 0 250 0 1 300 1 stone");
    assert_eq!(g.world.get([0, 255, 0]), block("stone"));
    unsupported(&mut g, "/fill ~ ~ ~ ~1 ~1 ~1 stone replace #minecraft:logs");
}

#[test]
fn changed_blocks_settle_their_neighbours_but_not_themselves() {
    let mut g = game();
    accept(&mut g, "/fill ~-3 ~ ~-3 ~3 ~3 ~3 air");
    accept(&mut g, "/fill ~-3 ~-1 ~-3 ~3 ~-1 ~3 grass_block");
    g.entities.list.clear(); // a flower the clearing left without soil
    accept(&mut g, "/fill ~ ~ ~ ~ ~1 ~ tall_grass");
    accept(&mut g, "/setblock ~ ~ ~ snow_block");
    assert_eq!(
        at(&g, [0, 1, 0]),
        BlockId::AIR,
        "the grass's upper half lost its lower half"
    );
    accept(&mut g, "/setblock ~2 ~ ~ torch");
    accept(&mut g, "/fill ~1 ~-1 ~ ~2 ~-1 ~ air");
    assert_eq!(at(&g, [2, 0, 0]), BlockId::AIR, "the torch's floor went");
    let drops = dropped_items(&g);
    assert_eq!(drops, vec![item("torch")], "a popped torch drops itself");
    accept(&mut g, "/setblock ~-2 ~2 ~ torch");
    assert_eq!(
        at(&g, [-2, 2, 0]),
        block("torch"),
        "a block set in the air stays until a neighbour changes"
    );
}

#[test]
fn execute_runs_relative_to_the_new_source() {
    let mut g = game();
    accept(
        &mut g,
        "/execute as @p at @s run fill ~1 ~ ~1 ~5 ~10 ~5 minecraft:oak_log",
    );
    assert_eq!(at(&g, [1, 0, 1]), block("oak_log"));
    assert_eq!(at(&g, [5, 10, 5]), block("oak_log"));
    assert_ne!(at(&g, [0, 0, 0]), block("oak_log"));
    assert_ne!(at(&g, [6, 10, 5]), block("oak_log"));
    accept(
        &mut g,
        "/execute positioned 100 70 100 run setblock ~ ~ ~1 minecraft:gold_block",
    );
    assert_eq!(g.world.get([100, 70, 101]), block("gold_block"));
    accept(
        &mut g,
        "execute positioned 100.7 70 100.2 align xz run setblock ~ ~1 ~ diamond_block",
    );
    assert_eq!(g.world.get([100, 71, 100]), block("diamond_block"));
    accept(
        &mut g,
        "/execute in minecraft:overworld positioned as @s run setblock ~ ~2 ~ glass",
    );
    assert_eq!(at(&g, [0, 2, 0]), block("glass"));

    // Facing west (yaw 90): ^2 ^ ^3 is 2 to the left (south) and 3 ahead (west).
    g.player.yaw = 90.0;
    let p = g.player.pos;
    accept(&mut g, "/execute at @p run summon minecraft:zombie ^2 ^ ^3");
    assert!(close(mobs(&g)[0].1, [p[0] - 3.0, p[1], p[2] + 2.0]));
    accept(
        &mut g,
        "/execute rotated 180 0 run summon minecraft:skeleton ^2 ^2 ^3",
    );
    assert!(close(mobs(&g)[1].1, [p[0] - 2.0, p[1] + 2.0, p[2] - 3.0]));
    accept(
        &mut g,
        "/execute anchored eyes run summon minecraft:spider ^ ^ ^",
    );
    assert!(close(mobs(&g)[2].1, g.player.eye()));
    accept(
        &mut g,
        "/execute facing ~10 ~ ~ run summon minecraft:pig ^ ^ ^1",
    );
    assert!(close(mobs(&g)[3].1, [p[0] + 1.0, p[1], p[2]]));
    accept(
        &mut g,
        "/execute rotated as @s facing entity @s feet run summon minecraft:cow ~ ~ ~",
    );
    accept(&mut g, "/execute as Steve run give @s minecraft:stone");
    assert!(
        g.player.inventory.main.iter().all(Option::is_none),
        "nobody to run as"
    );

    assert!(reject(&mut g, "/execute as @p").contains("expected a subcommand"));
    assert!(reject(&mut g, "/execute at @p run summon ^1 ~ ~").starts_with("Unknown entity"));
    assert_eq!(
        reject(&mut g, "/execute at @p run summon zombie ^1 ~ ~"),
        "Cannot mix world & local coordinates (everything must either use ^ or not) at position 33"
    );
    assert!(
        reject(&mut g, "/execute in minecraft:moon run time set day")
            .starts_with("Unknown dimension")
    );
    assert!(reject(&mut g, "/execute align xx run time set day").starts_with("Invalid swizzle"));
    assert!(reject(&mut g, "/execute anchored nose run time set day")
        .starts_with("Invalid entity anchor"));
    unsupported(&mut g, "/execute in minecraft:the_nether run time set day");
    unsupported(&mut g, "/execute if block ~ ~ ~ stone run time set day");
    unsupported(&mut g, "/execute as @e[type=zombie] run time set day");
}

#[test]
fn time_and_weather() {
    let mut g = game();
    for (text, time) in [
        ("/time set day", 1000),
        ("/time set noon", 6000),
        ("/time set night", 13000),
        ("/time set midnight", 18000),
        ("/time set 500", 500),
        ("/time set 1d", 0),
        ("/time set 1.5d", 12000),
        ("/time set 10s", 200),
        ("/time add 30000", 6200),
    ] {
        accept(&mut g, text);
        assert_eq!(g.day_time, time, "{text}");
    }
    accept(&mut g, "/time query daytime");
    assert_eq!(
        reject(&mut g, "/time set -1"),
        "Tick count must be non-negative at position 10"
    );
    assert_eq!(
        reject(&mut g, "/time set 5x"),
        "Invalid unit at position 11"
    );
    assert!(reject(&mut g, "/time set dawn").starts_with("Expected float"));
    accept(&mut g, "/weather rain");
    assert_eq!(g.weather, Weather::Rain);
    accept(&mut g, "/weather thunder 600");
    assert_eq!(g.weather, Weather::Thunder);
    accept(&mut g, "weather clear");
    assert_eq!(g.weather, Weather::Clear);
    assert!(reject(&mut g, "/weather snow").starts_with("Expected clear|rain|thunder"));
    assert!(reject(&mut g, "/weather rain 1000001").contains("more than 1000000"));
}

#[test]
fn effects_combine_as_in_minecraft() {
    let mut g = game();
    accept(&mut g, "/effect give @s minecraft:night_vision 1000 0 true");
    accept(&mut g, "/effect give @a slowness");
    let effect = |g: &Game, id: &str| g.player.effects.iter().find(|e| e.id == id).cloned();
    let nv = ActiveEffect {
        id: "night_vision".into(),
        amplifier: 0,
        ticks_left: 20000,
    };
    assert_eq!(effect(&g, "night_vision"), Some(nv.clone()));
    assert_eq!(effect(&g, "slowness").unwrap().ticks_left, 600);
    accept(&mut g, "/effect give @s night_vision 10");
    assert_eq!(
        effect(&g, "night_vision"),
        Some(nv),
        "a shorter equal effect changes nothing"
    );
    accept(&mut g, "/effect give @p night_vision 10 250");
    assert_eq!(effect(&g, "night_vision").unwrap().amplifier, 250);
    assert_eq!(effect(&g, "night_vision").unwrap().ticks_left, 200);
    accept(&mut g, "/effect clear @s minecraft:slowness");
    assert!(effect(&g, "slowness").is_none() && effect(&g, "night_vision").is_some());
    accept(&mut g, "/effect clear");
    assert!(g.player.effects.is_empty());

    assert_eq!(
        reject(&mut g, "/effect give @s minecraft:flying 10"),
        "Unknown effect: minecraft:flying at position 16"
    );
    assert!(reject(&mut g, "/effect give @s speed 10 256").contains("more than 255"));
    assert!(reject(&mut g, "/effect give @s speed 0").contains("less than 1"));
    assert!(reject(&mut g, "/effect give @s speed 10 1 maybe").starts_with("Invalid boolean"));
    unsupported(&mut g, "/effect give @s instant_health");
}

#[test]
fn teleport_forms() {
    let mut g = game();
    let start = g.player.pos;
    accept(&mut g, "/tp @s ~ ~-10 ~");
    assert!(close(g.player.pos, [start[0], start[1] - 10.0, start[2]]));
    accept(&mut g, "/tp 10 80 -10");
    assert!(close(g.player.pos, [10.5, 80.0, -9.5]));
    accept(&mut g, "/teleport @s 0.5 90 0.5 90 45");
    assert!(close(g.player.pos, [0.5, 90.0, 0.5]));
    assert_eq!((g.player.yaw, g.player.pitch), (90.0, 45.0));
    accept(&mut g, "/tp @s ~ ~ ~ ~-90 ~");
    assert_eq!((g.player.yaw, g.player.pitch), (0.0, 45.0));
    accept(&mut g, "/tp @s 0.5 64 0.5 facing 10.5 64 0.5");
    assert!((g.player.yaw + 90.0).abs() < 1e-4 && g.player.pitch.abs() < 1e-4);
    accept(&mut g, "/tp @s");
    accept(&mut g, "/execute positioned 5 70 5 run tp @s ~ ~ ~");
    assert!(close(g.player.pos, [5.5, 70.0, 5.5]));
    assert_eq!(reject(&mut g, "/tp Steve ~ ~ ~"), "No entity was found");
    assert_eq!(
        reject(&mut g, "/tp @s 40000000 64 0"),
        "Invalid position for teleport"
    );
    assert!(reject(&mut g, "/tp ~ ~").starts_with("Incomplete (expected 3 coordinates)"));
    assert!(reject(&mut g, "/tp @a @a").starts_with("Only one entity is allowed"));
}

#[test]
fn spawn_experience_and_game_rules() {
    let mut g = game();
    accept(&mut g, "/setworldspawn 10 70 -5");
    assert_eq!(g.spawn, [10, 70, -5]);
    accept(&mut g, "/setworldspawn");
    assert_eq!(g.spawn, g.player.block_pos());
    accept(&mut g, "/spawnpoint @s ~ ~1 ~ 90");
    assert_eq!(g.spawn[1], g.player.block_pos()[1] + 1);

    accept(&mut g, "/xp add @s 10 levels");
    assert_eq!(g.player.xp_levels, 10);
    accept(&mut g, "/experience add @s -3 levels");
    assert_eq!(g.player.xp_levels, 7);
    accept(&mut g, "/xp add @s 21");
    assert_eq!(
        g.player.xp_levels, 8,
        "21 points complete level 7 (21 points)"
    );
    accept(&mut g, "/xp add @s -1 points");
    assert_eq!(g.player.xp_levels, 7);
    accept(&mut g, "/xp set @s 30 levels");
    assert_eq!(g.player.xp_levels, 30);
    accept(&mut g, "/xp query @s levels");
    accept(&mut g, "/xp set @s 5 points");
    assert!(reject(&mut g, "/xp set @s 500 points").starts_with("Cannot set experience points"));
    assert!(reject(&mut g, "/xp set @s -1 levels").contains("less than 0"));

    accept(&mut g, "/gamemode survival @s");
    unsupported(&mut g, "/gamemode creative");
    assert!(reject(&mut g, "/gamemode flying").starts_with("Expected survival|creative"));
    unsupported(&mut g, "/difficulty peaceful");
    unsupported(&mut g, "/gamerule doDaylightCycle false");
    unsupported(&mut g, "/kill @s");
    assert_eq!(
        reject(&mut g, "/fly @s"),
        "Unknown or incomplete command 'fly' at position 1"
    );
    assert_eq!(
        reject(&mut g, "/item replace"),
        "Unknown or incomplete command 'item' at position 1"
    );
}
