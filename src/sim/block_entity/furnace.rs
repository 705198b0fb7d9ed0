//! A furnace, blast furnace or smoker, after 1.16.5's
//! `AbstractFurnaceBlockEntity`: an input, a fuel and an output slot, a
//! fire that burns one fuel item at a time, and cooking progress. Every
//! tick the fire burns down; a new fuel item is taken only when the input
//! has a recipe and the output has room for its result; an item is done
//! after its recipe's cook time (200 ticks, 100 in a blast furnace or
//! smoker); cooking progress resets when the input changes and falls back
//! two ticks a tick while unlit. Experience from cooked items waits in the
//! furnace until the output is taken.

use crate::sim::inventory::ItemStack;
use crate::sim::registry::{registry, CookingMethod, Recipe, RecipeKind};
use crate::sim::rules::crafting::{cook, remainder};

/// The slots, in order.
pub const INPUT: usize = 0;
pub const FUEL: usize = 1;
pub const OUTPUT: usize = 2;
/// Cook time when the input has no recipe (vanilla's default).
const DEFAULT_COOK_TICKS: u32 = 200;
/// The flame's and the arrow's full sizes in the screen, in pixels.
const FLAME_PIXELS: u32 = 13;
const ARROW_PIXELS: u32 = 24;

#[derive(Debug, Clone, PartialEq)]
pub struct Furnace {
    /// Which recipes this block cooks.
    pub method: CookingMethod,
    /// Input, fuel and output.
    pub slots: Vec<Option<ItemStack>>,
    /// Ticks the current fuel item still burns; lit while above 0.
    pub burn_left: u32,
    /// Ticks the current fuel item burns in all.
    pub burn_total: u32,
    /// Ticks the input item has cooked.
    pub cook_progress: u32,
    /// Ticks the input item needs.
    pub cook_total: u32,
    /// Experience earned by cooked items not yet paid out.
    pub experience: f32,
}

/// How much of the flame and the arrow the screen fills, in pixels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Gauges {
    /// Rows of the flame above its base (0..=13), if lit.
    pub flame: Option<u32>,
    /// Columns of the arrow filled (0..=24).
    pub arrow: u32,
}

impl Furnace {
    pub fn new(method: CookingMethod) -> Furnace {
        Furnace {
            method,
            slots: vec![None; 3],
            burn_left: 0,
            burn_total: 0,
            cook_progress: 0,
            cook_total: 0,
            experience: 0.0,
        }
    }

    pub fn is_lit(&self) -> bool {
        self.burn_left > 0
    }

