//! The ender dragon's mind and body, after 1.16.5's `EnderDragonEntity`
//! and its `PhaseManager`: one goal holding the current phase, each a
//! small state machine.
//!
//! - holding pattern: circles the pillars through twelve nodes 60 blocks
//!   out; at each node it may turn to land (one chance in crystals + 3)
//!   or to strafe the player (nearer players more often);
//! - strafe: flies at the player and, once it has faced them for 5 ticks
//!   within 64 blocks, spits a fireball and goes back to circling;
//! - landing approach and landing: down onto the exit portal's pillar;
//! - perched: faces the player; four rounds of a roar (3 seconds) and a
//!   flame (10 seconds) that breathes a cloud of dragon's breath on the
//!   ground beyond its head, gone when the flame ends; then it takes off —
//!   sooner once it has lost a quarter of its health since landing; with
//!   no player near after 5 seconds it takes off and charges where the
//!   player stands;
//! - takeoff: climbs away from the portal, then circles again;
//! - charging: rushes the player's position, then circles again.
//!
//! Every 10 ticks the nearest end crystal within 32 blocks heals it one
//! point (the renderer draws the beam). Unless it flinches from a hit
//! (vanilla's `hurtTime`), its head and neck bite for 10 a player within
//! a block of them, perched or flying; its wings' fling (a push away from
//! the body, with a blow of 5 in flight) is not modelled. Its body is
//! many parts: a hit on the head counts in full, on any other part a quarter plus one
//! ([`adjusted_damage`]). It flies through blocks without breaking them
//! (vanilla's dragon breaks all but end stone, obsidian and bedrock: not
//! modelled), and its movement is a steering toward its phase's point
//! rather than vanilla's exact turning rates.

use rand::Rng;

use super::body::yaw_towards;
use super::goals::{Ctx, Goal, LOOK, MOVE};
use super::Effect;
use crate::sim::angle::{turn_at_most, turn_between};
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::player::HALF_WIDTH;
use crate::sim::registry::registry;
use crate::sim::rules::Aabb;
use crate::sim::world::gen::end::portal_origin;

/// Nodes of the holding pattern round the origin.
const NODES: usize = 12;
const NODE_RADIUS: f64 = 60.0;
/// A node counts as reached within this distance.
const NODE_REACHED: f64 = 10.0;
/// Blocks a tick, by phase.
const CRUISE_SPEED: f64 = 0.9;
const LANDING_SPEED: f64 = 0.5;
const CHARGE_SPEED: f64 = 1.6;
/// How much of the way to the wanted velocity it turns each tick.
const STEERING: f64 = 0.08;
/// Fireball: ticks facing the player first, within this range.
const FIREBALL_CHARGE: u32 = 5;
const FIREBALL_RANGE: f64 = 64.0;
/// Longest strafing run before it gives up.
const STRAFE_TICKS: u32 = 400;
/// Perched, in rounds: it scans for the player and roars, then flames
/// (`DragonSittingFlamingPhase`), breathing its cloud this far into the
/// flame; after this many rounds it takes off.
const ROAR_TICKS: u32 = 60;
const FLAME_TICKS: u32 = 200;
const BREATH_INTO_FLAME: u32 = 10;
const ROUNDS: u32 = 4;
/// A perched dragon that has not breathed yet this long charges a player
/// who stays away.
const CHARGE_AFTER: u32 = 100;
/// Its breath lands this far beyond its head.
const BREATH_BEYOND_HEAD: f64 = 2.5;
/// Health lost while perched that makes it take off (a quarter of 200).
const PERCHED_DAMAGE_LIMIT: f32 = 50.0;
/// A player farther than this from a perched dragon gets charged.
const CHARGE_IF_FARTHER: f64 = 20.0;
/// Crystals heal it from this far, one point every 10 ticks.
pub const CRYSTAL_RANGE: f64 = 32.0;
const HEAL_EVERY: u32 = 10;
/// Its head's and neck's bite.
const BITE: f32 = 10.0;

/// What it is doing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Phase {
    HoldingPattern { node: usize },
    Strafe { ticks: u32, charge: u32 },
    LandingApproach,
    Landing,
    Perched { ticks: u32, landed_health: f32 },
    Takeoff,
    Charging { target: [f64; 3], ticks: u32 },
}

