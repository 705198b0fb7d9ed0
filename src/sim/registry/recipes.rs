//! The 1.16.5 recipe table (`recipes.tsv`) and the item tags its
//! ingredients name (`tags.tsv`), resolved to item ids. Both are generated
//! by `xtask/recipe_tables.py`; the formats are described there. One table
//! serves the embedded world's screens and the Plancraft environment;
//! matching a grid against it is `rules::crafting`'s job.

use super::table::{self, NameIndex};
use super::ItemId;

/// What one grid cell or ingredient accepts: any of these items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ingredient(pub Vec<ItemId>);

impl Ingredient {
    pub fn accepts(&self, item: ItemId) -> bool {
        self.0.contains(&item)
    }
}

/// Which cooking block a cooking recipe belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CookingMethod {
    Smelting,
    Blasting,
    Smoking,
    Campfire,
}

#[derive(Debug, Clone, PartialEq)]
pub enum RecipeKind {
    /// A pattern of `width × height` cells, row-major, `None` for a cell
    /// that must stay empty; trimmed of empty outer rows and columns.
    Shaped {
        width: usize,
        height: usize,
        cells: Vec<Option<Ingredient>>,
    },
    /// Each ingredient in some cell of the grid, any order, nothing else.
    Shapeless(Vec<Ingredient>),
    Cooking {
        method: CookingMethod,
        input: Ingredient,
        experience: f32,
        ticks: u32,
    },
    Stonecutting(Ingredient),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    /// The data pack's file name: `iron_ingot_from_blasting`.
    pub id: &'static str,
    pub kind: RecipeKind,
    pub result: ItemId,
    pub count: u8,
}

/// Every recipe, in table order (sorted by id).
pub struct RecipeBook {
    pub recipes: Vec<Recipe>,
    /// Tag name → its items, for showing recipes as text.
    pub tags: Vec<(&'static str, Vec<ItemId>)>,
}

impl RecipeBook {
    /// The recipes whose result is `item`, in table order.
    pub fn producing(&self, item: ItemId) -> impl Iterator<Item = &Recipe> {
        self.recipes.iter().filter(move |r| r.result == item)
    }

    /// The recipe of a cooking block (`method`) that cooks `item`, if any.
    pub fn cooking(&self, method: CookingMethod, item: ItemId) -> Option<&Recipe> {
        self.recipes.iter().find(|r| {
            matches!(&r.kind, RecipeKind::Cooking { method: m, input, .. }
                if *m == method && input.accepts(item))
        })
    }
}

pub(super) fn parse(
    recipes_text: &'static str,
    tags_text: &'static str,
    items: &NameIndex,
) -> RecipeBook {
    let item = |name: &str| {
        items
            .get(name)
            .map(ItemId)
            .unwrap_or_else(|| panic!("recipe table names unknown item `{name}`"))
    };
    let tags: Vec<(&'static str, Vec<ItemId>)> = table::rows(tags_text)
        .map(|row| (row[0], row[1].split(' ').map(item).collect()))
        .collect();
    let ingredient = |text: &str| {
        let mut accepted = Vec::new();
        for option in text.split('|') {
            match option.strip_prefix('#') {
                Some(tag) => {
                    let (_, members) = tags
                        .iter()
                        .find(|(name, _)| *name == tag)
                        .unwrap_or_else(|| panic!("recipe table names unknown tag `{tag}`"));
                    accepted.extend(members.iter().copied());
                }
                None => accepted.push(item(option)),
            }
        }
        Ingredient(accepted)
    };
    let recipes = table::rows(recipes_text)
        .map(|row| {
            let kind = match row[1] {
                "shaped" => shaped(row[4], row[5], &ingredient),
                "shapeless" => RecipeKind::Shapeless(row[4].split(' ').map(ingredient).collect()),
                "stonecutting" => RecipeKind::Stonecutting(ingredient(row[4])),
                method => {
                    let mut extra = row[5].split(' ');
                    RecipeKind::Cooking {
                        method: match method {
                            "smelting" => CookingMethod::Smelting,
                            "blasting" => CookingMethod::Blasting,
                            "smoking" => CookingMethod::Smoking,
                            "campfire_cooking" => CookingMethod::Campfire,
                            other => panic!("recipe {}: unknown kind {other}", row[0]),
                        },
                        input: ingredient(row[4]),
                        experience: extra.next().and_then(|x| x.parse().ok()).unwrap_or(0.0),
                        ticks: extra.next().and_then(|t| t.parse().ok()).unwrap_or(200),
                    }
                }
            };
            Recipe {
                id: row[0],
                kind,
                result: item(row[2]),
                count: table::column(&row, 3),
            }
        })
        .collect();
    RecipeBook { recipes, tags }
}

/// A shaped recipe from its `,`-joined pattern rows and `c=alt|alt` key,
/// trimmed of outer rows and columns that are all empty (as the game does).
fn shaped(pattern: &str, key: &str, ingredient: &dyn Fn(&str) -> Ingredient) -> RecipeKind {
    let key: Vec<(char, Ingredient)> = key
        .split(' ')
        .map(|entry| {
            let (symbol, alternatives) = entry.split_at(1);
            let symbol = symbol.chars().next().expect("a key symbol");
            (symbol, ingredient(&alternatives[1..]))
        })
        .collect();
    let rows: Vec<Vec<char>> = pattern.split(',').map(|r| r.chars().collect()).collect();
    let filled = |r: usize, c: usize| rows[r].get(c).is_some_and(|&s| s != ' ');
    let width_all = rows.iter().map(Vec::len).max().unwrap_or(0);
    let used_rows: Vec<usize> = (0..rows.len())
        .filter(|&r| (0..width_all).any(|c| filled(r, c)))
        .collect();
    let used_cols: Vec<usize> = (0..width_all)
        .filter(|&c| (0..rows.len()).any(|r| filled(r, c)))
        .collect();
    let (top, bottom) = (used_rows[0], *used_rows.last().expect("a filled row"));
    let (left, right) = (used_cols[0], *used_cols.last().expect("a filled column"));
    let mut cells = Vec::new();
    for row in &rows[top..=bottom] {
        for c in left..=right {
            cells.push(match row.get(c) {
                Some(' ') | None => None,
                Some(symbol) => Some(
                    key.iter()
                        .find(|(s, _)| s == symbol)
                        .map(|(_, i)| i.clone())
                        .unwrap_or_else(|| panic!("pattern symbol `{symbol}` has no key")),
                ),
            });
        }
    }
    RecipeKind::Shaped {
        width: right - left + 1,
        height: bottom - top + 1,
        cells,
    }
}
