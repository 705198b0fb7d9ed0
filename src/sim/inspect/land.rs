//! Where the player stands, judged against the land: on a summit, among
//! the trees of a forest, how far from the start and in which biome.
//! Heights and biomes are the world generator's plan of each column (the
//! land before trees, caves and the player's building).

use super::{offset, square};
use crate::sim::game::Game;
use crate::sim::registry::registry;
use crate::sim::world::gen::Biome;
use crate::sim::world::BlockPos;

/// Blocks the land is made of: a summit stands on one of them (a pillar of
/// placed blocks is no mountain).
const NATURAL_GROUND: &[&str] = &[
    "grass_block",
    "dirt",
    "coarse_dirt",
    "podzol",
    "mycelium",
    "stone",
    "granite",
    "diorite",
    "andesite",
    "gravel",
    "sand",
    "red_sand",
    "sandstone",
    "clay",
    "snow_block",
    "terracotta",
];

/// A summit is at least as high as the land this many columns around it.
pub const SUMMIT_RADIUS: i32 = 3;
/// Biomes that are forests (Minecraft's forest category).
pub const FOREST_BIOMES: &[Biome] = &[Biome::Forest, Biome::BirchForest];
/// Tree trunks are looked for this many columns around the player.
pub const TREE_RADIUS: i32 = 6;

/// The block the player stands on, if on the ground.
pub fn ground_under(game: &Game) -> Option<BlockPos> {
    game.player
        .on_ground
        .then(|| offset(game.player.block_pos(), [0, -1, 0]))
}

/// How far the feet are above where the episode began.
pub fn height_above_start(game: &Game) -> f64 {
    game.player.pos[1] - game.start[1]
}

/// The horizontal distance from where the episode began.
pub fn distance_from_start(game: &Game) -> f64 {
    let [x, _, z] = game.player.pos;
    (x - game.start[0]).hypot(z - game.start[2])
}

/// The biome of the column at a point.
pub fn biome_at(game: &Game, [x, _, z]: [f64; 3]) -> Biome {
    game.world
        .generator()
        .biome(x.floor() as i32, z.floor() as i32)
}

/// The generator's planned land height of a column: the top of the land
/// before trees, caves and the player's building.
pub fn land_height(game: &Game, [x, z]: [i32; 2]) -> i32 {
    game.world.generator().column(x, z).height
}

/// Whether a block is a summit: natural ground that is the top of its
/// column's land, with no land within [`SUMMIT_RADIUS`] higher.
pub fn is_summit(game: &Game, ground: BlockPos) -> bool {
    let natural = NATURAL_GROUND.contains(&registry().block(game.world.get(ground)).name);
    natural
        && land_height(game, [ground[0], ground[2]]) == ground[1]
        && square(ground, SUMMIT_RADIUS).all(|c| land_height(game, c) <= ground[1])
}

/// Whether the player stands on a summit.
pub fn on_summit(game: &Game) -> bool {
    ground_under(game).is_some_and(|ground| is_summit(game, ground))
}

/// Whether feet at `feet` stand in a forest: a forest biome by the world's
/// map, with tree trunks within [`TREE_RADIUS`] in at least three of the
/// four quarters around.
pub fn is_forest(game: &Game, feet: BlockPos) -> bool {
    let biome = game.world.generator().biome(feet[0], feet[2]);
    if !FOREST_BIOMES.contains(&biome) {
        return false;
    }
    let mut quarters = [false; 4];
    for [x, z] in square(feet, TREE_RADIUS) {
        let (dx, dz) = (x - feet[0], z - feet[2]);
        let has_trunk = (-2..=4).any(|dy| {
            registry()
                .block(game.world.get([x, feet[1] + dy, z]))
                .name
                .ends_with("_log")
        });
        if has_trunk && (dx, dz) != (0, 0) {
            quarters[quarter(dx, dz)] = true;
        }
    }
    quarters.iter().filter(|&&q| q).count() >= 3
}

/// Whether the player stands in a forest.
pub fn in_forest(game: &Game) -> bool {
    is_forest(game, game.player.block_pos())
}

/// Which quarter around the origin an offset is in (each quarter takes
/// one half-axis, so every offset but the origin has exactly one).
fn quarter(dx: i32, dz: i32) -> usize {
    match (dx, dz) {
        (dx, dz) if dx >= 0 && dz > 0 => 0,
        (dx, dz) if dx > 0 && dz <= 0 => 1,
        (dx, dz) if dx <= 0 && dz < 0 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::block;

    #[test]
    fn every_offset_but_the_origin_is_in_exactly_one_quarter() {
        let mut counts = [0; 4];
        for dz in -2..=2 {
            for dx in -2..=2 {
                if (dx, dz) != (0, 0) {
                    counts[quarter(dx, dz)] += 1;
                }
            }
        }
        assert_eq!(counts, [6; 4]);
    }

    /// The first column near the spawn that is a local top of the land.
    fn a_local_top(game: &mut Game) -> BlockPos {
        let spawn = game.spawn;
        let top = square(spawn, 40)
            .map(|[x, z]| [x, land_height(game, [x, z]), z])
            .find(|&top| square(top, SUMMIT_RADIUS).all(|c| land_height(game, c) <= top[1]))
            .expect("land has tops");
        game.world.ensure_around(top[0], top[2], 1);
        top
    }

    #[test]
    fn a_summit_is_the_natural_top_of_the_land() {
        let mut game = Game::new(11);
        let top = a_local_top(&mut game);
        if NATURAL_GROUND.contains(&registry().block(game.world.get(top)).name) {
            assert!(is_summit(&game, top));
        }
        assert!(!is_summit(&game, offset(top, [0, -1, 0])), "below the top");
        game.world.set(top, block("oak_planks"));
        assert!(!is_summit(&game, top), "a placed block is no mountain");
        game.world.set(offset(top, [0, 1, 0]), block("stone"));
        assert!(
            !is_summit(&game, offset(top, [0, 1, 0])),
            "a pillar is no mountain"
        );
    }

    #[test]
    fn the_player_on_the_start_is_neither_higher_nor_away() {
        let game = Game::new(5);
        assert_eq!(height_above_start(&game), 0.0);
        assert_eq!(distance_from_start(&game), 0.0);
        assert!(!in_forest(&game) || FOREST_BIOMES.contains(&biome_at(&game, game.start)));
    }

    /// Feet high above a forest column, found on the world's biome map.
    fn above_a_forest(game: &Game) -> BlockPos {
        let generator = game.world.generator();
        let [x, z] = (0..1000)
            .map(|i| [i * 16, 0])
            .find(|&[x, z]| FOREST_BIOMES.contains(&generator.biome(x, z)))
            .expect("forests somewhere east");
        [x, 200, z]
    }

    #[test]
    fn a_forest_has_trunks_on_three_sides_of_four() {
        let mut game = Game::blank(2);
        let feet = above_a_forest(&game);
        let log = block("oak_log");
        for [dx, dz] in [[3, 2], [-4, 1]] {
            game.world.set(offset(feet, [dx, 0, dz]), log);
        }
        assert!(!is_forest(&game, feet), "two sides");
        game.world.set(offset(feet, [0, 1, -5]), log);
        assert!(is_forest(&game, feet));
        assert!(
            !is_forest(&game, offset(feet, [0, 8, 0])),
            "trunks out of sight below"
        );
    }
}
