//! Desert pyramids: a stepped sandstone pyramid 21 blocks wide with an
//! entrance tunnel, a hall floored with an orange terracotta cross around
//! a blue terracotta middle, and under that middle a shaft down to the
//! hidden room: four chests of `chests/desert_pyramid` in its walls and a
//! stone pressure plate over nine TNT.

use super::{Canvas, Start};
use crate::sim::registry::{block, BlockId};

/// Half the pyramid's width.
const HALF: i32 = 10;
/// Half the hall's width.
const HALL: i32 = 4;
/// How far below the hall's floor the hidden room's floor lies.
const ROOM_DEPTH: i32 = 13;

pub fn build(canvas: &mut Canvas, start: &Start) {
    let [cx, ground, cz] = start.pos;
    let (sandstone, cut) = (block("sandstone"), block("cut_sandstone"));
    for dz in -HALF..=HALF {
        for dx in -HALF..=HALF {
            canvas.set([cx + dx, ground, cz + dz], sandstone);
            canvas.underpin([cx + dx, ground, cz + dz], sandstone);
        }
    }
    for step in 0..=HALF {
        let r = HALF - step;
        let y = ground + 1 + step;
        canvas.fill([cx - r, y, cz - r], [cx + r, y, cz + r], sandstone);
    }
    // The hall and the tunnel to it from the north face.
    canvas.fill(
        [cx - HALL, ground + 1, cz - HALL],
        [cx + HALL, ground + 4, cz + HALL],
        BlockId::AIR,
    );
    canvas.fill(
        [cx - 1, ground + 1, cz - HALF],
        [cx + 1, ground + 3, cz - HALL],
        BlockId::AIR,
    );
    let (orange, blue) = (block("orange_terracotta"), block("blue_terracotta"));
    for d in -HALL + 1..=HALL - 1 {
        canvas.set([cx + d, ground, cz], orange);
        canvas.set([cx, ground, cz + d], orange);
    }
    canvas.set([cx, ground, cz], blue);
    for [dx, dz] in [[-HALL, -HALL], [HALL, -HALL], [-HALL, HALL], [HALL, HALL]] {
        canvas.fill(
            [cx + dx, ground + 1, cz + dz],
            [cx + dx, ground + 4, cz + dz],
            cut,
        );
    }
    // The hidden room: its walls, the shaft down, the chests and the trap.
    let floor = ground - ROOM_DEPTH;
    canvas.fill(
        [cx - 3, floor - 2, cz - 3],
        [cx + 3, floor + 4, cz + 3],
        cut,
    );
    canvas.fill(
        [cx - 2, floor + 1, cz - 2],
        [cx + 2, floor + 3, cz + 2],
        BlockId::AIR,
    );
    canvas.fill([cx, floor + 4, cz], [cx, ground - 1, cz], BlockId::AIR);
    canvas.fill(
        [cx - 1, floor - 1, cz - 1],
        [cx + 1, floor - 1, cz + 1],
        block("tnt"),
    );
    canvas.set([cx, floor + 1, cz], block("stone_pressure_plate"));
    for [dx, dz] in [[3, 0], [-3, 0], [0, 3], [0, -3]] {
        canvas.chest([cx + dx, floor + 1, cz + dz], "chests/desert_pyramid");
    }
}
