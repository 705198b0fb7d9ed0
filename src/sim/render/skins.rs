//! Creature skins drawn in code: each skin style of `models.tsv` is a base
//! colour, a surface pattern (noise, cow patches, wool, bee stripes, ribs,
//! hooves…) and, on a head's front, a face. Every face of every box gets
//! its own 16×16 texture, painted from the 3D point of the box surface it
//! covers so patterns run on across faces; a second set, tinted red, shows
//! a creature while it is hurt or dying. All of it is a pure function of
//! the tables: the same pixels in every run.

use super::cube::{face_corners, FACES};
use super::models::{creatures, models, Part};
use super::paint;
use super::texture::{
    colour_of_name, hash3, mix, name_hash, rgb, scale, unit, Atlas, Canvas, TexId, SIZE,
};
use crate::sim::registry::registry;

/// The front face of a box (+z), as `cube` numbers faces.
pub const FRONT: usize = 3;
/// The game's hurt overlay: red over 30% of the colour.
const HURT_RED: u32 = rgb(255, 0, 0);
const HURT_AMOUNT: f32 = 0.3;

/// How the surface of a box looks away from its face.
#[derive(Clone, Copy)]
enum Pattern {
    /// Brightness noise of ± the amount.
    Noise(f32),
    /// Blotches of another colour (cows).
    Patches(u32),
    /// Lumpy fleece.
    Wool,
    /// Bands of another colour across the length (bees).
    Stripes(u32),
    /// Dark gaps between ribs (skeletons).
    Ribs(u32),
    /// The lowest pixels in another colour (hooves, trotters, shoes).
    Hooves(u32),
    /// Dark vertical grooves (pumpkins).
    Grooves(u32),
    /// Sparse vines of another colour (iron golems).
    Vines(u32),
}

/// A point of a box's front face: distance from its vertical middle line
/// and from its top edge, in model pixels.
struct FrontPoint {
    dx: f32,
    fy: f32,
}

/// What a head's front shows at a point, where it differs from the skin.
type Face = fn(&FrontPoint) -> Option<u32>;

struct Style {
    name: &'static str,
    base: u32,
    pattern: Pattern,
    face: Option<Face>,
}

const fn style(name: &'static str, base: u32, pattern: Pattern, face: Option<Face>) -> Style {
    Style {
        name,
        base,
        pattern,
        face,
    }
}

const ZOMBIE: u32 = rgb(92, 140, 72);
const SHIRT: u32 = rgb(36, 150, 160);
const TROUSERS: u32 = rgb(66, 58, 150);
const BONE: u32 = rgb(196, 196, 190);
const CREEPER: u32 = rgb(94, 176, 72);
const SPIDER: u32 = rgb(52, 44, 40);
const SPIDER_RED: u32 = rgb(210, 24, 24);
const PIG: u32 = rgb(238, 162, 158);
const COW: u32 = rgb(62, 46, 36);
const WHITE: u32 = rgb(236, 236, 232);
const SHEEP_SKIN: u32 = rgb(214, 184, 162);
const WOLF: u32 = rgb(216, 210, 204);
const CAT: u32 = rgb(224, 160, 84);
const HORSE: u32 = rgb(138, 92, 54);
const MANE: u32 = rgb(58, 38, 24);
const VILLAGER_SKIN: u32 = rgb(188, 140, 108);
const ROBE: u32 = rgb(112, 80, 58);
const WITCH_SKIN: u32 = rgb(172, 150, 116);
const WITCH_ROBE: u32 = rgb(74, 44, 94);
const ENDER: u32 = rgb(20, 18, 26);
const PHANTOM: u32 = rgb(68, 84, 140);
const BEE: u32 = rgb(236, 186, 40);
const BEE_DARK: u32 = rgb(48, 34, 20);
const SNOW: u32 = rgb(244, 248, 252);
const PUMPKIN: u32 = rgb(214, 118, 22);
const GOLEM: u32 = rgb(196, 188, 178);
const BLAZE: u32 = rgb(230, 168, 40);
const BAT: u32 = rgb(74, 58, 48);
const SLIME: u32 = rgb(112, 192, 92);
const BLACK: u32 = rgb(18, 18, 18);
const EYE_WHITE: u32 = rgb(240, 240, 240);
const DRAGON: u32 = rgb(22, 20, 26);

