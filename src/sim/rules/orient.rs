//! Which block and state a block item places (1.16.5's
//! `getStateForPlacement`): torches and signs become their wall variants
//! against a side, ladders and wall torches face away from the wall that
//! holds them (the clicked side first, then the sides in the order the
//! player looks towards them), carved pumpkins face the player, beds face
//! the way the player looks.

use super::support;
use crate::sim::game::Game;
use crate::sim::raycast::{Face, Hit};
use crate::sim::registry::{block, registry, state_def, BlockId, Placement};
use crate::sim::world::{BlockPos, BlockState, Facing};

/// Blocks placed as another block against a wall.
const WALL_VARIANTS: &[(&str, &str)] = &[
    ("torch", "wall_torch"),
    ("soul_torch", "soul_wall_torch"),
    ("redstone_torch", "redstone_wall_torch"),
    ("oak_sign", "oak_wall_sign"),
    ("spruce_sign", "spruce_wall_sign"),
    ("birch_sign", "birch_wall_sign"),
    ("jungle_sign", "jungle_wall_sign"),
    ("acacia_sign", "acacia_wall_sign"),
    ("dark_oak_sign", "dark_oak_wall_sign"),
];

fn wall_variant(id: BlockId) -> Option<BlockId> {
    let name = registry().block(id).name;
    WALL_VARIANTS
        .iter()
        .find(|(floor, _)| *floor == name)
        .map(|(_, wall)| block(wall))
}

/// The six directions ordered by how nearly the look points along them
/// (`Direction.orderedByNearest`).
pub fn ordered_by_look(yaw: f32, pitch: f32) -> [Face; 6] {
    let (pitch, yaw) = (pitch.to_radians(), -yaw.to_radians());
    let (sin_p, cos_p, sin_y, cos_y) = (pitch.sin(), pitch.cos(), yaw.sin(), yaw.cos());
    let (east, up, south) = (sin_y > 0.0, sin_p < 0.0, cos_y > 0.0);
    let (x, y, z) = (sin_y.abs(), sin_p.abs(), cos_y.abs());
    let (xc, zc) = (x * cos_p, z * cos_p);
    let dx = if east { Face::East } else { Face::West };
    let dy = if up { Face::Up } else { Face::Down };
    let dz = if south { Face::South } else { Face::North };
    let [a, b, c] = if x > z {
        if y > xc {
            [dy, dx, dz]
        } else if zc > y {
            [dx, dz, dy]
        } else {
            [dx, dy, dz]
        }
    } else if y > zc {
        [dy, dz, dx]
    } else if xc > y {
        [dz, dx, dy]
    } else {
        [dz, dy, dx]
    };
    [a, b, c, c.opposite(), b.opposite(), a.opposite()]
}

/// The nearest looking directions with the clicked face's opposite first
/// (`BlockPlaceContext.getNearestLookingDirections`), unless the click
/// replaced the clicked block itself.
fn looking_directions(game: &Game, hit: &Hit, replacing_clicked: bool) -> [Face; 6] {
    let mut order = ordered_by_look(game.player.yaw, game.player.pitch);
    if !replacing_clicked {
        let first = hit.face.opposite();
        if let Some(i) = order.iter().position(|&f| f == first) {
            order[..=i].rotate_right(1);
        }
    }
    order
}

fn horizontal(face: Face) -> Option<Facing> {
    Facing::of_offset(face.normal())
}

/// A wall-hung block's state: facing away from the first wall in the
/// looking order that holds it.
fn on_wall(game: &Game, id: BlockId, pos: BlockPos, order: &[Face; 6]) -> Option<BlockState> {
    order
        .iter()
        .filter_map(|&d| horizontal(d))
        .map(|d| BlockState::default().with_facing(d.opposite()))
        .find(|&state| support::can_survive(&game.world, pos, id, state))
}

/// The block and state placing `id` into `pos` after clicking `hit`, if
/// it can stand there. A bed's state is its foot's.
pub fn placement_state(
    game: &Game,
    id: BlockId,
    pos: BlockPos,
    hit: &Hit,
) -> Option<(BlockId, BlockState)> {
    let order = looking_directions(game, hit, pos == hit.pos);
    if let Some(wall) = wall_variant(id) {
        return order.iter().find_map(|&d| match d {
            Face::Up => None,
            Face::Down => support::can_survive(&game.world, pos, id, BlockState::default())
                .then_some((id, BlockState::default())),
            _ => horizontal(d)
                .map(|d| BlockState::default().with_facing(d.opposite()))
                .filter(|&s| support::can_survive(&game.world, pos, wall, s))
                .map(|s| (wall, s)),
        });
    }
    let looking = Facing::from_yaw(game.player.yaw);
    let state = match state_def(id).placement {
        Placement::Wall => return on_wall(game, id, pos, &order).map(|s| (id, s)),
        // Its head is checked when it is placed.
        Placement::Bed => return Some((id, BlockState::default().with_facing(looking))),
        Placement::Plain => BlockState::default(),
        Placement::TowardPlayer => BlockState::default().with_facing(looking.opposite()),
    };
    support::can_survive(&game.world, pos, id, state).then_some((id, state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_look_orders_the_directions() {
        assert_eq!(ordered_by_look(0.0, 0.0)[0], Face::South);
        assert_eq!(ordered_by_look(90.0, 10.0)[..2], [Face::West, Face::Down]);
        assert_eq!(ordered_by_look(180.0, -80.0)[0], Face::Up);
        assert_eq!(ordered_by_look(270.0, 0.0)[5], Face::West);
    }
}
