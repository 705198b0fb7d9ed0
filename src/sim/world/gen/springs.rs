//! Springs: single fluid sources set in rock walls, 1.16.5's
//! `SpringFeature`, for the overworld's caves and cliffs and the Nether's
//! walls alike. A spring goes where the block above is rock (and the
//! block below too when the kind asks for it), the cell itself is air or
//! rock, and among its four sides and the block below exactly
//! `rock_count` are rock and exactly `hole_count` air. The source is left
//! to flow at once: the chunk lists it ([`Chunk::flow_at_once`]) and the
//! world notifies it when the chunk joins the world.
//!
//! The overworld has `spring_water` (50 tries a chunk at a biased height,
//! `nextInt(nextInt(248) + 8)`, in stone, granite, diorite and andesite)
//! and `spring_lava` (20 tries at a very biased height,
//! `nextInt(nextInt(nextInt(240) + 8) + 8)`), both needing rock below.
//! Every test reads this chunk only, so a spring whose neighbours lie
//! across a chunk border is not placed (vanilla would look next door):
//! chunks stay a pure function of the seed and their coordinates.

use super::local_block;
use super::noise::{subseed, Rng};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::Chunk;

/// One kind of spring (`SpringConfiguration`).
pub struct Spring {
    pub fluid: &'static str,
    /// The blocks that count as rock around it.
    pub rock: &'static [&'static str],
    pub requires_below: bool,
    pub rock_count: usize,
    pub hole_count: usize,
}

/// How a kind's tries draw their heights.
#[derive(Clone, Copy)]
pub enum Height {
    /// `range_biased` (bottom offset, top offset, maximum).
    Biased(u32, u32, u32),
    /// `range_very_biased` (bottom offset, top offset, maximum).
    VeryBiased(u32, u32, u32),
    /// Uniform in `min..min + span`.
    Uniform(i32, u32),
}

impl Height {
    pub fn draw(self, rng: &mut Rng) -> i32 {
        match self {
            Height::Biased(bottom, top, max) => {
                let bound = rng.below(max - top) + bottom;
                rng.below(bound) as i32
            }
            Height::VeryBiased(bottom, top, max) => {
                let inner = rng.below(max - top) + bottom;
                let bound = rng.below(inner) + bottom;
                rng.below(bound) as i32
            }
            Height::Uniform(min, span) => min + rng.below(span) as i32,
        }
    }
}

const OVERWORLD_ROCK: &[&str] = &["stone", "granite", "diorite", "andesite"];

/// `spring_water`'s configuration.
pub const WATER: Spring = Spring {
    fluid: "water",
    rock: OVERWORLD_ROCK,
    requires_below: true,
    rock_count: 4,
    hole_count: 1,
};

/// `spring_lava`'s configuration.
pub const LAVA: Spring = Spring {
    fluid: "lava",
    rock: OVERWORLD_ROCK,
    requires_below: true,
    rock_count: 4,
    hole_count: 1,
};

/// The overworld's springs per chunk: kind, tries, heights.
const OVERWORLD: &[(&Spring, u32, Height)] = &[
    (&WATER, 50, Height::Biased(8, 8, 256)),
    (&LAVA, 20, Height::VeryBiased(8, 16, 256)),
];

/// Places `spring` at `at` (chunk-local) if the rock there allows it;
/// returns whether it did.
pub fn place(chunk: &mut Chunk, spring: &Spring, at: [i32; 3]) -> bool {
    let is_rock =
        |id: Option<BlockId>| id.is_some_and(|id| spring.rock.iter().any(|&r| block(r) == id));
    let around = |d: [i32; 3]| local_block(chunk, [at[0] + d[0], at[1] + d[1], at[2] + d[2]]);
    if !is_rock(around([0, 1, 0])) || (spring.requires_below && !is_rock(around([0, -1, 0]))) {
        return false;
    }
    let here = local_block(chunk, at);
    if !(here == Some(BlockId::AIR) || is_rock(here)) {
        return false;
    }
    let cells = [[-1, 0, 0], [1, 0, 0], [0, 0, -1], [0, 0, 1], [0, -1, 0]].map(around);
    let rock = cells.iter().filter(|&&id| is_rock(id)).count();
    let holes = cells.iter().filter(|&&id| id == Some(BlockId::AIR)).count();
    if rock != spring.rock_count || holes != spring.hole_count {
        return false;
    }
    let [x, y, z] = at.map(|c| c as usize);
    chunk.set(x, y, z, block(spring.fluid));
    chunk.flow_at_once(x, y, z);
    true
}

/// Places the overworld's water and lava springs.
pub struct Springs {
    key: u64,
}

impl Springs {
    pub fn new(seed: u64) -> Springs {
        Springs {
            key: subseed(seed, 0x5350_5247),
        }
    }

