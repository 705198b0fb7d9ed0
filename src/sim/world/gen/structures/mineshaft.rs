//! Mineshafts: a room of dirt-floored air deep underground with corridors
//! (three wide, three high) running out from it in the four directions,
//! each with side branches. Every fourth block a support of two oak fence
//! posts under a plank beam; rails down the middle, cobwebs in corners.
//! Corridors only carve below the ground (never through the surface).
//! Chest minecarts and cave spider spawners are not built.

use super::super::noise::{hash3, unit, Rng};
use super::super::terrain::Terrain;
use super::{Canvas, Start};
use crate::sim::registry::{block, BlockId};

/// The room's floor is this far below the start's ground, plus up to `DEPTH_EXTRA`.
const DEPTH: i32 = 24;
const DEPTH_EXTRA: u32 = 12;
/// Half the room's width.
const ROOM: i32 = 3;
/// Corridor lengths (blocks): a minimum plus up to an extra.
const CORRIDOR_MIN: i32 = 20;
const CORRIDOR_EXTRA: u32 = 40;
/// Distance between supports.
const SUPPORT_PITCH: i32 = 4;
/// Share of corridor cells with rail, and of top corners with cobweb.
const RAILS: f64 = 0.7;
const COBWEBS: f64 = 0.08;
/// Keep this much rock under the ground above a corridor's ceiling.
const COVER: i32 = 3;

/// A straight corridor from `from` in direction `dir`.
struct Corridor {
    from: [i32; 3],
    dir: [i32; 2],
    length: i32,
}

pub fn build(canvas: &mut Canvas, start: &Start, terrain: &Terrain) {
    let mut rng = Rng::new(start.key);
    let [cx, ground, cz] = start.pos;
    let floor = (ground - DEPTH - rng.below(DEPTH_EXTRA + 1) as i32).max(12);
    let mut corridors = Vec::new();
    for dir in [[1, 0], [-1, 0], [0, 1], [0, -1]] {
        let length = CORRIDOR_MIN + rng.below(CORRIDOR_EXTRA + 1) as i32;
        let from = [cx + dir[0] * (ROOM + 1), floor, cz + dir[1] * (ROOM + 1)];
        let branch_at = 8 + rng.below(length as u32 - 8) as i32;
        let branch_side = if rng.below(2) == 0 { 1 } else { -1 };
        let branch_length = CORRIDOR_MIN / 2 + rng.below(CORRIDOR_EXTRA / 2) as i32;
        corridors.push(Corridor { from, dir, length });
        corridors.push(Corridor {
            from: [
                from[0] + dir[0] * branch_at - dir[1] * branch_side * 2,
                floor,
                from[2] + dir[1] * branch_at + dir[0] * branch_side * 2,
            ],
            dir: [-dir[1] * branch_side, dir[0] * branch_side],
            length: branch_length,
        });
    }
    let dirt = block("dirt");
    for dz in -ROOM..=ROOM {
        for dx in -ROOM..=ROOM {
            let (x, z) = (cx + dx, cz + dz);
            canvas.set([x, floor - 1, z], dirt);
            carve(canvas, terrain, [x, floor, z], 4);
        }
    }
    for corridor in &corridors {
        dig(canvas, terrain, corridor, start.key);
    }
}

/// Air from `pos` up `height` blocks, where the rock above stays thick enough.
fn carve(canvas: &mut Canvas, terrain: &Terrain, [x, y, z]: [i32; 3], height: i32) {
    let roof = (terrain.column(x, z).height - COVER).min(y + height - 1);
    if roof >= y {
        canvas.fill([x, y, z], [x, roof, z], BlockId::AIR);
    }
}

fn dig(canvas: &mut Canvas, terrain: &Terrain, corridor: &Corridor, key: u64) {
    let [dx, dz] = corridor.dir;
    let side = [-dz, dx];
    let (planks, fence, rail, cobweb) = (
        block("oak_planks"),
        block("oak_fence"),
        block("rail"),
        block("cobweb"),
    );
    for along in 0..corridor.length {
        let [x0, y, z0] = corridor.from;
        let (x, z) = (x0 + dx * along, z0 + dz * along);
        if terrain.column(x, z).height - COVER < y + 3 {
            return;
        }
        for w in -1..=1 {
            let (px, pz) = (x + side[0] * w, z + side[1] * w);
            carve(canvas, terrain, [px, y, pz], 3);
            if canvas.get([px, y - 1, pz]) == BlockId::AIR {
                canvas.set([px, y - 1, pz], planks);
            }
            let roll = unit(hash3(key, px, y, pz));
            if w != 0 && roll < COBWEBS {
                canvas.set([px, y + 2, pz], cobweb);
            }
        }
        if unit(hash3(key ^ 1, x, y, z)) < RAILS {
            canvas.set([x, y, z], rail);
        }
        if along % SUPPORT_PITCH == 0 {
            for w in [-1, 1] {
                let (px, pz) = (x + side[0] * w, z + side[1] * w);
                canvas.fill([px, y, pz], [px, y + 1, pz], fence);
            }
            canvas.fill(
                [x - side[0], y + 2, z - side[1]],
                [x + side[0], y + 2, z + side[1]],
                planks,
            );
        }
    }
}
