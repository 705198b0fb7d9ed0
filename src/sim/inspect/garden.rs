//! Gardens: a plot closed in by a border the player cannot walk through —
//! fences, walls, hedges or blocks; a fence one level lower still closes
//! the plot, its post reaching 1.5 blocks up — and the plants growing in
//! it (flowers, saplings, bushes, potted plants; not wild grass).

use super::{collides, name, Enclosure};
use crate::sim::registry::{registry, Shape};
use crate::sim::world::{BlockPos, World};

/// The most cells a plot may have.
pub const MAX_CELLS: usize = 100;

/// Cross-shaped blocks that grow wild and are not planted on purpose.
const WEEDS: &[&str] = &[
    "grass",
    "fern",
    "dead_bush",
    "tall_grass",
    "large_fern",
    "cobweb",
    "seagrass",
    "tall_seagrass",
    "kelp",
    "kelp_plant",
    "vine",
];

/// A plot: its level (the feet's y inside) and its area.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plot {
    pub y: i32,
    pub area: Enclosure,
}

/// Whether a block reaches above its cell like a fence post (fences, walls).
fn is_post(name: &str) -> bool {
    name.ends_with("_fence") || name.ends_with("_wall") || name.ends_with("fence_gate")
}

/// Whether a column at level `y` stops the player.
fn is_border(world: &World, [x, z]: [i32; 2], y: i32) -> bool {
    collides(world.get([x, y, z])) || is_post(name(world, [x, y - 1, z]))
}

/// Whether a block is a plant grown on purpose: a flower, sapling or bush,
/// or a pot holding one.
pub fn is_garden_plant(block: crate::sim::registry::BlockId) -> bool {
    let def = registry().block(block);
    (def.shape == Shape::Cross && !WEEDS.contains(&def.name)) || def.name.starts_with("potted_")
}

impl Plot {
    /// The plot at level `start[1]` holding `start`, if a border closes it in.
    pub fn around(world: &World, start: BlockPos) -> Option<Plot> {
        let y = start[1];
        let area = Enclosure::around([start[0], start[2]], MAX_CELLS, |c| !is_border(world, c, y))?;
        Some(Plot { y, area })
    }

    /// The plots holding a planted cell within `radius` columns and one
    /// level of `centre`.
    pub fn all_near(world: &World, centre: BlockPos, radius: i32) -> Vec<Plot> {
        (centre[1] - 1..=centre[1] + 1)
            .flat_map(|y| {
                let planted = move |[x, z]: [i32; 2]| is_garden_plant(world.get([x, y, z]));
                Enclosure::all_near(centre, radius, MAX_CELLS, planted, move |c| {
                    !is_border(world, c, y)
                })
                .into_iter()
                .map(move |area| Plot { y, area })
            })
            .collect()
    }

    /// The plants in the plot (at its level, or a step up or down).
    pub fn plants(&self, world: &World) -> Vec<&'static str> {
        self.area
            .cells
            .iter()
            .flat_map(|&[x, z]| (-1..=1).map(move |dy| [x, self.y + dy, z]))
            .map(|pos| world.get(pos))
            .filter(|&b| is_garden_plant(b))
            .map(|b| registry().block(b).name)
            .collect()
    }

    /// How much of the border is fence or wall (rather than ground or other blocks).
    pub fn fenced_share(&self, world: &World) -> f64 {
        let fenced = self
            .area
            .border
            .iter()
            .filter(|&&[x, z]| (-1..=0).any(|dy| is_post(name(world, [x, self.y + dy, z]))))
            .count();
        fenced as f64 / self.area.border.len().max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::game::Game;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};

    const FEET: BlockPos = [0, FLOOR + 1, 0];

    /// A fence ring around a 3×3 bed with a flower, a sapling and a bush
    /// twice each, and grass on the floor.
    fn fenced_garden() -> Game {
        let mut game = sky_game();
        for x in -2..=2i32 {
            for z in -2..=2i32 {
                put(&mut game, [x, FLOOR, z], "grass_block");
                if x.abs() == 2 || z.abs() == 2 {
                    put(&mut game, [x, FLOOR + 1, z], "oak_fence");
                }
            }
        }
        let plants = ["poppy", "oak_sapling", "rose_bush"];
        for (i, [x, z]) in [[-1, -1], [0, -1], [1, -1], [-1, 1], [0, 1], [1, 1]]
            .into_iter()
            .enumerate()
        {
            put(&mut game, [x, FLOOR + 1, z], plants[i % 3]);
        }
        put(&mut game, [1, FLOOR + 1, 0], "grass");
        game
    }

    #[test]
    fn a_fenced_bed_of_flowers_is_a_garden_plot() {
        let game = fenced_garden();
        let plot = Plot::around(&game.world, FEET).expect("the fence closes it");
        assert_eq!(plot.area.cells.len(), 9);
        assert_eq!(plot.fenced_share(&game.world), 1.0);
        assert_eq!(
            plot.plants(&game.world).len(),
            6,
            "wild grass is no garden plant"
        );
        assert_eq!(Plot::all_near(&game.world, FEET, 4), vec![plot]);
    }

    #[test]
    fn a_gap_in_the_fence_opens_the_plot() {
        let mut game = fenced_garden();
        put(&mut game, [2, FLOOR + 1, 0], "air");
        assert_eq!(Plot::around(&game.world, FEET), None);
        assert!(Plot::all_near(&game.world, FEET, 4).is_empty());
    }

    #[test]
    fn a_fence_a_step_down_still_closes_the_plot() {
        let mut game = fenced_garden();
        put(&mut game, [2, FLOOR + 1, 0], "air");
        put(&mut game, [2, FLOOR, 0], "oak_fence");
        let plot = Plot::around(&game.world, FEET).expect("the lower post reaches up");
        assert_eq!(plot.fenced_share(&game.world), 1.0);
    }

    #[test]
    fn pots_holding_plants_are_garden_plants_and_weeds_are_not() {
        assert!(is_garden_plant(crate::sim::registry::block("potted_poppy")));
        assert!(is_garden_plant(crate::sim::registry::block("dandelion")));
        assert!(!is_garden_plant(crate::sim::registry::block("tall_grass")));
        assert!(!is_garden_plant(crate::sim::registry::block("oak_fence")));
    }
}
