//! Nether portals (1.16.5's `PortalShape`): fire lit inside an obsidian
//! frame — a rectangle of obsidian around an empty inside from 2 wide and
//! 3 high up to 21 by 21, corners not needed — turns the inside into
//! nether portal blocks along the frame's axis (x first, then z). A
//! portal block stands only while obsidian or portal closes it in on its
//! sides and above and below.
//!
//! Standing in a portal for 80 ticks takes the player to the other side
//! (`dimensions::through_nether_portal`); after crossing, a portal does not
//! act again until the player has been out of every portal for 10 ticks
//! (vanilla's `portalCooldown`, renewed each tick spent in one), and time
//! spent in a portal drains 4 ticks a tick outside it.

use super::movement::player_box;
use crate::sim::dimensions;
use crate::sim::game::Game;
use crate::sim::registry::{block, BlockId};
use crate::sim::world::{BlockPos, BlockState, World};

/// Ticks a survival player stands in a portal before it takes them across.
const WAIT_TICKS: u32 = 80;
/// Ticks out of portals before one acts again (`PlayerEntity`'s
/// dimension-changing delay).
const COOLDOWN_TICKS: u32 = 10;
/// Ticks of portal time lost per tick outside one.
const DRAIN_PER_TICK: u32 = 4;

/// The largest inside, each way.
const MAX_SIZE: i32 = 21;
const MIN_WIDTH: i32 = 2;
const MIN_HEIGHT: i32 = 3;

/// A portal's inside: its lowest corner, size and axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Inside {
    corner: BlockPos,
    width: i32,
    height: i32,
    along_x: bool,
}

fn at(pos: BlockPos, along_x: bool, across: i32, up: i32) -> BlockPos {
    if along_x {
        [pos[0] + across, pos[1] + up, pos[2]]
    } else {
        [pos[0], pos[1] + up, pos[2] + across]
    }
}

fn is_frame(world: &World, pos: BlockPos) -> bool {
    world.get(pos) == block("obsidian")
}

/// Inside cells may hold air, fire or portal.
fn is_empty(world: &World, pos: BlockPos) -> bool {
    let id = world.get(pos);
    id == BlockId::AIR || id == block("fire") || id == block("nether_portal")
}

/// The inside of a frame around `pos` along one axis, if there is one.
fn find_inside(world: &World, pos: BlockPos, along_x: bool) -> Option<Inside> {
    let mut corner = pos;
    for _ in 0..MAX_SIZE {
        let below = at(corner, along_x, 0, -1);
        if below[1] < 0 || !is_empty(world, below) {
            break;
        }
        corner = below;
    }
    for _ in 0..MAX_SIZE {
        let left = at(corner, along_x, -1, 0);
        if !is_empty(world, left) || !is_frame(world, at(left, along_x, 0, -1)) {
            break;
        }
        corner = left;
    }
    if !is_frame(world, at(corner, along_x, -1, 0)) {
        return None;
    }
    let width = (0..=MAX_SIZE)
        .find(|&i| {
            let cell = at(corner, along_x, i, 0);
            !is_empty(world, cell) || !is_frame(world, at(cell, along_x, 0, -1))
        })
        .filter(|&w| (MIN_WIDTH..=MAX_SIZE).contains(&w))?;
    if !is_frame(world, at(corner, along_x, width, 0)) {
        return None;
    }
    let row_open = |up: i32| {
        is_frame(world, at(corner, along_x, -1, up))
            && is_frame(world, at(corner, along_x, width, up))
            && (0..width).all(|i| is_empty(world, at(corner, along_x, i, up)))
    };
    let height = (0..=MAX_SIZE)
        .find(|&up| !row_open(up))
        .filter(|&h| (MIN_HEIGHT..=MAX_SIZE).contains(&h))?;
    let top_closed = (0..width).all(|i| is_frame(world, at(corner, along_x, i, height)));
    top_closed.then_some(Inside {
        corner,
        width,
        height,
        along_x,
    })
}

/// Fire was lit at `pos`: if it is inside a frame, the inside becomes portal.
pub fn light(game: &mut Game, pos: BlockPos) {
    let Some(inside) = [true, false]
        .into_iter()
        .find_map(|along_x| find_inside(&game.world, pos, along_x))
    else {
        return;
    };
    let dimension = game.dimension();
    game.dimensions.add_portal(dimension, inside.corner);
    let state = BlockState::default().with_along_z(!inside.along_x);
    for up in 0..inside.height {
        for i in 0..inside.width {
            let cell = at(inside.corner, inside.along_x, i, up);
            game.world
                .set_with_state(cell, block("nether_portal"), state);
        }
    }
}

