//! Fighting for drops over a long phase: one round at a time, each
//! planned from the game state — wall the body in to heal when health is
//! low, breaking off a round of strikes as soon as it is; eat when
//! hungry, or hurt with no creature about (a meal takes the shield down:
//! at 19 health two fireballs of the blazes round a spawner, or a blaze
//! beside the player, strike through it); strike the nearest creature of a
//! kind when it is close ([`Hunt`] with the sword, jumping to land
//! criticals, bounded so a creature that flies or walks off is looked at
//! anew), first mining the block that hides it (the shelter's own wall,
//! once health is back and the creatures have gathered outside it; never
//! a spawner: the strikes wait for the creature to come round it), and
//! pick up what it dropped; dig a safe way nearer when it is far, broken
//! off once it is in striking range (dug on to its feet, the pickaxe in
//! hand meets a blaze's blows); else wait where the creatures come.

use super::deferred;
use super::dig::DigTo;
use super::equip::Equip;
use super::survive::{eat_if_needed, needs_shelter, shelter, BreakOffWhen};
use crate::sim::entity::Entity;
use crate::sim::game::Game;
use crate::sim::registry::{block, item};
use crate::sim::script::behaviour::{distance, Behaviour, Hold, Spot, Within};
use crate::sim::script::collect::CollectItems;
use crate::sim::script::combat::{block_hiding, living, Hunt};
use crate::sim::script::mining::Mine;
use crate::sim::script::plans::Plan;

/// Ticks one round of striking may last before it is planned anew.
const STRIKE_TICKS: u32 = 100;
/// Ticks one round of closing in may last.
const APPROACH_TICKS: u32 = 160;
/// Ticks mining a block that hides a creature in reach may take.
const WINDOW_TICKS: u32 = 100;
/// Ticks waited when no creature is about.
const WAIT_TICKS: u32 = 20;

/// The living creature of `kind` nearest the player within `range`
/// blocks, and its distance.
pub fn nearest_within<'g>(game: &'g Game, kind: &'g str, range: f64) -> Option<(&'g Entity, f64)> {
    let p = game.player.pos;
    living(game, kind)
        .map(|e| (e, distance(e.pos, p)))
        .filter(|&(_, d)| d <= range)
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// How a round finds its creatures.
#[derive(Debug, Clone, Copy)]
pub struct Quarry {
    pub kind: &'static str,
    /// Within this distance it is fought where it is.
    pub strike_range: f64,
    /// Within this distance (and beyond the strike range) a way to it is dug.
    pub approach_range: f64,
}

/// One round of fighting `quarry` (see the module comment).
pub fn fight_round(game: &Game, quarry: Quarry) -> Plan {
    let sword: Box<dyn Behaviour> = Box::new(Equip::new(item("diamond_sword")));
    if needs_shelter(game) {
        return shelter();
    }
    let nearest = nearest_within(game, quarry.kind, quarry.approach_range);
    let striking = nearest.is_some_and(|(_, distance)| distance <= quarry.strike_range);
    // A meal takes the shield down: with creatures about, only when hungry.
    let calm = nearest.is_none() || super::survive::hungry(game);
    if !striking && calm && super::survive::needs_food(game) {
        return vec![eat_if_needed("diamond_sword")];
    }
    let Some((target, _)) = nearest else {
        return vec![wait()];
    };
    if striking {
        let wall = block_hiding(game, target, quarry.kind)
            .filter(|&wall| game.world.get(wall) != block("spawner"));
        if let Some(wall) = wall {
            return vec![
                super::phases::equip_best_pickaxe(),
                Box::new(Mine {
                    spot: Spot::At(wall),
                    ticks_left: WINDOW_TICKS,
                }),
            ];
        }
        return vec![
            sword,
            Box::new(Within {
                ticks: STRIKE_TICKS,
                inner: Box::new(BreakOffWhen::new(
                    needs_shelter,
                    Box::new(Hunt::new(quarry.kind, 1).with_critical_hits()),
                )),
            }),
            Box::new(CollectItems::new(5.0, 60)),
        ];
    }
    let feet = target.pos.map(|v| v.floor() as i32);
    // Broken off as soon as the creature is in striking range: dug on to
    // its feet, the pickaxe in hand would be under a blaze's blows.
    let in_range = move |g: &Game| {
        needs_shelter(g) || nearest_within(g, quarry.kind, quarry.strike_range).is_some()
    };
    vec![
        super::phases::equip_best_pickaxe(),
        Box::new(Within {
            ticks: APPROACH_TICKS,
            inner: Box::new(BreakOffWhen::new(
                in_range,
                Box::new(DigTo::new(Box::new(move |_| vec![feet]))),
            )),
        }),
        // A dig with no way to the creature (one in the air) ends at
        // once: wait where it will come.
        deferred(move |g| {
            if in_range(g) {
                Vec::new()
            } else {
                vec![wait()]
            }
        }),
    ]
}

fn wait() -> Box<dyn Behaviour> {
    Box::new(Hold::still(WAIT_TICKS))
}

#[cfg(test)]
mod tests;
