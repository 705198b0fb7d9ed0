#!/usr/bin/env python3
"""Regenerates src/sim/registry/{recipes,tags}.tsv from 1.16.5 data-pack JSON.

Usage: python3 xtask/recipe_tables.py RECIPES_DIR TAGS_DIR

RECIPES_DIR holds the vanilla recipe files (`data/minecraft/recipes/*.json`
of the 1.16.5 data pack; Plancraft 0.4.9 ships the same set in
`plancraft/environment/recipes/`), TAGS_DIR the item tags
(`data/minecraft/tags/items/*.json`; Plancraft: `environment/tags/`).

The facts (which recipes exist, their patterns, ingredients, results, cook
times and experience) are the game's; the table layout is mcu's:

recipes.tsv, one recipe a line, tab-separated:
  id  kind  result  count  inputs  extra
  - shaped:      inputs = pattern rows joined by `,` (a space is an empty
                 cell), extra = the key, `c=alt|alt …` space-separated
  - shapeless:   inputs = the ingredients, space-separated, each `alt|alt`
  - smelting, blasting, smoking, campfire_cooking: inputs = the ingredient,
                 extra = `xp cook_ticks`
  - stonecutting: inputs = the ingredient
An alternative is an item name or `#tag`. Special recipes (fireworks, map
cloning, dyeing…) and smithing are left out: they are not table lookups.

tags.tsv: tag  items (space-separated, nested tags flattened).
"""
import json
import sys
from pathlib import Path

recipes_dir = Path(sys.argv[1])
tags_dir = Path(sys.argv[2])
out = Path(__file__).resolve().parent.parent / "src" / "sim" / "registry"

COOKING = {"smelting", "blasting", "smoking", "campfire_cooking"}
KINDS = {"crafting_shaped": "shaped", "crafting_shapeless": "shapeless",
         "stonecutting": "stonecutting", **{k: k for k in COOKING}}


def bare(name):
    return name.split(":", 1)[-1]


raw_tags = {p.stem: json.load(open(p))["values"] for p in sorted(tags_dir.glob("*.json"))}


def flatten(tag, seen=()):
    items = []
    for value in raw_tags[tag]:
        if value.startswith("#"):
            items += flatten(bare(value[1:]), seen + (tag,))
        else:
            items.append(bare(value))
    return items


def alternatives(ingredient):
    """One grid cell or shapeless ingredient as `alt|alt` (tags kept as #tag)."""
    options = ingredient if isinstance(ingredient, list) else [ingredient]
    names = []
    for option in options:
        names.append("#" + bare(option["tag"]) if "tag" in option else bare(option["item"]))
    return "|".join(names)


used_tags = set()
lines = ["# Minecraft 1.16.5 recipes (facts from the vanilla data pack; see xtask/recipe_tables.py)",
         "# id\tkind\tresult\tcount\tinputs\textra"]
for path in sorted(recipes_dir.glob("*.json")):
    recipe = json.load(open(path))
    kind = KINDS.get(bare(recipe["type"]))
    if kind is None:
        continue
    result = recipe["result"]
    if isinstance(result, str):
        result_name, count = bare(result), recipe.get("count", 1)
    else:
        result_name, count = bare(result["item"]), result.get("count", 1)
    if kind == "shaped":
        rows = recipe["pattern"]
        assert all("," not in r and "\t" not in r for r in rows), path
        inputs = ",".join(rows)
        extra = " ".join(f"{symbol}={alternatives(value)}" for symbol, value in sorted(recipe["key"].items()))
        cells = [alternatives(v) for v in recipe["key"].values()]
    elif kind == "shapeless":
        cells = [alternatives(i) for i in recipe["ingredients"]]
        inputs, extra = " ".join(cells), ""
    else:
        cells = [alternatives(recipe["ingredient"])]
        inputs = cells[0]
        extra = f"{recipe.get('experience', 0)} {recipe.get('cookingtime', 200)}" if kind in COOKING else ""
    for cell in cells:
        used_tags.update(a[1:] for a in cell.split("|") if a.startswith("#"))
    lines.append("\t".join([path.stem, kind, result_name, str(count), inputs, extra]))
(out / "recipes.tsv").write_text("\n".join(lines) + "\n")

tag_lines = ["# Minecraft 1.16.5 item tags used by recipes, nested tags flattened (see xtask/recipe_tables.py)",
             "# tag\titems"]
for tag in sorted(used_tags):
    tag_lines.append(f"{tag}\t{' '.join(flatten(tag))}")
(out / "tags.tsv").write_text("\n".join(tag_lines) + "\n")
print(f"{len(lines) - 2} recipes, {len(used_tags)} tags")
