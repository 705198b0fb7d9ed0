//! How each block looks: a data table of texture recipes by block name,
//! family rules (woods, dye colours, ores, slabs and stairs of a base
//! block) and a fallback colour from the name, so no block is invisible.

use super::paint::{self, Plant};
use super::texture::{colour_of_name, name_hash, rgb, scale, Canvas};

/// One texture recipe.
#[derive(Clone, Copy)]
pub enum Tex {
    Grainy(u32),
    /// Colour and noise amount.
    Noisy(u32, f32),
    /// Ground colour and speck colour.
    Ore(u32, u32),
    GrassTop,
    GrassSide,
    Bark(u32),
    BirchBark,
    /// Bark and inner wood.
    Rings(u32, u32),
    Planks(u32),
    Leaves(u32),
    Cobble(u32),
    /// Brick and mortar colours, course height.
    Bricks(u32, u32, usize),
    /// Tint and alpha of the centre (0 is cut out).
    Glass(u32, u32),
    Layered(u32),
    Water,
    Lava,
    Plant(Plant, u32),
    Torch(u32),
    CraftingTop,
    CraftingSide,
    FurnaceFront,
    ChestFront,
    ChestTop,
    TntSide,
    Bookshelf,
    PumpkinSide,
    PumpkinFace,
    Melon,
    BedTop(u32),
    Ladder,
}

/// Face recipes: down, up and the four sides (north/south show `front`).
#[derive(Clone, Copy)]
pub struct Look {
    pub bottom: Tex,
    pub top: Tex,
    pub side: Tex,
    pub front: Tex,
}

const fn all(t: Tex) -> Look {
    Look {
        bottom: t,
        top: t,
        side: t,
        front: t,
    }
}

const fn column(top: Tex, side: Tex, bottom: Tex) -> Look {
    Look {
        bottom,
        top,
        side,
        front: side,
    }
}

const fn fronted(top: Tex, side: Tex, front: Tex) -> Look {
    Look {
        bottom: top,
        top,
        side,
        front,
    }
}

pub const STONE: u32 = rgb(125, 125, 125);
pub const DIRT: u32 = rgb(134, 96, 67);
pub const GRASS: u32 = rgb(118, 176, 72);
const SAND: u32 = rgb(219, 207, 163);
const NETHERRACK: u32 = rgb(111, 54, 52);
const OAK: u32 = rgb(162, 130, 78);
const SNOW: u32 = rgb(243, 250, 250);
const PLANT_GREEN: u32 = rgb(96, 160, 56);

