//! Damage to creatures, after vanilla's `LivingEntity.hurt` and `die`: the
//! 10-tick window in which only a larger hit counts, the creature's armor
//! against the player's blows, the hurt flash, what the creature remembers
//! of the hit (its brain panics or fights back), death with its drops
//! (`registry/creatures.tsv`, rolled on the drops stream) and the
//! statistics a player's kill counts (`kill_entity`, `mob_kills`,
//! `damage_dealt`) — a death of any cause is the player's kill while the
//! creature's record of the fight holds a hit of the player's (it lasts
//! 300 ticks past the creature's last hurt of any cause, so a creature
//! burning, drowning or falling after the player's blow is still the
//! player's kill), as `getKillCredit` has it through the `CombatTracker`.
//! Who attacks with what (melee charge, criticals, projectiles) is
//! decided by the callers; this is where the hit lands.

use rand::Rng;

use super::items;
use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::registry::{registry, EntityTypeId};
use crate::suite::Event;

/// Ticks a hit creature flashes red and ignores hits no larger than the last.
pub const HURT_TICKS: u32 = 10;
/// Ticks a dead creature lies tilted before it is removed.
pub const DEATH_TICKS: u32 = 20;

/// Who dealt a hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attacker {
    Player,
    /// Another creature, a fall, fire, …: no player statistics.
    Other,
}

/// How a hit on a creature went.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum HitOutcome {
    /// Absorbed by the hurt window, or the target is gone or already dying.
    Ignored,
    /// Health lost, and whether it died of it.
    Hurt { dealt: f32, killed: bool },
}

/// Hurts creature `id` by `amount` half-hearts (less where a hit lands
/// on a dragon's body rather than its head). Returns what happened.
pub fn hurt_mob(game: &mut Game, id: EntityId, amount: f32, attacker: Attacker) -> HitOutcome {
    let dragon = registry().entity_named("ender_dragon");
    let amount = match game.entities.get(id) {
        Some(e) if matches!(&e.kind, EntityKind::Mob(m) if Some(m.kind) == dragon) => {
            let by_player = attacker == Attacker::Player;
            crate::sim::creature::dragon::adjusted_damage(game, e, amount, by_player)
        }
        _ => amount,
    };
    hurt_mob_in_full(game, id, amount, attacker)
}

/// Hurts creature `id` by all of `amount` (a dragon on its head).
pub fn hurt_mob_in_full(
    game: &mut Game,
    id: EntityId,
    amount: f32,
    attacker: Attacker,
) -> HitOutcome {
    let Some(entity) = game.entities.get_mut(id) else {
        return HitOutcome::Ignored;
    };
    let EntityKind::Mob(mob) = &mut entity.kind else {
        return HitOutcome::Ignored;
    };
    if mob.is_dying() || amount <= 0.0 {
        return HitOutcome::Ignored;
    }
    if super::end_crystal::is_crystal(mob.kind) {
        super::end_crystal::shatter(game, id, attacker);
        return HitOutcome::Hurt {
            dealt: 0.0,
            killed: false,
        };
    }
    let state = &mut mob.state;
    let dealt = if state.hurt_ticks > 0 {
        if amount <= state.last_hurt {
            return HitOutcome::Ignored;
        }
        amount - state.last_hurt
    } else {
        state.hurt_ticks = HURT_TICKS;
        amount
    };
    state.last_hurt = amount;
    state.idle_ticks = 0;
    let creature = registry().creature(mob.kind);
    let dealt = match (attacker, creature) {
        (Attacker::Player, Some(def)) => super::armor::after_armor(dealt, def.armor, 0.0),
        _ => dealt,
    };
    let memory = &mut mob.brain.memory;
    memory.note_hurt(game.tick, attacker);
    let the_players_kill = memory.in_fight_with_player();
    let dealt = dealt.min(mob.health);
    mob.health -= dealt;
    let killed = mob.health <= 0.0;
    if killed {
        mob.health = 0.0;
        mob.state.death_ticks = 1;
    }
    let (kind, at) = (mob.kind, entity.pos);
    let name = registry().entity(kind).name;
    if killed {
        drop_loot(game, kind, at);
    }
    let stats = &mut game.stats;
    if attacker == Attacker::Player {
        // Vanilla counts damage dealt in tenths of a half-heart, rounded.
        stats.add(Event::Custom, "damage_dealt", (dealt * 10.0).round() as u64);
    }
    if killed && the_players_kill {
        stats.add(Event::KillEntity, name, 1);
        stats.add(Event::Custom, "mob_kills", 1);
    }
    HitOutcome::Hurt { dealt, killed }
}

/// A dead creature's drops fall where it died (`spawnAtLocation`).
fn drop_loot(game: &mut Game, kind: EntityTypeId, at: [f64; 3]) {
    let Some(def) = registry().creature(kind) else {
        return;
    };
    for drop in &def.drops {
        let rng = &mut game.rngs.drops;
        let count = rng.gen_range(drop.min..=drop.max);
        let Ok(count @ 1..) = u8::try_from(count) else {
            continue;
        };
        items::spawn_drop_at(game, at, ItemStack::new(drop.item, count));
    }
}

