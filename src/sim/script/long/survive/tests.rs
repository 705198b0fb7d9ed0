//! When a fight stops for a shelter.

use super::*;
use crate::sim::inventory::ItemStack;
use crate::sim::rules::testkit::{platform_game, put, summon_east};
use crate::sim::script::long::stage::play_phase;

/// The player hurt to 6 health, carrying cobblestone, and a blaze
/// `distance` blocks east of it.
fn hurt_with_a_blaze(distance: f64) -> Game {
    let mut game = platform_game();
    game.player.health = 6.0;
    game.player.inventory.main[0] = Some(ItemStack::new(item("cobblestone"), 32));
    summon_east(&mut game, "blaze", distance);
    game
}

#[test]
fn low_health_shelters_unless_a_creature_would_strike_the_builder() {
    assert!(needs_shelter(&hurt_with_a_blaze(8.0)));
    assert!(!needs_shelter(&hurt_with_a_blaze(1.5)), "fight it first");
    let mut healthy = hurt_with_a_blaze(8.0);
    healthy.player.health = 20.0;
    assert!(!needs_shelter(&healthy));
    let mut no_blocks = hurt_with_a_blaze(8.0);
    no_blocks.player.inventory.main[0] = None;
    assert!(!needs_shelter(&no_blocks));
}

#[test]
fn a_shelter_in_the_open_by_fortress_fences_is_walled_and_roofed() {
    let mut game = hurt_with_a_blaze(12.0);
    game.player.inventory.main[1] = Some(ItemStack::new(item("diamond_pickaxe"), 1));
    let [x, y, z] = game.player.block_pos();
    for dy in [0, 1] {
        for [dx, dz] in [[1, 0], [0, -1]] {
            put(
                &mut game.world,
                [x + dx, y + dy, z + dz],
                "nether_brick_fence",
            );
        }
    }
    let plan = shelter();
    let walled = |g: &Game| {
        let around = [[1, 0], [-1, 0], [0, 1], [0, -1]];
        [0, 1]
            .iter()
            .flat_map(|&dy| around.map(|[dx, dz]| [x + dx, y + dy, z + dz]))
            .chain([[x, y + 2, z]])
            .all(|cell| g.world.get(cell) == block("cobblestone"))
    };
    // Four fences mined by hand would take ten seconds each; nothing
    // round the roof holds it but a block jumped onto a wall.
    let built = play_phase(game, plan, walled, 300);
    assert!(built.reached, "not walled in after {} ticks", built.steps);
}
