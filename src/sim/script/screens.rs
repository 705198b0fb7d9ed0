//! Scripts for the enchanting table and the brewing stand, played through
//! their screens with the mouse like a player: [`OpenNearest`] looks at
//! the nearest block of a kind within reach and presses `use`;
//! [`Enchant`] moves an item and lapis into the table and presses the
//! dearest offer the player can pay for; [`Brew`] fuels a stand, fills
//! its bottles, feeds it each ingredient of a brewing chain in turn, waits
//! for each brew and takes the potions out. They read the game to decide
//! and answer only with camera turns, clicks and keys.

use super::behaviour::{aim_clearing_the_way, crosshair_on, Behaviour, Select, Step};
use super::placing::PlaceAround;
use super::plans::{settle, Plan};
use crate::protocol::{Action, Key};
use crate::sim::block_entity::brewing::{self, BOTTLES};
use crate::sim::enchanting::Offer;
use crate::sim::game::Game;
use crate::sim::inventory::{Inventory, ItemStack};
use crate::sim::raycast;
use crate::sim::registry::{block, item, BlockId, ItemId};
use crate::sim::screen::layout::{
    BREWING_FUEL, BREWING_INGREDIENT, ENCHANT_ITEM, ENCHANT_LAPIS, OFFER_BUTTONS, OFFER_SIZE,
};
use crate::sim::screen::{Screen, ScreenKind, Slot};
use crate::sim::world::BlockPos;

/// Degrees of camera turn per pixel of cursor move (MineRL's scaler).
const DEGREES_PER_PIXEL: f32 = 0.15;

/// The camera turn that brings the screen's cursor to a frame pixel.
pub(super) fn cursor_turn(screen: &Screen, (x, y): (i32, i32)) -> [f32; 2] {
    [
        (y as f32 - screen.cursor[1]) * DEGREES_PER_PIXEL,
        (x as f32 - screen.cursor[0]) * DEGREES_PER_PIXEL,
    ]
}

/// Clicks as a player makes them: the cursor moves and the keys go down
/// in one tick, and come up the next (screens act on presses and releases).
#[derive(Default)]
struct Mouse {
    release: Option<Action>,
}

impl Mouse {
    /// The release of the last click, if it is due.
    fn pending(&mut self) -> Option<Step> {
        self.release.take().map(Step::Act)
    }

    fn tap(&mut self, action: Action) -> Step {
        self.release = Some(Action::noop());
        Step::Act(action)
    }

    fn click_at(&mut self, screen: &Screen, at: (i32, i32), keys: &[Key]) -> Step {
        let mut action = keys.iter().fold(Action::noop(), |a, &k| a.with(k));
        action.camera = cursor_turn(screen, at);
        self.tap(action)
    }

    fn click(&mut self, screen: &Screen, slot: Slot, keys: &[Key]) -> Step {
        match screen.layout().centre(slot) {
            Some(at) => self.click_at(screen, at, keys),
            None => Step::Done,
        }
    }

    fn close(&mut self) -> Step {
        self.tap(Action::noop().with(Key::Inventory))
    }
}

/// The first main slot holding a stack that `wanted` accepts.
fn main_slot(inventory: &Inventory, wanted: impl Fn(&ItemStack) -> bool) -> Option<Slot> {
    inventory
        .main
        .iter()
        .position(|s| s.as_ref().is_some_and(&wanted))
        .map(Slot::Main)
}

/// Where to put a carried stack back: onto a matching stack with room, else an empty slot.
pub(super) fn put_back(inventory: &Inventory, carried: &ItemStack) -> Option<Slot> {
    main_slot(inventory, |s| {
        s.stacks_with(carried) && s.count + carried.count <= s.max_stack()
    })
    .or_else(|| {
        inventory
            .main
            .iter()
            .position(Option::is_none)
            .map(Slot::Main)
    })
}