    /// The recipe that cooks the input.
    fn recipe(&self) -> Option<&'static Recipe> {
        cook(self.method, self.slots[INPUT].as_ref()?.item)
    }

    fn cook_ticks(&self) -> u32 {
        match self.recipe().map(|r| &r.kind) {
            Some(RecipeKind::Cooking { ticks, .. }) => *ticks,
            _ => DEFAULT_COOK_TICKS,
        }
    }

    /// Whether the recipe's result fits in the output (`canBurn`).
    fn can_cook(&self, recipe: Option<&Recipe>) -> bool {
        let Some(recipe) = recipe else {
            return false;
        };
        match &self.slots[OUTPUT] {
            None => true,
            Some(out) => out.item == recipe.result && out.count + recipe.count <= out.max_stack(),
        }
    }

    /// Puts a screen's slots back (`setItem`): a different input item, or
    /// none, starts cooking from zero.
    pub fn store(&mut self, slots: Vec<Option<ItemStack>>) {
        let item = |s: &[Option<ItemStack>]| s[INPUT].as_ref().map(|i| i.item);
        let same_input = item(&slots).is_some() && item(&slots) == item(&self.slots);
        self.slots = slots;
        if !same_input {
            self.cook_progress = 0;
            self.cook_total = self.cook_ticks();
        }
    }

    /// One game tick.
    pub fn tick(&mut self) {
        if self.is_lit() {
            self.burn_left -= 1;
        }
        let has_fuel = self.slots[FUEL].is_some() && self.slots[INPUT].is_some();
        if !self.is_lit() && !has_fuel {
            self.cook_progress = self.cook_progress.saturating_sub(2);
            return;
        }
        let recipe = self.recipe();
        let can_cook = self.can_cook(recipe);
        if !self.is_lit() && can_cook {
            self.light();
        }
        if !(self.is_lit() && can_cook) {
            self.cook_progress = 0;
            return;
        }
        self.cook_progress += 1;
        if self.cook_progress == self.cook_total {
            self.cook_progress = 0;
            self.cook_total = self.cook_ticks();
            if let Some(recipe) = recipe {
                self.finish(recipe);
            }
        }
    }

    /// Burns the next fuel item; a burnt container (lava's bucket) stays.
    fn light(&mut self) {
        let Some(fuel) = self.slots[FUEL].as_mut() else {
            return;
        };
        let Some(ticks) = registry().burn_ticks(fuel.item) else {
            return;
        };
        self.burn_left = ticks;
        self.burn_total = ticks;
        let burnt = fuel.item;
        fuel.count -= 1;
        if fuel.count == 0 {
            self.slots[FUEL] = remainder(burnt).map(|item| ItemStack::new(item, 1));
        }
    }

    /// One input item becomes the recipe's result.
    fn finish(&mut self, recipe: &Recipe) {
        match &mut self.slots[OUTPUT] {
            Some(out) => out.count += recipe.count,
            empty => *empty = Some(ItemStack::new(recipe.result, recipe.count)),
        }
        if let Some(input) = &mut self.slots[INPUT] {
            input.count -= 1;
            if input.count == 0 {
                self.slots[INPUT] = None;
            }
        }
        if let RecipeKind::Cooking { experience, .. } = recipe.kind {
            self.experience += experience;
        }
    }

    /// The experience waiting for whoever takes the output, as whole
    /// points: the fraction is one more point with that chance (`roll` in
    /// 0..1). The furnace keeps none.
    pub fn take_experience(&mut self, roll: f32) -> u32 {
        let earned = std::mem::take(&mut self.experience);
        let whole = earned.floor();
        let fraction = earned - whole;
        whole as u32 + u32::from(fraction > 0.0 && roll < fraction)
    }

    /// The flame and arrow as vanilla's screen draws them.
    pub fn gauges(&self) -> Gauges {
        let burn_total = if self.burn_total == 0 {
            DEFAULT_COOK_TICKS
        } else {
            self.burn_total
        };
        Gauges {
            flame: self
                .is_lit()
                .then(|| self.burn_left * FLAME_PIXELS / burn_total),
            arrow: match self.cook_total {
                0 => 0,
                total => self.cook_progress * ARROW_PIXELS / total,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::item;

    fn stack(name: &str, count: u8) -> Option<ItemStack> {
        Some(ItemStack::new(item(name), count))
    }

    fn furnace(input: (&str, u8), fuel: (&str, u8)) -> Furnace {
        let mut furnace = Furnace::new(CookingMethod::Smelting);
        furnace.store(vec![stack(input.0, input.1), stack(fuel.0, fuel.1), None]);
        furnace
    }

    fn run(furnace: &mut Furnace, ticks: u32) {
        (0..ticks).for_each(|_| furnace.tick());
    }

    #[test]
    fn an_item_cooks_in_200_ticks() {
        let mut f = furnace(("iron_ore", 2), ("coal", 1));
        run(&mut f, 199);
        assert_eq!(f.slots[OUTPUT], None);
        assert_eq!(f.cook_progress, 199);
        run(&mut f, 1);
        assert_eq!(f.slots[OUTPUT], stack("iron_ingot", 1));
        assert_eq!(f.slots[INPUT], stack("iron_ore", 1));
        run(&mut f, 200);
        assert_eq!(f.slots[OUTPUT], stack("iron_ingot", 2));
        assert_eq!(f.slots[INPUT], None);
    }

    #[test]
    fn blast_furnaces_and_smokers_cook_their_own_recipes_in_100_ticks() {
        let mut blast = Furnace::new(CookingMethod::Blasting);
        blast.store(vec![stack("iron_ore", 1), stack("coal", 1), None]);
        run(&mut blast, 100);
        assert_eq!(blast.slots[OUTPUT], stack("iron_ingot", 1));
        let mut smoker = Furnace::new(CookingMethod::Smoking);
        smoker.store(vec![stack("iron_ore", 1), stack("coal", 1), None]);
        run(&mut smoker, 100);
        assert_eq!(smoker.slots[OUTPUT], None, "a smoker cooks only food");
        assert_eq!(
            smoker.slots[FUEL],
            stack("coal", 1),
            "and burns nothing for ore"
        );
    }

    #[test]
    fn coal_burns_1600_ticks_and_the_next_fuel_waits_for_something_to_cook() {
        let mut f = furnace(("cobblestone", 64), ("coal", 2));
        run(&mut f, 1);
        assert_eq!(
            (f.burn_left, f.slots[FUEL].clone()),
            (1600, stack("coal", 1))
        );
        run(&mut f, 1599);
        assert_eq!(
            f.slots[OUTPUT],
            stack("stone", 8),
            "8 items a coal, the 8th at its last tick"
        );
        assert_eq!(f.slots[FUEL], stack("coal", 1));
        run(&mut f, 1);
        assert_eq!(f.slots[FUEL], None, "the second coal lights at once");
        let mut idle = furnace(("diamond", 1), ("coal", 3));
        run(&mut idle, 50);
        assert_eq!(
            (idle.is_lit(), idle.slots[FUEL].clone()),
            (false, stack("coal", 3)),
            "nothing to cook, nothing burnt"
        );
    }

    #[test]
    fn burn_times_come_from_the_fuel_table_and_lava_leaves_its_bucket() {
        for (fuel, ticks) in [
            ("charcoal", 1600),
            ("oak_log", 300),
            ("birch_planks", 300),
            ("stick", 100),
            ("coal_block", 16000),
            ("blaze_rod", 2400),
            ("lava_bucket", 20000),
        ] {
            let mut f = furnace(("sand", 1), (fuel, 1));
            run(&mut f, 1);
            assert_eq!(f.burn_total, ticks, "{fuel}");
        }
        let mut lava = furnace(("sand", 1), ("lava_bucket", 1));
        run(&mut lava, 1);
        assert_eq!(lava.slots[FUEL], stack("bucket", 1));
        assert_eq!(registry().burn_ticks(item("crimson_planks")), None);
        assert_eq!(registry().burn_ticks(item("cobblestone")), None);
    }

    #[test]
    fn a_full_output_stops_cooking_and_the_fire_is_not_refuelled() {
        let mut f = furnace(("iron_ore", 5), ("stick", 3));
        f.slots[OUTPUT] = stack("iron_ingot", 63);
        run(&mut f, 200);
        assert_eq!(f.slots[OUTPUT], stack("iron_ingot", 64));
        run(&mut f, 400);
        assert_eq!(f.slots[OUTPUT], stack("iron_ingot", 64));
        assert_eq!(f.slots[INPUT], stack("iron_ore", 4));
        assert_eq!(
            f.slots[FUEL],
            Some(ItemStack::new(item("stick"), 1)),
            "two sticks burnt for one ingot"
        );
        let mut other = furnace(("iron_ore", 1), ("coal", 1));
        other.slots[OUTPUT] = stack("gold_ingot", 1);
        run(&mut other, 300);
        assert_eq!(
            other.slots[FUEL],
            stack("coal", 1),
            "another item in the output: no fire"
        );
    }

    #[test]
    fn removing_the_input_resets_progress_and_unlit_progress_falls_back() {
        let mut f = furnace(("iron_ore", 1), ("coal", 1));
        run(&mut f, 150);
        let mut slots = f.slots.clone();
        let ore = slots[INPUT].take();
        f.store(slots.clone());
        assert_eq!(f.cook_progress, 0);
        slots[INPUT] = ore;
        f.store(slots);
        run(&mut f, 199);
        assert_eq!(f.slots[OUTPUT], None);
        let mut cold = furnace(("iron_ore", 1), ("stick", 1));
        run(&mut cold, 100);
        assert_eq!((cold.cook_progress, cold.burn_left), (100, 1));
        cold.tick();
        assert!(!cold.is_lit());
        assert_eq!(cold.cook_progress, 98, "no fuel: two ticks back per tick");
    }

    #[test]
    fn experience_waits_in_the_furnace_and_pays_whole_points_with_a_chance_for_the_rest() {
        let mut f = furnace(("iron_ore", 3), ("coal", 1));
        run(&mut f, 600);
        assert!((f.experience - 2.1).abs() < 1e-5);
        let mut again = f.clone();
        assert_eq!(f.take_experience(0.5), 2);
        assert_eq!(again.take_experience(0.05), 3);
        assert_eq!(f.take_experience(0.0), 0, "paid once");
    }

    #[test]
    fn the_gauges_follow_the_fire_and_the_cooking() {
        let mut f = furnace(("iron_ore", 1), ("coal", 1));
        assert_eq!(
            f.gauges(),
            Gauges {
                flame: None,
                arrow: 0
            }
        );
        run(&mut f, 100);
        assert_eq!(
            f.gauges(),
            Gauges {
                flame: Some(1500 * 13 / 1600),
                arrow: 12
            }
        );
    }
}
