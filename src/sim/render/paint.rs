//! Procedural painters: each draws one kind of 16×16 block texture
//! (noisy stone, ore specks, bark, rings, planks, leaves, cobble, bricks,
//! plants…) from a few colours and a seed.

use super::texture::{hash3, mix, rgb, rgba, scale, unit, with_alpha, Canvas, SIZE};

/// Base colour with per-texel brightness noise of ± `amount`.
pub fn noisy(base: u32, amount: f32, seed: u32) -> Canvas {
    Canvas::paint(|x, y| {
        let n = unit(hash3(x as i32, y as i32, seed)) - 0.5;
        scale(base, 1.0 + n * amount)
    })
}

/// Noise in 2×2 clumps over finer noise: stone, dirt, gravel-like grain.
pub fn grainy(base: u32, amount: f32, seed: u32) -> Canvas {
    Canvas::paint(|x, y| {
        let coarse = unit(hash3(x as i32 / 2, y as i32 / 2, seed)) - 0.5;
        let fine = unit(hash3(x as i32, y as i32, seed ^ 0x55)) - 0.5;
        scale(base, 1.0 + (coarse * 0.7 + fine * 0.5) * amount)
    })
}

/// Round-ish specks of `speck` scattered over `ground` (ores, gravel pebbles).
pub fn specks(ground: &Canvas, speck: u32, clusters: u32, seed: u32) -> Canvas {
    let mut out = ground.clone();
    for c in 0..clusters {
        let h = hash3(c as i32, 7, seed);
        let (cx, cy) = (2 + (h % 12) as usize, 2 + ((h >> 8) % 12) as usize);
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (1, 2)] {
            if hash3(dx, dy, h) % 4 != 0 {
                let shade = 0.8 + 0.4 * unit(hash3(dx, dy, h ^ 9));
                out.set(cx + dx as usize, cy + dy as usize, scale(speck, shade));
            }
        }
    }
    out
}

/// Grass top: grainy green.
pub fn grass_top(green: u32) -> Canvas {
    grainy(green, 0.35, 11)
}

/// Grass side: dirt with a green fringe hanging from the top edge.
pub fn grass_side(dirt: &Canvas, green: u32) -> Canvas {
    dirt.map(|x, y, c| {
        let fringe = 3 + (hash3(x as i32, 0, 12) % 3) as usize;
        if y < fringe {
            scale(green, 0.85 + 0.3 * unit(hash3(x as i32, y as i32, 13)))
        } else {
            c
        }
    })
}

/// Bark: vertical streaks.
pub fn bark(colour: u32, seed: u32) -> Canvas {
    Canvas::paint(|x, y| {
        let column = unit(hash3(x as i32, 0, seed)) - 0.5;
        let streak = unit(hash3(x as i32, y as i32 / 3, seed ^ 3)) - 0.5;
        scale(colour, 1.0 + column * 0.35 + streak * 0.2)
    })
}

/// Log end: rings of `inner` inside a bark rim.
pub fn rings(bark_colour: u32, inner: u32) -> Canvas {
    Canvas::paint(|x, y| {
        let (dx, dy) = (x as f32 - 7.5, y as f32 - 7.5);
        let r = dx.abs().max(dy.abs());
        if r > 6.6 {
            scale(bark_colour, 0.9 + 0.2 * unit(hash3(x as i32, y as i32, 21)))
        } else {
            let ring = (r as i32) % 2 == 0;
            scale(inner, if ring { 0.86 } else { 1.04 })
        }
    })
}

/// Planks: four boards with dark gaps and staggered seams.
pub fn planks(colour: u32) -> Canvas {
    Canvas::paint(|x, y| {
        let board = y / 4;
        let seam = if board % 2 == 0 { 4 } else { 11 };
        if y % 4 == 3 || x == seam {
            scale(colour, 0.7)
        } else {
            let grain = unit(hash3(x as i32 / 3, y as i32, 31 + board as u32)) - 0.5;
            scale(colour, 1.0 + grain * 0.18)
        }
    })
}

/// Leaves: noisy green with cut-out holes.
pub fn leaves(green: u32, seed: u32) -> Canvas {
    Canvas::paint(|x, y| {
        let h = hash3(x as i32, y as i32, seed);
        if h % 5 == 0 {
            0
        } else {
            scale(green, 0.7 + 0.55 * unit(h >> 3))
        }
    })
}

