//! Long-horizon scripts: the phases of going from an empty inventory to a
//! diamond and on towards the dragon — logs from the nearest trees, the
//! tool ladder at a carried crafting table, safe staircases and tunnels to
//! known ores, smelting, obsidian and a portal, the Nether's blazes and
//! endermen, the stronghold and the End — as behaviours and plan
//! functions that the two long tasks chain. [`Until`] repeats a phase's
//! round until its goal holds.

mod blazes;
mod bridge;
mod crystals;
mod dig;
mod dragon;
mod eat;
mod end_fight;
mod equip;
mod fight;
mod hazards;
mod nether;
mod obsidian;
mod overworld;
mod pearls;
mod perch;
mod phases;
mod place;
mod portal_frame;
mod route;
mod shield;
#[cfg(test)]
pub(crate) mod stage;
mod stronghold;
mod survive;

use std::collections::VecDeque;

use super::behaviour::{Behaviour, Step};
use super::plans::Plan;
use crate::protocol::Action;
use crate::sim::game::Game;

pub(super) use dig::DigTo;
pub(super) use dragon::kill_ender_dragon;
pub(super) use phases::{dig_and_mine, mine_diamond_from_scratch};
pub(super) use place::PlaceNear;

/// Plays rounds, each a plan built from the game state when it starts,
/// until a goal holds or the rounds run out.
pub struct Until {
    goal: Box<dyn Fn(&Game) -> bool>,
    round: Box<dyn Fn(&Game) -> Plan>,
    rounds_left: u32,
    current: VecDeque<Box<dyn Behaviour>>,
}

impl Until {
    pub fn new(
        goal: impl Fn(&Game) -> bool + 'static,
        rounds: u32,
        round: impl Fn(&Game) -> Plan + 'static,
    ) -> Until {
        Until {
            goal: Box::new(goal),
            round: Box::new(round),
            rounds_left: rounds,
            current: VecDeque::new(),
        }
    }
}

impl Behaviour for Until {
    fn next(&mut self, game: &Game) -> Step {
        loop {
            if let Some(behaviour) = self.current.front_mut() {
                match behaviour.next(game) {
                    Step::Act(action) => return Step::Act(action),
                    Step::Done => {
                        self.current.pop_front();
                        continue;
                    }
                }
            }
            if (self.goal)(game) || self.rounds_left == 0 {
                return Step::Done;
            }
            self.rounds_left -= 1;
            self.current = (self.round)(game).into();
            if self.current.is_empty() {
                return Step::Act(Action::noop());
            }
        }
    }
}

/// A plan built from the game state when the plan reaches it.
pub fn deferred(build: impl Fn(&Game) -> Plan + 'static) -> Box<dyn Behaviour> {
    Box::new(Until::new(|_| false, 1, build))
}