/// Every skin style the model table names.
const STYLES: &[Style] = &[
    style(
        "zombie_head",
        ZOMBIE,
        Pattern::Noise(0.15),
        Some(zombie_face),
    ),
    style("zombie_arm", ZOMBIE, Pattern::Noise(0.15), None),
    style("zombie_shirt", SHIRT, Pattern::Noise(0.15), None),
    style(
        "zombie_trousers",
        TROUSERS,
        Pattern::Hooves(rgb(70, 70, 74)),
        None,
    ),
    style("skull", BONE, Pattern::Noise(0.12), Some(skull_face)),
    style("ribs", BONE, Pattern::Ribs(rgb(36, 36, 36)), None),
    style("bone", BONE, Pattern::Noise(0.12), None),
    style(
        "creeper_head",
        CREEPER,
        Pattern::Noise(0.45),
        Some(creeper_face),
    ),
    style("creeper", CREEPER, Pattern::Noise(0.45), None),
    style(
        "spider_head",
        SPIDER,
        Pattern::Noise(0.3),
        Some(spider_face),
    ),
    style("spider", SPIDER, Pattern::Noise(0.3), None),
    style("spider_back", rgb(60, 50, 44), Pattern::Noise(0.35), None),
    style("spider_leg", rgb(42, 35, 32), Pattern::Noise(0.3), None),
    style("pig_head", PIG, Pattern::Noise(0.1), Some(pig_face)),
    style(
        "pig_snout",
        rgb(228, 134, 134),
        Pattern::Noise(0.06),
        Some(nostrils),
    ),
    style("pig", PIG, Pattern::Noise(0.1), None),
    style("pig_leg", PIG, Pattern::Hooves(rgb(196, 118, 114)), None),
    style("cow_head", COW, Pattern::Noise(0.15), Some(cow_face)),
    style("horn", rgb(214, 208, 196), Pattern::Noise(0.08), None),
    style("cow_hide", COW, Pattern::Patches(WHITE), None),
    style("udder", rgb(232, 162, 160), Pattern::Noise(0.08), None),
    style("cow_leg", COW, Pattern::Hooves(rgb(96, 90, 84)), None),
    style(
        "sheep_face",
        SHEEP_SKIN,
        Pattern::Noise(0.1),
        Some(sheep_face),
    ),
    style("sheep_skin", SHEEP_SKIN, Pattern::Noise(0.1), None),
    style("sheep_leg", SHEEP_SKIN, Pattern::Noise(0.1), None),
    style("wool", rgb(250, 250, 246), Pattern::Wool, None),
    style(
        "chicken_head",
        rgb(246, 246, 246),
        Pattern::Noise(0.06),
        Some(small_eyes),
    ),
    style("beak", rgb(238, 168, 40), Pattern::Noise(0.08), None),
    style("wattle", rgb(204, 30, 30), Pattern::Noise(0.08), None),
    style("feathers", rgb(246, 246, 246), Pattern::Noise(0.08), None),
    style("chicken_leg", rgb(238, 168, 40), Pattern::Noise(0.08), None),
    style("wolf_head", WOLF, Pattern::Noise(0.12), Some(small_eyes)),
    style("wolf", WOLF, Pattern::Noise(0.12), None),
    style("wolf_mane", rgb(200, 194, 188), Pattern::Wool, None),
    style(
        "wolf_snout",
        rgb(196, 186, 176),
        Pattern::Noise(0.1),
        Some(black_nose),
    ),
    style("cat_head", CAT, Pattern::Noise(0.15), Some(green_eyes)),
    style("cat", CAT, Pattern::Stripes(rgb(176, 110, 50)), None),
    style("horse", HORSE, Pattern::Noise(0.12), None),
    style("horse_head", HORSE, Pattern::Noise(0.12), None),
    style(
        "horse_muzzle",
        rgb(104, 70, 44),
        Pattern::Noise(0.1),
        Some(nostrils),
    ),
    style("mane", MANE, Pattern::Noise(0.25), None),
    style("horse_leg", HORSE, Pattern::Hooves(rgb(52, 44, 40)), None),
    style(
        "villager_head",
        VILLAGER_SKIN,
        Pattern::Noise(0.08),
        Some(villager_face),
    ),
    style("villager_skin", VILLAGER_SKIN, Pattern::Noise(0.08), None),
    style("robe", ROBE, Pattern::Noise(0.15), None),
    style("sleeve", ROBE, Pattern::Noise(0.15), None),
    style("villager_legs", rgb(78, 58, 44), Pattern::Noise(0.12), None),
    style(
        "witch_head",
        WITCH_SKIN,
        Pattern::Noise(0.08),
        Some(witch_face),
    ),
    style("witch_skin", WITCH_SKIN, Pattern::Noise(0.08), None),
    style("wart", rgb(88, 128, 58), Pattern::Noise(0.05), None),
    style("hat", rgb(40, 30, 46), Pattern::Noise(0.2), None),
    style("witch_robe", WITCH_ROBE, Pattern::Noise(0.18), None),
    style("ender_head", ENDER, Pattern::Noise(0.3), Some(ender_face)),
    style("ender", ENDER, Pattern::Noise(0.3), None),
    style("phantom", PHANTOM, Pattern::Noise(0.2), None),
    style("blaze", BLAZE, Pattern::Noise(0.35), None),
    style("blaze_head", BLAZE, Pattern::Noise(0.25), Some(blaze_face)),
    style(
        "phantom_head",
        PHANTOM,
        Pattern::Noise(0.2),
        Some(phantom_face),
    ),
    style(
        "phantom_wing",
        rgb(92, 108, 160),
        Pattern::Noise(0.25),
        None,
    ),
    style("bee_body", BEE, Pattern::Stripes(BEE_DARK), Some(bee_face)),
    style("bee_dark", BEE_DARK, Pattern::Noise(0.1), None),
    style("bee_wing", rgb(214, 232, 240), Pattern::Noise(0.05), None),
    style("snow", SNOW, Pattern::Noise(0.05), None),
    style(
        "pumpkin",
        PUMPKIN,
        Pattern::Grooves(rgb(170, 84, 12)),
        Some(pumpkin_face),
    ),
    style("stick", rgb(104, 78, 44), Pattern::Noise(0.15), None),
    style("golem_head", GOLEM, Pattern::Noise(0.12), Some(golem_face)),
    style("golem", GOLEM, Pattern::Noise(0.12), None),
    style("golem_body", GOLEM, Pattern::Vines(rgb(70, 120, 40)), None),
    style("golem_leg", GOLEM, Pattern::Noise(0.12), None),
    style("bat_head", BAT, Pattern::Noise(0.15), Some(small_eyes)),
    style("bat", BAT, Pattern::Noise(0.15), None),
    style("bat_wing", rgb(50, 40, 34), Pattern::Noise(0.15), None),
    style("slime", SLIME, Pattern::Noise(0.12), Some(slime_face)),
    style("dragon", DRAGON, Pattern::Noise(0.3), None),
    style(
        "dragon_head",
        DRAGON,
        Pattern::Noise(0.3),
        Some(dragon_face),
    ),
    style("dragon_spike", rgb(60, 56, 66), Pattern::Noise(0.1), None),
    style("dragon_wing", rgb(46, 40, 54), Pattern::Ribs(DRAGON), None),
    style(
        "crystal_core",
        rgb(236, 120, 214),
        Pattern::Noise(0.2),
        None,
    ),
    style(
        "crystal_frame",
        rgb(206, 224, 236),
        Pattern::Noise(0.1),
        None,
    ),
    style("bedrock_base", rgb(72, 72, 72), Pattern::Noise(0.35), None),
];

