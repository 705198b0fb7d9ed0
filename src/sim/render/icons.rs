//! Item icons for the hotbar, the held item and dropped items: blocks as
//! small isometric cubes from their face textures, tools as a handle and a
//! head in the tier colour, other items as simple shapes in colours from
//! data tables (or from the name's hash).

use super::assets::BlockVisual;
use super::texture::{alpha, colour_of_name, rgb, scale, Atlas, Canvas, TexId};
use crate::sim::registry::{registry, ArmorSlot, ItemKind, Shape, ToolKind};

/// Material colours by name prefix (tools, armor, ingots).
const MATERIALS: &[(&str, u32)] = &[
    ("wooden", rgb(150, 116, 65)),
    ("stone", rgb(130, 130, 130)),
    ("iron", rgb(220, 220, 220)),
    ("golden", rgb(250, 225, 70)),
    ("gold", rgb(250, 225, 70)),
    ("diamond", rgb(60, 235, 210)),
    ("netherite", rgb(75, 65, 70)),
    ("leather", rgb(150, 90, 50)),
    ("chainmail", rgb(160, 160, 170)),
];

/// Colours of particular items.
const ITEM_COLOURS: &[(&str, u32)] = &[
    ("apple", rgb(220, 30, 30)),
    ("golden_apple", rgb(250, 215, 60)),
    ("bread", rgb(190, 140, 60)),
    ("carrot", rgb(240, 140, 30)),
    ("potato", rgb(200, 165, 90)),
    ("baked_potato", rgb(210, 160, 70)),
    ("beef", rgb(200, 60, 50)),
    ("cooked_beef", rgb(120, 70, 40)),
    ("porkchop", rgb(240, 150, 140)),
    ("cooked_porkchop", rgb(190, 130, 90)),
    ("chicken", rgb(240, 200, 180)),
    ("cooked_chicken", rgb(200, 140, 80)),
    ("mutton", rgb(210, 70, 60)),
    ("cooked_mutton", rgb(140, 80, 50)),
    ("cod", rgb(180, 160, 120)),
    ("salmon", rgb(220, 100, 80)),
    ("melon_slice", rgb(230, 60, 50)),
    ("sweet_berries", rgb(180, 20, 40)),
    ("cookie", rgb(200, 130, 60)),
    ("snowball", rgb(245, 250, 255)),
    ("egg", rgb(230, 215, 170)),
    ("ender_pearl", rgb(30, 110, 100)),
    ("coal", rgb(35, 35, 35)),
    ("charcoal", rgb(50, 40, 30)),
    ("diamond", rgb(90, 235, 225)),
    ("emerald", rgb(30, 210, 90)),
    ("lapis_lazuli", rgb(40, 70, 200)),
    ("redstone", rgb(220, 20, 10)),
    ("quartz", rgb(235, 230, 220)),
    ("stick", rgb(120, 90, 50)),
    ("string", rgb(240, 240, 240)),
    ("feather", rgb(245, 245, 245)),
    ("flint", rgb(60, 60, 60)),
    ("bone", rgb(230, 225, 205)),
    ("rotten_flesh", rgb(140, 90, 50)),
    ("gunpowder", rgb(90, 90, 90)),
    ("leather", rgb(150, 90, 50)),
    ("wheat", rgb(210, 180, 80)),
    ("sugar", rgb(250, 250, 250)),
    ("paper", rgb(240, 240, 230)),
    ("book", rgb(120, 60, 40)),
];

/// Simple icon silhouettes.
#[derive(Clone, Copy)]
enum Silhouette {
    Ball,
    Bar,
    Gem,
    Stick,
    Bucket(Option<u32>),
    Armor(ArmorSlot),
    Lump,
}

