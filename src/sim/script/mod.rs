//! Scripted policies: one per task the embedded simulator can play, to
//! prove the task is solvable through the action interface. A script may
//! read the world state to decide, but acts only through keys and camera,
//! exactly like an agent. `cargo xtask coverage` and the solvability tests
//! run them.

mod behaviour;
mod blocks;
mod boat_trap;
mod build;
mod buried;
mod checks;
mod chest;
mod collect;
mod combat;
mod construct;
mod craft;
mod craft_plan;
mod dig_out;
mod draw_out;
mod faces;
mod flight;
mod fluids;
mod footing;
mod gaps;
mod go_round;
mod goals;
mod journeys;
mod judged;
mod long;
mod mining;
mod pearl_chase;
mod phantom;
mod placing;
mod plans;
mod plants;
mod rooms;
mod route;
mod screens;
mod smelt;
mod stares;
mod steer;
mod tools;
mod travel;
mod walking;

use std::collections::VecDeque;

use serde::Serialize;

pub use gaps::{missing_capability, tasks_with_gaps};

use behaviour::{Behaviour, Step};

use super::game::Game;
use super::{episode_seed, EmbeddedSim, Simulator};
use crate::protocol::Action;
use crate::reward::RewardTracker;
use crate::suite::{Event, Task};

/// A plan of behaviours, built from the game state when the episode
/// starts, and built again after each death: the player is back at the
/// spawn point with nothing, so what the plan had done is gone.
pub struct Script {
    build: plans::PlanFn,
    plan: Option<VecDeque<Box<dyn Behaviour>>>,
    /// Deaths counted when the plan was built.
    deaths: u64,
}

impl Script {
    /// The script for a task, if there is one.
    pub fn for_task(name: &str) -> Option<Script> {
        plans::lookup(name).map(|build| Script {
            build,
            plan: None,
            deaths: 0,
        })
    }

    /// The action for this tick; no-ops once the plan is done.
    pub fn act(&mut self, game: &Game) -> Action {
        let deaths = game.stats.get(Event::Custom, "deaths");
        if deaths != self.deaths {
            if game.player.is_dead() {
                return Action::noop();
            }
            self.deaths = deaths;
            self.plan = None;
        }
        let Script { build, plan, .. } = self;
        let plan = plan.get_or_insert_with(|| build(game).into_iter().collect());
        while let Some(behaviour) = plan.front_mut() {
            match behaviour.next(game) {
                Step::Act(action) => return action,
                Step::Done => {
                    plan.pop_front();
                }
            }
        }
        Action::noop()
    }
}

/// Names of the tasks that have a script.
pub fn scripted_tasks() -> Vec<&'static str> {
    plans::names()
}

/// How a scripted run of a task went.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Solve {
    pub paid: f64,
    pub max: f64,
    pub steps: u32,
    /// For a task with a world-state check: whether it held at the end.
    pub check: Option<bool>,
}

impl Solve {
    /// The reward config paid in full (if it pays anything) and the
    /// world-state check holds (if the task has one).
    pub fn solved(&self) -> bool {
        let paid = self.paid >= self.max;
        match self.check {
            Some(held) => held && paid,
            None => self.max > 0.0 && paid,
        }
    }

    /// How much of the task was done, 0..=1: the share of the reward
    /// config paid, and nothing unless the world-state check (if any) holds.
    pub fn score(&self) -> f64 {
        let paid = if self.max > 0.0 {
            (self.paid / self.max).min(1.0)
        } else {
            1.0
        };
        match self.check {
            Some(false) => 0.0,
            Some(true) => paid,
            None if self.max > 0.0 => paid,
            None => 0.0,
        }
    }
}

/// Whether a task is judged by a world-state check (judge-only tasks).
pub fn has_check(task: &str) -> bool {
    checks::lookup(task).is_some()
}

/// Plays a task with its script on the embedded simulator until the reward
/// config is fully paid and its world-state check (if any) holds, or
/// `max_steps` run out. `None` if the task has no script.
pub fn solve(task: &Task, scenario_seed: u64, max_steps: u32) -> Option<Solve> {
    let mut script = Script::for_task(&task.name)?;
    Some(play(task, scenario_seed, max_steps, &mut |game| {
        script.act(game)
    }))
}

/// Plays a task with any policy (a function of the game state) the way
/// [`solve`] plays its script: until the task is done or `max_steps` run
/// out. The baselines use it for the noop and random policies.
pub fn play(
    task: &Task,
    scenario_seed: u64,
    max_steps: u32,
    policy: &mut dyn FnMut(&Game) -> Action,
) -> Solve {
    let check = checks::lookup(&task.name);
    let mut sim = EmbeddedSim::new();
    sim.reset(episode_seed(scenario_seed, &task.name), &task.init_commands);
    let mut tracker = RewardTracker::new(&task.rewards, sim.statistics());
    let holds = |sim: &EmbeddedSim| check.map(|c| c(sim.game()));
    let mut steps = 0;
    while steps < max_steps && !(tracker.fully_paid() && holds(&sim) != Some(false)) {
        let action = policy(sim.game());
        sim.step(&action);
        tracker.step(sim.statistics());
        steps += 1;
    }
    Solve {
        paid: tracker.total(),
        max: tracker.max_total(),
        steps,
        check: holds(&sim),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::sky_game;
    use crate::sim::rules;

    /// Plays the script for `ticks` ticks.
    fn play_for(script: &mut Script, game: &mut Game, ticks: u32) {
        for _ in 0..ticks {
            let action = script.act(game);
            rules::tick(game, &action);
        }
    }

    #[test]
    fn a_script_starts_its_plan_over_after_the_player_dies() {
        let mut game = sky_game();
        let mut script = Script::for_task("look_at_the_sky").expect("a script");
        play_for(&mut script, &mut game, 100);
        assert_eq!(game.player.pitch, -90.0, "looked up");
        game.player.health = 0.0;
        play_for(&mut script, &mut game, 100);
        assert!(!game.player.is_dead(), "respawned");
        assert_eq!(game.stats.get(Event::Custom, "deaths"), 1);
        play_for(&mut script, &mut game, 100);
        assert_eq!(game.player.pitch, -90.0, "looked up again after respawning");
    }
}
