//! Item frames and paintings (`HangingEntityItem`, `HangingEntity`,
//! 1.16.5): used on the side of a block they hang there as an entity
//! facing away from it, if the block is solid and no other frame or
//! painting hangs in that spot; placing counts `use_item` and uses up
//! the item. `/summon` hangs them too, unchecked. When the block behind
//! goes they fall off as their item, and every 101 ticks each checks
//! that it still hangs (`checkInterval`): one whose block behind is gone
//! or whose own cell is solid (summoned into a hillside) falls.
//! (Paintings hang as one-block pictures; frames are not hung on floors
//! or ceilings.)

use super::items::{self, Hand};
use crate::sim::entity::{Entity, EntityKind, Hanging};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::raycast::Hit;
use crate::sim::registry::{item, registry, BlockId, ItemId};
use crate::sim::world::{offset, BlockPos, Facing, World};
use crate::suite::Event;

/// How far the entity sits out from the wall's face (half its depth).
const DEPTH: f64 = 1.0 / 32.0;
/// Height of the box below the centre.
const HALF_HEIGHT: f64 = 0.375;
/// Ticks from one check that a frame or painting still hangs to the next.
const CHECK_EVERY: u32 = 101;
/// How far out from the wall a fallen frame's items start
/// (`ItemFrame.spawnAtLocation`).
const DROP_OUT: f64 = 0.15;

/// Whether the item hangs on walls.
fn is_hanging_item(id: ItemId) -> bool {
    id == item("item_frame") || id == item("painting")
}

/// Whether a block can hold a hanging entity (a solid material).
fn holds(world: &World, wall: BlockPos) -> bool {
    let id = world.get(wall);
    id != BlockId::AIR && registry().block(id).shape.collides()
}

/// Whether a frame or painting can hang on `wall` facing `facing`: the
/// wall holds it and the cell it hangs in is not solid (`survives`).
pub fn can_hang(world: &World, wall: BlockPos, facing: Facing) -> bool {
    holds(world, wall)
        && !registry()
            .block(world.get(offset(wall, facing.offset())))
            .shape
            .collides()
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
    if !is_hanging_item(stack.item)
        || !can_hang(&game.world, hit.pos, facing)
        || occupied(game, hit.pos, facing)
    {
        return false;
    }
    hang(game, stack.item, hit.pos, facing);
    game.stats.add(Event::UseItem, stack.name(), 1);
    items::consume_one(&mut game.player.inventory, hand);
    true
}

/// Hangs a frame or painting (`item`) on `wall`, facing `facing`, as
/// it is: placing checks the spot first, `/summon` does not.
pub fn hang(game: &mut Game, item: ItemId, wall: BlockPos, facing: Facing) {
    let hanging = Hanging {
        item,
        facing,
        wall,
        held: None,
    };
    let id = game.entities.spawn(
        EntityKind::Hanging(hanging),
        position(wall, facing),
        [0.0; 3],
    );
    if let Some(entity) = game.entities.get_mut(id) {
        entity.yaw = facing_yaw(facing);
    }
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
        fall(game, position(hanging.wall, hanging.facing), &hanging);
    }
}

/// One tick of a frame or painting (`HangingEntity.tick`): on every
/// [`CHECK_EVERY`]th tick of its life, if it can no longer hang where it
/// is, it falls. Returns whether it fell (and is gone).
pub fn tick(game: &mut Game, entity: &mut Entity) -> bool {
    let due = entity.age % CHECK_EVERY == CHECK_EVERY - 1;
    entity.age += 1;
    let EntityKind::Hanging(hanging) = &entity.kind else {
        return false;
    };
    if !due || can_hang(&game.world, hanging.wall, hanging.facing) {
        return false;
    }
    fall(game, entity.pos, hanging);
    true
}

/// Drops a fallen frame or painting (hanging with its feet at `feet`) as
/// its item, and what a frame held, from its middle a little out from
/// the wall.
fn fall(game: &mut Game, feet: [f64; 3], hanging: &Hanging) {
    let out = hanging.facing.offset().map(|d| f64::from(d) * DROP_OUT);
    let at = [feet[0] + out[0], feet[1] + HALF_HEIGHT, feet[2] + out[2]];
    let drops = std::iter::once(ItemStack::new(hanging.item, 1)).chain(hanging.held.clone());
    for stack in drops {
        items::spawn_drop_at(game, at, stack);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};
    use crate::sim::rules::Aabb;

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
        assert_eq!(dropped_frames(&game).len(), 1);
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

    /// The dropped item frames lying in the world: their feet.
    fn dropped_frames(game: &Game) -> Vec<[f64; 3]> {
        game.entities
            .list
            .iter()
            .filter(|e| matches!(&e.kind, EntityKind::Item { stack, .. } if stack.item == item("item_frame")))
            .map(|e| e.pos)
            .collect()
    }

    /// The cell the frame of [`frame_on_a_wall`] hangs in.
    const FRAME_CELL: BlockPos = [0, FLOOR + 1, 5];

    /// A frame hung facing north on a stone wall at z = 6, out of the
    /// player's pickup reach.
    fn frame_on_a_wall() -> Game {
        let mut game = platform_game();
        let wall = [0, FLOOR + 1, 6];
        put(&mut game.world, wall, "stone");
        hang(&mut game, item("item_frame"), wall, Facing::North);
        game
    }

    #[test]
    fn a_frame_hung_inside_a_hillside_falls_at_its_first_check_and_its_item_drifts_out() {
        let mut game = frame_on_a_wall();
        // Where the frame hangs, a block of dirt (as a hillside).
        put(&mut game.world, FRAME_CELL, "dirt");
        run(&mut game, &keys(&[]), CHECK_EVERY as usize - 1);
        assert_eq!(frames(&game).len(), 1, "hangs until its first check");
        run(&mut game, &keys(&[]), 1);
        assert!(frames(&game).is_empty(), "fallen at the check");
        assert_eq!(dropped_frames(&game).len(), 1);
        run(&mut game, &keys(&[]), 40);
        let lying = dropped_frames(&game)[0];
        let item_box = Aabb::at_feet(lying, 0.125, 0.25);
        assert!(
            super::super::collision::is_free(&game.world, &item_box),
            "still inside a block at {lying:?}"
        );
        let from_cell = (lying[0] - 0.5).hypot(lying[2] - 5.5);
        assert!(from_cell < 2.0, "drifted out of the way to {lying:?}");
    }

    #[test]
    fn a_frame_with_its_cell_open_stays_through_its_checks() {
        let mut game = frame_on_a_wall();
        run(&mut game, &keys(&[]), 3 * CHECK_EVERY as usize);
        assert_eq!(frames(&game).len(), 1);
        put(&mut game.world, FRAME_CELL, "sand");
        run(&mut game, &keys(&[]), CHECK_EVERY as usize);
        assert!(frames(&game).is_empty(), "a block set in its cell drops it");
    }
}
