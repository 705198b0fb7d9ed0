//! The flight of what a script shoots or throws (arrows, tridents, ender
//! pearls, fishing bobbers), worked into an aim: the look that lands one
//! on a point or leads a moving creature, on the low path or lobbed, and
//! whether the way there is clear.

use super::behaviour::MAX_TURN;
use crate::sim::entity::Entity;
use crate::sim::game::Game;
use crate::sim::raycast;
use crate::sim::registry::registry;
use crate::sim::rules::{archery, fishing, projectiles};

/// The steepest and shallowest pitches a shot is aimed at, in degrees.
const STEEPEST_PITCH: f64 = 89.0;
const SHALLOWEST_PITCH: f64 = 80.0;

/// Where to aim a shot at a creature: high on its body, over the plants
/// about its feet; for one sunk into the ground, just over the ground,
/// within the margin by which projectiles hit.
fn aim_point(game: &Game, e: &Entity) -> [f64; 3] {
    let height = e.size().1;
    let mut y = e.pos[1] + height * 0.85;
    let cell = [
        e.pos[0].floor() as i32,
        y.floor() as i32,
        e.pos[2].floor() as i32,
    ];
    if registry().block(game.world.get(cell)).shape.collides() {
        y = (f64::from(cell[1]) + 1.05).min(e.pos[1] + height + 0.25);
    }
    [e.pos[0], y, e.pos[2]]
}

/// A shot's line: where it leaves the body, the way across to its point
/// (not normalised), how far across that is and how far up.
#[derive(Clone, Copy)]
struct Course {
    from: [f64; 3],
    to: [f64; 2],
    reach: f64,
    rise: f64,
}

/// How a launched projectile flies, for aiming.
#[derive(Debug, Clone, Copy)]
pub(super) struct Flight {
    /// Launch speed at a pitch in degrees.
    speed: fn(f64) -> f64,
    gravity: f64,
    drag: f64,
    /// Whether gravity acts before the move (bobbers) or after the drag (arrows).
    gravity_first: bool,
    /// The launch point: below the eye, and ahead of it.
    below_eye: f64,
    ahead: f64,
}

fn full_bow(_: f64) -> f64 {
    archery::FULL_POWER_SPEED
}

fn trident(_: f64) -> f64 {
    archery::TRIDENT_SPEED
}

/// A cast bobber's speed: 0.6 + 0.5 / cos(pitch) (its direction is the
/// look stretched to a unit horizontal part).
fn bobber(pitch: f64) -> f64 {
    let stretch = 1.0 / pitch.to_radians().cos().max(0.2);
    0.6 + 0.5 * stretch
}

pub(super) const ARROW_FLIGHT: Flight = Flight {
    speed: full_bow,
    gravity: projectiles::GRAVITY,
    drag: projectiles::DRAG,
    gravity_first: false,
    below_eye: 0.1,
    ahead: 0.0,
};

pub(super) const TRIDENT_FLIGHT: Flight = Flight {
    speed: trident,
    ..ARROW_FLIGHT
};

fn thrown(_: f64) -> f64 {
    projectiles::THROWN_SPEED
}

/// A thrown ender pearl's flight.
pub(super) const PEARL_FLIGHT: Flight = Flight {
    speed: thrown,
    gravity: projectiles::THROWN_GRAVITY,
    ..ARROW_FLIGHT
};

pub(super) const BOBBER_FLIGHT: Flight = Flight {
    speed: bobber,
    gravity: fishing::GRAVITY,
    drag: fishing::DRAG,
    gravity_first: true,
    below_eye: 0.0,
    ahead: fishing::CAST_AHEAD,
};

impl Flight {
    /// The height gained and ticks taken when the projectile has flown
    /// `reach` blocks horizontally at `pitch`, if it gets that far.
    fn at(&self, pitch: f64, reach: f64) -> Option<(f64, f64)> {
        let speed = (self.speed)(pitch);
        let (sin, cos) = pitch.to_radians().sin_cos();
        let (mut h, mut y) = (self.ahead, 0.0);
        let (mut vh, mut vy) = (speed * cos, -speed * sin);
        for tick in 0..400 {
            if self.gravity_first {
                vy -= self.gravity;
            }
            if h + vh >= reach {
                let part = (reach - h) / vh;
                return Some((y + vy * part, f64::from(tick) + part));
            }
            h += vh;
            y += vy;
            vh *= self.drag;
            vy *= self.drag;
            if !self.gravity_first {
                vy -= self.gravity;
            }
            if vh < 1e-4 {
                return None;
            }
        }
        None
    }

