//! Blaze rods: a safe way dug to the nearest fortress's nearest blaze
//! spawner (the fortress layout is a pure function of the seed, as a
//! player would know it from a map), then rounds of fighting the blazes
//! the spawner makes beside it until enough rods are held. Standing by
//! the spawner on its fenced throne keeps the player within the
//! spawner's 16 blocks and the blazes within reach as they come.

use super::fight::{fight_round, Quarry};
use super::nether::held;
use super::route::dig_towards;
use super::{deferred, Until};
use crate::sim::game::Game;
use crate::sim::script::behaviour::Behaviour;
use crate::sim::world::gen::fortress_near;
use crate::sim::world::BlockPos;

/// How far around the player (per axis) a fortress is looked for.
const FORTRESS_SEARCH: i32 = 640;
/// Rounds of fighting before giving up.
const FIGHT_ROUNDS: u32 = 400;
/// Blazes this near are fought where they are; farther ones (another
/// spawner's) are left alone.
const BLAZES: Quarry = Quarry {
    kind: "blaze",
    strike_range: 10.0,
    approach_range: 10.0,
};

/// The nearest blaze spawner of the nearest fortress.
pub fn nearest_spawner(game: &Game) -> Option<BlockPos> {
    let seed = game.world.generator().seed();
    let feet = game.player.block_pos();
    let fortress = fortress_near(seed, feet[0], feet[2], FORTRESS_SEARCH)?;
    let distance = |s: &BlockPos| {
        (0..3)
            .map(|i| i64::from(s[i] - feet[i]).pow(2))
            .sum::<i64>()
    };
    fortress.spawners.into_iter().min_by_key(distance)
}

/// Goes to the nearest blaze spawner and kills blazes until `rods` blaze
/// rods are held.
pub fn blaze_rods(rods: u32) -> Box<dyn Behaviour> {
    deferred(move |game| {
        let Some(spawner) = nearest_spawner(game) else {
            return Vec::new();
        };
        vec![
            dig_towards(spawner, 1.5),
            Box::new(Until::new(
                move |g| held(g, "blaze_rod") >= rods,
                FIGHT_ROUNDS,
                |g| fight_round(g, BLAZES),
            )),
        ]
    })
}
