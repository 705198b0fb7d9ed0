//! Boats, after vanilla 1.16.5's `Boat` and `BoatItem`: a boat item used on
//! a block or on water places a boat facing the player's way (counting
//! `use_item`); `use` on a boat seats the player; while seated W/S paddle
//! and A/D turn, sneak gets out; attacking breaks it (ten times the hit's
//! damage, fading one a tick, above 40) and it drops its item.
//!
//! A boat floats on water, where it keeps 0.9 of its speed a tick (fast),
//! and drags on land (the block's slipperiness, halved while the player
//! drives: slow). A creature whose box touches a boat the player does not
//! drive is seated in it, up to two riders, and stays stuck there.
//!
//! Not modelled: boats colliding with the player or each other, the
//! paddle sound and animation, bubble columns, damage from a long fall.

use super::collision::{self, Aabb};
use super::entities::move_entity;
use super::fluids::{self, Fluid};
use super::input::MoveInput;
use super::items::{self, Hand};
use super::traits;
use crate::sim::angle::turn_at_most;
use crate::sim::entity::boat::{self, Paddle, SEATS};
use crate::sim::entity::{Boat, Entity, EntityId, EntityKind, Rider};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::raycast;
use crate::sim::registry::{item, registry, EntityCategory, ItemId};
use crate::sim::world::fluid_level::SOURCE;
use crate::sim::world::World;
use crate::suite::Event;

/// How far a boat item reaches (`Item.getPlayerPOVHitResult`).
const PLACE_REACH: f64 = 5.0;
const GRAVITY: f64 = 0.04;
/// Buoyancy per unit of depth (`floatBoat`).
const BUOYANCY: f64 = 0.061_538_46;
/// Forward push of the forward key, and of back, and of turning alone.
const PADDLE_FORWARD: f64 = 0.04;
const PADDLE_BACK: f64 = 0.005;
const PADDLE_TURNING: f64 = 0.005;
/// Damage above which a boat breaks, and its multiplier per hit.
const BREAK_DAMAGE: f32 = 40.0;
const DAMAGE_PER_HIT: f32 = 10.0;
/// A hit from the player counts as a fist's (weapon damage is combat's).
const HIT_DAMAGE: f32 = 1.0;
/// The rider seats' height over the boat's bottom (`getPassengersRidingOffset`).
const SEAT_HEIGHT: f64 = -0.1;
/// The player sits this much lower (`Player.getMyRidingOffset`).
const PLAYER_RIDING_OFFSET: f64 = -0.35;
/// The standing player's box, for finding room to get out.
const PLAYER_HALF_WIDTH: f64 = 0.3;
const PLAYER_HEIGHT: f64 = 1.8;
/// The player's view turns at most this far from the boat's heading.
const MAX_LOOK_AWAY: f32 = 105.0;
/// Creatures that never sit in boats (`WaterAnimal`).
const WATER_ANIMALS: &[&str] = &[
    "squid",
    "dolphin",
    "cod",
    "salmon",
    "pufferfish",
    "tropical_fish",
];

/// What a boat is resting in this tick (`Boat.Status`).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Status {
    /// Floating; the water's surface height.
    InWater(f64),
    UnderWater,
    UnderFlowingWater,
    /// On blocks; their average slipperiness.
    OnLand(f64),
    InAir,
}

/// The boat item of a wood type name (`Type` in NBT), oak when unknown.
pub fn item_of_type(wood: &str) -> ItemId {
    registry()
        .item_named(&format!("{wood}_boat"))
        .unwrap_or_else(|| item("oak_boat"))
}

/// Whether the item is a boat.
pub fn is_boat_item(id: ItemId) -> bool {
    registry().item(id).name.ends_with("_boat")
}

/// The boat the player sits in.
pub fn player_boat(game: &Game) -> Option<EntityId> {
    game.entities.list.iter().find_map(|e| match &e.kind {
        EntityKind::Boat(b) if b.carries_player() => Some(e.id),
        _ => None,
    })
}

