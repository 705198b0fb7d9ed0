//! Building from a blueprint through the use key, as a player does: for
//! each cell in turn the block is picked in the hotbar, the crosshair is
//! turned onto the face of a neighbouring block that the new block goes
//! against (one in sight and within reach), and use is pressed; a flower
//! or tall grass in the cell is broken first. A cell already filled is
//! passed over; one that could not be placed is tried once more after the
//! rest stands (its support may come later). A peaceful creature standing
//! in the cell is punched out of it first.

use std::collections::VecDeque;

use super::behaviour::{angles_to, turn_towards, Behaviour, Step};
use super::faces::{points_round, OFF_MIDDLE};
use super::placing::walk_to_middle;
use crate::protocol::{Action, Key};
use crate::sim::entity::{Entity, EntityKind};
use crate::sim::game::Game;
use crate::sim::raycast;
use crate::sim::registry::{registry, BlockId, Disposition, ItemId, ItemKind, Shape};
use crate::sim::rules::{bodies_in_the_way, crosshair, opens_on_use, Body, Target};
use crate::sim::world::BlockPos;

/// Ticks spent on one cell before leaving it for later.
const PATIENCE: u32 = 30;

/// Ticks spent punching creatures out of one cell before patience runs
/// again: enough for a few punches and for a creature out of sight to
/// walk off.
const PUNCHING_PATIENCE: u32 = 100;

/// Neighbours tried as supports, in order: the block below first, as a
/// player builds on top of things, then the sides, then the one above.
const SUPPORTS: [[i32; 3]; 6] = [
    [0, -1, 0],
    [0, 0, -1],
    [0, 0, 1],
    [-1, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
];

/// One block of a blueprint.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    pub cell: BlockPos,
    pub item: ItemId,
    /// The neighbour (as an offset from the cell) to place against, when it
    /// matters: a torch on a wall, a pot on a shelf.
    pub against: Option<[i32; 3]>,
}

impl Placement {
    pub fn new(cell: BlockPos, item: ItemId) -> Placement {
        Placement {
            cell,
            item,
            against: None,
        }
    }

    pub fn against(mut self, offset: [i32; 3]) -> Placement {
        self.against = Some(offset);
        self
    }

    fn block(&self) -> Option<BlockId> {
        match registry().item(self.item).kind {
            ItemKind::Block(id) => Some(id),
            _ => None,
        }
    }

    /// Whether the cell holds the block, or anything a block would not
    /// replace (plants and fluids are built over).
    fn is_done(&self, game: &Game) -> bool {
        let there = game.world.get(self.cell);
        let shape = registry().block(there).shape;
        Some(there) == self.block() || !matches!(shape, Shape::None | Shape::Liquid | Shape::Cross)
    }

    /// Whether the player's body is in the way of the block.
    fn blocked_by_player(&self, game: &Game) -> bool {
        self.block().is_some_and(|block| {
            bodies_in_the_way(game, block, self.cell).any(|body| matches!(body, Body::Player))
        })
    }

