//! Arrows and thrown tridents, after vanilla's `AbstractArrowEntity` and
//! `TridentEntity`: launched with `shoot`'s spread, they fly (move, then
//! drag 0.99 — 0.6 for arrows in water — then gravity 0.05), hit the first
//! creature or player box on their path (inflated by 0.3) or stick in the
//! first block; a stuck one quivers 7 ticks, can then be picked up by the
//! player when its pickup is allowed, falls when its block goes, and an
//! arrow is gone after 1200 ticks stuck. An arrow's hit deals
//! ceil(speed · base damage), plus a random bonus for a critical arrow; a
//! trident's deals 8 and it then drops.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::collision::{self, Aabb};
use super::combat::{self, Attacker, HitOutcome};
use super::fluids;
use super::health::{self, Damage};
use super::items;
use super::movement::player_box;
use crate::sim::entity::{Entity, EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::projectile::{Arrow, Pickup, Shooter};
use crate::sim::raycast;
use crate::sim::registry::registry;

pub const GRAVITY: f64 = 0.05;
pub const DRAG: f64 = 0.99;
/// Thrown items (snowballs, eggs, ender pearls) leave the hand at this
/// speed (blocks per tick) and fall by this much a tick, after the drag.
pub const THROWN_SPEED: f64 = 1.5;
pub const THROWN_GRAVITY: f64 = 0.03;
/// Drag of an arrow under water (tridents keep 0.99).
const ARROW_WATER_DRAG: f64 = 0.6;
/// Damage per block/tick of an arrow's speed (`baseDamage`).
pub const ARROW_BASE_DAMAGE: f64 = 2.0;
/// A stuck arrow is gone after this many ticks.
pub const STUCK_LIFETIME: u32 = 1200;
/// Ticks a projectile quivers after sticking (`shakeTime`).
const SHAKE_TICKS: u32 = 7;
/// Targets' boxes are inflated by this much for projectile hits.
const HIT_MARGIN: f64 = 0.3;
/// How far a sticking arrow backs out of the surface it hit.
const STICK_BACKOFF: f64 = 0.05;

/// What a projectile's path meets first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Struck {
    Block,
    Mob(EntityId),
    Player,
}