/// Cobblestone: rounded stones with dark mortar between them.
pub fn cobble(colour: u32) -> Canvas {
    let centres: Vec<(f32, f32)> = (0..9)
        .map(|i| {
            let h = hash3(i, 3, 41);
            (
                (i % 3) as f32 * 5.5 + 1.5 + unit(h) * 3.0,
                (i / 3) as f32 * 5.5 + 1.5 + unit(h >> 4) * 3.0,
            )
        })
        .collect();
    Canvas::paint(|x, y| {
        let mut distances: Vec<(f32, usize)> = centres
            .iter()
            .enumerate()
            .map(|(i, &(cx, cy))| {
                let wrap = |d: f32| d.abs().min(16.0 - d.abs());
                let (dx, dy) = (wrap(x as f32 - cx), wrap(y as f32 - cy));
                (dx * dx + dy * dy, i)
            })
            .collect();
        distances.sort_by(|a, b| a.0.total_cmp(&b.0));
        let edge = distances[1].0.sqrt() - distances[0].0.sqrt();
        if edge < 1.0 {
            scale(colour, 0.55)
        } else {
            let stone = unit(hash3(distances[0].1 as i32, 0, 42)) * 0.3 + 0.85;
            let grain = unit(hash3(x as i32, y as i32, 43)) * 0.15;
            scale(colour, stone + grain)
        }
    })
}

/// Bricks in running bond with mortar lines.
pub fn bricks(colour: u32, mortar: u32, course: usize) -> Canvas {
    Canvas::paint(|x, y| {
        let row = y / course;
        let offset = if row % 2 == 0 { 0 } else { course * 2 };
        if y % course == course - 1 || (x + offset) % (course * 4) == 0 {
            mortar
        } else {
            let brick = unit(hash3(((x + offset) / (course * 4)) as i32, row as i32, 51));
            scale(
                colour,
                0.88 + brick * 0.2 + unit(hash3(x as i32, y as i32, 52)) * 0.08,
            )
        }
    })
}

/// Glass: a pale frame, a clear centre and two glints.
pub fn glass(tint: u32, alpha_centre: u32) -> Canvas {
    Canvas::paint(|x, y| {
        let edge = x == 0 || y == 0 || x == SIZE - 1 || y == SIZE - 1;
        let glint = (x + y == 9 || x + y == 11) && (3..8).contains(&x);
        if edge || glint {
            mix(tint, rgb(255, 255, 255), 0.6)
        } else {
            with_alpha(tint, alpha_centre)
        }
    })
}

/// Horizontal layers (sandstone, terracotta bands).
pub fn layered(colour: u32) -> Canvas {
    Canvas::paint(|x, y| {
        let band = [1.0, 0.94, 1.05, 0.9][(y / 4) % 4];
        scale(
            colour,
            band + (unit(hash3(x as i32, y as i32, 61)) - 0.5) * 0.08,
        )
    })
}

/// Fluid surface: wavy streaks of two shades.
pub fn fluid(colour: u32, light_colour: u32, alpha: u32, seed: u32) -> Canvas {
    Canvas::paint(|x, y| {
        let wave = ((x as f32 * 0.8 + y as f32 * 0.4).sin() + (y as f32 * 1.3).cos()) * 0.5;
        let n = unit(hash3(x as i32, y as i32, seed)) * 0.3;
        with_alpha(
            mix(colour, light_colour, (wave * 0.5 + 0.3 + n).clamp(0.0, 1.0)),
            alpha,
        )
    })
}

/// A frame of `border` around `inside` (crafting tables, furnaces, chests).
pub fn framed(inside: &Canvas, border: u32) -> Canvas {
    inside.map(|x, y, c| {
        if x == 0 || y == 0 || x == SIZE - 1 || y == SIZE - 1 {
            border
        } else {
            c
        }
    })
}

/// Draws a filled rectangle onto a canvas (inclusive corners).
pub fn rect(canvas: &mut Canvas, (x0, y0): (usize, usize), (x1, y1): (usize, usize), colour: u32) {
    for y in y0..=y1 {
        for x in x0..=x1 {
            canvas.set(x, y, colour);
        }
    }
}

