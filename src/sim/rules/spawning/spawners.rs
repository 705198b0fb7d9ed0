//! Monster spawners, after 1.16.5's `AbstractSpawner.tick`: a spawner
//! works only with the player within 16 blocks; when its delay runs out it
//! makes 4 tries at spots up to 4 blocks across (and 1 up or down) from
//! it, each spawning one creature of its kind where the creature fits and
//! the light allows — unless 6 of its kind are already within 4 blocks,
//! which only resets the delay. After a spawn the delay is drawn anew,
//! 200–799 ticks; if no try spawned it tries again next tick.
//!
//! The block entities of a fortress (its blaze spawners and its loot
//! chests) are made here too, when the player first comes near it: the
//! generator only lays out blocks.

use rand::Rng;

use super::{count_near, fits};
use crate::sim::block_entity::{BlockEntity, Chest, Spawner};
use crate::sim::creature;
use crate::sim::entity::MobTags;
use crate::sim::game::Game;
use crate::sim::registry::{block, registry};
use crate::sim::world::gen::{fortress_near, CHEST_LOOT};
use crate::sim::world::{BlockPos, Dimension};

/// The player must be this close (blocks, from the spawner's centre).
const PLAYER_RANGE: f64 = 16.0;
/// Tries per spawn.
const SPAWN_COUNT: u32 = 4;
/// How far across its tries reach, and the box it counts its kind in.
const SPAWN_RANGE: f64 = 4.0;
/// The most of its kind near it.
const MAX_NEARBY: usize = 6;
/// The delay after a spawn: `MIN_DELAY + below(MAX_DELAY - MIN_DELAY)`.
const MIN_DELAY: u32 = 200;
const MAX_DELAY: u32 = 800;
/// Blazes spawn from spawners at this light level or darker.
const BLAZE_MAX_LIGHT: u8 = 11;
/// How far around the player a fortress's block entities are made.
const FORTRESS_RANGE: i32 = 160;
/// Ticks between looks for a fortress near the player.
const FORTRESS_LOOK_EVERY: u64 = 20;

pub fn tick(game: &mut Game) {
    if game.tick % FORTRESS_LOOK_EVERY == 0 {
        furnish_fortress(game);
    }
    for pos in game.block_entities.spawners() {
        tick_spawner(game, pos);
    }
}

/// Gives the nearest fortress's spawners and chests their block entities.
fn furnish_fortress(game: &mut Game) {
    if game.dimension() != Dimension::Nether {
        return;
    }
    let seed = game.world.generator().seed();
    let [x, _, z] = game.player.pos;
    let Some(fortress) = fortress_near(seed, x.floor() as i32, z.floor() as i32, FORTRESS_RANGE)
    else {
        return;
    };
    let blaze = registry()
        .entity_named("blaze")
        .expect("blaze is an entity type");
    let made = |pos: BlockPos| -> Option<BlockEntity> {
        match registry().block(game.world.get(pos)).name {
            "spawner" if fortress.spawners.contains(&pos) => {
                Some(BlockEntity::Spawner(Spawner::new(blaze)))
            }
            "chest" if fortress.chests.contains(&pos) => {
                Some(BlockEntity::Chest(Chest::new(Some(CHEST_LOOT.to_string()))))
            }
            _ => None,
        }
    };
    for pos in fortress.spawners.iter().chain(&fortress.chests) {
        if game.block_entities.get(*pos).is_none() {
            if let Some(entity) = made(*pos) {
                game.block_entities.insert(*pos, entity);
            }
        }
    }
}

fn tick_spawner(game: &mut Game, pos: BlockPos) {
    if game.world.get(pos) != block("spawner") {
        return;
    }
    let Some(BlockEntity::Spawner(spawner)) = game.block_entities.get(pos).cloned() else {
        return;
    };
    let centre = pos.map(|v| f64::from(v) + 0.5);
    let p = game.player.pos;
    let near =
        (0..3).map(|i| (p[i] - centre[i]).powi(2)).sum::<f64>() < PLAYER_RANGE * PLAYER_RANGE;
    if !near || game.player.is_dead() {
        return;
    }
    let delay = if spawner.delay > 0 {
        Some(spawner.delay - 1)
    } else {
        spawn_round(game, pos, &spawner)
    };
    if let (Some(delay), Some(BlockEntity::Spawner(s))) = (delay, game.block_entities.get_mut(pos))
    {
        s.delay = delay;
    }
}

