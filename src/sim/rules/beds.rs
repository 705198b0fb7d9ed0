//! Beds, after 1.16.5's `BedItem`, `BedBlock` and `ServerPlayer.startSleepInBed`:
//! a bed is two blocks — the foot where the player clicked, the head one
//! block the way the player looks — and neither half stands without the
//! other (breaking one removes both; the head drops the bed). Using a bed
//! within reach sets the spawn point there; at night or in a thunderstorm
//! the player also lies down (`custom[sleep_in_bed]`), and after 100 ticks
//! asleep the night is skipped to the next morning (time 0, clear
//! weather) and the player wakes. By day nothing more happens. Sneaking
//! leaves the bed early.

use super::items::{self, Hand};
use super::movement::player_box;
use super::{collision, traits};
use crate::sim::game::{Game, Weather};
use crate::sim::player::Sleep;
use crate::sim::registry::{registry, state_def, BlockId, Placement};
use crate::sim::world::{offset, BlockPos, BlockState, World, HEIGHT};
use crate::suite::Event;

/// Ticks asleep before the night is skipped (`sleepCounter` 100).
pub const SLEEP_TICKS: u32 = 100;
/// The first and last tick of the day one may sleep in clear weather and in rain.
const NIGHT_CLEAR: (u64, u64) = (12_542, 23_459);
const NIGHT_RAIN: (u64, u64) = (12_010, 23_991);
/// How far from the bed the player may be, in blocks (`bedInRange`).
const REACH: f64 = 3.0;

pub fn is_bed(id: BlockId) -> bool {
    state_def(id).placement == Placement::Bed
}

/// Where the other half of the bed half at `pos` is.
fn other_half(pos: BlockPos, state: BlockState) -> BlockPos {
    let toward = if state.is_head() {
        state.facing().opposite()
    } else {
        state.facing()
    };
    offset(pos, toward.offset())
}

/// The foot of the bed one of whose halves is at `pos`.
fn foot_of(pos: BlockPos, state: BlockState) -> BlockPos {
    if state.is_head() {
        other_half(pos, state)
    } else {
        pos
    }
}

/// Whether the other half of a bed half stands beside it.
pub fn other_half_present(world: &World, pos: BlockPos, id: BlockId, state: BlockState) -> bool {
    let other = other_half(pos, state);
    let other_state = (world.get(other) == id).then(|| world.state(other));
    other_state.is_some_and(|s| s.facing() == state.facing() && s.is_head() != state.is_head())
}

/// Places a bed from the item in `hand` with its foot at `pos` (the
/// state chosen for the foot); the head needs a free, replaceable cell.
pub fn place(game: &mut Game, hand: Hand, pos: BlockPos, id: BlockId, foot: BlockState) -> bool {
    let head_pos = offset(pos, foot.facing().offset());
    let free = |p: BlockPos| {
        (0..HEIGHT).contains(&p[1])
            && traits::REPLACEABLE.contains(game.world.get(p))
            && !collision::block_box(id, p).is_some_and(|b| b.intersects(&player_box(&game.player)))
    };
    if !free(pos) || !free(head_pos) {
        return false;
    }
    let Some(stack) = hand.slot(&game.player.inventory) else {
        return false;
    };
    let name = stack.name();
    game.world.set_with_state(pos, id, foot);
    game.world
        .set_with_state(head_pos, id, foot.with_head(true));
    game.stats.add(Event::UseItem, name, 1);
    items::consume_one(&mut game.player.inventory, hand);
    true
}

/// Whether the time and weather let the player sleep (`!level.isDay()`).
pub fn is_sleeping_time(game: &Game) -> bool {
    let (first, last) = match game.weather {
        Weather::Thunder => return true,
        Weather::Rain => NIGHT_RAIN,
        Weather::Clear => NIGHT_CLEAR,
    };
    (first..=last).contains(&game.day_time)
}

