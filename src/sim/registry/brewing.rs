//! The 1.16.5 brewing mixes (`brewing.tsv`): an ingredient turning one
//! potion type into another, or one bottle item into another.

use super::table::{self, NameIndex};
use super::ItemId;

/// What a mix changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MixFrom {
    /// Potions of this type (bare id, e.g. `awkward`), in any bottle.
    Potion(&'static str),
    /// This bottle item, whatever potion it holds.
    Bottle(ItemId),
}

/// What the mix gives: the new potion type, or the new bottle item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MixTo {
    Potion(&'static str),
    Bottle(ItemId),
}

#[derive(Debug, Clone)]
pub struct BrewingMix {
    pub from: MixFrom,
    pub ingredient: ItemId,
    pub to: MixTo,
}

pub(super) fn parse(text: &'static str, items: &NameIndex) -> Vec<BrewingMix> {
    let item = |name: &str| {
        items
            .get(name)
            .map(ItemId)
            .unwrap_or_else(|| panic!("brewing table names unknown item `{name}`"))
    };
    table::rows(text)
        .map(|row| {
            let (from, to) = match row[0] {
                "potion" => (MixFrom::Potion(row[1]), MixTo::Potion(row[3])),
                "bottle" => (MixFrom::Bottle(item(row[1])), MixTo::Bottle(item(row[3]))),
                kind => panic!("brewing table: bad kind `{kind}`"),
            };
            BrewingMix {
                from,
                ingredient: item(row[2]),
                to,
            }
        })
        .collect()
}