/// Blocks with a recipe of their own.
const EXACT: &[(&str, Look)] = &[
    ("stone", all(Tex::Grainy(STONE))),
    ("smooth_stone", all(Tex::Noisy(rgb(160, 160, 160), 0.08))),
    ("granite", all(Tex::Grainy(rgb(149, 103, 85)))),
    ("polished_granite", all(Tex::Noisy(rgb(154, 106, 89), 0.1))),
    ("diorite", all(Tex::Grainy(rgb(188, 188, 188)))),
    (
        "polished_diorite",
        all(Tex::Noisy(rgb(192, 193, 194), 0.08)),
    ),
    ("andesite", all(Tex::Grainy(rgb(136, 136, 137)))),
    (
        "polished_andesite",
        all(Tex::Noisy(rgb(132, 134, 133), 0.08)),
    ),
    (
        "grass_block",
        column(Tex::GrassTop, Tex::GrassSide, Tex::Grainy(DIRT)),
    ),
    ("dirt", all(Tex::Grainy(DIRT))),
    ("coarse_dirt", all(Tex::Ore(DIRT, rgb(90, 70, 60)))),
    (
        "podzol",
        column(
            Tex::Grainy(rgb(91, 63, 24)),
            Tex::Grainy(DIRT),
            Tex::Grainy(DIRT),
        ),
    ),
    (
        "mycelium",
        column(
            Tex::Grainy(rgb(111, 99, 105)),
            Tex::Grainy(DIRT),
            Tex::Grainy(DIRT),
        ),
    ),
    (
        "farmland",
        column(
            Tex::Layered(rgb(82, 48, 26)),
            Tex::Grainy(DIRT),
            Tex::Grainy(DIRT),
        ),
    ),
    (
        "grass_path",
        column(
            Tex::Noisy(rgb(148, 122, 65), 0.15),
            Tex::Grainy(DIRT),
            Tex::Grainy(DIRT),
        ),
    ),
    ("cobblestone", all(Tex::Cobble(rgb(122, 122, 122)))),
    ("mossy_cobblestone", all(Tex::Cobble(rgb(100, 118, 92)))),
    ("bedrock", all(Tex::Ore(rgb(85, 85, 85), rgb(30, 30, 30)))),
    ("sand", all(Tex::Noisy(SAND, 0.12))),
    ("red_sand", all(Tex::Noisy(rgb(190, 102, 33), 0.12))),
    ("gravel", all(Tex::Ore(rgb(136, 126, 126), rgb(90, 85, 85)))),
    ("clay", all(Tex::Noisy(rgb(160, 166, 179), 0.08))),
    (
        "sandstone",
        column(
            Tex::Noisy(SAND, 0.06),
            Tex::Layered(rgb(216, 203, 155)),
            Tex::Noisy(SAND, 0.1),
        ),
    ),
    ("smooth_sandstone", all(Tex::Noisy(SAND, 0.04))),
    ("bell", all(Tex::Noisy(rgb(236, 196, 60), 0.1))),
    (
        "magma_block",
        all(Tex::Ore(rgb(120, 40, 20), rgb(240, 130, 30))),
    ),
    (
        "cut_sandstone",
        column(
            Tex::Noisy(SAND, 0.06),
            Tex::Layered(rgb(220, 207, 160)),
            Tex::Noisy(SAND, 0.06),
        ),
    ),
    (
        "chiseled_sandstone",
        column(
            Tex::Noisy(SAND, 0.06),
            Tex::Layered(rgb(206, 192, 144)),
            Tex::Noisy(SAND, 0.06),
        ),
    ),
    (
        "red_sandstone",
        column(
            Tex::Noisy(rgb(181, 97, 31), 0.06),
            Tex::Layered(rgb(186, 99, 29)),
            Tex::Noisy(rgb(181, 97, 31), 0.1),
        ),
    ),
    ("snow_block", all(Tex::Noisy(SNOW, 0.05))),
    ("snow", all(Tex::Noisy(SNOW, 0.05))),
    ("ice", all(Tex::Glass(rgb(145, 183, 253), 170))),
    ("packed_ice", all(Tex::Noisy(rgb(141, 180, 250), 0.1))),
    ("blue_ice", all(Tex::Noisy(rgb(116, 167, 253), 0.1))),
    ("obsidian", all(Tex::Noisy(rgb(20, 18, 30), 0.6))),
    (
        "crying_obsidian",
        all(Tex::Ore(rgb(32, 10, 60), rgb(130, 30, 220))),
    ),
    (
        "glowstone",
        all(Tex::Ore(rgb(171, 131, 84), rgb(255, 230, 150))),
    ),
    ("sea_lantern", all(Tex::Noisy(rgb(200, 225, 215), 0.15))),
    ("netherrack", all(Tex::Grainy(NETHERRACK))),
    ("soul_sand", all(Tex::Grainy(rgb(81, 62, 50)))),
    ("water", all(Tex::Water)),
    ("lava", all(Tex::Lava)),
    ("glass", all(Tex::Glass(rgb(200, 225, 230), 0))),
    ("glass_pane", all(Tex::Glass(rgb(200, 225, 230), 0))),
    (
        "crafting_table",
        Look {
            bottom: Tex::Planks(OAK),
            top: Tex::CraftingTop,
            side: Tex::CraftingSide,
            front: Tex::CraftingSide,
        },
    ),
    (
        "furnace",
        fronted(
            Tex::Noisy(rgb(110, 110, 110), 0.2),
            Tex::Cobble(rgb(122, 122, 122)),
            Tex::FurnaceFront,
        ),
    ),
    (
        "blast_furnace",
        fronted(
            Tex::Noisy(rgb(90, 90, 95), 0.2),
            Tex::Bricks(rgb(100, 100, 105), rgb(60, 60, 60), 4),
            Tex::FurnaceFront,
        ),
    ),
    (
        "smoker",
        fronted(
            Tex::Noisy(rgb(90, 80, 70), 0.2),
            Tex::Planks(rgb(100, 80, 60)),
            Tex::FurnaceFront,
        ),
    ),
    (
        "chest",
        fronted(Tex::ChestTop, Tex::ChestTop, Tex::ChestFront),
    ),
    (
        "trapped_chest",
        fronted(Tex::ChestTop, Tex::ChestTop, Tex::ChestFront),
    ),
    ("ender_chest", all(Tex::Noisy(rgb(30, 45, 45), 0.3))),
    (
        "tnt",
        column(
            Tex::Noisy(rgb(200, 60, 40), 0.1),
            Tex::TntSide,
            Tex::Noisy(rgb(200, 60, 40), 0.1),
        ),
    ),
    (
        "bookshelf",
        column(Tex::Planks(OAK), Tex::Bookshelf, Tex::Planks(OAK)),
    ),
    (
        "pumpkin",
        column(
            Tex::Noisy(rgb(196, 116, 24), 0.1),
            Tex::PumpkinSide,
            Tex::Noisy(rgb(196, 116, 24), 0.1),
        ),
    ),
    (
        "carved_pumpkin",
        fronted(
            Tex::Noisy(rgb(196, 116, 24), 0.1),
            Tex::PumpkinSide,
            Tex::PumpkinFace,
        ),
    ),
    (
        "jack_o_lantern",
        fronted(
            Tex::Noisy(rgb(196, 116, 24), 0.1),
            Tex::PumpkinSide,
            Tex::PumpkinFace,
        ),
    ),
    (
        "melon",
        column(
            Tex::Noisy(rgb(112, 150, 30), 0.15),
            Tex::Melon,
            Tex::Noisy(rgb(112, 150, 30), 0.15),
        ),
    ),
    (
        "hay_block",
        column(
            Tex::Rings(rgb(166, 136, 38), rgb(190, 160, 40)),
            Tex::Layered(rgb(190, 160, 40)),
            Tex::Rings(rgb(166, 136, 38), rgb(190, 160, 40)),
        ),
    ),
    (
        "cactus",
        column(
            Tex::Noisy(rgb(85, 127, 43), 0.2),
            Tex::Bark(rgb(15, 110, 30)),
            Tex::Noisy(rgb(85, 127, 43), 0.2),
        ),
    ),
    (
        "bricks",
        all(Tex::Bricks(rgb(150, 74, 59), rgb(180, 170, 160), 4)),
    ),
    (
        "stone_bricks",
        all(Tex::Bricks(rgb(122, 121, 122), rgb(85, 85, 85), 8)),
    ),
    (
        "mossy_stone_bricks",
        all(Tex::Bricks(rgb(110, 120, 95), rgb(80, 85, 75), 8)),
    ),
    (
        "cracked_stone_bricks",
        all(Tex::Bricks(rgb(118, 117, 118), rgb(70, 70, 70), 8)),
    ),
    (
        "nether_bricks",
        all(Tex::Bricks(rgb(45, 23, 27), rgb(25, 12, 15), 4)),
    ),
    ("iron_block", all(Tex::Noisy(rgb(220, 220, 220), 0.06))),
    ("gold_block", all(Tex::Noisy(rgb(246, 208, 61), 0.1))),
    ("diamond_block", all(Tex::Noisy(rgb(98, 237, 228), 0.1))),
    ("emerald_block", all(Tex::Noisy(rgb(42, 203, 87), 0.1))),
    ("coal_block", all(Tex::Noisy(rgb(16, 16, 16), 0.4))),
    ("redstone_block", all(Tex::Noisy(rgb(175, 24, 5), 0.2))),
    ("lapis_block", all(Tex::Noisy(rgb(30, 67, 140), 0.2))),
    ("terracotta", all(Tex::Noisy(rgb(152, 94, 67), 0.06))),
    (
        "sponge",
        all(Tex::Ore(rgb(195, 192, 74), rgb(150, 140, 40))),
    ),
    ("spawner", all(Tex::Glass(rgb(30, 40, 60), 0))),
    ("ladder", all(Tex::Ladder)),
    ("cobweb", all(Tex::Plant(Plant::Twigs, rgb(230, 230, 230)))),
    ("torch", all(Tex::Torch(rgb(255, 210, 60)))),
    ("wall_torch", all(Tex::Torch(rgb(255, 210, 60)))),
    ("soul_torch", all(Tex::Torch(rgb(110, 230, 240)))),
    ("soul_wall_torch", all(Tex::Torch(rgb(110, 230, 240)))),
    ("redstone_torch", all(Tex::Torch(rgb(255, 40, 20)))),
    ("redstone_wall_torch", all(Tex::Torch(rgb(255, 40, 20)))),
    ("grass", all(Tex::Plant(Plant::Tuft, PLANT_GREEN))),
    ("fern", all(Tex::Plant(Plant::Tuft, rgb(80, 140, 50)))),
    ("tall_grass", all(Tex::Plant(Plant::Tuft, PLANT_GREEN))),
    ("large_fern", all(Tex::Plant(Plant::Tuft, rgb(80, 140, 50)))),
    ("seagrass", all(Tex::Plant(Plant::Tuft, rgb(50, 120, 40)))),
    (
        "tall_seagrass",
        all(Tex::Plant(Plant::Tuft, rgb(50, 120, 40))),
    ),
    ("kelp", all(Tex::Plant(Plant::Cane, rgb(70, 120, 30)))),
    ("kelp_plant", all(Tex::Plant(Plant::Cane, rgb(70, 120, 30)))),
    ("dead_bush", all(Tex::Plant(Plant::Twigs, PLANT_GREEN))),
    (
        "sugar_cane",
        all(Tex::Plant(Plant::Cane, rgb(130, 190, 90))),
    ),
    ("wheat", all(Tex::Plant(Plant::Tuft, rgb(170, 160, 60)))),
    ("carrots", all(Tex::Plant(Plant::Tuft, rgb(60, 160, 40)))),
    ("potatoes", all(Tex::Plant(Plant::Tuft, rgb(70, 150, 50)))),
    ("beetroots", all(Tex::Plant(Plant::Tuft, rgb(90, 140, 50)))),
    ("vine", all(Tex::Leaves(rgb(60, 120, 30)))),
    ("lily_pad", all(Tex::Leaves(rgb(40, 110, 40)))),
    (
        "dandelion",
        all(Tex::Plant(Plant::Flower(rgb(245, 220, 40)), PLANT_GREEN)),
    ),
    (
        "poppy",
        all(Tex::Plant(Plant::Flower(rgb(220, 30, 30)), PLANT_GREEN)),
    ),
    (
        "blue_orchid",
        all(Tex::Plant(Plant::Flower(rgb(40, 170, 240)), PLANT_GREEN)),
    ),
    (
        "allium",
        all(Tex::Plant(Plant::Flower(rgb(180, 100, 230)), PLANT_GREEN)),
    ),
    (
        "azure_bluet",
        all(Tex::Plant(Plant::Flower(rgb(230, 235, 240)), PLANT_GREEN)),
    ),
    (
        "red_tulip",
        all(Tex::Plant(Plant::Flower(rgb(230, 50, 40)), PLANT_GREEN)),
    ),
    (
        "orange_tulip",
        all(Tex::Plant(Plant::Flower(rgb(240, 130, 40)), PLANT_GREEN)),
    ),
    (
        "white_tulip",
        all(Tex::Plant(Plant::Flower(rgb(240, 240, 240)), PLANT_GREEN)),
    ),
    (
        "pink_tulip",
        all(Tex::Plant(Plant::Flower(rgb(240, 170, 200)), PLANT_GREEN)),
    ),
    (
        "oxeye_daisy",
        all(Tex::Plant(Plant::Flower(rgb(245, 245, 225)), PLANT_GREEN)),
    ),
    (
        "cornflower",
        all(Tex::Plant(Plant::Flower(rgb(70, 100, 230)), PLANT_GREEN)),
    ),
    (
        "lily_of_the_valley",
        all(Tex::Plant(Plant::Flower(rgb(250, 250, 250)), PLANT_GREEN)),
    ),
    (
        "wither_rose",
        all(Tex::Plant(Plant::Flower(rgb(30, 25, 20)), PLANT_GREEN)),
    ),
    (
        "sunflower",
        all(Tex::Plant(Plant::Flower(rgb(250, 200, 30)), PLANT_GREEN)),
    ),
    (
        "lilac",
        all(Tex::Plant(Plant::Flower(rgb(200, 150, 210)), PLANT_GREEN)),
    ),
    (
        "rose_bush",
        all(Tex::Plant(Plant::Flower(rgb(200, 20, 30)), PLANT_GREEN)),
    ),
    (
        "peony",
        all(Tex::Plant(Plant::Flower(rgb(230, 180, 220)), PLANT_GREEN)),
    ),
    (
        "brown_mushroom",
        all(Tex::Plant(Plant::Mushroom(rgb(150, 110, 80)), PLANT_GREEN)),
    ),
    (
        "red_mushroom",
        all(Tex::Plant(Plant::Mushroom(rgb(200, 30, 30)), PLANT_GREEN)),
    ),
];

