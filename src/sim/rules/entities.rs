//! Entities over one tick, in list order: item entities (gravity,
//! friction, floating, merging, pickup by the player, despawning after
//! 6000 ticks), thrown projectiles (gravity 0.03, gone on hitting a block
//! or a creature; eggs may hatch, ender pearls teleport) and creatures,
//! whose tick is `sim::creature`'s; falling blocks and boats move by
//! their own modules' rules, and riders are seated last.

use super::collision::{self, Aabb, Moved};
use super::fluids::{self, Fluid};
use super::health::{self, Damage};
use super::movement::player_box;
use super::traits;
use crate::sim::entity::{Entity, EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::raycast;
use crate::sim::registry::{item, registry, Shape};
use crate::sim::world::World;
use crate::suite::Event;
use rand::Rng;

/// Item entities vanish after this many ticks.
const ITEM_LIFETIME: u32 = 6000;
const ITEM_GRAVITY: f64 = 0.04;
/// Projectiles and creatures below this height are gone.
pub(super) const VOID_Y: f64 = -64.0;

/// Moves an entity against the blocks, updating its footing and velocity.
pub(super) fn move_entity(world: &World, e: &mut Entity, step: f64) -> Moved {
    let d = e.vel;
    let actual = collision::collide(world, &e.bounding_box(), d, step, e.on_ground);
    for (p, a) in e.pos.iter_mut().zip(actual) {
        *p += a;
    }
    let moved = Moved { wanted: d, actual };
    e.on_ground = moved.on_ground();
    moved.stop_velocity(&mut e.vel);
    moved
}

/// The slipperiness of the block under a point (0.6 for most).
pub fn slipperiness_under(world: &World, pos: [f64; 3]) -> f64 {
    traits::SLIPPERINESS.get(world.get([
        pos[0].floor() as i32,
        (pos[1] - 1.0).floor() as i32,
        pos[2].floor() as i32,
    ]))
}

/// An item inside a block (dropped into a wall, or a block set over it)
/// drifts out of it (`moveTowardsClosestSpace`): 0.1–0.3 blocks a tick,
/// through whichever side of its cell, north, south, west, east or up,
/// it is nearest whose neighbour is not a full block (up if none is),
/// keeping three quarters of its other motion.
fn towards_closest_space(
    world: &World,
    rng: &mut impl Rng,
    aabb: &Aabb,
    vel: [f64; 3],
) -> [f64; 3] {
    const SIDES: [[i32; 3]; 5] = [[0, 0, -1], [0, 0, 1], [-1, 0, 0], [1, 0, 0], [0, 1, 0]];
    let centre = [0, 1, 2].map(|a| (aabb.min[a] + aabb.max[a]) / 2.0);
    let cell = centre.map(|v| v.floor() as i32);
    let axis = |side: [i32; 3]| side.iter().position(|&v| v != 0).unwrap_or(1);
    let gap = |side: [i32; 3]| {
        let a = axis(side);
        let within = centre[a] - f64::from(cell[a]);
        if side[a] > 0 {
            1.0 - within
        } else {
            within
        }
    };
    let open = |side: [i32; 3]| {
        let next = [cell[0] + side[0], cell[1] + side[1], cell[2] + side[2]];
        registry().block(world.get(next)).shape != Shape::Cube
    };
    let side = SIDES
        .into_iter()
        .filter(|&side| open(side))
        .min_by(|&a, &b| gap(a).total_cmp(&gap(b)))
        .unwrap_or([0, 1, 0]);
    let speed = f64::from(rng.gen::<f32>() * 0.2 + 0.1);
    let mut out = vel.map(|v| v * 0.75);
    out[axis(side)] = f64::from(side[axis(side)]) * speed;
    out
}

/// `ItemEntity.tick` physics.
fn tick_item_physics(world: &World, rng: &mut impl Rng, e: &mut Entity) {
    let aabb = e.bounding_box();
    // The item's eye height (0.85 of 0.25) less a ninth: it floats once
    // the fluid reaches that high.
    let surface_line = 0.25 * 0.85 - 0.111_111_11;
    let floating = |depth: f64| depth > surface_line;
    if floating(fluids::depth_in(world, &aabb, Fluid::Water)) {
        e.vel = [
            e.vel[0] * 0.99,
            e.vel[1] + if e.vel[1] < 0.06 { 5e-4 } else { 0.0 },
            e.vel[2] * 0.99,
        ];
    } else if floating(fluids::depth_in(world, &aabb, Fluid::Lava)) {
        e.vel = [
            e.vel[0] * 0.95,
            e.vel[1] + if e.vel[1] < 0.06 { 5e-4 } else { 0.0 },
            e.vel[2] * 0.95,
        ];
    } else {
        e.vel[1] -= ITEM_GRAVITY;
    }
    // Stuck in a block, it passes through blocks on its way out.
    let stuck = !collision::is_free(world, &aabb);
    if stuck {
        e.vel = towards_closest_space(world, rng, &aabb, e.vel);
    }
    let resting = e.on_ground && e.vel[0] * e.vel[0] + e.vel[2] * e.vel[2] <= 1e-5;
    if !resting || (e.age + e.id) % 4 == 0 {
        if stuck {
            for (p, v) in e.pos.iter_mut().zip(e.vel) {
                *p += v;
            }
        } else {
            move_entity(world, e, 0.0);
        }
        let friction = if e.on_ground {
            slipperiness_under(world, e.pos) * 0.98
        } else {
            0.98
        };
        e.vel = [e.vel[0] * friction, e.vel[1] * 0.98, e.vel[2] * friction];
        if e.on_ground && e.vel[1] < 0.0 {
            e.vel[1] *= -0.5;
        }
    }
}

/// Merges the item entity at `index` with identical items within half a
/// block (`mergeWithNeighbours`): the smaller stack joins the larger.
fn merge_items(entities: &mut [Entity], index: usize) {
    let area = entities[index].bounding_box().inflate([0.5, 0.0, 0.5]);
    for other in 0..entities.len() {
        if other == index {
            continue;
        }
        let (a, b) = if index < other {
            let (l, r) = entities.split_at_mut(other);
            (&mut l[index], &mut r[0])
        } else {
            let (l, r) = entities.split_at_mut(index);
            (&mut r[0], &mut l[other])
        };
        if !b.bounding_box().intersects(&area) {
            continue;
        }
        let (
            EntityKind::Item {
                stack: sa,
                pickup_delay: da,
            },
            EntityKind::Item {
                stack: sb,
                pickup_delay: db,
            },
        ) = (&mut a.kind, &mut b.kind)
        else {
            continue;
        };
        let max = sa.max_stack();
        if sa.count == 0
            || sb.count == 0
            || !sa.stacks_with(sb)
            || sa.count >= max
            || sb.count >= max
        {
            continue;
        }
        let (into_a, age) = (sb.count < sa.count, a.age.min(b.age));
        let delay = (*da).max(*db);
        let (dest, src, dest_delay) = if into_a { (sa, sb, da) } else { (sb, sa, db) };
        let moved = src.count.min(max - dest.count);
        dest.count += moved;
        src.count -= moved;
        *dest_delay = delay;
        if into_a {
            a.age = age;
        } else {
            b.age = age;
        }
    }
}

/// Where a projectile's flight this tick first meets a block or creature.
fn projectile_hit(game: &Game, e: &Entity) -> Option<[f64; 3]> {
    let speed = e.vel.iter().map(|v| v * v).sum::<f64>().sqrt();
    if speed < 1e-9 {
        return None;
    }
    let dir = e.vel.map(|v| v / speed);
    let block = raycast::cast(&game.world, e.pos, dir, speed, |b| {
        registry().block(b).shape.collides()
    })
    .map(|h| h.distance / speed);
    let creature = game
        .entities
        .list
        .iter()
        .filter(|m| matches!(m.kind, EntityKind::Mob(_)))
        .filter_map(|m| m.bounding_box().inflate([0.3; 3]).clip(e.pos, e.vel))
        .fold(None, |best: Option<f64>, t| {
            Some(best.map_or(t, |b| b.min(t)))
        });
    let t = match (block, creature) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b)?,
    };
    Some([0, 1, 2].map(|a| e.pos[a] + e.vel[a] * t))
}