    /// A passive creature whose body is in the way of the block (seeds
    /// 1007's and 1041's libraries: the villager stood on a wall's lower
    /// course, in the upper course's cell, for hundreds of ticks). A
    /// neutral one is let be: a punch would turn it on the player.
    fn passive_creature_in_the_way<'a>(&self, game: &'a Game) -> Option<&'a Entity> {
        bodies_in_the_way(game, self.block()?, self.cell).find_map(|body| match body {
            Body::Creature(e) if is_passive(e) => Some(e),
            _ => None,
        })
    }

    /// Whether the block could be placed from where the player stands: a
    /// support's face in sight and within reach.
    pub fn in_reach(&self, game: &Game) -> bool {
        self.click_spot(game).is_some()
    }

    /// Where to click to place into the cell: a support's face that the
    /// eye sees within reach, as (support, point to aim at). A point whose
    /// neighbourhood the eye sees too is taken first: the face's middle or
    /// a point off it, support by support; else a middle seen only along
    /// its exact line.
    fn click_spot(&self, game: &Game) -> Option<(BlockPos, [f64; 3])> {
        let offsets = match self.against {
            Some(offset) => vec![offset],
            None => SUPPORTS.to_vec(),
        };
        let faces: Vec<([i32; 3], BlockPos)> = offsets
            .into_iter()
            .map(|d| (d, [0, 1, 2].map(|a| self.cell[a] + d[a])))
            .filter(|&(_, support)| {
                let block = game.world.get(support);
                registry().block(block).shape.collides() && !opens_on_use(block)
            })
            .collect();
        // Each point's own ray is cast once: a middle it clicks is kept
        // for the last resort while the margin rays are tried.
        let mut middle_clicked = None;
        for &(d, support) in &faces {
            for (k, point) in face_points(support, d).into_iter().enumerate() {
                if !self.clicks(game, support, point) {
                    continue;
                }
                if k == 0 {
                    middle_clicked.get_or_insert((support, point));
                }
                let [_, round @ ..] = points_round(point, d, AIM_MARGIN);
                if round.iter().all(|&p| self.clicks(game, support, p)) {
                    return Some((support, point));
                }
            }
        }
        middle_clicked
    }

    /// Whether a ray from the eye towards `aim` lands on the support's face
    /// towards the cell.
    fn clicks(&self, game: &Game, support: BlockPos, aim: [f64; 3]) -> bool {
        let eye = game.player.eye();
        let d = [0, 1, 2].map(|a| aim[a] - eye[a]);
        let length = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        length < raycast::REACH - 0.2
            && raycast::target(&game.world, eye, d.map(|v| v / length))
                .is_some_and(|hit| hit.pos == support && hit.adjacent() == self.cell)
    }
}

/// Whether the entity is a creature that never turns on a player who
/// punches it (a villager, a sheep), so it may be punched out of the way.
fn is_passive(entity: &Entity) -> bool {
    match &entity.kind {
        EntityKind::Mob(mob) => registry()
            .creature(mob.kind)
            .is_some_and(|def| def.disposition == Disposition::Passive),
        _ => false,
    }
}

/// The passive creature the crosshair is on, if it is on one.
fn passive_creature_under_the_crosshair(game: &Game) -> Option<&Entity> {
    match crosshair(game)? {
        Target::Entity(id) => game.entities.get(id).filter(|e| is_passive(e)),
        Target::Block(_) => None,
    }
}

/// How far round a point to click the rays must land on the face too: the
/// turned look meets the point only to within rounding, and a ray that
/// grazes a block's edge on its way lands on either side of it (seed 159's
/// chest: the eye, an edge and the face's middle stood in one line).
const AIM_MARGIN: f64 = 0.02;

/// Points to click on the face of `support` towards the cell at offset
/// `-d` from it: the middle (a hair inside the support), then four points
/// off it towards the corners.
fn face_points(support: BlockPos, d: [i32; 3]) -> [[f64; 3]; 5] {
    let middle = [0, 1, 2].map(|a| f64::from(support[a]) + 0.5 - 0.48 * f64::from(d[a]));
    points_round(middle, d, OFF_MIDDLE)
}

/// Aims at a plant standing where a block goes and breaks it (plants
/// break at once, and a click on the ground beneath would land on them).
fn break_plant(game: &Game, cell: BlockPos) -> Action {
    let centre = cell.map(|v| f64::from(v) + 0.5);
    let (yaw, pitch) = angles_to(game, centre);
    let mut action = Action::noop();
    action.camera = turn_towards(game, yaw, pitch);
    let (eye, look) = (game.player.eye(), game.player.look_dir());
    if raycast::target(&game.world, eye, look).is_some_and(|hit| hit.pos == cell) {
        action.press(Key::Attack);
    }
    action
}

/// The attack that breaks a plant the eyes are inside, if they are: a
/// look from within one meets it first, whatever it aims at (seed 488's
/// decorate_the_wall stood in tall grass, seed 490's craft_to_cake in
/// sugar cane, and neither placed a block).
pub(super) fn break_the_plant_at_the_eyes(game: &Game) -> Option<Action> {
    let cell = game.player.eye().map(|v| v.floor() as i32);
    (registry().block(game.world.get(cell)).shape == Shape::Cross).then(|| break_plant(game, cell))
}

/// This tick's step back towards the middle of the feet's cell, when the
/// body only leans into `cell` beside it (seed 270's library: standing
/// 0.3 off the middle after the roof's pillar was mined, the body touched
/// the lantern's cell); none when the cell is in the feet's own column,
/// where no step helps.
fn step_off(game: &Game, cell: BlockPos) -> Option<Action> {
    let feet = game.player.block_pos();
    if [cell[0], cell[2]] == [feet[0], feet[2]] {
        return None;
    }
    walk_to_middle(game)
}

