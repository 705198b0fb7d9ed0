//! Everything the renderer draws with, built once per process: the texture
//! atlas, how each block is drawn (face textures, blend mode, light), item
//! icons, mob skins and the crack stages.

use std::sync::OnceLock;

use super::icons;
use super::looks::look_of;
use super::paint;
use super::skins;
use super::sky;
use super::texture::{alpha, rgb, Atlas, TexId};
use crate::sim::registry::{registry, Shape};

/// How a block's pixels combine with what is behind them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Opaque,
    /// Texels with alpha 0 are holes.
    Cutout,
    /// Blended by the texel's alpha (water, ice, stained glass).
    Translucent,
}

/// How a block treats light passing through it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LightClass {
    Clear,
    /// Lets light through, one level weaker per block (leaves, water).
    Filter,
    Opaque,
}

/// How one block type is drawn.
#[derive(Debug, Clone)]
pub struct BlockVisual {
    /// Down, up, north, south, west, east.
    pub faces: [TexId; 6],
    pub mode: Mode,
    pub shape: Shape,
    /// Top of the drawn box (partial blocks), at most 1.
    pub height: f32,
    /// Light emitted, 0–15.
    pub light: u8,
    pub light_class: LightClass,
}

impl BlockVisual {
    /// Whether it hides the faces of its neighbours and darkens corners.
    #[inline]
    pub fn occludes(&self) -> bool {
        self.light_class == LightClass::Opaque
    }
}

pub struct Assets {
    pub atlas: Atlas,
    /// By block id.
    pub blocks: Vec<BlockVisual>,
    /// By item id.
    pub icons: Vec<TexId>,
    pub cracks: [TexId; 10],
    pub skins: skins::Skins,
    pub sun: TexId,
    pub moon: TexId,
    /// The bare arm.
    pub hand: TexId,
}

/// The process-wide assets.
pub fn assets() -> &'static Assets {
    static ASSETS: OnceLock<Assets> = OnceLock::new();
    ASSETS.get_or_init(build)
}

fn build() -> Assets {
    let mut atlas = Atlas::new();
    let blocks: Vec<BlockVisual> = registry()
        .blocks
        .iter()
        .map(|def| {
            let look = look_of(def.name);
            let order = [
                look.bottom,
                look.top,
                look.front,
                look.front,
                look.side,
                look.side,
            ];
            let canvases = order.map(|t| t.canvas(def.name));
            let any =
                |f: &dyn Fn(u32) -> bool| canvases.iter().any(|c| c.0.iter().any(|&t| f(alpha(t))));
            let mode = if any(&|a| a > 0 && a < 255) {
                Mode::Translucent
            } else if any(&|a| a == 0) {
                Mode::Cutout
            } else {
                Mode::Opaque
            };
            let faces = canvases.map(|c| atlas.add(&c));
            let light_class = match def.shape {
                Shape::Cube if !def.transparent => LightClass::Opaque,
                Shape::Liquid => LightClass::Filter,
                Shape::Cube if mode != Mode::Opaque => LightClass::Filter,
                _ => LightClass::Clear,
            };
            let height = match def.shape {
                Shape::Partial if def.height > 0.0 => def.height.min(1.0),
                Shape::Partial => 1.0 / 16.0,
                _ => 1.0,
            };
            BlockVisual {
                faces,
                mode,
                shape: def.shape,
                height,
                light: def.light,
                light_class,
            }
        })
        .collect();
    let icons = icons::build(&mut atlas, &blocks);
    let cracks = std::array::from_fn(|stage| atlas.add(&paint::cracks(stage as u32)));
    let skins = skins::Skins::build(&mut atlas);
    let sun = atlas.add(&sky::paint_sun());
    let moon = atlas.add(&sky::paint_moon());
    let hand = atlas.add(&paint::noisy(rgb(196, 146, 118), 0.1, 5));
    Assets {
        atlas,
        blocks,
        icons,
        cracks,
        skins,
        sun,
        moon,
        hand,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::{block, item};

    #[test]
    fn blend_modes_and_light_follow_the_blocks() {
        let a = assets();
        let visual = |name: &str| &a.blocks[block(name).0 as usize];
        assert_eq!(visual("stone").mode, Mode::Opaque);
        assert!(visual("stone").occludes());
        assert_eq!(visual("oak_leaves").mode, Mode::Cutout);
        assert_eq!(visual("oak_leaves").light_class, LightClass::Filter);
        assert_eq!(visual("water").mode, Mode::Translucent);
        assert_eq!(visual("glass").light_class, LightClass::Filter);
        assert_eq!(visual("torch").light, 14);
        assert_eq!(visual("poppy").mode, Mode::Cutout);
        assert!(!visual("poppy").occludes());
        assert_eq!(a.icons.len(), registry().items.len());
        assert_ne!(
            a.icons[item("stone").0 as usize],
            a.icons[item("dirt").0 as usize]
        );
    }
}