fn style_named(name: &str) -> &'static Style {
    STYLES
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("models.tsv names an unknown skin style {name}"))
}

/// Whether `p` lies in the symmetric pair of rectangles `|dx| ∈ x`, `fy ∈ y`.
fn pair(p: &FrontPoint, x: (f32, f32), y: (f32, f32)) -> bool {
    (x.0..x.1).contains(&p.dx) && (y.0..y.1).contains(&p.fy)
}

fn zombie_face(p: &FrontPoint) -> Option<u32> {
    if pair(p, (1.0, 3.0), (3.5, 5.0)) {
        Some(rgb(24, 36, 24))
    } else if pair(p, (0.0, 1.0), (5.0, 6.0)) {
        Some(rgb(62, 100, 50))
    } else {
        None
    }
}

fn skull_face(p: &FrontPoint) -> Option<u32> {
    let teeth = pair(p, (0.0, 2.5), (6.5, 7.0)) && (p.dx * 2.0) as i32 % 2 == 0;
    (pair(p, (1.0, 3.0), (3.0, 5.0)) || pair(p, (0.0, 0.5), (5.0, 6.0)) || teeth)
        .then_some(rgb(30, 30, 30))
}

fn creeper_face(p: &FrontPoint) -> Option<u32> {
    let eyes = pair(p, (1.0, 3.0), (2.0, 4.0));
    let mouth = pair(p, (0.0, 1.0), (4.0, 7.0)) || pair(p, (1.0, 2.0), (5.0, 8.0));
    (eyes || mouth).then_some(rgb(14, 20, 14))
}

