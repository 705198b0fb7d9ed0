//! Screens driven through `Action`s only: `use` opens a crafting table,
//! camera turns move the cursor to vanilla's slot pixels at 640×360, and
//! clicks craft planks, a crafting table and sticks; closing drops the
//! cursor stack. The same actions give the same frames.

#[path = "common/screen_script.rs"]
mod screen_script;

use image::RgbImage;
use mcu::protocol::{Action, Key};
use mcu::sim::{EmbeddedSim, Simulator};
use mcu::suite::Event;
use screen_script::Script;

/// Slot centres at 640×360 (SPEC §12).
const HOTBAR_1: (f32, f32) = (248.0, 247.0);
const HOTBAR_2: (f32, f32) = (266.0, 247.0);
const HOTBAR_9: (f32, f32) = (392.0, 247.0);
const GRID: [(f32, f32); 9] = [
    (270.0, 122.0),
    (288.0, 122.0),
    (306.0, 122.0),
    (270.0, 140.0),
    (288.0, 140.0),
    (306.0, 140.0),
    (270.0, 158.0),
    (288.0, 158.0),
    (306.0, 158.0),
];
const RESULT: (f32, f32) = (364.0, 140.0);

fn crafting_script() -> Vec<Action> {
    let mut s = Script::new();
    s.look_down(30.0);
    s.open();
    // Two logs onto the cursor, one into the grid, sneak-click: 4 planks into the inventory.
    s.click_at(HOTBAR_1, &[Key::Attack]);
    s.click_at(GRID[0], &[Key::Use]);
    s.click_at(RESULT, &[Key::Sneak, Key::Attack]);
    // The other log into the grid; the planks onto the cursor, one in each of four cells.
    s.click_at(GRID[0], &[Key::Attack]);
    s.click_at(RESULT, &[Key::Attack]);
    for cell in [0, 1, 3, 4] {
        s.click_at(GRID[cell], &[Key::Use]);
    }
    s.click_at(RESULT, &[Key::Attack]);
    s.click_at(HOTBAR_2, &[Key::Attack]);
    // The first four planks: two make four sticks, two stay on the cursor.
    s.click_at(HOTBAR_9, &[Key::Attack]);
    s.click_at(GRID[0], &[Key::Use]);
    s.click_at(GRID[3], &[Key::Use]);
    s.click_at(RESULT, &[Key::Sneak, Key::Attack]);
    s.press(&[Key::Inventory]);
    s.actions
}

fn play(actions: &[Action], frame: &mut RgbImage) -> (EmbeddedSim, u64) {
    let commands = [
        "/fill ~-2 ~ ~1 ~2 ~2 ~4 minecraft:air",
        "/setblock ~ ~ ~2 minecraft:crafting_table",
        "/give @s minecraft:oak_log 2",
    ]
    .map(String::from);
    let mut sim = EmbeddedSim::new();
    sim.reset(11, &commands);
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for action in actions {
        sim.step(action);
        sim.render(frame);
        for byte in frame.as_raw() {
            hash = (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    (sim, hash)
}

#[test]
fn a_crafting_table_opened_with_use_crafts_by_mouse() {
    let mut frame = RgbImage::new(64, 36);
    let (sim, _) = play(&crafting_script(), &mut frame);
    let stats = sim.statistics();
    assert_eq!(stats.get(Event::Custom, "interact_with_crafting_table"), 1);
    assert_eq!(stats.get(Event::CraftItem, "oak_planks"), 8);
    assert_eq!(stats.get(Event::CraftItem, "crafting_table"), 1);
    assert_eq!(stats.get(Event::CraftItem, "stick"), 4);
    let game = sim.game();
    assert!(game.screen.is_none(), "the inventory key closed the table");
    let inventory = &game.player.inventory;
    let count = |name| inventory.count(mcu::sim::registry::item(name));
    assert_eq!(count("crafting_table"), 1);
    assert_eq!(count("stick"), 4);
    assert_eq!(count("oak_log"), 0);
    assert_eq!(
        count("oak_planks"),
        0,
        "the cursor's two planks fell on closing"
    );
    assert_eq!(stats.get(Event::Drop, "oak_planks"), 0);
}

#[test]
fn the_same_actions_give_the_same_screen_frames() {
    let script = crafting_script();
    let mut frame = RgbImage::new(160, 90);
    let (_, first) = play(&script, &mut frame);
    let (_, second) = play(&script, &mut frame);
    assert_eq!(first, second);
}
