//! Block facts the tick rules need beyond the registry's columns, as data:
//! slipperiness, speed and jump factors, climbables, what a placed block
//! may replace, what slows you inside it, what plants grow on. Names are
//! resolved to ids once, on first use.

use std::sync::OnceLock;

use crate::sim::registry::{block, BlockId};

/// A set of blocks named in the source.
pub struct BlockSet {
    names: &'static [&'static str],
    ids: OnceLock<Vec<BlockId>>,
}

impl BlockSet {
    const fn new(names: &'static [&'static str]) -> BlockSet {
        BlockSet {
            names,
            ids: OnceLock::new(),
        }
    }

    pub fn contains(&self, id: BlockId) -> bool {
        self.ids
            .get_or_init(|| self.names.iter().map(|n| block(n)).collect())
            .contains(&id)
    }
}

/// A value per named block, with a default for the rest.
pub struct BlockValues<T: Copy + 'static> {
    table: &'static [(&'static str, T)],
    default: T,
    ids: OnceLock<Vec<(BlockId, T)>>,
}

impl<T: Copy + 'static> BlockValues<T> {
    const fn new(table: &'static [(&'static str, T)], default: T) -> BlockValues<T> {
        BlockValues {
            table,
            default,
            ids: OnceLock::new(),
        }
    }

    pub fn get(&self, id: BlockId) -> T {
        self.ids
            .get_or_init(|| self.table.iter().map(|&(n, v)| (block(n), v)).collect())
            .iter()
            .find(|(b, _)| *b == id)
            .map_or(self.default, |&(_, v)| v)
    }
}

/// `Block.getFriction`: how slippery the block under the feet is.
pub static SLIPPERINESS: BlockValues<f64> = BlockValues::new(
    &[
        ("ice", 0.98),
        ("packed_ice", 0.98),
        ("frosted_ice", 0.98),
        ("blue_ice", 0.989),
        ("slime_block", 0.8),
    ],
    0.6,
);

/// `Block.getSpeedFactor`: horizontal velocity multiplier after each move.
pub static SPEED_FACTOR: BlockValues<f64> =
    BlockValues::new(&[("soul_sand", 0.4), ("honey_block", 0.4)], 1.0);

/// `Block.getJumpFactor`.
pub static JUMP_FACTOR: BlockValues<f64> = BlockValues::new(&[("honey_block", 0.5)], 1.0);

/// Fall damage multiplier of the block landed on.
pub static FALL_DAMAGE_FACTOR: BlockValues<f64> =
    BlockValues::new(&[("hay_block", 0.2), ("honey_block", 0.2)], 1.0);

/// Blocks that slow whatever is inside them (`makeStuckInBlock`).
pub static STUCK_MULTIPLIER: BlockValues<Option<[f64; 3]>> = BlockValues::new(
    &[
        ("cobweb", Some([0.25, 0.05, 0.25])),
        ("sweet_berry_bush", Some([0.8, 0.75, 0.8])),
    ],
    None,
);

/// The `climbable` tag. These are walked into rather than bumped into
/// (ladders have no thin collision plate against their wall yet).
pub static CLIMBABLE: BlockSet = BlockSet::new(&[
    "ladder",
    "vine",
    "scaffolding",
    "weeping_vines",
    "weeping_vines_plant",
    "twisting_vines",
    "twisting_vines_plant",
]);

/// Blocks a placed block or fluid simply replaces (`canBeReplaced`).
pub static REPLACEABLE: BlockSet = BlockSet::new(&[
    "air",
    "cave_air",
    "void_air",
    "water",
    "lava",
    "grass",
    "tall_grass",
    "fern",
    "large_fern",
    "dead_bush",
    "seagrass",
    "tall_seagrass",
    "vine",
    "snow",
    "fire",
]);

