//! Caves: Minecraft-style worm carvers. A chunk starts a cave system with
//! chance 1/7; each system has a few tunnels (and sometimes a room) that
//! wander for up to ~200 blocks, widening and narrowing, and may fork once.
//! Every chunk replays the systems started within [`RANGE`] chunks and keeps
//! the part inside itself, so tunnels cross chunk borders seamlessly.
//!
//! Carved cells at y ≤ 10 fill with lava (Minecraft's lava level), and lava
//! that would touch water becomes obsidian. Water is never carved, nor the
//! block under it, so lakes and seas keep their floors; and, as in vanilla,
//! a stretch of tunnel whose box has water on its shell is not carved at
//! all, so no cave opens beside water (leaving it standing as a wall).

use std::f64::consts::{PI, TAU};

use super::noise::{subseed, Rng};
use super::palette::palette;
use super::FACE_NEIGHBOURS;
use crate::sim::registry::BlockId;
use crate::sim::world::Chunk;

/// Chunks around a chunk whose cave systems can reach it.
const RANGE: i32 = 8;
/// The longest tunnel, in steps of one block.
const MAX_LENGTH: u32 = ((RANGE * 2 - 1) * 16) as u32;
/// Carved cells below this y become lava.
pub const LAVA_BELOW: i32 = 11;
/// Chance that a chunk starts a cave system.
const SYSTEM_CHANCE: f64 = 1.0 / 7.0;

/// Carves caves into chunks.
pub struct Caves {
    key: u64,
}

/// One tunnel's state as it wanders.
#[derive(Clone, Copy)]
struct Worm {
    pos: [f64; 3],
    yaw: f64,
    pitch: f64,
    thickness: f64,
    /// Height of the carved ellipsoid relative to its width.
    y_scale: f64,
}

/// The chunk being carved.
struct Target<'a> {
    chunk: &'a mut Chunk,
    origin: [i32; 2],
}

impl Caves {
    pub fn new(seed: u64) -> Caves {
        Caves {
            key: subseed(seed, 30),
        }
    }

    pub fn carve(&self, chunk: &mut Chunk, cx: i32, cz: i32) {
        let mut target = Target {
            chunk,
            origin: [cx * 16, cz * 16],
        };
        for scz in cz - RANGE..=cz + RANGE {
            for scx in cx - RANGE..=cx + RANGE {
                let mut rng = Rng::at(self.key, scx, 0, scz);
                if rng.chance(SYSTEM_CHANCE) {
                    start_system(&mut target, &mut rng, [scx, scz]);
                }
            }
        }
    }
}

fn start_system(target: &mut Target, rng: &mut Rng, [scx, scz]: [i32; 2]) {
    let bound = rng.below(15) + 1;
    let bound = rng.below(bound) + 1;
    let starts = rng.below(bound);
    for _ in 0..starts {
        let x = (scx * 16) as f64 + rng.below(16) as f64;
        let y_bound = rng.below(120) + 8;
        let y = rng.below(y_bound) as f64;
        let pos = [x, y, (scz * 16) as f64 + rng.below(16) as f64];
        let mut tunnels = 1;
        if rng.below(4) == 0 {
            let radius = 1.5 + (1.0 + rng.unit() * 6.0);
            target.carve_ellipsoid([pos[0] + 1.0, pos[1], pos[2]], radius, radius * 0.5);
            tunnels += rng.below(4);
        }
        for _ in 0..tunnels {
            let yaw = rng.unit() * TAU;
            let pitch = (rng.unit() - 0.5) / 4.0;
            let mut thickness = rng.unit() * 2.0 + rng.unit();
            if rng.below(10) == 0 {
                thickness *= rng.unit() * rng.unit() * 3.0 + 1.0;
            }
            let length = MAX_LENGTH - rng.below(MAX_LENGTH / 4);
            let worm = Worm {
                pos,
                yaw,
                pitch,
                thickness,
                y_scale: 1.0,
            };
            target.tunnel(Rng::new(rng.next_u64()), worm, 0, length);
        }
    }
}

