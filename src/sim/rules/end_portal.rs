//! End portals (1.16.5's `EndPortalBlock.entityInside`): touching one
//! takes the player across at once. From the overworld to the End, onto
//! the 5×5 obsidian platform at (100, 48, 0) that vanilla builds each time
//! (clearing three blocks of air above it), facing west; the first arrival
//! starts the dragon fight. From the End back to the overworld's spawn.

use super::movement::player_box;
use crate::sim::dimensions::change_dimension;
use crate::sim::game::Game;
use crate::sim::registry::{block, BlockId};
use crate::sim::world::{BlockPos, Dimension, World};

/// The centre of the End's arrival platform (its obsidian).
pub const PLATFORM: BlockPos = [100, 48, 0];
/// The way an arrival in the End faces (west).
const ARRIVAL_YAW: f32 = 90.0;

/// Sends the player through the end portal they touch, if any.
pub fn tick_travel(game: &mut Game) {
    let portal = block("end_portal");
    let in_portal = player_box(&game.player)
        .cells(0)
        .any(|cell| game.world.get(cell) == portal);
    if !in_portal || game.player.is_dead() {
        return;
    }
    if game.dimension() == Dimension::End {
        let spawn = game.spawn.map(f64::from);
        change_dimension(
            game,
            Dimension::Overworld,
            [spawn[0] + 0.5, spawn[1], spawn[2] + 0.5],
        );
        return;
    }
    let [x, y, z] = PLATFORM.map(f64::from);
    change_dimension(game, Dimension::End, [x + 0.5, y + 1.0, z + 0.5]);
    build_platform(&mut game.world);
    game.player.yaw = ARRIVAL_YAW;
    game.player.pitch = 0.0;
    super::dragon_fight::begin(game);
}

/// `ServerLevel.makeObsidianPlatform`: obsidian 5×5 at the platform's
/// height, air for three blocks above.
pub fn build_platform(world: &mut World) {
    for dz in -2..=2 {
        for dx in -2..=2 {
            let [x, y, z] = [PLATFORM[0] + dx, PLATFORM[1], PLATFORM[2] + dz];
            world.set([x, y, z], block("obsidian"));
            for up in 1..=3 {
                world.set([x, y + up, z], BlockId::AIR);
            }
        }
    }
}
