//! `kill_ender_dragon`'s plan: its three parts chained. The overworld
//! ([`super::overworld`]: from nothing to diamond tools, flint and steel,
//! obsidian and a lit nether portal), the Nether ([`super::nether`]:
//! through the portal to blaze rods, ender pearls and eyes, and back),
//! and the endgame ([`super::stronghold`]: to the stronghold, into the
//! portal room, the frames filled; [`super::end_fight`]: onto the island,
//! an end stone, the dragon). Each part's phase tests show what works on
//! its own; the chain goes as far as its first part that does not work
//! yet in a world (README, "Scripts").

use super::deferred;
use super::end_fight::slay_the_dragon;
use super::nether::nether_to_eyes;
use super::overworld::to_the_portal;
use super::stronghold::to_the_end;
use crate::sim::game::Game;
use crate::sim::script::plans::Plan;

/// From nothing to the dead dragon.
pub(in crate::sim::script) fn kill_ender_dragon(game: &Game) -> Plan {
    let mut plan = to_the_portal(game);
    plan.push(deferred(nether_to_eyes));
    plan.extend(to_the_end());
    plan.extend(slay_the_dragon());
    plan
}
