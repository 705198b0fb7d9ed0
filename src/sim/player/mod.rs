//! The player: position and view, health and hunger, effects, inventory,
//! and what they are in the middle of doing (breaking a block, eating).

use super::inventory::Inventory;
use super::world::BlockPos;

/// Eye height above the feet, standing, sneaking and lying flat
/// (swimming, or crawling under a ceiling too low to crouch).
pub const EYE_HEIGHT: f64 = 1.62;
pub const EYE_HEIGHT_SNEAKING: f64 = 1.27;
pub const EYE_HEIGHT_LYING: f64 = 0.4;
/// Hitbox half width and heights.
pub const HALF_WIDTH: f64 = 0.3;
pub const HEIGHT: f64 = 1.8;
pub const HEIGHT_SNEAKING: f64 = 1.5;
pub const HEIGHT_LYING: f64 = 0.6;
pub const MAX_HEALTH: f32 = 20.0;
pub const MAX_FOOD: u8 = 20;
/// Breath in ticks.
pub const MAX_AIR: i32 = 300;

/// A status effect from `/effect` (night vision, slowness…).
#[derive(Debug, Clone, PartialEq)]
pub struct ActiveEffect {
    /// Bare id, e.g. `night_vision`.
    pub id: String,
    /// 0 is level I.
    pub amplifier: u8,
    pub ticks_left: u32,
}

/// Experience points from `level` to the next (1.16.5's curve).
pub fn points_to_next(level: u32) -> u32 {
    match level {
        30.. => 112 + (level - 30) * 9,
        15.. => 37 + (level - 15) * 5,
        _ => 7 + level * 2,
    }
}

/// A bow or trident being drawn with the use key held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drawing {
    /// Ticks the use key has been held since drawing began.
    pub ticks: u32,
    /// Whether the drawn item is in the offhand.
    pub offhand: bool,
}

/// Sleeping in a bed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sleep {
    /// The bed's foot.
    pub bed: BlockPos,
    /// Ticks asleep so far (the night is skipped at 100).
    pub ticks: u32,
}

/// Progress of breaking the block under the crosshair.
#[derive(Debug, Clone, PartialEq)]
pub struct Breaking {
    pub pos: BlockPos,
    /// 0..1; the block breaks at 1.
    pub progress: f32,
}

#[derive(Debug, Clone)]
pub struct Player {
    /// Feet position (centre of the bottom of the hitbox).
    pub pos: [f64; 3],
    pub vel: [f64; 3],
    /// Degrees; 0 faces south (+z), 90 west (−x), as in Minecraft.
    pub yaw: f32,
    /// Degrees; positive looks down, clamped to ±90.
    pub pitch: f32,
    pub on_ground: bool,
    /// Crouched: the sneak key is down, or a low ceiling keeps the body down.
    pub sneaking: bool,
    /// The sneak key is down (`isShiftKeyDown`): it, not a crouch forced by
    /// a low ceiling, makes a use skip the block's own (a table opening).
    pub shift_down: bool,
    pub sprinting: bool,
    pub in_water: bool,
    pub fall_distance: f64,
    pub health: f32,
    pub food: u8,
    pub saturation: f32,
    pub exhaustion: f32,
    pub xp_levels: u32,
    /// Experience points towards the next level.
    pub xp_points: u32,
    /// Seeds the enchanting table's offers; drawn anew after each enchanting.
    pub enchantment_seed: i32,
    pub effects: Vec<ActiveEffect>,
    pub inventory: Inventory,
    pub breaking: Option<Breaking>,
    /// Ticks the use key has been held on food (eating takes 32).
    pub eating_ticks: u32,
    /// Whether the food being eaten is in the offhand.
    pub eating_offhand: bool,
    /// Ticks before the use key acts again (Minecraft's 4-tick delay).
    pub use_cooldown: u32,
    /// Ticks since death; `None` while alive.
    pub dead_ticks: Option<u32>,
    /// Whether the previous tick had the jump key down.
    pub jump_was_down: bool,
    pub drop_was_down: bool,
    /// Whether the previous tick had the attack key down (for swings).
    pub attack_was_down: bool,
    /// Whether the previous tick had these keys down (press edges).
    pub use_was_down: bool,
    pub swap_was_down: bool,
    pub pick_was_down: bool,
    pub inventory_was_down: bool,
    pub hotbar_was_down: [bool; 9],
    /// Ticks before holding jump jumps again (vanilla's `noJumpDelay`).
    pub jump_delay: u32,
    /// Ticks before attack continues breaking after a block broke (5,
    /// vanilla's `destroyDelay`).
    pub break_cooldown: u32,
    /// Ticks the attack key does nothing after a swing at nothing (10,
    /// vanilla's `missTime`).
    pub miss_cooldown: u32,
    /// Ticks counted towards the next regeneration or starvation step.
    pub food_timer: u32,
    /// Breath in ticks (300 full); drowning starts below 0.
    pub air: i32,
    /// Ticks left burning.
    pub fire_ticks: i32,
    /// Ticks of protection after being hurt (vanilla's `invulnerableTime`).
    pub hurt_cooldown: u32,
    /// The damage of the last hit, for hits during the protection.
    pub last_hurt: f32,
    /// Whether the last move was stopped sideways.
    pub horizontal_collision: bool,
    /// Sprinting with the eyes under water.
    pub swimming: bool,
    /// The body lies flat (vanilla's `SWIMMING` pose): while swimming, or
    /// where neither standing nor crouching fits.
    pub lying: bool,
    /// Set by cobwebs and berry bushes: the next move is scaled by it.
    pub stuck_multiplier: Option<[f64; 3]>,
    /// Ticks before an ender pearl can be thrown again.
    pub pearl_cooldown: u32,
    /// Ticks since the last swing of the main hand: the attack charge
    /// (vanilla's `attackStrengthTicker`).
    pub attack_ticks: u32,
    /// The main-hand item the charge is for; another item starts over.
    pub charge_item: Option<super::registry::ItemId>,
    /// Ticks the use key has held a shield up (it blocks from the 5th).
    pub shield_ticks: u32,
    /// The bow or trident being drawn, if any.
    pub drawing: Option<Drawing>,
    /// The bed slept in, if asleep.
    pub sleeping: Option<Sleep>,
    /// Ticks spent in a nether portal (vanilla's `portalTime`).
    pub portal_ticks: u32,
    /// Ticks before a portal acts on the player again.
    pub portal_cooldown: u32,
}