/// Wood families: name, planks, bark, inner wood, leaves.
const WOODS: &[(&str, u32, u32, u32, u32)] = &[
    (
        "dark_oak",
        rgb(66, 43, 20),
        rgb(60, 46, 26),
        rgb(80, 55, 30),
        rgb(55, 110, 30),
    ),
    (
        "oak",
        OAK,
        rgb(109, 85, 50),
        rgb(176, 143, 88),
        rgb(72, 140, 40),
    ),
    (
        "spruce",
        rgb(114, 84, 48),
        rgb(58, 37, 16),
        rgb(120, 90, 55),
        rgb(60, 100, 60),
    ),
    (
        "birch",
        rgb(196, 178, 123),
        rgb(216, 215, 210),
        rgb(205, 185, 130),
        rgb(100, 150, 60),
    ),
    (
        "jungle",
        rgb(160, 115, 80),
        rgb(85, 67, 25),
        rgb(170, 125, 80),
        rgb(50, 150, 30),
    ),
    (
        "acacia",
        rgb(168, 90, 50),
        rgb(103, 96, 86),
        rgb(175, 95, 55),
        rgb(90, 140, 40),
    ),
    (
        "crimson",
        rgb(101, 48, 70),
        rgb(92, 25, 29),
        rgb(120, 55, 75),
        rgb(150, 20, 20),
    ),
    (
        "warped",
        rgb(43, 104, 99),
        rgb(58, 58, 77),
        rgb(50, 120, 110),
        rgb(20, 150, 130),
    ),
];

