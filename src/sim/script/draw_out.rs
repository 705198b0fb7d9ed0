//! Drawing an enderman to the player from where no walk reaches it, up
//! out of a deep cave or off a perch on the level: an angry enderman
//! more than sixteen blocks from the player teleports towards it (every
//! 30 ticks it tries, as vanilla's `teleportTowards`). When the quarry has stood
//! below, out of reach, for a while (the hunt's walks round having
//! had their go), the player walks off across the land until it is that
//! far across (straight over a deep cave the player is already that far,
//! but the spot sixteen blocks up the line lies in the rock: seed 119's),
//! then waits there for the enderman to come. One that follows under the
//! ground, through its cave, keeps the walk going on away from it, and
//! one that comes near again still deep below is walked off from anew;
//! one that stays below through the wait is walked round from, a quarter
//! turn about its column, and waited for again. As soon as it has come
//! up, the hunt goes on (seed 563's came up behind the walk off).
//! A quarry out of reach on the player's level that stands still while
//! the player does too (no walk reaches it: seed 4670's stood on the next
//! tree's crown, across a gap from the player's, until it teleported off
//! in the daylight and the chase after it ran out of steps) is walked off
//! from the same way, sooner, until it leaves where it stood.

use super::behaviour::{distance, distance_across, Behaviour, Step};
use super::combat::nearest;
use super::go_round::on_another_level;
use super::pearl_chase::apart;
use super::travel::{self, Travel};
use crate::protocol::Action;
use crate::sim::game::Game;
use crate::sim::rules::ENTITY_REACH;

/// Ticks the quarry stands deep below, out of reach, before the walk off.
const PATIENCE: u32 = 200;
/// Ticks the player and a quarry out of reach both stand still before
/// the walk off (the hunt's first search for a way round has found none
/// by then), and how far either may move meanwhile.
const STALEMATE_PATIENCE: u32 = 45;
const STILL: f64 = 1.0;
/// The distance beyond which an angry enderman teleports towards the
/// player, and how far across from its column the walk off heads.
const TELEPORT_RANGE: f64 = 16.0;
const WALK_OFF: f64 = 20.0;
/// The longest the walk off and the wait after it last. Past its first
/// 30 ticks the enderman tries a teleport every tick: one not come in
/// the wait finds no spot along the line it looks down.
const WALK_TICKS: u32 = 300;
const WAIT_TICKS: u32 = 100;

/// Where the player and a quarry out of reach on the player's level
/// stood when both came to a stop, and the ticks since.
struct Stalemate {
    player: [f64; 3],
    quarry: [f64; 3],
    ticks: u32,
}

impl Stalemate {
    /// The stalemate after this tick, with the quarry standing at
    /// `out_of_reach_at` beyond the arm's reach on the player's level
    /// (none: no stalemate).
    fn watch(
        last: Option<Stalemate>,
        game: &Game,
        out_of_reach_at: Option<[f64; 3]>,
    ) -> Option<Stalemate> {
        let at = out_of_reach_at?;
        let player = game.player.pos;
        match last {
            Some(s) if distance(s.player, player) <= STILL && distance(s.quarry, at) <= STILL => {
                Some(Stalemate {
                    ticks: s.ticks + 1,
                    ..s
                })
            }
            _ => Some(Stalemate {
                player,
                quarry: at,
                ticks: 0,
            }),
        }
    }
}

enum Phase {
    Hunting {
        below: u32,
        stalemate: Option<Stalemate>,
    },
    /// A walk off, and whether it is a quarter turn about the quarry's
    /// column, which is walked to its end (it starts as far across as
    /// the first one ends).
    WalkingOff {
        walk: Travel,
        ticks: u32,
        turned: bool,
    },
    Waiting {
        ticks: u32,
    },
}

impl Phase {
    /// The hunt, with nothing counted yet.
    fn hunting() -> Phase {
        Phase::Hunting {
            below: 0,
            stalemate: None,
        }
    }
}

/// A hunt of `kind` that walks off from a quarry stuck deep below, or
/// stranded out of reach on the player's level.
pub struct DrawOut {
    hunt: Box<dyn Behaviour>,
    kind: &'static str,
    phase: Phase,
    /// Where a quarry stranded on the player's level stood when the walk
    /// off from it began.
    stranded_at: Option<[f64; 3]>,
}

