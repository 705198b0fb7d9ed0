//! Walking for a script: to a column, or a step into a cell, cutting the
//! soft blocks (leaves, grass on a step) that hold the body up on the way.

use super::behaviour::{angles_to, block_centre, spend_tick, turn_towards, Behaviour, Spot, Step};
use super::blocks::collides_at;
use crate::protocol::{Action, Key};
use crate::sim::block_entity::BlockEntity;
use crate::sim::game::Game;
use crate::sim::registry::{registry, Shape};
use crate::sim::rules::{crosshair, has_gravity, progress_per_tick, Target};
use crate::sim::world::{face_neighbours, offset, up, BlockPos};

/// Walks to a point on the ground, jumping over one-block steps.
pub struct WalkTo {
    pub x: f64,
    pub z: f64,
    pub within: f64,
    pub ticks_left: u32,
    /// Whether to jump when the way is blocked.
    pub jumps: bool,
    /// Whether a body held up sliding slowly along what stops it counts
    /// as blocked too (else only one stopped dead does).
    pub jumps_when_sliding: bool,
    /// Whether a soft block at head height that holds the body up is cut
    /// through, standing (see [`soft_block_holds_up`]): a block dug in
    /// the air breaks five times slower; so is one that stops the jump up
    /// a step (see [`soft_block_over_a_step`]).
    pub cuts_soft_blocks: bool,
    /// The soft block over a step being cut (see
    /// [`soft_block_over_a_step`]), standing still, until it is gone.
    cutting: Option<BlockPos>,
}

impl WalkTo {
    pub fn new(x: f64, z: f64) -> WalkTo {
        WalkTo {
            x,
            z,
            within: 0.3,
            ticks_left: 300,
            jumps: true,
            jumps_when_sliding: false,
            cuts_soft_blocks: false,
            cutting: None,
        }
    }
}

/// Looks at the bottom face of `cell`, over the head, and breaks it.
fn cut_from_below(game: &Game, cell: BlockPos) -> Action {
    let middle = [
        f64::from(cell[0]) + 0.5,
        f64::from(cell[1]),
        f64::from(cell[2]) + 0.5,
    ];
    let (yaw, pitch) = angles_to(game, middle);
    let mut action = Action::noop();
    action.camera = turn_towards(game, yaw, pitch);
    if matches!(crosshair(game), Some(Target::Block(hit)) if hit.pos == cell) {
        action.press(Key::Attack);
    }
    action
}

impl Behaviour for WalkTo {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        let (dx, dz) = (self.x - p.pos[0], self.z - p.pos[2]);
        if (dx * dx + dz * dz).sqrt() <= self.within || !spend_tick(&mut self.ticks_left) {
            return Step::Done;
        }
        if self.cuts_soft_blocks {
            if self.cutting.is_none() {
                self.cutting = soft_block_over_a_step(game, [dx, dz]);
            }
            if let Some(cell) = self.cutting {
                if collides_at(&game.world, cell) && quick_to_cut(game, cell) {
                    return Step::Act(cut_from_below(game, cell));
                }
                self.cutting = None;
            }
        }
        let yaw = (-dx).atan2(dz).to_degrees() as f32;
        let mut action = Action::noop();
        action.camera = turn_towards(game, yaw, p.pitch.clamp(-20.0, 20.0));
        if action.camera[1].abs() < 20.0 {
            action.press(Key::Forward);
        }
        let stopped = (p.vel[0].abs() + p.vel[2].abs()) < 1e-3
            || (self.jumps_when_sliding && held_up_against_a_block(game));
        let blocked = p.on_ground && stopped && self.ticks_left % 4 == 0;
        if self.cuts_soft_blocks && soft_block_holds_up(game) {
            action.press(Key::Attack);
        } else if blocked && self.jumps {
            action.press(Key::Jump);
        }
        Step::Act(action)
    }
}

/// Walks to the centre of a block cell (resolved like [`Spot`]).
pub struct StepInto {
    spot: Spot,
    walk: Option<WalkTo>,
}

impl StepInto {
    pub fn new(spot: Spot) -> StepInto {
        StepInto { spot, walk: None }
    }
}

impl Behaviour for StepInto {
    fn next(&mut self, game: &Game) -> Step {
        if self.walk.is_none() {
            let Some(pos) = self.spot.resolve(game) else {
                return Step::Act(Action::noop());
            };
            let centre = block_centre(pos);
            let mut walk = WalkTo::new(centre[0], centre[2]);
            walk.within = 0.2;
            walk.ticks_left = 60;
            // Sliding along a step's riser never reaches the cell's
            // centre (seed 4127's find_diamond met the step up into the
            // ore's column at a slant and slid along it for the walk's
            // whole patience).
            walk.jumps_when_sliding = true;
            self.walk = Some(walk);
        }
        match &mut self.walk {
            Some(walk) => walk.next(game),
            None => Step::Done,
        }
    }
}

/// Ticks within which a block in the way is cut through with what is in
/// hand.
const CUT_TICKS: f32 = 20.0;

