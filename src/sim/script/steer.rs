//! Steering by keys alone: which of forward, back, left and right carry
//! the feet towards a point, whatever way the camera faces (a fight that
//! keeps its eyes on a target while it moves, a wait that backs off).

use crate::protocol::{Action, Key};
use crate::sim::angle::turn_between;
use crate::sim::game::Game;

/// Presses the keys that move the feet towards the heading `wanted`
/// (a yaw, degrees) with the camera facing `yaw`: one key, or two for a
/// heading between two keys' ways. Returns how far the heading lies off
/// the camera's way, in degrees (-180 to 180).
pub(super) fn press_towards(wanted: f32, yaw: f32, action: &mut Action) -> f32 {
    let off = turn_between(yaw, wanted);
    let keys = [
        (0.0, Key::Forward),
        (90.0, Key::Right),
        (-90.0, Key::Left),
        (180.0, Key::Back),
    ];
    for (angle, key) in keys {
        let apart = turn_between(angle, off).abs();
        if apart < 67.5 {
            action.press(key);
        }
    }
    off
}

/// Keys that move the feet towards `to` whatever way the camera faces.
pub(super) fn move_towards(game: &Game, to: [f64; 3], action: &mut Action) {
    let p = &game.player;
    let (dx, dz) = (to[0] - p.pos[0], to[2] - p.pos[2]);
    let distance = dx.hypot(dz);
    if distance < 0.25 {
        return;
    }
    let wanted = (-dx).atan2(dz).to_degrees() as f32;
    let off = press_towards(wanted, p.yaw, action);
    if distance > 4.0 && off.abs() < 30.0 {
        action.press(Key::Sprint);
    }
    let stuck = p.on_ground && p.horizontal_collision;
    if stuck {
        action.press(Key::Jump);
    }
}
