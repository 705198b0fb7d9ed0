//! Plans for the fluid and boat tasks, and the behaviours they need beyond
//! the shared ones: using the held item on a fluid source (a bucket
//! scooping it, a boat going onto it) and getting into a boat.

use super::behaviour::{angles_to, on_aim, turn_towards, Behaviour, Face, Hold, Step};
use super::craft::Craft;
use super::faces::{points_round, OFF_MIDDLE};
use super::placing::{PillarUp, PlaceAround};
use super::plans::{select, Plan};
use super::plants::hides_what_is_behind;
use super::walking::WalkTo;
use crate::protocol::{Action, Key};
use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::raycast;
use crate::sim::registry::item;
use crate::sim::rules::{boats, crosshair, fluids, Target};
use crate::sim::world::BlockPos;

/// How far across a use on water walks to a source out of reach.
const WALK_TO_WATER: i32 = 12;

fn hold(action: Action, ticks: u32) -> Box<dyn Behaviour> {
    Box::new(Hold { action, ticks })
}

/// The first block or fluid source the bucket's ray meets along the look.
fn first_on_ray(game: &Game) -> Option<raycast::Hit> {
    let (world, p) = (&game.world, &game.player);
    raycast::cast_at(world, p.eye(), p.look_dir(), raycast::REACH, |b, pos| {
        raycast::selectable(b)
            || fluids::Fluid::of(b).is_some_and(|f| fluids::is_source(world, pos, f))
    })
}

/// The middle of a fluid cell's surface.
fn surface_point(pos: BlockPos) -> [f64; 3] {
    [
        f64::from(pos[0]) + 0.5,
        f64::from(pos[1]) + 0.8,
        f64::from(pos[2]) + 0.5,
    ]
}

/// The point of a source's surface to aim the held item at: the middle,
/// or for a boat the first point round it where the boat fits (seed
/// 1289's `explore_boat`: the pool is one cell, and a boat set on its
/// middle met the crafting table the plan had set on the bank beside it).
fn aim_point(game: &Game, pos: BlockPos) -> [f64; 3] {
    let middle = surface_point(pos);
    let holds_a_boat = game
        .player
        .inventory
        .selected_stack()
        .is_some_and(|s| boats::is_boat_item(s.item));
    if !holds_a_boat {
        return middle;
    }
    let eye = game.player.eye();
    let lands = |point: [f64; 3]| {
        let d: [f64; 3] = std::array::from_fn(|a| point[a] - eye[a]);
        let length = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        boats::landing(&game.world, eye, d.map(|c| c / length)).is_some()
    };
    points_round(middle, [0, 1, 0], OFF_MIDDLE)
        .into_iter()
        .find(|&point| lands(point))
        .unwrap_or(middle)
}

/// Uses the held item on the nearest source of a fluid in sight (plants
/// or blocks in the way are cleared), until the held item changes (a
/// bucket filled, a boat placed) or time runs out.
pub struct UseOnSource {
    fluid: fluids::Fluid,
    held: Option<ItemStack>,
    ticks_left: u32,
    /// Whether a water source out of reach is walked to.
    walks_to_water: bool,
}

impl UseOnSource {
    pub fn new(fluid: fluids::Fluid) -> UseOnSource {
        UseOnSource {
            fluid,
            held: None,
            ticks_left: 200,
            walks_to_water: false,
        }
    }

    /// A use on water that walks to a source within [`WALK_TO_WATER`]
    /// blocks across when none is in reach.
    pub fn walking_to_water() -> UseOnSource {
        UseOnSource {
            walks_to_water: true,
            ..UseOnSource::new(fluids::Fluid::Water)
        }
    }

