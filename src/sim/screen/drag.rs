//! The mouse button's press, hold and release, as vanilla 1.16.5's
//! `AbstractContainerScreen` handles them. With nothing on the cursor a
//! press clicks at once. With a stack on the cursor a press over a slot
//! (or off the panel) starts a drag: every slot the cursor rests on
//! while the button is held, that takes the stack and while the stack
//! has more items than slots are collected, is collected; on release
//! two or more slots share the stack (left button: evenly, the rest
//! stays on the cursor; right button: one each, `QUICK_CRAFT`), one slot
//! gets an ordinary click, and none an ordinary click where the cursor
//! is. Pressing the other button meanwhile cancels the drag.

use super::{slot_limit, Button, Click, Outcome, Screen, Slot};
use crate::sim::inventory::Inventory;

/// A button held down with a stack on the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drag {
    pub button: Button,
    sneak: bool,
    /// The slots crossed so far, in order.
    pub slots: Vec<Slot>,
    /// False when the press was on the panel between slots: vanilla then
    /// collects nothing and clicks where the button comes up.
    collecting: bool,
}

impl Screen {
    /// A mouse button went down at the cursor.
    pub fn press(&mut self, inventory: &mut Inventory, button: Button, sneak: bool) -> Outcome {
        if let Some(drag) = &self.drag {
            if drag.button != button {
                self.drag = None;
            }
            return Outcome::default();
        }
        let on_button = self.layout().offer_at(self.cursor).is_some();
        if self.carried.is_none() || on_button {
            return self.click(inventory, Click::Mouse { button, sneak });
        }
        let collecting = self.hovered().is_some() || self.layout().is_outside(self.cursor);
        self.drag = Some(Drag {
            button,
            sneak,
            slots: Vec::new(),
            collecting,
        });
        self.hold(inventory);
        Outcome::default()
    }

    /// The dragging button is still down, the cursor where it is now.
    pub fn hold(&mut self, inventory: &Inventory) {
        let Some(slot) = self.hovered() else {
            return;
        };
        let Some(carried) = &self.carried else {
            return;
        };
        let takes = match self.item(inventory, slot) {
            None => true,
            Some(held) => held.stacks_with(carried) && held.count <= carried.max_stack(),
        };
        let takes = takes && self.accepts(slot, carried);
        let Some(drag) = &mut self.drag else {
            return;
        };
        let room = usize::from(carried.count) > drag.slots.len();
        if drag.collecting && takes && room && !drag.slots.contains(&slot) {
            drag.slots.push(slot);
        }
    }

    /// The dragging button came up: the stack is spread over the slots
    /// crossed, or clicked where the drag ended.
    pub fn release(&mut self, inventory: &mut Inventory) -> Outcome {
        let Some(drag) = self.drag.take() else {
            return Outcome::default();
        };
        let click = Click::Mouse {
            button: drag.button,
            sneak: drag.sneak,
        };
        match drag.slots.as_slice() {
            [] => self.click(inventory, click),
            [slot] => self.click_on(Some(*slot), inventory, click),
            slots => {
                self.spread(slots, drag.button, inventory);
                self.refresh_result();
                Outcome::default()
            }
        }
    }

