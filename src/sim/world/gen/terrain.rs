//! The shape of the land and the biome of every block column, from layered
//! noise: continentalness (ocean ↔ inland), hilliness, rivers (where the
//! river noise crosses zero), temperature and humidity. Everything here is a
//! pure function of the seed and the column, so any chunk can ask about any
//! column, including its neighbours' (for trees crossing borders).

use super::noise::{subseed, Fbm};
use super::{Biome, SEA_LEVEL};

/// What the generator knows about one block column before placing blocks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Column {
    /// The y of the topmost solid block.
    pub height: i32,
    pub biome: Biome,
    /// Sand beach at the sea's edge.
    pub shore: bool,
    /// Water freezes and snow lies here.
    pub cold: bool,
}

/// Base height by continentalness: deep ocean, shelf, coast, inland.
const BASE_HEIGHT: &[(f64, f64)] = &[
    (-1.0, 34.0),
    (-0.35, 42.0),
    (-0.2, 52.0),
    (-0.1, 61.0),
    (-0.04, 64.0),
    (0.3, 68.0),
    (1.0, 74.0),
];
/// Continentalness below which a column is ocean.
const OCEAN_BELOW: f64 = -0.12;
/// Continentalness below which low land is beach sand.
const SHORE_BELOW: f64 = -0.03;
/// Height of the local bumps by hilliness.
const RELIEF_AMPLITUDE: &[(f64, f64)] = &[(-1.0, 3.0), (0.0, 6.0), (0.2, 14.0), (1.0, 24.0)];
/// Hilliness over which mountains rise (start, full).
const MOUNTAINS_RISE: (f64, f64) = (0.18, 0.36);
/// How high mountains rise over the land around them.
const MOUNTAIN_UPLIFT: f64 = 44.0;
/// Uplift fraction from which a column counts as mountains.
const MOUNTAINS_FROM: f64 = 0.35;
/// Distance from the river noise's zero line within which land is lowered.
const RIVER_HALF_WIDTH: f64 = 0.024;
/// The river bed's height at the channel's middle.
const RIVER_BED: f64 = 56.0;
/// Land within this many blocks of the origin is pushed up out of the sea,
/// so players spawn on land.
const ORIGIN_LAND_RADIUS: f64 = 400.0;

/// Land biomes by climate: the first row whose temperature and humidity
/// limits are both above the column's.
const CLIMATES: &[(f64, f64, Biome)] = &[
    (-0.18, f64::INFINITY, Biome::SnowyTundra),
    (-0.08, f64::INFINITY, Biome::Taiga),
    (0.12, -0.02, Biome::Plains),
    (0.12, 0.1, Biome::Forest),
    (0.12, f64::INFINITY, Biome::BirchForest),
    (f64::INFINITY, 0.0, Biome::Desert),
    (f64::INFINITY, f64::INFINITY, Biome::Savanna),
];

/// Linear interpolation through (x, y) knots sorted by x, flat outside.
fn piecewise(knots: &[(f64, f64)], x: f64) -> f64 {
    let Some(upper) = knots.iter().position(|&(kx, _)| kx >= x) else {
        return knots[knots.len() - 1].1;
    };
    if upper == 0 {
        return knots[0].1;
    }
    let ((x0, y0), (x1, y1)) = (knots[upper - 1], knots[upper]);
    y0 + (y1 - y0) * (x - x0) / (x1 - x0)
}

fn smoothstep(edge0: f64, edge1: f64, x: f64) -> f64 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The noise layers of one world.
pub struct Terrain {
    continents: Fbm,
    hills: Fbm,
    relief: Fbm,
    rivers: Fbm,
    temperature: Fbm,
    humidity: Fbm,
}

impl Terrain {
    pub fn new(seed: u64) -> Terrain {
        let layer = |salt, octaves, scale| Fbm::new(subseed(seed, salt), octaves, scale);
        Terrain {
            continents: layer(1, 4, 900.0),
            hills: layer(2, 3, 420.0),
            relief: layer(3, 5, 110.0),
            rivers: layer(4, 3, 520.0),
            temperature: layer(5, 3, 640.0),
            humidity: layer(6, 3, 560.0),
        }
    }

    /// The height and biome of the block column (x, z).
    pub fn column(&self, x: i32, z: i32) -> Column {
        let (fx, fz) = (x as f64, z as f64);
        let near_origin = (1.0 - fx.hypot(fz) / ORIGIN_LAND_RADIUS).max(0.0);
        let continent = self.continents.at(fx, fz) + 0.25 * near_origin;
        let hills = self.hills.at(fx, fz);
        let relief = self.relief.at(fx, fz);
        let land = smoothstep(OCEAN_BELOW - 0.05, SHORE_BELOW, continent);

        let uplift = smoothstep(MOUNTAINS_RISE.0, MOUNTAINS_RISE.1, hills) * land;
        let amplitude = piecewise(RELIEF_AMPLITUDE, hills) * (0.3 + 0.7 * land);
        let mut height = piecewise(BASE_HEIGHT, continent)
            + amplitude * relief
            + uplift * MOUNTAIN_UPLIFT * (0.7 + relief);

        let river_distance = self.rivers.at(fx, fz).abs();
        let channel = (1.0 - smoothstep(0.0, RIVER_HALF_WIDTH, river_distance)) * land;
        if height > RIVER_BED {
            height += (RIVER_BED - height) * channel;
        }
        let height = height.round() as i32;

        let temperature = self.temperature.at(fx, fz);
        let biome = if continent < OCEAN_BELOW {
            Biome::Ocean
        } else if channel > 0.3 && height <= SEA_LEVEL {
            Biome::River
        } else if uplift > MOUNTAINS_FROM {
            Biome::Mountains
        } else {
            let humidity = self.humidity.at(fx, fz);
            CLIMATES
                .iter()
                .find(|&&(t, h, _)| temperature < t && humidity < h)
                .map_or(Biome::Plains, |&(_, _, biome)| biome)
        };
        Column {
            height,
            biome,
            shore: continent < SHORE_BELOW && height <= SEA_LEVEL + 2 && biome != Biome::River,
            cold: temperature < CLIMATES[0].0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piecewise_interpolates_and_clamps() {
        let knots = [(0.0, 10.0), (1.0, 20.0)];
        assert_eq!(piecewise(&knots, -5.0), 10.0);
        assert_eq!(piecewise(&knots, 0.5), 15.0);
        assert_eq!(piecewise(&knots, 9.0), 20.0);
    }
}
