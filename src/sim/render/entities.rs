//! Entities as quads: mobs as their box models turned to their yaw and
//! scaled to their registry height, dropped items as small spinning blocks
//! or icons, thrown items as small icons facing the camera.

use super::assets::Assets;
use super::camera::Camera;
use super::cube::{face_corners, SHADE, STRETCHED_UV};
use super::models::{model_index, MODELS};
use super::raster::{Blend, Quad};
use super::sky::{Environment, VIEW_DISTANCE};
use super::texture::TexId;
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::registry::{registry, ItemId, ItemKind, Shape};

/// A model box: min and max corners, side and front textures.
type SkinnedBox = ([f32; 3], [f32; 3], (TexId, TexId));

/// The front face of a box (+z in model space).
const FRONT: usize = 3;

/// Everything needed to turn an entity into quads.
pub struct EntityPainter<'a> {
    pub camera: &'a Camera,
    pub env: &'a Environment,
    pub assets: &'a Assets,
    /// (sky, block) light at each entity, in list order.
    pub lights: &'a [(u8, u8)],
}

/// The block whose light falls on an entity.
pub fn light_cell(entity: &Entity) -> [i32; 3] {
    [
        entity.pos[0].floor() as i32,
        (entity.pos[1] + 0.2).floor() as i32,
        entity.pos[2].floor() as i32,
    ]
}

impl EntityPainter<'_> {
    /// Quads of every entity within view distance, in list order.
    pub fn quads(&self, game: &Game) -> Vec<Quad> {
        let mut out = Vec::new();
        for (entity, &(sky, block)) in game.entities.list.iter().zip(self.lights) {
            let rel = self.camera.relative(entity.pos);
            if rel.iter().map(|c| c * c).sum::<f32>() > VIEW_DISTANCE * VIEW_DISTANCE {
                continue;
            }
            let lit = |shade: f32| self.env.brightness(f32::from(sky), f32::from(block), shade);
            match &entity.kind {
                EntityKind::Mob(mob) => self.mob(
                    entity,
                    mob.kind.0 as usize,
                    mob.tags.baby,
                    rel,
                    &lit,
                    &mut out,
                ),
                EntityKind::Item { stack, .. } => {
                    self.item(entity, stack.item, rel, &lit, &mut out)
                }
                EntityKind::Hanging(hanging) => {
                    out.extend(super::hanging::quads(self, hanging, rel, &lit))
                }
                EntityKind::Projectile { item } => {
                    let centre = [rel[0], rel[1] + 0.125, rel[2]];
                    out.push(self.billboard(
                        centre,
                        0.14,
                        self.assets.icons[item.0 as usize],
                        lit(1.0),
                    ));
                }
            }
        }
        out
    }

    fn mob(
        &self,
        entity: &Entity,
        type_index: usize,
        baby: bool,
        rel: [f32; 3],
        lit: &dyn Fn(f32) -> f32,
        out: &mut Vec<Quad>,
    ) {
        let def = &registry().entities[type_index];
        let yaw = entity.yaw.to_radians();
        let (sin, cos) = yaw.sin_cos();
        let place = |p: [f32; 3], scale: f32| -> [f32; 3] {
            let [x, y, z] = p.map(|c| c * scale);
            [
                rel[0] + x * cos - z * sin,
                rel[1] + y,
                rel[2] + x * sin + z * cos,
            ]
        };
        let age_scale = if baby { 0.5 } else { 1.0 };
        let boxes: Vec<SkinnedBox> = match model_index(def.name) {
            Some(m) => MODELS[m]
                .1
                .iter()
                .zip(&self.assets.skins.parts[m])
                .map(|(p, &tex)| (p.min, std::array::from_fn(|i| p.min[i] + p.size[i]), tex))
                .collect(),
            None => {
                let (w, h) = (def.width * 8.0, def.height * 16.0);
                vec![(
                    [-w, 0.0, -w],
                    [w, h, w],
                    self.assets.skins.generic[type_index],
                )]
            }
        };
        let height = boxes.iter().map(|b| b.1[1]).fold(0.0, f32::max);
        let scale = def.height / height.max(1e-3) * age_scale;
        for (min, max, (side, front)) in boxes {
            for (face, &shade) in SHADE.iter().enumerate() {
                let corners = face_corners(min, max, face).map(|c| place(c, scale));
                let tex = if face == FRONT { front } else { side };
                out.push(Quad {
                    pos: corners,
                    uv: STRETCHED_UV,
                    bright: [lit(shade); 4],
                    tex,
                    blend: Blend::Opaque,
                    double_sided: false,
                });
            }
        }
    }

    fn item(
        &self,
        entity: &Entity,
        item: ItemId,
        rel: [f32; 3],
        lit: &dyn Fn(f32) -> f32,
        out: &mut Vec<Quad>,
    ) {
        let bob = ((entity.age as f32) / 10.0).sin() * 0.08 + 0.12;
        let block = match registry().item(item).kind {
            ItemKind::Block(b) => Some(&self.assets.blocks[b.0 as usize]),
            _ => None,
        };
        match block {
            Some(visual)
                if matches!(visual.shape, Shape::Cube | Shape::Partial | Shape::Liquid) =>
            {
                let spin = (entity.age as f32 * 4.0).to_radians();
                let (sin, cos) = spin.sin_cos();
                let half = 0.125;
                for (face, &shade) in SHADE.iter().enumerate() {
                    let corners = face_corners([-half, 0.0, -half], [half, 2.0 * half, half], face)
                        .map(|[x, y, z]| {
                            [
                                rel[0] + x * cos - z * sin,
                                rel[1] + bob + y,
                                rel[2] + x * sin + z * cos,
                            ]
                        });
                    out.push(Quad {
                        pos: corners,
                        uv: STRETCHED_UV,
                        bright: [lit(shade); 4],
                        tex: visual.faces[face],
                        blend: visual.mode.into(),
                        double_sided: false,
                    });
                }
            }
            _ => {
                let centre = [rel[0], rel[1] + bob + 0.2, rel[2]];
                out.push(self.billboard(centre, 0.2, self.assets.icons[item.0 as usize], lit(1.0)));
            }
        }
    }

    /// A square facing the camera.
    fn billboard(&self, centre: [f32; 3], half: f32, tex: TexId, bright: f32) -> Quad {
        let (r, u) = (self.camera.right, self.camera.up);
        let corner = |a: f32, b: f32| -> [f32; 3] {
            std::array::from_fn(|i| centre[i] + (r[i] * a + u[i] * b) * half)
        };
        Quad {
            pos: [
                corner(-1.0, -1.0),
                corner(1.0, -1.0),
                corner(1.0, 1.0),
                corner(-1.0, 1.0),
            ],
            uv: STRETCHED_UV,
            bright: [bright; 4],
            tex,
            blend: Blend::Cutout,
            double_sided: true,
        }
    }
}
