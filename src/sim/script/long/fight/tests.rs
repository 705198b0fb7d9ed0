//! Rounds of a fight: where an approach stops.

use super::*;
use crate::sim::inventory::ItemStack;
use crate::sim::rules::testkit::{platform_game, summon_east};
use crate::sim::script::long::stage::play_phase;

const BLAZES: Quarry = Quarry {
    kind: "blaze",
    strike_range: 4.0,
    approach_range: 16.0,
};

/// The player with sword and pickaxe on the flat world, a blaze
/// `distance` blocks east at its height.
fn a_blaze_east(distance: f64) -> Game {
    let mut game = platform_game();
    game.player.inventory.main[0] = Some(ItemStack::new(item("diamond_sword"), 1));
    game.player.inventory.main[1] = Some(ItemStack::new(item("diamond_pickaxe"), 1));
    summon_east(&mut game, "blaze", distance);
    game
}

#[test]
fn an_approach_ends_in_striking_range_outside_a_blazes_reach() {
    let game = a_blaze_east(9.0);
    let plan = fight_round(&game, BLAZES);
    // The round plays to its end (the goal never holds).
    let played = play_phase(game, plan, |_| false, 400);
    let (_, distance) = nearest_within(&played.game, "blaze", 16.0).expect("the blaze");
    assert!(
        distance <= BLAZES.strike_range,
        "ended {distance:.1} blocks off"
    );
    assert!(
        played.steps < 60,
        "the round went on {} ticks",
        played.steps
    );
    assert_eq!(played.game.player.health, 20.0, "struck while digging on");
}