fn spider_face(p: &FrontPoint) -> Option<u32> {
    let big = pair(p, (0.5, 2.5), (3.0, 4.5));
    let small = pair(p, (2.5, 3.5), (2.0, 3.0)) || pair(p, (0.5, 1.5), (1.5, 2.5));
    (big || small).then_some(SPIDER_RED)
}

fn pig_face(p: &FrontPoint) -> Option<u32> {
    if pair(p, (3.0, 4.0), (2.0, 3.0)) {
        Some(EYE_WHITE)
    } else if pair(p, (2.0, 3.0), (2.0, 3.0)) {
        Some(BLACK)
    } else {
        None
    }
}

fn nostrils(p: &FrontPoint) -> Option<u32> {
    pair(p, (0.5, 1.5), (1.0, 2.0)).then_some(rgb(120, 60, 60))
}

fn cow_face(p: &FrontPoint) -> Option<u32> {
    if pair(p, (0.0, 1.5), (3.0, 5.0)) {
        Some(WHITE)
    } else if pair(p, (2.5, 4.0), (3.0, 4.0)) {
        Some(if p.dx < 3.25 { BLACK } else { EYE_WHITE })
    } else if p.fy >= 5.0 {
        Some(if pair(p, (1.0, 2.0), (6.0, 7.0)) {
            rgb(60, 50, 48)
        } else {
            rgb(196, 172, 160)
        })
    } else {
        None
    }
}

fn sheep_face(p: &FrontPoint) -> Option<u32> {
    if pair(p, (2.25, 3.0), (1.5, 2.5)) {
        Some(EYE_WHITE)
    } else if pair(p, (1.5, 2.25), (1.5, 2.5)) {
        Some(BLACK)
    } else if pair(p, (0.0, 1.0), (3.5, 5.0)) {
        Some(rgb(222, 160, 150))
    } else {
        None
    }
}

fn eyes_of(p: &FrontPoint, colour: u32) -> Option<u32> {
    pair(p, (0.8, 1.8), (1.8, 2.8)).then_some(colour)
}

fn small_eyes(p: &FrontPoint) -> Option<u32> {
    eyes_of(p, BLACK)
}

fn green_eyes(p: &FrontPoint) -> Option<u32> {
    eyes_of(p, rgb(70, 190, 50))
}

fn black_nose(p: &FrontPoint) -> Option<u32> {
    pair(p, (0.0, 0.75), (0.0, 1.0)).then_some(rgb(24, 20, 20))
}

fn human_face(p: &FrontPoint, iris: u32) -> Option<u32> {
    if pair(p, (0.0, 3.0), (3.0, 4.0)) {
        Some(rgb(72, 50, 38))
    } else if pair(p, (1.0, 2.0), (4.0, 5.0)) {
        Some(iris)
    } else if pair(p, (2.0, 3.0), (4.0, 5.0)) {
        Some(EYE_WHITE)
    } else if pair(p, (0.0, 1.5), (8.0, 8.5)) {
        Some(rgb(120, 80, 62))
    } else {
        None
    }
}

fn villager_face(p: &FrontPoint) -> Option<u32> {
    human_face(p, rgb(40, 140, 60))
}

fn witch_face(p: &FrontPoint) -> Option<u32> {
    human_face(p, rgb(120, 40, 150))
}

