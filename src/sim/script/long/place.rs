//! Putting a carried block (a crafting table, a furnace) down wherever
//! the player stands, a narrow tunnel included: into the nearest open cell
//! within reach that is not the body's and that a solid neighbour can
//! hold, trying the next cell when one does not take it.

use std::collections::VecDeque;

use super::dig::safe_to_open;
use crate::protocol::Action;
use crate::sim::game::Game;
use crate::sim::registry::{registry, BlockId, ItemId, ItemKind};
use crate::sim::rules::placement_obstructed;
use crate::sim::script::behaviour::{Behaviour, Step};
use crate::sim::script::blocks::{Construct, Job};
use crate::sim::world::BlockPos;

/// Cells tried before giving up.
const TRIES: usize = 6;

/// Places one of the selected block item near the player.
pub struct PlaceNear {
    item: ItemId,
    held_at_start: Option<u32>,
    cells: Option<VecDeque<BlockPos>>,
    current: Option<Construct>,
}

impl PlaceNear {
    pub fn new(item: ItemId) -> PlaceNear {
        PlaceNear {
            item,
            held_at_start: None,
            cells: None,
            current: None,
        }
    }
}

/// Open cells near the feet that a placed `block` could fill, nearest the
/// eye first: air, clear of the body (the placing rule refuses a block
/// that would overlap it, and the body's box reaches into the cells
/// beside the feet' column), with a solid block's face in sight to click
/// that holds it, and safe to leave open later.
pub fn open_cells_near(game: &Game, block: BlockId) -> Vec<BlockPos> {
    let feet = game.player.block_pos();
    let eye = game.player.eye();
    let mut cells = Vec::new();
    for dy in -1..=2 {
        for dz in -2..=2 {
            for dx in -2..=2 {
                let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                if game.world.get(pos) != BlockId::AIR
                    || placement_obstructed(game, block, pos)
                    || !safe_to_open(&game.world, pos)
                    || Construct::support_face(game, pos).is_none()
                {
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
        let cells = self.cells.get_or_insert_with(|| {
            open_cells_near(game, block)
                .into_iter()
                .take(TRIES)
                .collect()
        });
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
            if game.world.get(cell) == BlockId::AIR {
                self.current = Some(Construct::new(block, vec![Job::Place(cell)]));
                return Step::Act(Action::noop());
            }
        }
    }
}
