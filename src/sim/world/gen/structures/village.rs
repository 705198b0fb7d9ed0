//! Villages of the plains, desert, savanna and taiga, in their biome's
//! materials: a meeting point with the bell and lamp posts, up to four
//! streets of path running out from it, and along the streets houses
//! (walls, corner logs, windows, a doorway to the street, a bed, a job
//! site block and a villager of that job) and fields of crops on
//! farmland watered by a channel, tended by a farmer.
//!
//! The layout is drawn first from the start's key alone (street lengths,
//! which lots hold what), then each piece is drawn into the chunk if it
//! reaches it; houses and fields are levelled at the ground height of
//! their middle, with foundations filled down to the ground below.

use super::super::noise::Rng;
use super::super::terrain::Terrain;
use super::super::{Biome, SEA_LEVEL};
use super::{Canvas, Start};
use crate::sim::registry::{block, BlockId};
use crate::sim::world::{BlockPos, BlockState, Facing};

/// One biome's village materials, by block name.
struct Style {
    biome: Biome,
    path: &'static str,
    foundation: &'static str,
    walls: &'static str,
    corners: &'static str,
    roof: &'static str,
    cap: &'static str,
    fence: &'static str,
    bed: &'static str,
}

const STYLES: [Style; 4] = [
    Style {
        biome: Biome::Plains,
        path: "grass_path",
        foundation: "cobblestone",
        walls: "oak_planks",
        corners: "oak_log",
        roof: "oak_planks",
        cap: "oak_slab",
        fence: "oak_fence",
        bed: "white_bed",
    },
    Style {
        biome: Biome::Desert,
        path: "smooth_sandstone",
        foundation: "sandstone",
        walls: "smooth_sandstone",
        corners: "cut_sandstone",
        roof: "cut_sandstone",
        cap: "smooth_sandstone_slab",
        fence: "oak_fence",
        bed: "green_bed",
    },
    Style {
        biome: Biome::Savanna,
        path: "grass_path",
        foundation: "cobblestone",
        walls: "acacia_planks",
        corners: "acacia_log",
        roof: "acacia_planks",
        cap: "acacia_slab",
        fence: "acacia_fence",
        bed: "red_bed",
    },
    Style {
        biome: Biome::Taiga,
        path: "grass_path",
        foundation: "cobblestone",
        walls: "spruce_planks",
        corners: "spruce_log",
        roof: "spruce_planks",
        cap: "spruce_slab",
        fence: "spruce_fence",
        bed: "white_bed",
    },
];

/// Professions with their job site blocks (1.16.5's `PointOfInterestType`).
const JOBS: [(&str, &str); 13] = [
    ("minecraft:armorer", "blast_furnace"),
    ("minecraft:butcher", "smoker"),
    ("minecraft:cartographer", "cartography_table"),
    ("minecraft:cleric", "brewing_stand"),
    ("minecraft:farmer", "composter"),
    ("minecraft:fisherman", "barrel"),
    ("minecraft:fletcher", "fletching_table"),
    ("minecraft:leatherworker", "cauldron"),
    ("minecraft:librarian", "lectern"),
    ("minecraft:mason", "stonecutter"),
    ("minecraft:shepherd", "loom"),
    ("minecraft:toolsmith", "smithing_table"),
    ("minecraft:weaponsmith", "grindstone"),
];
/// A villager without a job.
const UNEMPLOYED: &str = "minecraft:none";
const FARMER: usize = 4;
/// Crops fields are sown with.
const CROPS: [&str; 4] = ["wheat", "carrots", "potatoes", "beetroots"];

/// Half the width of the meeting point's square.
const PLAZA: i32 = 3;
/// Where along a street lots start, and how far apart.
const FIRST_LOT: i32 = 11;
const LOT_PITCH: i32 = 9;
/// Streets run this far from the middle, plus up to `STREET_EXTRA`.
const STREET_MIN: i32 = 18;
const STREET_EXTRA: u32 = 16;
/// Lots start this far to the side of a street's middle line.
const LOT_SIDE: i32 = 3;
/// The four ways streets run.
const DIRECTIONS: [[i32; 2]; 4] = [[1, 0], [-1, 0], [0, 1], [0, -1]];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    /// A house whose villager has this job (index into [`JOBS`]).
    House(usize),
    /// A field of this crop (index into [`CROPS`]).
    Field(usize),
}