fn boat_mut(game: &mut Game, id: EntityId) -> Option<&mut Boat> {
    match &mut game.entities.get_mut(id)?.kind {
        EntityKind::Boat(b) => Some(b),
        _ => None,
    }
}

/// The surface height of the water the boat's bottom is in (`checkInWater`).
fn water_surface(world: &World, aabb: &Aabb) -> Option<f64> {
    let bottom = aabb.min[1];
    let (x0, x1) = (aabb.min[0].floor() as i32, aabb.max[0].ceil() as i32);
    let (z0, z1) = (aabb.min[2].floor() as i32, aabb.max[2].ceil() as i32);
    let (y0, y1) = (bottom.floor() as i32, (bottom + 0.001).ceil() as i32);
    let mut surface = None;
    let mut floating = false;
    for x in x0..x1 {
        for y in y0..y1 {
            for z in z0..z1 {
                if let Some(h) = fluids::height_at(world, [x, y, z], Fluid::Water) {
                    let top = f64::from(y) + h;
                    surface = Some(surface.map_or(top, |s: f64| s.max(top)));
                    floating |= bottom < top;
                }
            }
        }
    }
    surface.filter(|_| floating)
}

/// Whether water covers the boat's top (`isUnderwater`), and whether it
/// is flowing water.
fn under_water(world: &World, aabb: &Aabb) -> Option<Status> {
    let top = aabb.max[1] + 0.001;
    let y = aabb.max[1].floor() as i32;
    let (x0, x1) = (aabb.min[0].floor() as i32, aabb.max[0].ceil() as i32);
    let (z0, z1) = (aabb.min[2].floor() as i32, aabb.max[2].ceil() as i32);
    let mut status = None;
    for x in x0..x1 {
        for z in z0..z1 {
            let Some(h) = fluids::height_at(world, [x, y, z], Fluid::Water) else {
                continue;
            };
            if top < f64::from(y) + h {
                if world.fluid_level([x, y, z]) != SOURCE {
                    return Some(Status::UnderFlowingWater);
                }
                status = Some(Status::UnderWater);
            }
        }
    }
    status
}

/// The average slipperiness of the blocks under the boat (`getGroundFriction`); 0 for none.
fn ground_friction(world: &World, aabb: &Aabb) -> f64 {
    let probe = Aabb {
        min: [aabb.min[0], aabb.min[1] - 0.001, aabb.min[2]],
        max: [aabb.max[0], aabb.min[1], aabb.max[2]],
    };
    let (mut total, mut count) = (0.0, 0.0);
    for pos in probe.cells(0) {
        let touched =
            collision::block_box(world.get(pos), pos).is_some_and(|b| b.intersects(&probe));
        if touched {
            total += traits::SLIPPERINESS.get(world.get(pos));
            count += 1.0;
        }
    }
    if count > 0.0 {
        total / count
    } else {
        0.0
    }
}

fn status(world: &World, aabb: &Aabb) -> Status {
    if let Some(under) = under_water(world, aabb) {
        return under;
    }
    if let Some(surface) = water_surface(world, aabb) {
        return Status::InWater(surface);
    }
    match ground_friction(world, aabb) {
        f if f > 0.0 => Status::OnLand(f),
        _ => Status::InAir,
    }
}

/// Friction, gravity and buoyancy for one tick (`floatBoat`).
fn float(e: &mut Entity, b: &mut Boat, status: Status) {
    let (mut fall, mut lift) = (-GRAVITY, 0.0);
    let keep = match status {
        Status::InWater(surface) => {
            lift = (surface - e.pos[1]) / boat::HEIGHT;
            0.9
        }
        Status::UnderFlowingWater => {
            fall = -7.0e-4;
            0.9
        }
        Status::UnderWater => {
            lift = 0.01;
            0.45
        }
        Status::InAir => 0.9,
        Status::OnLand(friction) if b.player_drives() => friction / 2.0,
        Status::OnLand(friction) => friction,
    };
    e.vel = [e.vel[0] * keep, e.vel[1] + fall, e.vel[2] * keep];
    b.turning *= keep as f32;
    if lift > 0.0 {
        e.vel[1] = (e.vel[1] + lift * BUOYANCY) * 0.75;
    }
}

