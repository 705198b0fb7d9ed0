//! The rules of one game tick.
//!
//! PLACEHOLDER until movement and interaction land: the camera turns and
//! the clock advances.

use super::game::Game;
use crate::protocol::Action;

/// Advances the game by one tick under the player's action.
pub fn tick(game: &mut Game, action: &Action) {
    let player = &mut game.player;
    player.pitch = (player.pitch + action.camera[0]).clamp(-90.0, 90.0);
    player.yaw = (player.yaw + action.camera[1]).rem_euclid(360.0);
    game.tick += 1;
    game.day_time = (game.day_time + 1) % 24_000;
}