/// The sixteen dye colours.
pub const DYES: &[(&str, u32)] = &[
    ("light_blue", rgb(58, 175, 217)),
    ("light_gray", rgb(142, 142, 134)),
    ("white", rgb(234, 236, 237)),
    ("orange", rgb(240, 118, 19)),
    ("magenta", rgb(189, 68, 179)),
    ("yellow", rgb(248, 197, 39)),
    ("lime", rgb(112, 185, 25)),
    ("pink", rgb(237, 141, 172)),
    ("gray", rgb(62, 68, 71)),
    ("cyan", rgb(21, 137, 145)),
    ("purple", rgb(121, 42, 172)),
    ("blue", rgb(53, 57, 157)),
    ("brown", rgb(114, 71, 40)),
    ("green", rgb(84, 109, 27)),
    ("red", rgb(160, 39, 34)),
    ("black", rgb(20, 21, 25)),
];

/// Ore speck colours (ground is stone unless the name starts `nether_`).
const ORES: &[(&str, u32)] = &[
    ("coal_ore", rgb(30, 30, 30)),
    ("iron_ore", rgb(216, 175, 147)),
    ("gold_ore", rgb(250, 238, 77)),
    ("redstone_ore", rgb(255, 20, 20)),
    ("lapis_ore", rgb(30, 70, 200)),
    ("diamond_ore", rgb(90, 235, 225)),
    ("emerald_ore", rgb(23, 221, 98)),
    ("nether_quartz_ore", rgb(235, 230, 220)),
    ("nether_gold_ore", rgb(250, 210, 60)),
];

