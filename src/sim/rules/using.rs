//! The use key, dispatched like vanilla's `Minecraft.startUseItem`: first
//! on the block looked at (opening it, sleeping in a bed, or the held item
//! acting on it: placing, hanging frames and paintings, tilling,
//! stripping, carving, lighting), then the held item by itself (eating,
//! drinking, throwing, buckets, boats); an entity looked at is used first
//! (getting into a boat); main hand first, then offhand. It acts on
//! the press and then every 4 ticks while held, never while breaking.
//! A creature under the crosshair is used on first (`tools_on_mobs`); a
//! bow or trident is drawn while the key is held (`archery`), a fishing
//! rod casts and reels (`fishing`).

use rand::Rng;

use super::items::{self, Hand};
use super::placing::{self, placement_cell};
use super::targeting::Target;
use super::{archery, beds, boats, fishing, fluids, hanging, maps, portal, potions, tools_on_mobs};
use crate::sim::entity::{EntityKind, Mob, MobTags};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::player::MAX_FOOD;
use crate::sim::raycast::{self, Face, Hit};
use crate::sim::registry::{block, item, registry, BlockId, ItemKind, ToolKind};
use crate::sim::screen::ScreenKind;
use crate::sim::world::{BlockPos, BlockState, Facing, World};
use crate::suite::Event;

/// Ticks between uses while the key is held (`rightClickDelay`).
const USE_REPEAT: u32 = 4;
/// Ticks to eat a food item or drink a potion.
pub const EAT_TICKS: u32 = 32;
/// Pumpkin seeds a carved pumpkin drops.
const CARVED_SEEDS: u8 = 4;
/// Ticks before another ender pearl can be thrown.
const PEARL_COOLDOWN: u32 = 20;

/// Blocks the use key opens, with the vanilla statistic it counts and the
/// screen it shows (none yet for the others: only the statistic).
const OPENABLE: &[(&str, &str, Option<ScreenKind>)] = &[
    (
        "crafting_table",
        "interact_with_crafting_table",
        Some(ScreenKind::CraftingTable),
    ),
    ("chest", "open_chest", Some(ScreenKind::Chest)),
    (
        "trapped_chest",
        "trigger_trapped_chest",
        Some(ScreenKind::Chest),
    ),
    ("ender_chest", "open_enderchest", Some(ScreenKind::Chest)),
    ("barrel", "open_barrel", Some(ScreenKind::Chest)),
    ("shulker_box", "open_shulker_box", Some(ScreenKind::Chest)),
    (
        "furnace",
        "interact_with_furnace",
        Some(ScreenKind::Furnace),
    ),
    (
        "blast_furnace",
        "interact_with_blast_furnace",
        Some(ScreenKind::BlastFurnace),
    ),
    ("smoker", "interact_with_smoker", Some(ScreenKind::Smoker)),
    ("anvil", "interact_with_anvil", None),
    (
        "brewing_stand",
        "interact_with_brewingstand",
        Some(ScreenKind::BrewingStand),
    ),
    ("beacon", "interact_with_beacon", None),
    ("cartography_table", "interact_with_cartography_table", None),
    ("grindstone", "interact_with_grindstone", None),
    ("lectern", "interact_with_lectern", None),
    ("loom", "interact_with_loom", None),
    ("smithing_table", "interact_with_smithing_table", None),
    ("stonecutter", "interact_with_stonecutter", None),
    ("dispenser", "inspect_dispenser", None),
    ("dropper", "inspect_dropper", None),
    ("hopper", "inspect_hopper", None),
    (
        "enchanting_table",
        "interact_with_enchanting_table",
        Some(ScreenKind::EnchantingTable),
    ),
];

