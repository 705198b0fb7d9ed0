//! A furnace driven through `Action`s only: `use` opens it, camera turns
//! move the cursor to vanilla's furnace slots at 640×360, clicks put iron
//! ore and coal in; the screen is closed while the ore cooks, reopened,
//! and the ingot taken out (counting `craft_item` and paying experience).

#[path = "common/screen_script.rs"]
mod screen_script;

use mcu::protocol::{Action, Key};
use mcu::sim::registry::item;
use mcu::sim::{EmbeddedSim, Simulator};
use mcu::suite::Event;
use screen_script::Script;

/// Slot centres at 640×360: the furnace panel's origin is (232, 97).
const INPUT: (f32, f32) = (296.0, 122.0);
const FUEL: (f32, f32) = (296.0, 158.0);
const OUTPUT: (f32, f32) = (356.0, 140.0);
const HOTBAR_1: (f32, f32) = (248.0, 247.0);
const HOTBAR_2: (f32, f32) = (266.0, 247.0);
const HOTBAR_3: (f32, f32) = (284.0, 247.0);

fn smelting_script() -> Vec<Action> {
    let mut s = Script::new();
    s.look_down(30.0);
    s.open();
    s.click_at(HOTBAR_1, &[Key::Attack]);
    s.click_at(INPUT, &[Key::Attack]);
    s.click_at(HOTBAR_2, &[Key::Attack]);
    s.click_at(FUEL, &[Key::Attack]);
    s.press(&[Key::Inventory]);
    s.wait(210);
    s.open();
    s.click_at(OUTPUT, &[Key::Attack]);
    s.click_at(HOTBAR_3, &[Key::Attack]);
    s.press(&[Key::Inventory]);
    s.actions
}

fn play(actions: &[Action]) -> EmbeddedSim {
    let commands = [
        "/fill ~-2 ~ ~1 ~2 ~2 ~4 minecraft:air",
        "/setblock ~ ~ ~2 minecraft:furnace",
        "/give @s minecraft:iron_ore 1",
        "/give @s minecraft:coal 1",
    ]
    .map(String::from);
    let mut sim = EmbeddedSim::new();
    sim.reset(11, &commands);
    for action in actions {
        sim.step(action);
    }
    sim
}

#[test]
fn iron_ore_smelts_with_coal_while_the_furnace_is_closed_and_the_ingot_is_taken() {
    let sim = play(&smelting_script());
    let stats = sim.statistics();
    assert_eq!(stats.get(Event::Custom, "interact_with_furnace"), 2);
    assert_eq!(stats.get(Event::CraftItem, "iron_ingot"), 1);
    let game = sim.game();
    assert!(game.screen.is_none());
    let inventory = &game.player.inventory;
    assert_eq!(
        inventory.main[2].as_ref().map(|s| s.item),
        Some(item("iron_ingot"))
    );
    assert_eq!(inventory.count(item("iron_ore")), 0);
    assert_eq!(
        inventory.count(item("coal")),
        0,
        "the coal burns in the furnace"
    );
    assert!(
        game.player.xp_points <= 1 && game.player.xp_levels == 0,
        "0.7 experience: one point or none"
    );
}

#[test]
fn the_same_actions_smelt_the_same_way() {
    let script = smelting_script();
    let (a, b) = (play(&script), play(&script));
    assert_eq!(a.statistics(), b.statistics());
    assert_eq!(a.game().player.xp_points, b.game().player.xp_points);
    assert_eq!(
        a.game().player.inventory.main,
        b.game().player.inventory.main
    );
}