/// Shape suffixes whose block looks like its base block.
const SHAPE_SUFFIXES: &[&str] = &[
    "_slab",
    "_stairs",
    "_wall",
    "_fence_gate",
    "_fence",
    "_pressure_plate",
    "_button",
    "_trapdoor",
    "_door",
    "_wall_sign",
    "_sign",
    "_pane",
];

/// The look of a wood-family block.
fn wood_look(rest: &str, planks: u32, bark: u32, inner: u32, leaf: u32, birch: bool) -> Look {
    let bark_tex = if birch {
        Tex::BirchBark
    } else {
        Tex::Bark(bark)
    };
    match rest {
        "_log" | "_stem" => column(Tex::Rings(bark, inner), bark_tex, Tex::Rings(bark, inner)),
        "_wood" | "_hyphae" => all(bark_tex),
        "_leaves" | "_wart_block" => all(Tex::Leaves(leaf)),
        "_sapling" | "_fungus" | "_roots" => all(Tex::Plant(Plant::Sapling(leaf), leaf)),
        _ => all(Tex::Planks(planks)),
    }
}

/// The look of a dyed block.
fn dye_look(rest: &str, colour: u32) -> Option<Look> {
    Some(match rest {
        "_wool" | "_carpet" => all(Tex::Noisy(colour, 0.14)),
        "_concrete" => all(Tex::Noisy(colour, 0.04)),
        "_concrete_powder" => all(Tex::Grainy(colour)),
        "_terracotta" | "_glazed_terracotta" => all(Tex::Noisy(
            super::texture::mix(colour, rgb(150, 92, 66), 0.45),
            0.06,
        )),
        "_stained_glass" | "_stained_glass_pane" => all(Tex::Glass(colour, 130)),
        "_bed" => column(Tex::BedTop(colour), Tex::Planks(OAK), Tex::Planks(OAK)),
        "_banner" | "_shulker_box" => all(Tex::Noisy(colour, 0.12)),
        _ => return None,
    })
}

