#!/usr/bin/env python3
"""Regenerates src/sim/registry/{blocks,items}.tsv from a minecraft-data checkout.

Usage: python3 xtask/registry_tables.py PATH/TO/minecraft-data/data/pc/1.16.2 [1.16.1 dir for foods]

The facts (ids, hardness, harvest tools, drops, light, stack sizes,
durability, food values) are those of the Minecraft 1.16.5 registry, which
minecraft-data files under 1.16.2. The derived columns (tool class, shape,
item kind) follow rules written here.
"""
import json
import sys
from pathlib import Path

src = Path(sys.argv[1])
foods_dir = Path(sys.argv[2]) if len(sys.argv) > 2 else src
out = Path(__file__).resolve().parent.parent / "src" / "sim" / "registry"

blocks = json.load(open(src / "blocks.json"))
items = json.load(open(src / "items.json"))
loot = {b["block"]: b["drops"] for b in json.load(open(src / "blockLoot.json"))}
shapes = json.load(open(foods_dir / "blockCollisionShapes.json"))
foods = {f["name"]: f for f in json.load(open(foods_dir / "foods.json"))}
item_name = {i["id"]: i["name"] for i in items}
block_names = {b["name"] for b in blocks}

TIER_OF_PREFIX = {"wooden": "wood", "golden": "gold", "stone": "stone", "iron": "iron",
                  "diamond": "diamond", "netherite": "netherite"}
TIER_RANK = {"wood": 0, "gold": 0, "stone": 1, "iron": 2, "diamond": 3, "netherite": 4}
TOOL_OF_MATERIAL = {"rock": "pickaxe", "wood": "axe", "plant": "axe", "dirt": "shovel",
                    "leaves": "hoe", None: "any", "web": "sword", "wool": "shears", "melon": "axe"}
CROSS = ("grass", "fern", "large_fern", "tall_grass", "dead_bush", "sugar_cane", "sapling",
         "dandelion", "poppy", "blue_orchid", "allium", "azure_bluet", "tulip", "oxeye_daisy",
         "cornflower", "lily_of_the_valley", "wither_rose", "sunflower", "lilac", "rose_bush",
         "peony", "mushroom", "wheat", "carrots", "potatoes", "beetroots", "sweet_berry_bush",
         "cobweb", "seagrass", "kelp", "vine", "roots", "sprouts", "fungus", "bamboo_sapling")


def harvest_tier(block):
    tools = block.get("harvestTools")
    if not tools:
        return "none"
    names = [item_name[int(i)] for i in tools]
    if names == ["shears"]:
        return "shears"
    ranks = [TIER_RANK[TIER_OF_PREFIX[n.split("_")[0]]] for n in names if "_" in n and n.split("_")[0] in TIER_OF_PREFIX]
    low = min(ranks)
    return {0: "wood", 1: "stone", 2: "iron", 3: "diamond", 4: "netherite"}[low]


def tool_class(block):
    tools = block.get("harvestTools") or {}
    names = [item_name[int(i)] for i in tools]
    for kind in ("pickaxe", "axe", "shovel"):
        if any(n.endswith("_" + kind) for n in names):
            return kind
    if block["name"].endswith("_leaves"):
        return "hoe"
    return TOOL_OF_MATERIAL.get(block.get("material"), "any")


def shape(block):
    name = block["name"]
    if name in ("air", "cave_air", "void_air"):
        return "none", 0.0
    if name in ("water", "lava", "bubble_column"):
        return "liquid", 1.0
    if "torch" in name:
        return "torch", 0.0
    s = shapes["blocks"].get(name)
    sid = s if isinstance(s, int) else (s[0] if s else 0)
    boxes = shapes["shapes"].get(str(sid), [])
    if block["boundingBox"] == "empty" or not boxes:
        if name == "grass" or any(name.endswith(c) or name == c for c in CROSS):
            return "cross", 0.0
        return "flat", 0.0
    if boxes == [[0, 0, 0, 1, 1, 1]]:
        return "cube", 1.0
    if name.endswith("_slab"):
        return "partial", 0.5
    top = max(b[4] for b in boxes)
    return "partial", round(min(top, 1.5), 4)


SHEARS_ONLY = ("grass", "fern", "tall_grass", "large_fern", "dead_bush", "vine", "seagrass",
               "tall_seagrass", "cobweb", "_leaves")
