//! Entities in the world: dropped items, thrown projectiles, arrows,
//! tridents, fishing bobbers, creatures, falling blocks, boats, eyes of
//! ender, dragon fireballs and clouds of dragon's breath. This is
//! their state; the rules that move and hurt them live in `rules/` (and
//! creature behaviour in `creature/`).

pub mod boat;

use super::creature::Brain;
use super::inventory::ItemStack;
use super::projectile::{Arrow, Bobber, Fireball};
use super::raycast::Face;
use super::registry::{registry, BlockId, EntityTypeId, ItemId};
use super::rules::Aabb;
use super::world::BlockPos;
pub use boat::{Boat, Rider};

/// Unique within one episode, in creation order.
pub type EntityId = u32;

#[derive(Debug, Clone)]
pub struct Entity {
    pub id: EntityId,
    pub kind: EntityKind,
    /// Feet position.
    pub pos: [f64; 3],
    pub vel: [f64; 3],
    /// Degrees; 0 faces south (+z), 90 west.
    pub yaw: f32,
    pub on_ground: bool,
    /// Ticks since it came to exist.
    pub age: u32,
}

#[derive(Debug, Clone)]
pub enum EntityKind {
    /// An item lying in the world.
    Item {
        stack: ItemStack,
        /// Ticks before it can be picked up.
        pickup_delay: u32,
    },
    /// A thrown item in flight.
    Projectile {
        item: ItemId,
    },
    /// An arrow or trident, flying or stuck.
    Arrow(Arrow),
    /// The player's fishing bobber.
    Bobber(Bobber),
    /// A blaze's small fireball.
    Fireball(Fireball),
    Mob(Mob),
    /// A sand or gravel block on its way down.
    FallingBlock {
        block: BlockId,
    },
    Boat(Boat),
    /// An item frame or painting on a wall.
    Hanging(Hanging),
    /// A thrown eye of ender on its way toward a stronghold.
    EyeOfEnder(EyeOfEnder),
    /// The ender dragon's fireball, flying straight.
    DragonFireball,
    /// A cloud of dragon's breath lying on the ground.
    Breath(Breath),
}

/// A thrown eye of ender (`EyeOfEnderEntity`): where it heads, its age and
/// whether it drops as an item when its flight ends (else it shatters).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EyeOfEnder {
    pub target: [f64; 3],
    pub life: u32,
    pub survives: bool,
}

/// A cloud of dragon's breath (`AreaEffectCloudEntity` with instant
/// damage): its radius now and the ticks it has left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Breath {
    pub radius: f64,
    pub ticks_left: u32,
    /// Radius gained (negative: lost) each tick.
    pub radius_per_tick: f64,
    /// What each hurt deals (instant damage I: 6, II: 12).
    pub harm: f32,
}

/// An item frame or painting hanging on a block (a frame also on its top
/// or bottom, lying on a floor or under a ceiling).
#[derive(Debug, Clone, PartialEq)]
pub struct Hanging {
    /// `item_frame` or `painting`: the item it was and drops.
    pub item: ItemId,
    /// The face of the wall it hangs on: it faces that way.
    pub facing: Face,
    /// The block it hangs on.
    pub wall: BlockPos,
    /// What an item frame holds.
    pub held: Option<ItemStack>,
}

impl Hanging {
    /// Its entity type's name, the item's: `item_frame` or `painting`.
    pub fn name(&self) -> &'static str {
        registry().item(self.item).name
    }

    /// Half its side and its height: a board 3/4 of a block square and
    /// 1/16 thick, standing on a wall or lying on a floor or ceiling.
    pub fn size(&self) -> (f64, f64) {
        const HALF_SIDE: f64 = 0.375;
        if self.facing.is_vertical() {
            (HALF_SIDE, 1.0 / 16.0)
        } else {
            (HALF_SIDE, 2.0 * HALF_SIDE)
        }
    }
}

/// Facts set by `/summon` NBT that later parts act on.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MobTags {
    pub angry: bool,
    pub tame: bool,
    pub baby: bool,
    /// Villager profession, e.g. `minecraft:farmer`.
    pub profession: Option<String>,
    /// Wears something on its head (`ArmorItems`): the sun does not burn it.
    pub helmet: bool,
    /// Sheep: the wool colour, a dye id (0 white … 15 black).
    pub color: u8,
    /// Sheep: shorn.
    pub sheared: bool,
}

