//! The brewing stand's gauges, where vanilla 1.16.5 draws them: the fuel
//! bar under the blaze powder's way in (filled from the left, one step
//! per brew left), the arrow down beside the ingredient (filled from the
//! top as the brew goes on) and the rising bubbles left of it, and the
//! tubes from the ingredient to the three bottles.

use super::font::BUBBLES;
use super::gui::Gui;
use super::texture::rgb;
use crate::sim::block_entity::brewing::BrewGauges;
use crate::sim::screen::layout::Layout;

/// Positions inside the background (vanilla's `BrewingStandScreen`).
const FUEL_BAR_AT: (f32, f32) = (60.0, 44.0);
const FUEL_BAR_SIZE: (f32, f32) = (18.0, 4.0);
const ARROW_AT: (f32, f32) = (97.0, 16.0);
const ARROW_SIZE: (f32, f32) = (9.0, 28.0);
const BUBBLES_AT: (f32, f32) = (63.0, 14.0);

const GAUGE_EMPTY: u32 = rgb(85, 85, 85);
const FUEL: u32 = rgb(235, 150, 40);
const ARROW: u32 = rgb(255, 255, 255);
const BUBBLE: u32 = rgb(200, 230, 255);
const TUBE: u32 = rgb(110, 110, 110);

pub fn draw_gauges(gui: &mut Gui, layout: &Layout, gauges: BrewGauges) {
    let (left, top) = layout.origin();
    let at = |(x, y): (f32, f32)| (left as f32 + x, top as f32 + y);
    // Tubes: from the ingredient down to the middle bottle, and out to the side ones.
    let (tx, ty) = at((86.0, 36.0));
    gui.rect(tx, ty, 2.0, 20.0, TUBE, 1.0);
    let (sx, sy) = at((66.0, 44.0));
    gui.rect(sx, sy + 4.0, 44.0, 2.0, TUBE, 1.0);
    let (fx, fy) = at(FUEL_BAR_AT);
    let (fw, fh) = FUEL_BAR_SIZE;
    gui.rect(fx, fy, fw, fh, GAUGE_EMPTY, 1.0);
    gui.rect(fx, fy, gauges.fuel as f32, fh, FUEL, 1.0);
    let (ax, ay) = at(ARROW_AT);
    let (aw, ah) = ARROW_SIZE;
    gui.rect(ax, ay, aw, ah, GAUGE_EMPTY, 1.0);
    gui.rect(ax, ay, aw, gauges.arrow as f32, ARROW, 1.0);
    let (bx, by) = at(BUBBLES_AT);
    let hidden = BUBBLES.len() - (gauges.bubbles as usize).min(BUBBLES.len());
    gui.glyph(&BUBBLES[hidden..], bx, by + hidden as f32, |_, _| BUBBLE);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::player::Player;
    use crate::sim::render::screen::testing::{drawn, on_panel};
    use crate::sim::screen::{Screen, ScreenKind};

    #[test]
    fn the_fuel_bar_and_the_arrow_fill_as_vanilla_s() {
        let mut screen = Screen::open(ScreenKind::BrewingStand);
        screen.brewing = BrewGauges {
            fuel: 9,
            arrow: 14,
            bubbles: 29,
        };
        let pixels = drawn(&screen, &Player::new([0.0; 3]), false);
        let at = |x, y| on_panel(&pixels, x, y);
        assert_eq!(at(60 + 8, 45), FUEL);
        assert_eq!(at(60 + 9, 45), GAUGE_EMPTY);
        assert_eq!(at(97 + 4, 16 + 13), ARROW);
        assert_eq!(at(97 + 4, 16 + 14), GAUGE_EMPTY);
    }
}
