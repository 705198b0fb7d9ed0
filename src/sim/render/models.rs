//! Creature models as data: the box models of `models.tsv` (parts, pivots
//! and boxes after Minecraft 1.16.5's entity models) and how each kind is
//! drawn (`creatures.tsv`: model, scale, lift, tint, held item), read once
//! and converted into the renderer's model frame (y up from the feet, +z
//! the front). Kinds without a row are drawn as one box of their hitbox.

use std::sync::OnceLock;

use crate::sim::registry::{registry, ItemId};

/// How a part moves (see `rig`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Still,
    /// Bigger on babies.
    Head,
    Leg,
    Arm,
    SpiderLeg,
    /// Wags sideways with the walk.
    Tail,
    /// Beats with the creature's age.
    Wing,
}

const ROLES: &[(&str, Role)] = &[
    ("-", Role::Still),
    ("head", Role::Head),
    ("leg", Role::Leg),
    ("arm", Role::Arm),
    ("spider_leg", Role::SpiderLeg),
    ("tail", Role::Tail),
    ("wing", Role::Wing),
];

/// One part: a box turning about a pivot, chained to its parent.
#[derive(Debug, Clone)]
pub struct Part {
    pub name: &'static str,
    /// An earlier part of the same model.
    pub parent: Option<usize>,
    pub role: Role,
    /// Walk phase, radians.
    pub phase: f32,
    /// +1 for parts on the creature's right, −1 on its left (mirrored motions).
    pub side: f32,
    /// Renderer frame, relative to the parent's pivot (or the feet).
    pub pivot: [f32; 3],
    /// Resting rotation in the game's model frame (x, y, z radians).
    pub rest: [f32; 3],
    /// The box relative to the pivot, renderer frame.
    pub min: [f32; 3],
    pub size: [f32; 3],
    /// The skin style that paints it.
    pub skin: &'static str,
}

#[derive(Debug, Clone)]
pub struct Model {
    pub name: &'static str,
    pub parts: Vec<Part>,
}

/// How one creature kind is drawn.
#[derive(Debug, Clone)]
pub struct Creature {
    pub kind: &'static str,
    pub model: usize,
    /// Model pixels to world pixels.
    pub scale: f32,
    /// World pixels from the feet up to the model's ground.
    pub lift: f32,
    /// Colour the skin is blended towards, and how far.
    pub tint: Option<(u32, f32)>,
    /// An item shown in one part (by index).
    pub held: Option<(ItemId, usize)>,
}

struct Tables {
    models: Vec<Model>,
    creatures: Vec<Creature>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let models = parse_models(include_str!("models.tsv"));
        let creatures = parse_creatures(include_str!("creatures.tsv"), &models);
        Tables { models, creatures }
    })
}

pub fn models() -> &'static [Model] {
    &tables().models
}

pub fn creatures() -> &'static [Creature] {
    &tables().creatures
}

#[cfg(test)]
pub fn model_named(name: &str) -> Option<&'static Model> {
    models().iter().find(|m| m.name == name)
}

/// The index in [`creatures`] of an entity kind, if it has a model.
pub fn creature_index(kind: &str) -> Option<usize> {
    creatures().iter().position(|c| c.kind == kind)
}

/// Data rows of a checked-in table, split into columns.
fn rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split('\t').collect())
}

/// A column the checked-in table guarantees is well formed.
fn number(row: &[&str], index: usize) -> f32 {
    row.get(index)
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| panic!("model table row {row:?}: bad column {index}"))
}

