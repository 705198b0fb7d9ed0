//! Creatures that live and fight (SPEC §13), after 1.16.5's `Mob`: each
//! creature's brain — its own random stream, the prioritised goal lists
//! its kind is made of (`kinds`), what it remembers (its target, who hurt
//! it and when, cooldowns, fire) and its path — and one tick of a
//! creature: suffocation, target goals, then goals, then movement
//! physics (`body`), burning in daylight, and what it did to the player.
//!
//! Kinds are data (`registry/creatures.tsv`); goals are small
//! (`goals/`); paths are A* over the block grid (`path`); sight, light
//! and sky are `senses`. A hit on a creature lands in
//! `rules::combat::hurt_mob`; a creature's hit on the player in
//! `rules::defense`. Creatures tick in entity-list order, each with its
//! own `ChaCha8Rng` seeded from `Game::rngs.mobs` on its first tick, so the
//! same seed and actions give the same creatures.

mod body;
pub mod dragon;
mod goals;
mod kinds;
pub(crate) mod path;
pub(crate) mod senses;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::registry::{block, registry, BlockId, CreatureDef};
use crate::sim::rules::combat::{self, Attacker};
use crate::sim::rules::{defense, suffocation};
use crate::sim::world::BlockPos;

use body::Wish;
pub use body::{knock_back, yaw_towards};
use goals::{Ctx, Selector};
use path::Navigation;
pub use senses::light_at;

/// Below this height a creature is gone.
const VOID_Y: f64 = -64.0;
/// Ticks a creature burns once the sun sets it alight (8 seconds).
const SUN_FIRE_TICKS: u32 = 160;
/// The player's standing height, which archers aim a third of the way up.
const PLAYER_HEIGHT: f64 = 1.8;
/// Kinds that fire does not hurt (`EntityType.fireImmune`).
const FIRE_IMMUNE: &[&str] = &[
    "blaze",
    "ghast",
    "magma_cube",
    "strider",
    "wither_skeleton",
    "zombified_piglin",
    "ender_dragon",
    "wither",
];

/// Whether fire and fireballs leave this entity unhurt.
pub fn fire_immune(e: &crate::sim::entity::Entity) -> bool {
    matches!(&e.kind, EntityKind::Mob(mob) if FIRE_IMMUNE.contains(&registry().entity(mob.kind).name))
}

/// Sets creature `id` burning for at least `ticks` (unless fire leaves it unhurt).
pub fn set_on_fire(game: &mut Game, id: EntityId, ticks: u32) {
    if let Some(e) = game.entities.get_mut(id) {
        if fire_immune(e) {
            return;
        }
        if let EntityKind::Mob(mob) = &mut e.kind {
            let memory = &mut mob.brain.memory;
            memory.fire_ticks = memory.fire_ticks.max(ticks);
        }
    }
}

/// A creature's mind: built on its first tick from its kind.
#[derive(Debug, Clone, Default)]
pub struct Brain {
    /// Its own random stream; `None` until its first tick, when the goals
    /// are built too.
    rng: Option<ChaCha8Rng>,
    goals: Selector,
    targets: Selector,
    pub memory: Memory,
    nav: Navigation,
}

/// What a creature remembers between ticks.
#[derive(Debug, Clone, Default)]
pub struct Memory {
    /// Whether the player is its target.
    pub target: bool,
    /// The tick the player last hurt it.
    pub hurt_by_player: Option<u64>,
    /// The tick anything last hurt it.
    pub hurt_at: Option<u64>,
    /// Whether its record of the fight holds a hit of the player's: the
    /// player hurt it, and since then it has never gone
    /// [`FIGHT_RECORD_TICKS`] without being hurt by something.
    players_fight: bool,
    /// Ticks before its next melee attack.
    pub attack_cooldown: u32,
    /// Ticks left burning.
    pub fire_ticks: u32,
    /// Blocks fallen since it last stood on something.
    pub fall_distance: f64,
    /// Ticks before it may jump again.
    jump_delay: u32,
    /// Walked into something last tick: it jumps if it can.
    bumped: bool,
}

/// How long a creature's record of a fight the player took part in
/// lasts after the last hurt of any cause (vanilla's `CombatTracker`,
/// which while in combat keeps its entries 300 ticks past the last).
pub const FIGHT_RECORD_TICKS: u64 = 300;

impl Memory {
    /// A hit landed on it at `tick`.
    pub fn note_hurt(&mut self, tick: u64, attacker: Attacker) {
        if !happened_within(self.hurt_at, tick, FIGHT_RECORD_TICKS + 1) {
            self.players_fight = false;
        }
        self.hurt_at = Some(tick);
        if attacker == Attacker::Player {
            self.hurt_by_player = Some(tick);
            self.players_fight = true;
        }
    }