/// Looks at the nearest block of a kind within reach and presses `use`
/// on it, until a screen is open (or time runs out).
pub struct OpenNearest {
    block: BlockId,
    /// Which blocks of the kind may be opened.
    only: fn(&Game, BlockPos) -> bool,
    ticks_left: u32,
}

impl OpenNearest {
    pub fn new(block: BlockId) -> OpenNearest {
        OpenNearest {
            block,
            only: |_, _| true,
            ticks_left: 60,
        }
    }

    /// Opens only a block of the kind that `only` accepts (a furnace
    /// that is still empty, say).
    pub fn only(mut self, only: fn(&Game, BlockPos) -> bool) -> OpenNearest {
        self.only = only;
        self
    }

    fn nearest(&self, game: &Game) -> Option<BlockPos> {
        let eye = game.player.eye();
        let feet = game.player.block_pos();
        let mut found = Vec::new();
        for dy in -2..=3 {
            for dz in -4..=4 {
                for dx in -4..=4 {
                    let pos = [feet[0] + dx, feet[1] + dy, feet[2] + dz];
                    if game.world.get(pos) != self.block || !(self.only)(game, pos) {
                        continue;
                    }
                    let d: [f64; 3] = std::array::from_fn(|i| f64::from(pos[i]) + 0.5 - eye[i]);
                    let distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                    if distance < raycast::REACH - 0.3 {
                        found.push(((distance * 1000.0) as i64, pos));
                    }
                }
            }
        }
        found.into_iter().min().map(|(_, pos)| pos)
    }
}

impl Behaviour for OpenNearest {
    fn next(&mut self, game: &Game) -> Step {
        if game.screen.is_some() || self.ticks_left == 0 {
            return Step::Done;
        }
        self.ticks_left -= 1;
        let Some(pos) = self.nearest(game) else {
            return Step::Done;
        };
        if crosshair_on(game, pos) && !game.player.use_was_down {
            return Step::Act(Action::noop().with(Key::Use));
        }
        Step::Act(aim_clearing_the_way(game, pos))
    }
}

/// Work done at one kind of open screen with the mouse, on a budget of ticks.
trait ScreenJob {
    const KIND: ScreenKind;
    fn mouse_and_budget(&mut self) -> (&mut Mouse, &mut u32);
    /// This tick's move at the open screen.
    fn work(&mut self, game: &Game, screen: &Screen) -> Step;
}

/// One tick of a screen job: a pending button release first; then, while
/// the budget lasts, its work at its screen (another screen is closed);
/// done once no screen is open.
fn screen_job_step<J: ScreenJob>(job: &mut J, game: &Game) -> Step {
    let (mouse, ticks_left) = job.mouse_and_budget();
    if let Some(release) = mouse.pending() {
        return release;
    }
    if *ticks_left == 0 {
        return Step::Done;
    }
    *ticks_left -= 1;
    match &game.screen {
        Some(screen) if screen.kind == J::KIND => job.work(game, screen),
        Some(_) => job.mouse_and_budget().0.close(),
        None => Step::Done,
    }
}

/// Enchants an item at the open enchanting table: the item into its slot,
/// lapis into the lapis slot, the dearest offer the player can pay for,
/// the enchanted item back into the inventory, the screen closed.
pub struct Enchant {
    target: ItemId,
    mouse: Mouse,
    ticks_left: u32,
}

impl Enchant {
    pub fn new(target: ItemId) -> Enchant {
        Enchant {
            target,
            mouse: Mouse::default(),
            ticks_left: 200,
        }
    }

    /// The dearest offer the player can pay for.
    fn best_offer(game: &Game, screen: &Screen) -> Option<usize> {
        let lapis = screen.container[ENCHANT_LAPIS]
            .as_ref()
            .map_or(0, |s| u32::from(s.count));
        let levels = game.player.xp_levels;
        (0..screen.offers.len()).rev().find(|&slot| {
            let (cost, price) = (screen.offers[slot].cost, Offer::price(slot));
            cost > 0 && lapis >= price && levels >= price && levels >= cost
        })
    }

