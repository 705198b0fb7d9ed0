//! How a creature's body moves, after vanilla's `MoveControl`,
//! `LookControl`, `JumpControl` and `LivingEntity.travel`: along its path
//! (turning at most 90° a tick, jumping up steps), or as a goal steers it
//! (strafing), or flying as its goal pushes it; gravity, friction, water
//! that slows it and lets it float, step-up, fall damage, knockback, and
//! the leg swing the renderer draws. Collisions are the ones items and
//! the player use (`rules::collision`).

use super::goals::Ctx;
use super::Effect;
use crate::sim::angle::turn_at_most;
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::rules::{collide, fluid_depth, slipperiness_under, Fluid, Moved};
use crate::sim::world::World;

pub const GRAVITY: f64 = 0.08;
/// Horizontal and vertical speed kept each tick in the air.
pub const AIR_DRAG: f64 = 0.91;
pub const VERTICAL_DRAG: f64 = 0.98;
const JUMP_POWER: f64 = 0.42;
/// Input scale in the air and in water (`flyingSpeed`, water's 0.02).
pub const AIR_ACCELERATION: f64 = 0.02;
/// The most the body turns in a tick while walking, in degrees.
const MAX_TURN: f32 = 90.0;
/// Ticks between jumps (`noJumpDelay`).
const JUMP_DELAY: u32 = 10;

/// The speed modifier of every strafe, whoever asks for it: vanilla's
/// `MoveControl.strafe` sets 0.25 and ignores the goal's own speed, so a
/// skeleton circling or backing off moves at a quarter of its walk.
const STRAFE_SPEED_MODIFIER: f64 = 0.25;

/// What the goals want of the body this tick.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wish {
    /// A point to turn the head (and, standing, the body) to.
    pub look_at: Option<[f64; 3]>,
    /// Steer directly, relative to the facing: the forward and sideways
    /// input, each within ±1 (`MoveControl.strafe`); overrides the path.
    pub strafe: Option<(f64, f64)>,
    /// Jump (on the ground) or swim up (in water).
    pub jump: bool,
}

pub fn in_water(world: &World, e: &Entity) -> bool {
    fluid_depth(world, &e.bounding_box(), Fluid::Water) > 0.0
}

/// Vanilla's `knockback`: pushed away from `from` by `strength` (less its
/// resistance), lifted when on the ground.
pub fn knock_back(e: &mut Entity, strength: f64, from: [f64; 3]) {
    let resistance = match &e.kind {
        EntityKind::Mob(mob) => crate::sim::registry::registry()
            .creature(mob.kind)
            .map_or(0.0, |d| d.knockback_resistance),
        _ => 0.0,
    };
    let strength = strength * (1.0 - resistance);
    let (dx, dz) = (e.pos[0] - from[0], e.pos[2] - from[2]);
    let len = (dx * dx + dz * dz).sqrt();
    if strength <= 0.0 || len < 1e-4 {
        return;
    }
    let (x, z) = (dx / len * strength, dz / len * strength);
    e.vel = [
        e.vel[0] / 2.0 + x,
        if e.on_ground {
            (e.vel[1] / 2.0 + strength).min(0.4)
        } else {
            e.vel[1]
        },
        e.vel[2] / 2.0 + z,
    ];
}

/// The yaw, in degrees, that faces from `from` towards `to`.
pub fn yaw_towards(from: [f64; 3], to: [f64; 3]) -> f32 {
    (-(to[0] - from[0])).atan2(to[2] - from[2]).to_degrees() as f32
}

fn move_against_blocks(world: &World, e: &mut Entity, step: f64) -> Moved {
    let d = e.vel;
    let actual = collide(world, &e.bounding_box(), d, step, e.on_ground);
    for (p, a) in e.pos.iter_mut().zip(actual) {
        *p += a;
    }
    let moved = Moved { wanted: d, actual };
    e.on_ground = moved.on_ground();
    moved.stop_velocity(&mut e.vel);
    moved
}

/// A thing that does not live (an armor stand): it only falls.
pub fn fall(world: &World, e: &mut Entity) {
    e.age += 1;
    move_against_blocks(world, e, 0.6);
    let friction = if e.on_ground {
        slipperiness_under(world, e.pos) * 0.91
    } else {
        0.91
    };
    e.vel = [
        e.vel[0] * friction,
        (e.vel[1] - GRAVITY) * 0.98,
        e.vel[2] * friction,
    ];
}

