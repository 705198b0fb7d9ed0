//! Target arguments: `@s @p @a @r @e` with `[option=value,…]`, or a player
//! name. The options are checked the way Minecraft checks them (known
//! names, value syntax, which selector allows which option); the only
//! entity a selector can pick here is the player, so `@e` that asks for
//! other entity types is reported as not built.

use super::reader::{Failure, Parsed, Reader};
use super::resource::read_resource_location;
use super::snbt;
use crate::sim::registry::{registry, strip_namespace};

/// What a target argument may name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accepts {
    /// Any number of entities.
    Entities,
    /// Exactly one entity.
    Entity,
    /// Players only, any number.
    Players,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selector {
    /// `@…` with a verdict on whether the player is among the results.
    Pattern { matches_player: bool },
    /// A player name or UUID; no such player exists in this world.
    Name,
}

impl Selector {
    /// Resolves to the player, or fails as Minecraft does when nothing matches.
    pub fn resolve(&self, accepts: Accepts) -> Result<(), Failure> {
        match self {
            Selector::Pattern {
                matches_player: true,
            } => Ok(()),
            Selector::Pattern {
                matches_player: false,
            } if accepts != Accepts::Players => Err(Failure::Unsupported(
                "selecting entities other than the player is not built".into(),
            )),
            _ if accepts == Accepts::Players => {
                Err(Failure::Rejected("No player was found".into()))
            }
            _ => Err(Failure::Rejected("No entity was found".into())),
        }
    }

    /// For `/execute as|at …`, where matching nothing is not an error:
    /// whether the player is among the targets.
    pub fn resolve_optional(&self) -> Result<bool, Failure> {
        match self {
            Selector::Name => Ok(false),
            _ => self.resolve(Accepts::Entities).map(|()| true),
        }
    }
}

/// How one option's value is written.
#[derive(Clone, Copy, PartialEq)]
enum Value {
    /// `1`, `1..`, `..5`, `1..5`.
    Range,
    Double,
    /// A whole number of at least 1.
    Limit,
    /// One of these words.
    Word(&'static [&'static str]),
    /// Any word or quoted string.
    Text,
    /// An entity type id or `#tag`.
    Type,
    /// An SNBT compound.
    Nbt,
    /// `{…}` with `key=value` pairs (scores, advancements).
    Map,
    /// A resource location.
    Id,
}

const SORTS: &[&str] = &["nearest", "furthest", "random", "arbitrary"];
const GAME_MODES: &[&str] = &["survival", "creative", "adventure", "spectator"];

/// Option name, value syntax, whether `!` may precede the value, and
/// whether it may be given more than once.
const OPTIONS: &[(&str, Value, bool, bool)] = &[
    ("name", Value::Text, true, false),
    ("distance", Value::Range, false, false),
    ("level", Value::Range, false, false),
    ("x", Value::Double, false, false),
    ("y", Value::Double, false, false),
    ("z", Value::Double, false, false),
    ("dx", Value::Double, false, false),
    ("dy", Value::Double, false, false),
    ("dz", Value::Double, false, false),
    ("x_rotation", Value::Range, false, false),
    ("y_rotation", Value::Range, false, false),
    ("limit", Value::Limit, false, false),
    ("sort", Value::Word(SORTS), false, false),
    ("gamemode", Value::Word(GAME_MODES), true, false),
    ("team", Value::Text, true, false),
    ("type", Value::Type, true, false),
    ("tag", Value::Text, true, true),
    ("nbt", Value::Nbt, true, true),
    ("scores", Value::Map, false, false),
    ("advancements", Value::Map, false, false),
    ("predicate", Value::Id, true, true),
];

/// Reads a target argument.
pub fn parse_selector(r: &mut Reader, accepts: Accepts) -> Parsed<Selector> {
    let start = r.cursor();
    if !r.eat('@') {
        let name = r.read_string()?;
        if name.is_empty() || name.chars().count() > 16 && name.len() != 36 {
            return Err(r.error_at(start, "Invalid name or UUID"));
        }
        return Ok(Selector::Name);
    }
    let Some(kind) = r.peek() else {
        return Err(r.error("Missing selector type"));
    };
    if !"spaer".contains(kind) {
        return Err(r.error(format!("Unknown selector type '@{kind}'")));
    }
    r.skip();
    let mut state = State {
        kind,
        seen: Vec::new(),
        limit: None,
        player_type: None,
        only_players: false,
    };
    if r.eat('[') {
        parse_options(r, &mut state)?;
    }
    let includes_entities = matches!(kind, 'e' | 's') && !state.only_players;
    let single = matches!(kind, 'p' | 'r' | 's') || state.limit == Some(1);
    if accepts == Accepts::Entity && !single {
        return Err(r.error_at(
            start,
            "Only one entity is allowed, but the provided selector allows more than one",
        ));
    }
    if accepts == Accepts::Players && includes_entities && kind != 's' {
        return Err(r.error_at(
            start,
            "Only players may be affected by this command, but the provided selector includes entities",
        ));
    }
    Ok(Selector::Pattern {
        matches_player: state.player_type.unwrap_or(true),
    })
}

