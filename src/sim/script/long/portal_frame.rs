//! Building a nether portal from carried obsidian wherever the player
//! stands, in the open or deep in the ground, and lighting it: a frame of
//! ten obsidian (4×5, no corners) across the x axis two blocks east of the
//! feet, sunk one block into the floor so every block is placed from
//! standing height; a room beside it is cleared to stand and see in. The
//! top row is placed standing one block higher (on a block put under the
//! feet), held by one corner (a building block where the corner is open);
//! flint and steel sets fire on the bottom row.
//!
//! Precondition: ten obsidian, flint and steel and one building block
//! (cobblestone, dirt…) carried, a pickaxe for what stands in the way.
//! Postcondition: a lit portal one block east of the feet, the player
//! standing on a block beside it.

use super::dig::DigTo;
use super::obsidian::cells_near;
use super::phases::{equip, equip_best_pickaxe};
use super::Until;
use crate::sim::game::Game;
use crate::sim::registry::{block, item, registry, Shape};
use crate::sim::script::behaviour::{Behaviour, Spot};
use crate::sim::script::construct::{Construct, Job};
use crate::sim::script::placing::PillarUp;
use crate::sim::script::plans::{settle, Plan};
use crate::sim::script::walking::StepInto;
use crate::sim::world::BlockPos;

/// Feet cells this many columns each way and blocks up (and down) are
/// looked at for a dry site.
const SITE_ACROSS: i32 = 12;
const SITE_UP: i32 = 16;
const SITE_DOWN: i32 = 2;
/// Digs towards a dry site at most.
const SITE_DIGS: u32 = 3;
/// Blocks that may prop up the top row from a corner, first held first.
const PROPS: &[&str] = &[
    "cobblestone",
    "dirt",
    "andesite",
    "granite",
    "diorite",
    "stone",
];

/// Cells of the frame relative to its bottom-left corner cell `[0, 0, 0]`
/// (x fixed; `dz` along the frame, `dy` up).
fn frame_cells(corner: BlockPos) -> FrameCells {
    let at = |dy: i32, dz: i32| [corner[0], corner[1] + dy, corner[2] + dz];
    FrameCells {
        bottom: [at(0, 1), at(0, 2)],
        sides: [at(1, 0), at(1, 3), at(2, 0), at(2, 3), at(3, 0), at(3, 3)],
        prop: at(4, 0),
        top: [at(4, 1), at(4, 2)],
        inside: [at(3, 1), at(3, 2), at(2, 1), at(2, 2), at(1, 1), at(1, 2)],
    }
}

struct FrameCells {
    bottom: [BlockPos; 2],
    sides: [BlockPos; 6],
    prop: BlockPos,
    top: [BlockPos; 2],
    /// Top row first, so what is mined falls nowhere.
    inside: [BlockPos; 6],
}

/// The first building block held, to prop the top row with.
fn prop_held(game: &Game) -> Option<&'static str> {
    PROPS
        .iter()
        .copied()
        .find(|name| game.player.inventory.count(item(name)) > 0)
}

/// Where the player stands and sees from, beside feet at `feet`: the
/// column west of the frame, top first.
fn room(feet: BlockPos) -> impl Iterator<Item = BlockPos> {
    (0..=3).flat_map(move |dz| {
        (0..=2)
            .rev()
            .map(move |dy| [feet[0] + 1, feet[1] + dy, feet[2] + dz])
    })
}

fn frame_beside(feet: BlockPos) -> FrameCells {
    frame_cells([feet[0] + 2, feet[1] - 2, feet[2]])
}

/// Builds and lights the frame beside the feet (see the module comment).
pub fn build_and_light(game: &Game) -> Plan {
    let feet = game.player.block_pos();
    let cells = frame_beside(feet);
    let room: Vec<Job> = room(feet).map(Job::Clear).collect();
    // The inside and whatever stands where obsidian goes are mined with
    // the pickaxe first (a Place job would clear them with obsidian in
    // hand, ~150 ticks a stone).
    let walls: Vec<BlockPos> = cells.bottom.iter().chain(&cells.sides).copied().collect();
    let mut clear: Vec<Job> = cells.inside.iter().map(|&c| Job::Clear(c)).collect();
    clear.extend(
        walls
            .iter()
            .chain(&cells.top)
            .filter(|&&c| game.world.get(c) != block("obsidian"))
            .map(|&c| Job::Clear(c)),
    );
    let mut plan: Plan = vec![
        equip_best_pickaxe(),
        Box::new(Construct::new(block("stone"), room)),
        Box::new(StepInto::new(Spot::At([feet[0] + 1, feet[1], feet[2] + 2]))),
        Box::new(Construct::new(block("stone"), clear)),
        equip("obsidian"),
        Box::new(Construct::new(
            block("obsidian"),
            walls.into_iter().map(Job::Place).collect(),
        )),
    ];
    // The top row is out of sight from standing height: step up on a
    // block first, then prop the top row from a corner if it is open.
    if let Some(prop) = prop_held(game) {
        plan.push(equip(prop));
        plan.push(Box::new(PillarUp::new(1)));
        if !registry()
            .block(game.world.get(cells.prop))
            .shape
            .collides()
        {
            plan.push(Box::new(Construct::new(
                block(prop),
                vec![Job::Place(cells.prop)],
            )));
        }
    }
    plan.extend([
        equip("obsidian"),
        Box::new(Construct::new(
            block("obsidian"),
            cells.top.iter().map(|&c| Job::Place(c)).collect(),
        )) as _,
        equip("flint_and_steel"),
        Box::new(Construct::new(
            block("fire"),
            vec![Job::Place(cells.inside[4])],
        )),
        settle(),
    ]);
    plan
}

