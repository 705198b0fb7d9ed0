//! The command grammar: one reader for each command this simulator builds,
//! turning text into a [`Command`]. Other 1.16.5 command names are
//! reported as not built; names 1.16.5 does not have are rejected.

use super::ast::{Command, Destination, FillMode, Look, SetMode, Slot, Step, XpChange};
use super::coords::{parse_block_pos, parse_rotation, parse_vec3, Coords};
use super::ids::{COMMANDS, DIMENSIONS, EFFECTS};
use super::reader::{Failure, Parsed, Reader};
use super::resource::{
    parse_block, parse_block_filter, parse_block_with_nbt, parse_item, parse_summonable,
    read_resource_location,
};
use super::selector::{parse_selector, Accepts, Selector};
use super::snbt::{self, Compound, Nbt};
use super::source::Anchor;
use crate::sim::game::Weather;

type CommandParser = fn(&mut Reader) -> Parsed<Command>;

const PARSERS: &[(&str, CommandParser)] = &[
    ("give", give),
    ("replaceitem", replace_item),
    ("summon", summon),
    ("setblock", set_block),
    ("fill", fill),
    ("execute", execute),
    ("time", time),
    ("weather", weather),
    ("effect", effect),
    ("tp", teleport),
    ("teleport", teleport),
    ("setworldspawn", set_world_spawn),
    ("spawnpoint", spawn_point),
    ("xp", experience),
    ("experience", experience),
    ("gamemode", game_mode),
];

/// Reads one whole command (without the leading `/`).
pub fn parse_command(r: &mut Reader) -> Parsed<Command> {
    let start = r.cursor();
    let name = r.read_word();
    if let Some((_, parser)) = PARSERS.iter().find(|(n, _)| *n == name) {
        return parser(r);
    }
    if COMMANDS.contains(&name) {
        return Err(Failure::Unsupported(format!(
            "/{name} is not built in this simulator"
        )));
    }
    Err(r.error_at(start, format!("Unknown or incomplete command '{name}'")))
}

fn count_or_one(r: &mut Reader, max: i32) -> Parsed<i32> {
    if r.more()? {
        r.read_int_in(1, max)
    } else {
        Ok(1)
    }
}

fn give(r: &mut Reader) -> Parsed<Command> {
    r.arg("targets")?;
    let targets = parse_selector(r, Accepts::Players)?;
    r.arg("item")?;
    let item = parse_item(r)?;
    let count = count_or_one(r, i32::MAX)?;
    r.finish()?;
    Ok(Command::Give {
        targets,
        item,
        count: count as u32,
    })
}

fn replace_item(r: &mut Reader) -> Parsed<Command> {
    r.arg("entity|block")?;
    if r.read_literal(&["entity", "block"])? == 1 {
        return Err(Failure::Unsupported(
            "/replaceitem block is not built (containers come later)".into(),
        ));
    }
    r.arg("targets")?;
    let targets = parse_selector(r, Accepts::Entities)?;
    r.arg("slot")?;
    let slot = parse_slot(r)?;
    r.arg("item")?;
    let item = parse_item(r)?;
    let count = count_or_one(r, 64)?;
    r.finish()?;
    Ok(Command::ReplaceItem {
        targets,
        slot,
        item,
        count: count as u8,
    })
}

/// What slot number `n` of a numbered slot family means for a player.
type SlotOf = fn(usize) -> Slot;

/// Slot names with a numbered range, and what they mean for a player.
const NUMBERED_SLOTS: &[(&str, usize, SlotOf)] = &[
    ("container.", 54, |n| {
        if n < 36 {
            Slot::Main(n)
        } else {
            Slot::Foreign
        }
    }),
    ("hotbar.", 9, Slot::Main),
    ("inventory.", 27, |n| Slot::Main(n + 9)),
    ("enderchest.", 27, |_| Slot::EnderChest),
    ("villager.", 8, |_| Slot::Foreign),
    ("horse.", 15, |_| Slot::Foreign),
];