    /// Shares the cursor stack among `slots`: each gets an even share of
    /// it (left button) or one item (right button) on top of what it
    /// holds, up to a full stack.
    fn spread(&mut self, slots: &[Slot], button: Button, inventory: &mut Inventory) {
        let Some(mut carried) = self.carried.take() else {
            return;
        };
        let share = match button {
            Button::Left => carried.count / slots.len() as u8,
            Button::Right => 1,
        };
        let kind = self.kind;
        for &slot in slots {
            let target = self.slot_mut(inventory, slot);
            let held = target.as_ref().map_or(0, |s| s.count);
            let count = (held + share).min(slot_limit(kind, slot, &carried));
            carried.count -= count.saturating_sub(held).min(carried.count);
            let mut placed = carried.clone();
            placed.count = count;
            *target = Some(placed);
        }
        self.carried = (carried.count > 0).then_some(carried);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;
    use crate::sim::screen::layout::FURNACE_OUTPUT;
    use crate::sim::screen::ScreenKind;

    fn stack(name: &str, count: u8) -> Option<ItemStack> {
        Some(ItemStack::new(item(name), count))
    }

    fn move_to(screen: &mut Screen, slot: Slot) {
        let (x, y) = screen.layout().centre(slot).expect("slot on screen");
        screen.cursor = [x as f32, y as f32];
    }

    /// Presses `button` on the first slot, holds it over the others, releases.
    fn drag(screen: &mut Screen, inv: &mut Inventory, button: Button, slots: &[Slot]) -> Outcome {
        move_to(screen, slots[0]);
        screen.press(inv, button, false);
        for &slot in &slots[1..] {
            move_to(screen, slot);
            screen.hold(inv);
        }
        screen.release(inv)
    }

    #[test]
    fn a_left_drag_splits_the_stack_evenly_and_keeps_the_rest_on_the_cursor() {
        let mut inv = Inventory::default();
        inv.main[10] = stack("dirt", 60);
        let mut screen = Screen::open(ScreenKind::CraftingTable);
        screen.carried = stack("dirt", 11);
        let slots = [Slot::Container(0), Slot::Container(1), Slot::Container(2)];
        drag(&mut screen, &mut inv, Button::Left, &slots);
        for i in 0..3 {
            assert_eq!(screen.container[i], stack("dirt", 3));
        }
        assert_eq!(screen.carried, stack("dirt", 2));
        screen.carried = stack("dirt", 10);
        drag(
            &mut screen,
            &mut inv,
            Button::Left,
            &[Slot::Main(9), Slot::Main(10)],
        );
        assert_eq!(inv.main[9], stack("dirt", 5));
        assert_eq!(inv.main[10], stack("dirt", 64), "topped up to a full stack");
        assert_eq!(screen.carried, stack("dirt", 1), "what did not fit stays");
        assert!(screen.result.is_none(), "drags skip the result");
    }

    #[test]
    fn a_right_drag_puts_one_in_each_slot_crossed_while_items_last() {
        let mut inv = Inventory::default();
        let mut screen = Screen::open(ScreenKind::CraftingTable);
        screen.carried = stack("oak_planks", 3);
        let cells = [0, 1, 3, 4].map(Slot::Container);
        drag(&mut screen, &mut inv, Button::Right, &cells);
        assert_eq!(screen.container[0], stack("oak_planks", 1));
        assert_eq!(screen.container[1], stack("oak_planks", 1));
        assert_eq!(screen.container[3], stack("oak_planks", 1));
        assert_eq!(screen.container[4], None, "three items, three slots");
        assert_eq!(screen.carried, None);
    }

    #[test]
    fn drags_skip_slots_that_refuse_the_stack_and_one_slot_is_a_plain_click() {
        let mut inv = Inventory::default();
        inv.main[10] = stack("stone", 1);
        let mut screen = Screen::open(ScreenKind::Furnace);
        screen.carried = stack("coal", 8);
        let slots = [
            Slot::Container(FURNACE_OUTPUT),
            Slot::Main(10),
            Slot::Main(9),
        ];
        drag(&mut screen, &mut inv, Button::Left, &slots);
        assert_eq!(
            inv.main[9],
            stack("coal", 8),
            "one slot taken: a plain click"
        );
        assert_eq!(screen.container[FURNACE_OUTPUT], None);
        assert_eq!(inv.main[10], stack("stone", 1));
    }

    #[test]
    fn a_press_without_a_stack_clicks_at_once_and_the_other_button_cancels() {
        let mut inv = Inventory::default();
        inv.main[0] = stack("dirt", 4);
        let mut screen = Screen::open(ScreenKind::Inventory);
        move_to(&mut screen, Slot::Main(0));
        screen.press(&mut inv, Button::Left, false);
        assert_eq!(screen.carried, stack("dirt", 4));
        assert!(screen.drag.is_none());
        screen.press(&mut inv, Button::Left, false);
        assert!(screen.drag.is_some());
        screen.press(&mut inv, Button::Right, false);
        assert_eq!(screen.release(&mut inv), Outcome::default());
        assert_eq!(screen.carried, stack("dirt", 4), "cancelled: nothing moved");
        screen.cursor = [10.0, 10.0];
        screen.press(&mut inv, Button::Right, false);
        let thrown = screen.release(&mut inv).thrown;
        assert_eq!(
            thrown,
            vec![ItemStack::new(item("dirt"), 1)],
            "off the panel: throws one"
        );
    }
}
