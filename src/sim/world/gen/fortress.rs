//! Nether fortresses: where they stand and what they are made of.
//!
//! Placement follows 1.16.5's nether structure grid: the Nether is cut into
//! regions of 27×27 chunks; each region holds one nether structure, in a
//! chunk drawn from its first 23×23 (spacing 27, separation 4), and it is a
//! fortress 2 times in 5 (else a bastion remnant, which is not built here).
//!
//! A fortress is a plain version of vanilla's piece-by-piece layout: a
//! 19×19 bridge crossing with four nether-brick bridges (5 wide, fenced,
//! held up by pillars down to the ground) running 19–57 blocks out; at
//! their ends a blaze spawner's throne (raised by stairs, fenced), a
//! nether wart room (soul sand beds, a loot chest), sometimes a second
//! throne or a chest. [`fortress_near`] gives the layout as a pure
//! function of the seed, for the game (spawner and chest contents) and
//! for scripts that plan a route.

use super::noise::{subseed, Rng};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::{BlockPos, BlockState, Chunk, Facing};

/// Chunks per side of a nether structure region.
const SPACING: i32 = 27;
/// The structure's chunk is drawn from the first `SPACING - SEPARATION`.
const SEPARATION: i32 = 4;
/// Regions whose structure is a fortress: `rng.below(5) < FORTRESS_IN_FIVE`.
const FORTRESS_IN_FIVE: u32 = 2;
/// The loot table of fortress chests.
pub const CHEST_LOOT: &str = "chests/nether_bridge";
/// Farthest a fortress's blocks reach from its centre.
const REACH: i32 = 9 + 57 + 13;
/// Half the width of a bridge deck.
const HALF_DECK: i32 = 2;
/// One bridge segment's length.
const SEGMENT: i32 = 19;

/// One building step of a fortress, in world coordinates.
#[derive(Debug, Clone, Copy)]
enum Op {
    /// Fills the box from `min` to `max` (inclusive).
    Fill {
        min: BlockPos,
        max: BlockPos,
        block: BlockId,
    },
    /// One block in a state.
    Set {
        at: BlockPos,
        block: BlockId,
        state: BlockState,
    },
    /// Nether bricks from `top` down to the first solid block (a pillar).
    Pillar { top: BlockPos },
}

/// A fortress's layout.
#[derive(Debug, Clone)]
pub struct Fortress {
    /// The middle of the bridge crossing's deck (the block walked on).
    pub centre: BlockPos,
    /// The blaze spawners.
    pub spawners: Vec<BlockPos>,
    /// The loot chests ([`CHEST_LOOT`]).
    pub chests: Vec<BlockPos>,
    ops: Vec<Op>,
}

/// Finds and lays out the fortresses of one seed.
pub struct Fortresses {
    seed: u64,
}

impl Fortresses {
    pub fn new(seed: u64) -> Fortresses {
        Fortresses { seed }
    }

    /// Builds the parts of every fortress that reach into chunk (cx, cz).
    pub fn build(&self, chunk: &mut Chunk, cx: i32, cz: i32) {
        let (x, z) = (cx * 16 + 8, cz * 16 + 8);
        for fortress in fortresses_within(self.seed, x, z, REACH + 16) {
            fortress.build_into(chunk, cx, cz);
        }
    }
}

/// The chunk of the nether structure of region (rx, rz), and whether it is a fortress.
fn region_structure(seed: u64, rx: i32, rz: i32) -> ((i32, i32), bool) {
    let mut rng = Rng::at(subseed(seed, 30_084_232), rx, 0, rz);
    let span = (SPACING - SEPARATION) as u32;
    let chunk = (
        rx * SPACING + rng.below(span) as i32,
        rz * SPACING + rng.below(span) as i32,
    );
    let mut kind = Rng::at(subseed(seed, 0x6e62_7269), chunk.0, 0, chunk.1);
    (chunk, kind.below(5) < FORTRESS_IN_FIVE)
}

