//! The dragon's fireballs and clouds of dragon's breath, after 1.16.5's
//! `DragonFireballEntity` and `AreaEffectCloudEntity`: a fireball speeds
//! up along its line (0.1 a tick, its speed kept at 95%) until it meets a
//! block or a creature other than the dragon, and bursts into a cloud of
//! radius 3 that grows to 7 over its 600 ticks; the perched dragon's
//! breath is a cloud of radius 5 lasting 200 ticks. A cloud hurts a
//! player standing in it with instant damage II (12, magic) once a second.

use super::collision::Aabb;
use super::health::{self, Damage};
use crate::sim::entity::{Breath, Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::player::HALF_WIDTH;
use crate::sim::raycast;
use crate::sim::registry::registry;

/// How fast a fireball gains speed along its line, and keeps it.
const ACCELERATION: f64 = 0.1;
const INERTIA: f64 = 0.95;
/// Fireballs last this long at most.
const FIREBALL_TICKS: u32 = 200;
/// A burst fireball's cloud: radius, growth to and duration.
const BURST: (f64, f64, u32) = (3.0, 7.0, 600);
/// The perched dragon's breath: radius and duration.
const BREATH: (f64, u32) = (5.0, 200);
/// Instant damage II.
const HARM: f32 = 12.0;
/// Ticks between hurts in a cloud.
const HURT_EVERY: u32 = 20;

/// A fireball's gain in velocity each tick along its line (`xPower`…).
fn power(dir: [f64; 3]) -> [f64; 3] {
    let len = dir.iter().map(|v| v * v).sum::<f64>().sqrt().max(1e-6);
    dir.map(|v| v / len * ACCELERATION)
}

/// The dragon spits a fireball at `from` along `dir`.
pub fn spit_fireball(game: &mut Game, from: [f64; 3], dir: [f64; 3]) {
    game.entities
        .spawn(EntityKind::DragonFireball, from, power(dir));
}

/// The perched dragon breathes a cloud at `at`.
pub fn breathe(game: &mut Game, at: [f64; 3]) {
    spawn_cloud(game, at, BREATH.0, BREATH.0, BREATH.1);
}

fn spawn_cloud(game: &mut Game, at: [f64; 3], radius: f64, to: f64, ticks: u32) {
    let cloud = Breath {
        radius,
        ticks_left: ticks,
        radius_per_tick: (to - radius) / f64::from(ticks),
    };
    game.entities.spawn(EntityKind::Breath(cloud), at, [0.0; 3]);
}

/// One tick of a fireball or cloud; true when it is gone.
pub fn tick(game: &mut Game, e: &mut Entity) -> bool {
    e.age += 1;
    match &mut e.kind {
        EntityKind::DragonFireball => {
            // It flies straight, so its line is its velocity's direction.
            let line = power(e.vel);
            let next = [0, 1, 2].map(|a| (e.vel[a] + line[a]) * INERTIA);
            let speed = next.iter().map(|v| v * v).sum::<f64>().sqrt();
            let dir = next.map(|v| v / speed.max(1e-9));
            let dragon = registry().entity_named("ender_dragon");
            let hits_block = raycast::cast(&game.world, e.pos, dir, speed, |b| {
                registry().block(b).shape.collides()
            });
            let hits_player = Aabb::at_feet(game.player.pos, HALF_WIDTH, game.player.height())
                .inflate([0.5; 3])
                .clip(e.pos, next)
                .is_some();
            let hits_creature = game.entities.list.iter().any(|m| match &m.kind {
                EntityKind::Mob(mob) if Some(mob.kind) != dragon => {
                    let (half, height) = m.size();
                    Aabb::at_feet(m.pos, half, height)
                        .clip(e.pos, next)
                        .is_some()
                }
                _ => false,
            });
            if hits_block.is_some() || hits_player || hits_creature {
                let at =
                    hits_block.map_or(e.pos, |h| [0, 1, 2].map(|a| e.pos[a] + dir[a] * h.distance));
                spawn_cloud(game, at, BURST.0, BURST.1, BURST.2);
                return true;
            }
            for (p, v) in e.pos.iter_mut().zip(next) {
                *p += v;
            }
            e.vel = next;
            e.age > FIREBALL_TICKS || e.pos[1] < 0.0
        }
        EntityKind::Breath(cloud) => {
            cloud.radius += cloud.radius_per_tick;
            cloud.ticks_left = cloud.ticks_left.saturating_sub(1);
            let (radius, over) = (cloud.radius, cloud.ticks_left == 0);
            let p = &game.player;
            let (dx, dz) = (p.pos[0] - e.pos[0], p.pos[2] - e.pos[2]);
            let inside = dx * dx + dz * dz <= radius * radius
                && p.pos[1] <= e.pos[1] + 0.5
                && p.pos[1] + p.height() >= e.pos[1];
            if inside && e.age % HURT_EVERY == 0 {
                health::hurt(&mut game.player, &mut game.stats, HARM, Damage::Magic);
            }
            over
        }
        _ => true,
    }
}
