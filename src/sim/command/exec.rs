//! Runs a parsed [`Command`] against the game from a [`Source`]. Every
//! check that can fail is made before the game is changed, so a command
//! that fails leaves the game as it was. `/execute` steps only change the
//! source; the command they lead to then runs from it.

use super::ast::{Command, Step};
use super::reader::Parsed;
use super::selector::Selector;
use super::source::{Anchor, Source};
use super::{run_blocks, run_items, run_player, run_summon};
use crate::sim::game::Game;
use crate::sim::player::ActiveEffect;

/// Ticks in a Minecraft day.
const DAY: u64 = 24000;

pub fn execute(game: &mut Game, command: &Command, source: &Source) -> Parsed<()> {
    match command {
        Command::Give {
            targets,
            item,
            count,
        } => run_items::give(game, targets, item, *count),
        Command::ReplaceItem {
            targets,
            slot,
            item,
            count,
        } => run_items::replace_item(game, targets, *slot, item, *count),
        Command::Summon { kind, pos, nbt } => {
            run_summon::summon(game, *kind, pos.position(source), nbt)
        }
        Command::SetBlock {
            pos,
            block,
            state,
            mode,
            loot_table,
        } => run_blocks::set_block(
            game,
            pos.block_pos(source),
            (*block, *state),
            *mode,
            loot_table.as_deref(),
        ),
        Command::Fill {
            from,
            to,
            block,
            state,
            mode,
        } => run_blocks::fill(
            game,
            from.block_pos(source),
            to.block_pos(source),
            (*block, *state),
            *mode,
        ),
        Command::Execute { steps, run } => {
            let mut source = *source;
            for step in steps {
                match apply_step(game, step, source)? {
                    Some(next) => source = next,
                    None => return Ok(()),
                }
            }
            execute(game, run, &source)
        }
        Command::TimeSet(ticks) => {
            game.day_time = ticks % DAY;
            Ok(())
        }
        Command::TimeAdd(ticks) => {
            game.day_time = (game.day_time + ticks % DAY) % DAY;
            Ok(())
        }
        Command::Weather(weather) => {
            game.weather = *weather;
            Ok(())
        }
        Command::EffectGive {
            targets,
            effect,
            ticks,
            amplifier,
        } => {
            let effect = ActiveEffect {
                id: (*effect).to_string(),
                amplifier: *amplifier,
                ticks_left: *ticks,
            };
            run_player::effect_give(game, targets, effect)
        }
        Command::EffectClear { targets, effect } => {
            run_player::effect_clear(game, targets, *effect)
        }
        Command::Teleport { targets, to, look } => {
            run_player::teleport(game, source, targets.as_ref(), to, look.as_ref())
        }
        Command::SetSpawn { targets, pos } => {
            run_player::set_spawn(game, targets.as_ref(), pos.block_pos(source))
        }
        Command::Experience { targets, change } => run_player::experience(game, targets, *change),
        Command::Nothing => Ok(()),
    }
}

/// The source after one `/execute` step; `None` when the step selects
/// nobody, which ends `/execute` without running anything.
fn apply_step(game: &Game, step: &Step, source: Source) -> Parsed<Option<Source>> {
    let player = &game.player;
    let selects = |targets: &Selector| targets.resolve_optional();
    let next = match step {
        Step::As(targets) => selects(targets)?.then_some(source),
        Step::At(targets) => selects(targets)?.then_some(Source {
            pos: player.pos,
            yaw: player.yaw,
            pitch: player.pitch,
            ..source
        }),
        Step::Positioned(coords) => Some(Source {
            pos: coords.position(&source),
            anchor: Anchor::Feet,
            ..source
        }),
        Step::PositionedAs(targets) => selects(targets)?.then_some(Source {
            pos: player.pos,
            ..source
        }),
        Step::Rotated(rotation) => {
            let (yaw, pitch) = rotation.resolve(&source);
            Some(Source {
                yaw,
                pitch,
                ..source
            })
        }
        Step::RotatedAs(targets) => selects(targets)?.then_some(Source {
            yaw: player.yaw,
            pitch: player.pitch,
            ..source
        }),
        Step::Facing(coords) => Some(source.facing(coords.position(&source))),
        Step::FacingEntity(targets, anchor) => selects(targets)?.then(|| {
            let point = match anchor {
                Anchor::Feet => player.pos,
                Anchor::Eyes => player.eye(),
            };
            source.facing(point)
        }),
        Step::Anchored(anchor) => Some(Source {
            anchor: *anchor,
            ..source
        }),
        Step::Align(axes) => Some(Source {
            pos: std::array::from_fn(|i| {
                if axes[i] {
                    source.pos[i].floor()
                } else {
                    source.pos[i]
                }
            }),
            ..source
        }),
    };
    Ok(next)
}
