//! Id arguments: namespaced ids (`minecraft:stone` or `stone`) checked
//! against the 1.16.5 registry, item arguments with their NBT, block
//! arguments with `[state=value,…]` properties and NBT, and summonable
//! entity types. The block states the world keeps (facing, bed part, crop
//! age, …) are read into the block's state; other properties and
//! block-entity NBT are checked for syntax only.

use super::reader::{Failure, Parsed, Reader};
use super::snbt::{self, Compound};
use crate::sim::registry::{registry, state_def, BlockId, EntityTypeId, ItemId};
use crate::sim::world::BlockState;

/// Entity types that exist but that `/summon` refuses.
const NOT_SUMMONABLE: &[&str] = &["player", "fishing_bobber"];

fn is_id_char(c: char) -> bool {
    c.is_ascii_digit() || c.is_ascii_lowercase() || matches!(c, '_' | ':' | '/' | '.' | '-')
}

/// Reads an id and returns it with its namespace (`minecraft:` by default).
pub fn read_resource_location(r: &mut Reader) -> Parsed<String> {
    let start = r.cursor();
    let text = r.read_matching(is_id_char);
    let (namespace, path) = text.split_once(':').unwrap_or(("minecraft", text));
    let namespace_ok = namespace.chars().all(|c| c != '/' && c != ':');
    if !namespace_ok || path.contains(':') {
        return Err(r.error_at(start, "Invalid ID"));
    }
    let namespace = if namespace.is_empty() {
        "minecraft"
    } else {
        namespace
    };
    Ok(format!("{namespace}:{path}"))
}

/// An item and the NBT written after it.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemInput {
    pub item: ItemId,
    pub nbt: Option<Compound>,
}

pub fn parse_item(r: &mut Reader) -> Parsed<ItemInput> {
    let start = r.cursor();
    let id = read_resource_location(r)?;
    let item = registry()
        .item_named(&id)
        .ok_or_else(|| r.error_at(start, format!("Unknown item '{id}'")))?;
    let nbt = match r.peek() {
        Some('{') => Some(snbt::parse_compound(r)?),
        _ => None,
    };
    Ok(ItemInput { item, nbt })
}

/// A block to place: the id and its state, with its NBT checked.
pub fn parse_block(r: &mut Reader) -> Parsed<(BlockId, BlockState)> {
    parse_block_with_nbt(r).map(|(block, state, _)| (block, state))
}

/// A block to place with its state and the block-entity NBT written after it.
pub fn parse_block_with_nbt(r: &mut Reader) -> Parsed<(BlockId, BlockState, Option<Compound>)> {
    if r.peek() == Some('#') {
        return Err(r.error("Tags aren't allowed here, only actual blocks"));
    }
    let start = r.cursor();
    let id = read_resource_location(r)?;
    let block = registry()
        .block_named(&id)
        .ok_or_else(|| r.error_at(start, format!("Unknown block type '{id}'")))?;
    let state = if r.peek() == Some('[') {
        read_states(r, &id, block)?
    } else {
        BlockState::default()
    };
    let nbt = match r.peek() {
        Some('{') => Some(snbt::parse_compound(r)?),
        _ => None,
    };
    Ok((block, state, nbt))
}

/// A block to match (`/fill … replace <filter>`); block tags are not built.
pub fn parse_block_filter(r: &mut Reader) -> Parsed<BlockId> {
    if r.peek() == Some('#') {
        return Err(Failure::Unsupported(
            "block tags in filters are not built".into(),
        ));
    }
    parse_block(r).map(|(block, _)| block)
}

/// `[name=value,…]`: names and values present, each name once, closed;
/// the values of the properties the world keeps are checked and read.
fn read_states(r: &mut Reader, block: &str, id: BlockId) -> Parsed<BlockState> {
    let mut state = BlockState::default();
    const UNCLOSED: &str = "Expected closing ] for block state properties";
    r.expect('[')?;
    r.skip_whitespace();
    let mut seen: Vec<String> = Vec::new();
    while r.can_read() && r.peek() != Some(']') {
        r.skip_whitespace();
        let name_at = r.cursor();
        let name = r.read_string()?;
        if name.is_empty() {
            return Err(r.error_at(name_at, format!("Block {block} does not have property ''")));
        }
        if seen.contains(&name) {
            return Err(r.error_at(
                name_at,
                format!("Property '{name}' can only be set once for block {block}"),
            ));
        }
        r.skip_whitespace();
        if !r.eat('=') {
            return Err(r.error(format!(
                "Expected value for property '{name}' on block {block}"
            )));
        }
        r.skip_whitespace();
        let value_at = r.cursor();
        let value = r.read_string()?;
        let refused = || format!("Block {block} does not accept '{value}' for {name} property");
        if value.is_empty() {
            return Err(r.error_at(value_at, refused()));
        }
        if let Some(property) = state_def(id).property(&name) {
            state = property
                .apply(state, &value)
                .ok_or_else(|| r.error_at(value_at, refused()))?;
        }
        seen.push(name);
        r.skip_whitespace();
        if r.eat(',') {
            continue;
        }
        if r.can_read() && r.peek() != Some(']') {
            return Err(r.error(UNCLOSED));
        }
    }
    if !r.eat(']') {
        return Err(r.error(UNCLOSED));
    }
    Ok(state)
}

