//! Container screens drawn over the darkened view, as vanilla 1.16.5 lays
//! them out at 640×360 (GUI scale 1) and stretched to other frame sizes:
//! the grey panel, slot wells, titles, the crafting arrow (filled as a
//! furnace cooks), a furnace's flame (burning down with its fuel), the
//! enchanting table's offers ([`super::enchanting_screen`]) and the
//! brewing stand's gauges ([`super::brewing_screen`]), the recipe-book
//! button, item icons with counts, the hovered slot's highlight, the
//! carried stack and the mouse pointer. Textures are drawn in code.

use image::RgbImage;

use super::assets::{assets, Assets};
use super::font::{ARROW, BOOK, FLAME, POINTER};
use super::gui::Gui;
use super::texture::{mix, rgb};
use super::{brewing_screen, enchanting_screen};
use crate::sim::block_entity::furnace::Gauges;
use crate::sim::inventory::{ItemStack, MAIN_SLOTS};
use crate::sim::player::Player;
use crate::sim::screen::layout::{Layout, FRAME, SLOT_SIZE};
use crate::sim::screen::{Screen, ScreenKind, Slot};

const PANEL: u32 = rgb(198, 198, 198);
const LIGHT: u32 = rgb(255, 255, 255);
const SHADOW: u32 = rgb(85, 85, 85);
const WELL: u32 = rgb(139, 139, 139);
const WELL_SHADOW: u32 = rgb(55, 55, 55);
const BLACK: u32 = rgb(0, 0, 0);
const LABEL: u32 = rgb(64, 64, 64);
const FLAME_OUTER: u32 = rgb(232, 96, 20);
const FLAME_CORE: u32 = rgb(252, 216, 64);
/// The dim over the world: vanilla's gradient from 0xC0101010 to 0xD0101010.
const DIM: u32 = rgb(16, 16, 16);
const DIM_TOP: f32 = 0.75;
const DIM_BOTTOM: f32 = 0.82;
/// The result slot's well is larger than the others by this much on each side.
const RESULT_MARGIN: f32 = 4.0;

/// Draws an open screen of `player`'s over the frame's pixels
/// (`0x00RRGGBB`), with the mouse pointer if `pointer`.
pub fn draw(
    pixels: &mut [u32],
    width: usize,
    height: usize,
    screen: &Screen,
    player: &Player,
    assets: &Assets,
    pointer: bool,
) {
    let inventory = &player.inventory;
    darken(pixels, width, height);
    let scale = [
        width as f32 / FRAME.0 as f32,
        height as f32 / FRAME.1 as f32,
    ];
    let mut gui = Gui::new(pixels, width, height, scale);
    let layout = screen.layout();
    background(&mut gui, layout);
    furnace_gauges(&mut gui, layout, screen.gauges);
    match screen.kind {
        ScreenKind::EnchantingTable => {
            enchanting_screen::draw_offers(&mut gui, layout, screen, player.xp_levels, pointer)
        }
        ScreenKind::BrewingStand => brewing_screen::draw_gauges(&mut gui, layout, screen.brewing),
        _ => {}
    }
    let hovered = if pointer { screen.hovered() } else { None };
    for (slot, (x, y)) in layout.slots() {
        let (x, y) = (x as f32, y as f32);
        if let Some(stack) = screen.item(inventory, slot) {
            gui.item(assets, stack, x, y);
        }
        if hovered == Some(slot) {
            let size = SLOT_SIZE as f32;
            gui.rect(x, y, size, size, LIGHT, 0.5);
        }
    }
    if !pointer {
        return;
    }
    let [cx, cy] = screen.cursor;
    if let Some(carried) = &screen.carried {
        gui.item(assets, carried, cx - 8.0, cy - 8.0);
    }
    gui.glyph(
        &POINTER,
        cx,
        cy,
        |_, c| if c == b'w' { LIGHT } else { BLACK },
    );
}

/// The crafting table's screen with these contents over a plain dark
/// background, no pointer: for image observations without a world
/// (the Plancraft environment). `inventory` is the player's 36 main
/// slots, the first nine the hotbar.
pub fn draw_crafting_table_screen(
    grid: &[Option<ItemStack>; 9],
    result: Option<&ItemStack>,
    inventory: &[Option<ItemStack>; MAIN_SLOTS],
    width: u32,
    height: u32,
) -> RgbImage {
    let mut screen = Screen::open(ScreenKind::CraftingTable);
    screen.container = grid.to_vec();
    screen.result = result.cloned();
    let mut player = Player::new([0.0; 3]);
    player.inventory.main = inventory.clone();
    let (w, h) = (width as usize, height as usize);
    let mut pixels = vec![DIM & 0x00FF_FFFF; w * h];
    draw(&mut pixels, w, h, &screen, &player, assets(), false);
    let mut frame = RgbImage::new(width, height);
    super::copy_to_frame(&pixels, &mut frame);
    frame
}

