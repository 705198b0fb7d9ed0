//! Fetching the items lying about: walked to and picked up, round a
//! block's corner or up a step, never over a cliff.

use super::behaviour::{spend_tick, Behaviour, Step};
use super::footing::{ground_within, Footing};
use super::route;
use super::travel::{self, Travel};
use super::walking::{head_against_soft_block, held_up_against_a_block, WalkTo};
use crate::protocol::{Action, Key};
use crate::sim::entity::{EntityId, EntityKind};
use crate::sim::game::Game;
use crate::sim::player;
use crate::sim::rules::{is_free, Aabb, PICKUP_REACH};
use crate::sim::world::BlockPos;

/// How far above the feet an item lies on a step up.
const HALF_STEP: f64 = 0.5;

/// Walks to the nearest dropped item within `radius` until none is left.
pub struct CollectItems {
    radius: f64,
    ticks_left: u32,
    /// For an item the straight walk cannot reach (up a step whose jump
    /// a block over the head stops, or past a block the body stays held
    /// up against): the item's cell and a walk found to it (none once it
    /// has ended).
    way_round: Option<(BlockPos, Option<Travel>)>,
    /// Ticks the body has stood held up against a block in a row.
    held_up_ticks: u32,
    /// Only items with this id or a higher one are fetched.
    spawned_from: EntityId,
    /// The item last walked to.
    fetching: Option<EntityId>,
}

impl CollectItems {
    /// Ticks held up against a block after which a walk round it is
    /// found: heading for the middle of the item's cell slides the body
    /// past a corner well within them.
    const HELD_UP_PATIENCE: u32 = 10;
    /// How far past the radius an item already walked to is still
    /// followed as it slides on (seed 1740's `carve_pumpkins`: the carved
    /// pumpkin popped out 3.9 blocks off and slid on past 4 while the
    /// walk to it started, and was left lying).
    const FOLLOWED_PAST_RADIUS: f64 = 2.0;

    pub fn new(radius: f64, ticks_left: u32) -> CollectItems {
        CollectItems {
            radius,
            ticks_left,
            way_round: None,
            held_up_ticks: 0,
            spawned_from: 0,
            fetching: None,
        }
    }

    /// Only items spawned from the moment the game had `game`'s entities:
    /// the drops of what is done next, not those lying about already (seed
    /// 50's `collect_wood`: a flower the init command's logs had popped
    /// off its soil drew the first fetch away from the logs).
    pub fn only_new_since(mut self, game: &Game) -> CollectItems {
        self.spawned_from = game.entities.next_id();
        self
    }

    /// Whether a block right over the head (over any part of the body)
    /// stops a jump.
    fn jump_stopped(game: &Game) -> bool {
        let p = &game.player;
        let over_head = [p.pos[0], p.pos[1] + p.height(), p.pos[2]];
        !is_free(
            &game.world,
            &Aabb::at_feet(over_head, player::HALF_WIDTH, 1.0),
        )
    }

    /// This tick's walk round to an item in `cell` when the straight walk
    /// cannot reach it (`needed`), or the walk is already under way: the
    /// item lies up a step whose jump a block over the head stops (seed
    /// 161's `collect_wool`: the wool lay on a bank, the player under
    /// leaves beside it), or the body stays held up (seed 373's
    /// `carve_pumpkins`: in a corner between the crafting table and a
    /// step up, the carved pumpkin beyond the table).
    fn walk_round(&mut self, game: &Game, cell: BlockPos, needed: bool) -> Option<Action> {
        if self.way_round.as_ref().is_none_or(|(to, _)| *to != cell) {
            if !needed {
                return None;
            }
            self.way_round = Some((cell, Some(travel::towards_cell(cell))));
        }
        let (_, walk) = self.way_round.as_mut()?;
        match walk.as_mut()?.next(game) {
            Step::Act(action) => Some(action),
            Step::Done => {
                *walk = None;
                None
            }
        }
    }
}

