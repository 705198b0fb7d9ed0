//! How water and lava flow, after vanilla 1.16.5's `FlowingFluid` in the
//! overworld: a scheduled fluid tick first recomputes a flowing cell's
//! level from its neighbours (two sources side by side over a solid block
//! or a source make a new water source; fluid under the same fluid is
//! falling; else the strongest side less the drop-off; nothing left, it
//! dries up), then the fluid spreads: straight down if it can (lava onto
//! water makes stone), else to the sides, only towards the nearest way
//! down within the slope distance when there is one. Water drops off 1 a
//! block (7 blocks on flat ground) every 5 ticks, lava 2 (3 blocks) every
//! 30. Blocks the fluid washes into are destroyed (water drops them).
//!
//! Not modelled: waterlogged blocks (no block here holds fluid besides
//! its own), the current that pushes entities, and lava's random slower
//! ticks and fire spread.

use super::fluids::{self, Fluid};
use super::items;
use super::traits::KEEPS_FLUID_OUT;
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::registry::{block, registry, BlockId, Drop};
use crate::sim::world::fluid_level::{self, FALLING, SOURCE};
use crate::sim::world::schedule::Update;
use crate::sim::world::{offset, BlockPos, World};

/// How one fluid flows in the overworld.
struct FlowRules {
    /// Amount lost per block sideways (`getDropOff`).
    drop_off: u8,
    /// How far sideways it looks for a way down (`getSlopeFindDistance`).
    slope_distance: u8,
    /// Ticks between its updates (`getTickDelay`).
    delay: u64,
    /// Whether two sources make a third (`canConvertToSource`).
    makes_sources: bool,
}

fn rules(fluid: Fluid) -> FlowRules {
    match fluid {
        Fluid::Water => FlowRules {
            drop_off: 1,
            slope_distance: 4,
            delay: 5,
            makes_sources: true,
        },
        Fluid::Lava => FlowRules {
            drop_off: 2,
            slope_distance: 2,
            delay: 30,
            makes_sources: false,
        },
    }
}

/// Ticks between a fluid's updates.
pub fn delay(fluid: Fluid) -> u64 {
    rules(fluid).delay
}

/// Vanilla's horizontal order: north, east, south, west.
const SIDES: [[i32; 3]; 4] = [[0, 0, -1], [1, 0, 0], [0, 0, 1], [-1, 0, 0]];
const DOWN: [i32; 3] = [0, -1, 0];

fn blocks_motion(id: BlockId) -> bool {
    registry().block(id).shape.collides()
}

/// Whether a fluid may stand in the cell (`canHoldFluid`). Not in a
/// chunk not generated yet: fluid waits at the edge of the world until
/// the chunk comes (as vanilla ticks fluids only in loaded chunks).
fn can_hold(world: &World, pos: BlockPos) -> bool {
    let id = world.get(pos);
    world.is_generated(pos) && !blocks_motion(id) && !KEEPS_FLUID_OUT.contains(id)
}

/// Whether `fluid` flowing in direction `d` may take the cell's place
/// (`FluidState.canBeReplacedWith`, then `canHoldFluid`).
fn can_spread_to(world: &World, to: BlockPos, fluid: Fluid, d: [i32; 3]) -> bool {
    let replaceable = match fluids::at(world, to) {
        None => true,
        Some((Fluid::Water, _)) => d == DOWN && fluid != Fluid::Water,
        Some((Fluid::Lava, _)) => {
            fluid == Fluid::Water
                && fluids::height_at(world, to, Fluid::Lava).is_some_and(|h| h >= 4.0 / 9.0)
        }
    };
    replaceable && can_hold(world, to)
}

/// Whether the fluid may pass into the cell while looking for a way down
/// (`canPassThrough`): not a source of the same fluid, and it can hold it.
fn can_pass_through(world: &World, to: BlockPos, fluid: Fluid) -> bool {
    !fluids::is_source(world, to, fluid) && can_hold(world, to)
}