    fn work(&mut self, game: &Game, screen: &Screen) -> Step {
        let inventory = &game.player.inventory;
        let lapis = item("lapis_lazuli");
        let in_table = screen.container[ENCHANT_ITEM].as_ref();
        let wanted = |s: &ItemStack| s.item == self.target && s.enchantments.is_empty();
        if let Some(carried) = &screen.carried {
            let to = if wanted(carried) && in_table.is_none() {
                Some(Slot::Container(ENCHANT_ITEM))
            } else if carried.item == lapis && screen.container[ENCHANT_LAPIS].is_none() {
                Some(Slot::Container(ENCHANT_LAPIS))
            } else {
                put_back(inventory, carried)
            };
            return match to {
                Some(slot) => self.mouse.click(screen, slot, &[Key::Attack]),
                None => self.mouse.close(),
            };
        }
        let done = main_slot(inventory, |s| {
            s.item == self.target && !s.enchantments.is_empty()
        });
        match in_table {
            Some(s) if !wanted(s) => {
                let out = Slot::Container(ENCHANT_ITEM);
                self.mouse.click(screen, out, &[Key::Sneak, Key::Attack])
            }
            None if done.is_some() => self.mouse.close(),
            None => match main_slot(inventory, wanted) {
                Some(slot) => self.mouse.click(screen, slot, &[Key::Attack]),
                None => self.mouse.close(),
            },
            Some(_) if screen.container[ENCHANT_LAPIS].is_none() => {
                match main_slot(inventory, |s| s.item == lapis) {
                    Some(slot) => self.mouse.click(screen, slot, &[Key::Attack]),
                    None => self.mouse.close(),
                }
            }
            Some(_) => match Self::best_offer(game, screen) {
                Some(offer) => {
                    let (left, top) = screen.layout().origin();
                    let (x, y) = OFFER_BUTTONS[offer];
                    let centre = (left + x + OFFER_SIZE.0 / 2, top + y + OFFER_SIZE.1 / 2);
                    self.mouse.click_at(screen, centre, &[Key::Attack])
                }
                None => self.mouse.close(),
            },
        }
    }
}

impl ScreenJob for Enchant {
    const KIND: ScreenKind = ScreenKind::EnchantingTable;

    fn mouse_and_budget(&mut self) -> (&mut Mouse, &mut u32) {
        (&mut self.mouse, &mut self.ticks_left)
    }

    fn work(&mut self, game: &Game, screen: &Screen) -> Step {
        Enchant::work(self, game, screen)
    }
}

impl Behaviour for Enchant {
    fn next(&mut self, game: &Game) -> Step {
        screen_job_step(self, game)
    }
}

/// Brews at the open brewing stand: blaze powder into the fuel slot if
/// the stand has no fuel, bottles of `base` into the bottle slots, then
/// one of each ingredient of `chain` in turn, each once the one before
/// has brewed; when the bottles hold what the chain makes they are taken
/// out and the screen closed.
pub struct Brew {
    base: &'static str,
    chain: Vec<ItemId>,
    mouse: Mouse,
    ticks_left: u32,
}

impl Brew {
    pub fn new(base: &'static str, chain: &[&str]) -> Brew {
        Brew {
            base,
            chain: chain.iter().map(|name| item(name)).collect(),
            mouse: Mouse::default(),
            ticks_left: 2000,
        }
    }

    /// The ingredient that turns a bottle in the stand now, if any is left in the chain.
    fn next_ingredient(&self, screen: &Screen) -> Option<ItemId> {
        let bottles: Vec<&ItemStack> = BOTTLES
            .iter()
            .filter_map(|&b| screen.container[b].as_ref())
            .collect();
        self.chain.iter().copied().find(|&ingredient| {
            bottles
                .iter()
                .any(|bottle| brewing::mix(ingredient, bottle).is_some())
        })
    }

