//! Creatures that a game rule brings into the world (built golems, bred
//! young): spawned at full health and counted as `mobs[kind]`, the
//! statistic of an entity coming to exist.

use crate::sim::command;
use crate::sim::entity::{EntityId, EntityKind, Mob, MobTags};
use crate::sim::game::Game;
use crate::sim::registry::{registry, EntityTypeId};
use crate::suite::Event;

/// Spawns a creature of `kind` with its feet at `pos`.
pub fn bring_to_life(
    game: &mut Game,
    kind: EntityTypeId,
    pos: [f64; 3],
    tags: MobTags,
) -> EntityId {
    let name = registry().entity(kind).name;
    let health = command::max_health(name).unwrap_or(1.0);
    let id = game
        .entities
        .spawn(EntityKind::Mob(Mob::new(kind, health, tags)), pos, [0.0; 3]);
    game.stats.add(Event::Mobs, name, 1);
    id
}