/// Whether a block in the way is quick and safe to cut through: it breaks
/// within [`CUT_TICKS`] with what is in hand (leaves, dirt by hand; not
/// stone), keeps nothing, lets in no fluid, holds up nothing that falls,
/// and is not under the feet. A hunt cuts such a block between the eyes
/// and a creature too near to go round (seed 238's enderman stood under a
/// tree, the player's head against the canopy's lowest leaves; seed 174's
/// wolves stood on a ravine's edge over the player, under the dirt of the
/// overhang); a collection cuts one that stops the head on the way to an
/// item.
pub fn quick_to_cut(game: &Game, pos: BlockPos) -> bool {
    let id = game.world.get(pos);
    let fluid = |cell: BlockPos| registry().block(game.world.get(cell)).shape == Shape::Liquid;
    progress_per_tick(&game.player, id, false) * CUT_TICKS >= 1.0
        && BlockEntity::for_block(id).is_none()
        && !has_gravity(game.world.get(up(pos, 1)))
        && !face_neighbours(pos).into_iter().any(fluid)
        && pos[1] >= game.player.block_pos()[1]
}

/// Whether the crosshair rests on a block right beside the head (a cell
/// over one beside the feet) that stops the body and is [`quick_to_cut`]
/// (not tall grass on a step, which stops nothing).
pub(super) fn head_against_soft_block(game: &Game) -> bool {
    let feet = game.player.block_pos();
    match crosshair(game) {
        Some(Target::Block(hit)) => {
            registry().block(hit.block).shape.collides()
                && hit.pos[1] == feet[1] + 1
                && (hit.pos[0] - feet[0]).abs() <= 1
                && (hit.pos[2] - feet[2]).abs() <= 1
                && quick_to_cut(game, hit.pos)
        }
        _ => false,
    }
}

/// A horizontal speed, in blocks a tick, below a walk's (about 0.2):
/// the body slides along a wall met at a slant.
const SLIDING: f64 = 0.05;

/// Whether the body is held up against a block: against it, and at most
/// sliding slowly along it.
pub(super) fn held_up_against_a_block(game: &Game) -> bool {
    let p = &game.player;
    p.horizontal_collision && p.vel[0].hypot(p.vel[2]) < SLIDING
}

/// Whether a soft block at head height holds the body up: a walk may cut
/// through it (see [`head_against_soft_block`]).
fn soft_block_holds_up(game: &Game) -> bool {
    held_up_against_a_block(game) && head_against_soft_block(game)
}

/// The soft block that stops the jump up a step the body is held up
/// against, walking along `heading`: over the head, or over the step, two
/// cells above the feet (seed 1220's cave spider sat under a spruce's
/// canopy one block over a bank; the walk to it stood against the bank's
/// step, the leaves over both stopping every jump). `None` where the
/// jump is free or stopped by a block not [`quick_to_cut`], or the step
/// has no room for the body.
fn soft_block_over_a_step(game: &Game, heading: [f64; 2]) -> Option<BlockPos> {
    let player = &game.player;
    let [dx, dz] = heading;
    if !player.on_ground || !held_up_against_a_block(game) {
        return None;
    }
    let ahead = if dx.abs() >= dz.abs() {
        [dx.signum() as i32, 0, 0]
    } else {
        [0, 0, dz.signum() as i32]
    };
    let feet = player.block_pos();
    let step = offset(feet, ahead);
    let world = &game.world;
    if !collides_at(world, step) || collides_at(world, up(step, 1)) {
        return None;
    }
    let stopping = [up(feet, 2), up(step, 2)]
        .into_iter()
        .find(|&cell| collides_at(world, cell))?;
    quick_to_cut(game, stopping).then_some(stopping)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::rules::testkit::feet_level;

    #[test]
    fn a_walk_cuts_the_leaves_that_stop_the_jump_up_a_step() {
        // Seed 1220's cave spider sat under a spruce's canopy one block
        // over a bank: leaves over the head and over the bank's step, and
        // on along it at head height.
        let mut game = sky_game();
        for x in -1..=1 {
            for z in 1..=5 {
                put(&mut game, [x, FLOOR + 1, z], "dirt");
            }
            for z in -1..=5 {
                put(&mut game, [x, FLOOR + 3, z], "spruce_leaves");
            }
        }
        let mut walk = WalkTo::new(0.5, 4.5);
        walk.cuts_soft_blocks = true;
        let walked = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(walk)],
            |game| game.player.pos[2] > 4.0,
            300,
        );
        assert!(walked.reached, "stood at {:?}", walked.game.player.pos);
        assert_eq!(feet_level(&walked.game), Some(FLOOR + 2), "up the step");
    }

    #[test]
    fn a_step_into_a_cell_up_a_step_met_at_a_slant_jumps_up_it() {
        // Seed 4127's find_diamond: the walk into the ore's column met the
        // step up at a slant, and the body slid along the riser ever more
        // slowly, never stopped dead, so never jumped.
        let mut game = sky_game();
        for x in 3..=8 {
            for z in -2..=2 {
                put(&mut game, [x, FLOOR, z], "stone");
                put(&mut game, [x, FLOOR + 1, z], "stone");
            }
        }
        game.player.pos[2] = 0.3;
        let cell = [6, FLOOR + 2, 0];
        let walked = crate::sim::script::long::stage::play_phase(
            game,
            vec![Box::new(StepInto::new(Spot::At(cell)))],
            |game| game.player.block_pos() == cell,
            60,
        );
        assert!(walked.reached, "stood at {:?}", walked.game.player.pos);
    }
}
