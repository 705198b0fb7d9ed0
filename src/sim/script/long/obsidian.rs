//! Obsidian for a portal where there is none, with one bucket: water is
//! fetched from the nearest source that is cheap to dig to — a spring in
//! a cave wall near the lava level, else the sea — by digging to a block
//! beside it, mining with the pickaxe what stands between the eye and the
//! water, filling the bucket and plugging the hole again (a climb costs
//! more than the same way across); where no such block can be dug to
//! safely (a lake's bed of sand, whose every block beside the water has
//! sand over the way to it that would fall), by digging up onto the
//! shore and filling the bucket from the bank; then, down at the
//! lava level, the water is poured over the nearest open lava — every
//! lava source it runs over or beside hardens to obsidian — and taken
//! back up once it has spread; the obsidian that can be mined without
//! letting lava in (nothing fluid beside or under it) is dug to and
//! mined with the diamond pickaxe (188 ticks a block).
//!
//! Precondition: deep in the ground, an empty bucket, a diamond pickaxe
//! and building blocks carried. Postcondition of [`water`]: a water
//! bucket held (at a spring, back where the water cannot follow); of
//! [`obsidian`]: `count` obsidian held (and the milestone of mining it).

use super::dig::{DigTo, SIDES};
use super::phases::{equip, equip_best_pickaxe, get_ore, held};
use super::{deferred, Until};
use crate::sim::game::Game;
use crate::sim::registry::{block, item, registry};
use crate::sim::rules::fluids::{self, Fluid};
use crate::sim::script::behaviour::{Behaviour, Hold};
use crate::sim::script::blocks::{collides_at, stands_dry};
use crate::sim::script::construct::{Construct, Job};
use crate::sim::script::fluids::UseOnSource;
use crate::sim::script::plans::Plan;
use crate::sim::world::gen::SEA_LEVEL;
use crate::sim::world::{offset, up, BlockPos};

/// Columns around the feet searched for water and for lava.
const SEARCH: i32 = 40;
/// Targets one dig tries, nearest first.
const TARGETS: usize = 6;
/// Caves are lava up to this y.
const LAVA_LEVEL: i32 = 10;
/// Ticks for poured water to run its seven blocks (5 ticks a block), and
/// for what is left to dry once its source is taken.
const SPREAD_TICKS: u32 = 45;
/// Blocks that plug the hole to the water, first held first.
const PLUGS: &[&str] = &["cobblestone", "dirt", "andesite", "granite", "diorite"];

fn solid(game: &Game, pos: BlockPos) -> bool {
    let def = registry().block(game.world.get(pos));
    def.shape.collides() && def.hardness.is_some()
}

/// How many times a block climbed weighs a block across or down in the
/// choice of water (a staircase up is the slowest way to dig).
const CLIMB_WEIGHT: i32 = 3;

/// Cells around the feet (`across` columns each way, `heights`) that
/// `keep` accepts, the [`TARGETS`] nearest first (climbs weighed by
/// [`CLIMB_WEIGHT`]).
pub(super) fn cells_near(
    game: &Game,
    across: i32,
    heights: std::ops::RangeInclusive<i32>,
    keep: impl Fn(BlockPos) -> bool,
) -> Vec<BlockPos> {
    let feet = game.player.block_pos();
    let mut found = Vec::new();
    for y in heights {
        for dz in -across..=across {
            for dx in -across..=across {
                let pos = [feet[0] + dx, y, feet[2] + dz];
                if keep(pos) {
                    let dy = (y - feet[1]) * if y > feet[1] { CLIMB_WEIGHT } else { 1 };
                    found.push((dx * dx + dy * dy + dz * dz, pos));
                }
            }
        }
    }
    found.sort_unstable();
    found
        .into_iter()
        .map(|(_, pos)| pos)
        .take(TARGETS)
        .collect()
}

