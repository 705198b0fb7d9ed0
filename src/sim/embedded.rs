//! The embedded simulator: a [`Game`] driven by the tick rules, the init
//! commands and the renderer.

use image::RgbImage;

use super::command;
use super::game::Game;
use super::raycast;
use super::registry::registry;
use super::render::Renderer;
use super::rules;
use super::screen::ScreenKind;
use super::{CommandOutcome, Simulator, Statistics};
use crate::protocol::Action;
use crate::suite::Event;

/// The default backend: deterministic, in-process, CPU-rendered.
pub struct EmbeddedSim {
    game: Game,
    renderer: Renderer,
}

impl EmbeddedSim {
    /// A simulator waiting for [`Simulator::reset`] to start an episode.
    pub fn new() -> EmbeddedSim {
        EmbeddedSim {
            game: Game::blank(0),
            renderer: Renderer::new(),
        }
    }

    /// The state, for scripted policies, tests and tools that inspect the world.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Opens a screen as if the player had (for previews and benchmarks).
    pub fn open_screen(&mut self, kind: ScreenKind) {
        rules::open_screen(&mut self.game, kind);
    }

    /// Counts what the crosshair rests on this tick (`look_at` statistic).
    fn count_view(&mut self) {
        let game = &mut self.game;
        let (eye, dir) = (game.player.eye(), game.player.look_dir());
        if let Some(hit) = raycast::target(&game.world, eye, dir) {
            let name = registry().block(hit.block).name;
            game.stats.add(Event::LookAt, name, 1);
        } else if raycast::sees_sky(&game.world, eye, dir, game.player.pitch) {
            game.stats.add(Event::LookAt, "sky", 1);
        }
    }
}

impl Default for EmbeddedSim {
    fn default() -> EmbeddedSim {
        EmbeddedSim::new()
    }
}

impl Simulator for EmbeddedSim {
    fn reset(&mut self, seed: u64, init_commands: &[String]) -> Vec<CommandOutcome> {
        self.game = Game::new(seed);
        self.renderer = Renderer::new();
        let outcomes = init_commands
            .iter()
            .map(|text| CommandOutcome {
                command: text.clone(),
                status: command::run(&mut self.game, text),
            })
            .collect();
        self.game.start = self.game.player.pos;
        outcomes
    }

    fn step(&mut self, action: &Action) {
        rules::tick(&mut self.game, action);
        self.count_view();
    }

    fn statistics(&self) -> &Statistics {
        &self.game.stats
    }

    fn render(&mut self, frame: &mut RgbImage) {
        self.renderer.render(&self.game, frame);
    }
}