/// Using the bed half at `pos` (`BedBlock.use`): sets the spawn point,
/// and at night lies down. Returns whether the bed took the click.
pub fn use_bed(game: &mut Game, pos: BlockPos) -> bool {
    let state = game.world.state(pos);
    let foot = foot_of(pos, state);
    let head = other_half(foot, game.world.state(foot));
    if game.world.state(foot).is_occupied() || game.player.sleeping.is_some() {
        return true;
    }
    let p = &game.player;
    let centre = |b: BlockPos| [0, 2].map(|a| f64::from(b[a]) + 0.5);
    let near = [foot, head].iter().any(|&b| {
        let [x, z] = centre(b);
        (p.pos[0] - x).abs() <= REACH
            && (p.pos[2] - z).abs() <= REACH
            && (p.pos[1] - f64::from(b[1])).abs() <= 2.0
    });
    let above_head = game.world.get(offset(head, [0, 1, 0]));
    let obstructed = registry().block(above_head).shape.collides();
    if !near || obstructed {
        return true;
    }
    game.spawn = foot;
    if !is_sleeping_time(game) {
        return true;
    }
    lie_down(game, foot, head);
    true
}

fn set_occupied(world: &mut World, foot: BlockPos, occupied: bool) {
    for half in [foot, other_half(foot, world.state(foot))] {
        let id = world.get(half);
        if is_bed(id) {
            let state = world.state(half).with_occupied(occupied);
            world.set_with_state(half, id, state);
        }
    }
}

fn lie_down(game: &mut Game, foot: BlockPos, head: BlockPos) {
    set_occupied(&mut game.world, foot, true);
    let p = &mut game.player;
    p.pos = [
        f64::from(head[0]) + 0.5,
        f64::from(head[1]) + 0.5625,
        f64::from(head[2]) + 0.5,
    ];
    p.vel = [0.0; 3];
    p.breaking = None;
    p.eating_ticks = 0;
    p.sleeping = Some(Sleep {
        bed: foot,
        ticks: 0,
    });
    game.stats.add(Event::Custom, "sleep_in_bed", 1);
}

/// Gets up beside the bed (`stopSleeping`): on the first free cell around
/// it, else on top of it.
fn wake(game: &mut Game) {
    let Some(sleep) = game.player.sleeping.take() else {
        return;
    };
    set_occupied(&mut game.world, sleep.bed, false);
    let around = [[1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1], [0, 1, 0]];
    let mut spot = offset(sleep.bed, [0, 1, 0]);
    for d in around {
        let at = offset(sleep.bed, d);
        let mut standing = game.player.clone();
        standing.pos = [
            f64::from(at[0]) + 0.5,
            f64::from(at[1]),
            f64::from(at[2]) + 0.5,
        ];
        let ground = offset(at, [0, -1, 0]);
        if collision::is_free(&game.world, &player_box(&standing))
            && registry().block(game.world.get(ground)).shape.collides()
        {
            spot = at;
            break;
        }
    }
    game.player.pos = [
        f64::from(spot[0]) + 0.5,
        f64::from(spot[1]),
        f64::from(spot[2]) + 0.5,
    ];
}

