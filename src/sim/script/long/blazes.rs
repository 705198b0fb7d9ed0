//! Blaze rods: the way to a blaze spawner of the nearest fortress, then
//! rounds by the spawner until enough rods are held — fighting the
//! blazes that come near (walled in with cobblestone to heal when health
//! runs low), digging on towards the spawner when none does.
//!
//! The way is planned over the fortress itself (its layout and the
//! caverns round it are a pure function of the seed, as a player would
//! know them from a map; [`Blocks`] reads them as generated where the
//! world has not loaded them yet): the decks connected to the spawners
//! are searched, from every spawner at once, for the cell nearest the
//! player where they meet natural rock or cavern ground (beside the deck
//! or past its fence); a safe way is dug there, and the spawner nearest
//! it along the decks is the one dug on to, so a throne over the lava sea
//! is reached along the fortress's bridges. A fortress whose decks meet
//! neither is climbed to from the cavern ground beside its nearest
//! throne on a cobblestone pillar.

use std::collections::{HashMap, VecDeque};

use super::dig::{in_reach_of, safe_to_open, DigTo, SIDES};
use super::equip::Equip;
use super::fight::{fight_round, nearest_within, Quarry};
use super::phases::{equip_best_pickaxe, held};
use super::route::dig_towards;
use super::shield::with_shield;
use super::survive::{needs_food, needs_shelter};
use super::{deferred, Until};
use crate::sim::game::Game;
use crate::sim::registry::{block, item, registry, BlockDef, BlockId, Shape};
use crate::sim::script::behaviour::{aimable_from, Behaviour, Spot, Within};
use crate::sim::script::mining::Mine;
use crate::sim::script::placing::PillarUp;
use crate::sim::script::plans::Plan;
use crate::sim::script::walking::StepInto;
use crate::sim::world::gen::{fortress_near, Generator, LAVA_SEA_LEVEL};
use crate::sim::world::{offset, up, BlockPos, Chunk, World, HEIGHT};

/// How far around the player (per axis) a fortress is looked for.
const FORTRESS_SEARCH: i32 = 640;
/// How far (per axis) from its spawner a throne is climbed to: just
/// outside its fence, 4 blocks off.
const CLIMB_OFFSET: i32 = 5;
/// The highest pillar built (blocks carried: 32 cobblestone).
const MOST_PILLAR: i32 = 30;
/// Deck cells a search of the fortress looks at, at most.
const DECK_CELLS: usize = 20_000;
/// Rounds of fighting (or digging on to the spawner) before giving up.
const FIGHT_ROUNDS: u32 = 600;
/// Ticks one round of digging on to the spawner may last.
const DIG_TICKS: u32 = 200;
/// Blazes within 4 blocks are struck, within 16 dug towards; farther
/// ones (another spawner's) are left alone.
pub(super) const BLAZES: Quarry = Quarry {
    kind: "blaze",
    strike_range: 4.0,
    approach_range: 16.0,
};

/// The blaze spawners of the nearest fortress.
pub(super) fn fortress_spawners(game: &Game) -> Option<Vec<BlockPos>> {
    let seed = game.world.generator().seed();
    let feet = game.player.block_pos();
    let fortress = fortress_near(seed, feet[0], feet[2], FORTRESS_SEARCH)?;
    Some(fortress.spawners)
}

/// The spawner nearest the player.
fn nearest(game: &Game, spawners: &[BlockPos]) -> BlockPos {
    let feet = game.player.block_pos();
    let distance = |s: &&BlockPos| {
        (0..3)
            .map(|i| i64::from(s[i] - feet[i]).pow(2))
            .sum::<i64>()
    };
    *spawners
        .iter()
        .min_by_key(distance)
        .expect("a fortress has a spawner")
}

/// Blocks of the Nether as the world holds them where it has loaded them
/// and as generated where it has not.
struct Blocks<'g> {
    world: &'g World,
    generator: &'g Generator,
    generated: HashMap<(i32, i32), Chunk>,
}

