//! What the held keys mean for this tick: movement impulses with
//! Minecraft's conflict rules (forward+back and left+right cancel, sneak
//! wins over sprint) and the press edges of keys that act once per press.

use crate::protocol::{Action, Key};
use crate::sim::player::Player;

/// The movement part of an action.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MoveInput {
    /// +1 forward, −1 back.
    pub forward: f64,
    /// +1 left, −1 right (vanilla's `leftImpulse`).
    pub strafe: f64,
    pub jump: bool,
    pub sneak: bool,
    pub sprint: bool,
}

fn axis(action: &Action, plus: Key, minus: Key) -> f64 {
    match (action.is_pressed(plus), action.is_pressed(minus)) {
        (true, false) => 1.0,
        (false, true) => -1.0,
        _ => 0.0,
    }
}

impl MoveInput {
    pub fn from_action(action: &Action) -> MoveInput {
        let sneak = action.is_pressed(Key::Sneak);
        MoveInput {
            forward: axis(action, Key::Forward, Key::Back),
            strafe: axis(action, Key::Left, Key::Right),
            jump: action.is_pressed(Key::Jump),
            sneak,
            sprint: action.is_pressed(Key::Sprint) && !sneak,
        }
    }
}

/// Keys that act on the tick they go down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Presses {
    pub attack: bool,
    pub use_item: bool,
    pub drop: bool,
    pub swap_hands: bool,
    pub pick_block: bool,
    pub inventory: bool,
    /// The hotbar key (slot 0..9) that went down; the highest if several did.
    pub hotbar: Option<usize>,
}

impl Presses {
    /// Compares with the keys the player held last tick and remembers this
    /// tick's.
    pub fn update(player: &mut Player, action: &Action) -> Presses {
        let edge = |was: &mut bool, key: Key| {
            let down = action.is_pressed(key);
            let pressed = down && !*was;
            *was = down;
            pressed
        };
        let hotbar = (0..Key::HOTBAR.len())
            .filter(|&slot| edge(&mut player.hotbar_was_down[slot], Key::HOTBAR[slot]))
            .last();
        Presses {
            hotbar,
            inventory: edge(&mut player.inventory_was_down, Key::Inventory),
            attack: edge(&mut player.attack_was_down, Key::Attack),
            use_item: edge(&mut player.use_was_down, Key::Use),
            drop: edge(&mut player.drop_was_down, Key::Drop),
            swap_hands: edge(&mut player.swap_was_down, Key::SwapHands),
            pick_block: edge(&mut player.pick_was_down, Key::PickBlock),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_keys_cancel_and_sneak_wins() {
        let action = Action::noop()
            .with(Key::Forward)
            .with(Key::Back)
            .with(Key::Left)
            .with(Key::Sneak)
            .with(Key::Sprint);
        let input = MoveInput::from_action(&action);
        assert_eq!(input.forward, 0.0);
        assert_eq!(input.strafe, 1.0);
        assert!(input.sneak && !input.sprint);
    }

    #[test]
    fn presses_fire_once_per_press() {
        let mut player = Player::new([0.0; 3]);
        let drop = Action::noop().with(Key::Drop);
        assert!(Presses::update(&mut player, &drop).drop);
        assert!(!Presses::update(&mut player, &drop).drop);
        assert!(!Presses::update(&mut player, &Action::noop()).drop);
        assert!(Presses::update(&mut player, &drop).drop);
    }

    #[test]
    fn hotbar_presses_fire_once_and_the_highest_wins() {
        let mut player = Player::new([0.0; 3]);
        let two = Action::noop().with(Key::Hotbar2);
        assert_eq!(Presses::update(&mut player, &two).hotbar, Some(1));
        let both = two.with(Key::Hotbar5);
        assert_eq!(Presses::update(&mut player, &both).hotbar, Some(4));
        assert_eq!(Presses::update(&mut player, &both).hotbar, None);
    }
}
