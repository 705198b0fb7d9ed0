//! Goals of single kinds: the enderman's teleports (`EnderMan.teleport`,
//! the daylight teleport of `customServerAiStep`), the witch drinking a
//! potion of healing, and the phantom circling high above and swooping
//! down (`PhantomCircleAroundAnchorGoal`, `PhantomSweepAttackGoal`).

use rand::Rng;

use super::{Ctx, Goal, LOOK, MOVE};
use crate::sim::creature::{body, senses, Effect};
use crate::sim::entity::EntityKind;
use crate::sim::registry::BlockId;
use crate::sim::rules::{fluid_depth, is_free};

/// Tries to teleport within `spread` blocks horizontally and `rise`
/// vertically of `centre`, onto solid ground, into a free spot out of
/// liquids; up to 16 tries. Returns whether it did.
pub fn teleport_near(ctx: &mut Ctx, centre: [f64; 3], spread: f64, rise: i32) -> bool {
    let game = ctx.game;
    let world = &game.world;
    for _ in 0..16 {
        let x = centre[0] + (ctx.rng.gen::<f64>() - 0.5) * spread;
        let mut y = (centre[1] + f64::from(ctx.rng.gen_range(-rise..rise))).floor();
        let z = centre[2] + (ctx.rng.gen::<f64>() - 0.5) * spread;
        let floor_at = |y: f64| {
            let below = world.get([x.floor() as i32, y as i32 - 1, z.floor() as i32]);
            crate::sim::registry::registry()
                .block(below)
                .shape
                .collides()
        };
        while y > 1.0 && !floor_at(y) {
            y -= 1.0;
        }
        if !floor_at(y) {
            continue;
        }
        let (half, height) = ctx.me.size();
        let spot = crate::sim::rules::Aabb::at_feet([x, y, z], half, height);
        let dry = fluid_depth(world, &spot, crate::sim::rules::Fluid::Water) <= 0.0
            && fluid_depth(world, &spot, crate::sim::rules::Fluid::Lava) <= 0.0;
        if is_free(world, &spot) && dry {
            ctx.me.pos = [x, y, z];
            ctx.me.vel = [0.0; 3];
            ctx.memory.fall_distance = 0.0;
            ctx.nav.stop();
            return true;
        }
    }
    false
}

/// `EnderMan.teleport`: somewhere within 32 blocks.
pub fn teleport_randomly(ctx: &mut Ctx) -> bool {
    let centre = ctx.me.pos;
    teleport_near(ctx, centre, 64.0, 32)
}

/// The enderman's teleports of its own accord. In water it is hurt by
/// one each tick (`hurtByWater`: the hurt window spaces the hurts), and
/// each such hurt sends it off 9 times in 10, still angry: an angry one
/// far from the player then teleports back towards it (see
/// `EyeContact`). Vanilla sends it off so after any hurt no creature
/// dealt (fire, a fall too); only the water's is modelled. By day in
/// bright open sky, now and then, once its target has not changed for 30
/// seconds, it forgets its target and teleports away.
#[derive(Debug, Clone, Default)]
pub struct TeleportRandomly {
    /// Whether it had a target when last looked, and since when (its age).
    had_target: bool,
    target_changed_at: u32,
    /// Whether the teleport about to start is the daylight one, which
    /// forgets the target.
    by_daylight: bool,
}

impl TeleportRandomly {
    /// Ticks a target must be kept before daylight may send it off.
    const SETTLED: u32 = 600;
    /// The chance that a hurt from no creature sends it off.
    const HURT_TELEPORTS: f32 = 0.9;
}

impl Goal for TeleportRandomly {
    fn flags(&self) -> u8 {
        0
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        if self.had_target != ctx.memory.target {
            self.had_target = ctx.memory.target;
            self.target_changed_at = ctx.me.age;
        }
        if body::in_water(&ctx.game.world, ctx.me) {
            ctx.effects.push(Effect::HurtSelf { amount: 1.0 });
            self.by_daylight = false;
            return ctx.rng.gen::<f32>() < TeleportRandomly::HURT_TELEPORTS;
        }
        let eye = senses::eye_cell(ctx.me);
        let settled = ctx.me.age >= self.target_changed_at + TeleportRandomly::SETTLED;
        if !settled || !senses::is_day(ctx.game) || !senses::sees_sky(&ctx.game.world, eye) {
            return false;
        }
        let brightness = senses::brightness(senses::light_at(ctx.game, eye));
        self.by_daylight = true;
        brightness > 0.5 && ctx.rng.gen::<f32>() * 30.0 < (brightness - 0.4) * 2.0
    }

    fn can_continue(&mut self, _ctx: &mut Ctx) -> bool {
        false
    }

    fn start(&mut self, ctx: &mut Ctx) {
        if self.by_daylight {
            ctx.memory.target = false;
        }
        teleport_randomly(ctx);
    }
}

/// When hurt, 1 in 20 ticks it drinks a potion of healing: 32 ticks, then
/// 4 health back.
#[derive(Debug, Clone, Default)]
pub struct DrinkHealing {
    ticks_left: u32,
}

impl DrinkHealing {
    const DRINK_TICKS: u32 = 32;
    const HEALS: f32 = 4.0;
}

impl Goal for DrinkHealing {
    fn flags(&self) -> u8 {
        0
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        ctx.health() < ctx.def.max_health && ctx.rng.gen::<f32>() < 0.05
    }

    fn can_continue(&mut self, _ctx: &mut Ctx) -> bool {
        self.ticks_left > 0
    }