const NAMED_SLOTS: &[(&str, Slot)] = &[
    ("weapon", Slot::Mainhand),
    ("weapon.mainhand", Slot::Mainhand),
    ("weapon.offhand", Slot::Offhand),
    ("armor.head", Slot::Armor(0)),
    ("armor.chest", Slot::Armor(1)),
    ("armor.legs", Slot::Armor(2)),
    ("armor.feet", Slot::Armor(3)),
    ("horse.saddle", Slot::Foreign),
    ("horse.chest", Slot::Foreign),
    ("horse.armor", Slot::Foreign),
];

fn parse_slot(r: &mut Reader) -> Parsed<Slot> {
    let start = r.cursor();
    let name = r.read_word();
    let named = NAMED_SLOTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s);
    let numbered = || {
        NUMBERED_SLOTS.iter().find_map(|(prefix, size, slot)| {
            let n: usize = name.strip_prefix(prefix)?.parse().ok()?;
            (n < *size && !name.ends_with('+')).then(|| slot(n))
        })
    };
    named
        .or_else(numbered)
        .ok_or_else(|| r.error_at(start, format!("Unknown slot '{name}'")))
}

fn summon(r: &mut Reader) -> Parsed<Command> {
    r.arg("entity")?;
    let kind = parse_summonable(r)?;
    let (mut pos, mut nbt) = (Coords::HERE, Compound::new());
    if r.more()? {
        pos = parse_vec3(r)?;
        if r.more()? {
            nbt = snbt::parse_compound(r)?;
        }
    }
    r.finish()?;
    Ok(Command::Summon { kind, pos, nbt })
}

fn set_block(r: &mut Reader) -> Parsed<Command> {
    r.arg("pos")?;
    let pos = parse_block_pos(r)?;
    r.arg("block")?;
    let (block, state, nbt) = parse_block_with_nbt(r)?;
    let loot_table = nbt
        .as_ref()
        .and_then(|nbt| nbt.get("LootTable"))
        .and_then(Nbt::as_str)
        .map(str::to_string);
    let mode = if r.more()? {
        [SetMode::Replace, SetMode::Keep, SetMode::Destroy]
            [r.read_literal(&["replace", "keep", "destroy"])?]
    } else {
        SetMode::Replace
    };
    r.finish()?;
    Ok(Command::SetBlock {
        pos,
        block,
        state,
        mode,
        loot_table,
    })
}

fn fill(r: &mut Reader) -> Parsed<Command> {
    r.arg("from")?;
    let from = parse_block_pos(r)?;
    r.arg("to")?;
    let to = parse_block_pos(r)?;
    r.arg("block")?;
    let (block, state) = parse_block(r)?;
    let mut mode = FillMode::Replace(None);
    if r.more()? {
        let modes = ["replace", "keep", "destroy", "hollow", "outline"];
        mode = match r.read_literal(&modes)? {
            0 if r.more()? => FillMode::Replace(Some(parse_block_filter(r)?)),
            0 => FillMode::Replace(None),
            1 => FillMode::Keep,
            2 => FillMode::Destroy,
            3 => FillMode::Hollow,
            _ => FillMode::Outline,
        };
    }
    r.finish()?;
    Ok(Command::Fill {
        from,
        to,
        block,
        state,
        mode,
    })
}

fn anchor(r: &mut Reader) -> Parsed<Anchor> {
    let start = r.cursor();
    match r.read_word() {
        "eyes" => Ok(Anchor::Eyes),
        "feet" => Ok(Anchor::Feet),
        other => Err(r.error_at(start, format!("Invalid entity anchor position {other}"))),
    }
}

fn swizzle(r: &mut Reader) -> Parsed<[bool; 3]> {
    let start = r.cursor();
    let mut axes = [false; 3];
    for c in r.read_word().chars() {
        let axis = "xyz".find(c).filter(|&i| !axes[i]);
        let Some(i) = axis else {
            return Err(r.error_at(
                start,
                "Invalid swizzle, expected combination of 'x', 'y' and 'z'",
            ));
        };
        axes[i] = true;
    }
    Ok(axes)
}

