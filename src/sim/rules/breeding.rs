//! Breeding, after vanilla's `AnimalEntity` and `BreedGoal`: the kind's
//! food used on an adult that is not cooling down puts it in love for 600
//! ticks; an animal in love walks towards the nearest partner of its kind
//! in love within 8 blocks, and after 60 ticks within 3 blocks of it the
//! pair has a baby (`custom[animals_bred]`, `mobs[kind]`) and neither can
//! breed again for 6000 ticks. Feeding babies to grow them, growing up,
//! the experience orb, tamed animals (wolves, cats, horses, llamas) and
//! bees are not built; a lamb takes one parent's colour (vanilla mixes
//! the two dyes).

use rand::Rng;

use super::births;
use super::collision::Aabb;
use super::items::{self, Hand};
use super::tools_on_mobs::with_mob;
use crate::sim::entity::{EntityId, EntityKind, Love, MobTags};
use crate::sim::game::Game;
use crate::sim::registry::registry;
use crate::suite::Event;

/// Animal, its movement speed (blocks/tick attribute), and the foods that
/// put it in love (`isFood`).
const BREEDS: &[(&str, f64, &[&str])] = &[
    (
        "chicken",
        0.25,
        &[
            "wheat_seeds",
            "melon_seeds",
            "pumpkin_seeds",
            "beetroot_seeds",
        ],
    ),
    ("cow", 0.2, &["wheat"]),
    ("mooshroom", 0.2, &["wheat"]),
    ("sheep", 0.23, &["wheat"]),
    ("pig", 0.25, &["carrot", "potato", "beetroot"]),
    ("rabbit", 0.3, &["dandelion", "carrot", "golden_carrot"]),
    ("fox", 0.3, &["sweet_berries"]),
    ("hoglin", 0.3, &["crimson_fungus"]),
    ("strider", 0.175, &["warped_fungus"]),
];

/// Ticks in love after eating.
pub const LOVE_TICKS: u32 = 600;
/// Ticks a pair must spend close together before the baby comes.
pub const MATING_TICKS: u32 = 60;
/// Ticks before a parent can breed again.
pub const BREED_COOLDOWN: u32 = 6000;
/// How far an animal in love looks for a partner (box inflation).
const PARTNER_RANGE: f64 = 8.0;
/// Partners closer than this (squared: 9) count mating time.
const MATING_DISTANCE: f64 = 3.0;
/// `getFrictionInfluencedSpeed` on ordinary ground: 0.216 / 0.546³.
const GROUND_SPEED_FACTOR: f64 = 1.327;

fn breed_of(kind_name: &str) -> Option<&'static (&'static str, f64, &'static [&'static str])> {
    BREEDS.iter().find(|(name, ..)| *name == kind_name)
}

/// Whether `food` puts an animal of this kind in love.
pub fn is_food(kind_name: &str, food: &str) -> bool {
    breed_of(kind_name).is_some_and(|(_, _, foods)| foods.contains(&food))
}

/// Feeds creature `id` from `hand` if it is an adult of a kind that eats
/// it and is ready to fall in love; whether it ate.
pub fn feed(game: &mut Game, hand: Hand, id: EntityId) -> bool {
    let Some(food) = hand.slot(&game.player.inventory).as_ref().map(|s| s.name()) else {
        return false;
    };
    let Some(EntityKind::Mob(mob)) = game.entities.get(id).map(|e| &e.kind) else {
        return false;
    };
    let ready = !mob.tags.baby && mob.state.love.cooldown == 0 && mob.state.love.ticks_left == 0;
    if !ready || !is_food(registry().entity(mob.kind).name, food) {
        return false;
    }
    items::consume_one(&mut game.player.inventory, hand);
    with_mob(game, id, |m| m.state.love.ticks_left = LOVE_TICKS);
    true
}

/// An animal in love, for pairing.
#[derive(Clone, Copy)]
struct Lover {
    id: EntityId,
    kind: crate::sim::registry::EntityTypeId,
    pos: [f64; 3],
    half: f64,
    height: f64,
}

