//! Following a creature where no walk goes: when a hunt's quarry has
//! stood on another level (down in a pit, up on a cliff) out of reach for
//! a while, and the player holds ender pearls, a pearl is thrown onto the
//! ground beside it — not at it: an enderman dodges what is thrown at it —
//! and the hunt goes on from where the pearl lands (five points of
//! damage, as vanilla's teleport costs). Inert without pearls.

use super::behaviour::{distance, distance_across, turn_towards, Behaviour, Select, Step};
use super::blocks::stands_dry;
use super::combat::{nearest, Hunt};
use super::flight::{turn_reaches_aim, PEARL_FLIGHT};
use super::go_round::on_another_level;
use crate::protocol::{Action, Key};
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::registry::{item, ItemId};
use crate::sim::rules::ENTITY_REACH;

/// Ticks a creature stays on another level out of reach (the hunt's
/// walks round having had their go) before a pearl is thrown.
const PATIENCE: u32 = 200;
/// The landing cells looked at: this far across from the creature's, a
/// block up or down; and the least distance across from its feet (the
/// pearl must not meet its body).
const LANDING_SPREAD: i32 = 2;
const CLEAR_OF_BODY: f64 = 1.0;
/// How long a thrown pearl is waited for before the hunt goes on.
const FLIGHT_TICKS: u32 = 80;

/// A hunt that throws an ender pearl to its quarry when no walk reaches it.
pub struct PearlChase {
    hunt: Hunt,
    kind: &'static str,
    /// Ticks the quarry has stood apart, out of reach.
    apart: u32,
    throw: Option<PearlThrow>,
}

impl PearlChase {
    pub fn new(hunt: Hunt, kind: &'static str) -> PearlChase {
        PearlChase {
            hunt,
            kind,
            apart: 0,
            throw: None,
        }
    }
}

/// Whether a creature stands on another level than the player, beyond the
/// arm's reach.
pub(super) fn apart(game: &Game, e: &Entity) -> bool {
    on_another_level(game, e.pos) && e.bounding_box().distance_to(game.player.eye()) > ENTITY_REACH
}

fn pearl() -> ItemId {
    item("ender_pearl")
}

impl Behaviour for PearlChase {
    fn next(&mut self, game: &Game) -> Step {
        if let Some(throw) = &mut self.throw {
            match throw.next(game) {
                Step::Act(action) => return Step::Act(action),
                Step::Done => {
                    self.throw = None;
                    self.apart = 0;
                }
            }
        }
        let p = &game.player;
        let quarry = nearest(game, self.kind);
        let pearls = p.inventory.hotbar_slot_of(pearl()).is_some();
        match quarry {
            Some(e) if pearls && apart(game, e) => self.apart += 1,
            _ => self.apart = 0,
        }
        if self.apart > PATIENCE && p.pearl_cooldown == 0 {
            if let Some(landing) = quarry.and_then(|e| landing(game, e)) {
                let weapon = p.inventory.selected_stack().map(|s| s.item);
                self.throw = Some(PearlThrow::new(landing, weapon));
                return self.next(game);
            }
        }
        self.hunt.next(game)
    }
}

/// Where to land a pearl near a creature: the top of the ground in a
/// standable cell beside it (on the player's side first, nearest it
/// first) that a pearl reaches in a flight clear of blocks.
fn landing(game: &Game, e: &Entity) -> Option<[f64; 3]> {
    let [fx, fy, fz] = e.pos.map(|v| v.floor() as i32);
    let p = game.player.pos;
    let mut spots: Vec<(bool, i64, [f64; 3])> = Vec::new();
    for dy in -1..=1 {
        for dz in -LANDING_SPREAD..=LANDING_SPREAD {
            for dx in -LANDING_SPREAD..=LANDING_SPREAD {
                let cell = [fx + dx, fy + dy, fz + dz];
                let top = [
                    f64::from(cell[0]) + 0.5,
                    f64::from(cell[1]) + 0.05,
                    f64::from(cell[2]) + 0.5,
                ];
                if !stands_dry(&game.world, cell) || distance_across(top, e.pos) < CLEAR_OF_BODY {
                    continue;
                }
                let far_side = distance_across(top, p) > distance_across(e.pos, p);
                let near = (distance(top, e.pos) * 1000.0) as i64;
                spots.push((far_side, near, top));
            }
        }
    }
    spots.sort_by_key(|&(far_side, near, _)| (far_side, near));
    spots
        .into_iter()
        .map(|(_, _, top)| top)
        .find(|&top| PEARL_FLIGHT.aim_at_point(game, top, 0.0).is_some())
}

