//! Fighting for drops over a long phase: one round at a time, each
//! planned from the game state — wall the body in to heal when health is
//! low; eat when hungry or hurt; strike the
//! nearest creature of a kind when it is close ([`Hunt`] with the sword,
//! jumping to land criticals,
//! bounded so a creature that flies or walks off is looked at anew), and
//! pick up what it dropped; dig a safe way nearer when it is far; else
//! wait where the creatures come.

use super::dig::DigTo;
use super::equip::Equip;
use super::survive::{eat_if_needed, needs_shelter, shelter, Within};
use crate::protocol::Action;
use crate::sim::entity::Entity;
use crate::sim::game::Game;
use crate::sim::registry::item;
use crate::sim::script::behaviour::{Behaviour, CollectItems, Hold};
use crate::sim::script::combat::{living, Hunt};
use crate::sim::script::plans::Plan;

/// Ticks one round of striking may last before it is planned anew.
const STRIKE_TICKS: u32 = 100;
/// Ticks one round of closing in may last.
const APPROACH_TICKS: u32 = 160;
/// Ticks waited when no creature is about.
const WAIT_TICKS: u32 = 20;

/// The living creature of `kind` nearest the player within `range`
/// blocks, and its distance.
pub fn nearest_within<'g>(game: &'g Game, kind: &'g str, range: f64) -> Option<(&'g Entity, f64)> {
    let p = game.player.pos;
    living(game, kind)
        .map(|e| {
            let d = (0..3)
                .map(|i| (e.pos[i] - p[i]).powi(2))
                .sum::<f64>()
                .sqrt();
            (e, d)
        })
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
        return shelter(game);
    }
    if super::survive::needs_food(game) {
        return vec![eat_if_needed("diamond_sword")];
    }
    let Some((target, distance)) = nearest_within(game, quarry.kind, quarry.approach_range) else {
        return vec![Box::new(Hold {
            action: Action::noop(),
            ticks: WAIT_TICKS,
        })];
    };
    if distance <= quarry.strike_range {
        return vec![
            sword,
            Box::new(Within {
                ticks: STRIKE_TICKS,
                inner: Box::new(Hunt::new(quarry.kind, 1).with_critical_hits()),
            }),
            Box::new(CollectItems {
                radius: 5.0,
                ticks_left: 60,
            }),
        ];
    }
    let feet = target.pos.map(|v| v.floor() as i32);
    vec![
        super::phases::equip_best_pickaxe(),
        Box::new(Within {
            ticks: APPROACH_TICKS,
            inner: Box::new(DigTo::new(Box::new(move |_| vec![feet]))),
        }),
    ]
}