fn in_range(a: &Lover, b: &Lover) -> bool {
    let area = Aabb::at_feet(a.pos, a.half, a.height).inflate([PARTNER_RANGE; 3]);
    area.intersects(&Aabb::at_feet(b.pos, b.half, b.height))
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
}

/// One tick of love: countdowns, walking to partners, and babies.
pub fn tick(game: &mut Game) {
    let mut lovers = Vec::new();
    for e in &mut game.entities.list {
        let (half, height) = e.size();
        let EntityKind::Mob(mob) = &mut e.kind else {
            continue;
        };
        let love = &mut mob.state.love;
        love.cooldown = love.cooldown.saturating_sub(1);
        if love.ticks_left == 0 || mob.health <= 0.0 || mob.state.death_ticks > 0 {
            love.mating_ticks = 0;
            continue;
        }
        love.ticks_left -= 1;
        lovers.push(Lover {
            id: e.id,
            kind: mob.kind,
            pos: e.pos,
            half,
            height,
        });
    }
    let mut bred: Vec<EntityId> = Vec::new();
    for lover in &lovers {
        if bred.contains(&lover.id) {
            continue;
        }
        let partner = lovers
            .iter()
            .filter(|p| p.id != lover.id && p.kind == lover.kind && !bred.contains(&p.id))
            .filter(|p| in_range(lover, p))
            .min_by(|a, b| distance(lover.pos, a.pos).total_cmp(&distance(lover.pos, b.pos)));
        let Some(partner) = partner.copied() else {
            with_mob(game, lover.id, |m| m.state.love.mating_ticks = 0);
            continue;
        };
        walk_towards(game, lover, partner.pos);
        if distance(lover.pos, partner.pos) >= MATING_DISTANCE {
            continue;
        }
        let mut ready = false;
        with_mob(game, lover.id, |m| {
            m.state.love.mating_ticks += 1;
            ready = m.state.love.mating_ticks >= MATING_TICKS;
        });
        if ready {
            have_baby(game, lover, &partner);
            bred.extend([lover.id, partner.id]);
        }
    }
}

/// Turns towards the partner and walks on (the breed goal's navigation,
/// straight across open ground).
fn walk_towards(game: &mut Game, lover: &Lover, to: [f64; 3]) {
    let name = registry().entity(lover.kind).name;
    let Some(&(_, speed, _)) = breed_of(name) else {
        return;
    };
    let Some(e) = game.entities.get_mut(lover.id) else {
        return;
    };
    let (dx, dz) = (to[0] - e.pos[0], to[2] - e.pos[2]);
    let horizontal = (dx * dx + dz * dz).sqrt();
    if horizontal < 1e-6 {
        return;
    }
    e.yaw = (-dx).atan2(dz).to_degrees() as f32;
    if horizontal > MATING_DISTANCE - 1.0 && e.on_ground {
        let push = speed * speed * GROUND_SPEED_FACTOR;
        e.vel[0] += dx / horizontal * push;
        e.vel[2] += dz / horizontal * push;
    }
}

/// `spawnChildFromBreeding`: the baby appears at the first parent.
fn have_baby(game: &mut Game, parent: &Lover, partner: &Lover) {
    let from = if game.rngs.mobs.gen_bool(0.5) {
        parent.id
    } else {
        partner.id
    };
    let color = match game.entities.get(from).map(|e| &e.kind) {
        Some(EntityKind::Mob(m)) => m.tags.color,
        _ => 0,
    };
    for id in [parent.id, partner.id] {
        with_mob(game, id, |m| {
            m.state.love = Love {
                cooldown: BREED_COOLDOWN,
                ..Love::default()
            }
        });
    }
    let tags = MobTags {
        baby: true,
        color,
        ..MobTags::default()
    };
    births::bring_to_life(game, parent.kind, parent.pos, tags);
    game.stats.add(Event::Custom, "animals_bred", 1);
}
