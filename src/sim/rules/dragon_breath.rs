//! The dragon's fireballs and clouds of dragon's breath, after 1.16.5's
//! `DragonFireballEntity`, `DragonSittingFlamingPhase` and
//! `AreaEffectCloudEntity`: a fireball speeds up along its line (0.1 a
//! tick, its speed kept at 95%) until it meets a block or a creature other
//! than the dragon, and bursts into a cloud of instant damage II (12) of
//! radius 3 that grows to 7 over its 600 ticks, centred on the player if
//! they stand within 4 blocks of the burst; the perched dragon's breath is
//! a cloud of instant damage I (6) of radius 5, set on the ground 2.5
//! blocks beyond its head, that lasts as long as the flame (190 ticks).
//! A cloud waits 20 ticks before it acts; then it hurts a player whose
//! feet are within its radius and half a block of its height, once a
//! second (magic: armor does not stop it).

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
/// A burst fireball's cloud: radius, growth to, duration and harm
/// (instant damage II).
const BURST: Cloud = Cloud {
    radius: 3.0,
    grows_to: 7.0,
    ticks: 600,
    harm: 12.0,
};
/// The perched dragon's breath (instant damage I), gone when the flame
/// that breathed it ends (190 ticks on, the wait included).
const BREATH: Cloud = Cloud {
    radius: 5.0,
    grows_to: 5.0,
    ticks: 170,
    harm: 6.0,
};
/// A burst within this distance of the player centres its cloud on them.
const BURST_ON_PLAYER: f64 = 4.0;
/// Ticks between hurts in a cloud.
const HURT_EVERY: u32 = 20;
/// Ticks a new cloud waits before it grows or hurts (`waitTime`).
pub const CLOUD_WAIT: u32 = 20;

/// How a kind of cloud starts and what it does.
struct Cloud {
    radius: f64,
    grows_to: f64,
    ticks: u32,
    harm: f32,
}

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

/// The perched dragon breathes: `at` is the point 2.5 blocks beyond its
/// head at the head's height; the cloud settles on the first block below
/// (staying at that height if there is none above the world's bottom).
pub fn breathe(game: &mut Game, at: [f64; 3]) {
    let (x, z) = (at[0].floor() as i32, at[2].floor() as i32);
    let mut y = at[1];
    while game.world.get([x, y.floor() as i32, z]) == crate::sim::registry::BlockId::AIR {
        y -= 1.0;
        if y < 0.0 {
            y = at[1];
            break;
        }
    }
    spawn_cloud(game, [at[0], y.floor() + 1.0, at[2]], &BREATH);
}

fn spawn_cloud(game: &mut Game, at: [f64; 3], kind: &Cloud) {
    let cloud = Breath {
        radius: kind.radius,
        ticks_left: kind.ticks,
        radius_per_tick: (kind.grows_to - kind.radius) / f64::from(kind.ticks),
        harm: kind.harm,
    };
    game.entities.spawn(EntityKind::Breath(cloud), at, [0.0; 3]);
}

/// How far above a cloud's height feet still count as in it, for
/// [`breath_near`]: a block's step up or down.
const LEVEL_SLACK: f64 = 0.4;

/// Whether a cloud at `at` of `radius` reaches a body `height` tall with
/// feet at `feet`: the feet within the radius (`margin` more) across, and
/// the body meeting the cloud's half block of height (`slack` more each
/// way).
fn reaches(
    at: [f64; 3],
    radius: f64,
    feet: [f64; 3],
    height: f64,
    margin: f64,
    slack: f64,
) -> bool {
    let across = (feet[0] - at[0]).hypot(feet[2] - at[2]);
    let level = feet[1] <= at[1] + 0.5 + slack && feet[1] + height >= at[1] - slack;
    across <= radius + margin && level
}

