//! Grazing (`EatBlockGoal`): now and then a sheep stops, lowers its head
//! and eats the grass plant it stands in, or else the grass block under
//! it, which turns to dirt. Eating grows a shorn sheep's wool back.

use rand::Rng;

use super::{Ctx, Goal, JUMP, LOOK, MOVE};
use crate::sim::creature::{path, Effect};
use crate::sim::entity::EntityKind;
use crate::sim::registry::block;
use crate::sim::world::BlockPos;

/// A start is one draw in this many ticks for an adult…
const ADULT_ODDS: u32 = 1000;
/// …and in this many for a baby.
const BABY_ODDS: u32 = 50;
/// Ticks the head stays down.
const EAT_TICKS: u32 = 40;
/// Ticks left when the grass goes.
const BITE_AT: u32 = 4;

#[derive(Debug, Clone, Default)]
pub struct EatGrass {
    ticks_left: u32,
}

impl Goal for EatGrass {
    fn flags(&self) -> u8 {
        MOVE | LOOK | JUMP
    }

    fn can_start(&mut self, ctx: &mut Ctx) -> bool {
        let baby = matches!(&ctx.me.kind, EntityKind::Mob(m) if m.tags.baby);
        let odds = if baby { BABY_ODDS } else { ADULT_ODDS };
        ctx.rng.gen_range(0..odds) == 0 && grass_under(ctx).is_some()
    }

    fn can_continue(&mut self, _ctx: &mut Ctx) -> bool {
        self.ticks_left > 0
    }

    fn start(&mut self, ctx: &mut Ctx) {
        self.ticks_left = EAT_TICKS;
        ctx.nav.stop();
    }

    fn stop(&mut self, _ctx: &mut Ctx) {
        self.ticks_left = 0;
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        self.ticks_left = self.ticks_left.saturating_sub(1);
        if self.ticks_left == BITE_AT {
            if let Some(cell) = grass_under(ctx) {
                ctx.effects.push(Effect::Graze { cell });
            }
        }
    }
}

/// The grass plant in its feet's cell, else the grass block under them.
fn grass_under(ctx: &Ctx) -> Option<BlockPos> {
    let feet = path::feet_cell(ctx.me.pos);
    let below = [feet[0], feet[1] - 1, feet[2]];
    let world = &ctx.game.world;
    if world.get(feet) == block("grass") {
        Some(feet)
    } else {
        (world.get(below) == block("grass_block")).then_some(below)
    }
}
