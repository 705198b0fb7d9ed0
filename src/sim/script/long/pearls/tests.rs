//! The pearl phase's start: a blaze at hand is fought before anything else.

use super::*;
use crate::sim::inventory::ItemStack;
use crate::sim::registry::item;
use crate::sim::rules::testkit::{platform_game, summon_east};
use crate::sim::script::long::stage::play_phase;
use crate::suite::Event;

#[test]
fn a_blaze_at_hand_is_fought_before_the_way_to_the_endermen() {
    let mut game = platform_game();
    let kit = [
        ("diamond_sword", 1),
        ("diamond_pickaxe", 1),
        ("cobblestone", 16),
        ("shield", 1),
    ];
    for (slot, (name, count)) in kit.into_iter().enumerate() {
        game.player.inventory.main[slot] = Some(ItemStack::new(item(name), count));
    }
    summon_east(&mut game, "blaze", 3.0);
    let killed = |g: &Game| g.stats.get(Event::KillEntity, "blaze") >= 1;
    let played = play_phase(game, vec![ender_pearls(1)], killed, 1_500);
    let g = &played.game;
    assert!(
        played.reached,
        "the blaze lives after {} steps",
        played.steps
    );
    assert!(!g.player.is_dead(), "killed by the blaze");
    eprintln!("{} steps, health {}", played.steps, g.player.health);
}
