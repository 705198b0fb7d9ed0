//! The natural spawn cycle of 1.16.5 (`WorldEntitySpawner`), for the
//! monster category in the Nether. Each tick, while the monsters alive
//! number fewer than the cap (70 per 289 chunks, scaled by the chunks
//! loaded around the player within 8), every such chunk tries once: a
//! random column, a random height up to the top of the world there; from
//! an open cell there it makes 3 pack attempts of up to 4 steps (each
//! step up to 5 blocks across), drawing the pack's kind from the biome's
//! weighted list (`registry/spawns.tsv`) at the first step. A creature
//! appears at a step 24 or more blocks from the player where it fits on a
//! solid floor in the dark (a monster's light check: sky light no more
//! than a roll of 0–31, light no more than a roll of 0–7), at most the
//! kind's pack size per chunk attempt.
//!
//! Kinds the simulator does not model keep their weight in the draw, so a
//! draw of one spawns nothing and the modelled kinds (endermen, skeletons)
//! come at their real rate. The overworld's cycle is not run (its tasks
//! are judged without natural spawns); where the cycle runs, far monsters
//! despawn (`despawn`), so the cap counts those about the player.

use rand::Rng;

use super::fits;
use crate::sim::creature;
use crate::sim::entity::{EntityKind, MobTags};
use crate::sim::game::{Game, GENERATION_RADIUS_CHUNKS};
use crate::sim::registry::{registry, spawn_entries, EntityCategory, SpawnEntry};
use crate::sim::world::{chunk_of, Dimension};

/// The monster cap per [`CAP_CHUNKS`] chunks.
const MONSTER_CAP: usize = 70;
/// 17 × 17: the chunks one player makes spawnable in vanilla.
const CAP_CHUNKS: usize = 289;
/// Chunks within this many of the player's take part.
const SPAWN_RADIUS_CHUNKS: i32 = 8;
/// Pack attempts per chunk attempt, and steps per pack.
const PACKS: u32 = 3;
const STEPS: u32 = 4;
/// No creature appears this close to the player (blocks).
const MIN_PLAYER_DISTANCE: f64 = 24.0;

/// Whether the cycle runs in the player's dimension.
pub(super) fn runs_here(game: &Game) -> bool {
    game.dimension() == Dimension::Nether
}

pub fn tick(game: &mut Game) {
    if !runs_here(game) || game.player.is_dead() {
        return;
    }
    let (pcx, pcz) = chunk_of(
        game.player.pos[0].floor() as i32,
        game.player.pos[2].floor() as i32,
    );
    let radius = SPAWN_RADIUS_CHUNKS.min(GENERATION_RADIUS_CHUNKS);
    let chunks: Vec<(i32, i32)> = (pcz - radius..=pcz + radius)
        .flat_map(|cz| (pcx - radius..=pcx + radius).map(move |cx| (cx, cz)))
        .filter(|&(cx, cz)| game.world.chunk(cx, cz).is_some())
        .collect();
    let cap = MONSTER_CAP * chunks.len() / CAP_CHUNKS;
    for (cx, cz) in chunks {
        if monsters(game) >= cap {
            return;
        }
        spawn_in_chunk(game, cx, cz);
    }
}

/// Monsters alive in the dimension.
fn monsters(game: &Game) -> usize {
    game.entities
        .list
        .iter()
        .filter(|e| match &e.kind {
            EntityKind::Mob(mob) => {
                !mob.is_dying() && registry().entity(mob.kind).category == EntityCategory::Hostile
            }
            _ => false,
        })
        .count()
}

/// One chunk's try (`spawnCategoryForChunk` and `spawnCategoryForPosition`).
fn spawn_in_chunk(game: &mut Game, cx: i32, cz: i32) {
    let rng = &mut game.rngs.spawning;
    let (x, z) = (
        cx * 16 + rng.gen_range(0..16),
        cz * 16 + rng.gen_range(0..16),
    );
    let top = top_y(game, x, z);
    let y = game.rngs.spawning.gen_range(0..=top + 1);
    if registry().block(game.world.get([x, y, z])).shape.collides() {
        return;
    }
    let mut spawned = 0;
    for _ in 0..PACKS {
        let (mut px, mut pz) = (x, z);
        let mut entry: Option<SpawnEntry> = None;
        let mut pack_size = 0;
        let steps = (game.rngs.spawning.gen::<f32>() * STEPS as f32).ceil() as u32;
        for _ in 0..steps {
            let rng = &mut game.rngs.spawning;
            px += rng.gen_range(0..6) - rng.gen_range(0..6);
            pz += rng.gen_range(0..6) - rng.gen_range(0..6);
            let feet = [f64::from(px) + 0.5, f64::from(y), f64::from(pz) + 0.5];
            let p = game.player.pos;
            let distance_sq = (0..3).map(|i| (feet[i] - p[i]).powi(2)).sum::<f64>();
            if distance_sq <= MIN_PLAYER_DISTANCE * MIN_PLAYER_DISTANCE {
                continue;
            }
            if entry.is_none() {
                let biome = game.world.generator().biome(px, pz);
                let Some(drawn) = draw(game, biome.id()) else {
                    break;
                };
                let rng = &mut game.rngs.spawning;
                pack_size = drawn.min + rng.gen_range(0..=drawn.max - drawn.min);
                entry = Some(drawn);
            }
            let Some(drawn) = entry else {
                break;
            };
            if registry().creature(drawn.kind).is_none() {
                // A kind not modelled: the attempt is spent.
                break;
            }
            if !can_spawn_at(game, drawn, [px, y, pz], feet) {
                continue;
            }
            let id = crate::sim::rules::births::bring_to_life(
                game,
                drawn.kind,
                feet,
                MobTags::default(),
            );
            let yaw = game.rngs.spawning.gen::<f32>() * 360.0;
            if let Some(e) = game.entities.get_mut(id) {
                e.yaw = yaw;
            }
            spawned += 1;
            if spawned >= pack_size {
                return;
            }
        }
    }
}

/// The highest non-air block of a column (the heightmap's top).
fn top_y(game: &Game, x: i32, z: i32) -> i32 {
    (0..128)
        .rev()
        .find(|&y| game.world.get([x, y, z]) != crate::sim::registry::BlockId::AIR)
        .unwrap_or(0)
}

/// A weighted draw from the biome's list.
fn draw(game: &mut Game, biome: &str) -> Option<SpawnEntry> {
    let entries = spawn_entries(biome);
    let total: u32 = entries.iter().map(|e| e.weight).sum();
    if total == 0 {
        return None;
    }
    let mut pick = game.rngs.spawning.gen_range(0..total);
    entries.into_iter().find(|e| {
        let hit = pick < e.weight;
        pick = pick.saturating_sub(e.weight);
        hit
    })
}

/// On a solid floor, fitting, and dark enough for a monster.
fn can_spawn_at(game: &mut Game, entry: SpawnEntry, cell: [i32; 3], feet: [f64; 3]) -> bool {
    let floor = [cell[0], cell[1] - 1, cell[2]];
    let floor_block = registry().block(game.world.get(floor));
    if !floor_block.shape.collides()
        || floor_block.name == "bedrock"
        || !fits(game, entry.kind, feet)
    {
        return false;
    }
    let light = creature::light_at(game, cell);
    light <= game.rngs.spawning.gen_range(0..8)
}
