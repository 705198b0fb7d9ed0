//! Maps and compasses (1.16.5's `MapItem`, `FilledMapItem`, compass):
//! using an empty map makes a filled map of the 128×128 blocks around the
//! player (scale 0), centred on vanilla's grid; what a filled map shows,
//! one colour per column from the map colour of its top block
//! (`map_colors.tsv`) shaded by the slope towards the north; the treasure
//! map a shipwreck's map chest holds, marking the nearest buried
//! treasure; and which way a compass needle points (the world spawn).
//!
//! A map shows the chunks the world has generated (what its holder has
//! been near) and blank paper elsewhere; a treasure map shows the rest as
//! vanilla's biome preview does, land and water from the generator's plan.

use std::sync::OnceLock;

use super::items::Hand;
use super::using::fill_hand;
use crate::sim::angle::turn_between;
use crate::sim::game::Game;
use crate::sim::inventory::{ItemStack, MapData};
use crate::sim::registry::{item, registry, BlockId};
use crate::sim::world::gen::{StructureKind, SEA_LEVEL};
use crate::sim::world::World;
use crate::suite::Event;

/// Pixels along a map's side.
pub const MAP_SIZE: usize = 128;
/// Colour of paper no one has mapped.
pub const PAPER: u32 = 0x00d6_be96;
/// Scale of a shipwreck's treasure map (`exploration_map` zoom 1).
const TREASURE_MAP_SCALE: u8 = 1;
/// How far a treasure map looks for buried treasure (50 chunks, as vanilla).
const TREASURE_SEARCH: i32 = 800;
/// Blocks above the planned ground a column's top is looked for from.
const TOP_SEARCH_ABOVE: i32 = 40;

/// The centre of the scale's grid square holding a column (`MapItemSavedData.setOrigin`).
fn centre_on_grid(x: i32, z: i32, scale: u8) -> [i32; 2] {
    let span = 128 << scale;
    let snap = |v: i32| (v + 64).div_euclid(span) * span + span / 2 - 64;
    [snap(x), snap(z)]
}

/// Using an empty map: a filled map of the square around the player.
pub fn fill_empty_map(game: &mut Game, hand: Hand) -> bool {
    let [x, _, z] = game.player.block_pos();
    let mut filled = ItemStack::new(item("filled_map"), 1);
    filled.map = Some(MapData {
        centre: centre_on_grid(x, z, 0),
        scale: 0,
        treasure: None,
    });
    game.stats.add(Event::UseItem, "map", 1);
    fill_hand(game, hand, filled);
    true
}

/// A treasure map marking the buried treasure nearest `from`, if one lies
/// within 50 chunks.
pub fn treasure_map(world: &World, from: [i32; 3]) -> Option<MapData> {
    let generator = world.generator();
    let start = generator
        .structures_near(from[0], from[2], TREASURE_SEARCH)
        .into_iter()
        .find(|s| s.kind == StructureKind::BuriedTreasure)?;
    let [x, _, z] = generator.treasure_chest(&start)?;
    Some(MapData {
        centre: centre_on_grid(x, z, TREASURE_MAP_SCALE),
        scale: TREASURE_MAP_SCALE,
        treasure: Some([x, z]),
    })
}

/// Turns the plain `filled_map`s a loot roll put in a chest into treasure
/// maps (`exploration_map`).
pub fn mark_treasure_maps(world: &World, chest: [i32; 3], slots: &mut [Option<ItemStack>]) {
    let filled = item("filled_map");
    for stack in slots.iter_mut().flatten() {
        if stack.item == filled && stack.map.is_none() {
            stack.map = treasure_map(world, chest);
        }
    }
}

/// A block's map colour, `None` for blocks maps see through.
fn map_colour(block: BlockId) -> Option<u32> {
    static TABLE: OnceLock<Vec<(&'static str, Option<u32>)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        include_str!("../registry/map_colors.tsv")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split_once('\t'))
            .map(|(pattern, colour)| {
                let rgb: Vec<u32> = colour.split(',').filter_map(|c| c.parse().ok()).collect();
                let colour = (rgb.len() == 3).then(|| rgb[0] << 16 | rgb[1] << 8 | rgb[2]);
                (pattern, colour)
            })
            .collect()
    });
    let name = registry().block(block).name;
    table
        .iter()
        .find(|(pattern, _)| matches(pattern, name))
        .and_then(|&(_, colour)| colour)
}

