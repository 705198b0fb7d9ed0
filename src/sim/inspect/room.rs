//! Enclosed rooms: floor cells at one level closed in on every side by
//! walls at least two blocks high (doors and window panes count as wall,
//! as they stop the player), with a floor under every cell; and what a room
//! has — a roof over every cell, doors and windows in its walls, lights
//! and furniture inside.

use super::{collides, name, Enclosure};
use crate::sim::registry::registry;
use crate::sim::world::{BlockPos, World};

/// The most floor cells a room may have; a flood that grows past it has
/// leaked outdoors.
pub const MAX_CELLS: usize = 100;
/// Levels above the floor where the roof may be: two to four blocks of headroom.
const ROOF_LEVELS: [i32; 3] = [2, 3, 4];
/// Levels above the floor that count as the room's walls and inside.
const ROOM_LEVELS: [i32; 4] = [0, 1, 2, 3];

/// A room: its floor level (the feet's y inside) and its area.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    pub y: i32,
    pub area: Enclosure,
}

/// A wall column stops the player at the floor level and the one above.
fn is_wall(world: &World, [x, z]: [i32; 2], y: i32) -> bool {
    collides(world.get([x, y, z])) && collides(world.get([x, y + 1, z]))
}

/// Something to stand on: right below, or a step lower.
fn has_floor(world: &World, [x, z]: [i32; 2], y: i32) -> bool {
    collides(world.get([x, y - 1, z])) || collides(world.get([x, y - 2, z]))
}

fn has_roof(world: &World, [x, z]: [i32; 2], y: i32) -> bool {
    ROOF_LEVELS
        .into_iter()
        .any(|up| collides(world.get([x, y + up, z])))
}

/// Whether a block is a door (of any wood or iron), not a trapdoor.
pub fn is_door(name: &str) -> bool {
    name.ends_with("_door")
}

/// Whether a block lets light and sight through a wall: glass, panes.
pub fn is_window(name: &str) -> bool {
    name.contains("glass")
}

impl Room {
    /// The room whose floor level holds `start`, if `start` is inside walls
    /// all around and every cell inside has a floor.
    pub fn around(world: &World, start: BlockPos) -> Option<Room> {
        let y = start[1];
        let area = Enclosure::around([start[0], start[2]], MAX_CELLS, |c| !is_wall(world, c, y))?;
        Room::with_floor(world, y, area)
    }

    fn with_floor(world: &World, y: i32, area: Enclosure) -> Option<Room> {
        area.cells
            .iter()
            .all(|&c| has_floor(world, c, y))
            .then_some(Room { y, area })
    }

    /// The rooms with a roofed floor cell within `radius` columns and two
    /// levels of `centre`.
    pub fn all_near(world: &World, centre: BlockPos, radius: i32) -> Vec<Room> {
        (centre[1] - 2..=centre[1] + 2)
            .flat_map(|y| {
                let roofed = move |c| has_roof(world, c, y) && has_floor(world, c, y);
                Enclosure::all_near(centre, radius, MAX_CELLS, roofed, move |c| {
                    !is_wall(world, c, y)
                })
                .into_iter()
                .filter_map(move |area| Room::with_floor(world, y, area))
            })
            .collect()
    }

    /// Whether a roof covers every cell.
    pub fn is_roofed(&self, world: &World) -> bool {
        self.area.cells.iter().all(|&c| has_roof(world, c, self.y))
    }

