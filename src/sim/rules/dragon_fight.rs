//! The dragon fight (1.16.5's `EndDragonFight`, in part): the first
//! arrival in the End brings the ender dragon, circling high over the exit
//! portal, an end crystal on each pillar's bedrock top, and a few endermen
//! on the island; once no dragon lives there the exit portal lights
//! (`end_portal` in its bedrock ring) and the dragon egg sits on its
//! pillar.
//!
//! Not modelled: the dragon's 200-tick death throes and experience, the
//! end gateways, respawning the dragon with crystals.

use rand::Rng;

use crate::sim::entity::{EntityKind, Mob, MobTags};
use crate::sim::game::Game;
use crate::sim::registry::{block, registry, EntityTypeId};
use crate::sim::world::gen::end::{exit_portal, End};
use crate::sim::world::gen::end_spikes;
use crate::sim::world::Dimension;

/// Where the dragon appears (`dragon.moveTo(0, 128, 0)`).
const DRAGON_SPAWN: [f64; 3] = [0.0, 128.0, 0.0];
/// Endermen set on the island when the fight begins.
const ENDERMEN: u32 = 6;
/// How far from the origin they stand.
const ENDERMAN_RANGE: (f64, f64) = (20.0, 60.0);

/// What the world remembers of its dragon.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DragonFight {
    /// The dragon and its crystals have been set in the End.
    pub begun: bool,
    pub killed: bool,
}

fn kind(name: &str) -> EntityTypeId {
    registry()
        .entity_named(name)
        .unwrap_or_else(|| panic!("{name} is in the entity table"))
}

/// A creature of `name` at its full health.
fn creature(name: &str) -> EntityKind {
    let kind = kind(name);
    let health = registry().creature(kind).map_or(1.0, |d| d.max_health);
    EntityKind::Mob(Mob::new(kind, health, MobTags::default()))
}

/// Sets out the fight the first time the player is in the End.
pub fn begin(game: &mut Game) {
    if game.dragon_fight.begun || game.dimension() != Dimension::End {
        return;
    }
    game.dragon_fight.begun = true;
    let seed = game.world.generator().seed();
    for spike in end_spikes::spikes(seed) {
        game.world.chunk_mut(spike.x >> 4, spike.z >> 4);
        game.world.set(spike.top(), block("bedrock"));
        game.entities
            .spawn(creature("end_crystal"), spike.crystal_feet(), [0.0; 3]);
    }
    let yaw = game.rngs.end.gen::<f32>() * 360.0;
    let dragon = game
        .entities
        .spawn(creature("ender_dragon"), DRAGON_SPAWN, [0.0; 3]);
    if let Some(e) = game.entities.get_mut(dragon) {
        e.yaw = yaw;
    }
    for _ in 0..ENDERMEN {
        let rng = &mut game.rngs.end;
        let angle = rng.gen::<f64>() * std::f64::consts::TAU;
        let distance = rng.gen_range(ENDERMAN_RANGE.0..ENDERMAN_RANGE.1);
        let (x, z) = (
            (angle.cos() * distance).floor() as i32,
            (angle.sin() * distance).floor() as i32,
        );
        let y = game.world.surface_y(x, z);
        if y > 0 {
            let feet = [f64::from(x) + 0.5, f64::from(y + 1), f64::from(z) + 0.5];
            game.entities.spawn(creature("enderman"), feet, [0.0; 3]);
        }
    }
}

/// Whether an ender dragon lives in the player's dimension.
pub fn dragon_alive(game: &Game) -> bool {
    let dragon = kind("ender_dragon");
    game.entities
        .list
        .iter()
        .any(|e| matches!(&e.kind, EntityKind::Mob(m) if m.kind == dragon && !m.is_dying()))
}

/// Once the dragon is dead: the exit portal lights and the egg appears.
pub fn tick(game: &mut Game) {
    let fight = game.dragon_fight;
    if !fight.begun || fight.killed || game.dimension() != Dimension::End || dragon_alive(game) {
        return;
    }
    game.dragon_fight.killed = true;
    let centre = End::new(game.world.generator().seed()).portal_origin();
    exit_portal(centre, true).build(&mut game.world);
    game.world
        .set([centre[0], centre[1] + 4, centre[2]], block("dragon_egg"));
}
