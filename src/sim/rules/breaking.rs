//! Breaking blocks with the attack key, after vanilla 1.16's
//! `MultiPlayerGameMode` and `Player.getDestroySpeed`: progress per tick
//! from tool, enchantments, effects, water and footing; the 5-tick pause
//! after a break and the 10-tick pause after swinging at nothing; then
//! drops, `mine_block`, tool use and wear.

use super::items::{self, enchantment_level};
use super::targeting::Target;
use super::{fluids, support, traits};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::player::{Breaking, Player};
use crate::sim::registry::{registry, BlockId, HarvestNeed, ItemKind, Shape, ToolKind};
use crate::sim::world::BlockPos;
use crate::suite::Event;

/// Ticks after a block breaks before the next one starts.
const BREAK_PAUSE: u32 = 5;
/// Ticks the attack key is dead after a swing at nothing.
const MISS_PAUSE: u32 = 10;
/// Mining fatigue multipliers by amplifier (0.3, 0.09, 0.0027, 0.00081).
const FATIGUE: [f32; 4] = [0.3, 0.09, 0.0027, 0.00081];

fn tool_of(stack: Option<&ItemStack>) -> Option<(ToolKind, u8, f32)> {
    match registry().item(stack?.item).kind {
        ItemKind::Tool { kind, tier, speed } => Some((kind, tier, speed)),
        _ => None,
    }
}

fn is_leaves(id: BlockId) -> bool {
    registry().block(id).name.ends_with("_leaves")
}

/// The held item's own digging speed on a block (`Item.getDestroySpeed`).
fn tool_speed(stack: Option<&ItemStack>, id: BlockId) -> f32 {
    let def = registry().block(id);
    let cobweb = def.name == "cobweb";
    match tool_of(stack) {
        Some((ToolKind::Sword, ..)) if cobweb => 15.0,
        Some((ToolKind::Sword, ..))
            if is_leaves(id) || def.shape == Shape::Cross || traits::SWORD_FAST.contains(id) =>
        {
            1.5
        }
        Some((ToolKind::Shears, ..)) if cobweb || is_leaves(id) => 15.0,
        Some((ToolKind::Shears, ..)) if def.name.ends_with("_wool") => 5.0,
        Some((kind, _, speed))
            if kind == def.tool && kind != ToolKind::Shears && kind != ToolKind::Sword =>
        {
            speed
        }
        _ => 1.0,
    }
}

/// Whether breaking the block with this stack in hand yields its drop
/// (`hasCorrectToolForDrops`).
pub fn can_harvest(stack: Option<&ItemStack>, id: BlockId) -> bool {
    let def = registry().block(id);
    let tool = tool_of(stack);
    match def.need {
        HarvestNeed::Hand => true,
        HarvestNeed::Shears => matches!(tool, Some((ToolKind::Shears, ..))),
        HarvestNeed::Tier(need) => match tool {
            Some((ToolKind::Shears, ..)) => def.name == "cobweb",
            Some((kind, tier, _)) => kind == def.tool && tier >= need,
            None => false,
        },
    }
}

/// Break progress per tick (1 breaks the block): vanilla's
/// `getDestroyProgress`. Infinite for blocks of hardness 0.
pub fn progress_per_tick(p: &Player, id: BlockId, eyes_in_water: bool) -> f32 {
    let Some(hardness) = registry().block(id).hardness else {
        return 0.0;
    };
    let held = p.inventory.selected_stack();
    let mut speed = tool_speed(held, id);
    if speed > 1.0 {
        let efficiency = held.map_or(0, |s| enchantment_level(s, "efficiency"));
        if efficiency > 0 {
            speed += f32::from(efficiency * efficiency + 1);
        }
    }
    if let Some(a) = p.effect_amplifier("haste") {
        speed *= 1.0 + f32::from(a + 1) * 0.2;
    }
    if let Some(a) = p.effect_amplifier("mining_fatigue") {
        speed *= FATIGUE[usize::from(a).min(3)];
    }
    let aqua_affinity = p.inventory.armor[0]
        .as_ref()
        .is_some_and(|h| enchantment_level(h, "aqua_affinity") > 0);
    if eyes_in_water && !aqua_affinity {
        speed /= 5.0;
    }
    if !p.on_ground {
        speed /= 5.0;
    }
    let per_tool = if can_harvest(held, id) { 30.0 } else { 100.0 };
    speed / hardness / per_tool
}

/// Whether the tool counts a use for breaking this block (`Item.mineBlock`).
fn counts_tool_use(kind: ToolKind, id: BlockId) -> bool {
    let def = registry().block(id);
    kind != ToolKind::Shears
        || traits::SHEARABLE.contains(id)
        || is_leaves(id)
        || def.name.ends_with("_wool")
}

/// Breaks the block at `pos` as the player: the held tool is used and
/// worn, what the block held (a chest's or furnace's items) falls out,
/// and if the block could be harvested it counts `mine_block`, costs
/// exhaustion and drops its item.
pub fn break_block(game: &mut Game, pos: BlockPos) {
    let id = game.world.get(pos);
    let state = game.world.state(pos);
    let def = registry().block(id);
    let held = game.player.inventory.selected_stack().cloned();
    let harvest = can_harvest(held.as_ref(), id);
    game.world.set(pos, BlockId::AIR);
    super::containers::drop_contents(game, pos);
    if let (Some(stack), Some((kind, ..))) = (&held, tool_of(held.as_ref())) {
        if counts_tool_use(kind, id) {
            game.stats.add(Event::UseItem, stack.name(), 1);
        }
        let wear = match kind {
            ToolKind::Sword => 2,
            _ => 1,
        };
        if def.hardness != Some(0.0) || kind == ToolKind::Shears {
            items::wear_main_hand(game, wear);
        }
    }
    if harvest {
        game.stats.add(Event::MineBlock, def.name, 1);
        super::health::exhaust(&mut game.player, 0.005);
        let sheared = matches!(tool_of(held.as_ref()), Some((ToolKind::Shears, ..)));
        for stack in super::drops::block_drops(game, id, state, sheared) {
            items::spawn_block_drop(game, pos, stack);
        }
    }
    support::settle(game, pos);
}

