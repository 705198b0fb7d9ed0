//! The perspective camera: the player's eye, yaw and pitch, a 70° vertical
//! field of view, projection to pixels and box-in-view tests.

use crate::sim::player::look_vector;

/// Vertical field of view in degrees (Minecraft's default).
pub const FOV_DEGREES: f32 = 70.0;
/// Nothing closer than this to the eye is drawn.
pub const NEAR: f32 = 0.05;

#[derive(Debug, Clone)]
pub struct Camera {
    /// Eye position; geometry is handed over relative to it.
    pub eye: [f64; 3],
    pub right: [f32; 3],
    pub up: [f32; 3],
    pub forward: [f32; 3],
    /// Pixels per unit of x/z at the image plane.
    pub focal: f32,
    pub centre: [f32; 2],
    pub width: usize,
    pub height: usize,
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

#[inline]
pub fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

impl Camera {
    pub fn new(eye: [f64; 3], yaw: f32, pitch: f32, width: usize, height: usize) -> Camera {
        let forward = look_vector(yaw, pitch).map(|c| c as f32);
        // The right vector stays horizontal, even looking straight up or down.
        let yaw_r = yaw.to_radians();
        let right = [-yaw_r.cos(), 0.0, -yaw_r.sin()];
        let up = cross(right, forward);
        let focal = height as f32 / 2.0 / (FOV_DEGREES.to_radians() / 2.0).tan();
        Camera {
            eye,
            right,
            up,
            forward,
            focal,
            centre: [width as f32 / 2.0, height as f32 / 2.0],
            width,
            height,
        }
    }

    /// A world point relative to the eye, in single precision.
    #[inline]
    pub fn relative(&self, p: [f64; 3]) -> [f32; 3] {
        [
            (p[0] - self.eye[0]) as f32,
            (p[1] - self.eye[1]) as f32,
            (p[2] - self.eye[2]) as f32,
        ]
    }

    /// Eye-relative point → view space (x right, y up, z forward).
    #[inline]
    pub fn view(&self, p: [f32; 3]) -> [f32; 3] {
        [dot(p, self.right), dot(p, self.up), dot(p, self.forward)]
    }

    /// View-space point in front of the eye → pixel coordinates.
    #[inline]
    pub fn project(&self, v: [f32; 3]) -> [f32; 2] {
        self.project_at_depth(v, 1.0 / v[2])
    }

    /// [`Camera::project`] for a point whose 1/z (`iz`) is known already.
    #[inline]
    pub fn project_at_depth(&self, v: [f32; 3], iz: f32) -> [f32; 2] {
        let scale = self.focal * iz;
        [self.centre[0] + scale * v[0], self.centre[1] - scale * v[1]]
    }

    /// Whether an eye-relative box (min, size) may be in view.
    pub fn sees_box(&self, min: [f32; 3], size: [f32; 3]) -> bool {
        let half = [self.centre[0] / self.focal, self.centre[1] / self.focal];
        // Side planes: |x| <= half_x * z and |y| <= half_y * z, with normals in view space.
        let planes: [[f32; 3]; 5] = [
            [0.0, 0.0, 1.0],
            [1.0, 0.0, half[0]],
            [-1.0, 0.0, half[0]],
            [0.0, 1.0, half[1]],
            [0.0, -1.0, half[1]],
        ];
        planes.iter().all(|plane| {
            // The box corner furthest along the plane normal (in world space).
            let n = [
                plane[0] * self.right[0] + plane[1] * self.up[0] + plane[2] * self.forward[0],
                plane[0] * self.right[1] + plane[1] * self.up[1] + plane[2] * self.forward[1],
                plane[0] * self.right[2] + plane[1] * self.up[2] + plane[2] * self.forward[2],
            ];
            let corner: [f32; 3] =
                std::array::from_fn(|i| if n[i] > 0.0 { min[i] + size[i] } else { min[i] });
            dot(n, corner) >= -0.01
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_ahead_projects_to_the_centre() {
        let cam = Camera::new([0.0, 64.0, 0.0], 0.0, 0.0, 640, 360);
        let v = cam.view(cam.relative([0.0, 64.0, 5.0]));
        assert!((v[2] - 5.0).abs() < 1e-5);
        let p = cam.project(v);
        assert!((p[0] - 320.0).abs() < 1e-3 && (p[1] - 180.0).abs() < 1e-3);
        // Facing south, east (+x) is on the left.
        let east = cam.project(cam.view(cam.relative([1.0, 64.0, 5.0])));
        assert!(east[0] < 320.0);
        let up = cam.project(cam.view(cam.relative([0.0, 65.0, 5.0])));
        assert!(up[1] < 180.0);
    }

    #[test]
    fn boxes_behind_are_not_seen() {
        let cam = Camera::new([0.0, 64.0, 0.0], 0.0, 0.0, 640, 360);
        assert!(cam.sees_box([-1.0, -1.0, 4.0], [2.0, 2.0, 2.0]));
        assert!(!cam.sees_box([-1.0, -1.0, -6.0], [2.0, 2.0, 2.0]));
        assert!(!cam.sees_box([-1.0, 30.0, 4.0], [2.0, 2.0, 2.0]));
    }
}
