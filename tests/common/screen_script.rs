//! Action lists for driving a screen by mouse: camera turns that move the
//! cursor to a pixel of the 640×360 frame (0.15° a pixel), key presses
//! followed by a release tick, and waits.
#![allow(dead_code)] // each test binary uses a different subset

use mcu::protocol::{Action, Key};

/// The cursor's place when a screen opens.
pub const FRAME_CENTRE: (f32, f32) = (320.0, 180.0);

/// Builds the action list while tracking where the cursor is.
pub struct Script {
    pub actions: Vec<Action>,
    pub cursor: (f32, f32),
}

impl Script {
    pub fn new() -> Script {
        Script {
            actions: Vec::new(),
            cursor: FRAME_CENTRE,
        }
    }

    /// Holds `keys` for one tick, then releases them for one.
    pub fn press(&mut self, keys: &[Key]) {
        let action = keys.iter().fold(Action::noop(), |a, &k| a.with(k));
        self.actions.push(action);
        self.actions.push(Action::noop());
    }

    /// Moves the cursor to `at`, then presses `keys` there.
    pub fn click_at(&mut self, at: (f32, f32), keys: &[Key]) {
        let mut turn = Action::noop();
        turn.camera = [(at.1 - self.cursor.1) * 0.15, (at.0 - self.cursor.0) * 0.15];
        self.actions.push(turn);
        self.cursor = at;
        self.press(keys);
    }

    /// Turns the view down by `degrees` (no screen open).
    pub fn look_down(&mut self, degrees: f32) {
        let mut look = Action::noop();
        look.camera = [degrees, 0.0];
        self.actions.push(look);
    }

    /// `use` on the block in front: its screen opens with the cursor centred.
    pub fn open(&mut self) {
        self.press(&[Key::Use]);
        self.cursor = FRAME_CENTRE;
    }

    pub fn wait(&mut self, ticks: usize) {
        self.actions
            .extend(std::iter::repeat_n(Action::noop(), ticks));
    }
}