/// Dims everything drawn so far, a little more towards the bottom.
fn darken(pixels: &mut [u32], width: usize, height: usize) {
    for (y, row) in pixels.chunks_mut(width.max(1)).enumerate() {
        let t = DIM_TOP + (DIM_BOTTOM - DIM_TOP) * y as f32 / height.max(1) as f32;
        row.iter_mut()
            .for_each(|p| *p = mix(*p, DIM, t) & 0x00FF_FFFF);
    }
}

/// A raised rectangle: light top-left edges, shadowed bottom-right ones.
fn raised(gui: &mut Gui, x: f32, y: f32, w: f32, h: f32, fill: u32) {
    gui.rect(x + 1.0, y, w - 2.0, 1.0, BLACK, 1.0);
    gui.rect(x + 1.0, y + h - 1.0, w - 2.0, 1.0, BLACK, 1.0);
    gui.rect(x, y + 1.0, 1.0, h - 2.0, BLACK, 1.0);
    gui.rect(x + w - 1.0, y + 1.0, 1.0, h - 2.0, BLACK, 1.0);
    gui.rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0, fill, 1.0);
    gui.rect(x + 1.0, y + 1.0, w - 4.0, 2.0, LIGHT, 1.0);
    gui.rect(x + 1.0, y + 1.0, 2.0, h - 4.0, LIGHT, 1.0);
    gui.rect(x + 3.0, y + h - 3.0, w - 4.0, 2.0, SHADOW, 1.0);
    gui.rect(x + w - 3.0, y + 3.0, 2.0, h - 4.0, SHADOW, 1.0);
}

/// A sunken square around a 16×16 item area, `margin` pixels wider on each side.
fn well(gui: &mut Gui, x: f32, y: f32, margin: f32) {
    let (x, y, size) = (x - margin, y - margin, 16.0 + 2.0 * margin);
    gui.rect(x, y, size, size, WELL, 1.0);
    gui.rect(x, y, size, 1.0, WELL_SHADOW, 1.0);
    gui.rect(x, y, 1.0, size, WELL_SHADOW, 1.0);
    gui.rect(x + 1.0, y + size - 1.0, size - 1.0, 1.0, LIGHT, 1.0);
    gui.rect(x + size - 1.0, y + 1.0, 1.0, size - 1.0, LIGHT, 1.0);
}

/// A furnace's fire, lit from the bottom up to `flame` rows above its
/// base, and its arrow filled from the left, as vanilla draws them.
fn furnace_gauges(gui: &mut Gui, layout: &Layout, gauges: Gauges) {
    let (left, top) = layout.origin();
    let at = |(x, y): (i32, i32)| ((left + x) as f32, (top + y) as f32);
    if let (Some(flame_at), Some(lit)) = (layout.flame_at, gauges.flame) {
        let (fx, fy) = at(flame_at);
        let hidden = FLAME.len() - (lit as usize + 1).min(FLAME.len());
        gui.glyph(&FLAME[hidden..], fx, fy + hidden as f32, |_, c| match c {
            b'y' => FLAME_CORE,
            _ => FLAME_OUTER,
        });
    }
    if let (Some(arrow_at), true) = (layout.flame_at.and(layout.arrow_at), gauges.arrow > 0) {
        let (ax, ay) = at(arrow_at);
        let filled = gauges.arrow as usize;
        gui.glyph(
            &ARROW,
            ax,
            ay,
            |x, _| if x <= filled { LIGHT } else { WELL },
        );
    }
}

/// The panel, its wells, labels, arrow and recipe-book button.
fn background(gui: &mut Gui, layout: &Layout) {
    let (left, top) = layout.origin();
    let (left, top) = (left as f32, top as f32);
    let (w, h) = layout.size;
    raised(gui, left, top, w as f32, h as f32, PANEL);
    for (slot, (x, y)) in layout.slots() {
        let margin = if slot == Slot::Result {
            RESULT_MARGIN
        } else {
            1.0
        };
        well(gui, x as f32, y as f32, margin);
    }
    if layout.kind == ScreenKind::Inventory {
        // The black box the player's figure stands in.
        gui.rect(left + 26.0, top + 8.0, 49.0, 70.0, BLACK, 1.0);
    }
    let at = |(x, y): (i32, i32)| (left + x as f32, top + y as f32);
    let (tx, ty) = at(layout.title_at);
    gui.text(layout.title, tx, ty, LABEL);
    if let Some(label) = layout.inventory_label_at {
        let (ix, iy) = at(label);
        gui.text("Inventory", ix, iy, LABEL);
    }
    if let Some(arrow) = layout.arrow_at {
        let (ax, ay) = at(arrow);
        gui.glyph(&ARROW, ax, ay, |_, _| WELL);
    }
    if let Some(flame) = layout.flame_at {
        let (fx, fy) = at(flame);
        gui.glyph(&FLAME, fx, fy, |_, _| WELL);
    }
    if let Some(button) = layout.recipe_button_at {
        let (bx, by) = at(button);
        raised(gui, bx, by, 20.0, 18.0, rgb(160, 160, 160));
        gui.glyph(&BOOK, bx + 5.0, by + 3.0, |_, c| match c {
            b'g' => rgb(40, 130, 45),
            b'y' => rgb(230, 190, 60),
            b'w' => rgb(235, 232, 220),
            _ => rgb(30, 30, 30),
        });
    }
}

