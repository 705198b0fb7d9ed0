//! Placing blocks with the use key (`BlockItem.place`): into the cell in
//! front of the face looked at, or into the clicked block itself when that
//! is replaceable (tall grass, snow); never into a non-replaceable block,
//! the player or a creature; the block and its state (wall variants,
//! facing) are chosen by [`orient`](super::orient), and it must be able
//! to stand there. Beds take two cells.

use super::collision::{self, Aabb};
use super::items::{self, Hand};
use super::movement::player_box;
use super::{beds, orient, support, traits};
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::raycast::Hit;
use crate::sim::registry::BlockId;
use crate::sim::world::{BlockPos, HEIGHT};
use crate::suite::Event;

/// A body in the way of a block.
#[derive(Debug, Clone, Copy)]
pub enum Body<'a> {
    Player,
    Creature(&'a Entity),
}

/// The bodies a block's collision box at `pos` would overlap: the
/// player's first, then each creature's. A block that does not collide
/// has none in its way.
pub fn bodies_in_the_way<'a>(
    game: &'a Game,
    id: BlockId,
    pos: BlockPos,
) -> impl Iterator<Item = Body<'a>> + 'a {
    let block = collision::block_box(id, pos);
    let meets = move |body: Aabb| block.is_some_and(|b| body.intersects(&b));
    let player = meets(player_box(&game.player)).then_some(Body::Player);
    let creatures = game
        .entities
        .list
        .iter()
        .filter(move |e| matches!(e.kind, EntityKind::Mob(_)) && meets(e.bounding_box()))
        .map(Body::Creature);
    player.into_iter().chain(creatures)
}

/// Whether a block's collision box at `pos` would overlap the player or a creature.
pub fn obstructed(game: &Game, id: BlockId, pos: BlockPos) -> bool {
    bodies_in_the_way(game, id, pos).next().is_some()
}

/// Whether a block placed at a cell holding `block` takes its place: air,
/// a fluid, tall grass, snow.
pub fn is_replaceable(block: BlockId) -> bool {
    traits::REPLACEABLE.contains(block)
}

/// The cell a block or fluid goes into when `hit` is clicked.
pub fn placement_cell(game: &Game, hit: &Hit) -> Option<BlockPos> {
    let pos = if is_replaceable(game.world.get(hit.pos)) {
        hit.pos
    } else {
        hit.adjacent()
    };
    ((0..HEIGHT).contains(&pos[1]) && is_replaceable(game.world.get(pos))).then_some(pos)
}

