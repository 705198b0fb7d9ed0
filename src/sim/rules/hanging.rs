//! Item frames and paintings (`HangingEntityItem`, `HangingEntity`,
//! 1.16.5): used on the side of a block they hang there as an entity
//! facing away from it, if the block is solid and no other frame or
//! painting hangs in that spot; placing counts `use_item` and uses up
//! the item. When the block behind goes, they fall off as their item.
//! (Paintings hang as one-block pictures; frames are not hung on floors
//! or ceilings.)

use super::items::{self, Hand};
use crate::sim::entity::{EntityKind, Hanging};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::raycast::Hit;
use crate::sim::registry::{item, registry, BlockId, ItemId};
use crate::sim::world::{BlockPos, Facing, World};
use crate::suite::Event;

/// How far the entity sits out from the wall's face (half its depth).
const DEPTH: f64 = 1.0 / 32.0;
/// Height of the box below the centre.
const HALF_HEIGHT: f64 = 0.375;

/// Whether the item hangs on walls.
fn is_hanging_item(id: ItemId) -> bool {
    id == item("item_frame") || id == item("painting")
}

/// Whether a block can hold a hanging entity (a solid material).
fn holds(world: &World, wall: BlockPos) -> bool {
    let id = world.get(wall);
    id != BlockId::AIR && registry().block(id).shape.collides()
}

/// The feet position of a hanging entity on `wall`, facing `facing`.
pub fn position(wall: BlockPos, facing: Facing) -> [f64; 3] {
    let d = facing.offset().map(f64::from);
    let [x, y, z] = wall.map(f64::from);
    [
        x + 0.5 + d[0] * (0.5 + DEPTH),
        y + 0.5 - HALF_HEIGHT,
        z + 0.5 + d[2] * (0.5 + DEPTH),
    ]
}

fn occupied(game: &Game, wall: BlockPos, facing: Facing) -> bool {
    game.entities
        .list
        .iter()
        .any(|e| matches!(&e.kind, EntityKind::Hanging(h) if h.wall == wall && h.facing == facing))
}

/// The item in `hand` used on `hit`: hangs it if it is a frame or a
/// painting and the spot holds it; returns whether it was placed.
pub fn place(game: &mut Game, hand: Hand, hit: &Hit) -> bool {
    let Some(stack) = hand.slot(&game.player.inventory).clone() else {
        return false;
    };
    let Some(facing) = Facing::of_offset(hit.face.normal()) else {
        return false;
    };
    let in_front = hit.adjacent();
    let front_free = !registry().block(game.world.get(in_front)).shape.collides();
    if !is_hanging_item(stack.item)
        || !holds(&game.world, hit.pos)
        || !front_free
        || occupied(game, hit.pos, facing)
    {
        return false;
    }
    let hanging = Hanging {
        item: stack.item,
        facing,
        wall: hit.pos,
        held: None,
    };
    let id = game.entities.spawn(
        EntityKind::Hanging(hanging),
        position(hit.pos, facing),
        [0.0; 3],
    );
    if let Some(entity) = game.entities.get_mut(id) {
        entity.yaw = facing_yaw(facing);
    }
    game.stats.add(Event::UseItem, stack.name(), 1);
    items::consume_one(&mut game.player.inventory, hand);
    true
}

/// The yaw of something facing `facing` (0 south, 90 west).
fn facing_yaw(facing: Facing) -> f32 {
    match facing {
        Facing::South => 0.0,
        Facing::West => 90.0,
        Facing::North => 180.0,
        Facing::East => 270.0,
    }
}

/// After the block at `pos` changed: frames and paintings on it that it
/// no longer holds fall off as items (with what a frame held).
pub fn settle(game: &mut Game, pos: BlockPos) {
    if holds(&game.world, pos) {
        return;
    }
    let mut fallen = Vec::new();
    game.entities.list.retain(|e| match &e.kind {
        EntityKind::Hanging(h) if h.wall == pos => {
            fallen.push(h.clone());
            false
        }
        _ => true,
    });
    for hanging in fallen {
        let (wall, front) = (hanging.wall, hanging.facing.offset());
        let cell = [wall[0] + front[0], wall[1], wall[2] + front[2]];
        let drops = std::iter::once(ItemStack::new(hanging.item, 1)).chain(hanging.held);
        for stack in drops {
            items::spawn_block_drop(game, cell, stack);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};

    fn frames(game: &Game) -> Vec<Hanging> {
        game.entities
            .list
            .iter()
            .filter_map(|e| match &e.kind {
                EntityKind::Hanging(h) => Some(h.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn an_item_frame_hangs_on_the_clicked_side_and_falls_when_the_wall_goes() {
        let mut game = platform_game();
        let wall = [0, FLOOR + 2, 2];
        put(&mut game.world, wall, "oak_planks");
        game.player.inventory.main[0] = Some(ItemStack::new(item("item_frame"), 2));
        run(&mut game, &keys(&[Key::Use]), 1);
        let hung = frames(&game);
        assert_eq!(hung.len(), 1);
        assert_eq!((hung[0].wall, hung[0].facing), (wall, Facing::North));
        assert_eq!(game.stats.get(Event::UseItem, "item_frame"), 1);
        assert_eq!(game.player.inventory.main[0].as_ref().unwrap().count, 1);
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(frames(&game).len(), 1, "one frame to a spot");
        game.world.set(wall, BlockId::AIR);
        crate::sim::rules::support::settle(&mut game, wall);
        assert!(frames(&game).is_empty());
        assert!(game.entities.list.iter().any(
            |e| matches!(&e.kind, EntityKind::Item { stack, .. } if stack.item == item("item_frame"))
        ));
    }

    #[test]
    fn frames_hang_only_on_the_sides_of_solid_blocks() {
        let mut game = platform_game();
        game.player.pitch = 60.0;
        game.player.inventory.main[0] = Some(ItemStack::new(item("painting"), 1));
        run(&mut game, &keys(&[Key::Use]), 1);
        assert!(frames(&game).is_empty(), "not on the floor");
        put(&mut game.world, [0, FLOOR + 2, 2], "oak_sapling");
        game.player.pitch = 0.0;
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Use]), 1);
        assert!(frames(&game).is_empty(), "not on a plant");
    }
}
