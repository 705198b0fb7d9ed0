//! The player's movement in one tick, after vanilla's `LivingEntity.aiStep`
//! and `travel`: input impulses, jumping, sprinting, walking with ground
//! friction, air control, swimming, lava, climbing, sneaking at edges,
//! fall distance, and the distance statistics (`walk_one_cm`, …).

use super::collision::{self, Aabb, Moved};
use super::fluids::{self, Fluid};
use super::health::{self, Damage};
use super::input::MoveInput;
use super::suffocation;
use super::traits;
use crate::sim::game::Game;
use crate::sim::player::{self, Player};
use crate::sim::registry::BlockId;
use crate::sim::stats::Statistics;
use crate::sim::world::{BlockPos, World};
use crate::suite::Event;

/// How high the player steps up without jumping.
pub const STEP_HEIGHT: f64 = 0.6;
const GRAVITY: f64 = 0.08;
const JUMP_VELOCITY: f64 = 0.42;
/// Fluid depth above which jumping swims instead of jumping.
const FLUID_JUMP_THRESHOLD: f64 = 0.4;
/// Vanilla's `movementSpeed` attribute of players.
const WALK_SPEED: f64 = 0.1;
const SPRINT_FACTOR: f64 = 1.3;
const SNEAK_FACTOR: f64 = 0.3;
const USING_ITEM_FACTOR: f64 = 0.2;
const AIR_ACCELERATION: f64 = 0.02;
const AIR_ACCELERATION_SPRINTING: f64 = 0.026;
/// The cube of the default slipperiness: ground acceleration is scaled by
/// `0.21600002 / slipperiness³`.
const GROUND_ACCELERATION_REFERENCE: f64 = 0.216_000_02;

/// The player's hitbox.
pub fn player_box(p: &Player) -> Aabb {
    Aabb::at_feet(p.pos, player::HALF_WIDTH, p.height())
}

/// Where fluids and the eyes are, measured before moving.
struct Surroundings {
    water_depth: f64,
    lava_depth: f64,
    eyes_in_water: bool,
    on_climbable: bool,
}

impl Surroundings {
    fn measure(world: &World, p: &Player) -> Surroundings {
        let aabb = player_box(p);
        Surroundings {
            water_depth: fluids::depth_in(world, &aabb, Fluid::Water),
            lava_depth: fluids::depth_in(world, &aabb, Fluid::Lava),
            eyes_in_water: fluids::eyes_in(world, p.eye(), Fluid::Water),
            on_climbable: traits::CLIMBABLE.contains(world.get(p.block_pos())),
        }
    }

    fn in_water(&self) -> bool {
        self.water_depth > 0.0
    }

    fn in_lava(&self) -> bool {
        self.lava_depth > 0.0
    }
}

/// The pose, as vanilla's `Player.updatePlayerPose` picks it: flat while
/// swimming; else crouching with the sneak key, but standing up needs
/// headroom, and where not even a crouch fits the body lies flat. A
/// passenger's pose follows the key alone.
pub fn update_pose(world: &World, p: &mut Player, input: &MoveInput, riding: bool) {
    p.shift_down = input.sneak;
    if riding {
        p.lying = false;
        p.sneaking = input.sneak;
        return;
    }
    let fits = |height| {
        let body = Aabb::at_feet(p.pos, player::HALF_WIDTH, height);
        collision::is_free(world, &body.inflate([-1e-7; 3]))
    };
    let wants_crouch = input.sneak || !fits(player::HEIGHT);
    let squeezed = !fits(player::HEIGHT_SNEAKING) && fits(player::HEIGHT_LYING);
    p.lying = p.swimming || (wants_crouch && squeezed);
    p.sneaking = !p.lying && wants_crouch;
}

/// Starts and stops sprinting as vanilla's `LocalPlayer.aiStep` does.
fn update_sprint(p: &mut Player, input: &MoveInput, forward_impulse: f64, around: &Surroundings) {
    let fed = p.food > 6;
    let busy = p.eating_ticks > 0 || p.has_effect("blindness");
    if !p.sprinting
        && input.sprint
        && forward_impulse >= 0.8
        && fed
        && !busy
        && !p.sneaking
        && (!around.in_water() || around.eyes_in_water)
    {
        p.sprinting = true;
    }
    if p.sprinting {
        let no_push = forward_impulse <= 1e-5 || !fed;
        let stop = if p.swimming {
            (!p.on_ground && !input.sneak && no_push) || !around.in_water()
        } else {
            no_push
                || p.horizontal_collision
                || (around.in_water() && !around.eyes_in_water)
                || p.sneaking
        };
        if stop {
            p.sprinting = false;
        }
    }
    p.swimming = p.sprinting && around.in_water() && (p.swimming || around.eyes_in_water);
}

