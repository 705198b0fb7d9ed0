//! Items in hand and items let go: the two hands, using up a stack, tool
//! wear with Unbreaking, and item entities spawned from broken blocks,
//! from the drop key and from death, with vanilla's scatter and pickup
//! delays.

use rand::Rng;

use crate::sim::entity::EntityKind;
use crate::sim::game::Game;
use crate::sim::inventory::{Inventory, ItemStack};
use crate::sim::registry::registry;
use crate::sim::world::BlockPos;
use crate::suite::Event;

/// Ticks before an item a block, a creature or a command drops can be
/// picked up (`ItemEntity`'s default).
pub const DROP_PICKUP_DELAY: u32 = 10;
/// Ticks before an item the player dropped or lost can be picked up.
pub const PLAYER_DROP_PICKUP_DELAY: u32 = 40;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hand {
    Main,
    Off,
}

impl Hand {
    /// Vanilla tries the main hand first, then the offhand.
    pub const BOTH: [Hand; 2] = [Hand::Main, Hand::Off];

    pub fn slot(self, inv: &Inventory) -> &Option<ItemStack> {
        match self {
            Hand::Main => &inv.main[inv.selected],
            Hand::Off => &inv.offhand,
        }
    }

    pub fn slot_mut(self, inv: &mut Inventory) -> &mut Option<ItemStack> {
        match self {
            Hand::Main => &mut inv.main[inv.selected],
            Hand::Off => &mut inv.offhand,
        }
    }
}

/// Uses up one item from the stack in `hand`.
pub fn consume_one(inv: &mut Inventory, hand: Hand) {
    let slot = hand.slot_mut(inv);
    if let Some(stack) = slot {
        stack.count -= 1;
        if stack.count == 0 {
            *slot = None;
        }
    }
}

/// The level of an enchantment on a stack, 0 without it.
pub fn enchantment_level(stack: &ItemStack, id: &str) -> u16 {
    stack
        .enchantments
        .iter()
        .find(|e| e.id == id)
        .map_or(0, |e| e.level)
}

/// Wears the tool in the main hand by `amount`, as [`wear_hand`].
pub fn wear_main_hand(game: &mut Game, amount: u16) {
    wear_hand(game, Hand::Main, amount);
}

/// Wears the item in `hand` by `amount` (`hurtAndBreak`): each
/// point may be spared by Unbreaking; when the damage reaches the
/// durability the tool breaks, counting `break_item`.
pub fn wear_hand(game: &mut Game, hand: Hand, amount: u16) {
    let Game {
        player,
        rngs,
        stats,
        ..
    } = game;
    let slot = hand.slot_mut(&mut player.inventory);
    let Some(stack) = slot else { return };
    let durability = registry().item(stack.item).durability;
    if durability == 0 {
        return;
    }
    let unbreaking = enchantment_level(stack, "unbreaking");
    let spared = (0..amount)
        .filter(|_| unbreaking > 0 && rngs.drops.gen_range(0..=unbreaking) > 0)
        .count() as u16;
    stack.damage += amount - spared;
    if stack.damage >= durability {
        stats.add(Event::BreakItem, stack.name(), 1);
        *slot = None;
    }
}

/// Spawns a broken block's drop near the block's centre (`popResource`).
pub fn spawn_block_drop(game: &mut Game, pos: BlockPos, stack: ItemStack) {
    let rng = &mut game.rngs.drops;
    let mut jitter = || rng.gen::<f64>() * 0.5 - 0.25;
    let at = [
        f64::from(pos[0]) + 0.5 + jitter(),
        f64::from(pos[1]) + 0.5 + jitter() - 0.125,
        f64::from(pos[2]) + 0.5 + jitter(),
    ];
    spawn_drop_at(game, at, stack);
}

/// `ItemEntity`'s start: tossed a little upward in a random direction.
pub fn drop_toss(rng: &mut impl Rng) -> [f64; 3] {
    [
        rng.gen::<f64>() * 0.2 - 0.1,
        0.2,
        rng.gen::<f64>() * 0.2 - 0.1,
    ]
}

/// Spawns a dropped item at `at`, tossed (see [`drop_toss`]), to be picked up
/// after the drop delay.
pub fn spawn_drop_at(game: &mut Game, at: [f64; 3], stack: ItemStack) {
    let vel = drop_toss(&mut game.rngs.drops);
    spawn_drop_moving(game, at, stack, vel);
}

