//! Chest loot tables (`loot_tables.tsv`): pools of weighted item entries,
//! each pool rolled a uniform number of times. Rolling them is
//! `block_entity::loot`'s job.

use super::table::{self, NameIndex};
use super::ItemId;

/// An inclusive range rolled uniformly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uniform {
    pub min: u32,
    pub max: u32,
}

impl Uniform {
    fn parse(text: &str) -> Uniform {
        let (min, max) = text.split_once('-').unwrap_or((text, text));
        let number = |t: &str| {
            t.parse()
                .unwrap_or_else(|_| panic!("loot table: bad range `{text}`"))
        };
        Uniform {
            min: number(min),
            max: number(max),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct LootEntry {
    pub item: ItemId,
    pub weight: u32,
    pub count: Uniform,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LootPool {
    pub rolls: Uniform,
    pub entries: Vec<LootEntry>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LootTable {
    /// Without the namespace: `chests/buried_treasure`.
    pub name: &'static str,
    pub pools: Vec<LootPool>,
}

pub(super) fn parse(text: &'static str, items: &NameIndex) -> Vec<LootTable> {
    let mut tables: Vec<LootTable> = Vec::new();
    for row in table::rows(text) {
        if tables.last().is_none_or(|t| t.name != row[0]) {
            tables.push(LootTable {
                name: row[0],
                pools: Vec::new(),
            });
        }
        let pools = &mut tables.last_mut().expect("a table was just pushed").pools;
        let pool: usize = table::column(&row, 1);
        if pool == pools.len() {
            pools.push(LootPool {
                rolls: Uniform::parse(row[2]),
                entries: Vec::new(),
            });
        }
        let item = items
            .get(row[3])
            .unwrap_or_else(|| panic!("loot table names unknown item `{}`", row[3]));
        pools[pool].entries.push(LootEntry {
            item: ItemId(item),
            weight: table::column(&row, 4),
            count: Uniform::parse(row[5]),
        });
    }
    tables
}
