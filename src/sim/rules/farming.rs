//! Crops and farmland on random ticks, after 1.16.5's `CropBlock` and
//! `FarmBlock`: a crop with light grows one stage with a chance set by the
//! farmland around it (moist farmland under it and beside it speeds it
//! up; same crops in both directions slow it); farmland within four blocks
//! of water, or rained on, turns fully moist, and elsewhere dries one step
//! at a time and then, with no crop on it, turns back to dirt; a solid
//! block on farmland turns it to dirt; landing on it from a fall tramples
//! it to dirt (the crop on it pops off).

use std::sync::OnceLock;

use rand::Rng;

use super::collision;
use super::fluids::Fluid;
use super::movement::player_box;
use super::support;
use crate::sim::game::{Game, Weather};
use crate::sim::registry::{block, registry, BlockId};
use crate::sim::world::{offset, BlockPos, World};

/// A crop: its block, last growth stage, what it yields ripe, its seed.
pub struct Crop {
    pub block: &'static str,
    pub max_age: u8,
    pub produce: &'static str,
    pub seed: &'static str,
}

const CROPS: &[Crop] = &[
    Crop {
        block: "wheat",
        max_age: 7,
        produce: "wheat",
        seed: "wheat_seeds",
    },
    Crop {
        block: "carrots",
        max_age: 7,
        produce: "carrot",
        seed: "carrot",
    },
    Crop {
        block: "potatoes",
        max_age: 7,
        produce: "potato",
        seed: "potato",
    },
    Crop {
        block: "beetroots",
        max_age: 3,
        produce: "beetroot",
        seed: "beetroot_seeds",
    },
];

/// Farmland at this moisture is moist.
const MOIST: u8 = 7;
/// Crops need this much light to grow (`getRawBrightness >= 9`).
const GROW_LIGHT: u8 = 9;
/// How far water reaches to keep farmland moist, horizontally.
const WATER_REACH: i32 = 4;

/// The crop a block is, if it is one.
pub fn crop(id: BlockId) -> Option<&'static Crop> {
    let name = registry().block(id).name;
    CROPS.iter().find(|c| c.block == name)
}

fn is_farmland(id: BlockId) -> bool {
    id == block("farmland")
}

