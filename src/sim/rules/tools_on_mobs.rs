//! The use key on a creature, in vanilla's order (`MobEntity.interact`):
//! a creature on the player's lead is let go (the lead drops); a lead
//! leashes a leashable creature; shears shear an unshorn adult sheep
//! (1–3 wool of its colour, the shears wear by one); an empty bucket
//! milks an adult cow or mooshroom; an animal's food puts it in love
//! (`breeding`). Then the leash over a tick: a creature farther than 6
//! blocks from the player is pulled towards them, one farther than 10
//! breaks free. None of these counts `use_item` (1.16.5 counts none: the
//! item acts through the creature, not through `Item.use`).
//!
//! Walking to the player within 6 blocks is the creatures' own
//! navigation; leashing to fences is not built.

use rand::Rng;

use super::breeding;
use super::items::{self, Hand};
use crate::sim::entity::{EntityId, EntityKind, Mob};
use crate::sim::game::Game;
use crate::sim::inventory::ItemStack;
use crate::sim::registry::{item, registry};

/// Creatures a lead holds (1.16.5's `canBeLeashed`).
const LEASHABLE: &[&str] = &[
    "bee",
    "cat",
    "chicken",
    "cow",
    "dolphin",
    "donkey",
    "fox",
    "hoglin",
    "horse",
    "iron_golem",
    "llama",
    "mooshroom",
    "mule",
    "ocelot",
    "panda",
    "parrot",
    "pig",
    "polar_bear",
    "rabbit",
    "sheep",
    "skeleton_horse",
    "snow_golem",
    "strider",
    "trader_llama",
    "wolf",
    "zoglin",
    "zombie_horse",
];

/// Creatures milked with a bucket.
const MILKABLE: &[&str] = &["cow", "mooshroom"];

/// Wool items by dye id (`SheepEntity.ITEM_BY_DYE`).
pub const WOOL_BY_COLOR: [&str; 16] = [
    "white_wool",
    "orange_wool",
    "magenta_wool",
    "light_blue_wool",
    "yellow_wool",
    "lime_wool",
    "pink_wool",
    "gray_wool",
    "light_gray_wool",
    "cyan_wool",
    "purple_wool",
    "blue_wool",
    "brown_wool",
    "green_wool",
    "red_wool",
    "black_wool",
];

/// Beyond this distance a leashed creature is pulled towards the player.
pub const LEASH_PULL_DISTANCE: f64 = 6.0;
/// Beyond this distance the leash breaks.
pub const LEASH_BREAK_DISTANCE: f64 = 10.0;

fn kind_name(mob: &Mob) -> &'static str {
    registry().entity(mob.kind).name
}

/// Whether a lead can hold this creature now.
pub fn leashable(mob: &Mob) -> bool {
    !mob.state.leashed && !mob.is_dying() && LEASHABLE.contains(&kind_name(mob))
}

/// `use` on creature `id` with what is in `hand`; whether it did anything.
pub fn use_on(game: &mut Game, hand: Hand, id: EntityId) -> bool {
    let Some(entity) = game.entities.get(id) else {
        return false;
    };
    let EntityKind::Mob(mob) = &entity.kind else {
        return false;
    };
    if mob.is_dying() {
        return false;
    }
    if mob.state.leashed {
        unleash(game, id);
        return true;
    }
    let Some(stack) = hand.slot(&game.player.inventory).clone() else {
        return false;
    };
    let name = kind_name(mob);
    let adult = !mob.tags.baby;
    match stack.name() {
        "lead" if leashable(mob) => {
            with_mob(game, id, |m| m.state.leashed = true);
            items::consume_one(&mut game.player.inventory, hand);
            true
        }
        "shears" if name == "sheep" && adult && !mob.tags.sheared => {
            shear(game, hand, id);
            true
        }
        "bucket" if MILKABLE.contains(&name) && adult => {
            milk(game, hand);
            true
        }
        _ => breeding::feed(game, hand, id),
    }
}

/// Changes creature `id` if it is one.
pub(super) fn with_mob(game: &mut Game, id: EntityId, change: impl FnOnce(&mut Mob)) {
    if let Some(EntityKind::Mob(mob)) = game.entities.get_mut(id).map(|e| &mut e.kind) {
        change(mob);
    }
}

/// Lets a creature off the lead, dropping the lead where it stands (`dropLeash`).
fn unleash(game: &mut Game, id: EntityId) {
    with_mob(game, id, |m| m.state.leashed = false);
    let Some(at) = game.entities.get(id).map(|e| e.pos) else {
        return;
    };
    spawn_drop(game, at, 0.0, ItemStack::new(item("lead"), 1), [0.0; 3]);
}

fn spawn_drop(game: &mut Game, at: [f64; 3], lift: f64, stack: ItemStack, vel: [f64; 3]) {
    items::spawn_drop_moving(game, [at[0], at[1] + lift, at[2]], stack, vel);
}

/// `SheepEntity.shear`: 1–3 wool of its colour pop out a block up.
fn shear(game: &mut Game, hand: Hand, id: EntityId) {
    let Some(sheep) = game.entities.get(id) else {
        return;
    };
    let EntityKind::Mob(mob) = &sheep.kind else {
        return;
    };
    let wool = item(WOOL_BY_COLOR[usize::from(mob.tags.color.min(15))]);
    let at = sheep.pos;
    with_mob(game, id, |m| m.tags.sheared = true);
    let count = game.rngs.mobs.gen_range(1..=3);
    for _ in 0..count {
        let rng = &mut game.rngs.mobs;
        let mut spread = || f64::from((rng.gen::<f32>() - rng.gen::<f32>()) * 0.1);
        let (dx, dz) = (spread(), spread());
        let dy = f64::from(rng.gen::<f32>() * 0.05);
        // `spawnAtLocation`'s own toss, then the sheep's spread.
        let toss = items::drop_toss(&mut game.rngs.drops);
        spawn_drop(
            game,
            at,
            1.0,
            ItemStack::new(wool, 1),
            [toss[0] + dx, toss[1] + dy, toss[2] + dz],
        );
    }
    items::wear_hand(game, hand, 1);
}

/// `CowEntity.mobInteract`: the bucket becomes a milk bucket.
fn milk(game: &mut Game, hand: Hand) {
    super::using::fill_hand(game, hand, ItemStack::new(item("milk_bucket"), 1));
}

/// The leash over one tick (`CreatureEntity.tickLeash`): pulled beyond 6
/// blocks, broken beyond 10 or when the player is dead.
pub fn tick_leashes(game: &mut Game) {
    let player = game.player.pos;
    let dead = game.player.is_dead();
    let mut broken = Vec::new();
    for e in &mut game.entities.list {
        let EntityKind::Mob(mob) = &e.kind else {
            continue;
        };
        if !mob.state.leashed {
            continue;
        }
        let d = [0, 1, 2].map(|a| player[a] - e.pos[a]);
        let distance = d.iter().map(|v| v * v).sum::<f64>().sqrt();
        if dead || distance > LEASH_BREAK_DISTANCE {
            broken.push(e.id);
        } else if distance > LEASH_PULL_DISTANCE {
            for (v, towards) in e.vel.iter_mut().zip(d) {
                let unit = towards / distance;
                *v += (unit * unit * 0.4).copysign(unit);
            }
        }
    }
    for id in broken {
        unleash(game, id);
    }
}
