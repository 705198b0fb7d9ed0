//! Shipwrecks: a wooden hull (keel, two sides, a deck at the stern and a
//! stump of mast) resting on the sea floor or a beach, planks missing
//! here and there, with the supply chest at the stern, the map chest
//! midships and the treasure chest at the bow (`chests/shipwreck_*`).

use super::super::noise::{hash3, unit, Rng};
use super::super::SEA_LEVEL;
use super::{Canvas, Start};
use crate::sim::registry::{block, BlockId};

/// The hull's length and half width.
const LENGTH: i32 = 16;
const HALF_WIDTH: i32 = 2;
/// Share of hull planks rotted away.
const ROTTEN: f64 = 0.15;
const WOODS: [(&str, &str); 3] = [
    ("oak_planks", "oak_log"),
    ("spruce_planks", "spruce_log"),
    ("dark_oak_planks", "dark_oak_log"),
];

pub fn build(canvas: &mut Canvas, start: &Start) {
    let mut rng = Rng::new(start.key);
    let along_x = rng.below(2) == 0;
    let (planks, log) = WOODS[rng.below(WOODS.len() as u32) as usize];
    let (planks, log) = (block(planks), block(log));
    let [cx, floor, cz] = start.pos;
    let floor = floor + 1;
    let at = |along: i32, side: i32, up: i32| {
        if along_x {
            [cx - LENGTH / 2 + along, floor + up, cz + side]
        } else {
            [cx + side, floor + up, cz - LENGTH / 2 + along]
        }
    };
    let rotten = |pos: [i32; 3]| unit(hash3(start.key, pos[0], pos[1], pos[2])) < ROTTEN;
    for along in 0..LENGTH {
        // The hull narrows at the bow and stern.
        let half = if !(2..LENGTH - 2).contains(&along) {
            HALF_WIDTH - 1
        } else {
            HALF_WIDTH
        };
        for side in -half..=half {
            let keel = at(along, side, 0);
            canvas.set(keel, planks);
            canvas.underpin(keel, planks);
            for up in 1..=3 {
                let pos = at(along, side, up);
                let hull = side.abs() == half || along == 0 || along == LENGTH - 1;
                let deck = up == 3 && along >= LENGTH - 5;
                let fill = if (hull || deck) && !rotten(pos) {
                    planks
                } else {
                    sea_or_air(pos)
                };
                canvas.set(pos, fill);
            }
        }
    }
    canvas.fill(at(LENGTH / 2, 0, 1), at(LENGTH / 2, 0, 5), log);
    canvas.chest(at(LENGTH - 3, 0, 1), "chests/shipwreck_supply");
    canvas.chest(at(LENGTH / 2 - 2, 0, 1), "chests/shipwreck_map");
    canvas.chest(at(2, 0, 1), "chests/shipwreck_treasure");
}

/// What fills the inside of the hull: the sea up to sea level, else air.
fn sea_or_air(pos: [i32; 3]) -> BlockId {
    if pos[1] <= SEA_LEVEL {
        block("water")
    } else {
        BlockId::AIR
    }
}
