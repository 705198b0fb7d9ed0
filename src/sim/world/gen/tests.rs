//! Tests of whole generated chunks and of the spawn point.

use super::caves::LAVA_BELOW;
use super::ores::BLOBS;
use super::surface::BEDROCK_TOP;
use super::*;
use crate::sim::registry::{block, registry, BlockId, Shape};
use crate::sim::world::World;

const SEED: u64 = 12345;

/// Every block of a chunk, for comparisons.
fn blocks(chunk: &Chunk) -> Vec<BlockId> {
    (0..256)
        .flat_map(|y| (0..16).flat_map(move |z| (0..16).map(move |x| (x, y, z))))
        .map(|(x, y, z)| chunk.get(x, y, z))
        .collect()
}

fn count(chunk: &Chunk, wanted: BlockId) -> usize {
    blocks(chunk).into_iter().filter(|&b| b == wanted).count()
}

/// Chunk coordinates in a square around the origin.
fn area(radius: i32) -> impl Iterator<Item = (i32, i32)> {
    (-radius..=radius).flat_map(move |cz| (-radius..=radius).map(move |cx| (cx, cz)))
}

#[test]
fn chunks_do_not_depend_on_generation_order() {
    let forward = World::new(SEED);
    let mut first = World::new(SEED);
    let mut second = World::new(SEED);
    let order: Vec<(i32, i32)> = area(1).collect();
    for &(cx, cz) in &order {
        first.chunk_mut(cx, cz);
    }
    for &(cx, cz) in order.iter().rev() {
        second.chunk_mut(cx, cz);
    }
    for &(cx, cz) in &order {
        let a = blocks(first.chunk(cx, cz).unwrap());
        let b = blocks(second.chunk(cx, cz).unwrap());
        assert!(a == b, "chunk {cx},{cz} differs with order");
        let fresh = forward.generator().chunk(cx, cz);
        assert!(blocks(&fresh) == a, "chunk {cx},{cz} differs when alone");
        for i in 0..256 {
            assert_eq!(
                fresh.biome(i % 16, i / 16),
                first.chunk(cx, cz).unwrap().biome(i % 16, i / 16)
            );
        }
    }
}

#[test]
fn different_seeds_make_different_worlds() {
    let a = Generator::new(1).chunk(0, 0);
    let b = Generator::new(2).chunk(0, 0);
    assert!(blocks(&a) != blocks(&b));
    assert_eq!(Generator::new(7).seed(), 7);
}

#[test]
fn bedrock_floor_is_whole_at_y0_and_only_up_to_y4() {
    let generator = Generator::new(SEED);
    let bedrock = block("bedrock");
    for (cx, cz) in [(0, 0), (5, -3)] {
        let chunk = generator.chunk(cx, cz);
        let mut per_layer = [0usize; 6];
        for (index, found) in blocks(&chunk).into_iter().enumerate() {
            let y = index / 256;
            if found == bedrock {
                assert!(y <= BEDROCK_TOP as usize, "bedrock at y {y}");
                per_layer[y] += 1;
            }
        }
        assert_eq!(per_layer[0], 256);
        // Falling chances 4/5, 3/5, 2/5, 1/5 (minus caves that reach the floor).
        assert!(
            per_layer[1] > per_layer[3] && per_layer[3] > per_layer[4],
            "{per_layer:?}"
        );
        assert!(per_layer[4] > 10, "{per_layer:?}");
    }
}

#[test]
fn every_biome_occurs_in_large_regions() {
    let generator = Generator::new(SEED);
    let mut counts = [0usize; BIOMES.len()];
    let step = 48;
    for i in -60..60 {
        for j in -60..60 {
            counts[generator.biome(i * step, j * step) as usize] += 1;
        }
    }
    let other_dimensions = [
        Biome::NetherWastes,
        Biome::SoulSandValley,
        Biome::WarpedForest,
        Biome::TheEnd,
    ];
    for info in BIOMES
        .iter()
        .filter(|i| !other_dimensions.contains(&i.biome))
    {
        let share = counts[info.biome as usize] as f64 / 14_400.0;
        assert!(share > 0.015, "{} covers only {share}", info.id);
    }
    // Regions span hundreds of blocks: a column's neighbour 16 blocks away
    // is mostly in the same biome.
    let same = (0..2000)
        .filter(|&i| {
            let (x, z) = (i * 97 % 5000 - 2500, i * 53 % 5000 - 2500);
            generator.biome(x, z) == generator.biome(x + 16, z)
        })
        .count();
    assert!(same > 1600, "{same}");
}

