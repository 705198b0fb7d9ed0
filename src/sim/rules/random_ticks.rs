//! Random ticks (`ServerLevel.tickChunk`): every tick, in each generated
//! chunk within [`RADIUS_CHUNKS`] of the player (in coordinate order),
//! three random blocks of every section that holds any are picked, and
//! those that tick randomly (crops, farmland) act. The picks come from
//! their own random stream.

use rand::Rng;

use super::farming;
use crate::sim::game::Game;
use crate::sim::world::SECTIONS;

/// Picks per section per tick (the `randomTickSpeed` game rule's default).
const PICKS_PER_SECTION: u32 = 3;
/// Chunks this far from the player's (each way) are ticked.
pub const RADIUS_CHUNKS: i32 = 4;

pub fn tick(game: &mut Game) {
    let (px, pz) = (
        (game.player.pos[0].floor() as i32) >> 4,
        (game.player.pos[2].floor() as i32) >> 4,
    );
    for cz in pz - RADIUS_CHUNKS..=pz + RADIUS_CHUNKS {
        for cx in px - RADIUS_CHUNKS..=px + RADIUS_CHUNKS {
            for sy in 0..SECTIONS {
                let filled = game
                    .world
                    .chunk(cx, cz)
                    .and_then(|c| c.section(sy))
                    .is_some_and(|s| s.non_air() > 0);
                if !filled {
                    continue;
                }
                for _ in 0..PICKS_PER_SECTION {
                    let local: u16 = game.rngs.random_ticks.gen_range(0..4096);
                    let pos = [
                        cx * 16 + i32::from(local & 15),
                        sy as i32 * 16 + i32::from(local >> 8),
                        cz * 16 + i32::from((local >> 4) & 15),
                    ];
                    let id = game.world.get(pos);
                    if farming::ticks_randomly(id) {
                        farming::random_tick(game, pos, id);
                    }
                }
            }
        }
    }
}
