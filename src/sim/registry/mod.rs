//! The block, item, entity and recipe tables of Minecraft 1.16.5, loaded
//! once from the tab-separated data files beside this module (`blocks.tsv`,
//! `items.tsv`, `entities.tsv`, `recipes.tsv` with `tags.tsv`, `fuels.tsv`, `loot_tables.tsv`,
//! `enchantments.tsv` with `enchantability.tsv`, `brewing.tsv`,
//! `creatures.tsv`, `weapons.tsv`, `armor.tsv`), the block states kept
//! (`block_states.tsv`) and the potions' effects (`potions.tsv`).
//!
//! Everything else in the simulator refers to blocks and items by the small
//! copyable ids [`BlockId`] and [`ItemId`] and looks their properties up
//! here; names are only used at the edges (commands, statistics, rewards).

mod block_states;
mod blocks;
mod brewing;
mod creatures;
mod enchanting;
mod entities;
mod fuels;
mod gear;
mod items;
mod loot;
mod potions;
mod recipes;
mod spawns;
mod table;

pub use block_states::{state_def, Placement, Property, StateDef};
pub use blocks::{BlockDef, BlockId, Drop, HarvestNeed, Shape};
pub use brewing::{BrewingMix, MixFrom, MixTo};
pub use creatures::{CreatureDef, Disposition, MobDrop};
pub use enchanting::{EnchantmentCategory, EnchantmentDef};
pub use entities::{EntityCategory, EntityDef, EntityTypeId};
pub use gear::{ArmorDef, Weapon};
pub use items::{ArmorSlot, ItemDef, ItemId, ItemKind};
pub use loot::{LootEntry, LootPool, LootTable, Uniform};
pub use potions::{potion_effects, PotionEffect};
pub use recipes::{CookingMethod, Ingredient, Recipe, RecipeBook, RecipeKind};
pub use spawns::{spawn_entries, SpawnEntry};

use std::sync::OnceLock;

/// The kind of tool a block is best broken with, or a tool item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolKind {
    Pickaxe,
    Axe,
    Shovel,
    Hoe,
    Sword,
    Shears,
    /// No tool is faster than the hand.
    Any,
}

impl ToolKind {
    fn parse(text: &str) -> Option<ToolKind> {
        Some(match text {
            "pickaxe" => ToolKind::Pickaxe,
            "axe" => ToolKind::Axe,
            "shovel" => ToolKind::Shovel,
            "hoe" => ToolKind::Hoe,
            "sword" => ToolKind::Sword,
            "shears" => ToolKind::Shears,
            "any" => ToolKind::Any,
            _ => return None,
        })
    }
}

/// Tool tiers ranked as harvest levels: wood and gold 0, stone 1, iron 2,
/// diamond 3, netherite 4.
pub fn tier_rank(tier: &str) -> Option<u8> {
    Some(match tier {
        "wood" | "gold" => 0,
        "stone" => 1,
        "iron" => 2,
        "diamond" => 3,
        "netherite" => 4,
        _ => return None,
    })
}

/// All tables, resolved against each other.
pub struct Registry {
    pub blocks: Vec<BlockDef>,
    pub items: Vec<ItemDef>,
    pub entities: Vec<EntityDef>,
    pub recipes: RecipeBook,
    /// Furnace burn ticks by item id (0: not fuel).
    fuel_ticks: Vec<u32>,
    loot_tables: Vec<LootTable>,
    /// Every enchantment, in registry order.
    pub enchantments: Vec<EnchantmentDef>,
    /// Enchantability by item id (0: the enchanting table does not take it).
    enchantability: Vec<u32>,
    pub brewing_mixes: Vec<BrewingMix>,
    /// Creature kinds by entity type index.
    creatures: Vec<Option<CreatureDef>>,
    /// Melee weapons and armor pieces by item index.
    weapons: Vec<Option<Weapon>>,
    armor: Vec<Option<ArmorDef>>,
    block_index: table::NameIndex,
    item_index: table::NameIndex,
    entity_index: table::NameIndex,
}

