//! Blocks that keep items, in the tick: opening one shows its block
//! entity's slots in the screen (a chest with a loot table is filled
//! first), clicks are stored back into the block at
//! once, furnaces cook and brewing stands brew every tick whether or not
//! their screen is open, taking a furnace's output pays its experience,
//! and breaking the block drops what it held.

use rand::Rng;

use super::items;
use crate::sim::block_entity::BlockEntity;
use crate::sim::game::Game;
use crate::sim::registry::BlockId;
use crate::sim::screen::ScreenKind;
use crate::sim::world::BlockPos;

/// Opens the screen of `block` at `pos`, showing the slots it keeps (made
/// empty on first use). Blocks that keep nothing open an empty screen.
pub fn open(game: &mut Game, kind: ScreenKind, pos: BlockPos, block: BlockId) {
    super::screens::open(game, kind);
    let Some(entity) = game.block_entities.entry(pos, block) else {
        return;
    };
    if let BlockEntity::Chest(chest) = entity {
        chest.unpack_loot(game.world.generator().seed(), pos);
    }
    let slots = entity.slots().to_vec();
    if let Some(screen) = &mut game.screen {
        if screen.container.len() == slots.len() {
            screen.container = slots;
            screen.block = Some(pos);
        }
    }
    refresh_screen(game);
}

/// Stores the open screen's slots back into its block.
pub fn store(game: &mut Game) {
    let Some(screen) = &game.screen else {
        return;
    };
    let Some(entity) = screen
        .block
        .and_then(|pos| game.block_entities.get_mut(pos))
    else {
        return;
    };
    entity.store(screen.container.clone());
}

/// Every furnace cooks and every brewing stand brews one tick; the open
/// screen shows the result.
pub fn tick(game: &mut Game) {
    store(game);
    for (_, furnace) in game.block_entities.furnaces_mut() {
        furnace.tick();
    }
    let left_over: Vec<_> = game
        .block_entities
        .brewing_stands_mut()
        .filter_map(|(pos, stand)| Some((pos, stand.tick()?)))
        .collect();
    for (pos, stack) in left_over {
        items::spawn_block_drop(game, pos, stack);
    }
    refresh_screen(game);
}

/// Shows the open screen's block as it is now.
fn refresh_screen(game: &mut Game) {
    let Some(screen) = &mut game.screen else {
        return;
    };
    let Some(entity) = screen.block.and_then(|pos| game.block_entities.get(pos)) else {
        return;
    };
    screen.container.clone_from_slice(entity.slots());
    match entity {
        BlockEntity::Furnace(furnace) => screen.gauges = furnace.gauges(),
        BlockEntity::BrewingStand(stand) => screen.brewing = stand.gauges(),
        BlockEntity::Chest(_) | BlockEntity::Spawner(_) => {}
    }
}

/// Pays the player the experience waiting in the open screen's furnace.
pub fn pay_experience(game: &mut Game) {
    let Some(pos) = game.screen.as_ref().and_then(|s| s.block) else {
        return;
    };
    let Some(BlockEntity::Furnace(furnace)) = game.block_entities.get_mut(pos) else {
        return;
    };
    let roll = game.rngs.experience.gen::<f32>();
    let points = furnace.take_experience(roll);
    game.player.gain_experience(points);
}

