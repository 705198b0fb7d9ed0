//! The end crystals on the pillars, shot with a bow from the island
//! before the fight: 1.16.5's `EnderCrystalEntity.attackEntityFrom`
//! destroys a crystal on any hit not dealt by the dragon, an arrow's
//! included (and the crystal healing the dragon costs it 10 health as it
//! goes). The two crystals caged in iron bars cannot be hit from the
//! ground (an arrow stops at the bars) and are left standing.
//!
//! Precondition: on the island, carrying a bow and arrows.
//! Postcondition: every uncaged crystal destroyed, unless the arrows or
//! the patience ran out first.

use super::eat::Eat;
use super::end_fight::{clouded, eating_due, ground, horizontal};
use super::equip::Equip;
use super::stronghold::FOOD;
use super::Until;
use crate::protocol::Action;
use crate::sim::creature::dragon::crystals_by_distance;
use crate::sim::entity::{Entity, EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::player::EYE_HEIGHT;
use crate::sim::projectile::Shooter;
use crate::sim::registry::{block, item};
use crate::sim::rules::archery;
use crate::sim::script::behaviour::{Behaviour, Step};
use crate::sim::script::flight::ARROW_FLIGHT;
use crate::sim::script::steer::move_towards;
use crate::sim::script::tools::{Quarry, Shoot};

/// Shots at one crystal from one spot.
const SHOTS: u32 = 3;
/// Ticks those shots may take.
const SHOOT_TICKS: u32 = 200;
/// Farthest a crystal is shot at from (horizontally, eye to crystal).
const RANGE: f64 = 100.0;
/// Nearest: well clear of its blast (power 6 reaches 12 blocks).
const STANDOFF: f64 = 16.0;
/// Spots to shoot from stay this near the island's middle (its edge is
/// 80 blocks out or more), and this far from the exit portal (where the
/// dragon perches and breathes).
const ISLAND: f64 = 60.0;
const OFF_THE_PORTAL: f64 = 12.0;
/// Where a shot aims, above a crystal's feet (high on its 2-block body),
/// and how far from its middle the box an arrow hits begins.
const AIM: f64 = 1.7;
const BOX_EDGE: f64 = 1.3;
/// Spots looked at for shooting from lie on a grid this fine.
const SPOT_GRID: f64 = 3.0;
/// A missed crystal is tried again from this far from where it was missed.
const ELSEWHERE: f64 = 4.0;
/// A walk to a spot ends this near it, or after this many ticks.
const ARRIVED: f64 = 0.6;
const WALK_TICKS: u32 = 400;
/// A fireball this many ticks or fewer from passing within this many
/// blocks of the body's middle is dodged, by stepping this far aside.
const FIREBALL_WARNING: f64 = 40.0;
const FIREBALL_MISS: f64 = 4.0;
const DODGE: f64 = 6.0;
/// Rounds of shooting at most.
const ROUNDS: u32 = 3;
/// Ticks the whole round of shooting may take.
const PATIENCE: u32 = 6_000;

/// Whether a crystal stands in an iron-bar cage (bars over its head).
fn caged(game: &Game, crystal: &Entity) -> bool {
    let top = crystal.pos.map(|v| v.floor() as i32);
    game.world.get([top[0], top[1] + 2, top[2]]) == block("iron_bars")
}

/// The crystals an arrow from the ground can reach.
fn shootable(game: &Game) -> Vec<&Entity> {
    crystals_by_distance(game, game.player.pos)
        .into_iter()
        .filter(|c| !caged(game, c))
        .collect()
}

/// Whether an arrow from `eye` reaches `crystal`: in range, and its
/// flight at the aim clear of blocks until it meets the crystal's box.
fn in_sight(game: &Game, eye: [f64; 3], crystal: &Entity) -> bool {
    let reach = (crystal.pos[0] - eye[0]).hypot(crystal.pos[2] - eye[2]);
    let aim = [crystal.pos[0], crystal.pos[1] + AIM, crystal.pos[2]];
    (STANDOFF..=RANGE).contains(&reach) && ARROW_FLIGHT.flies_clear(game, eye, aim, BOX_EDGE)
}

fn arrows_flying(game: &Game) -> bool {
    game.entities.list.iter().any(
        |e| matches!(&e.kind, EntityKind::Arrow(a) if a.shooter == Shooter::Player && !a.in_ground),
    )
}

/// Where to step aside to from a dragon's fireball on its way to the
/// feet (it bursts into a cloud of breath where it lands), if one is.
pub(super) fn dodge(game: &Game) -> Option<[f64; 3]> {
    let p = &game.player;
    let middle = [p.pos[0], p.pos[1] + 0.9, p.pos[2]];
    game.entities.list.iter().find_map(|e| {
        if !matches!(e.kind, EntityKind::DragonFireball) {
            return None;
        }
        let v = e.vel;
        let speed2 = v.iter().map(|c| c * c).sum::<f64>();
        let to = [0, 1, 2].map(|a| middle[a] - e.pos[a]);
        let t = to.iter().zip(v).map(|(d, c)| d * c).sum::<f64>() / speed2.max(1e-9);
        let miss = [0, 1, 2].map(|a| to[a] - v[a] * t);
        let near = miss.iter().map(|c| c * c).sum::<f64>().sqrt();
        if !(0.0..=FIREBALL_WARNING).contains(&t) || near > FIREBALL_MISS {
            return None;
        }
        let across = v[0].hypot(v[2]).max(1e-9);
        let side = [-v[2] / across, v[0] / across];
        [1.0, -1.0]
            .into_iter()
            .map(|sign| {
                let x = p.pos[0] + side[0] * sign * DODGE;
                let z = p.pos[2] + side[1] * sign * DODGE;
                ground(game, x, z)
            })
            .find(|spot| spot.is_some_and(|s| !clouded(game, s)))
            .flatten()
    })
}

/// The legs of a walk from `from` to `to` that keeps off the exit
/// portal: straight, or by a point to the side of it.
fn legs(from: [f64; 3], to: [f64; 3]) -> Vec<[f64; 3]> {
    let d = [to[0] - from[0], to[2] - from[2]];
    let length2 = (d[0] * d[0] + d[1] * d[1]).max(1e-9);
    let t = (-(from[0] * d[0] + from[2] * d[1]) / length2).clamp(0.0, 1.0);
    let closest = (from[0] + t * d[0]).hypot(from[2] + t * d[1]);
    if closest >= OFF_THE_PORTAL - 2.0 {
        return vec![to];
    }
    let length = length2.sqrt();
    let side = [-d[1] / length, d[0] / length];
    let sign = if side[0] * from[0] + side[1] * from[2] >= 0.0 {
        1.0
    } else {
        -1.0
    };
    let by = [
        side[0] * sign * OFF_THE_PORTAL,
        to[1],
        side[1] * sign * OFF_THE_PORTAL,
    ];
    vec![by, to]
}

/// Shoots the crystals in sight one by one, walking to where one is in
/// sight when none is; a crystal the shots from a spot missed is tried
/// again only from another spot.
pub struct ShootCrystals {
    /// The legs of the walk to a spot, the ticks left for it and the
    /// crystal to shoot from there.
    walk: Option<(Vec<[f64; 3]>, u32, EntityId)>,
    /// The crystal being shot at, and the shots.
    shooting: Option<(EntityId, Shoot)>,
    /// Crystals missed, and where the feet stood.
    missed: Vec<(EntityId, [f64; 3])>,
    /// Eating between shots, when due.
    eat: Option<Eat>,
    ticks_left: u32,
}

impl ShootCrystals {
    fn new() -> ShootCrystals {
        ShootCrystals {
            eat: None,
            walk: None,
            shooting: None,
            missed: Vec::new(),
            ticks_left: PATIENCE,
        }
    }

    /// Whether crystal `id` has not been missed from near `feet`.
    fn fresh(&self, id: EntityId, feet: [f64; 3]) -> bool {
        !self
            .missed
            .iter()
            .any(|&(m, at)| m == id && horizontal(at, feet) < ELSEWHERE)
    }

    /// The nearest crystal worth shooting at from `feet`.
    fn target_from<'g>(&self, game: &'g Game, feet: [f64; 3]) -> Option<&'g Entity> {
        let eye = [feet[0], feet[1] + EYE_HEIGHT, feet[2]];
        shootable(game)
            .into_iter()
            .find(|c| self.fresh(c.id, feet) && in_sight(game, eye, c))
    }

    /// The spot on the island's middle nearest the feet with a crystal
    /// worth shooting at, and the crystal.
    fn spot(&self, game: &Game) -> Option<([f64; 3], EntityId)> {
        let here = game.player.pos;
        let span = (ISLAND / SPOT_GRID) as i32;
        (-span..=span)
            .flat_map(|i| (-span..=span).map(move |k| [i, k]))
            .map(|[i, k]| {
                (
                    f64::from(i) * SPOT_GRID + 0.5,
                    f64::from(k) * SPOT_GRID + 0.5,
                )
            })
            .filter(|&(x, z)| (OFF_THE_PORTAL..=ISLAND).contains(&x.hypot(z)))
            .filter_map(|(x, z)| ground(game, x, z))
            .filter(|&feet| !clouded(game, feet))
            .filter_map(|feet| Some((feet, self.target_from(game, feet)?.id)))
            .min_by(|a, b| horizontal(a.0, here).total_cmp(&horizontal(b.0, here)))
    }
}

