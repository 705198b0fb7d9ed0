//! What the player's tools have set going, over one tick after the other
//! entities: arrows and tridents in flight or stuck, fireballs, the fishing bobber,
//! creatures on leads, and animals in love.

use super::{breeding, fireballs, fishing, projectiles, tools_on_mobs};
use crate::sim::game::Game;

pub fn tick(game: &mut Game) {
    projectiles::tick(game);
    fireballs::tick(game);
    fishing::tick(game);
    tools_on_mobs::tick_leashes(game);
    breeding::tick(game);
}