/// All item icons, by item id.
pub fn build(atlas: &mut Atlas, blocks: &[BlockVisual]) -> Vec<TexId> {
    registry()
        .items
        .iter()
        .map(|def| {
            let canvas = match def.kind {
                ItemKind::Block(block) => block_icon(atlas, &blocks[block.0 as usize]),
                ItemKind::Tool { kind, .. } => tool_icon(kind, material(def.name)),
                ItemKind::Bucket(fluid) => {
                    let content = fluid.map(|b| {
                        let top = atlas.canvas(blocks[b.0 as usize].faces[1]);
                        top.at(8, 8) | 0xFF00_0000
                    });
                    let content = if def.name == "milk_bucket" {
                        Some(rgb(250, 250, 250))
                    } else {
                        content
                    };
                    silhouette(Silhouette::Bucket(content), rgb(190, 190, 195))
                }
                ItemKind::Armor(slot) => silhouette(Silhouette::Armor(slot), material(def.name)),
                _ => silhouette(shape_of(def.name, def.kind), colour_of(def.name)),
            };
            atlas.add(&canvas)
        })
        .collect()
}

fn material(name: &str) -> u32 {
    MATERIALS
        .iter()
        .find(|(prefix, _)| name.starts_with(prefix))
        .map_or_else(|| colour_of_name(name), |(_, c)| *c)
}

fn colour_of(name: &str) -> u32 {
    ITEM_COLOURS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or_else(|| colour_of_name(name), |(_, c)| *c)
}

fn shape_of(name: &str, kind: ItemKind) -> Silhouette {
    match kind {
        ItemKind::Food { .. } | ItemKind::Throwable => Silhouette::Ball,
        _ if name.ends_with("_ingot") || name.ends_with("_nugget") || name == "brick" => {
            Silhouette::Bar
        }
        _ if matches!(name, "diamond" | "emerald" | "quartz" | "lapis_lazuli") => Silhouette::Gem,
        _ if matches!(name, "stick" | "bone" | "blaze_rod" | "string" | "feather") => {
            Silhouette::Stick
        }
        _ => Silhouette::Lump,
    }
}

/// An isometric cube for cube-like blocks, the flat texture for plants
/// and torches.
fn block_icon(atlas: &Atlas, visual: &BlockVisual) -> Canvas {
    let [_, top, front, _, side, _] = visual.faces.map(|t| atlas.canvas(t));
    if matches!(visual.shape, Shape::Cross | Shape::Torch | Shape::Flat) {
        return front;
    }
    let texel = |c: &Canvas, a: f32, b: f32, shade: f32| {
        let (u, v) = ((a * 16.0) as usize, (b * 16.0) as usize);
        let t = c.at(u.min(15), v.min(15));
        if alpha(t) == 0 {
            0
        } else {
            scale(t, shade) | 0xFF00_0000
        }
    };
    Canvas::paint(|x, y| {
        let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
        let inside = |v: f32| (0.0..1.0).contains(&v);
        let (ta, tb) = (
            ((px - 8.0) / 8.0 + py / 4.0) / 2.0,
            (py / 4.0 - (px - 8.0) / 8.0) / 2.0,
        );
        if inside(ta) && inside(tb) {
            return texel(&top, ta, tb, 1.0);
        }
        let la = px / 8.0;
        let lc = (py - 4.0 - 4.0 * la) / 8.0;
        if inside(la) && inside(lc) {
            return texel(&front, la, lc, 0.8);
        }
        let ra = (px - 8.0) / 8.0;
        let rc = (py - 8.0 + 4.0 * ra) / 8.0;
        if inside(ra) && inside(rc) {
            return texel(&side, ra, rc, 0.6);
        }
        0
    })
}