fn matches(pattern: &str, name: &str) -> bool {
    match (pattern.strip_prefix('*'), pattern.strip_suffix('*')) {
        (Some(rest), _) if rest.ends_with('*') => name.contains(&rest[..rest.len() - 1]),
        (Some(suffix), _) => name.ends_with(suffix),
        (None, Some(prefix)) => name.starts_with(prefix),
        (None, None) => pattern == name,
    }
}

/// What one column looks like on a map: its top colour, the height of
/// that block and the depth of water over the ground.
#[derive(Debug, Clone, Copy)]
struct Top {
    colour: u32,
    height: i32,
    water_depth: i32,
}

/// The top of a generated column, `None` where its chunk is not generated.
fn top_of(world: &World, x: i32, z: i32) -> Option<Top> {
    world.chunk(x >> 4, z >> 4)?;
    let water = crate::sim::registry::block("water");
    let from = world.generator().column(x, z).height.max(SEA_LEVEL) + TOP_SEARCH_ABOVE;
    let mut ys = (0..=from.min(255)).rev();
    let (height, block, colour) = ys.find_map(|y| {
        let block = world.get([x, y, z]);
        map_colour(block).map(|colour| (y, block, colour))
    })?;
    let water_depth = if block == water {
        (0..height)
            .rev()
            .take_while(|&y| world.get([x, y, z]) == water)
            .count() as i32
            + 1
    } else {
        0
    };
    Some(Top {
        colour,
        height,
        water_depth,
    })
}

/// A column as the generator plans it (the biome preview of treasure maps).
fn planned_top(world: &World, x: i32, z: i32) -> Top {
    let column = world.generator().column(x, z);
    let water_depth = (SEA_LEVEL - column.height).max(0);
    let colour = if water_depth > 0 {
        0x40_40ff
    } else if column.shore || column.biome == crate::sim::world::gen::Biome::Desert {
        0xf7_e9a3
    } else {
        0x7f_b238
    };
    Top {
        colour,
        height: column.height.max(SEA_LEVEL),
        water_depth,
    }
}

/// Vanilla's shade steps: brighter facing north-up slopes, darker down.
const HIGH: u32 = 255;
const NORMAL: u32 = 220;
const LOW: u32 = 180;

fn shaded(colour: u32, brightness: u32) -> u32 {
    let channel = |shift: u32| ((colour >> shift & 255) * brightness / 255) << shift;
    channel(16) | channel(8) | channel(0)
}

/// The map's pixels, row by row from its north-west corner, `0x00RRGGBB`.
pub fn pixels(world: &World, data: &MapData) -> Vec<u32> {
    let step = 1i32 << data.scale;
    let half = MAP_SIZE as i32 / 2 * step;
    let origin = [data.centre[0] - half, data.centre[1] - half];
    let column = |px: i32, pz: i32| {
        let (x, z) = (origin[0] + px * step, origin[1] + pz * step);
        top_of(world, x, z).or_else(|| data.treasure.map(|_| planned_top(world, x, z)))
    };
    let mut out = vec![PAPER; MAP_SIZE * MAP_SIZE];
    for px in 0..MAP_SIZE as i32 {
        let mut north = column(px, -1).map(|t| t.height);
        for pz in 0..MAP_SIZE as i32 {
            let Some(top) = column(px, pz) else {
                north = None;
                continue;
            };
            let parity = f64::from((px + pz) & 1) - 0.5;
            let brightness = if top.water_depth > 0 {
                let d = f64::from(top.water_depth) * 0.1 + f64::from((px + pz) & 1) * 0.2;
                if d < 0.5 {
                    HIGH
                } else if d > 0.9 {
                    LOW
                } else {
                    NORMAL
                }
            } else {
                let rise = f64::from(top.height - north.unwrap_or(top.height));
                let d = rise * 4.0 / f64::from(data.scale + 4) + parity * 0.4;
                if d > 0.6 {
                    HIGH
                } else if d < -0.6 {
                    LOW
                } else {
                    NORMAL
                }
            };
            out[pz as usize * MAP_SIZE + px as usize] = shaded(top.colour, brightness);
            north = Some(top.height);
        }
    }
    out
}

