//! Blaze rods: a safe way dug to the nearest fortress's nearest blaze
//! spawner (the fortress layout is a pure function of the seed, as a
//! player would know it from a map), then rounds of fighting the blazes
//! the spawner makes beside it until enough rods are held. Standing by
//! the spawner on its fenced throne keeps the player within the
//! spawner's 16 blocks and the blazes within reach as they come.

use super::dig::{safe_to_open, DigTo};
use super::equip::Equip;
use super::fight::{fight_round, Quarry};
use super::nether::held;
use super::phases::equip_best_pickaxe;
use super::route::dig_towards;
use super::{deferred, Until};
use crate::sim::game::Game;
use crate::sim::registry::{item, registry, BlockId};
use crate::sim::script::behaviour::{Behaviour, PillarUp, Spot, StepInto};
use crate::sim::script::plans::Plan;
use crate::sim::world::gen::{fortress_near, LAVA_SEA_LEVEL};
use crate::sim::world::BlockPos;

/// How far around the player (per axis) a fortress is looked for.
const FORTRESS_SEARCH: i32 = 640;
/// How far (per axis) from its spawner a throne is climbed to: just
/// outside its fence, 4 blocks off.
const CLIMB_OFFSET: i32 = 5;
/// The highest pillar built (blocks carried: 32 cobblestone).
const MOST_PILLAR: i32 = 30;
/// Rounds of fighting before giving up.
const FIGHT_ROUNDS: u32 = 400;
/// Blazes this near are fought where they are; farther ones (another
/// spawner's) are left alone.
const BLAZES: Quarry = Quarry {
    kind: "blaze",
    strike_range: 10.0,
    approach_range: 10.0,
};

/// The nearest blaze spawner of the nearest fortress.
pub fn nearest_spawner(game: &Game) -> Option<BlockPos> {
    let seed = game.world.generator().seed();
    let feet = game.player.block_pos();
    let fortress = fortress_near(seed, feet[0], feet[2], FORTRESS_SEARCH)?;
    let distance = |s: &BlockPos| {
        (0..3)
            .map(|i| i64::from(s[i] - feet[i]).pow(2))
            .sum::<i64>()
    };
    fortress.spawners.into_iter().min_by_key(distance)
}

/// Where to climb to a spawner's throne when the fortress stands in the
/// open on its pillars: the column at `CLIMB_OFFSET` from the spawner
/// (outside the throne's fence) whose ground below the spawner's height
/// lies highest, on the cavern's solid ground above the lava sea (not
/// the top of one of the fortress's pillars, which no dig reaches); the
/// feet cell on that ground.
fn climb_from(game: &Game, spawner: BlockPos) -> Option<BlockPos> {
    let world = &game.world;
    let solid = |pos: BlockPos| registry().block(world.get(pos)).shape.collides();
    let fortress_block = |pos: BlockPos| {
        registry()
            .block(world.get(pos))
            .name
            .starts_with("nether_brick")
    };
    let ring = (-CLIMB_OFFSET..=CLIMB_OFFSET).flat_map(|a| {
        [
            (a, -CLIMB_OFFSET),
            (a, CLIMB_OFFSET),
            (-CLIMB_OFFSET, a),
            (CLIMB_OFFSET, a),
        ]
    });
    ring.filter_map(|(dx, dz)| {
        let [x, z] = [spawner[0] + dx, spawner[2] + dz];
        let open = |y: i32| world.get([x, y, z]) == BlockId::AIR;
        if !(0..=2).all(|up| open(spawner[1] + up)) {
            return None;
        }
        let ground = (LAVA_SEA_LEVEL + 1..spawner[1])
            .rev()
            .find(|&y| !open(y))
            .filter(|&y| solid([x, y, z]) && safe_to_open(world, [x, y, z]))
            .filter(|&y| !fortress_block([x, y, z]))?;
        Some([x, ground + 1, z])
    })
    .filter(|feet| spawner[1] - feet[1] <= MOST_PILLAR)
    .max_by_key(|feet| {
        (
            feet[1],
            -(feet[0] - spawner[0]).abs() - (feet[2] - spawner[2]).abs(),
        )
    })
}

/// Walks onto the climbing column's ground and pillars up with the
/// blocks carried to the spawner's height.
fn climb_to(feet: BlockPos, spawner: BlockPos) -> Plan {
    let height = u32::try_from(spawner[1] - feet[1]).unwrap_or(0);
    vec![
        dig_towards(feet, 1.5),
        Box::new(StepInto::new(Spot::At(feet))),
        Box::new(Equip::new(item("cobblestone"))),
        Box::new(PillarUp::new(height)),
        equip_best_pickaxe(),
    ]
}

/// Goes to the nearest blaze spawner — digging a way to its throne, or
/// to the ground beside it and up a pillar when the fortress stands in
/// the open — and kills blazes until `rods` blaze rods are held.
pub fn blaze_rods(rods: u32) -> Box<dyn Behaviour> {
    deferred(move |game| {
        let Some(spawner) = nearest_spawner(game) else {
            return Vec::new();
        };
        let reach_throne = Box::new(DigTo::new(Box::new(move |_| vec![spawner])));
        let mut plan: Plan = Vec::new();
        if let Some(feet) = climb_from(game, spawner) {
            plan.extend(climb_to(feet, spawner));
        } else {
            plan.push(dig_towards(spawner, 1.5));
        }
        plan.push(reach_throne);
        plan.extend(vec![Box::new(Until::new(
            move |g| held(g, "blaze_rod") >= rods,
            FIGHT_ROUNDS,
            |g| fight_round(g, BLAZES),
        )) as Box<dyn Behaviour>]);
        plan
    })
}
