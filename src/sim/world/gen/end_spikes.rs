//! The End's ten obsidian pillars (1.16.5's `SpikeFeature`): evenly round
//! a circle of radius 42 about the origin, each pillar `i` of a shuffled
//! 0–9 (`Collections.shuffle` with a `java.util.Random` seeded from the
//! world seed's `nextLong() & 0xFFFF`) is 76 + 3·i high with radius
//! 2 + i/3; the two thinnest (i = 1, 2) stand in iron-bar cages. Each is
//! topped by a bedrock block, on which the dragon fight sets an end
//! crystal.

use super::blueprint::{Blueprint, Fill};
use crate::sim::enchanting::java_random::JavaRandom;
use crate::sim::world::BlockPos;

/// Pillars round the circle.
pub const COUNT: usize = 10;
/// The circle's radius.
const CIRCLE: f64 = 42.0;
/// Above this height a pillar's box is cleared to air around it.
const CLEAR_ABOVE: i32 = 65;

/// One pillar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spike {
    pub x: i32,
    pub z: i32,
    pub radius: i32,
    /// Its top: obsidian below this y, bedrock at it.
    pub height: i32,
    /// Caged in iron bars.
    pub guarded: bool,
}

/// The ten pillars of a world, in vanilla's order round the circle.
pub fn spikes(seed: u64) -> [Spike; COUNT] {
    let key = JavaRandom::new(seed as i64).next_long() & 0xFFFF;
    let mut order: [i32; COUNT] = std::array::from_fn(|i| i as i32);
    let mut random = JavaRandom::new(key);
    for i in (1..COUNT).rev() {
        let j = random.next_below(i as i32 + 1) as usize;
        order.swap(i, j);
    }
    std::array::from_fn(|i| {
        let angle = 2.0 * (-std::f64::consts::PI + std::f64::consts::PI / 10.0 * i as f64);
        let n = order[i];
        Spike {
            x: (CIRCLE * angle.cos()).floor() as i32,
            z: (CIRCLE * angle.sin()).floor() as i32,
            radius: 2 + n / 3,
            height: 76 + n * 3,
            guarded: n == 1 || n == 2,
        }
    })
}

impl Spike {
    /// Where its end crystal stands: on the bedrock at its top.
    pub fn crystal_feet(&self) -> [f64; 3] {
        [
            f64::from(self.x) + 0.5,
            f64::from(self.height + 1),
            f64::from(self.z) + 0.5,
        ]
    }

    /// The bedrock cell the crystal stands on.
    pub fn top(&self) -> BlockPos {
        [self.x, self.height, self.z]
    }

    /// `SpikeFeature.placeSpike`: an obsidian disc column from the bottom
    /// of the world to its height, air around it above y 65, its cage and
    /// the bedrock on top.
    pub fn blueprint(&self) -> Blueprint {
        let mut plan = Blueprint::default();
        let r = self.radius;
        for dz in -r..=r {
            for dx in -r..=r {
                let (x, z) = (self.x + dx, self.z + dz);
                if dx * dx + dz * dz <= r * r + 1 {
                    plan.fill([x, 0, z], [x, self.height - 1, z], Fill::block("obsidian"));
                    plan.fill(
                        [x, self.height, z],
                        [x, self.height + 10, z],
                        Fill::block("air"),
                    );
                } else {
                    plan.fill(
                        [x, CLEAR_ABOVE + 1, z],
                        [x, self.height + 10, z],
                        Fill::block("air"),
                    );
                }
            }
        }
        if self.guarded {
            for dy in 0..=3 {
                for dz in -2..=2_i32 {
                    for dx in -2..=2_i32 {
                        if dx.abs() == 2 || dz.abs() == 2 || dy == 3 {
                            let at = [self.x + dx, self.height + dy, self.z + dz];
                            plan.put(at, Fill::block("iron_bars"));
                        }
                    }
                }
            }
        }
        plan.put(self.top(), Fill::block("bedrock"));
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_pillars_of_every_height_round_a_circle_with_two_caged() {
        for seed in [0, 5, 99] {
            let spikes = spikes(seed);
            let mut heights: Vec<i32> = spikes.iter().map(|s| s.height).collect();
            heights.sort_unstable();
            assert_eq!(heights, (0..10).map(|i| 76 + 3 * i).collect::<Vec<_>>());
            assert_eq!(spikes.iter().filter(|s| s.guarded).count(), 2);
            for s in spikes {
                let d = f64::from(s.x * s.x + s.z * s.z).sqrt();
                assert!((40.0..=43.0).contains(&d), "{s:?}");
                assert_eq!(s.radius, 2 + (s.height - 76) / 9);
                assert_eq!(s.guarded, s.radius == 2 && s.height > 76);
            }
        }
        assert_ne!(spikes(0), spikes(5), "the seed shuffles them");
    }
}
