//! What the player looks at up close: the block under the crosshair, or a
//! creature or hanging entity that the view ray meets before any block.

use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::raycast;
use crate::sim::registry::{registry, BlockId};

/// Whether the crosshair rests on a block passing `test`, at most
/// `within` blocks from the eye.
pub fn looks_at_block(game: &Game, within: f64, test: impl Fn(BlockId) -> bool) -> bool {
    let (eye, dir) = (game.player.eye(), game.player.look_dir());
    raycast::target(&game.world, eye, dir)
        .is_some_and(|hit| hit.distance <= within && test(hit.block))
}

/// Whether the view ray meets an entity named `name` (a creature such as
/// `villager`, or a hanging `item_frame`) at most `within` blocks from
/// the eye, before any block.
pub fn looks_at_entity(game: &Game, within: f64, name: &str) -> bool {
    looks_at(game, within, |e| match &e.kind {
        EntityKind::Mob(mob) => registry().entity(mob.kind).name == name,
        EntityKind::Hanging(hanging) => hanging.name() == name,
        _ => false,
    })
}

/// Whether the view ray meets a dropped item of `item` lying in the
/// world at most `within` blocks from the eye, before any block.
pub fn looks_at_dropped(game: &Game, within: f64, item: &str) -> bool {
    looks_at(
        game,
        within,
        |e| matches!(&e.kind, EntityKind::Item { stack, .. } if stack.name() == item),
    )
}

/// Whether the view ray meets an entity passing `test` at most `within`
/// blocks from the eye, before any block.
fn looks_at(game: &Game, within: f64, test: impl Fn(&Entity) -> bool) -> bool {
    let (eye, dir) = (game.player.eye(), game.player.look_dir());
    let block = raycast::cast(&game.world, eye, dir, within, raycast::selectable)
        .map_or(within, |hit| hit.distance);
    let segment = dir.map(|v| v * within);
    game.entities.list.iter().any(|e| {
        test(e)
            && e.bounding_box()
                .clip(eye, segment)
                .is_some_and(|t| t * within <= block)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::inventory::ItemStack;
    use crate::sim::raycast::Face;
    use crate::sim::registry::{block, item};
    use crate::sim::rules::hanging;

    #[test]
    fn the_crosshair_on_a_block_counts_only_up_close() {
        let mut game = sky_game();
        put(&mut game, [0, FLOOR + 1, 3], "blue_bed");
        game.player.yaw = 0.0;
        game.player.pitch = 25.0;
        let bed = |b| b == block("blue_bed");
        assert!(looks_at_block(&game, 4.0, bed));
        assert!(!looks_at_block(&game, 2.0, bed), "too far");
        game.player.yaw = 180.0;
        assert!(!looks_at_block(&game, 4.0, bed), "looking away");
    }

    #[test]
    fn the_view_ray_meets_an_entity_unless_a_block_is_in_front() {
        let mut game = sky_game();
        let wall = [0, FLOOR + 2, 3];
        put(&mut game, wall, "stone");
        hanging::hang(&mut game, item("item_frame"), wall, Face::North);
        game.player.yaw = 0.0;
        game.player.pitch = 0.0;
        assert!(looks_at_entity(&game, 3.0, "item_frame"));
        assert!(!looks_at_entity(&game, 1.5, "item_frame"), "out of reach");
        assert!(!looks_at_entity(&game, 3.0, "villager"));
        assert!(!looks_at_dropped(&game, 3.0, "item_frame"), "it hangs");
        put(&mut game, [0, FLOOR + 2, 1], "stone");
        assert!(!looks_at_entity(&game, 3.0, "item_frame"), "behind a block");
    }

    #[test]
    fn a_dropped_item_is_seen_as_its_item_and_not_as_the_entity() {
        let mut game = sky_game();
        let stack = ItemStack::new(item("item_frame"), 1);
        let lying = [0.5, f64::from(FLOOR) + 1.0, 2.5];
        let item = EntityKind::Item {
            stack,
            pickup_delay: 0,
        };
        game.entities.spawn(item, lying, [0.0; 3]);
        let eye = game.player.eye();
        game.player.yaw = 0.0;
        game.player.pitch = (eye[1] - lying[1] - 0.1)
            .atan2(lying[2] - eye[2])
            .to_degrees() as f32;
        assert!(looks_at_dropped(&game, 4.5, "item_frame"));
        assert!(!looks_at_dropped(&game, 4.5, "painting"));
        assert!(!looks_at_entity(&game, 4.5, "item_frame"), "not hanging");
    }
}