/// Test help for the screens' pixels: a screen drawn over a black
/// 640×360 frame, and a pixel read at panel coordinates (from the 176-wide
/// panel's corner, which sits at (232, 97) in that frame), opaque.
#[cfg(test)]
pub(super) mod testing {
    use super::*;

    pub fn drawn(screen: &Screen, player: &Player, pointer: bool) -> Vec<u32> {
        let mut pixels = vec![0u32; 640 * 360];
        draw(&mut pixels, 640, 360, screen, player, assets(), pointer);
        pixels
    }

    pub fn on_panel(pixels: &[u32], x: i32, y: i32) -> u32 {
        pixels[(97 + y) as usize * 640 + (232 + x) as usize] | 0xFF00_0000
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{drawn, on_panel};
    use super::*;
    use crate::sim::registry::item;

    fn pixel(frame: &RgbImage, x: u32, y: u32) -> [u8; 3] {
        frame.get_pixel(x, y).0
    }

    #[test]
    fn the_crafting_table_screen_shows_its_panel_wells_and_items() {
        let mut grid: [Option<ItemStack>; 9] = Default::default();
        grid[0] = Some(ItemStack::new(item("oak_planks"), 1));
        let inventory = crate::sim::inventory::Inventory::default().main;
        let empty = draw_crafting_table_screen(&Default::default(), None, &inventory, 640, 360);
        let stick = ItemStack::new(item("stick"), 4);
        let frame = draw_crafting_table_screen(&grid, Some(&stick), &inventory, 640, 360);
        assert_eq!(pixel(&frame, 5, 5), [16, 16, 16], "plain dark background");
        assert_eq!(pixel(&frame, 240, 100), [198, 198, 198], "the panel");
        assert_eq!(
            pixel(&frame, 241, 183),
            [139, 139, 139],
            "an empty main-inventory well"
        );
        assert_eq!(
            pixel(&frame, 262, 114),
            [139, 139, 139],
            "the first grid slot, empty"
        );
        assert_ne!(frame, empty);
        let icon_changed = |x0: u32, y0: u32| {
            (x0..x0 + 16).any(|x| (y0..y0 + 16).any(|y| pixel(&frame, x, y) != pixel(&empty, x, y)))
        };
        assert!(
            icon_changed(262, 114),
            "the plank's icon in the first grid slot"
        );
        assert!(icon_changed(356, 132), "the sticks in the result slot");
        let small = draw_crafting_table_screen(&grid, Some(&stick), &inventory, 128, 128);
        assert_eq!(small.dimensions(), (128, 128));
        assert_eq!(
            pixel(&small, 64, 40),
            [198, 198, 198],
            "the panel, stretched"
        );
    }

    #[test]
    fn a_lit_furnace_shows_its_flame_and_a_cooking_arrow() {
        let render = |gauges: Gauges| {
            let mut screen = Screen::open(ScreenKind::Furnace);
            screen.gauges = gauges;
            drawn(&screen, &Player::new([0.0; 3]), false)
        };
        let cold = render(Gauges::default());
        let lit = render(Gauges {
            flame: Some(13),
            arrow: 12,
        });
        let at = on_panel;
        // The flame's core, 5 rows above its base; the arrow's shaft at its start and end.
        assert_eq!(at(&lit, 56 + 7, 36 + 10), FLAME_CORE);
        assert_eq!(at(&cold, 56 + 7, 36 + 10), WELL);
        assert_eq!(at(&lit, 79 + 2, 34 + 7), LIGHT);
        assert_eq!(at(&lit, 79 + 18, 34 + 7), WELL);
        let low = render(Gauges {
            flame: Some(2),
            arrow: 0,
        });
        assert_eq!(at(&low, 56 + 7, 36 + 12), FLAME_CORE, "near the base");
        assert_eq!(at(&low, 56 + 6, 36 + 4), WELL, "burnt down from the top");
    }

    #[test]
    fn the_hovered_slot_is_highlighted_and_the_pointer_drawn() {
        let mut screen = Screen::open(ScreenKind::Inventory);
        let (x, y) = screen.layout().centre(Slot::Main(0)).unwrap();
        screen.cursor = [x as f32, y as f32];
        let pixels = drawn(&screen, &Player::new([0.0; 3]), true);
        let at = |x: i32, y: i32| pixels[y as usize * 640 + x as usize];
        assert_eq!(at(x - 6, y - 6), mix(WELL, LIGHT, 0.5) & 0x00FF_FFFF);
        assert_eq!(at(x + 6, y + 6), 0, "the pointer's outline");
        assert_eq!(at(x + 3, y + 6), 0x00FF_FFFF, "the pointer's inside");
    }
}
