//! Idle goals every creature has: floating in water (`FloatGoal`),
//! strolling to a random spot now and then (`RandomStrollGoal`) and
//! watching a player nearby (`LookAtPlayerGoal`).

use rand::Rng;

use super::{Ctx, Goal, JUMP, LOOK, MOVE};
use crate::sim::creature::body;
use crate::sim::world::BlockPos;

/// Swims up in water (80% of ticks), so it does not drown.
#[derive(Debug, Clone)]
pub struct Float;

impl Goal for Float {
    fn flags(&self) -> u8 {
        JUMP
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        body::in_water(&ctx.game.world, ctx.me)
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        if ctx.rng.gen::<f32>() < 0.8 {
            ctx.wish.jump = true;
        }
    }
}

/// A random spot on the ground within `horizontal` blocks (and
/// `vertical` up or down) it can stand on, if one of ten tries finds one
/// (`RandomPos.getLandPos`).
pub fn random_spot(ctx: &mut Ctx, horizontal: i32, vertical: i32) -> Option<BlockPos> {
    let feet = crate::sim::creature::path::feet_cell(ctx.me.pos);
    for _ in 0..10 {
        let x = feet[0] + ctx.rng.gen_range(-horizontal..=horizontal);
        let z = feet[2] + ctx.rng.gen_range(-horizontal..=horizontal);
        let y = feet[1] + ctx.rng.gen_range(-vertical..=vertical);
        let ground = (0..=vertical * 2).map(|down| [x, y - down, z]).find(|&p| {
            let below = ctx.game.world.get([p[0], p[1] - 1, p[2]]);
            let def = crate::sim::registry::registry().block(below);
            def.shape.collides()
                && !def.name.contains("lava")
                && ctx.game.world.get(p) == crate::sim::registry::BlockId::AIR
        });
        if ground.is_some() {
            return ground;
        }
    }
    None
}

/// A goal that walks to a random spot on the ground when it has a reason
/// to (`RandomStrollGoal`, `PanicGoal`): the path is planned when it
/// starts, followed while it lasts and dropped when the goal stops.
pub trait RandomWalk: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// How far off the spot may be: blocks across, and up or down.
    const RANGE: (i32, i32);
    fn speed(&self) -> f64;
    /// Whether it has a reason to walk off now.
    fn wants_to(&mut self, ctx: &mut Ctx) -> bool;
}

impl<T: RandomWalk> Goal for T {
    fn flags(&self) -> u8 {
        MOVE
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        if !self.wants_to(ctx) {
            return false;
        }
        let (horizontal, vertical) = T::RANGE;
        let Some(spot) = random_spot(ctx, horizontal, vertical) else {
            return false;
        };
        ctx.path_to(spot, self.speed())
    }

    fn can_continue(&mut self, ctx: &mut Ctx) -> bool {
        !ctx.nav.is_done()
    }

    fn stop(&mut self, ctx: &mut Ctx) {
        ctx.nav.stop();
    }
}

/// Once in a while (1 in 120 ticks) walks to a random spot within 10 blocks.
#[derive(Debug, Clone)]
pub struct RandomStroll {
    pub speed: f64,
}

impl RandomWalk for RandomStroll {
    const RANGE: (i32, i32) = (10, 7);

    fn speed(&self) -> f64 {
        self.speed
    }

    fn wants_to(&mut self, ctx: &mut Ctx) -> bool {
        ctx.rng.gen_range(0..120) == 0
    }
}

/// Watches a player within `range` blocks for 2–4 seconds (started on 2%
/// of ticks).
#[derive(Debug, Clone)]
pub struct LookAtPlayer {
    pub range: f64,
    ticks_left: u32,
}

impl LookAtPlayer {
    pub fn new(range: f64) -> LookAtPlayer {
        LookAtPlayer {
            range,
            ticks_left: 0,
        }
    }

    fn in_range(&self, ctx: &Ctx) -> bool {
        ctx.player_alive() && ctx.dist_sq_to_player() <= self.range * self.range
    }
}

impl Goal for LookAtPlayer {
    fn flags(&self) -> u8 {
        LOOK
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        ctx.rng.gen::<f32>() < 0.02 && self.in_range(ctx)
    }

    fn can_continue(&mut self, ctx: &mut Ctx) -> bool {
        self.ticks_left > 0 && self.in_range(ctx)
    }

    fn start(&mut self, ctx: &mut Ctx) {
        self.ticks_left = 40 + ctx.rng.gen_range(0..40);
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        self.ticks_left = self.ticks_left.saturating_sub(1);
        ctx.wish.look_at = Some(ctx.game.player.eye());
    }
}
