//! Natural spawn tables (`spawns.tsv`): per biome, the weighted packs of
//! monsters the spawn cycle draws from.

use std::sync::OnceLock;

use super::table;
use super::{registry, EntityTypeId};

/// One weighted entry of a biome's spawn list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpawnEntry {
    pub kind: EntityTypeId,
    pub weight: u32,
    pub min: u32,
    pub max: u32,
}

/// The monster spawn list of the biome with Minecraft id `biome` (empty if none).
pub fn spawn_entries(biome: &str) -> Vec<SpawnEntry> {
    static TABLE: OnceLock<Vec<(&'static str, SpawnEntry)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        table::rows(include_str!("spawns.tsv"))
            .map(|row| {
                let kind = registry()
                    .entity_named(row[1])
                    .unwrap_or_else(|| panic!("spawn table names unknown entity `{}`", row[1]));
                let entry = SpawnEntry {
                    kind,
                    weight: table::column(&row, 2),
                    min: table::column(&row, 3),
                    max: table::column(&row, 4),
                };
                (row[0], entry)
            })
            .collect()
    });
    table
        .iter()
        .filter(|(name, _)| *name == biome)
        .map(|(_, entry)| *entry)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nether_wastes_draw_endermen_one_in_168() {
        let entries = spawn_entries("nether_wastes");
        let total: u32 = entries.iter().map(|e| e.weight).sum();
        let enderman = registry().entity_named("enderman").unwrap();
        let weight = entries.iter().find(|e| e.kind == enderman).unwrap().weight;
        assert_eq!((weight, total), (1, 168));
        assert!(spawn_entries("plains").is_empty());
    }
}
