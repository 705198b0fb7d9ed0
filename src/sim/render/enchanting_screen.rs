//! The enchanting table's three offer buttons, drawn as vanilla 1.16.5
//! lays them out: a button the player can pay for is light (lighter
//! still under the cursor) with the lapis it takes in a green orb, a
//! line of runes and its level cost in bright green; one they cannot pay
//! for is dark with dim runes and a dark green cost; an empty one is
//! plain. The runes spell the offer's clue (one enchantment it gives)
//! with one rune per letter, so different clues look different.

use super::font::{DIGITS, RUNES};
use super::gui::Gui;
use super::texture::rgb;
use crate::sim::enchanting::Offer;
use crate::sim::screen::layout::{Layout, ENCHANT_LAPIS, OFFER_BUTTONS, OFFER_SIZE};
use crate::sim::screen::Screen;

const EMPTY: u32 = rgb(139, 126, 110);
const AFFORDABLE: u32 = rgb(190, 170, 150);
const HOVERED: u32 = rgb(214, 196, 176);
const LOCKED: u32 = rgb(122, 108, 96);
const EDGE: u32 = rgb(60, 50, 44);
/// Vanilla's colours: 0x685E4A, 0xFFFF80, 0x685E4A halved, 0x80FF20, 0x407F10.
const RUNE: u32 = rgb(104, 94, 74);
const RUNE_HOVERED: u32 = rgb(255, 255, 128);
const RUNE_LOCKED: u32 = rgb(52, 47, 37);
const COST: u32 = rgb(128, 255, 32);
const COST_LOCKED: u32 = rgb(64, 127, 16);
const ORB: u32 = rgb(120, 200, 60);
const ORB_LOCKED: u32 = rgb(70, 90, 60);
/// The runes' and the cost's room in a button, as vanilla leaves them.
const TEXT_AT: f32 = 20.0;
const TEXT_WIDTH: f32 = 86.0;

/// The offer buttons of an open enchanting table for a player with `levels`.
pub fn draw_offers(gui: &mut Gui, layout: &Layout, screen: &Screen, levels: u32, pointer: bool) {
    let (left, top) = layout.origin();
    let lapis = screen.container[ENCHANT_LAPIS]
        .as_ref()
        .map_or(0, |s| u32::from(s.count));
    let hovered = pointer.then(|| layout.offer_at(screen.cursor)).flatten();
    for (slot, (offer, &(bx, by))) in screen.offers.iter().zip(&OFFER_BUTTONS).enumerate() {
        let (x, y) = ((left + bx) as f32, (top + by) as f32);
        let (w, h) = (OFFER_SIZE.0 as f32, OFFER_SIZE.1 as f32);
        gui.rect(x, y, w, h, EDGE, 1.0);
        if offer.cost == 0 {
            gui.rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0, EMPTY, 1.0);
            continue;
        }
        let price = Offer::price(slot);
        let payable = lapis >= price && levels >= price && levels >= offer.cost;
        let (fill, rune, cost, orb) = match (payable, hovered == Some(slot)) {
            (false, _) => (LOCKED, RUNE_LOCKED, COST_LOCKED, ORB_LOCKED),
            (true, true) => (HOVERED, RUNE_HOVERED, COST, ORB),
            (true, false) => (AFFORDABLE, RUNE, COST, ORB),
        };
        gui.rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0, fill, 1.0);
        gui.rect(x + 3.0, y + 3.0, 12.0, 12.0, orb, 1.0);
        digit(gui, price, x + 8.0, y + 7.0, EDGE);
        let cost_text = offer.cost.to_string();
        let room = TEXT_WIDTH - cost_text.len() as f32 * 4.0;
        let clue = offer.clue.as_ref().map_or("", |e| e.id.as_str());
        let letters = clue.bytes().filter(|b| *b != b'_');
        for (i, letter) in letters.enumerate() {
            let at = i as f32 * 4.0;
            if at + 3.0 > room {
                break;
            }
            let glyph = &RUNES[usize::from(letter) % RUNES.len()];
            gui.glyph(glyph, x + TEXT_AT + at, y + 3.0, |_, _| rune);
        }
        for (i, d) in cost_text.bytes().enumerate() {
            let right = x + TEXT_AT + room + i as f32 * 4.0;
            digit(gui, u32::from(d - b'0'), right, y + 11.0, cost);
        }
    }
}

/// One digit of the 3×5 font in a colour.
fn digit(gui: &mut Gui, d: u32, x: f32, y: f32, colour: u32) {
    gui.glyph(&DIGITS[d as usize % 10], x, y, |_, _| colour);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::enchanting::offers;
    use crate::sim::inventory::ItemStack;
    use crate::sim::player::Player;
    use crate::sim::registry::item;
    use crate::sim::render::screen::testing::{drawn, on_panel};
    use crate::sim::screen::layout::ENCHANT_ITEM;
    use crate::sim::screen::ScreenKind;

    fn render(levels: u32, lapis: u8) -> Vec<u32> {
        let mut screen = Screen::open(ScreenKind::EnchantingTable);
        screen.container[ENCHANT_ITEM] = Some(ItemStack::new(item("diamond_sword"), 1));
        screen.container[ENCHANT_LAPIS] = Some(ItemStack::new(item("lapis_lazuli"), lapis));
        screen.offers = offers(screen.container[ENCHANT_ITEM].as_ref(), 15, 42);
        let mut player = Player::new([0.0; 3]);
        player.xp_levels = levels;
        drawn(&screen, &player, false)
    }

    #[test]
    fn offers_are_light_when_payable_and_dark_when_not() {
        let at = on_panel;
        let rich = render(30, 3);
        let poor = render(1, 3);
        // Just inside each button's corner, clear of the orb and the runes.
        for (bx, by) in OFFER_BUTTONS {
            assert_eq!(at(&rich, bx + 1, by + 17), AFFORDABLE);
            assert_eq!(at(&poor, bx + 1, by + 17), LOCKED);
        }
        let empty = drawn(
            &Screen::open(ScreenKind::EnchantingTable),
            &Player::new([0.0; 3]),
            false,
        );
        assert_eq!(at(&empty, 61, 15), EMPTY, "no item: empty buttons");
        assert_ne!(rich, render(30, 2), "the third offer needs three lapis");
    }
}
