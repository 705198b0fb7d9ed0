//! The rules of one game tick (1/20 s) of the embedded simulator, after
//! Minecraft 1.16.5: the camera and hotbar, movement physics, breaking and
//! placing blocks, using and dropping items, health and hunger, entities,
//! and the clock.
//!
//! One tick runs, in order: the clock; the furnaces; random block ticks
//! (crops, farmland); while dead only the respawn wait and the entities;
//! else sleep in a bed, the open screen's input (`screens`), or the keys
//! (camera, hotbar, swap hands, pick block, drop), attack then use on what
//! the crosshair targets (and the shield); then movement (no keys while a
//! screen is open or asleep; paddling while in a boat), block updates
//! (fluids flowing, sand falling), item pickup, health and hunger, death,
//! nether- and end-portal travel, the entities, the dragon fight's end,
//! and world generation around the player (and unloading far from it)
//! with what its structures hold (chests' loot, villagers).
//!
//! The drop key acts on its press edge: one item per press. (Vanilla's
//! repeat while Q is held comes from the operating system's key repeat,
//! which has no tick-based equivalent; agents drop more by pressing again.)

pub mod archery;
mod armor;
mod attack;
mod beds;
mod births;
mod block_updates;
pub mod boats;
mod breaking;
mod breeding;
mod clock;
mod collision;
pub mod combat;
mod containers;
pub mod crafting;
pub mod defense;
pub mod dragon_breath;
pub mod dragon_fight;
mod drops;
mod enchanting;
pub mod end_crystal;
mod end_portal;
mod ender_eye;
mod entities;
mod falling;
mod farming;
pub mod fireballs;
pub mod fishing;
mod flow;
pub mod fluids;
mod golems;
pub mod hanging;
mod health;
mod input;
mod items;
pub mod maps;
mod movement;
mod orient;
mod placing;
mod portal;
mod potions;
pub mod projectiles;
mod random_ticks;
mod screens;
mod spawning;
pub mod structure_spawns;
pub mod suffocation;
mod support;
mod targeting;
mod tools;
mod tools_on_mobs;
mod traits;
mod using;

#[cfg(test)]
pub(crate) mod testkit;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tools_tests;

pub use attack::charge as attack_charge;
pub use breaking::{can_harvest, progress_per_tick};
pub use collision::{collide, is_free, Aabb, Moved};
pub use end_portal::PLATFORM;
pub use entities::{slipperiness_under, PICKUP_REACH};
pub use falling::has_gravity;
pub use fluids::{depth_in as fluid_depth, Fluid};
pub use health::{hurt, Damage};
pub use items::spawn_block_drop;
pub use placing::{bodies_in_the_way, is_replaceable, obstructed as placement_obstructed, Body};
pub use screens::open as open_screen;
pub use support::{can_survive, settle_neighbours};
pub use targeting::{crosshair, Target, ENTITY_REACH};
pub use using::{converted as converted_by_tool, interact_block, opens_on_use};

use crate::protocol::{Action, Key};
use crate::sim::game::{self, Game};
use crate::sim::registry::{registry, Drop};
use input::{MoveInput, Presses};

