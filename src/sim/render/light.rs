//! Sky light and block light for one chunk column, the way Minecraft
//! spreads them: sky light 15 falls straight down through clear blocks and
//! both kinds spread one level weaker per step (filtering blocks such as
//! leaves and water take one more), stopped by opaque blocks.
//!
//! The flood runs over the chunk plus an 8-block margin taken from its
//! neighbours, so light crosses chunk borders; emitters further away than
//! the margin are not seen (their light would be weak by then).

use std::collections::VecDeque;

use super::area::Area;
use super::assets::{BlockVisual, LightClass};
use crate::sim::world::HEIGHT;

const MARGIN: i32 = 8;
const SIDE: i32 = 16 + 2 * MARGIN;

/// Light levels around one chunk column, packed `sky << 4 | block`.
pub struct ChunkLight {
    /// World x, z of the region's first cell.
    x0: i32,
    z0: i32,
    /// Cells above this height see the sky fully.
    height: i32,
    cells: Vec<u8>,
}

#[inline]
fn index(x: i32, y: i32, z: i32) -> usize {
    ((y * SIDE + z) * SIDE + x) as usize
}

impl ChunkLight {
    pub fn compute(area: &Area, visuals: &[BlockVisual]) -> ChunkLight {
        let height = (area.top() + 1).min(HEIGHT);
        let (x0, z0) = (area.cx * 16 - MARGIN, area.cz * 16 - MARGIN);
        let cells_len = (SIDE * SIDE * height) as usize;
        let mut class = vec![LightClass::Clear; cells_len];
        let mut cells = vec![0u8; cells_len];
        let mut block_queue = VecDeque::new();
        // Lowest y that still has full sky light, per column.
        let mut open_from = vec![0i32; (SIDE * SIDE) as usize];
        for z in 0..SIDE {
            for x in 0..SIDE {
                let mut sky = 15u8;
                for y in (0..height).rev() {
                    let visual = &visuals[area.get(x0 + x, y, z0 + z).0 as usize];
                    let i = index(x, y, z);
                    class[i] = visual.light_class;
                    sky = match visual.light_class {
                        LightClass::Clear => sky,
                        LightClass::Filter => sky.saturating_sub(1),
                        LightClass::Opaque => 0,
                    };
                    if sky == 15 {
                        open_from[(z * SIDE + x) as usize] = y;
                    }
                    cells[i] = sky << 4 | visual.light;
                    if visual.light > 1 {
                        block_queue.push_back(i as u32);
                    }
                }
            }
        }
        // Sky light spreads sideways only where a neighbouring column is darker.
        let mut sky_queue = VecDeque::new();
        for z in 0..SIDE {
            for x in 0..SIDE {
                let neighbour_open = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                    .iter()
                    .map(|(dx, dz)| ((x + dx).clamp(0, SIDE - 1), (z + dz).clamp(0, SIDE - 1)))
                    .map(|(nx, nz)| open_from[(nz * SIDE + nx) as usize])
                    .max()
                    .unwrap_or(0);
                for y in 0..height {
                    let i = index(x, y, z);
                    let sky = cells[i] >> 4;
                    if sky > 1 && (sky < 15 || y < neighbour_open) {
                        sky_queue.push_back(i as u32);
                    }
                }
            }
        }
        spread(&mut cells, &class, height, sky_queue, 4);
        spread(&mut cells, &class, height, block_queue, 0);
        ChunkLight {
            x0,
            z0,
            height,
            cells,
        }
    }

    /// (sky, block) light at world coordinates within one block of the chunk.
    #[inline]
    pub fn at(&self, x: i32, y: i32, z: i32) -> (u8, u8) {
        if y >= self.height {
            return (15, 0);
        }
        if y < 0 {
            return (0, 0);
        }
        let (lx, lz) = (
            (x - self.x0).clamp(0, SIDE - 1),
            (z - self.z0).clamp(0, SIDE - 1),
        );
        let c = self.cells[index(lx, y, lz)];
        (c >> 4, c & 15)
    }

    /// A hash of the light within one block of section `sy` (the light
    /// its mesh reads), so a mesh survives relighting that left it alone.
    pub fn section_print(&self, sy: i32) -> u64 {
        let (x0, z0) = (self.x0 + MARGIN, self.z0 + MARGIN);
        let mut h = 0xCBF2_9CE4_8422_2325u64;
        for y in sy * 16 - 1..sy * 16 + 17 {
            for z in z0 - 1..z0 + 17 {
                for x in x0 - 1..x0 + 17 {
                    let (sky, block) = self.at(x, y, z);
                    h = (h ^ u64::from(sky << 4 | block)).wrapping_mul(0x0000_0100_0000_01B3);
                }
            }
        }
        h
    }
}

/// Breadth-first spread of the 4-bit level at `shift` from the queued cells.
fn spread(
    cells: &mut [u8],
    class: &[LightClass],
    height: i32,
    mut queue: VecDeque<u32>,
    shift: u32,
) {
    let level = |c: u8| (c >> shift) & 15;
    while let Some(i) = queue.pop_front() {
        let i = i as i32;
        let here = level(cells[i as usize]);
        let (x, z, y) = (i % SIDE, i / SIDE % SIDE, i / (SIDE * SIDE));
        let neighbours = [
            (x > 0, -1),
            (x < SIDE - 1, 1),
            (z > 0, -SIDE),
            (z < SIDE - 1, SIDE),
            (y > 0, -SIDE * SIDE),
            (y < height - 1, SIDE * SIDE),
        ];
        for (inside, offset) in neighbours {
            if !inside {
                continue;
            }
            let j = (i + offset) as usize;
            let cost = match class[j] {
                LightClass::Opaque => continue,
                LightClass::Filter => 2,
                LightClass::Clear => 1,
            };
            let new = here.saturating_sub(cost);
            if new > level(cells[j]) {
                cells[j] = (cells[j] & !(15 << shift)) | (new << shift);
                if new > 1 {
                    queue.push_back(j as u32);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::block;
    use crate::sim::render::assets::assets;
    use crate::sim::world::World;

    #[test]
    fn roofs_shade_and_torches_light_up() {
        let mut world = World::new(1);
        world.chunk_mut(0, 0);
        // A stone roof over (2..7, 70, 2..7) and a torch far below it in a closed box.
        for x in 0..10 {
            for z in 0..10 {
                world.set([x, 70, z], block("stone"));
            }
        }
        let light = ChunkLight::compute(&Area::new(&world, 0, 0), &assets().blocks);
        assert_eq!(light.at(5, 71, 5).0, 15);
        let under = light.at(5, 69, 5).0;
        assert!(under < 15 && under > 5, "under roof {under}");
        assert_eq!(light.at(12, 69, 12).0, 15);
        assert_eq!(light.at(5, 69, 5).1, 0);
        world.set([5, 66, 5], block("torch"));
        let light = ChunkLight::compute(&Area::new(&world, 0, 0), &assets().blocks);
        assert_eq!(light.at(5, 66, 5).1, 14);
        assert_eq!(light.at(5, 66, 7).1, 12);
        // Underground, inside stone: nothing.
        assert_eq!(light.at(5, 30, 5), (0, 0));
    }
}