    /// The sources of the fluid from three blocks under the feet to two
    /// over, within `across` blocks each way across.
    fn sources_around<'a>(
        &self,
        game: &'a Game,
        across: i32,
    ) -> impl Iterator<Item = BlockPos> + 'a {
        let feet = game.player.block_pos();
        let fluid = self.fluid;
        (-3..=2)
            .flat_map(move |dy| {
                (-across..=across)
                    .flat_map(move |dz| (-across..=across).map(move |dx| [dx, dy, dz]))
            })
            .map(move |[dx, dy, dz]| [feet[0] + dx, feet[1] + dy, feet[2] + dz])
            .filter(move |&pos| fluids::is_source(&game.world, pos, fluid))
    }

    /// The nearest source within reach whose surface the ray reaches
    /// through plants, else the nearest one in reach (the way to be dug).
    fn nearest(&self, game: &Game) -> Option<BlockPos> {
        let eye = game.player.eye();
        let world = &game.world;
        let mut best: Option<(bool, f64, BlockPos)> = None;
        for pos in self.sources_around(game, 4) {
            let d: [f64; 3] = std::array::from_fn(|a| surface_point(pos)[a] - eye[a]);
            let distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
            let dir = d.map(|c| c / distance);
            let in_sight = raycast::cast_at(world, eye, dir, distance + 0.5, |b, at| {
                hides_what_is_behind(b) || at == pos
            })
            .is_some_and(|hit| hit.pos == pos);
            let key = (!in_sight, distance, pos);
            if distance < raycast::REACH - 0.3 && best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        best.map(|(_, _, pos)| pos)
    }

    /// A step towards the nearest water source within
    /// [`WALK_TO_WATER`] blocks across, when none is in reach and the
    /// use walks to water (seed 866's poured water flowed under the
    /// player and pushed it four blocks off while the crafting table
    /// went down).
    fn towards_water(&self, game: &Game) -> Option<Step> {
        if !self.walks_to_water {
            return None;
        }
        let feet = game.player.block_pos();
        let source = self
            .sources_around(game, WALK_TO_WATER)
            .min_by_key(|pos| (pos[0] - feet[0]).pow(2) + (pos[2] - feet[2]).pow(2))?;
        let mut walk = WalkTo::new(f64::from(source[0]) + 0.5, f64::from(source[2]) + 0.5);
        walk.within = 2.5;
        walk.ticks_left = self.ticks_left;
        match walk.next(game) {
            Step::Act(action) => Some(Step::Act(action)),
            Step::Done => None,
        }
    }

    /// The blocks (not plants) between the eye and the nearest source,
    /// nearest first: what [`UseOnSource`] would clear with the held item,
    /// for a tool to clear first.
    pub fn in_the_way(&self, game: &Game) -> Vec<BlockPos> {
        let Some(source) = self.nearest(game) else {
            return Vec::new();
        };
        let eye = game.player.eye();
        let d: [f64; 3] = std::array::from_fn(|a| surface_point(source)[a] - eye[a]);
        let distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        let blocks = std::cell::RefCell::new(Vec::new());
        raycast::cast_at(
            &game.world,
            eye,
            d.map(|c| c / distance),
            distance + 0.5,
            |b, at| {
                if at != source && hides_what_is_behind(b) {
                    blocks.borrow_mut().push(at);
                }
                at == source
            },
        );
        blocks.into_inner()
    }
}

impl Behaviour for UseOnSource {
    fn next(&mut self, game: &Game) -> Step {
        let held = game.player.inventory.selected_stack().cloned();
        if self.ticks_left == 0 || self.held.as_ref().is_some_and(|h| Some(h) != held.as_ref()) {
            return Step::Done;
        }
        self.ticks_left -= 1;
        self.held = held;
        let Some(pos) = self.nearest(game) else {
            return self.towards_water(game).unwrap_or(Step::Done);
        };
        let (yaw, pitch) = angles_to(game, aim_point(game, pos));
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        let aimed = on_aim(action.camera);
        match first_on_ray(game) {
            Some(hit) if hit.pos == pos => action.press(Key::Use),
            // A plant or a block in the way: clear it.
            Some(hit) if aimed && fluids::Fluid::of(hit.block).is_none() => {
                action.press(Key::Attack)
            }
            _ => {}
        }
        Step::Act(action)
    }
}