/// Advances the game by one tick under the player's action.
pub fn tick(game: &mut Game, action: &Action) {
    clock::advance(game);
    containers::tick(game);
    random_ticks::tick(game);
    if game.player.is_dead() {
        screens::close(game);
        health::tick_dead(game);
        combat::tick_wounds(game);
        block_updates::tick(game);
        entities::tick(game);
        tools::tick(game);
        return;
    }
    let asleep = beds::tick(game, action.is_pressed(Key::Sneak));
    let presses = Presses::update(&mut game.player, action);
    let in_screen = screens::tick(game, action, &presses) || asleep;
    let move_input = if in_screen {
        MoveInput::default()
    } else {
        MoveInput::from_action(action)
    };
    if !in_screen {
        turn_camera(game, action);
        select_hotbar(game, action);
        if presses.swap_hands {
            let inv = &mut game.player.inventory;
            std::mem::swap(&mut inv.main[inv.selected], &mut inv.offhand);
            game.player.eating_ticks = 0;
        }
        if presses.drop {
            if let Some(stack) = game.player.inventory.take_selected(1) {
                items::throw_from_player(game, stack);
            }
        }
    }
    let riding = boats::player_boat(game).is_some();
    movement::update_pose(&game.world, &mut game.player, &move_input, riding);
    let target = targeting::crosshair(game);
    if presses.pick_block && !in_screen {
        pick_block(game, target);
    }
    let world_keys = |key| !in_screen && action.is_pressed(key);
    breaking::tick_attack(
        game,
        world_keys(Key::Attack),
        presses.attack && !in_screen,
        target,
    );
    using::tick_use(
        game,
        world_keys(Key::Use),
        presses.use_item && !in_screen,
        target,
    );
    defense::tick_shield(game, world_keys(Key::Use));
    if !boats::steer(game, &move_input) {
        movement::travel(game, &move_input);
    }
    block_updates::tick(game);
    entities::pick_up_items(game);
    health::tick_alive(game);
    health::check_death(game);
    portal::tick_travel(game);
    end_portal::tick_travel(game);
    combat::tick_wounds(game);
    entities::tick(game);
    dragon_fight::tick(game);
    tools::tick(game);
    spawning::tick(game);
    let [x, _, z] = game.player.pos;
    let (x, z) = (x.floor() as i32, z.floor() as i32);
    game.world
        .ensure_around(x, z, game::GENERATION_RADIUS_CHUNKS);
    structure_spawns::populate(game);
    unload_far_chunks(game, x, z);
}

/// Chunks this far (in chunks) beyond the generated square around the
/// player are dropped unless edited or holding an entity.
const UNLOAD_MARGIN_CHUNKS: i32 = 3;

fn unload_far_chunks(game: &mut Game, x: i32, z: i32) {
    let occupied: Vec<(i32, i32)> = game
        .entities
        .list
        .iter()
        .map(|e| crate::sim::world::chunk_of(e.pos[0].floor() as i32, e.pos[2].floor() as i32))
        .collect();
    game.world.unload_beyond(
        x,
        z,
        game::GENERATION_RADIUS_CHUNKS + UNLOAD_MARGIN_CHUNKS,
        |chunk| occupied.contains(&chunk),
    );
}

/// Camera deltas: positive pitch looks down (clamped to ±90), positive yaw turns right.
fn turn_camera(game: &mut Game, action: &Action) {
    let p = &mut game.player;
    // A non-finite turn (never sent by a well-formed action) turns nothing.
    let [pitch, yaw] = action.camera.map(|d| if d.is_finite() { d } else { 0.0 });
    p.pitch = (p.pitch + pitch).clamp(-90.0, 90.0);
    p.yaw = (p.yaw + yaw).rem_euclid(360.0);
}

/// Hotbar keys select their slot; with several down, the highest wins (as
/// vanilla handles them in order). Switching away stops eating.
fn select_hotbar(game: &mut Game, action: &Action) {
    if let Some(slot) = Key::HOTBAR.iter().rposition(|&k| action.is_pressed(k)) {
        let p = &mut game.player;
        if p.inventory.selected != slot && !p.eating_offhand {
            p.eating_ticks = 0;
        }
        p.inventory.selected = slot;
    }
}

/// Pick block: selects the hotbar slot holding the targeted block's item,
/// or brings it from the main inventory into the hotbar (`pickSlot`).
fn pick_block(game: &mut Game, target: Option<Target>) {
    let Some(Target::Block(hit)) = target else {
        return;
    };
    let registry = registry();
    let wanted = registry
        .item_of_block(hit.block)
        .or(match registry.block(hit.block).drop {
            Drop::Item { item, .. } => Some(item),
            Drop::Nothing => None,
        });
    let Some(wanted) = wanted else { return };
    let inv = &mut game.player.inventory;
    if let Some(slot) = inv.hotbar_slot_of(wanted) {
        inv.selected = slot;
        return;
    }
    let held =
        |s: &Option<crate::sim::inventory::ItemStack>| s.as_ref().is_some_and(|s| s.item == wanted);
    let Some(from) = inv.main.iter().position(held) else {
        return;
    };
    let hotbar = crate::sim::inventory::HOTBAR_SLOTS;
    let free = (0..hotbar)
        .map(|i| (inv.selected + i) % hotbar)
        .find(|&i| inv.main[i].is_none());
    inv.selected = free.unwrap_or(inv.selected);
    inv.main.swap(inv.selected, from);
}
