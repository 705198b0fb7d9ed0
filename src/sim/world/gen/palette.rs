//! The block ids the generator places most, looked up once by name.

use std::sync::OnceLock;

use crate::sim::registry::{block, BlockId};

macro_rules! palette {
    ($($name:ident),* $(,)?) => {
        /// Ids of frequently placed blocks, named after their Minecraft ids.
        pub struct Palette {
            $(pub $name: BlockId,)*
        }

        fn load() -> Palette {
            Palette { $($name: block(stringify!($name)),)* }
        }
    };
}

palette!(
    bedrock,
    stone,
    dirt,
    grass_block,
    podzol,
    coarse_dirt,
    sand,
    sandstone,
    gravel,
    clay,
    water,
    ice,
    lava,
    obsidian,
    snow,
);

/// The palette, resolved against the registry on first use.
pub fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(load)
}
