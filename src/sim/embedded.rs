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

    /// Moves the player into `dimension` (for previews): in the Nether
    /// above the lava sea by the nearest fortress within 640 blocks (else
    /// by the scaled position), looking at the fortress; in the End onto
    /// the ground by the origin.
    pub fn enter_dimension(&mut self, dimension: crate::sim::world::Dimension) {
        use crate::sim::world::{gen, Dimension};
        let game = &mut self.game;
        let seed = game.world.generator().seed();
        let [x, _, z] = game.player.pos;
        let (feet, yaw) = match dimension {
            Dimension::Nether => {
                let (nx, nz) = ((x / 8.0).floor() as i32, (z / 8.0).floor() as i32);
                let focus =
                    gen::fortress_near(seed, nx, nz, 640).map_or([nx, 60, nz], |f| f.centre);
                crate::sim::dimensions::change_dimension(game, dimension, focus.map(f64::from));
                let open_over_lava = |[x, z]: [i32; 2]| {
                    let world = &game.world;
                    world.get([x, gen::LAVA_SEA_LEVEL, z]) == crate::sim::registry::block("lava")
                        && (gen::LAVA_SEA_LEVEL + 1..gen::LAVA_SEA_LEVEL + 16)
                            .all(|y| world.get([x, y, z]) == crate::sim::registry::BlockId::AIR)
                };
                let spot = (8..48)
                    .step_by(4)
                    .flat_map(|r| [[r, 0], [-r, 0], [0, r], [0, -r], [r, r], [-r, -r]])
                    .map(|[dx, dz]| [focus[0] + dx, focus[2] + dz])
                    .find(|&spot| open_over_lava(spot))
                    .unwrap_or([focus[0], focus[2]]);
                let feet = [
                    f64::from(spot[0]) + 0.5,
                    f64::from(gen::LAVA_SEA_LEVEL + 8),
                    f64::from(spot[1]) + 0.5,
                ];
                let (dx, dz) = (f64::from(focus[0]) - feet[0], f64::from(focus[2]) - feet[2]);
                (feet, (-dx).atan2(dz).to_degrees() as f32)
            }
            Dimension::End | Dimension::Overworld => {
                let generator = gen::Generator::for_dimension(seed, dimension);
                let height = generator.column(0, 0).height;
                ([0.5, f64::from(height) + 1.0, 0.5], 0.0)
            }
        };
        crate::sim::dimensions::change_dimension(game, dimension, feet);
        game.player.yaw = yaw;
        game.player.pitch = -5.0;
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
