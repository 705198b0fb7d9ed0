//! Entity types: the ids `/summon` accepts and each type's hitbox.

use super::table::{self, NameIndex};

/// An entity type; index into the entity table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntityTypeId(pub u16);

/// The broad family of an entity type, as the registry groups them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntityCategory {
    Hostile,
    Passive,
    Projectile,
    Vehicle,
    Drop,
    Other,
}

#[derive(Debug, Clone)]
pub struct EntityDef {
    pub name: &'static str,
    pub width: f32,
    pub height: f32,
    pub category: EntityCategory,
}

pub(super) fn parse(text: &'static str) -> (Vec<EntityDef>, NameIndex) {
    let defs: Vec<EntityDef> = table::rows(text)
        .map(|row| EntityDef {
            name: row[0],
            width: table::column(&row, 1),
            height: table::column(&row, 2),
            category: match row[3] {
                "hostile_mobs" => EntityCategory::Hostile,
                "passive_mobs" => EntityCategory::Passive,
                "projectiles" => EntityCategory::Projectile,
                "vehicles" => EntityCategory::Vehicle,
                "drops" => EntityCategory::Drop,
                _ => EntityCategory::Other,
            },
        })
        .collect();
    let index = NameIndex::new(defs.iter().map(|d| d.name));
    (defs, index)
}