DROP_OVERRIDES = {"wall_torch": "torch", "soul_wall_torch": "soul_torch",
                  "redstone_wall_torch": "redstone_torch", "snow": "snowball",
                  "melon": "melon_slice*3", "gravel": "gravel", "oak_wall_sign": "oak_sign"}


def see_through(name):
    """Full cubes that light and sight pass through."""
    return (name.endswith("_leaves") or "glass" in name
            or name in ("ice", "spawner", "slime_block", "honey_block", "beacon", "barrier"))


def drop(block):
    """`item`, `item*count`, `shears>item` (drops only when cut with shears) or `-`."""
    name = block["name"]
    if name in DROP_OVERRIDES:
        return DROP_OVERRIDES[name]
    entries = loot.get(name, [])
    if any(name == s or (s.startswith("_") and name.endswith(s)) for s in SHEARS_ONLY):
        return "shears>" + (entries[0]["item"] if entries else name)
    plain = [e for e in entries if not e.get("silkTouch")]
    if not plain:
        return "-"
    first = next((e for e in plain if e.get("noSilkTouch")), plain[0])
    count = min(n for n in first["stackSizeRange"] if n is not None)
    return first["item"] + (f"*{count}" if count > 1 else "")


# minecraft-data reports 0 for light that depends on the block state;
# these are the default (lit, hanging or not) states' values.
LIGHT_OF_DEFAULT_STATE = {"lantern": 15, "soul_lantern": 10, "campfire": 15, "soul_campfire": 10}

rows = ["# name\thardness\ttool\ttier\tdrop\tlight\tshape\theight\ttransparent"]
for b in blocks:
    hard = b["hardness"] if b["diggable"] and b["hardness"] is not None else -1
    sh, h = shape(b)
    rows.append("\t".join(str(x) for x in (
        b["name"], hard, tool_class(b), harvest_tier(b), drop(b),
        LIGHT_OF_DEFAULT_STATE.get(b["name"], b["emitLight"]), sh, h,
        0 if sh == "cube" and not see_through(b["name"]) else 1)))
(out / "blocks.tsv").write_text(
    "# Minecraft 1.16.5 blocks (facts from the game's registry; see xtask/registry_tables.py)\n"
    + "\n".join(rows) + "\n")

PLACES = {"wheat_seeds": "wheat", "redstone": "redstone_wire", "string": "tripwire",
          "carrot": "carrots", "potato": "potatoes", "beetroot_seeds": "beetroots",
          "sweet_berries": "sweet_berry_bush", "cocoa_beans": "cocoa",
          "melon_seeds": "melon_stem", "pumpkin_seeds": "pumpkin_stem"}
THROWN = {"snowball", "egg", "ender_pearl", "splash_potion", "lingering_potion",
          "experience_bottle", "ender_eye", "trident"}
ARMOR = {"helmet": "head", "chestplate": "chest", "leggings": "legs", "boots": "feet"}
SPEED = {"wood": 2, "gold": 12, "stone": 4, "iron": 6, "diamond": 8, "netherite": 9}


def kind(item):
    name = item["name"]
    parts = name.split("_")
    if parts[-1] in ("pickaxe", "axe", "shovel", "hoe", "sword") and parts[0] in TIER_OF_PREFIX:
        tier = TIER_OF_PREFIX[parts[0]]
        return f"tool:{parts[-1]}:{tier}:{SPEED[tier]}"
    if name == "shears":
        return "tool:shears:none:1.5"
    if name in foods:
        f = foods[name]
        return f"food:{f['foodPoints']}:{f['saturation']}"
    if name in THROWN:
        return "throw"
    if name in ("bucket", "water_bucket", "lava_bucket"):
        return "bucket:" + (name.split("_")[0] if name != "bucket" else "empty")
    if parts[-1] in ARMOR:
        return "armor:" + ARMOR[parts[-1]]
    if name == "elytra":
        return "armor:chest"
    if name in ("carved_pumpkin", "player_head", "zombie_head", "creeper_head", "skeleton_skull"):
        return f"block:{name}"
    if name in PLACES:
        return "block:" + PLACES[name]
    if name in block_names and name != "air":
        return f"block:{name}"
    return "-"


rows = ["# name\tstack\tdurability\tkind"]
for i in items:
    rows.append("\t".join(str(x) for x in (i["name"], i["stackSize"], i.get("maxDurability", 0), kind(i))))
(out / "items.tsv").write_text(
    "# Minecraft 1.16.5 items (facts from the game's registry; see xtask/registry_tables.py)\n"
    + "\n".join(rows) + "\n")
