//! A brewing stand, after 1.16.5's `BrewingStandBlockEntity` and
//! `PotionBrewing`: three bottle slots, an ingredient slot and a fuel
//! slot. Blaze powder in the fuel slot is burnt at once for 20 brews; a
//! brew starts when the ingredient turns at least one bottle into
//! something (`brewing.tsv`), takes 400 ticks, stops if the ingredient is
//! taken or changed, and then turns every bottle it can and uses up one
//! ingredient.

use crate::sim::inventory::ItemStack;
use crate::sim::registry::{item, registry, strip_namespace, ItemId, MixFrom, MixTo};
use crate::sim::rules::crafting::remainder;

/// The slots, in vanilla's order: three bottles, the ingredient, the fuel.
pub const BOTTLES: [usize; 3] = [0, 1, 2];
pub const INGREDIENT: usize = 3;
pub const FUEL: usize = 4;
/// Ticks a brew takes.
pub const BREW_TICKS: u32 = 400;
/// Brews one blaze powder fuels.
pub const BREWS_PER_POWDER: u32 = 20;
/// Full sizes of the screen's fuel bar, arrow and bubbles, in pixels.
const FUEL_PIXELS: u32 = 18;
const ARROW_PIXELS: u32 = 28;
/// The bubbles' heights through their animation (`BUBBLELENGTHS`).
const BUBBLES: [u32; 7] = [29, 24, 20, 16, 11, 6, 0];

#[derive(Debug, Clone, PartialEq)]
pub struct BrewingStand {
    pub slots: Vec<Option<ItemStack>>,
    /// Brews left from the burnt blaze powder.
    pub fuel: u32,
    /// Ticks left of the brew under way; 0 when none is.
    pub brew_time: u32,
    /// The ingredient the brew under way started with.
    brewing: Option<ItemId>,
}

/// How much of the fuel bar, the arrow and the bubbles the screen fills, in pixels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BrewGauges {
    /// Columns of the fuel bar (0..=18).
    pub fuel: u32,
    /// Rows of the downward arrow (0..=28).
    pub arrow: u32,
    /// Rows of bubbles, from the bottom (0..=29).
    pub bubbles: u32,
}

impl Default for BrewingStand {
    fn default() -> BrewingStand {
        BrewingStand {
            slots: vec![None; 5],
            fuel: 0,
            brew_time: 0,
            brewing: None,
        }
    }
}

/// Whether a stack goes into a bottle slot: potions of any kind and glass bottles.
pub fn is_bottle(stack: &ItemStack) -> bool {
    [
        "potion",
        "splash_potion",
        "lingering_potion",
        "glass_bottle",
    ]
    .contains(&stack.name())
}

/// Whether a stack goes into the ingredient slot (`PotionBrewing.isIngredient`).
pub fn is_ingredient(stack: &ItemStack) -> bool {
    registry()
        .brewing_mixes
        .iter()
        .any(|mix| mix.ingredient == stack.item)
}

/// The potion type of a bottle, bare (`water`); `empty` for none.
fn potion_type(bottle: &ItemStack) -> &str {
    bottle.potion.as_deref().map_or("empty", strip_namespace)
}

/// What `ingredient` turns a bottle into, if anything (`PotionBrewing.mix`).
pub fn mix(ingredient: ItemId, bottle: &ItemStack) -> Option<ItemStack> {
    let mix = registry().brewing_mixes.iter().find(|mix| {
        mix.ingredient == ingredient
            && match mix.from {
                MixFrom::Bottle(item) => bottle.item == item,
                MixFrom::Potion(potion) => potion_type(bottle) == potion,
            }
    })?;
    let mut brewed = ItemStack::new(bottle.item, 1);
    match mix.to {
        MixTo::Bottle(item) => {
            brewed.item = item;
            brewed.potion = bottle.potion.clone();
        }
        MixTo::Potion(potion) => brewed.potion = Some(format!("minecraft:{potion}")),
    }
    Some(brewed)
}

impl BrewingStand {
    /// The ingredient, if it would turn at least one bottle (`isBrewable`).
    fn brewable_ingredient(&self) -> Option<ItemId> {
        let ingredient = self.slots[INGREDIENT]
            .as_ref()
            .filter(|s| is_ingredient(s))?;
        BOTTLES
            .iter()
            .filter_map(|&b| self.slots[b].as_ref())
            .any(|bottle| mix(ingredient.item, bottle).is_some())
            .then_some(ingredient.item)
    }

    /// One game tick; returns a container the used ingredient left behind
    /// that has no room in its slot (to drop at the stand).
    pub fn tick(&mut self) -> Option<ItemStack> {
        if self.fuel == 0 && self.slots[FUEL].as_ref().map(|s| s.item) == Some(item("blaze_powder"))
        {
            self.fuel = BREWS_PER_POWDER;
            crate::sim::inventory::split_off(&mut self.slots[FUEL], 1);
        }
        let brewable = self.brewable_ingredient();
        if self.brew_time > 0 {
            self.brew_time -= 1;
            if self.brew_time == 0 && brewable.is_some() {
                return self.brew();
            }
            if brewable.is_none() || brewable != self.brewing {
                self.brew_time = 0;
            }
        } else if brewable.is_some() && self.fuel > 0 {
            self.fuel -= 1;
            self.brew_time = BREW_TICKS;
            self.brewing = brewable;
        }
        None
    }