/// The driver's paddling (`controlBoat`).
fn control(e: &mut Entity, b: &mut Boat) {
    let Paddle {
        forward,
        back,
        left,
        right,
    } = b.paddle;
    let mut push = 0.0;
    if left {
        b.turning -= 1.0;
    }
    if right {
        b.turning += 1.0;
    }
    if right != left && !forward && !back {
        push += PADDLE_TURNING;
    }
    e.yaw += b.turning;
    if forward {
        push += PADDLE_FORWARD;
    }
    if back {
        push -= PADDLE_BACK;
    }
    let yaw = f64::from(e.yaw).to_radians();
    e.vel[0] += -yaw.sin() * push;
    e.vel[2] += yaw.cos() * push;
}

/// Seats the creatures touching a boat the player does not drive.
fn pick_up_creatures(game: &Game, e: &Entity, b: &mut Boat) {
    if b.player_drives() {
        return;
    }
    let reach = e.bounding_box().inflate([0.2, -0.01, 0.2]);
    let seated: Vec<EntityId> = game
        .entities
        .list
        .iter()
        .filter_map(|other| match &other.kind {
            EntityKind::Boat(ob) if other.id != e.id => Some(ob.riders.clone()),
            _ => None,
        })
        .flatten()
        .chain(b.riders.iter().copied())
        .filter_map(|r| match r {
            Rider::Mob(id) => Some(id),
            Rider::Player => None,
        })
        .collect();
    for other in &game.entities.list {
        if b.riders.len() >= SEATS {
            return;
        }
        let EntityKind::Mob(mob) = &other.kind else {
            continue;
        };
        let def = registry().entity(mob.kind);
        let creature = matches!(
            def.category,
            EntityCategory::Hostile | EntityCategory::Passive
        ) && !WATER_ANIMALS.contains(&def.name);
        if creature
            && other.bounding_box().intersects(&reach)
            && other.size().0 < boat::HALF_WIDTH
            && !mob.is_dying()
            && !seated.contains(&other.id)
        {
            b.riders.push(Rider::Mob(other.id));
        }
    }
}

/// One tick of a boat entity (`Boat.tick`); returns whether it is gone.
pub fn tick(game: &mut Game, e: &mut Entity) -> bool {
    let EntityKind::Boat(mut b) = e.kind.clone() else {
        return false;
    };
    e.age += 1;
    b.hurt_ticks = b.hurt_ticks.saturating_sub(1);
    b.damage = (b.damage - 1.0).max(0.0);
    let status = status(&game.world, &e.bounding_box());
    float(e, &mut b, status);
    if !b.player_drives() {
        b.paddle = Paddle::default();
    }
    control(e, &mut b);
    move_entity(&game.world, e, 0.0);
    pick_up_creatures(game, e, &mut b);
    e.kind = EntityKind::Boat(b);
    e.pos[1] < -64.0
}

/// Where a rider sits in a boat at `pos` facing `yaw`: over the boat's
/// bottom, fore and aft when two ride.
fn seat(pos: [f64; 3], yaw: f32, index: usize, riders: usize, rider: Rider) -> [f64; 3] {
    let along = match (riders, index) {
        (1, _) => 0.0,
        (_, 0) => 0.2,
        _ => -0.6,
    };
    let lower = match rider {
        Rider::Player => PLAYER_RIDING_OFFSET,
        Rider::Mob(_) => 0.0,
    };
    let yaw = f64::from(yaw).to_radians();
    [
        pos[0] - yaw.sin() * along,
        pos[1] + SEAT_HEIGHT + lower,
        pos[2] + yaw.cos() * along,
    ]
}

