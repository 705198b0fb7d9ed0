//! Enchanting by the rules of 1.16.5's `EnchantmentMenu` and
//! `EnchantmentHelper`: the three offers an enchanting table makes for an
//! item (their level costs from the enchanting power of the bookshelves
//! around and the player's enchantment seed, each with the clue the
//! button shows), the enchantments an offer gives, and the enchanted
//! stack. Numbers come from [`JavaRandom`] seeded as the game seeds it, so
//! the same seed, item and bookshelves give vanilla's offers.
//!
//! This module knows nothing of the world or the screen: counting the
//! bookshelves, paying lapis and levels and the statistic are
//! `rules::enchanting`'s.

pub mod java_random;

pub use java_random::JavaRandom;

use crate::sim::inventory::{Enchantment, ItemStack};
use crate::sim::registry::{item, registry, EnchantmentDef};

/// Bookshelves beyond this many add nothing.
pub const MAX_BOOKSHELVES: u32 = 15;
/// The offers a table makes.
pub const OFFERS: usize = 3;

/// One of the table's three offers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offer {
    /// Experience levels it requires; 0 when there is no offer.
    pub cost: u32,
    /// One of the enchantments it will give, as the button's hint.
    pub clue: Option<Enchantment>,
}

impl Offer {
    /// Lapis lazuli (and levels) the offer in `slot` spends.
    pub fn price(slot: usize) -> u32 {
        slot as u32 + 1
    }
}

/// Whether the table makes offers for a stack (`ItemStack.isEnchantable`):
/// an item it takes, single, not yet enchanted.
pub fn is_enchantable(stack: &ItemStack) -> bool {
    registry().enchantability(stack.item).is_some()
        && stack.count == 1
        && stack.enchantments.is_empty()
}

/// The three offers for `stack` with `bookshelves` around and the player's seed
/// (`EnchantmentMenu.slotsChanged`).
pub fn offers(stack: Option<&ItemStack>, bookshelves: u32, seed: i32) -> [Offer; OFFERS] {
    let mut offers: [Offer; OFFERS] = Default::default();
    let Some(stack) = stack.filter(|s| is_enchantable(s)) else {
        return offers;
    };
    let enchantability = registry().enchantability(stack.item).unwrap_or(0);
    let mut random = JavaRandom::new(i64::from(seed));
    for (slot, offer) in offers.iter_mut().enumerate() {
        let cost = level_cost(&mut random, slot, bookshelves, enchantability);
        offer.cost = if cost < Offer::price(slot) { 0 } else { cost };
    }
    for (slot, offer) in offers.iter_mut().enumerate() {
        if offer.cost == 0 {
            continue;
        }
        let (list, rest) = enchantment_list(stack, slot, offer.cost, seed);
        random = rest;
        if !list.is_empty() {
            let pick = random.next_below(list.len() as i32) as usize;
            offer.clue = Some(list[pick].clone());
        }
    }
    offers
}

/// What taking the offer in `slot` of `cost` levels puts on `stack`
/// (`getEnchantmentList`); empty when it gives nothing.
pub fn enchantments(stack: &ItemStack, slot: usize, cost: u32, seed: i32) -> Vec<Enchantment> {
    enchantment_list(stack, slot, cost, seed).0
}

/// The stack with the enchantments on it; a book becomes an enchanted book.
pub fn enchant(stack: &ItemStack, enchantments: Vec<Enchantment>) -> ItemStack {
    let mut enchanted = stack.clone();
    if stack.item == item("book") {
        enchanted.item = item("enchanted_book");
    }
    enchanted.enchantments.extend(enchantments);
    enchanted
}

/// A button's level cost (`EnchantmentHelper.getEnchantmentCost`).
fn level_cost(random: &mut JavaRandom, slot: usize, bookshelves: u32, enchantability: u32) -> u32 {
    if enchantability == 0 {
        return 0;
    }
    let shelves = bookshelves.min(MAX_BOOKSHELVES) as i32;
    let base = random.next_below(8) + 1 + (shelves >> 1) + random.next_below(shelves + 1);
    let cost = match slot {
        0 => (base / 3).max(1),
        1 => base * 2 / 3 + 1,
        _ => base.max(shelves * 2),
    };
    cost as u32
}

/// `getEnchantmentList`: drawn from the stream seeded with the seed plus
/// the slot (returned, for the clue's draw); a book keeps all but one of
/// several.
fn enchantment_list(
    stack: &ItemStack,
    slot: usize,
    cost: u32,
    seed: i32,
) -> (Vec<Enchantment>, JavaRandom) {
    let mut random = JavaRandom::new(i64::from(seed.wrapping_add(slot as i32)));
    let mut list = select(&mut random, stack, cost);
    if stack.item == item("book") && list.len() > 1 {
        list.remove(random.next_below(list.len() as i32) as usize);
    }
    (list, random)
}

