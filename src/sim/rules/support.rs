//! What holds blocks in place: torches, plants and snow need something
//! under them (or beside them, for wall torches and signs), crops need
//! farmland. Used when placing and after any block changes.

use super::collision;
use super::traits;
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::registry::{block, registry, BlockId, Drop, Shape};
use crate::sim::world::{BlockPos, World, HEIGHT};

const SIDES: [[i32; 3]; 4] = [[1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];

fn offset(pos: BlockPos, d: [i32; 3]) -> BlockPos {
    [pos[0] + d[0], pos[1] + d[1], pos[2] + d[2]]
}

/// Whether the block offers a full face to stand or hang things on.
pub fn is_sturdy(block: BlockId) -> bool {
    collision::block_box(block, [0, 0, 0]).is_some_and(|b| b.max[1] >= 1.0)
}

/// Whether `block` may stand at `pos`.
pub fn can_survive(world: &World, pos: BlockPos, id: BlockId) -> bool {
    let def = registry().block(id);
    let below = world.get(offset(pos, [0, -1, 0]));
    let hangs_on_wall = def.name.contains("wall_");
    match def.shape {
        _ if hangs_on_wall => SIDES.iter().any(|&d| is_sturdy(world.get(offset(pos, d)))),
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
    game.world.set(pos, BlockId::AIR);
    if let Drop::Item {
        item,
        count,
        shears_only: false,
    } = registry().block(id).drop
    {
        super::items::spawn_block_drop(game, pos, ItemStack::new(item, count));
    }
}

/// Re-checks the blocks around a change at `pos`: unsupported torches and
/// plants pop off, and so on up the column. (Sand and gravel fall by the
/// block updates, as falling-block entities.)
pub fn settle(game: &mut Game, pos: BlockPos) {
    let mut around: Vec<BlockPos> = vec![pos, offset(pos, [0, 1, 0])];
    around.extend(SIDES.iter().map(|&d| offset(pos, d)));
    while let Some(at) = around.pop() {
        if !(0..HEIGHT).contains(&at[1]) {
            continue;
        }
        let id = game.world.get(at);
        if id == BlockId::AIR {
            continue;
        }
        if !can_survive(&game.world, at, id) {
            pop(game, at, id);
            around.push(offset(at, [0, 1, 0]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules::testkit::{platform_game, put};

    #[test]
    fn torches_need_a_floor_and_wall_torches_a_wall() {
        let mut game = platform_game();
        let world = &mut game.world;
        assert!(can_survive(world, [0, 101, 0], block("torch")));
        assert!(!can_survive(world, [0, 103, 0], block("torch")));
        assert!(!can_survive(world, [0, 102, 0], block("wall_torch")));
        put(world, [1, 102, 0], "stone");
        assert!(can_survive(world, [0, 102, 0], block("wall_torch")));
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
