//! A body inside blocks, as a gravel that fell onto the player leaves it,
//! or a creature summoned into a hillside: vanilla's suffocation
//! (`Entity.isInWall`, tested in `LivingEntity.baseTick`: a hurt each tick
//! the eyes are in a full opaque block, the protection window spacing
//! them) and the player's push out toward the nearest clear side
//! (`LocalPlayer.moveTowardsClosestSpace`).

use super::collision::Aabb;
use crate::sim::player::{Player, HALF_WIDTH};
use crate::sim::registry::registry;
use crate::sim::world::World;

/// Speed of the push out of a block, blocks a tick.
const PUSH: f64 = 0.1;
/// Where the push looks from: the body's corners drawn in to this share
/// of its width.
const CORNER: f64 = 0.35;
/// The box at the eyes that suffocation tests: this share of the body's
/// width across, a tenth of a block high.
const EYE_BOX_WIDTH: f64 = 0.8;
const EYE_BOX_HEIGHT: f64 = 0.1;
/// Damage of one suffocating tick.
pub const DAMAGE: f32 = 1.0;

/// Whether any cell the box overlaps (its faces drawn in a hair) is a
/// full opaque cube, which suffocates (glass, leaves and the like do not).
fn any_suffocating(world: &World, area: Aabb) -> bool {
    area.inflate([-1e-7; 3])
        .cells(0)
        .any(|pos| registry().block(world.get(pos)).is_opaque_cube())
}

/// Whether the player's eyes are inside a suffocating block.
pub fn eyes_in_wall(world: &World, p: &Player) -> bool {
    eyes_of_body_in_wall(world, p.eye(), HALF_WIDTH)
}

/// Whether the eyes at `eye` of a body `half_width` across are inside a
/// suffocating block.
pub fn eyes_of_body_in_wall(world: &World, [x, y, z]: [f64; 3], half_width: f64) -> bool {
    let box_base = [x, y - EYE_BOX_HEIGHT / 2.0, z];
    let at_eyes = Aabb::at_feet(box_base, half_width * EYE_BOX_WIDTH, EYE_BOX_HEIGHT);
    any_suffocating(world, at_eyes)
}

/// Whether the column `(x, z)` holds a suffocating block within the
/// body's height.
fn column_blocked(world: &World, p: &Player, [x, z]: [i32; 2]) -> bool {
    let middle = [f64::from(x) + 0.5, p.pos[1], f64::from(z) + 0.5];
    any_suffocating(world, Aabb::at_feet(middle, 0.5, p.height()))
}

/// From each of the body's four corners (drawn in), a corner in a blocked
/// column pushes the body toward the nearest side of that column whose
/// neighbour is clear, setting that axis's speed.
pub fn push_out_of_blocks(world: &World, p: &mut Player) {
    let reach = 2.0 * HALF_WIDTH * CORNER;
    for [dx, dz] in [
        [-reach, reach],
        [-reach, -reach],
        [reach, -reach],
        [reach, reach],
    ] {
        let (x, z) = (p.pos[0] + dx, p.pos[2] + dz);
        let cell = [x.floor() as i32, z.floor() as i32];
        if !column_blocked(world, p, cell) {
            continue;
        }
        let (fx, fz) = (x - f64::from(cell[0]), z - f64::from(cell[1]));
        // West, east, north, south, with the corner's distance to each.
        let sides = [
            ([-1, 0], fx),
            ([1, 0], 1.0 - fx),
            ([0, -1], fz),
            ([0, 1], 1.0 - fz),
        ];
        let nearest_clear = sides
            .into_iter()
            .filter(|&([sx, sz], _)| !column_blocked(world, p, [cell[0] + sx, cell[1] + sz]))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some(([sx, sz], _)) = nearest_clear {
            if sx != 0 {
                p.vel[0] = PUSH * f64::from(sx);
            } else {
                p.vel[2] = PUSH * f64::from(sz);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::protocol::Action;
    use crate::sim::rules::testkit::{platform_game, put, run, FLOOR};
    use crate::suite::Event;

    #[test]
    fn a_block_at_the_eyes_hurts_every_ten_ticks_until_the_push_gets_out() {
        let mut game = platform_game();
        // A gravel fallen onto the player, its feet and head cells filled,
        // the player a little east of the column's middle.
        game.player.pos[0] = 0.6;
        put(&mut game.world, [0, FLOOR + 1, 0], "stone");
        put(&mut game.world, [0, FLOOR + 2, 0], "stone");
        run(&mut game, &Action::noop(), 1);
        assert!(game.player.health < 20.0, "hurt inside the block");
        run(&mut game, &Action::noop(), 40);
        let x = game.player.pos[0];
        assert!(x >= 1.3, "pushed out east, the nearest side: {x}");
        let taken = game.stats.get(Event::Custom, "damage_taken");
        assert!((10..=40).contains(&taken), "{taken} tenths of a heart");
        run(&mut game, &Action::noop(), 40);
        let after = game.stats.get(Event::Custom, "damage_taken");
        assert_eq!(after, taken, "no more harm once out");
    }

    #[test]
    fn glass_at_the_eyes_does_not_suffocate() {
        let mut game = platform_game();
        put(&mut game.world, [0, FLOOR + 2, 0], "glass");
        run(&mut game, &Action::noop(), 30);
        assert_eq!(game.player.health, 20.0);
    }
}
