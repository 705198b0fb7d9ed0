//! The image observation of a Plancraft table: the embedded simulator's
//! crafting table screen with the table's grid, output and inventory in
//! it, drawn by the renderer's screen code. Plancraft's [I1]–[I27] are the
//! screen's three inventory rows and [I28]–[I36] its hotbar. Items the
//! 1.16.5 registry lacks have no icon; the text observation still names them.

use image::RgbImage;

use super::env::{item_id, Table, FIRST_INVENTORY, OUTPUT};
use crate::sim::inventory::{ItemStack, HOTBAR_SLOTS, MAIN_SLOTS};

/// The screen at `width × height`.
pub fn draw(table: &Table, width: u32, height: u32) -> RgbImage {
    let stack = |slot: usize| {
        let stack = table.slot(slot)?;
        let count = u8::try_from(stack.quantity).unwrap_or(u8::MAX);
        Some(ItemStack::new(item_id(&stack.item)?, count))
    };
    let grid: [Option<ItemStack>; 9] = std::array::from_fn(|cell| stack(1 + cell));
    let inventory: [Option<ItemStack>; MAIN_SLOTS] = std::array::from_fn(|main| {
        // The player's main slots: the hotbar first, then the three rows.
        let plancraft = if main < HOTBAR_SLOTS {
            FIRST_INVENTORY + 27 + main
        } else {
            FIRST_INVENTORY + main - HOTBAR_SLOTS
        };
        stack(plancraft)
    });
    crate::sim::render::draw_crafting_table_screen(
        &grid,
        stack(OUTPUT).as_ref(),
        &inventory,
        width,
        height,
    )
}

/// The image as PNG bytes.
pub fn png(image: &RgbImage) -> Vec<u8> {
    let mut bytes = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut bytes, image::ImageFormat::Png)
        .expect("encoding a PNG into memory cannot fail");
    bytes.into_inner()
}