/// Tools that turn the block they are used on into another.
const CONVERSIONS: &[(ToolKind, &str, &str)] = &[
    (ToolKind::Hoe, "grass_block", "farmland"),
    (ToolKind::Hoe, "dirt", "farmland"),
    (ToolKind::Hoe, "grass_path", "farmland"),
    (ToolKind::Hoe, "coarse_dirt", "dirt"),
    (ToolKind::Shovel, "grass_block", "grass_path"),
    (ToolKind::Axe, "oak_log", "stripped_oak_log"),
    (ToolKind::Axe, "spruce_log", "stripped_spruce_log"),
    (ToolKind::Axe, "birch_log", "stripped_birch_log"),
    (ToolKind::Axe, "jungle_log", "stripped_jungle_log"),
    (ToolKind::Axe, "acacia_log", "stripped_acacia_log"),
    (ToolKind::Axe, "dark_oak_log", "stripped_dark_oak_log"),
    (ToolKind::Axe, "oak_wood", "stripped_oak_wood"),
    (ToolKind::Axe, "spruce_wood", "stripped_spruce_wood"),
    (ToolKind::Axe, "birch_wood", "stripped_birch_wood"),
    (ToolKind::Axe, "jungle_wood", "stripped_jungle_wood"),
    (ToolKind::Axe, "acacia_wood", "stripped_acacia_wood"),
    (ToolKind::Axe, "dark_oak_wood", "stripped_dark_oak_wood"),
    (ToolKind::Axe, "crimson_stem", "stripped_crimson_stem"),
    (ToolKind::Axe, "warped_stem", "stripped_warped_stem"),
];

/// Foods eaten even when full.
const ALWAYS_EDIBLE: &[&str] = &["golden_apple", "enchanted_golden_apple", "chorus_fruit"];

/// The row of [`OPENABLE`] for a block, if using it opens it.
fn openable(id: BlockId) -> Option<&'static (&'static str, &'static str, Option<ScreenKind>)> {
    let name = registry().block(id).name;
    OPENABLE
        .iter()
        .find(|(b, ..)| *b == name || (*b == "shulker_box" && name.ends_with("shulker_box")))
}

/// Whether the use key opens this block (a chest, a crafting table…)
/// rather than placing against it, unless the player sneaks.
pub fn opens_on_use(id: BlockId) -> bool {
    openable(id).is_some()
}

/// Opens the block at `pos`: counts the vanilla statistic, opens the
/// screen if it has one, and returns true. A bed is slept in.
pub fn interact_block(game: &mut Game, id: BlockId, pos: BlockPos) -> bool {
    if beds::is_bed(id) {
        return beds::use_bed(game, pos);
    }
    let Some((_, stat, screen)) = openable(id) else {
        return false;
    };
    game.stats.add(Event::Custom, stat, 1);
    if let Some(kind) = screen {
        super::screens::open_block(game, *kind, pos, id);
    }
    true
}

/// The block a tool of this kind turns the block at `pos` into when used
/// on it (not from below); ground work (tilling, paths) needs air right
/// above.
pub fn converted(world: &World, kind: ToolKind, pos: BlockPos) -> Option<BlockId> {
    let from = registry().block(world.get(pos)).name;
    let ground_work = matches!(kind, ToolKind::Hoe | ToolKind::Shovel);
    if ground_work && world.get([pos[0], pos[1] + 1, pos[2]]) != BlockId::AIR {
        return None;
    }
    CONVERSIONS
        .iter()
        .find(|(k, f, _)| *k == kind && *f == from)
        .map(|&(_, _, to)| block(to))
}

/// A tool turning the clicked block into another (tilling, paths,
/// stripping, carving pumpkins): counts `use_item` and wears the tool.
fn convert_block(game: &mut Game, hand: Hand, hit: &Hit) -> bool {
    let Some(stack) = hand.slot(&game.player.inventory).clone() else {
        return false;
    };
    let ItemKind::Tool { kind, .. } = registry().item(stack.item).kind else {
        return false;
    };
    let ground_work = matches!(kind, ToolKind::Hoe | ToolKind::Shovel);
    if ground_work && hit.face == Face::Down {
        return false;
    }
    let Some(to) = converted(&game.world, kind, hit.pos) else {
        return false;
    };
    game.world.set(hit.pos, to);
    game.stats.add(Event::UseItem, stack.name(), 1);
    if hand == Hand::Main {
        items::wear_main_hand(game, 1);
    }
    true
}

