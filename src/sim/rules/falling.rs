//! Blocks with gravity (sand, red sand, gravel, concrete powder, anvils,
//! the dragon egg; `traits::FALLING`), after vanilla's `FallingBlock` and
//! `FallingBlockEntity`: a block with air, fluid or a replaceable plant
//! under it becomes a falling-block entity, which falls (gravity 0.04,
//! drag 0.98) and, where it lands, becomes the block again if the cell
//! can be replaced and holds it; landing in a torch, on a slab or the
//! like, it drops as an item instead. One that falls for 600 ticks drops.
//!
//! Not modelled: concrete powder hardening in water, anvils hurting what
//! they land on.

use super::{entities, items, support, traits};
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::registry::{registry, BlockId};
use crate::sim::world::BlockPos;

const GRAVITY: f64 = 0.04;
const DRAG: f64 = 0.98;
/// A falling block still falling after this many ticks drops as an item.
const MAX_FALL_TICKS: u32 = 600;

/// Whether a falling block may fall into the cell (`FallingBlock.isFree`).
fn is_free(id: BlockId) -> bool {
    traits::REPLACEABLE.contains(id)
}

/// Whether a block has gravity: it falls when nothing holds it.
pub fn has_gravity(id: BlockId) -> bool {
    traits::FALLING.contains(id)
}

/// The scheduled check of a gravity block at `pos`: it starts falling if
/// nothing holds it.
pub fn check(game: &mut Game, pos: BlockPos) {
    let id = game.world.get(pos);
    let below = [pos[0], pos[1] - 1, pos[2]];
    if !has_gravity(id) || pos[1] <= 0 || !is_free(game.world.get(below)) {
        return;
    }
    game.world.set(pos, BlockId::AIR);
    let at = [
        f64::from(pos[0]) + 0.5,
        f64::from(pos[1]),
        f64::from(pos[2]) + 0.5,
    ];
    game.entities
        .spawn(EntityKind::FallingBlock { block: id }, at, [0.0; 3]);
}

/// Drops the block as its item where the entity is.
fn drop_as_item(game: &mut Game, cell: BlockPos, id: BlockId) {
    if let Some(item) = registry().item_of_block(id) {
        items::spawn_block_drop(game, cell, ItemStack::new(item, 1));
    }
}

/// One tick of a falling block entity; returns whether it is gone.
pub fn tick(game: &mut Game, e: &mut Entity, id: BlockId) -> bool {
    e.age += 1;
    e.vel[1] -= GRAVITY;
    entities::move_entity(&game.world, e, 0.0);
    e.vel = e.vel.map(|v| v * DRAG);
    let cell = e.pos.map(|v| v.floor() as i32);
    if !e.on_ground {
        if e.age > MAX_FALL_TICKS || e.pos[1] < -64.0 {
            drop_as_item(game, cell, id);
            return true;
        }
        return false;
    }
    let below = [cell[0], cell[1] - 1, cell[2]];
    let there = game.world.get(cell);
    let settles = traits::REPLACEABLE.contains(there)
        && support::can_survive(&game.world, cell, id, game.world.state(cell))
        && !is_free(game.world.get(below));
    if settles {
        game.world.set(cell, id);
    } else {
        drop_as_item(game, cell, id);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::{block, item};
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};

    const GROUND: i32 = FLOOR + 1;

    fn falling_blocks(game: &Game) -> usize {
        game.entities
            .list
            .iter()
            .filter(|e| matches!(e.kind, EntityKind::FallingBlock { .. }))
            .count()
    }

    #[test]
    fn sand_over_air_falls_as_an_entity_and_lands_as_a_block() {
        let mut game = platform_game();
        put(&mut game.world, [4, GROUND + 5, 4], "sand");
        run(&mut game, &keys(&[]), 4);
        assert_eq!(game.world.get([4, GROUND + 5, 4]), BlockId::AIR);
        assert_eq!(falling_blocks(&game), 1);
        run(&mut game, &keys(&[]), 40);
        assert_eq!(falling_blocks(&game), 0);
        assert_eq!(game.world.get([4, GROUND, 4]), block("sand"));
    }

    #[test]
    fn gravel_falls_when_the_block_under_it_goes() {
        let mut game = platform_game();
        put(&mut game.world, [4, GROUND, 4], "stone");
        put(&mut game.world, [4, GROUND + 1, 4], "gravel");
        run(&mut game, &keys(&[]), 10);
        assert_eq!(game.world.get([4, GROUND + 1, 4]), block("gravel"), "held");
        game.world.set([4, GROUND, 4], BlockId::AIR);
        run(&mut game, &keys(&[]), 30);
        assert_eq!(game.world.get([4, GROUND, 4]), block("gravel"));
        assert_eq!(game.world.get([4, GROUND + 1, 4]), BlockId::AIR);
    }

    #[test]
    fn sand_landing_on_a_torch_drops_as_an_item() {
        let mut game = platform_game();
        put(&mut game.world, [4, GROUND, 4], "torch");
        put(&mut game.world, [4, GROUND + 3, 4], "red_sand");
        run(&mut game, &keys(&[]), 40);
        assert_eq!(game.world.get([4, GROUND, 4]), block("torch"));
        let dropped = game.entities.list.iter().any(
            |e| matches!(&e.kind, EntityKind::Item { stack, .. } if stack.item == item("red_sand")),
        );
        assert!(dropped);
    }
}