    /// Whether its record of the fight, as it stands after the last hurt,
    /// holds a hit of the player's: a death now is the player's kill.
    pub fn in_fight_with_player(&self) -> bool {
        self.players_fight
    }

    /// Whether something hurt it within the last `ticks`.
    pub fn hurt_within(&self, now: u64, ticks: u64) -> bool {
        happened_within(self.hurt_at, now, ticks)
    }

    /// Whether the player hurt it within the last `ticks`.
    pub fn hurt_by_player_within(&self, now: u64, ticks: u64) -> bool {
        happened_within(self.hurt_by_player, now, ticks)
    }
}

/// Whether the tick `at`, if any, lies within the last `ticks` before `now`.
fn happened_within(at: Option<u64>, now: u64, ticks: u64) -> bool {
    at.is_some_and(|at| now.saturating_sub(at) < ticks)
}

/// What a creature did this tick that reaches beyond itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Effect {
    /// A melee blow at the player.
    MeleeHit { damage: f32 },
    /// A splash potion of harming burst at a point.
    SplashHarming { at: [f64; 3] },
    /// A drawn bow let go at the player (skeletons): see [`loose_arrow`].
    LooseArrow { power: f32 },
    /// Calls the others of its kind nearby onto its target (wolves, bees).
    AlertKin,
    /// It hurts itself: a fall, fire, the void, a wall at its eyes.
    HurtSelf { amount: f32 },
    /// A small fireball shot from `from` at `target` (blazes), its aim
    /// spread by `spread`.
    ShootFireball {
        from: [f64; 3],
        target: [f64; 3],
        spread: f64,
    },
    /// The dragon spits a fireball from `from` along `dir`.
    DragonFireball { from: [f64; 3], dir: [f64; 3] },
    /// The perched dragon breathes a cloud at `at`.
    DragonBreath { at: [f64; 3] },
    /// It eats the grass plant in `cell`, or the grass block there turns
    /// to dirt; a shorn sheep's wool grows back.
    Graze { cell: BlockPos },
}

/// One tick of the creature at `index` in the entity list.
pub fn tick(game: &mut Game, index: usize) {
    let Some(entity) = game.entities.list.get_mut(index) else {
        return;
    };
    let EntityKind::Mob(mob) = &mut entity.kind else {
        return;
    };
    let Some(def) = registry().creature(mob.kind) else {
        // A kind that does not live (an armor stand, a boat): it only falls.
        body::fall(&game.world, entity);
        return;
    };
    let mut brain = std::mem::take(&mut mob.brain);
    let dying = mob.is_dying();
    let mut me = entity.clone();
    let id = me.id;
    if brain.rng.is_none() {
        brain.rng = Some(ChaCha8Rng::seed_from_u64(game.rngs.mobs.gen()));
        brain.goals = kinds::goals(def);
        brain.targets = kinds::targets(def);
    }
    let mut effects = Vec::new();
    let mut wish = Wish::default();
    me.age += 1;
    {
        let Brain {
            rng,
            goals,
            targets,
            memory,
            nav,
        } = &mut *brain;
        let Some(rng) = rng.as_mut() else {
            return;
        };
        let mut ctx = Ctx {
            game,
            me: &mut me,
            def,
            rng,
            memory,
            nav,
            wish: &mut wish,
            effects: &mut effects,
        };
        if dying {
            ctx.nav.stop();
        } else {
            suffocate(&mut ctx);
            forget_lost_target(&mut ctx);
            targets.tick(&mut ctx);
            goals.tick(&mut ctx);
            burn_in_daylight(&mut ctx);
        }
        body::travel(&mut ctx);
        tick_fire(&mut ctx);
        if ctx.me.pos[1] < VOID_Y {
            ctx.effects.push(Effect::HurtSelf { amount: 4.0 });
        }
    }
    if let EntityKind::Mob(mob) = &mut me.kind {
        mob.brain = brain;
    }
    if let Some(slot) = game.entities.list.get_mut(index) {
        *slot = me;
    }
    for effect in effects {
        apply(game, id, def, effect);
    }
}

/// `LivingEntity.baseTick`'s suffocation: eyes inside a full opaque
/// block hurt it by one (the hurt window spaces the hurts, so a spider
/// buried in a hillside dies within about 160 ticks). The dragon moves
/// through blocks (`noPhysics`) and never suffocates.
fn suffocate(ctx: &mut Ctx) {
    if registry().entity(ctx.def.kind).name == "ender_dragon" {
        return;
    }
    let half_width = ctx.me.size().0;
    if suffocation::eyes_of_body_in_wall(&ctx.game.world, senses::eye(ctx.me), half_width) {
        ctx.effects.push(Effect::HurtSelf {
            amount: suffocation::DAMAGE,
        });
    }
}

