//! Mob models as data: boxes in model pixels (1/16 block; x across, y up
//! from the feet, +z the front) with a colour and an optional face, and
//! the skins (noisy textures and faces) generated for them. Mobs without a
//! model are drawn as one box of their registry size in a colour from
//! their name.

use super::paint;
use super::texture::{colour_of_name, name_hash, rgb, scale, Atlas, Canvas, TexId};
use crate::sim::registry::registry;

/// What the front of a box shows.
#[derive(Clone, Copy, PartialEq)]
pub enum Face {
    Plain,
    /// Two eyes of this colour (and a mouth line).
    Eyes(u32),
    Creeper,
    Snout,
    Pumpkin,
}

/// One box of a model.
#[derive(Clone, Copy)]
pub struct Part {
    pub min: [f32; 3],
    pub size: [f32; 3],
    pub colour: u32,
    pub face: Face,
}

const fn part(min: [f32; 3], size: [f32; 3], colour: u32, face: Face) -> Part {
    Part {
        min,
        size,
        colour,
        face,
    }
}

const fn plain(min: [f32; 3], size: [f32; 3], colour: u32) -> Part {
    part(min, size, colour, Face::Plain)
}

const ZOMBIE_SKIN: u32 = rgb(100, 150, 80);
const SHIRT: u32 = rgb(40, 150, 160);
const TROUSERS: u32 = rgb(60, 60, 140);
const BONE: u32 = rgb(200, 200, 195);
const CREEPER: u32 = rgb(90, 175, 70);
const SPIDER: u32 = rgb(55, 45, 40);
const VILLAGER_SKIN: u32 = rgb(190, 140, 110);
const ROBE: u32 = rgb(110, 80, 60);

/// Humanoid legs, body and head; arms are added per model.
macro_rules! humanoid {
    ($head:expr, $body:expr, $legs:expr, $face:expr, $($arms:expr),*) => {
        &[
            plain([-4.0, 0.0, -2.0], [4.0, 12.0, 4.0], $legs),
            plain([0.0, 0.0, -2.0], [4.0, 12.0, 4.0], $legs),
            plain([-4.0, 12.0, -2.0], [8.0, 12.0, 4.0], $body),
            part([-4.0, 24.0, -4.0], [8.0, 8.0, 8.0], $head, $face),
            $($arms),*
        ]
    };
}