impl<'g> Blocks<'g> {
    fn new(game: &'g Game) -> Blocks<'g> {
        Blocks {
            world: &game.world,
            generator: game.world.generator(),
            generated: HashMap::new(),
        }
    }

    fn get(&mut self, pos: BlockPos) -> &'static BlockDef {
        let [x, y, z] = pos;
        let (cx, cz) = (x.div_euclid(16), z.div_euclid(16));
        let id = if !(0..HEIGHT).contains(&y) || self.world.chunk(cx, cz).is_some() {
            self.world.get(pos)
        } else {
            let generator = self.generator;
            let chunk = self
                .generated
                .entry((cx, cz))
                .or_insert_with(|| generator.chunk(cx, cz));
            let [x, y, z] = [x.rem_euclid(16), y, z.rem_euclid(16)].map(|v| v as usize);
            chunk.get(x, y, z)
        };
        registry().block(id)
    }

    /// Whether a body passes through the cell (no solid block, no fluid).
    fn open(&mut self, pos: BlockPos) -> bool {
        let shape = self.get(pos).shape;
        !shape.collides() && shape != Shape::Liquid
    }

    /// Whether feet may stand in the cell: open up to the head, on a floor.
    fn standing(&mut self, feet: BlockPos) -> bool {
        self.open(feet) && self.open(up(feet, 1)) && self.get(up(feet, -1)).shape.collides()
    }

    /// [`safe_to_open`] read from these blocks: no fluid beside the cell.
    fn safe_to_open(&mut self, pos: BlockPos) -> bool {
        SIDES
            .iter()
            .chain(&[[0, 1, 0], [0, -1, 0]])
            .all(|&d| self.get(offset(pos, d)).shape != Shape::Liquid)
    }
}

/// Whether a block is the fortress's own (its bricks, its spawners).
fn fortress_block(def: &BlockDef) -> bool {
    def.name.starts_with("nether_brick") || def.name == "spawner"
}

