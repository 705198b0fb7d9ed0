//! What the player looks at up close: the block under the crosshair, or a
//! creature or hanging entity that the view ray meets before any block.

use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::raycast;
use crate::sim::registry::{registry, BlockId};
use crate::sim::rules::Aabb;

/// Whether the crosshair rests on a block passing `test`, at most
/// `within` blocks from the eye.
pub fn looks_at_block(game: &Game, within: f64, test: impl Fn(BlockId) -> bool) -> bool {
    let (eye, dir) = (game.player.eye(), game.player.look_dir());
    raycast::target(&game.world, eye, dir)
        .is_some_and(|hit| hit.distance <= within && test(hit.block))
}

/// Whether the view ray meets an entity named `name` (`item_frame`,
/// `villager`) at most `within` blocks from the eye, before any block.
pub fn looks_at_entity(game: &Game, within: f64, name: &str) -> bool {
    let (eye, dir) = (game.player.eye(), game.player.look_dir());
    let block = raycast::cast(&game.world, eye, dir, within, raycast::selectable)
        .map_or(within, |hit| hit.distance);
    let segment = dir.map(|v| v * within);
    game.entities.list.iter().any(|e| {
        let EntityKind::Mob(mob) = &e.kind else {
            return false;
        };
        let (half, height) = e.size();
        registry().entity(mob.kind).name == name
            && Aabb::at_feet(e.pos, half, height)
                .clip(eye, segment)
                .is_some_and(|t| t * within <= block)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::entity::{Mob, MobTags};
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::registry::block;

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
        let kind = registry().entity_named("item_frame").expect("1.16 entity");
        let frame = EntityKind::Mob(Mob::new(kind, 1.0, MobTags::default()));
        game.entities
            .spawn(frame, [0.5, f64::from(FLOOR) + 2.4, 2.5], [0.0; 3]);
        game.player.yaw = 0.0;
        game.player.pitch = 0.0;
        assert!(looks_at_entity(&game, 3.0, "item_frame"));
        assert!(!looks_at_entity(&game, 1.5, "item_frame"), "out of reach");
        assert!(!looks_at_entity(&game, 3.0, "villager"));
        put(&mut game, [0, FLOOR + 2, 1], "stone");
        assert!(!looks_at_entity(&game, 3.0, "item_frame"), "behind a block");
    }
}