/// Models by entity name.
pub const MODELS: &[(&str, &[Part])] = &[
    (
        "zombie",
        humanoid!(
            ZOMBIE_SKIN,
            SHIRT,
            TROUSERS,
            Face::Eyes(rgb(20, 30, 20)),
            plain([-8.0, 20.0, -2.0], [4.0, 4.0, 12.0], ZOMBIE_SKIN),
            plain([4.0, 20.0, -2.0], [4.0, 4.0, 12.0], ZOMBIE_SKIN)
        ),
    ),
    (
        "husk",
        humanoid!(
            rgb(160, 140, 100),
            rgb(120, 100, 70),
            rgb(90, 80, 60),
            Face::Eyes(rgb(30, 20, 10)),
            plain([-8.0, 20.0, -2.0], [4.0, 4.0, 12.0], rgb(160, 140, 100)),
            plain([4.0, 20.0, -2.0], [4.0, 4.0, 12.0], rgb(160, 140, 100))
        ),
    ),
    (
        "skeleton",
        &[
            plain([-3.0, 0.0, -1.0], [2.0, 12.0, 2.0], BONE),
            plain([1.0, 0.0, -1.0], [2.0, 12.0, 2.0], BONE),
            plain([-4.0, 12.0, -2.0], [8.0, 12.0, 4.0], rgb(160, 160, 156)),
            part(
                [-4.0, 24.0, -4.0],
                [8.0, 8.0, 8.0],
                BONE,
                Face::Eyes(rgb(30, 30, 30)),
            ),
            plain([-6.0, 20.0, -1.0], [2.0, 2.0, 12.0], BONE),
            plain([4.0, 20.0, -1.0], [2.0, 2.0, 12.0], BONE),
        ],
    ),
    (
        "creeper",
        &[
            plain([-4.0, 0.0, -6.0], [8.0, 6.0, 4.0], CREEPER),
            plain([-4.0, 0.0, 2.0], [8.0, 6.0, 4.0], CREEPER),
            plain([-4.0, 6.0, -2.0], [8.0, 12.0, 4.0], CREEPER),
            part([-4.0, 18.0, -4.0], [8.0, 8.0, 8.0], CREEPER, Face::Creeper),
        ],
    ),
    (
        "spider",
        &[
            plain([-5.0, 4.0, -12.0], [10.0, 8.0, 12.0], SPIDER),
            plain([-3.0, 5.0, 0.0], [6.0, 6.0, 6.0], rgb(44, 36, 32)),
            part(
                [-4.0, 4.0, 5.0],
                [8.0, 8.0, 8.0],
                SPIDER,
                Face::Eyes(rgb(220, 20, 20)),
            ),
            plain([-15.0, 7.0, -5.0], [30.0, 2.0, 2.0], rgb(38, 31, 28)),
            plain([-15.0, 7.0, -1.0], [30.0, 2.0, 2.0], rgb(38, 31, 28)),
            plain([-15.0, 7.0, 3.0], [30.0, 2.0, 2.0], rgb(38, 31, 28)),
        ],
    ),
    (
        "cow",
        &[
            plain([-6.0, 0.0, -7.0], [4.0, 12.0, 4.0], rgb(60, 45, 35)),
            plain([2.0, 0.0, -7.0], [4.0, 12.0, 4.0], rgb(60, 45, 35)),
            plain([-6.0, 0.0, 4.0], [4.0, 12.0, 4.0], rgb(60, 45, 35)),
            plain([2.0, 0.0, 4.0], [4.0, 12.0, 4.0], rgb(60, 45, 35)),
            plain([-6.0, 11.0, -9.0], [12.0, 10.0, 18.0], rgb(70, 52, 40)),
            part(
                [-4.0, 16.0, 9.0],
                [8.0, 8.0, 6.0],
                rgb(70, 52, 40),
                Face::Eyes(rgb(20, 20, 20)),
            ),
        ],
    ),
    (
        "pig",
        &[
            plain([-5.0, 0.0, -7.0], [4.0, 6.0, 4.0], rgb(230, 150, 145)),
            plain([1.0, 0.0, -7.0], [4.0, 6.0, 4.0], rgb(230, 150, 145)),
            plain([-5.0, 0.0, 3.0], [4.0, 6.0, 4.0], rgb(230, 150, 145)),
            plain([1.0, 0.0, 3.0], [4.0, 6.0, 4.0], rgb(230, 150, 145)),
            plain([-5.0, 6.0, -8.0], [10.0, 8.0, 16.0], rgb(240, 160, 155)),
            part(
                [-4.0, 8.0, 8.0],
                [8.0, 8.0, 8.0],
                rgb(240, 160, 155),
                Face::Snout,
            ),
        ],
    ),
    (
        "sheep",
        &[
            plain([-5.0, 0.0, -7.0], [4.0, 12.0, 4.0], rgb(230, 225, 215)),
            plain([1.0, 0.0, -7.0], [4.0, 12.0, 4.0], rgb(230, 225, 215)),
            plain([-5.0, 0.0, 3.0], [4.0, 12.0, 4.0], rgb(230, 225, 215)),
            plain([1.0, 0.0, 3.0], [4.0, 12.0, 4.0], rgb(230, 225, 215)),
            plain([-6.0, 10.0, -9.0], [12.0, 10.0, 18.0], rgb(235, 235, 230)),
            part(
                [-3.0, 15.0, 8.0],
                [6.0, 6.0, 7.0],
                rgb(200, 170, 150),
                Face::Eyes(rgb(30, 30, 30)),
            ),
        ],
    ),
    (
        "chicken",
        &[
            plain([-2.0, 0.0, -1.0], [1.0, 5.0, 1.0], rgb(230, 180, 40)),
            plain([1.0, 0.0, -1.0], [1.0, 5.0, 1.0], rgb(230, 180, 40)),
            plain([-3.0, 4.0, -4.0], [6.0, 6.0, 8.0], rgb(245, 245, 245)),
            part(
                [-2.0, 9.0, 2.0],
                [4.0, 6.0, 3.0],
                rgb(245, 245, 245),
                Face::Eyes(rgb(20, 20, 20)),
            ),
            plain([-2.0, 11.0, 5.0], [4.0, 2.0, 2.0], rgb(240, 170, 30)),
            plain([-1.0, 9.0, 5.0], [2.0, 2.0, 1.0], rgb(210, 30, 30)),
        ],
    ),
    (
        "villager",
        &[
            plain([-4.0, 0.0, -2.0], [8.0, 12.0, 4.0], rgb(93, 68, 51)),
            plain([-4.0, 12.0, -3.0], [8.0, 12.0, 6.0], ROBE),
            part(
                [-4.0, 24.0, -4.0],
                [8.0, 10.0, 8.0],
                VILLAGER_SKIN,
                Face::Eyes(rgb(40, 120, 40)),
            ),
            plain([-1.0, 25.0, 4.0], [2.0, 4.0, 2.0], rgb(171, 126, 99)),
            plain([-4.0, 16.0, 3.0], [8.0, 4.0, 4.0], rgb(121, 88, 66)),
        ],
    ),
    (
        "witch",
        &[
            plain([-4.0, 0.0, -2.0], [8.0, 12.0, 4.0], rgb(60, 35, 80)),
            plain([-4.0, 12.0, -3.0], [8.0, 12.0, 6.0], rgb(75, 45, 95)),
            part(
                [-4.0, 24.0, -4.0],
                [8.0, 10.0, 8.0],
                VILLAGER_SKIN,
                Face::Eyes(rgb(60, 20, 80)),
            ),
            plain([-5.0, 34.0, -5.0], [10.0, 2.0, 10.0], rgb(40, 30, 40)),
            plain([-3.5, 36.0, -3.5], [7.0, 4.0, 7.0], rgb(40, 30, 40)),
            plain([-2.0, 40.0, -2.0], [4.0, 4.0, 4.0], rgb(50, 80, 40)),
        ],
    ),
    (
        "snow_golem",
        &[
            plain([-6.0, 0.0, -6.0], [12.0, 12.0, 12.0], rgb(240, 245, 250)),
            plain([-5.0, 11.0, -5.0], [10.0, 10.0, 10.0], rgb(240, 245, 250)),
            part(
                [-4.0, 20.0, -4.0],
                [8.0, 8.0, 8.0],
                rgb(200, 115, 25),
                Face::Pumpkin,
            ),
            plain([-14.0, 17.0, -1.0], [28.0, 2.0, 2.0], rgb(100, 75, 45)),
        ],
    ),
    (
        "iron_golem",
        &[
            plain([-7.0, 0.0, -3.0], [6.0, 16.0, 5.0], rgb(190, 180, 170)),
            plain([1.0, 0.0, -3.0], [6.0, 16.0, 5.0], rgb(190, 180, 170)),
            plain([-9.0, 16.0, -5.0], [18.0, 16.0, 10.0], rgb(205, 195, 185)),
            part(
                [-4.0, 32.0, -3.0],
                [8.0, 10.0, 8.0],
                rgb(200, 190, 180),
                Face::Eyes(rgb(150, 30, 20)),
            ),
            plain([-13.0, 4.0, -3.0], [4.0, 28.0, 6.0], rgb(195, 185, 175)),
            plain([9.0, 4.0, -3.0], [4.0, 28.0, 6.0], rgb(195, 185, 175)),
        ],
    ),
    (
        "wolf",
        &[
            plain([-3.0, 0.0, -5.0], [2.0, 8.0, 2.0], rgb(200, 195, 190)),
            plain([1.0, 0.0, -5.0], [2.0, 8.0, 2.0], rgb(200, 195, 190)),
            plain([-3.0, 0.0, 3.0], [2.0, 8.0, 2.0], rgb(200, 195, 190)),
            plain([1.0, 0.0, 3.0], [2.0, 8.0, 2.0], rgb(200, 195, 190)),
            plain([-3.0, 7.0, -6.0], [6.0, 6.0, 11.0], rgb(215, 210, 205)),
            part(
                [-3.0, 8.0, 5.0],
                [6.0, 6.0, 5.0],
                rgb(215, 210, 205),
                Face::Eyes(rgb(20, 20, 20)),
            ),
            plain([-1.0, 9.0, -13.0], [2.0, 2.0, 7.0], rgb(200, 195, 190)),
        ],
    ),
    (
        "cat",
        &[
            plain([-2.0, 0.0, -5.0], [1.5, 5.0, 1.5], rgb(220, 150, 70)),
            plain([0.5, 0.0, -5.0], [1.5, 5.0, 1.5], rgb(220, 150, 70)),
            plain([-2.0, 0.0, 3.0], [1.5, 5.0, 1.5], rgb(220, 150, 70)),
            plain([0.5, 0.0, 3.0], [1.5, 5.0, 1.5], rgb(220, 150, 70)),
            plain([-2.0, 4.0, -6.0], [4.0, 4.0, 12.0], rgb(230, 160, 80)),
            part(
                [-2.5, 5.0, 5.0],
                [5.0, 4.0, 5.0],
                rgb(230, 160, 80),
                Face::Eyes(rgb(60, 160, 40)),
            ),
            plain([-0.5, 6.0, -14.0], [1.0, 1.0, 8.0], rgb(220, 150, 70)),
        ],
    ),
    (
        "horse",
        &[
            plain([-5.0, 0.0, -9.0], [4.0, 12.0, 4.0], rgb(120, 80, 45)),
            plain([1.0, 0.0, -9.0], [4.0, 12.0, 4.0], rgb(120, 80, 45)),
            plain([-5.0, 0.0, 6.0], [4.0, 12.0, 4.0], rgb(120, 80, 45)),
            plain([1.0, 0.0, 6.0], [4.0, 12.0, 4.0], rgb(120, 80, 45)),
            plain([-5.0, 12.0, -11.0], [10.0, 10.0, 22.0], rgb(140, 95, 55)),
            plain([-3.0, 18.0, 8.0], [6.0, 10.0, 6.0], rgb(140, 95, 55)),
            part(
                [-3.0, 23.0, 11.0],
                [6.0, 5.0, 10.0],
                rgb(140, 95, 55),
                Face::Eyes(rgb(20, 20, 20)),
            ),
            plain([-1.0, 22.0, 7.0], [2.0, 8.0, 2.0], rgb(50, 35, 25)),
        ],
    ),
    (
        "bat",
        &[
            part(
                [-3.0, 6.0, -3.0],
                [6.0, 6.0, 6.0],
                rgb(70, 55, 45),
                Face::Eyes(rgb(30, 20, 20)),
            ),
            plain([-3.0, 0.0, -2.0], [6.0, 6.0, 4.0], rgb(70, 55, 45)),
            plain([-11.0, 5.0, -1.0], [8.0, 6.0, 1.0], rgb(50, 40, 35)),
            plain([3.0, 5.0, -1.0], [8.0, 6.0, 1.0], rgb(50, 40, 35)),
        ],
    ),
    (
        "slime",
        &[part(
            [-8.0, 0.0, -8.0],
            [16.0, 16.0, 16.0],
            rgb(110, 190, 90),
            Face::Eyes(rgb(30, 70, 30)),
        )],
    ),
    (
        "enderman",
        &[
            plain([-3.0, 0.0, -1.0], [2.0, 30.0, 2.0], rgb(20, 18, 24)),
            plain([1.0, 0.0, -1.0], [2.0, 30.0, 2.0], rgb(20, 18, 24)),
            plain([-4.0, 30.0, -2.0], [8.0, 12.0, 4.0], rgb(25, 22, 30)),
            part(
                [-4.0, 42.0, -4.0],
                [8.0, 8.0, 8.0],
                rgb(22, 20, 28),
                Face::Eyes(rgb(200, 80, 230)),
            ),
            plain([-6.0, 12.0, -1.0], [2.0, 30.0, 2.0], rgb(20, 18, 24)),
            plain([4.0, 12.0, -1.0], [2.0, 30.0, 2.0], rgb(20, 18, 24)),
        ],
    ),
];

