//! The endgame of `kill_ender_dragon` as one plan: from the overworld
//! with eyes of ender ([`super::stronghold`]: walk to the stronghold,
//! dig into the portal room, fill the frames, step into the portal) to
//! the dragon ([`super::end_fight`]: onto the island, an end stone, the
//! fight). The task's plan chains it after the overworld and Nether
//! parts; until then only the phase tests play it.
#![cfg_attr(
    not(test),
    allow(
        dead_code,
        reason = "chained into kill_ender_dragon's plan by the lead"
    )
)]

use super::end_fight::slay_the_dragon;
use super::stronghold::to_the_end;
use crate::sim::game::Game;
use crate::sim::script::plans::Plan;

/// Precondition: in the overworld with 12 eyes of ender, a diamond
/// sword and pickaxe, cobblestone and cooked beef. Postcondition (when
/// every phase succeeds): an end stone picked up and the dragon killed.
#[allow(
    dead_code,
    reason = "chained into kill_ender_dragon's plan by the lead"
)]
pub fn endgame(_: &Game) -> Plan {
    let mut plan = to_the_end();
    plan.extend(slay_the_dragon());
    plan
}
