//! Time: the tick counter, the time of day (wrapping at 24000) and status
//! effects counting down.

use crate::sim::game::Game;

/// Ticks in a Minecraft day.
pub const DAY_LENGTH: u64 = 24_000;

/// Advances the clocks by one tick; effects whose time ran out end.
pub fn advance(game: &mut Game) {
    game.tick += 1;
    game.day_time = (game.day_time + 1) % DAY_LENGTH;
    let effects = &mut game.player.effects;
    for effect in effects.iter_mut() {
        effect.ticks_left = effect.ticks_left.saturating_sub(1);
    }
    effects.retain(|e| e.ticks_left > 0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::player::ActiveEffect;
    use crate::sim::rules::testkit::platform_game;

    #[test]
    fn day_wraps_and_effects_expire() {
        let mut game = platform_game();
        game.day_time = DAY_LENGTH - 1;
        game.player.effects.push(ActiveEffect {
            id: "speed".into(),
            amplifier: 0,
            ticks_left: 2,
        });
        advance(&mut game);
        assert_eq!((game.tick, game.day_time), (1, 0));
        assert!(game.player.has_effect("speed"));
        advance(&mut game);
        assert!(!game.player.has_effect("speed"));
    }
}
