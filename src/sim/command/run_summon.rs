//! `/summon`: a creature (or a vehicle…) standing at the position, with
//! the facts its NBT sets that later rules act on: anger, taming, age,
//! villager profession, a helmet, health, rotation and a sheep's colour
//! (rolled like a natural spawn when no NBT is given); a boat (of its NBT
//! `Type`) is the boat entity boat items place, and an item frame or a
//! painting hangs in the position's cell, facing its NBT `Facing`, as a
//! placed one does. Other NBT is valid and ignored. Summoning counts no
//! statistic.

use rand::Rng;

use super::ids::{MAX_HEALTH, OBJECT_HEALTH, ROLLED_HEALTH, SIZED};
use super::reader::{Failure, Parsed};
use super::snbt::{Compound, Nbt};
use crate::sim::entity::{Boat, EntityKind, Mob, MobTags};
use crate::sim::game::Game;
use crate::sim::raycast::Face;
use crate::sim::registry::{item, registry, EntityTypeId, ItemId};
use crate::sim::rules::{boats, hanging};
use crate::sim::world::offset;

/// Minecraft's bounds for a spawned entity: 30 million blocks out, 20 million up or down.
fn in_spawnable_bounds(pos: [f64; 3]) -> bool {
    let [x, y, z] = pos.map(f64::floor);
    x.abs() < 3.0e7 && z.abs() < 3.0e7 && (-2.0e7..2.0e7).contains(&y)
}

pub fn summon(game: &mut Game, kind: EntityTypeId, pos: [f64; 3], nbt: &Compound) -> Parsed<()> {
    if !in_spawnable_bounds(pos) {
        return Err(Failure::Rejected("Invalid position for summon".into()));
    }
    let name = registry().entity(kind).name;
    if name == "boat" {
        summon_boat(game, pos, nbt);
        return Ok(());
    }
    if let Some(item) = hanging_item(name) {
        summon_hanging(game, item, pos, nbt);
        return Ok(());
    }
    let health = health(game, name, nbt)?;
    let mut tags = tags_of(nbt);
    if name == "sheep" && nbt.is_empty() {
        // `/summon` without NBT finalises the spawn as natural spawning does.
        tags.color = random_sheep_color(&mut game.rngs.mobs);
    }
    let health = match (name, tags.tame) {
        ("wolf", true) => 20.0,
        _ => health,
    };
    let health = number(nbt, "Health").map_or(health, |h| h as f32);
    let id = game
        .entities
        .spawn(EntityKind::Mob(Mob::new(kind, health, tags)), pos, [0.0; 3]);
    if let (Some(entity), Some(yaw)) = (game.entities.get_mut(id), rotation(nbt)) {
        entity.yaw = yaw as f32;
    }
    Ok(())
}

/// A boat of the NBT's `Type` (oak by default), the same entity a boat
/// item places.
fn summon_boat(game: &mut Game, pos: [f64; 3], nbt: &Compound) {
    let wood = nbt.get("Type").and_then(Nbt::as_str).unwrap_or("oak");
    let boat = Boat::new(boats::item_of_type(wood));
    let id = game.entities.spawn(EntityKind::Boat(boat), pos, [0.0; 3]);
    if let (Some(entity), Some(yaw)) = (game.entities.get_mut(id), rotation(nbt)) {
        entity.yaw = yaw as f32;
    }
}

/// The item a hanging entity type is, for item frames and paintings.
fn hanging_item(name: &str) -> Option<ItemId> {
    matches!(name, "item_frame" | "painting").then(|| item(name))
}

