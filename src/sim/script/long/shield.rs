//! The shield in a long fight: taken into the offhand ([`shield_to_offhand`]:
//! selected, then the swap-hands key), and raised against fireballs on
//! their way and, if asked, against the blows of creatures of a kind
//! ([`Shielded`], round any behaviour): while a creature's fireball
//! flies towards the player (the one that would strike first), and for
//! a moment after, so the next shot of a blaze's volley of three finds
//! it still up, the `use` key is held with the camera turned to the
//! shooter (1.16.5's shield stops a blow whose source lies within 90° of
//! the look), and the attack key is let go (a raised shield takes the
//! attack's clicks, even on the tick it is let go); with the sword in
//! hand, a creature in striking distance is faced the same way while the
//! sword charges, the shield lowered a few ticks before it is charged so
//! the strike lands. It is raised only where `use` is the shield's: not
//! with a block, food or a bow in the main hand, nor in a screen.

use super::equip::Equip;
use super::fight::nearest_within;
use super::phases::held;
use super::{deferred, Until};
use crate::protocol::{Action, Key};
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::projectile::Shooter;
use crate::sim::registry::{item, registry, ItemKind, ToolKind};
use crate::sim::rules::attack_charge;
use crate::sim::rules::defense::shield_at_the_ready;
use crate::sim::script::behaviour::{angles_to, turn_towards, Behaviour, Hold, Step};

/// Fireballs farther than this are not guarded against yet.
const THREAT_RANGE: f64 = 24.0;
/// Ticks the shield stays up after the last fireball on its way: a
/// blaze's shots come 6 ticks apart.
const HOLD_TICKS: u32 = 10;
/// A creature guarded against strikes within this distance (a blaze's
/// reach is 2 blocks; a little more, as the shield takes 5 ticks to rise).
const BLOW_RANGE: f64 = 3.0;
/// The sword's charge at which the shield raised against blows comes
/// down, a few ticks before a strike (a sword charges in 12.5 ticks).
const LOWER_AT_CHARGE: f32 = 0.75;
/// How far wide of the body's middle a fireball's line may pass and
/// still be guarded against: half the body's height, the fireball's
/// radius, and room for the player's own moves.
const MISS_MARGIN: f64 = 1.4;
/// The slowest closing speed counted, in blocks a tick, so a fireball
/// barely closing does not seem never to arrive.
const SLOWEST_CLOSING: f64 = 0.05;

fn in_offhand(game: &Game) -> bool {
    game.player
        .inventory
        .offhand
        .as_ref()
        .is_some_and(|s| s.name() == "shield")
}

/// Puts a carried shield in the offhand, unless it is there already.
pub fn shield_to_offhand() -> Box<dyn Behaviour> {
    Box::new(Until::new(
        |g| in_offhand(g) || held(g, "shield") == 0,
        1,
        |_| {
            vec![
                Box::new(Equip::new(item("shield"))),
                Box::new(Hold {
                    action: Action::noop().with(Key::SwapHands),
                    ticks: 1,
                }),
                Box::new(Hold::still(1)),
            ]
        },
    ))
}

/// Whether `use` would raise the offhand shield: it is there, no screen
/// is open, and the main hand holds nothing that takes `use` for itself
/// (the rules' own test).
fn shield_ready(game: &Game) -> bool {
    in_offhand(game) && shield_at_the_ready(&game.player) && game.screen.is_none()
}

/// Whether the main hand holds a sword: blows are guarded against only
/// in a fight, not while a block is mined (a raised shield stops mining).
fn sword_in_hand(game: &Game) -> bool {
    game.player.inventory.selected_stack().is_some_and(|s| {
        matches!(
            registry().item(s.item).kind,
            ItemKind::Tool {
                kind: ToolKind::Sword,
                ..
            }
        )
    })
}