/// What small plants need to stand on.
pub static SOIL: BlockSet = BlockSet::new(&[
    "grass_block",
    "dirt",
    "coarse_dirt",
    "podzol",
    "mycelium",
    "farmland",
]);

/// Crops that only grow on farmland.
pub static CROPS: BlockSet = BlockSet::new(&[
    "wheat",
    "carrots",
    "potatoes",
    "beetroots",
    "melon_stem",
    "pumpkin_stem",
]);

/// Blocks the sword cuts at 1.5× (plants, leaves, gourds).
pub static SWORD_FAST: BlockSet = BlockSet::new(&["pumpkin", "carved_pumpkin", "melon"]);

/// Blocks shears cut: they count a use of the shears when broken.
pub static SHEARABLE: BlockSet = BlockSet::new(&[
    "cobweb",
    "grass",
    "tall_grass",
    "fern",
    "large_fern",
    "dead_bush",
    "vine",
    "tripwire",
    "seagrass",
    "tall_seagrass",
]);

/// Blocks with gravity (`FallingBlock`): they fall as entities when
/// nothing holds them.
pub static FALLING: BlockSet = BlockSet::new(&[
    "sand",
    "red_sand",
    "gravel",
    "white_concrete_powder",
    "orange_concrete_powder",
    "magenta_concrete_powder",
    "light_blue_concrete_powder",
    "yellow_concrete_powder",
    "lime_concrete_powder",
    "pink_concrete_powder",
    "gray_concrete_powder",
    "light_gray_concrete_powder",
    "cyan_concrete_powder",
    "purple_concrete_powder",
    "blue_concrete_powder",
    "brown_concrete_powder",
    "green_concrete_powder",
    "red_concrete_powder",
    "black_concrete_powder",
    "anvil",
    "chipped_anvil",
    "damaged_anvil",
    "dragon_egg",
]);

/// Blocks that keep fluids out though nothing solid stops them
/// (`canHoldFluid`: doors, signs, ladders, sugar cane, portals, water plants).
pub static KEEPS_FLUID_OUT: BlockSet = BlockSet::new(&[
    "oak_door",
    "spruce_door",
    "birch_door",
    "jungle_door",
    "acacia_door",
    "dark_oak_door",
    "crimson_door",
    "warped_door",
    "iron_door",
    "oak_sign",
    "spruce_sign",
    "birch_sign",
    "jungle_sign",
    "acacia_sign",
    "dark_oak_sign",
    "crimson_sign",
    "warped_sign",
    "oak_wall_sign",
    "spruce_wall_sign",
    "birch_wall_sign",
    "jungle_wall_sign",
    "acacia_wall_sign",
    "dark_oak_wall_sign",
    "crimson_wall_sign",
    "warped_wall_sign",
    "ladder",
    "sugar_cane",
    "bubble_column",
    "nether_portal",
    "end_portal",
    "end_gateway",
    "seagrass",
    "tall_seagrass",
    "kelp",
    "kelp_plant",
]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_block_exists() {
        let stone = block("stone");
        for set in [
            &CLIMBABLE,
            &REPLACEABLE,
            &SOIL,
            &CROPS,
            &SWORD_FAST,
            &SHEARABLE,
            &FALLING,
            &KEEPS_FLUID_OUT,
        ] {
            assert!(!set.contains(stone));
        }
        assert_eq!(SLIPPERINESS.get(block("ice")), 0.98);
        assert_eq!(SLIPPERINESS.get(stone), 0.6);
        assert_eq!(SPEED_FACTOR.get(block("soul_sand")), 0.4);
        assert_eq!(JUMP_FACTOR.get(stone), 1.0);
        assert_eq!(FALL_DAMAGE_FACTOR.get(block("hay_block")), 0.2);
        assert!(STUCK_MULTIPLIER.get(block("cobweb")).is_some());
        assert!(CLIMBABLE.contains(block("ladder")));
        assert!(REPLACEABLE.contains(block("tall_grass")));
    }
}
