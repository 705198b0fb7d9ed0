//! A monster spawner's block entity (`MobSpawnerTileEntity` with its
//! `AbstractSpawner`): the creature kind it spawns and the ticks before it
//! next tries. Its rules are in `rules::spawners`.

use crate::sim::registry::{registry, EntityTypeId};

/// Ticks before a new spawner's first try (`spawnDelay`'s start).
pub const FIRST_DELAY: u32 = 20;

#[derive(Debug, Clone, PartialEq)]
pub struct Spawner {
    /// What it spawns.
    pub kind: EntityTypeId,
    /// Ticks before it next tries.
    pub delay: u32,
}

impl Spawner {
    pub fn new(kind: EntityTypeId) -> Spawner {
        Spawner {
            kind,
            delay: FIRST_DELAY,
        }
    }

    /// A spawner placed without data spawns pigs, as vanilla's does.
    pub fn unset() -> Spawner {
        let pig = registry()
            .entity_named("pig")
            .expect("pig is an entity type");
        Spawner::new(pig)
    }
}
