//! A block's faces for a script: points on a face the eye sees (the
//! middle, or off it where an edge hides the middle), and using an item
//! on chosen faces from where the eye sees them.

use super::behaviour::{angles_to, block_centre, distance, turn_towards, Behaviour, Step};
use super::placing::held_uses_left;
use super::plants::is_wild_plant;
use crate::protocol::{Action, Key};
use crate::sim::game::Game;
use crate::sim::player::EYE_HEIGHT_SNEAKING;
use crate::sim::raycast::{self, Face};
use crate::sim::registry::BlockId;
use crate::sim::world::BlockPos;

/// The point in the middle of a block's face.
pub(super) fn face_centre(pos: BlockPos, face: Face) -> [f64; 3] {
    let c = block_centre(pos);
    let n = face.normal().map(f64::from);
    [c[0] + n[0] * 0.5, c[1] + n[1] * 0.5, c[2] + n[2] * 0.5]
}

/// The point to aim at on a face: a little inside its middle (the
/// crosshair selects whole cells).
pub(super) fn aim_point(pos: BlockPos, face: Face) -> [f64; 3] {
    let point = face_centre(pos, face);
    let n = face.normal().map(f64::from);
    [
        point[0] - n[0] * 0.01,
        point[1] - n[1] * 0.01,
        point[2] - n[2] * 0.01,
    ]
}

/// Whether the crosshair, turned to `point`, would rest on `pos`'s `face`
/// within reach once the plants in the way are cut.
pub(super) fn face_in_sight(game: &Game, pos: BlockPos, face: Face, point: [f64; 3]) -> bool {
    face_seen_from(game, game.player.eye(), pos, face, point)
}

/// [`face_in_sight`] for eyes at `eye`.
pub(super) fn face_seen_from(
    game: &Game,
    eye: [f64; 3],
    pos: BlockPos,
    face: Face,
    point: [f64; 3],
) -> bool {
    let d = [point[0] - eye[0], point[1] - eye[1], point[2] - eye[2]];
    let distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    let dir = d.map(|c| c / distance);
    let solid = |b: BlockId| raycast::selectable(b) && !is_wild_plant(b);
    distance < raycast::REACH - 0.2
        && raycast::cast(&game.world, eye, dir, raycast::REACH, solid)
            .is_some_and(|hit| hit.pos == pos && hit.face == face)
}

/// A point of a face the crosshair would rest on (plants in the way
/// aside): its middle, or else one nearer a corner, since a block whose
/// edge the eye looks just over can hide the middle and not the rest
/// (with the middle alone, `build_nether_portal` found no face to set a
/// frame block on in seeds 1, 2, 5 and 42).
pub(super) fn point_in_sight(game: &Game, pos: BlockPos, face: Face) -> Option<[f64; 3]> {
    points_round(aim_point(pos, face), face.normal(), OFF_MIDDLE)
        .into_iter()
        .find(|&point| face_in_sight(game, pos, face, point))
}

/// How far off a face's middle the other points aimed at lie.
pub(super) const OFF_MIDDLE: f64 = 0.3;

/// A point on a face whose normal is `normal`, then four points `offset`
/// from it across the face towards its corners.
pub(super) fn points_round(point: [f64; 3], normal: [i32; 3], offset: f64) -> [[f64; 3]; 5] {
    let axis = (0..3).position(|i| normal[i] != 0).unwrap_or(1);
    let across = [usize::from(axis == 0), 2 - usize::from(axis == 2)];
    [
        (0.0, 0.0),
        (-1.0, -1.0),
        (-1.0, 1.0),
        (1.0, -1.0),
        (1.0, 1.0),
    ]
    .map(|(a, b)| {
        let mut p = point;
        p[across[0]] += a * offset;
        p[across[1]] += b * offset;
        p
    })
}

/// A point in sight on a face of `pos` (see [`point_in_sight`]), the
/// faces nearest the eye first; `None` if no face is in sight.
pub(super) fn face_point_in_sight(game: &Game, pos: BlockPos) -> Option<[f64; 3]> {
    let eye = game.player.eye();
    let mut faces = Face::ALL;
    faces.sort_by(|&a, &b| {
        distance(eye, face_centre(pos, a)).total_cmp(&distance(eye, face_centre(pos, b)))
    });
    faces
        .into_iter()
        .find_map(|face| point_in_sight(game, pos, face))
}

