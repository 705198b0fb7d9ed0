//! Creatures hurting the player, after vanilla's `Mob.doHurtTarget` and
//! `LivingEntity.hurt`: one function for every blow, where the player's
//! shield (raised by holding `use` for 5 ticks with a shield in either
//! hand) stops a hit from the front — counting `use_item[shield]` and
//! `custom[damage_blocked_by_shield]`, wearing the shield and knocking the
//! attacker back — and otherwise armor and toughness take their part
//! (`armor`), the player is knocked back, and a killing blow counts
//! `entity_killed_by`. Witches' splash potions of harming land here too.

use super::health::{self, Damage};
use super::items::Hand;
use crate::sim::creature;
use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::player::Player;
use crate::sim::registry::{registry, ItemKind};
use crate::suite::Event;

/// Ticks the use key must hold a shield before it blocks.
pub const SHIELD_DELAY: u32 = 5;
/// How far a blocked attacker is pushed back.
const SHIELD_KNOCKBACK: f64 = 0.5;
/// How far a blow pushes the player.
const HIT_KNOCKBACK: f64 = 0.4;
/// A harming splash hurts within this many blocks of where it bursts.
const SPLASH_RADIUS: f64 = 4.0;
/// Instant damage I.
const HARMING_DAMAGE: f32 = 6.0;

fn is_shield(stack: Option<&crate::sim::inventory::ItemStack>) -> bool {
    stack.is_some_and(|s| s.name() == "shield")
}

/// Whether the main-hand item takes the use key for itself (eating,
/// throwing, buckets, placing, bows), so an offhand shield stays down.
fn main_hand_claims_use(p: &Player) -> bool {
    let Some(stack) = p.inventory.selected_stack() else {
        return false;
    };
    matches!(
        registry().item(stack.item).kind,
        ItemKind::Food { .. } | ItemKind::Throwable | ItemKind::Bucket(_) | ItemKind::Block(_)
    ) || matches!(stack.name(), "bow" | "crossbow" | "trident" | "shield")
}

/// The hand a raised shield would be in, if the player has one ready.
fn shield_hand(p: &Player) -> Option<Hand> {
    if is_shield(p.inventory.selected_stack()) {
        Some(Hand::Main)
    } else if is_shield(p.inventory.offhand.as_ref()) && !main_hand_claims_use(p) {
        Some(Hand::Off)
    } else {
        None
    }
}

/// Whether holding `use` would raise a shield: one in the main hand, or
/// in the offhand with nothing in the main hand that takes `use` itself.
pub fn shield_at_the_ready(p: &Player) -> bool {
    shield_hand(p).is_some()
}

/// One tick of the use key for the shield: held with a shield in hand it
/// counts up, else the shield drops.
pub fn tick_shield(game: &mut Game, use_held: bool) {
    let p = &mut game.player;
    if use_held && shield_at_the_ready(p) && game.screen.is_none() {
        p.shield_ticks = p.shield_ticks.saturating_add(1);
    } else {
        p.shield_ticks = 0;
    }
}

/// Whether the player's shield is up (`isBlocking`).
pub fn blocking(p: &Player) -> bool {
    p.shield_ticks >= SHIELD_DELAY && shield_hand(p).is_some()
}

/// Whether a blow from `from` meets the raised shield: the attacker lies
/// within 90° of where the player looks (`isDamageSourceBlocked`).
fn shield_faces(p: &Player, from: [f64; 3]) -> bool {
    let look = p.look_dir();
    let (dx, dz) = (p.pos[0] - from[0], p.pos[2] - from[2]);
    let len = (dx * dx + dz * dz).sqrt();
    len > 1e-6 && (dx / len * look[0] + dz / len * look[2]) < 0.0
}

/// The shield stops a blow of `damage`: statistics, wear.
fn block_with_shield(game: &mut Game, damage: f32) {
    let p = &mut game.player;
    let Some(hand) = shield_hand(p) else { return };
    game.stats.add(Event::UseItem, "shield", 1);
    game.stats.add(
        Event::Custom,
        "damage_blocked_by_shield",
        (damage * 10.0).round() as u64,
    );
    if damage >= 3.0 {
        let slot = hand.slot_mut(&mut p.inventory);
        if let Some(stack) = slot {
            stack.damage = stack.damage.saturating_add(1 + damage.floor() as u16);
            if stack.damage >= registry().item(stack.item).durability {
                game.stats.add(Event::BreakItem, "shield", 1);
                *slot = None;
            }
        }
    }
}

