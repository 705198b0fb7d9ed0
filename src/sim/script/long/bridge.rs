//! Sneak-bridging across the void: from the End's arrival platform a lane
//! of cobblestone one block wide towards the island, laid as players lay
//! one. Facing back along the lane, sneaking backwards to the edge of the
//! last block (the sneak guard holds the body while it still overlaps
//! the block), looking steeply down at that block's outer face, and
//! clicking it puts the next block beyond it. The bridge ends where the
//! island's end stone stands in the lane, at the floor's level or a
//! little above (where it only overhangs: after its lowest blocks are
//! mined out of the way of the leaning body and one block is laid under
//! it), and the body is back over the bridge's last block.
//!
//! Precondition: standing on the lane's first block, cobblestone held,
//! a pickaxe carried.

use std::collections::VecDeque;

use super::equip::Equip;
use super::phases::equip_best_pickaxe;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::raycast::Face;
use crate::sim::registry::{block, item};
use crate::sim::rules::{crosshair, Target};
use crate::sim::script::behaviour::{turn_towards, Behaviour, Spot, Step};
use crate::sim::script::blocks::collides_at;
use crate::sim::script::mining::Mine;
use crate::sim::world::BlockPos;

/// How steeply down the eye looks at the last block's outer face: from a
/// sneaking eye over the edge, the ray meets the face below its top.
const LOOK_DOWN: f32 = 80.0;
/// The longest bridge laid.
const MOST_BLOCKS: i32 = 32;
/// Ticks the bridge takes at most.
const PATIENCE: u32 = 1_200;
/// How far (blocks) the body may stand off the lane's middle across it.
const CENTRED: f64 = 0.1;
/// How far above the lane's floor end stone in the way ends the bridge.
const ISLAND_ABOVE: i32 = 2;

/// Lays a bridge from the block under the feet along one of the four
/// horizontal directions.
pub struct Bridge {
    dir: [i32; 2],
    /// The lane's floor level and first block, fixed at the first tick.
    start: Option<BlockPos>,
    ticks_left: u32,
    /// Mining the island's overhang out of the way of the body leaning
    /// over the edge, then the cobblestone back in hand.
    clearing: VecDeque<Box<dyn Behaviour>>,
}

impl Bridge {
    /// A bridge along the axis that heads most nearly towards `[x, z]`.
    pub fn towards(game: &Game, [x, z]: [i32; 2]) -> Bridge {
        let feet = game.player.block_pos();
        let (dx, dz) = (x - feet[0], z - feet[2]);
        let dir = if dx.abs() >= dz.abs() {
            [dx.signum(), 0]
        } else {
            [0, dz.signum()]
        };
        Bridge {
            dir,
            start: None,
            ticks_left: PATIENCE,
            clearing: VecDeque::new(),
        }
    }

    fn along(&self, from: BlockPos, n: i32) -> BlockPos {
        [
            from[0] + n * self.dir[0],
            from[1],
            from[2] + n * self.dir[1],
        ]
    }

    /// The lane's last solid block short of the island, counted from its
    /// first.
    fn last_block(&self, game: &Game, start: BlockPos) -> BlockPos {
        let n = (1..=MOST_BLOCKS)
            .take_while(|&n| {
                let cell = self.along(start, n);
                collides_at(&game.world, cell) && !island_at(game, cell)
            })
            .last()
            .unwrap_or(0);
        self.along(start, n)
    }

    /// A step sideways towards the middle of the lane where the body has
    /// drifted off it and is stopped short of the edge (it overlaps the
    /// cells beside the lane, where the island's rock stands in its way).
    fn keep_centred(&self, game: &Game, start: BlockPos, action: &mut Action) {
        let p = &game.player;
        let across = if self.dir[0] != 0 { 2 } else { 0 };
        let off = f64::from(start[across]) + 0.5 - p.pos[across];
        if off.abs() <= CENTRED {
            return;
        }
        let (sin, cos) = f64::from(p.yaw).to_radians().sin_cos();
        let left = if across == 0 { cos } else { sin };
        action.press(if left * off > 0.0 {
            Key::Left
        } else {
            Key::Right
        });
    }

