//! The state of fired projectiles, after vanilla's `AbstractArrowEntity`
//! (arrows and thrown tridents) and `FishingBobberEntity`: who fired them,
//! whether they are stuck in a block, what they carry and what a bobber
//! has hooked. Their flight and hits are in `rules/projectiles.rs` and
//! `rules/fishing.rs`.

use super::entity::EntityId;
use super::inventory::ItemStack;

/// Who fired a projectile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shooter {
    Player,
    Mob(EntityId),
}

/// Whether a stuck projectile can be picked up (`AbstractArrowEntity.PickupStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pickup {
    /// Back into the inventory of the player who touches it.
    Allowed,
    /// Never (arrows shot by creatures).
    Disallowed,
}

/// An arrow or a thrown trident.
#[derive(Debug, Clone, PartialEq)]
pub struct Arrow {
    /// What a player picking it up gets back: an arrow, or the trident
    /// itself with its wear.
    pub stack: ItemStack,
    pub shooter: Shooter,
    pub pickup: Pickup,
    /// Damage per block/tick of speed (`baseDamage`, 2 for arrows); a
    /// trident deals [`Arrow::fixed_damage`] instead.
    pub base_damage: f64,
    /// Tridents: the damage of a hit, whatever the speed.
    pub fixed_damage: Option<f32>,
    /// A fully drawn bow's arrow: a random bonus on hit.
    pub crit: bool,
    /// Stuck in a block.
    pub in_ground: bool,
    /// Ticks stuck in a block; the arrow is gone at 1200.
    pub life: u32,
    /// Ticks it quivers after sticking; it cannot be picked up meanwhile.
    pub shake: u32,
    /// Whether it has cleared its shooter's box (it cannot hit the
    /// shooter before).
    pub left_shooter: bool,
    /// A trident that has hit something no longer hits anything.
    pub dealt_damage: bool,
    /// The unit direction it last flew in (it keeps pointing so when stuck).
    pub heading: [f64; 3],
}

/// What a fishing bobber is doing (`FishingBobberEntity.State`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BobberState {
    Flying,
    Hooked(EntityId),
    Bobbing,
}

/// The bobber at the end of the player's fishing line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bobber {
    pub state: BobberState,
    /// Ticks lying on the ground; it is gone at 1200.
    pub life: u32,
}

/// A small fireball (a blaze's), after `SmallFireballEntity`: it flies
/// straight, speeding up by `power` each tick, and burns what it hits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fireball {
    pub shooter: Shooter,
    /// Added to its velocity each tick (`xPower`, `yPower`, `zPower`).
    pub power: [f64; 3],
}
