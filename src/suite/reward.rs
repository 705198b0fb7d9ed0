//! Reward configuration entries: which statistic a task watches and what a
//! rise in it pays (SPEC §4).

use serde::{Deserialize, Serialize};

/// A statistic family a reward entry watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    MineBlock,
    CraftItem,
    UseItem,
    Pickup,
    BreakItem,
    KillEntity,
    /// The player was killed by a creature of the named kind.
    EntityKilledBy,
    Drop,
    /// Vanilla custom statistics (`jump`, `sleep_in_bed`, `open_chest`, …).
    Custom,
    DamageDealt,
    /// An entity of the named kind came to exist (e.g. a built snow golem).
    Mobs,
    /// A chest was opened (counted as `custom[open_chest]`).
    OpenChest,
    /// Steps that ended with the crosshair on the named block (within
    /// reach) or on `sky` (nothing in the way, looking up). An mcu event:
    /// vanilla has no counter for what the player sees.
    LookAt,
}

impl Event {
    pub const ALL: [Event; 13] = [
        Event::MineBlock,
        Event::CraftItem,
        Event::UseItem,
        Event::Pickup,
        Event::BreakItem,
        Event::KillEntity,
        Event::EntityKilledBy,
        Event::Drop,
        Event::Custom,
        Event::DamageDealt,
        Event::Mobs,
        Event::OpenChest,
        Event::LookAt,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Event::MineBlock => "mine_block",
            Event::CraftItem => "craft_item",
            Event::UseItem => "use_item",
            Event::Pickup => "pickup",
            Event::BreakItem => "break_item",
            Event::KillEntity => "kill_entity",
            Event::EntityKilledBy => "entity_killed_by",
            Event::Drop => "drop",
            Event::Custom => "custom",
            Event::DamageDealt => "damage_dealt",
            Event::Mobs => "mobs",
            Event::OpenChest => "open_chest",
            Event::LookAt => "look_at",
        }
    }

    pub fn parse(name: &str) -> Option<Event> {
        Event::ALL.into_iter().find(|e| e.as_str() == name)
    }
}

/// One validated entry of `reward_cfg` or `milestone_reward_cfg`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RewardEntry {
    pub event: Event,
    /// Payouts are counted per identity.
    pub identity: String,
    /// Bare ids; the first whose counter rose in a step pays.
    pub objects: Vec<String>,
    /// Paid once per step at most.
    pub reward: f64,
    /// How many times this identity may pay in one episode.
    pub max_reward_times: u32,
}

impl RewardEntry {
    /// The most this entry can pay in one episode.
    pub fn max_total(&self) -> f64 {
        self.reward * f64::from(self.max_reward_times)
    }
}
