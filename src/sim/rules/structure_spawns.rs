//! What world generation makes besides blocks, handed to the game once the
//! chunks holding it exist: structure chests get their loot tables (filled
//! when first opened) and villagers come to stand in their villages.

use crate::sim::block_entity::{BlockEntity, Chest};
use crate::sim::entity::{EntityKind, Mob, MobTags};
use crate::sim::game::Game;
use crate::sim::registry::{block, registry};
use crate::sim::world::gen::Spawn;

use super::maps;

/// The chest whose loot holds a buried-treasure map.
const TREASURE_MAP_CHEST: &str = "chests/shipwreck_map";

/// Takes the spawns of the chunks generated since the last call.
pub fn populate(game: &mut Game) {
    for spawn in game.world.generator().take_spawns() {
        match spawn {
            Spawn::Chest { pos, loot_table } => {
                if game.world.get(pos) == block("chest") {
                    let mut chest = Chest::new(Some(format!("minecraft:{loot_table}")));
                    if loot_table == TREASURE_MAP_CHEST {
                        // Rolled now rather than when first opened (the same
                        // roll: its stream is keyed by the seed and position)
                        // so the map can be pointed at its treasure.
                        chest.unpack_loot(game.world.generator().seed(), pos);
                        maps::mark_treasure_maps(&game.world, pos, &mut chest.slots);
                    }
                    game.block_entities.insert(pos, BlockEntity::Chest(chest));
                }
            }
            Spawn::Villager { pos, profession } => {
                let Some(kind) = registry().entity_named("villager") else {
                    continue;
                };
                let health = registry().creature(kind).map_or(20.0, |c| c.max_health);
                let tags = MobTags {
                    profession: Some(profession.to_string()),
                    ..MobTags::default()
                };
                let feet = [
                    f64::from(pos[0]) + 0.5,
                    f64::from(pos[1]),
                    f64::from(pos[2]) + 0.5,
                ];
                let mob = Mob::new(kind, health, tags);
                game.entities.spawn(EntityKind::Mob(mob), feet, [0.0; 3]);
            }
        }
    }
}