/// Shears carve a pumpkin (`PumpkinBlock.use`): it faces the clicked side
/// (the player's way round from above or below) and four pumpkin seeds
/// fly out of that side.
fn carve_pumpkin(game: &mut Game, hand: Hand, hit: &Hit) -> bool {
    let Some(stack) = hand.slot(&game.player.inventory).clone() else {
        return false;
    };
    if stack.item != item("shears") || hit.block != block("pumpkin") {
        return false;
    }
    let facing = Facing::of_offset(hit.face.normal())
        .unwrap_or_else(|| Facing::from_yaw(game.player.yaw).opposite());
    let state = BlockState::default().with_facing(facing);
    game.world
        .set_with_state(hit.pos, block("carved_pumpkin"), state);
    let out = facing.offset().map(f64::from);
    let [x, y, z] = hit.pos.map(f64::from);
    let at = [x + 0.5 + out[0] * 0.65, y + 0.1, z + 0.5 + out[2] * 0.65];
    let rng = &mut game.rngs.drops;
    let vel = [
        out[0] * 0.05 + rng.gen::<f64>() * 0.02,
        0.05,
        out[2] * 0.05 + rng.gen::<f64>() * 0.02,
    ];
    let seeds = ItemStack::new(item("pumpkin_seeds"), CARVED_SEEDS);
    items::spawn_drop_moving(game, at, seeds, vel);
    game.stats.add(Event::UseItem, stack.name(), 1);
    if hand == Hand::Main {
        items::wear_main_hand(game, 1);
    }
    true
}

/// Flint and steel sets fire in front of the face clicked.
fn light_fire(game: &mut Game, hand: Hand, hit: &Hit) -> bool {
    let pos = hit.adjacent();
    if game.world.get(pos) != BlockId::AIR || !super::support::is_sturdy(hit.block) {
        return false;
    }
    game.world.set(pos, block("fire"));
    portal::light(game, pos);
    game.stats.add(Event::UseItem, "flint_and_steel", 1);
    if hand == Hand::Main {
        items::wear_main_hand(game, 1);
    }
    true
}

/// The held item acting on the block looked at (`ItemStack.useOn`).
fn use_on_block(game: &mut Game, hand: Hand, hit: &Hit) -> bool {
    let holding_anything =
        game.player.inventory.selected_stack().is_some() || game.player.inventory.offhand.is_some();
    if !(game.player.shift_down && holding_anything) && interact_block(game, hit.block, hit.pos) {
        return true;
    }
    let Some(stack) = hand.slot(&game.player.inventory).clone() else {
        return false;
    };
    match registry().item(stack.item).kind {
        ItemKind::Block(id) => placing::place(game, hand, hit, id),
        ItemKind::Tool { .. } => carve_pumpkin(game, hand, hit) || convert_block(game, hand, hit),
        _ if stack.item == item("flint_and_steel") => light_fire(game, hand, hit),
        _ if stack.item == item("ender_eye") => super::ender_eye::fill_frame(game, hand, hit),
        _ => hanging::place(game, hand, hit),
    }
}

/// Starts eating (or drinking) if the player may.
fn start_eating(game: &mut Game, hand: Hand, name: &str) -> bool {
    let p = &mut game.player;
    if p.food >= MAX_FOOD && !ALWAYS_EDIBLE.contains(&name) {
        return false;
    }
    start_using(p, hand)
}

/// Starts the 32 ticks of eating or drinking.
fn start_using(p: &mut crate::sim::player::Player, hand: Hand) -> bool {
    p.eating_ticks = 1;
    p.eating_offhand = hand == Hand::Off;
    true
}

/// Eating or drinking continues while the key is held and the food or
/// potion stays in hand; after 32 ticks the food is eaten
/// (`FoodData.eat`) or the potion drunk.
fn continue_eating(game: &mut Game, held: bool) {
    let hand = if game.player.eating_offhand {
        Hand::Off
    } else {
        Hand::Main
    };
    let in_hand = hand.slot(&game.player.inventory).clone();
    let food = in_hand
        .as_ref()
        .and_then(|s| match registry().item(s.item).kind {
            ItemKind::Food { hunger, saturation } => Some((s.name(), hunger, saturation)),
            _ => None,
        });
    let potion = in_hand.filter(potions::is_drinkable);
    if !held || (food.is_none() && potion.is_none()) {
        game.player.eating_ticks = 0;
        return;
    }
    let p = &mut game.player;
    p.eating_ticks += 1;
    if p.eating_ticks < EAT_TICKS {
        return;
    }
    p.eating_ticks = 0;
    if let Some(potion) = potion {
        potions::finish_drinking(game, hand, &potion);
        return;
    }
    let Some((name, hunger, saturation)) = food else {
        return;
    };
    let p = &mut game.player;
    p.food = (p.food + hunger).min(MAX_FOOD);
    p.saturation = (p.saturation + saturation).min(f32::from(p.food));
    game.stats.add(Event::UseItem, name, 1);
    items::consume_one(&mut game.player.inventory, hand);
    if name == "mushroom_stew" || name == "beetroot_soup" || name == "rabbit_stew" {
        *hand.slot_mut(&mut game.player.inventory) = Some(ItemStack::new(item("bowl"), 1));
    }
}

