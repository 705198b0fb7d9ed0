//! The shield against a blaze's volleys on the flat test world.

use super::*;
use crate::sim::entity::{EntityKind, Mob, MobTags};
use crate::sim::inventory::ItemStack;
use crate::sim::rules::testkit::{platform_game, put, AREA, FLOOR};
use crate::sim::script::long::stage::play_phase;
use crate::sim::script::plans::Plan;
use crate::suite::Event;

/// The player with a diamond sword in hand and a shield carried, turned
/// away from a blaze hovering 8 blocks north.
fn facing_away_from_a_blaze() -> Game {
    let mut game = platform_game();
    let inventory = &mut game.player.inventory;
    inventory.main[0] = Some(ItemStack::new(item("diamond_sword"), 1));
    inventory.main[1] = Some(ItemStack::new(item("shield"), 1));
    inventory.selected = 0;
    let kind = registry().entity_named("blaze").unwrap();
    let health = registry().creature(kind).unwrap().max_health;
    let [x, _, z] = game.player.pos;
    game.entities.spawn(
        EntityKind::Mob(Mob::new(kind, health, MobTags::default())),
        [x, f64::from(FLOOR + 3), z - 8.0],
        [0.0; 3],
    );
    // Yaw 0 looks south, away from the blaze.
    game.player.yaw = 0.0;
    game
}

fn standing(ticks: u32) -> Box<dyn Behaviour> {
    Box::new(Hold::still(ticks))
}

fn played(plan: Plan) -> Game {
    play_phase(facing_away_from_a_blaze(), plan, |_| false, 400).game
}

#[test]
fn a_raised_shield_stops_a_blazes_volleys() {
    let guarded = played(vec![
        shield_to_offhand(),
        Box::new(Shielded::new(standing(400))),
    ]);
    let p = &guarded.player;
    assert_eq!(
        p.inventory.offhand.as_ref().map(|s| s.name()),
        Some("shield")
    );
    assert_eq!(p.inventory.selected_stack().map(|s| s.name()), None);
    assert!(
        guarded.stats.get(Event::UseItem, "shield") >= 3,
        "volleys blocked"
    );
    assert_eq!(guarded.stats.get(Event::Custom, "damage_taken"), 0);
    // Standing as still without the guard, the volleys burn the player.
    let open = played(vec![shield_to_offhand(), standing(400)]);
    assert_eq!(open.stats.get(Event::UseItem, "shield"), 0);
    assert!(open.stats.get(Event::Custom, "damage_taken") > 0);
}

#[test]
fn the_shield_is_not_raised_where_use_is_the_main_hands() {
    let mut game = facing_away_from_a_blaze();
    game.player.inventory.offhand = Some(ItemStack::new(item("shield"), 1));
    assert!(shield_ready(&game), "a sword leaves use to the shield");
    game.player.inventory.main[0] = Some(ItemStack::new(item("cobblestone"), 16));
    assert!(!shield_ready(&game), "a block in hand is placed instead");
    game.player.inventory.main[0] = Some(ItemStack::new(item("cooked_beef"), 4));
    assert!(!shield_ready(&game), "food in hand is eaten instead");
}

/// Walls round the test platform, so a chase does not run off its edge.
fn walled_in(game: &mut Game) {
    for i in -AREA..AREA {
        for y in FLOOR + 1..FLOOR + 8 {
            for pos in [
                [i, y, -AREA],
                [i, y, AREA - 1],
                [-AREA, y, i],
                [AREA - 1, y, i],
            ] {
                put(&mut game.world, pos, "stone");
            }
        }
    }
}

#[test]
fn between_blocked_blows_the_swords_strikes_land() {
    let mut game = facing_away_from_a_blaze();
    walled_in(&mut game);
    game.player.inventory.offhand = Some(ItemStack::new(item("shield"), 1));
    let hunt = crate::sim::script::combat::Hunt::new("blaze", 1);
    let guarded: Box<dyn Behaviour> =
        Box::new(Shielded::new(Box::new(hunt.with_critical_hits())).and_blows_of("blaze"));
    let fought = play_phase(
        game,
        vec![guarded],
        // About 90 ticks; with the shield held until the strike (whose
        // click the lowering tick takes) it took 535.
        |g| g.stats.get(Event::KillEntity, "blaze") >= 1,
        300,
    );
    let g = &fought.game;
    assert!(
        fought.reached,
        "the blaze lives after {} ticks",
        fought.steps
    );
    assert!(g.stats.get(Event::UseItem, "shield") >= 1, "blows blocked");
    assert!(!g.player.is_dead());
}