    pub fn place(&self, chunk: &mut Chunk, cx: i32, cz: i32) {
        let mut rng = Rng::at(self.key, cx, 0, cz);
        for &(spring, tries, height) in OVERWORLD {
            for _ in 0..tries {
                let x = rng.below(16) as i32;
                let z = rng.below(16) as i32;
                let y = height.draw(&mut rng);
                place(chunk, spring, [x, y, z]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::world::gen::{Biome, Generator};

    fn rock_chunk() -> Chunk {
        let mut chunk = Chunk::new(Biome::Plains);
        for y in 1..40 {
            for z in 0..16 {
                for x in 0..16 {
                    chunk.set(x, y, z, block("stone"));
                }
            }
        }
        chunk
    }

    fn dig(chunk: &mut Chunk, cells: &[[usize; 3]]) {
        for &[x, y, z] in cells {
            chunk.set(x, y, z, BlockId::AIR);
        }
    }

    #[test]
    fn a_spring_needs_rock_round_it_and_exactly_one_opening() {
        let mut chunk = rock_chunk();
        // A tunnel along x at y 20, z 8: its wall cells at z 9 have one
        // open side; a cell at its end has the tunnel on one side too.
        dig(&mut chunk, &(2..12).map(|x| [x, 20, 8]).collect::<Vec<_>>());
        assert!(place(&mut chunk, &WATER, [5, 20, 9]), "a wall");
        assert_eq!(chunk.get(5, 20, 9), block("water"));
        assert_eq!(chunk.flows, vec![[5, 20, 9]]);
        assert!(!place(&mut chunk, &WATER, [5, 25, 9]), "no opening");
        assert!(!place(&mut chunk, &WATER, [6, 20, 8]), "open on two sides");
        assert!(
            !place(&mut chunk, &WATER, [5, 21, 8]),
            "open below, rock needed"
        );
        assert!(!place(&mut chunk, &WATER, [5, 50, 5]), "in the air");
        // Across a chunk border the neighbours are unknown: no spring.
        dig(&mut chunk, &[[1, 30, 0]]);
        assert!(!place(&mut chunk, &WATER, [0, 30, 0]));
        // Dirt is not rock.
        dig(&mut chunk, &[[8, 10, 4]]);
        chunk.set(8, 11, 5, block("dirt"));
        assert!(!place(&mut chunk, &LAVA, [8, 10, 5]));
        chunk.set(8, 11, 5, block("andesite"));
        assert!(place(&mut chunk, &LAVA, [8, 10, 5]));
        assert_eq!(chunk.get(8, 10, 5), block("lava"));
    }

    #[test]
    fn the_biased_heights_favour_the_depths() {
        let mut rng = Rng::new(1);
        let draws = |height: Height, rng: &mut Rng| -> Vec<i32> {
            (0..10_000).map(|_| height.draw(rng)).collect()
        };
        let water = draws(Height::Biased(8, 8, 256), &mut rng);
        let lava = draws(Height::VeryBiased(8, 16, 256), &mut rng);
        assert!(water.iter().all(|y| (0..255).contains(y)));
        assert!(lava.iter().all(|y| (0..254).contains(y)));
        let below = |ys: &[i32], top: i32| ys.iter().filter(|&&y| y < top).count();
        // nextInt(nextInt(248) + 8) is under 64 about 60% of the time.
        assert!(
            (5_500..6_700).contains(&below(&water, 64)),
            "{}",
            below(&water, 64)
        );
        assert!(below(&lava, 32) > below(&water, 32));
    }

    #[test]
    fn generated_chunks_have_springs_only_where_the_rule_holds() {
        let generator = Generator::new(12345);
        let (mut water, mut lava) = (0, 0);
        for cz in -3..3 {
            for cx in -3..3 {
                let chunk = generator.chunk(cx, cz);
                for &[x, y, z] in &chunk.flows {
                    let at = [i32::from(x), i32::from(y), i32::from(z)];
                    let here = local_block(&chunk, at).unwrap();
                    let spring = if here == block("water") {
                        &WATER
                    } else {
                        &LAVA
                    };
                    let above = local_block(&chunk, [at[0], at[1] + 1, at[2]]);
                    assert!(above.is_some_and(|id| OVERWORLD_ROCK.iter().any(|&r| block(r) == id)));
                    let mut probe = chunk.clone();
                    probe.set(x.into(), y.into(), z.into(), BlockId::AIR);
                    assert!(place(&mut probe, spring, at), "{cx} {cz} {at:?}");
                    if spring.fluid == "water" {
                        water += 1;
                    } else {
                        lava += 1;
                    }
                }
            }
        }
        // A wall cell open on exactly one side is rare in these caves, and
        // lava springs tried mostly below y 11 meet caves full of lava.
        assert!(water >= 4, "water {water}, lava {lava} in 36 chunks");
    }
}
