//! World-state checks for judge-only tasks: tasks whose reward config pays
//! nothing (the video judge scores them), so a script cannot prove itself
//! by its reward. Each check looks at the game the way a referee would
//! (is there a house with walls, a roof and a door; is the player standing
//! on the hill top) and says whether the task's goal holds. Coverage counts
//! such a task solved when its script makes its check pass.

use super::goals;
use crate::sim::entity::{EntityId, EntityKind, Rider};
use crate::sim::game::Game;
use crate::sim::registry::{item, registry};

/// A task's goal, read from the game state.
pub type CheckFn = fn(&Game) -> bool;

/// Task → what must hold in the world when the script is done.
const CHECKS: &[(&str, CheckFn)] = &[
    ("brew_potion_of_fire_resistance", holds_fire_resistance),
    ("use_lead", a_creature_is_on_the_lead),
    ("trap_a_spider_with_a_boat", a_cave_spider_sits_in_a_boat),
    ("trap_a_witch_with_a_boat", a_witch_sits_in_a_boat),
    ("build_a_garden", goals::garden),
    ("build_a_house", goals::house),
    ("build_a_library", goals::library),
    ("decorate_the_wall", goals::decorated_wall),
    ("explore_climb", goals::climbed),
    ("explore_run", goals::travelled),
    ("find_blue_bed", goals::blue_bed_found),
    ("find_forest", goals::in_forest),
    ("find_item_frame", goals::item_frame_found),
    ("find_village", goals::in_village),
    (
        "prepare_a_birthday_present_for_your_neighbor",
        goals::present,
    ),
];

/// The check for a task, if it has one.
pub fn lookup(task: &str) -> Option<CheckFn> {
    CHECKS.iter().find(|(t, _)| *t == task).map(|(_, c)| *c)
}

/// The player has a potion of fire resistance (plain or long) in the
/// inventory.
fn holds_fire_resistance(game: &Game) -> bool {
    let inventory = &game.player.inventory;
    inventory
        .main
        .iter()
        .chain(std::iter::once(&inventory.offhand))
        .flatten()
        .any(|s| {
            s.item == item("potion")
                && matches!(
                    s.potion.as_deref(),
                    Some("minecraft:fire_resistance" | "minecraft:long_fire_resistance")
                )
        })
}

/// `use_lead`: some creature is leashed to the player.
fn a_creature_is_on_the_lead(game: &Game) -> bool {
    game.entities
        .list
        .iter()
        .any(|e| matches!(&e.kind, EntityKind::Mob(mob) if mob.state.leashed && !mob.is_dying()))
}

/// Whether the entity sits in a boat.
pub(super) fn in_a_boat(game: &Game, id: EntityId) -> bool {
    game.entities
        .list
        .iter()
        .any(|e| matches!(&e.kind, EntityKind::Boat(b) if b.riders.contains(&Rider::Mob(id))))
}

/// Some living creature of the kind sits in a boat.
fn one_sits_in_a_boat(game: &Game, kind: &str) -> bool {
    game.entities.list.iter().any(|e| {
        matches!(&e.kind, EntityKind::Mob(mob)
            if registry().entity(mob.kind).name == kind && !mob.is_dying())
            && in_a_boat(game, e.id)
    })
}

/// `trap_a_spider_with_a_boat` (its text asks for a cave spider): one sits in a boat.
fn a_cave_spider_sits_in_a_boat(game: &Game) -> bool {
    one_sits_in_a_boat(game, "cave_spider")
}

/// `trap_a_witch_with_a_boat`: a witch sits in a boat.
fn a_witch_sits_in_a_boat(game: &Game) -> bool {
    one_sits_in_a_boat(game, "witch")
}