/// `as`, `at`, `positioned`, `rotated`, `facing`, `anchored`, `align`,
/// `in overworld`, then `run <command>`.
fn execute(r: &mut Reader) -> Parsed<Command> {
    const SUBCOMMANDS: &[&str] = &[
        "as",
        "at",
        "positioned",
        "rotated",
        "facing",
        "anchored",
        "align",
        "in",
        "run",
        "if",
        "unless",
        "store",
    ];
    let mut steps = Vec::new();
    loop {
        r.arg("a subcommand")?;
        let step = match SUBCOMMANDS[r.read_literal(SUBCOMMANDS)?] {
            "as" => {
                r.arg("targets")?;
                Step::As(parse_selector(r, Accepts::Entities)?)
            }
            "at" => {
                r.arg("targets")?;
                Step::At(parse_selector(r, Accepts::Entities)?)
            }
            "positioned" => {
                r.arg("pos")?;
                if word_is(r, "as") {
                    r.arg("targets")?;
                    Step::PositionedAs(parse_selector(r, Accepts::Entities)?)
                } else {
                    Step::Positioned(parse_vec3(r)?)
                }
            }
            "rotated" => {
                r.arg("rot")?;
                if word_is(r, "as") {
                    r.arg("targets")?;
                    Step::RotatedAs(parse_selector(r, Accepts::Entities)?)
                } else {
                    Step::Rotated(parse_rotation(r)?)
                }
            }
            "facing" => {
                r.arg("pos")?;
                if word_is(r, "entity") {
                    r.arg("targets")?;
                    let targets = parse_selector(r, Accepts::Entities)?;
                    r.arg("anchor")?;
                    Step::FacingEntity(targets, anchor(r)?)
                } else {
                    Step::Facing(parse_vec3(r)?)
                }
            }
            "anchored" => {
                r.arg("anchor")?;
                Step::Anchored(anchor(r)?)
            }
            "align" => {
                r.arg("axes")?;
                Step::Align(swizzle(r)?)
            }
            "in" => {
                r.arg("dimension")?;
                dimension(r)?;
                continue;
            }
            "run" => {
                r.arg("a command")?;
                let run = Box::new(parse_command(r)?);
                return Ok(Command::Execute { steps, run });
            }
            other => {
                return Err(Failure::Unsupported(format!(
                    "/execute {other} is not built"
                )))
            }
        };
        steps.push(step);
    }
}

/// Consumes `word` if it is the next argument.
fn word_is(r: &mut Reader, word: &str) -> bool {
    let start = r.cursor();
    if r.read_word() == word {
        return true;
    }
    r.set_cursor(start);
    false
}

/// The overworld; the other dimensions are not built.
fn dimension(r: &mut Reader) -> Parsed<()> {
    let start = r.cursor();
    let id = read_resource_location(r)?;
    match id.strip_prefix("minecraft:") {
        Some("overworld") => Ok(()),
        Some(other) if DIMENSIONS.contains(&other) => {
            Err(Failure::Unsupported(format!("dimension {id} is not built")))
        }
        _ => Err(r.error_at(start, format!("Unknown dimension '{id}'"))),
    }
}

/// A time argument: a number with an optional unit (`d` days, `s` seconds, `t` ticks).
fn ticks(r: &mut Reader) -> Parsed<u64> {
    let start = r.cursor();
    let amount = r.read_float()?;
    let unit_at = r.cursor();
    let unit = match r.read_unquoted() {
        "" | "t" => 1.0,
        "s" => 20.0,
        "d" => 24000.0,
        _ => return Err(r.error_at(unit_at, "Invalid unit")),
    };
    let ticks = (amount * unit + 0.5).floor();
    if ticks < 0.0 {
        return Err(r.error_at(start, "Tick count must be non-negative"));
    }
    Ok(ticks as u64)
}

fn time(r: &mut Reader) -> Parsed<Command> {
    r.arg("set|add|query")?;
    let command = match r.read_literal(&["set", "add", "query"])? {
        0 => {
            r.arg("time")?;
            const NAMED: &[(&str, u64)] = &[
                ("day", 1000),
                ("noon", 6000),
                ("night", 13000),
                ("midnight", 18000),
            ];
            let start = r.cursor();
            let word = r.read_word();
            match NAMED.iter().find(|(name, _)| *name == word) {
                Some(&(_, t)) => Command::TimeSet(t),
                None => {
                    r.set_cursor(start);
                    Command::TimeSet(ticks(r)?)
                }
            }
        }
        1 => {
            r.arg("time")?;
            Command::TimeAdd(ticks(r)?)
        }
        _ => {
            r.arg("daytime|gametime|day")?;
            r.read_literal(&["daytime", "gametime", "day"])?;
            Command::Nothing
        }
    };
    r.finish()?;
    Ok(command)
}