/// Throws the held snowball, egg or ender pearl along the look.
fn throw(game: &mut Game, hand: Hand, thrown: crate::sim::registry::ItemId) -> bool {
    let pearl = thrown == item("ender_pearl");
    if pearl && game.player.pearl_cooldown > 0 {
        return false;
    }
    let p = &game.player;
    let dir = p.look_dir();
    let carried = [p.vel[0], if p.on_ground { 0.0 } else { p.vel[1] }, p.vel[2]];
    let vel = [0, 1, 2].map(|a| dir[a] * super::projectiles::THROWN_SPEED + carried[a]);
    let at = [p.pos[0], p.eye()[1] - 0.1, p.pos[2]];
    game.entities
        .spawn(EntityKind::Projectile { item: thrown }, at, vel);
    game.stats
        .add(Event::UseItem, registry().item(thrown).name, 1);
    items::consume_one(&mut game.player.inventory, hand);
    if pearl {
        game.player.pearl_cooldown = PEARL_COOLDOWN;
    }
    true
}

/// Buckets: an empty one scoops a fluid, a full one pours it.
fn use_bucket(game: &mut Game, hand: Hand, content: Option<BlockId>) -> bool {
    let (eye, dir) = (game.player.eye(), game.player.look_dir());
    let name = hand
        .slot(&game.player.inventory)
        .as_ref()
        .map_or("bucket", |s| s.name());
    match content {
        None => {
            // The ray stops only at sources (`ClipContext.Fluid.SOURCE_ONLY`).
            let world = &game.world;
            let Some(hit) = raycast::cast_at(world, eye, dir, raycast::REACH, |b, pos| {
                raycast::selectable(b)
                    || fluids::Fluid::of(b).is_some_and(|f| fluids::is_source(world, pos, f))
            }) else {
                return false;
            };
            let Some(fluid) = fluids::Fluid::of(hit.block) else {
                return false;
            };
            game.world.set(hit.pos, BlockId::AIR);
            game.stats.add(Event::UseItem, name, 1);
            let filled = ItemStack::new(
                item(if fluid == fluids::Fluid::Water {
                    "water_bucket"
                } else {
                    "lava_bucket"
                }),
                1,
            );
            fill_hand(game, hand, filled);
            true
        }
        Some(fluid) => {
            let Some(hit) = raycast::target(&game.world, eye, dir) else {
                return false;
            };
            let Some(pos) = placement_cell(game, &hit) else {
                return false;
            };
            game.world.set(pos, fluid);
            game.stats.add(Event::UseItem, name, 1);
            *hand.slot_mut(&mut game.player.inventory) = Some(ItemStack::new(item("bucket"), 1));
            true
        }
    }
}

/// A glass bottle used looking at water fills with it: a water bottle
/// (`BottleItem.use`; the water stays).
fn fill_bottle(game: &mut Game, hand: Hand) -> bool {
    let (eye, dir) = (game.player.eye(), game.player.look_dir());
    let hit = raycast::cast(&game.world, eye, dir, raycast::REACH, |b| {
        raycast::selectable(b) || fluids::Fluid::of(b).is_some()
    });
    if !hit.is_some_and(|hit| fluids::Fluid::of(hit.block) == Some(fluids::Fluid::Water)) {
        return false;
    }
    game.stats.add(Event::UseItem, "glass_bottle", 1);
    let mut water = ItemStack::new(item("potion"), 1);
    water.potion = Some("minecraft:water".to_string());
    fill_hand(game, hand, water);
    true
}

/// Swaps one item of the hand's stack for `result` (`createFilledResult`).
pub(super) fn fill_hand(game: &mut Game, hand: Hand, result: ItemStack) {
    let slot = hand.slot_mut(&mut game.player.inventory);
    if slot.as_ref().is_some_and(|s| s.count == 1) {
        *slot = Some(result);
    } else {
        items::consume_one(&mut game.player.inventory, hand);
        items::give(game, result);
    }
}