/// One tick of sleep: returns true while the player lies in bed (the keys
/// then do nothing but sneak, which gets up). After [`SLEEP_TICKS`] the
/// night is skipped and the player wakes; a bed that is gone wakes them.
pub fn tick(game: &mut Game, sneak: bool) -> bool {
    let Some(sleep) = game.player.sleeping.as_mut() else {
        return false;
    };
    sleep.ticks += 1;
    let (bed, ticks) = (sleep.bed, sleep.ticks);
    if !is_bed(game.world.get(bed)) || sneak {
        wake(game);
        return false;
    }
    if ticks >= SLEEP_TICKS {
        game.day_time = 0;
        game.weather = Weather::Clear;
        wake(game);
        return false;
    }
    game.player.vel = [0.0; 3];
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::entity::EntityKind;
    use crate::sim::inventory::ItemStack;
    use crate::sim::registry::{block, item};
    use crate::sim::rules::testkit::{keys, platform_game, run, FLOOR};
    use crate::sim::world::Facing;

    fn dropped(game: &Game, name: &str) -> u32 {
        game.entities
            .list
            .iter()
            .filter_map(|e| match &e.kind {
                EntityKind::Item { stack, .. } if stack.name() == name => {
                    Some(u32::from(stack.count))
                }
                _ => None,
            })
            .sum()
    }

    #[test]
    fn a_bed_takes_two_cells_and_breaking_one_half_removes_both() {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("red_bed"), 1));
        game.player.pitch = 60.0;
        run(&mut game, &keys(&[Key::Use]), 1);
        let bed = block("red_bed");
        let foot = (1..4)
            .map(|dz| [0, FLOOR + 1, dz])
            .find(|&p| game.world.get(p) == bed)
            .expect("a bed was placed in front");
        let head = [0, FLOOR + 1, foot[2] + 1];
        assert_eq!(
            game.world.get(head),
            bed,
            "the head lies the way the player looks"
        );
        assert!(game.world.state(head).is_head() && !game.world.state(foot).is_head());
        assert_eq!(game.world.state(foot).facing(), Facing::South);
        assert_eq!(game.stats.get(Event::UseItem, "red_bed"), 1);
        assert!(game.player.inventory.main[0].is_none());
        super::super::breaking::break_block(&mut game, foot);
        assert_eq!(game.world.get(head), BlockId::AIR);
        assert_eq!(dropped(&game, "red_bed"), 1, "one bed, from the head");
    }

    fn game_with_bed() -> (Game, BlockPos, BlockPos) {
        let mut game = platform_game();
        let (foot, head) = ([0, FLOOR + 1, 2], [0, FLOOR + 1, 3]);
        let state = BlockState::default().with_facing(Facing::South);
        game.world.set_with_state(foot, block("white_bed"), state);
        game.world
            .set_with_state(head, block("white_bed"), state.with_head(true));
        (game, foot, head)
    }

    #[test]
    fn by_day_a_bed_only_sets_the_spawn_point() {
        let (mut game, foot, _) = game_with_bed();
        assert!(use_bed(&mut game, foot));
        assert_eq!(game.spawn, foot);
        assert!(game.player.sleeping.is_none());
        assert_eq!(game.stats.get(Event::Custom, "sleep_in_bed"), 0);
    }

    #[test]
    fn sleeping_at_night_skips_to_the_morning() {
        let (mut game, foot, head) = game_with_bed();
        game.day_time = 13_000;
        game.weather = Weather::Rain;
        assert!(use_bed(&mut game, head));
        assert_eq!(game.stats.get(Event::Custom, "sleep_in_bed"), 1);
        assert!(game.world.state(foot).is_occupied());
        run(&mut game, &keys(&[Key::Forward]), SLEEP_TICKS as usize - 1);
        assert!(game.player.sleeping.is_some(), "keys do not move a sleeper");
        run(&mut game, &keys(&[]), 1);
        assert_eq!(game.day_time, 0);
        assert_eq!(game.weather, Weather::Clear);
        assert!(game.player.sleeping.is_none());
        assert!(!game.world.state(foot).is_occupied());
        assert_eq!(game.spawn, foot);
    }

    #[test]
    fn a_thunderstorm_lets_one_sleep_by_day_and_sneaking_gets_up() {
        let (mut game, foot, _) = game_with_bed();
        game.weather = Weather::Thunder;
        use_bed(&mut game, foot);
        assert!(game.player.sleeping.is_some());
        run(&mut game, &keys(&[Key::Sneak]), 1);
        assert!(game.player.sleeping.is_none());
        assert_eq!(game.day_time, 1001, "getting up early skips nothing");
    }
}