/// Turns towards a face of a block and clicks use on it every few ticks
/// once the crosshair rests there (sneaking, so containers stay shut);
/// cuts a plant that stands in the way.
pub(super) fn use_on_face(
    game: &Game,
    pos: BlockPos,
    face: Face,
    point: [f64; 3],
    ticks: u32,
) -> Action {
    let (yaw, pitch) = angles_to(game, point);
    let mut action = Action::noop().with(Key::Sneak);
    action.camera = turn_towards(game, yaw, pitch);
    let hit = raycast::target(&game.world, game.player.eye(), game.player.look_dir());
    match hit {
        Some(hit) if hit.pos == pos && hit.face == face && ticks % 5 == 4 => action.press(Key::Use),
        Some(hit) if hit.pos != pos && is_wild_plant(hit.block) => action.press(Key::Attack),
        _ => {}
    }
    action
}

/// Which faces an item may be used on.
type FaceFinder = fn(&Game) -> Vec<(BlockPos, Face)>;

/// Uses the selected item on faces the finder offers, farthest first (so
/// what it puts there does not hide the rest),
/// until it has been used `count` times (the stack or its durability
/// went down), giving up on a face after a few ticks. Sneaks while
/// clicking, so containers are not opened instead; a face counts as in
/// sight only from the sneaking eye, and is aimed at a point seen from
/// there (seed 917's `plant_wheats`: chosen by the standing eye, the
/// tilled spot's middle was hidden from the sneaking eye by the edge of
/// the leaves underfoot, and the hoe was never clicked).
pub struct UseOnFaces {
    finder: FaceFinder,
    count: u32,
    tried: Vec<(BlockPos, Face)>,
    /// The face being used on, the point aimed at and the ticks spent.
    current: Option<(BlockPos, Face, [f64; 3], u32)>,
    held: i64,
    /// Whether the last action clicked use (shears also wear cutting a
    /// plant in the way, which is no use).
    clicked: bool,
}

impl UseOnFaces {
    const PATIENCE: u32 = 25;

    pub fn new(finder: FaceFinder, count: u32) -> UseOnFaces {
        UseOnFaces {
            finder,
            count,
            tried: Vec::new(),
            current: None,
            held: 0,
            clicked: false,
        }
    }

    /// The farthest face not tried yet with a point in sight of the
    /// sneaking eye, and that point.
    fn next_face(&self, game: &Game) -> Option<(BlockPos, Face, [f64; 3])> {
        let p = &game.player;
        let eye = [p.pos[0], p.pos[1] + EYE_HEIGHT_SNEAKING, p.pos[2]];
        let mut faces: Vec<(i64, BlockPos, Face, [f64; 3])> = (self.finder)(game)
            .into_iter()
            .filter(|spot| !self.tried.contains(spot))
            .filter_map(|(pos, face)| {
                let point = points_round(aim_point(pos, face), face.normal(), OFF_MIDDLE)
                    .into_iter()
                    .find(|&point| face_seen_from(game, eye, pos, face, point))?;
                let c = face_centre(pos, face);
                let d2 = (0..3).map(|a| (c[a] - eye[a]).powi(2)).sum::<f64>();
                Some(((d2 * 1000.0) as i64, pos, face, point))
            })
            .collect();
        faces.sort_by_key(|&(d, pos, face, _)| (-d, pos, face as u8));
        faces
            .first()
            .map(|&(_, pos, face, point)| (pos, face, point))
    }
}

impl Behaviour for UseOnFaces {
    fn next(&mut self, game: &Game) -> Step {
        let held = held_uses_left(game);
        if held < self.held && self.clicked {
            self.count = self.count.saturating_sub(1);
            self.current = None;
        }
        self.held = held;
        self.clicked = false;
        if self.count == 0 || game.player.inventory.selected_stack().is_none() {
            return Step::Done;
        }
        let (pos, face, point, ticks) = match self.current {
            Some((pos, face, point, ticks)) if ticks < Self::PATIENCE => (pos, face, point, ticks),
            _ => {
                let Some((pos, face, point)) = self.next_face(game) else {
                    return Step::Done;
                };
                self.tried.push((pos, face));
                (pos, face, point, 0)
            }
        };
        self.current = Some((pos, face, point, ticks + 1));
        let action = use_on_face(game, pos, face, point, ticks);
        self.clicked = action.is_pressed(Key::Use);
        Step::Act(action)
    }
}
