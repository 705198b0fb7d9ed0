//! Item definitions: stack size, durability and what using the item does.

use super::table::{self, NameIndex};
use super::{tier_rank, BlockId, ToolKind};

/// An item type; index into the item table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub u16);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArmorSlot {
    Head,
    Chest,
    Legs,
    Feet,
}

/// What an item is for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ItemKind {
    /// Places this block.
    Block(BlockId),
    /// A digging tool or weapon with its harvest level and speed multiplier.
    Tool {
        kind: ToolKind,
        tier: u8,
        speed: f32,
    },
    /// Eaten: hunger points and saturation restored.
    Food {
        hunger: u8,
        saturation: f32,
    },
    /// Thrown when used (snowballs, eggs, ender pearls…).
    Throwable,
    /// A bucket; `None` when empty, else the fluid it holds.
    Bucket(Option<BlockId>),
    Armor(ArmorSlot),
    /// Anything else: ingredients, valuables, items of later parts.
    Plain,
}

#[derive(Debug, Clone)]
pub struct ItemDef {
    pub name: &'static str,
    pub stack: u8,
    /// Uses before the item breaks; 0 when it does not wear.
    pub durability: u16,
    pub kind: ItemKind,
}

pub(super) fn parse(text: &'static str, blocks: &NameIndex) -> (Vec<ItemDef>, NameIndex) {
    let defs: Vec<ItemDef> = table::rows(text)
        .map(|row| ItemDef {
            name: row[0],
            stack: table::column(&row, 1),
            durability: table::column(&row, 2),
            kind: parse_kind(row[3], blocks)
                .unwrap_or_else(|| panic!("item {}: bad kind {}", row[0], row[3])),
        })
        .collect();
    let index = NameIndex::new(defs.iter().map(|d| d.name));
    (defs, index)
}

fn parse_kind(text: &str, blocks: &NameIndex) -> Option<ItemKind> {
    let parts: Vec<&str> = text.split(':').collect();
    let block = |name: &str| blocks.get(name).map(BlockId);
    Some(match parts.as_slice() {
        ["-"] => ItemKind::Plain,
        ["block", name] => ItemKind::Block(block(name)?),
        ["tool", kind, tier, speed] => ItemKind::Tool {
            kind: ToolKind::parse(kind)?,
            tier: tier_rank(tier).unwrap_or(0),
            speed: speed.parse().ok()?,
        },
        ["food", hunger, saturation] => ItemKind::Food {
            hunger: hunger.parse().ok()?,
            saturation: saturation.parse().ok()?,
        },
        ["throw"] => ItemKind::Throwable,
        ["bucket", "empty"] => ItemKind::Bucket(None),
        ["bucket", fluid] => ItemKind::Bucket(Some(block(fluid)?)),
        ["armor", slot] => ItemKind::Armor(match *slot {
            "head" => ArmorSlot::Head,
            "chest" => ArmorSlot::Chest,
            "legs" => ArmorSlot::Legs,
            "feet" => ArmorSlot::Feet,
            _ => return None,
        }),
        _ => return None,
    })
}
