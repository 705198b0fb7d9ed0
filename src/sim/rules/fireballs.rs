//! Small fireballs, after 1.16.5's `SmallFireballEntity` and
//! `DamagingProjectileEntity`: shot with a power of 0.1 towards the target
//! (spread by the shooter's aim), each tick the fireball moves, its speed
//! scaled by 0.95 and its power added; it hits the first creature or
//! player on its path — 5 damage, set on fire for 5 seconds, unless immune
//! to fire — or the first block, where it lights a fire in the air beside
//! the face it struck. Vanilla keeps one flying until it leaves the loaded
//! area; here it is gone after [`LIFETIME`] ticks.

use rand_chacha::ChaCha8Rng;

use super::combat::{self, Attacker};
use super::projectiles::{gaussian, length, trace, Struck};
use crate::sim::creature;
use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::projectile::{Fireball, Shooter};
use crate::sim::raycast;
use crate::sim::registry::{block, registry, BlockId};

/// A small fireball's hit.
pub const DAMAGE: f32 = 5.0;
/// Ticks what it hits burns.
const BURN_TICKS: i32 = 100;
/// Speed kept each tick (`getInertia`).
const INERTIA: f64 = 0.95;
/// The length of the power a fireball is shot with.
const POWER: f64 = 0.1;
/// Ticks a fireball flies before it is gone.
const LIFETIME: u32 = 300;

/// Creature `shooter` shoots a small fireball from `from` at `target`,
/// its aim spread by `spread` (a blaze: √√distance · 0.5).
pub fn shoot(
    game: &mut Game,
    shooter: EntityId,
    from: [f64; 3],
    target: [f64; 3],
    spread: f64,
) -> EntityId {
    let rng: &mut ChaCha8Rng = &mut game.rngs.projectiles;
    let d = [0, 1, 2].map(|i| target[i] - from[i]);
    let d = [
        d[0] + gaussian(rng) * spread,
        d[1],
        d[2] + gaussian(rng) * spread,
    ];
    let norm = length(d).max(1e-9);
    let power = d.map(|v| v / norm * POWER);
    let fireball = Fireball {
        shooter: Shooter::Mob(shooter),
        power,
    };
    game.entities
        .spawn(EntityKind::Fireball(fireball), from, [0.0; 3])
}

/// Every fireball's tick.
pub fn tick(game: &mut Game) {
    let ids: Vec<EntityId> = game
        .entities
        .list
        .iter()
        .filter(|e| matches!(e.kind, EntityKind::Fireball(_)))
        .map(|e| e.id)
        .collect();
    for id in ids {
        tick_one(game, id);
    }
}

fn tick_one(game: &mut Game, id: EntityId) {
    let Some(mut e) = game.entities.get(id).cloned() else {
        return;
    };
    let EntityKind::Fireball(fireball) = e.kind else {
        return;
    };
    e.age += 1;
    let skip = match fireball.shooter {
        Shooter::Mob(shooter) => Some(shooter),
        Shooter::Player => None,
    };
    let player_can_be_hit = fireball.shooter != Shooter::Player;
    let gone = match trace(game, e.pos, e.vel, skip, player_can_be_hit) {
        Some((t, struck)) => {
            let at = [0, 1, 2].map(|i| e.pos[i] + e.vel[i] * t);
            hit(game, fireball, struck, at, e.vel);
            true
        }
        None => {
            for i in 0..3 {
                e.pos[i] += e.vel[i];
                e.vel[i] = e.vel[i] * INERTIA + fireball.power[i];
            }
            e.age >= LIFETIME || e.pos[1] < super::entities::VOID_Y
        }
    };
    if gone {
        game.entities.list.retain(|other| other.id != id);
    } else if let Some(slot) = game.entities.get_mut(id) {
        *slot = e;
    }
}

fn hit(game: &mut Game, fireball: Fireball, struck: Struck, at: [f64; 3], vel: [f64; 3]) {
    let attacker = match fireball.shooter {
        Shooter::Player => Attacker::Player,
        Shooter::Mob(_) => Attacker::Other,
    };
    match struck {
        Struck::Player => {
            if let Shooter::Mob(shooter) = fireball.shooter {
                if super::defense::fireball_hits_player(game, shooter, DAMAGE) {
                    game.player.fire_ticks = game.player.fire_ticks.max(BURN_TICKS);
                }
            }
        }
        Struck::Mob(target) => {
            let immune = game.entities.get(target).is_some_and(creature::fire_immune);
            if !immune {
                combat::hurt_mob(game, target, DAMAGE, attacker);
                creature::set_on_fire(game, target, BURN_TICKS as u32);
            }
        }
        Struck::Block => light_fire_beside(game, at, vel),
    }
}

/// The fire a fireball lights where it strikes a block: in the air cell
/// it was flying through, if fire can stand on the block below or beside.
fn light_fire_beside(game: &mut Game, at: [f64; 3], vel: [f64; 3]) {
    let speed = length(vel).max(1e-9);
    let dir = vel.map(|v| v / speed);
    let back = [0, 1, 2].map(|i| at[i] - dir[i] * 0.5);
    let Some(struck) = raycast::cast(&game.world, back, dir, 1.0, |b| {
        registry().block(b).shape.collides()
    }) else {
        return;
    };
    let cell = struck.adjacent();
    let below = [cell[0], cell[1] - 1, cell[2]];
    let solid_below = registry().block(game.world.get(below)).shape.collides();
    if game.world.get(cell) == BlockId::AIR && solid_below {
        game.world.set(cell, block("fire"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Action;
    use crate::sim::entity::{Mob, MobTags};
    use crate::sim::registry::registry;

    #[test]
    fn a_blaze_shoots_volleys_of_three_that_burn_and_hurt_the_player() {
        let mut game = Game::new(5);
        let floor = 100;
        for x in -12i32..=12 {
            for z in -12i32..=12 {
                game.world.set([x, floor - 1, z], block("nether_bricks"));
                for y in floor..floor + 8 {
                    game.world.set([x, y, z], BlockId::AIR);
                }
            }
        }
        game.player.pos = [0.5, f64::from(floor), 0.5];
        let blaze = registry().entity_named("blaze").unwrap();
        let id = game.entities.spawn(
            EntityKind::Mob(Mob::new(blaze, 20.0, MobTags::default())),
            [0.5, f64::from(floor) + 1.0, 8.5],
            [0.0; 3],
        );
        let (mut shots, mut burned) = (std::collections::BTreeSet::new(), false);
        let health = game.player.health;
        // Target, 60 ticks' charge, three shots 6 ticks apart, 100 ticks' rest.
        for _ in 0..200 {
            crate::sim::rules::tick(&mut game, &Action::noop());
            for e in &game.entities.list {
                if matches!(e.kind, EntityKind::Fireball(_)) {
                    shots.insert(e.id);
                }
            }
            burned |= game.player.fire_ticks > 0;
        }
        assert!(
            game.entities.list.iter().any(|e| e.id == id),
            "the blaze hovers on"
        );
        assert_eq!(shots.len(), 3, "one volley of three");
        assert!(burned && game.player.health < health, "hit and set on fire");
    }
}