fn triple(row: &[&str], index: usize) -> [f32; 3] {
    let numbers: Vec<f32> = row
        .get(index)
        .map(|text| text.split(',').filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_default();
    numbers
        .try_into()
        .unwrap_or_else(|_| panic!("model table row {row:?}: bad triple in column {index}"))
}

fn parse_models(text: &'static str) -> Vec<Model> {
    let mut models: Vec<Model> = Vec::new();
    for row in rows(text) {
        let name = row[0];
        if models.last().is_none_or(|m| m.name != name) {
            models.push(Model {
                name,
                parts: Vec::new(),
            });
        }
        let parts = &mut models.last_mut().expect("just pushed").parts;
        let parent = match row[2] {
            "-" => None,
            parent => Some(
                parts
                    .iter()
                    .position(|p| p.name == parent)
                    .unwrap_or_else(|| panic!("{name}: parent {parent} comes later")),
            ),
        };
        let role = ROLES
            .iter()
            .find(|(n, _)| *n == row[3])
            .unwrap_or_else(|| panic!("{name}: no role {}", row[3]))
            .1;
        let [px, py, pz] = triple(&row, 5);
        let rest = triple(&row, 6).map(f32::to_radians);
        let [x, y, z] = triple(&row, 7);
        let [w, h, d] = triple(&row, 8);
        let grow = number(&row, 9);
        // The game's frame has y down from 24 pixels up and its front at −z.
        let ground = if parent.is_some() { 0.0 } else { 24.0 };
        let centre_x = px + x + w / 2.0;
        parts.push(Part {
            name: row[1],
            parent,
            role,
            phase: number(&row, 4).to_radians(),
            side: if centre_x < 0.0 { 1.0 } else { -1.0 },
            pivot: [px, ground - py, -pz],
            rest,
            min: [x - grow, -(y + h) - grow, -(z + d) - grow],
            size: [w, h, d].map(|s| s + 2.0 * grow),
            skin: row[10],
        });
    }
    models
}

fn parse_creatures(text: &'static str, models: &[Model]) -> Vec<Creature> {
    rows(text)
        .map(|row| {
            let model = models
                .iter()
                .position(|m| m.name == row[1])
                .unwrap_or_else(|| panic!("{}: no model {}", row[0], row[1]));
            let tint = u32::from_str_radix(row[4], 16)
                .ok()
                .map(|rgb| (0xFF00_0000 | rgb, number(&row, 5)));
            let held = registry().item_named(row[6]).map(|item| {
                let part = models[model]
                    .parts
                    .iter()
                    .position(|p| p.name == row[7])
                    .unwrap_or_else(|| panic!("{}: no part {}", row[0], row[7]));
                (item, part)
            });
            Creature {
                kind: row[0],
                model,
                scale: number(&row, 2),
                lift: number(&row, 3),
                tint,
                held,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The creatures issue 16 names, and the kinds drawn before it.
    const SUITE: &[&str] = &[
        "zombie",
        "skeleton",
        "spider",
        "cave_spider",
        "witch",
        "enderman",
        "wolf",
        "phantom",
        "pig",
        "cow",
        "sheep",
        "chicken",
        "horse",
        "villager",
        "bee",
        "snow_golem",
        "iron_golem",
        "creeper",
        "husk",
        "stray",
        "cat",
        "bat",
        "slime",
        "blaze",
    ];

    #[test]
    fn every_creature_of_the_suite_has_a_model_of_real_boxes() {
        for kind in SUITE {
            let index = creature_index(kind).unwrap_or_else(|| panic!("{kind} has no model"));
            let model = &models()[creatures()[index].model];
            assert!(!model.parts.is_empty(), "{kind}");
            for part in &model.parts {
                assert!(
                    part.size.iter().all(|&s| s > 0.0),
                    "{kind}.{}: size {:?}",
                    part.name,
                    part.size
                );
            }
        }
    }

    #[test]
    fn every_kind_exists_and_every_model_is_used() {
        for creature in creatures() {
            assert!(
                registry().entity_named(creature.kind).is_some(),
                "{}",
                creature.kind
            );
            assert!(creature.scale > 0.0, "{}", creature.kind);
        }
        for (index, model) in models().iter().enumerate() {
            assert!(
                creatures().iter().any(|c| c.model == index),
                "{} unused",
                model.name
            );
        }
        assert!(creature_index("ghast").is_none());
    }

    #[test]
    fn the_tables_keep_the_games_numbers() {
        let spider = model_named("spider").unwrap();
        assert_eq!(
            spider
                .parts
                .iter()
                .filter(|p| p.role == Role::SpiderLeg)
                .count(),
            8
        );
        let zombie = model_named("zombie").unwrap();
        let head = &zombie.parts[0];
        // Head box (−4, −8, −4) 8³ at the neck, 24 pixels up: y 24..32.
        assert_eq!(
            (head.pivot, head.min, head.size),
            ([0.0, 24.0, 0.0], [-4.0, 0.0, -4.0], [8.0; 3])
        );
        let arm = zombie.parts.iter().find(|p| p.name == "right_arm").unwrap();
        assert_eq!(arm.rest[0], (-90.0f32).to_radians());
        assert_eq!(arm.side, 1.0);
        let skeleton = &creatures()[creature_index("skeleton").unwrap()];
        assert_eq!(skeleton.held.map(|h| h.0), registry().item_named("bow"));
    }
}