/// The block at `pos` is gone: what it kept falls where it stood.
pub fn drop_contents(game: &mut Game, pos: BlockPos) {
    let Some(mut entity) = game.block_entities.remove(pos) else {
        return;
    };
    for stack in entity.take_all() {
        items::spawn_block_drop(game, pos, stack);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::{block, item};
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};
    use crate::sim::screen::layout::{FURNACE_FUEL, FURNACE_INPUT, FURNACE_OUTPUT};
    use crate::sim::screen::Slot;
    use crate::suite::Event;

    const FURNACE_AT: BlockPos = [0, FLOOR + 1, 2];

    fn stack(name: &str, count: u8) -> Option<ItemStack> {
        Some(ItemStack::new(item(name), count))
    }

    fn open_furnace(game: &mut Game) {
        open(game, ScreenKind::Furnace, FURNACE_AT, block("furnace"));
    }

    #[test]
    fn a_furnace_keeps_its_slots_cooks_while_closed_and_pays_for_its_output() {
        let mut game = platform_game();
        put(&mut game.world, FURNACE_AT, "furnace");
        open_furnace(&mut game);
        let screen = game.screen.as_mut().unwrap();
        screen.container[FURNACE_INPUT] = stack("iron_ore", 2);
        screen.container[FURNACE_FUEL] = stack("coal", 1);
        run(&mut game, &keys(&[Key::Inventory]), 1);
        assert!(game.screen.is_none());
        assert_eq!(
            game.player.inventory.count(item("iron_ore")),
            0,
            "kept in the block"
        );
        run(&mut game, &keys(&[]), 400);
        open_furnace(&mut game);
        let screen = game.screen.as_mut().unwrap();
        assert_eq!(screen.container[FURNACE_OUTPUT], stack("iron_ingot", 2));
        assert_eq!(screen.container[FURNACE_INPUT], None);
        assert!(screen.gauges.flame.is_some(), "the coal still burns");
        let (x, y) = screen
            .layout()
            .centre(Slot::Container(FURNACE_OUTPUT))
            .unwrap();
        screen.cursor = [x as f32, y as f32];
        run(&mut game, &keys(&[Key::Attack]), 1);
        let screen = game.screen.as_ref().unwrap();
        assert_eq!(screen.carried, stack("iron_ingot", 2));
        assert_eq!(game.stats.get(Event::CraftItem, "iron_ingot"), 2);
        assert!(
            (1..=2).contains(&game.player.xp_points),
            "0.7 experience an ingot"
        );
        assert_eq!(
            game.block_entities.get(FURNACE_AT).unwrap().slots()[FURNACE_OUTPUT],
            None
        );
    }

    #[test]
    fn a_furnace_cooks_while_its_screen_is_open_and_the_screen_follows() {
        let mut game = platform_game();
        put(&mut game.world, FURNACE_AT, "smoker");
        open(&mut game, ScreenKind::Smoker, FURNACE_AT, block("smoker"));
        let screen = game.screen.as_mut().unwrap();
        screen.container[FURNACE_INPUT] = stack("beef", 1);
        screen.container[FURNACE_FUEL] = stack("oak_planks", 1);
        run(&mut game, &keys(&[]), 101);
        let screen = game.screen.as_ref().unwrap();
        assert_eq!(screen.container[FURNACE_OUTPUT], stack("cooked_beef", 1));
        assert_eq!(screen.gauges.arrow, 0);
    }

    #[test]
    fn a_brewing_stand_brews_while_closed_and_its_screen_shows_the_brew() {
        use crate::sim::block_entity::brewing::{BOTTLES, FUEL, INGREDIENT};
        let mut game = platform_game();
        put(&mut game.world, FURNACE_AT, "brewing_stand");
        super::super::using::interact_block(&mut game, block("brewing_stand"), FURNACE_AT);
        assert_eq!(
            game.stats.get(Event::Custom, "interact_with_brewingstand"),
            1
        );
        let mut water = ItemStack::new(item("potion"), 1);
        water.potion = Some("minecraft:water".into());
        let screen = game.screen.as_mut().unwrap();
        assert_eq!(screen.kind, ScreenKind::BrewingStand);
        screen.container[BOTTLES[1]] = Some(water);
        screen.container[INGREDIENT] = stack("nether_wart", 1);
        screen.container[FUEL] = stack("blaze_powder", 1);
        run(&mut game, &keys(&[]), 200);
        let gauges = game.screen.as_ref().unwrap().brewing;
        assert_eq!(
            (gauges.fuel, gauges.arrow),
            (18, 13),
            "201 ticks of 400 left"
        );
        run(&mut game, &keys(&[Key::Inventory]), 1);
        assert_eq!(
            game.player.inventory.count(item("potion")),
            0,
            "kept in the stand"
        );
        run(&mut game, &keys(&[]), 200);
        super::super::using::interact_block(&mut game, block("brewing_stand"), FURNACE_AT);
        let bottle = game.screen.as_ref().unwrap().container[BOTTLES[1]]
            .clone()
            .unwrap();
        assert_eq!(bottle.potion.as_deref(), Some("minecraft:awkward"));
        assert_eq!(game.screen.as_ref().unwrap().container[INGREDIENT], None);
    }

    #[test]
    fn breaking_a_chest_drops_what_it_held() {
        let mut game = platform_game();
        let pos = FURNACE_AT;
        put(&mut game.world, pos, "chest");
        open(&mut game, ScreenKind::Chest, pos, block("chest"));
        game.screen.as_mut().unwrap().container[5] = stack("diamond", 3);
        run(&mut game, &keys(&[Key::Inventory]), 1);
        assert_eq!(game.player.inventory.count(item("diamond")), 0);
        open(&mut game, ScreenKind::Chest, pos, block("chest"));
        assert_eq!(
            game.screen.as_ref().unwrap().container[5],
            stack("diamond", 3)
        );
        super::super::screens::close(&mut game);
        super::super::breaking::break_block(&mut game, pos);
        assert!(game.block_entities.get(pos).is_none());
        let dropped: Vec<ItemStack> = game
            .entities
            .list
            .iter()
            .filter_map(|e| match &e.kind {
                crate::sim::entity::EntityKind::Item { stack, .. } => Some(stack.clone()),
                _ => None,
            })
            .collect();
        assert!(dropped.contains(&ItemStack::new(item("diamond"), 3)));
    }

    #[test]
    fn a_chest_set_with_a_loot_table_is_filled_on_first_open_the_same_each_run() {
        let opened = || {
            let mut game = platform_game();
            let command =
                "/setblock 0 101 2 minecraft:chest{LootTable:\"minecraft:chests/buried_treasure\"}";
            let status = crate::sim::command::run(&mut game, command);
            assert_eq!(status, crate::sim::CommandStatus::Accepted);
            super::super::using::interact_block(&mut game, block("chest"), FURNACE_AT);
            assert_eq!(game.stats.get(Event::OpenChest, "chest"), 1);
            let screen = game.screen.as_ref().unwrap();
            assert_eq!(screen.kind, ScreenKind::Chest);
            screen.container.clone()
        };
        let slots = opened();
        assert!(slots.contains(&stack("heart_of_the_sea", 1)));
        assert_eq!(slots, opened());
    }
}
