//! The blaze, after 1.16.5's `BlazeEntity` and its `FireballAttackGoal`:
//! it hovers — falling slowly (its downward speed scaled by 0.6 each
//! tick), rising towards its target's eyes when they are higher than its
//! own plus an offset it redraws every 5 seconds — and fights in volleys:
//! with the target in sight within its follow range it charges for 3
//! seconds, then shoots three small fireballs 6 ticks apart and rests 5
//! seconds; within 2 blocks it strikes in melee once a second; with the
//! target out of sight it closes in. Without a target it drifts about.

use rand::Rng;

use super::{Ctx, Goal, LOOK, MOVE};
use crate::sim::creature::body::{AIR_ACCELERATION, AIR_DRAG, GRAVITY, VERTICAL_DRAG};
use crate::sim::creature::{body, senses, Effect};

/// Ticks between redraws of the height it keeps above its target.
const HEIGHT_REDRAW: u32 = 100;
/// Volley timing: charge, between shots, rest after a volley.
const CHARGE_TICKS: u32 = 60;
const SHOT_TICKS: u32 = 6;
const REST_TICKS: u32 = 100;
/// Squared distance within which it strikes in melee.
const MELEE_RANGE_SQ: f64 = 4.0;
/// Ticks between melee strikes.
const MELEE_TICKS: u32 = 20;

#[derive(Debug, Clone, Default)]
pub struct BlazeAttack {
    /// How far above its own eyes the target's must be before it rises.
    height_offset: f64,
    height_redraw_in: u32,
    attack_in: u32,
    /// 0 resting, 1 charged, 2–4 the shots of a volley.
    attack_step: u32,
    /// Ticks since it last saw its target.
    unseen: u32,
    /// Where it drifts without a target.
    drift_to: Option<[f64; 3]>,
}

impl BlazeAttack {
    /// Steers horizontally towards `point`.
    fn head_for(ctx: &mut Ctx, point: [f64; 3]) {
        let (dx, dz) = (point[0] - ctx.me.pos[0], point[2] - ctx.me.pos[2]);
        let len = (dx * dx + dz * dz).sqrt();
        if len > 0.5 {
            let speed = AIR_ACCELERATION * ctx.def.speed / 0.23;
            ctx.me.vel[0] += dx / len * speed;
            ctx.me.vel[2] += dz / len * speed;
        }
        ctx.me.yaw = body::yaw_towards(ctx.me.pos, point);
    }

    /// Gravity, the slow fall and rising towards the target.
    fn hover(&mut self, ctx: &mut Ctx, targeting: bool) {
        if self.height_redraw_in == 0 {
            self.height_redraw_in = HEIGHT_REDRAW;
            let gaussian = crate::sim::rules::projectiles::gaussian(ctx.rng);
            self.height_offset = 0.5 + gaussian * 3.0;
        }
        self.height_redraw_in -= 1;
        let vel = &mut ctx.me.vel;
        vel[1] = (vel[1] - GRAVITY) * VERTICAL_DRAG;
        vel[0] *= AIR_DRAG;
        vel[2] *= AIR_DRAG;
        if !ctx.me.on_ground && ctx.me.vel[1] < 0.0 {
            ctx.me.vel[1] *= 0.6;
        }
        let target_eye = ctx.game.player.eye()[1];
        if targeting && target_eye > senses::eye(ctx.me)[1] + self.height_offset {
            ctx.me.vel[1] += (0.3 - ctx.me.vel[1]) * 0.3;
        }
    }

    fn fight(&mut self, ctx: &mut Ctx) {
        let player = ctx.game.player.pos;
        let dist_sq = ctx.dist_sq_to_player();
        let sees = ctx.sees_player();
        self.unseen = if sees { 0 } else { self.unseen + 1 };
        self.attack_in = self.attack_in.saturating_sub(1);
        let range = ctx.def.follow_range;
        if dist_sq < MELEE_RANGE_SQ {
            if !sees {
                return;
            }
            if self.attack_in == 0 {
                self.attack_in = MELEE_TICKS;
                ctx.effects.push(Effect::MeleeHit {
                    damage: ctx.def.attack_damage,
                });
            }
            BlazeAttack::head_for(ctx, player);
        } else if dist_sq < range * range && sees {
            if self.attack_in == 0 {
                self.attack_step += 1;
                self.attack_in = match self.attack_step {
                    1 => CHARGE_TICKS,
                    2..=4 => SHOT_TICKS,
                    _ => {
                        self.attack_step = 0;
                        REST_TICKS
                    }
                };
                if (2..=4).contains(&self.attack_step) {
                    let (_, height) = ctx.me.size();
                    let from = [
                        ctx.me.pos[0],
                        ctx.me.pos[1] + height / 2.0 + 0.5,
                        ctx.me.pos[2],
                    ];
                    let target = [
                        player[0],
                        player[1] + ctx.game.player.height() / 2.0,
                        player[2],
                    ];
                    ctx.effects.push(Effect::ShootFireball {
                        from,
                        target,
                        spread: dist_sq.sqrt().sqrt() * 0.5,
                    });
                }
            }
            ctx.wish.look_at = Some(ctx.game.player.eye());
            ctx.me.yaw = body::yaw_towards(ctx.me.pos, player);
        } else if self.unseen < 5 {
            BlazeAttack::head_for(ctx, player);
        }
    }

    fn drift(&mut self, ctx: &mut Ctx) {
        self.attack_step = 0;
        let arrived = self.drift_to.is_some_and(|p| {
            let (dx, dz) = (p[0] - ctx.me.pos[0], p[2] - ctx.me.pos[2]);
            dx * dx + dz * dz < 1.0
        });
        if arrived || self.drift_to.is_none() && ctx.rng.gen_range(0..120) == 0 {
            self.drift_to = (!arrived).then(|| {
                let mut offset = || f64::from(ctx.rng.gen_range(-10..=10));
                [
                    ctx.me.pos[0] + offset(),
                    ctx.me.pos[1],
                    ctx.me.pos[2] + offset(),
                ]
            });
        }
        if let Some(point) = self.drift_to {
            BlazeAttack::head_for(ctx, point);
        }
    }
}

impl Goal for BlazeAttack {
    fn flags(&self) -> u8 {
        MOVE | LOOK
    }

    fn can_start(&mut self, _ctx: &mut Ctx) -> bool {
        true
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        let targeting = ctx.target_valid();
        self.hover(ctx, targeting);
        if targeting {
            self.drift_to = None;
            self.fight(ctx);
        } else {
            self.drift(ctx);
        }
    }
}
