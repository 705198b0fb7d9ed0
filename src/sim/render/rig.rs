//! Posing box models: the affine transforms that rotate a part about its
//! pivot, chain it to its parent, then scale, tilt, turn and place the
//! whole creature; and the pose of each part from the creature's state
//! (walk swing, wing beat, baby proportions), after Minecraft 1.16.5's
//! model animations.
//!
//! Model space here is the renderer's: model pixels, x across, y up from
//! the feet, +z the creature's front. Part rotations are kept in the
//! game's own model frame (y down, front −z) so the table's numbers and the
//! game's formulas apply as they are; [`Transform::part`] converts.

use super::models::{Model, Role};
use crate::sim::entity::MobState;

/// `m · p + t`: a rotation with uniform scale, then a translation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transform {
    pub m: [[f32; 3]; 3],
    pub t: [f32; 3],
}

/// Walk phase per unit of `limb_swing`, as in the game's models.
const SWING_RATE: f32 = 0.6662;
/// Leg and arm swing amplitudes (radians at full `limb_amount`).
const LEG_SWING: f32 = 1.4;
const ARM_SWING: f32 = 1.0;
/// Spider legs: amplitude of their sweep and lift.
const SPIDER_SWING: f32 = 0.4;
/// Wing beat: radians per tick of age, and amplitude in radians.
const WING_RATE: f32 = 0.6;
const WING_BEAT: f32 = 0.3;
/// Ticks a dying creature takes to fall on its side.
const DEATH_TICKS: f32 = 20.0;
/// Babies: the body at half size, the head half as big again.
const BABY_BODY: f32 = 0.5;
const BABY_HEAD: f32 = 1.5;

impl Transform {
    pub const IDENTITY: Transform = Transform {
        m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        t: [0.0; 3],
    };

    pub fn apply(&self, p: [f32; 3]) -> [f32; 3] {
        std::array::from_fn(|i| {
            self.m[i][0] * p[0] + self.m[i][1] * p[1] + self.m[i][2] * p[2] + self.t[i]
        })
    }

    /// `self` after `inner`: first `inner`, then `self`.
    pub fn then(&self, inner: &Transform) -> Transform {
        let m = std::array::from_fn(|i| {
            std::array::from_fn(|j| (0..3).map(|k| self.m[i][k] * inner.m[k][j]).sum())
        });
        Transform {
            m,
            t: self.apply(inner.t),
        }
    }

    pub fn translate(t: [f32; 3]) -> Transform {
        Transform {
            t,
            ..Transform::IDENTITY
        }
    }

    pub fn scale(s: f32) -> Transform {
        Transform {
            m: [[s, 0.0, 0.0], [0.0, s, 0.0], [0.0, 0.0, s]],
            t: [0.0; 3],
        }
    }

    /// Right-handed rotation by `a` radians about axis 0 (x), 1 (y) or 2 (z).
    pub fn rotate(axis: usize, a: f32) -> Transform {
        let (s, c) = a.sin_cos();
        let (i, j) = ((axis + 1) % 3, (axis + 2) % 3);
        let mut m = Transform::IDENTITY.m;
        m[i][i] = c;
        m[i][j] = -s;
        m[j][i] = s;
        m[j][j] = c;
        Transform { m, t: [0.0; 3] }
    }

    /// A part's own transform: scaled by `scale`, rotated by the game's
    /// model-frame angles `rotation` (x, y, z radians; the game applies z,
    /// then y, then x to the part), and moved to its `pivot`. In the
    /// renderer's frame (the game's turned half a turn about x) the y and z
    /// angles change sign.
    pub fn part(pivot: [f32; 3], rotation: [f32; 3], scale: f32) -> Transform {
        Transform::translate(pivot)
            .then(&Transform::rotate(2, -rotation[2]))
            .then(&Transform::rotate(1, -rotation[1]))
            .then(&Transform::rotate(0, rotation[0]))
            .then(&Transform::scale(scale))
    }

    /// A creature turned to `yaw_degrees` (0 faces +z, 90 faces −x).
    pub fn yaw(yaw_degrees: f32) -> Transform {
        Transform::rotate(1, -yaw_degrees.to_radians())
    }
}

/// How far a dying creature has fallen on its side, in radians: the game's
/// `sqrt(ticks / 20 · 1.6)` of a right angle, capped at one.
pub fn death_tilt(death_ticks: u32) -> f32 {
    if death_ticks == 0 {
        return 0.0;
    }
    let fallen = ((death_ticks as f32 - 1.0) / DEATH_TICKS * 1.6)
        .max(0.0)
        .sqrt();
    fallen.min(1.0) * std::f32::consts::FRAC_PI_2
}

/// Each part's transform into model space (feet at the origin), in the
/// model's part order, for a creature in `state`, `age` ticks old.
pub fn pose(model: &Model, state: &MobState, baby: bool, age: u32) -> Vec<Transform> {
    let root = Transform::scale(if baby { BABY_BODY } else { 1.0 });
    let mut out: Vec<Transform> = Vec::with_capacity(model.parts.len());
    for part in &model.parts {
        let rotation = animated(part.role, part.phase, part.side, part.rest, state, age);
        let scale = if baby && part.role == Role::Head {
            BABY_HEAD
        } else {
            1.0
        };
        let parent = part.parent.map_or(root, |p| out[p]);
        out.push(parent.then(&Transform::part(part.pivot, rotation, scale)));
    }
    out
}