/// A target too far away, or a dead player, is forgotten.
fn forget_lost_target(ctx: &mut Ctx) {
    let range = ctx.def.follow_range;
    if ctx.memory.target && (!ctx.player_alive() || ctx.dist_sq_to_player() > range * range) {
        ctx.memory.target = false;
    }
}

/// `Mob.isSunBurnTick`: by day, in bright light under open sky, outside
/// water and rain, now and then the sun sets it alight — unless it wears
/// something on its head.
fn burn_in_daylight(ctx: &mut Ctx) {
    let game = ctx.game;
    let wears_helmet = matches!(&ctx.me.kind, EntityKind::Mob(m) if m.tags.helmet);
    if !ctx.def.burns_in_daylight
        || wears_helmet
        || game.weather != crate::sim::game::Weather::Clear
        || !senses::is_day(game)
    {
        return;
    }
    let eye = senses::eye_cell(ctx.me);
    if !senses::sees_sky(&game.world, eye) || body::in_water(&game.world, ctx.me) {
        return;
    }
    let brightness = senses::brightness(senses::light_at(game, eye));
    if brightness > 0.5 && ctx.rng.gen::<f32>() * 30.0 < (brightness - 0.4) * 2.0 {
        ctx.memory.fire_ticks = ctx.memory.fire_ticks.max(SUN_FIRE_TICKS);
    }
}

/// Burning: one damage a second; water puts it out.
fn tick_fire(ctx: &mut Ctx) {
    let memory = &mut ctx.memory;
    if memory.fire_ticks == 0 {
        return;
    }
    if FIRE_IMMUNE.contains(&registry().entity(ctx.def.kind).name) {
        memory.fire_ticks = 0;
        return;
    }
    if body::in_water(&ctx.game.world, ctx.me) {
        memory.fire_ticks = 0;
        return;
    }
    if memory.fire_ticks % 20 == 0 {
        ctx.effects.push(Effect::HurtSelf { amount: 1.0 });
    }
    memory.fire_ticks -= 1;
}

fn apply(game: &mut Game, id: EntityId, def: &CreatureDef, effect: Effect) {
    match effect {
        Effect::MeleeHit { damage } => {
            defense::mob_hits_player(game, id, damage);
        }
        Effect::SplashHarming { at } => defense::splash_harming(game, id, at),
        Effect::LooseArrow { power } => loose_arrow(game, id, power),
        Effect::AlertKin => alert_kin(game, id, def),
        Effect::HurtSelf { amount } => {
            combat::hurt_mob(game, id, amount, Attacker::Other);
        }
        Effect::ShootFireball {
            from,
            target,
            spread,
        } => {
            crate::sim::rules::fireballs::shoot(game, id, from, target, spread);
        }
        Effect::DragonFireball { from, dir } => {
            crate::sim::rules::dragon_breath::spit_fireball(game, from, dir)
        }
        Effect::DragonBreath { at } => crate::sim::rules::dragon_breath::breathe(game, at),
        Effect::Graze { cell } => graze(game, id, cell),
    }
}

/// `EatBlockGoal`'s bite (mob griefing on): the grass plant is broken
/// with no drop, a grass block becomes dirt; then `Sheep.ate` grows the
/// wool back (babies never grow up here, so its speed-up is moot).
fn graze(game: &mut Game, id: EntityId, cell: BlockPos) {
    let eaten = if game.world.get(cell) == block("grass") {
        BlockId::AIR
    } else {
        block("dirt")
    };
    game.world.set(cell, eaten);
    if let Some(EntityKind::Mob(mob)) = game.entities.get_mut(id).map(|e| &mut e.kind) {
        mob.tags.sheared = false;
    }
}

/// A skeleton's ranged attack: the keep-distance goal decides when the
/// drawn bow is let go (every 20–40 ticks with the player in sight,
/// `power` 0–1); the arrow flies and hits by the projectile rules.
fn loose_arrow(game: &mut Game, archer: EntityId, power: f32) {
    let target = game.player.pos;
    crate::sim::rules::archery::mob_shoots(game, archer, target, PLAYER_HEIGHT, power);
}

/// `HurtByTargetGoal.alertOthers`: creatures of the same kind within the
/// follow range (10 blocks up or down) take on the player as their target.
fn alert_kin(game: &mut Game, id: EntityId, def: &CreatureDef) {
    let Some(origin) = game.entities.get(id).map(|e| e.pos) else {
        return;
    };
    let range = def.follow_range;
    for e in &mut game.entities.list {
        let near = (e.pos[0] - origin[0]).abs() <= range
            && (e.pos[2] - origin[2]).abs() <= range
            && (e.pos[1] - origin[1]).abs() <= 10.0;
        if let EntityKind::Mob(mob) = &mut e.kind {
            if e.id != id && mob.kind == def.kind && near && !mob.is_dying() {
                mob.brain.memory.target = true;
            }
        }
    }
}

#[cfg(test)]
mod tests;