/// The look of any block by name.
pub fn look_of(name: &str) -> Look {
    if let Some((_, look)) = EXACT.iter().find(|(n, _)| *n == name) {
        return *look;
    }
    let unprefixed = name.strip_prefix("stripped_").unwrap_or(name);
    for &(wood, planks, bark, inner, leaf) in WOODS {
        if let Some(rest) = unprefixed.strip_prefix(wood) {
            let bark = if name.starts_with("stripped_") {
                inner
            } else {
                bark
            };
            let birch = wood == "birch" && !name.starts_with("stripped_");
            return wood_look(rest, planks, bark, inner, leaf, birch);
        }
    }
    for &(dye, colour) in DYES {
        if let Some(look) = name
            .strip_prefix(dye)
            .and_then(|rest| dye_look(rest, colour))
        {
            return look;
        }
    }
    if let Some(&(ore, speck)) = ORES.iter().find(|(n, _)| *n == name) {
        let ground = if ore.starts_with("nether_") {
            NETHERRACK
        } else {
            STONE
        };
        return all(Tex::Ore(ground, speck));
    }
    if let Some(base) = name
        .strip_prefix("potted_")
        .or_else(|| name.strip_prefix("infested_"))
    {
        return look_of(base);
    }
    for suffix in SHAPE_SUFFIXES {
        if let Some(base) = name.strip_suffix(suffix) {
            for candidate in [
                base.to_string(),
                format!("{base}s"),
                format!("{base}_block"),
            ] {
                if EXACT.iter().any(|(n, _)| *n == candidate) {
                    return look_of(&candidate);
                }
            }
        }
    }
    all(Tex::Noisy(colour_of_name(name), 0.25))
}

