//! Structure placement and what structures hold.

use super::*;
use crate::sim::block_entity::BlockEntity;
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::inspect::village::is_in_village;
use crate::sim::registry::{block, item, registry};
use crate::sim::rules::structure_spawns::populate;
use crate::sim::world::World;

/// A world whose village lies about 300 blocks south of spawn
/// (`find_village`'s scenario seed 1).
fn village_world() -> (Game, Start) {
    let game = Game::new(crate::sim::episode_seed(1, "find_village"));
    let [x, _, z] = game.spawn;
    let village = game
        .world
        .generator()
        .structures_near(x, z, 600)
        .into_iter()
        .find(|s| s.kind == StructureKind::Village)
        .expect("a village within 600 blocks");
    (game, village)
}

#[test]
fn grid_attempts_are_pure_and_keep_1_16_5_spacing() {
    let seed = 0x5eed;
    for rz in -3..3 {
        for rx in -3..3 {
            let (cx, cz) = grid_chunk(seed, (rx, rz), 32, 8, 10_387_312);
            // One attempt per 32-chunk region, in its first 24 chunks, so
            // neighbouring attempts are at least 8 chunks apart.
            assert!((0..24).contains(&(cx - rx * 32)), "region ({rx}, {rz})");
            assert!((0..24).contains(&(cz - rz * 32)), "region ({rx}, {rz})");
            assert_eq!(grid_chunk(seed, (rx, rz), 32, 8, 10_387_312), (cx, cz));
        }
    }
    let terrain = Terrain::new(seed);
    let a = Structures::new(seed).starts_near(&terrain, 0, 0, 1500);
    let b = Structures::new(seed).starts_near(&terrain, 0, 0, 1500);
    assert_eq!(a, b);
    let villages: Vec<&Start> = a
        .iter()
        .filter(|s| s.kind == StructureKind::Village)
        .collect();
    for (i, v) in villages.iter().enumerate() {
        for w in &villages[i + 1..] {
            let apart = (v.chunk.0 - w.chunk.0)
                .abs()
                .max((v.chunk.1 - w.chunk.1).abs());
            assert!(apart >= 8, "{v:?} {w:?}");
        }
        let column = terrain.column(v.pos[0], v.pos[2]);
        assert!(matches!(
            column.biome,
            Biome::Plains | Biome::Desert | Biome::Savanna | Biome::Taiga
        ));
    }
    assert!(a.iter().any(|s| s.kind == StructureKind::Mineshaft));
}

#[test]
fn a_village_has_a_bell_houses_paths_fields_and_villagers_once() {
    let (mut game, village) = village_world();
    let [x, y, z] = village.pos;
    game.world.ensure_around(x, z, 4);
    populate(&mut game);
    let count = |name: &str| {
        let wanted = block(name);
        let mut n = 0;
        for bz in z - 60..=z + 60 {
            for bx in x - 60..=x + 60 {
                for by in y - 12..=y + 16 {
                    n += usize::from(game.world.get([bx, by, bz]) == wanted);
                }
            }
        }
        n
    };
    assert_eq!(game.world.get([x, y + 1, z]), block("bell"));
    assert!(count("bell") == 1);
    assert!(
        count("grass_path") + count("smooth_sandstone") > 100,
        "streets"
    );
    let beds = registry()
        .blocks
        .iter()
        .filter(|b| b.name.ends_with("_bed"))
        .map(|b| b.name);
    assert!(beds.map(count).sum::<usize>() >= 4, "two houses or more");
    assert!(count("farmland") + count("glass_pane") > 0);
    let villagers = |game: &Game| {
        game.entities
            .list
            .iter()
            .filter_map(|e| match &e.kind {
                EntityKind::Mob(mob) if registry().entity(mob.kind).name == "villager" => {
                    mob.tags.profession.clone()
                }
                _ => None,
            })
            .collect::<Vec<String>>()
    };
    let first = villagers(&game);
    assert!(first.len() >= 4, "{first:?}");
    assert!(
        first.iter().any(|p| p != "minecraft:none"),
        "jobs: {first:?}"
    );
    // Far away and back: the chunks come again, their villagers do not.
    game.world.ensure_around(x + 2000, z, 1);
    game.world.unload_beyond(x + 2000, z, 2, |_| false);
    game.world.ensure_around(x, z, 4);
    populate(&mut game);
    assert_eq!(villagers(&game).len(), first.len());
}

#[test]
fn buried_treasure_lies_under_a_beach_with_its_loot() {
    let mut game = Game::new(crate::sim::episode_seed(0, "find_village"));
    let generator = game.world.generator();
    let treasure = generator
        .structures_near(0, 0, 600)
        .into_iter()
        .find(|s| s.kind == StructureKind::BuriedTreasure)
        .expect("buried treasure within 600 blocks");
    let pos = game.world.generator().treasure_chest(&treasure).unwrap();
    game.world.ensure_around(pos[0], pos[2], 1);
    populate(&mut game);
    assert_eq!(game.world.get(pos), block("chest"));
    let above = game.world.get([pos[0], pos[1] + 1, pos[2]]);
    assert!(["sand", "sandstone", "water"].contains(&registry().block(above).name));
    let seed = game.world.generator().seed();
    let Some(BlockEntity::Chest(chest)) = game.block_entities.get_mut(pos) else {
        panic!("the chest has its block entity");
    };
    assert_eq!(
        chest.loot_table.as_deref(),
        Some("minecraft:chests/buried_treasure")
    );
    chest.unpack_loot(seed, pos);
    let items: Vec<_> = chest.slots.iter().flatten().map(|s| s.item).collect();
    assert!(items.contains(&item("heart_of_the_sea")), "{items:?}");
}

#[test]
fn the_test_platform_world_has_no_structure_spawns() {
    // The rules' flat test world (seed 7) must not gain villagers or chests.
    let mut world = World::new(7);
    world.ensure_around(0, 0, 6);
    assert!(world.generator().take_spawns().is_empty());
}

#[test]
fn the_find_village_check_holds_at_the_bell_not_at_spawn() {
    let (mut game, village) = village_world();
    let in_village = |game: &Game| is_in_village(game, game.player.block_pos());
    assert!(!in_village(&game));
    let [x, y, z] = village.pos;
    game.world.ensure_around(x, z, 3);
    populate(&mut game);
    game.player.pos = [f64::from(x) + 2.5, f64::from(y + 1), f64::from(z) + 0.5];
    assert!(in_village(&game));
}
