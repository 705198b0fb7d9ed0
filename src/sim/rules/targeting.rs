//! What the crosshair is on: a creature or a boat (not the one ridden)
//! within 3 blocks (survival's entity reach) if it is nearer than the
//! block under the crosshair (reach 4.5).

use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::raycast::{self, Hit};

/// How far the player reaches creatures.
pub const ENTITY_REACH: f64 = 3.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Target {
    Block(Hit),
    Entity(EntityId),
}

/// The nearest creature the view ray meets within `max` blocks, and its distance.
fn entity_on_ray(game: &Game, eye: [f64; 3], dir: [f64; 3], max: f64) -> Option<(EntityId, f64)> {
    let segment = dir.map(|v| v * max);
    game.entities
        .list
        .iter()
        .filter(|e| match &e.kind {
            EntityKind::Mob(_) => true,
            EntityKind::Boat(boat) => !boat.carries_player(),
            _ => false,
        })
        .filter_map(|e| {
            let t = e.bounding_box().clip(eye, segment)?;
            Some((e.id, t * max))
        })
        .fold(None, |best: Option<(EntityId, f64)>, (id, d)| match best {
            Some((_, bd)) if bd <= d => best,
            _ => Some((id, d)),
        })
}

/// The block or creature under the crosshair.
pub fn crosshair(game: &Game) -> Option<Target> {
    let (eye, dir) = (game.player.eye(), game.player.look_dir());
    let block = raycast::target(&game.world, eye, dir);
    let block_distance = block.map_or(f64::INFINITY, |h| h.distance);
    match entity_on_ray(game, eye, dir, ENTITY_REACH) {
        Some((id, d)) if d < block_distance => Some(Target::Entity(id)),
        _ => block.map(Target::Block),
    }
}