/// Names drawn with another model (scaled to their own size).
const SAME_AS: &[(&str, &str)] = &[
    ("cave_spider", "spider"),
    ("zombie_villager", "villager"),
    ("wandering_trader", "villager"),
    ("drowned", "zombie"),
    ("stray", "skeleton"),
    ("wither_skeleton", "skeleton"),
    ("magma_cube", "slime"),
    ("mooshroom", "cow"),
    ("donkey", "horse"),
    ("mule", "horse"),
    ("skeleton_horse", "horse"),
    ("zombie_horse", "horse"),
    ("ocelot", "cat"),
    ("fox", "wolf"),
    ("polar_bear", "cow"),
    ("llama", "horse"),
];

/// The model of a mob, if it has one.
pub fn model_index(name: &str) -> Option<usize> {
    let name = SAME_AS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(name, |(_, m)| *m);
    MODELS.iter().position(|(n, _)| *n == name)
}

/// Skin textures: per model, per part, the side texture and the front;
/// and per entity type, the box of mobs without a model.
pub struct Skins {
    pub parts: Vec<Vec<(TexId, TexId)>>,
    pub generic: Vec<(TexId, TexId)>,
}

impl Skins {
    pub fn build(atlas: &mut Atlas) -> Skins {
        let parts = MODELS
            .iter()
            .map(|(name, parts)| {
                parts
                    .iter()
                    .map(|p| {
                        let seed = name_hash(name) ^ p.colour;
                        let side = paint::noisy(p.colour, 0.18, seed);
                        let front = face_canvas(&side, p.face);
                        (atlas.add(&side), atlas.add(&front))
                    })
                    .collect()
            })
            .collect();
        let generic = registry()
            .entities
            .iter()
            .map(|def| {
                let side = paint::noisy(colour_of_name(def.name), 0.2, name_hash(def.name));
                let front = face_canvas(&side, Face::Eyes(rgb(20, 20, 20)));
                (atlas.add(&side), atlas.add(&front))
            })
            .collect();
        Skins { parts, generic }
    }
}