/// This tick's turn towards a creature's body and, with the crosshair on
/// it, a punch: its knockback and the panic it starts carry it off.
fn punch(game: &Game, creature: &Entity) -> Action {
    let (_, height) = creature.size();
    let body = [
        creature.pos[0],
        creature.pos[1] + height / 2.0,
        creature.pos[2],
    ];
    let (yaw, pitch) = angles_to(game, body);
    let mut action = Action::noop();
    action.camera = turn_towards(game, yaw, pitch);
    let on_it = crosshair(game) == Some(Target::Entity(creature.id));
    if on_it && !game.player.attack_was_down {
        action.press(Key::Attack);
    }
    action
}

/// The placement worked on and the ticks spent on it.
struct Working {
    placement: Placement,
    /// Ticks spent trying to place, against [`PATIENCE`].
    ticks: u32,
    /// Ticks spent punching creatures out of the cell, against
    /// [`PUNCHING_PATIENCE`].
    punching: u32,
}

/// Places a blueprint's blocks in order.
pub struct Build {
    todo: VecDeque<Placement>,
    later: Vec<Placement>,
    retried: bool,
    current: Option<Working>,
}

impl Build {
    pub fn new(blueprint: Vec<Placement>) -> Build {
        Build {
            todo: blueprint.into(),
            later: Vec::new(),
            retried: false,
            current: None,
        }
    }

    /// The next placement to work on, after the current one.
    fn advance(&mut self, give_up: bool) -> Option<Placement> {
        if let (true, Some(working)) = (give_up, self.current.take()) {
            self.later.push(working.placement);
        }
        self.current = None;
        if self.todo.is_empty() && !self.retried {
            self.retried = true;
            self.todo = std::mem::take(&mut self.later).into();
        }
        let next = self.todo.pop_front()?;
        self.current = Some(Working {
            placement: next,
            ticks: 0,
            punching: 0,
        });
        Some(next)
    }
}

