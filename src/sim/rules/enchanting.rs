//! The enchanting table in the tick, after 1.16.5's `EnchantmentMenu`:
//! `use` opens its screen and counts the bookshelves around the table;
//! the three offers follow the item in the screen and the player's
//! enchantment seed; pressing an offer the player can pay for (the
//! offer's number in lapis, at least that many levels and at least its
//! cost in levels) enchants the item, spends the lapis and that many
//! levels, draws a new seed and counts `custom[enchant_item]`. The item
//! and lapis go back to the player when the screen closes (the table
//! keeps nothing).

use rand::Rng;

use super::screens;
use crate::sim::enchanting::{self, Offer};
use crate::sim::game::Game;
use crate::sim::inventory::split_off;
use crate::sim::registry::{block, BlockId};
use crate::sim::screen::layout::{ENCHANT_ITEM, ENCHANT_LAPIS};
use crate::sim::screen::{Screen, ScreenKind};
use crate::sim::world::{BlockPos, World};
use crate::suite::Event;

/// Opens the enchanting table at `pos`.
pub fn open(game: &mut Game, pos: BlockPos) {
    screens::open(game, ScreenKind::EnchantingTable);
    let shelves = bookshelves(&game.world, pos);
    if let Some(screen) = &mut game.screen {
        screen.bookshelves = shelves;
    }
    refresh(game);
}

/// Bookshelves that power a table at `pos`: on its level and the one
/// above, two blocks out in the 5×5 ring, each counted only when the two
/// blocks between it and the table are air (vanilla's loop, not yet
/// capped at 15).
pub fn bookshelves(world: &World, pos: BlockPos) -> u32 {
    let at = |dx: i32, dy: i32, dz: i32| world.get([pos[0] + dx, pos[1] + dy, pos[2] + dz]);
    let shelf = block("bookshelf");
    let mut count = 0;
    for dz in -1..=1 {
        for dx in -1..=1 {
            let open = (dx, dz) != (0, 0)
                && at(dx, 0, dz) == BlockId::AIR
                && at(dx, 1, dz) == BlockId::AIR;
            if !open {
                continue;
            }
            let mut spots = vec![(dx * 2, dz * 2)];
            if dx != 0 && dz != 0 {
                spots.extend([(dx * 2, dz), (dx, dz * 2)]);
            }
            for (sx, sz) in spots {
                count += (0..=1).filter(|&dy| at(sx, dy, sz) == shelf).count() as u32;
            }
        }
    }
    count
}

/// The enchanting table's screen, if that is the one open.
fn open_table(game: &mut Game) -> Option<&mut Screen> {
    game.screen
        .as_mut()
        .filter(|s| s.kind == ScreenKind::EnchantingTable)
}

/// Makes the open enchanting table's offers match its item and the player's seed.
pub fn refresh(game: &mut Game) {
    let seed = game.player.enchantment_seed;
    let Some(screen) = open_table(game) else {
        return;
    };
    screen.offers = enchanting::offers(
        screen.container[ENCHANT_ITEM].as_ref(),
        screen.bookshelves,
        seed,
    );
}

