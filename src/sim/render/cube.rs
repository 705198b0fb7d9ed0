//! Box geometry shared by block meshes, mob models and the held item: the
//! six faces of an axis-aligned box, wound counter-clockwise seen from
//! outside, with texture coordinates and Minecraft's per-face shading.

/// Faces in the order down, up, north (−z), south (+z), west (−x), east (+x).
pub const FACES: usize = 6;
pub const DOWN: usize = 0;
pub const UP: usize = 1;

/// Outward normals by face.
pub const NORMALS: [[i32; 3]; FACES] = [
    [0, -1, 0],
    [0, 1, 0],
    [0, 0, -1],
    [0, 0, 1],
    [-1, 0, 0],
    [1, 0, 0],
];

/// The axis a face's normal runs along, then the two axes across it.
pub fn axes(face: usize) -> [usize; 3] {
    let axis = NORMALS[face].iter().position(|&c| c != 0).unwrap_or(1);
    [axis, (axis + 1) % 3, (axis + 2) % 3]
}

/// Minecraft's directional shading: top brightest, bottom darkest,
/// north/south brighter than east/west.
pub const SHADE: [f32; FACES] = [0.5, 1.0, 0.8, 0.8, 0.6, 0.6];

/// The corners of one face of the box `min..max`: bottom-left, bottom-right,
/// top-right, top-left as seen from outside.
pub fn face_corners(min: [f32; 3], max: [f32; 3], face: usize) -> [[f32; 3]; 4] {
    let [x0, y0, z0] = min;
    let [x1, y1, z1] = max;
    match face {
        DOWN => [[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]],
        UP => [[x0, y1, z1], [x1, y1, z1], [x1, y1, z0], [x0, y1, z0]],
        2 => [[x1, y0, z0], [x0, y0, z0], [x0, y1, z0], [x1, y1, z0]],
        3 => [[x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]],
        4 => [[x0, y0, z0], [x0, y0, z1], [x0, y1, z1], [x0, y1, z0]],
        _ => [[x1, y0, z1], [x1, y0, z0], [x1, y1, z0], [x1, y1, z1]],
    }
}

/// Texture coordinates (texels) of the whole texture stretched over a face.
pub const STRETCHED_UV: [[f32; 2]; 4] = [[0.0, 16.0], [16.0, 16.0], [16.0, 0.0], [0.0, 0.0]];

/// Texture coordinates (texels) from block-local corner positions, so a
/// partial box shows the matching part of the texture, as in Minecraft.
pub fn block_uv(corners: &[[f32; 3]; 4], face: usize) -> [[f32; 2]; 4] {
    corners.map(|[x, y, z]| {
        let (u, v) = match face {
            DOWN => (x, 1.0 - z),
            UP => (x, z),
            2 => (1.0 - x, 1.0 - y),
            3 => (x, 1.0 - y),
            4 => (z, 1.0 - y),
            _ => (1.0 - z, 1.0 - y),
        };
        [u * 16.0, v * 16.0]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
        [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
    }

    #[test]
    fn faces_wind_counter_clockwise_around_their_normal() {
        for (face, normal) in NORMALS.iter().enumerate() {
            let c = face_corners([0.0; 3], [1.0; 3], face);
            let (u, v) = (sub(c[1], c[0]), sub(c[3], c[0]));
            let cross = [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ];
            let n = normal.map(|x| x as f32);
            assert_eq!(cross, n, "face {face}");
        }
    }

    #[test]
    fn side_faces_have_the_texture_top_up() {
        for face in 2..FACES {
            let c = face_corners([0.0; 3], [1.0; 3], face);
            let uv = block_uv(&c, face);
            assert_eq!(uv[0], [0.0, 16.0], "face {face}");
            assert_eq!(uv[2], [16.0, 0.0], "face {face}");
        }
    }
}