/// The goal that flies the dragon.
#[derive(Debug, Clone)]
pub struct Phases {
    pub phase: Phase,
    /// Its velocity (the body's own stays still: it flies through blocks).
    velocity: [f64; 3],
}

impl Default for Phases {
    fn default() -> Phases {
        Phases {
            phase: Phase::HoldingPattern { node: 0 },
            velocity: [0.0; 3],
        }
    }
}

/// The exit portal's top, where it perches.
fn perch(game: &Game) -> [f64; 3] {
    let centre = portal_origin(game.world.generator());
    [0.5, f64::from(centre[1] + 4), 0.5]
}

fn node(i: usize) -> [f64; 3] {
    let angle = std::f64::consts::TAU * i as f64 / NODES as f64;
    let height = 90.0 + 8.0 * (i % 3) as f64;
    [NODE_RADIUS * angle.cos(), height, NODE_RADIUS * angle.sin()]
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
}

/// End crystals standing now, nearest to `at` first.
pub fn crystals_by_distance(game: &Game, at: [f64; 3]) -> Vec<&Entity> {
    let crystal = registry().entity_named("end_crystal");
    let mut found: Vec<&Entity> = game
        .entities
        .list
        .iter()
        .filter(|e| matches!(&e.kind, EntityKind::Mob(m) if Some(m.kind) == crystal))
        .collect();
    found.sort_by(|a, b| distance(a.pos, at).total_cmp(&distance(b.pos, at)));
    found
}

/// The crystal healing a dragon at `at`, if any.
pub fn healing_crystal(game: &Game, at: [f64; 3]) -> Option<&Entity> {
    crystals_by_distance(game, at)
        .into_iter()
        .next()
        .filter(|c| distance(c.pos, at) <= CRYSTAL_RANGE)
}

/// The parts of a dragon's body: (is the head, box).
pub fn parts(dragon: &Entity) -> [(bool, Aabb); 8] {
    let yaw = f64::from(dragon.yaw).to_radians();
    let forward = [-yaw.sin(), 0.0, yaw.cos()];
    let side = [forward[2], 0.0, -forward[0]];
    // (ahead, to the side, up, half width, height), in blocks.
    let layout = [
        (6.5, 0.0, 3.0, 0.5, 1.0),
        (4.5, 0.0, 2.5, 1.5, 3.0),
        (0.0, 0.0, 2.0, 2.5, 3.0),
        (0.0, 4.5, 3.0, 2.0, 2.0),
        (0.0, -4.5, 3.0, 2.0, 2.0),
        (-3.5, 0.0, 2.5, 1.0, 2.0),
        (-5.5, 0.0, 2.5, 1.0, 2.0),
        (-7.5, 0.0, 2.5, 1.0, 2.0),
    ];
    std::array::from_fn(|i| {
        let (ahead, across, up, half, height) = layout[i];
        let feet = [
            dragon.pos[0] + forward[0] * ahead + side[0] * across,
            dragon.pos[1] + up,
            dragon.pos[2] + forward[2] * ahead + side[2] * across,
        ];
        (i == 0, Aabb::at_feet(feet, half, height))
    })
}

/// The point `by` blocks beyond the head's middle, away from the body
/// across, at the head's height.
pub fn beyond_head(dragon: &Entity, by: f64) -> [f64; 3] {
    let head = parts(dragon)[0].1.centre();
    let out = [head[0] - dragon.pos[0], head[2] - dragon.pos[2]];
    let len = out[0].hypot(out[1]).max(1e-6);
    [
        head[0] + out[0] / len * by,
        head[1],
        head[2] + out[1] / len * by,
    ]
}

/// `EnderDragonEntity.hurt(part, …)`: a hit on the head counts in full, on
/// another part a quarter plus up to one. The part hit is the first along
/// the player's look (a blow) or the one a flying arrow is in; anything
/// else (an explosion) counts in full.
pub fn adjusted_damage(game: &Game, dragon: &Entity, amount: f32, by_player: bool) -> f32 {
    let parts = parts(dragon);
    let arrow_in = game.entities.list.iter().find_map(|e| match &e.kind {
        EntityKind::Arrow(a) if !a.in_ground => parts
            .iter()
            .find(|(_, b)| b.inflate([0.5; 3]).contains(e.pos))
            .map(|&(head, _)| head),
        _ => None,
    });
    let eye = game.player.eye();
    let look = game.player.look_dir().map(|v| v * 8.0);
    let looked_at = || {
        parts
            .iter()
            .filter_map(|(head, b)| b.clip(eye, look).map(|t| (t, *head)))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, head)| head)
    };
    let head = match arrow_in {
        Some(head) => head,
        None if by_player => looked_at().unwrap_or(false),
        None => true,
    };
    if head {
        amount
    } else {
        amount / 4.0 + amount.min(1.0)
    }
}

