//! Combat gear (`weapons.tsv`, `armor.tsv`): the attack damage and speed
//! an item gives in the main hand, and the armor points, toughness and
//! knockback resistance of each armor piece.

use super::table::{self, NameIndex};

/// How an item hits in the main hand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weapon {
    /// Attack damage, base 1 included.
    pub damage: f32,
    /// Attacks per second at full charge.
    pub speed: f32,
}

impl Weapon {
    /// The bare hand, and every item without attack attributes.
    pub const FIST: Weapon = Weapon {
        damage: 1.0,
        speed: 4.0,
    };

    /// Ticks to recharge fully (`getCurrentItemAttackStrengthDelay`).
    pub fn cooldown_ticks(&self) -> f32 {
        20.0 / self.speed
    }
}

/// What one armor piece adds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ArmorDef {
    pub points: f32,
    pub toughness: f32,
    pub knockback_resistance: f64,
}

fn by_item<T: Clone>(
    text: &'static str,
    items: &NameIndex,
    item_count: usize,
    parse_row: impl Fn(&[&str]) -> T,
) -> Vec<Option<T>> {
    let mut out = vec![None; item_count];
    for row in table::rows(text) {
        let item = items
            .get(row[0])
            .unwrap_or_else(|| panic!("gear table names unknown item `{}`", row[0]));
        out[usize::from(item)] = Some(parse_row(&row));
    }
    out
}

pub(super) fn parse_weapons(
    text: &'static str,
    items: &NameIndex,
    item_count: usize,
) -> Vec<Option<Weapon>> {
    by_item(text, items, item_count, |row| Weapon {
        damage: table::column(row, 1),
        speed: table::column(row, 2),
    })
}

pub(super) fn parse_armor(
    text: &'static str,
    items: &NameIndex,
    item_count: usize,
) -> Vec<Option<ArmorDef>> {
    by_item(text, items, item_count, |row| ArmorDef {
        points: table::column(row, 1),
        toughness: table::column(row, 2),
        knockback_resistance: table::column(row, 3),
    })
}
