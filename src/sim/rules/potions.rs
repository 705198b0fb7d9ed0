//! Drinking potions (`PotionItem`, 1.16.5): held use for 32 ticks, like
//! eating, then the potion's effects from the potion table apply —
//! instant damage hurts 6 (doubled per level) as magic, instant health
//! heals 4 (doubled per level), the rest run as status effects — it counts
//! `use_item[potion]`, and an empty glass bottle is left in its place.

use super::health::{self, Damage};
use super::items::{self, Hand};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::player::ActiveEffect;
use crate::sim::registry::{item, potion_effects};
use crate::suite::Event;

/// Damage of instant damage at level I.
const HARM_DAMAGE: f32 = 6.0;
/// Health of instant health at level I.
const HEAL_AMOUNT: f32 = 4.0;

/// Whether the stack is a drinkable potion (not splash or lingering).
pub fn is_drinkable(stack: &ItemStack) -> bool {
    stack.item == item("potion")
}

/// Applies the effects of a potion to the player.
pub fn apply(game: &mut Game, potion: &str) {
    for effect in potion_effects(potion) {
        let level = f32::from(1u16 << effect.amplifier.min(7));
        match (effect.effect, effect.ticks) {
            ("instant_damage", 0) => {
                health::hurt(
                    &mut game.player,
                    &mut game.stats,
                    HARM_DAMAGE * level,
                    Damage::Magic,
                );
            }
            ("instant_health", 0) => health::heal(&mut game.player, HEAL_AMOUNT * level),
            (id, ticks) => game.player.add_effect(ActiveEffect {
                id: id.to_string(),
                amplifier: effect.amplifier,
                ticks_left: ticks,
            }),
        }
    }
}

/// The potion in `hand` is drunk: its effects, the statistic, the bottle.
pub fn finish_drinking(game: &mut Game, hand: Hand, potion: &ItemStack) {
    if let Some(name) = &potion.potion {
        apply(game, name);
    }
    game.stats.add(Event::UseItem, potion.name(), 1);
    items::consume_one(&mut game.player.inventory, hand);
    let bottle = ItemStack::new(item("glass_bottle"), 1);
    let slot = hand.slot_mut(&mut game.player.inventory);
    if slot.is_none() {
        *slot = Some(bottle);
    } else {
        items::give(game, bottle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Key;
    use crate::sim::rules::testkit::{keys, platform_game, run};

    fn potion(name: &str) -> ItemStack {
        let mut stack = ItemStack::new(item("potion"), 1);
        stack.potion = Some(format!("minecraft:{name}"));
        stack
    }

    #[test]
    fn drinking_harming_takes_32_ticks_hurts_6_and_leaves_the_bottle() {
        let mut game = platform_game();
        game.player.pitch = -90.0;
        game.player.inventory.main[0] = Some(potion("harming"));
        run(&mut game, &keys(&[Key::Use]), 31);
        assert_eq!(game.player.health, 20.0);
        run(&mut game, &keys(&[Key::Use]), 1);
        assert_eq!(game.player.health, 14.0);
        assert_eq!(game.stats.get(Event::UseItem, "potion"), 1);
        let left = game.player.inventory.main[0].as_ref().unwrap();
        assert_eq!(left.item, item("glass_bottle"));
    }

    #[test]
    fn healing_heals_and_lasting_potions_give_their_effect() {
        let mut game = platform_game();
        game.player.health = 10.0;
        apply(&mut game, "minecraft:strong_healing");
        assert_eq!(game.player.health, 18.0);
        apply(&mut game, "fire_resistance");
        assert_eq!(game.player.effect_amplifier("fire_resistance"), Some(0));
        apply(&mut game, "water");
        assert_eq!(game.player.effects.len(), 1);
    }
}
