//! Strongholds: where the first ring of three lies (1.16.5's
//! `ChunkGenerator.generateStrongholds`: a `java.util.Random` of the seed
//! picks a starting angle, then each of the three sits 4·32 chunks out,
//! give or take 40, a third of a turn from the last — 1408 to 2688
//! blocks from the origin), the pure queries [`strongholds`] and
//! [`nearest_stronghold`], and the structure itself: a start room,
//! corridors and a crossing room of stone bricks (cracked, mossy and
//! infested ones mixed in as vanilla's `StrongholdStones` picks them), and
//! the portal room with vanilla's layout — lava pools, iron-bar windows,
//! stairs up to a silverfish spawner, and twelve end portal frames facing
//! inward around a 3×3 hole over lava, each holding an eye one time in ten.
//!
//! Not modelled: vanilla's biome nudge of each position, the rings past
//! the first, and the random piece graph (libraries, prisons, spiral
//! stairs); the spawner stands but spawns nothing, and infested bricks
//! hold no silverfish.

use super::blueprint::{Blueprint, Fill};
use super::noise::{hash3, subseed, unit};
use crate::sim::enchanting::java_random::JavaRandom;
use crate::sim::registry::block;
use crate::sim::world::{BlockPos, BlockState, Facing};

/// Strongholds in the first ring.
pub const FIRST_RING: usize = 3;
/// Vanilla's stronghold `distance`, in chunks.
const DISTANCE: f64 = 32.0;
/// The lowest and highest floor of a stronghold's rooms.
const FLOOR_Y: (i32, i32) = (16, 40);
/// A frame holds an eye when its roll is at least this (`nextFloat() > 0.9`).
const EYE_ROLL: f64 = 0.9;
/// The walls' stones: cumulative chances, as `StrongholdStones` picks them.
const STONES: &[(f64, &str)] = &[
    (0.2, "cracked_stone_bricks"),
    (0.5, "mossy_stone_bricks"),
    (0.55, "infested_stone_bricks"),
    (1.0, "stone_bricks"),
];

/// One stronghold of a world.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stronghold {
    /// The start chunk (what `/locate` and eyes of ender lead to).
    pub chunk: (i32, i32),
    /// The floor of its rooms, at the start chunk's centre.
    origin: BlockPos,
    /// The way its corridors run from the start room to the portal room.
    forward: Facing,
    key: u64,
}

/// The first ring's strongholds of a world, in vanilla's order.
pub fn strongholds(seed: u64) -> [Stronghold; FIRST_RING] {
    let mut random = JavaRandom::new(seed as i64);
    let mut angle = random.next_double() * std::f64::consts::PI * 2.0;
    std::array::from_fn(|_| {
        let distance = 4.0 * DISTANCE + (random.next_double() - 0.5) * DISTANCE * 2.5;
        let chunk = (
            (angle.cos() * distance + 0.5).floor() as i32,
            (angle.sin() * distance + 0.5).floor() as i32,
        );
        angle += std::f64::consts::PI * 2.0 / FIRST_RING as f64;
        Stronghold::at(seed, chunk)
    })
}

/// The stronghold whose start is nearest to block column (x, z).
pub fn nearest_stronghold(seed: u64, x: i32, z: i32) -> Stronghold {
    let [first, rest @ ..] = strongholds(seed);
    rest.into_iter().fold(first, |best, s| {
        if s.distance_sq(x, z) < best.distance_sq(x, z) {
            s
        } else {
            best
        }
    })
}

impl Stronghold {
    fn at(seed: u64, chunk: (i32, i32)) -> Stronghold {
        let key = hash3(subseed(seed, 0x5354_524f), chunk.0, 0, chunk.1);
        let span = (FLOOR_Y.1 - FLOOR_Y.0 + 1) as u64;
        let floor = FLOOR_Y.0 + (key % span) as i32;
        Stronghold {
            chunk,
            origin: [chunk.0 * 16 + 8, floor, chunk.1 * 16 + 8],
            forward: Facing::ALL[((key >> 8) % 4) as usize],
            key,
        }
    }

    /// The start chunk's centre column, at the rooms' floor.
    pub fn start(&self) -> BlockPos {
        self.origin
    }

    fn distance_sq(&self, x: i32, z: i32) -> i64 {
        let d = [self.origin[0] - x, self.origin[2] - z].map(i64::from);
        d[0] * d[0] + d[1] * d[1]
    }

    /// A cell given across (to the right), up and forward from the origin.
    fn cell(&self, across: i32, up: i32, forward: i32) -> BlockPos {
        let f = self.forward.offset();
        let right = [-f[2], 0, f[0]];
        [0, 1, 2].map(|i| self.origin[i] + across * right[i] + forward * f[i] + [0, up, 0][i])
    }

    /// The direction of a step given across and forward.
    fn direction(&self, across: i32, forward: i32) -> Facing {
        let (a, b) = (self.cell(across, 0, forward), self.cell(0, 0, 0));
        Facing::of_offset([a[0] - b[0], 0, a[2] - b[2]]).unwrap_or(self.forward)
    }

