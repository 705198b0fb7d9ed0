//! Health, hunger and death, after vanilla's `LivingEntity.hurt`,
//! `FoodData.tick` and `Player.die` (difficulty normal, natural
//! regeneration on): damage with its protection window, exhaustion,
//! saturation and food drain, regeneration, starvation, drowning,
//! suffocation, burning, the void, death with dropped inventory, and respawning.
//!
//! Hits that armor stops (attacks, lava) go through `armor` first.

use super::fluids::{self, Fluid};
use super::items;
use super::suffocation;
use super::traits;
use crate::sim::dimensions;
use crate::sim::game::Game;
use crate::sim::player::{Player, MAX_AIR, MAX_FOOD, MAX_HEALTH};
use crate::sim::registry::BlockId;
use crate::sim::stats::Statistics;
use crate::sim::world::Dimension;
use crate::suite::Event;

/// Ticks between death and respawn.
pub const RESPAWN_DELAY: u32 = 20;
/// Exhaustion that costs one saturation or food point.
const EXHAUSTION_PER_POINT: f32 = 4.0;
/// Below this height the void hurts.
const VOID_Y: f64 = -64.0;

/// Why the player is hurt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    Fall,
    Lava,
    /// Burning after leaving lava or fire.
    OnFire,
    Drown,
    Starve,
    Void,
    /// The eyes inside a full opaque block.
    InWall,
    /// Potions of harming: bypasses armor, costs no exhaustion.
    Magic,
    /// A blaze's small fireball: fire (fire resistance stops it) that armor meets.
    Fireball,
    /// Attacks and anything else; creatures' blows pass this.
    Generic,
}

impl Damage {
    /// Exhaustion the hit adds (damage that bypasses armor adds none).
    fn exhaustion(self) -> f32 {
        match self {
            Damage::Lava | Damage::Generic | Damage::Fireball => 0.1,
            _ => 0.0,
        }
    }

    fn is_fire(self) -> bool {
        matches!(self, Damage::Lava | Damage::OnFire | Damage::Fireball)
    }

    /// Whether armor takes part of it (vanilla's damage sources without
    /// `bypassArmor`).
    fn meets_armor(self) -> bool {
        matches!(self, Damage::Lava | Damage::Generic | Damage::Fireball)
    }
}

/// Adds exhaustion (capped at 40 like vanilla).
pub fn exhaust(p: &mut Player, amount: f32) {
    p.exhaustion = (p.exhaustion + amount).min(40.0);
}

/// Hurts the player; returns whether any damage was taken. A hit within 10
/// ticks of the last one only deals what exceeds it.
pub fn hurt(p: &mut Player, stats: &mut Statistics, amount: f32, cause: Damage) -> bool {
    if p.is_dead() || p.health <= 0.0 || (cause.is_fire() && p.has_effect("fire_resistance")) {
        return false;
    }
    let dealt = if p.hurt_cooldown > 10 {
        if amount <= p.last_hurt {
            return false;
        }
        let extra = amount - p.last_hurt;
        p.last_hurt = amount;
        extra
    } else {
        p.last_hurt = amount;
        p.hurt_cooldown = 20;
        amount
    };
    let dealt = if cause.meets_armor() {
        super::armor::absorb(p, stats, dealt)
    } else {
        dealt
    };
    let dealt = match p.effect_amplifier("resistance") {
        Some(a) if cause != Damage::Void => {
            (dealt * (25.0 - 5.0 * f32::from(a + 1)) / 25.0).max(0.0)
        }
        _ => dealt,
    };
    if dealt <= 0.0 {
        return false;
    }
    exhaust(p, cause.exhaustion());
    p.health = (p.health - dealt).max(0.0);
    stats.add(Event::Custom, "damage_taken", (dealt * 10.0).round() as u64);
    true
}

/// Heals up to full health.
pub fn heal(p: &mut Player, amount: f32) {
    if p.health > 0.0 {
        p.health = (p.health + amount).min(MAX_HEALTH);
    }
}

/// Fall damage on landing: one point per block beyond three.
pub fn land(p: &mut Player, stats: &mut Statistics, distance: f64, on: BlockId) {
    if distance >= 2.0 {
        stats.add(
            Event::Custom,
            "fall_one_cm",
            (distance * 100.0).round() as u64,
        );
    }
    let jump_boost = p
        .effect_amplifier("jump_boost")
        .map_or(0.0, |a| f64::from(a) + 1.0);
    let damage = ((distance - 3.0 - jump_boost) * traits::FALL_DAMAGE_FACTOR.get(on)).ceil();
    if damage > 0.0 {
        hurt(p, stats, damage as f32, Damage::Fall);
    }
}

/// Vanilla's `FoodData.tick`.
fn tick_food(p: &mut Player, stats: &mut Statistics) {
    if p.exhaustion > EXHAUSTION_PER_POINT {
        p.exhaustion -= EXHAUSTION_PER_POINT;
        if p.saturation > 0.0 {
            p.saturation = (p.saturation - 1.0).max(0.0);
        } else {
            p.food = p.food.saturating_sub(1);
        }
    }
    let hurt_now = p.health > 0.0 && p.health < MAX_HEALTH;
    if p.saturation > 0.0 && hurt_now && p.food >= MAX_FOOD {
        p.food_timer += 1;
        if p.food_timer >= 10 {
            let spent = p.saturation.min(6.0);
            heal(p, spent / 6.0);
            exhaust(p, spent);
            p.food_timer = 0;
        }
    } else if p.food >= 18 && hurt_now {
        p.food_timer += 1;
        if p.food_timer >= 80 {
            heal(p, 1.0);
            exhaust(p, 6.0);
            p.food_timer = 0;
        }
    } else if p.food == 0 {
        p.food_timer += 1;
        if p.food_timer >= 80 {
            if p.health > 1.0 {
                hurt(p, stats, 1.0, Damage::Starve);
            }
            p.food_timer = 0;
        }
    } else {
        p.food_timer = 0;
    }
}

