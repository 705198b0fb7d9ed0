//! Plans for the room-building tasks, `build_a_house` and
//! `build_a_library`: a 5×5 room with two-high walls, a roof, and its
//! furniture, built from inside around the player on the nearest level
//! site. Their goals are checked by `goals::house` and `goals::library`.

use super::behaviour::Spot;
use super::build::{Build, Placement};
use super::judged::{at, clear_site, go_to, level_site, level_the_site, ring, HALF_SIDE};
use super::placing::PillarUp;
use super::plans::{mine, select, settle, Plan};
use super::walking::StepInto;
use crate::sim::game::Game;
use crate::sim::registry::item;
use crate::sim::world::BlockPos;

/// The inside corner a two-cell piece (a bed) is set down from, and the
/// cell its foot goes in: one east, so the player looks east when placing
/// and the head (one cell further the way the player looks) lands in the
/// south-east inside corner, within the walls.
const CORNER_STAND: [i32; 2] = [-1, 1];
const CORNER_FOOT: [i32; 2] = [0, 1];

/// What goes where in a 5×5 room with two-high walls built around the feet.
struct RoomDesign {
    /// The wall's item at a ring offset, on the lower (0) or upper (1) course.
    wall: fn([i32; 2], i32) -> &'static str,
    roof: &'static str,
    /// Furniture on the floor inside, by offset, set from the middle.
    furniture: &'static [([i32; 2], &'static str)],
    /// A bed, set last from [`CORNER_STAND`] (from the middle its head
    /// would go into the wall).
    bed: Option<&'static str>,
}

/// The blocks of one item placed at offsets `up` above the feet.
fn placement(feet: BlockPos, offset: [i32; 2], up: i32, name: &str) -> Placement {
    Placement::new(at(feet, offset, up), item(name))
}

/// Builds the room from inside around `feet`: the site levelled
/// ([`level_the_site`]); both wall courses from the floor; the
/// roof from a one-block pillar in the middle (the walls' top faces are
/// out of sight from the floor): rim, inner corners, then inner edges;
/// then the pillar is mined, the roof's middle closed from below, any
/// wall cell left open filled and the room furnished, the bed last from
/// a corner.
fn build_room(game: &Game, feet: BlockPos, design: &RoomDesign) -> Plan {
    let walls: Vec<Placement> = (0..2)
        .flat_map(|course| {
            ring(HALF_SIDE)
                .into_iter()
                .map(move |c| placement(feet, c, course, (design.wall)(c, course)))
        })
        .collect();
    // The middle goes last: from the pillar the head is in its way (and in
    // the way of a cell beside it if the player stands off the middle), so
    // the roof is gone over again from the floor.
    let roof: Vec<Placement> = [ring(HALF_SIDE), ring(1), vec![[0, 0]]]
        .concat()
        .into_iter()
        .map(|c| placement(feet, c, 2, design.roof))
        .collect();
    // The walls are gone over again with the roof: a creature that
    // wandered onto the site (the library's villager) may have stood in
    // a wall cell through both tries of the first pass.
    let mut finish = [roof.clone(), walls.clone()].concat();
    finish.extend(
        design
            .furniture
            .iter()
            .map(|&(c, name)| placement(feet, c, 0, name)),
    );
    let mut plan = go_to(feet);
    plan.extend(clear_site(game, feet));
    plan.extend(level_the_site(game, feet, design.roof));
    plan.extend::<Plan>(vec![
        Box::new(StepInto::new(Spot::At(feet))),
        Box::new(Build::new(walls)),
        select(design.roof),
        Box::new(PillarUp::new(1)),
        Box::new(Build::new(roof)),
        mine([0, -1, 0]),
        settle(),
        Box::new(Build::new(finish)),
    ]);
    if let Some(bed) = design.bed {
        plan.push(Box::new(StepInto::new(Spot::At(at(feet, CORNER_STAND, 0)))));
        plan.push(Box::new(Build::new(vec![placement(
            feet,
            CORNER_FOOT,
            0,
            bed,
        )])));
    }
    plan.push(settle());
    plan
}

fn is_corner([x, z]: [i32; 2]) -> bool {
    x.abs() == HALF_SIDE && z.abs() == HALF_SIDE
}

/// The middle of the east and west walls.
fn is_window_spot([x, z]: [i32; 2]) -> bool {
    x.abs() == HALF_SIDE && z == 0
}

/// A cobblestone base with a door in the south wall, plank walls with
/// glass-pane windows, a plank roof; a torch, the crafting table and the
/// bed inside.
const HOUSE: RoomDesign = RoomDesign {
    wall: |c, course| match course {
        0 if c == [0, HALF_SIDE] => "oak_door",
        0 => "cobblestone",
        _ if is_window_spot(c) => "glass_pane",
        _ => "oak_planks",
    },
    roof: "oak_planks",
    furniture: &[([-1, -1], "torch"), ([1, -1], "crafting_table")],
    bed: Some("blue_bed"),
};

/// Bookshelf walls between plank corner posts, glass-pane windows, a
/// plank roof; a lantern and a flower pot inside.
const LIBRARY: RoomDesign = RoomDesign {
    wall: |c, course| match course {
        _ if is_corner(c) => "oak_planks",
        1 if is_window_spot(c) => "glass_pane",
        _ => "bookshelf",
    },
    roof: "oak_planks",
    furniture: &[([-1, -1], "lantern"), ([1, 1], "flower_pot")],
    bed: None,
};

pub(super) fn build_a_house(game: &Game) -> Plan {
    build_room(game, level_site(game), &HOUSE)
}

pub(super) fn build_a_library(game: &Game) -> Plan {
    build_room(game, level_site(game), &LIBRARY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inventory::ItemStack;
    use crate::sim::rules::testkit::{platform_game, put, FLOOR};
    use crate::sim::script::goals;
    use crate::sim::script::long::stage::play_phase;

    #[test]
    fn a_house_over_a_step_down_fills_the_ground_it_lacks() {
        // East of the feet the ground lies one lower, so the room's east
        // wall overhangs the step (seed 706's hillside by the sea).
        let mut game = platform_game();
        for x in 2..6 {
            for z in -4..5 {
                put(&mut game.world, [x, FLOOR, z], "air");
                put(&mut game.world, [x, FLOOR - 1, z], "stone");
            }
        }
        for (name, count) in [
            ("oak_planks", 64),
            ("oak_planks", 64),
            ("cobblestone", 64),
            ("glass_pane", 64),
            ("oak_door", 4),
            ("torch", 32),
            ("blue_bed", 1),
            ("crafting_table", 1),
        ] {
            game.player
                .inventory
                .insert(ItemStack::new(item(name), count));
        }
        let feet = game.player.block_pos();
        let plan = build_room(&game, feet, &HOUSE);
        let built = play_phase(game, plan, |_| false, 900);
        assert!(
            goals::house(&built.game),
            "no house after {} steps",
            built.steps
        );
        let east_foot = at(feet, [HALF_SIDE, 0], -1);
        assert_eq!(
            built.game.world.get(east_foot),
            crate::sim::registry::block("oak_planks")
        );
    }
}
