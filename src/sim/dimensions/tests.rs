use super::*;
use crate::sim::world::HEIGHT;

fn column(world: &World, x: i32, z: i32) -> Vec<BlockId> {
    (0..HEIGHT).map(|y| world.get([x, y, z])).collect()
}

#[test]
fn a_parked_dimension_keeps_its_edits_and_drops_the_rest() {
    let mut game = Game::new(11);
    let spawn = game.player.pos;
    let marker = [spawn[0] as i32 + 40, 200, spawn[2] as i32];
    game.world.set(marker, block("gold_block"));
    let untouched = column(&game.world, spawn[0] as i32 - 30, spawn[2] as i32 - 30);
    let loaded = game.world.loaded_chunks();
    assert!(loaded > 100, "{loaded}");

    change_dimension(&mut game, Dimension::Nether, [0.5, 70.0, 0.5]);
    assert_eq!(game.dimension(), Dimension::Nether);
    assert_eq!(
        game.dimensions.parked_chunks(),
        1,
        "only the edited chunk stays"
    );

    change_dimension(&mut game, Dimension::Overworld, spawn);
    assert_eq!(game.world.get(marker), block("gold_block"));
    assert_eq!(
        column(&game.world, spawn[0] as i32 - 30, spawn[2] as i32 - 30),
        untouched,
        "dropped chunks come back the same"
    );
    assert_eq!(
        game.dimensions.parked_chunks(),
        0,
        "the Nether had no edits"
    );
}

#[test]
fn each_dimension_keeps_its_own_entities_and_ids_stay_unique() {
    use crate::sim::entity::EntityKind;
    let mut game = Game::new(3);
    let first = game.entities.spawn(
        EntityKind::FallingBlock {
            block: block("sand"),
        },
        [0.0, 80.0, 0.0],
        [0.0; 3],
    );
    change_dimension(&mut game, Dimension::End, [0.5, 70.0, 0.5]);
    assert!(game.entities.list.is_empty());
    let second = game.entities.spawn(
        EntityKind::FallingBlock {
            block: block("sand"),
        },
        [0.0, 80.0, 0.0],
        [0.0; 3],
    );
    assert_ne!(first, second);
    change_dimension(&mut game, Dimension::Overworld, [0.5, 80.0, 0.5]);
    assert_eq!(game.entities.list.len(), 1);
    assert_eq!(game.entities.list[0].id, first);
}

#[test]
fn the_nether_is_netherrack_between_bedrock_over_a_lava_sea() {
    let world_seed = 5;
    let mut nether = World::in_dimension(world_seed, Dimension::Nether);
    nether.ensure_around(0, 0, 2);
    let (mut lava, mut open, mut netherrack) = (0, 0, 0);
    for x in -32..32 {
        for z in -32..32 {
            assert_eq!(nether.get([x, 0, z]), block("bedrock"));
            assert_eq!(nether.get([x, 127, z]), block("bedrock"));
            for y in 5..123 {
                match nether.get([x, y, z]) {
                    id if id == block("lava") => {
                        // Above the sea only as a spring under the rock
                        // (open on one side or underneath at most).
                        let around = [[1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1], [0, -1, 0]];
                        let open = around
                            .iter()
                            .filter(|d| nether.get([x + d[0], y + d[1], z + d[2]]) == BlockId::AIR)
                            .count();
                        let roofed = nether.get([x, y + 1, z]) != BlockId::AIR;
                        assert!(
                            y <= 31 || (roofed && open <= 1),
                            "lava above the sea at {x} {y} {z}"
                        );
                        lava += 1;
                    }
                    BlockId::AIR => open += 1,
                    id if id == block("netherrack") => netherrack += 1,
                    id => {
                        let name = registry().block(id).name;
                        assert!(NETHER_BLOCKS.contains(&name), "{name} at {x} {y} {z}");
                    }
                }
            }
        }
    }
    assert!(open > 64 * 64 * 20, "a cavern: {open}");
    assert!(netherrack > open / 2, "{netherrack}");
    assert!(lava > 0, "a lava sea somewhere in 64×64");
}

/// What the Nether's generator places besides netherrack, lava and air.
const NETHER_BLOCKS: &[&str] = &[
    "bedrock",
    "soul_sand",
    "soul_soil",
    "gravel",
    "blackstone",
    "magma_block",
    "glowstone",
    "nether_quartz_ore",
    "nether_gold_ore",
    "warped_nylium",
    "warped_roots",
    "nether_sprouts",
    "nether_bricks",
    "nether_brick_fence",
    "nether_brick_stairs",
    "nether_wart",
    "spawner",
    "chest",
];

#[test]
fn the_end_is_an_island_of_end_stone_in_the_void() {
    let mut end = World::in_dimension(5, Dimension::End);
    end.ensure_around(0, 0, 1);
    end.ensure_around(300, 300, 0);
    // Beside the exit portal's bedrock at the origin.
    let top = (0..HEIGHT)
        .rev()
        .find(|&y| end.get([20, y, 5]) != BlockId::AIR);
    assert!(matches!(top, Some(55..=66)), "{top:?}");
    assert_eq!(end.get([20, top.unwrap(), 5]), block("end_stone"));
    assert!(column(&end, 300, 300).iter().all(|&b| b == BlockId::AIR));
}

#[test]
fn a_portal_is_built_on_firm_ground_near_the_scaled_position() {
    let mut world = World::in_dimension(9, Dimension::Nether);
    world.ensure_around(40, -24, 3);
    let bottom = build_portal(&mut world, [40, 64, -24]);
    assert_eq!(world.get(bottom), block("nether_portal"));
    assert_eq!(
        world.get([bottom[0], bottom[1] - 1, bottom[2]]),
        block("obsidian")
    );
    assert_eq!(
        world.get([bottom[0] + 1, bottom[1] + 2, bottom[2]]),
        block("nether_portal")
    );
    assert_eq!(
        world.get([bottom[0] + 2, bottom[1] + 1, bottom[2]]),
        block("obsidian")
    );
    assert!((bottom[0] - 40).abs() <= BUILD_SEARCH && (bottom[2] + 24).abs() <= BUILD_SEARCH);
}