impl Tex {
    /// Paints the texture.
    pub fn canvas(self, name: &str) -> Canvas {
        let seed = name_hash(name);
        match self {
            Tex::Grainy(c) => paint::grainy(c, 0.35, seed),
            Tex::Noisy(c, amount) => paint::noisy(c, amount, seed),
            Tex::Ore(ground, speck) => {
                paint::specks(&paint::grainy(ground, 0.3, 1), speck, 5, seed)
            }
            Tex::GrassTop => paint::grass_top(GRASS),
            Tex::GrassSide => paint::grass_side(&paint::grainy(DIRT, 0.35, seed), GRASS),
            Tex::Bark(c) => paint::bark(c, seed),
            Tex::BirchBark => paint::bark(rgb(216, 215, 210), seed).map(|x, y, c| {
                let mark = super::texture::hash3(x as i32 / 3, y as i32, 91) % 9 == 0;
                if mark {
                    rgb(40, 40, 35)
                } else {
                    c
                }
            }),
            Tex::Rings(bark, inner) => paint::rings(bark, inner),
            Tex::Planks(c) => paint::planks(c),
            Tex::Leaves(c) => paint::leaves(c, seed),
            Tex::Cobble(c) => paint::cobble(c),
            Tex::Bricks(c, mortar, course) => paint::bricks(c, mortar, course),
            Tex::Glass(tint, centre) => paint::glass(tint, centre),
            Tex::Layered(c) => paint::layered(c),
            Tex::Water => paint::fluid(rgb(44, 82, 201), rgb(70, 120, 230), 170, 3),
            Tex::Lava => paint::fluid(rgb(207, 91, 20), rgb(255, 200, 60), 255, 4),
            Tex::Plant(kind, green) => paint::plant(kind, green),
            Tex::Torch(flame) => paint::torch(flame),
            Tex::CraftingTop => {
                let mut c = paint::framed(&paint::planks(OAK), rgb(80, 55, 30));
                for i in 3..13 {
                    c.set(i, 7, rgb(70, 50, 30));
                    c.set(7, i, rgb(70, 50, 30));
                }
                c
            }
            Tex::CraftingSide => {
                let mut c = paint::planks(OAK);
                paint::rect(&mut c, (2, 3), (5, 9), rgb(150, 150, 150));
                paint::rect(&mut c, (9, 4), (13, 5), rgb(110, 80, 45));
                paint::rect(&mut c, (10, 6), (11, 11), rgb(110, 80, 45));
                c
            }
            Tex::FurnaceFront => {
                let mut c = paint::cobble(rgb(122, 122, 122));
                paint::rect(&mut c, (4, 8), (11, 13), rgb(25, 25, 25));
                paint::rect(&mut c, (3, 3), (12, 4), rgb(70, 70, 70));
                c
            }
            Tex::ChestFront => {
                let mut c = paint::framed(&paint::planks(rgb(160, 110, 40)), rgb(80, 50, 20));
                paint::rect(&mut c, (0, 5), (15, 5), rgb(60, 40, 20));
                paint::rect(&mut c, (7, 4), (8, 7), rgb(200, 200, 200));
                c
            }
            Tex::ChestTop => paint::framed(&paint::planks(rgb(160, 110, 40)), rgb(80, 50, 20)),
            Tex::TntSide => paint::noisy(rgb(200, 60, 40), 0.1, seed).map(|_, y, c| {
                if (5..11).contains(&y) {
                    rgb(230, 230, 225)
                } else {
                    c
                }
            }),
            Tex::Bookshelf => {
                let books = [
                    rgb(150, 40, 40),
                    rgb(40, 70, 150),
                    rgb(60, 120, 50),
                    rgb(150, 120, 50),
                ];
                paint::planks(OAK).map(|x, y, c| {
                    if (1..7).contains(&y) || (9..15).contains(&y) {
                        let book = super::texture::hash3(x as i32, (y / 8) as i32, 93) % 4;
                        scale(books[book as usize], if x % 3 == 0 { 0.7 } else { 1.0 })
                    } else {
                        c
                    }
                })
            }
            Tex::PumpkinSide => paint::noisy(rgb(196, 116, 24), 0.1, seed).map(|x, _, c| {
                if x % 4 == 0 {
                    scale(c, 0.8)
                } else {
                    c
                }
            }),
            Tex::PumpkinFace => {
                let mut c = paint::noisy(rgb(196, 116, 24), 0.1, seed);
                let dark = rgb(60, 30, 0);
                paint::rect(&mut c, (3, 4), (5, 6), dark);
                paint::rect(&mut c, (10, 4), (12, 6), dark);
                paint::rect(&mut c, (3, 10), (12, 11), dark);
                c
            }
            Tex::Melon => paint::noisy(rgb(112, 150, 30), 0.15, seed).map(|x, _, c| {
                if x % 5 == 1 {
                    rgb(170, 190, 60)
                } else {
                    c
                }
            }),
            Tex::BedTop(colour) => {
                paint::noisy(colour, 0.1, seed).map(
                    |_, y, c| {
                        if y < 5 {
                            rgb(235, 235, 235)
                        } else {
                            c
                        }
                    },
                )
            }
            Tex::Ladder => Canvas::paint(|x, y| {
                let wood = rgb(125, 95, 55);
                if x == 2 || x == 13 || (y % 4 == 1 && (2..14).contains(&x)) {
                    wood
                } else {
                    0
                }
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn top_colour(name: &str) -> Canvas {
        look_of(name).top.canvas(name)
    }

    #[test]
    fn families_resolve() {
        assert!(matches!(look_of("oak_planks").top, Tex::Planks(_)));
        assert!(matches!(look_of("spruce_log").side, Tex::Bark(_)));
        assert!(matches!(look_of("birch_log").side, Tex::BirchBark));
        assert!(matches!(look_of("oak_log").top, Tex::Rings(..)));
        assert!(matches!(look_of("dark_oak_leaves").top, Tex::Leaves(_)));
        assert!(matches!(look_of("diamond_ore").side, Tex::Ore(_, c) if c == rgb(90, 235, 225)));
        assert!(matches!(look_of("cobblestone_slab").top, Tex::Cobble(_)));
        assert!(matches!(look_of("stone_brick_stairs").top, Tex::Bricks(..)));
        assert!(
            matches!(look_of("light_blue_wool").top, Tex::Noisy(c, _) if c == rgb(58, 175, 217))
        );
    }

    #[test]
    fn unknown_blocks_get_a_visible_colour_from_their_name() {
        let a = top_colour("not_a_real_block");
        let b = top_colour("another_block");
        assert!(a.0.iter().all(|c| c >> 24 == 255));
        assert_ne!(a.0[0], b.0[0]);
    }
}