/// Places the block item held in `hand` against `hit`; returns whether a
/// block was placed (counting `use_item` and using up one item).
pub fn place(game: &mut Game, hand: Hand, hit: &Hit, id: BlockId) -> bool {
    let Some(pos) = placement_cell(game, hit) else {
        return false;
    };
    let Some((block, state)) = orient::placement_state(game, id, pos, hit) else {
        return false;
    };
    if beds::is_bed(block) {
        return beds::place(game, hand, pos, block, state);
    }
    if obstructed(game, block, pos) {
        return false;
    }
    let Some(stack) = hand.slot(&game.player.inventory) else {
        return false;
    };
    let name = stack.name();
    game.world.set_with_state(pos, block, state);
    game.stats.add(Event::UseItem, name, 1);
    items::consume_one(&mut game.player.inventory, hand);
    support::settle(game, pos);
    super::golems::after_place(game, pos);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::{block, item};
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};
    use crate::sim::world::Facing;

    /// The block's own box is what bodies are tested against: a fence
    /// stands half a block over its cell, into feet overhanging the cell
    /// from the block beside, where a stone would not reach them.
    #[test]
    fn bodies_in_the_way_meet_the_block_s_own_box() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR + 1, 0], "stone");
        game.player.pos = [0.9, f64::from(FLOOR + 2), 0.5];
        let cell = [1, FLOOR + 1, 0];
        let in_the_way = |game: &Game, name| -> Vec<String> {
            bodies_in_the_way(game, block(name), cell)
                .map(|body| match body {
                    Body::Player => "player".to_string(),
                    Body::Creature(e) => format!("creature {}", e.id),
                })
                .collect()
        };
        assert_eq!(in_the_way(&game, "oak_fence"), ["player"]);
        assert!(in_the_way(&game, "stone").is_empty());
        crate::sim::rules::testkit::summon_east(&mut game, "pig", 0.6);
        let pig = game.entities.list[0].id;
        assert_eq!(
            in_the_way(&game, "oak_fence"),
            ["player".to_string(), format!("creature {pig}")]
        );
        assert!(in_the_way(&game, "stone").is_empty());
    }

    #[test]
    fn placing_counts_use_item_and_uses_up_the_stack() {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("dirt"), 2));
        game.player.pitch = 60.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        let placed: Vec<_> = (0..3)
            .map(|dz| game.world.get([0, FLOOR + 1, dz]))
            .collect();
        assert!(placed.contains(&block("dirt")), "{placed:?}");
        assert_eq!(game.stats.get(Event::UseItem, "dirt"), 1);
        assert_eq!(game.player.inventory.main[0].as_ref().unwrap().count, 1);
    }

    #[test]
    fn a_block_cannot_go_into_the_player() {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("dirt"), 5));
        game.player.pitch = 90.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.world.get([0, FLOOR + 1, 0]), BlockId::AIR);
        assert_eq!(game.stats.get(Event::UseItem, "dirt"), 0);
        game.player.inventory.main[0] = Some(ItemStack::new(item("torch"), 5));
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(
            game.world.get([0, FLOOR + 1, 0]),
            block("torch"),
            "torches have no collision"
        );
    }

    #[test]
    fn a_ladder_faces_away_from_its_wall_and_falls_with_it() {
        let mut game = platform_game();
        let wall = [0, FLOOR + 2, 2];
        put(&mut game.world, wall, "stone");
        game.player.inventory.main[0] = Some(ItemStack::new(item("ladder"), 2));
        run(&mut game, &keys(&[Key::Use]), 1);
        let ladder = [0, FLOOR + 2, 1];
        assert_eq!(game.world.get(ladder), block("ladder"));
        assert_eq!(game.world.state(ladder).facing(), Facing::North);
        assert_eq!(game.stats.get(Event::UseItem, "ladder"), 1);
        game.world.set(wall, BlockId::AIR);
        support::settle(&mut game, wall);
        assert_eq!(game.world.get(ladder), BlockId::AIR);
        assert_eq!(game.entities.list.len(), 1, "the ladder drops");
    }

    #[test]
    fn a_ladder_needs_a_wall_and_a_carved_pumpkin_faces_the_player() {
        let mut game = platform_game();
        game.player.pitch = 60.0;
        game.player.inventory.main[0] = Some(ItemStack::new(item("ladder"), 2));
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.stats.get(Event::UseItem, "ladder"), 0, "no wall near");
        game.player.inventory.main[0] = Some(ItemStack::new(item("carved_pumpkin"), 1));
        run(&mut game, &keys(&[]), 1);
        run(&mut game, &keys(&[Key::Use]), 1);
        let placed = (1..3)
            .map(|dz| [0, FLOOR + 1, dz])
            .find(|&p| game.world.get(p) == block("carved_pumpkin"))
            .expect("placed");
        assert_eq!(game.world.state(placed).facing(), Facing::North);
    }

    #[test]
    fn torch_on_a_side_face_is_a_wall_torch() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR + 2, 2], "stone");
        game.player.inventory.main[0] = Some(ItemStack::new(item("torch"), 5));
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.world.get([0, FLOOR + 2, 1]), block("wall_torch"));
        assert_eq!(game.world.state([0, FLOOR + 2, 1]).facing(), Facing::North);
        assert_eq!(game.stats.get(Event::UseItem, "torch"), 1);
    }
}