    /// The portal room's corner cell in room coordinates (vanilla's
    /// `PortalRoom` box: 11 across, 8 high, 16 long, its door at the near end).
    const PORTAL_ROOM: (i32, i32) = (-5, 50);

    /// A cell of the portal room by vanilla's piece coordinates.
    fn room(&self, x: i32, y: i32, z: i32) -> BlockPos {
        self.cell(Self::PORTAL_ROOM.0 + x, y, Self::PORTAL_ROOM.1 + z)
    }

    /// The centre of the portal's 3×3 inside, at the frames' height.
    pub fn portal_centre(&self) -> BlockPos {
        self.room(5, 3, 10)
    }

    /// The twelve frames with the way each faces (toward the inside).
    pub fn frames(&self) -> [(BlockPos, Facing); 12] {
        let mut frames = [([0; 3], Facing::North); 12];
        for i in 0..3 {
            frames[i] = (self.room(4 + i as i32, 3, 8), self.direction(0, 1));
            frames[3 + i] = (self.room(4 + i as i32, 3, 12), self.direction(0, -1));
            frames[6 + i] = (self.room(3, 3, 9 + i as i32), self.direction(1, 0));
            frames[9 + i] = (self.room(7, 3, 9 + i as i32), self.direction(-1, 0));
        }
        frames
    }

    /// Whether the frame at `pos` was generated holding an eye.
    fn frame_has_eye(&self, pos: BlockPos) -> bool {
        unit(hash3(self.key ^ 0x4559_4553, pos[0], pos[1], pos[2])) >= EYE_ROLL
    }

    fn stones(&self) -> Fill {
        Fill::Mix {
            key: self.key,
            choices: STONES,
        }
    }

    /// A hollow room of stones from (across, up, forward) corner `a` to `b`.
    fn hollow(&self, plan: &mut Blueprint, a: [i32; 3], b: [i32; 3]) {
        plan.fill(
            self.cell(a[0], a[1], a[2]),
            self.cell(b[0], b[1], b[2]),
            self.stones(),
        );
    }

    fn air(&self, plan: &mut Blueprint, a: [i32; 3], b: [i32; 3]) {
        plan.fill(
            self.cell(a[0], a[1], a[2]),
            self.cell(b[0], b[1], b[2]),
            Fill::block("cave_air"),
        );
    }

    /// Every block of the stronghold, as boxes in drawing order.
    pub fn blueprint(&self) -> Blueprint {
        let mut plan = Blueprint::default();
        // Shells: the start room, a corridor, the crossing with its side
        // passages, another corridor; then their insides and the doors.
        self.hollow(&mut plan, [-5, 0, -5], [5, 8, 5]);
        self.hollow(&mut plan, [-2, 0, 5], [2, 4, 24]);
        self.hollow(&mut plan, [-5, 0, 24], [5, 7, 34]);
        self.hollow(&mut plan, [-14, 0, 27], [14, 4, 31]);
        self.hollow(&mut plan, [-2, 0, 34], [2, 4, 50]);
        self.air(&mut plan, [-4, 1, -4], [4, 7, 4]);
        self.air(&mut plan, [-13, 1, 28], [13, 3, 30]);
        self.air(&mut plan, [-4, 1, 25], [4, 6, 33]);
        self.air(&mut plan, [-1, 1, 5], [1, 3, 24]);
        self.air(&mut plan, [-1, 1, 34], [1, 3, 50]);
        for (across, forward) in [(-4, 25), (4, 25), (-4, 33), (4, 33)] {
            plan.put(self.cell(across, 1, forward), Fill::block("torch"));
        }
        self.portal_room(&mut plan);
        plan
    }

