//! Building block by block at chosen cells: cells that must be empty
//! are mined out, and the selected block is placed against a neighbour
//! that takes the click, jumping for a cell above the eye, stepping away
//! from one the body stands in, or first filling the cell under one
//! left hanging in the air.

use std::collections::VecDeque;

use super::behaviour::{block_centre, Behaviour, Spot, Step};
use super::blocks::is_solid_cube;
use super::faces::{aim_point, point_in_sight, use_on_face};
use super::mining::Mine;
use super::walking::WalkTo;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::raycast::Face;
use crate::sim::registry::{block, registry, BlockId, Shape};
use crate::sim::rules::{is_replaceable, placement_obstructed};
use crate::sim::world::{offset, up, BlockPos};

/// Whether a block put against a face of this one may be clicked there:
/// a solid cube, or a box all but a sixteenth of a cube high (seed 508's
/// `build_nether_portal` frame stood on a village's path, whose blocks
/// were the only ones beside a frame cell).
fn holds_a_click(game: &Game, pos: BlockPos) -> bool {
    const NEARLY_FULL: f32 = 15.0 / 16.0;
    let def = registry().block(game.world.get(pos));
    def.is_opaque_cube() || (def.shape == Shape::Partial && def.height >= NEARLY_FULL)
}

/// One job of [`Construct`]: empty a cell, or put the selected block there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    Clear(BlockPos),
    Place(BlockPos),
}

/// Builds block by block: clears cells that must be empty (mining what is
/// there) and places the selected block into cells, clicking a face of
/// a neighbour that holds it (sneaking, so containers stay shut).
pub struct Construct {
    jobs: VecDeque<Job>,
    /// Cells a block put under a hanging cell must not go into: those
    /// the jobs clear, and those tried once already.
    not_to_fill: Vec<BlockPos>,
    block: BlockId,
    mine: Option<Mine>,
    ticks_on_job: u32,
}

impl Construct {
    const PATIENCE: u32 = 60;

    pub fn new(block: BlockId, jobs: Vec<Job>) -> Construct {
        let not_to_fill = jobs
            .iter()
            .filter_map(|&job| match job {
                Job::Clear(cell) => Some(cell),
                Job::Place(_) => None,
            })
            .collect();
        Construct {
            jobs: jobs.into(),
            not_to_fill,
            block,
            mine: None,
            ticks_on_job: 0,
        }
    }

    /// A neighbour's face whose click puts a block into `cell`, and the
    /// point of it to aim at.
    pub fn support_face(game: &Game, cell: BlockPos) -> Option<(BlockPos, Face, [f64; 3])> {
        let faces = [
            Face::Down,
            Face::North,
            Face::South,
            Face::West,
            Face::East,
            Face::Up,
        ];
        faces.into_iter().find_map(|toward| {
            let n = toward.normal();
            let neighbour = offset(cell, n);
            let face = toward.opposite();
            if !holds_a_click(game, neighbour) {
                return None;
            }
            point_in_sight(game, neighbour, face).map(|point| (neighbour, face, point))
        })
    }

    /// Whether a cell holding `id` holds what was to be placed: the
    /// block, or the portal that fire lit in a frame turns into.
    fn placed(&self, id: BlockId) -> bool {
        id == self.block || (self.block == block("fire") && id == block("nether_portal"))
    }

    /// The cell under `cell` to fill first when no neighbour of `cell`
    /// holds a click, wherever the eye is, and a solid block is being
    /// built: ground that held the plan may have fallen away since (seed
    /// 3382's `build_nether_portal`: the sand under the frame's corner,
    /// stirred by the work beside it, fell into a cave below, and the
    /// corner hung in the air).
    fn support_to_fill(&self, game: &Game, cell: BlockPos) -> Option<BlockPos> {
        let below = up(cell, -1);
        let hanging = Face::ALL
            .into_iter()
            .all(|toward| !holds_a_click(game, offset(cell, toward.normal())));
        let solid = registry().block(self.block).is_opaque_cube();
        (hanging
            && solid
            && is_replaceable(game.world.get(below))
            && !self.not_to_fill.contains(&below))
        .then_some(below)
    }

    fn next_job(&mut self) -> Step {
        self.jobs.pop_front();
        self.mine = None;
        self.ticks_on_job = 0;
        Step::Act(Action::noop())
    }
}

