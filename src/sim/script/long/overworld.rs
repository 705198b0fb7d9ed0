//! Part one of `kill_ender_dragon`, in the overworld: from the first
//! diamond to a lit nether portal.
//!
//! Precondition (what [`super::phases::to_diamond`] leaves): deep in the
//! ground near y 11, an iron pickaxe and a diamond held, a crafting table
//! carried (or logs or planks for one), leftover cobblestone and coal.
//!
//! The phases: diamonds to five and iron ores to four ingots, dug to
//! nearest first ([`ores`]); the iron put into a furnace by the nearest
//! gravel, which is broken, then put down and broken again, until it
//! drops flint while the iron smelts ([`flint_and_iron`]); one visit to
//! a placed crafting table for the diamond pickaxe and sword, a bucket
//! and flint and steel ([`tools`]); then water, obsidian and the portal ([`super::obsidian`],
//! [`super::portal_frame`]).
//!
//! Postcondition of [`to_the_portal`]: in the overworld, beside a lit
//! nether portal, carrying the diamond sword and pickaxe, cobblestone,
//! a crafting table, the bucket and the rest of what was got; milestones
//! one to fifteen of `kill_ender_dragon` reached.

use super::dig::DigTo;
use super::obsidian::{obsidian, water};
use super::phases::{
    any_iron, at_table, blocks_near, diamond_heights, equip, equip_best_pickaxe, finish_smelting,
    fuel_for, get_ore, held, start_smelting, to_diamond, Smelting, ABOVE_LAVA,
};
use super::place::PlaceNear;
use super::portal_frame::{build_and_light, to_a_dry_site};
use super::{deferred, Until};
use crate::sim::game::Game;
use crate::sim::registry::{block, item};
use crate::sim::script::behaviour::Behaviour;
use crate::sim::script::collect::CollectItems;
use crate::sim::script::craft::Craft;
use crate::sim::script::mining::MineNearest;
use crate::sim::script::plans::Plan;

/// Diamonds for a pickaxe (3) and a sword (2).
const DIAMONDS: u32 = 5;
/// Iron ingots for a bucket (3) and flint and steel (1).
const IRON_INGOTS: u32 = 4;
/// The chain's first iron: an iron pickaxe's three ores, in up to
/// three furnaces as the staircase's stone makes them; the furnaces are
/// carried on, so the [`IRON_INGOTS`]' four ores smelt side by side too.
const CHAIN_IRON: Smelting = Smelting {
    ores: 3,
    least_furnaces: 1,
    most_furnaces: 3,
};
/// Gravel is looked for this many blocks above and below the feet, but
/// not down in the lava's caves (the player digs to it at its level and
/// lava runs into the cells it opens).
const GRAVEL_HEIGHTS: i32 = 10;
/// Gravel broken at most before giving up on flint (one in ten drops it).
const GRAVEL_ROUNDS: u32 = 60;
/// Sticks for a diamond pickaxe (2) and sword (1).
const STICKS: u32 = 3;
/// Coal looked for this many blocks above and below the feet.
const COAL_HEIGHTS: i32 = 10;

fn gravel_near(game: &Game) -> std::ops::RangeInclusive<i32> {
    let y = game.player.block_pos()[1];
    (y - GRAVEL_HEIGHTS).max(ABOVE_LAVA + 1)..=y + GRAVEL_HEIGHTS
}

fn coal_near(game: &Game) -> std::ops::RangeInclusive<i32> {
    let y = game.player.block_pos()[1];
    y - COAL_HEIGHTS..=y + COAL_HEIGHTS
}

/// Iron ores still to dig: the ingots wanted less those left over.
fn iron_ores_wanted(game: &Game) -> u32 {
    IRON_INGOTS.saturating_sub(held(game, "iron_ingot"))
}

/// Diamonds to five, then iron ores to the ingots still wanted, each
/// dug to nearest first.
pub fn ores() -> Plan {
    vec![
        get_ore("diamond_ore", "diamond", DIAMONDS, diamond_heights),
        deferred(|game| {
            vec![get_ore(
                "iron_ore",
                "iron_ore",
                iron_ores_wanted(game),
                any_iron,
            )]
        }),
    ]
}

fn pick_up() -> Box<dyn Behaviour> {
    Box::new(CollectItems::new(3.0, 40))
}

/// Digs to the nearest gravel and breaks it, unless gravel or flint is
/// held (or no gravel is near).
fn to_gravel() -> Box<dyn Behaviour> {
    deferred(|game| {
        let gravel = move |g: &Game| blocks_near(g, &[block("gravel")], gravel_near(g));
        if held(game, "gravel") + held(game, "flint") >= 1 || gravel(game).is_empty() {
            return Vec::new();
        }
        vec![
            equip_best_pickaxe(),
            Box::new(DigTo::new(Box::new(gravel)).mining()),
            pick_up(),
        ]
    })
}