/// Solid blocks with a water source beside them, above the lava level
/// and up to the sea: a spring's wall or the sea's edge.
fn water_edge(game: &Game) -> Vec<BlockPos> {
    cells_near(game, SEARCH, LAVA_LEVEL + 1..=SEA_LEVEL, |pos| {
        solid(game, pos)
            && SIDES
                .iter()
                .any(|&d| fluids::is_source(&game.world, offset(pos, d), Fluid::Water))
    })
}

/// Whether `pos` is air just over a lava source.
fn over_lava_at(game: &Game, pos: BlockPos) -> bool {
    game.world.get(pos) == block("air") && fluids::is_source(&game.world, up(pos, -1), Fluid::Lava)
}

/// Whether the lava under `pos` is one deep: the obsidian it hardens to
/// can be mined, its drop landing on the solid block below, not burning
/// in more lava.
fn shallow_lava_under(game: &Game, pos: BlockPos) -> bool {
    solid(game, up(pos, -2))
}

/// Air just over a lava source at the edge of the lava, beside a solid
/// block: where the lava can be walked up to; where the lava is one deep
/// if there is such an edge near.
fn over_lava(game: &Game) -> Vec<BlockPos> {
    let edge = |pos| over_lava_at(game, pos) && SIDES.iter().any(|&d| solid(game, offset(pos, d)));
    let shallow = cells_near(game, SEARCH, 1..=LAVA_LEVEL + 1, |pos| {
        edge(pos) && shallow_lava_under(game, pos)
    });
    if shallow.is_empty() {
        cells_near(game, SEARCH, 1..=LAVA_LEVEL + 1, edge)
    } else {
        shallow
    }
}

/// Where to pour: at the feet when they stand beside air over lava (the
/// floor's top face is always in sight, and the water runs off onto the
/// lava), else the cell over lava nearest the eye whose supporting face
/// is in sight.
fn pour_cell(game: &Game) -> Option<BlockPos> {
    let feet = game.player.block_pos();
    if SIDES.iter().any(|&d| over_lava_at(game, offset(feet, d))) && solid(game, up(feet, -1)) {
        return Some(feet);
    }
    over_lava(game)
        .into_iter()
        .find(|&cell| Construct::support_face(game, cell).is_some())
}

fn plug_held(game: &Game) -> Option<&'static str> {
    PLUGS.iter().copied().find(|name| held(game, name) > 0)
}

fn wait(ticks: u32) -> Box<dyn Behaviour> {
    Box::new(Hold::still(ticks))
}

/// Feet cells on dry ground with a water source beside them or just
/// below beside them, from the lava level up to the sea's shore: where a
/// bucket is filled from the bank.
fn shore(game: &Game) -> Vec<BlockPos> {
    let world = &game.world;
    let water_at = |pos| fluids::is_source(world, pos, Fluid::Water);
    cells_near(game, SEARCH, LAVA_LEVEL + 1..=SEA_LEVEL + 1, |feet| {
        stands_dry(world, feet)
            && SIDES.iter().any(|&d| {
                let beside = offset(feet, d);
                water_at(beside) || (!collides_at(world, beside) && water_at(up(beside, -1)))
            })
    })
}

fn water_held(game: &Game) -> bool {
    held(game, "water_bucket") >= 1
}

/// Tries at a spring or the sea's edge, then from a shore.
const SPRING_TRIES: u32 = 3;
const SHORE_TRIES: u32 = 2;

/// Fills the bucket at the nearest water (see the module comment).
pub fn water() -> Box<dyn Behaviour> {
    deferred(|_| {
        vec![
            Box::new(Until::new(water_held, SPRING_TRIES, from_a_spring)),
            Box::new(Until::new(water_held, SHORE_TRIES, from_a_shore)),
        ]
    })
}