/// Vanilla's `moveRelative`: adds the input, rotated by yaw and scaled to
/// `speed`, to the velocity.
fn accelerate(p: &mut Player, speed: f64, strafe: f64, forward: f64) {
    let length_sq = strafe * strafe + forward * forward;
    if length_sq < 1e-7 {
        return;
    }
    let scale = if length_sq > 1.0 {
        speed / length_sq.sqrt()
    } else {
        speed
    };
    let (x, z) = (strafe * scale, forward * scale);
    let yaw = f64::from(p.yaw).to_radians();
    let (sin, cos) = (yaw.sin(), yaw.cos());
    p.vel[0] += x * cos - z * sin;
    p.vel[2] += z * cos + x * sin;
}

/// The walking speed attribute with sprint and speed/slowness effects.
fn movement_speed(p: &Player) -> f64 {
    let mut speed = WALK_SPEED;
    if p.sprinting {
        speed *= SPRINT_FACTOR;
    }
    if let Some(a) = p.effect_amplifier("speed") {
        speed *= 1.0 + 0.2 * f64::from(a + 1);
    }
    if let Some(a) = p.effect_amplifier("slowness") {
        speed *= (1.0 - 0.15 * f64::from(a + 1)).max(0.0);
    }
    speed
}

/// The block under the feet that sets friction (`getBlockPosBelowThatAffectsMyMovement`).
fn block_below(world: &World, p: &Player) -> BlockId {
    world.get([
        p.pos[0].floor() as i32,
        (p.pos[1] - 0.500_000_1).floor() as i32,
        p.pos[2].floor() as i32,
    ])
}

/// A landing that may hurt: the fall distance and the block landed on.
pub struct Landing {
    pub distance: f64,
    pub block: BlockId,
    pub pos: BlockPos,
}

/// One `Entity.move` of the player: edge guard, collision, step-up, fall
/// distance, velocity stops, cobweb slowdown and block speed factors.
fn move_player(
    world: &World,
    p: &mut Player,
    wanted: [f64; 3],
    sneak_key: bool,
    landing: &mut Option<Landing>,
) -> Moved {
    let mut d = wanted;
    if let Some(m) = p.stuck_multiplier.take() {
        d = [d[0] * m[0], d[1] * m[1], d[2] * m[2]];
        p.vel = [0.0; 3];
    }
    let aabb = player_box(p);
    let above_ground = p.on_ground
        || (p.fall_distance < STEP_HEIGHT
            && !collision::is_free(
                world,
                &aabb.offset([0.0, p.fall_distance - STEP_HEIGHT, 0.0]),
            ));
    if sneak_key && above_ground {
        d = collision::back_off_from_edge(world, &aabb, d, STEP_HEIGHT);
    }
    let actual = collision::collide(world, &aabb, d, STEP_HEIGHT, p.on_ground);
    if actual.iter().map(|v| v * v).sum::<f64>() > 1e-7 {
        for (pos, delta) in p.pos.iter_mut().zip(actual) {
            *pos += delta;
        }
    }
    let moved = Moved { wanted: d, actual };
    p.horizontal_collision = moved.horizontal_collision();
    p.on_ground = moved.on_ground();
    if fluids::depth_in(world, &player_box(p), Fluid::Water) > 0.0 {
        p.fall_distance = 0.0;
    }
    if p.on_ground {
        if p.fall_distance > 0.0 {
            let on = [
                p.pos[0].floor() as i32,
                (p.pos[1] - 0.2).floor() as i32,
                p.pos[2].floor() as i32,
            ];
            *landing = Some(Landing {
                distance: p.fall_distance,
                block: world.get(on),
                pos: on,
            });
        }
        p.fall_distance = 0.0;
    } else if actual[1] < 0.0 {
        p.fall_distance -= actual[1];
    }
    moved.stop_velocity(&mut p.vel);
    p.stuck_multiplier = player_box(p)
        .inflate([-0.001; 3])
        .cells(0)
        .find_map(|pos| traits::STUCK_MULTIPLIER.get(world.get(pos)));
    if p.stuck_multiplier.is_some() {
        p.fall_distance = 0.0;
    }
    let at_feet = traits::SPEED_FACTOR.get(world.get(p.block_pos()));
    let factor = if at_feet != 1.0 {
        at_feet
    } else {
        traits::SPEED_FACTOR.get(block_below(world, p))
    };
    p.vel[0] *= factor;
    p.vel[2] *= factor;
    moved
}