    fn start(&mut self, _ctx: &mut Ctx) {
        self.ticks_left = DrinkHealing::DRINK_TICKS;
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        self.ticks_left -= 1;
        if self.ticks_left == 0 {
            let max = ctx.def.max_health;
            if let EntityKind::Mob(mob) = &mut ctx.me.kind {
                mob.health = (mob.health + DrinkHealing::HEALS).min(max);
            }
        }
    }
}

/// How far above the block it appears in a phantom's first anchor lies.
const ANCHOR_ABOVE_SPAWN: f64 = 5.0;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Circle,
    Swoop,
}

/// Circles an anchor 20–40 blocks above the target (or where it started),
/// and every few seconds swoops down onto the target, bites and climbs
/// back up.
#[derive(Debug, Clone)]
pub struct Swoop {
    phase: Phase,
    anchor: Option<[f64; 3]>,
    angle: f64,
    radius: f64,
    height: f64,
    clockwise: f64,
    swoop_in: u32,
}

impl Default for Swoop {
    fn default() -> Swoop {
        Swoop {
            phase: Phase::Circle,
            anchor: None,
            angle: 0.0,
            radius: 10.0,
            height: 0.0,
            clockwise: 1.0,
            swoop_in: 160,
        }
    }
}

impl Swoop {
    fn new_circle(&mut self, ctx: &mut Ctx) {
        self.radius = 5.0 + ctx.rng.gen::<f64>() * 10.0;
        self.height = -4.0 + ctx.rng.gen::<f64>() * 9.0;
        self.clockwise = if ctx.rng.gen::<bool>() { 1.0 } else { -1.0 };
        if ctx.memory.target {
            let p = ctx.game.player.pos;
            self.anchor = Some([p[0], p[1] + f64::from(20 + ctx.rng.gen_range(0..20)), p[2]]);
        }
        self.swoop_in = 20 * (8 + ctx.rng.gen_range(0..4));
    }

    /// The point on the circle the phantom flies towards this tick.
    fn circle_point(&self, ctx: &Ctx) -> [f64; 3] {
        let anchor = self.anchor.unwrap_or(ctx.me.pos);
        [
            anchor[0] + self.radius * self.angle.cos(),
            anchor[1] + self.height,
            anchor[2] + self.radius * self.angle.sin(),
        ]
    }

    /// Vanilla's circling keeps a block of air under and over the body:
    /// heading down with something under it, the circle rises to at least
    /// a block above the anchor; heading up with something over it, to at
    /// least a block below. Without it a phantom circling low scrapes
    /// along a hillside out of sight.
    fn keep_off_ground_and_ceiling(&mut self, ctx: &Ctx) {
        let pos = ctx.me.pos;
        let cell = pos.map(|v| v.floor() as i32);
        let world = &ctx.game.world;
        let occupied = |dy: i32| world.get([cell[0], cell[1] + dy, cell[2]]) != BlockId::AIR;
        let point_y = self.circle_point(ctx)[1];
        if point_y < pos[1] && occupied(-1) {
            self.height = self.height.max(1.0);
        }
        if point_y > pos[1] && occupied(1) {
            self.height = self.height.min(-1.0);
        }
    }

    /// Flies towards `point` at `speed` blocks a tick, turning its velocity
    /// a fifth of the way each tick.
    fn fly_to(ctx: &mut Ctx, point: [f64; 3], speed: f64) {
        let d = [0, 1, 2].map(|i| point[i] - ctx.me.pos[i]);
        let len = d.iter().map(|v| v * v).sum::<f64>().sqrt().max(1e-4);
        for (v, di) in ctx.me.vel.iter_mut().zip(d) {
            *v += (di / len * speed - *v) * 0.2;
        }
        ctx.me.yaw = body::yaw_towards(ctx.me.pos, point);
    }
}

impl Goal for Swoop {
    fn flags(&self) -> u8 {
        MOVE | LOOK
    }

    fn can_start(&mut self, _ctx: &mut Ctx) -> bool {
        true
    }

    fn start(&mut self, ctx: &mut Ctx) {
        // Vanilla's `finalizeSpawn` anchors a phantom five blocks above
        // the block it appears in.
        let cell = ctx.me.pos.map(f64::floor);
        self.anchor = Some([cell[0], cell[1] + ANCHOR_ABOVE_SPAWN, cell[2]]);
        self.new_circle(ctx);
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        let targeting = ctx.target_valid();
        match self.phase {
            Phase::Circle => {
                self.angle += self.clockwise * 0.05;
                self.keep_off_ground_and_ceiling(ctx);
                let point = self.circle_point(ctx);
                Swoop::fly_to(ctx, point, 0.3);
                if targeting {
                    self.swoop_in = self.swoop_in.saturating_sub(1);
                    if self.swoop_in == 0 {
                        self.phase = Phase::Swoop;
                    }
                }
            }
            Phase::Swoop => {
                let p = ctx.game.player.pos;
                Swoop::fly_to(ctx, [p[0], p[1] + 0.9, p[2]], 0.6);
                let reach = ctx.me.bounding_box().inflate([0.2; 3]);
                let player_box = crate::sim::rules::Aabb::at_feet(
                    p,
                    crate::sim::player::HALF_WIDTH,
                    ctx.game.player.height(),
                );
                let hit = reach.intersects(&player_box);
                if hit {
                    ctx.effects.push(Effect::MeleeHit {
                        damage: ctx.def.attack_damage,
                    });
                }
                let hurt = ctx.memory.hurt_within(ctx.game.tick, 10);
                if hit || hurt || !targeting {
                    self.phase = Phase::Circle;
                    self.new_circle(ctx);
                }
            }
        }
    }
}