impl DrawOut {
    pub fn new(hunt: Box<dyn Behaviour>, kind: &'static str) -> DrawOut {
        DrawOut {
            hunt,
            kind,
            phase: Phase::hunting(),
            stranded_at: None,
        }
    }

    /// Back to the hunt: the quarry has come up, or left where it stood.
    fn hunt_again(&mut self, game: &Game) -> Step {
        self.phase = Phase::hunting();
        self.stranded_at = None;
        self.hunt.next(game)
    }
}

/// The column `WALK_OFF` blocks across from the quarry's, on the
/// player's side of it (east where the player stands right over it), or
/// a quarter turn on from that side about the quarry's column.
fn away_from(game: &Game, quarry: [f64; 3], quarter_turn: bool) -> [i32; 2] {
    let p = game.player.pos;
    let (dx, dz) = (p[0] - quarry[0], p[2] - quarry[2]);
    let across = dx.hypot(dz);
    let (ux, uz) = if across < 0.5 {
        (1.0, 0.0)
    } else {
        (dx / across, dz / across)
    };
    let (ux, uz) = if quarter_turn { (-uz, ux) } else { (ux, uz) };
    [
        (quarry[0] + ux * WALK_OFF).floor() as i32,
        (quarry[2] + uz * WALK_OFF).floor() as i32,
    ]
}

/// The quarry as one tick sees it.
#[derive(Clone, Copy)]
struct Sighting {
    at: [f64; 3],
    /// On another level than the player, beyond the arm's reach.
    apart: bool,
    beyond_reach: bool,
}

impl Sighting {
    /// The living creature of `kind` nearest the player. Whichever one
    /// that is: a walk off ends as soon as the nearest is no longer held
    /// off, be it the one walked off from come up or another come near.
    fn nearest(game: &Game, kind: &str) -> Option<Sighting> {
        let eye = game.player.eye();
        nearest(game, kind).map(|e| Sighting {
            at: e.pos,
            apart: apart(game, e),
            beyond_reach: e.bounding_box().distance_to(eye) > ENTITY_REACH,
        })
    }

    /// Below the player, on another level, beyond the arm's reach. A
    /// drop the hunt takes down to it is taken within the patience; one
    /// sealed in a cave no deeper than such a drop is not (seed 56's
    /// enderman stood in a cave five under a lake's shore, and the
    /// player jumped at the bank above it until the task ended).
    fn deep(&self, game: &Game) -> bool {
        self.apart && self.at[1] < game.player.pos[1]
    }

    /// Beyond the arm's reach on the player's level. One on a level
    /// above is waited for below, where a hostile creature comes down
    /// (seed 537's enderman stood on a ledge four over the player, and
    /// came down).
    fn out_of_reach_on_the_level(&self, game: &Game) -> bool {
        self.beyond_reach && !on_another_level(game, self.at)
    }
}