/// Whether the fluid could go down from the cell above `below` (`isWaterHole`).
fn is_hole(world: &World, below: BlockPos, fluid: Fluid) -> bool {
    Fluid::of(world.get(below)) == Some(fluid) || can_hold(world, below)
}

/// The level the fluid should have at `pos` from its neighbours
/// (`getNewLiquid`), or `None` when none should be there.
fn new_level(world: &World, pos: BlockPos, fluid: Fluid) -> Option<u8> {
    let flow = rules(fluid);
    let (mut strongest, mut sources) = (0, 0);
    for d in SIDES {
        if let Some((f, level)) = fluids::at(world, offset(pos, d)) {
            if f == fluid {
                sources += u8::from(level == SOURCE);
                strongest = strongest.max(fluid_level::amount(level));
            }
        }
    }
    if flow.makes_sources && sources >= 2 {
        let below = offset(pos, DOWN);
        if blocks_motion(world.get(below)) || fluids::is_source(world, below, fluid) {
            return Some(SOURCE);
        }
    }
    if Fluid::of(world.get(offset(pos, [0, 1, 0]))) == Some(fluid) {
        return Some(FALLING);
    }
    let amount = strongest.checked_sub(flow.drop_off).filter(|&a| a > 0)?;
    Some(fluid_level::flowing(amount, false))
}

/// How many blocks sideways from `pos` the nearest way down is, searching
/// up to the slope distance without going back (`getSlopeDistance`); 1000
/// when there is none.
fn slope_distance(world: &World, pos: BlockPos, depth: u8, from: [i32; 3], fluid: Fluid) -> u32 {
    let mut nearest = 1000;
    for d in SIDES {
        if d == from {
            continue;
        }
        let next = offset(pos, d);
        if !can_pass_through(world, next, fluid) {
            continue;
        }
        if is_hole(world, offset(next, DOWN), fluid) {
            return u32::from(depth);
        }
        if depth < rules(fluid).slope_distance {
            let back = d.map(|c| -c);
            nearest = nearest.min(slope_distance(world, next, depth + 1, back, fluid));
        }
    }
    nearest
}

/// The sides to spread to and the level each gets (`getSpread`): of the
/// open sides, those nearest to a way down.
fn spread_targets(world: &World, pos: BlockPos, fluid: Fluid) -> Vec<([i32; 3], u8)> {
    let mut best = 1000;
    let mut targets = Vec::new();
    for d in SIDES {
        let next = offset(pos, d);
        if !can_pass_through(world, next, fluid) {
            continue;
        }
        let Some(level) = new_level(world, next, fluid) else {
            continue;
        };
        let distance = if is_hole(world, offset(next, DOWN), fluid) {
            0
        } else {
            slope_distance(world, next, 1, d.map(|c| -c), fluid)
        };
        if distance < best {
            targets.clear();
            best = distance;
        }
        if distance == best {
            targets.push((d, level));
        }
    }
    targets
}

/// Puts the fluid at `to` with `level` (`spreadTo`): lava flowing down
/// onto water makes stone; a block in the way is destroyed, and water
/// drops what it drops.
fn spread_to(game: &mut Game, to: BlockPos, fluid: Fluid, level: u8, d: [i32; 3]) {
    let there = game.world.get(to);
    if fluid == Fluid::Lava && d == DOWN && Fluid::of(there) == Some(Fluid::Water) {
        game.world.set(to, block("stone"));
        return;
    }
    let washed_away = there != BlockId::AIR && Fluid::of(there).is_none();
    game.world.set_flowing(to, fluid.block(), level);
    if washed_away && fluid == Fluid::Water {
        if let Drop::Item {
            item,
            count,
            shears_only: false,
        } = registry().block(there).drop
        {
            items::spawn_block_drop(game, to, ItemStack::new(item, count));
        }
    }
}

