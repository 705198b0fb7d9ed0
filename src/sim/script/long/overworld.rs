//! Part one of `kill_ender_dragon`, in the overworld: from the first
//! diamond to a lit nether portal.
//!
//! Precondition (what [`super::phases::to_diamond`] leaves): deep in the
//! ground near y 11, an iron pickaxe and a diamond held, a crafting table
//! carried (or logs or planks for one), leftover cobblestone and coal.
//!
//! The phases: diamonds to five and iron ores to four more, dug to
//! nearest first ([`ores`]); gravel broken until it drops flint
//! ([`flint`]); the iron smelted and one visit to a placed crafting
//! table for the diamond pickaxe and sword, a bucket and flint and steel
//! ([`tools`]); then water, obsidian and the portal ([`super::obsidian`],
//! [`super::portal_frame`]).
//!
//! Postcondition of [`to_the_portal`]: in the overworld, beside a lit
//! nether portal, carrying the diamond sword and pickaxe, cobblestone,
//! a crafting table, the bucket and the rest of what was got; milestones
//! one to fifteen of `kill_ender_dragon` reached.

use super::dig::DigTo;
use super::phases::{
    any_iron, at_table, blocks_near, diamond_heights, equip_best_pickaxe, fuel_held, get_ore,
    held, smelt_iron, to_diamond,
};
use super::Until;
use crate::sim::game::Game;
use crate::sim::registry::block;
use crate::sim::script::behaviour::{Behaviour, CollectItems};
use crate::sim::script::plans::Plan;

/// Diamonds for a pickaxe (3) and a sword (2).
const DIAMONDS: u32 = 5;
/// Iron ores for a bucket (3) and flint and steel (1).
const IRON_ORES: u32 = 4;
/// Gravel is looked for this many blocks above and below the feet.
const GRAVEL_HEIGHTS: i32 = 10;
/// Gravel broken at most before giving up on flint (one in ten drops it).
const GRAVEL_ROUNDS: u32 = 60;
/// Coal looked for this many blocks above and below the feet.
const COAL_HEIGHTS: i32 = 10;

fn gravel_near(game: &Game) -> std::ops::RangeInclusive<i32> {
    let y = game.player.block_pos()[1];
    y - GRAVEL_HEIGHTS..=y + GRAVEL_HEIGHTS
}

fn coal_near(game: &Game) -> std::ops::RangeInclusive<i32> {
    let y = game.player.block_pos()[1];
    y - COAL_HEIGHTS..=y + COAL_HEIGHTS
}

/// Diamonds to five, then iron ores to four (and a coal when no fuel
/// held would smelt them), each dug to nearest first.
pub fn ores() -> Plan {
    vec![
        get_ore("diamond_ore", "diamond", DIAMONDS, diamond_heights),
        get_ore("iron_ore", "iron_ore", IRON_ORES, any_iron),
        Box::new(Until::new(
            |g| fuel_held(g, held(g, "iron_ore")).is_some(),
            3,
            |_| vec![get_ore("coal_ore", "coal", 1, coal_near)],
        )),
    ]
}

/// Breaks the nearest gravel, again and again, until a flint drops.
pub fn flint() -> Box<dyn Behaviour> {
    Box::new(Until::new(
        |g| held(g, "flint") >= 1,
        GRAVEL_ROUNDS,
        |game| {
            let gravel = move |g: &Game| blocks_near(g, &[block("gravel")], gravel_near(g));
            if gravel(game).is_empty() {
                return Vec::new();
            }
            vec![
                equip_best_pickaxe(),
                Box::new(DigTo::new(Box::new(gravel)).mining()),
                Box::new(CollectItems {
                    radius: 3.0,
                    ticks_left: 40,
                }),
            ]
        },
    ))
}

/// Smelts the iron, then at one placed crafting table makes the diamond
/// pickaxe and sword, a bucket and flint and steel.
pub fn tools() -> Plan {
    let mut plan = smelt_iron();
    plan.extend(at_table(&[
        ("diamond_pickaxe", 1),
        ("diamond_sword", 1),
        ("bucket", 1),
        ("flint_and_steel", 1),
    ]));
    plan
}

/// From the first diamond to the tools: [`ores`], [`flint`], [`tools`].
pub fn diamond_to_tools() -> Plan {
    let mut plan = ores();
    plan.push(flint());
    plan.extend(tools());
    plan
}

/// From nothing to a lit nether portal: the diamond phases, then these.
pub(crate) fn to_the_portal(_: &Game) -> Plan {
    let mut plan = to_diamond();
    plan.extend(diamond_to_tools());
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::{item, registry};
    use crate::sim::script::long::stage::play_phase;

    fn describe(game: &Game) -> String {
        let held: Vec<String> = game
            .player
            .inventory
            .main
            .iter()
            .flatten()
            .map(|s| format!("{}x{}", s.name(), s.count))
            .collect();
        format!(
            "at {:?} health {} food {}: {}",
            game.player.block_pos(),
            game.player.health,
            game.player.food,
            held.join(" ")
        )
    }

    /// Lava sources with air above within 16 blocks, and the nearest
    /// sea column.
    fn survey(game: &Game) -> String {
        let feet = game.player.block_pos();
        let lava = block("lava");
        let mut open_lava = 0;
        let mut nearest_lava = i32::MAX;
        for y in 1..=10 {
            for dz in -16..=16 {
                for dx in -16..=16 {
                    let pos = [feet[0] + dx, y, feet[2] + dz];
                    if game.world.get(pos) == lava
                        && !registry()
                            .block(game.world.get([pos[0], y + 1, pos[2]]))
                            .shape
                            .collides()
                        && game.world.get([pos[0], y + 1, pos[2]]) != lava
                    {
                        open_lava += 1;
                        nearest_lava = nearest_lava.min(dx.abs() + dz.abs() + (feet[1] - y));
                    }
                }
            }
        }
        let mut sea = i32::MAX;
        for dz in -150..=150 {
            for dx in -150..=150 {
                let column = game.world.generator().column(feet[0] + dx, feet[2] + dz);
                if column.height < crate::sim::world::gen::SEA_LEVEL {
                    sea = sea.min(dx.abs().max(dz.abs()));
                }
            }
        }
        let gravel = blocks_near(game, &[block("gravel")], gravel_near(game)).len();
        format!("open lava {open_lava} nearest {nearest_lava}; sea {sea}; gravel {gravel}")
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "thousands of steps: run in release")]
    fn survey_after_the_diamond() {
        for seed in 0..5 {
            let game = Game::new(seed);
            let start = play_phase(game, to_diamond(), |g| held(g, "diamond") >= 1, 8000);
            eprintln!(
                "seed {seed}: diamond {} in {} steps {}; {}",
                start.reached,
                start.steps,
                describe(&start.game),
                survey(&start.game)
            );
            let tools = play_phase(
                start.game,
                diamond_to_tools(),
                |g| {
                    g.player.inventory.count(item("flint_and_steel")) >= 1
                        && g.player.inventory.count(item("diamond_pickaxe")) >= 1
                },
                8000,
            );
            eprintln!(
                "  tools {} in {} steps {}",
                tools.reached,
                tools.steps,
                describe(&tools.game)
            );
        }
    }
}