    fn is_base(&self, stack: &ItemStack) -> bool {
        stack.item == item("potion")
            && stack
                .potion
                .as_deref()
                .is_some_and(|p| p.trim_start_matches("minecraft:") == self.base)
    }

    fn work(&mut self, game: &Game, screen: &Screen) -> Step {
        let inventory = &game.player.inventory;
        let blaze = item("blaze_powder");
        let next = self.next_ingredient(screen);
        let slot_of = |i: usize| screen.container[i].as_ref();
        let empty_bottle = BOTTLES.iter().copied().find(|&b| slot_of(b).is_none());
        if let Some(carried) = &screen.carried {
            let to = if carried.item == blaze && slot_of(BREWING_FUEL).is_none() {
                Some((Slot::Container(BREWING_FUEL), Key::Attack))
            } else if self.is_base(carried) && empty_bottle.is_some() {
                empty_bottle.map(|b| (Slot::Container(b), Key::Attack))
            } else if Some(carried.item) == next && slot_of(BREWING_INGREDIENT).is_none() {
                Some((Slot::Container(BREWING_INGREDIENT), Key::Use))
            } else {
                put_back(inventory, carried).map(|slot| (slot, Key::Attack))
            };
            return match to {
                Some((slot, key)) => self.mouse.click(screen, slot, &[key]),
                None => self.mouse.close(),
            };
        }
        let fuelled = screen.brewing.fuel > 0 || slot_of(BREWING_FUEL).is_some();
        if !fuelled {
            if let Some(slot) = main_slot(inventory, |s| s.item == blaze) {
                return self.mouse.click(screen, slot, &[Key::Attack]);
            }
        }
        let base_in_inventory = main_slot(inventory, |s| self.is_base(s));
        if let (Some(_), Some(slot)) = (empty_bottle, base_in_inventory) {
            return self.mouse.click(screen, slot, &[Key::Attack]);
        }
        let sneak_out = |mouse: &mut Mouse, slot: usize| {
            mouse.click(screen, Slot::Container(slot), &[Key::Sneak, Key::Attack])
        };
        match (slot_of(BREWING_INGREDIENT).map(|s| s.item), next) {
            (Some(held), Some(wanted)) if held == wanted => Step::Act(Action::noop()),
            (Some(_), _) => sneak_out(&mut self.mouse, BREWING_INGREDIENT),
            (None, Some(wanted)) => match main_slot(inventory, |s| s.item == wanted) {
                Some(slot) => self.mouse.click(screen, slot, &[Key::Attack]),
                None => self.mouse.close(),
            },
            (None, None) => match BOTTLES.iter().copied().find(|&b| slot_of(b).is_some()) {
                Some(bottle) => sneak_out(&mut self.mouse, bottle),
                None => self.mouse.close(),
            },
        }
    }
}

impl ScreenJob for Brew {
    const KIND: ScreenKind = ScreenKind::BrewingStand;

    fn mouse_and_budget(&mut self) -> (&mut Mouse, &mut u32) {
        (&mut self.mouse, &mut self.ticks_left)
    }

    fn work(&mut self, game: &Game, screen: &Screen) -> Step {
        Brew::work(self, game, screen)
    }
}

impl Behaviour for Brew {
    fn next(&mut self, game: &Game) -> Step {
        screen_job_step(self, game)
    }
}

pub fn enchant_diamond_sword(_: &Game) -> Plan {
    vec![
        Box::new(OpenNearest::new(block("enchanting_table"))),
        Box::new(Enchant::new(item("diamond_sword"))),
        settle(),
    ]
}

pub fn brew_potion_of_fire_resistance(_: &Game) -> Plan {
    let stand = block("brewing_stand");
    vec![
        Box::new(Select(item("brewing_stand"))),
        Box::new(PlaceAround::new(1)),
        Box::new(OpenNearest::new(stand)),
        Box::new(Brew::new("water", &["nether_wart", "magma_cream"])),
        settle(),
    ]
}