fn jump_from_ground(world: &World, p: &mut Player, stats: &mut Statistics) {
    let factor = traits::JUMP_FACTOR
        .get(world.get(p.block_pos()))
        .min(traits::JUMP_FACTOR.get(block_below(world, p)));
    let boost = p
        .effect_amplifier("jump_boost")
        .map_or(0.0, |a| 0.1 * f64::from(a + 1));
    p.vel[1] = JUMP_VELOCITY * factor + boost;
    if p.sprinting {
        let yaw = f64::from(p.yaw).to_radians();
        p.vel[0] -= yaw.sin() * 0.2;
        p.vel[2] += yaw.cos() * 0.2;
    }
    stats.add(Event::Custom, "jump", 1);
    health::exhaust(p, if p.sprinting { 0.2 } else { 0.05 });
}

/// Ladders and vines: cap the speed, stop falling fast, and hold still
/// while sneaking (`handleOnClimbable`).
fn limit_on_climbable(p: &mut Player, sneak_key: bool) {
    p.fall_distance = 0.0;
    p.vel[0] = p.vel[0].clamp(-0.15, 0.15);
    p.vel[2] = p.vel[2].clamp(-0.15, 0.15);
    p.vel[1] = p.vel[1].max(-0.15);
    if p.vel[1] < 0.0 && sneak_key {
        p.vel[1] = 0.0;
    }
}

/// Gravity in a fluid (`getFluidFallingAdjustedMovement`).
fn sink(p: &mut Player) {
    if p.sprinting {
        return;
    }
    let falling = p.vel[1] <= 0.0;
    p.vel[1] = if falling
        && (p.vel[1] - 0.005).abs() >= 0.003
        && (p.vel[1] - GRAVITY / 16.0).abs() < 0.003
    {
        -0.003
    } else {
        p.vel[1] - GRAVITY / 16.0
    };
}

/// Lets a swimmer pushing against a bank hop out of the fluid.
fn hop_out_of_fluid(world: &World, p: &mut Player, start_y: f64) {
    if !p.horizontal_collision {
        return;
    }
    let probe = player_box(p).offset([p.vel[0], p.vel[1] + 0.6 - p.pos[1] + start_y, p.vel[2]]);
    if collision::is_free(world, &probe) && !fluids::any_in(world, &probe) {
        p.vel[1] = 0.3;
    }
}

