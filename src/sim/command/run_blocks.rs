//! `/setblock` and `/fill`: block positions checked against the world's
//! height and the fill volume limit before anything changes, then placed
//! with the chosen mode (`destroy` drops what was there, as breaking
//! without a tool would). A replaced block's contents are cleared, as
//! 1.16.5 does; a `LootTable` in `/setblock`'s NBT waits in the new chest
//! until it is first opened. Each change re-checks its neighbours, as the
//! game's shape updates do: a plant or torch left without support pops.

use super::ast::{FillMode, SetMode};
use super::reader::{Failure, Parsed};
use crate::sim::block_entity::{BlockEntity, Chest};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::registry::{registry, BlockId, Drop};
use crate::sim::rules;
use crate::sim::world::{BlockPos, BlockState, HEIGHT};

/// The most blocks one `/fill` may cover.
pub const FILL_LIMIT: i64 = 32768;

fn check_in_world(pos: BlockPos) -> Parsed<()> {
    if (0..HEIGHT).contains(&pos[1]) {
        Ok(())
    } else {
        Err(Failure::Rejected(format!(
            "Cannot place block outside of the world (y = {})",
            pos[1]
        )))
    }
}

pub fn set_block(
    game: &mut Game,
    pos: BlockPos,
    (block, state): (BlockId, BlockState),
    mode: SetMode,
    loot_table: Option<&str>,
) -> Parsed<()> {
    check_in_world(pos)?;
    let old = game.world.get(pos);
    match mode {
        SetMode::Keep if !old.is_air() => return Ok(()),
        SetMode::Destroy => drop_block(game, pos, old),
        _ => {}
    }
    replace(game, pos, block, state);
    if let (Some(table), Some(BlockEntity::Chest(_))) = (loot_table, BlockEntity::for_block(block))
    {
        let chest = Chest::new(Some(table.to_string()));
        game.block_entities.insert(pos, BlockEntity::Chest(chest));
    }
    Ok(())
}

/// Sets a block; whatever the old one held is gone with it, and the
/// neighbours it held up fall (a plant whose soil was replaced).
fn replace(game: &mut Game, pos: BlockPos, block: BlockId, state: BlockState) {
    game.block_entities.remove(pos);
    game.world.set_with_state(pos, block, state);
    rules::settle_neighbours(game, pos);
}

pub fn fill(
    game: &mut Game,
    a: BlockPos,
    b: BlockPos,
    (block, state): (BlockId, BlockState),
    mode: FillMode,
) -> Parsed<()> {
    let min: BlockPos = std::array::from_fn(|i| a[i].min(b[i]));
    let max: BlockPos = std::array::from_fn(|i| a[i].max(b[i]));
    let volume: i64 = (0..3)
        .map(|i| i64::from(max[i]) - i64::from(min[i]) + 1)
        .product();
    if volume > FILL_LIMIT {
        return Err(Failure::Rejected(format!(
            "Too many blocks in the specified area (maximum {FILL_LIMIT}, specified {volume})"
        )));
    }
    if max[1] < 0 || min[1] >= HEIGHT {
        return Err(Failure::Rejected(format!(
            "Cannot place block outside of the world (y = {}..{})",
            min[1], max[1]
        )));
    }
    let air = BlockId::AIR;
    for z in min[2]..=max[2] {
        for y in min[1].max(0)..=max[1].min(HEIGHT - 1) {
            for x in min[0]..=max[0] {
                let pos = [x, y, z];
                let shell = (0..3).any(|i| pos[i] == min[i] || pos[i] == max[i]);
                let old = game.world.get(pos);
                let new = match mode {
                    FillMode::Replace(Some(filter)) if old != filter => continue,
                    FillMode::Keep if !old.is_air() => continue,
                    FillMode::Outline if !shell => continue,
                    FillMode::Hollow if !shell => (air, BlockState::default()),
                    FillMode::Destroy => {
                        drop_block(game, pos, old);
                        (block, state)
                    }
                    _ => (block, state),
                };
                replace(game, pos, new.0, new.1);
            }
        }
    }
    Ok(())
}

/// Drops what breaking `block` without a tool yields, at its position.
fn drop_block(game: &mut Game, pos: BlockPos, block: BlockId) {
    let Drop::Item {
        item,
        count,
        shears_only: false,
    } = registry().block(block).drop
    else {
        return;
    };
    rules::spawn_block_drop(game, pos, ItemStack::new(item, count));
}