/// Starts breaking `pos`; an instant block breaks at once.
fn start(game: &mut Game, pos: BlockPos, per_tick: f32) {
    if per_tick >= 1.0 {
        game.player.breaking = None;
        break_block(game, pos);
    } else {
        game.player.breaking = Some(Breaking { pos, progress: 0.0 });
    }
}

/// One tick of the attack key. `pressed` is the press edge; `held` whether
/// it is down. A press on a creature strikes it (`attack`), a press on a
/// boat knocks at it (`boats`); a press at nothing starts the attack
/// charge over. Nothing happens while a shield is raised.
pub fn tick_attack(game: &mut Game, held: bool, pressed: bool, target: Option<Target>) {
    super::attack::recharge(&mut game.player);
    let p = &mut game.player;
    if !held || p.shield_ticks > 0 {
        p.miss_cooldown = 0;
        p.breaking = None;
        return;
    }
    p.miss_cooldown = p.miss_cooldown.saturating_sub(1);
    if p.miss_cooldown > 0 || p.eating_ticks > 0 {
        return;
    }
    let hit = match target {
        Some(Target::Block(hit)) => hit,
        Some(Target::Entity(id)) => {
            p.breaking = None;
            if pressed {
                super::attack::strike(game, id);
                super::boats::attack(game, id);
            }
            return;
        }
        None => {
            if pressed {
                p.miss_cooldown = MISS_PAUSE;
                super::attack::swing(p);
            }
            p.breaking = None;
            return;
        }
    };
    let eyes_in_water = fluids::eyes_in(&game.world, p.eye(), fluids::Fluid::Water);
    let per_tick = progress_per_tick(p, hit.block, eyes_in_water);
    let same = p.breaking.as_ref().is_some_and(|b| b.pos == hit.pos);
    if pressed && !same {
        start(game, hit.pos, per_tick);
    }
    let p = &mut game.player;
    if p.break_cooldown > 0 {
        p.break_cooldown -= 1;
        return;
    }
    match p.breaking.as_mut() {
        Some(b) if b.pos == hit.pos => {
            b.progress += per_tick;
            if b.progress >= 1.0 {
                p.breaking = None;
                p.break_cooldown = BREAK_PAUSE;
                break_block(game, hit.pos);
            }
        }
        _ if game.world.get(hit.pos) != BlockId::AIR => start(game, hit.pos, per_tick),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::{block, item};

    fn player_holding(name: Option<&str>) -> Player {
        let mut p = Player::new([0.0; 3]);
        p.on_ground = true;
        p.inventory.main[0] = name.map(|n| ItemStack::new(item(n), 1));
        p
    }

    fn ticks_to_break(tool: Option<&str>, block_name: &str) -> f32 {
        1.0 / progress_per_tick(&player_holding(tool), block(block_name), false)
    }

    #[test]
    fn break_times_follow_the_1_16_formula() {
        assert!((ticks_to_break(None, "dirt") - 15.0).abs() < 1e-3);
        assert!((ticks_to_break(Some("wooden_shovel"), "dirt") - 7.5).abs() < 1e-3);
        assert!((ticks_to_break(None, "stone") - 150.0).abs() < 1e-2);
        assert!((ticks_to_break(Some("wooden_pickaxe"), "stone") - 22.5).abs() < 1e-3);
        assert!((ticks_to_break(Some("wooden_pickaxe"), "iron_ore") - 150.0).abs() < 1e-2);
        assert!((ticks_to_break(Some("stone_pickaxe"), "iron_ore") - 22.5).abs() < 1e-3);
        assert!((ticks_to_break(Some("shears"), "white_wool") - 0.8 * 30.0 / 5.0).abs() < 1e-3);
        assert!(progress_per_tick(&player_holding(None), block("grass"), false).is_infinite());
        assert_eq!(
            progress_per_tick(&player_holding(None), block("bedrock"), false),
            0.0
        );
    }

    #[test]
    fn penalties_for_water_and_air() {
        let mut p = player_holding(None);
        let ground = progress_per_tick(&p, block("dirt"), false);
        assert!((progress_per_tick(&p, block("dirt"), true) - ground / 5.0).abs() < 1e-6);
        p.on_ground = false;
        assert!((progress_per_tick(&p, block("dirt"), true) - ground / 25.0).abs() < 1e-6);
    }

    #[test]
    fn harvest_needs_the_right_tool_and_tier() {
        let stack = |n: &str| ItemStack::new(item(n), 1);
        assert!(!can_harvest(None, block("stone")));
        assert!(can_harvest(Some(&stack("wooden_pickaxe")), block("stone")));
        assert!(!can_harvest(
            Some(&stack("wooden_pickaxe")),
            block("iron_ore")
        ));
        assert!(can_harvest(
            Some(&stack("stone_pickaxe")),
            block("iron_ore")
        ));
        assert!(!can_harvest(Some(&stack("iron_shovel")), block("stone")));
        assert!(can_harvest(None, block("dirt")));
        assert!(can_harvest(Some(&stack("shears")), block("cobweb")));
    }
}
