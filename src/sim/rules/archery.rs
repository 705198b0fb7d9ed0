//! Drawing and releasing a bow or trident, after vanilla's `BowItem` and
//! `TridentItem`: `use` starts drawing (a bow only with an arrow in the
//! inventory), every tick the key stays down draws further, and letting
//! go releases — a bow shoots an arrow at 3 · power blocks/tick when the
//! power is at least 0.1 (full power at 20 ticks is a critical arrow), a
//! trident held at least 10 ticks is thrown at 2.5; each release that
//! fires counts `use_item`. Also the shot a creature fires at a target
//! (skeleton archery, `AbstractSkeletonEntity.performRangedAttack`).

use super::items::{self, enchantment_level, Hand};
use super::projectiles::{self, aimed_velocity, new_arrow};
use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::inventory::split_off;
use crate::sim::inventory::ItemStack;
use crate::sim::player::Drawing;
use crate::sim::projectile::{Pickup, Shooter};
use crate::sim::registry::{item, registry, ItemId};
use crate::suite::Event;

/// Ticks of drawing that give a bow full power.
pub const FULL_DRAW_TICKS: u32 = 20;
/// The least bow power that shoots.
const MIN_POWER: f32 = 0.1;
/// Arrow speed at full power, blocks per tick.
pub const FULL_POWER_SPEED: f64 = 3.0;
/// Ticks a trident must be held before letting go throws it.
pub const TRIDENT_DRAW_TICKS: u32 = 10;
pub const TRIDENT_SPEED: f64 = 2.5;
/// A thrown trident's damage.
pub const TRIDENT_DAMAGE: f32 = 8.0;
/// The spread players shoot with (`inaccuracy` 1).
const PLAYER_INACCURACY: f64 = 1.0;
/// Skeletons shoot at 1.6 blocks/tick with spread 14 − 4 · difficulty (normal: 2).
const MOB_ARROW_SPEED: f64 = 1.6;
const MOB_INACCURACY: f64 = 6.0;
/// Normal difficulty's share of a creature's arrow damage (0.11 · 2).
const MOB_DIFFICULTY_DAMAGE: f64 = 0.22;
/// A creature's eyes sit at this share of its height (vanilla's default).
const MOB_EYE_SHARE: f64 = 0.85;

/// Items an arrow can be shot from the inventory as.
const ARROWS: &[&str] = &["arrow", "spectral_arrow", "tipped_arrow"];

/// What the drawn item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drawn {
    Bow,
    Trident,
}

impl Drawn {
    fn of(id: ItemId) -> Option<Drawn> {
        match registry().item(id).name {
            "bow" => Some(Drawn::Bow),
            "trident" => Some(Drawn::Trident),
            _ => None,
        }
    }
}

/// A bow's power after `ticks` of drawing (`BowItem.getPowerForTime`).
pub fn bow_power(ticks: u32) -> f32 {
    let t = ticks as f32 / FULL_DRAW_TICKS as f32;
    ((t * t + t * 2.0) / 3.0).min(1.0)
}

fn is_arrow(stack: &Option<ItemStack>) -> bool {
    stack
        .as_ref()
        .is_some_and(|s| ARROWS.contains(&registry().item(s.item).name))
}

/// Where the arrow a bow shoots comes from (`getProjectile`): the offhand,
/// then the main hand, then the inventory in slot order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quiver {
    Hand(Hand),
    Slot(usize),
}

fn find_arrow(game: &Game) -> Option<Quiver> {
    let inv = &game.player.inventory;
    [Hand::Off, Hand::Main]
        .into_iter()
        .find(|h| is_arrow(h.slot(inv)))
        .map(Quiver::Hand)
        .or_else(|| inv.main.iter().position(is_arrow).map(Quiver::Slot))
}

fn quiver_slot(game: &mut Game, from: Quiver) -> &mut Option<ItemStack> {
    let inv = &mut game.player.inventory;
    match from {
        Quiver::Hand(hand) => hand.slot_mut(inv),
        Quiver::Slot(i) => &mut inv.main[i],
    }
}

/// Whether an item is drawn with the use key (a bow or trident).
pub fn draws(id: ItemId) -> bool {
    Drawn::of(id).is_some()
}

/// `use` with a bow or trident in `hand`: starts drawing if it may.
pub fn start(game: &mut Game, hand: Hand) -> bool {
    let Some(stack) = hand.slot(&game.player.inventory).clone() else {
        return false;
    };
    let can = match Drawn::of(stack.item) {
        Some(Drawn::Bow) => find_arrow(game).is_some(),
        // A trident one use from breaking cannot be thrown.
        Some(Drawn::Trident) => stack.damage + 1 < registry().item(stack.item).durability,
        None => false,
    };
    if can {
        game.player.drawing = Some(Drawing {
            ticks: 1,
            offhand: hand == Hand::Off,
        });
    }
    can
}

/// One tick of the use key while drawing: draws on while it is held and
/// the item stays in hand, releases when it is let go. Returns whether
/// the player was drawing (the use key then does nothing else).
pub fn tick(game: &mut Game, held: bool) -> bool {
    let Some(drawing) = game.player.drawing else {
        return false;
    };
    let hand = if drawing.offhand {
        Hand::Off
    } else {
        Hand::Main
    };
    let drawn = hand
        .slot(&game.player.inventory)
        .as_ref()
        .and_then(|s| Drawn::of(s.item));
    match (drawn, held) {
        (None, _) => game.player.drawing = None,
        (Some(_), true) => {
            game.player.drawing = Some(Drawing {
                ticks: drawing.ticks + 1,
                ..drawing
            })
        }
        (Some(kind), false) => {
            game.player.drawing = None;
            match kind {
                Drawn::Bow => release_bow(game, hand, drawing.ticks),
                Drawn::Trident => release_trident(game, hand, drawing.ticks),
            }
        }
    }
    true
}