    /// The brew is done: every bottle the ingredient turns is turned, one
    /// ingredient is used up (`doBrew`).
    fn brew(&mut self) -> Option<ItemStack> {
        let ingredient = self.slots[INGREDIENT].as_ref()?.item;
        for b in BOTTLES {
            if let Some(brewed) = self.slots[b]
                .as_ref()
                .and_then(|bottle| mix(ingredient, bottle))
            {
                self.slots[b] = Some(brewed);
            }
        }
        crate::sim::inventory::split_off(&mut self.slots[INGREDIENT], 1);
        let left = remainder(ingredient).map(|item| ItemStack::new(item, 1))?;
        match self.slots[INGREDIENT] {
            None => {
                self.slots[INGREDIENT] = Some(left);
                None
            }
            Some(_) => Some(left),
        }
    }

    /// The fuel bar, arrow and bubbles as vanilla's screen draws them.
    pub fn gauges(&self) -> BrewGauges {
        let fuel = (FUEL_PIXELS * self.fuel)
            .div_ceil(BREWS_PER_POWDER)
            .min(FUEL_PIXELS);
        if self.brew_time == 0 {
            return BrewGauges {
                fuel,
                ..BrewGauges::default()
            };
        }
        BrewGauges {
            fuel,
            arrow: ARROW_PIXELS * (BREW_TICKS - self.brew_time) / BREW_TICKS,
            bubbles: BUBBLES[(self.brew_time / 2 % 7) as usize],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stack(name: &str, count: u8) -> Option<ItemStack> {
        Some(ItemStack::new(item(name), count))
    }

    fn potion(kind: &str) -> Option<ItemStack> {
        let mut bottle = ItemStack::new(item("potion"), 1);
        bottle.potion = Some(format!("minecraft:{kind}"));
        Some(bottle)
    }

    fn run(stand: &mut BrewingStand, ticks: u32) {
        (0..ticks).for_each(|_| {
            stand.tick();
        });
    }

    #[test]
    fn nether_wart_then_magma_cream_brews_fire_resistance_in_400_ticks_each() {
        let mut stand = BrewingStand {
            slots: vec![
                potion("water"),
                potion("water"),
                None,
                stack("nether_wart", 2),
                stack("blaze_powder", 2),
            ],
            ..BrewingStand::default()
        };
        run(&mut stand, 1);
        assert_eq!(
            (stand.fuel, stand.slots[FUEL].clone()),
            (19, stack("blaze_powder", 1)),
            "one powder burnt for 20 brews, one of them started"
        );
        run(&mut stand, 399);
        assert_eq!(stand.slots[0], potion("water"), "one tick short");
        run(&mut stand, 1);
        assert_eq!(stand.slots[0], potion("awkward"));
        assert_eq!(stand.slots[1], potion("awkward"));
        assert_eq!(stand.slots[INGREDIENT], stack("nether_wart", 1));
        run(&mut stand, 50);
        assert_eq!(stand.brew_time, 0, "awkward potions take no more wart");
        stand.slots[INGREDIENT] = stack("magma_cream", 1);
        run(&mut stand, 401);
        assert_eq!(stand.slots[0], potion("fire_resistance"));
        assert_eq!(stand.slots[INGREDIENT], None);
        assert_eq!(stand.fuel, 18);
    }

    #[test]
    fn a_brew_stops_when_the_ingredient_changes_and_waits_for_fuel() {
        let mut stand = BrewingStand::default();
        stand.slots[0] = potion("water");
        stand.slots[INGREDIENT] = stack("nether_wart", 1);
        run(&mut stand, 10);
        assert_eq!(stand.brew_time, 0, "no fuel, no brew");
        stand.slots[FUEL] = stack("blaze_powder", 1);
        run(&mut stand, 100);
        stand.slots[INGREDIENT] = stack("redstone", 1);
        run(&mut stand, 1);
        assert_eq!(stand.brew_time, 0, "another ingredient: the brew is off");
        run(&mut stand, 1);
        assert_eq!(stand.brew_time, BREW_TICKS, "and the next starts");
        run(&mut stand, 400);
        assert_eq!(stand.slots[0], potion("mundane"));
    }

    #[test]
    fn gunpowder_makes_splash_potions_and_only_ingredients_and_bottles_fit() {
        let brewed = mix(
            item("gunpowder"),
            potion("fire_resistance").as_ref().unwrap(),
        )
        .unwrap();
        assert_eq!(brewed.item, item("splash_potion"));
        assert_eq!(brewed.potion.as_deref(), Some("minecraft:fire_resistance"));
        assert!(is_ingredient(&ItemStack::new(item("magma_cream"), 1)));
        assert!(!is_ingredient(&ItemStack::new(item("red_dye"), 1)));
        assert!(is_bottle(&ItemStack::new(item("glass_bottle"), 1)));
        assert!(!is_bottle(&ItemStack::new(item("flower_pot"), 1)));
        assert_eq!(
            mix(
                item("magma_cream"),
                &ItemStack::new(item("glass_bottle"), 1)
            ),
            None
        );
    }

    #[test]
    fn the_gauges_follow_fuel_and_brew() {
        let mut stand = BrewingStand {
            fuel: 20,
            brew_time: 200,
            ..BrewingStand::default()
        };
        assert_eq!(
            stand.gauges(),
            BrewGauges {
                fuel: 18,
                arrow: 14,
                bubbles: 20
            }
        );
        stand.fuel = 1;
        stand.brew_time = 0;
        assert_eq!(stand.gauges().fuel, 1);
        assert_eq!(stand.gauges().arrow, 0);
    }
}