/// Where on the map a column lies, in map pixels from its north-west
/// corner, if it is on the map.
pub fn pixel_of(data: &MapData, [x, z]: [i32; 2]) -> Option<[usize; 2]> {
    let step = 1i32 << data.scale;
    let half = MAP_SIZE as i32 / 2 * step;
    let p = [
        (x - data.centre[0] + half).div_euclid(step),
        (z - data.centre[1] + half).div_euclid(step),
    ];
    let inside = |v: i32| (0..MAP_SIZE as i32).contains(&v);
    (inside(p[0]) && inside(p[1])).then(|| p.map(|v| v as usize))
}

/// The compass needle's angle, degrees clockwise from straight ahead, to
/// the world spawn.
pub fn compass_bearing(game: &Game) -> f32 {
    let [px, _, pz] = game.player.pos;
    let dx = f64::from(game.spawn[0]) + 0.5 - px;
    let dz = f64::from(game.spawn[2]) + 0.5 - pz;
    let towards = (-dx).atan2(dz).to_degrees() as f32;
    turn_between(game.player.yaw, towards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};

    #[test]
    fn using_an_empty_map_fills_it_centred_on_the_grid() {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("map"), 2));
        run(&mut game, &keys(&[Key::Use]), 1);
        let inventory = &game.player.inventory;
        assert_eq!(inventory.main[0].as_ref().map(|s| s.count), Some(1));
        let filled = inventory
            .main
            .iter()
            .flatten()
            .find(|s| s.item == item("filled_map"));
        let data = filled.and_then(|s| s.map).expect("a filled map");
        assert_eq!(data.centre, [0, 0]);
        assert_eq!(data.scale, 0);
        assert_eq!(centre_on_grid(100, -70, 0), [128, -128]);
        assert_eq!(game.stats.get(Event::UseItem, "map"), 1);
    }

    #[test]
    fn a_known_patch_has_its_map_colours() {
        let mut game = platform_game();
        put(&mut game.world, [5, FLOOR, 5], "grass_block");
        put(&mut game.world, [6, FLOOR, 5], "water");
        put(&mut game.world, [7, FLOOR + 1, 5], "oak_planks");
        let data = MapData {
            centre: [0, 0],
            scale: 0,
            treasure: None,
        };
        let image = pixels(&game.world, &data);
        let at = |x: i32, z: i32| {
            let [px, pz] = pixel_of(&data, [x, z]).expect("on the map");
            image[pz * MAP_SIZE + px]
        };
        assert_eq!(pixel_of(&data, [5, 5]), Some([69, 69]));
        // Level with the stone to the north: the normal shade (220/255).
        assert_eq!(at(5, 5), shaded(0x7f_b238, NORMAL));
        assert_eq!(at(4, 4), shaded(0x70_7070, NORMAL));
        // One block of water over stone: shallow water is bright.
        assert_eq!(at(6, 5), shaded(0x40_40ff, HIGH));
        // A block higher than its northern neighbour: bright; the stone
        // south of it, lower, dark.
        assert_eq!(at(7, 5), shaded(0x8f_7748, HIGH));
        assert_eq!(at(7, 6), shaded(0x70_7070, LOW));
        // Beyond the generated chunks: blank paper.
        let far = MapData {
            centre: [100_000, 0],
            ..data
        };
        assert!(pixels(&game.world, &far).iter().all(|&p| p == PAPER));
    }

    #[test]
    fn the_compass_points_at_spawn() {
        let mut game = platform_game();
        game.spawn = [0, FLOOR + 1, 0];
        game.player.pos = [0.5, f64::from(FLOOR + 1), 10.5];
        game.player.yaw = 180.0; // facing north, at the spawn
        assert!(compass_bearing(&game).abs() < 0.01);
        game.player.yaw = 0.0; // facing south, spawn behind
        assert!((compass_bearing(&game).abs() - 180.0).abs() < 0.01);
        game.player.pos = [10.5, f64::from(FLOOR + 1), 0.5];
        // Facing south, the spawn (west) is on the right.
        assert!((compass_bearing(&game) - 90.0).abs() < 0.01);
    }
}