/// An entity type `/summon` can create.
pub fn parse_summonable(r: &mut Reader) -> Parsed<EntityTypeId> {
    let start = r.cursor();
    let id = read_resource_location(r)?;
    registry()
        .entity_named(&id)
        .filter(|kind| !NOT_SUMMONABLE.contains(&registry().entity(*kind).name))
        .ok_or_else(|| r.error_at(start, format!("Unknown entity: {id}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::{block, item};

    fn whole<T>(text: &str, parse: fn(&mut Reader) -> Parsed<T>) -> Parsed<T> {
        let mut r = Reader::new(text, 0);
        let value = parse(&mut r)?;
        assert!(!r.can_read(), "left over in {text}");
        Ok(value)
    }

    fn rejected<T: std::fmt::Debug>(text: &str, parse: fn(&mut Reader) -> Parsed<T>) -> String {
        match whole(text, parse) {
            Err(Failure::Rejected(m)) => m,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn ids_take_the_minecraft_namespace_by_default() {
        let mut r = Reader::new("stone", 0);
        assert_eq!(read_resource_location(&mut r).unwrap(), "minecraft:stone");
        let mut r = Reader::new("other:x/y", 0);
        assert_eq!(read_resource_location(&mut r).unwrap(), "other:x/y");
        assert_eq!(
            rejected("a:b:c", read_resource_location),
            "Invalid ID at position 0"
        );
    }

    #[test]
    fn items_resolve_with_nbt() {
        let input = whole(r#"minecraft:potion{Potion:"minecraft:water"}"#, parse_item).unwrap();
        assert_eq!(input.item, item("potion"));
        assert_eq!(
            input.nbt.unwrap()["Potion"].as_str(),
            Some("minecraft:water")
        );
        assert_eq!(whole("torch", parse_item).unwrap().nbt, None);
        // The upstream suite's unknown ids, and a block item of a later version.
        let later = ["deepslate"];
        for bad in crate::sim::command::suite_tests::UNKNOWN_TO_1_16_5
            .iter()
            .chain(&later)
        {
            assert_eq!(
                rejected(&format!("minecraft:{bad}"), parse_item),
                format!("Unknown item 'minecraft:{bad}' at position 0")
            );
        }
        assert_eq!(
            rejected("stone{a:}", parse_item),
            "Expected value at position 8"
        );
    }

    #[test]
    fn blocks_accept_states_and_nbt() {
        let (bed, state) = whole("minecraft:blue_bed[facing=east,part=head]", parse_block).unwrap();
        assert_eq!(bed, block("blue_bed"));
        assert_eq!(state.facing(), crate::sim::world::Facing::East);
        assert!(state.is_head());
        assert_eq!(
            whole("oak_stairs[ facing = east ]", parse_block).unwrap(),
            (block("oak_stairs"), BlockState::default()),
            "properties the world does not keep are checked for syntax only"
        );
        assert_eq!(
            rejected("ladder[facing=up]", parse_block),
            "Block minecraft:ladder does not accept 'up' for facing property at position 14"
        );
        assert_eq!(
            whole(
                r#"chest{LootTable:"minecraft:chests/buried_treasure"}"#,
                parse_block
            )
            .unwrap()
            .0,
            block("chest")
        );
        assert_eq!(
            rejected("oak_stairs[facing=east", parse_block),
            "Expected closing ] for block state properties at position 22"
        );
        assert_eq!(
            rejected("oak_stairs[facing]", parse_block),
            "Expected value for property 'facing' on block minecraft:oak_stairs at position 17"
        );
        assert_eq!(
            rejected("oak_stairs[facing=east,facing=west]", parse_block),
            "Property 'facing' can only be set once for block minecraft:oak_stairs at position 23"
        );
        assert_eq!(
            rejected("oak_stairs[facing=]", parse_block),
            "Block minecraft:oak_stairs does not accept '' for facing property at position 18"
        );
        assert_eq!(
            rejected("deepslate_iron_ore", parse_block),
            "Unknown block type 'minecraft:deepslate_iron_ore' at position 0"
        );
        assert!(matches!(
            whole("#logs", parse_block_filter),
            Err(Failure::Unsupported(_))
        ));
        assert!(matches!(
            whole("#logs", parse_block),
            Err(Failure::Rejected(_))
        ));
    }

    #[test]
    fn summonable_entities() {
        assert!(whole("minecraft:boat", parse_summonable).is_ok());
        assert!(whole("villager", parse_summonable).is_ok());
        assert_eq!(
            rejected("player", parse_summonable),
            "Unknown entity: minecraft:player at position 0"
        );
        assert_eq!(
            rejected("snowman", parse_summonable),
            "Unknown entity: minecraft:snowman at position 0"
        );
    }
}