/// Counts the player's time in a nether portal and sends them across once
/// it reaches [`WAIT_TICKS`] (not while riding).
pub fn tick_travel(game: &mut Game) {
    let portal = block("nether_portal");
    let in_portal = player_box(&game.player)
        .cells(0)
        .any(|cell| game.world.get(cell) == portal);
    let riding = super::boats::player_boat(game).is_some();
    let p = &mut game.player;
    if in_portal && p.portal_cooldown > 0 {
        p.portal_cooldown = COOLDOWN_TICKS;
    } else if in_portal && !riding {
        p.portal_ticks += 1;
        if p.portal_ticks > WAIT_TICKS {
            p.portal_ticks = WAIT_TICKS;
            p.portal_cooldown = COOLDOWN_TICKS;
            dimensions::through_nether_portal(game);
            return;
        }
    } else if !in_portal {
        p.portal_ticks = p.portal_ticks.saturating_sub(DRAIN_PER_TICK);
    }
    p.portal_cooldown = p.portal_cooldown.saturating_sub(1);
}

/// Whether a portal block at `pos` is still closed in along its plane.
pub fn portal_holds(world: &World, pos: BlockPos, state: BlockState) -> bool {
    let along_x = !state.along_z();
    let portal = block("nether_portal");
    [(-1, 0), (1, 0), (0, -1), (0, 1)]
        .iter()
        .all(|&(across, up)| {
            let id = world.get(at(pos, along_x, across, up));
            id == portal || id == block("obsidian")
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules::testkit::{platform_game, put, FLOOR};

    /// An obsidian frame along x with a 2×3 inside from (1, y0, 0).
    fn frame(world: &mut World, y0: i32) {
        for x in 0..4 {
            put(world, [x, y0 - 1, 0], "obsidian");
            put(world, [x, y0 + 3, 0], "obsidian");
        }
        for up in 0..3 {
            put(world, [0, y0 + up, 0], "obsidian");
            put(world, [3, y0 + up, 0], "obsidian");
        }
    }

    #[test]
    fn fire_in_a_frame_makes_a_portal_and_a_broken_frame_ends_it() {
        let mut game = platform_game();
        let y0 = FLOOR + 2;
        frame(&mut game.world, y0);
        put(&mut game.world, [1, y0, 0], "fire");
        light(&mut game, [1, y0, 0]);
        for x in 1..3 {
            for up in 0..3 {
                assert_eq!(game.world.get([x, y0 + up, 0]), block("nether_portal"));
                assert!(!game.world.state([x, y0 + up, 0]).along_z());
            }
        }
        game.world.set([3, y0 + 1, 0], BlockId::AIR);
        crate::sim::rules::support::settle(&mut game, [3, y0 + 1, 0]);
        assert!((0..3).all(|up| game.world.get([1, y0 + up, 0]) != block("nether_portal")));
    }

    /// A lit portal along x whose inside's bottom row is the floor's top,
    /// and the player standing in it.
    fn standing_in_a_lit_portal() -> Game {
        let mut game = platform_game();
        frame(&mut game.world, FLOOR + 1);
        put(&mut game.world, [1, FLOOR + 1, 0], "fire");
        light(&mut game, [1, FLOOR + 1, 0]);
        game.player.pos = [1.5, f64::from(FLOOR + 1), 0.5];
        game
    }

    fn wait(game: &mut Game, ticks: u32) {
        for _ in 0..ticks {
            crate::sim::rules::tick(game, &crate::protocol::Action::noop());
        }
    }

    #[test]
    fn eighty_ticks_in_a_portal_lead_to_the_nether_and_back_to_the_same_portal() {
        use crate::sim::world::Dimension;
        let mut game = standing_in_a_lit_portal();
        wait(&mut game, WAIT_TICKS);
        assert_eq!(
            game.dimension(),
            Dimension::Overworld,
            "not before the 81st tick"
        );
        wait(&mut game, 1);
        assert_eq!(game.dimension(), Dimension::Nether);
        let arrival = game.player.pos;
        assert!(
            arrival[0].abs() <= 17.0 && arrival[2].abs() <= 17.0,
            "{arrival:?}: near 1.5/8"
        );
        let feet = game.player.block_pos();
        assert_eq!(game.world.get(feet), block("nether_portal"));
        wait(&mut game, 3 * WAIT_TICKS);
        assert_eq!(
            game.dimension(),
            Dimension::Nether,
            "staying in renews the cooldown"
        );

        game.player.pos[2] += 1.5;
        wait(&mut game, COOLDOWN_TICKS + 1);
        game.player.pos = arrival;
        wait(&mut game, WAIT_TICKS + 1);
        assert_eq!(game.dimension(), Dimension::Overworld);
        assert_eq!(
            game.player.block_pos(),
            [1, FLOOR + 1, 0],
            "back at the portal lit"
        );
    }

    #[test]
    fn an_open_frame_lights_nothing() {
        let mut game = platform_game();
        let y0 = FLOOR + 2;
        frame(&mut game.world, y0);
        game.world.set([2, y0 + 3, 0], BlockId::AIR);
        light(&mut game, [1, y0, 0]);
        assert_ne!(game.world.get([1, y0, 0]), block("nether_portal"));
        assert!(find_inside(&game.world, [1, y0, 0], false).is_none());
    }
}