/// `EnchantmentHelper.selectEnchantment` without treasures: the power is
/// spread by the item's enchantability and a random bonus, one enchantment
/// is drawn by weight among those whose level range holds the power, and
/// more follow, each compatible with the last, while a roll stays under
/// the (halving) power.
fn select(random: &mut JavaRandom, stack: &ItemStack, cost: u32) -> Vec<Enchantment> {
    let mut chosen: Vec<(&'static EnchantmentDef, u16)> = Vec::new();
    let Some(enchantability) = registry().enchantability(stack.item) else {
        return Vec::new();
    };
    let quarter = (enchantability / 4 + 1) as i32;
    let mut power = cost as i32 + 1 + random.next_below(quarter) + random.next_below(quarter);
    let spread = (random.next_float() + random.next_float() - 1.0) * 0.15;
    power = ((power as f32 + power as f32 * spread + 0.5).floor() as i32).max(1);
    let mut available = available(power as u32, stack);
    if let Some(first) = weighted(random, &available) {
        chosen.push(first);
        while random.next_below(50) <= power {
            let (last, _) = chosen[chosen.len() - 1];
            available.retain(|(def, _)| last.compatible_with(def));
            let Some(next) = weighted(random, &available) else {
                break;
            };
            chosen.push(next);
            power /= 2;
        }
    }
    chosen
        .into_iter()
        .map(|(def, level)| Enchantment {
            id: def.name.to_string(),
            level,
        })
        .collect()
}

/// Every non-treasure enchantment for the item (any for a book) with the
/// highest level whose range holds `power` (`getAvailableEnchantmentResults`).
fn available(power: u32, stack: &ItemStack) -> Vec<(&'static EnchantmentDef, u16)> {
    let def_of_item = registry().item(stack.item);
    let book = stack.item == item("book");
    registry()
        .enchantments
        .iter()
        .filter(|def| !def.treasure && (book || def.category.includes(def_of_item)))
        .filter_map(|def| {
            (1..=def.max_level)
                .rev()
                .find(|&level| power >= def.min_cost(level) && power <= def.max_cost(level))
                .map(|level| (def, level))
        })
        .collect()
}

/// One entry drawn by weight (`WeightedRandom.getRandomItem`).
fn weighted(
    random: &mut JavaRandom,
    entries: &[(&'static EnchantmentDef, u16)],
) -> Option<(&'static EnchantmentDef, u16)> {
    let total: u32 = entries.iter().map(|(def, _)| def.weight).sum();
    if total == 0 {
        return None;
    }
    let mut roll = random.next_below(total as i32);
    for &(def, level) in entries {
        roll -= def.weight as i32;
        if roll < 0 {
            return Some((def, level));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_OFFERS: [Offer; OFFERS] = [const {
        Offer {
            cost: 0,
            clue: None,
        }
    }; OFFERS];

    fn sword() -> ItemStack {
        ItemStack::new(item("diamond_sword"), 1)
    }

    #[test]
    fn costs_follow_the_bookshelves() {
        for seed in [0, 1, -7, 123_456] {
            let bare = offers(Some(&sword()), 0, seed);
            assert!(bare.iter().all(|o| o.cost <= 8), "{bare:?}");
            assert!(bare[0].cost >= 1, "the first offer is always made");
            let full = offers(Some(&sword()), 40, seed);
            assert_eq!(full[2].cost, 30, "15 shelves: the third offer is 30");
            assert!(full[0].cost >= 2 && full[1].cost > full[0].cost);
        }
    }

    #[test]
    fn offers_are_a_function_of_the_seed_and_give_what_the_clue_shows() {
        let a = offers(Some(&sword()), 8, 99);
        assert_eq!(a, offers(Some(&sword()), 8, 99));
        assert_ne!(
            (0..20)
                .map(|s| offers(Some(&sword()), 8, s))
                .collect::<Vec<_>>(),
            vec![a.clone(); 20]
        );
        for (slot, offer) in a.iter().enumerate() {
            let given = enchantments(&sword(), slot, offer.cost, 99);
            assert!(given.contains(offer.clue.as_ref().unwrap()), "{given:?}");
            for e in &given {
                let def = registry().enchantment_named(&e.id).unwrap();
                assert!(def
                    .category
                    .includes(registry().item(item("diamond_sword"))));
                assert!(e.level >= 1 && e.level <= def.max_level);
            }
        }
    }

    #[test]
    fn nothing_is_offered_for_enchanted_stacked_or_unenchantable_items() {
        let mut enchanted = sword();
        enchanted.enchantments.push(Enchantment {
            id: "sharpness".into(),
            level: 1,
        });
        for stack in [
            enchanted,
            ItemStack::new(item("book"), 2),
            ItemStack::new(item("dirt"), 1),
            ItemStack::new(item("elytra"), 1),
        ] {
            assert_eq!(offers(Some(&stack), 15, 3), NO_OFFERS);
        }
        assert_eq!(offers(None, 15, 3), NO_OFFERS);
    }

    #[test]
    fn levels_come_from_the_enchantment_s_ranges_and_incompatible_ones_never_pair() {
        // Power 30 on a diamond sword: sharpness IV (min 34 for V) at most.
        let sword_enchants: Vec<_> = available(30, &sword())
            .into_iter()
            .map(|(d, l)| (d.name, l))
            .collect();
        assert!(sword_enchants.contains(&("sharpness", 3)));
        assert!(sword_enchants.contains(&("looting", 2)));
        assert!(!sword_enchants.iter().any(|(n, _)| *n == "mending"));
        for seed in 0..200 {
            let given = enchantments(&sword(), 2, 30, seed);
            let damage = given
                .iter()
                .filter(|e| ["sharpness", "smite", "bane_of_arthropods"].contains(&e.id.as_str()))
                .count();
            assert!(damage <= 1, "{given:?}");
        }
    }

    #[test]
    fn a_book_becomes_an_enchanted_book() {
        let book = ItemStack::new(item("book"), 1);
        let offer = offers(Some(&book), 0, 5)[0].clone();
        let given = enchantments(&book, 0, offer.cost, 5);
        let enchanted = enchant(&book, given.clone());
        assert_eq!(enchanted.item, item("enchanted_book"));
        assert_eq!(enchanted.enchantments, given);
    }
}