/// The player pressed offer `slot`: enchants if they can pay (`clickMenuButton`).
pub fn choose(game: &mut Game, slot: usize) {
    let seed = game.player.enchantment_seed;
    let levels = game.player.xp_levels;
    let Some(screen) = open_table(game) else {
        return;
    };
    let Some(offer) = screen.offers.get(slot) else {
        return;
    };
    let price = Offer::price(slot);
    let lapis = screen.container[ENCHANT_LAPIS]
        .as_ref()
        .map_or(0, |s| u32::from(s.count));
    let Some(stack) = screen.container[ENCHANT_ITEM].clone() else {
        return;
    };
    if offer.cost == 0 || lapis < price || levels < price || levels < offer.cost {
        return;
    }
    let given = enchanting::enchantments(&stack, slot, offer.cost, seed);
    if given.is_empty() {
        return;
    }
    screen.container[ENCHANT_ITEM] = Some(enchanting::enchant(&stack, given));
    split_off(&mut screen.container[ENCHANT_LAPIS], price as u8);
    game.player.spend_levels(price);
    game.player.enchantment_seed = game.rngs.enchanting.gen();
    game.stats.add(Event::Custom, "enchant_item", 1);
    refresh(game);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Action, Key};
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};
    use crate::sim::screen::layout::OFFER_BUTTONS;
    use crate::sim::screen::Slot;

    const TABLE: BlockPos = [0, FLOOR + 1, 3];

    /// The camera turn that brings the cursor to a frame pixel.
    fn towards(game: &Game, (x, y): (i32, i32)) -> Action {
        let cursor = game.screen.as_ref().expect("a screen is open").cursor;
        let mut action = Action::noop();
        action.camera = [(y as f32 - cursor[1]) * 0.15, (x as f32 - cursor[0]) * 0.15];
        action
    }

    /// Moves the cursor to a pixel and clicks there with `key`, then releases.
    fn click_at(game: &mut Game, at: (i32, i32), key: Key) {
        let turn = towards(game, at);
        run(game, &turn, 1);
        run(game, &keys(&[key]), 1);
        run(game, &keys(&[]), 1);
    }

    fn slot_centre(game: &Game, slot: Slot) -> (i32, i32) {
        game.screen.as_ref().unwrap().layout().centre(slot).unwrap()
    }

    #[test]
    fn bookshelves_count_in_the_ring_with_air_between() {
        let mut game = platform_game();
        put(&mut game.world, TABLE, "enchanting_table");
        assert_eq!(bookshelves(&game.world, TABLE), 0);
        for dx in -2..=2 {
            for dy in 0..=1 {
                put(
                    &mut game.world,
                    [TABLE[0] + dx, TABLE[1] + dy, TABLE[2] + 2],
                    "bookshelf",
                );
            }
        }
        assert_eq!(bookshelves(&game.world, TABLE), 10);
        put(
            &mut game.world,
            [TABLE[0], TABLE[1] + 1, TABLE[2] + 1],
            "torch",
        );
        assert_eq!(
            bookshelves(&game.world, TABLE),
            8,
            "a torch between blocks the middle two"
        );
        put(
            &mut game.world,
            [TABLE[0] + 2, TABLE[1], TABLE[2]],
            "bookshelf",
        );
        assert_eq!(bookshelves(&game.world, TABLE), 9);
    }

    #[test]
    fn clicking_an_offer_by_pixel_enchants_the_sword_and_spends_lapis_and_levels() {
        let mut game = platform_game();
        put(&mut game.world, TABLE, "enchanting_table");
        game.player.xp_levels = 10;
        game.player.enchantment_seed = 1234;
        game.player.inventory.main[0] = Some(ItemStack::new(item("diamond_sword"), 1));
        game.player.inventory.main[1] = Some(ItemStack::new(item("lapis_lazuli"), 15));
        crate::sim::rules::interact_block(&mut game, block("enchanting_table"), TABLE);
        assert_eq!(
            game.stats
                .get(Event::Custom, "interact_with_enchanting_table"),
            1
        );
        assert_eq!(
            game.screen.as_ref().unwrap().kind,
            ScreenKind::EnchantingTable
        );
        for (from, to) in [
            (Slot::Main(0), Slot::Container(ENCHANT_ITEM)),
            (Slot::Main(1), Slot::Container(ENCHANT_LAPIS)),
        ] {
            for slot in [from, to] {
                let at = slot_centre(&game, slot);
                click_at(&mut game, at, Key::Attack);
            }
        }
        let screen = game.screen.as_ref().unwrap();
        let offers = screen.offers.clone();
        assert_eq!(
            offers,
            enchanting::offers(screen.container[ENCHANT_ITEM].as_ref(), 0, 1234)
        );
        let (slot, offer) = offers
            .iter()
            .enumerate()
            .rev()
            .find(|(_, o)| o.cost > 0)
            .expect("an offer");
        let (left, top) = screen.layout().origin();
        let (bx, by) = OFFER_BUTTONS[slot];
        click_at(&mut game, (left + bx + 50, top + by + 9), Key::Attack);
        assert_eq!(game.stats.get(Event::Custom, "enchant_item"), 1);
        let screen = game.screen.as_ref().unwrap();
        let sword = screen.container[ENCHANT_ITEM].as_ref().unwrap();
        assert!(sword.enchantments.contains(offer.clue.as_ref().unwrap()));
        assert_eq!(
            sword.enchantments,
            enchanting::enchantments(
                &ItemStack::new(item("diamond_sword"), 1),
                slot,
                offer.cost,
                1234
            )
        );
        assert_eq!(
            screen.container[ENCHANT_LAPIS].as_ref().unwrap().count,
            15 - slot as u8 - 1
        );
        assert_eq!(game.player.xp_levels, 10 - slot as u32 - 1);
        assert_ne!(game.player.enchantment_seed, 1234);
        assert!(
            screen.offers.iter().all(|o| o.cost == 0),
            "an enchanted item gets no offers"
        );
        run(&mut game, &keys(&[Key::Inventory]), 1);
        assert!(game.screen.is_none());
        let inventory = &game.player.inventory;
        assert!(inventory
            .main
            .iter()
            .flatten()
            .any(|s| !s.enchantments.is_empty()));
        assert_eq!(inventory.count(item("lapis_lazuli")), 15 - slot as u32 - 1);
    }

    #[test]
    fn an_offer_the_player_cannot_pay_for_does_nothing() {
        let mut game = platform_game();
        screens::open(&mut game, ScreenKind::EnchantingTable);
        game.player.xp_levels = 30;
        let screen = game.screen.as_mut().unwrap();
        screen.container[ENCHANT_ITEM] = Some(ItemStack::new(item("iron_pickaxe"), 1));
        screen.container[ENCHANT_LAPIS] = Some(ItemStack::new(item("lapis_lazuli"), 1));
        refresh(&mut game);
        choose(&mut game, 2);
        assert_eq!(
            game.stats.get(Event::Custom, "enchant_item"),
            0,
            "one lapis, offer 3 needs 3"
        );
        game.player.xp_levels = 0;
        choose(&mut game, 0);
        assert_eq!(
            game.stats.get(Event::Custom, "enchant_item"),
            0,
            "no levels"
        );
        let cost = game.screen.as_ref().unwrap().offers[0].cost;
        game.player.xp_levels = cost;
        choose(&mut game, 0);
        assert_eq!(game.stats.get(Event::Custom, "enchant_item"), 1);
        assert_eq!(
            game.player.xp_levels,
            cost - 1,
            "the first offer spends one level"
        );
        choose(&mut game, 7);
    }
}