/// Digs to a block beside a water source, opens it and fills the bucket.
fn from_a_spring(game: &Game) -> Plan {
    let edge = water_edge(game);
    if edge.is_empty() {
        return Vec::new();
    }
    let targets = edge.clone();
    vec![
        equip_best_pickaxe(),
        Box::new(DigTo::new(Box::new(move |_| targets.clone())).far()),
        clear_the_way(Fluid::Water),
        equip("bucket"),
        Box::new(UseOnSource::new(Fluid::Water)),
        plug(edge),
        wait(SPREAD_TICKS),
    ]
}

/// Digs up onto a shore and fills the bucket from the bank.
fn from_a_shore(game: &Game) -> Plan {
    let shore = shore(game);
    if shore.is_empty() {
        return Vec::new();
    }
    vec![
        equip_best_pickaxe(),
        Box::new(DigTo::new(Box::new(move |_| shore.clone())).far().onto()),
        equip("bucket"),
        Box::new(UseOnSource::new(Fluid::Water)),
    ]
}

/// Mines with the pickaxe held what stands between the eye and the
/// nearest source of `fluid` (the bucket would break it by hand, about
/// 150 ticks a stone).
fn clear_the_way(fluid: Fluid) -> Box<dyn Behaviour> {
    deferred(move |game| {
        let jobs = UseOnSource::new(fluid)
            .in_the_way(game)
            .into_iter()
            .map(Job::Clear)
            .collect();
        vec![Box::new(Construct::new(block("stone"), jobs))]
    })
}

/// Fills with a building block those of `cells` that water now runs in.
fn plug(cells: Vec<BlockPos>) -> Box<dyn Behaviour> {
    deferred(move |game| {
        let Some(plug) = plug_held(game) else {
            return Vec::new();
        };
        let open: Vec<Job> = cells
            .iter()
            .filter(|&&c| Fluid::of(game.world.get(c)).is_some())
            .map(|&c| Job::Place(c))
            .collect();
        vec![equip(plug), Box::new(Construct::new(block(plug), open))]
    })
}

fn lava_depths(_: &Game) -> std::ops::RangeInclusive<i32> {
    1..=LAVA_LEVEL
}

/// Pours the water where it runs over the lava ([`pour_cell`]), waits
/// for it to run, and scoops it back up.
fn pour_and_take_back(game: &Game) -> Plan {
    let Some(cell) = pour_cell(game) else {
        return Vec::new();
    };
    vec![
        equip("water_bucket"),
        Box::new(Construct::new(block("water"), vec![Job::Place(cell)])),
        wait(SPREAD_TICKS),
        equip("bucket"),
        Box::new(UseOnSource::new(Fluid::Water)),
        wait(SPREAD_TICKS),
    ]
}

/// One round: pour the water over the nearest open lava, let it run,
/// take it back, then mine the obsidian that is safe to mine.
fn obsidian_round(count: u32) -> Plan {
    vec![
        deferred(|game| {
            let surface = over_lava(game);
            if held(game, "water_bucket") == 0 || surface.is_empty() {
                return Vec::new();
            }
            vec![
                equip_best_pickaxe(),
                Box::new(DigTo::new(Box::new(move |_| surface.clone())).far()),
                deferred(pour_and_take_back),
            ]
        }),
        get_ore("obsidian", "obsidian", count, lava_depths),
    ]
}