/// Advances the player's position by one tick of physics and counts the
/// distance statistics. Fall damage is dealt on landing.
pub fn travel(game: &mut Game, input: &MoveInput) {
    let Game {
        world,
        player: p,
        stats,
        ..
    } = game;
    suffocation::push_out_of_blocks(world, p);
    let around = Surroundings::measure(world, p);
    p.in_water = around.in_water();
    if p.in_water {
        p.fall_distance = 0.0;
        p.fire_ticks = 0;
    }
    if p.jump_delay > 0 {
        p.jump_delay -= 1;
    }
    for v in p.vel.iter_mut() {
        if v.abs() < 0.003 {
            *v = 0.0;
        }
    }
    // Crouching, and crawling out of water, move slowly (`isMovingSlowly`).
    let crawling = p.lying && !around.in_water();
    let slow = if p.sneaking || crawling {
        SNEAK_FACTOR
    } else {
        1.0
    } * if p.eating_ticks > 0 || p.shield_ticks > 0 {
        USING_ITEM_FACTOR
    } else {
        1.0
    };
    let (forward, strafe) = (input.forward * slow, input.strafe * slow);
    update_sprint(p, input, forward, &around);
    let (forward, strafe) = (forward * 0.98, strafe * 0.98);

    if input.sneak && around.in_water() {
        // `LocalPlayer.goDownInWater`: the sneak key dives.
        p.vel[1] -= 0.04;
    }
    if input.jump {
        let water_swim =
            around.in_water() && (!p.on_ground || around.water_depth > FLUID_JUMP_THRESHOLD);
        let lava_swim =
            around.in_lava() && (!p.on_ground || around.lava_depth > FLUID_JUMP_THRESHOLD);
        if water_swim || lava_swim {
            p.vel[1] += 0.04;
        } else if (p.on_ground || (around.in_water() && around.water_depth <= FLUID_JUMP_THRESHOLD))
            && p.jump_delay == 0
        {
            jump_from_ground(world, p, stats);
            p.jump_delay = 10;
        }
    } else {
        p.jump_delay = 0;
    }

    let start = p.pos;
    let mut landing = None;
    if around.in_water() {
        if p.swimming {
            let look_y = p.look_dir()[1];
            let rate = if look_y < -0.2 { 0.085 } else { 0.06 };
            let head = [p.pos[0], p.pos[1] + 0.9, p.pos[2]];
            if look_y <= 0.0 || input.jump || fluids::point_in(world, head, Fluid::Water) {
                p.vel[1] += (look_y - p.vel[1]) * rate;
            }
        }
        accelerate(p, AIR_ACCELERATION, strafe, forward);
        let vel = p.vel;
        move_player(world, p, vel, input.sneak, &mut landing);
        if p.horizontal_collision && around.on_climbable {
            p.vel[1] = 0.2;
        }
        let drag = if p.sprinting { 0.9 } else { 0.8 };
        p.vel = [p.vel[0] * drag, p.vel[1] * 0.8, p.vel[2] * drag];
        sink(p);
        hop_out_of_fluid(world, p, start[1]);
    } else if around.in_lava() {
        accelerate(p, AIR_ACCELERATION, strafe, forward);
        let vel = p.vel;
        move_player(world, p, vel, input.sneak, &mut landing);
        if around.lava_depth <= FLUID_JUMP_THRESHOLD {
            p.vel = [p.vel[0] * 0.5, p.vel[1] * 0.8, p.vel[2] * 0.5];
            sink(p);
        } else {
            p.vel = p.vel.map(|v| v * 0.5);
        }
        p.vel[1] -= GRAVITY / 4.0;
        hop_out_of_fluid(world, p, start[1]);
    } else {
        let slipperiness = traits::SLIPPERINESS.get(block_below(world, p));
        let acceleration = if p.on_ground {
            movement_speed(p) * GROUND_ACCELERATION_REFERENCE / slipperiness.powi(3)
        } else if p.sprinting {
            AIR_ACCELERATION_SPRINTING
        } else {
            AIR_ACCELERATION
        };
        let friction = if p.on_ground {
            slipperiness * 0.91
        } else {
            0.91
        };
        accelerate(p, acceleration, strafe, forward);
        if around.on_climbable {
            limit_on_climbable(p, input.sneak);
        }
        let vel = p.vel;
        move_player(world, p, vel, input.sneak, &mut landing);
        if (p.horizontal_collision || input.jump) && around.on_climbable {
            p.vel[1] = 0.2;
        }
        let fall_gravity = if p.vel[1] <= 0.0 && p.has_effect("slow_falling") {
            0.01
        } else {
            GRAVITY
        };
        p.vel = [
            p.vel[0] * friction,
            (p.vel[1] - fall_gravity) * 0.98,
            p.vel[2] * friction,
        ];
    }

    let delta = [
        p.pos[0] - start[0],
        p.pos[1] - start[1],
        p.pos[2] - start[2],
    ];
    count_distance(p, stats, delta, &around);
    if let Some(landing) = &landing {
        health::land(p, stats, landing.distance, landing.block);
    }
    if around.in_lava() {
        health::hurt(p, stats, 4.0, Damage::Lava);
        p.fire_ticks = p.fire_ticks.max(300);
    }
    if let Some(landing) = landing {
        super::farming::trample(game, landing.pos, landing.distance);
    }
}

/// Vanilla's `checkMovementStatistics`: centimetres by way of moving.
fn count_distance(p: &mut Player, stats: &mut Statistics, d: [f64; 3], around: &Surroundings) {
    let cm = |v: f64| (v * 100.0).round() as u64;
    let horizontal = (d[0] * d[0] + d[2] * d[2]).sqrt();
    let full = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    let (name, amount, exhaustion_per_cm) = if p.swimming {
        ("swim_one_cm", cm(full), 0.0001)
    } else if around.eyes_in_water {
        ("walk_under_water_one_cm", cm(full), 0.0001)
    } else if around.in_water() {
        ("walk_on_water_one_cm", cm(horizontal), 0.0001)
    } else if around.on_climbable {
        ("climb_one_cm", if d[1] > 0.0 { cm(d[1]) } else { 0 }, 0.0)
    } else if p.on_ground {
        let name = if p.sprinting {
            "sprint_one_cm"
        } else if p.sneaking {
            "crouch_one_cm"
        } else {
            "walk_one_cm"
        };
        (name, cm(horizontal), if p.sprinting { 0.001 } else { 0.0 })
    } else {
        let amount = cm(horizontal);
        ("fly_one_cm", if amount > 25 { amount } else { 0 }, 0.0)
    };
    if amount > 0 {
        stats.add(Event::Custom, name, amount);
        health::exhaust(p, exhaustion_per_cm * amount as f32);
    }
}
