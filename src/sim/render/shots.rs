//! Fired projectiles as quads: arrows and tridents as thin rods along
//! their heading, the fishing bobber as a small red box, and the fishing
//! line as a thin strip from the rod's tip to the bobber.

use super::cube::{face_corners, SHADE, STRETCHED_UV};
use super::entities::EntityPainter;
use super::raster::{Blend, Quad};
use super::texture::TexId;
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::registry::block;

/// Length and half thickness of an arrow's and a trident's rod.
const ARROW_SIZE: (f32, f32) = (0.8, 0.03);
const TRIDENT_SIZE: (f32, f32) = (1.3, 0.045);
/// Half side of the bobber.
const BOBBER_HALF: f32 = 0.09;
/// Half width of the fishing line.
const LINE_HALF: f32 = 0.008;

fn normalize(v: [f32; 3]) -> [f32; 3] {
    let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt().max(1e-6);
    v.map(|c| c / n)
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The block texture a projectile part is drawn with.
fn texture(painter: &EntityPainter, name: &str) -> TexId {
    painter.assets.blocks[block(name).0 as usize].faces[0]
}

/// A box of half extents `half` around `centre`, its z axis along `along`.
fn oriented_box(
    centre: [f32; 3],
    along: [f32; 3],
    half: [f32; 3],
    tex: TexId,
    lit: &dyn Fn(f32) -> f32,
    out: &mut Vec<Quad>,
) {
    let d = normalize(along);
    let helper = if d[1].abs() > 0.9 {
        [1.0, 0.0, 0.0]
    } else {
        [0.0, 1.0, 0.0]
    };
    let u = normalize(cross(helper, d));
    let v = cross(d, u);
    let place = |p: [f32; 3]| -> [f32; 3] {
        std::array::from_fn(|i| centre[i] + u[i] * p[0] + v[i] * p[1] + d[i] * p[2])
    };
    let min = half.map(|h| -h);
    for (face, &shade) in SHADE.iter().enumerate() {
        out.push(Quad {
            pos: face_corners(min, half, face).map(place),
            uv: STRETCHED_UV,
            bright: [lit(shade); 4],
            tex,
            blend: Blend::Opaque,
            double_sided: true,
        });
    }
}

/// Quads of an arrow, trident or bobber at eye-relative `rel`.
pub fn quads(
    painter: &EntityPainter,
    game: &Game,
    entity: &Entity,
    rel: [f32; 3],
    lit: &dyn Fn(f32) -> f32,
    out: &mut Vec<Quad>,
) {
    match &entity.kind {
        EntityKind::Arrow(arrow) => {
            let ((length, thick), tex) = if arrow.fixed_damage.is_some() {
                (TRIDENT_SIZE, texture(painter, "prismarine"))
            } else {
                (ARROW_SIZE, texture(painter, "oak_planks"))
            };
            let heading = arrow.heading.map(|c| c as f32);
            // The tip sits where the arrow is; the shaft trails behind.
            let centre: [f32; 3] = std::array::from_fn(|i| {
                rel[i] - heading[i] * length * 0.4 + if i == 1 { thick } else { 0.0 }
            });
            oriented_box(centre, heading, [thick, thick, length / 2.0], tex, lit, out);
        }
        EntityKind::Bobber(_) => {
            let centre = [rel[0], rel[1] + BOBBER_HALF, rel[2]];
            let tex = texture(painter, "red_wool");
            oriented_box(centre, [0.0, 0.0, 1.0], [BOBBER_HALF; 3], tex, lit, out);
            line(painter, game, centre, out);
        }
        _ => {}
    }
}

/// The fishing line from the rod's tip (to the right of and below the
/// eye, ahead) to the bobber, a strip turned to face the camera.
fn line(painter: &EntityPainter, game: &Game, bobber: [f32; 3], out: &mut Vec<Quad>) {
    let cam = painter.camera;
    let eye = game.player.eye();
    let tip_world: [f64; 3] = std::array::from_fn(|i| {
        eye[i] + f64::from(cam.forward[i] * 0.6 + cam.right[i] * 0.35 - cam.up[i] * 0.15)
    });
    let tip = cam.relative(tip_world);
    let along: [f32; 3] = std::array::from_fn(|i| bobber[i] - tip[i]);
    let middle: [f32; 3] = std::array::from_fn(|i| (bobber[i] + tip[i]) / 2.0);
    let side = normalize(cross(along, middle)).map(|c| c * LINE_HALF);
    out.push(Quad {
        pos: [
            std::array::from_fn(|i| tip[i] - side[i]),
            std::array::from_fn(|i| bobber[i] - side[i]),
            std::array::from_fn(|i| bobber[i] + side[i]),
            std::array::from_fn(|i| tip[i] + side[i]),
        ],
        uv: STRETCHED_UV,
        bright: [0.3; 4],
        tex: texture(painter, "white_wool"),
        blend: Blend::Opaque,
        double_sided: true,
    });
}

#[cfg(test)]
mod tests {
    use image::RgbImage;

    use super::super::tests::flatten;
    use super::super::Renderer;
    use crate::sim::entity::EntityKind;
    use crate::sim::game::Game;
    use crate::sim::inventory::ItemStack;
    use crate::sim::projectile::{Bobber, BobberState, Pickup, Shooter};
    use crate::sim::registry::item;
    use crate::sim::rules::projectiles::new_arrow;

    fn frame_with(kind: Option<EntityKind>) -> RgbImage {
        let mut game = Game::new(11);
        flatten(&mut game.world, [-16, -16], [16, 16]);
        game.player.pos = [0.5, 64.0, 0.5];
        game.player.yaw = 0.0;
        game.player.pitch = 0.0;
        if let Some(kind) = kind {
            game.entities.spawn(kind, [0.5, 65.4, 3.0], [0.0; 3]);
        }
        let mut frame = RgbImage::new(160, 90);
        Renderer::new().render(&game, &mut frame);
        frame
    }

    /// How many pixels of the frame's middle third differ.
    fn changed(a: &RgbImage, b: &RgbImage) -> usize {
        (53..107)
            .flat_map(|x| (30..60).map(move |y| (x, y)))
            .filter(|&(x, y)| a.get_pixel(x, y) != b.get_pixel(x, y))
            .count()
    }

    #[test]
    fn arrows_and_bobbers_show_in_front_of_the_player() {
        let empty = frame_with(None);
        let mut arrow = new_arrow(
            ItemStack::new(item("arrow"), 1),
            Shooter::Player,
            Pickup::Allowed,
        );
        arrow.heading = [1.0, 0.0, 0.0];
        let with_arrow = frame_with(Some(EntityKind::Arrow(arrow)));
        assert!(changed(&empty, &with_arrow) > 10);
        let bobber = Bobber {
            state: BobberState::Flying,
            life: 0,
        };
        let with_bobber = frame_with(Some(EntityKind::Bobber(bobber)));
        assert!(changed(&empty, &with_bobber) > 10);
    }
}