/// A frame or painting hung in `pos`'s cell on the block behind it. An
/// item frame's `Facing` counts down, up, north, south, west, east
/// (`Direction.from3DDataValue`), a painting's south, west, north, east
/// (`from2DDataValue`); without it a frame faces down (hanging under the
/// block above, it falls at its first check if that is air), a painting
/// south.
fn summon_hanging(game: &mut Game, item: ItemId, pos: [f64; 3], nbt: &Compound) {
    let value = number(nbt, "Facing").map_or(0, |f| f as i64);
    let facing = if registry().item(item).name == "painting" {
        [Face::South, Face::West, Face::North, Face::East][value.rem_euclid(4) as usize]
    } else {
        Face::ALL[value.rem_euclid(6) as usize]
    };
    let cell = pos.map(|v| v.floor() as i32);
    let wall = offset(cell, facing.opposite().normal());
    hanging::hang(game, item, wall, facing);
}

fn rotation(nbt: &Compound) -> Option<f64> {
    nbt.get("Rotation")
        .and_then(Nbt::as_list)
        .and_then(|r| r.first())
        .and_then(Nbt::as_f64)
}

/// The starting health of a new `name`, rolled where Minecraft rolls it;
/// kinds that do not stand in the world as creatures are not built.
fn health(game: &mut Game, name: &str, nbt: &Compound) -> Parsed<f32> {
    let fixed = MAX_HEALTH
        .iter()
        .chain(OBJECT_HEALTH)
        .find(|(n, _)| *n == name);
    if let Some(&(_, health)) = fixed {
        return Ok(health);
    }
    let rng = &mut game.rngs.mobs;
    if ROLLED_HEALTH.contains(&name) {
        return Ok((15 + rng.gen_range(0..8) + rng.gen_range(0..9)) as f32);
    }
    if SIZED.contains(&name) {
        let size = match number(nbt, "Size") {
            Some(size) => size.clamp(0.0, 126.0) + 1.0,
            None => f64::from(1u8 << rng.gen_range(0..3)),
        };
        return Ok((size * size) as f32);
    }
    Err(Failure::Unsupported(format!(
        "summoning minecraft:{name} is not built"
    )))
}

fn number(nbt: &Compound, key: &str) -> Option<f64> {
    nbt.get(key).and_then(Nbt::as_f64)
}

fn flag(nbt: &Compound, key: &str) -> bool {
    number(nbt, key).is_some_and(|v| v != 0.0)
}

/// The facts of the NBT that later rules act on.
fn tags_of(nbt: &Compound) -> MobTags {
    let profession = nbt
        .get("VillagerData")
        .and_then(Nbt::as_compound)
        .and_then(|data| data.get("profession"))
        .and_then(Nbt::as_str)
        .map(|p| {
            if p.contains(':') {
                p.to_string()
            } else {
                format!("minecraft:{p}")
            }
        });
    MobTags {
        angry: flag(nbt, "Angry") || number(nbt, "AngerTime").is_some_and(|t| t > 0.0),
        tame: flag(nbt, "Tame"),
        baby: number(nbt, "Age").is_some_and(|age| age < 0.0) || flag(nbt, "IsBaby"),
        profession,
        helmet: wears_helmet(nbt),
        // An id out of the dye range is white (`DyeColor.byId`).
        color: number(nbt, "Color")
            .filter(|c| (0.0..16.0).contains(c))
            .map_or(0, |c| c as u8),
        sheared: flag(nbt, "Sheared"),
    }
}

/// A naturally spawned sheep's colour (`SheepEntity.getRandomSheepColor`):
/// black, gray and light gray 5% each, brown 3%, pink 0.164%, else white.
fn random_sheep_color(rng: &mut impl Rng) -> u8 {
    // Dye ids: white 0, pink 6, gray 7, light gray 8, brown 12, black 15.
    match rng.gen_range(0..100) {
        0..5 => 15,
        5..10 => 7,
        10..15 => 8,
        15..18 => 12,
        _ if rng.gen_range(0..500) == 0 => 6,
        _ => 0,
    }
}

/// Whether `ArmorItems` (feet, legs, chest, head) puts something on its head.
fn wears_helmet(nbt: &Compound) -> bool {
    nbt.get("ArmorItems")
        .and_then(Nbt::as_list)
        .and_then(|items| items.get(3))
        .and_then(Nbt::as_compound)
        .is_some_and(|head| head.get("id").is_some())
}
