//! The dimensions of one game and moving between them.
//!
//! The dimension the player is in is `Game::world` (with its entities and
//! block entities); the others wait here as they were left, their far
//! unedited chunks dropped so a second dimension never doubles memory
//! (they come back exactly, generation being a pure function of the seed).
//!
//! A nether portal leads to the other side at the scaled position
//! (Nether = overworld / 8): to the nearest portal known there within 128
//! blocks (overworld) or 16 (Nether), else to a new 2×3 portal built
//! nearby, on an obsidian ledge where the ground does not hold it, the
//! way 1.16.5's portal forcer places one.

use super::block_entity::BlockEntities;
use super::entity::Entities;
use super::game::{Game, GENERATION_RADIUS_CHUNKS};
use super::registry::{block, registry, BlockId, Shape};
use super::world::{BlockPos, BlockState, Dimension, World};

/// The dimensions the player is not in, and the portals known in each.
#[derive(Default)]
pub struct Dimensions {
    parked: Vec<Parked>,
    /// The bottom inside cell of each nether portal lit or built, by
    /// dimension, in the order they were made.
    portals: Vec<(Dimension, BlockPos)>,
}

/// One dimension's state while the player is away.
struct Parked {
    world: World,
    entities: Entities,
    block_entities: BlockEntities,
}

/// How far around the scaled position a portal on the other side is found.
fn search_radius(dimension: Dimension) -> i32 {
    match dimension {
        Dimension::Nether => 16,
        Dimension::Overworld | Dimension::End => 128,
    }
}

/// The inside of the portals built here: 2 wide, 3 high.
const BUILT_WIDTH: i32 = 2;
const BUILT_HEIGHT: i32 = 3;
/// How far from the scaled position a spot on firm ground is looked for.
const BUILD_SEARCH: i32 = 16;
/// The y range a portal is built in when no spot on the ground is found.
const FORCED_Y: (i32, i32) = (70, 118);

impl Dimensions {
    /// Records a nether portal lit or built, by its bottom inside cell.
    pub fn add_portal(&mut self, dimension: Dimension, bottom: BlockPos) {
        if !self.portals.contains(&(dimension, bottom)) {
            self.portals.push((dimension, bottom));
        }
    }

    /// Chunks held by the dimensions the player is not in.
    pub fn parked_chunks(&self) -> usize {
        self.parked.iter().map(|p| p.world.loaded_chunks()).sum()
    }
}

impl Game {
    /// The dimension the player is in.
    pub fn dimension(&self) -> Dimension {
        self.world.dimension()
    }
}

/// Moves the player into dimension `to`, feet at `feet`: the dimension left
/// is parked as it is (minus its far unedited chunks), the one entered is
/// taken back from where it waited or generated afresh.
pub fn change_dimension(game: &mut Game, to: Dimension, feet: [f64; 3]) {
    if to != game.dimension() {
        let seed = game.world.generator().seed();
        let incoming = match game
            .dimensions
            .parked
            .iter()
            .position(|p| p.world.dimension() == to)
        {
            Some(index) => game.dimensions.parked.swap_remove(index),
            None => Parked {
                world: World::in_dimension(seed, to),
                entities: Entities::default(),
                block_entities: BlockEntities::default(),
            },
        };
        let mut outgoing = Parked {
            world: std::mem::replace(&mut game.world, incoming.world),
            entities: std::mem::replace(&mut game.entities, incoming.entities),
            block_entities: std::mem::replace(&mut game.block_entities, incoming.block_entities),
        };
        game.entities.continue_ids_after(&outgoing.entities);
        outgoing.world.unload_beyond(0, 0, -1, |_| false);
        game.dimensions.parked.push(outgoing);
    }
    let p = &mut game.player;
    p.pos = feet;
    p.vel = [0.0; 3];
    p.fall_distance = 0.0;
    p.breaking = None;
    game.world.ensure_around(
        feet[0].floor() as i32,
        feet[2].floor() as i32,
        GENERATION_RADIUS_CHUNKS,
    );
}

/// Sends the player through the nether portal they stand in: to the
/// matching portal on the other side, built if there is none.
pub fn through_nether_portal(game: &mut Game) {
    let from = game.dimension();
    let to = from.through_nether_portal();
    let scale = from.coordinate_scale() / to.coordinate_scale();
    let target = [
        (game.player.pos[0] * scale).floor() as i32,
        (game.player.pos[1].floor() as i32).clamp(1, 250),
        (game.player.pos[2] * scale).floor() as i32,
    ];
    change_dimension(game, to, centre_of(target));
    let bottom = nearest_portal(game, to, target).unwrap_or_else(|| {
        let built = build_portal(&mut game.world, target);
        game.dimensions.add_portal(to, built);
        built
    });
    change_dimension(game, to, centre_of(bottom));
}