fn weather(r: &mut Reader) -> Parsed<Command> {
    r.arg("clear|rain|thunder")?;
    let kind = [Weather::Clear, Weather::Rain, Weather::Thunder]
        [r.read_literal(&["clear", "rain", "thunder"])?];
    if r.more()? {
        r.read_int_in(0, 1_000_000)?;
    }
    r.finish()?;
    Ok(Command::Weather(kind))
}

/// An effect id and whether it acts at once.
fn effect_id(r: &mut Reader) -> Parsed<(&'static str, bool)> {
    let start = r.cursor();
    let id = read_resource_location(r)?;
    EFFECTS
        .iter()
        .find(|(name, _)| id.strip_prefix("minecraft:") == Some(name))
        .copied()
        .ok_or_else(|| r.error_at(start, format!("Unknown effect: {id}")))
}

fn effect(r: &mut Reader) -> Parsed<Command> {
    r.arg("give|clear")?;
    if r.read_literal(&["give", "clear"])? == 1 {
        let targets = if r.more()? {
            parse_selector(r, Accepts::Entities)?
        } else {
            self_selector()
        };
        let effect = if r.more()? {
            Some(effect_id(r)?.0)
        } else {
            None
        };
        r.finish()?;
        return Ok(Command::EffectClear { targets, effect });
    }
    r.arg("targets")?;
    let targets = parse_selector(r, Accepts::Entities)?;
    r.arg("effect")?;
    let (effect, instant) = effect_id(r)?;
    let seconds = if r.more()? {
        Some(r.read_int_in(1, 1_000_000)? as u32)
    } else {
        None
    };
    let amplifier = if r.more()? {
        r.read_int_in(0, 255)? as u8
    } else {
        0
    };
    if r.more()? {
        r.read_bool()?;
    }
    r.finish()?;
    if instant {
        return Err(Failure::Unsupported(format!(
            "the instant effect {effect} is not built"
        )));
    }
    Ok(Command::EffectGive {
        targets,
        effect,
        ticks: seconds.map_or(600, |s| s * 20),
        amplifier,
    })
}

/// `@s`, for commands whose target is optional.
fn self_selector() -> Selector {
    Selector::Pattern {
        matches_player: true,
    }
}

fn starts_coordinates(r: &Reader) -> bool {
    r.peek()
        .is_some_and(|c| c.is_ascii_digit() || matches!(c, '~' | '^' | '-' | '+' | '.'))
}

fn teleport(r: &mut Reader) -> Parsed<Command> {
    r.arg("targets or location")?;
    let start = r.cursor();
    if matches!(r.peek(), Some('~' | '^')) {
        let to = Destination::Pos(parse_vec3(r)?);
        r.finish()?;
        return Ok(Command::Teleport {
            targets: None,
            to,
            look: None,
        });
    }
    if starts_coordinates(r) {
        if let Ok(pos) = parse_vec3(r) {
            if !r.can_read() {
                let to = Destination::Pos(pos);
                return Ok(Command::Teleport {
                    targets: None,
                    to,
                    look: None,
                });
            }
        }
        r.set_cursor(start);
    }
    let targets = parse_selector(r, Accepts::Entities)?;
    if !r.more()? {
        r.set_cursor(start);
        let destination = parse_selector(r, Accepts::Entity)?;
        return Ok(Command::Teleport {
            targets: None,
            to: Destination::Entity(destination),
            look: None,
        });
    }
    if !starts_coordinates(r) {
        let destination = parse_selector(r, Accepts::Entity)?;
        r.finish()?;
        return Ok(Command::Teleport {
            targets: Some(targets),
            to: Destination::Entity(destination),
            look: None,
        });
    }
    let to = Destination::Pos(parse_vec3(r)?);
    let look = if !r.more()? {
        None
    } else if word_is(r, "facing") {
        r.arg("facing location or entity")?;
        Some(if word_is(r, "entity") {
            r.arg("facing entity")?;
            let entity = parse_selector(r, Accepts::Entity)?;
            let anchor = if r.more()? { anchor(r)? } else { Anchor::Feet };
            Look::FacingEntity(entity, anchor)
        } else {
            Look::Facing(parse_vec3(r)?)
        })
    } else {
        Some(Look::Rotation(parse_rotation(r)?))
    };
    r.finish()?;
    Ok(Command::Teleport {
        targets: Some(targets),
        to,
        look,
    })
}