impl Phases {
    /// Steers toward `point` at `speed` and moves (through blocks).
    fn fly_to(&mut self, ctx: &mut Ctx, point: [f64; 3], speed: f64) {
        let d = [0, 1, 2].map(|i| point[i] - ctx.me.pos[i]);
        let len = d.iter().map(|v| v * v).sum::<f64>().sqrt().max(1e-4);
        let step = speed.min(len);
        for (v, di) in self.velocity.iter_mut().zip(d) {
            *v += (di / len * step - *v) * STEERING.max(step / len * 0.5).min(1.0);
        }
        for (p, v) in ctx.me.pos.iter_mut().zip(self.velocity) {
            *p += v;
        }
        ctx.me.vel = [0.0; 3];
        let ahead = [0, 1, 2].map(|i| ctx.me.pos[i] + self.velocity[i]);
        if (self.velocity[0].powi(2) + self.velocity[2].powi(2)) > 1e-4 {
            ctx.me.yaw = yaw_towards(ctx.me.pos, ahead);
        }
    }

    /// `DragonHoldingPatternPhase.findNewTarget` at a node.
    fn at_node(&mut self, ctx: &mut Ctx, node: usize) -> Phase {
        let crystals = crystals_by_distance(ctx.game, ctx.me.pos).len() as u32;
        if ctx.rng.gen_range(0..crystals + 3) == 0 {
            return Phase::LandingApproach;
        }
        if ctx.player_alive() {
            let portal = perch(ctx.game);
            let d = distance(portal, ctx.game.player.pos).powi(2) / 512.0;
            let near = ctx.rng.gen_range(0..(d as u32).saturating_add(2)) == 0;
            if near || ctx.rng.gen_range(0..crystals + 2) == 0 {
                return Phase::Strafe {
                    ticks: 0,
                    charge: 0,
                };
            }
        }
        Phase::HoldingPattern {
            node: (node + 1) % NODES,
        }
    }

    fn faces(ctx: &Ctx, point: [f64; 3], within_degrees: f32) -> bool {
        let wanted = yaw_towards(ctx.me.pos, point);
        turn_between(ctx.me.yaw, wanted).abs() < within_degrees
    }

