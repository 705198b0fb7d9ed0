//! Putting a carried block (a crafting table, a furnace) down wherever
//! the player stands, a narrow tunnel included: into the nearest open cell
//! within reach that is not the body's and that a solid neighbour can
//! hold and whose centre the eye sees (so the placed block can then be
//! aimed at and used, as a furnace is opened), trying the next cell when
//! one does not take it. Where no cell will do (the feet stand on a
//! tree's crown, on a log among leaves, where the script treats leaves as
//! nothing to put a block against; or a crown hangs low about the head
//! and hides every cell beside the feet from the eye), it walks once to
//! the nearest firm ground with room: an open cell beside the feet, over
//! a solid one, whose centre the eye standing there sees.

use std::collections::VecDeque;

use super::dig::{safe_to_open, SIDES};
use crate::protocol::Action;
use crate::sim::game::Game;
use crate::sim::player::EYE_HEIGHT;
use crate::sim::raycast;
use crate::sim::registry::{registry, BlockId, ItemId, ItemKind};
use crate::sim::rules::placement_obstructed;
use crate::sim::script::behaviour::{Behaviour, Step};
use crate::sim::script::blocks::is_solid_cube;
use crate::sim::script::construct::{Construct, Job};
use crate::sim::script::travel::travel;
use crate::sim::world::{offset, up, BlockPos};

/// Cells tried before giving up.
const TRIES: usize = 6;
/// Ticks waited at most for the body to come to rest.
const SETTLE_TICKS: u32 = 20;

/// Places one of the selected block item near the player.
pub struct PlaceNear {
    item: ItemId,
    held_at_start: Option<u32>,
    settle_ticks: u32,
    cells: Option<VecDeque<BlockPos>>,
    current: Option<Construct>,
    /// The walk to room, while it lasts; once walked it is not walked again.
    walk: Option<Box<dyn Behaviour>>,
    walked: bool,
}

impl PlaceNear {
    pub fn new(item: ItemId) -> PlaceNear {
        PlaceNear {
            item,
            held_at_start: None,
            settle_ticks: 0,
            cells: None,
            current: None,
            walk: None,
            walked: false,
        }
    }
}

/// Whether feet in a cell have room to put a block beside them: they
/// stand on an opaque cube, beside an open cell over another whose
/// centre the eye of a body standing there sees (a crown of leaves low
/// about the head hides every cell beside the feet).
fn room_beside(game: &Game, feet: BlockPos) -> bool {
    let eye = [
        f64::from(feet[0]) + 0.5,
        f64::from(feet[1]) + EYE_HEIGHT,
        f64::from(feet[2]) + 0.5,
    ];
    is_solid_cube(game, up(feet, -1))
        && SIDES.iter().any(|&d| {
            let beside = offset(feet, d);
            game.world.get(beside) == BlockId::AIR
                && is_solid_cube(game, up(beside, -1))
                && centre_in_sight(game, eye, beside)
        })
}

/// Open cells near the feet that a placed `block` could fill, nearest the
/// eye first: air, clear of the body (the placing rule refuses a block
/// that would overlap it, and the body's box reaches into the cells
/// beside the feet' column), with a solid block's face in sight to click
/// that holds it, its centre in sight (nothing between the eye and it, as
/// a screen opener aiming at the centre needs), and safe to leave open
/// later.
pub fn open_cells_near(game: &Game, block: BlockId) -> Vec<BlockPos> {
    let feet = game.player.block_pos();
    let eye = game.player.eye();
    let mut cells = Vec::new();
    for dy in -1..=2 {
        for dz in -2..=2 {
            for dx in -2..=2 {
                let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                if !fits(game, block, pos) {
                    continue;
                }
                let d2: f64 = (0..3)
                    .map(|i| (f64::from(pos[i]) + 0.5 - eye[i]).powi(2))
                    .sum();
                cells.push(((d2 * 100.0) as i64, pos));
            }
        }
    }
    cells.sort_unstable();
    cells.into_iter().map(|(_, pos)| pos).collect()
}