impl Registry {
    pub fn block(&self, id: BlockId) -> &BlockDef {
        &self.blocks[id.0 as usize]
    }

    pub fn item(&self, id: ItemId) -> &ItemDef {
        &self.items[id.0 as usize]
    }

    /// A block by its bare or `minecraft:`-prefixed id.
    pub fn block_named(&self, name: &str) -> Option<BlockId> {
        self.block_index.get(strip_namespace(name)).map(BlockId)
    }

    /// An item by its bare or `minecraft:`-prefixed id.
    pub fn item_named(&self, name: &str) -> Option<ItemId> {
        self.item_index.get(strip_namespace(name)).map(ItemId)
    }

    pub fn entity(&self, id: EntityTypeId) -> &EntityDef {
        &self.entities[id.0 as usize]
    }

    /// An entity type by its bare or `minecraft:`-prefixed id.
    pub fn entity_named(&self, name: &str) -> Option<EntityTypeId> {
        self.entity_index
            .get(strip_namespace(name))
            .map(EntityTypeId)
    }

    /// How long one item of `item` burns in a furnace, if it is fuel.
    pub fn burn_ticks(&self, item: ItemId) -> Option<u32> {
        Some(self.fuel_ticks[item.0 as usize]).filter(|&ticks| ticks > 0)
    }

    /// The creature kind of an entity type, if it is one that lives and fights.
    pub fn creature(&self, kind: EntityTypeId) -> Option<&CreatureDef> {
        self.creatures.get(usize::from(kind.0))?.as_ref()
    }

    /// How an item (or the bare hand, `None`) hits in the main hand.
    pub fn weapon(&self, item: Option<ItemId>) -> Weapon {
        item.and_then(|i| self.weapons[usize::from(i.0)])
            .unwrap_or(Weapon::FIST)
    }

    /// What an armor piece protects, if the item is one.
    pub fn armor(&self, item: ItemId) -> Option<ArmorDef> {
        self.armor[usize::from(item.0)]
    }

    /// A loot table by its bare or `minecraft:`-prefixed name.
    pub fn loot_table(&self, name: &str) -> Option<&LootTable> {
        let name = strip_namespace(name);
        self.loot_tables.iter().find(|t| t.name == name)
    }

    /// An item's enchantability (`getEnchantmentValue`), if an enchanting table takes it.
    pub fn enchantability(&self, item: ItemId) -> Option<u32> {
        Some(self.enchantability[item.0 as usize]).filter(|&value| value > 0)
    }

    /// An enchantment by its bare or `minecraft:`-prefixed id.
    pub fn enchantment_named(&self, name: &str) -> Option<&EnchantmentDef> {
        let name = strip_namespace(name);
        self.enchantments.iter().find(|e| e.name == name)
    }

    /// The item a block drops as itself when picked or broken with silk
    /// touch, if there is one with the same name.
    pub fn item_of_block(&self, block: BlockId) -> Option<ItemId> {
        self.item_named(self.block(block).name)
    }
}

/// `minecraft:stone` → `stone`; other namespaces are kept (and will not resolve).
pub fn strip_namespace(name: &str) -> &str {
    name.strip_prefix("minecraft:").unwrap_or(name)
}

/// The process-wide registry, parsed on first use.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let (blocks, block_index) = blocks::parse(include_str!("blocks.tsv"));
        let (items, item_index) = items::parse(include_str!("items.tsv"), &block_index);
        let (entities, entity_index) = entities::parse(include_str!("entities.tsv"));
        let recipes = recipes::parse(
            include_str!("recipes.tsv"),
            include_str!("tags.tsv"),
            &item_index,
        );
        let fuel_ticks = fuels::parse(include_str!("fuels.tsv"), &item_index, items.len());
        let loot_tables = loot::parse(include_str!("loot_tables.tsv"), &item_index);
        let enchantments = enchanting::parse_enchantments(include_str!("enchantments.tsv"));
        let enchantability = enchanting::parse_enchantability(
            include_str!("enchantability.tsv"),
            &item_index,
            items.len(),
        );
        let brewing_mixes = brewing::parse(include_str!("brewing.tsv"), &item_index);
        let creatures = creatures::parse(
            include_str!("creatures.tsv"),
            &entity_index,
            entities.len(),
            &item_index,
        );
        let weapons = gear::parse_weapons(include_str!("weapons.tsv"), &item_index, items.len());
        let armor = gear::parse_armor(include_str!("armor.tsv"), &item_index, items.len());
        let mut registry = Registry {
            blocks,
            items,
            entities,
            recipes,
            fuel_ticks,
            loot_tables,
            enchantments,
            enchantability,
            brewing_mixes,
            creatures,
            weapons,
            armor,
            block_index,
            item_index,
            entity_index,
        };
        blocks::resolve_drops(&mut registry);
        registry
    })
}