/// What the options said so far.
struct State {
    kind: char,
    seen: Vec<&'static str>,
    limit: Option<i32>,
    /// Whether the `type` options let the player through, once one is given.
    player_type: Option<bool>,
    /// Whether `type=player` limits the selector to players.
    only_players: bool,
}

fn parse_options(r: &mut Reader, state: &mut State) -> Parsed<()> {
    r.skip_whitespace();
    while r.can_read() && r.peek() != Some(']') {
        r.skip_whitespace();
        let name_at = r.cursor();
        let name = r.read_string()?;
        let Some(&(key, value, negatable, repeatable)) =
            OPTIONS.iter().find(|(key, ..)| *key == name)
        else {
            return Err(r.error_at(name_at, format!("Unknown option '{name}'")));
        };
        if !applicable(state, key, repeatable) {
            return Err(r.error_at(name_at, format!("Option '{key}' isn't applicable here")));
        }
        r.skip_whitespace();
        if !r.eat('=') {
            return Err(r.error_at(name_at, format!("Expected value for option '{key}'")));
        }
        r.skip_whitespace();
        let negated = negatable && r.eat('!');
        r.skip_whitespace();
        parse_value(r, state, key, value, negated)?;
        if !negated {
            state.seen.push(key);
        }
        r.skip_whitespace();
        if r.eat(',') {
            continue;
        }
        if r.can_read() && r.peek() != Some(']') {
            return Err(r.error("Expected end of options"));
        }
    }
    if !r.eat(']') {
        return Err(r.error("Expected end of options"));
    }
    Ok(())
}

fn applicable(state: &State, key: &str, repeatable: bool) -> bool {
    let once = repeatable || !state.seen.contains(&key);
    match key {
        "type" => once && !matches!(state.kind, 'p' | 'a' | 'r'),
        "limit" | "sort" => once && state.kind != 's',
        _ => once,
    }
}

fn parse_value(
    r: &mut Reader,
    state: &mut State,
    key: &str,
    value: Value,
    negated: bool,
) -> Parsed<()> {
    let start = r.cursor();
    match value {
        Value::Range => read_range(r),
        Value::Double => r.read_double().map(drop),
        Value::Limit => {
            let limit = r.read_int()?;
            if limit < 1 {
                return Err(r.error_at(start, "Limit must be at least 1"));
            }
            state.limit = Some(limit);
            Ok(())
        }
        Value::Word(words) => {
            let word = r.read_unquoted();
            if words.contains(&word) {
                Ok(())
            } else {
                Err(r.error_at(start, format!("Invalid or unknown {key} type '{word}'")))
            }
        }
        Value::Text => r.read_string().map(drop),
        Value::Type => {
            let tag = r.eat('#');
            let id = read_resource_location(r)?;
            if !tag && registry().entity_named(&id).is_none() {
                return Err(r.error_at(start, format!("Invalid or unknown entity type '{id}'")));
            }
            let is_player = !tag && strip_namespace(&id) == "player";
            state.only_players |= is_player && !negated;
            state.player_type = Some(state.player_type.unwrap_or(true) && is_player != negated);
            Ok(())
        }
        Value::Nbt => snbt::parse_compound(r).map(drop),
        Value::Map => read_map(r),
        Value::Id => read_resource_location(r).map(drop),
    }
}

/// `min..max` with either end optional, numbers as Minecraft reads them.
fn read_range(r: &mut Reader) -> Parsed<()> {
    let start = r.cursor();
    let min = range_end(r, start)?;
    let max = if r.peek() == Some('.') && r.peek_at(1) == Some('.') {
        r.skip();
        r.skip();
        range_end(r, start)?
    } else {
        min
    };
    match (min, max) {
        (None, None) => Err(r.error_at(start, "Expected value or range of values")),
        (Some(a), Some(b)) if a > b => Err(r.error_at(start, "Min cannot be bigger than max")),
        _ => Ok(()),
    }
}

/// One end of a range; a `.` belongs to the number unless `..` follows.
fn range_end(r: &mut Reader, start: usize) -> Parsed<Option<f64>> {
    let from = r.cursor();
    while let Some(c) = r.peek() {
        let numeric = c.is_ascii_digit() || c == '-' || c == '.' && r.peek_at(1) != Some('.');
        if !numeric {
            break;
        }
        r.skip();
    }
    let text = r.since(from);
    if text.is_empty() {
        return Ok(None);
    }
    text.parse()
        .map(Some)
        .map_err(|_| r.error_at(start, format!("Invalid number '{text}'")))
}