impl Player {
    /// Gives a status effect: a stronger one replaces the one running, an
    /// equal one only lengthens it, a weaker one changes nothing.
    pub fn add_effect(&mut self, new: ActiveEffect) {
        match self.effects.iter_mut().find(|e| e.id == new.id) {
            None => self.effects.push(new),
            Some(old)
                if new.amplifier > old.amplifier
                    || new.amplifier == old.amplifier && new.ticks_left > old.ticks_left =>
            {
                *old = new
            }
            Some(_) => {}
        }
    }

    /// Adds experience points, completing levels as they fill up.
    pub fn gain_experience(&mut self, points: u32) {
        self.xp_points += points;
        while self.xp_points >= points_to_next(self.xp_levels) {
            self.xp_points -= points_to_next(self.xp_levels);
            self.xp_levels += 1;
        }
    }

    /// Takes levels away (enchanting), keeping the progress towards the
    /// next level as the same fraction of it.
    pub fn spend_levels(&mut self, levels: u32) {
        let before = points_to_next(self.xp_levels);
        self.xp_levels = self.xp_levels.saturating_sub(levels);
        self.xp_points = self.xp_points * points_to_next(self.xp_levels) / before;
    }

    /// A fresh player standing at `feet`.
    pub fn new(feet: [f64; 3]) -> Player {
        Player {
            pos: feet,
            vel: [0.0; 3],
            yaw: 0.0,
            pitch: 0.0,
            on_ground: false,
            sneaking: false,
            shift_down: false,
            sprinting: false,
            in_water: false,
            fall_distance: 0.0,
            health: MAX_HEALTH,
            food: MAX_FOOD,
            saturation: 5.0,
            exhaustion: 0.0,
            xp_levels: 0,
            xp_points: 0,
            enchantment_seed: 0,
            effects: Vec::new(),
            inventory: Inventory::default(),
            breaking: None,
            eating_ticks: 0,
            eating_offhand: false,
            use_cooldown: 0,
            dead_ticks: None,
            jump_was_down: false,
            drop_was_down: false,
            attack_was_down: false,
            use_was_down: false,
            swap_was_down: false,
            pick_was_down: false,
            inventory_was_down: false,
            hotbar_was_down: [false; 9],
            jump_delay: 0,
            break_cooldown: 0,
            miss_cooldown: 0,
            food_timer: 0,
            air: MAX_AIR,
            fire_ticks: 0,
            hurt_cooldown: 0,
            last_hurt: 0.0,
            horizontal_collision: false,
            swimming: false,
            lying: false,
            stuck_multiplier: None,
            pearl_cooldown: 0,
            attack_ticks: 0,
            charge_item: None,
            shield_ticks: 0,
            drawing: None,
            sleeping: None,
            portal_ticks: 0,
            portal_cooldown: 0,
        }
    }

    /// The eye position.
    pub fn eye(&self) -> [f64; 3] {
        let h = if self.lying {
            EYE_HEIGHT_LYING
        } else if self.sneaking {
            EYE_HEIGHT_SNEAKING
        } else {
            EYE_HEIGHT
        };
        [self.pos[0], self.pos[1] + h, self.pos[2]]
    }

    /// The unit vector the player looks along.
    pub fn look_dir(&self) -> [f64; 3] {
        look_vector(self.yaw, self.pitch)
    }

    /// The block column and level the feet are in.
    pub fn block_pos(&self) -> BlockPos {
        [
            self.pos[0].floor() as i32,
            self.pos[1].floor() as i32,
            self.pos[2].floor() as i32,
        ]
    }

    /// The hitbox height: lower while sneaking, lowest lying flat.
    pub fn height(&self) -> f64 {
        if self.lying {
            HEIGHT_LYING
        } else if self.sneaking {
            HEIGHT_SNEAKING
        } else {
            HEIGHT
        }
    }

    /// The amplifier of an active effect (0 is level I).
    pub fn effect_amplifier(&self, id: &str) -> Option<u8> {
        self.effects
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.amplifier)
    }

    pub fn has_effect(&self, id: &str) -> bool {
        self.effects.iter().any(|e| e.id == id)
    }

    pub fn is_dead(&self) -> bool {
        self.dead_ticks.is_some()
    }
}

/// Minecraft's look vector for a yaw and pitch in degrees.
pub fn look_vector(yaw: f32, pitch: f32) -> [f64; 3] {
    let (yaw, pitch) = (f64::from(yaw).to_radians(), f64::from(pitch).to_radians());
    [
        -yaw.sin() * pitch.cos(),
        -pitch.sin(),
        yaw.cos() * pitch.cos(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_vector_follows_minecraft_axes() {
        let south = look_vector(0.0, 0.0);
        assert!((south[2] - 1.0).abs() < 1e-9);
        let west = look_vector(90.0, 0.0);
        assert!((west[0] + 1.0).abs() < 1e-9);
        let down = look_vector(0.0, 90.0);
        assert!((down[1] + 1.0).abs() < 1e-9);
    }
}