impl Behaviour for Build {
    fn next(&mut self, game: &Game) -> Step {
        loop {
            let Some(working) = self.current.as_mut() else {
                if self.advance(false).is_none() {
                    return Step::Done;
                }
                continue;
            };
            let placement = working.placement;
            if placement.is_done(game) {
                self.advance(false);
                continue;
            }
            if working.punching < PUNCHING_PATIENCE {
                if let Some(creature) = placement.passive_creature_in_the_way(game) {
                    working.punching += 1;
                    return Step::Act(punch(game, creature));
                }
            }
            working.ticks += 1;
            let ticks = working.ticks;
            let blocked = ticks <= PATIENCE && placement.blocked_by_player(game);
            if let Some(action) = blocked.then(|| step_off(game, placement.cell)).flatten() {
                return Step::Act(action);
            }
            if ticks > PATIENCE || blocked {
                self.advance(true);
                continue;
            }
            let inventory = &game.player.inventory;
            if inventory.selected_stack().map(|s| s.item) != Some(placement.item) {
                let Some(slot) = inventory.hotbar_slot_of(placement.item) else {
                    self.advance(false);
                    continue;
                };
                let key = Key::hotbar(slot as u8 + 1).expect("hotbar slot 0..9");
                return Step::Act(Action::noop().with(key));
            }
            if registry().block(game.world.get(placement.cell)).shape == Shape::Cross {
                return Step::Act(break_plant(game, placement.cell));
            }
            let Some((support, aim)) = placement.click_spot(game) else {
                if let Some(action) = break_the_plant_at_the_eyes(game) {
                    return Step::Act(action);
                }
                self.advance(true);
                continue;
            };
            let (yaw, pitch) = angles_to(game, aim);
            let mut action = Action::noop();
            action.camera = turn_towards(game, yaw, pitch);
            let (eye, look) = (game.player.eye(), game.player.look_dir());
            let on_face = raycast::target(&game.world, eye, look)
                .is_some_and(|hit| hit.pos == support && hit.adjacent() == placement.cell);
            if !on_face {
                return Step::Act(action);
            }
            // A creature standing between the eye and the face takes the
            // click (seed 1422's library: the villager stood in the line to
            // the north-west corner's walls until their patience ran out).
            match passive_creature_under_the_crosshair(game) {
                Some(creature) if working.punching < PUNCHING_PATIENCE => {
                    working.punching += 1;
                    return Step::Act(punch(game, creature));
                }
                _ => action.press(Key::Use),
            }
            return Step::Act(action);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inspect::testing::{put, sky_game, FLOOR};
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::{block, item};
    use crate::sim::script::long::stage::play_phase;

    /// Gives the player one of `name` and builds it at `cell`: it must be
    /// set within 100 ticks.
    fn assert_set(mut game: Game, cell: BlockPos, name: &str) {
        game.player.inventory.main[0] = Some(ItemStack::new(item(name), 1));
        let placed = play_phase(
            game,
            vec![Box::new(Build::new(vec![Placement::new(cell, item(name))]))],
            |g| g.world.get(cell) == block(name),
            100,
        );
        assert!(placed.reached, "not placed in {} steps", placed.steps);
    }

    #[test]
    fn a_block_is_set_where_an_edge_lies_on_the_line_to_the_face_s_middle() {
        // The eye over a cell's middle, the cell two across and two along,
        // a block at the corner between: the line to the floor's middle
        // there grazes that block's edge (seed 159's chest).
        let mut game = sky_game();
        put(&mut game, [-2, FLOOR + 1, -1], "grass_block");
        assert_set(game, [-2, FLOOR + 1, -2], "chest");
    }

    #[test]
    fn a_body_leaning_into_the_cell_steps_back_and_the_block_is_set() {
        // Standing a hair less than half a body's width from the cell's
        // west edge, the body reaches into the cell west of it, where a
        // lantern goes (seed 270's library).
        let mut game = sky_game();
        game.player.pos[0] = 0.299;
        assert_set(game, [-1, FLOOR + 1, 0], "lantern");
    }

    #[test]
    fn a_block_is_set_from_inside_tall_grass() {
        // Seed 488's decorate_the_wall: the eyes stood in the tall grass's
        // upper half, and every look met it.
        let mut game = sky_game();
        put(&mut game, [0, FLOOR + 1, 0], "tall_grass");
        put(&mut game, [0, FLOOR + 2, 0], "tall_grass");
        assert_set(game, [2, FLOOR + 1, 0], "oak_planks");
    }

    #[test]
    fn a_villager_between_the_eye_and_the_face_is_punched_out_of_the_line() {
        // Seed 1422's library: the villager stood in the line to the floor
        // under a wall's cell and took every click. Here it stands in a pit
        // halfway to the cell, its body across the line to the floor's face.
        let mut game = sky_game();
        put(&mut game, [2, FLOOR, 0], "air");
        put(&mut game, [2, FLOOR - 1, 0], "stone");
        crate::sim::rules::testkit::summon_east(&mut game, "villager", 2.0);
        let villager = game.entities.list.last_mut().expect("summoned");
        villager.pos[1] = f64::from(FLOOR);
        let (cell, planks) = ([3, FLOOR + 1, 0], item("oak_planks"));
        game.player.inventory.main[0] = Some(ItemStack::new(planks, 1));
        let mut build = Build::new(vec![Placement::new(cell, planks)]);
        let first_click = (0..20).find_map(|_| {
            let Step::Act(action) = build.next(&game) else {
                return None;
            };
            crate::sim::rules::tick(&mut game, &action);
            [Key::Use, Key::Attack]
                .into_iter()
                .find(|&key| action.is_pressed(key))
        });
        assert_eq!(
            first_click,
            Some(Key::Attack),
            "a click went to the villager"
        );
        assert_set(game, cell, "oak_planks");
    }

    #[test]
    fn a_villager_standing_in_the_cell_is_punched_out_of_it() {
        // It stands on a wall's top in the cell above (seeds 1007's and
        // 1041's libraries), here a pillar four high, a drop no path
        // takes: only a punch moves it.
        let mut game = sky_game();
        for y in FLOOR + 1..=FLOOR + 4 {
            put(&mut game, [0, y, 0], "stone");
            put(&mut game, [2, y, 0], "bookshelf");
        }
        game.player.pos[1] = f64::from(FLOOR + 5);
        crate::sim::rules::testkit::summon_east(&mut game, "villager", 2.0);
        assert_set(game, [2, FLOOR + 5, 0], "bookshelf");
    }
}