/// How many sides of `pos` hold a source of `fluid`.
fn sources_beside(world: &World, pos: BlockPos, fluid: Fluid) -> usize {
    SIDES
        .iter()
        .filter(|&&d| fluids::is_source(world, offset(pos, d), fluid))
        .count()
}

/// Spreads to the sides (`spreadToSides`).
fn spread_to_sides(game: &mut Game, pos: BlockPos, fluid: Fluid, level: u8) {
    let left = if fluid_level::is_falling(level) {
        7
    } else {
        fluid_level::amount(level).saturating_sub(rules(fluid).drop_off)
    };
    if left == 0 {
        return;
    }
    for (d, new) in spread_targets(&game.world, pos, fluid) {
        let to = offset(pos, d);
        if can_spread_to(&game.world, to, fluid, d) {
            spread_to(game, to, fluid, new, d);
        }
    }
}

/// Spreads the fluid at `pos` (`spread`): down first; sideways when it
/// cannot go down, when it is a source standing over a hole, or when it
/// went down with three sources beside it.
fn spread(game: &mut Game, pos: BlockPos, fluid: Fluid, level: u8) {
    let below = offset(pos, DOWN);
    let down = new_level(&game.world, below, fluid)
        .filter(|_| can_spread_to(&game.world, below, fluid, DOWN));
    if let Some(down_level) = down {
        spread_to(game, below, fluid, down_level, DOWN);
        if sources_beside(&game.world, pos, fluid) >= 3 {
            spread_to_sides(game, pos, fluid, level);
        }
    } else if level == SOURCE || !is_hole(&game.world, below, fluid) {
        spread_to_sides(game, pos, fluid, level);
    }
}