fn face_canvas(side: &Canvas, face: Face) -> Canvas {
    let mut c = side.clone();
    match face {
        Face::Plain => {}
        Face::Eyes(eye) => {
            paint::rect(&mut c, (3, 6), (5, 8), rgb(240, 240, 240));
            paint::rect(&mut c, (10, 6), (12, 8), rgb(240, 240, 240));
            paint::rect(&mut c, (4, 7), (5, 8), eye);
            paint::rect(&mut c, (10, 7), (11, 8), eye);
            paint::rect(&mut c, (5, 12), (10, 12), scale(side.at(8, 12), 0.6));
        }
        Face::Creeper => {
            let black = rgb(15, 20, 15);
            paint::rect(&mut c, (2, 4), (5, 7), black);
            paint::rect(&mut c, (10, 4), (13, 7), black);
            paint::rect(&mut c, (6, 8), (9, 13), black);
            paint::rect(&mut c, (4, 10), (5, 15), black);
            paint::rect(&mut c, (10, 10), (11, 15), black);
        }
        Face::Snout => {
            paint::rect(&mut c, (2, 5), (4, 6), rgb(20, 20, 20));
            paint::rect(&mut c, (11, 5), (13, 6), rgb(20, 20, 20));
            paint::rect(&mut c, (5, 9), (10, 13), rgb(235, 130, 130));
            paint::rect(&mut c, (6, 11), (6, 11), rgb(120, 60, 60));
            paint::rect(&mut c, (9, 11), (9, 11), rgb(120, 60, 60));
        }
        Face::Pumpkin => {
            let dark = rgb(60, 30, 0);
            paint::rect(&mut c, (3, 4), (5, 6), dark);
            paint::rect(&mut c, (10, 4), (12, 6), dark);
            paint::rect(&mut c, (3, 10), (12, 11), dark);
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_mobs_have_models_and_all_names_exist() {
        for name in [
            "zombie",
            "skeleton",
            "creeper",
            "spider",
            "cave_spider",
            "cow",
            "pig",
            "sheep",
            "chicken",
            "villager",
            "snow_golem",
            "iron_golem",
            "wolf",
            "cat",
            "horse",
            "bat",
            "slime",
            "enderman",
            "witch",
        ] {
            assert!(model_index(name).is_some(), "{name}");
            assert!(registry().entity_named(name).is_some(), "{name}");
        }
        for (name, _) in MODELS {
            assert!(registry().entity_named(name).is_some(), "{name}");
        }
        assert!(model_index("ghast").is_none());
    }
}
