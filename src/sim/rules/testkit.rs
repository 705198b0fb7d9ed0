//! Test worlds: a cleared area with a stone floor whose top is at y 101,
//! independent of the world generator (its springs do not flow).

use crate::protocol::{Action, Key};
use crate::sim::entity::{Entities, EntityKind, Mob};
use crate::sim::game::{Game, Rngs, Weather};
use crate::sim::inventory::ItemStack;
use crate::sim::player::Player;
use crate::sim::registry::{block, registry, BlockId};
use crate::sim::stats::Statistics;
use crate::sim::world::{BlockPos, World};

/// Half the side of the cleared square.
pub const AREA: i32 = 16;
/// The floor's y; players stand at `FLOOR + 1`.
pub const FLOOR: i32 = 100;

pub fn put(world: &mut World, pos: BlockPos, name: &str) {
    world.set(pos, block(name));
}

/// Fills the box from `from` to `to` (both corners included) with blocks
/// named `name`.
pub fn fill(world: &mut World, from: BlockPos, to: BlockPos, name: &str) {
    let id = block(name);
    for x in from[0]..=to[0] {
        for y in from[1]..=to[1] {
            for z in from[2]..=to[2] {
                world.set([x, y, z], id);
            }
        }
    }
}

/// Air from y 90 to 140 over the area, with a stone floor at y 100.
pub fn flat_world() -> World {
    let mut world = World::new(7);
    // The chunks a game generates around the player, generated now so
    // that their springs' first flows are dropped below with the rest:
    // nothing flows here unless a test puts it there.
    world.ensure_around(0, 0, crate::sim::game::GENERATION_RADIUS_CHUNKS);
    for x in -AREA..AREA {
        for z in -AREA..AREA {
            for y in 90..140 {
                world.set([x, y, z], BlockId::AIR);
            }
            put(&mut world, [x, FLOOR, z], "stone");
        }
    }
    // Building the test area notifies no neighbours.
    world.take_changes();
    world
}

/// A game on the flat test world with the player on the floor at (0.5, 0.5)
/// facing south.
pub fn platform_game() -> Game {
    let spawn = [0, FLOOR + 1, 0];
    let player_start = [0.5, f64::from(FLOOR + 1), 0.5];
    let mut player = Player::new(player_start);
    player.on_ground = true;
    // Standing still, gravity pulls at the ground every tick.
    player.vel[1] = -0.0784;
    Game {
        world: flat_world(),
        dimensions: Default::default(),
        block_entities: Default::default(),
        player,
        entities: Entities::default(),
        stats: Statistics::default(),
        tick: 0,
        day_time: 1000,
        weather: Weather::Clear,
        spawn,
        start: player_start,
        rngs: Rngs::new(7),
        screen: None,
        dragon_fight: Default::default(),
    }
}

/// An action holding these keys.
pub fn keys(held: &[Key]) -> Action {
    held.iter().fold(Action::noop(), |a, &k| a.with(k))
}

/// Runs `n` ticks of the same action.
pub fn run(game: &mut Game, action: &Action, n: usize) {
    for _ in 0..n {
        super::tick(game, action);
    }
}

/// A creature of kind `name` at full health `distance` blocks east of
/// the player, at its height.
pub fn summon_east(game: &mut Game, name: &str, distance: f64) {
    let kind = registry().entity_named(name).expect("a creature kind");
    let health = registry().creature(kind).expect("a creature").max_health;
    let [x, y, z] = game.player.pos;
    let mob = Mob::new(kind, health, Default::default());
    game.entities
        .spawn(EntityKind::Mob(mob), [x + distance, y, z], [0.0; 3]);
}

/// Drops a stick at `at`, lying still, to be picked up at once.
pub fn drop_a_stick(game: &mut Game, at: [f64; 3]) {
    throw_a_stick(game, at, [0.0; 3], 0);
}

/// Spawns a stick at `at` moving at `vel`, to be picked up after
/// `pickup_delay` ticks.
pub fn throw_a_stick(game: &mut Game, at: [f64; 3], vel: [f64; 3], pickup_delay: u32) {
    let stack = ItemStack::new(crate::sim::registry::item("stick"), 1);
    game.entities.spawn(
        EntityKind::Item {
            stack,
            pickup_delay,
        },
        at,
        vel,
    );
}

/// The level of the feet standing on the ground; `None` in the air.
pub fn feet_level(game: &Game) -> Option<i32> {
    game.player.on_ground.then(|| game.player.block_pos()[1])
}