/// The input this tick: forward and sideways (relative to the facing) and
/// the speed (its own times the modifier), from a goal's steering or from
/// the path (where, as vanilla's `setSpeed` does, the forward input is the
/// speed itself).
fn steering(ctx: &mut Ctx) -> Option<(f64, f64, f64)> {
    if let Some((forward, sideways)) = ctx.wish.strafe {
        return Some((forward, sideways, ctx.def.speed * STRAFE_SPEED_MODIFIER));
    }
    let half_width = ctx.me.size().0;
    let waypoint = ctx.nav.next_waypoint(ctx.me.pos, half_width)?;
    let target = [
        f64::from(waypoint[0]) + 0.5,
        f64::from(waypoint[1]),
        f64::from(waypoint[2]) + 0.5,
    ];
    let (dx, dz) = (target[0] - ctx.me.pos[0], target[2] - ctx.me.pos[2]);
    ctx.me.yaw = turn_at_most(ctx.me.yaw, yaw_towards(ctx.me.pos, target), MAX_TURN);
    let step_up = target[1] - ctx.me.pos[1] > 0.6;
    if step_up && dx * dx + dz * dz < (2.0 * half_width).max(1.0) {
        ctx.wish.jump = true;
    }
    let speed = ctx.def.speed * ctx.nav.speed();
    Some((speed, 0.0, speed))
}

/// `moveRelative`: adds the input, scaled to `amount`, along the facing.
fn accelerate(e: &mut Entity, forward: f64, sideways: f64, amount: f64) {
    let len_sq = forward * forward + sideways * sideways;
    if len_sq < 1e-7 {
        return;
    }
    let scale = if len_sq > 1.0 { len_sq.sqrt() } else { 1.0 };
    let (f, s) = (forward / scale * amount, sideways / scale * amount);
    let yaw = f64::from(e.yaw).to_radians();
    let (sin, cos) = (yaw.sin(), yaw.cos());
    e.vel[0] += s * cos - f * sin;
    e.vel[2] += f * cos + s * sin;
}

/// One tick of the body.
pub fn travel(ctx: &mut Ctx) {
    let game = ctx.game;
    let world = &game.world;
    let input = steering(ctx);
    if let Some(point) = ctx.wish.look_at {
        if input.is_none() || ctx.wish.strafe.is_some() {
            ctx.me.yaw = turn_at_most(ctx.me.yaw, yaw_towards(ctx.me.pos, point), MAX_TURN / 3.0);
        }
    }
    let (forward, sideways, speed) = input.unwrap_or((0.0, 0.0, 0.0));
    let memory = &mut *ctx.memory;
    memory.jump_delay = memory.jump_delay.saturating_sub(1);
    let start = ctx.me.pos;
    let e = &mut *ctx.me;
    if ctx.def.flies {
        // Flyers are steered by their goal, which sets their velocity.
        move_against_blocks(world, e, 0.0);
    } else if in_water(world, e) {
        memory.fall_distance = 0.0;
        accelerate(e, forward, sideways, AIR_ACCELERATION);
        let moved = move_against_blocks(world, e, 0.6);
        e.vel = [
            e.vel[0] * 0.8,
            e.vel[1] * 0.8 - GRAVITY / 16.0,
            e.vel[2] * 0.8,
        ];
        if ctx.wish.jump || moved.horizontal_collision() {
            e.vel[1] += 0.04;
        }
    } else {
        let slipperiness = slipperiness_under(world, e.pos);
        let amount = if e.on_ground {
            speed * 0.216 / slipperiness.powi(3)
        } else {
            AIR_ACCELERATION
        };
        let jump = ctx.wish.jump || std::mem::take(&mut memory.bumped);
        if e.on_ground && memory.jump_delay == 0 && jump {
            e.vel[1] = JUMP_POWER;
            memory.jump_delay = JUMP_DELAY;
        }
        accelerate(e, forward, sideways, amount);
        let was_falling = e.vel[1] < 0.0;
        let step = if ctx.def.kind == horse_kind() {
            1.0
        } else {
            0.6
        };
        let moved = move_against_blocks(world, e, step);
        // Walking into a step the path's jump did not foresee: hop next tick.
        memory.bumped = moved.horizontal_collision() && e.on_ground && input.is_some();
        let friction = if e.on_ground {
            slipperiness * 0.91
        } else {
            0.91
        };
        e.vel = [
            e.vel[0] * friction,
            (e.vel[1] - GRAVITY) * 0.98,
            e.vel[2] * friction,
        ];
        if e.on_ground {
            let fell = memory.fall_distance;
            memory.fall_distance = 0.0;
            if was_falling && fell > 3.0 {
                ctx.effects.push(Effect::HurtSelf {
                    amount: (fell - 3.0).ceil() as f32,
                });
            }
        } else if e.pos[1] < start[1] {
            memory.fall_distance += start[1] - e.pos[1];
        }
    }
    swing_legs(e, start);
}

fn horse_kind() -> crate::sim::registry::EntityTypeId {
    crate::sim::registry::registry()
        .entity_named("horse")
        .expect("the horse is in the entity table")
}

/// `calculateEntityAnimation`: the legs swing with the distance walked.
fn swing_legs(e: &mut Entity, start: [f64; 3]) {
    let (dx, dz) = (e.pos[0] - start[0], e.pos[2] - start[2]);
    let wanted = ((dx * dx + dz * dz).sqrt() * 4.0).min(1.0) as f32;
    if let EntityKind::Mob(mob) = &mut e.kind {
        let state = &mut mob.state;
        state.limb_amount += (wanted - state.limb_amount) * 0.4;
        state.limb_swing += state.limb_amount;
    }
}
