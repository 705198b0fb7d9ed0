//! Block definitions: hardness, the tool that breaks a block best and the
//! one it needs to drop anything, what it drops, its light and its shape.

use super::table::{self, NameIndex};
use super::{tier_rank, ItemId, Registry, ToolKind};

/// A block type; index into the block table. `BlockId::AIR` is 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct BlockId(pub u16);

impl BlockId {
    pub const AIR: BlockId = BlockId(0);

    pub fn is_air(self) -> bool {
        self == BlockId::AIR || super::registry().block(self).shape == Shape::None
    }
}

/// What a block needs before breaking it drops anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HarvestNeed {
    /// Drops whatever breaks it.
    Hand,
    /// Needs the block's tool kind of at least this harvest level.
    Tier(u8),
    /// Needs shears.
    Shears,
}

/// How a block occupies its cell, for collision and drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Air: nothing to draw or bump into.
    None,
    /// A full cube.
    Cube,
    /// A box from the floor up to `height` (slabs, beds, chests, snow…).
    Partial,
    /// Two crossed planes without collision (grass, flowers, saplings).
    Cross,
    /// Water and lava.
    Liquid,
    /// A torch: a thin stick, no collision.
    Torch,
    /// Flat or thin things without collision (rails, buttons, redstone).
    Flat,
}

impl Shape {
    fn parse(text: &str) -> Option<Shape> {
        Some(match text {
            "none" => Shape::None,
            "cube" => Shape::Cube,
            "partial" => Shape::Partial,
            "cross" => Shape::Cross,
            "liquid" => Shape::Liquid,
            "torch" => Shape::Torch,
            "flat" => Shape::Flat,
            _ => return None,
        })
    }

    /// Whether the player bumps into blocks of this shape.
    pub fn collides(self) -> bool {
        matches!(self, Shape::Cube | Shape::Partial)
    }
}

/// What breaking a block yields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drop {
    Nothing,
    Item {
        item: ItemId,
        count: u8,
        /// Only when cut with shears (grass, leaves, vines…).
        shears_only: bool,
    },
}

#[derive(Debug, Clone)]
pub struct BlockDef {
    pub name: &'static str,
    /// Seconds-scale hardness; `None` for unbreakable blocks (bedrock, fluids).
    pub hardness: Option<f32>,
    pub tool: ToolKind,
    pub need: HarvestNeed,
    pub drop: Drop,
    /// Light emitted, 0–15.
    pub light: u8,
    pub shape: Shape,
    /// Top of the collision box, in blocks (1 for cubes).
    pub height: f32,
    /// Whether light and sight pass through.
    pub transparent: bool,
    /// The drop column as written, resolved once items are known.
    drop_text: &'static str,
}

impl BlockDef {
    /// A full cube that light and sight do not pass: it holds blocks put
    /// against it, and suffocates a body inside it.
    pub fn is_opaque_cube(&self) -> bool {
        self.shape == Shape::Cube && !self.transparent
    }
}

pub(super) fn parse(text: &'static str) -> (Vec<BlockDef>, NameIndex) {
    let defs: Vec<BlockDef> = table::rows(text)
        .map(|row| {
            let hardness: f32 = table::column(&row, 1);
            let tool = ToolKind::parse(row[2]).expect("tool column");
            let need = match row[3] {
                "none" => HarvestNeed::Hand,
                "shears" => HarvestNeed::Shears,
                tier => HarvestNeed::Tier(tier_rank(tier).expect("tier column")),
            };
            BlockDef {
                name: row[0],
                hardness: (hardness >= 0.0).then_some(hardness),
                tool,
                need,
                drop: Drop::Nothing,
                light: table::column(&row, 5),
                shape: Shape::parse(row[6]).expect("shape column"),
                height: table::column(&row, 7),
                transparent: row[8] == "1",
                drop_text: row[4],
            }
        })
        .collect();
    let index = NameIndex::new(defs.iter().map(|d| d.name));
    (defs, index)
}

/// Turns each block's drop text (`item`, `item*n`, `shears>item`, `-`) into a [`Drop`].
pub(super) fn resolve_drops(registry: &mut Registry) {
    for i in 0..registry.blocks.len() {
        let text = registry.blocks[i].drop_text;
        if text == "-" {
            continue;
        }
        let (shears_only, rest) = match text.strip_prefix("shears>") {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (name, count) = match rest.split_once('*') {
            Some((name, n)) => (name, n.parse().expect("drop count")),
            None => (rest, 1),
        };
        let item = registry
            .item_named(name)
            .unwrap_or_else(|| panic!("block {} drops unknown item {name}", text));
        registry.blocks[i].drop = Drop::Item {
            item,
            count,
            shears_only,
        };
    }
}
