//! The fishing rod, after vanilla's `FishingRodItem` and
//! `FishingBobberEntity`: `use` casts the bobber (counting
//! `use_item[fishing_rod]`); it flies (gravity 0.03, drag 0.92), stops on
//! the ground, bobs on water, and hooks the first creature it touches,
//! riding along with it; `use` again reels in — a hooked creature is
//! pulled a tenth of the way to the player — and the bobber is gone (the
//! rod wears 5 for a creature, 2 from the ground). The bobber also goes
//! when the player dies, holds no rod, or is more than 32 blocks away,
//! and after 1200 ticks on the ground. Fish bites and loot are not built.

use rand::Rng;

use super::collision;
use super::fluids::{self, Fluid};
use super::items::{self, Hand};
use super::projectiles::{trace, Struck};
use crate::sim::entity::{Entity, EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::projectile::{Bobber, BobberState};
use crate::sim::registry::item;
use crate::suite::Event;

pub const GRAVITY: f64 = 0.03;
pub const DRAG: f64 = 0.92;
/// A cast bobber starts this far ahead of the eyes.
pub const CAST_AHEAD: f64 = 0.3;
/// The bobber goes when the player is farther than this.
const MAX_DISTANCE: f64 = 32.0;
/// Ticks a bobber lies on the ground before it goes.
const GROUND_LIFETIME: u32 = 1200;
/// Rod wear for reeling in a creature, and the bobber from the ground.
const WEAR_HOOKED: u16 = 5;
const WEAR_GROUNDED: u16 = 2;
/// How much of the way to the player a reeled creature is pulled.
const PULL: f64 = 0.1;

/// The player's bobber, if one is out.
pub fn bobber_of_player(game: &Game) -> Option<&Entity> {
    game.entities
        .list
        .iter()
        .find(|e| matches!(e.kind, EntityKind::Bobber(_)))
}

fn holds_rod(game: &Game) -> bool {
    let rod = item("fishing_rod");
    Hand::BOTH.into_iter().any(|h| {
        h.slot(&game.player.inventory)
            .as_ref()
            .is_some_and(|s| s.item == rod)
    })
}

/// `use` with a fishing rod in `hand`: reels in the bobber that is out,
/// or casts one.
pub fn use_rod(game: &mut Game, hand: Hand) -> bool {
    match bobber_of_player(game).map(|e| (e.id, e.on_ground)) {
        Some((id, on_ground)) => reel_in(game, hand, id, on_ground),
        None => cast(game),
    }
    true
}

/// The bobber leaves the eyes 0.3 ahead, along the look stretched to a
/// unit horizontal part (`FishingBobberEntity`'s constructor).
fn cast(game: &mut Game) {
    let p = &game.player;
    let yaw = f64::from(p.yaw).to_radians();
    let ahead = [-yaw.sin(), yaw.cos()];
    let at = [
        p.pos[0] + ahead[0] * CAST_AHEAD,
        p.eye()[1],
        p.pos[2] + ahead[1] * CAST_AHEAD,
    ];
    let rise = (-f64::from(p.pitch).to_radians().tan()).clamp(-5.0, 5.0);
    let dir = [ahead[0], rise, ahead[1]];
    let len = super::projectiles::length(dir);
    let rng = &mut game.rngs.projectiles;
    let vel = dir.map(|d| d * (0.6 / len + 0.5 + super::projectiles::gaussian(rng) * 0.0045));
    let bobber = Bobber {
        state: BobberState::Flying,
        life: 0,
    };
    game.entities.spawn(EntityKind::Bobber(bobber), at, vel);
    game.stats.add(Event::UseItem, "fishing_rod", 1);
}

/// `FishingBobberEntity.retrieve`.
fn reel_in(game: &mut Game, hand: Hand, id: EntityId, on_ground: bool) {
    let Some(bobber) = game.entities.get(id) else {
        return;
    };
    let mut wear = 0;
    if let EntityKind::Bobber(Bobber {
        state: BobberState::Hooked(hooked),
        ..
    }) = bobber.kind
    {
        let pull = [0, 1, 2].map(|a| (game.player.pos[a] - bobber.pos[a]) * PULL);
        if let Some(creature) = game.entities.get_mut(hooked) {
            for (v, p) in creature.vel.iter_mut().zip(pull) {
                *v += p;
            }
        }
        wear = WEAR_HOOKED;
    }
    if on_ground {
        wear = WEAR_GROUNDED;
    }
    game.entities.list.retain(|e| e.id != id);
    if wear > 0 {
        items::wear_hand(game, hand, wear);
    }
}

/// Advances the bobber one tick.
pub fn tick(game: &mut Game) {
    let Some(mut e) = bobber_of_player(game).cloned() else {
        return;
    };
    let far = e
        .pos
        .iter()
        .zip(game.player.pos)
        .map(|(a, b)| (a - b).powi(2))
        .sum::<f64>()
        > MAX_DISTANCE * MAX_DISTANCE;
    let EntityKind::Bobber(mut bobber) = e.kind else {
        return;
    };
    bobber.life = if e.on_ground { bobber.life + 1 } else { 0 };
    if game.player.is_dead() || !holds_rod(game) || far || bobber.life >= GROUND_LIFETIME {
        game.entities.list.retain(|other| other.id != e.id);
        return;
    }
    e.age += 1;
    step(game, &mut e, &mut bobber);
    e.kind = EntityKind::Bobber(bobber);
    if let Some(slot) = game.entities.get_mut(e.id) {
        *slot = e;
    }
}

/// The surface of the water in the bobber's cell, if it is in water.
fn water_surface(game: &Game, e: &Entity) -> Option<f64> {
    let cell = e.pos.map(|v| v.floor() as i32);
    fluids::height_at(&game.world, cell, Fluid::Water).map(|h| f64::from(cell[1]) + h)
}

fn step(game: &mut Game, e: &mut Entity, bobber: &mut Bobber) {
    let surface = water_surface(game, e);
    match bobber.state {
        BobberState::Flying => {
            if surface.is_some() {
                e.vel = [e.vel[0] * 0.3, e.vel[1] * 0.2, e.vel[2] * 0.3];
                bobber.state = BobberState::Bobbing;
                return;
            }
            match trace(game, e.pos, e.vel, None, false) {
                Some((_, Struck::Mob(id))) => {
                    bobber.state = BobberState::Hooked(id);
                    return;
                }
                Some((t, Struck::Block)) => e.vel = e.vel.map(|v| v * t),
                _ => {}
            }
        }
        BobberState::Hooked(id) => {
            let hooked = game.entities.get(id);
            match hooked {
                Some(m) if matches!(&m.kind, EntityKind::Mob(mob) if !mob.is_dying()) => {
                    e.pos = [m.pos[0], m.pos[1] + m.size().1 * 0.8, m.pos[2]];
                    e.vel = [0.0; 3];
                    return;
                }
                _ => bobber.state = BobberState::Flying,
            }
        }
        BobberState::Bobbing => {
            if let Some(surface) = surface {
                let mut below = e.pos[1] + e.vel[1] - surface;
                if below.abs() < 0.01 {
                    below += below.signum() * 0.1;
                }
                let sink = below * f64::from(game.rngs.projectiles.gen::<f32>()) * 0.2;
                e.vel = [e.vel[0] * 0.9, e.vel[1] - sink, e.vel[2] * 0.9];
            }
        }
    }
    if surface.is_none() {
        e.vel[1] -= GRAVITY;
    }
    let aabb = e.bounding_box();
    let moved = collision::collide(&game.world, &aabb, e.vel, 0.0, e.on_ground);
    for (p, m) in e.pos.iter_mut().zip(moved) {
        *p += m;
    }
    let landed = moved[1] != e.vel[1] && e.vel[1] < 0.0;
    let bumped = moved[0] != e.vel[0] || moved[2] != e.vel[2];
    e.on_ground = landed;
    if bobber.state == BobberState::Flying && (landed || bumped) {
        e.vel = [0.0; 3];
    }
    e.vel = e.vel.map(|v| v * DRAG);
}