/// Spawns a dropped item at `at` moving at `vel`, to be picked up after
/// the drop delay.
pub fn spawn_drop_moving(game: &mut Game, at: [f64; 3], stack: ItemStack, vel: [f64; 3]) {
    game.entities.spawn(
        EntityKind::Item {
            stack,
            pickup_delay: DROP_PICKUP_DELAY,
        },
        at,
        vel,
    );
}

/// Where items the player lets go appear: 0.3 below the eyes.
fn hand_point(game: &Game) -> [f64; 3] {
    let p = &game.player;
    [p.pos[0], p.eye()[1] - 0.3, p.pos[2]]
}

/// Throws a stack forward from the player (`Player.drop`, drop key) and
/// counts `drop[item]`.
pub fn throw_from_player(game: &mut Game, stack: ItemStack) {
    game.stats
        .add(Event::Drop, stack.name(), u64::from(stack.count));
    toss(game, stack);
}

/// Throws a stack forward from the player without counting it (items a
/// closing screen lets fall, `Player.drop` without tracing).
pub fn toss(game: &mut Game, stack: ItemStack) {
    let at = hand_point(game);
    let p = &game.player;
    let (pitch, yaw) = (
        f64::from(p.pitch).to_radians(),
        f64::from(p.yaw).to_radians(),
    );
    let rng = &mut game.rngs.drops;
    let angle = rng.gen::<f32>() * std::f32::consts::TAU;
    let spread = 0.02 * rng.gen::<f32>();
    let lift = (rng.gen::<f32>() - rng.gen::<f32>()) * 0.1;
    let vel = [
        -yaw.sin() * pitch.cos() * 0.3 + f64::from(angle.cos() * spread),
        -pitch.sin() * 0.3 + 0.1 + f64::from(lift),
        yaw.cos() * pitch.cos() * 0.3 + f64::from(angle.sin() * spread),
    ];
    game.entities.spawn(
        EntityKind::Item {
            stack,
            pickup_delay: PLAYER_DROP_PICKUP_DELAY,
        },
        at,
        vel,
    );
}

/// Scatters a stack around the player (death, full inventory); no statistic.
pub fn drop_around_player(game: &mut Game, stack: ItemStack) {
    let at = hand_point(game);
    let rng = &mut game.rngs.drops;
    let speed = f64::from(rng.gen::<f32>() * 0.5);
    let angle = f64::from(rng.gen::<f32>() * std::f32::consts::TAU);
    game.entities.spawn(
        EntityKind::Item {
            stack,
            pickup_delay: PLAYER_DROP_PICKUP_DELAY,
        },
        at,
        [-angle.sin() * speed, 0.2, angle.cos() * speed],
    );
}

/// Puts a stack into the inventory; what does not fit falls at the feet.
pub fn give(game: &mut Game, stack: ItemStack) {
    if let Some(rest) = game.player.inventory.insert(stack) {
        drop_around_player(game, rest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::inventory::Enchantment;
    use crate::sim::registry::item;
    use crate::sim::rules::testkit::platform_game;

    #[test]
    fn a_tool_breaks_when_damage_reaches_durability() {
        let mut game = platform_game();
        game.player.inventory.main[0] = Some(ItemStack::new(item("wooden_pickaxe"), 1));
        for _ in 0..58 {
            wear_main_hand(&mut game, 1);
        }
        assert_eq!(game.player.inventory.main[0].as_ref().unwrap().damage, 58);
        wear_main_hand(&mut game, 1);
        assert!(game.player.inventory.main[0].is_none());
        assert_eq!(game.stats.get(Event::BreakItem, "wooden_pickaxe"), 1);
    }

    #[test]
    fn unbreaking_spares_some_wear() {
        let mut game = platform_game();
        let mut pick = ItemStack::new(item("iron_pickaxe"), 1);
        pick.enchantments.push(Enchantment {
            id: "unbreaking".into(),
            level: 3,
        });
        game.player.inventory.main[0] = Some(pick);
        for _ in 0..100 {
            wear_main_hand(&mut game, 1);
        }
        let damage = game.player.inventory.main[0].as_ref().unwrap().damage;
        assert!((10..50).contains(&damage), "{damage}");
    }
}
