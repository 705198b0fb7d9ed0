//! `/give` and `/replaceitem`: item stacks built from an item argument and
//! its NBT (enchantments, stored enchantments, potion, damage), given the
//! way Minecraft gives them (one stack at a time, what does not fit is
//! dropped at the player, ready to pick up).

use rand::Rng;

use super::ast::Slot;
use super::ids::{ENCHANTMENTS, POTIONS};
use super::reader::{Failure, Parsed};
use super::resource::ItemInput;
use super::selector::{Accepts, Selector};
use super::snbt::{Compound, Nbt};
use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::inventory::{Enchantment, ItemStack};
use crate::sim::registry::{registry, strip_namespace};

/// Items that carry a potion id.
const POTION_ITEMS: &[&str] = &[
    "potion",
    "splash_potion",
    "lingering_potion",
    "tipped_arrow",
];

/// `/give` beyond this many stacks is refused here (it would flood the
/// world with item entities).
const MAX_GIVE_STACKS: u32 = 100;

/// A stack of `count` (not limited to the stack size) with the NBT applied.
pub fn make_stack(input: &ItemInput, count: u8) -> ItemStack {
    let mut stack = ItemStack::new(input.item, count);
    let Some(nbt) = &input.nbt else {
        return stack;
    };
    let def = registry().item(input.item);
    let enchantment_key = if def.name == "enchanted_book" {
        "StoredEnchantments"
    } else {
        "Enchantments"
    };
    if let Some(list) = nbt.get(enchantment_key).and_then(Nbt::as_list) {
        stack.enchantments = list.iter().filter_map(enchantment).collect();
    }
    if POTION_ITEMS.contains(&def.name) {
        stack.potion = nbt
            .get("Potion")
            .and_then(Nbt::as_str)
            .map(strip_namespace)
            .filter(|name| POTIONS.contains(name))
            .map(|name| format!("minecraft:{name}"));
    }
    if def.durability > 0 {
        if let Some(damage) = nbt.get("Damage").and_then(Nbt::as_i64) {
            stack.damage = damage.clamp(0, i64::from(u16::MAX)) as u16;
        }
    }
    stack
}

/// `{id:"minecraft:sharpness",lvl:5}`; unknown ids have no effect in the
/// game and are left out.
fn enchantment(entry: &Nbt) -> Option<Enchantment> {
    let entry: &Compound = entry.as_compound()?;
    let id = strip_namespace(entry.get("id")?.as_str()?);
    ENCHANTMENTS.contains(&id).then(|| Enchantment {
        id: id.to_string(),
        level: entry
            .get("lvl")
            .and_then(Nbt::as_i64)
            .unwrap_or(0)
            .clamp(0, i64::from(i16::MAX)) as u16,
    })
}

pub fn give(game: &mut Game, targets: &Selector, input: &ItemInput, count: u32) -> Parsed<()> {
    targets.resolve(Accepts::Players)?;
    let max = u32::from(registry().item(input.item).stack);
    if count > max * MAX_GIVE_STACKS {
        return Err(Failure::Unsupported(format!(
            "giving more than {MAX_GIVE_STACKS} stacks at once is not built"
        )));
    }
    let mut left = count;
    while left > 0 {
        let part = left.min(max);
        left -= part;
        if let Some(rest) = game.player.inventory.insert(make_stack(input, part as u8)) {
            drop_at_player(game, rest);
        }
    }
    Ok(())
}

/// Drops a stack from the player's eyes toward where they look, with no
/// pickup delay (what `/give` does with what does not fit).
fn drop_at_player(game: &mut Game, stack: ItemStack) {
    let player = &game.player;
    let rng = &mut game.rngs.drops;
    let (yaw, pitch) = (
        f64::from(player.yaw).to_radians(),
        f64::from(player.pitch).to_radians(),
    );
    let spin = rng.gen::<f64>() * std::f64::consts::TAU;
    let spread = 0.02 * rng.gen::<f64>();
    let lift = (rng.gen::<f64>() - rng.gen::<f64>()) * 0.1;
    let vel = [
        -yaw.sin() * pitch.cos() * 0.3 + spin.cos() * spread,
        -pitch.sin() * 0.3 + 0.1 + lift,
        yaw.cos() * pitch.cos() * 0.3 + spin.sin() * spread,
    ];
    let pos = [player.pos[0], player.eye()[1] - 0.3, player.pos[2]];
    game.entities.spawn(
        EntityKind::Item {
            stack,
            pickup_delay: 0,
        },
        pos,
        vel,
    );
}

pub fn replace_item(
    game: &mut Game,
    targets: &Selector,
    slot: Slot,
    input: &ItemInput,
    count: u8,
) -> Parsed<()> {
    targets.resolve(Accepts::Entities)?;
    let stack = Some(make_stack(input, count));
    let inventory = &mut game.player.inventory;
    match slot {
        Slot::Main(index) => inventory.main[index] = stack,
        Slot::Mainhand => inventory.main[inventory.selected] = stack,
        Slot::Offhand => inventory.offhand = stack,
        Slot::Armor(index) => inventory.armor[index] = stack,
        Slot::EnderChest => {
            return Err(Failure::Unsupported(
                "the ender chest inventory is not built".into(),
            ))
        }
        Slot::Foreign => {
            let name = registry().item(input.item).name;
            return Err(Failure::Rejected(format!(
                "Could not put minecraft:{name} in that slot: players have no such slot"
            )));
        }
    }
    Ok(())
}
