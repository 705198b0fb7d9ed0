//! Creatures the world brings about by itself: the natural spawn cycle
//! ([`natural`]) and monster spawners ([`spawners`]), with the spot checks
//! both share, and the despawning of far monsters where the cycle runs
//! ([`despawn`]).

mod despawn;
mod natural;
mod spawners;

use super::{fluid_depth, is_free, Aabb, Fluid};
use crate::sim::game::Game;
use crate::sim::registry::{registry, EntityTypeId};

/// Far monsters despawn, then monster spawners and the natural spawn
/// cycle bring new ones.
pub fn tick(game: &mut Game) {
    despawn::tick(game);
    spawners::tick(game);
    natural::tick(game);
}

/// Whether a creature of `kind` fits with its feet at `pos`: no block in
/// its box and no liquid.
fn fits(game: &Game, kind: EntityTypeId, pos: [f64; 3]) -> bool {
    let def = registry().entity(kind);
    let body = Aabb::at_feet(pos, f64::from(def.width) / 2.0, f64::from(def.height));
    is_free(&game.world, &body)
        && fluid_depth(&game.world, &body, Fluid::Water) <= 0.0
        && fluid_depth(&game.world, &body, Fluid::Lava) <= 0.0
}

/// Creatures of `kind` alive within the box `min..max`.
fn count_near(game: &Game, kind: EntityTypeId, min: [f64; 3], max: [f64; 3]) -> usize {
    game.entities
        .list
        .iter()
        .filter(|e| {
            matches!(&e.kind, crate::sim::entity::EntityKind::Mob(mob) if mob.kind == kind && !mob.is_dying())
                && (0..3).all(|i| (min[i]..=max[i]).contains(&e.pos[i]))
        })
        .count()
}
