//! Screens in the tick. The inventory key opens the inventory screen, or
//! closes whatever screen is open; `use` on a crafting table, furnace,
//! chest, brewing stand or enchanting table opens its screen
//! (`using::interact_block`). While a screen is open the camera moves the
//! mouse cursor, attack and use are the left and right mouse buttons
//! (pressed, held and released as the screen's drag rules want; sneak
//! held: quick move), the drop and hotbar keys act on the slot under the
//! cursor, and movement keys do nothing; the world keeps ticking. Closing
//! puts a crafting grid's or enchanting table's items back into the
//! inventory (a block's stay in the block, `containers`) and drops the
//! cursor stack, as 1.16.5 does.

use super::containers;
use super::enchanting;
use super::input::Presses;
use super::items;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::registry::BlockId;
use crate::sim::screen::{Button, Click, Outcome, Screen, ScreenKind};
use crate::sim::world::BlockPos;
use crate::suite::Event;

/// Opens a screen in place of any open one.
pub fn open(game: &mut Game, kind: ScreenKind) {
    close(game);
    game.screen = Some(Screen::open(kind));
}

/// Opens the screen of the block `id` at `pos`.
pub fn open_block(game: &mut Game, kind: ScreenKind, pos: BlockPos, id: BlockId) {
    match kind {
        ScreenKind::EnchantingTable => enchanting::open(game, pos),
        _ => containers::open(game, kind, pos, id),
    }
}

/// The key that is a mouse button while a screen is open.
fn key_of(button: Button) -> Key {
    match button {
        Button::Left => Key::Attack,
        Button::Right => Key::Use,
    }
}

/// Closes the open screen: its items go back into the inventory, what does
/// not fit and the cursor stack fall in front of the player.
pub fn close(game: &mut Game) {
    containers::store(game);
    let Some(mut screen) = game.screen.take() else {
        return;
    };
    if screen.block.is_some() {
        screen.container.clear();
    }
    for stack in screen.close(&mut game.player.inventory) {
        items::toss(game, stack);
    }
}

/// The screen's part of a tick; returns whether a screen took the input.
pub fn tick(game: &mut Game, action: &Action, presses: &Presses) -> bool {
    if presses.inventory {
        if game.screen.is_some() {
            close(game);
        } else {
            open(game, ScreenKind::Inventory);
        }
        return true;
    }
    let Some(mut screen) = game.screen.take() else {
        return false;
    };
    screen.move_cursor(action.camera);
    let sneak = action.is_pressed(Key::Sneak);
    let inventory = &mut game.player.inventory;
    let mut outcomes = Vec::new();
    if let Some(button) = screen.drag.as_ref().map(|d| d.button) {
        if action.is_pressed(key_of(button)) {
            screen.hold(inventory);
        } else {
            outcomes.push(screen.release(inventory));
        }
    }
    for (pressed, button) in [
        (presses.attack, Button::Left),
        (presses.use_item, Button::Right),
    ] {
        if pressed {
            outcomes.push(screen.press(inventory, button, sneak));
        }
    }
    let keys = [
        presses.drop.then_some(Click::Drop),
        presses.hotbar.map(Click::Hotbar),
    ];
    outcomes.extend(
        keys.into_iter()
            .flatten()
            .map(|click| screen.click(inventory, click)),
    );
    game.screen = Some(screen);
    containers::store(game);
    enchanting::refresh(game);
    for outcome in outcomes {
        apply(game, outcome);
    }
    true
}

