//! Filling a chest from its loot table when it is first opened, as 1.16.5's
//! `LootTable.fill` does: each pool is rolled, entries drawn by weight with
//! a uniform count; stacks are split into smaller ones while there are
//! empty slots to spare, shuffled, and put into random empty slots. The
//! random stream is seeded from the world seed and the chest's position,
//! so the same chest in the same world always holds the same loot.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::sim::inventory::ItemStack;
use crate::sim::registry::{LootTable, Uniform};
use crate::sim::world::BlockPos;

/// The chest's own random stream.
pub fn rng_for(world_seed: u64, [x, y, z]: BlockPos) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(world_seed);
    let position = (u64::from(x as u32) << 32 | u64::from(z as u32)) ^ (u64::from(y as u32) << 20);
    rng.set_stream(position);
    rng
}

fn roll(rng: &mut ChaCha8Rng, range: Uniform) -> u32 {
    rng.gen_range(range.min..=range.max)
}

/// The stacks one roll of the table gives.
pub fn roll_table(table: &LootTable, rng: &mut ChaCha8Rng) -> Vec<ItemStack> {
    let mut stacks = Vec::new();
    for pool in &table.pools {
        let total: u32 = pool.entries.iter().map(|e| e.weight).sum();
        for _ in 0..roll(rng, pool.rolls) {
            let mut pick = rng.gen_range(0..total);
            let Some(entry) = pool.entries.iter().find(|e| {
                let hit = pick < e.weight;
                pick = pick.saturating_sub(e.weight);
                hit
            }) else {
                continue;
            };
            let count = roll(rng, entry.count);
            if count > 0 {
                stacks.push(ItemStack::new(entry.item, count as u8));
            }
        }
    }
    stacks
}

/// Puts a roll of `table` into the empty slots (`fill`, with
/// `shuffleAndSplitItems`).
pub fn fill(table: &LootTable, rng: &mut ChaCha8Rng, slots: &mut [Option<ItemStack>]) {
    let mut empty: Vec<usize> = (0..slots.len()).filter(|&i| slots[i].is_none()).collect();
    empty.shuffle(rng);
    let (mut whole, mut splittable): (Vec<ItemStack>, Vec<ItemStack>) = roll_table(table, rng)
        .into_iter()
        .partition(|s| s.count == 1);
    while empty.len() > whole.len() + splittable.len() && !splittable.is_empty() {
        let mut stack = splittable.remove(rng.gen_range(0..splittable.len()));
        let mut part = stack.clone();
        part.count = rng.gen_range(1..=stack.count / 2);
        stack.count -= part.count;
        for piece in [stack, part] {
            if piece.count > 1 && rng.gen::<bool>() {
                splittable.push(piece);
            } else {
                whole.push(piece);
            }
        }
    }
    whole.append(&mut splittable);
    whole.shuffle(rng);
    for stack in whole {
        let Some(slot) = empty.pop() else {
            return;
        };
        slots[slot] = Some(stack);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::{item, registry};

    fn buried_treasure(world_seed: u64, pos: BlockPos) -> Vec<Option<ItemStack>> {
        let table = registry()
            .loot_table("minecraft:chests/buried_treasure")
            .expect("the suite's table");
        let mut slots = vec![None; 27];
        fill(table, &mut rng_for(world_seed, pos), &mut slots);
        slots
    }

    fn count(slots: &[Option<ItemStack>], name: &str) -> u32 {
        slots
            .iter()
            .flatten()
            .filter(|s| s.item == item(name))
            .map(|s| u32::from(s.count))
            .sum()
    }

    #[test]
    fn loot_is_the_same_for_the_same_seed_and_position_and_differs_elsewhere() {
        let a = buried_treasure(5, [10, 64, -3]);
        assert_eq!(a, buried_treasure(5, [10, 64, -3]));
        assert_ne!(a, buried_treasure(6, [10, 64, -3]));
        assert_ne!(a, buried_treasure(5, [11, 64, -3]));
    }

    #[test]
    fn buried_treasure_always_holds_a_heart_of_the_sea_and_fish() {
        for seed in 0..20 {
            let slots = buried_treasure(seed, [0, 60, 0]);
            assert_eq!(count(&slots, "heart_of_the_sea"), 1);
            let fish = count(&slots, "cooked_cod") + count(&slots, "cooked_salmon");
            assert!((4..=8).contains(&fish), "two rolls of 2–4 fish: {fish}");
            let metal = count(&slots, "iron_ingot") + count(&slots, "gold_ingot");
            assert!(
                metal + count(&slots, "tnt") >= 5,
                "at least five rolls of one or more"
            );
            assert!(slots.iter().flatten().all(|s| s.count <= s.max_stack()));
        }
    }
}