/// Selects a pearl, turns to send it onto `landing`, throws it standing
/// still, waits for it to land, and takes the weapon back in hand.
struct PearlThrow {
    landing: [f64; 3],
    weapon: Option<ItemId>,
    thrown: bool,
    ticks_left: u32,
}

impl PearlThrow {
    fn new(landing: [f64; 3], weapon: Option<ItemId>) -> PearlThrow {
        PearlThrow {
            landing,
            weapon,
            thrown: false,
            ticks_left: FLIGHT_TICKS,
        }
    }

    fn pearl_in_flight(game: &Game) -> bool {
        game.entities
            .list
            .iter()
            .any(|e| matches!(e.kind, EntityKind::Projectile { item } if item == pearl()))
    }
}

impl Behaviour for PearlThrow {
    fn next(&mut self, game: &Game) -> Step {
        self.ticks_left = self.ticks_left.saturating_sub(1);
        if self.thrown {
            if Self::pearl_in_flight(game) && self.ticks_left > 0 {
                return Step::Act(Action::noop());
            }
            return match self.weapon {
                Some(weapon) => Select(weapon).next(game),
                None => Step::Done,
            };
        }
        if self.ticks_left == 0 {
            self.thrown = true;
            return self.next(game);
        }
        if let Step::Act(action) = Select(pearl()).next(game) {
            return Step::Act(action);
        }
        let Some((yaw, pitch)) = PEARL_FLIGHT.aim_at_point(game, self.landing, 0.0) else {
            self.thrown = true;
            return self.next(game);
        };
        let p = &game.player;
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        let still = p.on_ground && p.vel[0].hypot(p.vel[2]) < 0.01;
        if still && turn_reaches_aim(action.camera) {
            action.press(Key::Use);
            self.thrown = true;
        }
        Step::Act(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::command::run;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::script::long::stage::play_phase;
    use crate::suite::Event;

    /// A walled yard with a pig in it, and the player on a pillar eight
    /// blocks over the yard's floor, a sword in hand, `pearls` in the
    /// hotbar.
    fn pillar_over_a_pig(pearls: u32) -> Game {
        let mut game = sky_game();
        for x in -7..=7i32 {
            for z in -7..=7i32 {
                put(&mut game, [x, FLOOR, z], "stone");
                if x.abs() == 7 || z.abs() == 7 {
                    put(&mut game, [x, FLOOR + 1, z], "stone");
                    put(&mut game, [x, FLOOR + 2, z], "stone");
                }
            }
        }
        for y in FLOOR + 1..=FLOOR + 8 {
            put(&mut game, [0, y, 0], "stone");
        }
        game.player.pos = [0.5, f64::from(FLOOR + 9), 0.5];
        run(
            &mut game,
            "/replaceitem entity @s weapon.mainhand minecraft:diamond_sword",
        );
        if pearls > 0 {
            run(
                &mut game,
                &format!("/give @s minecraft:ender_pearl {pearls}"),
            );
        }
        run(
            &mut game,
            &format!("/summon minecraft:pig 4.5 {} 0.5", FLOOR + 1),
        );
        game
    }

    fn chase() -> Vec<Box<dyn Behaviour>> {
        vec![Box::new(PearlChase::new(Hunt::over_land("pig", 1), "pig"))]
    }

    fn killed(game: &Game) -> bool {
        game.stats.get(Event::KillEntity, "pig") > 0
    }

    #[test]
    fn a_hunt_follows_a_creature_it_cannot_walk_to_by_ender_pearl() {
        let chased = play_phase(pillar_over_a_pig(4), chase(), killed, 900);
        assert!(chased.reached, "no kill in {} steps", chased.steps);
        let game = &chased.game;
        assert_eq!(game.stats.get(Event::UseItem, "ender_pearl"), 1);
        assert!(
            game.player.pos[1] < f64::from(FLOOR + 2),
            "down in the yard"
        );
        // The teleport's five points, in tenths.
        assert!(game.stats.get(Event::Custom, "damage_taken") >= 50);
        // Without pearls the hunt stays on the pillar, out of reach.
        let stuck = play_phase(pillar_over_a_pig(0), chase(), killed, 900);
        assert!(!stuck.reached);
        assert_eq!(stuck.game.player.block_pos()[1], FLOOR + 9);
    }
}
