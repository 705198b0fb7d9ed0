//! Keeping a blaze spawner dark: fires round it put out.

use super::*;
use crate::sim::rules::testkit::{platform_game, put, FLOOR};
use crate::sim::script::long::stage::play_phase;

const SPAWNER: BlockPos = [4, FLOOR + 1, 0];

#[test]
fn a_fire_in_sight_by_the_spawner_is_put_out() {
    let mut game = platform_game();
    put(&mut game.world, SPAWNER, "spawner");
    let near = [2, FLOOR + 1, 1];
    let far = [4 + FIRE_WATCH + 2, FLOOR + 1, 0];
    put(&mut game.world, near, "fire");
    put(&mut game.world, far, "fire");
    assert_eq!(fire_round(&game, SPAWNER), Some(near));
    let fire = block("fire");
    let staged = play_phase(
        game,
        vec![Box::new(Mine {
            spot: Spot::At(near),
            ticks_left: FIRE_TICKS,
        })],
        move |g| g.world.get(near) != fire,
        FIRE_TICKS,
    );
    assert!(staged.reached, "still burning after {} ticks", staged.steps);
    assert_eq!(staged.game.world.get(far), fire, "out of the watch, left");
    assert_eq!(fire_round(&staged.game, SPAWNER), None);
}

#[test]
fn a_fire_behind_a_wall_is_not_aimed_at() {
    let mut game = platform_game();
    put(&mut game.world, SPAWNER, "spawner");
    let hidden = [3, FLOOR + 1, 0];
    put(&mut game.world, hidden, "fire");
    for y in FLOOR + 1..FLOOR + 4 {
        for z in -2..=2 {
            put(&mut game.world, [2, y, z], "nether_bricks");
        }
    }
    assert_eq!(fire_round(&game, SPAWNER), None);
}
