//! What a broken block yields: its table drop, except where its state
//! decides — a bed drops from its head half only, a crop drops its seed
//! until ripe, then its produce and one to four seeds (1.16.5's loot
//! tables: one, plus three tries at 4/7).

use rand::Rng;

use super::farming::{crop, Crop};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::registry::{item, registry, state_def, BlockId, Drop, Placement};
use crate::sim::world::BlockState;

/// Chance of each extra seed from a ripe crop.
const EXTRA_SEED_CHANCE: f64 = 4.0 / 7.0;
/// Tries at an extra seed.
const EXTRA_SEED_TRIES: u32 = 3;

/// The items breaking `id` in `state` drops, `sheared` when cut with shears.
pub fn block_drops(
    game: &mut Game,
    id: BlockId,
    state: BlockState,
    sheared: bool,
) -> Vec<ItemStack> {
    if state_def(id).placement == Placement::Bed && !state.is_head() {
        return Vec::new();
    }
    if let Some(crop) = crop(id) {
        return crop_drops(game, crop, state);
    }
    match registry().block(id).drop {
        Drop::Item {
            item,
            count,
            shears_only,
        } if !shears_only || sheared => vec![ItemStack::new(item, count)],
        _ => Vec::new(),
    }
}

fn crop_drops(game: &mut Game, crop: &Crop, state: BlockState) -> Vec<ItemStack> {
    if state.age() < crop.max_age {
        return vec![ItemStack::new(item(crop.seed), 1)];
    }
    let rng = &mut game.rngs.drops;
    let extra = (0..EXTRA_SEED_TRIES)
        .filter(|_| rng.gen_bool(EXTRA_SEED_CHANCE))
        .count() as u8;
    if crop.produce == crop.seed {
        return vec![ItemStack::new(item(crop.seed), 1 + extra)];
    }
    vec![
        ItemStack::new(item(crop.produce), 1),
        ItemStack::new(item(crop.seed), 1 + extra),
    ]
}
