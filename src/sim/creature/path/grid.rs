//! A* over the block grid, shared by the creatures' paths (`creature::path`)
//! and the scripts' travel (`script::travel`): from a start cell, steps
//! in the eight horizontal directions (what a step lands on and costs is
//! the caller's [`Grid`]), the open set ordered by cost so far plus the
//! estimate left, ties by position, until a goal cell comes up or a
//! bound on the cells expanded is passed.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::sim::world::BlockPos;

/// The eight steps over the grid, straight ones first, in a fixed order.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// What one search walks over.
pub trait Grid {
    /// Where feet at `from` end up after a step towards the column
    /// (dx, dz), and the step's cost; `None` if it cannot be taken.
    fn step(&self, from: BlockPos, dx: i32, dz: i32) -> Option<(BlockPos, u64)>;
    /// The estimated cost left from a cell.
    fn estimate(&self, cell: BlockPos) -> u64;
    fn is_goal(&self, cell: BlockPos) -> bool;
    /// A cell taken from the open set to be expanded (not a goal).
    fn expanding(&mut self, _cell: BlockPos) {}
    /// A cell reached more cheaply than before.
    fn improved(&mut self, _cell: BlockPos) {}
}

/// How a search went: the goal cell, if one came up, and how each cell
/// reached was come to.
pub struct Search {
    pub reached: Option<BlockPos>,
    came_from: HashMap<BlockPos, BlockPos>,
}

impl Search {
    /// The cells from the start to `end`, the start left out.
    pub fn path_to(&self, end: BlockPos) -> Vec<BlockPos> {
        let mut path = vec![end];
        while let Some(&before) = path.last().and_then(|cell| self.came_from.get(cell)) {
            path.push(before);
        }
        // The chain ends at the start, the one cell not come to.
        path.pop();
        path.reverse();
        path
    }
}

/// Searches from `start` until a goal cell is taken from the open set, or
/// more than `max_expanded` cells have been expanded.
pub fn search(grid: &mut impl Grid, start: BlockPos, max_expanded: usize) -> Search {
    let mut came_from = HashMap::new();
    let mut cost = HashMap::from([(start, 0u64)]);
    let mut open = BinaryHeap::from([Reverse((grid.estimate(start), start))]);
    let mut reached = None;
    let mut expanded = 0;
    while let Some(Reverse((_, cell))) = open.pop() {
        if grid.is_goal(cell) {
            reached = Some(cell);
            break;
        }
        expanded += 1;
        if expanded > max_expanded {
            break;
        }
        grid.expanding(cell);
        let here = cost[&cell];
        for (dx, dz) in DIRECTIONS {
            let Some((next, price)) = grid.step(cell, dx, dz) else {
                continue;
            };
            let through = here + price;
            if cost.get(&next).is_some_and(|&c| c <= through) {
                continue;
            }
            cost.insert(next, through);
            came_from.insert(next, cell);
            grid.improved(next);
            open.push(Reverse((through + grid.estimate(next), next)));
        }
    }
    Search { reached, came_from }
}