/// Breaks gravel until a flint drops: as a player does, a gravel held is
/// put down beside the feet and broken again, each break a one-in-ten
/// chance of flint; with none held the nearest is dug to ([`to_gravel`]).
pub fn flint() -> Box<dyn Behaviour> {
    Box::new(Until::new(
        |g| held(g, "flint") >= 1,
        GRAVEL_ROUNDS,
        |game| {
            if held(game, "gravel") == 0 {
                return vec![to_gravel()];
            }
            vec![
                equip("gravel"),
                Box::new(PlaceNear::new(item("gravel"))),
                Box::new(MineNearest::new(vec![block("gravel")], 1).within(4)),
                pick_up(),
            ]
        },
    ))
}

/// Makes the sticks the diamond tools need (before the wood can burn),
/// and digs to coal when neither a stack held nor the logs of one kind
/// as planks would smelt the iron.
fn sticks_and_fuel() -> Plan {
    vec![
        Box::new(Until::new(
            |g| held(g, "stick") >= STICKS,
            1,
            |g| {
                vec![Box::new(Craft::new(
                    item("stick"),
                    STICKS - held(g, "stick"),
                ))]
            },
        )),
        Box::new(Until::new(
            |g| fuel_for(g, held(g, "iron_ore")),
            3,
            |_| vec![get_ore("coal_ore", "coal", 1, coal_near)],
        )),
    ]
}

/// The sticks and fuel ([`sticks_and_fuel`]), then the flint while the
/// iron smelts: the nearest gravel dug to, the iron put into the
/// furnaces carried, placed there ([`start_smelting`]), gravel broken
/// beside them until flint drops ([`flint`]), the ingots taken out
/// ([`finish_smelting`]).
pub fn flint_and_iron() -> Plan {
    let mut plan = sticks_and_fuel();
    plan.push(to_gravel());
    plan.extend(start_smelting());
    plan.push(flint());
    plan.push(finish_smelting());
    plan
}

/// At one placed crafting table, the diamond pickaxe and sword, a bucket
/// and flint and steel.
pub fn tools() -> Plan {
    at_table(&[
        ("diamond_pickaxe", 1),
        ("diamond_sword", 1),
        ("bucket", 1),
        ("flint_and_steel", 1),
    ])
}

/// From the first diamond to the tools: [`ores`], [`flint_and_iron`],
/// [`tools`].
pub fn diamond_to_tools() -> Plan {
    let mut plan = ores();
    plan.extend(flint_and_iron());
    plan.extend(tools());
    plan
}

/// Obsidian for one portal frame.
const PORTAL_OBSIDIAN: u32 = 10;

/// From the tools to a lit portal: water, obsidian, the frame.
pub fn tools_to_portal() -> Plan {
    vec![
        water(),
        obsidian(PORTAL_OBSIDIAN),
        to_a_dry_site(),
        deferred(build_and_light),
    ]
}

