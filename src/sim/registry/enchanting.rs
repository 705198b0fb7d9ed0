//! The 1.16.5 enchanting tables: every enchantment with its weight, level
//! ranges, item category and incompatibilities (`enchantments.tsv`, in
//! registry order), and the enchantability of the items an enchanting
//! table takes (`enchantability.tsv`).

use super::table::{self, NameIndex};
use super::{ItemDef, ItemKind, ToolKind};

/// The items an enchantment applies to (`EnchantmentCategory`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnchantmentCategory {
    Armor,
    /// Armor for one slot: head, chest, legs or feet.
    ArmorSlot(super::ArmorSlot),
    Weapon,
    Digger,
    Breakable,
    Bow,
    Crossbow,
    FishingRod,
    Trident,
    Wearable,
    Vanishable,
}

impl EnchantmentCategory {
    fn parse(text: &str) -> Option<EnchantmentCategory> {
        use super::ArmorSlot::{Chest, Feet, Head, Legs};
        Some(match text {
            "armor" => EnchantmentCategory::Armor,
            "armor_head" => EnchantmentCategory::ArmorSlot(Head),
            "armor_chest" => EnchantmentCategory::ArmorSlot(Chest),
            "armor_legs" => EnchantmentCategory::ArmorSlot(Legs),
            "armor_feet" => EnchantmentCategory::ArmorSlot(Feet),
            "weapon" => EnchantmentCategory::Weapon,
            "digger" => EnchantmentCategory::Digger,
            "breakable" => EnchantmentCategory::Breakable,
            "bow" => EnchantmentCategory::Bow,
            "crossbow" => EnchantmentCategory::Crossbow,
            "fishing_rod" => EnchantmentCategory::FishingRod,
            "trident" => EnchantmentCategory::Trident,
            "wearable" => EnchantmentCategory::Wearable,
            "vanishable" => EnchantmentCategory::Vanishable,
            _ => return None,
        })
    }

    /// Whether an item belongs to the category (`canEnchant`).
    pub fn includes(self, item: &ItemDef) -> bool {
        match self {
            EnchantmentCategory::Armor | EnchantmentCategory::Wearable => {
                matches!(item.kind, ItemKind::Armor(_))
            }
            EnchantmentCategory::ArmorSlot(slot) => item.kind == ItemKind::Armor(slot),
            EnchantmentCategory::Weapon => matches!(
                item.kind,
                ItemKind::Tool {
                    kind: ToolKind::Sword,
                    ..
                }
            ),
            EnchantmentCategory::Digger => matches!(
                item.kind,
                ItemKind::Tool {
                    kind: ToolKind::Pickaxe | ToolKind::Axe | ToolKind::Shovel | ToolKind::Hoe,
                    ..
                }
            ),
            EnchantmentCategory::Breakable | EnchantmentCategory::Vanishable => item.durability > 0,
            EnchantmentCategory::Bow => item.name == "bow",
            EnchantmentCategory::Crossbow => item.name == "crossbow",
            EnchantmentCategory::FishingRod => item.name == "fishing_rod",
            EnchantmentCategory::Trident => item.name == "trident",
        }
    }
}

#[derive(Debug, Clone)]
pub struct EnchantmentDef {
    /// Bare id, e.g. `sharpness`.
    pub name: &'static str,
    /// How likely it is picked among those that fit.
    pub weight: u32,
    pub max_level: u16,
    min_cost: (u32, u32),
    max_cost: (u32, u32),
    pub category: EnchantmentCategory,
    /// Found only in loot and trades, never offered by the table.
    pub treasure: bool,
    incompatible: Vec<&'static str>,
}

impl EnchantmentDef {
    /// The lowest enchanting power that gives `level` (`getMinCost`).
    pub fn min_cost(&self, level: u16) -> u32 {
        self.min_cost.0 + self.min_cost.1 * u32::from(level.saturating_sub(1))
    }

    /// The highest enchanting power that gives `level` (`getMaxCost`).
    pub fn max_cost(&self, level: u16) -> u32 {
        self.max_cost.0 + self.max_cost.1 * u32::from(level.saturating_sub(1))
    }

    /// Whether the two may be on one item (`isCompatibleWith`, both ways).
    pub fn compatible_with(&self, other: &EnchantmentDef) -> bool {
        self.name != other.name
            && !self.incompatible.contains(&other.name)
            && !other.incompatible.contains(&self.name)
    }
}

pub(super) fn parse_enchantments(text: &'static str) -> Vec<EnchantmentDef> {
    table::rows(text)
        .map(|row| EnchantmentDef {
            name: row[0],
            weight: table::column(&row, 1),
            max_level: table::column(&row, 2),
            min_cost: (table::column(&row, 3), table::column(&row, 4)),
            max_cost: (table::column(&row, 5), table::column(&row, 6)),
            category: EnchantmentCategory::parse(row[7])
                .unwrap_or_else(|| panic!("enchantment {}: bad category {}", row[0], row[7])),
            treasure: row[8] == "yes",
            incompatible: match row[9] {
                "-" => Vec::new(),
                list => list.split(',').collect(),
            },
        })
        .collect()
}

/// Enchantability by item id; 0 for items the table does not take.
pub(super) fn parse_enchantability(
    text: &'static str,
    items: &NameIndex,
    item_count: usize,
) -> Vec<u32> {
    let mut values = vec![0; item_count];
    for row in table::rows(text) {
        let item = items
            .get(row[0])
            .unwrap_or_else(|| panic!("enchantability table names unknown item `{}`", row[0]));
        values[usize::from(item)] = table::column(&row, 1);
    }
    values
}
