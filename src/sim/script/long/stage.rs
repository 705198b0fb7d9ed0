//! Plays one phase of a long script on its own, from a start the test sets
//! up by hand (items given, the player moved to another dimension, a
//! structure nearby): the phase still acts only through actions, ticked by
//! the game's rules, until its goal holds or its steps run out. The phase
//! tests of the long scripts use it, so each phase is shown to work
//! before the whole chain is.

use std::collections::VecDeque;

use crate::sim::game::Game;
use crate::sim::rules;
use crate::sim::script::behaviour::{Behaviour, Step};
use crate::sim::script::plans::Plan;

/// How a staged phase ended.
pub struct Staged {
    /// The game as the phase left it, for the test's further assertions.
    pub game: Game,
    /// Steps played.
    pub steps: u32,
    /// Whether the goal held when it stopped.
    pub reached: bool,
}

/// Plays `plan` from `game` until `goal` holds, the plan ends, or
/// `max_steps` run out.
pub fn play_phase(
    mut game: Game,
    plan: Plan,
    goal: impl Fn(&Game) -> bool,
    max_steps: u32,
) -> Staged {
    let mut plan: VecDeque<Box<dyn Behaviour>> = plan.into_iter().collect();
    let mut steps = 0;
    while steps < max_steps && !goal(&game) {
        let Some(behaviour) = plan.front_mut() else {
            break;
        };
        match behaviour.next(&game) {
            Step::Act(action) => {
                rules::tick(&mut game, &action);
                steps += 1;
            }
            Step::Done => {
                plan.pop_front();
            }
        }
    }
    let reached = goal(&game);
    Staged {
        game,
        steps,
        reached,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Action, Key};
    use crate::sim::script::behaviour::Hold;

    fn walk(ticks: u32) -> Plan {
        let action = Action::noop().with(Key::Forward);
        vec![Box::new(Hold { action, ticks })]
    }

    #[test]
    fn a_phase_stops_as_soon_as_its_goal_holds() {
        let game = Game::new(7);
        let start = game.player.pos;
        let moved =
            move |g: &Game| (g.player.pos[0] - start[0]).hypot(g.player.pos[2] - start[2]) >= 1.0;
        let staged = play_phase(game, walk(200), moved, 500);
        assert!(staged.reached);
        assert!(
            (2..200).contains(&staged.steps),
            "stopped after {} steps",
            staged.steps
        );
    }

    #[test]
    fn a_plan_that_ends_first_leaves_the_goal_unreached() {
        let staged = play_phase(Game::new(7), walk(5), |_| false, 500);
        assert!(!staged.reached);
        assert_eq!(staged.steps, 5);
        assert_eq!(staged.game.tick, 5, "the game ticked once a step");
    }
}
