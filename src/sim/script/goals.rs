//! The goals of the judge-only tasks as world-state checks, composed from
//! the referee rules in [`crate::sim::inspect`]; `checks` maps each task to
//! its goal. Each goal reads the world around the player at the end of
//! the episode, as the video judge's criteria (`benchmark/criteria/`) ask.

use crate::sim::game::Game;
use crate::sim::inspect::room::{is_window, Room};
use crate::sim::inspect::{decoration, garden::Plot, land, sight, village};
use crate::sim::registry::{item, registry};

/// Structures are looked for this many columns around the player.
const SITE_RADIUS: i32 = 10;
/// "Up close": the most blocks from the eye to a thing found.
const CLOSE: f64 = 4.0;
/// Climbing: the least height gained over the start, in blocks (a hill
/// well above the lowland a start is chosen in).
pub const CLIMB_HEIGHT: f64 = 15.0;
/// Travelling: the least distance from the start, in blocks: seven and a
/// half chunks, about half what a straight sprint covers in a task's
/// default 900 steps.
pub const RUN_DISTANCE: f64 = 120.0;

fn rooms(game: &Game) -> Vec<Room> {
    Room::all_near(&game.world, game.player.block_pos(), SITE_RADIUS)
}

/// A room of at least 3×3 with a roof over every cell.
fn is_shelter(game: &Game, room: &Room) -> bool {
    room.area.holds_three_by_three() && room.is_roofed(&game.world)
}

/// An enclosed, roofed house with a door and a window in its walls, a
/// light and a bed inside.
pub fn house(game: &Game) -> bool {
    let world = &game.world;
    rooms(game).iter().any(|room| {
        is_shelter(game, room)
            && room.doors(world) >= 1
            && room.walls_where(world, is_window) >= 1
            && room.is_lit(world)
            && room.has_inside(world, |name| name.ends_with("_bed"))
    })
}

/// An enclosed, roofed, lit room with at least eight bookshelves in its walls.
pub fn library(game: &Game) -> bool {
    let world = &game.world;
    rooms(game).iter().any(|room| {
        is_shelter(game, room)
            && room.walls_where(world, |name| name == "bookshelf") >= 8
            && room.is_lit(world)
    })
}

/// A plot bounded mostly by fences, with at least six plants of three kinds.
pub fn garden(game: &Game) -> bool {
    let world = &game.world;
    Plot::all_near(world, game.player.block_pos(), SITE_RADIUS)
        .iter()
        .any(|plot| {
            let mut plants = plot.plants(world);
            let planted = plants.len();
            plants.sort_unstable();
            plants.dedup();
            plot.fenced_share(world) >= 0.75 && planted >= 6 && plants.len() >= 3
        })
}

/// At least four decorations of two kinds or more on walls near the player.
pub fn decorated_wall(game: &Game) -> bool {
    let found = decoration::near(game, game.player.block_pos(), 6);
    found.len() >= 4 && decoration::kinds(&found) >= 2
}

/// A chest placed near the player with the cake inside.
pub fn present(game: &Game) -> bool {
    let (chest, cake) = (crate::sim::registry::block("chest"), item("cake"));
    let feet = game.player.block_pos();
    let r = SITE_RADIUS;
    (-r..=r).any(|dy| {
        (-r..=r).any(|dz| {
            (-r..=r).any(|dx| {
                let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                game.world.get(pos) == chest
                    && game
                        .block_entities
                        .get(pos)
                        .is_some_and(|e| e.slots().iter().flatten().any(|s| s.item == cake))
            })
        })
    })
}

/// The crosshair on the blue bed, up close.
pub fn blue_bed_found(game: &Game) -> bool {
    sight::looks_at_block(game, CLOSE, |b| registry().block(b).name == "blue_bed")
}

/// The view on the item frame, within reach: hanging, or lying as the
/// item it dropped when it fell off its wall (a frame summoned into a
/// hillside falls off within 101 ticks).
pub fn item_frame_found(game: &Game) -> bool {
    let reach = crate::sim::rules::ENTITY_REACH;
    sight::looks_at_entity(game, reach, "item_frame")
        || sight::looks_at_dropped(game, reach, "item_frame")
}

/// On a natural summit at least [`CLIMB_HEIGHT`] above the start.
pub fn climbed(game: &Game) -> bool {
    land::height_above_start(game) >= CLIMB_HEIGHT && land::on_summit(game)
}

/// At least [`RUN_DISTANCE`] from the start, in another biome.
pub fn travelled(game: &Game) -> bool {
    land::distance_from_start(game) >= RUN_DISTANCE
        && land::biome_at(game, game.player.pos) != land::biome_at(game, game.start)
}

/// Among the trees of a forest biome.
pub fn in_forest(game: &Game) -> bool {
    land::in_forest(game)
}

/// The player stands in a village: among its houses, near its bell or a villager.
pub fn in_village(game: &Game) -> bool {
    village::is_in_village(game, game.player.block_pos())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{build_house, put, sky_game, FLOOR};

    #[test]
    fn the_hand_built_house_passes_and_fails_without_its_bed_or_roof() {
        let mut game = sky_game();
        assert!(!house(&game));
        build_house(&mut game);
        assert!(house(&game));
        put(&mut game, [1, FLOOR + 1, -1], "air");
        assert!(!house(&game), "no bed");
        put(&mut game, [1, FLOOR + 1, -1], "blue_bed");
        put(&mut game, [0, FLOOR + 3, 0], "air");
        assert!(!house(&game), "a hole in the roof");
    }

    #[test]
    fn a_library_needs_eight_bookshelves_in_its_walls() {
        let mut game = sky_game();
        build_house(&mut game);
        assert!(!library(&game));
        for (x, z) in [(-2, -1), (-2, 0), (-2, 1), (2, 1)] {
            put(&mut game, [x, FLOOR + 1, z], "bookshelf");
            put(&mut game, [x, FLOOR + 2, z], "bookshelf");
        }
        assert!(library(&game));
    }

    #[test]
    fn the_present_is_the_cake_inside_a_placed_chest() {
        use crate::sim::block_entity::{BlockEntity, Chest};
        use crate::sim::inventory::ItemStack;
        let mut game = sky_game();
        let at = [2, FLOOR + 1, 0];
        put(&mut game, at, "chest");
        let mut chest = Chest::new(None);
        game.block_entities
            .insert(at, BlockEntity::Chest(chest.clone()));
        assert!(!present(&game), "an empty chest");
        chest.slots[4] = Some(ItemStack::new(item("cake"), 1));
        game.block_entities.insert(at, BlockEntity::Chest(chest));
        assert!(present(&game));
    }
}