/// One building's lot: a rectangle of columns at one floor height.
#[derive(Debug, Clone, Copy)]
struct Lot {
    use_: Use,
    min: [i32; 2],
    max: [i32; 2],
    floor: i32,
    /// The doorway cell (in the wall facing the street) and the step before it.
    door: [i32; 2],
    step: [i32; 2],
    key: u64,
}

/// A street: its direction and length from the middle.
struct Street {
    dir: [i32; 2],
    length: i32,
}

struct Layout {
    centre: BlockPos,
    streets: Vec<Street>,
    lots: Vec<Lot>,
}

/// The village's plan, from its start alone.
fn layout(start: &Start, terrain: &Terrain) -> Layout {
    let mut rng = Rng::new(start.key);
    let [cx, _, cz] = start.pos;
    let mut streets = Vec::new();
    let mut lots = Vec::new();
    for dir in DIRECTIONS {
        let length = STREET_MIN + rng.below(STREET_EXTRA + 1) as i32;
        let side_dir = [-dir[1], dir[0]];
        let at = |along: i32, side: i32| {
            [
                cx + dir[0] * along + side_dir[0] * side,
                cz + dir[1] * along + side_dir[1] * side,
            ]
        };
        let mut along = FIRST_LOT;
        while along + 4 <= length + 2 {
            for side in [-1, 1] {
                let (roll, kind, job, crop, big, key) = (
                    rng.unit(),
                    rng.unit(),
                    rng.below(JOBS.len() as u32) as usize,
                    rng.below(CROPS.len() as u32) as usize,
                    rng.below(2) as i32,
                    rng.next_u64(),
                );
                if roll >= 0.8 {
                    continue;
                }
                let use_ = if kind < 0.3 {
                    Use::Field(crop)
                } else {
                    Use::House(job)
                };
                let (width, depth) = match use_ {
                    Use::Field(_) => (7, 7),
                    Use::House(_) => (5 + 2 * big, 5 + 2 * (1 - big)),
                };
                let a = at(along, side * LOT_SIDE);
                let b = at(along + width - 1, side * (LOT_SIDE + depth - 1));
                let (min, max) = (
                    [a[0].min(b[0]), a[1].min(b[1])],
                    [a[0].max(b[0]), a[1].max(b[1])],
                );
                let middle = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2];
                let ground = terrain.column(middle[0], middle[1]);
                if ground.height < SEA_LEVEL || matches!(ground.biome, Biome::Ocean | Biome::River)
                {
                    continue;
                }
                let door_along = along + width / 2;
                lots.push(Lot {
                    use_,
                    min,
                    max,
                    floor: ground.height,
                    door: at(door_along, side * LOT_SIDE),
                    step: at(door_along, side * (LOT_SIDE - 1)),
                    key,
                });
            }
            along += LOT_PITCH;
        }
        streets.push(Street { dir, length });
    }
    Layout {
        centre: start.pos,
        streets,
        lots,
    }
}

/// The style of the village's biome (plains for any other).
fn style_of(biome: Biome) -> &'static Style {
    STYLES
        .iter()
        .find(|s| s.biome == biome)
        .unwrap_or(&STYLES[0])
}

