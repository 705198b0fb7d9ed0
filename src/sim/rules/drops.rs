//! What a broken block yields: its table drop, except where its state
//! or chance decides — a bed drops from its head half only, a crop drops
//! its seed until ripe, then its produce and one to four seeds (1.16.5's
//! loot tables: one, plus three tries at 4/7), gravel drops flint one
//! time in ten instead of itself (its loot table without Fortune; neither
//! Fortune nor Silk Touch is modelled).

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
/// Chance that gravel drops flint instead of itself.
const FLINT_CHANCE: f64 = 0.1;

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
    if registry().block(id).name == "gravel" && game.rngs.drops.gen_bool(FLINT_CHANCE) {
        return vec![ItemStack::new(item("flint"), 1)];
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::sky_game;
    use crate::sim::registry::block;

    #[test]
    fn gravel_drops_flint_about_one_time_in_ten_and_itself_otherwise() {
        let mut game = sky_game();
        let (mut flint, mut gravel) = (0, 0);
        for _ in 0..1000 {
            for stack in block_drops(&mut game, block("gravel"), BlockState(0), false) {
                assert_eq!(stack.count, 1);
                match registry().item(stack.item).name {
                    "flint" => flint += 1,
                    "gravel" => gravel += 1,
                    other => panic!("gravel dropped {other}"),
                }
            }
        }
        assert_eq!(flint + gravel, 1000);
        assert!((60..=140).contains(&flint), "{flint} flint in 1000");
    }
}