#[test]
fn surfaces_follow_the_biome() {
    let generator = Generator::new(SEED);
    let find = |wanted: Biome| {
        (0..200)
            .flat_map(|r| {
                [
                    (r * 16, 0),
                    (0, r * 16),
                    (-r * 16, 0),
                    (0, -r * 16),
                    (r * 16, r * 16),
                    (-r * 16, r * 16),
                ]
            })
            .find(|&(x, z)| {
                let c = generator.column(x, z);
                c.biome == wanted && c.height > SEA_LEVEL + 1 && !c.shore
            })
            .unwrap_or_else(|| panic!("no {wanted:?} found"))
    };
    for (biome, top) in [(Biome::Desert, "sand"), (Biome::Plains, "grass_block")] {
        let (x, z) = find(biome);
        let chunk = generator.chunk(x >> 4, z >> 4);
        let y = generator.column(x, z).height as usize;
        let got = chunk.get((x & 15) as usize, y, (z & 15) as usize);
        let below = chunk.get((x & 15) as usize, y - 1, (z & 15) as usize);
        let ok = [block(top), BlockId::AIR];
        assert!(
            ok.contains(&got),
            "{biome:?} top is {}",
            registry().block(got).name
        );
        assert!(ok.contains(&below) || below == block("dirt") || below == block("sand"));
    }
    let (x, z) = find(Biome::SnowyTundra);
    let (cx, cz) = (x >> 4, z >> 4);
    let chunk = generator.chunk(cx, cz);
    let mut snowy = 0;
    for i in 0..256 {
        let (lx, lz) = (i % 16, i / 16);
        let column = generator.column(cx * 16 + lx as i32, cz * 16 + lz as i32);
        if column.cold && column.height >= SEA_LEVEL {
            let above = column.height as usize + 1..256;
            assert!(
                above
                    .into_iter()
                    .any(|y| chunk.get(lx, y, lz) == block("snow")),
                "snow on {lx},{lz}"
            );
            snowy += 1;
        }
    }
    assert!(snowy > 0);
}

#[test]
fn ores_stay_in_their_heights_and_diamond_is_rarer_than_coal() {
    let generator = Generator::new(SEED);
    let mut totals = vec![0usize; BLOBS.len()];
    for (cx, cz) in area(1) {
        let chunk = generator.chunk(cx, cz);
        for (kind, total) in BLOBS.iter().zip(&mut totals) {
            let id = block(kind.block);
            if kind.min_y == 0 && kind.max_y == 256 {
                continue;
            }
            for y in 0..256 {
                for z in 0..16 {
                    for x in 0..16 {
                        if chunk.get(x, y, z) == id {
                            let y = y as i32;
                            assert!(
                                (kind.min_y..kind.max_y).contains(&y),
                                "{} at y {y}",
                                kind.block
                            );
                            *total += 1;
                        }
                    }
                }
            }
        }
    }
    let total = |name: &str| totals[BLOBS.iter().position(|b| b.block == name).unwrap()];
    for ore in [
        "coal_ore",
        "iron_ore",
        "gold_ore",
        "redstone_ore",
        "diamond_ore",
        "granite",
    ] {
        assert!(total(ore) > 0, "no {ore} in 9 chunks");
    }
    assert!(total("diamond_ore") * 10 < total("coal_ore"), "{totals:?}");
    assert!(total("iron_ore") > total("gold_ore"), "{totals:?}");
}