/// The block light or sky light reaching `pos`: sky light where the
/// column above is open to the sky (15 whatever the hour, as vanilla's
/// raw brightness), else the light of the brightest block beside it.
fn raw_light(world: &World, pos: BlockPos) -> u8 {
    let open_sky = (pos[1] + 1..crate::sim::world::HEIGHT)
        .all(|y| registry().block(world.get([pos[0], y, pos[2]])).transparent);
    if open_sky {
        return 15;
    }
    let around = [[0, 1, 0], [1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];
    around
        .iter()
        .map(|&d| {
            registry()
                .block(world.get(offset(pos, d)))
                .light
                .saturating_sub(1)
        })
        .max()
        .unwrap_or(0)
}

/// `CropBlock.getGrowthSpeed`: 1, plus for each farmland cell in the 3×3
/// under the crop 1 (3 if moist), a quarter of that off-centre; halved
/// when the same crop stands diagonally or on both axes.
fn growth_speed(world: &World, pos: BlockPos, id: BlockId) -> f32 {
    let mut speed = 1.0;
    for dx in -1..=1 {
        for dz in -1..=1 {
            let below = offset(pos, [dx, -1, dz]);
            let mut bonus = 0.0;
            if is_farmland(world.get(below)) {
                bonus = if world.state(below).age() > 0 {
                    3.0
                } else {
                    1.0
                };
            }
            if dx != 0 || dz != 0 {
                bonus /= 4.0;
            }
            speed += bonus;
        }
    }
    let same = |dx: i32, dz: i32| world.get(offset(pos, [dx, 0, dz])) == id;
    let along_x = same(-1, 0) || same(1, 0);
    let along_z = same(0, -1) || same(0, 1);
    let diagonal = same(-1, -1) || same(1, -1) || same(1, 1) || same(-1, 1);
    if (along_x && along_z) || diagonal {
        speed /= 2.0;
    }
    speed
}

fn grow_crop(game: &mut Game, pos: BlockPos, id: BlockId, crop: &Crop) {
    let state = game.world.state(pos);
    if state.age() >= crop.max_age || raw_light(&game.world, pos) < GROW_LIGHT {
        return;
    }
    let speed = growth_speed(&game.world, pos, id);
    let odds = (25.0 / speed) as u32 + 1;
    if game.rngs.random_ticks.gen_range(0..odds) == 0 {
        game.world
            .set_with_state(pos, id, state.with_age(state.age() + 1));
    }
}

fn near_water(world: &World, pos: BlockPos) -> bool {
    (-WATER_REACH..=WATER_REACH).any(|dx| {
        (-WATER_REACH..=WATER_REACH).any(|dz| {
            (0..=1).any(|dy| Fluid::of(world.get(offset(pos, [dx, dy, dz]))) == Some(Fluid::Water))
        })
    })
}

/// Turns farmland into dirt (`FarmBlock.turnToDirt`): a player standing
/// on it is pushed up onto the taller block, and whatever grew on it pops
/// off.
pub fn turn_to_dirt(game: &mut Game, pos: BlockPos) {
    game.world.set(pos, block("dirt"));
    let top = f64::from(pos[1] + 1);
    let cell = collision::block_box(block("dirt"), pos);
    if cell.is_some_and(|c| c.intersects(&player_box(&game.player))) {
        game.player.pos[1] = top;
    }
    support::settle(game, pos);
}

fn tick_farmland(game: &mut Game, pos: BlockPos, id: BlockId) {
    let above = offset(pos, [0, 1, 0]);
    if registry().block(game.world.get(above)).shape == crate::sim::registry::Shape::Cube {
        turn_to_dirt(game, pos);
        return;
    }
    let rained_on = game.weather != Weather::Clear && raw_light(&game.world, above) == 15;
    let moisture = game.world.state(pos).age();
    let state = game.world.state(pos);
    if near_water(&game.world, pos) || rained_on {
        game.world.set_with_state(pos, id, state.with_age(MOIST));
    } else if moisture > 0 {
        game.world
            .set_with_state(pos, id, state.with_age(moisture - 1));
    } else if crop(game.world.get(above)).is_none() {
        turn_to_dirt(game, pos);
    }
}

/// A random tick of the block at `pos` (crops and farmland; others do nothing).
pub fn random_tick(game: &mut Game, pos: BlockPos, id: BlockId) {
    if let Some(crop) = crop(id) {
        grow_crop(game, pos, id, crop);
    } else if is_farmland(id) {
        tick_farmland(game, pos, id);
    }
}

/// Landing on farmland from a fall (`FarmBlock.fallOn`): trampled to dirt
/// with chance `distance − 0.5`.
pub fn trample(game: &mut Game, pos: BlockPos, distance: f64) {
    if !is_farmland(game.world.get(pos)) {
        return;
    }
    if f64::from(game.rngs.random_ticks.gen::<f32>()) < distance - 0.5 {
        turn_to_dirt(game, pos);
    }
}

/// Whether a block ticks randomly here.
pub fn ticks_randomly(id: BlockId) -> bool {
    static TICKING: OnceLock<Vec<BlockId>> = OnceLock::new();
    TICKING
        .get_or_init(|| {
            let crops = CROPS.iter().map(|c| block(c.block));
            crops.chain([block("farmland")]).collect()
        })
        .contains(&id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::entity::EntityKind;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};
    use crate::suite::Event;

    #[test]
    fn seeds_plant_on_farmland_and_wheat_ripens_through_eight_stages() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR, 2], "farmland");
        game.player.inventory.main[0] = Some(ItemStack::new(item("wheat_seeds"), 3));
        game.player.pitch = 45.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        let crop = [0, FLOOR + 1, 2];
        assert_eq!(game.world.get(crop), block("wheat"));
        assert_eq!(game.stats.get(Event::UseItem, "wheat_seeds"), 1);
        let mut stages = vec![game.world.state(crop).age()];
        for _ in 0..5000 {
            random_tick(&mut game, crop, block("wheat"));
            let age = game.world.state(crop).age();
            if stages.last() != Some(&age) {
                stages.push(age);
            }
        }
        assert_eq!(stages, (0..=7).collect::<Vec<u8>>(), "one stage at a time");
        super::super::breaking::break_block(&mut game, crop);
        let drops: Vec<(&str, u8)> = game
            .entities
            .list
            .iter()
            .filter_map(|e| match &e.kind {
                EntityKind::Item { stack, .. } => Some((stack.name(), stack.count)),
                _ => None,
            })
            .collect();
        assert_eq!(drops[0], ("wheat", 1));
        assert!(drops[1].0 == "wheat_seeds" && (1..=4).contains(&drops[1].1));
    }

    #[test]
    fn farmland_stays_moist_by_water_and_dries_to_dirt_away_from_it() {
        let mut game = platform_game();
        let (dry, wet) = ([0, FLOOR, 3], [8, FLOOR, 8]);
        put(&mut game.world, dry, "farmland");
        put(&mut game.world, wet, "farmland");
        put(&mut game.world, [11, FLOOR, 8], "water");
        random_tick(&mut game, wet, block("farmland"));
        assert_eq!(game.world.state(wet).age(), MOIST);
        let moist = game.world.state(dry).with_age(1);
        game.world.set_with_state(dry, block("farmland"), moist);
        random_tick(&mut game, dry, block("farmland"));
        assert_eq!(game.world.state(dry).age(), 0);
        assert_eq!(game.world.get(dry), block("farmland"));
        random_tick(&mut game, dry, block("farmland"));
        assert_eq!(game.world.get(dry), block("dirt"));
    }

    #[test]
    fn a_fall_onto_farmland_tramples_it_and_the_crop_pops_off() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR, 0], "farmland");
        put(&mut game.world, [1, FLOOR, 0], "farmland");
        put(&mut game.world, [1, FLOOR + 1, 0], "wheat");
        turn_to_dirt(&mut game, [1, FLOOR, 0]);
        assert_eq!(game.world.get([1, FLOOR + 1, 0]), BlockId::AIR);
        game.player.pos[1] = f64::from(FLOOR + 4);
        game.player.on_ground = false;
        run(&mut game, &keys(&[]), 30);
        assert!(game.player.on_ground);
        assert_eq!(game.world.get([0, FLOOR, 0]), block("dirt"));
    }
}
