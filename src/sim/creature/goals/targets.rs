//! Target goals: who a creature fights. Retaliating against the player
//! who hurt it, maybe calling its kin (`HurtByTargetGoal`), the nearest
//! player in sight within its follow range — spiders only in the dark
//! (`NearestAttackableTargetGoal`, `SpiderTargetGoal`) — and the
//! enderman's stare (`EndermanLookForPlayerGoal`), with its teleports.

use rand::Rng;

use super::special::{teleport_near, teleport_randomly};
use super::{Ctx, Goal, TARGET};
use crate::sim::creature::{senses, Effect};

/// Ticks a target out of sight is kept.
const UNSEEN_MEMORY: u32 = 60;

/// Takes the player as target once they hurt it; with `alert`, its kin
/// nearby too.
#[derive(Debug, Clone)]
pub struct HurtBy {
    pub alert: bool,
    answered: Option<u64>,
}

impl HurtBy {
    pub fn new(alert: bool) -> HurtBy {
        HurtBy {
            alert,
            answered: None,
        }
    }
}

impl Goal for HurtBy {
    fn flags(&self) -> u8 {
        TARGET
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        let hurt = ctx.memory.hurt_by_player;
        hurt.is_some() && hurt != self.answered && ctx.player_alive()
    }

    fn can_continue(&mut self, ctx: &mut Ctx) -> bool {
        ctx.target_valid()
    }

    fn start(&mut self, ctx: &mut Ctx) {
        self.answered = ctx.memory.hurt_by_player;
        ctx.memory.target = true;
        if self.alert {
            ctx.effects.push(Effect::AlertKin);
        }
    }

    fn stop(&mut self, ctx: &mut Ctx) {
        ctx.memory.target = false;
    }
}

/// Now and then (1 in 10 ticks) takes the player as target when in sight
/// within its follow range; with `in_dark`, only where the light is dim
/// (brightness below 0.5, light 11 or less).
#[derive(Debug, Clone)]
pub struct NearestPlayer {
    pub in_dark: bool,
    unseen: u32,
}

impl NearestPlayer {
    pub fn new(in_dark: bool) -> NearestPlayer {
        NearestPlayer { in_dark, unseen: 0 }
    }
}

impl Goal for NearestPlayer {
    fn flags(&self) -> u8 {
        TARGET
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        let range = ctx.def.follow_range;
        if ctx.rng.gen_range(0..10) != 0
            || !ctx.player_alive()
            || ctx.dist_sq_to_player() > range * range
            || !ctx.sees_player()
        {
            return false;
        }
        !self.in_dark
            || senses::brightness(senses::light_at(ctx.game, senses::eye_cell(ctx.me))) < 0.5
    }

    fn can_continue(&mut self, ctx: &mut Ctx) -> bool {
        if ctx.sees_player() {
            self.unseen = 0;
        } else {
            self.unseen += 1;
        }
        ctx.target_valid() && self.unseen <= UNSEEN_MEMORY
    }

    fn start(&mut self, ctx: &mut Ctx) {
        self.unseen = 0;
        ctx.memory.target = true;
    }

    fn stop(&mut self, ctx: &mut Ctx) {
        ctx.memory.target = false;
    }
}

/// The enderman's stare: a player looking it in the eye within its follow
/// range angers it after 5 ticks. The goal takes over an anger of any
/// cause (a hit too: vanilla's `EndermanLookForPlayerGoal` starts for a
/// player the enderman is looked at by or angry at). While angry, being
/// looked in the eye closer than 4 blocks makes it teleport away, and a
/// target more than 16 blocks off that does not look draws it closer by
/// teleport every 30 ticks.
#[derive(Debug, Clone, Default)]
pub struct EyeContact {
    /// Whether the player was its target when the goal last looked to start.
    angry: bool,
    aggro_in: u32,
    teleport_time: u32,
}

impl Goal for EyeContact {
    fn flags(&self) -> u8 {
        TARGET
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        let range = ctx.def.follow_range;
        self.angry = ctx.memory.target;
        ctx.player_alive()
            && ctx.dist_sq_to_player() <= range * range
            && (self.angry || senses::looked_in_the_eye(ctx.game, ctx.me))
    }

    fn can_continue(&mut self, ctx: &mut Ctx) -> bool {
        if self.aggro_in > 0 {
            return ctx.player_alive() && senses::looked_in_the_eye(ctx.game, ctx.me);
        }
        ctx.target_valid()
    }

    fn start(&mut self, ctx: &mut Ctx) {
        // The goal it takes over from (retaliation) let go of the target
        // as it stopped: an angry one keeps it.
        ctx.memory.target = self.angry;
        self.aggro_in = if self.angry { 0 } else { 5 };
        self.teleport_time = 0;
    }

    fn stop(&mut self, ctx: &mut Ctx) {
        ctx.memory.target = false;
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        if self.aggro_in > 0 {
            self.aggro_in -= 1;
            ctx.memory.target = self.aggro_in == 0;
            return;
        }
        let dist_sq = ctx.dist_sq_to_player();
        if senses::looked_in_the_eye(ctx.game, ctx.me) {
            if dist_sq < 16.0 {
                teleport_randomly(ctx);
            }
            self.teleport_time = 0;
        } else if dist_sq > 256.0 {
            self.teleport_time += 1;
            if self.teleport_time >= 30 {
                // `teleportTowards`: 16 blocks along the line from the
                // middle of its body to the player's eyes, up or down too
                // (from a deep cave it comes up towards the land).
                let eyes = ctx.game.player.eye();
                let me = ctx.me.pos;
                let middle = [me[0], me[1] + ctx.me.size().1 / 2.0, me[2]];
                let away = [0, 1, 2].map(|a| middle[a] - eyes[a]);
                let len = away.iter().map(|d| d * d).sum::<f64>().sqrt().max(1e-4);
                let towards = [0, 1, 2].map(|a| me[a] - away[a] / len * 16.0);
                if teleport_near(ctx, towards, 8.0, 8) {
                    self.teleport_time = 0;
                }
            }
        }
    }
}
