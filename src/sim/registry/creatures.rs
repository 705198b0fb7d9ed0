//! Creature kinds (`creatures.tsv`): the attributes, disposition, food,
//! drops and goal lists of the kinds that live and fight. The goal names
//! are kept as written; `sim::creature::kinds` turns them into goals.

use super::entities::EntityTypeId;
use super::table::{self, NameIndex};
use super::ItemId;

/// Whether and when a kind attacks the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disposition {
    Hostile,
    Neutral,
    Passive,
}

/// One drop on death: `item`, a count rolled uniformly in `min..=max`
/// (none when the roll is not positive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MobDrop {
    pub item: ItemId,
    pub min: i32,
    pub max: i32,
}

#[derive(Debug, Clone)]
pub struct CreatureDef {
    pub kind: EntityTypeId,
    pub max_health: f32,
    /// The movement_speed attribute.
    pub speed: f64,
    /// The follow_range attribute, in blocks.
    pub follow_range: f64,
    /// Melee damage to the player, in half-hearts.
    pub attack_damage: f32,
    pub knockback_resistance: f64,
    pub armor: f32,
    pub disposition: Disposition,
    pub burns_in_daylight: bool,
    /// Flies: no gravity.
    pub flies: bool,
    /// Its paths never enter water (vanilla's WATER malus of -1).
    pub shuns_water: bool,
    /// Items it follows in a player's hand.
    pub food: Vec<ItemId>,
    pub drops: Vec<MobDrop>,
    /// Goals in priority order, as `name` or `name:param:…`.
    pub goals: Vec<&'static str>,
    /// Target goals in priority order.
    pub targets: Vec<&'static str>,
}

fn list(text: &'static str) -> Vec<&'static str> {
    if text == "-" {
        Vec::new()
    } else {
        text.split(',').collect()
    }
}

fn yes(text: &str) -> bool {
    match text {
        "yes" => true,
        "no" => false,
        _ => panic!("creature table: `{text}` is neither yes nor no"),
    }
}

/// Parses the table; entries are by entity type index (`None` for
/// entity types that are not creatures).
pub(super) fn parse(
    text: &'static str,
    entities: &NameIndex,
    entity_count: usize,
    items: &NameIndex,
) -> Vec<Option<CreatureDef>> {
    let item = |name: &str| {
        items
            .get(name)
            .map(ItemId)
            .unwrap_or_else(|| panic!("creature table names unknown item `{name}`"))
    };
    let mut defs = vec![None; entity_count];
    for row in table::rows(text) {
        let kind = entities
            .get(row[0])
            .unwrap_or_else(|| panic!("creature table names unknown entity `{}`", row[0]));
        let drops = list(row[12])
            .into_iter()
            .map(|drop| {
                let parts: Vec<&str> = drop.split(':').collect();
                let count = |i: usize| -> i32 {
                    parts
                        .get(i)
                        .and_then(|t| t.parse().ok())
                        .unwrap_or_else(|| panic!("creature table: bad drop `{drop}`"))
                };
                MobDrop {
                    item: item(parts[0]),
                    min: count(1),
                    max: count(2),
                }
            })
            .collect();
        defs[usize::from(kind)] = Some(CreatureDef {
            kind: EntityTypeId(kind),
            max_health: table::column(&row, 1),
            speed: table::column(&row, 2),
            follow_range: table::column(&row, 3),
            attack_damage: table::column(&row, 4),
            knockback_resistance: table::column(&row, 5),
            armor: table::column(&row, 6),
            disposition: match row[7] {
                "hostile" => Disposition::Hostile,
                "neutral" => Disposition::Neutral,
                "passive" => Disposition::Passive,
                other => panic!("creature table: unknown disposition `{other}`"),
            },
            burns_in_daylight: yes(row[8]),
            flies: yes(row[9]),
            shuns_water: match row[10] {
                "shuns" => true,
                "swims" => false,
                other => panic!("creature table: water is `{other}`, not shuns or swims"),
            },
            food: list(row[11]).into_iter().map(item).collect(),
            drops,
            goals: list(row[13]),
            targets: list(row[14]),
        });
    }
    defs
}