/// Plant kinds drawn on crossed planes.
#[derive(Clone, Copy)]
pub enum Plant {
    /// Blades of grass.
    Tuft,
    /// A stem with a coloured head.
    Flower(u32),
    /// Jointed stalks.
    Cane,
    /// A small tree.
    Sapling(u32),
    /// Bare brown twigs.
    Twigs,
    /// A mushroom with a cap colour.
    Mushroom(u32),
}

/// A plant texture: transparent background.
pub fn plant(kind: Plant, green: u32) -> Canvas {
    let mut c = Canvas::paint(|_, _| 0);
    match kind {
        Plant::Tuft => {
            for blade in 0..7 {
                let h = hash3(blade, 0, 71);
                let x0 = 1 + (h % 14) as usize;
                let height = 6 + (h >> 5) % 9;
                for step in 0..height as usize {
                    let lean = (step as f32 * ((h >> 10) % 3) as f32 / 8.0) as usize;
                    let shade = 0.7 + 0.4 * step as f32 / height as f32;
                    c.set((x0 + lean).min(15), 15 - step, scale(green, shade));
                }
            }
        }
        Plant::Flower(head) => {
            rect(&mut c, (7, 7), (8, 15), scale(green, 0.8));
            rect(&mut c, (5, 10), (6, 11), green);
            rect(&mut c, (5, 3), (10, 7), head);
            rect(&mut c, (7, 4), (8, 6), scale(head, 0.6));
            rect(&mut c, (6, 2), (9, 2), head);
        }
        Plant::Cane => {
            for x0 in [3usize, 8, 12] {
                for y in 0..16 {
                    let joint = (y + x0) % 5 == 0;
                    let colour = if joint { scale(green, 0.7) } else { green };
                    c.set(x0, y, colour);
                    c.set(x0 + 1, y, scale(colour, 1.15));
                }
            }
        }
        Plant::Sapling(leaf) => {
            rect(&mut c, (7, 9), (8, 15), rgb(104, 78, 47));
            rect(&mut c, (4, 3), (11, 9), leaf);
            rect(&mut c, (6, 1), (9, 11), scale(leaf, 0.85));
        }
        Plant::Twigs => {
            for (x, y) in [
                (7, 15),
                (7, 14),
                (6, 13),
                (5, 12),
                (8, 13),
                (9, 12),
                (10, 11),
                (4, 11),
                (7, 12),
                (7, 11),
                (7, 10),
            ] {
                c.set(x, y, rgb(123, 90, 50));
            }
        }
        Plant::Mushroom(cap) => {
            rect(&mut c, (7, 10), (8, 15), rgb(220, 210, 190));
            rect(&mut c, (4, 7), (11, 9), cap);
            rect(&mut c, (5, 6), (10, 6), cap);
            c.set(6, 7, rgb(250, 250, 250));
            c.set(9, 8, rgb(250, 250, 250));
        }
    }
    c
}

/// A torch: a stick in the middle two columns, flame on top (rows 6–8,
/// the top of a torch is 10/16 high).
pub fn torch(flame: u32) -> Canvas {
    Canvas::paint(|x, y| match (x, y) {
        (7..=8, 6..=7) => flame,
        (7..=8, 8) => mix(flame, rgb(255, 255, 200), 0.5),
        (7..=8, 9..=15) => scale(rgb(120, 88, 50), if x == 7 { 1.0 } else { 0.8 }),
        _ => 0,
    })
}

/// Break-progress cracks for stage 0..10: more dark lines per stage.
pub fn cracks(stage: u32) -> Canvas {
    let mut c = Canvas::paint(|_, _| 0);
    for line in 0..(stage + 1) * 2 {
        let h = hash3(line as i32, 5, 81);
        let (mut x, mut y) = ((h % 16) as i32, ((h >> 4) % 16) as i32);
        for step in 0..(4 + stage as i32) {
            c.set(x as usize & 15, y as usize & 15, rgba(20, 20, 20, 255));
            let turn = hash3(line as i32, step, 82) % 4;
            let (dx, dy) = [(1, 0), (0, 1), (1, 1), (-1, 1)][turn as usize];
            x += dx;
            y += dy;
        }
    }
    c
}