/// Builds the parts of the village that reach the canvas's chunk.
pub fn build(canvas: &mut Canvas, start: &Start, terrain: &Terrain) {
    let plan = layout(start, terrain);
    let style = style_of(terrain.column(start.pos[0], start.pos[2]).biome);
    let path = block(style.path);
    let [cx, _, cz] = plan.centre;
    for dz in -PLAZA..=PLAZA {
        for dx in -PLAZA..=PLAZA {
            pave(canvas, terrain, [cx + dx, cz + dz], path);
        }
    }
    for street in &plan.streets {
        let side = [-street.dir[1], street.dir[0]];
        for along in PLAZA + 1..=street.length {
            for w in -1..=1 {
                let x = cx + street.dir[0] * along + side[0] * w;
                let z = cz + street.dir[1] * along + side[1] * w;
                pave(canvas, terrain, [x, z], path);
            }
        }
    }
    meeting_point(canvas, terrain, plan.centre, style);
    for lot in &plan.lots {
        if !reaches(canvas, lot) {
            continue;
        }
        match lot.use_ {
            Use::House(job) => house(canvas, terrain, lot, style, job),
            Use::Field(crop) => field(canvas, lot, style, crop),
        }
    }
}

/// Whether any column of the lot (or the step before its door) is in the chunk.
fn reaches(canvas: &Canvas, lot: &Lot) -> bool {
    let probe = |x: i32, z: i32| canvas.contains([x, 64, z]);
    (lot.min[0] - 1..=lot.max[0] + 1)
        .any(|x| (lot.min[1] - 1..=lot.max[1] + 1).any(|z| probe(x, z)))
}

/// Lays a path block on the ground of a column (a plank bridge over water)
/// and clears plants and logs above it.
fn pave(canvas: &mut Canvas, terrain: &Terrain, [x, z]: [i32; 2], path: BlockId) {
    if !canvas.contains([x, 64, z]) {
        return;
    }
    let height = terrain.column(x, z).height;
    if height < SEA_LEVEL {
        canvas.set([x, SEA_LEVEL, z], block("oak_planks"));
        return;
    }
    canvas.set([x, height, z], path);
    canvas.fill([x, height + 1, z], [x, height + 4, z], BlockId::AIR);
}

/// The bell in the middle of the square, a lamp post at each corner, and
/// two villagers without jobs.
fn meeting_point(canvas: &mut Canvas, terrain: &Terrain, [x, y, z]: BlockPos, style: &Style) {
    canvas.set([x, y + 1, z], block("bell"));
    for [dx, dz] in [
        [-PLAZA, -PLAZA],
        [PLAZA, -PLAZA],
        [-PLAZA, PLAZA],
        [PLAZA, PLAZA],
    ] {
        let ground = terrain.column(x + dx, z + dz).height.max(SEA_LEVEL);
        canvas.set([x + dx, ground + 1, z + dz], block(style.fence));
        canvas.set([x + dx, ground + 2, z + dz], block("torch"));
    }
    canvas.villager([x + 1, y + 1, z + 1], UNEMPLOYED);
    canvas.villager([x - 1, y + 1, z - 1], UNEMPLOYED);
}

/// Clears the lot from its floor up, lays the floor and fills the ground
/// beneath it.
fn level(canvas: &mut Canvas, lot: &Lot, floor_block: BlockId, foundation: BlockId) {
    let (min, max, floor) = (lot.min, lot.max, lot.floor);
    canvas.fill(
        [min[0], floor + 1, min[1]],
        [max[0], floor + 8, max[1]],
        BlockId::AIR,
    );
    for z in min[1]..=max[1] {
        for x in min[0]..=max[0] {
            canvas.set([x, floor, z], floor_block);
            canvas.underpin([x, floor, z], foundation);
        }
    }
}