    /// The face of a block that looks along the lane.
    fn outer_face(&self) -> Face {
        match self.dir {
            [1, _] => Face::East,
            [-1, _] => Face::West,
            [_, 1] => Face::South,
            _ => Face::North,
        }
    }
}

/// Whether end stone stands in a column at the floor's level or a few
/// blocks above it.
fn island_at(game: &Game, floor: BlockPos) -> bool {
    (0..=ISLAND_ABOVE)
        .any(|dy| game.world.get([floor[0], floor[1] + dy, floor[2]]) == block("end_stone"))
}

/// Whether a staircase steps from the lane onto the island at `floor`'s
/// column: a floor there, or end stone a step up. Where the island only
/// overhangs higher, one more block goes under it for the staircase's
/// first step.
fn steps_onto(game: &Game, floor: BlockPos) -> bool {
    collides_at(&game.world, floor)
        || game.world.get([floor[0], floor[1] + 1, floor[2]]) == block("end_stone")
}

impl Behaviour for Bridge {
    fn next(&mut self, game: &Game) -> Step {
        let p = &game.player;
        if self.ticks_left == 0 || p.is_dead() {
            return Step::Done;
        }
        self.ticks_left -= 1;
        while let Some(step) = self.clearing.front_mut() {
            match step.next(game) {
                Step::Act(action) => return Step::Act(action),
                Step::Done => {
                    self.clearing.pop_front();
                }
            }
        }
        let start = *self.start.get_or_insert_with(|| {
            let [x, y, z] = p.block_pos();
            [x, y - 1, z]
        });
        let last = self.last_block(game, start);
        let ahead = self.along(last, 1);
        let overhang: Vec<BlockPos> = (1..=2)
            .map(|dy| [ahead[0], ahead[1] + dy, ahead[2]])
            .filter(|&cell| collides_at(&game.world, cell))
            .collect();
        if !steps_onto(game, ahead) && !overhang.is_empty() {
            self.clearing.push_back(equip_best_pickaxe());
            for cell in overhang {
                self.clearing.push_back(Box::new(Mine::new(Spot::At(cell))));
            }
            self.clearing
                .push_back(Box::new(Equip::new(item("cobblestone"))));
            return self.next(game);
        }
        let mut action = Action::noop();
        let back = [-self.dir[0], -self.dir[1]];
        let yaw = (-f64::from(back[0])).atan2(f64::from(back[1])).to_degrees() as f32;
        action.press(Key::Sneak);
        if island_at(game, ahead) && steps_onto(game, ahead) {
            // Back onto the last block from over its edge, to dig on.
            let [x, y, z] = p.block_pos();
            if collides_at(&game.world, [x, y - 1, z]) {
                return Step::Done;
            }
            action.camera = turn_towards(game, yaw, 0.0);
            action.press(Key::Forward);
            return Step::Act(action);
        }
        // Face back along the lane and walk backwards to the edge.
        action.camera = turn_towards(game, yaw, LOOK_DOWN);
        action.press(Key::Back);
        if p.horizontal_collision {
            self.keep_centred(game, start, &mut action);
        }
        let on_outer_face = matches!(
            crosshair(game),
            Some(Target::Block(hit)) if hit.pos == last && hit.face == self.outer_face()
        );
        if on_outer_face {
            action.press(Key::Use);
        }
        Step::Act(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::item;
    use crate::sim::registry::BlockId;
    use crate::sim::rules::testkit::{platform_game, put, FLOOR};
    use crate::sim::script::long::equip::Equip;
    use crate::sim::script::long::stage::{play_phase, Staged};

    /// Where the island starts, west of the platform across the gap.
    const ISLAND_EDGE: i32 = -8;

    /// A 3×3 platform round the player, nothing west of it for six
    /// blocks, then a wall of end stone.
    fn gap_game() -> Game {
        let mut game = platform_game();
        for x in ISLAND_EDGE + 1..=-2 {
            for z in -3..=3 {
                game.world.set([x, FLOOR, z], BlockId::AIR);
            }
        }
        for z in -3..=3 {
            for y in FLOOR..=FLOOR + 2 {
                put(&mut game.world, [ISLAND_EDGE, y, z], "end_stone");
            }
        }
        crate::sim::command::run(&mut game, "/give @s minecraft:cobblestone 16");
        game
    }

    /// Cobblestone in hand, a bridge laid west from the player's block for
    /// up to 1,000 ticks; how it ended and the lowest the feet came.
    fn bridge_west(game: Game) -> (Staged, f64) {
        let plan: Vec<Box<dyn Behaviour>> = vec![
            Box::new(Equip::new(item("cobblestone"))),
            Box::new(Bridge::towards(&game, [ISLAND_EDGE - 10, 0])),
        ];
        let lowest = std::cell::Cell::new(f64::MAX);
        let bridged = play_phase(
            game,
            plan,
            |g| {
                lowest.set(lowest.get().min(g.player.pos[1]));
                false
            },
            1_000,
        );
        (bridged, lowest.get())
    }

    #[test]
    fn a_sneaking_bridge_spans_the_gap_without_a_fall() {
        let game = gap_game();
        let (bridged, lowest) = bridge_west(game);
        let game = &bridged.game;
        for x in ISLAND_EDGE + 1..=-2 {
            assert_eq!(
                game.world.get([x, FLOOR, 0]),
                block("cobblestone"),
                "the lane at x {x}"
            );
        }
        assert_eq!(
            game.player.inventory.count(item("cobblestone")),
            16 - 6,
            "one block a gap cell"
        );
        assert!(
            lowest >= f64::from(FLOOR + 1) - 1e-6,
            "the body never dropped below the lane"
        );
        let feet = game.player.block_pos();
        assert_eq!(feet, [ISLAND_EDGE + 1, FLOOR + 1, 0], "at the bridge's end");
        assert!(bridged.steps < 400, "{} steps", bridged.steps);
    }

    /// A one-block gap, then an island edge that overhangs it two blocks
    /// above the lane's floor, solid behind.
    fn overhang_game() -> Game {
        let mut game = platform_game();
        for z in -3..=3 {
            game.world.set([-2, FLOOR, z], BlockId::AIR);
            game.world.set([-3, FLOOR, z], BlockId::AIR);
            for y in FLOOR + 2..=FLOOR + 3 {
                put(&mut game.world, [-3, y, z], "end_stone");
            }
            for x in -6..=-4 {
                for y in FLOOR..=FLOOR + 3 {
                    put(&mut game.world, [x, y, z], "end_stone");
                }
            }
        }
        for give in ["cobblestone 16", "diamond_pickaxe"] {
            crate::sim::command::run(&mut game, &format!("/give @s minecraft:{give}"));
        }
        game
    }

    #[test]
    fn under_an_overhang_the_bridge_mines_room_to_lean_and_lays_a_floor() {
        let game = overhang_game();
        let (bridged, lowest) = bridge_west(game);
        let game = &bridged.game;
        assert_eq!(game.world.get([-2, FLOOR, 0]), block("cobblestone"));
        assert_eq!(
            game.world.get([-3, FLOOR, 0]),
            block("cobblestone"),
            "a floor under the overhang"
        );
        assert_eq!(
            game.world.get([-3, FLOOR + 2, 0]),
            BlockId::AIR,
            "the overhang's lowest block mined"
        );
        assert!(lowest >= f64::from(FLOOR + 1) - 1e-6);
        assert!(bridged.steps < 1_000, "the bridge ended");
    }
}
