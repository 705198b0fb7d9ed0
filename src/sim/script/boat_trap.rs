//! Plans for the trapping tasks, `trap_a_spider_with_a_boat` and
//! `trap_a_witch_with_a_boat`: a boat placed from the hand on the ground
//! where the creature is about to stand, so that its box touches the boat
//! and it is seated there (1.16.5's trick: a boat is not kept off by
//! creatures, and one that touches a boat gets in); a creature summoned
//! into the ground is dug out first. Their goals are checked by `checks`
//! (the creature sits in a boat).

use super::behaviour::{angles_to, distance, turn_towards, Behaviour, Step, MAX_TURN};
use super::blocks::collides_at;
use super::buried::burying_block;
use super::checks::in_a_boat;
use super::faces::face_centre;
use super::plans::{settle, Plan};
use super::plants::is_plant;
use super::tools::Quarry;
use super::walking::WalkTo;
use crate::protocol::{Action, Key};
use crate::sim::entity::boat;
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::raycast;
use crate::sim::rules::{boats, crosshair, Aabb, Fluid, Target};
use crate::sim::world::BlockPos;

/// How near, horizontally, to stand to the creature: its feet well
/// within the five blocks a boat item reaches from the eye.
const PLACE_FROM: f64 = 2.5;
/// How near to stand when the ground at its feet is out of sight.
const CLOSE_IN: f64 = 1.2;
/// How far a boat item reaches from the eye (`BoatItem.use`).
const BOAT_REACH: f64 = 5.0;
/// A creature whose feet are less than this far under the eye stands
/// on ground the eye meets only at its side.
const SEEN_FROM_ABOVE: f64 = 1.0;
/// How far around the feet other aim points lie.
const AROUND: f64 = 0.8;
/// A boat is counted as touching only this far inside its edge, for
/// the creature's move and the click's rounding.
const SEAT_MARGIN: f64 = 0.15;
/// Ticks to wait after a placement before trying again (the boat falls
/// and seats whoever it touches on its first ticks).
const SETTLE_TICKS: u32 = 10;
/// How far round an aim point the rays to nearby points are cast to see
/// that the ray's stop is steady, and how far from its stop theirs may
/// be.
const NUDGE: f64 = 0.02;
const STEADY_WITHIN: f64 = 0.2;

/// Whether the inventory slot holds a boat.
fn is_boat(game: &Game, slot: usize) -> bool {
    game.player.inventory.main[slot]
        .as_ref()
        .is_some_and(|s| boats::is_boat_item(s.item))
}

/// Places boats under a creature until it sits in one, the boats run
/// out or time does.
struct SeatInBoat {
    quarry: Quarry,
    wait: u32,
    ticks_left: u32,
    /// The walk towards the creature, kept from tick to tick so that it
    /// jumps where a step up blocks it.
    walk: Option<WalkTo>,
}

impl SeatInBoat {
    fn new(kind: &'static str) -> SeatInBoat {
        SeatInBoat {
            quarry: Quarry::new(kind),
            wait: 0,
            ticks_left: 600,
            walk: None,
        }
    }

    /// This tick's walk to within `within` of the column `(x, z)`, if
    /// the feet are not there yet.
    fn walk_towards(&mut self, game: &Game, [x, z]: [f64; 2], within: f64) -> Option<Action> {
        let walk = self.walk.get_or_insert_with(|| {
            // Leaves low over the ground the creature shelters under are
            // cut through on the way.
            let mut walk = WalkTo::new(x, z);
            walk.cuts_soft_blocks = true;
            walk
        });
        (walk.x, walk.z, walk.within) = (x, z, within);
        match walk.next(game) {
            Step::Act(action) => Some(action),
            Step::Done => {
                self.walk = None;
                None
            }
        }
    }

    /// Digs away the block a creature is buried in (no boat set down on
    /// the ground touches it there, and it suffocates): the crosshair on
    /// the block's top face, the plant over it cut first, walking closer
    /// while something else stands in the way.
    fn dig_out(&mut self, game: &Game, cell: BlockPos) -> Action {
        let aim = face_centre(cell, raycast::Face::Up);
        let (yaw, pitch) = angles_to(game, aim);
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        match crosshair(game) {
            Some(Target::Block(hit)) if hit.pos == cell => action.press(Key::Attack),
            Some(Target::Block(hit)) if is_plant(hit.block) && !game.player.attack_was_down => {
                action.press(Key::Attack)
            }
            _ => {
                if let Some(closer) = self.walk_towards(game, [aim[0], aim[2]], CLOSE_IN) {
                    return closer;
                }
            }
        }
        action
    }

