//! The player's melee attack on a creature, after vanilla's
//! `Player.attack`: damage by the held item (`registry/weapons.tsv`)
//! scaled by the attack charge (× (0.2 + 0.8·c²)), criticals when falling
//! with a charged swing (× 1.5), Sharpness, knockback (more when
//! sprinting), exhaustion and weapon wear. The charge counts ticks since
//! the last swing, and starts over when the main-hand item changes.

use super::combat::{self, Attacker, HitOutcome};
use super::items::{enchantment_level, wear_main_hand};
use crate::sim::creature;
use crate::sim::entity::EntityId;
use crate::sim::game::Game;
use crate::sim::player::Player;
use crate::sim::registry::{registry, ItemKind, ToolKind};

/// Knockback every hit gives (`LivingEntity.hurt`), in blocks a tick.
const HIT_KNOCKBACK: f64 = 0.4;

/// Counts the charge up one tick; a different main-hand item resets it.
pub fn recharge(p: &mut Player) {
    let held = p.inventory.selected_stack().map(|s| s.item);
    if held != p.charge_item {
        p.charge_item = held;
        p.attack_ticks = 0;
    } else {
        p.attack_ticks = p.attack_ticks.saturating_add(1);
    }
}

/// The attack charge, 0–1 (`getAttackStrengthScale(0.5)`).
pub fn charge(p: &Player) -> f32 {
    let weapon = registry().weapon(p.inventory.selected_stack().map(|s| s.item));
    ((p.attack_ticks as f32 + 0.5) / weapon.cooldown_ticks()).clamp(0.0, 1.0)
}

/// Whether a swing now would be a critical hit: charged, falling, not on
/// the ground, not climbing, in water, blind or sprinting.
pub fn is_critical(game: &Game) -> bool {
    let p = &game.player;
    charge(p) > 0.9
        && p.fall_distance > 0.0
        && !p.on_ground
        && !p.in_water
        && !p.sprinting
        && !p.has_effect("blindness")
        && !super::traits::CLIMBABLE.contains(game.world.get(p.block_pos()))
}

/// The damage a swing deals now, before the target's armor.
pub fn swing_damage(game: &Game) -> f32 {
    let p = &game.player;
    let held = p.inventory.selected_stack();
    let weapon = registry().weapon(held.map(|s| s.item));
    let c = charge(p);
    let mut damage = weapon.damage * (0.2 + c * c * 0.8);
    if is_critical(game) {
        damage *= 1.5;
    }
    let sharpness = held.map_or(0, |s| enchantment_level(s, "sharpness"));
    if sharpness > 0 {
        damage += (0.5 * f32::from(sharpness) + 0.5) * c;
    }
    damage
}

/// The player swings at nothing (or a block): the charge starts over.
pub fn swing(p: &mut Player) {
    p.attack_ticks = 0;
}

/// The player strikes creature `id`.
pub fn strike(game: &mut Game, id: EntityId) {
    let damage = swing_damage(game);
    let p = &game.player;
    let strong = charge(p) > 0.9;
    let held = p.inventory.selected_stack().cloned();
    let look_yaw = f64::from(p.yaw).to_radians();
    let from = p.pos;
    let mut knockback = f64::from(
        held.as_ref()
            .map_or(0, |s| enchantment_level(s, "knockback")),
    );
    if p.sprinting && strong {
        knockback += 1.0;
    }
    swing(&mut game.player);
    let HitOutcome::Hurt { .. } = combat::hurt_mob(game, id, damage, Attacker::Player) else {
        return;
    };
    if let Some(target) = game.entities.get_mut(id) {
        creature::knock_back(target, HIT_KNOCKBACK, from);
        if knockback > 0.0 {
            let behind = [
                target.pos[0] + look_yaw.sin(),
                target.pos[1],
                target.pos[2] - look_yaw.cos(),
            ];
            creature::knock_back(target, knockback * 0.5, behind);
        }
    }
    if knockback > 0.0 {
        let p = &mut game.player;
        p.vel[0] *= 0.6;
        p.vel[2] *= 0.6;
        p.sprinting = false;
    }
    super::health::exhaust(&mut game.player, 0.1);
    let wear = match held.map(|s| registry().item(s.item).kind) {
        Some(ItemKind::Tool {
            kind: ToolKind::Sword,
            ..
        }) => 1,
        Some(ItemKind::Tool { .. }) => 2,
        _ => 0,
    };
    if wear > 0 {
        wear_main_hand(game, wear);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;
    use crate::sim::rules::testkit::platform_game;

    fn holding(name: &str) -> Game {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item(name), 1));
        recharge(&mut game.player);
        game
    }

    #[test]
    fn damage_scales_with_the_charge() {
        let mut game = holding("diamond_sword");
        assert!((swing_damage(&game) - 7.0 * (0.2 + 0.8 * (0.5f32 / 12.5).powi(2))).abs() < 1e-4);
        for _ in 0..12 {
            recharge(&mut game.player);
        }
        assert_eq!(charge(&game.player), 1.0);
        assert_eq!(swing_damage(&game), 7.0);
        game.player.inventory.main[0] = Some(ItemStack::new(item("iron_sword"), 1));
        recharge(&mut game.player);
        assert!(
            charge(&game.player) < 0.1,
            "a new item starts the charge over"
        );
    }

    #[test]
    fn the_fist_recharges_in_five_ticks_and_hits_for_one() {
        let mut game = platform_game();
        recharge(&mut game.player);
        for _ in 0..4 {
            recharge(&mut game.player);
        }
        assert_eq!(charge(&game.player), 1.0);
        assert_eq!(swing_damage(&game), 1.0);
    }

    #[test]
    fn a_falling_charged_swing_is_critical() {
        let mut game = holding("iron_sword");
        for _ in 0..13 {
            recharge(&mut game.player);
        }
        game.player.on_ground = false;
        game.player.fall_distance = 0.3;
        assert!(is_critical(&game));
        assert_eq!(swing_damage(&game), 9.0);
        game.player.sprinting = true;
        assert!(!is_critical(&game), "no critical while sprinting");
    }

    #[test]
    fn sharpness_adds_half_a_point_a_level_and_a_half() {
        let mut game = holding("diamond_sword");
        if let Some(stack) = game.player.inventory.main[0].as_mut() {
            stack.enchantments.push(crate::sim::inventory::Enchantment {
                id: "sharpness".into(),
                level: 3,
            });
        }
        for _ in 0..13 {
            recharge(&mut game.player);
        }
        assert_eq!(swing_damage(&game), 9.0);
    }
}