/// Moves every rider to its seat (after everything moved this tick):
/// riders of boats that are gone, or creatures that are gone, are let go.
pub fn seat_riders(game: &mut Game) {
    let alive: Vec<EntityId> = game.entities.list.iter().map(|e| e.id).collect();
    let mut seats: Vec<(Rider, [f64; 3], f32, f32)> = Vec::new();
    for e in &mut game.entities.list {
        let (pos, yaw) = (e.pos, e.yaw);
        let EntityKind::Boat(b) = &mut e.kind else {
            continue;
        };
        b.riders.retain(|r| match r {
            Rider::Mob(id) => alive.contains(id),
            Rider::Player => true,
        });
        for (i, &rider) in b.riders.iter().enumerate() {
            let at = seat(pos, yaw, i, b.riders.len(), rider);
            seats.push((rider, at, yaw, b.turning));
        }
    }
    for (rider, at, boat_yaw, turning) in seats {
        match rider {
            Rider::Player => {
                let p = &mut game.player;
                p.pos = at;
                p.vel = [0.0; 3];
                p.fall_distance = 0.0;
                p.on_ground = false;
                p.yaw = turn_at_most(boat_yaw, p.yaw + turning, MAX_LOOK_AWAY);
            }
            Rider::Mob(id) => {
                if let Some(m) = game.entities.get_mut(id) {
                    m.pos = at;
                    m.vel = [0.0; 3];
                    m.yaw = boat_yaw;
                }
            }
        }
    }
}

/// The player's keys while seated: paddling, or getting out with sneak.
/// Returns whether the player sits in a boat (and so does not walk).
pub fn steer(game: &mut Game, input: &MoveInput) -> bool {
    let Some(id) = player_boat(game) else {
        return false;
    };
    if input.sneak {
        get_out(game, id);
        return true;
    }
    if let Some(b) = boat_mut(game, id) {
        b.paddle = Paddle {
            forward: input.forward > 0.0,
            back: input.forward < 0.0,
            left: input.strafe > 0.0,
            right: input.strafe < 0.0,
        };
    }
    true
}

/// The player leaves the boat, standing beside it where there is room
/// (`getDismountLocationForPassenger`), else on top of it.
fn get_out(game: &mut Game, id: EntityId) {
    let Some(e) = game.entities.get_mut(id) else {
        return;
    };
    let (pos, yaw) = (e.pos, f64::from(e.yaw).to_radians());
    if let EntityKind::Boat(b) = &mut e.kind {
        b.riders.retain(|r| *r != Rider::Player);
        b.paddle = Paddle::default();
    }
    let (side, ahead) = ([yaw.cos(), yaw.sin()], [-yaw.sin(), yaw.cos()]);
    let directions = [side, side.map(|c| -c), ahead, ahead.map(|c| -c)];
    let spot = directions
        .iter()
        .flat_map(|d| [0.0, 1.0].map(|up| [pos[0] + d[0] * 1.3, pos[1] + up, pos[2] + d[1] * 1.3]))
        .find(|&at| {
            collision::is_free(
                &game.world,
                &Aabb::at_feet(at, PLAYER_HALF_WIDTH, PLAYER_HEIGHT),
            )
        });
    let p = &mut game.player;
    p.pos = spot.unwrap_or([pos[0], pos[1] + boat::HEIGHT, pos[2]]);
    p.vel = [0.0; 3];
}

/// `use` on an entity: a boat with a free seat seats the player.
/// Returns whether it did.
pub fn interact(game: &mut Game, id: EntityId) -> bool {
    if player_boat(game).is_some() || game.player.sneaking {
        return false;
    }
    match boat_mut(game, id) {
        Some(b) if b.riders.len() < SEATS => {
            b.riders.push(Rider::Player);
            true
        }
        _ => false,
    }
}