impl Behaviour for DrawOut {
    fn next(&mut self, game: &Game) -> Step {
        let quarry = Sighting::nearest(game, self.kind);
        let far = quarry.is_some_and(|q| distance(game.player.pos, q.at) > TELEPORT_RANGE);
        let far_across =
            quarry.is_some_and(|q| distance_across(game.player.pos, q.at) > TELEPORT_RANGE);
        let deep = quarry.is_some_and(|q| q.deep(game));
        // Held off: deep, or still stranded where it stood (asked only
        // once walked off).
        let stranded_at = self.stranded_at;
        let held = || {
            deep || match (stranded_at, quarry) {
                (Some(from), Some(q)) => q.beyond_reach && distance(from, q.at) <= STILL,
                _ => false,
            }
        };
        let walk_away = |at, quarter_turn| travel::towards(away_from(game, at, quarter_turn));
        let walk_off = |at, quarter_turn| Phase::WalkingOff {
            walk: walk_away(at, quarter_turn),
            ticks: 0,
            turned: quarter_turn,
        };
        match &mut self.phase {
            Phase::Hunting { below, stalemate } => {
                *below = if deep { *below + 1 } else { 0 };
                *stalemate = Stalemate::watch(
                    stalemate.take(),
                    game,
                    quarry
                        .filter(|q| q.out_of_reach_on_the_level(game))
                        .map(|q| q.at),
                );
                let stalled = stalemate
                    .as_ref()
                    .is_some_and(|s| s.ticks > STALEMATE_PATIENCE);
                if let (true, Some(q)) = (*below > PATIENCE || stalled, quarry) {
                    self.stranded_at = (!deep).then_some(q.at);
                    self.phase = walk_off(q.at, false);
                    return self.next(game);
                }
                self.hunt.next(game)
            }
            Phase::WalkingOff {
                walk,
                ticks,
                turned,
            } => {
                *ticks += 1;
                if !held() {
                    // Come up, or gone: hunted.
                    return self.hunt_again(game);
                }
                if (far_across && !*turned) || *ticks > WALK_TICKS {
                    self.phase = Phase::Waiting { ticks: 0 };
                    return self.next(game);
                }
                match (walk.next(game), quarry) {
                    (Step::Act(action), _) => Step::Act(action),
                    (Step::Done, Some(q)) if !far => {
                        // Arrived with the quarry still near: it followed
                        // through its cave (seed 736's), so the walk goes
                        // on away from where it stands now.
                        *walk = walk_away(q.at, false);
                        Step::Act(Action::noop())
                    }
                    (Step::Done, _) => {
                        self.phase = Phase::Waiting { ticks: 0 };
                        Step::Act(Action::noop())
                    }
                }
            }
            Phase::Waiting { ticks } => {
                *ticks += 1;
                let held = held();
                if let (false, true, Some(q)) = (far, held, quarry) {
                    // Come near again still held off (under the ground, or
                    // on its perch): walked off anew.
                    self.phase = walk_off(q.at, false);
                    return self.next(game);
                }
                if let (true, true, Some(q)) = (*ticks > WAIT_TICKS, held, quarry) {
                    self.phase = walk_off(q.at, true);
                    return self.next(game);
                }
                if !held {
                    return self.hunt_again(game);
                }
                Step::Act(Action::noop())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rules;
    use crate::sim::rules::testkit::{platform_game, put, summon_east, FLOOR};
    use crate::sim::script::behaviour::Hold;

    /// How far round the floor reaches from the player's start.
    const FLOOR_SIDE: i32 = 30;
    /// A floor 60 blocks across, and a zombie (which never teleports)
    /// sealed in stone right under the player, out of every reach, in a
    /// cell `depth` blocks under the floor.
    fn a_quarry_sealed_below(depth: i32) -> Game {
        let mut game = platform_game();
        for x in -FLOOR_SIDE..=FLOOR_SIDE {
            for z in -FLOOR_SIDE..=FLOOR_SIDE {
                put(&mut game.world, [x, FLOOR, z], "stone");
                for y in FLOOR + 1..=FLOOR + 3 {
                    put(&mut game.world, [x, y, z], "air");
                }
            }
        }
        let cell = FLOOR - depth;
        for x in -1..=1 {
            for z in -1..=1 {
                for y in cell - 1..=cell + 2 {
                    let inside = x == 0 && z == 0 && (cell..=cell + 1).contains(&y);
                    put(
                        &mut game.world,
                        [x, y, z],
                        if inside { "air" } else { "stone" },
                    );
                }
            }
        }
        summon_east(&mut game, "zombie", 0.0);
        game.entities.list[0].pos[1] = f64::from(cell);
        game
    }

    #[test]
    fn a_quarry_stuck_deep_below_is_walked_off_from_across_then_a_quarter_turn_round() {
        // Seed 119's enderman teleported into a cave 25 blocks under the
        // player: already farther than 16 blocks, straight down, the
        // player never walked off, and the spot 16 blocks up the line
        // lay in the rock.
        let mut game = a_quarry_sealed_below(30);
        let mut draw_out = DrawOut::new(Box::new(Hold::still(u32::MAX)), "zombie");
        let mut waits_from = Vec::new();
        let mut waiting = false;
        for _ in 0..2 * (PATIENCE + WALK_TICKS + WAIT_TICKS) {
            let Step::Act(action) = draw_out.next(&game) else {
                panic!("a hunt that never ends")
            };
            rules::tick(&mut game, &action);
            let now_waiting = matches!(draw_out.phase, Phase::Waiting { .. });
            if now_waiting && !waiting {
                waits_from.push(game.player.pos);
            }
            waiting = now_waiting;
        }
        let [east, south, ..] = waits_from[..] else {
            panic!("two waits: {waits_from:?}")
        };
        assert!(
            east[0] > TELEPORT_RANGE && east[2].abs() < 4.0,
            "east first: {east:?}"
        );
        assert!(
            south[2] > TELEPORT_RANGE && south[0].abs() < 4.0,
            "then south: {south:?}"
        );
    }

    #[test]
    fn a_quarry_sealed_below_no_deeper_than_a_drop_is_walked_off_from_too() {
        // Seed 56's enderman stood sealed in a cave five blocks under the
        // player's feet, a drop the hunt takes, and was never walked off
        // from.
        let mut game = a_quarry_sealed_below(4);
        let draw_out = stood_still(&mut game, PATIENCE + 2);
        assert!(matches!(draw_out.phase, Phase::WalkingOff { .. }));
    }

    #[test]
    fn a_quarry_come_up_during_the_walk_off_is_hunted_at_once() {
        // Seed 563's enderman teleported up behind the player, who walked
        // on away from it with the enderman at its heels.
        let mut game = a_quarry_sealed_below(30);
        let mut draw_out = DrawOut::new(Box::new(Hold::still(u32::MAX)), "zombie");
        while !matches!(draw_out.phase, Phase::WalkingOff { .. }) {
            let Step::Act(action) = draw_out.next(&game) else {
                panic!("a hunt that never ends")
            };
            rules::tick(&mut game, &action);
        }
        let p = game.player.pos;
        game.entities.list[0].pos = [p[0] - 3.0, p[1], p[2]];
        draw_out.next(&game);
        assert!(matches!(draw_out.phase, Phase::Hunting { .. }));
    }

    /// A zombie penned in a stone cell `east` blocks east of the player
    /// and `rise` over its level, on a stone post.
    fn a_quarry_penned(east: i32, rise: i32) -> Game {
        let mut game = platform_game();
        let floor = FLOOR + rise;
        for y in FLOOR + 1..=floor {
            put(&mut game.world, [east, y, 0], "stone");
        }
        for y in floor + 1..=floor + 2 {
            for [dx, dz] in [[-1, 0], [1, 0], [0, -1], [0, 1]] {
                put(&mut game.world, [east + dx, y, dz], "stone");
            }
        }
        put(&mut game.world, [east, floor + 3, 0], "stone");
        summon_east(&mut game, "zombie", f64::from(east));
        game.entities.list[0].pos[1] = f64::from(floor + 1);
        game
    }

    /// A draw out over a hunt that stands still, after `ticks` of it.
    fn stood_still(game: &mut Game, ticks: u32) -> DrawOut {
        let mut draw_out = DrawOut::new(Box::new(Hold::still(u32::MAX)), "zombie");
        for _ in 0..ticks {
            let Step::Act(action) = draw_out.next(game) else {
                panic!("a hunt that never ends")
            };
            rules::tick(game, &action);
        }
        draw_out
    }

    #[test]
    fn a_quarry_stranded_out_of_reach_on_the_players_level_is_walked_off_from_until_it_leaves() {
        // Seed 4670's enderman stood on the next tree's crown, across a
        // gap from the player's, and both stood still until it
        // teleported off in the daylight.
        let mut game = a_quarry_penned(6, 0);
        let mut draw_out = stood_still(&mut game, STALEMATE_PATIENCE + 2);
        assert!(matches!(draw_out.phase, Phase::WalkingOff { .. }));
        // Teleported towards the player: hunted.
        let p = game.player.pos;
        game.entities.list[0].pos = [p[0] - 3.0, p[1], p[2]];
        draw_out.next(&game);
        assert!(matches!(draw_out.phase, Phase::Hunting { .. }));
    }

    #[test]
    fn a_quarry_stranded_above_is_waited_for_below() {
        // Seed 537's enderman stood on a ledge four blocks over the
        // player, and came down to it.
        let mut game = a_quarry_penned(3, 4);
        let draw_out = stood_still(&mut game, 3 * STALEMATE_PATIENCE);
        assert!(matches!(draw_out.phase, Phase::Hunting { .. }));
    }

    #[test]
    fn a_quarry_within_reach_is_never_walked_off_from() {
        let mut game = a_quarry_penned(2, 0);
        let draw_out = stood_still(&mut game, 3 * STALEMATE_PATIENCE);
        assert!(matches!(draw_out.phase, Phase::Hunting { .. }));
    }
}