/// What a projectile does when it lands.
fn projectile_lands(game: &mut Game, thrown: crate::sim::registry::ItemId, at: [f64; 3]) {
    if thrown == item("egg") {
        super::using::hatch_egg(game, at);
    } else if thrown == item("ender_pearl") && !game.player.is_dead() {
        let p = &mut game.player;
        p.pos = at;
        p.vel = [0.0; 3];
        p.fall_distance = 0.0;
        health::hurt(p, &mut game.stats, 5.0, Damage::Fall);
    }
}

/// How far past the player's box (sideways, up and down, sideways) an
/// item is picked up.
pub const PICKUP_REACH: [f64; 3] = [1.0, 0.5, 1.0];

/// Picks up item entities touching the player's reach box (`playerTouch`).
pub fn pick_up_items(game: &mut Game) {
    if game.player.is_dead() {
        return;
    }
    let reach = player_box(&game.player).inflate(PICKUP_REACH);
    let Game {
        entities,
        player,
        stats,
        ..
    } = game;
    for e in entities.list.iter_mut() {
        let touching = e.bounding_box().intersects(&reach);
        let EntityKind::Item {
            stack,
            pickup_delay: 0,
        } = &mut e.kind
        else {
            continue;
        };
        if !touching || stack.count == 0 {
            continue;
        }
        let before = stack.count;
        let left = player
            .inventory
            .insert(stack.clone())
            .map_or(0, |s| s.count);
        stats.add(Event::Pickup, stack.name(), u64::from(before - left));
        stack.count = left;
    }
    entities
        .list
        .retain(|e| !matches!(&e.kind, EntityKind::Item { stack, .. } if stack.count == 0));
}

