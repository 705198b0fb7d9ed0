//! The whole state of one embedded-simulator episode: world (the
//! dimension the player is in; the others wait in `dimensions`), block
//! entities (furnaces, chests), player, entities, statistics, time and weather, the open screen, and the seeded
//! random streams.
//! Rules live in other modules and act on a `&mut Game`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::block_entity::BlockEntities;
use super::dimensions::Dimensions;
use super::entity::Entities;
use super::player::Player;
use super::rules::dragon_fight::DragonFight;
use super::screen::Screen;
use super::stats::Statistics;
use super::world::{BlockPos, World};

/// Chunks generated around the player, in each direction.
pub const GENERATION_RADIUS_CHUNKS: i32 = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weather {
    Clear,
    Rain,
    Thunder,
}

/// One random stream per concern, so adding randomness to one rule never
/// shifts another's.
#[derive(Debug, Clone)]
pub struct Rngs {
    /// Block drops and item-entity scatter.
    pub drops: ChaCha8Rng,
    /// Creatures.
    pub mobs: ChaCha8Rng,
    /// Weather and world ticks.
    pub world: ChaCha8Rng,
    /// Experience paid out by furnaces.
    pub experience: ChaCha8Rng,
    /// The player's enchantment seeds (vanilla's `Player.enchantmentSeed`).
    pub enchanting: ChaCha8Rng,
    /// Arrow and bobber spread, critical-hit bonuses.
    pub projectiles: ChaCha8Rng,
    /// Random block ticks (crops growing, farmland drying) and trampling.
    pub random_ticks: ChaCha8Rng,
    /// Natural spawning and monster spawners.
    pub spawning: ChaCha8Rng,
    /// The End: eyes of ender, the dragon fight, end crystals.
    pub end: ChaCha8Rng,
}

impl Rngs {
    pub fn new(seed: u64) -> Rngs {
        let stream = |n: u64| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(n);
            rng
        };
        Rngs {
            drops: stream(1),
            mobs: stream(2),
            world: stream(3),
            experience: stream(4),
            enchanting: stream(5),
            projectiles: stream(6),
            random_ticks: stream(7),
            spawning: stream(9),
            end: stream(10),
        }
    }
}

pub struct Game {
    /// The dimension the player is in.
    pub world: World,
    /// The other dimensions, and the nether portals known in each.
    pub dimensions: Dimensions,
    /// Furnaces and chests with what they hold.
    pub block_entities: BlockEntities,
    pub player: Player,
    pub entities: Entities,
    pub stats: Statistics,
    /// Ticks since the episode began.
    pub tick: u64,
    /// Time of day in ticks, 0..24000 (0 is sunrise, 6000 noon).
    pub day_time: u64,
    pub weather: Weather,
    /// Where the player respawns.
    pub spawn: BlockPos,
    /// Where the player stood when the episode began (after the init
    /// commands), for goals measured from the start: distance travelled,
    /// height climbed.
    pub start: [f64; 3],
    pub rngs: Rngs,
    /// The screen the player has open, if any.
    pub screen: Option<Screen>,
    /// Whether the ender dragon has been met and killed.
    pub dragon_fight: DragonFight,
}

impl Game {
    /// A new world from `seed` with the player at its spawn point, in the
    /// morning, in clear weather.
    pub fn new(seed: u64) -> Game {
        let mut game = Game::blank(seed);
        let spawn = super::world::gen::spawn_point(&mut game.world);
        game.world
            .ensure_around(spawn[0], spawn[2], GENERATION_RADIUS_CHUNKS);
        game.spawn = spawn;
        game.player.pos = [
            f64::from(spawn[0]) + 0.5,
            f64::from(spawn[1]),
            f64::from(spawn[2]) + 0.5,
        ];
        game.player.on_ground = true;
        game.start = game.player.pos;
        game
    }

    /// A game whose world has nothing generated yet and whose player floats
    /// at the origin; cheap, for simulators waiting for their first reset.
    pub fn blank(seed: u64) -> Game {
        let mut rngs = Rngs::new(seed);
        let mut player = Player::new([0.5, 64.0, 0.5]);
        player.enchantment_seed = rngs.enchanting.gen();
        Game {
            world: World::new(seed),
            dimensions: Dimensions::default(),
            block_entities: BlockEntities::default(),
            player,
            entities: Entities::default(),
            stats: Statistics::default(),
            tick: 0,
            day_time: 1000,
            weather: Weather::Clear,
            spawn: [0, 64, 0],
            start: [0.5, 64.0, 0.5],
            rngs,
            screen: None,
            dragon_fight: DragonFight::default(),
        }
    }
}