/// Every fortress whose centre is within `radius` blocks (per axis) of (x, z).
fn fortresses_within(seed: u64, x: i32, z: i32, radius: i32) -> Vec<Fortress> {
    let region_of = |v: i32| v.div_euclid(16 * SPACING);
    let mut found = Vec::new();
    for rz in region_of(z - radius)..=region_of(z + radius) {
        for rx in region_of(x - radius)..=region_of(x + radius) {
            let ((cx, cz), fortress) = region_structure(seed, rx, rz);
            let (fx, fz) = (cx * 16 + 8, cz * 16 + 8);
            if fortress && (fx - x).abs() <= radius && (fz - z).abs() <= radius {
                found.push(layout(seed, cx, cz));
            }
        }
    }
    found
}

/// The nearest fortress whose centre is within `radius` blocks (per axis) of
/// (x, z), by horizontal distance: a pure function of the seed, for planning.
pub fn fortress_near(seed: u64, x: i32, z: i32, radius: i32) -> Option<Fortress> {
    let distance = |f: &Fortress| {
        let (dx, dz) = (i64::from(f.centre[0] - x), i64::from(f.centre[2] - z));
        dx * dx + dz * dz
    };
    fortresses_within(seed, x, z, radius)
        .into_iter()
        .min_by_key(distance)
}

/// What stands at a bridge's far end.
#[derive(Debug, Clone, Copy, PartialEq)]
enum End {
    Throne,
    WartRoom,
    Chest,
    Open,
}

/// Lays out the fortress started in chunk (cx, cz).
fn layout(seed: u64, cx: i32, cz: i32) -> Fortress {
    let mut rng = Rng::at(subseed(seed, 0x666f_7274), cx, 0, cz);
    let centre = [cx * 16 + 8, 48 + rng.below(20) as i32, cz * 16 + 8];
    let mut fortress = Fortress {
        centre,
        spawners: Vec::new(),
        chests: Vec::new(),
        ops: Vec::new(),
    };
    fortress.crossing();
    let second = if rng.chance(0.5) {
        End::Throne
    } else {
        End::Chest
    };
    let mut ends = [End::Throne, End::WartRoom, second, End::Open];
    let first = rng.below(4) as usize;
    ends.rotate_left(first);
    for (facing, end) in Facing::ALL.into_iter().zip(ends) {
        let length = SEGMENT * (1 + rng.below(3) as i32);
        let frame = Frame::new(centre, facing);
        fortress.bridge(&frame, 10, 9 + length);
        let far = 10 + length;
        match end {
            End::Throne => fortress.throne(&frame, far),
            End::WartRoom => fortress.wart_room(&frame, far),
            End::Chest => {
                let at = frame.at(far - 1, 0, 1);
                fortress.set(
                    at,
                    "chest",
                    BlockState::default().with_facing(facing.opposite()),
                );
                fortress.chests.push(at);
            }
            End::Open => {}
        }
    }
    fortress
}

/// Local coordinates along a bridge: `along` away from the centre, `across`
/// to its side, `up` from the deck.
struct Frame {
    centre: BlockPos,
    forward: [i32; 3],
    side: [i32; 3],
    facing: Facing,
}

impl Frame {
    fn new(centre: BlockPos, facing: Facing) -> Frame {
        let forward = facing.offset();
        Frame {
            centre,
            forward,
            side: [-forward[2], 0, forward[0]],
            facing,
        }
    }

    fn at(&self, along: i32, up: i32, across: i32) -> BlockPos {
        std::array::from_fn(|i| {
            self.centre[i]
                + self.forward[i] * along
                + self.side[i] * across
                + if i == 1 { up } else { 0 }
        })
    }
}

impl Fortress {
    fn fill(&mut self, a: BlockPos, b: BlockPos, name: &str) {
        self.ops.push(Op::Fill {
            min: std::array::from_fn(|i| a[i].min(b[i])),
            max: std::array::from_fn(|i| a[i].max(b[i])),
            block: block(name),
        });
    }

    fn set(&mut self, at: BlockPos, name: &str, state: BlockState) {
        self.ops.push(Op::Set {
            at,
            block: block(name),
            state,
        });
    }