impl Target<'_> {
    /// Walks one tunnel from `step` to `length`, carving as it goes; forks
    /// in two at a random step if it is thick enough.
    fn tunnel(&mut self, mut rng: Rng, mut worm: Worm, first_step: u32, length: u32) {
        let fork_at = rng.below(length / 2) + length / 4;
        let steep = rng.below(6) == 0;
        let (mut yaw_speed, mut pitch_speed) = (0.0, 0.0);
        let centre = [self.origin[0] as f64 + 8.0, self.origin[1] as f64 + 8.0];
        for step in first_step..length {
            let width = 1.5 + (step as f64 * PI / length as f64).sin() * worm.thickness;
            let height = width * worm.y_scale;
            let horizontal = worm.pitch.cos();
            worm.pos[0] += worm.yaw.cos() * horizontal;
            worm.pos[1] += worm.pitch.sin();
            worm.pos[2] += worm.yaw.sin() * horizontal;
            worm.pitch *= if steep { 0.92 } else { 0.7 };
            worm.pitch += pitch_speed * 0.1;
            worm.yaw += yaw_speed * 0.1;
            pitch_speed *= 0.9;
            yaw_speed *= 0.75;
            pitch_speed += (rng.unit() - rng.unit()) * rng.unit() * 2.0;
            yaw_speed += (rng.unit() - rng.unit()) * rng.unit() * 4.0;

            if step == fork_at && worm.thickness > 1.0 {
                for turn in [-PI / 2.0, PI / 2.0] {
                    let branch = Worm {
                        yaw: worm.yaw + turn,
                        pitch: worm.pitch / 3.0,
                        thickness: rng.unit() * 0.5 + 0.5,
                        ..worm
                    };
                    self.tunnel(Rng::new(rng.next_u64()), branch, step, length);
                }
                return;
            }
            if rng.below(4) == 0 {
                continue;
            }
            let (dx, dz) = (worm.pos[0] - centre[0], worm.pos[2] - centre[1]);
            let remaining = (length - step) as f64;
            let slack = worm.thickness + 2.0 + 16.0;
            if dx * dx + dz * dz - remaining * remaining > slack * slack {
                return;
            }
            if dx.abs() <= 8.0 + width + 1.0 && dz.abs() <= 8.0 + width + 1.0 {
                self.carve_ellipsoid(worm.pos, width, height);
            }
        }
    }

    /// Carves the cells of an ellipsoid (with a flattened floor) that lie in
    /// the chunk, unless water stands on the shell of the box around it.
    fn carve_ellipsoid(&mut self, centre: [f64; 3], width: f64, height: f64) {
        let [ox, oz] = self.origin;
        let span = |c: f64, r: f64, lo: i32, hi: i32| {
            ((c - r).floor() as i32).max(lo)..=((c + r).floor() as i32).min(hi)
        };
        let shell = [
            span(centre[0], width + 1.0, ox, ox + 15),
            span(centre[1], height + 2.0, 0, 255),
            span(centre[2], width + 1.0, oz, oz + 15),
        ];
        if self.water_on_shell(shell) {
            return;
        }
        for x in span(centre[0], width, ox, ox + 15) {
            let nx = (x as f64 + 0.5 - centre[0]) / width;
            for z in span(centre[2], width, oz, oz + 15) {
                let nz = (z as f64 + 0.5 - centre[2]) / width;
                let flat = nx * nx + nz * nz;
                if flat >= 1.0 {
                    continue;
                }
                for y in span(centre[1], height, 1, 250) {
                    let ny = (y as f64 + 0.5 - centre[1]) / height;
                    if ny > -0.7 && flat + ny * ny < 1.0 {
                        self.carve_cell((x - ox) as usize, y as usize, (z - oz) as usize);
                    }
                }
            }
        }
    }

    /// Whether water stands in the chunk on the shell of a box (world
    /// columns and heights): its four sides, its floor and its roof. As
    /// vanilla's carvers do, an ellipsoid whose box this holds for is left
    /// whole, so no cave opens beside a lake or under the sea, standing
    /// its water up as a wall.
    fn water_on_shell(&self, [xs, ys, zs]: [std::ops::RangeInclusive<i32>; 3]) -> bool {
        if ys.is_empty() {
            return false;
        }
        let [ox, oz] = self.origin;
        let water = palette().water;
        let side = |x: i32, z: i32| {
            x == *xs.start() || x == *xs.end() || z == *zs.start() || z == *zs.end()
        };
        xs.clone().any(|x| {
            zs.clone().any(|z| {
                let is_water = |y: i32| {
                    self.chunk
                        .get((x - ox) as usize, y as usize, (z - oz) as usize)
                        == water
                };
                if side(x, z) {
                    ys.clone().any(is_water)
                } else {
                    is_water(*ys.start()) || is_water(*ys.end())
                }
            })
        })
    }

    /// Empties one cell (lava low down, obsidian where that lava would touch
    /// water), unless it is bedrock, water or under water.
    fn carve_cell(&mut self, x: usize, y: usize, z: usize) {
        let p = palette();
        let here = self.chunk.get(x, y, z);
        if here == p.bedrock || here == p.water || here == p.ice || here == BlockId::AIR {
            return;
        }
        let above = self.chunk.get(x, y + 1, z);
        if above == p.water || above == p.ice {
            return;
        }
        let fill = if (y as i32) >= LAVA_BELOW {
            BlockId::AIR
        } else if touches(self.chunk, [x, y, z], p.water) {
            p.obsidian
        } else {
            p.lava
        };
        self.chunk.set(x, y, z, fill);
    }
}

