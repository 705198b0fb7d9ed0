//! The surroundings of the view: sky colours and daylight by time of day
//! and weather, the sun and moon, fog (normal, underwater, in lava, blind)
//! and the effects that change how bright the world looks — per
//! dimension: the overworld's sky; the Nether's roofed dark, its fog the
//! colour of the biome and close (`isFoggyAt`: from 5% to 50% of the
//! default render distance, 9.6 to 96 blocks, cut to the view distance
//! here), with an ambient light of 0.1; the End's near-black sky with
//! a faint pattern, its fog 0xa080a0 dimmed to 15% as vanilla's
//! `EndEffects` does. Sun, moon and rain belong to the overworld only.

use super::camera::Camera;
use super::paint;
use super::raster::{Blend, Quad};
use super::texture::{mix, rgb, scale, Canvas, TexId};
use crate::sim::game::{Game, Weather};
use crate::sim::registry::{block, registry, Shape};
use crate::sim::world::Dimension;

/// How far the world is drawn, in blocks.
pub const VIEW_DISTANCE: f32 = 56.0;

const DAY_ZENITH: u32 = rgb(120, 167, 255);
const DAY_HORIZON: u32 = rgb(192, 216, 255);
const NIGHT_ZENITH: u32 = rgb(4, 6, 16);
const NIGHT_HORIZON: u32 = rgb(12, 16, 30);
const DUSK: u32 = rgb(235, 120, 55);
const RAIN_GREY: u32 = rgb(120, 126, 134);
const WATER_FOG: u32 = rgb(20, 50, 150);
const LAVA_FOG: u32 = rgb(190, 60, 8);
/// The End's sky (its `end_sky` texture tinted 0x282828) and its fog.
const END_SKY: u32 = rgb(20, 18, 24);
const END_FOG: u32 = 0xa080a0;
/// `EndEffects.getBrightnessDependentFogColor`: the fog colour times 0.15.
const END_FOG_SCALE: f32 = 0.15;
/// Sky light's weight in the End, whose lightmap lights every block dimly.
const END_DAYLIGHT: f32 = 0.45;
/// The default render distance (12 chunks) vanilla's Nether fog is
/// measured from: it starts at 5% of it and is whole at half of it.
const VANILLA_FAR: f32 = 192.0;
/// The Nether's `ambientLight`.
const NETHER_AMBIENT: f32 = 0.1;

/// Where the eye is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Medium {
    Air,
    Water,
    Lava,
}

/// Per-frame facts about light, sky and fog.
#[derive(Debug, Clone)]
pub struct Environment {
    pub zenith: u32,
    pub horizon: u32,
    pub fog_colour: u32,
    pub fog_start: f32,
    pub fog_end: f32,
    /// Multiplier of sky light, 0.25 at night to 1 at noon.
    pub daylight: f32,
    pub night_vision: bool,
    pub medium: Medium,
    /// The sun's direction (the moon is opposite).
    pub sun: [f32; 3],
    /// 0..1: how much rain darkens and greys.
    pub rain: f32,
    /// Whether a sky with sun and moon shows (the overworld).
    pub sky: bool,
    /// The End's faint sky pattern.
    pub patterned_sky: bool,
    /// The dimension's ambient light: the least brightness of darkness.
    pub ambient: f32,
}

