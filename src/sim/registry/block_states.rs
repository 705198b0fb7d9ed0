//! The block-state table (`block_states.tsv`): which properties the
//! simulator keeps for a block (facing, bed part and occupancy, crop age,
//! farmland moisture, portal axis, a frame's eye) with their 1.16.5 names and values, and
//! how a block placed from its item chooses its facing.

use std::sync::OnceLock;

use super::table;
use super::{registry, BlockId};
use crate::sim::world::{BlockState, Facing};

/// One property a block keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Property {
    Facing,
    /// A bed's half: `head` or `foot`.
    Part,
    Occupied,
    /// A crop's growth stage, 0 to the maximum.
    Age(u8),
    Moisture,
    /// A nether portal's plane: `x` or `z`.
    Axis,
    /// An end portal frame's eye of ender: `true` or `false`.
    Eye,
}

impl Property {
    fn parse(text: &str) -> Option<Property> {
        Some(match text {
            "facing" => Property::Facing,
            "part" => Property::Part,
            "occupied" => Property::Occupied,
            "moisture" => Property::Moisture,
            "axis" => Property::Axis,
            "eye" => Property::Eye,
            _ => Property::Age(text.strip_prefix("age=")?.parse().ok()?),
        })
    }

    /// Its name in block-state syntax (`facing=east`).
    pub fn name(self) -> &'static str {
        match self {
            Property::Facing => "facing",
            Property::Part => "part",
            Property::Occupied => "occupied",
            Property::Age(_) => "age",
            Property::Moisture => "moisture",
            Property::Axis => "axis",
            Property::Eye => "eye",
        }
    }

    /// `state` with this property set from its written value; `None` for
    /// a value the property does not take.
    pub fn apply(self, state: BlockState, value: &str) -> Option<BlockState> {
        let number = |max: u8| value.parse::<u8>().ok().filter(|&n| n <= max);
        Some(match self {
            Property::Facing => state.with_facing(Facing::parse(value)?),
            Property::Part => state.with_head(match value {
                "head" => true,
                "foot" => false,
                _ => return None,
            }),
            Property::Occupied => state.with_occupied(value.parse().ok()?),
            Property::Age(max) => state.with_age(number(max)?),
            Property::Moisture => state.with_age(number(7)?),
            Property::Axis => state.with_along_z(match value {
                "z" => true,
                "x" => false,
                _ => return None,
            }),
            Property::Eye => state.with_eye(value.parse().ok()?),
        })
    }
}

/// How a block placed from its item chooses its facing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// No facing.
    Plain,
    /// Hangs on the side of a block and faces away from it (ladders, wall torches).
    Wall,
    /// Faces the player who places it (carved pumpkins, jack o'lanterns).
    TowardPlayer,
    /// Two blocks: the foot where clicked, the head the way the player looks.
    Bed,
}

impl Placement {
    fn parse(text: &str) -> Option<Placement> {
        Some(match text {
            "-" => Placement::Plain,
            "wall" => Placement::Wall,
            "toward_player" => Placement::TowardPlayer,
            "bed" => Placement::Bed,
            _ => return None,
        })
    }
}

/// What the simulator keeps of one block's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateDef {
    pub properties: Vec<Property>,
    pub placement: Placement,
}

/// The state of blocks that keep none.
static NONE: StateDef = StateDef {
    properties: Vec::new(),
    placement: Placement::Plain,
};

impl StateDef {
    /// The property of that name, if the block keeps it.
    pub fn property(&self, name: &str) -> Option<Property> {
        self.properties.iter().copied().find(|p| p.name() == name)
    }
}

fn parse(text: &'static str) -> Vec<StateDef> {
    let mut defs = vec![NONE.clone(); registry().blocks.len()];
    for row in table::rows(text) {
        let block = registry()
            .block_named(row[0])
            .unwrap_or_else(|| panic!("block state table names unknown block `{}`", row[0]));
        let properties = match row[1] {
            "-" => Vec::new(),
            list => list
                .split(',')
                .map(|p| Property::parse(p).unwrap_or_else(|| panic!("bad property `{p}`")))
                .collect(),
        };
        let placement = Placement::parse(row[2]).expect("placement column");
        defs[usize::from(block.0)] = StateDef {
            properties,
            placement,
        };
    }
    defs
}

/// The state properties a block keeps (none for most blocks).
pub fn state_def(block: BlockId) -> &'static StateDef {
    static DEFS: OnceLock<Vec<StateDef>> = OnceLock::new();
    DEFS.get_or_init(|| parse(include_str!("block_states.tsv")))
        .get(usize::from(block.0))
        .unwrap_or(&NONE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::block;

    #[test]
    fn beds_ladders_and_crops_keep_their_properties() {
        let bed = state_def(block("white_bed"));
        assert_eq!(bed.placement, Placement::Bed);
        assert_eq!(bed.property("part"), Some(Property::Part));
        assert_eq!(state_def(block("ladder")).placement, Placement::Wall);
        assert_eq!(
            state_def(block("beetroots")).property("age"),
            Some(Property::Age(3))
        );
        assert_eq!(state_def(block("stone")), &NONE);
    }

    #[test]
    fn values_are_checked_against_the_property() {
        let s = BlockState::default();
        let east = Property::Facing.apply(s, "east").unwrap();
        assert_eq!(east.facing(), Facing::East);
        assert!(Property::Facing.apply(s, "up").is_none());
        assert!(Property::Part.apply(s, "head").unwrap().is_head());
        assert_eq!(Property::Age(7).apply(s, "7").unwrap().age(), 7);
        assert!(Property::Age(3).apply(s, "4").is_none());
        assert!(Property::Occupied.apply(s, "maybe").is_none());
        assert!(Property::Axis.apply(s, "z").unwrap().along_z());
    }
}
