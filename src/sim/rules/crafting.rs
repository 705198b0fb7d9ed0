//! Crafting rules: which recipe, if any, a crafting grid makes. Used by the
//! world's crafting screens (2×2 and 3×3, patterns mirrored as 1.16.5 does)
//! and by the Plancraft environment (3×3, no mirroring, as Plancraft 0.4.9
//! matches). The recipes themselves are data (`registry::RecipeBook`).

use crate::sim::registry::{registry, CookingMethod, Ingredient, ItemId, Recipe, RecipeKind};

/// Whether a shaped pattern also matches flipped left to right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mirroring {
    /// Minecraft's rule.
    Allowed,
    /// Plancraft's rule: patterns only as written.
    None,
}

/// A square crafting grid's items, row-major (`width × width` cells).
pub struct Grid<'a> {
    pub cells: &'a [Option<ItemId>],
    pub width: usize,
}

/// The first crafting recipe (in table order) that `grid` makes.
pub fn craft(grid: &Grid, mirroring: Mirroring) -> Option<&'static Recipe> {
    let bounds = Bounds::of(grid)?;
    registry()
        .recipes
        .recipes
        .iter()
        .find(|recipe| match &recipe.kind {
            RecipeKind::Shaped {
                width,
                height,
                cells,
            } => {
                (bounds.width, bounds.height) == (*width, *height)
                    && (shaped_matches(grid, &bounds, cells, false)
                        || (mirroring == Mirroring::Allowed
                            && shaped_matches(grid, &bounds, cells, true)))
            }
            RecipeKind::Shapeless(ingredients) => shapeless_matches(grid, ingredients),
            _ => false,
        })
}

/// The rows and columns of the grid that hold something.
struct Bounds {
    top: usize,
    left: usize,
    width: usize,
    height: usize,
}

impl Bounds {
    fn of(grid: &Grid) -> Option<Bounds> {
        let filled: Vec<(usize, usize)> = grid
            .cells
            .iter()
            .enumerate()
            .filter(|(_, cell)| cell.is_some())
            .map(|(i, _)| (i / grid.width, i % grid.width))
            .collect();
        let top = filled.iter().map(|p| p.0).min()?;
        let bottom = filled.iter().map(|p| p.0).max()?;
        let left = filled.iter().map(|p| p.1).min()?;
        let right = filled.iter().map(|p| p.1).max()?;
        Some(Bounds {
            top,
            left,
            width: right - left + 1,
            height: bottom - top + 1,
        })
    }
}

fn shaped_matches(
    grid: &Grid,
    bounds: &Bounds,
    pattern: &[Option<Ingredient>],
    mirrored: bool,
) -> bool {
    (0..bounds.height).all(|r| {
        (0..bounds.width).all(|c| {
            let pattern_col = if mirrored { bounds.width - 1 - c } else { c };
            let cell = grid.cells[(bounds.top + r) * grid.width + bounds.left + c];
            match (&pattern[r * bounds.width + pattern_col], cell) {
                (None, None) => true,
                (Some(ingredient), Some(item)) => ingredient.accepts(item),
                _ => false,
            }
        })
    })
}

/// Each ingredient takes one distinct filled cell, and no cell is left over.
fn shapeless_matches(grid: &Grid, ingredients: &[Ingredient]) -> bool {
    let items: Vec<ItemId> = grid.cells.iter().flatten().copied().collect();
    if items.len() != ingredients.len() {
        return false;
    }
    let mut used = vec![false; items.len()];
    assign(ingredients, &items, &mut used)
}

/// Backtracking assignment of ingredients to items (at most nine of each).
fn assign(ingredients: &[Ingredient], items: &[ItemId], used: &mut [bool]) -> bool {
    let Some((first, rest)) = ingredients.split_first() else {
        return true;
    };
    for i in 0..items.len() {
        if !used[i] && first.accepts(items[i]) {
            used[i] = true;
            if assign(rest, items, used) {
                return true;
            }
            used[i] = false;
        }
    }
    false
}

/// Ingredients that leave a container behind when used up in a crafting
/// grid or burnt as fuel (`getCraftingRemainingItem`).
const REMAINDERS: &[(&str, &str)] = &[
    ("milk_bucket", "bucket"),
    ("water_bucket", "bucket"),
    ("lava_bucket", "bucket"),
    ("honey_bottle", "glass_bottle"),
    ("dragon_breath", "glass_bottle"),
];

/// The container `item` leaves behind when used up, if any.
pub fn remainder(item: ItemId) -> Option<ItemId> {
    let name = registry().item(item).name;
    REMAINDERS
        .iter()
        .find(|(from, _)| *from == name)
        .and_then(|(_, to)| registry().item_named(to))
}

/// What the furnace makes of `item`: the result, and the cooking time and
/// experience of the 1.16.5 smelting recipe.
pub fn smelt(item: ItemId) -> Option<&'static Recipe> {
    cook(CookingMethod::Smelting, item)
}

