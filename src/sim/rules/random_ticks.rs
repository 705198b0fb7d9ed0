//! Random ticks (`ServerLevel.tickChunk`): every tick, in each generated
//! chunk within [`RADIUS_CHUNKS`] of the player (in coordinate order),
//! three random blocks of every section that holds any are picked, and
//! those that tick randomly (crops, farmland) act. The picks come from
//! their own random stream.

use rand::Rng;

use super::farming;
use crate::sim::game::Game;
use crate::sim::registry::BlockId;
use crate::sim::world::{BlockPos, SECTIONS};

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
                let mut picks_left = PICKS_PER_SECTION;
                while picks_left > 0 {
                    let Some((pos, id)) = next_ticking_pick(game, (cx, sy, cz), &mut picks_left)
                    else {
                        break;
                    };
                    farming::random_tick(game, pos, id);
                }
            }
        }
    }
}

/// Draws picks in the section (chunk x, section y, chunk z) until one
/// lands on a block that ticks randomly, counting them off `picks_left`;
/// `None` when none does or the section holds nothing. The section is
/// looked up once for all the picks up to the one that acts.
fn next_ticking_pick(
    game: &mut Game,
    (cx, sy, cz): (i32, usize, i32),
    picks_left: &mut u32,
) -> Option<(BlockPos, BlockId)> {
    let section = game
        .world
        .chunk(cx, cz)
        .and_then(|c| c.section(sy))
        .filter(|s| s.non_air() > 0)?;
    while *picks_left > 0 {
        *picks_left -= 1;
        let local: u16 = game.rngs.random_ticks.gen_range(0..4096);
        let (x, y, z) = (local & 15, local >> 8, (local >> 4) & 15);
        let id = section.get(usize::from(x), usize::from(y), usize::from(z));
        if farming::ticks_randomly(id) {
            let pos = [
                cx * 16 + i32::from(x),
                sy as i32 * 16 + i32::from(y),
                cz * 16 + i32::from(z),
            ];
            return Some((pos, id));
        }
    }
    None
}