    /// The pitch that meets `rise` (up from the launch point) at `reach`
    /// on the low path, and the flight's ticks: the shallowest whole
    /// degree that flies over the point (up to straight up, for a flier
    /// overhead), then halving between it and the degree below.
    fn pitch_for(&self, reach: f64, rise: f64) -> (f64, f64) {
        let over = |pitch: f64| self.at(pitch, reach).is_some_and(|(y, _)| y > rise);
        let first_over = (-STEEPEST_PITCH as i32..=SHALLOWEST_PITCH as i32)
            .rev()
            .map(f64::from)
            .find(|&pitch| over(pitch))
            .unwrap_or(-STEEPEST_PITCH);
        let (mut up, mut down) = (first_over, (first_over + 1.0).min(SHALLOWEST_PITCH));
        for _ in 0..30 {
            let mid = (up + down) / 2.0;
            match self.at(mid, reach) {
                Some((y, _)) if y > rise => up = mid,
                _ => down = mid,
            }
        }
        let ticks = self.at(up, reach).map_or(0.0, |(_, t)| t);
        (up, ticks)
    }

    /// Whether a shot from the eye `eye` aimed at `point` (which it must
    /// be able to reach) flies clear of blocks until it is within
    /// `short` blocks of it horizontally.
    pub(super) fn flies_clear(
        &self,
        game: &Game,
        eye: [f64; 3],
        point: [f64; 3],
        short: f64,
    ) -> bool {
        self.clear_pitch(game, &self.course(eye, point), short)
            .is_some()
    }

    /// The pitch of [`Flight::flies_clear`]'s shot, if it flies clear.
    fn clear_pitch(&self, game: &Game, course: &Course, short: f64) -> Option<f64> {
        let (pitch, _) = self.pitch_for(course.reach, course.rise);
        self.clear_along(game, course, short, pitch)
            .then_some(pitch)
    }

    /// The line across from the eye `eye` to `point`.
    fn course(&self, eye: [f64; 3], point: [f64; 3]) -> Course {
        let from = [eye[0], eye[1] - self.below_eye, eye[2]];
        let to = [point[0] - from[0], point[2] - from[2]];
        Course {
            from,
            to,
            reach: to[0].hypot(to[1]),
            rise: point[1] - from[1],
        }
    }

    /// Whether the shot at `pitch` along `course` comes to its point (no
    /// more than half a block under it) clear of blocks until `short`
    /// blocks from it across.
    fn clear_along(&self, game: &Game, course: &Course, short: f64, pitch: f64) -> bool {
        let Course {
            from,
            to,
            reach,
            rise,
        } = *course;
        if !self.at(pitch, reach).is_some_and(|(y, _)| y > rise - 0.5) {
            return false;
        }
        let speed = (self.speed)(pitch);
        let (sin, cos) = pitch.to_radians().sin_cos();
        let across = to.map(|v| v / reach.max(1e-9));
        let (mut at, mut h) = (from, self.ahead);
        let (mut vh, mut vy) = (speed * cos, -speed * sin);
        while h < reach - short {
            if self.gravity_first {
                vy -= self.gravity;
            }
            let step = vh.min(reach - short - h);
            let part = step / vh;
            let d = [across[0] * step, vy * part, across[1] * step];
            let length = d.iter().map(|v| v * v).sum::<f64>().sqrt().max(1e-9);
            let dir = d.map(|v| v / length);
            let solid = |b| registry().block(b).shape.collides();
            if raycast::cast(&game.world, at, dir, length, solid).is_some() {
                return false;
            }
            at = [0, 1, 2].map(|a| at[a] + d[a]);
            h += step;
            vh *= self.drag;
            vy *= self.drag;
            if !self.gravity_first {
                vy -= self.gravity;
            }
        }
        true
    }

    /// The pitch that meets `rise` at `reach` on the high path, coming
    /// down onto it: the steepest whole degree that flies over the point,
    /// then halving between it and the degree above, if any degree does.
    fn lob_pitch_for(&self, reach: f64, rise: f64) -> Option<f64> {
        let over = |pitch: f64| self.at(pitch, reach).is_some_and(|(y, _)| y > rise);
        let steepest_over = (-STEEPEST_PITCH as i32..=SHALLOWEST_PITCH as i32)
            .map(f64::from)
            .find(|&pitch| over(pitch))?;
        let (mut over_it, mut short_of_it) = (steepest_over, steepest_over - 1.0);
        for _ in 0..30 {
            let mid = (over_it + short_of_it) / 2.0;
            if over(mid) {
                over_it = mid;
            } else {
                short_of_it = mid;
            }
        }
        Some(over_it)
    }

