//! Block entities: the blocks that hold items, stored by position beside
//! the world's block ids. A furnace (blast furnace, smoker) keeps its three
//! slots and its fire ([`furnace`]); a chest (trapped chest, barrel) its 27
//! slots and, until first opened, the loot table that will fill it; a
//! brewing stand its bottles, ingredient, fuel and brew ([`brewing`]); a
//! monster spawner the kind it spawns and its delay ([`spawner`]).
//!
//! An entity is made the first time its block is opened and removed when
//! the block is broken or replaced. Entities are kept in an ordered map, so
//! ticking them goes in position order, the same every run.

pub mod brewing;
pub mod furnace;
pub mod loot;
pub mod spawner;

use std::collections::BTreeMap;

use super::inventory::ItemStack;
use super::registry::{registry, BlockId, CookingMethod};
use super::world::BlockPos;
pub use brewing::BrewingStand;
pub use furnace::Furnace;
pub use spawner::Spawner;

/// Slots in a single chest (3 rows of 9).
pub const CHEST_SLOTS: usize = 27;

#[derive(Debug, Clone, PartialEq)]
pub struct Chest {
    pub slots: Vec<Option<ItemStack>>,
    /// A `minecraft:chests/…` loot table that fills the chest when first opened.
    pub loot_table: Option<String>,
}

impl Chest {
    pub fn new(loot_table: Option<String>) -> Chest {
        Chest {
            slots: vec![None; CHEST_SLOTS],
            loot_table,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum BlockEntity {
    Furnace(Furnace),
    Chest(Chest),
    BrewingStand(BrewingStand),
    Spawner(Spawner),
}

impl BlockEntity {
    /// A new, empty entity for `block`, if the block keeps items.
    pub fn for_block(block: BlockId) -> Option<BlockEntity> {
        let method = match registry().block(block).name {
            "furnace" => CookingMethod::Smelting,
            "blast_furnace" => CookingMethod::Blasting,
            "smoker" => CookingMethod::Smoking,
            "chest" | "trapped_chest" | "barrel" => {
                return Some(BlockEntity::Chest(Chest::new(None)))
            }
            "brewing_stand" => return Some(BlockEntity::BrewingStand(BrewingStand::default())),
            "spawner" => return Some(BlockEntity::Spawner(Spawner::unset())),
            _ => return None,
        };
        Some(BlockEntity::Furnace(Furnace::new(method)))
    }

    /// Whether this entity is the kind `block` keeps.
    fn belongs_to(&self, block: BlockId) -> bool {
        match (self, BlockEntity::for_block(block)) {
            (BlockEntity::Furnace(a), Some(BlockEntity::Furnace(b))) => a.method == b.method,
            (BlockEntity::Chest(_), Some(BlockEntity::Chest(_))) => true,
            (BlockEntity::BrewingStand(_), Some(BlockEntity::BrewingStand(_))) => true,
            (BlockEntity::Spawner(_), Some(BlockEntity::Spawner(_))) => true,
            _ => false,
        }
    }

    pub fn slots(&self) -> &[Option<ItemStack>] {
        match self {
            BlockEntity::Furnace(furnace) => &furnace.slots,
            BlockEntity::Chest(chest) => &chest.slots,
            BlockEntity::BrewingStand(stand) => &stand.slots,
            BlockEntity::Spawner(_) => &[],
        }
    }

    /// Replaces the slots with what a screen left in them.
    pub fn store(&mut self, slots: Vec<Option<ItemStack>>) {
        match self {
            BlockEntity::Furnace(furnace) => furnace.store(slots),
            BlockEntity::Chest(chest) => chest.slots = slots,
            BlockEntity::BrewingStand(stand) => stand.slots = slots,
            BlockEntity::Spawner(_) => {}
        }
    }

    /// Everything in the slots, emptying them.
    pub fn take_all(&mut self) -> Vec<ItemStack> {
        let slots = match self {
            BlockEntity::Furnace(furnace) => &mut furnace.slots,
            BlockEntity::Chest(chest) => &mut chest.slots,
            BlockEntity::BrewingStand(stand) => &mut stand.slots,
            BlockEntity::Spawner(_) => return Vec::new(),
        };
        slots.iter_mut().filter_map(Option::take).collect()
    }
}

impl Chest {
    /// Fills the chest from its loot table, once (`unpackLootTable`).
    pub fn unpack_loot(&mut self, world_seed: u64, pos: BlockPos) {
        let Some(table) = self.loot_table.take() else {
            return;
        };
        if let Some(table) = registry().loot_table(&table) {
            loot::fill(table, &mut loot::rng_for(world_seed, pos), &mut self.slots);
        }
    }
}

/// Every block entity of the world, by position.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BlockEntities {
    by_pos: BTreeMap<BlockPos, BlockEntity>,
}

impl BlockEntities {
    pub fn get(&self, pos: BlockPos) -> Option<&BlockEntity> {
        self.by_pos.get(&pos)
    }

    pub fn get_mut(&mut self, pos: BlockPos) -> Option<&mut BlockEntity> {
        self.by_pos.get_mut(&pos)
    }

    /// The entity of `block` at `pos`, made empty if there is none of its
    /// kind yet; `None` if the block keeps no items.
    pub fn entry(&mut self, pos: BlockPos, block: BlockId) -> Option<&mut BlockEntity> {
        if !self.by_pos.get(&pos).is_some_and(|e| e.belongs_to(block)) {
            self.by_pos.insert(pos, BlockEntity::for_block(block)?);
        }
        self.by_pos.get_mut(&pos)
    }

    pub fn insert(&mut self, pos: BlockPos, entity: BlockEntity) {
        self.by_pos.insert(pos, entity);
    }

    pub fn remove(&mut self, pos: BlockPos) -> Option<BlockEntity> {
        self.by_pos.remove(&pos)
    }

    /// Every furnace with its position, in position order.
    pub fn furnaces_mut(&mut self) -> impl Iterator<Item = (BlockPos, &mut Furnace)> {
        self.by_pos.iter_mut().filter_map(|(pos, e)| match e {
            BlockEntity::Furnace(furnace) => Some((*pos, furnace)),
            BlockEntity::Chest(_) | BlockEntity::BrewingStand(_) | BlockEntity::Spawner(_) => None,
        })
    }

    /// Every brewing stand with its position, in position order.
    pub fn brewing_stands_mut(&mut self) -> impl Iterator<Item = (BlockPos, &mut BrewingStand)> {
        self.by_pos.iter_mut().filter_map(|(pos, e)| match e {
            BlockEntity::BrewingStand(stand) => Some((*pos, stand)),
            BlockEntity::Furnace(_) | BlockEntity::Chest(_) | BlockEntity::Spawner(_) => None,
        })
    }

    /// Every monster spawner's position, in position order.
    pub fn spawners(&self) -> Vec<BlockPos> {
        self.by_pos
            .iter()
            .filter(|(_, e)| matches!(e, BlockEntity::Spawner(_)))
            .map(|(pos, _)| *pos)
            .collect()
    }
}
