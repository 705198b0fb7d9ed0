//! Item frames and paintings (`HangingEntityItem`, `HangingEntity`,
//! `ItemFrame`, 1.16.5): used on a block they hang there as an entity
//! facing away from it, if the block is solid and no other frame or
//! painting hangs in that spot — paintings on a block's sides only, item
//! frames also on its top or bottom (lying on a floor, under a ceiling);
//! placing counts `use_item` and uses up the item. `/summon` hangs them
//! too, unchecked. When the block behind goes they fall off as their
//! item, and every 101 ticks each checks that it still hangs
//! (`checkInterval`): one whose block behind is gone or whose own cell is
//! solid (summoned into a hillside) falls. (Paintings hang as one-block
//! pictures.)

use super::items::{self, Hand};
use crate::sim::entity::{Entity, EntityKind, Hanging};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::raycast::{Face, Hit};
use crate::sim::registry::{item, registry, BlockId, ItemId};
use crate::sim::world::{offset, BlockPos, World};
use crate::suite::Event;

/// How far the entity's middle sits out from the wall's face (half its
/// thickness).
const HALF_THICKNESS: f64 = 1.0 / 32.0;
/// Ticks from one check that a frame or painting still hangs to the next.
const CHECK_EVERY: u32 = 101;
/// How far out from a wall a fallen frame's items start
/// (`ItemFrame.spawnAtLocation`; not up or down from a floor or ceiling).
const DROP_OUT: f64 = 0.15;

/// Whether the item hangs on blocks.
fn is_hanging_item(id: ItemId) -> bool {
    id == item("item_frame") || id == item("painting")
}

/// Whether a block can hold a hanging entity (a solid material).
fn holds(world: &World, wall: BlockPos) -> bool {
    let id = world.get(wall);
    id != BlockId::AIR && registry().block(id).shape.collides()
}

/// Whether a frame or painting can hang on `wall`'s face `facing`: the
/// wall holds it and the cell it hangs in is not solid (`survives`).
pub fn can_hang(world: &World, wall: BlockPos, facing: Face) -> bool {
    holds(world, wall)
        && !registry()
            .block(world.get(offset(wall, facing.normal())))
            .shape
            .collides()
}

/// The middle of a hanging entity: on its wall's face, half its
/// thickness out.
fn middle(hanging: &Hanging) -> [f64; 3] {
    let n = hanging.facing.normal().map(f64::from);
    let centre = hanging.wall.map(|v| f64::from(v) + 0.5);
    std::array::from_fn(|a| centre[a] + n[a] * (0.5 + HALF_THICKNESS))
}

/// The feet position of a hanging entity: below its middle by half its
/// height.
fn position(hanging: &Hanging) -> [f64; 3] {
    let [x, y, z] = middle(hanging);
    [x, y - hanging.size().1 / 2.0, z]
}

fn occupied(game: &Game, wall: BlockPos, facing: Face) -> bool {
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
    let facing = hit.face;
    let painting_on_floor = stack.item == item("painting") && facing.is_vertical();
    if !is_hanging_item(stack.item)
        || painting_on_floor
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

/// Hangs a frame or painting (`item`) on `wall`'s face `facing`, as it
/// is: placing checks the spot first, `/summon` does not.
pub fn hang(game: &mut Game, item: ItemId, wall: BlockPos, facing: Face) {
    let hanging = Hanging {
        item,
        facing,
        wall,
        held: None,
    };
    let feet = position(&hanging);
    let id = game
        .entities
        .spawn(EntityKind::Hanging(hanging), feet, [0.0; 3]);
    if let Some(entity) = game.entities.get_mut(id) {
        entity.yaw = facing_yaw(facing);
    }
}

/// The yaw of something facing `facing` (0 south, 90 west; 0 lying flat).
fn facing_yaw(facing: Face) -> f32 {
    match facing {
        Face::South | Face::Up | Face::Down => 0.0,
        Face::West => 90.0,
        Face::North => 180.0,
        Face::East => 270.0,
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
        fall(game, &hanging);
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
    fall(game, hanging);
    true
}

/// Drops a fallen frame or painting as its item, and what a frame held,
/// from its middle, a little out from a wall.
fn fall(game: &mut Game, hanging: &Hanging) {
    let [x, y, z] = middle(hanging);
    let [dx, _, dz] = hanging.facing.normal().map(|d| f64::from(d) * DROP_OUT);
    let at = [x + dx, y, z + dz];
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
        assert_eq!((hung[0].wall, hung[0].facing), (wall, Face::North));
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

    #[test]
    fn an_item_frame_lies_on_the_floor_it_is_used_on() {
        let mut game = platform_game();
        game.player.pitch = 60.0;
        game.player.inventory.main[0] = Some(ItemStack::new(item("item_frame"), 1));
        run(&mut game, &keys(&[Key::Use]), 1);
        let hung = frames(&game);
        assert_eq!(hung.len(), 1);
        assert_eq!(hung[0].facing, Face::Up);
        let frame = game
            .entities
            .list
            .iter()
            .find(|e| matches!(e.kind, EntityKind::Hanging(_)))
            .unwrap();
        let floor_top = f64::from(hung[0].wall[1] + 1);
        assert_eq!(frame.pos[1], floor_top, "lies on the floor's top");
        assert_eq!(frame.size(), (0.375, 1.0 / 16.0), "flat");
        run(&mut game, &keys(&[]), 3 * CHECK_EVERY as usize);
        assert_eq!(frames(&game).len(), 1, "the floor holds it");
    }

    #[test]
    fn a_frame_under_open_sky_falls_at_its_first_check_and_lands_below() {
        let mut game = platform_game();
        // Facing down, under the air two blocks above the floor.
        let above = [0, FLOOR + 3, 5];
        hang(&mut game, item("item_frame"), above, Face::Down);
        let lying = falls_at_its_first_check(&mut game);
        let on_floor = (lying[1] - f64::from(FLOOR + 1)).abs() < 0.01;
        // Items start with up to 0.1 a tick of sideways speed.
        let below = (lying[0] - 0.5).hypot(lying[2] - 5.5) < 2.5;
        assert!(
            on_floor && below,
            "fell to the floor below, lies at {lying:?}"
        );
    }

    /// Checks that the one frame of `game` hangs until its first check and
    /// falls at it; returns where its item lies 40 ticks later.
    fn falls_at_its_first_check(game: &mut Game) -> [f64; 3] {
        run(game, &keys(&[]), CHECK_EVERY as usize - 1);
        assert_eq!(frames(game).len(), 1, "hangs until its first check");
        run(game, &keys(&[]), 1);
        assert!(frames(game).is_empty(), "fallen at the check");
        assert_eq!(dropped_frames(game).len(), 1);
        run(game, &keys(&[]), 40);
        dropped_frames(game)[0]
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
        hang(&mut game, item("item_frame"), wall, Face::North);
        game
    }

    #[test]
    fn a_frame_hung_inside_a_hillside_falls_at_its_first_check_and_its_item_drifts_out() {
        let mut game = frame_on_a_wall();
        // Where the frame hangs, a block of dirt (as a hillside).
        put(&mut game.world, FRAME_CELL, "dirt");
        let lying = falls_at_its_first_check(&mut game);
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
