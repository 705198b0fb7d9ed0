//! Structure placement and what structures hold.

use super::*;
use crate::sim::game::Game;
use crate::sim::registry::{block, registry};

#[test]
fn where_villages_land_for_find_village() {
    for seed in 0..4 {
        let world_seed = crate::sim::episode_seed(seed, "find_village");
        let game = Game::new(world_seed);
        let [x, _, z] = game.spawn;
        let near = game.world.generator().structures_near(x, z, 600);
        let villages: Vec<_> = near
            .iter()
            .filter(|s| s.kind == StructureKind::Village)
            .map(|s| {
                (
                    s.pos,
                    ((s.pos[0] - x) as f64).hypot((s.pos[2] - z) as f64) as i32,
                )
            })
            .collect();
        println!(
            "seed {seed} spawn {:?}: villages {:?}",
            game.spawn, villages
        );
        let kinds: Vec<_> = near.iter().take(8).map(|s| (s.kind, s.pos)).collect();
        println!("   nearest {:?}", kinds);
    }
}
