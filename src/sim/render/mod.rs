//! The first-person renderer.
//!
//! PLACEHOLDER until the renderer lands: a sky-coloured frame.

use image::{Rgb, RgbImage};

use super::game::Game;

/// Draws frames of a game; keeps caches between frames.
pub struct Renderer {}

impl Renderer {
    pub fn new() -> Renderer {
        Renderer {}
    }

    /// Draws the player's view at the frame's size.
    pub fn render(&mut self, _game: &Game, frame: &mut RgbImage) {
        frame.pixels_mut().for_each(|p| *p = Rgb([120, 165, 255]));
    }
}

impl Default for Renderer {
    fn default() -> Renderer {
        Renderer::new()
    }
}