/// What a furnace, blast furnace or smoker (`method`) makes of `item`.
pub fn cook(method: CookingMethod, item: ItemId) -> Option<&'static Recipe> {
    registry().recipes.cooking(method, item)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::item;

    fn grid3(names: [&str; 9]) -> Vec<Option<ItemId>> {
        names
            .iter()
            .map(|n| (!n.is_empty()).then(|| item(n)))
            .collect()
    }

    fn made(cells: &[Option<ItemId>], width: usize, mirroring: Mirroring) -> Option<(&str, u8)> {
        craft(&Grid { cells, width }, mirroring).map(|r| {
            (
                crate::sim::registry::registry().item(r.result).name,
                r.count,
            )
        })
    }

    #[test]
    fn a_shaped_recipe_matches_anywhere_in_the_grid_with_any_tagged_item() {
        let left = grid3(["oak_planks", "", "", "birch_planks", "", "", "", "", ""]);
        assert_eq!(made(&left, 3, Mirroring::Allowed), Some(("stick", 4)));
        let low_right = grid3(["", "", "", "", "", "spruce_planks", "", "", "oak_planks"]);
        assert_eq!(made(&low_right, 3, Mirroring::None), Some(("stick", 4)));
        // A plank over a stone is no recipe.
        let across = grid3(["oak_planks", "", "", "stone", "", "", "", "", ""]);
        assert_eq!(made(&across, 3, Mirroring::Allowed), None);
    }

    #[test]
    fn patterns_with_holes_need_the_holes_empty() {
        let clock = grid3([
            "",
            "gold_ingot",
            "",
            "gold_ingot",
            "redstone",
            "gold_ingot",
            "",
            "gold_ingot",
            "",
        ]);
        assert_eq!(made(&clock, 3, Mirroring::Allowed), Some(("clock", 1)));
        let mut extra = clock.clone();
        extra[0] = Some(item("gold_ingot"));
        assert_eq!(made(&extra, 3, Mirroring::Allowed), None);
    }

    #[test]
    fn mirrored_patterns_match_in_minecraft_but_not_in_plancraft() {
        // The axe: planks and stick pattern, then flipped left to right.
        let axe = grid3([
            "oak_planks",
            "oak_planks",
            "",
            "oak_planks",
            "stick",
            "",
            "",
            "stick",
            "",
        ]);
        let flipped = grid3([
            "",
            "oak_planks",
            "oak_planks",
            "",
            "stick",
            "oak_planks",
            "",
            "stick",
            "",
        ]);
        let one_way = made(&axe, 3, Mirroring::None);
        let other_way = made(&flipped, 3, Mirroring::None);
        assert_eq!(
            one_way.or(other_way),
            Some(("wooden_axe", 1)),
            "the pattern as written matches"
        );
        assert!(
            one_way.is_none() || other_way.is_none(),
            "only one way round"
        );
        assert_eq!(made(&axe, 3, Mirroring::Allowed), Some(("wooden_axe", 1)));
        assert_eq!(
            made(&flipped, 3, Mirroring::Allowed),
            Some(("wooden_axe", 1))
        );
    }

    #[test]
    fn shapeless_recipes_take_their_ingredients_in_any_cells_and_nothing_more() {
        let steel = grid3(["", "", "flint", "", "", "", "iron_ingot", "", ""]);
        assert_eq!(
            made(&steel, 3, Mirroring::None),
            Some(("flint_and_steel", 1))
        );
        let mut more = steel.clone();
        more[4] = Some(item("flint"));
        assert_eq!(made(&more, 3, Mirroring::None), None);
        let planks = [Some(item("birch_log")), None, None, None];
        assert_eq!(
            made(&planks, 2, Mirroring::Allowed),
            Some(("birch_planks", 4))
        );
    }

    #[test]
    fn the_two_by_two_grid_makes_small_recipes_only() {
        let table = vec![Some(item("oak_planks")); 4];
        assert_eq!(
            made(&table, 2, Mirroring::Allowed),
            Some(("crafting_table", 1))
        );
        assert_eq!(made(&[None; 4], 2, Mirroring::Allowed), None);
    }

    #[test]
    fn furnace_recipes_give_result_time_and_experience() {
        let iron = smelt(item("iron_ore")).expect("iron ore smelts");
        assert_eq!(
            crate::sim::registry::registry().item(iron.result).name,
            "iron_ingot"
        );
        match iron.kind {
            RecipeKind::Cooking {
                ticks, experience, ..
            } => assert_eq!((ticks, experience), (200, 0.7)),
            _ => panic!("not a cooking recipe"),
        }
        let beef = smelt(item("beef")).unwrap();
        assert_eq!(
            crate::sim::registry::registry().item(beef.result).name,
            "cooked_beef"
        );
        assert!(smelt(item("cobblestone")).is_some());
        assert!(smelt(item("diamond")).is_none());
    }

    #[test]
    fn the_table_holds_the_whole_1_16_5_set() {
        let book = &crate::sim::registry::registry().recipes;
        let count =
            |pick: fn(&RecipeKind) -> bool| book.recipes.iter().filter(|r| pick(&r.kind)).count();
        assert_eq!(count(|k| matches!(k, RecipeKind::Shaped { .. })), 491);
        assert_eq!(count(|k| matches!(k, RecipeKind::Shapeless(_))), 143);
        assert_eq!(count(|k| matches!(k, RecipeKind::Stonecutting(_))), 121);
        assert_eq!(count(|k| matches!(k, RecipeKind::Cooking { .. })), 82);
    }
}