/// Where to get onto a fortress's decks to walk to a spawner: the deck
/// cell nearest the player that meets natural rock (to dig through) or
/// cavern ground, beside the deck or past its fence, and the spawner
/// nearest it along the decks (a search from every spawner at once);
/// `None` if no deck connected to a spawner meets either.
pub(super) fn way_onto_decks(game: &Game, spawners: &[BlockPos]) -> Option<(BlockPos, BlockPos)> {
    let mut blocks = Blocks::new(game);
    let feet = game.player.block_pos();
    let on_deck = |blocks: &mut Blocks, cell: BlockPos| {
        blocks.standing(cell) && fortress_block(blocks.get(up(cell, -1)))
    };
    let mut came_from = HashMap::new();
    let mut queue = VecDeque::new();
    let mut served = HashMap::new();
    for &spawner in spawners {
        let mut beside = SIDES.iter().map(|&d| offset(spawner, d));
        if let Some(start) = beside.find(|&cell| on_deck(&mut blocks, cell)) {
            came_from.insert(start, start);
            served.insert(start, spawner);
            queue.push_back(start);
        }
    }
    let mut best: Option<(i64, BlockPos)> = None;
    while let Some(cell) = queue.pop_front() {
        for d in SIDES {
            let side = offset(cell, d);
            let beyond_fence = if blocks.get(side).name == "nether_brick_fence" {
                offset(side, d)
            } else {
                side
            };
            let def = blocks.get(beyond_fence);
            let rock = def.shape == Shape::Cube
                && !fortress_block(def)
                && blocks.safe_to_open(beyond_fence);
            let ground =
                blocks.standing(beyond_fence) && !fortress_block(blocks.get(up(beyond_fence, -1)));
            let distance = (0..3)
                .map(|i| i64::from(beyond_fence[i] - feet[i]).pow(2))
                .sum::<i64>();
            if (rock || ground) && best.is_none_or(|(b, _)| distance < b) {
                best = Some((distance, cell));
            }
            for dy in [-1, 0, 1] {
                let next = up(side, dy);
                let headroom = match dy {
                    1 => up(cell, 2),
                    -1 => up(next, 2),
                    _ => next,
                };
                if came_from.len() < DECK_CELLS
                    && !came_from.contains_key(&next)
                    && on_deck(&mut blocks, next)
                    && blocks.open(headroom)
                {
                    came_from.insert(next, cell);
                    queue.push_back(next);
                }
            }
        }
    }
    let (_, entry) = best?;
    let mut at = entry;
    while came_from[&at] != at {
        at = came_from[&at];
    }
    Some((entry, served[&at]))
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

/// Goes to the nearest blaze spawner and kills blazes until `rods`
/// blaze rods are held ([`to_the_spawner_for_rods`]), a carried shield in
/// the offhand, raised against their fireballs and blows.
pub fn blaze_rods(rods: u32) -> Box<dyn Behaviour> {
    with_shield(BLAZES.kind, move || to_the_spawner_for_rods(rods))
}

/// Goes to the nearest blaze spawner — digging a way to its throne, or
/// to the ground beside it and up a pillar when the fortress stands in
/// the open — and kills blazes until `rods` blaze rods are held.
fn to_the_spawner_for_rods(rods: u32) -> Box<dyn Behaviour> {
    deferred(move |game| {
        let Some(spawners) = fortress_spawners(game) else {
            return Vec::new();
        };
        let mut plan: Plan = Vec::new();
        let (entry, spawner) = match way_onto_decks(game, &spawners) {
            Some((entry, spawner)) => {
                plan.push(dig_towards(entry, 2.0));
                (Some(entry), spawner)
            }
            None => {
                let spawner = nearest(game, &spawners);
                match climb_from(game, spawner) {
                    Some(feet) => plan.extend(climb_to(feet, spawner)),
                    None => plan.push(dig_towards(spawner, 1.5)),
                }
                (None, spawner)
            }
        };
        plan.push(Box::new(Until::new(
            move |g| held(g, "blaze_rod") >= rods,
            FIGHT_ROUNDS,
            move |g| by_the_spawner(g, entry, spawner),
        )));
        plan
    })
}

/// A fire in sight and reach within this many blocks (across, and up or
/// down) of the spawner: its tries reach 4 across and 1 up or down, and
/// a fire lights 3 blocks round it above 11.
const FIRE_WATCH: i32 = 6;
const FIRE_WATCH_UP: i32 = 3;
/// Ticks given to putting out one fire.
const FIRE_TICKS: u32 = 30;

/// The nearest fire round the spawner the crosshair can reach: the
/// blazes' missed fireballs light them, and a blaze spawner makes blazes
/// only where the light is 11 or less, so a fire beside it stops it.
fn fire_round(game: &Game, spawner: BlockPos) -> Option<BlockPos> {
    let fire = block("fire");
    let eye = game.player.eye();
    let distance = |pos: &BlockPos| {
        (0..3)
            .map(|i| (f64::from(pos[i]) + 0.5 - eye[i]).powi(2))
            .sum::<f64>()
    };
    let cells = (-FIRE_WATCH..=FIRE_WATCH).flat_map(|dx| {
        (-FIRE_WATCH_UP..=FIRE_WATCH_UP).flat_map(move |dy| {
            (-FIRE_WATCH..=FIRE_WATCH).map(move |dz| offset(spawner, [dx, dy, dz]))
        })
    });
    cells
        .filter(|&pos| game.world.get(pos) == fire && aimable_from(game, eye, pos))
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
}

/// One round at the spawner: a fight (see [`fight_round`]) when a blaze
/// is near or the player must heal or eat; else a fire round the spawner
/// put out; else a fight's wait when the spawner is in reach, or a
/// bounded dig on towards it — onto the deck at `entry` first, if there
/// is one and the feet are not on the fortress yet.
fn by_the_spawner(game: &Game, entry: Option<BlockPos>, spawner: BlockPos) -> Plan {
    let feet = game.player.block_pos();
    let near = nearest_within(game, BLAZES.kind, BLAZES.approach_range).is_some();
    if near || needs_shelter(game) || needs_food(game) {
        return fight_round(game, BLAZES);
    }
    if let Some(fire) = fire_round(game, spawner) {
        return vec![Box::new(Mine {
            spot: Spot::At(fire),
            ticks_left: FIRE_TICKS,
        })];
    }
    if in_reach_of(feet, spawner) {
        return fight_round(game, BLAZES);
    }
    let on_fortress = fortress_block(registry().block(game.world.get(up(feet, -1))));
    let target = entry.filter(|_| !on_fortress).unwrap_or(spawner);
    vec![
        equip_best_pickaxe(),
        Box::new(Within {
            ticks: DIG_TICKS,
            inner: Box::new(DigTo::new(Box::new(move |_| vec![target]))),
        }),
    ]
}

#[cfg(test)]
mod tests;
