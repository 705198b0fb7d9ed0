//! The biomes the generator places, with their Minecraft ids and the grass,
//! foliage and water colours Minecraft 1.16.5 gives them (for the renderer).

/// A biome. Stored per block column in each chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Biome {
    #[default]
    Plains,
    Forest,
    BirchForest,
    Desert,
    SnowyTundra,
    Taiga,
    Savanna,
    Ocean,
    River,
    /// Minecraft's "mountains" (extreme hills): the only biome with emerald ore.
    Mountains,
    /// The Nether's open caverns.
    NetherWastes,
    /// The End's islands.
    TheEnd,
    /// The Nether's blue-grey valleys of soul sand and soul soil.
    SoulSandValley,
    /// The Nether's blue forests on warped nylium.
    WarpedForest,
}

/// Facts about one biome.
pub struct BiomeInfo {
    pub biome: Biome,
    /// The Minecraft id, e.g. `birch_forest`.
    pub id: &'static str,
    /// Grass tint, 0xRRGGBB.
    pub grass: u32,
    /// Leaf tint for oak, jungle, acacia and dark oak leaves, 0xRRGGBB.
    pub foliage: u32,
    /// Water tint, 0xRRGGBB.
    pub water: u32,
    /// Fog colour, 0xRRGGBB: the Nether's fog is its biome's
    /// (`BiomeAmbience.fogColor`); overworld fog follows the sky instead.
    pub fog: u32,
}

const fn info(biome: Biome, id: &'static str, grass: u32, foliage: u32) -> BiomeInfo {
    BiomeInfo {
        biome,
        id,
        grass,
        foliage,
        water: 0x3f76e4,
        fog: 0xc0d8ff,
    }
}

/// A Nether biome: no grass or leaves to tint, a fog colour of its own.
const fn nether(biome: Biome, id: &'static str, fog: u32) -> BiomeInfo {
    BiomeInfo {
        fog,
        ..info(biome, id, 0xbfb755, 0xaea42a)
    }
}

/// Every biome, in declaration order.
pub const BIOMES: [BiomeInfo; 14] = [
    info(Biome::Plains, "plains", 0x91bd59, 0x77ab2f),
    info(Biome::Forest, "forest", 0x79c05a, 0x59ae30),
    info(Biome::BirchForest, "birch_forest", 0x88bb67, 0x6ba941),
    info(Biome::Desert, "desert", 0xbfb755, 0xaea42a),
    info(Biome::SnowyTundra, "snowy_tundra", 0x80b497, 0x60a17b),
    info(Biome::Taiga, "taiga", 0x86b783, 0x68a464),
    info(Biome::Savanna, "savanna", 0xbfb755, 0xaea42a),
    info(Biome::Ocean, "ocean", 0x8eb971, 0x71a74d),
    info(Biome::River, "river", 0x8eb971, 0x71a74d),
    info(Biome::Mountains, "mountains", 0x8ab689, 0x6da36b),
    nether(Biome::NetherWastes, "nether_wastes", 0x330808),
    BiomeInfo {
        fog: 0xa080a0,
        ..info(Biome::TheEnd, "the_end", 0x8eb971, 0x71a74d)
    },
    nether(Biome::SoulSandValley, "soul_sand_valley", 0x1b4745),
    nether(Biome::WarpedForest, "warped_forest", 0x1a051a),
];

impl Biome {
    pub fn info(self) -> &'static BiomeInfo {
        &BIOMES[self as usize]
    }

    /// The Minecraft id, e.g. `snowy_tundra`.
    pub fn id(self) -> &'static str {
        self.info().id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_declaration_order() {
        for (index, info) in BIOMES.iter().enumerate() {
            assert_eq!(info.biome as usize, index, "{}", info.id);
        }
        assert_eq!(Biome::SnowyTundra.id(), "snowy_tundra");
    }
}