/// Counts down hurt flashes and death tilts; removes bodies whose death
/// animation is over. Runs once a tick, before creatures act.
pub fn tick_wounds(game: &mut Game) {
    for entity in &mut game.entities.list {
        if let EntityKind::Mob(mob) = &mut entity.kind {
            let state = &mut mob.state;
            state.hurt_ticks = state.hurt_ticks.saturating_sub(1);
            if state.death_ticks > 0 {
                state.death_ticks += 1;
            }
        }
    }
    game.entities.list.retain(|e| match &e.kind {
        EntityKind::Mob(mob) => mob.state.death_ticks <= DEATH_TICKS,
        _ => true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::entity::{Mob, MobTags};

    fn game_with_pig() -> (Game, EntityId) {
        let mut game = Game::blank(1);
        let pig = registry().entity_named("pig").unwrap();
        let id = game.entities.spawn(
            EntityKind::Mob(Mob::new(pig, 10.0, MobTags::default())),
            [0.5, 64.0, 0.5],
            [0.0; 3],
        );
        (game, id)
    }

    fn health(game: &Game, id: EntityId) -> Option<f32> {
        game.entities.get(id).map(|e| match &e.kind {
            EntityKind::Mob(m) => m.health,
            _ => unreachable!(),
        })
    }

    #[test]
    fn a_second_hit_in_the_window_deals_only_what_exceeds_the_first() {
        let (mut game, pig) = game_with_pig();
        assert_eq!(
            hurt_mob(&mut game, pig, 3.0, Attacker::Player),
            HitOutcome::Hurt {
                dealt: 3.0,
                killed: false
            }
        );
        assert_eq!(
            hurt_mob(&mut game, pig, 2.0, Attacker::Player),
            HitOutcome::Ignored
        );
        assert_eq!(
            hurt_mob(&mut game, pig, 5.0, Attacker::Player),
            HitOutcome::Hurt {
                dealt: 2.0,
                killed: false
            }
        );
        assert_eq!(health(&game, pig), Some(5.0));
        assert_eq!(game.stats.get(Event::Custom, "damage_dealt"), 50);
    }

    #[test]
    fn a_kill_counts_once_and_the_body_goes_after_its_death_tilt() {
        let (mut game, pig) = game_with_pig();
        let outcome = hurt_mob(&mut game, pig, 12.0, Attacker::Player);
        assert_eq!(
            outcome,
            HitOutcome::Hurt {
                dealt: 10.0,
                killed: true
            }
        );
        for _ in 0..HURT_TICKS + 1 {
            tick_wounds(&mut game);
        }
        assert_eq!(
            hurt_mob(&mut game, pig, 20.0, Attacker::Player),
            HitOutcome::Ignored
        );
        assert_eq!(game.stats.get(Event::KillEntity, "pig"), 1);
        assert_eq!(game.stats.get(Event::Custom, "mob_kills"), 1);
        for _ in 0..DEATH_TICKS {
            tick_wounds(&mut game);
        }
        assert_eq!(health(&game, pig), None, "the body is removed");
    }

    #[test]
    fn other_attackers_count_no_player_statistics() {
        let (mut game, pig) = game_with_pig();
        hurt_mob(&mut game, pig, 20.0, Attacker::Other);
        assert!(game.stats.is_empty());
    }

    /// Wounds `pig` by the player's hit, then after each of `gaps` ticks
    /// burns it a little (no kill), and after the last has a fall finish
    /// it off: what the kill counts.
    fn kills_after_a_players_hit(gaps: &[u64]) -> u64 {
        let (mut game, pig) = game_with_pig();
        hurt_mob(&mut game, pig, 2.0, Attacker::Player);
        for (k, &gap) in gaps.iter().enumerate() {
            for _ in 0..gap {
                game.tick += 1;
                tick_wounds(&mut game);
            }
            let last = k + 1 == gaps.len();
            let outcome = hurt_mob(
                &mut game,
                pig,
                if last { 20.0 } else { 1.0 },
                Attacker::Other,
            );
            assert!(matches!(outcome, HitOutcome::Hurt { killed, .. } if killed == last));
        }
        game.stats.get(Event::KillEntity, "pig")
    }

    #[test]
    fn a_death_while_the_fight_is_remembered_is_the_players_kill() {
        use crate::sim::creature::FIGHT_RECORD_TICKS;
        assert_eq!(kills_after_a_players_hit(&[FIGHT_RECORD_TICKS]), 1);
        assert_eq!(kills_after_a_players_hit(&[FIGHT_RECORD_TICKS + 1]), 0);
        // Each hurt renews the record (seed 160's enderman, two health
        // left after the player's blows, fell to its death 115 ticks on).
        let burning = [200, 200, FIGHT_RECORD_TICKS];
        assert_eq!(kills_after_a_players_hit(&burning), 1);
        let lapsed = [200, FIGHT_RECORD_TICKS + 1, 10];
        assert_eq!(kills_after_a_players_hit(&lapsed), 0);
    }
}
