//! What peaceful creatures do about a player: run from a hit
//! (`PanicGoal`) and follow the food they like (`TemptGoal`).

use super::idle::RandomWalk;
use super::{Ctx, Goal, LOOK, MOVE};

/// The player's hit (or fire) counts as a reason to panic for this long
/// (vanilla forgets who hurt it after 100 ticks). Hurts with no attacker
/// (a fall, a wall at its eyes) are none: `PanicGoal` asks who hurt it.
/// Creatures' hits on animals, which vanilla's panic answers too, are not
/// modelled (no creature attacks an animal here).
const PANIC_TICKS: u64 = 100;
/// Ticks before following food again after giving up.
const TEMPT_COOLDOWN: u32 = 100;

/// Runs to random spots within 5 blocks at `speed` while the player's
/// hit is fresh or it burns.
#[derive(Debug, Clone)]
pub struct Panic {
    pub speed: f64,
}

impl Panic {
    fn scared(ctx: &Ctx) -> bool {
        ctx.memory.hurt_by_player_within(ctx.game.tick, PANIC_TICKS) || ctx.memory.fire_ticks > 0
    }
}

impl RandomWalk for Panic {
    const RANGE: (i32, i32) = (5, 4);

    fn speed(&self) -> f64 {
        self.speed
    }

    fn wants_to(&mut self, ctx: &mut Ctx) -> bool {
        Panic::scared(ctx)
    }
}

/// Follows a player within 10 blocks holding its food in either hand,
/// stopping 2.5 blocks short.
#[derive(Debug, Clone)]
pub struct Tempt {
    pub speed: f64,
    cooldown: u32,
}

impl Tempt {
    pub fn new(speed: f64) -> Tempt {
        Tempt { speed, cooldown: 0 }
    }

    fn tempted(ctx: &Ctx) -> bool {
        let inv = &ctx.game.player.inventory;
        let holds_food = [inv.selected_stack(), inv.offhand.as_ref()]
            .into_iter()
            .flatten()
            .any(|s| ctx.def.food.contains(&s.item));
        holds_food && ctx.player_alive() && ctx.dist_sq_to_player() <= 100.0
    }
}

impl Goal for Tempt {
    fn flags(&self) -> u8 {
        MOVE | LOOK
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        if self.cooldown > 0 {
            self.cooldown -= 1;
            return false;
        }
        Tempt::tempted(ctx)
    }

    fn can_continue(&mut self, ctx: &mut Ctx) -> bool {
        Tempt::tempted(ctx)
    }

    fn stop(&mut self, ctx: &mut Ctx) {
        self.cooldown = TEMPT_COOLDOWN;
        ctx.nav.stop();
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        ctx.wish.look_at = Some(ctx.game.player.eye());
        if ctx.dist_sq_to_player() < 6.25 {
            ctx.nav.stop();
        } else if ctx.nav.destination() != Some(ctx.game.player.block_pos()) {
            ctx.path_to_player(self.speed);
        }
    }
}