impl Behaviour for Construct {
    fn next(&mut self, game: &Game) -> Step {
        let Some(&job) = self.jobs.front() else {
            return Step::Done;
        };
        self.ticks_on_job += 1;
        match job {
            Job::Clear(cell) => {
                let id = game.world.get(cell);
                if id == BlockId::AIR || id == block("fire") {
                    return self.next_job();
                }
                let mine = self.mine.get_or_insert_with(|| Mine::new(Spot::At(cell)));
                match mine.next(game) {
                    Step::Act(action) => Step::Act(action),
                    Step::Done => self.next_job(),
                }
            }
            Job::Place(cell) => {
                let id = game.world.get(cell);
                if self.placed(id) || self.ticks_on_job > Self::PATIENCE {
                    return self.next_job();
                }
                if id != BlockId::AIR && registry().block(id).shape.collides() {
                    self.jobs.push_front(Job::Clear(cell));
                    self.ticks_on_job = 0;
                    return Step::Act(Action::noop());
                }
                if placement_obstructed(game, self.block, cell) {
                    return Step::Act(step_away_from(game, cell));
                }
                if let Some(below) = self.support_to_fill(game, cell) {
                    self.not_to_fill.push(below);
                    self.jobs.push_front(Job::Place(below));
                    self.ticks_on_job = 0;
                    return Step::Act(Action::noop());
                }
                match Self::support_face(game, cell) {
                    Some((pos, face, point)) => {
                        Step::Act(use_on_face(game, pos, face, point, self.ticks_on_job))
                    }
                    None => Step::Act(jump_to_place(game, cell, self.ticks_on_job)),
                }
            }
        }
    }
}

/// For a cell above the eye over a solid block, whose top is hidden from
/// below: jumps, turned to that top, and clicks it when the eye rises
/// over it (the way a roof is started over walls in the open); else
/// waits.
fn jump_to_place(game: &Game, cell: BlockPos, ticks: u32) -> Action {
    let below = up(cell, -1);
    let eye_below_the_top = game.player.eye()[1] < f64::from(cell[1]);
    if !eye_below_the_top || !is_solid_cube(game, below) {
        return Action::noop();
    }
    use_on_face(game, below, Face::Up, aim_point(below, Face::Up), ticks).with(Key::Jump)
}

/// A step straight away from a cell the body stands in part in.
fn step_away_from(game: &Game, cell: BlockPos) -> Action {
    let [cx, _, cz] = block_centre(cell);
    let [x, _, z] = game.player.pos;
    let length = (x - cx).hypot(z - cz).max(1e-6);
    let mut walk = WalkTo::new(x + (x - cx) / length, z + (z - cz) / length);
    walk.within = 0.0;
    match walk.next(game) {
        Step::Act(action) => action,
        Step::Done => Action::noop(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::item;
    use crate::sim::script::long::stage::play_phase;

    #[test]
    fn a_block_goes_onto_a_path_block() {
        // Seed 508: the only neighbour of a portal frame's cell was a
        // village path, a sixteenth lower than a full block.
        let mut game = sky_game();
        put(&mut game, [2, FLOOR + 1, 0], "grass_path");
        let cell = [2, FLOOR + 2, 0];
        game.player.pos = [0.5, f64::from(FLOOR + 1), 0.5];
        game.player.inventory.main[0] = Some(ItemStack::new(item("obsidian"), 4));
        let built = |g: &Game| g.world.get(cell) == block("obsidian");
        let construct = Construct::new(block("obsidian"), vec![Job::Place(cell)]);
        let played = play_phase(game, vec![Box::new(construct)], built, 100);
        assert!(played.reached, "not placed in {} steps", played.steps);
    }

    /// A sky game holding obsidian, and a cell hanging one block over its
    /// floor, two blocks east of the feet.
    fn a_hanging_cell() -> (Game, BlockPos) {
        let mut game = sky_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("obsidian"), 4));
        (game, [2, FLOOR + 2, 0])
    }

    #[test]
    fn a_cell_hanging_in_the_air_is_built_on_a_block_put_under_it() {
        // Seed 3382: the sand under a portal frame's corner fell away.
        let (game, cell) = a_hanging_cell();
        let under = up(cell, -1);
        let built = |g: &Game| g.world.get(cell) == block("obsidian");
        let construct = Construct::new(block("obsidian"), vec![Job::Place(cell)]);
        let played = play_phase(game, vec![Box::new(construct)], built, 200);
        assert!(played.reached, "not placed in {} steps", played.steps);
        assert_eq!(played.game.world.get(under), block("obsidian"));
    }

    #[test]
    fn no_block_goes_under_a_hanging_cell_into_one_the_jobs_clear() {
        let (game, cell) = a_hanging_cell();
        let under = up(cell, -1);
        let jobs = vec![Job::Clear(under), Job::Place(cell)];
        let construct = Construct::new(block("obsidian"), jobs);
        let played = play_phase(game, vec![Box::new(construct)], |_| false, 200);
        assert_eq!(played.game.world.get(under), BlockId::AIR);
        assert_eq!(played.game.world.get(cell), BlockId::AIR);
    }
}