/// Advances every entity one tick, in list order.
pub fn tick(game: &mut Game) {
    let mut gone: Vec<EntityId> = Vec::new();
    for index in 0..game.entities.list.len() {
        if matches!(game.entities.list[index].kind, EntityKind::Mob(_)) {
            crate::sim::creature::tick(game, index);
            continue;
        }
        let mut e = game.entities.list[index].clone();
        match e.kind {
            EntityKind::Item {
                ref mut pickup_delay,
                ..
            } => {
                *pickup_delay = pickup_delay.saturating_sub(1);
                let cell_before = e.pos.map(|v| v.floor() as i64);
                tick_item_physics(&game.world, &mut game.rngs.drops, &mut e);
                let moved_cell = e.pos.map(|v| v.floor() as i64) != cell_before;
                e.age += 1;
                if e.age >= ITEM_LIFETIME || e.pos[1] < VOID_Y {
                    gone.push(e.id);
                }
                let merge_every = if moved_cell { 2 } else { 40 };
                game.entities.list[index] = e;
                if game.entities.list[index].age % merge_every == 0 {
                    merge_items(&mut game.entities.list, index);
                }
            }
            EntityKind::Projectile { item: thrown } => {
                e.age += 1;
                if let Some(at) = projectile_hit(game, &e) {
                    gone.push(e.id);
                    projectile_lands(game, thrown, at);
                } else {
                    for a in 0..3 {
                        e.pos[a] += e.vel[a];
                    }
                    let drag = if fluids::any_in(&game.world, &e.bounding_box()) {
                        0.8
                    } else {
                        0.99
                    };
                    e.vel = e.vel.map(|v| v * drag);
                    e.vel[1] -= super::projectiles::THROWN_GRAVITY;
                    if e.pos[1] < VOID_Y {
                        gone.push(e.id);
                    }
                }
                game.entities.list[index] = e;
            }
            EntityKind::Hanging(_) => {
                if super::hanging::tick(game, &mut e) {
                    gone.push(e.id);
                }
                game.entities.list[index] = e;
            }
            EntityKind::Mob(_) => {}
            EntityKind::FallingBlock { block } => {
                if super::falling::tick(game, &mut e, block) {
                    gone.push(e.id);
                }
                game.entities.list[index] = e;
            }
            EntityKind::Boat(_) => {
                if super::boats::tick(game, &mut e) {
                    gone.push(e.id);
                }
                game.entities.list[index] = e;
            }
            EntityKind::EyeOfEnder(_) => {
                if super::ender_eye::tick(game, &mut e) {
                    gone.push(e.id);
                }
                game.entities.list[index] = e;
            }
            EntityKind::DragonFireball | EntityKind::Breath(_) => {
                if super::dragon_breath::tick(game, &mut e) {
                    gone.push(e.id);
                }
                game.entities.list[index] = e;
            }
            // Their own rules tick them: `projectiles`, `fishing`, `fireballs`.
            EntityKind::Arrow(_) | EntityKind::Bobber(_) | EntityKind::Fireball(_) => {}
        }
    }
    super::boats::seat_riders(game);
    game.entities.list.retain(|e| {
        !gone.contains(&e.id)
            && !matches!(&e.kind, EntityKind::Item { stack, .. } if stack.count == 0)
    });
}