    fn next(&mut self, ctx: &mut Ctx) -> Phase {
        let player = ctx.game.player.pos;
        let perch = perch(ctx.game);
        match self.phase {
            Phase::HoldingPattern { node: i } => {
                self.fly_to(ctx, node(i), CRUISE_SPEED);
                if distance(ctx.me.pos, node(i)) < NODE_REACHED {
                    return self.at_node(ctx, i);
                }
            }
            Phase::Strafe { ticks, charge } => {
                if !ctx.player_alive() || ticks > STRAFE_TICKS {
                    return Phase::HoldingPattern { node: 0 };
                }
                let aim = [player[0], player[1] + 10.0, player[2]];
                self.fly_to(ctx, aim, CRUISE_SPEED);
                let in_range = distance(ctx.me.pos, player) < FIREBALL_RANGE;
                let charge = if in_range && Self::faces(ctx, player, 10.0) {
                    charge + 1
                } else {
                    charge.saturating_sub(1)
                };
                if charge >= FIREBALL_CHARGE && ctx.sees_player() {
                    let head = parts(ctx.me)[0].1.centre();
                    let dir = [0, 1, 2].map(|i| player[i] + [0.0, 0.9, 0.0][i] - head[i]);
                    ctx.effects.push(Effect::DragonFireball { from: head, dir });
                    return Phase::HoldingPattern {
                        node: nearest_node(ctx.me.pos),
                    };
                }
                return Phase::Strafe {
                    ticks: ticks + 1,
                    charge,
                };
            }
            Phase::LandingApproach => {
                let above = [perch[0], perch[1] + 20.0, perch[2]];
                self.fly_to(ctx, above, CRUISE_SPEED);
                if distance(ctx.me.pos, above) < NODE_REACHED {
                    return Phase::Landing;
                }
            }
            Phase::Landing => {
                self.fly_to(ctx, perch, LANDING_SPEED);
                if distance(ctx.me.pos, perch) < 1.0 {
                    ctx.me.pos = perch;
                    self.velocity = [0.0; 3];
                    return Phase::Perched {
                        ticks: 0,
                        landed_health: ctx.health(),
                    };
                }
            }
            Phase::Perched {
                ticks,
                landed_health,
            } => {
                self.velocity = [0.0; 3];
                ctx.me.vel = [0.0; 3];
                ctx.me.pos = perch;
                if ctx.player_alive() {
                    let turned = yaw_towards(ctx.me.pos, player);
                    ctx.me.yaw = turn_at_most(ctx.me.yaw, turned, 6.0);
                }
                let round = ROAR_TICKS + FLAME_TICKS;
                if landed_health - ctx.health() >= PERCHED_DAMAGE_LIMIT || ticks >= ROUNDS * round {
                    return Phase::Takeoff;
                }
                let far = distance(perch, player) > CHARGE_IF_FARTHER;
                if ticks == CHARGE_AFTER && far && ctx.player_alive() {
                    return Phase::Charging {
                        target: player,
                        ticks: 0,
                    };
                }
                let breathe = ticks % round == ROAR_TICKS + BREATH_INTO_FLAME && !far;
                if breathe {
                    let at = beyond_head(ctx.me, BREATH_BEYOND_HEAD);
                    ctx.effects.push(Effect::DragonBreath { at });
                }
                return Phase::Perched {
                    ticks: ticks + 1,
                    landed_health,
                };
            }
            Phase::Takeoff => {
                let away = [perch[0] + NODE_RADIUS / 2.0, perch[1] + 30.0, perch[2]];
                self.fly_to(ctx, away, CRUISE_SPEED);
                if distance(ctx.me.pos, away) < NODE_REACHED {
                    return Phase::HoldingPattern {
                        node: nearest_node(ctx.me.pos),
                    };
                }
            }
            Phase::Charging { target, ticks } => {
                self.fly_to(ctx, target, CHARGE_SPEED);
                if distance(ctx.me.pos, target) < 4.0 || ticks > 200 {
                    return Phase::HoldingPattern {
                        node: nearest_node(ctx.me.pos),
                    };
                }
                return Phase::Charging {
                    target,
                    ticks: ticks + 1,
                };
            }
        }
        self.phase
    }
}

/// `EnderDragonEntity.aiStep`'s bite, while it does not flinch from a
/// hit: its head and neck hurt a player within a block of them.
fn bite(ctx: &mut Ctx) {
    let p = &ctx.game.player;
    let player = Aabb::at_feet(p.pos, HALF_WIDTH, p.height());
    let bites = parts(ctx.me)[..2]
        .iter()
        .any(|(_, part)| part.inflate([1.0; 3]).intersects(&player));
    if bites {
        ctx.effects.push(Effect::MeleeHit { damage: BITE });
    }
}

fn nearest_node(at: [f64; 3]) -> usize {
    (0..NODES)
        .min_by(|&a, &b| distance(node(a), at).total_cmp(&distance(node(b), at)))
        .unwrap_or(0)
}

impl Goal for Phases {
    fn flags(&self) -> u8 {
        MOVE | LOOK
    }

    fn can_start(&mut self, _ctx: &mut Ctx) -> bool {
        true
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        self.phase = self.next(ctx);
        let flinching = matches!(&ctx.me.kind, EntityKind::Mob(m) if m.state.hurt_ticks > 0);
        if !flinching && ctx.player_alive() {
            bite(ctx);
        }
        let max = ctx.def.max_health;
        let heal = ctx.me.age % HEAL_EVERY == 0
            && ctx.health() < max
            && healing_crystal(ctx.game, ctx.me.pos).is_some();
        if let (true, EntityKind::Mob(mob)) = (heal, &mut ctx.me.kind) {
            mob.health = (mob.health + 1.0).min(max);
        }
    }
}