impl Environment {
    pub fn new(game: &Game) -> Environment {
        let angle = (game.day_time % 24000) as f32 / 24000.0 * std::f32::consts::TAU;
        let sun = [angle.cos(), angle.sin(), 0.0];
        let day = (sun[1] * 2.5 + 0.4).clamp(0.0, 1.0);
        let dimension = game.dimension();
        let rain = match game.weather {
            _ if dimension != Dimension::Overworld => 0.0,
            Weather::Clear => 0.0,
            Weather::Rain => 0.6,
            Weather::Thunder => 0.8,
        };
        let dusk = (1.0 - sun[1].abs() * 4.0).clamp(0.0, 1.0) * (1.0 - rain);
        let mut zenith = mix(NIGHT_ZENITH, DAY_ZENITH, day);
        let mut horizon = mix(mix(NIGHT_HORIZON, DAY_HORIZON, day), DUSK, dusk * 0.6);
        let grey = scale(RAIN_GREY, 0.2 + 0.8 * day);
        zenith = mix(zenith, grey, rain);
        horizon = mix(horizon, grey, rain);
        let eye = game.player.eye();
        let at_eye = game.world.get([
            eye[0].floor() as i32,
            eye[1].floor() as i32,
            eye[2].floor() as i32,
        ]);
        let medium = match registry().block(at_eye).shape {
            Shape::Liquid if at_eye == block("lava") => Medium::Lava,
            Shape::Liquid => Medium::Water,
            _ => Medium::Air,
        };
        let mut daylight = (0.25 + 0.75 * day) * (1.0 - rain * 0.3);
        let mut air_fog = (horizon, VIEW_DISTANCE * 0.7, VIEW_DISTANCE);
        match dimension {
            Dimension::Overworld => {}
            Dimension::Nether => {
                let [x, _, z] = game.player.pos.map(|v| v.floor() as i32);
                let fog = game.world.generator().biome(x, z).info().fog;
                (zenith, horizon) = (fog, fog);
                air_fog = (
                    fog,
                    VANILLA_FAR * 0.05,
                    (VANILLA_FAR * 0.5).min(VIEW_DISTANCE),
                );
                daylight = 0.0;
            }
            Dimension::End => {
                (zenith, horizon) = (END_SKY, END_SKY);
                air_fog.0 = scale(END_FOG, END_FOG_SCALE);
                daylight = END_DAYLIGHT;
            }
        }
        let (mut fog_colour, mut fog_start, mut fog_end) = match medium {
            Medium::Air => air_fog,
            Medium::Water => (scale(WATER_FOG, 0.3 + 0.7 * day), 0.0, 20.0),
            Medium::Lava => (LAVA_FOG, 0.0, 1.5),
        };
        if game.player.has_effect("blindness") {
            (fog_colour, fog_start, fog_end) = (rgb(0, 0, 0), 0.0, 5.0);
            zenith = fog_colour;
            horizon = fog_colour;
        }
        if medium != Medium::Air {
            zenith = fog_colour;
            horizon = fog_colour;
        }
        Environment {
            zenith,
            horizon,
            fog_colour,
            fog_start,
            fog_end,
            daylight,
            night_vision: game.player.has_effect("night_vision"),
            medium,
            sun,
            rain,
            sky: dimension.has_sky(),
            patterned_sky: dimension == Dimension::End,
            ambient: if dimension == Dimension::Nether {
                NETHER_AMBIENT
            } else {
                0.0
            },
        }
    }

    /// Brightness of light levels (0..15 each) on a surface with `shade`.
    #[inline]
    pub fn brightness(&self, sky: f32, block: f32, shade: f32) -> f32 {
        if self.night_vision {
            return shade;
        }
        let level = (sky * self.daylight).max(block) / 15.0;
        let lit = level / (2.5 - 1.5 * level);
        shade * (0.03 + 0.97 * (self.ambient + (1.0 - self.ambient) * lit))
    }

