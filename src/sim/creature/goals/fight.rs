//! Fighting goals: chasing and biting (`MeleeAttackGoal`), leaping at
//! the target (`LeapAtTargetGoal`), keeping distance while a bow draws
//! (`RangedBowAttackGoal`, skeletons) and throwing splash potions from
//! afar (`RangedAttackGoal`, witches).

use rand::Rng;

use super::{Ctx, Goal, JUMP, LOOK, MOVE};
use crate::sim::creature::{senses, Effect};
use crate::sim::player;

/// Ticks between two melee blows.
pub const MELEE_COOLDOWN: u32 = 20;

/// Turns to the player and keeps its path to them fresh: a new path every
/// 4–10 ticks once the player has moved off the old destination.
fn chase(ctx: &mut Ctx, repath_in: &mut u32, speed: f64) {
    ctx.wish.look_at = Some(ctx.game.player.eye());
    *repath_in = repath_in.saturating_sub(1);
    let moved = ctx.nav.destination() != Some(ctx.game.player.block_pos());
    if *repath_in == 0 && (moved || ctx.nav.is_done()) {
        *repath_in = 4 + ctx.rng.gen_range(0..7);
        let dist_sq = ctx.dist_sq_to_player();
        if dist_sq > 1024.0 {
            *repath_in += 10;
        } else if dist_sq > 256.0 {
            *repath_in += 5;
        }
        ctx.path_to_player(speed);
    }
}

/// Whether a spider in bright light loses interest (1 in 100 ticks).
fn shies_from_light(ctx: &mut Ctx) -> bool {
    let cell = senses::eye_cell(ctx.me);
    senses::brightness(senses::light_at(ctx.game, cell)) >= 0.5 && ctx.rng.gen_range(0..100) == 0
}

/// Chases the target and strikes when within reach, every
/// [`MELEE_COOLDOWN`] ticks; spiders (`shy`) may give up in bright light.
#[derive(Debug, Clone)]
pub struct Melee {
    pub speed: f64,
    pub shy: bool,
    repath_in: u32,
}

impl Melee {
    pub fn new(speed: f64, shy: bool) -> Melee {
        Melee {
            speed,
            shy,
            repath_in: 0,
        }
    }

    /// `getAttackReachSqr`: twice its width, squared, plus the player's width.
    fn reach_sq(ctx: &Ctx) -> f64 {
        let width = 2.0 * ctx.me.size().0;
        (width * 2.0).powi(2) + 2.0 * player::HALF_WIDTH
    }
}

impl Goal for Melee {
    fn flags(&self) -> u8 {
        MOVE | LOOK
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        ctx.target_valid()
            && (ctx.dist_sq_to_player() <= Melee::reach_sq(ctx) || ctx.path_to_player(self.speed))
    }

    fn can_continue(&mut self, ctx: &mut Ctx) -> bool {
        if self.shy && ctx.memory.target && shies_from_light(ctx) {
            ctx.memory.target = false;
        }
        ctx.target_valid()
    }

    fn start(&mut self, _ctx: &mut Ctx) {
        self.repath_in = 0;
    }

    fn stop(&mut self, ctx: &mut Ctx) {
        ctx.nav.stop();
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        chase(ctx, &mut self.repath_in, self.speed);
        let memory = &mut *ctx.memory;
        memory.attack_cooldown = memory.attack_cooldown.saturating_sub(1);
        if memory.attack_cooldown == 0 && ctx.dist_sq_to_player() <= Melee::reach_sq(ctx) {
            ctx.memory.attack_cooldown = MELEE_COOLDOWN;
            ctx.effects.push(Effect::MeleeHit {
                damage: ctx.def.attack_damage,
            });
        }
    }
}

/// Leaps at a target 2–4 blocks away now and then, `lift` blocks a tick up.
#[derive(Debug, Clone)]
pub struct Leap {
    pub lift: f64,
}

impl Goal for Leap {
    fn flags(&self) -> u8 {
        JUMP | MOVE
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        let dist_sq = ctx.dist_sq_to_player();
        ctx.target_valid()
            && ctx.me.on_ground
            && (4.0..=16.0).contains(&dist_sq)
            && ctx.rng.gen_range(0..5) == 0
    }

    fn can_continue(&mut self, ctx: &mut Ctx) -> bool {
        !ctx.me.on_ground
    }

    fn start(&mut self, ctx: &mut Ctx) {
        let p = ctx.game.player.pos;
        let (dx, dz) = (p[0] - ctx.me.pos[0], p[2] - ctx.me.pos[2]);
        let len = (dx * dx + dz * dz).sqrt().max(1e-4);
        let v = &mut ctx.me.vel;
        v[0] = dx / len * 0.4 + v[0] * 0.2;
        v[2] = dz / len * 0.4 + v[2] * 0.2;
        v[1] = self.lift;
    }
}

/// How far a drawn bow sends its arrow, 0–1, after `ticks` of drawing
/// (`BowItem.getPowerForTime`).
pub fn bow_power(ticks: u32) -> f32 {
    let t = ticks as f32 / 20.0;
    ((t * t + t * 2.0) / 3.0).min(1.0)
}

