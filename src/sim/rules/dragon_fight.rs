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
use crate::sim::world::gen::end::{exit_portal, portal_origin};
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
    let centre = portal_origin(game.world.generator());
    exit_portal(centre, true).build(&mut game.world);
    game.world
        .set([centre[0], centre[1] + 4, centre[2]], block("dragon_egg"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Action;
    use crate::sim::entity::Entity;
    use crate::sim::registry::BlockId;
    use crate::sim::rules::combat::{hurt_mob, Attacker};
    use crate::sim::rules::testkit::{platform_game, put, run, FLOOR};
    use crate::suite::Event;

    /// A game whose player has just stepped through an end portal.
    fn arrived_in_the_end() -> Game {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR + 1, 0], "end_portal");
        run(&mut game, &Action::noop(), 1);
        game
    }

    fn of_kind<'a>(game: &'a Game, name: &str) -> Vec<&'a Entity> {
        let kind = kind(name);
        game.entities
            .list
            .iter()
            .filter(|e| matches!(&e.kind, EntityKind::Mob(m) if m.kind == kind))
            .collect()
    }

    fn health(e: &Entity) -> f32 {
        match &e.kind {
            EntityKind::Mob(m) => m.health,
            _ => 0.0,
        }
    }

    /// The player's health after `ticks` ticks held at the dragon's head.
    fn held_at_the_head(game: &mut Game, ticks: u32) -> f32 {
        game.player.food = 17; // no regeneration
        for _ in 0..ticks {
            let dragon = of_kind(game, "ender_dragon")[0];
            let head = crate::sim::creature::dragon::parts(dragon)[0].1.centre();
            game.player.pos = [head[0], head[1] - 0.9, head[2]];
            game.player.vel = [0.0; 3];
            game.player.fall_distance = 0.0;
            run(game, &Action::noop(), 1);
        }
        game.player.health
    }

    #[test]
    fn the_head_bites_unless_the_dragon_flinches_from_a_hit() {
        let mut game = arrived_in_the_end();
        let dragon = of_kind(&game, "ender_dragon")[0].id;
        hurt_mob(&mut game, dragon, 1.0, Attacker::Other);
        assert_eq!(held_at_the_head(&mut game, 5), 20.0, "flinching");
        for _ in 0..10 {
            // Out of its way while it stops flinching.
            game.player.pos = [200.5, 60.0, 200.5];
            run(&mut game, &Action::noop(), 1);
        }
        assert_eq!(held_at_the_head(&mut game, 3), 10.0, "one bite of 10");
    }

    #[test]
    fn an_end_portal_leads_to_the_platform_where_the_fight_begins() {
        let game = arrived_in_the_end();
        assert_eq!(game.dimension(), Dimension::End);
        assert_eq!(game.player.block_pos(), [100, 49, 0]);
        assert_eq!(game.player.yaw, 90.0, "facing west");
        for dz in -2..=2 {
            for dx in -2..=2 {
                assert_eq!(game.world.get([100 + dx, 48, dz]), block("obsidian"));
                assert_eq!(game.world.get([100 + dx, 50, dz]), BlockId::AIR);
            }
        }
        assert_eq!(of_kind(&game, "end_crystal").len(), 10);
        let dragons = of_kind(&game, "ender_dragon");
        assert_eq!(dragons.len(), 1);
        assert_eq!(health(dragons[0]), 200.0);
        assert!(
            !of_kind(&game, "enderman").is_empty(),
            "endermen on the island"
        );
        let seed = game.world.generator().seed();
        for spike in end_spikes::spikes(seed) {
            assert_eq!(game.world.get(spike.top()), block("bedrock"));
            assert_eq!(
                game.world.get([spike.x, spike.height - 1, spike.z]),
                block("obsidian")
            );
        }
    }

    #[test]
    fn the_dragon_circles_and_a_near_crystal_heals_it() {
        let mut game = arrived_in_the_end();
        let start = of_kind(&game, "ender_dragon")[0].pos;
        run(&mut game, &Action::noop(), 100);
        let dragon = of_kind(&game, "ender_dragon")[0];
        let moved =
            ((dragon.pos[0] - start[0]).powi(2) + (dragon.pos[2] - start[2]).powi(2)).sqrt();
        assert!(moved > 20.0, "it flies: {moved}");
        let crystal = of_kind(&game, "end_crystal")[0].pos;
        let id = dragon.id;
        let e = game.entities.get_mut(id).unwrap();
        e.pos = [crystal[0] + 5.0, crystal[1] + 5.0, crystal[2]];
        if let EntityKind::Mob(m) = &mut e.kind {
            m.health = 150.0;
        }
        run(&mut game, &Action::noop(), 20);
        let healed = health(of_kind(&game, "ender_dragon")[0]);
        assert!(
            (151.0..=152.0).contains(&healed),
            "a point every 10 ticks: {healed}"
        );
    }

    #[test]
    fn a_hit_crystal_explodes_and_hurts_the_dragon_it_heals() {
        let mut game = arrived_in_the_end();
        let crystal = of_kind(&game, "end_crystal")[0];
        let (crystal_id, at) = (crystal.id, crystal.pos);
        let dragon = of_kind(&game, "ender_dragon")[0].id;
        game.entities.get_mut(dragon).unwrap().pos = [at[0], at[1] + 20.0, at[2]];
        game.player.pos = [at[0] + 3.0, at[1], at[2]];
        let before = game.player.health;
        hurt_mob(&mut game, crystal_id, 1.0, Attacker::Player);
        assert_eq!(of_kind(&game, "end_crystal").len(), 9);
        assert!(
            game.player.health < before - 10.0,
            "the blast: {}",
            game.player.health
        );
        assert_eq!(health(of_kind(&game, "ender_dragon")[0]), 190.0);
    }

    #[test]
    fn a_blow_on_the_body_counts_a_quarter_and_the_kill_opens_the_exit_portal() {
        let mut game = arrived_in_the_end();
        let dragon = of_kind(&game, "ender_dragon")[0].id;
        game.player.pitch = -90.0;
        hurt_mob(&mut game, dragon, 20.0, Attacker::Player);
        assert_eq!(
            health(of_kind(&game, "ender_dragon")[0]),
            194.0,
            "20 / 4 + 1"
        );
        run(&mut game, &Action::noop(), 11);
        let e = game.entities.get_mut(dragon).unwrap();
        let head = crate::sim::creature::dragon::parts(e)[0].1.centre();
        game.player.pos = [head[0], head[1] - 1.62, head[2] - 3.0];
        game.player.yaw = 0.0;
        game.player.pitch = 0.0;
        hurt_mob(&mut game, dragon, 300.0, Attacker::Player);
        assert_eq!(game.stats.get(Event::KillEntity, "ender_dragon"), 1);
        let centre = portal_origin(game.world.generator());
        assert_eq!(
            centre,
            crate::sim::world::gen::end::End::new(game.world.generator().seed()).portal_origin()
        );
        game.world.chunk_mut(0, 0);
        assert_eq!(game.world.get(centre), block("bedrock"));
        assert_eq!(
            game.world.get([centre[0] + 1, centre[1], centre[2]]),
            BlockId::AIR
        );
        run(&mut game, &Action::noop(), 1);
        assert!(game.dragon_fight.killed);
        assert_eq!(
            game.world.get([centre[0] + 1, centre[1], centre[2]]),
            block("end_portal")
        );
        assert_eq!(
            game.world.get([centre[0], centre[1] + 4, centre[2]]),
            block("dragon_egg")
        );
        game.player.pos = [1.5, f64::from(centre[1]) + 0.2, 0.5];
        game.player.vel = [0.0; 3];
        run(&mut game, &Action::noop(), 1);
        assert_eq!(
            game.dimension(),
            Dimension::Overworld,
            "home through the exit portal"
        );
    }

    /// Regenerates `docs/end.png`: the island, its pillars and crystals,
    /// and the dragon over them (`cargo test --lib end_preview -- --ignored`).
    #[test]
    #[ignore = "writes docs/end.png"]
    fn end_preview() {
        let mut game = arrived_in_the_end();
        run(&mut game, &Action::noop(), 40);
        let eye = [78.5, 70.0, 30.5];
        crate::sim::dimensions::change_dimension(&mut game, Dimension::End, eye);
        game.player.yaw = 112.0;
        game.player.pitch = -8.0;
        let dragon = of_kind(&game, "ender_dragon")[0].id;
        let e = game.entities.get_mut(dragon).unwrap();
        e.pos = [45.0, 88.0, 14.0];
        e.yaw = 150.0;
        e.age = 7;
        let mut frame = image::RgbImage::new(640, 360);
        crate::sim::render::Renderer::new().render(&game, &mut frame);
        let out = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/end.png");
        frame.save(out).expect("docs/ is writable");
    }
}