/// One round of tries; the new delay if it spawned or found too many.
fn spawn_round(game: &mut Game, pos: BlockPos, spawner: &Spawner) -> Option<u32> {
    let kind = spawner.kind;
    let mut spawned = false;
    for _ in 0..SPAWN_COUNT {
        let rng = &mut game.rngs.spawning;
        let mut across = || (rng.gen::<f64>() - rng.gen::<f64>()) * SPAWN_RANGE + 0.5;
        let (dx, dz) = (across(), across());
        let y = pos[1] + rng.gen_range(-1..=1);
        let at = [f64::from(pos[0]) + dx, f64::from(y), f64::from(pos[2]) + dz];
        if !fits(game, kind, at) {
            continue;
        }
        let cell = at.map(|v| v.floor() as i32);
        let is_blaze = registry().entity(kind).name == "blaze";
        if is_blaze && creature::light_at(game, cell) > BLAZE_MAX_LIGHT {
            continue;
        }
        let min = pos.map(|v| f64::from(v) - SPAWN_RANGE);
        let max = pos.map(|v| f64::from(v) + 1.0 + SPAWN_RANGE);
        if count_near(game, kind, min, max) >= MAX_NEARBY {
            return Some(next_delay(game));
        }
        let id = crate::sim::rules::births::bring_to_life(game, kind, at, MobTags::default());
        let yaw = game.rngs.spawning.gen::<f32>() * 360.0;
        if let Some(e) = game.entities.get_mut(id) {
            e.yaw = yaw;
        }
        spawned = true;
    }
    spawned.then(|| next_delay(game))
}

fn next_delay(game: &mut Game) -> u32 {
    MIN_DELAY + game.rngs.spawning.gen_range(0..MAX_DELAY - MIN_DELAY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::block_entity::spawner::FIRST_DELAY;
    use crate::sim::entity::EntityKind;

    /// A blaze spawner in a dark nether-brick room with the player beside it.
    fn room() -> (Game, BlockPos) {
        let mut game = Game::new(3);
        crate::sim::dimensions::change_dimension(&mut game, Dimension::Nether, [0.5, 100.0, 0.5]);
        let spawner = [0, 100, 0];
        for x in -6i32..=6 {
            for z in -6i32..=6 {
                for y in 98..=104 {
                    let wall = y == 98 || y == 104 || x.abs() == 6 || z.abs() == 6;
                    let id = if wall {
                        block("nether_bricks")
                    } else {
                        crate::sim::registry::BlockId::AIR
                    };
                    game.world.set([x, y, z], id);
                }
            }
        }
        game.world.set(spawner, block("spawner"));
        let blaze = registry().entity_named("blaze").unwrap();
        game.block_entities
            .insert(spawner, BlockEntity::Spawner(Spawner::new(blaze)));
        game.player.pos = [4.5, 99.0, 4.5];
        (game, spawner)
    }

    fn blazes(game: &Game) -> usize {
        game.entities
            .list
            .iter()
            .filter(|e| matches!(&e.kind, EntityKind::Mob(m) if registry().entity(m.kind).name == "blaze"))
            .count()
    }

    #[test]
    fn a_spawner_spawns_after_its_delay_and_stops_at_six_nearby() {
        let (mut game, spawner) = room();
        for _ in 0..FIRST_DELAY {
            tick(&mut game);
        }
        assert_eq!(blazes(&game), 0, "nothing before the first delay runs out");
        tick(&mut game);
        let first = blazes(&game);
        assert!((1..=4).contains(&first), "{first}");
        let Some(BlockEntity::Spawner(s)) = game.block_entities.get(spawner) else {
            panic!("the spawner keeps its entity");
        };
        assert!((MIN_DELAY..MAX_DELAY).contains(&s.delay), "{}", s.delay);
        for _ in 0..20_000 {
            tick(&mut game);
        }
        assert_eq!(
            blazes(&game),
            MAX_NEARBY,
            "no more than six of its kind near it"
        );
    }

    #[test]
    fn a_spawner_rests_with_the_player_away() {
        let (mut game, _) = room();
        game.player.pos = [30.5, 99.0, 0.5];
        for _ in 0..2_000 {
            tick(&mut game);
        }
        assert_eq!(blazes(&game), 0);
    }

    #[test]
    fn the_fortress_near_the_dragon_tasks_nether_origin() {
        for scenario in 0..5 {
            let seed = crate::sim::episode_seed(scenario, "kill_ender_dragon");
            let fortress = fortress_near(seed, 0, 0, 1200).expect("a fortress within 1200 blocks");
            let [x, y, z] = fortress.centre;
            let distance = f64::from(x * x + z * z).sqrt();
            println!("scenario {scenario}: seed {seed}: fortress at {x} {y} {z}, {distance:.0} blocks from 0,0");
            assert!(distance < 1200.0);
        }
    }
}