/// Makes and mines obsidian until `count` are held (see the module
/// comment); needs the water bucket [`water`] fills.
pub fn obsidian(count: u32) -> Box<dyn Behaviour> {
    Box::new(Until::new(
        move |g| g.player.inventory.count(item("obsidian")) >= count,
        3,
        move |_| obsidian_round(count),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::put;
    use crate::sim::inventory::ItemStack;
    use crate::sim::script::long::stage::play_phase;

    /// Stone up to y 10 as far as the search looks, the player on it,
    /// and lava sunk into it at `(x, z)` cells: `deep` blocks of lava
    /// from y 9 down, the air cell above open.
    fn lava_floor(pools: &[([i32; 2], i32)]) -> Game {
        let mut game = Game::blank(3);
        for x in -SEARCH - 1..=SEARCH + 1 {
            for z in -SEARCH - 1..=SEARCH + 1 {
                for y in 1..=LAVA_LEVEL + 2 {
                    put(&mut game, [x, y, z], if y <= 10 { "stone" } else { "air" });
                }
            }
        }
        for &([x, z], deep) in pools {
            put(&mut game, [x, 10, z], "air");
            for y in 10 - deep..10 {
                put(&mut game, [x, y, z], "lava");
            }
        }
        game.player.pos = [0.5, 11.0, 0.5];
        game.player.on_ground = true;
        game
    }

    #[test]
    fn water_is_poured_over_lava_one_deep_before_nearer_deeper_lava() {
        let deep = ([2, 0], 2);
        let game = lava_floor(&[deep]);
        assert_eq!(
            over_lava(&game).first(),
            Some(&[2, 10, 0]),
            "only deep lava"
        );
        let game = lava_floor(&[deep, ([-5, 0], 1), ([-6, 0], 1)]);
        assert_eq!(over_lava(&game).first(), Some(&[-5, 10, 0]));
        assert!(over_lava(&game).iter().all(|&cell| cell[0] < 0));
    }

    /// The top of the rock under the lake's bed.
    const ROCK_TOP: i32 = 44;
    /// The lake's surface, and how deep it is in its middle.
    const LAKE_TOP: i32 = 50;
    const LAKE_DEEP: i32 = 3;

    /// How far the ground reaches from the lake's middle.
    const GROUND: i32 = 8;

    /// In the four chunks round the origin, all air but a block of ground
    /// [`GROUND`] columns each way: rock up to [`ROCK_TOP`], sand over it
    /// up to [`LAKE_TOP`], and a lake sunk into the sand whose bed slopes
    /// a block a column (seed 10's sea), so every block beside its water
    /// has sand over the way to it that borders the water too. The player
    /// stands in a pocket in the rock, a dozen levels down.
    fn under_a_sandy_lake() -> Game {
        let mut game = Game::blank(3);
        for x in -16..=15i32 {
            for z in -16..=15i32 {
                let from_middle = x.abs().max(z.abs());
                for y in 1..crate::sim::world::HEIGHT {
                    let depth = LAKE_TOP - y;
                    let water = (0..LAKE_DEEP).contains(&depth) && from_middle <= 4 - depth;
                    let name = if from_middle > GROUND {
                        "air"
                    } else if y <= ROCK_TOP {
                        "stone"
                    } else if water {
                        "water"
                    } else if y <= LAKE_TOP {
                        "sand"
                    } else {
                        "air"
                    };
                    put(&mut game, [x, y, z], name);
                }
            }
        }
        let feet = [6, ROCK_TOP - 6, 0];
        put(&mut game, feet, "air");
        put(&mut game, up(feet, 1), "air");
        game.player.pos = [6.5, f64::from(feet[1]), 0.5];
        game.player.on_ground = true;
        for (slot, (name, count)) in [("diamond_pickaxe", 1), ("bucket", 1), ("cobblestone", 32)]
            .into_iter()
            .enumerate()
        {
            game.player.inventory.main[slot] = Some(ItemStack::new(item(name), count));
        }
        game
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "a climb of a dozen levels: run in release")]
    fn water_is_fetched_from_the_shore_of_a_lake_whose_sandy_bed_cannot_be_dug_to() {
        let game = under_a_sandy_lake();
        assert!(!water_edge(&game).is_empty(), "the lake's sides are found");
        let staged = play_phase(game, vec![water()], water_held, 3000);
        let feet = staged.game.player.block_pos();
        assert!(
            staged.reached,
            "no water after {} steps, at {feet:?}",
            staged.steps
        );
        assert_eq!(feet[1], LAKE_TOP + 1, "filled from the shore");
    }
}
