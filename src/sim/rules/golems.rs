//! Golems built from blocks, after vanilla's `CarvedPumpkinBlock`: when a
//! carved pumpkin or jack o'lantern is placed on top of a completed
//! pattern — two snow blocks stacked, or a T of four iron blocks with
//! air beside the head and the foot, in either upright plane — the
//! pattern's blocks are cleared and the golem stands on the bottom cell
//! (`mobs[snow_golem]`, `mobs[iron_golem]`). Only the head placed last
//! builds; a pattern missing any block builds nothing.

use super::births;
use crate::sim::entity::MobTags;
use crate::sim::game::Game;
use crate::sim::registry::{block, registry, BlockId};
use crate::sim::world::BlockPos;

/// Blocks that make a golem's head.
const HEADS: &[&str] = &["carved_pumpkin", "jack_o_lantern"];

/// A golem's pattern, top row first, across one upright plane: `^` the
/// head, `#` the body block, `~` air.
struct Pattern {
    golem: &'static str,
    body: &'static str,
    rows: &'static [&'static str],
}

/// Tried in vanilla's order.
const PATTERNS: &[Pattern] = &[
    Pattern {
        golem: "snow_golem",
        body: "snow_block",
        rows: &["^", "#", "#"],
    },
    Pattern {
        golem: "iron_golem",
        body: "iron_block",
        rows: &["~^~", "###", "~#~"],
    },
];

/// The two horizontal directions a pattern's rows may run along.
const ACROSS: [[i32; 2]; 2] = [[1, 0], [0, 1]];

impl Pattern {
    /// The pattern's cells and what each must hold, with the head at `head`
    /// and rows running along `across`.
    fn cells(&self, head: BlockPos, across: [i32; 2]) -> Vec<(BlockPos, char)> {
        let head_column = self.rows[0].find('^').unwrap_or(0) as i32;
        let mut cells = Vec::new();
        for (down, row) in self.rows.iter().enumerate() {
            for (column, want) in row.chars().enumerate() {
                let side = column as i32 - head_column;
                let pos = [
                    head[0] + across[0] * side,
                    head[1] - down as i32,
                    head[2] + across[1] * side,
                ];
                cells.push((pos, want));
            }
        }
        cells
    }

    fn matches(&self, game: &Game, cells: &[(BlockPos, char)]) -> bool {
        let body = block(self.body);
        cells.iter().all(|&(pos, want)| {
            let here = game.world.get(pos);
            match want {
                '^' => HEADS.contains(&registry().block(here).name),
                '#' => here == body,
                _ => here == BlockId::AIR,
            }
        })
    }
}

/// After a block was placed at `pos`: builds the golem it completes, if any.
pub fn after_place(game: &mut Game, pos: BlockPos) {
    if !HEADS.contains(&registry().block(game.world.get(pos)).name) {
        return;
    }
    for pattern in PATTERNS {
        for across in ACROSS {
            let cells = pattern.cells(pos, across);
            if pattern.matches(game, &cells) {
                build(game, pattern, pos, &cells);
                return;
            }
        }
    }
}

fn build(game: &mut Game, pattern: &Pattern, head: BlockPos, cells: &[(BlockPos, char)]) {
    for &(pos, _) in cells {
        game.world.set(pos, BlockId::AIR);
    }
    let Some(kind) = registry().entity_named(pattern.golem) else {
        return;
    };
    let foot = head[1] - (pattern.rows.len() as i32 - 1);
    let at = [
        f64::from(head[0]) + 0.5,
        f64::from(foot) + 0.05,
        f64::from(head[2]) + 0.5,
    ];
    births::bring_to_life(game, kind, at, MobTags::default());
}