/// Gets into the nearest boat within reach: aims at it and presses use
/// until seated, or gives up when time runs out.
pub struct Board {
    ticks_left: u32,
}

impl Board {
    pub fn new() -> Board {
        Board { ticks_left: 100 }
    }

    fn nearest_boat(game: &Game) -> Option<(EntityId, [f64; 3])> {
        let eye = game.player.eye();
        game.entities
            .list
            .iter()
            .filter(|e| matches!(e.kind, EntityKind::Boat(_)))
            .map(|e| {
                let d: f64 = (0..3).map(|a| (e.pos[a] - eye[a]).powi(2)).sum();
                (d, e.id, e.pos)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, id, pos)| (id, pos))
    }
}

impl Behaviour for Board {
    fn next(&mut self, game: &Game) -> Step {
        if self.ticks_left == 0 || boats::player_boat(game).is_some() {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let Some((id, pos)) = Self::nearest_boat(game) else {
            return Step::Done;
        };
        let (yaw, pitch) = angles_to(game, [pos[0], pos[1] + 0.3, pos[2]]);
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, pitch);
        // Use on its press edge: every other tick.
        if crosshair(game) == Some(Target::Entity(id)) && self.ticks_left % 2 == 0 {
            action.press(Key::Use);
        }
        Step::Act(action)
    }
}

/// Stacks five stones into a pillar, then pours water on its top: the
/// water runs off the sides and falls down the pillar.
pub fn build_a_waterfall(_: &Game) -> Plan {
    vec![
        select("stone"),
        Box::new(PillarUp::new(5)),
        hold(Action::noop(), 10),
        select("water_bucket"),
        Box::new(Face {
            yaw: 0.0,
            pitch: 90.0,
        }),
        hold(Action::noop().with(Key::Use), 1),
        hold(Action::noop(), 40),
    ]
}

/// Scoops lava from the pool in the ground nearby.
pub fn find_lava(_: &Game) -> Plan {
    vec![
        select("bucket"),
        Box::new(UseOnSource::new(fluids::Fluid::Lava)),
        hold(Action::noop(), 5),
    ]
}

/// Crafts a crafting table and a boat through the screens, puts the boat
/// on the water, gets in and paddles.
pub fn explore_boat(_: &Game) -> Plan {
    vec![
        Box::new(Craft::new(item("crafting_table"), 1)),
        select("crafting_table"),
        Box::new(PlaceAround::new(1)),
        Box::new(Craft::new(item("oak_boat"), 1)),
        select("oak_boat"),
        Box::new(UseOnSource::walking_to_water()),
        hold(Action::noop(), 5),
        Box::new(Board::new()),
        hold(Action::noop().with(Key::Forward), 40),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::script::long::stage::play_phase;
    use crate::suite::Event;

    #[test]
    fn a_boat_goes_onto_a_one_cell_pool_where_it_fits_beside_its_bank() {
        // Seed 1289's explore_boat: a source three blocks east, walled on
        // the east, a bank south of it with the crafting table the plan
        // set there; a boat set on the middle of the water's surface meets
        // the table. A hole north of the pool draws its flow there, and
        // none comes west.
        let mut game = sky_game();
        put(&mut game, [3, FLOOR + 1, 0], "water");
        put(&mut game, [3, FLOOR, -1], "air");
        put(&mut game, [3, FLOOR - 1, -1], "stone");
        put(&mut game, [4, FLOOR + 1, 0], "stone");
        for x in 2..=3 {
            put(&mut game, [x, FLOOR + 1, 1], "grass_block");
        }
        put(&mut game, [3, FLOOR + 2, 1], "crafting_table");
        game.player.inventory.main[0] = Some(ItemStack::new(item("oak_boat"), 1));
        let placed = play_phase(
            game,
            vec![Box::new(UseOnSource::walking_to_water())],
            |g| g.stats.get(Event::UseItem, "oak_boat") == 1,
            40,
        );
        assert!(placed.reached, "no boat placed in {} steps", placed.steps);
    }
}