/// What a click sent out of the screen: statistics, experience, items
/// on the ground, an enchanting offer taken.
fn apply(game: &mut Game, outcome: Outcome) {
    if let Some(offer) = outcome.offer {
        enchanting::choose(game, offer);
    }
    if let Some(stack) = &outcome.smelted {
        containers::pay_experience(game);
        game.stats
            .add(Event::CraftItem, stack.name(), u64::from(stack.count));
    }
    for stack in outcome.crafted {
        game.stats
            .add(Event::CraftItem, stack.name(), u64::from(stack.count));
    }
    for stack in outcome.thrown {
        items::throw_from_player(game, stack);
    }
    for stack in outcome.spilled {
        items::toss(game, stack);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::entity::EntityKind;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;
    use crate::sim::rules::testkit::{keys, platform_game, run};
    use crate::sim::screen::Slot;

    fn ground_items(game: &Game) -> Vec<ItemStack> {
        game.entities
            .list
            .iter()
            .filter_map(|e| match &e.kind {
                EntityKind::Item { stack, .. } => Some(stack.clone()),
                _ => None,
            })
            .collect()
    }

    /// Camera turn that moves the cursor from `from` to the centre of `slot`.
    fn aim(game: &Game, slot: Slot) -> Action {
        let screen = game.screen.as_ref().expect("a screen is open");
        let (x, y) = screen.layout().centre(slot).unwrap();
        let mut action = Action::noop();
        action.camera = [
            (y as f32 - screen.cursor[1]) * 0.15,
            (x as f32 - screen.cursor[0]) * 0.15,
        ];
        action
    }

    #[test]
    fn the_inventory_key_toggles_the_screen_and_the_view_stays_while_the_cursor_moves() {
        let mut game = platform_game();
        run(&mut game, &keys(&[Key::Inventory]), 3);
        assert_eq!(
            game.screen.as_ref().map(|s| s.kind),
            Some(ScreenKind::Inventory)
        );
        let (yaw, pitch, pos) = (game.player.yaw, game.player.pitch, game.player.pos);
        let mut walk = keys(&[Key::Forward, Key::Jump]);
        walk.camera = [1.5, -3.0];
        run(&mut game, &walk, 10);
        assert_eq!((game.player.yaw, game.player.pitch), (yaw, pitch));
        assert_eq!(game.player.pos[0], pos[0]);
        assert_eq!(game.player.pos[2], pos[2]);
        assert_eq!(game.screen.as_ref().unwrap().cursor, [120.0, 280.0]);
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Inventory]), 1);
        assert!(game.screen.is_none());
    }

    #[test]
    fn closing_returns_the_grid_and_drops_the_cursor_stack_without_counting_a_drop() {
        let mut game = platform_game();
        for slot in game.player.inventory.main.iter_mut() {
            *slot = Some(ItemStack::new(item("stone"), 64));
        }
        game.player.inventory.main[4] = None;
        open(&mut game, ScreenKind::Inventory);
        let screen = game.screen.as_mut().unwrap();
        screen.container = vec![
            Some(ItemStack::new(item("oak_log"), 2)),
            Some(ItemStack::new(item("dirt"), 1)),
            None,
            None,
        ];
        screen.carried = Some(ItemStack::new(item("stick"), 3));
        run(&mut game, &keys(&[Key::Inventory]), 1);
        assert!(game.screen.is_none());
        assert_eq!(
            game.player.inventory.main[4],
            Some(ItemStack::new(item("oak_log"), 2))
        );
        assert_eq!(
            ground_items(&game),
            vec![
                ItemStack::new(item("dirt"), 1),
                ItemStack::new(item("stick"), 3)
            ]
        );
        assert_eq!(game.stats.get(Event::Drop, "stick"), 0);
    }

    #[test]
    fn clicks_craft_planks_and_count_them() {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("oak_log"), 1));
        run(&mut game, &keys(&[Key::Inventory]), 1);
        for (slot, button) in [
            (Slot::Main(0), Key::Attack),
            (Slot::Container(0), Key::Attack),
            (Slot::Result, Key::Attack),
        ] {
            let towards = aim(&game, slot);
            run(&mut game, &towards, 1);
            run(&mut game, &keys(&[button]), 1);
            run(&mut game, &keys(&[]), 1);
        }
        let screen = game.screen.as_ref().unwrap();
        assert_eq!(screen.carried, Some(ItemStack::new(item("oak_planks"), 4)));
        assert_eq!(game.stats.get(Event::CraftItem, "oak_planks"), 4);
        let mut throw = aim(&game, Slot::Main(0));
        throw.camera[1] -= 200.0 * 0.15;
        run(&mut game, &throw, 1);
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(
            game.stats.get(Event::Drop, "oak_planks"),
            0,
            "with a stack on the cursor the button acts when it comes up"
        );
        run(&mut game, &keys(&[]), 1);
        assert_eq!(
            game.stats.get(Event::Drop, "oak_planks"),
            1,
            "a right click off the panel throws one"
        );
    }
}
