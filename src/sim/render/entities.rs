//! Entities as quads: creatures as their posed box models (hurt red,
//! tilting over as they die, holding their item), turned to their yaw;
//! kinds without a model as a box of their hitbox; dropped items as small spinning blocks
//! or icons, thrown items (and eyes of ender, dragon fireballs) as small
//! icons facing the camera, clouds of dragon's breath as purple puffs, the
//! beam from an end crystal to the dragon it heals as pink sparks.

use super::assets::Assets;
use super::boat::{boat_quads, falling_block_quads};
use super::camera::Camera;
use super::cube::{face_corners, FACES, SHADE, STRETCHED_UV};
use super::models::{creature_index, creatures, models, Part};
use super::raster::{Blend, Quad};
use super::rig::{death_tilt, pose, Transform};
use super::skins::FRONT;
use super::sky::{Environment, VIEW_DISTANCE};
use super::texture::TexId;
use crate::sim::entity::{Entity, EntityKind, Mob};
use crate::sim::game::Game;
use crate::sim::registry::{registry, ItemId, ItemKind, Shape};

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
                EntityKind::Mob(mob) => self.mob(entity, mob, rel, &lit, &mut out),
                EntityKind::Item { stack, .. } => {
                    self.item(entity, stack.item, rel, &lit, &mut out)
                }
                EntityKind::Boat(boat) => {
                    boat_quads(self.assets, entity, boat, rel, &lit, &mut out)
                }
                EntityKind::FallingBlock { block } => {
                    falling_block_quads(self.assets, *block, rel, &lit, &mut out)
                }
                EntityKind::Arrow(_) | EntityKind::Bobber(_) => {
                    super::shots::quads(self, game, entity, rel, &lit, &mut out)
                }
                EntityKind::Hanging(hanging) => {
                    out.extend(super::hanging::quads(self, hanging, rel, &lit))
                }
                EntityKind::Fireball(_) => {
                    let centre = [rel[0], rel[1] + 0.16, rel[2]];
                    let icon =
                        self.assets.icons[crate::sim::registry::item("fire_charge").0 as usize];
                    out.push(self.billboard(centre, 0.16, icon, 1.0));
                }
                EntityKind::EyeOfEnder(_) => {
                    let centre = [rel[0], rel[1] + 0.125, rel[2]];
                    let icon =
                        self.assets.icons[crate::sim::registry::item("ender_eye").0 as usize];
                    out.push(self.billboard(centre, 0.2, icon, lit(1.0)));
                }
                EntityKind::DragonFireball => {
                    let centre = [rel[0], rel[1] + 0.5, rel[2]];
                    let icon =
                        self.assets.icons[crate::sim::registry::item("dragon_breath").0 as usize];
                    out.push(self.billboard(centre, 0.5, icon, lit(1.0)));
                }
                EntityKind::Breath(breath) => {
                    out.extend(self.breath_cloud(entity, breath.radius, rel, lit(1.0)))
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
        out.extend(self.crystal_beams(game));
        out
    }

    /// The beam from the end crystal healing each dragon to the dragon:
    /// pink sparks a block apart along the line.
    fn crystal_beams(&self, game: &Game) -> Vec<Quad> {
        let dragon = crate::sim::registry::registry().entity_named("ender_dragon");
        let icon = self.assets.icons[crate::sim::registry::item("end_crystal").0 as usize];
        let mut out = Vec::new();
        for e in &game.entities.list {
            let EntityKind::Mob(mob) = &e.kind else {
                continue;
            };
            if Some(mob.kind) != dragon || mob.is_dying() {
                continue;
            }
            let Some(crystal) = crate::sim::creature::dragon::healing_crystal(game, e.pos) else {
                continue;
            };
            let from = [crystal.pos[0], crystal.pos[1] + 1.2, crystal.pos[2]];
            let to = [e.pos[0], e.pos[1] + 2.5, e.pos[2]];
            let length = (0..3)
                .map(|a| (to[a] - from[a]).powi(2))
                .sum::<f64>()
                .sqrt();
            let sparks = length.ceil() as usize;
            for i in 0..=sparks {
                let t = i as f64 / sparks.max(1) as f64;
                let at = [0, 1, 2].map(|a| from[a] + (to[a] - from[a]) * t);
                out.push(self.billboard(self.camera.relative(at), 0.12, icon, 1.0));
            }
        }
        out
    }

    /// A cloud of dragon's breath: purple puffs round its circle.
    fn breath_cloud(&self, entity: &Entity, radius: f64, rel: [f32; 3], light: f32) -> Vec<Quad> {
        let icon = self.assets.icons[crate::sim::registry::item("dragon_breath").0 as usize];
        let puffs = (radius * 4.0).ceil() as u32;
        (0..puffs)
            .map(|i| {
                let angle = i as f32 * 2.399 + entity.age as f32 * 0.02;
                let r = radius as f32 * ((i as f32 + 0.5) / puffs as f32).sqrt();
                let centre = [
                    rel[0] + r * angle.cos(),
                    rel[1] + 0.3,
                    rel[2] + r * angle.sin(),
                ];
                self.billboard(centre, 0.45, icon, light)
            })
            .collect()
    }

    fn mob(
        &self,
        entity: &Entity,
        mob: &Mob,
        rel: [f32; 3],
        lit: &dyn Fn(f32) -> f32,
        out: &mut Vec<Quad>,
    ) {
        let def = registry().entity(mob.kind);
        let place = Transform::translate(rel).then(&Transform::yaw(entity.yaw));
        let Some(index) = creature_index(def.name) else {
            let (w, h) = (def.width / 2.0, def.height);
            let (side, front) = self.assets.skins.generic[mob.kind.0 as usize];
            let tex = std::array::from_fn(|face| if face == FRONT { front } else { side });
            push_box(&mut *out, &place, ([-w, 0.0, -w], [w, h, w]), &tex, lit);
            return;
        };
        let creature = &creatures()[index];
        let model = &models()[creature.model];
        let pixel = creature.scale / 16.0;
        let root = place
            .then(&Transform::rotate(2, death_tilt(mob.state.death_ticks)))
            .then(&Transform::translate([0.0, creature.lift / 16.0, 0.0]))
            .then(&Transform::scale(pixel));
        let poses = pose(model, &mob.state, mob.tags.baby, entity.age);
        let red = mob.state.hurt_ticks > 0 || mob.is_dying();
        let skins = &self.assets.skins.creatures[index];
        for ((part, local), skin) in model.parts.iter().zip(&poses).zip(skins) {
            let to_world = root.then(local);
            let max = std::array::from_fn(|a| part.min[a] + part.size[a]);
            let tex = if red { &skin.hurt } else { &skin.plain };
            push_box(&mut *out, &to_world, (part.min, max), tex, lit);
        }
        if let Some((item, holder)) = creature.held {
            let hand = &model.parts[holder];
            let to_world = root.then(&poses[holder]);
            out.push(held_item(
                &to_world,
                hand,
                self.assets.icons[item.0 as usize],
                lit(1.0),
            ));
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

/// The six faces of the box `corners` (min, max), moved by `to_world`.
fn push_box(
    out: &mut Vec<Quad>,
    to_world: &Transform,
    corners: ([f32; 3], [f32; 3]),
    tex: &[TexId; FACES],
    lit: &dyn Fn(f32) -> f32,
) {
    for (face, &shade) in SHADE.iter().enumerate() {
        out.push(Quad {
            pos: face_corners(corners.0, corners.1, face).map(|c| to_world.apply(c)),
            uv: STRETCHED_UV,
            bright: [lit(shade); 4],
            tex: tex[face],
            blend: Blend::Opaque,
            double_sided: false,
        });
    }
}

/// An item's icon held at the lower end of a part (a hand), upright along
/// the part and turned half way between its front and its side, so a bow
/// or a potion shows from most directions.
fn held_item(to_world: &Transform, hand: &Part, icon: TexId, bright: f32) -> Quad {
    const HALF: f32 = 5.0;
    let across = HALF * std::f32::consts::FRAC_1_SQRT_2;
    let x = hand.min[0] + hand.size[0] / 2.0;
    let y = hand.min[1] + 1.0;
    let z = hand.min[2] + hand.size[2] / 2.0;
    let corner = |dy: f32, d: f32| to_world.apply([x + d * across, y + dy * HALF, z + d * across]);
    Quad {
        pos: [
            corner(-1.0, 1.0),
            corner(-1.0, -1.0),
            corner(1.0, -1.0),
            corner(1.0, 1.0),
        ],
        uv: STRETCHED_UV,
        bright: [bright; 4],
        tex: icon,
        blend: Blend::Cutout,
        double_sided: true,
    }
}
