//! Far monsters despawning, as 1.16.5's `MobEntity.checkDespawn` does for
//! the monster category, in the dimension where the natural spawn cycle
//! runs: one farther than 128 blocks from the player goes at once; one
//! farther than 32 goes with one chance in 800 a tick once it has been
//! idle 600 ticks (idle: not hit, and the player not within 32 blocks).
//! Without it the far monsters fill the cap for good and nothing spawns
//! by the player any more.

use rand::Rng;

use super::natural;
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::registry::{registry, EntityCategory};

/// Beyond this distance a monster despawns at once.
const DESPAWN_DISTANCE: f64 = 128.0;
/// Within this distance of the player a monster never despawns.
const NO_DESPAWN_DISTANCE: f64 = 32.0;
/// Idle ticks before the random despawn, and its odds (one in this many a
/// tick).
const IDLE_TICKS: u32 = 600;
const ODDS: u32 = 800;

pub fn tick(game: &mut Game) {
    if !natural::runs_here(game) || game.player.is_dead() {
        return;
    }
    let player = game.player.pos;
    let rng = &mut game.rngs.spawning;
    game.entities.list.retain_mut(|e| {
        let EntityKind::Mob(mob) = &mut e.kind else {
            return true;
        };
        if mob.is_dying() || registry().entity(mob.kind).category != EntityCategory::Hostile {
            return true;
        }
        let distance_sq = (0..3).map(|i| (e.pos[i] - player[i]).powi(2)).sum::<f64>();
        if distance_sq > DESPAWN_DISTANCE * DESPAWN_DISTANCE {
            return false;
        }
        if distance_sq < NO_DESPAWN_DISTANCE * NO_DESPAWN_DISTANCE {
            mob.state.idle_ticks = 0;
            return true;
        }
        mob.state.idle_ticks += 1;
        !(mob.state.idle_ticks > IDLE_TICKS && rng.gen_range(0..ODDS) == 0)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::command::run;
    use crate::sim::world::Dimension;

    /// Seed 4's world in the Nether, with an enderman `distance` blocks
    /// east of the player (only the despawn tick runs: nothing moves).
    fn with_an_enderman(distance: f64) -> Game {
        let mut game = Game::new(4);
        crate::sim::dimensions::change_dimension(&mut game, Dimension::Nether, [0.5, 64.0, 0.5]);
        let [x, y, z] = game.player.pos;
        let command = format!("/summon minecraft:enderman {} {} {z}", x + distance, y);
        run(&mut game, &command);
        game
    }

    fn endermen(game: &Game) -> usize {
        let kind = registry().entity_named("enderman").unwrap();
        game.entities
            .list
            .iter()
            .filter(|e| matches!(&e.kind, EntityKind::Mob(m) if m.kind == kind))
            .count()
    }

    #[test]
    fn a_monster_past_128_blocks_goes_at_once_and_one_by_the_player_stays() {
        let mut far = with_an_enderman(130.0);
        assert_eq!(endermen(&far), 1);
        tick(&mut far);
        assert_eq!(endermen(&far), 0);
        let mut near = with_an_enderman(20.0);
        for _ in 0..5_000 {
            tick(&mut near);
        }
        assert_eq!(endermen(&near), 1, "within 32 blocks it never goes");
    }

    #[test]
    fn an_idle_monster_between_32_and_128_blocks_goes_after_600_ticks_by_chance() {
        let mut game = with_an_enderman(60.0);
        for _ in 0..=IDLE_TICKS {
            tick(&mut game);
        }
        assert_eq!(endermen(&game), 1, "kept while it has not idled 600 ticks");
        // One chance in 800 a tick: gone within 8,000 more ticks but for
        // odds of about e^-10.
        let ticks = (0..8_000).take_while(|_| {
            tick(&mut game);
            endermen(&game) == 1
        });
        assert!(ticks.count() < 8_000, "never despawned");
    }
}
