//! Wall decorations: things hung on or set against a wall — wall torches,
//! signs and banners, lanterns and flower pots on a shelf, item frames and
//! paintings — where a wall is solid blocks at least three high. A
//! decoration counts when it is beside a wall block.

use super::{offset, SIDES};
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::registry::{registry, Shape};
use crate::sim::world::{BlockPos, World};

/// How many solid blocks stacked make a wall.
const WALL_HEIGHT: i32 = 3;

/// Decorating blocks by how their name ends, and the kind of decoration.
const BLOCK_DECORATIONS: &[(&str, &str)] = &[
    ("wall_torch", "light"),
    ("lantern", "light"),
    ("_wall_sign", "sign"),
    ("_wall_banner", "banner"),
    ("flower_pot", "pot"),
    ("potted_", "pot"),
];

/// Hanging entities, and the kind of decoration.
const ENTITY_DECORATIONS: &[(&str, &str)] = &[("item_frame", "frame"), ("painting", "painting")];

/// One decoration: where it is and its kind (`light`, `pot`, `frame`…).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decoration {
    pub at: BlockPos,
    pub kind: &'static str,
}

/// The decoration kind of a block, by its name.
fn block_kind(name: &str) -> Option<&'static str> {
    BLOCK_DECORATIONS
        .iter()
        .find(|(pattern, _)| {
            if pattern.ends_with('_') {
                name.starts_with(pattern)
            } else {
                name.ends_with(pattern)
            }
        })
        .map(|(_, kind)| *kind)
}

fn is_solid(world: &World, pos: BlockPos) -> bool {
    registry().block(world.get(pos)).shape == Shape::Cube
}

/// Whether a solid block is part of a wall: solid blocks at least
/// [`WALL_HEIGHT`] high stacked through it.
pub fn is_wall_block(world: &World, pos: BlockPos) -> bool {
    if !is_solid(world, pos) {
        return false;
    }
    let run = |step: i32| {
        (1..WALL_HEIGHT)
            .take_while(|&n| is_solid(world, offset(pos, [0, step * n, 0])))
            .count() as i32
    };
    1 + run(1) + run(-1) >= WALL_HEIGHT
}

fn beside_wall(world: &World, pos: BlockPos) -> bool {
    SIDES.iter().any(|&d| is_wall_block(world, offset(pos, d)))
}

/// The decorations beside walls within `radius` blocks (horizontally and
/// vertically) of `centre`, blocks first, in position order.
pub fn near(game: &Game, centre: BlockPos, radius: i32) -> Vec<Decoration> {
    let world = &game.world;
    let mut found: Vec<Decoration> = (-radius..=radius)
        .flat_map(|dy| super::square(centre, radius).map(move |[x, z]| [x, centre[1] + dy, z]))
        .filter_map(|at| {
            let kind = block_kind(registry().block(world.get(at)).name)?;
            beside_wall(world, at).then_some(Decoration { at, kind })
        })
        .collect();
    found.extend(game.entities.list.iter().filter_map(|e| {
        let EntityKind::Hanging(hanging) = &e.kind else {
            return None;
        };
        let name = hanging.name();
        let &(_, kind) = ENTITY_DECORATIONS.iter().find(|(n, _)| *n == name)?;
        let at = e.pos.map(|v| v.floor() as i32);
        let near = (0..3).all(|a| (at[a] - centre[a]).abs() <= radius);
        (near && beside_wall(world, at)).then_some(Decoration { at, kind })
    }));
    found
}

/// How many different kinds a list of decorations has.
pub fn kinds(decorations: &[Decoration]) -> usize {
    let mut kinds: Vec<&str> = decorations.iter().map(|d| d.kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::raycast::Face;
    use crate::sim::registry::item;
    use crate::sim::rules::hanging;

    /// A stone wall at x = 2, from z = 0 to 3, `height` high on the stone floor.
    fn wall(height: i32) -> Game {
        let mut game = sky_game();
        for z in 0..4 {
            for up in 1..=height {
                put(&mut game, [2, FLOOR + up, z], "stone");
            }
        }
        game
    }

    fn decorate(game: &mut Game) {
        put(game, [1, FLOOR + 2, 0], "wall_torch");
        put(game, [1, FLOOR + 2, 3], "wall_torch");
        put(game, [1, FLOOR + 1, 1], "oak_planks");
        put(game, [1, FLOOR + 2, 1], "flower_pot");
        put(game, [1, FLOOR + 2, 2], "potted_poppy");
    }

    #[test]
    fn torches_and_pots_beside_a_wall_are_decorations_of_two_kinds() {
        let mut game = wall(4);
        decorate(&mut game);
        let found = near(&game, [0, FLOOR + 1, 0], 6);
        assert_eq!(found.len(), 4, "{found:?}");
        assert_eq!(kinds(&found), 2);
    }

    #[test]
    fn frames_and_paintings_hung_on_a_wall_are_decorations() {
        let mut game = wall(4);
        hanging::hang(&mut game, item("item_frame"), [2, FLOOR + 2, 0], Face::West);
        hanging::hang(&mut game, item("painting"), [2, FLOOR + 3, 1], Face::West);
        let found = near(&game, [0, FLOOR + 1, 0], 6);
        let frame = Decoration {
            at: [1, FLOOR + 2, 0],
            kind: "frame",
        };
        let painting = Decoration {
            at: [1, FLOOR + 3, 1],
            kind: "painting",
        };
        assert_eq!(found, vec![frame, painting]);
    }

    #[test]
    fn nothing_counts_beside_a_wall_too_low_or_away_from_it() {
        let mut game = wall(1);
        decorate(&mut game);
        put(&mut game, [-3, FLOOR + 1, -3], "flower_pot");
        assert!(near(&game, [0, FLOOR + 1, 0], 6).is_empty());
    }

    #[test]
    fn a_wall_is_three_solid_blocks_stacked() {
        let game = wall(3);
        assert!(is_wall_block(&game.world, [2, FLOOR + 1, 0]));
        assert!(is_wall_block(&game.world, [2, FLOOR + 3, 0]));
        assert!(!is_wall_block(&game.world, [1, FLOOR + 1, 0]));
    }
}