/// Breath under water: one tick of air per tick, 2 damage each second
/// once it runs out; it refills four times as fast.
fn tick_breath(game: &mut Game) {
    let Game {
        world,
        player: p,
        stats,
        ..
    } = game;
    if fluids::eyes_in(world, p.eye(), Fluid::Water) && !p.has_effect("water_breathing") {
        p.air -= 1;
        if p.air <= -20 {
            p.air = 0;
            hurt(p, stats, 2.0, Damage::Drown);
        }
    } else {
        p.air = (p.air + 4).min(MAX_AIR);
    }
}

/// Everything health-related that happens once per tick while alive.
pub fn tick_alive(game: &mut Game) {
    tick_breath(game);
    let Game {
        world,
        player: p,
        stats,
        ..
    } = game;
    if suffocation::eyes_in_wall(world, p) {
        hurt(p, stats, suffocation::DAMAGE, Damage::InWall);
    }
    if p.hurt_cooldown > 0 {
        p.hurt_cooldown -= 1;
    }
    if p.fire_ticks > 0 {
        if p.fire_ticks % 20 == 0 {
            hurt(p, stats, 1.0, Damage::OnFire);
        }
        p.fire_ticks -= 1;
    }
    if p.pos[1] < VOID_Y {
        hurt(p, stats, 4.0, Damage::Void);
    }
    tick_food(p, stats);
    stats.add(Event::Custom, "play_one_minute", 1);
    if p.sneaking {
        stats.add(Event::Custom, "sneak_time", 1);
    }
}

/// When health ran out: count the death and drop everything carried.
pub fn check_death(game: &mut Game) {
    if game.player.is_dead() || game.player.health > 0.0 {
        return;
    }
    game.player.dead_ticks = Some(0);
    game.player.breaking = None;
    game.player.eating_ticks = 0;
    game.stats.add(Event::Custom, "deaths", 1);
    let inventory = std::mem::take(&mut game.player.inventory);
    game.player.inventory.selected = inventory.selected;
    let stacks = inventory
        .main
        .into_iter()
        .chain(inventory.armor)
        .chain(std::iter::once(inventory.offhand));
    for stack in stacks.flatten() {
        items::drop_around_player(game, stack);
    }
}

/// While dead: wait, then come back at the spawn point with full health,
/// in the overworld whichever dimension the player died in (the spawn
/// point is the world's or a bed's, both in the overworld).
pub fn tick_dead(game: &mut Game) {
    let Some(ticks) = game.player.dead_ticks.as_mut() else {
        return;
    };
    *ticks += 1;
    if *ticks < RESPAWN_DELAY {
        return;
    }
    let spawn = game.spawn;
    let mut feet = [
        f64::from(spawn[0]) + 0.5,
        f64::from(spawn[1]),
        f64::from(spawn[2]) + 0.5,
    ];
    // Into the overworld (a no-op there), the world around the spawn made.
    dimensions::change_dimension(game, Dimension::Overworld, feet);
    let inventory = std::mem::take(&mut game.player.inventory);
    let mut fresh = Player::new(feet);
    while feet[1] < f64::from(crate::sim::world::HEIGHT)
        && !super::collision::is_free(&game.world, &super::movement::player_box(&fresh))
    {
        feet[1] += 1.0;
        fresh.pos = feet;
    }
    fresh.inventory = inventory;
    fresh.enchantment_seed = game.player.enchantment_seed;
    game.player = fresh;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protection_window_only_deals_the_excess() {
        let mut p = Player::new([0.0; 3]);
        let mut stats = Statistics::default();
        assert!(hurt(&mut p, &mut stats, 4.0, Damage::Generic));
        assert!(!hurt(&mut p, &mut stats, 3.0, Damage::Generic));
        assert!(hurt(&mut p, &mut stats, 6.0, Damage::Generic));
        assert_eq!(p.health, 14.0);
        assert_eq!(stats.get(Event::Custom, "damage_taken"), 60);
    }

    #[test]
    fn exhaustion_drains_saturation_then_food() {
        let mut p = Player::new([0.0; 3]);
        let mut stats = Statistics::default();
        p.saturation = 1.0;
        exhaust(&mut p, 4.5);
        tick_food(&mut p, &mut stats);
        assert_eq!((p.saturation, p.food), (0.0, 20));
        exhaust(&mut p, 4.0);
        tick_food(&mut p, &mut stats);
        assert_eq!(p.food, 19);
    }

    #[test]
    fn a_fed_player_regenerates_and_a_starving_one_suffers() {
        let mut p = Player::new([0.0; 3]);
        let mut stats = Statistics::default();
        p.health = 10.0;
        p.saturation = 0.0;
        p.food = 18;
        for _ in 0..80 {
            tick_food(&mut p, &mut stats);
        }
        assert_eq!(p.health, 11.0);
        p.food = 0;
        p.exhaustion = 0.0;
        for _ in 0..80 {
            tick_food(&mut p, &mut stats);
        }
        assert_eq!(p.health, 10.0);
    }

    #[test]
    fn fire_resistance_blocks_lava() {
        let mut p = Player::new([0.0; 3]);
        p.effects.push(crate::sim::player::ActiveEffect {
            id: "fire_resistance".into(),
            amplifier: 0,
            ticks_left: 100,
        });
        assert!(!hurt(&mut p, &mut Statistics::default(), 4.0, Damage::Lava));
    }
}
