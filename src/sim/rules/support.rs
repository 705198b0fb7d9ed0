//! What holds blocks in place: torches, plants and snow need something
//! under them (ladders, wall torches and signs the wall behind them),
//! crops need farmland, a bed half its other half. Used when placing and
//! after any block changes.

use super::collision;
use super::traits;
use crate::sim::game::Game;
use crate::sim::registry::{block, registry, state_def, BlockId, Placement, Shape};
use crate::sim::world::{offset, BlockPos, BlockState, World, HEIGHT};

const SIDES: [[i32; 3]; 4] = [[1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];

/// Whether the block offers a full face to stand or hang things on.
pub fn is_sturdy(block: BlockId) -> bool {
    collision::block_box(block, [0, 0, 0]).is_some_and(|b| b.max[1] >= 1.0)
}

/// Whether `block` in `state` may stand at `pos`.
pub fn can_survive(world: &World, pos: BlockPos, id: BlockId, state: BlockState) -> bool {
    let def = registry().block(id);
    let below = world.get(offset(pos, [0, -1, 0]));
    match def.shape {
        _ if state_def(id).placement == Placement::Wall => {
            is_sturdy(world.get(offset(pos, state.facing().opposite().offset())))
        }
        _ if state_def(id).placement == Placement::Bed => {
            super::beds::other_half_present(world, pos, id, state)
        }
        _ if id == block("nether_portal") => super::portal::portal_holds(world, pos, state),
        Shape::Torch => is_sturdy(below),
        Shape::Flat => def.name == "fire" || def.name.contains("vines") || is_sturdy(below),
        Shape::Cross if traits::CROPS.contains(id) => below == block("farmland"),
        Shape::Cross if id == block("sugar_cane") => {
            below == id
                || ((traits::SOIL.contains(below)
                    || below == block("sand")
                    || below == block("red_sand"))
                    && SIDES.iter().any(|&d| {
                        super::fluids::Fluid::of(world.get(offset(pos, [d[0], -1, d[2]]))).is_some()
                    }))
        }
        Shape::Cross if id == block("cobweb") || id == block("vine") => true,
        Shape::Cross => traits::SOIL.contains(below) || below == id || below == block("sand"),
        _ => true,
    }
}

/// Breaks a block that lost its support, dropping what it drops by hand.
fn pop(game: &mut Game, pos: BlockPos, id: BlockId) {
    let state = game.world.state(pos);
    game.world.set(pos, BlockId::AIR);
    for stack in super::drops::block_drops(game, id, state, false) {
        super::items::spawn_block_drop(game, pos, stack);
    }
}

/// Re-checks the blocks around a change at `pos`, and the block at `pos`
/// itself: unsupported torches and plants pop off, and so on up the
/// column; a nether portal that loses its frame goes out entirely. (Sand
/// and gravel fall by the block updates, as falling-block entities.)
pub fn settle(game: &mut Game, pos: BlockPos) {
    super::hanging::settle(game, pos);
    let mut cells = vec![pos];
    cells.extend(neighbours(game, pos));
    settle_cells(game, cells);
}

/// Re-checks only the neighbours of a block a command set, as 1.16.5's
/// shape updates do after `/setblock` and `/fill`: a plant whose soil was
/// replaced pops, while the block set itself stays even where it could
/// not be placed by hand (a torch set in the air).
pub fn settle_neighbours(game: &mut Game, pos: BlockPos) {
    let cells = neighbours(game, pos);
    settle_cells(game, cells);
}

/// The cells a change at `pos` can unsettle: the one above, the four
/// beside it, and a portal below.
fn neighbours(game: &Game, pos: BlockPos) -> Vec<BlockPos> {
    let mut cells = vec![offset(pos, [0, 1, 0])];
    cells.extend(SIDES.iter().map(|&d| offset(pos, d)));
    let below = offset(pos, [0, -1, 0]);
    if game.world.get(below) == block("nether_portal") {
        cells.push(below);
    }
    cells
}

fn settle_cells(game: &mut Game, mut cells: Vec<BlockPos>) {
    let portal = block("nether_portal");
    while let Some(at) = cells.pop() {
        if !(0..HEIGHT).contains(&at[1]) {
            continue;
        }
        let id = game.world.get(at);
        if id == BlockId::AIR {
            continue;
        }
        if !can_survive(&game.world, at, id, game.world.state(at)) {
            pop(game, at, id);
            cells.push(offset(at, [0, 1, 0]));
            if id == portal {
                // A portal goes as a whole.
                cells.extend(SIDES.iter().map(|&d| offset(at, d)));
                cells.push(offset(at, [0, -1, 0]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules::testkit::{platform_game, put};
    use crate::sim::world::Facing;

    #[test]
    fn torches_need_a_floor_and_wall_torches_a_wall() {
        let mut game = platform_game();
        let world = &mut game.world;
        let facing = |f| BlockState::default().with_facing(f);
        let (east, west) = (facing(Facing::East), facing(Facing::West));
        assert!(can_survive(world, [0, 101, 0], block("torch"), east));
        assert!(!can_survive(world, [0, 103, 0], block("torch"), east));
        assert!(!can_survive(world, [0, 102, 0], block("wall_torch"), west));
        put(world, [1, 102, 0], "stone");
        assert!(
            can_survive(world, [0, 102, 0], block("wall_torch"), west),
            "facing west, away from the stone east of it"
        );
        assert!(!can_survive(world, [0, 102, 0], block("wall_torch"), east));
        assert!(can_survive(world, [0, 102, 0], block("ladder"), west));
        assert!(!can_survive(world, [0, 102, 0], block("ladder"), east));
    }

    #[test]
    fn torches_pop_when_the_floor_goes() {
        let mut game = platform_game();
        put(&mut game.world, [3, 101, 3], "torch");
        game.world.set([3, 100, 3], BlockId::AIR);
        settle(&mut game, [3, 100, 3]);
        assert_eq!(game.world.get([3, 101, 3]), BlockId::AIR);
        assert_eq!(game.entities.list.len(), 1);
    }
}
