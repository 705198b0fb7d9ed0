//! Ruined portals: a nether portal frame of obsidian four wide and five
//! high with blocks fallen out and some crying obsidian, on a patch of
//! netherrack with magma, and a chest of `chests/ruined_portal` beside it.

use super::super::noise::{hash3, unit};
use super::super::terrain::Terrain;
use super::super::SEA_LEVEL;
use super::{Canvas, Start};
use crate::sim::registry::block;

/// Shares of the frame missing and turned to crying obsidian.
const MISSING: f64 = 0.3;
const CRYING: f64 = 0.15;
/// Radius of the netherrack patch.
const PATCH: i32 = 4;

pub fn build(canvas: &mut Canvas, start: &Start, terrain: &Terrain) {
    let [cx, _, cz] = start.pos;
    let ground = start.pos[1].max(SEA_LEVEL);
    let along_z = start.key & 1 == 1;
    let (netherrack, magma) = (block("netherrack"), block("magma_block"));
    for dz in -PATCH..=PATCH {
        for dx in -PATCH..=PATCH {
            let chance = unit(hash3(start.key, dx, 0, dz));
            if dx * dx + dz * dz > PATCH * PATCH || chance > 0.7 {
                continue;
            }
            let y = terrain.column(cx + dx, cz + dz).height.max(SEA_LEVEL - 1);
            canvas.set(
                [cx + dx, y, cz + dz],
                if chance < 0.08 { magma } else { netherrack },
            );
        }
    }
    let (obsidian, crying) = (block("obsidian"), block("crying_obsidian"));
    canvas.fill(
        [cx - 1, ground, cz - 1],
        [cx + 2, ground, cz + 1],
        netherrack,
    );
    for i in 0..4 {
        for j in 0..5 {
            let frame = i == 0 || i == 3 || j == 0 || j == 4;
            if !frame {
                continue;
            }
            let roll = unit(hash3(start.key, i, j, 1));
            if roll < MISSING && j > 0 {
                continue;
            }
            let pos = if along_z {
                [cx, ground + 1 + j, cz - 1 + i]
            } else {
                [cx - 1 + i, ground + 1 + j, cz]
            };
            canvas.set(
                pos,
                if roll > 1.0 - CRYING {
                    crying
                } else {
                    obsidian
                },
            );
        }
    }
    let chest = if along_z {
        [cx + 2, ground + 1, cz]
    } else {
        [cx, ground + 1, cz + 2]
    };
    canvas.chest(chest, "chests/ruined_portal");
}
