//! Where and how a command runs: the position, rotation and anchor that
//! `/execute` changes and that `~`/`^` coordinates are resolved against,
//! with Minecraft's own trigonometry (its 65536-entry sine table) so local
//! coordinates land on the same blocks as in the game.

use std::sync::OnceLock;

use crate::sim::player::Player;

/// Which point of the executor `^` coordinates and `facing` start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Feet,
    Eyes,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Source {
    pub pos: [f64; 3],
    /// Degrees; 0 faces south (+z), 90 west.
    pub yaw: f32,
    /// Degrees; positive looks down.
    pub pitch: f32,
    pub anchor: Anchor,
    /// Eye height of the executing entity (always the player here).
    pub eye_height: f64,
}

impl Source {
    /// Running as the player, at their feet, looking where they look.
    pub fn of_player(player: &Player) -> Source {
        Source {
            pos: player.pos,
            yaw: player.yaw,
            pitch: player.pitch,
            anchor: Anchor::Feet,
            eye_height: player.eye()[1] - player.pos[1],
        }
    }

    /// The anchor point: the position, or the executor's eyes above it.
    pub fn anchor_pos(&self) -> [f64; 3] {
        match self.anchor {
            Anchor::Feet => self.pos,
            Anchor::Eyes => [self.pos[0], self.pos[1] + self.eye_height, self.pos[2]],
        }
    }

    /// This source turned to look from its anchor point at `target`.
    pub fn facing(self, target: [f64; 3]) -> Source {
        let (yaw, pitch) = look_at(self.anchor_pos(), target);
        Source { yaw, pitch, ..self }
    }

    /// Minecraft's local coordinates: `left`, `up`, `forward` blocks along
    /// the axes of this source's rotation, from its anchor.
    pub fn local(&self, [left, up, forward]: [f64; 3]) -> [f64; 3] {
        let rad = std::f32::consts::PI / 180.0;
        let (yaw, pitch) = (self.yaw, self.pitch);
        let (c, s) = (mc_cos((yaw + 90.0) * rad), mc_sin((yaw + 90.0) * rad));
        let (c2, s2) = (mc_cos(-pitch * rad), mc_sin(-pitch * rad));
        let (c4, s4) = (mc_cos((-pitch + 90.0) * rad), mc_sin((-pitch + 90.0) * rad));
        let front = [f64::from(c * c2), f64::from(s2), f64::from(s * c2)];
        let upward = [f64::from(c * c4), f64::from(s4), f64::from(s * c4)];
        let cross = [
            front[1] * upward[2] - front[2] * upward[1],
            front[2] * upward[0] - front[0] * upward[2],
            front[0] * upward[1] - front[1] * upward[0],
        ];
        let sideways = cross.map(|v| -v);
        let base = self.anchor_pos();
        std::array::from_fn(|i| base[i] + front[i] * forward + upward[i] * up + sideways[i] * left)
    }
}

/// The yaw and pitch that look from `from` to `to`.
pub fn look_at(from: [f64; 3], to: [f64; 3]) -> (f32, f32) {
    let [dx, dy, dz] = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    let horizontal = (dx * dx + dz * dz).sqrt();
    let pitch = wrap_degrees(-(dy.atan2(horizontal).to_degrees()) as f32);
    let yaw = wrap_degrees(dz.atan2(dx).to_degrees() as f32 - 90.0);
    (yaw, pitch)
}

/// An angle in degrees brought into [-180, 180).
pub fn wrap_degrees(angle: f32) -> f32 {
    let wrapped = angle % 360.0;
    if wrapped >= 180.0 {
        wrapped - 360.0
    } else if wrapped < -180.0 {
        wrapped + 360.0
    } else {
        wrapped
    }
}

fn sine_table() -> &'static [f32] {
    static TABLE: OnceLock<Vec<f32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..65536)
            .map(|i| (f64::from(i) * std::f64::consts::PI * 2.0 / 65536.0).sin() as f32)
            .collect()
    })
}

/// Minecraft's table sine of an angle in radians.
fn mc_sin(rad: f32) -> f32 {
    sine_table()[((rad * 10430.378) as i32 & 65535) as usize]
}

fn mc_cos(rad: f32) -> f32 {
    sine_table()[((rad * 10430.378 + 16384.0) as i32 & 65535) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(yaw: f32, pitch: f32) -> Source {
        Source {
            pos: [0.5, 64.0, 0.5],
            yaw,
            pitch,
            anchor: Anchor::Feet,
            eye_height: 1.62,
        }
    }

    fn close(a: [f64; 3], b: [f64; 3]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-6)
    }

    #[test]
    fn local_axes_follow_the_look() {
        // Facing south (+z): left is east (+x).
        assert!(close(at(0.0, 0.0).local([2.0, 0.0, 3.0]), [2.5, 64.0, 3.5]));
        // Facing west (-x): left is south (+z), forward is -x.
        assert!(close(
            at(90.0, 0.0).local([2.0, 0.0, 3.0]),
            [-2.5, 64.0, 2.5]
        ));
        // Facing north (-z): left is west.
        assert!(close(
            at(180.0, 0.0).local([2.0, 0.0, 3.0]),
            [-1.5, 64.0, -2.5]
        ));
        // Facing east (+x): left is north.
        assert!(close(
            at(-90.0, 0.0).local([2.0, 1.0, 3.0]),
            [3.5, 65.0, -1.5]
        ));
        // Looking straight down: forward is down, up points where the feet face.
        assert!(close(
            at(0.0, 90.0).local([0.0, 1.0, 2.0]),
            [0.5, 62.0, 1.5]
        ));
    }

    #[test]
    fn eyes_anchor_raises_local_coordinates() {
        let mut source = at(0.0, 0.0);
        source.anchor = Anchor::Eyes;
        assert!(close(source.local([0.0, 0.0, 0.0]), [0.5, 65.62, 0.5]));
    }

    #[test]
    fn facing_points_the_rotation_at_the_target() {
        let source = at(0.0, 0.0).facing([10.5, 64.0, 0.5]);
        assert!((source.yaw - -90.0).abs() < 1e-4, "east is yaw -90");
        assert!(source.pitch.abs() < 1e-4);
        let down = at(0.0, 0.0).facing([0.5, 60.0, 0.5]);
        assert!((down.pitch - 90.0).abs() < 1e-4);
        assert_eq!(wrap_degrees(270.0), -90.0);
        assert_eq!(wrap_degrees(-190.0), 170.0);
    }
}