/// Shorthand for a block id that must exist (a name written in this code).
pub fn block(name: &str) -> BlockId {
    registry()
        .block_named(name)
        .unwrap_or_else(|| panic!("no block named {name} in the 1.16.5 table"))
}

/// Shorthand for an item id that must exist (a name written in this code).
pub fn item(name: &str) -> ItemId {
    registry()
        .item_named(name)
        .unwrap_or_else(|| panic!("no item named {name} in the 1.16.5 table"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_load_with_the_1_16_5_sizes() {
        let r = registry();
        assert_eq!(r.blocks.len(), 763);
        assert_eq!(r.items.len(), 975);
        assert_eq!(r.entities.len(), 108);
        assert!(r.entity_named("minecraft:snow_golem").is_some());
        assert!(r.entity_named("snowman").is_none());
        assert_eq!(r.block(BlockId::AIR).name, "air");
    }

    #[test]
    fn names_resolve_with_and_without_namespace() {
        let r = registry();
        assert_eq!(r.block_named("minecraft:stone"), r.block_named("stone"));
        assert!(r.block_named("stone").is_some());
        assert!(r.item_named("wool").is_none(), "1.16.5 has no plain wool");
        assert!(r.item_named("oak_boat").is_some());
        assert!(r.item_named("deepslate").is_none());
        assert!(r.block_named("other:stone").is_none());
    }

    #[test]
    fn block_facts_match_the_game() {
        let r = registry();
        let stone = r.block(block("stone"));
        assert_eq!(stone.hardness, Some(1.5));
        assert_eq!(stone.tool, ToolKind::Pickaxe);
        assert_eq!(stone.need, HarvestNeed::Tier(0));
        assert!(
            matches!(stone.drop, Drop::Item { item, count: 1, shears_only: false } if item == super::item("cobblestone"))
        );
        assert_eq!(r.block(block("bedrock")).hardness, None);
        assert_eq!(r.block(block("diamond_ore")).need, HarvestNeed::Tier(2));
        assert_eq!(r.block(block("torch")).light, 14);
        assert_eq!(r.block(block("dirt")).need, HarvestNeed::Hand);
        assert!(matches!(
            r.block(block("grass")).drop,
            Drop::Item {
                shears_only: true,
                ..
            }
        ));
        assert_eq!(r.block(block("grass")).shape, Shape::Cross);
        assert!(r.block(block("oak_leaves")).transparent);
        assert!(!r.block(block("stone")).transparent);
    }

    #[test]
    fn item_facts_match_the_game() {
        let r = registry();
        assert_eq!(r.item(item("snowball")).stack, 16);
        assert_eq!(r.item(item("iron_pickaxe")).durability, 250);
        assert!(matches!(
            r.item(item("iron_pickaxe")).kind,
            ItemKind::Tool {
                kind: ToolKind::Pickaxe,
                tier: 2,
                ..
            }
        ));
        assert_eq!(r.item(item("torch")).kind, ItemKind::Block(block("torch")));
        assert_eq!(
            r.item(item("wheat_seeds")).kind,
            ItemKind::Block(block("wheat"))
        );
        assert!(matches!(
            r.item(item("apple")).kind,
            ItemKind::Food { hunger: 4, .. }
        ));
        assert_eq!(
            r.item(item("diamond_helmet")).kind,
            ItemKind::Armor(ArmorSlot::Head)
        );
    }
}