    /// The 19×19 crossing: a two-thick deck cleared above, fenced round
    /// but for the four bridge mouths, on pillars at the corners.
    fn crossing(&mut self) {
        let c = self.centre;
        let offset = |dx: i32, dy: i32, dz: i32| [c[0] + dx, c[1] + dy, c[2] + dz];
        self.fill(offset(-9, 1, -9), offset(9, 5, 9), "air");
        self.fill(offset(-9, -1, -9), offset(9, 0, 9), "nether_bricks");
        for i in -9i32..=9 {
            if i.abs() > HALF_DECK {
                for (dx, dz) in [(i, -9), (i, 9), (-9, i), (9, i)] {
                    self.set(
                        offset(dx, 1, dz),
                        "nether_brick_fence",
                        BlockState::default(),
                    );
                }
            }
        }
        for (dx, dz) in [
            (-9, -9),
            (-9, 9),
            (9, -9),
            (9, 9),
            (-3, -3),
            (3, 3),
            (-3, 3),
            (3, -3),
        ] {
            self.ops.push(Op::Pillar {
                top: offset(dx, -2, dz),
            });
        }
    }

    /// A bridge from `from` to `to` blocks out: deck, fences, air above,
    /// pillars every 6 blocks under both edges.
    fn bridge(&mut self, frame: &Frame, from: i32, to: i32) {
        self.fill(
            frame.at(from, 1, -HALF_DECK),
            frame.at(to, 4, HALF_DECK),
            "air",
        );
        self.fill(
            frame.at(from, -1, -HALF_DECK),
            frame.at(to, 0, HALF_DECK),
            "nether_bricks",
        );
        self.fill(
            frame.at(from, 1, -HALF_DECK),
            frame.at(to, 1, -HALF_DECK),
            "nether_brick_fence",
        );
        self.fill(
            frame.at(from, 1, HALF_DECK),
            frame.at(to, 1, HALF_DECK),
            "nether_brick_fence",
        );
        for along in (from + 2..=to).step_by(6) {
            for across in [-HALF_DECK, HALF_DECK] {
                self.ops.push(Op::Pillar {
                    top: frame.at(along, -2, across),
                });
            }
        }
    }

    /// `MonsterThrone`: a 9×9 platform at the bridge's end, stairs up to a
    /// raised, fenced floor with the blaze spawner in its middle.
    fn throne(&mut self, frame: &Frame, start: i32) {
        let (near, far) = (start, start + 8);
        self.fill(frame.at(near, 1, -4), frame.at(far, 6, 4), "air");
        self.fill(frame.at(near, -1, -4), frame.at(far, 0, 4), "nether_bricks");
        self.fill(
            frame.at(near + 2, 1, -3),
            frame.at(far - 1, 1, 3),
            "nether_bricks",
        );
        for across in -HALF_DECK..=HALF_DECK {
            self.set(
                frame.at(near + 1, 1, across),
                "nether_brick_stairs",
                BlockState::default().with_facing(frame.facing),
            );
        }
        for along in near..=far {
            for across in [-4, 4] {
                self.set(
                    frame.at(along, 1, across),
                    "nether_brick_fence",
                    BlockState::default(),
                );
                self.set(
                    frame.at(along, 2, across),
                    "nether_brick_fence",
                    BlockState::default(),
                );
            }
        }
        self.fill(
            frame.at(far, 1, -4),
            frame.at(far, 3, 4),
            "nether_brick_fence",
        );
        let spawner = frame.at(near + 5, 2, 0);
        self.set(spawner, "spawner", BlockState::default());
        self.spawners.push(spawner);
        for across in [-4, 4] {
            for along in [near, far] {
                self.ops.push(Op::Pillar {
                    top: frame.at(along, -2, across),
                });
            }
        }
    }

    /// `CastleStalkRoom` in small: a walled 13×13 room with two beds of
    /// soul sand growing nether wart, and a loot chest in a corner.
    fn wart_room(&mut self, frame: &Frame, start: i32) {
        let (near, far) = (start, start + 12);
        self.fill(frame.at(near, -1, -6), frame.at(far, 7, 6), "nether_bricks");
        self.fill(frame.at(near + 1, 1, -5), frame.at(far - 1, 6, 5), "air");
        self.fill(
            frame.at(near, 1, -HALF_DECK + 1),
            frame.at(near, 3, HALF_DECK - 1),
            "air",
        );
        for across in [-5i32, 5] {
            for along in (near + 2..far - 1).step_by(3) {
                self.set(
                    frame.at(along, 3, across + across.signum()),
                    "nether_brick_fence",
                    BlockState::default(),
                );
            }
        }
        for across in [-4, 3] {
            let (a, b) = (
                frame.at(near + 3, 0, across),
                frame.at(far - 2, 0, across + 1),
            );
            self.fill(a, b, "soul_sand");
            for along in near + 3..=far - 2 {
                for side in [across, across + 1] {
                    self.set(
                        frame.at(along, 1, side),
                        "nether_wart",
                        BlockState::default().with_age(3),
                    );
                }
            }
        }
        let chest = frame.at(far - 1, 1, 0);
        self.set(
            chest,
            "chest",
            BlockState::default().with_facing(frame.facing.opposite()),
        );
        self.chests.push(chest);
        for (along, across) in [(near, -6), (near, 6), (far, -6), (far, 6)] {
            self.ops.push(Op::Pillar {
                top: frame.at(along, -2, across),
            });
        }
    }

