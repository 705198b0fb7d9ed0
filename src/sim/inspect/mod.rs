//! Referee rules: predicates that read the game state the way a judge
//! watching the end of an episode would — is there an enclosed room with a
//! roof and a door ([`room`]), a fenced garden ([`garden`]), a decorated
//! wall ([`decoration`]); does the player look at a thing up close
//! ([`sight`]), stand on a summit, in a forest or far away in another biome
//! ([`land`]), in a village ([`village`]). They only read. The judge-only tasks' world-state checks
//! (`script::checks`) are composed from them.

pub mod decoration;
pub mod garden;
pub mod land;
pub mod room;
pub mod sight;
pub mod village;

use super::registry::{registry, BlockId};
use super::world::{offset, BlockPos, World};

/// Whether the player bumps into the block (walls, doors, panes, fences).
fn collides(id: BlockId) -> bool {
    registry().block(id).shape.collides()
}

/// The four horizontal neighbours' offsets.
const SIDES: [[i32; 3]; 4] = [[1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];

/// The columns (x, z) of a square of `radius` around `centre`, in a fixed order.
fn square(centre: BlockPos, radius: i32) -> impl Iterator<Item = [i32; 2]> {
    (-radius..=radius)
        .flat_map(move |dz| (-radius..=radius).map(move |dx| [centre[0] + dx, centre[2] + dz]))
}

/// The block name, for the rules that go by kind (`…_door`, `…_bed`).
fn name(world: &World, pos: BlockPos) -> &'static str {
    registry().block(world.get(pos)).name
}

/// An area closed in on every side: the open columns reached from a start
/// by four-way steps (a player cannot squeeze between diagonal blocks), and
/// the closed columns around them, both sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enclosure {
    pub cells: Vec<[i32; 2]>,
    pub border: Vec<[i32; 2]>,
}

/// What a flood reached before it stopped: the open columns, the closed
/// ones around them, and whether it gave up having grown too large.
struct Flood {
    cells: std::collections::BTreeSet<[i32; 2]>,
    border: std::collections::BTreeSet<[i32; 2]>,
    leaked: bool,
}

/// Floods the open columns from `start` by four-way steps, stopping once
/// more than `max_cells` are open.
fn flood(start: [i32; 2], max_cells: usize, open: impl Fn([i32; 2]) -> bool) -> Flood {
    use std::collections::{BTreeSet, VecDeque};
    let mut reached = Flood {
        cells: BTreeSet::from([start]),
        border: BTreeSet::new(),
        leaked: false,
    };
    let mut queue = VecDeque::from([start]);
    while let Some([x, z]) = queue.pop_front() {
        for [dx, _, dz] in SIDES {
            let next = [x + dx, z + dz];
            if reached.cells.contains(&next) || reached.border.contains(&next) {
                continue;
            }
            if !open(next) {
                reached.border.insert(next);
                continue;
            }
            if reached.cells.len() == max_cells {
                reached.leaked = true;
                return reached;
            }
            reached.cells.insert(next);
            queue.push_back(next);
        }
    }
    reached
}

impl Flood {
    fn enclosure(self) -> Option<Enclosure> {
        (!self.leaked).then(|| Enclosure {
            cells: self.cells.into_iter().collect(),
            border: self.border.into_iter().collect(),
        })
    }
}

impl Enclosure {
    /// The enclosure of open columns around `start`; `None` when `start` is
    /// closed or the area grows past `max_cells` (it is open to the outside).
    pub fn around(
        start: [i32; 2],
        max_cells: usize,
        open: impl Fn([i32; 2]) -> bool,
    ) -> Option<Enclosure> {
        if !open(start) {
            return None;
        }
        flood(start, max_cells, open).enclosure()
    }

    /// Every enclosure whose start cell passes `candidate`, among the
    /// columns within `radius` of `centre`, each found once.
    pub fn all_near(
        centre: BlockPos,
        radius: i32,
        max_cells: usize,
        candidate: impl Fn([i32; 2]) -> bool,
        open: impl Fn([i32; 2]) -> bool,
    ) -> Vec<Enclosure> {
        let mut seen = std::collections::BTreeSet::new();
        let mut found = Vec::new();
        for column in square(centre, radius) {
            if seen.contains(&column) || !open(column) || !candidate(column) {
                continue;
            }
            let reached = flood(column, max_cells, &open);
            seen.extend(reached.cells.iter().copied());
            found.extend(reached.enclosure());
        }
        found
    }

    /// Whether the open area holds a full 3×3 square.
    pub fn holds_three_by_three(&self) -> bool {
        let has = |c: [i32; 2]| self.cells.binary_search(&c).is_ok();
        self.cells
            .iter()
            .any(|&[x, z]| (0..3).all(|dz| (0..3).all(|dx| has([x + dx, z + dz]))))
    }
}

/// Worlds built by hand high in the sky (nothing generated grows there),
/// for the predicates' tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::sim::game::Game;
    use crate::sim::registry::block;
    use crate::sim::world::BlockPos;

    /// The level of the hand-built floors; the feet stand one above.
    pub const FLOOR: i32 = 200;

    /// A game with an 11×11 stone floor at [`FLOOR`] around the origin and
    /// the player standing on its middle.
    pub fn sky_game() -> Game {
        let mut game = Game::blank(3);
        for x in -5..=5 {
            for z in -5..=5 {
                put(&mut game, [x, FLOOR, z], "stone");
            }
        }
        game.player.pos = [0.5, f64::from(FLOOR + 1), 0.5];
        game.player.on_ground = true;
        game.start = game.player.pos;
        game
    }

    pub fn put(game: &mut Game, pos: BlockPos, name: &str) {
        game.world.set(pos, block(name));
    }

    /// A 5×5 house around the origin: cobblestone walls two high with an
    /// oak door in the south wall and glass panes east and west, a plank
    /// roof, a torch and a bed inside.
    pub fn build_house(game: &mut Game) {
        let y = FLOOR + 1;
        for x in -2..=2i32 {
            for z in -2..=2i32 {
                if x.abs() == 2 || z.abs() == 2 {
                    put(game, [x, y, z], "cobblestone");
                    put(game, [x, y + 1, z], "cobblestone");
                }
                put(game, [x, y + 2, z], "oak_planks");
            }
        }
        put(game, [0, y, 2], "oak_door");
        put(game, [2, y + 1, 0], "glass_pane");
        put(game, [-2, y + 1, 0], "glass_pane");
        put(game, [-1, y, -1], "torch");
        put(game, [1, y, -1], "blue_bed");
    }
}