/// A tool: a diagonal handle from the lower left and a head at the top right.
fn tool_icon(kind: ToolKind, head: u32) -> Canvas {
    let handle = rgb(110, 80, 45);
    let mut c = Canvas::paint(|_, _| 0);
    let handle_end = if kind == ToolKind::Sword { 4 } else { 12 };
    for i in 2..handle_end {
        c.set(i, 15 - i, handle);
        c.set(i + 1, 15 - i, scale(handle, 0.7));
    }
    let head_texels: Vec<(usize, usize)> = match kind {
        ToolKind::Pickaxe => (4..13)
            .map(|x| (x, 2 + (x as i32 - 8).unsigned_abs() as usize / 2))
            .collect(),
        ToolKind::Axe => (7..13)
            .flat_map(|x| (1..7).map(move |y| (x, y)))
            .filter(|&(x, y)| x + y > 9)
            .collect(),
        ToolKind::Shovel => (9..14).flat_map(|x| (2..7).map(move |y| (x, y))).collect(),
        ToolKind::Hoe => (7..13)
            .map(|x| (x, 2))
            .chain((2..5).map(|y| (8, y)))
            .collect(),
        ToolKind::Sword => (4..14)
            .flat_map(|i| [(i, 15 - i - 1), (i + 1, 15 - i - 1)])
            .chain([(2, 9), (3, 10), (6, 13), (5, 12)])
            .collect(),
        ToolKind::Shears | ToolKind::Any => (5..11).flat_map(|x| [(x, x), (x, 15 - x)]).collect(),
    };
    for (x, y) in head_texels {
        c.set(x, y, head);
        c.set(x, y + 1, scale(head, 0.7));
    }
    c
}

/// A filled silhouette with light top-left shading and a dark outline.
fn silhouette(shape: Silhouette, colour: u32) -> Canvas {
    let inside = |x: i32, y: i32| -> Option<u32> {
        let (fx, fy) = (x as f32 - 7.5, y as f32 - 7.5);
        let hit = match shape {
            Silhouette::Ball => fx * fx + fy * fy < 30.0,
            Silhouette::Lump => fx * fx * 0.8 + fy * fy * 1.2 < 28.0,
            Silhouette::Bar => fy.abs() < 3.0 && (fx + fy * 0.5).abs() < 6.5,
            Silhouette::Gem => fx.abs() + fy.abs() < 6.5,
            Silhouette::Stick => (fx + fy).abs() < 1.5 && fx.abs() < 6.5,
            Silhouette::Bucket(content) => {
                if fy > -4.0 && fy < -2.0 && fx.abs() < 5.0 && content.is_some() {
                    return content;
                }
                fy > -5.0 && fy < 6.0 && fx.abs() < 5.5 - fy * 0.15
            }
            Silhouette::Armor(slot) => match slot {
                ArmorSlot::Head => {
                    fy > -5.0 && fy < 2.0 && fx.abs() < 6.0 && (fy <= -1.0 || fx.abs() >= 4.0)
                }
                ArmorSlot::Chest => {
                    fy > -6.0 && fy < 6.0 && fx.abs() < 6.5 && (fy >= -3.0 || fx.abs() >= 2.5)
                }
                ArmorSlot::Legs => {
                    fy > -6.0 && fy < 7.0 && fx.abs() < 5.5 && (fy <= -2.0 || fx.abs() >= 1.5)
                }
                ArmorSlot::Feet => fy > 0.0 && fy < 6.0 && fx.abs() < 6.5 && fx.abs() >= 1.5,
            },
        };
        hit.then(|| scale(colour, 1.1 - (fx + fy) * 0.02))
    };
    Canvas::paint(|x, y| {
        let (x, y) = (x as i32, y as i32);
        match inside(x, y) {
            Some(c) => c,
            None if [(0, 1), (1, 0), (0, -1), (-1, 0)]
                .iter()
                .any(|(dx, dy)| inside(x + dx, y + dy).is_some()) =>
            {
                scale(colour, 0.35)
            }
            None => 0,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icons_have_visible_texels_in_their_colours() {
        let pick = tool_icon(ToolKind::Pickaxe, rgb(60, 235, 210));
        assert!(pick.0.contains(&rgb(60, 235, 210)));
        let ball = silhouette(Silhouette::Ball, rgb(245, 250, 255));
        assert_eq!(alpha(ball.at(0, 0)), 0);
        assert_ne!(alpha(ball.at(8, 8)), 0);
    }
}