fn ender_face(p: &FrontPoint) -> Option<u32> {
    if pair(p, (1.0, 2.0), (3.5, 4.25)) {
        Some(rgb(236, 150, 255))
    } else if pair(p, (0.5, 3.0), (3.25, 4.5)) {
        Some(rgb(200, 0, 246))
    } else {
        None
    }
}

fn blaze_face(p: &FrontPoint) -> Option<u32> {
    pair(p, (1.0, 3.0), (3.0, 4.0)).then_some(rgb(60, 20, 0))
}

/// Glowing purple eyes, wide apart near the top of the head.
fn dragon_face(p: &FrontPoint) -> Option<u32> {
    if pair(p, (3.5, 6.5), (3.0, 5.0)) {
        Some(rgb(214, 80, 255))
    } else if pair(p, (2.5, 7.0), (2.5, 5.5)) {
        Some(rgb(120, 0, 170))
    } else {
        None
    }
}

fn phantom_face(p: &FrontPoint) -> Option<u32> {
    pair(p, (1.0, 3.0), (1.0, 2.0)).then_some(rgb(120, 255, 80))
}

fn bee_face(p: &FrontPoint) -> Option<u32> {
    if pair(p, (1.5, 3.5), (1.5, 4.5)) {
        Some(BLACK)
    } else if pair(p, (0.0, 1.0), (5.0, 5.5)) {
        Some(BEE_DARK)
    } else {
        None
    }
}

fn pumpkin_face(p: &FrontPoint) -> Option<u32> {
    let eyes = pair(p, (1.5, 3.5), (2.5, 4.5)) && p.fy - 2.5 >= (3.5 - p.dx).abs() - 1.0;
    let mouth = pair(p, (0.0, 3.5), (6.0, 7.5)) && !pair(p, (1.0, 2.0), (6.0, 6.75));
    (eyes || mouth).then_some(rgb(58, 30, 8))
}

fn golem_face(p: &FrontPoint) -> Option<u32> {
    if pair(p, (0.0, 4.0), (2.0, 3.0)) {
        Some(rgb(140, 132, 122))
    } else if pair(p, (1.0, 2.0), (3.0, 4.0)) {
        Some(rgb(178, 24, 12))
    } else {
        None
    }
}

fn slime_face(p: &FrontPoint) -> Option<u32> {
    (pair(p, (1.5, 3.0), (2.0, 3.5)) || pair(p, (0.0, 1.0), (5.0, 5.5))).then_some(rgb(40, 90, 36))
}

/// The colour of a style's surface at `p` (box pixels from its min corner).
fn surface(style: &Style, p: [f32; 3], size: [f32; 3], seed: u32) -> u32 {
    let cell = |step: f32, salt: u32| {
        let [x, y, z] = p.map(|c| (c / step).floor() as i32);
        unit(hash3(x + 97 * z, y, seed ^ salt))
    };
    let fine = |amount: f32| scale(style.base, 1.0 + (cell(0.5, 1) - 0.5) * amount);
    match style.pattern {
        Pattern::Noise(amount) => fine(amount),
        Pattern::Patches(other) => {
            if cell(3.0, 2) < 0.3 {
                scale(other, 1.0 + (cell(0.5, 3) - 0.5) * 0.08)
            } else {
                fine(0.15)
            }
        }
        Pattern::Wool => scale(
            style.base,
            1.0 + (cell(1.5, 4) - 0.5) * 0.14 + (cell(0.5, 5) - 0.5) * 0.08,
        ),
        Pattern::Stripes(other) => {
            let band = (p[2] / 2.0).floor() as i32;
            if band % 2 == 1 {
                scale(other, 1.0 + (cell(0.5, 6) - 0.5) * 0.1)
            } else {
                fine(0.1)
            }
        }
        Pattern::Ribs(gap) => {
            let rib_row = (p[1].floor() as i32) % 2 == 1 && p[1] > 3.0;
            let spine = (p[0] - size[0] / 2.0).abs() < 0.75;
            if rib_row && !spine {
                gap
            } else {
                fine(0.1)
            }
        }
        Pattern::Hooves(hoof) => {
            if p[1] < 1.5 {
                hoof
            } else {
                fine(0.12)
            }
        }
        Pattern::Grooves(groove) => {
            if (p[0] + p[2]).rem_euclid(2.5) < 0.5 {
                groove
            } else {
                fine(0.12)
            }
        }
        Pattern::Vines(vine) => {
            if cell(1.0, 7) < 0.12 && p[1] > size[1] * 0.4 {
                vine
            } else {
                fine(0.12)
            }
        }
    }
}