    /// The yaw and pitch that land the projectile on `point`, if its
    /// flight there from the eye is clear of blocks (until `short` blocks
    /// from it, across): on the low path, or else on the high one, which
    /// comes down over a rim the low one strikes (seed 902's enderman
    /// stood on a ravine's far rim five blocks over the player, and no
    /// pearl was thrown up to it).
    pub(super) fn aim_at_point(
        &self,
        game: &Game,
        point: [f64; 3],
        short: f64,
    ) -> Option<(f32, f32)> {
        let course = self.course(game.player.eye(), point);
        let pitch = self.clear_pitch(game, &course, short).or_else(|| {
            self.lob_pitch_for(course.reach, course.rise)
                .filter(|&pitch| self.clear_along(game, &course, short, pitch))
        })?;
        let [dx, dz] = course.to;
        Some(((-dx).atan2(dz).to_degrees() as f32, pitch as f32))
    }

    /// The yaw and pitch that send the projectile into the creature,
    /// leading it by its velocity over the flight.
    pub(super) fn aim(&self, game: &Game, target: &Entity) -> (f32, f32) {
        self.lead(game, target).1
    }

    /// [`Flight::aim`]'s yaw and pitch, with the point they send the
    /// projectile to.
    pub(super) fn lead(&self, game: &Game, target: &Entity) -> ([f64; 3], (f32, f32)) {
        let eye = game.player.eye();
        let from = [eye[0], eye[1] - self.below_eye, eye[2]];
        let mut point = aim_point(game, target);
        let mut aim = (0.0, 0.0);
        let mut aimed_at = point;
        for _ in 0..3 {
            let (dx, dz) = (point[0] - from[0], point[2] - from[2]);
            let reach = (dx * dx + dz * dz).sqrt();
            let (pitch, ticks) = self.pitch_for(reach, point[1] - from[1]);
            aim = ((-dx).atan2(dz).to_degrees(), pitch);
            aimed_at = point;
            // Creatures move before projectiles in a tick, the launch
            // tick included: one move more than the flight's.
            // One standing on the ground does not sink, whatever its
            // vertical velocity says (gravity's pull, undone each tick).
            let now = aim_point(game, target);
            let mut vel = target.vel;
            if target.on_ground {
                vel[1] = 0.0;
            }
            point = [0, 1, 2].map(|a| now[a] + vel[a] * (ticks + 1.0));
        }
        (aimed_at, (aim.0 as f32, aim.1 as f32))
    }
}

/// Whether this tick's camera move reaches the aim: the camera turns
/// before the use key acts, so a shot let go in the same tick flies
/// along it (a moving target's aim shifts a little every tick, so it is
/// never already on it).
pub(super) fn turn_reaches_aim(camera: [f32; 2]) -> bool {
    camera[0].abs() < MAX_TURN && camera[1].abs() < MAX_TURN
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Action, Key};
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;
    use crate::sim::rules;
    use crate::sim::rules::testkit::{fill, platform_game, FLOOR};

    /// A bank five blocks high from three blocks east of the player: the
    /// low path to a spot on its top two blocks in from the edge still
    /// rises where it meets the bank's face; a pearl sent on the high
    /// path comes down over the edge onto the spot (seed 902).
    #[test]
    fn a_pearl_is_lobbed_onto_a_spot_beyond_a_rim() {
        let mut game = platform_game();
        fill(
            &mut game.world,
            [3, FLOOR + 1, -2],
            [8, FLOOR + 5, 2],
            "stone",
        );
        let spot = [5.5, f64::from(FLOOR + 6) + 0.05, 0.5];
        let eye = game.player.eye();
        assert!(
            !PEARL_FLIGHT.flies_clear(&game, eye, spot, 0.0),
            "the low path strikes the bank"
        );
        let (yaw, pitch) = PEARL_FLIGHT
            .aim_at_point(&game, spot, 0.0)
            .expect("the high path over the edge");
        game.player.inventory.main[0] = Some(ItemStack::new(item("ender_pearl"), 1));
        game.player.inventory.selected = 0;
        (game.player.yaw, game.player.pitch) = (yaw, pitch);
        rules::tick(&mut game, &Action::noop().with(Key::Use));
        for _ in 0..100 {
            rules::tick(&mut game, &Action::noop());
        }
        let feet = game.player.block_pos();
        assert_eq!(feet[1], FLOOR + 6, "on the bank, at {:?}", game.player.pos);
        assert!((4..=6).contains(&feet[0]), "near the spot, at {feet:?}");
    }
}