fn centre_of(cell: BlockPos) -> [f64; 3] {
    [
        f64::from(cell[0]) + 0.5,
        f64::from(cell[1]),
        f64::from(cell[2]) + 0.5,
    ]
}

/// The nearest known portal of `dimension` within its search radius of
/// `target` whose block still stands (nearest by distance, then lowest).
fn nearest_portal(game: &mut Game, dimension: Dimension, target: BlockPos) -> Option<BlockPos> {
    let radius = search_radius(dimension);
    let portal = block("nether_portal");
    let candidates: Vec<BlockPos> = game
        .dimensions
        .portals
        .iter()
        .filter(|(d, pos)| {
            *d == dimension
                && (pos[0] - target[0]).abs() <= radius
                && (pos[2] - target[2]).abs() <= radius
        })
        .map(|&(_, pos)| pos)
        .collect();
    let standing = candidates.into_iter().filter(|&pos| {
        game.world.chunk_mut(pos[0] >> 4, pos[2] >> 4);
        game.world.get(pos) == portal
    });
    standing.min_by_key(|pos| {
        let d = [pos[0] - target[0], pos[1] - target[1], pos[2] - target[2]];
        (
            i64::from(d[0]).pow(2) + i64::from(d[1]).pow(2) + i64::from(d[2]).pow(2),
            pos[1],
        )
    })
}

/// The cells of a portal built along x from its bottom inside corner:
/// the frame (obsidian) and the inside (portal), with their roles.
fn portal_cells(bottom: BlockPos) -> impl Iterator<Item = (BlockPos, bool)> {
    (-1..=BUILT_WIDTH).flat_map(move |across| {
        (-1..=BUILT_HEIGHT).map(move |up| {
            let frame = across == -1 || across == BUILT_WIDTH || up == -1 || up == BUILT_HEIGHT;
            ([bottom[0] + across, bottom[1] + up, bottom[2]], frame)
        })
    })
}

/// Whether a portal fits with its inside's bottom at `bottom`: the cells
/// of the frame and inside, and one cell on each side of the inside, open
/// (air or replaceable plants), and firm ground under the frame.
fn fits(world: &World, bottom: BlockPos) -> bool {
    let shape = |pos: BlockPos| registry().block(world.get(pos)).shape;
    let open = |pos: BlockPos| matches!(shape(pos), Shape::None | Shape::Cross);
    let firm = |pos: BlockPos| shape(pos) == Shape::Cube;
    let cells_open = portal_cells(bottom)
        .filter(|(pos, _)| pos[1] >= bottom[1])
        .all(|(pos, _)| {
            open(pos) && open([pos[0], pos[1], pos[2] - 1]) && open([pos[0], pos[1], pos[2] + 1])
        });
    let ground =
        (-1..=BUILT_WIDTH).all(|across| firm([bottom[0] + across, bottom[1] - 1, bottom[2]]));
    cells_open && ground
}

/// Builds a lit portal near `target` and returns its bottom inside cell:
/// on the first spot within [`BUILD_SEARCH`] blocks where one fits on firm
/// ground (nearest first), else at `target` raised into [`FORCED_Y`] on an
/// obsidian ledge with the space around it cleared.
fn build_portal(world: &mut World, target: BlockPos) -> BlockPos {
    let top = match world.dimension() {
        Dimension::Nether => 120,
        Dimension::Overworld | Dimension::End => 250,
    };
    let mut spots: Vec<BlockPos> = (-BUILD_SEARCH..=BUILD_SEARCH)
        .flat_map(|dz| (-BUILD_SEARCH..=BUILD_SEARCH).map(move |dx| [dx, 0, dz]))
        .collect();
    spots.sort_by_key(|d| (d[0] * d[0] + d[2] * d[2], d[2], d[0]));
    let found = spots.iter().find_map(|d| {
        let (x, z) = (target[0] + d[0], target[2] + d[2]);
        (2..top)
            .rev()
            .map(|y| [x, y, z])
            .find(|&bottom| fits(world, bottom))
    });
    let bottom = found.unwrap_or_else(|| {
        let bottom = [
            target[0],
            target[1].clamp(FORCED_Y.0, FORCED_Y.1),
            target[2],
        ];
        for across in -1..=BUILT_WIDTH {
            for side in -1..=1 {
                let ledge = [bottom[0] + across, bottom[1] - 1, bottom[2] + side];
                world.set(ledge, block("obsidian"));
                for up in 0..BUILT_HEIGHT {
                    world.set([ledge[0], bottom[1] + up, ledge[2]], BlockId::AIR);
                }
            }
        }
        bottom
    });
    let inside_state = BlockState::default().with_along_z(false);
    for (pos, frame) in portal_cells(bottom) {
        if frame {
            world.set(pos, block("obsidian"));
        } else {
            world.set_with_state(pos, block("nether_portal"), inside_state);
        }
    }
    bottom
}

#[cfg(test)]
mod tests;