#[derive(Debug, Clone)]
pub struct Mob {
    pub kind: EntityTypeId,
    pub health: f32,
    pub tags: MobTags,
    pub state: MobState,
    /// What it wants, remembers and plans (`sim::creature`); boxed, as
    /// it is large next to the other kinds of entity.
    pub brain: Box<Brain>,
}

impl Mob {
    pub fn new(kind: EntityTypeId, health: f32, tags: MobTags) -> Mob {
        Mob {
            kind,
            health,
            tags,
            state: MobState::default(),
            brain: Box::default(),
        }
    }

    pub fn is_dying(&self) -> bool {
        self.state.death_ticks > 0 || self.health <= 0.0
    }
}

/// What changes about a creature from tick to tick besides its position:
/// what combat and the renderer read (hurt flash, death tilt, leg swing).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MobState {
    /// Counts down from 10 after a hit: the red flash, and the window in
    /// which only a larger hit does damage.
    pub hurt_ticks: u32,
    /// The damage of the last hit, for that window.
    pub last_hurt: f32,
    /// Ticks since death (0 while alive); the body is removed at 20.
    pub death_ticks: u32,
    /// Distance walked, in blocks: the phase of the leg swing.
    pub limb_swing: f32,
    /// How far the legs swing this tick (0 standing, up to 1 running).
    pub limb_amount: f32,
    /// On a lead held by the player.
    pub leashed: bool,
    /// Breeding: in love, mating, and the wait before breeding again.
    pub love: Love,
    /// Ticks since it was last hit or had the player within 32 blocks
    /// (vanilla's `noActionTime`): past 600 a far monster may despawn.
    pub idle_ticks: u32,
}

/// An animal's breeding state (`AnimalEntity.inLove` and `age`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Love {
    /// Ticks left in love (600 after being fed).
    pub ticks_left: u32,
    /// Ticks spent within 3 blocks of a partner; they breed at 60.
    pub mating_ticks: u32,
    /// Ticks before it can fall in love again (6000 after breeding).
    pub cooldown: u32,
}

impl Entity {
    /// The box its body fills, standing where it is.
    pub fn bounding_box(&self) -> Aabb {
        let (half_width, height) = self.size();
        Aabb::at_feet(self.pos, half_width, height)
    }

    /// Half width and height of the hitbox.
    pub fn size(&self) -> (f64, f64) {
        match &self.kind {
            EntityKind::FallingBlock { .. } => (0.49, 0.98),
            EntityKind::Boat(_) => (boat::HALF_WIDTH, boat::HEIGHT),
            EntityKind::Item { .. }
            | EntityKind::Projectile { .. }
            | EntityKind::Bobber(_)
            | EntityKind::EyeOfEnder(_) => (0.125, 0.25),
            EntityKind::DragonFireball => (0.5, 1.0),
            EntityKind::Breath(breath) => (breath.radius, 0.5),
            EntityKind::Arrow(_) => (0.25, 0.5),
            EntityKind::Fireball(_) => (0.156_25, 0.3125),
            EntityKind::Hanging(hanging) => hanging.size(),
            EntityKind::Mob(mob) => {
                let def = registry().entity(mob.kind);
                (f64::from(def.width) / 2.0, f64::from(def.height))
            }
        }
    }
}

/// All entities, in creation order (so iteration is deterministic).
#[derive(Debug, Clone, Default)]
pub struct Entities {
    pub list: Vec<Entity>,
    next_id: EntityId,
}

impl Entities {
    /// The id the next entity spawned gets: every entity spawned from now
    /// on has this id or a higher one.
    pub fn next_id(&self) -> EntityId {
        self.next_id
    }

    pub fn spawn(&mut self, kind: EntityKind, pos: [f64; 3], vel: [f64; 3]) -> EntityId {
        let id = self.next_id;
        self.next_id += 1;
        self.list.push(Entity {
            id,
            kind,
            pos,
            vel,
            yaw: 0.0,
            on_ground: false,
            age: 0,
        });
        id
    }

    /// Numbers the entities spawned from now on after those of `other`
    /// (another dimension's), so an id never names two entities.
    pub fn continue_ids_after(&mut self, other: &Entities) {
        self.next_id = self.next_id.max(other.next_id);
    }

    pub fn get(&self, id: EntityId) -> Option<&Entity> {
        self.list.iter().find(|e| e.id == id)
    }

    pub fn get_mut(&mut self, id: EntityId) -> Option<&mut Entity> {
        self.list.iter_mut().find(|e| e.id == id)
    }
}
