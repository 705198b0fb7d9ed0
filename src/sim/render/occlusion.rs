//! Which sections can be seen at all, the way Minecraft culls chunks:
//! each section records which of its six sides are connected through cells
//! that do not hide their neighbours, and each frame a breadth-first walk
//! from the eye's section crosses only connected sides, never turns back
//! toward the eye, and stays in the view frustum. Caves and ground that
//! no line of sight can reach are skipped before any of their faces are
//! projected.

use std::collections::VecDeque;

use super::area::Area;
use super::assets::BlockVisual;
use super::cube::{FACES, NORMALS};

/// For each pair of sides (6 × 6 bits), whether they are connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Links(u64);

impl Links {
    /// Every side reaches every other (an empty section).
    pub const ALL: Links = Links((1 << (FACES * FACES)) - 1);

    #[inline]
    pub fn connects(self, from: usize, to: usize) -> bool {
        self.0 >> (from * FACES + to) & 1 == 1
    }

    /// The connections of section `sy` of the area's centre chunk.
    pub fn of_section(area: &Area, visuals: &[BlockVisual], sy: i32) -> Links {
        let (bx, by, bz) = (area.cx * 16, sy * 16, area.cz * 16);
        let index = |[x, y, z]: [i32; 3]| ((y * 16 + z) * 16 + x) as usize;
        let mut closed: Vec<bool> = (0..4096)
            .map(|i| {
                let (x, y, z) = (i % 16, i / 256, i / 16 % 16);
                visuals[area.get(bx + x, by + y, bz + z).0 as usize].occludes()
            })
            .collect();
        let mut links = 0u64;
        let mut queue = VecDeque::new();
        for start in 0..4096 {
            if closed[start] {
                continue;
            }
            closed[start] = true;
            queue.push_back(start as i32);
            let mut sides = 0u8;
            while let Some(i) = queue.pop_front() {
                let cell = [i % 16, i / 256, i / 16 % 16];
                for (face, n) in NORMALS.iter().enumerate() {
                    let next: [i32; 3] = std::array::from_fn(|a| cell[a] + n[a]);
                    if next.iter().any(|&c| !(0..16).contains(&c)) {
                        sides |= 1 << face;
                    } else if !closed[index(next)] {
                        closed[index(next)] = true;
                        queue.push_back(index(next) as i32);
                    }
                }
            }
            for from in 0..FACES {
                if sides >> from & 1 == 1 {
                    links |= u64::from(sides) << (from * FACES);
                }
            }
        }
        Links(links)
    }
}

/// A section position: chunk x, section y, chunk z.
pub type SectionPos = (i32, i32, i32);

/// The sections reachable from `eye` by lines of sight, in a fixed order.
/// `links` gives a section's connections (`None` for positions outside the
/// walk: too far, outside the world or outside the frustum).
pub fn reachable(eye: SectionPos, links: impl Fn(SectionPos) -> Option<Links>) -> Vec<SectionPos> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    let mut queue = VecDeque::new();
    // (section, side it was entered through, directions taken so far)
    queue.push_back((eye, None::<usize>, 0u8));
    seen.insert(eye);
    while let Some((pos, entered, taken)) = queue.pop_front() {
        let Some(own) = links(pos) else {
            continue;
        };
        out.push(pos);
        for (dir, n) in NORMALS.iter().enumerate() {
            let back = dir ^ 1;
            if taken >> back & 1 == 1 {
                continue;
            }
            if entered.is_some_and(|side| !own.connects(side, dir)) {
                continue;
            }
            let next = (pos.0 + n[0], pos.1 + n[1], pos.2 + n[2]);
            if seen.insert(next) {
                queue.push_back((next, Some(back), taken | 1 << dir));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::block;
    use crate::sim::render::assets::assets;
    use crate::sim::world::World;

    #[test]
    fn a_sealed_room_connects_nothing_an_open_tunnel_connects_its_ends() {
        let mut world = World::new(5);
        world.chunk_mut(0, 0);
        for x in 0..16 {
            for y in 32..48 {
                for z in 0..16 {
                    world.set([x, y, z], block("stone"));
                }
            }
        }
        let visuals = &assets().blocks;
        let links = Links::of_section(&Area::new(&world, 0, 0), visuals, 2);
        assert_eq!(links, Links(0));
        // A tunnel along z through the middle: north and south connect, nothing else.
        for z in 0..16 {
            world.set([8, 40, z], block("air"));
        }
        let links = Links::of_section(&Area::new(&world, 0, 0), visuals, 2);
        assert!(links.connects(2, 3) && links.connects(3, 2));
        assert!(!links.connects(0, 1) && !links.connects(2, 4));
    }

    #[test]
    fn the_walk_stops_at_closed_sections() {
        // A column of sections: the eye at y 5, sections below 3 are solid.
        let links = |(x, y, z): SectionPos| {
            if x != 0 || z != 0 || !(0..8).contains(&y) {
                None
            } else if y < 3 {
                Some(Links(0))
            } else {
                Some(Links::ALL)
            }
        };
        let mut seen = reachable((0, 5, 0), links);
        seen.sort();
        // Section 2 is reached (its top face can be seen), 1 and 0 are not.
        assert_eq!(
            seen,
            vec![
                (0, 2, 0),
                (0, 3, 0),
                (0, 4, 0),
                (0, 5, 0),
                (0, 6, 0),
                (0, 7, 0)
            ]
        );
    }
}