/// Where the shooter of the creature's fireball that would strike the
/// player first stands (where the fireball is, if its shooter is gone).
/// A fireball flies straight along its power; one whose line passes
/// wide of the body is let by, as each one blocked wears the shield by 6
/// of its 336 uses.
fn incoming(game: &Game) -> Option<[f64; 3]> {
    let p = &game.player;
    let centre = [p.pos[0], p.pos[1] + p.height() / 2.0, p.pos[2]];
    let ticks_to_strike = |e: &Entity, power: [f64; 3]| {
        let to_body = [0, 1, 2].map(|i| centre[i] - e.pos[i]);
        let distance = to_body.iter().map(|v| v * v).sum::<f64>().sqrt();
        let norm = power.iter().map(|v| v * v).sum::<f64>().sqrt().max(1e-9);
        let heading = power.map(|v| v / norm);
        let along = (0..3).map(|i| to_body[i] * heading[i]).sum::<f64>();
        let wide = (distance * distance - along * along).max(0.0).sqrt();
        let speed = (0..3).map(|i| e.vel[i] * heading[i]).sum::<f64>();
        let on_its_way = along > 0.0 && wide <= MISS_MARGIN;
        (distance <= THREAT_RANGE && (on_its_way || distance < 2.0))
            .then(|| along.max(0.0) / speed.max(SLOWEST_CLOSING))
    };
    game.entities
        .list
        .iter()
        .filter_map(|e| match &e.kind {
            EntityKind::Fireball(fireball) => match fireball.shooter {
                Shooter::Mob(shooter) => Some((e, shooter, fireball.power)),
                Shooter::Player => None,
            },
            _ => None,
        })
        .filter_map(|(e, shooter, power)| ticks_to_strike(e, power).map(|t| (t, e, shooter)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, e, shooter)| game.entities.get(shooter).map_or(e.pos, |s| s.pos))
}

/// Plays a behaviour with the shield raised against fireballs on their
/// way (see the module comment).
pub struct Shielded {
    inner: Box<dyn Behaviour>,
    /// The kind of creature whose blows are guarded against too.
    blows_of: Option<&'static str>,
    /// Ticks the shield is kept up, and towards where.
    hold: u32,
    towards: [f64; 3],
}

/// The shield into the offhand, then the behaviour `build` makes played
/// with it raised against fireballs and the blows of creatures of `kind`.
pub fn with_shield(
    kind: &'static str,
    build: impl Fn() -> Box<dyn Behaviour> + 'static,
) -> Box<dyn Behaviour> {
    deferred(move |_| {
        vec![
            shield_to_offhand(),
            Box::new(Shielded::new(build()).and_blows_of(kind)),
        ]
    })
}

impl Shielded {
    pub fn new(inner: Box<dyn Behaviour>) -> Shielded {
        Shielded {
            inner,
            blows_of: None,
            hold: 0,
            towards: [0.0; 3],
        }
    }

    /// Guards against the blows of creatures of `kind` in striking distance too.
    pub fn and_blows_of(mut self, kind: &'static str) -> Shielded {
        self.blows_of = Some(kind);
        self
    }
}

impl Behaviour for Shielded {
    fn next(&mut self, game: &Game) -> Step {
        let fireball = incoming(game);
        if let Some(shooter) = fireball {
            self.hold = HOLD_TICKS;
            self.towards = shooter;
        }
        let step = self.inner.next(game);
        let Step::Act(mut action) = step else {
            return step;
        };
        // Lowered before the sword is charged: the tick `use` is let go
        // still takes the attack's click, as in vanilla.
        let sword_nearly_charged = attack_charge(&game.player) >= LOWER_AT_CHARGE;
        let striker = self
            .blows_of
            .filter(|_| fireball.is_none() && sword_in_hand(game) && !sword_nearly_charged)
            .and_then(|kind| nearest_within(game, kind, BLOW_RANGE));
        if let Some((creature, _)) = striker {
            self.towards = creature.pos;
        } else if self.hold == 0 {
            return Step::Act(action);
        }
        if !shield_ready(game) {
            return Step::Act(action);
        }
        self.hold = self.hold.saturating_sub(1);
        let (yaw, _) = angles_to(game, self.towards);
        action = action.without(Key::Attack).with(Key::Use);
        action.camera[1] = turn_towards(game, yaw, game.player.pitch)[1];
        Step::Act(action)
    }
}

#[cfg(test)]
mod tests;