/// Keeps within `range` of the target, strafing around it and backing off
/// when it comes closer than half the range, while its bow draws and
/// looses every 20 ticks of drawing plus a 40-tick pause (Normal
/// difficulty) with the target in sight.
#[derive(Debug, Clone)]
pub struct KeepDistance {
    pub speed: f64,
    pub range: f64,
    see_time: i32,
    strafing_time: i32,
    clockwise: bool,
    backwards: bool,
    /// Ticks the bow has been drawn; `None` while not drawing.
    drawing: Option<u32>,
    /// Ticks before it draws again.
    pause: i32,
    repath_in: u32,
}

impl KeepDistance {
    /// Ticks between loosing and drawing again on Normal difficulty.
    const PAUSE: i32 = 40;

    pub fn new(speed: f64, range: f64) -> KeepDistance {
        KeepDistance {
            speed,
            range,
            see_time: 0,
            strafing_time: -1,
            clockwise: false,
            backwards: false,
            drawing: None,
            pause: -1,
            repath_in: 0,
        }
    }

    fn draw_and_loose(&mut self, ctx: &mut Ctx, sees: bool) {
        match self.drawing {
            Some(_) if !sees && self.see_time < -60 => self.drawing = None,
            Some(ticks) if sees && ticks + 1 >= 20 => {
                self.drawing = None;
                ctx.effects.push(Effect::LooseArrow {
                    power: bow_power(ticks + 1),
                });
                self.pause = KeepDistance::PAUSE;
            }
            Some(ticks) => self.drawing = Some(ticks + 1),
            None => {
                self.pause -= 1;
                if self.pause <= 0 && self.see_time >= -60 {
                    self.drawing = Some(0);
                }
            }
        }
    }
}

impl Goal for KeepDistance {
    fn flags(&self) -> u8 {
        MOVE | LOOK
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        ctx.target_valid()
    }

    fn stop(&mut self, ctx: &mut Ctx) {
        self.see_time = 0;
        self.drawing = None;
        self.pause = -1;
        ctx.nav.stop();
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        let sees = ctx.sees_player();
        if sees != (self.see_time > 0) {
            self.see_time = 0;
        }
        self.see_time += if sees { 1 } else { -1 };
        let dist_sq = ctx.dist_sq_to_player();
        let range_sq = self.range * self.range;
        if dist_sq <= range_sq && self.see_time >= 20 {
            ctx.nav.stop();
            self.strafing_time += 1;
        } else {
            chase(ctx, &mut self.repath_in, self.speed);
            self.strafing_time = -1;
        }
        if self.strafing_time >= 20 {
            if ctx.rng.gen::<f32>() < 0.3 {
                self.clockwise = !self.clockwise;
            }
            if ctx.rng.gen::<f32>() < 0.3 {
                self.backwards = !self.backwards;
            }
            self.strafing_time = 0;
        }
        if self.strafing_time > -1 {
            if dist_sq > range_sq * 0.75 {
                self.backwards = false;
            } else if dist_sq < range_sq * 0.25 {
                self.backwards = true;
            }
            let forward = if self.backwards { -0.5 } else { 0.5 };
            let sideways = if self.clockwise { 0.5 } else { -0.5 };
            ctx.wish.strafe = Some((forward, sideways));
        }
        ctx.wish.look_at = Some(ctx.game.player.eye());
        self.draw_and_loose(ctx, sees);
    }
}

/// Closes to within `range` of the target with it in sight, then throws a
/// splash potion of harming at it every 60 ticks.
#[derive(Debug, Clone)]
pub struct ThrowPotion {
    pub speed: f64,
    pub range: f64,
    see_time: u32,
    attack_in: u32,
    repath_in: u32,
}

impl ThrowPotion {
    const INTERVAL: u32 = 60;

    pub fn new(speed: f64, range: f64) -> ThrowPotion {
        ThrowPotion {
            speed,
            range,
            see_time: 0,
            attack_in: ThrowPotion::INTERVAL,
            repath_in: 0,
        }
    }
}

impl Goal for ThrowPotion {
    fn flags(&self) -> u8 {
        MOVE | LOOK
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        ctx.target_valid()
    }

    fn stop(&mut self, ctx: &mut Ctx) {
        self.see_time = 0;
        self.attack_in = ThrowPotion::INTERVAL;
        ctx.nav.stop();
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        let sees = ctx.sees_player();
        self.see_time = if sees { self.see_time + 1 } else { 0 };
        let in_range = ctx.dist_sq_to_player() <= self.range * self.range;
        if in_range && self.see_time >= 5 {
            ctx.nav.stop();
            ctx.wish.look_at = Some(ctx.game.player.eye());
        } else {
            chase(ctx, &mut self.repath_in, self.speed);
        }
        self.attack_in = self.attack_in.saturating_sub(1);
        if self.attack_in == 0 && sees && in_range {
            self.attack_in = ThrowPotion::INTERVAL;
            ctx.effects.push(Effect::SplashHarming {
                at: ctx.game.player.pos,
            });
        }
    }
}