/// From nothing to a lit nether portal: the diamond phases, then these.
pub(crate) fn to_the_portal(_: &Game) -> Plan {
    let mut plan = to_diamond(CHAIN_IRON);
    plan.extend(diamond_to_tools());
    plan.extend(tools_to_portal());
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::episode_seed;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::{item, registry};
    use crate::sim::script::long::portal_frame::portal_beside;
    use crate::sim::script::long::stage::play_phase;

    fn describe(game: &Game) -> String {
        format!(
            "at {:?} health {} food {} hand {:?} screen {:?}: {}",
            game.player.block_pos(),
            game.player.health,
            game.player.food,
            game.player.inventory.selected_stack().map(|s| s.name()),
            game.screen.as_ref().map(|s| s.kind),
            game.player.inventory.summary()
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
        for dz in -100..=100 {
            for dx in -100..=100 {
                let column = game.world.generator().column(feet[0] + dx, feet[2] + dz);
                if column.height < crate::sim::world::gen::SEA_LEVEL {
                    sea = sea.min(dx.abs().max(dz.abs()));
                }
            }
        }
        let gravel = blocks_near(game, &[block("gravel")], gravel_near(game)).len();
        format!("open lava {open_lava} nearest {nearest_lava}; sea {sea}; gravel {gravel}")
    }

    /// A phase of the chain: its name, its plan and its goal.
    type Phase = (&'static str, Plan, Box<dyn Fn(&Game) -> bool>);

    /// Plays the chain from a new game, phase by phase up to `last`,
    /// printing what each took; the steps it took, if `last` was reached.
    fn play_chain(seed: u64, last: &str) -> Option<u32> {
        let has = |name: &'static str| move |g: &Game| g.player.inventory.count(item(name)) >= 1;
        let phases: Vec<Phase> = vec![
            ("diamond", to_diamond(CHAIN_IRON), Box::new(has("diamond"))),
            (
                "ores",
                ores(),
                Box::new(|g: &Game| {
                    held(g, "diamond") >= DIAMONDS && held(g, "iron_ore") >= iron_ores_wanted(g)
                }),
            ),
            (
                "flint",
                flint_and_iron(),
                Box::new(|g: &Game| {
                    held(g, "flint") >= 1
                        && held(g, "iron_ingot") >= IRON_INGOTS
                        && held(g, "furnace") >= 1
                }),
            ),
            (
                "tools",
                tools(),
                Box::new(|g: &Game| {
                    [
                        "diamond_pickaxe",
                        "diamond_sword",
                        "bucket",
                        "flint_and_steel",
                    ]
                    .iter()
                    .all(|n| held(g, n) >= 1)
                }),
            ),
            (
                "obsidian",
                vec![obsidian(PORTAL_OBSIDIAN)],
                Box::new(|g: &Game| held(g, "obsidian") >= PORTAL_OBSIDIAN),
            ),
            (
                "portal",
                vec![to_a_dry_site(), deferred(build_and_light)],
                Box::new(portal_beside),
            ),
        ];
        // The worlds of mine_diamond_from_scratch, whose script (the
        // precondition) is known to reach the diamond on seeds 0-2.
        let mut game = Game::new(episode_seed(seed, "mine_diamond_from_scratch"));
        let mut total = 0;
        let trace: Option<u64> = std::env::var("MCU_TRACE").ok().and_then(|v| v.parse().ok());
        for (name, plan, goal) in phases {
            let traced = |g: &Game| {
                if trace.is_some_and(|every| g.tick % every == 0) {
                    eprintln!("  {} {}", g.tick, describe(g));
                }
                goal(g)
            };
            let staged = play_phase(game, plan, traced, 8000);
            total += staged.steps;
            eprintln!(
                "seed {seed} {name}: {} in {} steps (total {total}) {}; {}",
                staged.reached,
                staged.steps,
                describe(&staged.game),
                survey(&staged.game)
            );
            if !staged.reached {
                let feet = staged.game.player.block_pos();
                for dx in 0..=2 {
                    for dy in (-3..=3).rev() {
                        let row: Vec<&str> = (-3..=3)
                            .map(|dz| {
                                let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                                let name = registry().block(staged.game.world.get(pos)).name;
                                &name[..name.len().min(4)]
                            })
                            .collect();
                        eprintln!("    dx {dx} dy {dy}: {}", row.join(" "));
                    }
                }
                return None;
            }
            game = staged.game;
            if name == last {
                return Some(total);
            }
            if name == "tools" {
                // The sea is tens of blocks up: the water phase is measured
                // on its own (`water_from_the_sea`); here the bucket is
                // filled by hand.
                let slot = game
                    .player
                    .inventory
                    .main
                    .iter()
                    .position(|s| s.as_ref().is_some_and(|s| s.item == item("bucket")))?;
                game.player.inventory.main[slot] = Some(ItemStack::new(item("water_bucket"), 1));
            }
        }
        Some(total)
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "thousands of steps: run in release")]
    fn from_the_diamond_to_the_diamond_tools_and_flint_and_steel() {
        // Phase budgets of 8,000 each. Seeds 1 and 3 once stalled on
        // their flint, 3 when the dig to the gravel went through a
        // furnace loaded with three ores (a dig now never opens a block
        // that keeps things).
        for seed in 0..5 {
            let steps = play_chain(seed, "tools");
            assert!(steps.is_some(), "seed {seed}");
        }
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "thousands of steps: run in release")]
    fn from_nothing_to_a_lit_portal() {
        // Lit in 10,494 (seed 0), 10,142 (1), 10,278 (2), 10,263 (3) and
        // 9,988 (4) steps, the water poured over lava one deep where
        // there is some (before, seeds 0 and 3 made obsidian over lava
        // two deep, whose drops would burn in the lava under it).
        let reached: Vec<Option<u32>> = (0..5).map(|s| play_chain(s, "portal")).collect();
        eprintln!("steps to the portal by seed: {reached:?}");
        assert!(reached.iter().all(Option::is_some), "{reached:?}");
    }
}