impl Behaviour for ShootCrystals {
    fn next(&mut self, game: &Game) -> Step {
        let arrows = game.player.inventory.count(item("arrow"));
        if self.ticks_left == 0 || shootable(game).is_empty() || arrows == 0 {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let p = &game.player;
        if let Some(eat) = &mut self.eat {
            if !clouded(game, p.pos) {
                if let Step::Act(action) = eat.next(game) {
                    return Step::Act(action);
                }
            }
            self.eat = None;
        }
        if let Some(away) = dodge(game) {
            self.shooting = None;
            self.walk = None;
            let mut action = Action::noop();
            move_towards(game, away, &mut action);
            return Step::Act(action);
        }
        if clouded(game, p.pos) && self.walk.is_none() {
            // Out of the breath first: the shots wait.
            self.shooting = None;
            if let Some((spot, crystal)) = self.spot(game) {
                self.walk = Some((legs(p.pos, spot), WALK_TICKS, crystal));
            }
        }
        let mut chosen = None;
        if let Some((legs, ticks, crystal)) = &mut self.walk {
            while legs
                .first()
                .is_some_and(|&to| horizontal(to, p.pos) <= ARRIVED)
            {
                legs.remove(0);
            }
            if let (Some(&to), 1..) = (legs.first(), *ticks) {
                *ticks -= 1;
                let mut action = Action::noop();
                move_towards(game, to, &mut action);
                return Step::Act(action);
            }
            chosen = Some(*crystal);
            self.walk = None;
        }
        if let Some((id, shoot)) = &mut self.shooting {
            let standing = game.entities.list.iter().any(|e| e.id == *id);
            if standing {
                match shoot.next(game) {
                    Step::Act(action) => return Step::Act(action),
                    Step::Done if arrows_flying(game) => return Step::Act(Action::noop()),
                    Step::Done => self.missed.push((*id, p.pos)),
                }
            }
            self.shooting = None;
        }
        if eating_due(game) && !clouded(game, p.pos) {
            self.eat = Some(Eat::new(FOOD));
            return Step::Act(Action::noop());
        }
        let standing = |id| shootable(game).into_iter().find(|c| c.id == id);
        let target = chosen
            .and_then(standing)
            .or_else(|| self.target_from(game, p.pos));
        if let Some(crystal) = target {
            let shoot = Shoot {
                quarry: Quarry::chosen("end_crystal", crystal.id),
                flight: ARROW_FLIGHT,
                draw_ticks: archery::FULL_DRAW_TICKS,
                shots: SHOTS,
                ticks_left: SHOOT_TICKS,
                // The spot was chosen for a clear flight.
                clear_shots_only: false,
            };
            self.shooting = Some((crystal.id, shoot));
        } else {
            let Some((spot, crystal)) = self.spot(game) else {
                return Step::Done;
            };
            self.walk = Some((legs(p.pos, spot), WALK_TICKS, crystal));
        }
        Step::Act(Action::noop())
    }
}

/// The bow in hand, then the crystals shot (in a few rounds, should one
/// stop short).
pub fn shoot_the_crystals() -> Box<dyn Behaviour> {
    Box::new(Until::new(
        |g| shootable(g).is_empty(),
        ROUNDS,
        |_| {
            vec![
                Box::new(Equip::new(item("bow"))),
                Box::new(ShootCrystals::new()),
            ]
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::script::long::end_fight::tests::on_the_island;
    use crate::sim::script::long::stage::play_phase;

    /// From beside the exit portal, arrows break the eight uncaged
    /// crystals; the two caged ones stand.
    #[test]
    #[cfg_attr(
        debug_assertions,
        ignore = "thousands of ticks of shooting: run in release"
    )]
    fn arrows_break_every_uncaged_crystal() {
        for scenario in 0..3 {
            let game = on_the_island(scenario);
            let arrows = game.player.inventory.count(item("arrow"));
            let shot = play_phase(
                game,
                vec![shoot_the_crystals()],
                |g| shootable(g).is_empty(),
                PATIENCE,
            );
            let left = crystals_by_distance(&shot.game, [0.0; 3]).len();
            let spent = arrows - shot.game.player.inventory.count(item("arrow"));
            eprintln!(
                "seed {scenario}: {} steps, {spent} arrows, {left} crystals left, health {}",
                shot.steps, shot.game.player.health
            );
            assert!(shot.reached, "seed {scenario}: {left} crystals left");
            assert_eq!(left, 2, "seed {scenario}: the caged two stand");
        }
    }
}