    /// `StrongholdPieces.PortalRoom.postProcess`, by its piece coordinates.
    fn portal_room(&self, plan: &mut Blueprint) {
        let stones = self.stones();
        let lava = Fill::block("lava");
        let bars = Fill::block("iron_bars");
        let mut fill = |a: [i32; 3], b: [i32; 3], fill: Fill| {
            plan.fill(
                self.room(a[0], a[1], a[2]),
                self.room(b[0], b[1], b[2]),
                fill,
            );
        };
        fill([0, 0, 0], [10, 7, 15], stones);
        fill([1, 1, 1], [9, 6, 14], Fill::block("cave_air"));
        fill([4, 1, 0], [6, 3, 0], Fill::block("cave_air"));
        for (a, b) in [
            ([1, 6, 1], [1, 6, 14]),
            ([9, 6, 1], [9, 6, 14]),
            ([2, 6, 1], [8, 6, 2]),
            ([2, 6, 14], [8, 6, 14]),
            ([1, 1, 1], [2, 1, 4]),
            ([8, 1, 1], [9, 1, 4]),
        ] {
            fill(a, b, stones);
        }
        fill([1, 1, 1], [1, 1, 3], lava);
        fill([9, 1, 1], [9, 1, 3], lava);
        fill([3, 1, 8], [7, 1, 12], stones);
        fill([4, 1, 9], [6, 1, 11], lava);
        for z in (3..14).step_by(2) {
            fill([0, 3, z], [0, 4, z], bars);
            fill([10, 3, z], [10, 4, z], bars);
        }
        for x in (2..9).step_by(2) {
            fill([x, 3, 15], [x, 4, 15], bars);
        }
        fill([4, 1, 5], [6, 1, 7], stones);
        fill([4, 2, 6], [6, 2, 7], stones);
        fill([4, 3, 7], [6, 3, 7], stones);
        let stairs = Fill::Block(
            block("stone_brick_stairs"),
            BlockState::default().with_facing(self.forward.opposite()),
        );
        for x in 4..=6 {
            for step in 0..3 {
                fill([x, 1 + step, 4 + step], [x, 1 + step, 4 + step], stairs);
            }
        }
        let frames = self.frames();
        for (pos, facing) in frames {
            let state = BlockState::default()
                .with_facing(facing)
                .with_eye(self.frame_has_eye(pos));
            plan.put(pos, Fill::Block(block("end_portal_frame"), state));
        }
        if frames.iter().all(|&(pos, _)| self.frame_has_eye(pos)) {
            let c = self.portal_centre();
            plan.fill(
                [c[0] - 1, c[1], c[2] - 1],
                [c[0] + 1, c[1], c[2] + 1],
                Fill::block("end_portal"),
            );
        }
        plan.put(self.room(5, 3, 6), Fill::block("spawner"));
    }
}

/// Every stronghold of the first ring, with its blueprint, for a generator.
pub struct Strongholds {
    plans: Vec<Blueprint>,
}

impl Strongholds {
    pub fn new(seed: u64) -> Strongholds {
        Strongholds {
            plans: strongholds(seed)
                .iter()
                .map(Stronghold::blueprint)
                .collect(),
        }
    }

    /// Draws the parts of strongholds that reach into chunk (cx, cz).
    pub fn build(&self, chunk: &mut crate::sim::world::Chunk, cx: i32, cz: i32) {
        for plan in self.plans.iter().filter(|p| p.touches(cx, cz)) {
            plan.draw(chunk, cx, cz);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::world::World;

    #[test]
    fn the_first_ring_lies_1280_to_2816_blocks_out_a_third_of_a_turn_apart() {
        for seed in [0, 1, 42, 123_456_789] {
            let ring = strongholds(seed);
            let angles: Vec<f64> = ring
                .iter()
                .map(|s| {
                    let [x, _, z] = s.start();
                    let d = f64::from(x * x + z * z).sqrt();
                    assert!((1280.0..=2816.0).contains(&d), "seed {seed}: {d}");
                    f64::from(z).atan2(f64::from(x))
                })
                .collect();
            for pair in [(0, 1), (1, 2)] {
                let turn = (angles[pair.1] - angles[pair.0]).rem_euclid(std::f64::consts::TAU);
                assert!((turn - std::f64::consts::TAU / 3.0).abs() < 0.1, "{turn}");
            }
            let near = ring[1].start();
            assert_eq!(nearest_stronghold(seed, near[0] + 5, near[2]), ring[1]);
        }
    }

    #[test]
    fn the_portal_room_has_twelve_inward_frames_around_a_hole_over_lava() {
        let seed = 7;
        let stronghold = strongholds(seed)[0];
        let mut world = World::new(seed);
        let centre = stronghold.portal_centre();
        world.chunk_mut(centre[0] >> 4, centre[2] >> 4);
        let frames = stronghold.frames();
        let mut eyes = 0;
        for (pos, facing) in frames {
            world.chunk_mut(pos[0] >> 4, pos[2] >> 4);
            assert_eq!(world.get(pos), block("end_portal_frame"), "{pos:?}");
            let state = world.state(pos);
            assert_eq!(state.facing(), facing);
            let inward = [pos[0] + facing.offset()[0], pos[2] + facing.offset()[2]];
            let closer = (inward[0] - centre[0]).abs() + (inward[1] - centre[2]).abs()
                < (pos[0] - centre[0]).abs() + (pos[2] - centre[2]).abs();
            assert!(closer, "{pos:?} faces {facing:?}, away from {centre:?}");
            eyes += usize::from(state.has_eye());
        }
        assert!(eyes < 12);
        assert_eq!(world.get(centre), block("cave_air"), "the hole is open");
        assert_eq!(
            world.get([centre[0], centre[1] - 2, centre[2]]),
            block("lava")
        );
        let all_eyes: usize = [0, 1, 2, 3, 4, 5, 6, 7]
            .iter()
            .flat_map(|&s| strongholds(s))
            .flat_map(|s| s.frames().map(|(pos, _)| usize::from(s.frame_has_eye(pos))))
            .sum();
        assert!(
            (10..=60).contains(&all_eyes),
            "about one in ten of 288: {all_eyes}"
        );
    }
}