/// The player hits a boat: above 40 damage it breaks and drops its item.
pub fn attack(game: &mut Game, id: EntityId) {
    let Some(b) = boat_mut(game, id) else {
        return;
    };
    b.hurt_ticks = 10;
    b.damage += HIT_DAMAGE * DAMAGE_PER_HIT;
    if b.damage <= BREAK_DAMAGE {
        return;
    }
    let dropped = b.item;
    let Some(index) = game.entities.list.iter().position(|e| e.id == id) else {
        return;
    };
    let e = game.entities.list.remove(index);
    let cell = e.pos.map(|v| v.floor() as i32);
    items::spawn_block_drop(game, cell, ItemStack::new(dropped, 1));
}

/// Whether a boat set down at `at` (the point the placing ray stops) has
/// room there: its box, a tenth of a block in from each side, in no block.
pub fn fits(world: &World, at: [f64; 3]) -> bool {
    let aabb = Aabb::at_feet(at, boat::HALF_WIDTH, boat::HEIGHT).inflate([-0.1; 3]);
    collision::is_free(world, &aabb)
}

/// Where a boat item used along a look from `eye` goes: the point the
/// look meets a block or water within 5 blocks, if a boat fits there.
pub fn landing(world: &World, eye: [f64; 3], dir: [f64; 3]) -> Option<[f64; 3]> {
    let hit = raycast::cast(world, eye, dir, PLACE_REACH, |b| {
        raycast::selectable(b) || Fluid::of(b).is_some()
    })?;
    let at = [0, 1, 2].map(|a| eye[a] + dir[a] * hit.distance);
    fits(world, at).then_some(at)
}