impl Behaviour for CollectItems {
    fn next(&mut self, game: &Game) -> Step {
        if !spend_tick(&mut self.ticks_left) {
            return Step::Done;
        }
        let p = game.player.pos;
        let nearest = game
            .entities
            .list
            .iter()
            .filter(|e| matches!(e.kind, EntityKind::Item { .. }) && e.id >= self.spawned_from)
            .map(|e| {
                let d = ((e.pos[0] - p[0]).powi(2) + (e.pos[2] - p[2]).powi(2)).sqrt();
                (d, e)
            })
            .filter(|(d, e)| {
                let followed = self.fetching == Some(e.id);
                let reach = if followed {
                    self.radius + Self::FOLLOWED_PAST_RADIUS
                } else {
                    self.radius
                };
                *d <= reach
            })
            // An item past a ledge deeper than a harmless fall is let go
            // (seed 581's `collect_grass`: the cut grass drifted off a
            // cliff's edge, and the walk after it fell nine blocks into a
            // cave, out of reach of the rest).
            .filter(|(_, e)| {
                let towards = [e.pos[0] - p[0], e.pos[2] - p[2]];
                ground_within(game, towards, Footing::DropOrWaterOf(route::HARMLESS_DROP))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        match nearest {
            None => Step::Done,
            Some((_, item)) => {
                self.fetching = Some(item.id);
                let pos = item.pos;
                // Held up by a block on the straight way (against it, and
                // at most sliding slowly along it), it heads for the
                // middle of the item's cell instead, sliding along the
                // block into the gap the item lies in (seed 36's
                // `carve_pumpkins`: the carved pumpkin lay a body's edge
                // past a grass block's corner).
                let player = &game.player;
                let held_up = held_up_against_a_block(game);
                // An item down in a dip beside the block underfoot, out of
                // the pickup's reach below, is stood over from the block
                // unless the body goes into the dip's middle (seed 140's
                // `collect_grass`: the walk kept turning about over it).
                let down_in_a_dip = item.bounding_box().max[1] < player.pos[1] - PICKUP_REACH[1];
                let [x, z] = if held_up || down_in_a_dip {
                    [pos[0].floor() + 0.5, pos[2].floor() + 0.5]
                } else {
                    [pos[0], pos[2]]
                };
                // A soft block being cut through (below) is no hold-up.
                let stuck = held_up && !head_against_soft_block(game);
                self.held_up_ticks = if stuck { self.held_up_ticks + 1 } else { 0 };
                let up_a_step = pos[1] > player.pos[1] + HALF_STEP;
                let needed = (up_a_step && Self::jump_stopped(game))
                    || self.held_up_ticks > Self::HELD_UP_PATIENCE;
                let cell = pos.map(|v| v.floor() as i32);
                if let Some(action) = self.walk_round(game, cell, needed) {
                    return Step::Act(action);
                }
                let mut walk = WalkTo::new(x, z);
                walk.within = 0.0;
                // An item up a step is reached with a jump (on the beat of
                // a walk of its own: the walk keeps this behaviour's
                // clock); for one level with the feet or below, a jump
                // only carries the feet onto ledges away from it.
                walk.ticks_left = self.ticks_left + 1;
                walk.jumps = up_a_step;
                // A soft block at head height stopping the body (seed
                // 278's `carve_pumpkins`: a tree's lowest leaves over the
                // dip the carved pumpkin rolled into) is cut through on
                // the way.
                walk.cuts_soft_blocks = true;
                // Sliding along the step an item lies up towards a ledge
                // deeper than a harmless fall, the jump comes at once, not
                // once the body stands still (seed 907's `collect_wood`:
                // the log lay on the log box, and the slide along the box
                // fell six blocks into a hole beside it). A walk cutting
                // through a soft block stays standing.
                let against_the_step = up_a_step
                    && player.on_ground
                    && player.horizontal_collision
                    && !ground_within(
                        game,
                        [player.vel[0], player.vel[2]],
                        Footing::DropOf(route::HARMLESS_DROP),
                    );
                match walk.next(game) {
                    Step::Act(action) if against_the_step && !action.is_pressed(Key::Attack) => {
                        Step::Act(action.with(Key::Jump))
                    }
                    step => step,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::rules::testkit::{drop_a_stick, feet_level, throw_a_stick};

    /// An item lying in a dip a block under the feet, near the edge of
    /// the block they stand on: stood right over it on that block, it is
    /// out of the pickup's reach below, so the walk goes into the dip's
    /// middle.
    #[test]
    fn an_item_down_in_a_dip_is_fetched_from_inside_it() {
        let mut game = sky_game();
        for x in -2..=2 {
            for z in -3..=0 {
                put(&mut game, [x, FLOOR + 1, z], "stone");
            }
        }
        game.player.pos = [0.5, f64::from(FLOOR + 2), 1.15];
        assert_a_stick_is_fetched(game, [0.5, f64::from(FLOOR + 1), 1.15]);
    }

    /// An item down in a dip under a tree's lowest leaves, which stop the
    /// body at head height on the way into it (seed 278's carved
    /// pumpkin): the leaves are cut and the item fetched.
    #[test]
    fn leaves_that_stop_the_head_on_the_way_to_an_item_are_cut() {
        let mut game = sky_game();
        for x in -2..=2 {
            for z in -3..=0 {
                put(&mut game, [x, FLOOR + 1, z], "stone");
            }
            for z in 1..=3 {
                put(&mut game, [x, FLOOR + 3, z], "oak_leaves");
            }
        }
        game.player.pos = [0.5, f64::from(FLOOR + 2), -0.4];
        assert_a_stick_is_fetched(game, [0.5, f64::from(FLOOR + 1), 1.5]);
    }

    /// An item gone over a cliff's edge, down to ground eight blocks
    /// under the floor, is let go: the walk after it would fall nine
    /// blocks (seed 581's cut grass).
    #[test]
    fn an_item_over_a_cliff_is_let_go() {
        let mut game = sky_game();
        for x in 6..=9 {
            for z in -1..=1 {
                put(&mut game, [x, FLOOR - 8, z], "stone");
            }
        }
        game.player.pos = [4.5, f64::from(FLOOR + 1), 0.5];
        drop_a_stick(&mut game, [6.5, f64::from(FLOOR + 1), 0.5]);
        let after = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(CollectItems::new(4.0, 100))],
            |_| false,
            100,
        );
        assert_eq!(feet_level(&after.game), Some(FLOOR + 1));
    }

    /// An item on a step with a hole six deep beside the step's end is
    /// jumped up to at once: a walk that slid along the step went over
    /// the hole's edge (seed 907's log on the log box).
    #[test]
    fn an_item_up_a_step_beside_a_hole_is_jumped_to_not_slid_past() {
        let mut game = sky_game();
        for x in 2..=3 {
            put(&mut game, [x, FLOOR + 1, 1], "oak_log");
        }
        for x in 3..=4 {
            for z in -1..=0 {
                put(&mut game, [x, FLOOR, z], "air");
                put(&mut game, [x, FLOOR - 6, z], "stone");
            }
        }
        game.player.pos = [2.46, f64::from(FLOOR + 1), 0.7];
        let on_the_step = [3.6, f64::from(FLOOR + 2), 1.5];
        // Just dropped: not picked up for twenty ticks.
        drop_a_stick_picked_up_after(&mut game, on_the_step, 20);
        let fetched = fetch_the_stick(game);
        assert!(fetched.reached, "not fetched in {} steps", fetched.steps);
        assert!(fetched.game.player.pos[1] >= f64::from(FLOOR + 1));
    }

    /// An item that slides on past the fetch's radius once the walk to it
    /// has started is followed (seed 1740's carved pumpkin).
    #[test]
    fn an_item_sliding_out_past_the_radius_is_followed() {
        let mut game = sky_game();
        for x in 6..=10 {
            put(&mut game, [x, FLOOR, 0], "stone");
        }
        throw_a_stick(
            &mut game,
            [4.3, f64::from(FLOOR + 1), 0.5],
            [0.3, 0.0, 0.0],
            10,
        );
        let fetched = fetch_the_stick(game);
        assert!(fetched.reached, "not fetched in {} steps", fetched.steps);
    }

    fn drop_a_stick_picked_up_after(game: &mut Game, at: [f64; 3], pickup_delay: u32) {
        throw_a_stick(game, at, [0.0; 3], pickup_delay);
    }

    /// Collects items for at most 100 ticks, until a stick is picked up.
    fn fetch_the_stick(game: Game) -> crate::sim::script::long::stage::Staged {
        let stick = crate::sim::registry::item("stick");
        crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(CollectItems::new(4.0, 100))],
            |g| g.player.inventory.count(stick) == 1,
            100,
        )
    }

    /// Drops a stick at `at` and collects items for 100 ticks: the stick
    /// must be picked up.
    fn assert_a_stick_is_fetched(mut game: Game, at: [f64; 3]) {
        drop_a_stick(&mut game, at);
        let fetched = fetch_the_stick(game);
        assert!(fetched.reached, "not fetched in {} steps", fetched.steps);
    }

    #[test]
    fn an_item_past_a_corner_the_body_is_held_in_is_fetched_by_a_way_round() {
        // A crafting table east of the feet and a step up north of them;
        // the item lies beyond the table, to the north-east (seed 373's
        // carved pumpkin): heading for it holds the body in the corner.
        let mut game = sky_game();
        put(&mut game, [1, FLOOR + 1, 0], "crafting_table");
        for x in -3..=0 {
            put(&mut game, [x, FLOOR + 1, -1], "stone");
        }
        game.player.pos = [0.7, f64::from(FLOOR + 1), 0.3];
        assert_a_stick_is_fetched(game, [3.0, f64::from(FLOOR + 1), -0.4]);
    }

    #[test]
    fn an_item_up_a_step_under_leaves_is_fetched_by_a_way_round() {
        // A bank one block high west of the feet, the item on it; leaves
        // right over the head stop the jump up to it from here.
        let mut game = sky_game();
        for x in -3..=-1 {
            for z in -3..=3 {
                put(&mut game, [x, FLOOR + 1, z], "stone");
            }
        }
        put(&mut game, [0, FLOOR + 3, 0], "oak_leaves");
        game.player.pos = [0.3, f64::from(FLOOR + 1), 0.5];
        assert_a_stick_is_fetched(game, [-1.7, f64::from(FLOOR + 2), 0.5]);
    }
}
