//! The typed form of a parsed command: every argument read, checked and
//! resolved to registry ids, but nothing evaluated against the game yet
//! (positions stay relative until a source is known).

use super::coords::{Coords, Rotation};
use super::resource::ItemInput;
use super::selector::Selector;
use super::snbt::Compound;
use super::source::Anchor;
use crate::sim::game::Weather;
use crate::sim::registry::{BlockId, EntityTypeId};
use crate::sim::world::BlockState;

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Give {
        targets: Selector,
        item: ItemInput,
        count: u32,
    },
    ReplaceItem {
        targets: Selector,
        slot: Slot,
        item: ItemInput,
        count: u8,
    },
    Summon {
        kind: EntityTypeId,
        pos: Coords,
        nbt: Compound,
    },
    SetBlock {
        pos: Coords,
        block: BlockId,
        state: BlockState,
        mode: SetMode,
        /// A container's `LootTable`, filling it when first opened.
        loot_table: Option<String>,
    },
    Fill {
        from: Coords,
        to: Coords,
        block: BlockId,
        state: BlockState,
        mode: FillMode,
    },
    /// `/execute …` steps that change the source, then the command to run.
    Execute {
        steps: Vec<Step>,
        run: Box<Command>,
    },
    /// Sets the time of day (ticks, any size).
    TimeSet(u64),
    TimeAdd(u64),
    Weather(Weather),
    EffectGive {
        targets: Selector,
        /// Bare effect id.
        effect: &'static str,
        ticks: u32,
        amplifier: u8,
    },
    EffectClear {
        targets: Selector,
        effect: Option<&'static str>,
    },
    Teleport {
        /// `None` teleports the executor.
        targets: Option<Selector>,
        to: Destination,
        look: Option<Look>,
    },
    /// `/setworldspawn` and `/spawnpoint`: where the player respawns.
    SetSpawn {
        targets: Option<Selector>,
        pos: Coords,
    },
    Experience {
        targets: Selector,
        change: XpChange,
    },
    /// Valid and changes nothing here (queries, survival game mode).
    Nothing,
}

/// An inventory slot of the player as `/replaceitem` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// Main inventory index 0..36 (0..9 is the hotbar).
    Main(usize),
    /// The selected hotbar slot.
    Mainhand,
    Offhand,
    /// Head, chest, legs, feet.
    Armor(usize),
    EnderChest,
    /// A slot players do not have (horse, villager, container.36+).
    Foreign,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetMode {
    Replace,
    Keep,
    Destroy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillMode {
    /// Every block, or only those that are the filter block.
    Replace(Option<BlockId>),
    /// Only air.
    Keep,
    /// Breaks what is there (with drops) first.
    Destroy,
    /// The shell, with air inside.
    Hollow,
    /// The shell only.
    Outline,
}

/// One `/execute` subcommand that changes the source.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    As(Selector),
    At(Selector),
    Positioned(Coords),
    PositionedAs(Selector),
    Rotated(Rotation),
    RotatedAs(Selector),
    Facing(Coords),
    FacingEntity(Selector, Anchor),
    Anchored(Anchor),
    /// Round these axes (x, y, z) down.
    Align([bool; 3]),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Destination {
    Pos(Coords),
    Entity(Selector),
}

/// How `/tp` turns its targets.
#[derive(Debug, Clone, PartialEq)]
pub enum Look {
    Rotation(Rotation),
    Facing(Coords),
    FacingEntity(Selector, Anchor),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XpChange {
    AddLevels(i32),
    AddPoints(i32),
    SetLevels(i32),
    SetPoints(i32),
}
