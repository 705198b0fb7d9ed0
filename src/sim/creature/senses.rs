//! What a creature perceives: its eyes, line of sight (vanilla's
//! `canSee`: no collision box in between), the light level where it
//! stands and its brightness (`getBrightness`), whether a cell sees the
//! open sky, day and night (`isDay`), and a player looking it in the eye
//! (`EnderMan.isLookingAtMe`).
//!
//! Light is reckoned without a light engine: sky light is 15 (less the
//! night's darkening) in a column open to the sky, one less through each
//! leaf or water block, and 0 under an opaque block (light spreading
//! sideways under an overhang is not modelled); block light is the
//! strongest emitter within 15 blocks less its walking distance.

use crate::sim::entity::Entity;
use crate::sim::game::{Game, Weather};
use crate::sim::player::Player;
use crate::sim::raycast;
use crate::sim::registry::{registry, BlockId, Shape};
use crate::sim::world::{BlockPos, World, HEIGHT};

/// The eye point: 85% of the height up, as vanilla's default eye height.
pub fn eye(e: &Entity) -> [f64; 3] {
    let height = e.size().1;
    [e.pos[0], e.pos[1] + height * 0.85, e.pos[2]]
}

pub fn eye_cell(e: &Entity) -> BlockPos {
    eye(e).map(|v| v.floor() as i32)
}

/// Whether no block with a collision box lies between two points.
pub fn can_see(world: &World, from: [f64; 3], to: [f64; 3]) -> bool {
    let d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    let length = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    if length < 1e-6 {
        return true;
    }
    let dir = d.map(|v| v / length);
    raycast::cast(world, from, dir, length, |b| {
        registry().block(b).shape.collides()
    })
    .is_none()
}

/// How a block passes sky light: fully, one level weaker, or not at all.
fn sky_filter(block: BlockId) -> Option<u8> {
    if block == BlockId::AIR {
        return Some(0);
    }
    let def = registry().block(block);
    match def.shape {
        Shape::Cube if !def.transparent => None,
        Shape::Liquid | Shape::Cube => Some(1),
        _ => Some(0),
    }
}

/// Sky light reaching `pos` straight from above, 0–15.
fn sky_light(world: &World, pos: BlockPos) -> u8 {
    let mut light = 15u8;
    for y in pos[1]..HEIGHT {
        match sky_filter(world.get([pos[0], y, pos[2]])) {
            Some(loss) => light = light.saturating_sub(loss),
            None => return 0,
        }
    }
    light
}

/// Whether the cell sees the sky: full sky light (`canSeeSky`).
pub fn sees_sky(world: &World, pos: BlockPos) -> bool {
    sky_light(world, pos) == 15
}

/// How much the sky light is dimmed now, 0 (day) to 11 (night)
/// (`Level.getSkyDarken`).
pub fn sky_darken(game: &Game) -> u8 {
    let t = game.day_time as f64 / 24000.0;
    let d0 = (t - 0.25).rem_euclid(1.0);
    let angle = (d0 * 2.0 + (0.5 - (d0 * std::f64::consts::PI).cos() / 2.0)) / 3.0;
    let mut light =
        1.0 - ((1.0 - ((angle * std::f64::consts::TAU).cos() * 2.0 + 0.5)).clamp(0.0, 1.0));
    let (rain, thunder) = match game.weather {
        Weather::Clear => (0.0, 0.0),
        Weather::Rain => (1.0, 0.0),
        Weather::Thunder => (1.0, 1.0),
    };
    light *= 1.0 - rain * 5.0 / 16.0;
    light *= 1.0 - thunder * 5.0 / 16.0;
    ((1.0 - light) * 11.0) as u8
}

/// `Level.isDay`.
pub fn is_day(game: &Game) -> bool {
    sky_darken(game) < 4
}

/// Block light at `pos`: the brightest emitter within 15 blocks, less
/// the walking (taxicab) distance to it.
fn block_light(world: &World, pos: BlockPos) -> u8 {
    const R: i32 = 14;
    let mut best = 0u8;
    for dy in -R..=R {
        for dz in -R..=R {
            let reach = R - dy.abs() - dz.abs();
            if reach < 0 {
                continue;
            }
            for dx in -reach..=reach {
                let block = world.get([pos[0] + dx, pos[1] + dy, pos[2] + dz]);
                if block == BlockId::AIR {
                    continue;
                }
                let emitted = registry().block(block).light;
                let distance = (dx.abs() + dy.abs() + dz.abs()) as u8;
                best = best.max(emitted.saturating_sub(distance));
            }
        }
    }
    best
}

/// The light level at `pos` now (`getMaxLocalRawBrightness`).
pub fn light_at(game: &Game, pos: BlockPos) -> u8 {
    let sky = sky_light(&game.world, pos).saturating_sub(sky_darken(game));
    if sky >= 15 {
        return sky;
    }
    sky.max(block_light(&game.world, pos))
}

/// The overworld's brightness of a light level, 0–1 (`DimensionType.brightness`).
pub fn brightness(level: u8) -> f32 {
    let f = 1.0 - f32::from(level.min(15)) / 15.0;
    (1.0 - f) / (f * 3.0 + 1.0)
}

/// `EnderMan.isLookingAtMe`: the player's view passes close to the
/// creature's eyes, with nothing in between, and no carved pumpkin hides
/// the player's face.
pub fn looked_in_the_eye(game: &Game, e: &Entity) -> bool {
    in_the_eye(game, e, game.player.look_dir())
}

/// Whether a player looking along `look` would meet the creature's eyes
/// (see [`looked_in_the_eye`]).
pub fn in_the_eye(game: &Game, e: &Entity, look: [f64; 3]) -> bool {
    let p: &Player = &game.player;
    let pumpkin = p.inventory.armor[0]
        .as_ref()
        .is_some_and(|s| s.name() == "carved_pumpkin");
    if pumpkin {
        return false;
    }
    let (from, to) = (p.eye(), eye(e));
    let d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    let length = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    if length < 1e-6 {
        return false;
    }
    let dot = (0..3).map(|i| look[i] * d[i] / length).sum::<f64>();
    dot > 1.0 - 0.025 / length && can_see(&game.world, from, to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules::testkit::{platform_game, put, FLOOR};

    #[test]
    fn day_and_night_darken_the_sky() {
        let mut game = platform_game();
        game.day_time = 6000;
        assert_eq!(sky_darken(&game), 0);
        assert!(is_day(&game));
        game.day_time = 18000;
        assert_eq!(sky_darken(&game), 11);
        assert!(!is_day(&game));
    }

    #[test]
    fn light_comes_from_the_sky_and_from_torches() {
        let mut game = platform_game();
        game.day_time = 6000;
        let spot = [0, FLOOR + 1, 0];
        assert_eq!(light_at(&game, spot), 15);
        put(&mut game.world, [0, FLOOR + 5, 0], "stone");
        assert_eq!(light_at(&game, spot), 0);
        put(&mut game.world, [2, FLOOR + 1, 0], "torch");
        assert_eq!(light_at(&game, spot), 12);
        assert!(brightness(12) >= 0.5 && brightness(11) < 0.5);
    }
}