fn house(canvas: &mut Canvas, terrain: &Terrain, lot: &Lot, style: &Style, job: usize) {
    let (min, max, floor) = (lot.min, lot.max, lot.floor);
    let foundation = block(style.foundation);
    level(canvas, lot, foundation, foundation);
    let (walls, corners) = (block(style.walls), block(style.corners));
    let glass = block("glass_pane");
    let middle = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2];
    for y in floor + 1..=floor + 3 {
        for z in min[1]..=max[1] {
            for x in min[0]..=max[0] {
                let edge_x = x == min[0] || x == max[0];
                let edge_z = z == min[1] || z == max[1];
                if !(edge_x || edge_z) {
                    continue;
                }
                let wall = if edge_x && edge_z {
                    corners
                } else if y == floor + 2 && (x == middle[0] || z == middle[1]) {
                    glass
                } else {
                    walls
                };
                canvas.set([x, y, z], wall);
            }
        }
    }
    let [dx, dz] = lot.door;
    canvas.fill([dx, floor + 1, dz], [dx, floor + 2, dz], BlockId::AIR);
    let step_ground = terrain.column(lot.step[0], lot.step[1]).height;
    canvas.set(
        [lot.step[0], step_ground.max(floor - 1), lot.step[1]],
        block(style.path),
    );
    canvas.fill(
        [lot.step[0], step_ground.max(floor - 1) + 1, lot.step[1]],
        [lot.step[0], floor + 3, lot.step[1]],
        BlockId::AIR,
    );
    canvas.fill(
        [min[0], floor + 4, min[1]],
        [max[0], floor + 4, max[1]],
        block(style.roof),
    );
    canvas.fill(
        [min[0] + 1, floor + 5, min[1] + 1],
        [max[0] - 1, floor + 5, max[1] - 1],
        block(style.cap),
    );
    furnish(canvas, lot, style, job);
}

/// The bed, the job site block and a torch in the corners away from the
/// door, and the villager in the middle.
fn furnish(canvas: &mut Canvas, lot: &Lot, style: &Style, job: usize) {
    let (min, max, floor) = (lot.min, lot.max, lot.floor);
    let inner_min = [min[0] + 1, min[1] + 1];
    let inner_max = [max[0] - 1, max[1] - 1];
    // The corner farthest from the door holds the bed, running along z.
    let far = |lo: i32, hi: i32, door: i32| {
        if (door - lo).abs() > (door - hi).abs() {
            lo
        } else {
            hi
        }
    };
    let bed_x = far(inner_min[0], inner_max[0], lot.door[0]);
    let (foot_z, head_z, facing) = if far(inner_min[1], inner_max[1], lot.door[1]) == inner_min[1] {
        (inner_min[1] + 1, inner_min[1], Facing::North)
    } else {
        (inner_max[1] - 1, inner_max[1], Facing::South)
    };
    let bed = block(style.bed);
    let state = BlockState::default().with_facing(facing);
    canvas.set_with_state([bed_x, floor + 1, foot_z], bed, state);
    canvas.set_with_state([bed_x, floor + 1, head_z], bed, state.with_head(true));
    let other_x = if bed_x == inner_min[0] {
        inner_max[0]
    } else {
        inner_min[0]
    };
    canvas.set([other_x, floor + 1, head_z], block(JOBS[job].1));
    canvas.set([other_x, floor + 1, foot_z], block("torch"));
    let middle = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2];
    canvas.villager([middle[0], floor + 1, middle[1]], JOBS[job].0);
}

/// A field: a border of logs, farmland sown with one crop at mixed ages,
/// a water channel down the middle, the farmer's composter in a corner.
fn field(canvas: &mut Canvas, lot: &Lot, style: &Style, crop: usize) {
    let (min, max, floor) = (lot.min, lot.max, lot.floor);
    let (border, farmland, water) = (block(style.corners), block("farmland"), block("water"));
    let crop_block = block(CROPS[crop]);
    let max_age = if CROPS[crop] == "beetroots" { 3 } else { 7 };
    level(canvas, lot, border, block("dirt"));
    let mut rng = Rng::new(lot.key);
    let channel_x = (min[0] + max[0]) / 2;
    for z in min[1] + 1..max[1] {
        for x in min[0] + 1..max[0] {
            let age = rng.below(max_age + 1) as u8;
            if x == channel_x {
                canvas.set([x, floor, z], water);
                continue;
            }
            let wet = BlockState::default().with_age(7);
            canvas.set_with_state([x, floor, z], farmland, wet);
            canvas.set_with_state(
                [x, floor + 1, z],
                crop_block,
                BlockState::default().with_age(age),
            );
        }
    }
    canvas.set([min[0], floor + 1, min[1]], block(JOBS[FARMER].1));
    canvas.villager([lot.door[0], floor + 1, lot.door[1]], JOBS[FARMER].0);
}