/// The texture of one face of a box painted in `style`.
fn paint_face(style: &Style, size: [f32; 3], face: usize, seed: u32) -> Canvas {
    let [c0, _, c2, c3] = face_corners([0.0; 3], size, face);
    Canvas::paint(|x, y| {
        let (u, v) = (
            (x as f32 + 0.5) / SIZE as f32,
            (y as f32 + 0.5) / SIZE as f32,
        );
        let p = std::array::from_fn(|a| c3[a] + (c2[a] - c3[a]) * u + (c0[a] - c3[a]) * v);
        let front = FrontPoint {
            dx: (p[0] - size[0] / 2.0).abs(),
            fy: size[1] - p[1],
        };
        let feature = style.face.filter(|_| face == FRONT).and_then(|f| f(&front));
        feature.unwrap_or_else(|| surface(style, p, size, seed))
    })
}

/// A box's six face textures, as drawn and as tinted red when hurt.
#[derive(Debug, Clone, Copy)]
pub struct PartSkin {
    pub plain: [TexId; FACES],
    pub hurt: [TexId; FACES],
}

/// Every creature's part skins (by creature, then part), and the one-box
/// skins of entity kinds without a model (side and front, by entity type).
pub struct Skins {
    pub creatures: Vec<Vec<PartSkin>>,
    pub generic: Vec<(TexId, TexId)>,
}

impl Skins {
    pub fn build(atlas: &mut Atlas) -> Skins {
        let creatures = creatures()
            .iter()
            .map(|creature| {
                models()[creature.model]
                    .parts
                    .iter()
                    .map(|part| part_skin(atlas, part, creature.tint))
                    .collect()
            })
            .collect();
        let generic = registry()
            .entities
            .iter()
            .map(|def| {
                let side = paint::noisy(colour_of_name(def.name), 0.2, name_hash(def.name));
                let front = side.map(|x, y, c| {
                    let eye = (y == 6 || y == 7) && matches!(x, 3..=5 | 10..=12);
                    if eye {
                        rgb(20, 20, 20)
                    } else {
                        c
                    }
                });
                (atlas.add(&side), atlas.add(&front))
            })
            .collect();
        Skins { creatures, generic }
    }
}

fn part_skin(atlas: &mut Atlas, part: &Part, tint: Option<(u32, f32)>) -> PartSkin {
    let style = style_named(part.skin);
    let seed = name_hash(part.skin) ^ name_hash(part.name);
    let faces: [Canvas; FACES] = std::array::from_fn(|face| {
        let canvas = paint_face(style, part.size, face, seed);
        match tint {
            Some((colour, amount)) => canvas.map(|_, _, c| mix(c, colour, amount)),
            None => canvas,
        }
    });
    PartSkin {
        plain: std::array::from_fn(|f| atlas.add(&faces[f])),
        hurt: std::array::from_fn(|f| {
            atlas.add(&faces[f].map(|_, _, c| mix(c, HURT_RED, HURT_AMOUNT)))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_skin_the_models_name_is_painted() {
        for model in models() {
            for part in &model.parts {
                assert!(
                    STYLES.iter().any(|s| s.name == part.skin),
                    "{}.{}: {}",
                    model.name,
                    part.name,
                    part.skin
                );
            }
        }
    }

    #[test]
    fn faces_show_on_the_front_only_and_skins_are_deterministic() {
        let head = style_named("zombie_head");
        let size = [8.0; 3];
        let front = paint_face(head, size, FRONT, 1);
        let back = paint_face(head, size, 2, 1);
        // Rows 7–9 of the texture are the eye row, 3.5–5 pixels down.
        let dark = |c: &Canvas| (0..SIZE).filter(|&x| c.at(x, 8) == rgb(24, 36, 24)).count();
        assert_eq!(dark(&front), 8);
        assert_eq!(dark(&back), 0);
        assert_eq!(paint_face(head, size, FRONT, 1).0, front.0);
    }
}
