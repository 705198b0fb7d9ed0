//! The answer to `search: <item>`: the 1.16.5 recipes that make the item
//! (crafting and furnace), each as one grid layout to copy, written from
//! the shared recipe table.

use super::env::{item_id, slot_name};
use crate::sim::registry::{registry, CookingMethod, Ingredient, RecipeKind};

pub fn recipes_text(item: &str) -> String {
    let book = &registry().recipes;
    let recipes: Vec<String> = item_id(item)
        .map(|id| book.producing(id).filter_map(layout).collect())
        .unwrap_or_default();
    if recipes.is_empty() {
        return "Could not find a recipe by that name.".to_string();
    }
    let mut text = format!("Recipes to craft {item}:\n");
    for (number, recipe) in recipes.iter().enumerate() {
        text.push_str(&format!("recipe {}:\n{recipe}", number + 1));
    }
    text
}

/// One recipe as lines `item at [slot]` (the grid laid out from [A1]) or
/// `smelt item`; `None` for kinds Plancraft does not have.
fn layout(recipe: &crate::sim::registry::Recipe) -> Option<String> {
    let mut lines = String::new();
    match &recipe.kind {
        RecipeKind::Shaped { width, cells, .. } => {
            for (index, cell) in cells.iter().enumerate() {
                if let Some(ingredient) = cell {
                    let slot = 1 + (index / width) * 3 + index % width;
                    lines.push_str(&format!("{} at {}\n", shown(ingredient), slot_name(slot)));
                }
            }
        }
        RecipeKind::Shapeless(ingredients) => {
            for (index, ingredient) in ingredients.iter().enumerate() {
                lines.push_str(&format!(
                    "{} at {}\n",
                    shown(ingredient),
                    slot_name(index + 1)
                ));
            }
        }
        RecipeKind::Cooking {
            method: CookingMethod::Smelting,
            input,
            ..
        } => lines.push_str(&format!("smelt {}\n", shown(input))),
        _ => return None,
    }
    Some(lines)
}

/// An ingredient's first item, with the others it allows in brackets.
fn shown(ingredient: &Ingredient) -> String {
    let names: Vec<&str> = ingredient
        .0
        .iter()
        .map(|&id| registry().item(id).name)
        .collect();
    match names.as_slice() {
        [one] => one.to_string(),
        [first, rest @ ..] => format!("{first} (or {})", rest.join(", ")),
        [] => String::new(),
    }
}