/// An optional spawn angle after a spawn position (`~` allowed); the
/// simulator keeps no spawn angle.
fn spawn_angle(r: &mut Reader) -> Parsed<()> {
    if r.more()? {
        r.eat('~');
        if r.can_read() {
            r.read_float()?;
        }
    }
    r.finish()
}

fn set_world_spawn(r: &mut Reader) -> Parsed<Command> {
    let pos = if r.more()? {
        parse_block_pos(r)?
    } else {
        Coords::HERE
    };
    spawn_angle(r)?;
    Ok(Command::SetSpawn { targets: None, pos })
}

fn spawn_point(r: &mut Reader) -> Parsed<Command> {
    let mut command = Command::SetSpawn {
        targets: None,
        pos: Coords::HERE,
    };
    if r.more()? {
        let targets = Some(parse_selector(r, Accepts::Players)?);
        let pos = if r.more()? {
            parse_block_pos(r)?
        } else {
            Coords::HERE
        };
        command = Command::SetSpawn { targets, pos };
    }
    spawn_angle(r)?;
    Ok(command)
}

fn experience(r: &mut Reader) -> Parsed<Command> {
    r.arg("add|set|query")?;
    let operation = r.read_literal(&["add", "set", "query"])?;
    r.arg("targets")?;
    let targets = parse_selector(r, Accepts::Players)?;
    if operation == 2 {
        r.arg("levels|points")?;
        r.read_literal(&["levels", "points"])?;
        r.finish()?;
        return Ok(Command::Nothing);
    }
    r.arg("amount")?;
    let amount = if operation == 0 {
        r.read_int()?
    } else {
        r.read_int_in(0, i32::MAX)?
    };
    let levels = r.more()? && r.read_literal(&["levels", "points"])? == 0;
    r.finish()?;
    let change = match (operation, levels) {
        (0, true) => XpChange::AddLevels(amount),
        (0, false) => XpChange::AddPoints(amount),
        (_, true) => XpChange::SetLevels(amount),
        (_, false) => XpChange::SetPoints(amount),
    };
    Ok(Command::Experience { targets, change })
}

fn game_mode(r: &mut Reader) -> Parsed<Command> {
    r.arg("game mode")?;
    let mode = r.read_literal(&["survival", "creative", "adventure", "spectator"])?;
    if r.more()? {
        parse_selector(r, Accepts::Players)?;
    }
    r.finish()?;
    if mode != 0 {
        return Err(Failure::Unsupported("only survival mode is built".into()));
    }
    Ok(Command::Nothing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_map_to_player_inventory() {
        let slot = |text: &str| parse_slot(&mut Reader::new(text, 0));
        assert_eq!(slot("hotbar.8").unwrap(), Slot::Main(8));
        assert_eq!(slot("inventory.0").unwrap(), Slot::Main(9));
        assert_eq!(slot("inventory.26").unwrap(), Slot::Main(35));
        assert_eq!(slot("container.35").unwrap(), Slot::Main(35));
        assert_eq!(slot("container.40").unwrap(), Slot::Foreign);
        assert_eq!(slot("weapon").unwrap(), Slot::Mainhand);
        assert_eq!(slot("armor.feet").unwrap(), Slot::Armor(3));
        assert_eq!(
            slot("hotbar.9"),
            Err(Failure::Rejected(
                "Unknown slot 'hotbar.9' at position 0".into()
            ))
        );
        assert!(slot("inventory.27").is_err());
        assert!(slot("armor.hat").is_err());
    }
}