/// Whether any face neighbour of a cell, inside the chunk, is `block`.
fn touches(chunk: &Chunk, [x, y, z]: [usize; 3], block: BlockId) -> bool {
    FACE_NEIGHBOURS.iter().any(|[dx, dy, dz]| {
        let (nx, ny, nz) = (x as i32 + dx, y as i32 + dy, z as i32 + dz);
        (0..16).contains(&nx)
            && (0..256).contains(&ny)
            && (0..16).contains(&nz)
            && chunk.get(nx as usize, ny as usize, nz as usize) == block
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::world::gen::Biome;

    #[test]
    fn lava_that_would_touch_water_becomes_obsidian() {
        let p = palette();
        let mut chunk = Chunk::new(Biome::Plains);
        for (x, block) in [(3, p.stone), (4, p.water), (8, p.stone)] {
            chunk.set(x, 5, 5, block);
        }
        let mut target = Target {
            chunk: &mut chunk,
            origin: [0, 0],
        };
        target.carve_cell(3, 5, 5);
        target.carve_cell(8, 5, 5);
        assert_eq!(chunk.get(3, 5, 5), p.obsidian);
        assert_eq!(chunk.get(8, 5, 5), p.lava);
        assert_eq!(chunk.get(4, 5, 5), p.water, "water is never carved");
    }

    /// A chunk of stone up to y 80 with water at one cell, and whether an
    /// ellipsoid three wide round (8, 40, 8) carves its middle.
    fn carves_beside_water_at(water: [usize; 3]) -> bool {
        let p = palette();
        let mut chunk = Chunk::new(Biome::Plains);
        for x in 0..16 {
            for z in 0..16 {
                for y in 1..=80 {
                    chunk.set(x, y, z, p.stone);
                }
            }
        }
        let [x, y, z] = water;
        chunk.set(x, y, z, p.water);
        let mut target = Target {
            chunk: &mut chunk,
            origin: [0, 0],
        };
        target.carve_ellipsoid([8.5, 40.5, 8.5], 3.0, 3.0);
        chunk.get(8, 40, 8) == BlockId::AIR
    }

    #[test]
    fn no_cave_opens_where_water_stands_on_the_shell_of_its_box() {
        assert!(carves_beside_water_at([8, 70, 8]), "water far above");
        assert!(!carves_beside_water_at([4, 40, 8]), "water on a side");
        assert!(!carves_beside_water_at([8, 45, 8]), "water on the roof");
        assert!(!carves_beside_water_at([8, 35, 8]), "water on the floor");
    }
}
