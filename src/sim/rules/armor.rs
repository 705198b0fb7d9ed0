//! Armor, after vanilla's `CombatRules.getDamageAfterAbsorb` and
//! `Inventory.hurtArmor`: the points and toughness of the pieces worn
//! (`registry/armor.tsv`) take part of a hit, and each piece wears by a
//! quarter of the hit (at least 1), breaking when worn out.

use crate::sim::player::Player;
use crate::sim::registry::registry;
use crate::sim::stats::Statistics;
use crate::suite::Event;

/// The damage left of `damage` after armor of `points` and `toughness`
/// (SPEC §13).
pub fn after_armor(damage: f32, points: f32, toughness: f32) -> f32 {
    let blocked = (points / 5.0).max(points - damage / (2.0 + toughness / 4.0));
    damage * (1.0 - blocked.min(20.0) / 25.0)
}

/// The armor points and toughness the player wears.
pub fn worn(p: &Player) -> (f32, f32) {
    p.inventory
        .armor
        .iter()
        .flatten()
        .filter_map(|stack| registry().armor(stack.item))
        .fold((0.0, 0.0), |(a, t), def| {
            (a + def.points, t + def.toughness)
        })
}

/// The knockback resistance the player's armor gives (netherite), 0–1.
pub fn knockback_resistance(p: &Player) -> f64 {
    p.inventory
        .armor
        .iter()
        .flatten()
        .filter_map(|stack| registry().armor(stack.item))
        .map(|def| def.knockback_resistance)
        .sum::<f64>()
        .min(1.0)
}

/// Wears every armor piece by a hit of `damage`; a piece worn out breaks
/// and counts `break_item`.
fn wear(p: &mut Player, stats: &mut Statistics, damage: f32) {
    let wear = ((damage / 4.0).floor() as u16).max(1);
    for slot in &mut p.inventory.armor {
        let Some(stack) = slot else { continue };
        let durability = registry().item(stack.item).durability;
        if durability == 0 || registry().armor(stack.item).is_none() {
            continue;
        }
        stack.damage = stack.damage.saturating_add(wear);
        if stack.damage >= durability {
            stats.add(Event::BreakItem, stack.name(), 1);
            *slot = None;
        }
    }
}

/// A hit on the player through their armor: what is left of it; the
/// armor wears.
pub fn absorb(p: &mut Player, stats: &mut Statistics, damage: f32) -> f32 {
    let (points, toughness) = worn(p);
    if points <= 0.0 {
        return damage;
    }
    wear(p, stats, damage);
    after_armor(damage, points, toughness)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_and_iron_sets_follow_the_formula() {
        // Diamond: 20 points, toughness 8; a zombie's 3 loses 77%
        // (20 − 3/(2 + 8/4) = 19.25 points count).
        assert!((after_armor(3.0, 20.0, 8.0) - 0.69).abs() < 1e-5);
        // Iron: 15 points; a wolf's 4 loses 60% (15 − 4/2 = 13 > 15/5).
        assert!((after_armor(4.0, 15.0, 0.0) - 1.92).abs() < 1e-5);
        // A huge hit breaks through: 4 points against 30 damage keep only 4/5.
        assert!((after_armor(30.0, 4.0, 0.0) - 30.0 * (1.0 - 0.8 / 25.0)).abs() < 1e-4);
        assert_eq!(after_armor(5.0, 0.0, 0.0), 5.0);
    }
}