/// Whether `block` can go into `pos` from where the eye is now (see
/// [`open_cells_near`]).
fn fits(game: &Game, block: BlockId, pos: BlockPos) -> bool {
    game.world.get(pos) == BlockId::AIR
        && !placement_obstructed(game, block, pos)
        && safe_to_open(&game.world, pos)
        && Construct::support_face(game, pos).is_some()
        && centre_in_sight(game, game.player.eye(), pos)
}

/// Whether the ray from `eye` to an open cell's centre meets no
/// selectable block before the cell (the first it meets lies beyond the
/// centre), within a screen opener's reach.
fn centre_in_sight(game: &Game, eye: [f64; 3], cell: BlockPos) -> bool {
    let d: [f64; 3] = std::array::from_fn(|i| f64::from(cell[i]) + 0.5 - eye[i]);
    let distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    let dir = d.map(|c| c / distance);
    distance < raycast::REACH - 0.3
        && raycast::cast(&game.world, eye, dir, raycast::REACH, raycast::selectable)
            .is_none_or(|hit| hit.distance > distance)
}

/// Whether the body has come to rest, so the eye the cells are chosen
/// from is the eye they are placed and later used from.
fn standing_still(game: &Game) -> bool {
    let [vx, _, vz] = game.player.vel;
    game.player.on_ground && vx.abs() < 1e-3 && vz.abs() < 1e-3
}

impl Behaviour for PlaceNear {
    fn next(&mut self, game: &Game) -> Step {
        let held = game.player.inventory.count(self.item);
        let at_start = *self.held_at_start.get_or_insert(held);
        if held < at_start {
            return Step::Done;
        }
        let ItemKind::Block(block) = registry().item(self.item).kind else {
            return Step::Done;
        };
        if let Some(walk) = &mut self.walk {
            if let Step::Act(action) = walk.next(game) {
                return Step::Act(action);
            }
            self.walk = None;
            self.settle_ticks = 0;
        }
        if self.cells.is_none() && !standing_still(game) && self.settle_ticks < SETTLE_TICKS {
            self.settle_ticks += 1;
            return Step::Act(Action::noop());
        }
        let cells = self.cells.get_or_insert_with(|| {
            open_cells_near(game, block)
                .into_iter()
                .take(TRIES)
                .collect()
        });
        if cells.is_empty() && !self.walked {
            self.walked = true;
            self.cells = None;
            self.walk = Some(travel(room_beside, None));
            return Step::Act(Action::noop());
        }
        loop {
            if let Some(construct) = &mut self.current {
                if let Step::Act(action) = construct.next(game) {
                    return Step::Act(action);
                }
                self.current = None;
            }
            let Some(cell) = cells.pop_front() else {
                return Step::Done;
            };
            if fits(game, block, cell) {
                self.current = Some(Construct::new(block, vec![Job::Place(cell)]));
                return Step::Act(Action::noop());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::{block, item};
    use crate::sim::script::long::stage::play_phase;

    #[test]
    fn a_crown_of_leaves_about_the_head_is_walked_out_of_before_the_table_goes_down() {
        let mut game = sky_game();
        // Leaves all round the head but to the north, where a grass plant
        // fills the cell at the feet: no open cell's centre is in sight,
        // though open cells lie beside the feet.
        for (x, z) in [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            put(&mut game, [x, FLOOR + 2, z], "oak_leaves");
        }
        put(&mut game, [0, FLOOR + 1, -1], "grass");
        let table = item("crafting_table");
        game.player.inventory.main[0] = Some(ItemStack::new(table, 1));
        assert!(open_cells_near(&game, block("crafting_table")).is_empty());
        let placed = move |g: &Game| g.player.inventory.count(table) == 0;
        let staged = play_phase(game, vec![Box::new(PlaceNear::new(table))], placed, 400);
        assert!(staged.reached, "the table is still carried");
        let feet = staged.game.player.block_pos();
        assert!(feet[2] < 0, "walked out north, to {feet:?}");
        let tables = (-3..=3)
            .flat_map(|x| (-5..=3).map(move |z| [x, FLOOR + 1, z]))
            .filter(|&pos| staged.game.world.get(pos) == block("crafting_table"))
            .count();
        assert_eq!(tables, 1);
    }
}
