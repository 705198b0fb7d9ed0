//! The perch: where one may stand, and an enderman fought from one.

use super::*;
use crate::sim::inventory::ItemStack;
use crate::sim::rules::testkit::{platform_game, put, summon_east, FLOOR};
use crate::sim::script::long::stage::play_phase;
use crate::suite::Event;

/// The player on the flat world at midnight (no daylight sends an
/// enderman off) with sword, pickaxe and a few cobblestone blocks.
fn armed() -> Game {
    let mut game = platform_game();
    game.day_time = 18_000;
    let kit = [
        ("diamond_sword", 1),
        ("diamond_pickaxe", 1),
        ("cobblestone", 8),
    ];
    for (slot, (name, count)) in kit.into_iter().enumerate() {
        game.player.inventory.main[slot] = Some(ItemStack::new(item(name), count));
    }
    game
}

#[test]
fn a_perch_needs_open_ground_round_its_pillar() {
    let mut game = armed();
    let feet = game.player.block_pos();
    assert!(is_perch(&game, feet));
    assert_eq!(nearest_perch(&game), Some(feet));
    // A block beside the pillar at its top's height would hold an
    // enderman within reach of the top.
    let step = [feet[0] + 1, FLOOR + 2, feet[2]];
    put(&mut game.world, step, "stone");
    assert!(!is_perch(&game, feet));
    let other = nearest_perch(&game).expect("another perch near");
    assert!((other[0] - step[0]).abs().max((other[2] - step[2]).abs()) >= 2);
    assert_eq!(other[1], feet[1]);
    // No ground under the feet: no pillar stands there.
    put(&mut game.world, [feet[0], FLOOR, feet[2]], "air");
    assert!(!is_perch(&game, feet));
}

#[test]
fn a_perch_needs_ground_at_its_foot_on_its_four_sides() {
    // Seed 4's pearl phase under draw 3: with a trench beside the foot,
    // the endermen stood on a ledge two blocks off, where only their eyes
    // were within the sword's reach, for 10,000 steps.
    let mut game = armed();
    let feet = game.player.block_pos();
    let beside = [feet[0], FLOOR, feet[2] - 1];
    put(&mut game.world, beside, "air");
    assert!(!is_perch(&game, feet));
    let other = nearest_perch(&game).expect("another perch near");
    assert!((other[0] - beside[0]).abs() + (other[2] - beside[2]).abs() >= 2);
    put(&mut game.world, beside, "stone");
    assert!(is_perch(&game, feet));
}

#[test]
fn an_enderman_angered_from_a_perch_falls_without_striking_the_player() {
    let mut game = armed();
    summon_east(&mut game, "enderman", 12.0);
    let kills = |g: &Game| g.stats.get(Event::KillEntity, ENDERMAN);
    // Until it is dead, its pearl (if it dropped one) gathered and the
    // player back on the pillar.
    let perch = [0, FLOOR + 1, 0];
    let top = [0, FLOOR + 1 + HEIGHT, 0];
    let done = move |g: &Game| {
        let on_top = g.player.block_pos() == top && g.player.on_ground;
        kills(g) >= 1 && !pearls_lying(g, perch) && on_top
    };
    let played = play_phase(
        game,
        vec![from_a_perch(done, 200, |_| panic!("no perch"))],
        done,
        3_000,
    );
    let g = &played.game;
    assert!(
        played.reached,
        "{} steps, {} killed",
        played.steps,
        kills(g)
    );
    assert_eq!(g.player.health, 20.0, "struck on the perch");
    let pearls = g.player.inventory.count(item("ender_pearl"));
    let dropped = g.stats.get(Event::Pickup, "ender_pearl");
    assert_eq!(u64::from(pearls), dropped);
    eprintln!("{} steps, {pearls} pearl", played.steps);
}