    /// This tick's move: done once the creature sits in a boat or no
    /// boat is left; else a boat taken up, a burying block dug out, or
    /// one aimed and set.
    fn tick(&mut self, game: &Game) -> Step {
        if self.ticks_left == 0 {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let Some(target) = self.quarry.find(game) else {
            return Step::Done;
        };
        if in_a_boat(game, target.id) {
            return Step::Done;
        }
        let inventory = &game.player.inventory;
        if !is_boat(game, inventory.selected) {
            // Boats stack to one: take up the next.
            let Some(slot) = (0..9).find(|&slot| is_boat(game, slot)) else {
                return Step::Done;
            };
            return Step::Act(Action::noop().with(Key::hotbar(slot as u8 + 1).expect("slot 0..9")));
        }
        if let Some(cell) = burying_block(game, target) {
            return Step::Act(self.dig_out(game, cell));
        }
        // Where it will be after its next move.
        let feet = [0, 1, 2].map(|a| target.pos[a] + target.vel[a]);
        let (half, height) = target.size();
        let body = Aabb::at_feet(feet, half, height);
        let spot = aim_points(feet).find(|&point| {
            landing(game, point).is_some_and(|(_, at)| {
                boats::fits(&game.world, at) && boat_seats(at, &body) && steady(game, point, at)
            })
        });
        let plant_in_way = landing(game, feet).is_some_and(|(hit, _)| is_plant(hit.block));
        let near = if spot.is_some() || plant_in_way {
            PLACE_FROM
        } else {
            CLOSE_IN
        };
        let p = game.player.pos;
        let (dx, dz) = (feet[0] - p[0], feet[2] - p[2]);
        if (dx * dx + dz * dz).sqrt() > near + 0.5 {
            if let Some(action) = self.walk_towards(game, [feet[0], feet[2]], near) {
                return Step::Act(action);
            }
        }
        if spot.is_none() && !plant_in_way {
            if let Some(cell) = narrow_hole_side(game, target.pos) {
                return Step::Act(self.dig_out(game, cell));
            }
        }
        let (yaw, pitch) = angles_to(game, spot.unwrap_or(feet));
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        // Close under a creature on a bank, the looks meet only the bank's
        // side: a jump lifts the eye over its top for the boat (seed
        // 4841's witch stood two blocks over the player, in a pit beside
        // her bank).
        let under = feet[1] > game.player.eye()[1] - SEEN_FROM_ABOVE;
        if spot.is_none() && !plant_in_way && under && game.player.on_ground {
            action.press(Key::Jump);
        }
        self.wait = self.wait.saturating_sub(1);
        // The camera turns before use acts, so a click this tick lands
        // where the camera ends. Use on a boat already down would get the
        // player in: break a missed one instead.
        let reaches = action.camera.iter().all(|c| c.abs() < MAX_TURN);
        let on_boat = matches!(crosshair(game), Some(Target::Entity(id))
            if game.entities.list.iter().any(|e| e.id == id && matches!(e.kind, EntityKind::Boat(_))));
        let fresh = |was_down: bool| !was_down && reaches;
        if (on_boat || (spot.is_none() && plant_in_way)) && fresh(game.player.attack_was_down) {
            action.press(Key::Attack);
        } else if spot.is_some() && !on_boat && self.wait == 0 && fresh(game.player.use_was_down) {
            action.press(Key::Use);
            self.wait = SETTLE_TICKS;
        }
        Step::Act(action)
    }
}

impl Behaviour for SeatInBoat {
    /// Each tick's move, with the jump held while in water: the body
    /// paddles at the surface, where the eye sees over the water to set a
    /// boat on it, instead of sinking (seed 1767's spider went into a lake,
    /// and the player sank after it and drowned).
    fn next(&mut self, game: &Game) -> Step {
        match self.tick(game) {
            Step::Act(mut action) if game.player.in_water => {
                action.press(Key::Jump);
                Step::Act(action)
            }
            step => step,
        }
    }
}

/// Points to aim a boat at, best first: the ground at the creature's
/// feet, then around them (a boat on the rim of the hole it stands in
/// still touches it), at its feet's level and a block up.
fn aim_points(feet: [f64; 3]) -> impl Iterator<Item = [f64; 3]> {
    let around = (0..8).flat_map(move |step| {
        let angle = f64::from(step) * std::f64::consts::FRAC_PI_4;
        [0.0, 1.0].map(|up| {
            [
                feet[0] + AROUND * angle.cos(),
                feet[1] + up,
                feet[2] + AROUND * angle.sin(),
            ]
        })
    });
    std::iter::once(feet).chain(around)
}

/// Where the ray a boat item is placed along (blocks and fluids, not
/// creatures) stops on its way from the eye towards `point`: the block
/// hit and the point the boat would be set at.
fn landing(game: &Game, point: [f64; 3]) -> Option<(raycast::Hit, [f64; 3])> {
    let eye = game.player.eye();
    let d = [0, 1, 2].map(|a| point[a] - eye[a]);
    let length = d.iter().map(|v| v * v).sum::<f64>().sqrt().max(1e-6);
    let dir = d.map(|v| v / length);
    let hit = raycast::cast(&game.world, eye, dir, BOAT_REACH, |b| {
        raycast::selectable(b) || Fluid::of(b).is_some()
    })?;
    let at = [0, 1, 2].map(|a| eye[a] + dir[a] * hit.distance);
    Some((hit, at))
}

/// Whether rays to points a little round `point` stop near where the ray
/// to it does, at `at`: a ray that grazes a block's edge (one through the
/// corner between four cells) stops on that block or not by the rounding
/// of the look (seed 549: a tall grass's corner took the boat, a block
/// and a half from the spider).
fn steady(game: &Game, point: [f64; 3], at: [f64; 3]) -> bool {
    [[NUDGE, 0.0], [-NUDGE, 0.0], [0.0, NUDGE], [0.0, -NUDGE]]
        .into_iter()
        .all(|[dx, dz]| {
            landing(game, [point[0] + dx, point[1], point[2] + dz])
                .is_some_and(|(_, nudged)| distance(nudged, at) < STEADY_WITHIN)
        })
}

/// A block beside a creature standing in a hole too narrow for a boat
/// (one dug out of a hillside stays in the block-wide hole left): of the
/// three cells that, with the creature's, make the two-by-two square at
/// its feet' level round its cell's corner nearest the player, the first
/// still solid. With the square open, a boat set on its floor at the
/// corner fits and touches the creature.
fn narrow_hole_side(game: &Game, feet: [f64; 3]) -> Option<BlockPos> {
    let cell = feet.map(|v| v.floor() as i32);
    let p = game.player.pos;
    let towards = |a: usize| {
        if p[a] < f64::from(cell[a]) + 0.5 {
            -1
        } else {
            1
        }
    };
    let (sx, sz) = (towards(0), towards(2));
    [[sx, 0], [0, sz], [sx, sz]]
        .into_iter()
        .map(|[dx, dz]| [cell[0] + dx, cell[1], cell[2] + dz])
        .find(|&side| collides_at(&game.world, side))
}

/// Whether a boat set at `at` touches a creature's box there, so seats it
/// (the reach `rules::boats` seats creatures within).
fn boat_seats(at: [f64; 3], body: &Aabb) -> bool {
    let reach = Aabb::at_feet(at, boat::HALF_WIDTH - SEAT_MARGIN, boat::HEIGHT);
    reach.intersects(body)
}

fn trap(kind: &'static str) -> Plan {
    vec![Box::new(SeatInBoat::new(kind)), settle()]
}

pub(super) fn trap_a_spider_with_a_boat(_: &Game) -> Plan {
    trap("cave_spider")
}

pub(super) fn trap_a_witch_with_a_boat(_: &Game) -> Plan {
    trap("witch")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;
    use crate::sim::rules::testkit::{platform_game, put, summon_east, FLOOR};
    use crate::sim::script::long::stage::play_phase;

    /// A cave spider dropped into a pond four deep, sunk four blocks
    /// below the bank the player stands on (seed 1767): the walk to it
    /// falls into the water, and a boat is set on the water under it from
    /// the surface.
    #[test]
    fn a_spider_in_deep_water_is_seated_from_the_surface() {
        let mut game = platform_game();
        for x in -6..=14 {
            for z in -6..=6 {
                let pond = (2..=12).contains(&x) && (-3..=3).contains(&z);
                for y in FLOOR + 1..=FLOOR + 8 {
                    let block = match (pond, y <= FLOOR + 4) {
                        (false, _) => "dirt",
                        (true, true) => "water",
                        (true, false) => "air",
                    };
                    put(&mut game.world, [x, y, z], block);
                }
            }
        }
        game.player.pos[1] = f64::from(FLOOR + 9);
        for slot in 0..3 {
            game.player.inventory.main[slot] = Some(ItemStack::new(item("oak_boat"), 1));
        }
        summon_east(&mut game, "cave_spider", 8.0);
        let spider = game.entities.list.last().expect("the spider").id;
        let trapped = play_phase(game, trap("cave_spider"), |g| in_a_boat(g, spider), 400);
        assert!(trapped.reached, "not seated in {} steps", trapped.steps);
    }

    /// Whether the first move of a boat trap for a witch standing at
    /// `witch` with the player at `player` presses the jump key.
    fn jumps_for_witch(mut game: Game, player: [f64; 3], witch: [f64; 3]) -> bool {
        game.player.pos = player;
        game.player.inventory.main[0] = Some(ItemStack::new(item("oak_boat"), 1));
        summon_east(&mut game, "witch", 0.0);
        let body = game.entities.list.last_mut().expect("the witch");
        body.pos = witch;
        // Standing, gravity pulls it at the ground every tick.
        body.vel[1] = -0.0784;
        match SeatInBoat::new("witch").next(&game) {
            Step::Act(action) => action.is_pressed(Key::Jump),
            Step::Done => panic!("the witch is there and a boat in hand"),
        }
    }

    /// A witch on a bank two blocks over the feet of a player in a pit
    /// at its foot, 1.2 blocks off (seed 4841): no look from the pit
    /// meets the bank's top, so the player jumps to see it.
    #[test]
    fn under_a_witch_on_a_bank_the_player_jumps() {
        let mut game = platform_game();
        for x in -6..=6 {
            for z in -6..=6 {
                if [x, z] != [0, 0] {
                    put(&mut game.world, [x, FLOOR + 1, z], "dirt");
                }
                if x >= 1 || z >= 1 {
                    put(&mut game.world, [x, FLOOR + 2, z], "dirt");
                }
            }
        }
        let player = [0.7, f64::from(FLOOR + 1), 0.7];
        let witch = [1.46, f64::from(FLOOR + 3), 1.63];
        assert!(jumps_for_witch(game, player, witch));
    }

    /// The same witch on open ground at the player's level is seen
    /// standing: no jump.
    #[test]
    fn beside_a_witch_on_the_level_the_player_stands() {
        let player = [0.7, f64::from(FLOOR + 1), 0.7];
        let witch = [1.46, f64::from(FLOOR + 1), 1.63];
        assert!(!jumps_for_witch(platform_game(), player, witch));
    }

    #[test]
    fn a_ray_through_the_corner_between_cells_is_not_steady() {
        // The look at a point of the floor passes exactly down the edge
        // of a grass cell, where the rounding of the look decides whether
        // it stops on the grass; a look to the west crosses nothing.
        let mut game = platform_game();
        put(&mut game.world, [1, FLOOR + 2, 0], "grass");
        let grazing = [2.5, f64::from(FLOOR + 1), 2.5];
        let (_, at) = landing(&game, grazing).expect("the floor is in reach");
        assert!(!steady(&game, grazing, at));
        // Across the edge between two floor cells the stop moves little.
        let clear = [-2.0, f64::from(FLOOR + 1), 0.5];
        let (_, at) = landing(&game, clear).expect("the floor is in reach");
        assert!(steady(&game, clear, at));
    }
}