/// The first block, creature or player on the segment `from → from + vel`
/// and the fraction of it travelled (`ProjectileHelper.getHitResult`).
/// `skip` is a creature that cannot be hit; `player` whether the player can.
pub(super) fn trace(
    game: &Game,
    from: [f64; 3],
    vel: [f64; 3],
    skip: Option<EntityId>,
    player: bool,
) -> Option<(f64, Struck)> {
    let speed = length(vel);
    if speed < 1e-9 {
        return None;
    }
    let dir = vel.map(|v| v / speed);
    let block = raycast::cast(&game.world, from, dir, speed, |b| {
        registry().block(b).shape.collides()
    })
    .map(|h| (h.distance / speed, Struck::Block));
    let mobs = game
        .entities
        .list
        .iter()
        .filter(|m| Some(m.id) != skip)
        .filter(|m| matches!(&m.kind, EntityKind::Mob(mob) if !mob.is_dying()))
        .filter_map(|m| Some((target_box(m).clip(from, vel)?, Struck::Mob(m.id))));
    let the_player = (player && !game.player.is_dead())
        .then(|| {
            player_box(&game.player)
                .inflate([HIT_MARGIN; 3])
                .clip(from, vel)
        })
        .flatten()
        .map(|t| (t, Struck::Player));
    block
        .into_iter()
        .chain(mobs)
        .chain(the_player)
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

fn target_box(e: &Entity) -> Aabb {
    e.bounding_box().inflate([HIT_MARGIN; 3])
}

pub(super) fn length(v: [f64; 3]) -> f64 {
    v.iter().map(|c| c * c).sum::<f64>().sqrt()
}

/// A normally distributed number (mean 0, deviation 1), as `Random.nextGaussian`.
pub fn gaussian(rng: &mut ChaCha8Rng) -> f64 {
    let u: f64 = 1.0 - rng.gen::<f64>();
    let v: f64 = rng.gen::<f64>();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// The velocity `shoot` gives: the direction normalised, spread by
/// 0.0075 · `inaccuracy` per axis, scaled to `speed`.
pub(super) fn aimed_velocity(
    rng: &mut ChaCha8Rng,
    dir: [f64; 3],
    speed: f64,
    inaccuracy: f64,
) -> [f64; 3] {
    let norm = length(dir).max(1e-9);
    dir.map(|d| (d / norm + gaussian(rng) * 0.0075 * inaccuracy) * speed)
}

/// A new arrow or trident, not yet stuck.
pub fn new_arrow(stack: ItemStack, shooter: Shooter, pickup: Pickup) -> Arrow {
    Arrow {
        stack,
        shooter,
        pickup,
        base_damage: ARROW_BASE_DAMAGE,
        fixed_damage: None,
        crit: false,
        in_ground: false,
        life: 0,
        shake: 0,
        left_shooter: false,
        dealt_damage: false,
        heading: [0.0, 0.0, 1.0],
    }
}

/// Advances every arrow and trident one tick, in list order, and lets the
/// player pick up the stuck ones they touch.
pub fn tick(game: &mut Game) {
    let ids: Vec<EntityId> = game
        .entities
        .list
        .iter()
        .filter(|e| matches!(e.kind, EntityKind::Arrow(_)))
        .map(|e| e.id)
        .collect();
    for id in ids {
        tick_one(game, id);
    }
    pick_up(game);
}

/// What becomes of a projectile after its tick.
enum Fate {
    Stays,
    Gone,
    /// Gone, leaving its item where it was.
    Dropped,
}

fn tick_one(game: &mut Game, id: EntityId) {
    let Some(mut e) = game.entities.get(id).cloned() else {
        return;
    };
    let EntityKind::Arrow(mut arrow) = e.kind.clone() else {
        return;
    };
    e.age += 1;
    arrow.shake = arrow.shake.saturating_sub(1);
    let fate = if arrow.in_ground {
        rest_in_ground(game, &e, &mut arrow)
    } else {
        update_left_shooter(game, &e, &mut arrow);
        fly_or_hit(game, &mut e, &mut arrow)
    };
    let fate = match fate {
        Fate::Stays if e.pos[1] < super::entities::VOID_Y => Fate::Gone,
        fate => fate,
    };
    match fate {
        Fate::Stays => {
            e.kind = EntityKind::Arrow(arrow);
            if let Some(slot) = game.entities.get_mut(id) {
                *slot = e;
            }
        }
        Fate::Gone => remove(game, id),
        Fate::Dropped => {
            remove(game, id);
            items::spawn_drop_moving(game, e.pos, arrow.stack, [0.0; 3]);
        }
    }
}

/// A flying projectile's tick: it hits what its path meets first, or flies on.
fn fly_or_hit(game: &mut Game, e: &mut Entity, arrow: &mut Arrow) -> Fate {
    let skip = match arrow.shooter {
        Shooter::Mob(shooter) if !arrow.left_shooter => Some(shooter),
        _ => None,
    };
    let player_hittable = arrow.shooter != Shooter::Player || arrow.left_shooter;
    let hit = trace(game, e.pos, e.vel, skip, player_hittable)
        .filter(|(_, s)| *s == Struck::Block || !arrow.dealt_damage);
    match hit {
        Some((t, Struck::Block)) => {
            stick(e, arrow, t);
            Fate::Stays
        }
        Some((_, Struck::Mob(target))) => hit_target(game, e, arrow, Some(target)),
        Some((_, Struck::Player)) => hit_target(game, e, arrow, None),
        None => {
            fly(game, e, arrow);
            Fate::Stays
        }
    }
}

/// Moves one tick along the velocity, then drag, then gravity.
fn fly(game: &Game, e: &mut Entity, arrow: &mut Arrow) {
    let speed = length(e.vel);
    if speed > 1e-9 {
        arrow.heading = e.vel.map(|v| v / speed);
    }
    for a in 0..3 {
        e.pos[a] += e.vel[a];
    }
    let in_water = fluids::depth_in(&game.world, &e.bounding_box(), fluids::Fluid::Water) > 0.0;
    let drag = if in_water && arrow.fixed_damage.is_none() {
        ARROW_WATER_DRAG
    } else {
        DRAG
    };
    e.vel = e.vel.map(|v| v * drag);
    e.vel[1] -= GRAVITY;
}

/// Sticks where the path meets the block, backed out a little (`onHitBlock`).
fn stick(e: &mut Entity, arrow: &mut Arrow, t: f64) {
    let to_hit = e.vel.map(|v| v * t);
    let dir = e.vel.map(|v| v / length(e.vel));
    for a in 0..3 {
        e.pos[a] += to_hit[a] - dir[a] * STICK_BACKOFF;
    }
    e.vel = [0.0; 3];
    arrow.in_ground = true;
    arrow.shake = SHAKE_TICKS;
    arrow.crit = false;
}

/// A stuck projectile's tick: it falls once no block holds it; an arrow
/// ages towards despawning.
fn rest_in_ground(game: &Game, e: &Entity, arrow: &mut Arrow) -> Fate {
    let held = !collision::is_free(&game.world, &e.bounding_box().inflate([0.06; 3]));
    if !held {
        arrow.in_ground = false;
        arrow.life = 0;
        return Fate::Stays;
    }
    // A player's trident waits for its owner (`TridentEntity.tickDespawn`).
    let despawns = arrow.fixed_damage.is_none() || arrow.pickup != Pickup::Allowed;
    arrow.life += 1;
    if despawns && arrow.life >= STUCK_LIFETIME {
        Fate::Gone
    } else {
        Fate::Stays
    }
}

/// Whether the projectile has cleared its shooter (`checkLeftOwner`).
fn update_left_shooter(game: &Game, e: &Entity, arrow: &mut Arrow) {
    let around = e.bounding_box().expand_towards(e.vel).inflate([1.0; 3]);
    if arrow.left_shooter {
        return;
    }
    let shooter_box = match arrow.shooter {
        Shooter::Player => Some(player_box(&game.player)),
        Shooter::Mob(id) => game.entities.get(id).map(Entity::bounding_box),
    };
    arrow.left_shooter = shooter_box.is_none_or(|b| !b.intersects(&around));
}

/// The damage of a hit: a trident's fixed 8, or ceil(speed · base damage)
/// with a critical arrow's random bonus (`onHitEntity`).
fn hit_damage(rng: &mut ChaCha8Rng, e: &Entity, arrow: &Arrow) -> f32 {
    if let Some(fixed) = arrow.fixed_damage {
        return fixed;
    }
    let damage = (length(e.vel) * arrow.base_damage)
        .clamp(0.0, 2.147_483_647e9)
        .ceil() as u32;
    let bonus = if arrow.crit {
        rng.gen_range(0..damage / 2 + 2)
    } else {
        0
    };
    (damage + bonus) as f32
}

/// A hit on creature `victim`, or the player when `None`: the damage
/// lands (`hurt_mob` for creatures, counting a player's kills), then an
/// arrow is gone, a trident bounces off and drops, and an arrow the hit
/// did not hurt (the hurt window) turns back.
fn hit_target(
    game: &mut Game,
    e: &mut Entity,
    arrow: &mut Arrow,
    victim: Option<EntityId>,
) -> Fate {
    let damage = hit_damage(&mut game.rngs.projectiles, e, arrow);
    let attacker = match arrow.shooter {
        Shooter::Player => Attacker::Player,
        Shooter::Mob(_) => Attacker::Other,
    };
    let hurt = match victim {
        Some(target) => matches!(
            combat::hurt_mob(game, target, damage, attacker),
            HitOutcome::Hurt { .. }
        ),
        // A creature's arrow meets the player's shield and armor like its
        // melee would.
        None => match arrow.shooter {
            Shooter::Mob(archer) => super::defense::mob_hits_player(game, archer, damage),
            Shooter::Player => {
                health::hurt(&mut game.player, &mut game.stats, damage, Damage::Generic)
            }
        },
    };
    if arrow.fixed_damage.is_some() {
        // `TridentEntity.onHitEntity`: whatever the outcome it hits no more,
        // bounces off and falls.
        arrow.dealt_damage = true;
        e.vel = [e.vel[0] * -0.01, e.vel[1] * -0.1, e.vel[2] * -0.01];
        fly(game, e, arrow);
        return Fate::Stays;
    }
    if hurt {
        return Fate::Gone;
    }
    e.vel = e.vel.map(|v| v * -0.1);
    let nearly_still = e.vel.iter().map(|v| v * v).sum::<f64>() < 1e-7;
    match (nearly_still, arrow.pickup) {
        (false, _) => {
            fly(game, e, arrow);
            Fate::Stays
        }
        (true, Pickup::Allowed) => Fate::Dropped,
        (true, Pickup::Disallowed) => Fate::Gone,
    }
}

fn remove(game: &mut Game, id: EntityId) {
    game.entities.list.retain(|e| e.id != id);
}

/// Stuck projectiles the player touches go back into the inventory when
/// their pickup is allowed and they fit (`AbstractArrowEntity.playerTouch`).
fn pick_up(game: &mut Game) {
    if game.player.is_dead() {
        return;
    }
    let reach = player_box(&game.player).inflate([1.0, 0.5, 1.0]);
    let mut taken = Vec::new();
    for e in &game.entities.list {
        let EntityKind::Arrow(arrow) = &e.kind else {
            continue;
        };
        let ready = arrow.in_ground && arrow.shake == 0 && arrow.pickup == Pickup::Allowed;
        if ready && e.bounding_box().intersects(&reach) {
            taken.push((e.id, arrow.stack.clone()));
        }
    }
    for (id, stack) in taken {
        if game.player.inventory.insert(stack).is_none() {
            remove(game, id);
        }
    }
}