/// A part's rotation (game model frame, radians) after its role's motion.
fn animated(
    role: Role,
    phase: f32,
    side: f32,
    rest: [f32; 3],
    state: &MobState,
    age: u32,
) -> [f32; 3] {
    let [mut x, mut y, mut z] = rest;
    let walk = state.limb_swing * SWING_RATE + phase;
    let amount = state.limb_amount;
    match role {
        Role::Still | Role::Head => {}
        Role::Leg => x += walk.cos() * LEG_SWING * amount,
        Role::Arm => x += walk.cos() * ARM_SWING * amount,
        Role::Tail => y += walk.cos() * LEG_SWING * amount,
        Role::SpiderLeg => {
            let sweep = -(state.limb_swing * SWING_RATE * 2.0 + phase).cos();
            y += side * sweep * SPIDER_SWING * amount;
            z += side * (walk.sin() * SPIDER_SWING * amount).abs();
        }
        Role::Wing => z += side * (age as f32 * WING_RATE + phase).cos() * WING_BEAT,
    }
    [x, y, z]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::render::models::{creatures, model_named, models};

    fn close(a: [f32; 3], b: [f32; 3]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4)
    }

    #[test]
    fn rotations_are_right_handed_and_compose() {
        let quarter = std::f32::consts::FRAC_PI_2;
        assert!(close(
            Transform::rotate(0, quarter).apply([0.0, 1.0, 0.0]),
            [0.0, 0.0, 1.0]
        ));
        assert!(close(
            Transform::rotate(1, quarter).apply([0.0, 0.0, 1.0]),
            [1.0, 0.0, 0.0]
        ));
        assert!(close(
            Transform::rotate(2, quarter).apply([1.0, 0.0, 0.0]),
            [0.0, 1.0, 0.0]
        ));
        let moved = Transform::translate([1.0, 2.0, 3.0]).then(&Transform::scale(2.0));
        assert!(close(moved.apply([1.0, 1.0, 1.0]), [3.0, 4.0, 5.0]));
        // Yaw 90 faces −x, as the entity's yaw does.
        assert!(close(
            Transform::yaw(90.0).apply([0.0, 0.0, 1.0]),
            [-1.0, 0.0, 0.0]
        ));
    }

    #[test]
    fn a_pivot_stays_put_while_its_part_turns() {
        let pivot = [3.0, 12.0, -1.0];
        let t = Transform::part(pivot, [0.7, -0.3, 0.2], 1.0);
        assert!(close(t.apply([0.0; 3]), pivot));
    }

    fn leg_foot(state: &MobState) -> [f32; 3] {
        let model = model_named("pig").unwrap();
        let leg = model
            .parts
            .iter()
            .position(|p| p.name == "front_left_leg")
            .unwrap();
        let part = &model.parts[leg];
        let foot = [
            part.min[0] + part.size[0] / 2.0,
            part.min[1],
            part.min[2] + part.size[2] / 2.0,
        ];
        pose(model, state, false, 0)[leg].apply(foot)
    }

    #[test]
    fn legs_swing_with_the_walk_and_hang_still_without_it() {
        let still = MobState::default();
        let standing = leg_foot(&still);
        assert!(
            standing[1].abs() < 1e-3,
            "the foot stands on the ground: {standing:?}"
        );
        let walking = MobState {
            limb_swing: 0.0,
            limb_amount: 1.0,
            ..MobState::default()
        };
        let swung = leg_foot(&walking);
        // cos(0) · 1.4 radians: the foot swings off the ground, along z.
        assert!(
            swung[1] > 2.0 && (swung[2] - standing[2]).abs() > 4.0,
            "{swung:?}"
        );
        let no_amount = MobState {
            limb_swing: 3.0,
            limb_amount: 0.0,
            ..MobState::default()
        };
        assert!(close(leg_foot(&no_amount), standing));
    }

    #[test]
    fn every_creature_stands_on_its_feet() {
        for creature in creatures() {
            let model = &models()[creature.model];
            let poses = pose(model, &MobState::default(), false, 0);
            let lowest = model
                .parts
                .iter()
                .zip(&poses)
                .flat_map(|(p, t)| {
                    (0..8).map(move |c| {
                        let corner = std::array::from_fn(|a| {
                            p.min[a] + if c >> a & 1 == 1 { p.size[a] } else { 0.0 }
                        });
                        t.apply(corner)[1]
                    })
                })
                .fold(f32::MAX, f32::min);
            // World pixels above the feet: on the ground, or hovering (bats, phantoms, bees).
            let above = lowest * creature.scale + creature.lift;
            assert!(
                above > -1.6 && above < 10.0,
                "{}: lowest {above}",
                creature.kind
            );
        }
    }

    #[test]
    fn babies_are_smaller_with_bigger_heads() {
        let model = model_named("cow").unwrap();
        let head = model
            .parts
            .iter()
            .position(|p| p.role == Role::Head)
            .unwrap();
        let body = model.parts.iter().position(|p| p.name == "body").unwrap();
        let adult = pose(model, &MobState::default(), false, 0);
        let baby = pose(model, &MobState::default(), true, 0);
        let size = |t: &Transform| t.m[0][0].hypot(t.m[1][0]).hypot(t.m[2][0]);
        assert_eq!(size(&baby[body]) / size(&adult[body]), 0.5);
        assert_eq!(size(&baby[head]) / size(&adult[head]), 0.75);
        assert!(baby[head].t[1] < adult[head].t[1]);
    }

    #[test]
    fn the_death_tilt_reaches_a_right_angle() {
        assert_eq!(death_tilt(0), 0.0);
        assert!(death_tilt(5) > 0.5 && death_tilt(5) < std::f32::consts::FRAC_PI_2);
        assert_eq!(death_tilt(20), std::f32::consts::FRAC_PI_2);
    }
}
