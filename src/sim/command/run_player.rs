//! Commands that change the player: `/effect`, `/tp`, `/xp` and the spawn
//! point, with Minecraft's rules for combining effects, placing and
//! turning a teleported player, and the experience curve.

use super::ast::{Destination, Look, XpChange};
use super::reader::{Failure, Parsed};
use super::selector::{Accepts, Selector};
use super::source::{look_at, Anchor, Source};
use crate::sim::game::Game;
use crate::sim::player::{self, ActiveEffect};
use crate::sim::world::BlockPos;

pub fn effect_give(game: &mut Game, targets: &Selector, new: ActiveEffect) -> Parsed<()> {
    targets.resolve(Accepts::Entities)?;
    game.player.add_effect(new);
    Ok(())
}

pub fn effect_clear(game: &mut Game, targets: &Selector, effect: Option<&str>) -> Parsed<()> {
    targets.resolve(Accepts::Entities)?;
    game.player
        .effects
        .retain(|e| effect.is_some_and(|id| id != e.id));
    Ok(())
}

/// Minecraft's limits for a teleport destination.
fn teleportable(pos: [f64; 3]) -> bool {
    let [x, y, z] = pos.map(f64::floor);
    x.abs() < 3.0e7 && z.abs() < 3.0e7 && (-2.0e7..2.0e7).contains(&y)
}

/// A point of the player: feet or eyes.
fn player_point(game: &Game, anchor: Anchor) -> [f64; 3] {
    match anchor {
        Anchor::Feet => game.player.pos,
        Anchor::Eyes => game.player.eye(),
    }
}

pub fn teleport(
    game: &mut Game,
    source: &Source,
    targets: Option<&Selector>,
    to: &Destination,
    look: Option<&Look>,
) -> Parsed<()> {
    if let Some(targets) = targets {
        targets.resolve(Accepts::Entities)?;
    }
    let player = &game.player;
    let (pos, mut rotation) = match to {
        Destination::Pos(coords) => (coords.position(source), (player.yaw, player.pitch)),
        Destination::Entity(destination) => {
            destination.resolve(Accepts::Entity)?;
            (player.pos, (player.yaw, player.pitch))
        }
    };
    if !teleportable(pos) {
        return Err(Failure::Rejected("Invalid position for teleport".into()));
    }
    let eye_offset = player.eye()[1] - player.pos[1];
    let from_anchor = |pos: [f64; 3]| match source.anchor {
        Anchor::Feet => pos,
        Anchor::Eyes => [pos[0], pos[1] + eye_offset, pos[2]],
    };
    match look {
        None => {}
        Some(Look::Rotation(r)) => rotation = r.resolve(source),
        Some(Look::Facing(target)) => rotation = look_at(from_anchor(pos), target.position(source)),
        Some(Look::FacingEntity(entity, anchor)) => {
            entity.resolve(Accepts::Entity)?;
            rotation = look_at(from_anchor(pos), player_point(game, *anchor));
        }
    }
    let player = &mut game.player;
    player.pos = pos;
    player.yaw = rotation.0 % 360.0;
    player.pitch = rotation.1.clamp(-90.0, 90.0);
    player.vel[1] = 0.0;
    player.on_ground = true;
    player.fall_distance = 0.0;
    Ok(())
}

pub fn set_spawn(game: &mut Game, targets: Option<&Selector>, pos: BlockPos) -> Parsed<()> {
    if let Some(targets) = targets {
        targets.resolve(Accepts::Players)?;
    }
    if !teleportable(pos.map(f64::from)) {
        return Err(Failure::Rejected(
            "That position is out of this world!".into(),
        ));
    }
    game.spawn = pos;
    Ok(())
}

/// Experience points from `level` to the next.
fn points_to_next(level: u32) -> i64 {
    i64::from(player::points_to_next(level))
}

/// Applies an experience change. Added points fill the player's progress
/// and complete levels; removed points take whole levels.
pub fn experience(game: &mut Game, targets: &Selector, change: XpChange) -> Parsed<()> {
    targets.resolve(Accepts::Players)?;
    let level = game.player.xp_levels;
    let new_level = match change {
        XpChange::AddLevels(n) => (i64::from(level) + i64::from(n)).max(0),
        XpChange::SetLevels(n) => i64::from(n),
        XpChange::AddPoints(n) if n >= 0 => {
            game.player.gain_experience(n.unsigned_abs());
            return Ok(());
        }
        XpChange::AddPoints(n) => {
            let (mut level, mut owed) = (level, -i64::from(n));
            while owed > 0 && level > 0 {
                level -= 1;
                owed -= points_to_next(level);
            }
            i64::from(level)
        }
        XpChange::SetPoints(n) if i64::from(n) >= points_to_next(level) => {
            return Err(Failure::Rejected(
                "Cannot set experience points above the maximum points for the player's current level"
                    .into(),
            ))
        }
        XpChange::SetPoints(_) => i64::from(level),
    };
    game.player.xp_levels = u32::try_from(new_level).unwrap_or(u32::MAX);
    Ok(())
}