/// One scheduled fluid tick at `pos` (`FlowingFluid.tick`).
pub fn tick(game: &mut Game, pos: BlockPos) {
    let Some((fluid, mut level)) = fluids::at(&game.world, pos) else {
        return;
    };
    if level != SOURCE {
        match new_level(&game.world, pos, fluid) {
            None => {
                game.world.set_flowing(pos, BlockId::AIR, SOURCE);
                return;
            }
            Some(new) if new != level => {
                game.world.set_flowing(pos, fluid.block(), new);
                let due = game.tick + delay(fluid);
                game.world.schedule.add(pos, Update::Fluid, due);
                level = new;
            }
            Some(_) => {}
        }
    }
    spread(game, pos, fluid, level);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;
    use crate::sim::rules::testkit::{keys, platform_game, put, run, FLOOR};

    const GROUND: i32 = FLOOR + 1;

    fn idle(game: &mut Game, ticks: usize) {
        run(game, &keys(&[]), ticks);
    }

    fn water_level(game: &Game, pos: BlockPos) -> Option<u8> {
        match fluids::at(&game.world, pos) {
            Some((Fluid::Water, level)) => Some(level),
            _ => None,
        }
    }

    #[test]
    fn water_spreads_seven_blocks_on_flat_ground_a_block_every_five_ticks() {
        let mut game = platform_game();
        put(&mut game.world, [2, GROUND, 2], "water");
        idle(&mut game, 23);
        assert_eq!(water_level(&game, [6, GROUND, 2]), Some(4));
        assert_eq!(water_level(&game, [7, GROUND, 2]), None, "not yet");
        idle(&mut game, 40);
        for d in 1..=7 {
            assert_eq!(water_level(&game, [2 + d, GROUND, 2]), Some(d as u8));
        }
        assert_eq!(water_level(&game, [10, GROUND, 2]), None);
        assert_eq!(water_level(&game, [5, GROUND, 6]), Some(7), "by steps");
        assert!(
            game.world.schedule.is_empty(),
            "settled water is not updated"
        );
    }

    #[test]
    fn water_waits_at_the_edge_of_the_generated_world_then_flows_on() {
        let mut game = platform_game();
        // Chunk 6 (x 96..112) is generated by the pour; chunk 7 is past
        // the player's generated square.
        // A channel one block wide along x.
        for x in 100..112 {
            put(&mut game.world, [x, 150, 0], "stone");
            put(&mut game.world, [x, 151, -1], "stone");
            put(&mut game.world, [x, 151, 1], "stone");
        }
        put(&mut game.world, [109, 151, 0], "water");
        idle(&mut game, 30);
        assert_eq!(water_level(&game, [111, 151, 0]), Some(2));
        assert!(
            game.world.chunk(7, 0).is_none(),
            "not generated by the flow"
        );
        game.world.chunk_mut(7, 0);
        idle(&mut game, 10);
        assert!(water_level(&game, [112, 151, 0]).is_some(), "flows on");

        // Only flowed into: the chunk counts as untouched, is dropped when
        // far, and the water flows in again when it comes back.
        assert!(game.world.chunk(6, 0).unwrap().is_edited(), "poured there");
        assert!(!game.world.chunk(7, 0).unwrap().is_edited());
        game.world.unload_beyond(100, 0, 0, |_| false);
        assert!(game.world.chunk(7, 0).is_none(), "dropped");
        assert!(game.world.chunk(6, 0).is_some(), "kept");
        game.world.chunk_mut(7, 0);
        assert_eq!(water_level(&game, [112, 151, 0]), None, "regenerated dry");
        idle(&mut game, 10);
        assert!(
            water_level(&game, [112, 151, 0]).is_some(),
            "flows in again"
        );
    }

    #[test]
    fn lava_spreads_three_blocks_every_thirty_ticks() {
        let mut game = platform_game();
        put(&mut game.world, [5, GROUND, 5], "lava");
        idle(&mut game, 35);
        assert_eq!(
            fluids::at(&game.world, [6, GROUND, 5]),
            Some((Fluid::Lava, 2))
        );
        assert_eq!(fluids::at(&game.world, [7, GROUND, 5]), None);
        idle(&mut game, 100);
        assert_eq!(
            fluids::at(&game.world, [7, GROUND, 5]),
            Some((Fluid::Lava, 4))
        );
        assert_eq!(
            fluids::at(&game.world, [8, GROUND, 5]),
            Some((Fluid::Lava, 6))
        );
        assert_eq!(fluids::at(&game.world, [9, GROUND, 5]), None);
    }

    #[test]
    fn water_falls_straight_down_and_spreads_where_it_lands() {
        let mut game = platform_game();
        put(&mut game.world, [5, GROUND + 4, 5], "water");
        idle(&mut game, 60);
        for y in GROUND..GROUND + 4 {
            assert_eq!(water_level(&game, [5, y, 5]), Some(FALLING), "y {y}");
        }
        // A source in the air also spreads a block sideways, which falls too.
        assert_eq!(water_level(&game, [6, GROUND + 4, 5]), Some(1));
        assert_eq!(water_level(&game, [7, GROUND + 4, 5]), None);
        assert_eq!(water_level(&game, [6, GROUND + 1, 5]), Some(FALLING));
        assert_eq!(
            water_level(&game, [8, GROUND, 5]),
            Some(2),
            "spreads where it lands"
        );
    }

    #[test]
    fn flow_prefers_the_shortest_way_to_a_drop() {
        let mut game = platform_game();
        game.world.set([8, FLOOR, 5], BlockId::AIR);
        put(&mut game.world, [5, GROUND, 5], "water");
        idle(&mut game, 30);
        assert!(water_level(&game, [6, GROUND, 5]).is_some());
        assert_eq!(
            water_level(&game, [4, GROUND, 5]),
            None,
            "only towards the hole"
        );
        assert_eq!(water_level(&game, [8, FLOOR, 5]), Some(FALLING));
    }

    #[test]
    fn two_sources_side_by_side_make_a_third() {
        let mut game = platform_game();
        put(&mut game.world, [4, GROUND, 4], "water");
        put(&mut game.world, [6, GROUND, 4], "water");
        idle(&mut game, 20);
        assert_eq!(water_level(&game, [5, GROUND, 4]), Some(SOURCE));
    }

    #[test]
    fn removing_the_source_drains_its_flow() {
        let mut game = platform_game();
        put(&mut game.world, [5, GROUND, 5], "water");
        idle(&mut game, 60);
        game.world.set([5, GROUND, 5], BlockId::AIR);
        idle(&mut game, 150);
        for x in -3..14 {
            for z in -3..14 {
                assert_eq!(water_level(&game, [x, GROUND, z]), None, "{x} {z}");
            }
        }
    }

    #[test]
    fn water_reaching_a_lava_source_makes_obsidian_and_flowing_lava_cobblestone() {
        let mut game = platform_game();
        put(&mut game.world, [5, GROUND, 5], "lava");
        put(&mut game.world, [7, GROUND, 5], "water");
        idle(&mut game, 10);
        assert_eq!(game.world.get([5, GROUND, 5]), block("obsidian"));
        let mut game = platform_game();
        put(&mut game.world, [3, GROUND, 8], "lava");
        idle(&mut game, 35);
        put(&mut game.world, [6, GROUND, 8], "water");
        idle(&mut game, 10);
        assert_eq!(game.world.get([4, GROUND, 8]), block("cobblestone"));
        assert_eq!(
            fluids::at(&game.world, [3, GROUND, 8]),
            Some((Fluid::Lava, SOURCE))
        );
    }

    #[test]
    fn lava_flowing_down_onto_water_makes_stone() {
        let mut game = platform_game();
        put(&mut game.world, [5, GROUND, 5], "water");
        put(&mut game.world, [5, GROUND + 2, 5], "lava");
        idle(&mut game, 70);
        assert_eq!(game.world.get([5, GROUND, 5]), block("stone"));
    }

    #[test]
    fn water_poured_on_the_side_of_a_pillar_falls_down_it() {
        let mut game = platform_game();
        for y in GROUND..GROUND + 4 {
            put(&mut game.world, [0, y, 2], "stone");
        }
        game.player.inventory.main[0] = Some(ItemStack::new(item("water_bucket"), 1));
        game.player.pitch = -51.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(water_level(&game, [0, GROUND + 3, 1]), Some(SOURCE));
        idle(&mut game, 40);
        for y in GROUND..GROUND + 3 {
            assert_eq!(water_level(&game, [0, y, 1]), Some(FALLING), "y {y}");
        }
        assert!(
            water_level(&game, [-3, GROUND, 1]).is_some(),
            "spreads below"
        );
    }

    #[test]
    fn only_sources_can_be_scooped() {
        let mut game = platform_game();
        put(&mut game.world, [0, GROUND, 8], "water");
        idle(&mut game, 60);
        assert_eq!(water_level(&game, [0, GROUND, 2]), Some(6));
        game.player.inventory.main[0] = Some(ItemStack::new(item("bucket"), 1));
        game.player.pitch = 45.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(
            game.player.inventory.main[0].as_ref().map(|s| s.item),
            Some(item("bucket")),
            "flowing water under the crosshair"
        );
    }

    #[test]
    fn flow_is_deterministic() {
        let play = || {
            let mut game = platform_game();
            put(&mut game.world, [3, GROUND + 2, 3], "water");
            put(&mut game.world, [9, GROUND, 6], "lava");
            game.world.set([6, FLOOR, 4], BlockId::AIR);
            idle(&mut game, 150);
            let mut cells = Vec::new();
            for x in -4..16 {
                for z in -4..16 {
                    for y in FLOOR - 1..GROUND + 3 {
                        cells.push((game.world.get([x, y, z]), game.world.fluid_level([x, y, z])));
                    }
                }
            }
            cells
        };
        assert_eq!(play(), play());
    }
}
