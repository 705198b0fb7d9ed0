//! End crystals (1.16.5's `EnderCrystalEntity`): they stand on the
//! pillars' bedrock; any hit — a blow, an arrow, an explosion — destroys
//! one in an explosion of power 6, and if it was the crystal healing the
//! dragon, the dragon takes 10 damage (`onCrystalDestroyed`).
//!
//! The explosion (`Explosion.explode`, entities only) hurts the player and
//! creatures within twice its power: `(i² + i) / 2 · 7 · 2·power + 1`
//! where `i` is (1 − distance / (2·power)) when the centre sees them (0
//! when a block is in the way), and pushes the player away by `i`. It
//! breaks no blocks (not modelled) and lights no fire.

use super::combat::{self, Attacker};
use super::health::{self, Damage};
use crate::sim::creature::dragon;
use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::raycast;
use crate::sim::registry::{registry, EntityTypeId};

/// `explode(…, 6.0F, …)`.
pub const POWER: f64 = 6.0;
/// What the dragon takes when its healing crystal goes.
const DRAGON_DAMAGE: f32 = 10.0;

pub fn is_crystal(kind: EntityTypeId) -> bool {
    registry().entity_named("end_crystal") == Some(kind)
}

/// Destroys crystal `id`: it goes, the dragon it healed is hurt, and it
/// explodes.
pub fn shatter(game: &mut Game, id: EntityId, attacker: Attacker) {
    let Some(index) = game.entities.list.iter().position(|e| e.id == id) else {
        return;
    };
    let crystal = game.entities.list.remove(index);
    let dragon_kind = registry().entity_named("ender_dragon");
    let healed: Vec<EntityId> = game
        .entities
        .list
        .iter()
        .filter(|e| matches!(&e.kind, EntityKind::Mob(m) if Some(m.kind) == dragon_kind))
        .filter(|e| {
            let nearest = dragon::crystals_by_distance(game, e.pos)
                .first()
                .map(|c| c.pos);
            let was_nearest =
                nearest.is_none_or(|p| distance(p, e.pos) >= distance(crystal.pos, e.pos));
            was_nearest && distance(crystal.pos, e.pos) <= dragon::CRYSTAL_RANGE
        })
        .map(|e| e.id)
        .collect();
    for dragon in healed {
        combat::hurt_mob_in_full(game, dragon, DRAGON_DAMAGE, attacker);
    }
    explode(game, crystal.pos, POWER, attacker);
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
}

/// How hard the blast at `centre` hits something whose middle is at `at`
/// (0 out of reach or behind a block).
fn impact(game: &Game, centre: [f64; 3], at: [f64; 3], power: f64) -> f64 {
    let reach = power * 2.0;
    let d = distance(centre, at);
    if d > reach {
        return 0.0;
    }
    let dir = [0, 1, 2].map(|i| (at[i] - centre[i]) / d.max(1e-6));
    let blocked = raycast::cast(&game.world, centre, dir, d, |b| {
        registry().block(b).shape.collides()
    })
    .is_some();
    if blocked {
        0.0
    } else {
        1.0 - d / reach
    }
}

fn damage(impact: f64, power: f64) -> f32 {
    ((impact * impact + impact) / 2.0 * 7.0 * power * 2.0 + 1.0).floor() as f32
}

/// An explosion of `power` at `centre`, hurting the player and creatures.
pub fn explode(game: &mut Game, centre: [f64; 3], power: f64, attacker: Attacker) {
    let p = &game.player;
    let middle = [p.pos[0], p.pos[1] + p.height() / 2.0, p.pos[2]];
    let hit = impact(game, centre, middle, power);
    if hit > 0.0 {
        let p = &mut game.player;
        health::hurt(p, &mut game.stats, damage(hit, power), Damage::Generic);
        let d = distance(centre, middle).max(1e-6);
        for a in 0..3 {
            p.vel[a] += (middle[a] - centre[a]) / d * hit;
        }
    }
    let struck: Vec<(EntityId, f64)> = game
        .entities
        .list
        .iter()
        .filter(|e| matches!(e.kind, EntityKind::Mob(_)))
        .map(|e| {
            let (_, height) = e.size();
            let middle = [e.pos[0], e.pos[1] + height / 2.0, e.pos[2]];
            (e.id, impact(game, centre, middle, power))
        })
        .filter(|&(_, hit)| hit > 0.0)
        .collect();
    for (id, hit) in struck {
        combat::hurt_mob(game, id, damage(hit, power), attacker);
    }
}