/// Where a player's arrows and tridents start: the eyes less 0.1.
fn launch_point(game: &Game) -> [f64; 3] {
    let p = &game.player;
    [p.pos[0], p.eye()[1] - 0.1, p.pos[2]]
}

/// The player's own motion, which a shot carries (vertical only in the air).
fn carried_motion(game: &Game) -> [f64; 3] {
    let p = &game.player;
    [p.vel[0], if p.on_ground { 0.0 } else { p.vel[1] }, p.vel[2]]
}

/// Launches a projectile from the player along the look.
fn launch_from_player(game: &mut Game, arrow: crate::sim::projectile::Arrow, speed: f64) {
    let dir = game.player.look_dir();
    let carried = carried_motion(game);
    let vel = aimed_velocity(&mut game.rngs.projectiles, dir, speed, PLAYER_INACCURACY);
    let vel = [0, 1, 2].map(|a| vel[a] + carried[a]);
    let at = launch_point(game);
    game.entities.spawn(EntityKind::Arrow(arrow), at, vel);
}

/// `BowItem.releaseUsing`.
fn release_bow(game: &mut Game, hand: Hand, ticks: u32) {
    let power = bow_power(ticks);
    let Some(from) = find_arrow(game) else { return };
    if power < MIN_POWER {
        return;
    }
    let Some(bow) = hand.slot(&game.player.inventory).clone() else {
        return;
    };
    // Infinity spares plain arrows; the arrow it shoots cannot be picked up.
    let slot = quiver_slot(game, from);
    let infinite = enchantment_level(&bow, "infinity") > 0
        && slot.as_ref().is_some_and(|s| s.name() == "arrow");
    let shot = if infinite {
        slot.clone().map(|s| ItemStack { count: 1, ..s })
    } else {
        split_off(slot, 1)
    };
    let Some(shot) = shot else { return };
    let pickup = if infinite {
        Pickup::Disallowed
    } else {
        Pickup::Allowed
    };
    let mut arrow = new_arrow(shot, Shooter::Player, pickup);
    arrow.crit = power >= 1.0;
    let power_level = enchantment_level(&bow, "power");
    if power_level > 0 {
        arrow.base_damage += f64::from(power_level) * 0.5 + 0.5;
    }
    launch_from_player(game, arrow, f64::from(power) * FULL_POWER_SPEED);
    items::wear_hand(game, hand, 1);
    game.stats.add(Event::UseItem, "bow", 1);
}

/// `TridentItem.releaseUsing`: thrown after at least 10 ticks, worn by one.
fn release_trident(game: &mut Game, hand: Hand, ticks: u32) {
    if ticks < TRIDENT_DRAW_TICKS {
        return;
    }
    items::wear_hand(game, hand, 1);
    let Some(trident) = hand.slot_mut(&mut game.player.inventory).take() else {
        return;
    };
    let mut thrown = new_arrow(trident, Shooter::Player, Pickup::Allowed);
    thrown.fixed_damage = Some(TRIDENT_DAMAGE);
    launch_from_player(game, thrown, TRIDENT_SPEED);
    game.stats.add(Event::UseItem, "trident", 1);
}

/// A creature shoots an arrow at a target whose box has its feet at
/// `target_feet` and is `target_height` tall, aiming a third of the way
/// up and a little above for the drop (`performRangedAttack`); the
/// damage grows with `distance_factor` (0..1, how far the bow was drawn).
/// Its arrows cannot be picked up. Returns the arrow, or `None` if the
/// shooter is not a creature in the world.
pub fn mob_shoots(
    game: &mut Game,
    shooter: EntityId,
    target_feet: [f64; 3],
    target_height: f64,
    distance_factor: f32,
) -> Option<EntityId> {
    let e = game.entities.get(shooter)?;
    let EntityKind::Mob(_) = &e.kind else {
        return None;
    };
    let height = e.size().1;
    let at = [e.pos[0], e.pos[1] + height * MOB_EYE_SHARE - 0.1, e.pos[2]];
    let d = [
        target_feet[0] - at[0],
        target_feet[1] + target_height / 3.0 - at[1],
        target_feet[2] - at[2],
    ];
    let horizontal = (d[0] * d[0] + d[2] * d[2]).sqrt();
    let dir = [d[0], d[1] + horizontal * 0.2, d[2]];
    let rng = &mut game.rngs.projectiles;
    let mut arrow = new_arrow(
        ItemStack::new(item("arrow"), 1),
        Shooter::Mob(shooter),
        Pickup::Disallowed,
    );
    arrow.base_damage = f64::from(distance_factor) * 2.0
        + projectiles::gaussian(rng) * 0.25
        + MOB_DIFFICULTY_DAMAGE;
    let vel = aimed_velocity(rng, dir, MOB_ARROW_SPEED, MOB_INACCURACY);
    Some(game.entities.spawn(EntityKind::Arrow(arrow), at, vel))
}
