//! Goals, after vanilla's `Goal` and `GoalSelector`: small behaviours
//! that say when they can start and go on, and what they do each tick,
//! held in a list in priority order. Each goal claims some controls
//! (moving, looking, jumping, the target); a goal starts only when no
//! running goal earlier in the list holds a control it needs, and stops
//! the later ones that hold them.

mod blaze;
mod fight;
mod graze;
mod idle;
mod passive;
mod special;
mod targets;

pub use blaze::BlazeAttack;
pub use fight::{KeepDistance, Leap, Melee, ThrowPotion};
pub use graze::EatGrass;
pub use idle::{Float, LookAtPlayer, RandomStroll};
pub use passive::{Panic, Tempt};
pub use special::{DrinkHealing, Swoop, TeleportRandomly};
pub use targets::{EyeContact, HurtBy, NearestPlayer};

use rand_chacha::ChaCha8Rng;

use super::body::Wish;
use super::path::{self, Navigation};
use super::{senses, Effect, Memory};
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::registry::CreatureDef;
use crate::sim::world::BlockPos;

/// Controls a goal claims.
pub type Flags = u8;
pub const MOVE: Flags = 1;
pub const LOOK: Flags = 2;
pub const JUMP: Flags = 4;
pub const TARGET: Flags = 8;

/// What a goal sees and may change: the game (read only), the creature,
/// its kind, random stream, memory and path, this tick's wishes, and the
/// effects it has on others.
pub struct Ctx<'a> {
    pub game: &'a Game,
    pub me: &'a mut Entity,
    pub def: &'static CreatureDef,
    pub rng: &'a mut ChaCha8Rng,
    pub memory: &'a mut Memory,
    pub nav: &'a mut Navigation,
    pub wish: &'a mut Wish,
    pub effects: &'a mut Vec<Effect>,
}

impl Ctx<'_> {
    pub fn player_alive(&self) -> bool {
        !self.game.player.is_dead() && self.game.player.health > 0.0
    }

    /// Squared distance between its feet and the player's.
    pub fn dist_sq_to_player(&self) -> f64 {
        let (a, b) = (self.me.pos, self.game.player.pos);
        (0..3).map(|i| (a[i] - b[i]).powi(2)).sum()
    }

    pub fn health(&self) -> f32 {
        match &self.me.kind {
            EntityKind::Mob(mob) => mob.health,
            _ => 0.0,
        }
    }

    /// Whether nothing solid stands between its eyes and the player's.
    pub fn sees_player(&self) -> bool {
        senses::can_see(
            &self.game.world,
            senses::eye(self.me),
            self.game.player.eye(),
        )
    }

    /// Plans a path to the player's feet at `speed` times its own.
    pub fn path_to_player(&mut self, speed: f64) -> bool {
        let to = self.game.player.block_pos();
        self.path_to(to, speed)
    }

    /// Plans a path to the cell `to` at `speed` times its own, with the
    /// drops its health and target allow.
    pub fn path_to(&mut self, to: BlockPos, speed: f64) -> bool {
        let drop = path::deepest_drop(self.health(), self.def.max_health, self.memory.target);
        self.nav.move_to(&self.game.world, self.me, to, speed, drop)
    }

    /// Whether the player is a target it can still chase.
    pub fn target_valid(&self) -> bool {
        let range = self.def.follow_range;
        self.memory.target && self.player_alive() && self.dist_sq_to_player() <= range * range
    }
}

/// One behaviour.
pub trait Goal: GoalClone + std::fmt::Debug + Send + Sync {
    /// The controls it claims while running.
    fn flags(&self) -> Flags;
    fn can_start(&mut self, ctx: &mut Ctx) -> bool;
    /// Whether to keep running; by default, as vanilla's
    /// `canContinueToUse`, whether it could start now.
    fn can_continue(&mut self, ctx: &mut Ctx) -> bool {
        self.can_start(ctx)
    }
    fn start(&mut self, _ctx: &mut Ctx) {}
    fn stop(&mut self, _ctx: &mut Ctx) {}
    fn tick(&mut self, _ctx: &mut Ctx) {}
}

/// Cloning boxed goals (creatures are cloned with their brains).
pub trait GoalClone {
    fn clone_box(&self) -> Box<dyn Goal>;
}

impl<T: Goal + Clone + 'static> GoalClone for T {
    fn clone_box(&self) -> Box<dyn Goal> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Goal> {
    fn clone(&self) -> Box<dyn Goal> {
        self.clone_box()
    }
}

#[derive(Debug, Clone)]
struct Slot {
    goal: Box<dyn Goal>,
    running: bool,
}

/// Goals in priority order (first is most important) and which run.
#[derive(Debug, Clone, Default)]
pub struct Selector {
    slots: Vec<Slot>,
}

impl Selector {
    pub fn new(goals: Vec<Box<dyn Goal>>) -> Selector {
        Selector {
            slots: goals
                .into_iter()
                .map(|goal| Slot {
                    goal,
                    running: false,
                })
                .collect(),
        }
    }

    /// Stops what cannot go on, starts what can (by priority), then ticks
    /// every running goal.
    pub fn tick(&mut self, ctx: &mut Ctx) {
        for slot in &mut self.slots {
            if slot.running && !slot.goal.can_continue(ctx) {
                slot.goal.stop(ctx);
                slot.running = false;
            }
        }
        for i in 0..self.slots.len() {
            if self.slots[i].running {
                continue;
            }
            let flags = self.slots[i].goal.flags();
            let blocked = self.slots[..i]
                .iter()
                .any(|s| s.running && s.goal.flags() & flags != 0);
            if blocked || !self.slots[i].goal.can_start(ctx) {
                continue;
            }
            for later in &mut self.slots[i + 1..] {
                if later.running && later.goal.flags() & flags != 0 {
                    later.goal.stop(ctx);
                    later.running = false;
                }
            }
            self.slots[i].goal.start(ctx);
            self.slots[i].running = true;
        }
        for slot in &mut self.slots {
            if slot.running {
                slot.goal.tick(ctx);
            }
        }
    }
}
