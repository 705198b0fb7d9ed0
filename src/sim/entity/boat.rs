//! A boat's state: what wood it is (the item it drops), who sits in it,
//! the damage that breaks it and the paddling its driver asks for. How it
//! moves and who gets in is `rules/boats.rs`'s.

use super::EntityId;
use crate::sim::registry::ItemId;

/// Half the boat's width (1.375) and its height.
pub const HALF_WIDTH: f64 = 0.6875;
pub const HEIGHT: f64 = 0.5625;
/// A boat seats at most two.
pub const SEATS: usize = 2;

/// Who sits in a boat; the first rider steers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rider {
    Player,
    Mob(EntityId),
}

/// The driver's keys this tick.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Paddle {
    pub forward: bool,
    pub back: bool,
    pub left: bool,
    pub right: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Boat {
    /// The boat item it was placed from and drops when broken.
    pub item: ItemId,
    pub riders: Vec<Rider>,
    /// Accumulated hits (ten times their damage); broken above 40.
    pub damage: f32,
    /// Ticks of the wobble after a hit.
    pub hurt_ticks: u32,
    pub paddle: Paddle,
    /// Degrees the boat turns this tick (`deltaRotation`).
    pub turning: f32,
}

impl Boat {
    pub fn new(item: ItemId) -> Boat {
        Boat {
            item,
            riders: Vec::new(),
            damage: 0.0,
            hurt_ticks: 0,
            paddle: Paddle::default(),
            turning: 0.0,
        }
    }

    pub fn carries_player(&self) -> bool {
        self.riders.contains(&Rider::Player)
    }

    /// The player steers when seated first.
    pub fn player_drives(&self) -> bool {
        self.riders.first() == Some(&Rider::Player)
    }
}
