//! Block updates, once a tick after the player acted: the scheduled
//! updates that are due run (fluids flow, sand checks its footing), then
//! every cell changed since the last look notifies itself and its six
//! neighbours, as vanilla's `onPlace` and `neighborChanged` do. A fluid
//! so notified schedules its next flow; lava touching water on a side or
//! from above hardens at once (a source to obsidian, flowing lava to
//! cobblestone); a gravity block schedules its check two ticks on.
//! Only changed cells and their neighbours are ever looked at.

use super::fluids::{self, Fluid};
use super::{falling, flow, traits};
use crate::sim::game::Game;
use crate::sim::registry::block;
use crate::sim::world::fluid_level::SOURCE;
use crate::sim::world::schedule::Update;
use crate::sim::world::BlockPos;

/// Vanilla runs at most this many scheduled updates a tick.
const MAX_UPDATES_PER_TICK: usize = 65_536;
/// Ticks before a gravity block acts on a change around it.
const FALL_DELAY: u64 = 2;

/// The cell and its six neighbours.
fn with_neighbours(pos: BlockPos) -> [BlockPos; 7] {
    const AROUND: [[i32; 3]; 7] = [
        [0, 0, 0],
        [-1, 0, 0],
        [1, 0, 0],
        [0, -1, 0],
        [0, 1, 0],
        [0, 0, -1],
        [0, 0, 1],
    ];
    AROUND.map(|d| [pos[0] + d[0], pos[1] + d[1], pos[2] + d[2]])
}

/// Runs the due updates, then notifies around every change.
pub fn tick(game: &mut Game) {
    let due = game
        .world
        .schedule
        .take_due(game.tick, MAX_UPDATES_PER_TICK);
    for (pos, update) in due {
        match update {
            Update::Fluid => flow::tick(game, pos),
            Update::Block => falling::check(game, pos),
        }
    }
    notify_changes(game);
}

/// Notifies around every logged change, including the ones the
/// notifications cause (lava hardening), until none are left.
pub fn notify_changes(game: &mut Game) {
    loop {
        let changes = game.world.take_changes();
        if changes.is_empty() {
            return;
        }
        for pos in changes.into_iter().flat_map(with_neighbours) {
            notify(game, pos);
        }
    }
}

/// What a notified cell does (`LiquidBlock.neighborChanged`,
/// `FallingBlock.neighborChanged`).
fn notify(game: &mut Game, pos: BlockPos) {
    let id = game.world.get(pos);
    if let Some(fluid) = Fluid::of(id) {
        if fluid == Fluid::Lava && harden_lava(game, pos) {
            return;
        }
        let due = game.tick + flow::delay(fluid);
        game.world.schedule.add(pos, Update::Fluid, due);
    } else if traits::FALLING.contains(id) {
        game.world
            .schedule
            .add(pos, Update::Block, game.tick + FALL_DELAY);
    }
}

/// Lava with water beside or above it becomes obsidian (a source) or
/// cobblestone (`LiquidBlock.shouldSpreadLiquid`). Returns whether it did.
fn harden_lava(game: &mut Game, pos: BlockPos) -> bool {
    const TOUCHING: [[i32; 3]; 5] = [[0, 1, 0], [1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];
    let touches_water = TOUCHING.iter().any(|d| {
        let next = [pos[0] + d[0], pos[1] + d[1], pos[2] + d[2]];
        Fluid::of(game.world.get(next)) == Some(Fluid::Water)
    });
    if !touches_water {
        return false;
    }
    let hardened = if fluids::at(&game.world, pos) == Some((Fluid::Lava, SOURCE)) {
        "obsidian"
    } else {
        "cobblestone"
    };
    game.world.set(pos, block(hardened));
    true
}