/// Whether the frame and its room beside feet at `feet` would be dug
/// with no water or lava anywhere near, on solid ground (no cave under
/// the frame for its bottom row to hang over), and no obsidian to mine
/// out of the room or the frame's inside (188 ticks a block).
fn dry_site(game: &Game, feet: BlockPos) -> bool {
    let obsidian = block("obsidian");
    let no_obsidian = room(feet)
        .chain(frame_beside(feet).inside)
        .all(|c| game.world.get(c) != obsidian);
    no_obsidian
        && (-4..=4).all(|dy| {
            (-1..=4).all(|dz| {
                (-1..=4).all(|dx| {
                    let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                    let shape = registry().block(game.world.get(pos)).shape;
                    shape != Shape::Liquid && (dy > -2 || dx < 1 || shape.collides())
                })
            })
        })
}

/// Feet cells near the feet, on a floor, whose frame's site is dry;
/// the nearest first (a climb weighs more than a block across).
fn dry_sites(game: &Game) -> Vec<BlockPos> {
    let y = game.player.block_pos()[1];
    cells_near(game, SITE_ACROSS, y - SITE_DOWN..=y + SITE_UP, |feet| {
        let floor = [feet[0], feet[1] - 1, feet[2]];
        registry().block(game.world.get(floor)).shape.collides() && dry_site(game, feet)
    })
}

/// Digs to the nearest cell whose frame's site is dry, unless the feet
/// stand in one (the obsidian is made down by the lava).
pub fn to_a_dry_site() -> Box<dyn Behaviour> {
    Box::new(Until::new(
        |g| dry_site(g, g.player.block_pos()),
        SITE_DIGS,
        |game| {
            let sites = dry_sites(game);
            vec![
                equip_best_pickaxe(),
                Box::new(DigTo::new(Box::new(move |_| sites.clone())).onto()),
            ]
        },
    ))
}

#[cfg(test)]
/// Whether a lit portal stands within a few blocks of the feet.
pub fn portal_beside(game: &Game) -> bool {
    let feet = game.player.block_pos();
    let portal = block("nether_portal");
    (-3..=3).any(|dy| {
        (-4..=4).any(|dz| {
            (-4..=4).any(|dx| game.world.get([feet[0] + dx, feet[1] + dy, feet[2] + dz]) == portal)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::inventory::ItemStack;
    use crate::sim::rules::testkit::fill;
    use crate::sim::script::long::stage::play_phase;

    fn carry(game: &mut Game, items: &[(&str, u8)]) {
        for (slot, &(name, count)) in items.iter().enumerate() {
            game.player.inventory.main[slot] = Some(ItemStack::new(item(name), count));
        }
    }

    const KIT: &[(&str, u8)] = &[
        ("diamond_pickaxe", 1),
        ("obsidian", 10),
        ("flint_and_steel", 1),
        ("cobblestone", 16),
    ];

    #[test]
    fn a_portal_is_built_and_lit_on_open_ground() {
        let mut game = sky_game();
        fill(
            &mut game.world,
            [-5, FLOOR - 4, -5],
            [5, FLOOR - 1, 5],
            "stone",
        );
        carry(&mut game, KIT);
        let plan = build_and_light(&game);
        let staged = play_phase(game, plan, portal_beside, 2000);
        let g = &staged.game;
        let rows: Vec<String> = (FLOOR - 1..=FLOOR + 3)
            .rev()
            .map(|y| {
                (0..=3)
                    .map(|z| registry().block(g.world.get([2, y, z])).name)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        assert!(
            staged.reached,
            "no portal after {} steps: {rows:?} at {:?} held {:?}",
            staged.steps,
            g.player.pos,
            g.player.inventory.selected_stack().map(|s| s.name())
        );
        assert_eq!(staged.game.player.inventory.count(item("obsidian")), 0);
    }

    #[test]
    fn a_portal_is_built_and_lit_deep_in_the_ground() {
        let mut game = Game::new(1);
        crate::sim::command::run(&mut game, "/tp @s 8 20 8");
        for (x, y, z) in [(8, 20, 8), (8, 21, 8)] {
            put(&mut game, [x, y, z], "air");
        }
        put(&mut game, [8, 19, 8], "stone");
        carry(&mut game, KIT);
        let plan = build_and_light(&game);
        let staged = play_phase(game, plan, portal_beside, 3000);
        assert!(staged.reached, "no portal after {} steps", staged.steps);
    }
}