    /// The positions of the walls, up to the roof.
    pub fn wall_blocks(&self) -> impl Iterator<Item = BlockPos> + '_ {
        self.layers(&self.area.border)
    }

    /// The positions inside, up to the roof.
    pub fn inside_blocks(&self) -> impl Iterator<Item = BlockPos> + '_ {
        self.layers(&self.area.cells)
    }

    fn layers<'a>(&'a self, columns: &'a [[i32; 2]]) -> impl Iterator<Item = BlockPos> + 'a {
        columns
            .iter()
            .flat_map(move |&[x, z]| ROOM_LEVELS.into_iter().map(move |up| [x, self.y + up, z]))
    }

    /// Wall columns with a door at the floor level.
    pub fn doors(&self, world: &World) -> usize {
        self.area
            .border
            .iter()
            .filter(|&&[x, z]| is_door(name(world, [x, self.y, z])))
            .count()
    }

    /// Wall blocks named `block`, or passing a test of their name.
    pub fn walls_where(&self, world: &World, test: impl Fn(&str) -> bool) -> usize {
        self.wall_blocks()
            .filter(|&pos| test(name(world, pos)))
            .count()
    }

    /// Whether something inside passes a test of its name.
    pub fn has_inside(&self, world: &World, test: impl Fn(&str) -> bool) -> bool {
        self.inside_blocks().any(|pos| test(name(world, pos)))
    }

    /// Whether a light source (torch, lantern…) stands inside or hangs on
    /// the inner side of a wall.
    pub fn is_lit(&self, world: &World) -> bool {
        self.inside_blocks()
            .any(|pos| registry().block(world.get(pos)).light > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{build_house, put, sky_game, FLOOR};

    const FEET: BlockPos = [0, FLOOR + 1, 0];

    #[test]
    fn a_hand_built_house_is_a_roofed_room_with_a_door_a_window_a_light_and_a_bed() {
        let mut game = sky_game();
        build_house(&mut game);
        let world = &game.world;
        let room = Room::around(world, FEET).expect("the walls close the room");
        assert_eq!(room.area.cells.len(), 9);
        assert_eq!(room.area.border.len(), 12, "the corners touch no cell");
        assert!(room.area.holds_three_by_three());
        assert!(room.is_roofed(world));
        assert_eq!(room.doors(world), 1);
        assert_eq!(room.walls_where(world, is_window), 2);
        assert!(room.is_lit(world));
        assert!(room.has_inside(world, |name| name.ends_with("_bed")));
        assert_eq!(Room::all_near(world, FEET, 4), vec![room]);
    }

    #[test]
    fn a_house_missing_its_roof_is_a_room_without_a_roof() {
        let mut game = sky_game();
        build_house(&mut game);
        put(&mut game, [1, FLOOR + 3, 1], "air");
        let room = Room::around(&game.world, FEET).expect("still walled in");
        assert!(!room.is_roofed(&game.world));
        assert!(
            Room::all_near(&game.world, FEET, 4).len() == 1,
            "found from its roofed cells"
        );
    }

    #[test]
    fn a_house_missing_its_door_has_no_door_and_an_open_doorway_no_room() {
        let mut game = sky_game();
        build_house(&mut game);
        put(&mut game, [0, FLOOR + 1, 2], "cobblestone");
        let room = Room::around(&game.world, FEET).expect("walled in");
        assert_eq!(room.doors(&game.world), 0);
        put(&mut game, [0, FLOOR + 1, 2], "air");
        put(&mut game, [0, FLOOR + 2, 2], "air");
        assert_eq!(Room::around(&game.world, FEET), None, "leaks outdoors");
    }

    #[test]
    fn a_wall_one_block_high_does_not_close_a_room() {
        let mut game = sky_game();
        build_house(&mut game);
        put(&mut game, [-2, FLOOR + 2, 1], "air");
        assert_eq!(Room::around(&game.world, FEET), None);
    }

    #[test]
    fn a_room_needs_a_floor_under_every_cell() {
        let mut game = sky_game();
        build_house(&mut game);
        put(&mut game, [1, FLOOR - 1, 1], "stone");
        put(&mut game, [1, FLOOR, 1], "air");
        assert!(
            Room::around(&game.world, FEET).is_some(),
            "a step down is a floor"
        );
        put(&mut game, [1, FLOOR - 1, 1], "air");
        assert_eq!(Room::around(&game.world, FEET), None);
    }
}