/// Pushes the player away from `from` (less armor's resistance).
fn knock_player(p: &mut Player, strength: f64, from: [f64; 3]) {
    let strength = strength * (1.0 - super::armor::knockback_resistance(p));
    let (dx, dz) = (p.pos[0] - from[0], p.pos[2] - from[2]);
    let len = (dx * dx + dz * dz).sqrt();
    if strength <= 0.0 || len < 1e-4 {
        return;
    }
    p.vel = [
        p.vel[0] / 2.0 + dx / len * strength,
        if p.on_ground {
            (p.vel[1] / 2.0 + strength).min(0.4)
        } else {
            p.vel[1]
        },
        p.vel[2] / 2.0 + dz / len * strength,
    ];
}

/// Counts the creature that dealt a killing blow.
fn count_killer(game: &mut Game, killer: &'static str) {
    if game.player.health <= 0.0 {
        game.stats.add(Event::EntityKilledBy, killer, 1);
    }
}

/// The kind name and position of creature `id`.
fn attacker(game: &Game, id: EntityId) -> Option<(&'static str, [f64; 3])> {
    let e = game.entities.get(id)?;
    match &e.kind {
        EntityKind::Mob(mob) => Some((registry().entity(mob.kind).name, e.pos)),
        _ => None,
    }
}

/// Creature `id` strikes the player with `damage` half-hearts. Returns
/// whether the player was hurt.
pub fn mob_hits_player(game: &mut Game, id: EntityId, damage: f32) -> bool {
    let Some((name, from)) = attacker(game, id) else {
        return false;
    };
    if game.player.is_dead() {
        return false;
    }
    if blocking(&game.player) && shield_faces(&game.player, from) {
        block_with_shield(game, damage);
        let player_pos = game.player.pos;
        if let Some(e) = game.entities.get_mut(id) {
            creature::knock_back(e, SHIELD_KNOCKBACK, player_pos);
        }
        return false;
    }
    let hurt = health::hurt(&mut game.player, &mut game.stats, damage, Damage::Generic);
    if hurt {
        knock_player(&mut game.player, HIT_KNOCKBACK, from);
        count_killer(game, name);
    }
    hurt
}

/// A fireball shot by creature `shooter` strikes the player: a raised
/// shield facing the shooter stops it. Returns whether the player was hurt.
pub fn fireball_hits_player(game: &mut Game, shooter: EntityId, damage: f32) -> bool {
    let Some((name, from)) = attacker(game, shooter) else {
        return false;
    };
    if game.player.is_dead() {
        return false;
    }
    if blocking(&game.player) && shield_faces(&game.player, from) {
        block_with_shield(game, damage);
        return false;
    }
    let hurt = health::hurt(&mut game.player, &mut game.stats, damage, Damage::Fireball);
    if hurt {
        count_killer(game, name);
    }
    hurt
}

/// A splash potion of harming thrown by creature `id` bursts at `at`:
/// the player within 4 blocks takes up to 6, less with distance; armor
/// and shields do not help.
pub fn splash_harming(game: &mut Game, id: EntityId, at: [f64; 3]) {
    let Some((name, _)) = attacker(game, id) else {
        return;
    };
    let p = &game.player;
    let centre = [p.pos[0], p.pos[1] + p.height() / 2.0, p.pos[2]];
    let d = (0..3)
        .map(|i| (centre[i] - at[i]).powi(2))
        .sum::<f64>()
        .sqrt();
    if p.is_dead() || d >= SPLASH_RADIUS {
        return;
    }
    let intensity = (1.0 - d / SPLASH_RADIUS) as f32;
    if health::hurt(
        &mut game.player,
        &mut game.stats,
        HARMING_DAMAGE * intensity.max(0.0),
        Damage::Magic,
    ) {
        count_killer(game, name);
    }
}