/// The held item used by itself (`Item.use`).
fn use_item(game: &mut Game, hand: Hand) -> bool {
    let Some(stack) = hand.slot(&game.player.inventory).clone() else {
        return false;
    };
    if potions::is_drinkable(&stack) {
        return start_using(&mut game.player, hand);
    }
    match registry().item(stack.item).kind {
        _ if archery::draws(stack.item) => archery::start(game, hand),
        _ if stack.item == item("fishing_rod") => fishing::use_rod(game, hand),
        _ if stack.item == item("ender_eye") => super::ender_eye::throw(game, hand),
        ItemKind::Food { .. } => start_eating(game, hand, stack.name()),
        ItemKind::Throwable => throw(game, hand, stack.item),
        ItemKind::Bucket(content) => use_bucket(game, hand, content),
        _ if boats::is_boat_item(stack.item) => boats::place(game, hand, stack.item),
        _ if stack.item == item("glass_bottle") => fill_bottle(game, hand),
        _ if stack.item == item("map") => maps::fill_empty_map(game, hand),
        _ => false,
    }
}

/// One tick of the use key: `pressed` is its press edge.
pub fn tick_use(game: &mut Game, held: bool, pressed: bool, target: Option<Target>) {
    let p = &mut game.player;
    p.pearl_cooldown = p.pearl_cooldown.saturating_sub(1);
    if p.eating_ticks > 0 {
        continue_eating(game, held);
        return;
    }
    if archery::tick(game, held) {
        return;
    }
    let p = &mut game.player;
    p.use_cooldown = p.use_cooldown.saturating_sub(1);
    if !held || !(pressed || p.use_cooldown == 0) || p.breaking.is_some() {
        return;
    }
    p.use_cooldown = USE_REPEAT;
    for hand in Hand::BOTH {
        match target {
            Some(Target::Block(hit)) if use_on_block(game, hand, &hit) => return,
            Some(Target::Entity(id)) if boats::interact(game, id) => return,
            Some(Target::Entity(id)) if tools_on_mobs::use_on(game, hand, id) => return,
            _ => {}
        }
        if use_item(game, hand) {
            return;
        }
    }
}