#[test]
fn emerald_grows_only_in_mountains() {
    let generator = Generator::new(SEED);
    let (x, z) = (0..400)
        .map(|i| (i * 32, 0))
        .find(|&(x, z)| (0..16).all(|d| generator.biome(x + d, z + d) == Biome::Mountains))
        .expect("mountains");
    let emerald = block("emerald_ore");
    let mountain = generator.chunk(x >> 4, z >> 4);
    let plain = generator.chunk(0, 0);
    assert!(count(&mountain, emerald) > 0);
    assert_eq!(count(&plain, emerald), 0);
}

#[test]
fn caves_hollow_out_the_underground() {
    let generator = Generator::new(SEED);
    let mut hollow = 0;
    let mut lava_high = 0;
    for (cx, cz) in area(1) {
        let chunk = generator.chunk(cx, cz);
        for z in 0..16 {
            for x in 0..16 {
                let ground = generator
                    .column(cx * 16 + x as i32, cz * 16 + z as i32)
                    .height;
                for y in 1..(ground - 8).max(1) as usize {
                    let b = chunk.get(x, y, z);
                    hollow += usize::from(b == BlockId::AIR);
                    lava_high += usize::from(b == block("lava") && y as i32 >= LAVA_BELOW);
                }
            }
        }
    }
    assert!(hollow > 500, "only {hollow} cave cells in 9 chunks");
    assert_eq!(lava_high, 0);
}

#[test]
fn forests_grow_trees_of_their_wood() {
    let generator = Generator::new(SEED);
    let cases = [
        (Biome::Forest, Wood::Oak),
        (Biome::BirchForest, Wood::Birch),
        (Biome::Taiga, Wood::Spruce),
        (Biome::Savanna, Wood::Acacia),
    ];
    for (biome, wood) in cases {
        let (log, leaves) = WOOD_BLOCKS[wood as usize];
        let chunks: Vec<(i32, i32)> = (-150..150)
            .flat_map(|i| [(i, i / 2), (i / 2, -i)])
            .filter(|&(cx, cz)| {
                (0..4).all(|k| generator.biome(cx * 16 + 5 * k, cz * 16 + 5 * k) == biome)
            })
            .take(4)
            .collect();
        assert_eq!(chunks.len(), 4, "{biome:?} chunks");
        let (logs, leafs) = chunks.iter().fold((0, 0), |(l, f), &(cx, cz)| {
            let chunk = generator.chunk(cx, cz);
            (
                l + count(&chunk, block(log)),
                f + count(&chunk, block(leaves)),
            )
        });
        assert!(
            logs >= 4 && leafs > logs,
            "{biome:?}: {logs} {log}, {leafs} {leaves}"
        );
    }
}

#[test]
fn plants_grow_on_plains() {
    let generator = Generator::new(SEED);
    let grass = block("grass");
    let total: usize = area(2)
        .filter(|&(cx, cz)| generator.biome(cx * 16 + 8, cz * 16 + 8) == Biome::Plains)
        .map(|(cx, cz)| count(&generator.chunk(cx, cz), grass))
        .sum();
    let plains = area(2)
        .filter(|&(cx, cz)| generator.biome(cx * 16 + 8, cz * 16 + 8) == Biome::Plains)
        .count();
    assert!(
        plains == 0 || total > plains * 10,
        "{total} grass in {plains} plains chunks"
    );
}

#[test]
fn spawn_stands_on_dry_open_ground() {
    for seed in [SEED, 1, 2] {
        let mut world = World::new(seed);
        let [x, y, z] = spawn_point(&mut world);
        assert!(x.abs() < 200 && z.abs() < 200);
        let ground = world.get([x, y - 1, z]);
        assert!(
            [block("grass_block"), block("sand")].contains(&ground),
            "seed {seed}"
        );
        for above in y..256 {
            assert_eq!(
                world.get([x, above, z]),
                BlockId::AIR,
                "seed {seed}: sky above spawn"
            );
        }
        assert_eq!(registry().block(ground).shape, Shape::Cube);
        for dz in -3..=3 {
            for dx in -3..=3 {
                let around = world.surface_y(x + dx, z + dz);
                assert!(
                    (around - (y - 1)).abs() <= 1,
                    "seed {seed}: 7x7 area is level"
                );
            }
        }
        assert_eq!(
            spawn_point(&mut World::new(seed)),
            [x, y, z],
            "deterministic"
        );
    }
}