/// Uses a boat item (`BoatItem.use`): at its [`landing`], a boat facing
/// the player's way; counts `use_item` and uses up the item.
pub fn place(game: &mut Game, hand: Hand, boat_item: ItemId) -> bool {
    let Some(at) = landing(&game.world, game.player.eye(), game.player.look_dir()) else {
        return false;
    };
    let id = game
        .entities
        .spawn(EntityKind::Boat(Boat::new(boat_item)), at, [0.0; 3]);
    if let Some(e) = game.entities.get_mut(id) {
        e.yaw = game.player.yaw;
    }
    game.stats
        .add(Event::UseItem, registry().item(boat_item).name, 1);
    items::consume_one(&mut game.player.inventory, hand);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::entity::{Mob, MobTags};
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};

    const GROUND: i32 = FLOOR + 1;

    fn boats(game: &Game) -> Vec<(EntityId, [f64; 3], Boat)> {
        game.entities
            .list
            .iter()
            .filter_map(|e| match &e.kind {
                EntityKind::Boat(b) => Some((e.id, e.pos, b.clone())),
                _ => None,
            })
            .collect()
    }

    /// A pool of still water a block deep, 12×13, sunk into the floor
    /// just south of the player.
    fn pool_game() -> Game {
        let mut game = platform_game();
        for x in -6..6 {
            for z in 1..14 {
                put(&mut game.world, [x, FLOOR, z], "water");
                put(&mut game.world, [x, FLOOR - 1, z], "stone");
            }
        }
        game.world.take_changes();
        game
    }

    #[test]
    fn a_boat_item_used_on_water_places_a_boat_and_counts_use_item() {
        let mut game = pool_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("spruce_boat"), 1));
        game.player.pitch = 30.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        let placed = boats(&game);
        assert_eq!(placed.len(), 1);
        assert_eq!(placed[0].2.item, item("spruce_boat"));
        assert_eq!(game.stats.get(Event::UseItem, "spruce_boat"), 1);
        assert!(game.player.inventory.main[0].is_none());
        run(&mut game, &keys(&[]), 60);
        let (_, pos, _) = boats(&game)[0];
        assert!(
            pos[1] > f64::from(FLOOR) && pos[1] < f64::from(GROUND),
            "floats: {pos:?}"
        );
    }

    /// Seats the player in a boat at `at` (looking down at `pitch`) and
    /// paddles forward for `ticks`; returns how far the boat went.
    fn paddle_from(mut game: Game, at: [f64; 3], pitch: f32, ticks: usize) -> f64 {
        let id = game
            .entities
            .spawn(EntityKind::Boat(Boat::new(item("oak_boat"))), at, [0.0; 3]);
        run(&mut game, &keys(&[]), 5);
        let start = game.entities.get(id).unwrap().pos;
        game.player.pitch = pitch;
        game.player.yaw = 0.0;
        let aimed = (0..20).any(|_| {
            run(&mut game, &keys(&[]), 1);
            let target = crate::sim::rules::crosshair(&game);
            run(&mut game, &keys(&[Key::Use]), 1);
            target == Some(crate::sim::rules::Target::Entity(id)) && player_boat(&game) == Some(id)
        });
        assert!(aimed, "seated");
        run(&mut game, &keys(&[Key::Forward]), ticks);
        assert!(
            !game.player.lying && !game.player.sneaking,
            "a passenger sits upright, whatever the box would hit"
        );
        let end = game.entities.get(id).unwrap().pos;
        assert!(
            (game.player.pos[2] - end[2]).abs() < 1e-9,
            "the player rides along"
        );
        run(&mut game, &keys(&[Key::Sneak]), 1);
        assert_eq!(player_boat(&game), None, "sneak gets out");
        end[2] - start[2]
    }

    #[test]
    fn boats_glide_on_water_and_drag_on_land() {
        let on_water = paddle_from(pool_game(), [0.5, f64::from(FLOOR) + 0.5, 3.0], 38.0, 30);
        let on_land = paddle_from(platform_game(), [0.5, f64::from(GROUND), 2.5], 45.0, 30);
        assert!(on_water > 5.0, "{on_water}");
        assert!(
            on_land > 0.3 && on_land < on_water / 3.0,
            "{on_land} vs {on_water}"
        );
    }

    #[test]
    fn hits_break_a_boat_into_its_item() {
        let mut game = platform_game();
        let id = game.entities.spawn(
            EntityKind::Boat(Boat::new(item("birch_boat"))),
            [0.5, f64::from(GROUND), 2.5],
            [0.0; 3],
        );
        for hit in 0..5 {
            assert_eq!(boats(&game).len(), 1, "hit {hit}");
            attack(&mut game, id);
        }
        assert!(boats(&game).is_empty());
        let dropped = game.entities.list.iter().any(|e| {
            matches!(&e.kind, EntityKind::Item { stack, .. } if stack.item == item("birch_boat"))
        });
        assert!(dropped);
    }

    #[test]
    fn a_creature_touching_a_boat_is_seated_and_stuck() {
        let mut game = platform_game();
        let boat = game.entities.spawn(
            EntityKind::Boat(Boat::new(item("oak_boat"))),
            [4.5, f64::from(GROUND), 4.5],
            [0.0; 3],
        );
        let zombie = registry().entity_named("zombie").unwrap();
        let mob = game.entities.spawn(
            EntityKind::Mob(Mob::new(zombie, 20.0, MobTags::default())),
            [8.5, f64::from(GROUND), 4.5],
            [0.0; 3],
        );
        run(&mut game, &keys(&[]), 3);
        assert!(boats(&game)[0].2.riders.is_empty());
        // The creature walks into the boat.
        game.entities.get_mut(mob).unwrap().pos = [5.6, f64::from(GROUND), 4.5];
        run(&mut game, &keys(&[]), 2);
        assert_eq!(boats(&game)[0].2.riders, vec![Rider::Mob(mob)]);
        game.entities.get_mut(mob).unwrap().vel = [0.5, 0.0, 0.0];
        run(&mut game, &keys(&[]), 20);
        let boat_pos = game.entities.get(boat).unwrap().pos;
        let mob_pos = game.entities.get(mob).unwrap().pos;
        assert!((mob_pos[0] - boat_pos[0]).abs() < 1e-9 && (mob_pos[2] - boat_pos[2]).abs() < 1e-9);
    }
}