/// What an egg hatches: one chick in eight throws, four in a few.
pub fn hatch_egg(game: &mut Game, at: [f64; 3]) {
    let rng = &mut game.rngs.mobs;
    if rng.gen_range(0..8) != 0 {
        return;
    }
    let chicks = if rng.gen_range(0..32) == 0 { 4 } else { 1 };
    let kind = registry()
        .entity_named("chicken")
        .expect("chicken is a 1.16 entity");
    for _ in 0..chicks {
        let tags = MobTags {
            baby: true,
            ..MobTags::default()
        };
        let mob = Mob::new(kind, 4.0, tags);
        game.entities.spawn(EntityKind::Mob(mob), at, [0.0; 3]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};

    #[test]
    fn eating_takes_32_ticks_and_restores_food() {
        let mut game = platform_game();
        game.player.food = 10;
        game.player.saturation = 0.0;
        game.player.inventory.main[0] = Some(ItemStack::new(item("bread"), 2));
        game.player.pitch = -90.0;
        run(&mut game, &keys(&[Key::Use]), 31);
        assert_eq!(game.player.food, 10);
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.player.food, 15);
        assert!((game.player.saturation - 6.0).abs() < 1e-6);
        assert_eq!(game.player.inventory.main[0].as_ref().unwrap().count, 1);
        assert_eq!(game.stats.get(Event::UseItem, "bread"), 1);
    }

    #[test]
    fn letting_go_stops_eating_and_a_full_player_cannot_start() {
        let mut game = platform_game();
        game.player.food = 10;
        game.player.inventory.main[0] = Some(ItemStack::new(item("apple"), 1));
        run(&mut game, &keys(&[Key::Use]), 20);
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Use]), 20);
        assert_eq!(game.player.food, 10);
        game.player.food = 20;
        game.player.eating_ticks = 0;
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Use]), 40);
        assert_eq!(game.stats.get(Event::UseItem, "apple"), 0);
    }

    #[test]
    fn held_use_repeats_every_four_ticks() {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("snowball"), 16));
        game.player.pitch = -30.0;
        run(&mut game, &keys(&[Key::Use]), 9);
        assert_eq!(
            game.stats.get(Event::UseItem, "snowball"),
            3,
            "ticks 1, 5 and 9"
        );
        assert_eq!(game.player.inventory.main[0].as_ref().unwrap().count, 13);
    }

    #[test]
    fn crafting_table_opens_its_screen_and_counts_its_statistic_once_instead_of_placing() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR + 1, 2], "crafting_table");
        game.player.inventory.main[0] = Some(ItemStack::new(item("dirt"), 5));
        game.player.pitch = 20.0;
        run(&mut game, &keys(&[Key::Use]), 9);
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(
            game.stats
                .get(Event::Custom, "interact_with_crafting_table"),
            1
        );
        assert_eq!(game.stats.get(Event::UseItem, "dirt"), 0);
        assert_eq!(game.screen.map(|s| s.kind), Some(ScreenKind::CraftingTable));
    }

    #[test]
    fn a_table_opens_for_a_player_crouched_under_a_low_ceiling_holding_an_item() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR + 1, 2], "crafting_table");
        put(&mut game.world, [0, FLOOR + 1, 0], "stone_slab");
        put(&mut game.world, [0, FLOOR + 3, 0], "stone");
        game.player.pos[1] = f64::from(FLOOR) + 1.5;
        game.player.inventory.main[0] = Some(ItemStack::new(item("diamond"), 2));
        game.player.pitch = 32.0;
        run(&mut game, &keys(&[]), 1);
        assert!(game.player.sneaking, "the slab keeps the body crouched");
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.screen.map(|s| s.kind), Some(ScreenKind::CraftingTable));
    }

    #[test]
    fn buckets_scoop_and_pour() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR, 2], "water");
        game.player.inventory.main[0] = Some(ItemStack::new(item("bucket"), 1));
        game.player.pitch = 45.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.world.get([0, FLOOR, 2]), BlockId::AIR);
        assert_eq!(
            game.player.inventory.main[0].as_ref().unwrap().item,
            item("water_bucket")
        );
        assert_eq!(game.stats.get(Event::UseItem, "bucket"), 1);
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.world.get([0, FLOOR, 2]), block("water"));
        assert_eq!(
            game.player.inventory.main[0].as_ref().unwrap().item,
            item("bucket")
        );
        assert_eq!(game.stats.get(Event::UseItem, "water_bucket"), 1);
    }

    #[test]
    fn a_glass_bottle_fills_with_water_and_the_water_stays() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR, 2], "water");
        game.player.inventory.main[0] = Some(ItemStack::new(item("glass_bottle"), 2));
        game.player.pitch = 45.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.world.get([0, FLOOR, 2]), block("water"));
        assert_eq!(game.player.inventory.main[0].as_ref().unwrap().count, 1);
        let water = game.player.inventory.main[1].as_ref().unwrap();
        assert_eq!(
            (water.item, water.potion.as_deref()),
            (item("potion"), Some("minecraft:water"))
        );
        assert_eq!(game.stats.get(Event::UseItem, "glass_bottle"), 1);
        put(&mut game.world, [0, FLOOR, 2], "stone");
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(
            game.player.inventory.main[0].as_ref().unwrap().count,
            1,
            "no water, no fill"
        );
    }

    #[test]
    fn a_hoe_tills_grass() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR, 2], "grass_block");
        game.player.inventory.main[0] = Some(ItemStack::new(item("wooden_hoe"), 1));
        game.player.pitch = 45.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.world.get([0, FLOOR, 2]), block("farmland"));
        assert_eq!(game.stats.get(Event::UseItem, "wooden_hoe"), 1);
        assert_eq!(game.player.inventory.main[0].as_ref().unwrap().damage, 1);
    }

    #[test]
    fn shears_carve_a_pumpkin_facing_the_clicked_side_and_drop_four_seeds() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR + 2, 2], "pumpkin");
        game.player.inventory.main[0] = Some(ItemStack::new(item("shears"), 1));
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.world.get([0, FLOOR + 2, 2]), block("carved_pumpkin"));
        assert_eq!(game.world.state([0, FLOOR + 2, 2]).facing(), Facing::North);
        assert_eq!(game.stats.get(Event::UseItem, "shears"), 1);
        assert_eq!(game.player.inventory.main[0].as_ref().unwrap().damage, 1);
        let seeds: Vec<_> = game
            .entities
            .list
            .iter()
            .filter_map(|e| match &e.kind {
                EntityKind::Item { stack, .. } => Some((stack.name(), stack.count, e.pos[2])),
                _ => None,
            })
            .collect();
        assert_eq!(seeds.len(), 1);
        assert_eq!((seeds[0].0, seeds[0].1), ("pumpkin_seeds", 4));
        assert!(seeds[0].2 < 2.0, "out of the carved side");
    }
}