    /// Applies the steps that reach into chunk (cx, cz).
    fn build_into(&self, chunk: &mut Chunk, cx: i32, cz: i32) {
        let (x0, z0) = (cx * 16, cz * 16);
        let local =
            |[x, y, z]: BlockPos| {
                let (lx, lz) = (x - x0, z - z0);
                ((0..16).contains(&lx) && (0..16).contains(&lz) && (1..127).contains(&y))
                    .then_some((lx as usize, y as usize, lz as usize))
            };
        let bricks = block("nether_bricks");
        for op in &self.ops {
            match *op {
                Op::Fill { min, max, block } => {
                    let (xs, zs) = (
                        min[0].max(x0)..=max[0].min(x0 + 15),
                        min[2].max(z0)..=max[2].min(z0 + 15),
                    );
                    for x in xs {
                        for z in zs.clone() {
                            for y in min[1]..=max[1] {
                                if let Some((lx, ly, lz)) = local([x, y, z]) {
                                    chunk.set(lx, ly, lz, block);
                                    chunk.set_state(lx, ly, lz, BlockState::default());
                                }
                            }
                        }
                    }
                }
                Op::Set { at, block, state } => {
                    if let Some((lx, ly, lz)) = local(at) {
                        chunk.set(lx, ly, lz, block);
                        chunk.set_state(lx, ly, lz, state);
                    }
                }
                Op::Pillar { top } => {
                    let (lava, air) = (block("lava"), BlockId::AIR);
                    let mut y = top[1];
                    while let Some((lx, ly, lz)) = local([top[0], y, top[2]]) {
                        let here = chunk.get(lx, ly, lz);
                        if here != air && here != lava {
                            break;
                        }
                        chunk.set(lx, ly, lz, bricks);
                        y -= 1;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fortresses_sit_in_two_of_five_regions_apart_by_the_grid() {
        let seed = 12345;
        let mut fortresses = 0;
        for rz in -10..10 {
            for rx in -10..10 {
                let ((cx, cz), fortress) = region_structure(seed, rx, rz);
                assert!((0..SPACING - SEPARATION).contains(&(cx - rx * SPACING)));
                assert!((0..SPACING - SEPARATION).contains(&(cz - rz * SPACING)));
                fortresses += usize::from(fortress);
            }
        }
        assert!((120..200).contains(&fortresses), "{fortresses} of 400");
    }

    #[test]
    fn a_fortress_has_a_blaze_spawner_and_a_chest_and_is_found_by_the_query() {
        let seed = 7;
        let fortress = fortress_near(seed, 0, 0, 2000).expect("a fortress within 2000 blocks");
        assert!(!fortress.spawners.is_empty() && !fortress.chests.is_empty());
        let [x, _, z] = fortress.centre;
        let again = fortress_near(seed, x + 3, z - 3, 16).expect("the same fortress");
        assert_eq!(again.centre, fortress.centre);
        let generator =
            super::super::Generator::for_dimension(seed, crate::sim::world::Dimension::Nether);
        let spawner = fortress.spawners[0];
        let chunk = generator.chunk(spawner[0].div_euclid(16), spawner[2].div_euclid(16));
        let at = |[x, y, z]: BlockPos| {
            chunk.get(
                x.rem_euclid(16) as usize,
                y as usize,
                z.rem_euclid(16) as usize,
            )
        };
        assert_eq!(at(spawner), block("spawner"));
        assert_eq!(
            at([spawner[0], spawner[1] - 1, spawner[2]]),
            block("nether_bricks")
        );
    }
}