    /// The sky colour of each pixel row (the camera keeps its right vector
    /// level, so elevation depends on the row only).
    pub fn row_colours(&self, camera: &Camera) -> Vec<u32> {
        (0..camera.height)
            .map(|y| {
                let down = (y as f32 + 0.5 - camera.centre[1]) / camera.focal;
                let dir: [f32; 3] =
                    std::array::from_fn(|i| camera.forward[i] - camera.up[i] * down);
                let len = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]).sqrt();
                let elevation = dir[1] / len;
                if self.patterned_sky {
                    // Faint streaks: a few rows a shade lighter.
                    let streak = (elevation * 40.0).sin() * (elevation * 97.0).cos();
                    scale(self.zenith, 1.0 + 0.25 * streak.max(0.0)) & 0x00FF_FFFF
                } else if elevation < 0.0 {
                    scale(self.horizon, 1.0 + elevation.max(-1.0) * 0.35) & 0x00FF_FFFF
                } else {
                    mix(self.horizon, self.zenith, (elevation * 2.2).min(1.0).sqrt()) & 0x00FF_FFFF
                }
            })
            .collect()
    }

    /// The sun and moon as squares far away, when the sky shows.
    pub fn celestial_quads(&self, sun_tex: TexId, moon_tex: TexId) -> Vec<Quad> {
        if !self.sky || self.medium != Medium::Air || self.rain > 0.7 {
            return Vec::new();
        }
        let brightness = 1.0 - self.rain;
        [(self.sun, sun_tex), (self.sun.map(|c| -c), moon_tex)]
            .into_iter()
            .filter(|(dir, _)| dir[1] > -0.2)
            .map(|(dir, tex)| {
                let centre = dir.map(|c| c * 100.0);
                // Square in the plane facing the eye: one edge along z (north–south).
                let side = [0.0, 0.0, 10.0];
                let up = [-dir[1] * 10.0, dir[0] * 10.0, 0.0];
                let corner = |a: f32, b: f32| -> [f32; 3] {
                    std::array::from_fn(|i| centre[i] + side[i] * a + up[i] * b)
                };
                Quad {
                    pos: [
                        corner(-1.0, -1.0),
                        corner(1.0, -1.0),
                        corner(1.0, 1.0),
                        corner(-1.0, 1.0),
                    ],
                    uv: super::cube::STRETCHED_UV,
                    bright: [brightness; 4],
                    tex,
                    blend: Blend::Sky,
                    double_sided: true,
                }
            })
            .collect()
    }
}

/// The sun: a bright yellow-white square with a glowing rim.
pub fn paint_sun() -> Canvas {
    Canvas::paint(|x, y| {
        let edge = x.min(y).min(15 - x).min(15 - y);
        match edge {
            0 | 1 => 0,
            2 => rgb(255, 220, 120),
            _ => rgb(255, 250, 210),
        }
    })
}

/// The moon: a pale square with darker craters.
pub fn paint_moon() -> Canvas {
    let mut c = Canvas::paint(|x, y| {
        let edge = x.min(y).min(15 - x).min(15 - y);
        if edge < 3 {
            0
        } else {
            rgb(215, 218, 230)
        }
    });
    paint::rect(&mut c, (5, 5), (7, 7), rgb(160, 165, 180));
    paint::rect(&mut c, (9, 9), (10, 11), rgb(170, 175, 190));
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noon_is_bright_and_midnight_dark() {
        let mut game = Game::new(1);
        game.day_time = 6000;
        let noon = Environment::new(&game);
        game.day_time = 18000;
        let night = Environment::new(&game);
        assert!(noon.daylight > 0.95 && night.daylight < 0.3);
        assert!(noon.brightness(15.0, 0.0, 1.0) > 0.95);
        assert!(night.brightness(15.0, 0.0, 1.0) < 0.15);
        assert!(night.brightness(15.0, 14.0, 1.0) > 0.7);
        assert!(noon.sun[1] > 0.99);
    }

    #[test]
    fn the_nether_has_its_biomes_fog_no_sky_and_an_ambient_light() {
        let mut game = Game::new(1);
        let feet = [0.5, 80.0, 0.5];
        crate::sim::dimensions::change_dimension(&mut game, Dimension::Nether, feet);
        let nether = Environment::new(&game);
        let biome = game.world.generator().biome(0, 0);
        assert_eq!(nether.fog_colour, biome.info().fog);
        assert!(nether.fog_start < 10.0 && nether.fog_end <= VIEW_DISTANCE);
        assert!(!nether.sky && nether.celestial_quads(0, 0).is_empty());
        assert!(nether.brightness(0.0, 0.0, 1.0) > 0.09);
        crate::sim::dimensions::change_dimension(&mut game, Dimension::End, feet);
        let end = Environment::new(&game);
        assert_eq!(end.fog_colour, scale(END_FOG, END_FOG_SCALE));
        assert!(end.celestial_quads(0, 0).is_empty());
    }
}