/// `{key=value,…}`; values are words, booleans or nested maps.
fn read_map(r: &mut Reader) -> Parsed<()> {
    r.expect('{')?;
    r.skip_whitespace();
    while r.can_read() && r.peek() != Some('}') {
        r.skip_whitespace();
        read_resource_location(r)?;
        r.skip_whitespace();
        r.expect('=')?;
        r.skip_whitespace();
        if r.peek() == Some('{') {
            read_map(r)?;
        } else if r
            .read_matching(|c| !matches!(c, ',' | '}' | ' '))
            .is_empty()
        {
            return Err(r.error("Expected value"));
        }
        r.skip_whitespace();
        if !r.eat(',') {
            break;
        }
    }
    r.skip_whitespace();
    r.expect('}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str, accepts: Accepts) -> Parsed<Selector> {
        let mut r = Reader::new(text, 0);
        let s = parse_selector(&mut r, accepts)?;
        assert!(!r.can_read(), "left over in {text}");
        Ok(s)
    }

    fn rejected(text: &str, accepts: Accepts) -> String {
        match parse(text, accepts) {
            Err(Failure::Rejected(m)) => m,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn every_selector_kind_names_the_player() {
        for text in [
            "@s",
            "@p",
            "@a",
            "@r",
            "@e",
            "@e[type=player]",
            "@e[type=!zombie]",
        ] {
            let s = parse(text, Accepts::Entities).unwrap();
            assert_eq!(s.resolve(Accepts::Entities), Ok(()), "{text}");
        }
        let zombies = parse(
            "@e[type=minecraft:zombie,limit=2,sort=nearest]",
            Accepts::Entities,
        )
        .unwrap();
        assert!(matches!(
            zombies.resolve(Accepts::Entities),
            Err(Failure::Unsupported(_))
        ));
    }

    #[test]
    fn options_parse_with_their_value_syntax() {
        for text in [
            "@a[distance=..5,level=1..,x=1.5,dx=2,tag=foo,tag=!bar,gamemode=!creative]",
            "@e[nbt={OnGround:1b},scores={kills=1..},advancements={minecraft:story/root=true}]",
            "@p[name=\"Some One\",x_rotation=-90..90,predicate=minecraft:p]",
            "@e[ type = player , limit = 1 ]",
            "@e[]",
        ] {
            parse(text, Accepts::Entities).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        }
    }

    #[test]
    fn bad_selectors_are_rejected_where_they_go_wrong() {
        assert_eq!(
            rejected("@x", Accepts::Entities),
            "Unknown selector type '@x' at position 1"
        );
        assert_eq!(
            rejected("@", Accepts::Entities),
            "Missing selector type at position 1"
        );
        assert_eq!(
            rejected("@e[colour=red]", Accepts::Entities),
            "Unknown option 'colour' at position 3"
        );
        assert_eq!(
            rejected("@e[type=dragon]", Accepts::Entities),
            "Invalid or unknown entity type 'minecraft:dragon' at position 8"
        );
        assert_eq!(
            rejected("@a[type=player]", Accepts::Entities),
            "Option 'type' isn't applicable here at position 3"
        );
        assert_eq!(
            rejected("@s[limit=1]", Accepts::Entities),
            "Option 'limit' isn't applicable here at position 3"
        );
        assert_eq!(
            rejected("@e[limit=0]", Accepts::Entities),
            "Limit must be at least 1 at position 9"
        );
        assert_eq!(
            rejected("@e[distance=5..1]", Accepts::Entities),
            "Min cannot be bigger than max at position 12"
        );
        assert_eq!(
            rejected("@e[sort=closest]", Accepts::Entities),
            "Invalid or unknown sort type 'closest' at position 8"
        );
        assert_eq!(
            rejected("@e[limit=1", Accepts::Entities),
            "Expected end of options at position 10"
        );
        assert_eq!(
            rejected("@e[tag]", Accepts::Entities),
            "Expected value for option 'tag' at position 3"
        );
        assert_eq!(
            rejected("@a", Accepts::Entity),
            "Only one entity is allowed, but the provided selector allows more than one at position 0"
        );
        assert_eq!(
            rejected("@e", Accepts::Players),
            "Only players may be affected by this command, but the provided selector includes entities at position 0"
        );
        assert!(parse("@e[type=player]", Accepts::Players).is_ok());
        assert!(parse("@e[limit=1]", Accepts::Entity).is_ok());
    }

    #[test]
    fn names_find_no_player() {
        let steve = parse("Steve", Accepts::Players).unwrap();
        assert_eq!(
            steve.resolve(Accepts::Players),
            Err(Failure::Rejected("No player was found".into()))
        );
        assert_eq!(
            steve.resolve(Accepts::Entities),
            Err(Failure::Rejected("No entity was found".into()))
        );
        let nobody = parse("@a[type=!player]", Accepts::Players);
        assert!(nobody.is_err(), "type is not applicable to @a");
        let not_player = parse("@e[type=!player]", Accepts::Entities).unwrap();
        assert!(matches!(
            not_player.resolve(Accepts::Entities),
            Err(Failure::Unsupported(_))
        ));
    }
}