/// Whether a cloud would hurt a player standing with feet at `feet` were
/// its radius `margin` larger and its height a little taller each way
/// (waiting clouds included): what a player keeping clear steers by.
pub fn breath_near(game: &Game, feet: [f64; 3], margin: f64) -> bool {
    let height = game.player.height();
    game.entities.list.iter().any(|e| match &e.kind {
        EntityKind::Breath(cloud) => {
            reaches(e.pos, cloud.radius, feet, height, margin, LEVEL_SLACK)
        }
        _ => false,
    })
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
                    m.bounding_box().clip(e.pos, next).is_some()
                }
                _ => false,
            });
            if hits_block.is_some() || hits_player || hits_creature {
                let burst =
                    hits_block.map_or(e.pos, |h| [0, 1, 2].map(|a| e.pos[a] + dir[a] * h.distance));
                let player = game.player.pos;
                let near = (0..3).map(|a| (player[a] - burst[a]).powi(2)).sum::<f64>()
                    < BURST_ON_PLAYER.powi(2);
                let at = if near && !game.player.is_dead() {
                    player
                } else {
                    burst
                };
                spawn_cloud(game, at, &BURST);
                return true;
            }
            for (p, v) in e.pos.iter_mut().zip(next) {
                *p += v;
            }
            e.vel = next;
            e.age > FIREBALL_TICKS || e.pos[1] < 0.0
        }
        EntityKind::Breath(cloud) => {
            if e.age <= CLOUD_WAIT {
                return false;
            }
            cloud.radius += cloud.radius_per_tick;
            cloud.ticks_left = cloud.ticks_left.saturating_sub(1);
            let (radius, harm, over) = (cloud.radius, cloud.harm, cloud.ticks_left == 0);
            let p = &game.player;
            let inside = reaches(e.pos, radius, p.pos, p.height(), 0.0, 0.0);
            if inside && (e.age - CLOUD_WAIT) % HURT_EVERY == 1 {
                health::hurt(&mut game.player, &mut game.stats, harm, Damage::Magic);
            }
            over
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Action;
    use crate::sim::rules::testkit::{platform_game, run, FLOOR};

    fn clouds(game: &Game) -> Vec<(&Entity, Breath)> {
        game.entities
            .list
            .iter()
            .filter_map(|e| match &e.kind {
                EntityKind::Breath(cloud) => Some((e, *cloud)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_perched_breath_settles_on_the_ground_waits_a_second_then_hurts_6_a_second() {
        let mut game = platform_game();
        game.player.food = 17; // no regeneration between the hurts
        let feet = game.player.pos;
        breathe(&mut game, [feet[0] + 1.0, feet[1] + 6.0, feet[2]]);
        let (cloud, breath) = clouds(&game)[0];
        assert_eq!(cloud.pos[1], f64::from(FLOOR + 1), "on the floor's top");
        assert_eq!((breath.radius, breath.harm), (5.0, 6.0));
        run(&mut game, &Action::noop(), CLOUD_WAIT as usize);
        assert_eq!(game.player.health, 20.0, "no hurt while it waits");
        run(&mut game, &Action::noop(), 2);
        assert_eq!(game.player.health, 14.0);
        run(&mut game, &Action::noop(), HURT_EVERY as usize);
        assert_eq!(game.player.health, 8.0, "again a second later");
    }

    #[test]
    fn feet_a_block_above_a_cloud_are_not_hurt() {
        let mut game = platform_game();
        let feet = game.player.pos;
        spawn_cloud(&mut game, [feet[0], feet[1] - 1.0, feet[2]], &BREATH);
        run(&mut game, &Action::noop(), 60);
        assert_eq!(game.player.health, 20.0);
    }

    /// A fireball dropped onto the floor `off` blocks east of the feet;
    /// the game once it has burst, and the feet and the burst's column.
    fn burst_beside(off: f64) -> (Game, [f64; 3], [f64; 3]) {
        let mut game = platform_game();
        let feet = game.player.pos;
        let from = [feet[0] + off, feet[1] + 3.0, feet[2]];
        spit_fireball(&mut game, from, [0.0, -1.0, 0.0]);
        run(&mut game, &Action::noop(), 10);
        (game, feet, from)
    }

    #[test]
    fn a_fireball_bursting_near_the_player_centres_its_cloud_on_them() {
        let (game, feet, _) = burst_beside(2.5);
        let found = clouds(&game);
        let (cloud, breath) = found.first().expect("the fireball burst on the floor");
        assert_eq!([cloud.pos[0], cloud.pos[2]], [feet[0], feet[2]]);
        assert_eq!(breath.harm, 12.0);
        let flying = |e: &Entity| matches!(e.kind, EntityKind::DragonFireball);
        assert!(!game.entities.list.iter().any(flying));
    }

    #[test]
    fn a_fireball_bursting_far_from_the_player_leaves_its_cloud_where_it_burst() {
        let (game, _, from) = burst_beside(6.5);
        let found = clouds(&game);
        let (cloud, _) = found.first().expect("the fireball burst on the floor");
        assert_eq!([cloud.pos[0], cloud.pos[2]], [from[0], from[2]]);
        assert_eq!(game.player.health, 20.0);
    }
}
