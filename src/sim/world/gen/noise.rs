//! Seeded randomness as pure functions of the seed and coordinates: a
//! 64-bit mixing hash, a counter-based random stream keyed by such a hash,
//! and 2D gradient (Perlin) noise summed over octaves.

/// The splitmix64 finaliser: scrambles 64 bits into 64 well-mixed bits.
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A key for one concern of the generator (caves, trees, one noise layer…),
/// so different concerns never share random numbers.
pub fn subseed(seed: u64, salt: u64) -> u64 {
    mix(seed ^ mix(salt.wrapping_add(0x9e37_79b9_7f4a_7c15)))
}

/// A hash of a key and integer block or chunk coordinates.
#[inline]
pub fn hash3(key: u64, x: i32, y: i32, z: i32) -> u64 {
    mix(key
        ^ (x as i64 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ (y as i64 as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
        ^ (z as i64 as u64).wrapping_mul(0x1656_67b1_9e37_79f9))
}

/// A uniform number in [0, 1) from a hash.
#[inline]
pub fn unit(hash: u64) -> f64 {
    (hash >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// A stream of random numbers whose n-th value is a hash of its key and n:
/// seeded from (seed, coordinates), it is a pure function of them.
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(key: u64) -> Rng {
        Rng { state: key }
    }

    /// A stream for one chunk (or block) position of one concern.
    pub fn at(key: u64, x: i32, y: i32, z: i32) -> Rng {
        Rng::new(hash3(key, x, y, z))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.state)
    }

    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        unit(self.next_u64())
    }

    pub fn chance(&mut self, probability: f64) -> bool {
        self.unit() < probability
    }
}

/// Corner gradients of the 2D noise lattice.
const GRADIENTS: [(f64, f64); 8] = [
    (1.0, 1.0),
    (1.0, -1.0),
    (-1.0, 1.0),
    (-1.0, -1.0),
    (1.0, 0.0),
    (-1.0, 0.0),
    (0.0, 1.0),
    (0.0, -1.0),
];

#[inline]
fn fade(t: f64) -> f64 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

#[inline]
fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

/// One octave of 2D gradient noise on a unit lattice, about -1..1.
#[derive(Clone, Copy)]
struct Gradient2 {
    key: u64,
}

impl Gradient2 {
    #[inline]
    fn corner(&self, ix: i32, iz: i32, dx: f64, dz: f64) -> f64 {
        let (gx, gz) = GRADIENTS[(hash3(self.key, ix, 0, iz) >> 61) as usize];
        gx * dx + gz * dz
    }

    fn at(&self, x: f64, z: f64) -> f64 {
        let (x0, z0) = (x.floor(), z.floor());
        let (fx, fz) = (x - x0, z - z0);
        let (ix, iz) = (x0 as i32, z0 as i32);
        let n00 = self.corner(ix, iz, fx, fz);
        let n10 = self.corner(ix + 1, iz, fx - 1.0, fz);
        let n01 = self.corner(ix, iz + 1, fx, fz - 1.0);
        let n11 = self.corner(ix + 1, iz + 1, fx - 1.0, fz - 1.0);
        let (u, v) = (fade(fx), fade(fz));
        lerp(lerp(n00, n10, u), lerp(n01, n11, u), v)
    }
}

/// Most octaves any layer uses.
const MAX_OCTAVES: usize = 6;

/// Fractal noise: octaves of gradient noise at doubling frequencies and
/// halving amplitudes, normalised so the result stays within about -1..1.
#[derive(Clone, Copy)]
pub struct Fbm {
    octaves: [Gradient2; MAX_OCTAVES],
    count: usize,
    /// Lattice cells per block of the first octave (1 / feature size).
    frequency: f64,
    normaliser: f64,
}

impl Fbm {
    /// `scale` is the feature size of the first octave, in blocks.
    pub fn new(key: u64, octaves: usize, scale: f64) -> Fbm {
        assert!((1..=MAX_OCTAVES).contains(&octaves));
        let layers = std::array::from_fn(|i| Gradient2 {
            key: subseed(key, i as u64),
        });
        let total: f64 = (0..octaves).map(|i| 0.5f64.powi(i as i32)).sum();
        Fbm {
            octaves: layers,
            count: octaves,
            frequency: 1.0 / scale,
            normaliser: 1.0 / total,
        }
    }

    pub fn at(&self, x: f64, z: f64) -> f64 {
        let (mut sum, mut amplitude, mut frequency) = (0.0, 1.0, self.frequency);
        for octave in &self.octaves[..self.count] {
            sum += amplitude * octave.at(x * frequency, z * frequency);
            amplitude *= 0.5;
            frequency *= 2.0;
        }
        sum * self.normaliser
    }
}

/// Corner gradients of the 3D noise lattice: the twelve cube edges.
const GRADIENTS_3D: [[f64; 3]; 12] = [
    [1.0, 1.0, 0.0],
    [-1.0, 1.0, 0.0],
    [1.0, -1.0, 0.0],
    [-1.0, -1.0, 0.0],
    [1.0, 0.0, 1.0],
    [-1.0, 0.0, 1.0],
    [1.0, 0.0, -1.0],
    [-1.0, 0.0, -1.0],
    [0.0, 1.0, 1.0],
    [0.0, -1.0, 1.0],
    [0.0, 1.0, -1.0],
    [0.0, -1.0, -1.0],
];

/// One octave of 3D gradient noise on a unit lattice, about -1..1.
#[derive(Clone, Copy)]
struct Gradient3 {
    key: u64,
}

impl Gradient3 {
    #[inline]
    fn corner(&self, i: [i32; 3], d: [f64; 3]) -> f64 {
        let g = GRADIENTS_3D[(((hash3(self.key, i[0], i[1], i[2]) >> 32) * 12) >> 32) as usize];
        g[0] * d[0] + g[1] * d[1] + g[2] * d[2]
    }

    fn at(&self, p: [f64; 3]) -> f64 {
        let base = p.map(f64::floor);
        let f = [p[0] - base[0], p[1] - base[1], p[2] - base[2]];
        let i = base.map(|v| v as i32);
        let corner = |dx: i32, dy: i32, dz: i32| {
            self.corner(
                [i[0] + dx, i[1] + dy, i[2] + dz],
                [
                    f[0] - f64::from(dx),
                    f[1] - f64::from(dy),
                    f[2] - f64::from(dz),
                ],
            )
        };
        let (u, v, w) = (fade(f[0]), fade(f[1]), fade(f[2]));
        let plane = |dz: i32| {
            lerp(
                lerp(corner(0, 0, dz), corner(1, 0, dz), u),
                lerp(corner(0, 1, dz), corner(1, 1, dz), u),
                v,
            )
        };
        lerp(plane(0), plane(1), w)
    }
}

/// Fractal 3D noise, like [`Fbm`] with a vertical scale of its own.
#[derive(Clone, Copy)]
pub struct Fbm3 {
    octaves: [Gradient3; MAX_OCTAVES],
    count: usize,
    /// Lattice cells per block of the first octave, across and up.
    frequency: [f64; 2],
    normaliser: f64,
}

impl Fbm3 {
    /// `scale` and `vertical_scale` are the first octave's feature sizes in blocks.
    pub fn new(key: u64, octaves: usize, scale: f64, vertical_scale: f64) -> Fbm3 {
        assert!((1..=MAX_OCTAVES).contains(&octaves));
        let total: f64 = (0..octaves).map(|i| 0.5f64.powi(i as i32)).sum();
        Fbm3 {
            octaves: std::array::from_fn(|i| Gradient3 {
                key: subseed(key, 0x3d00 + i as u64),
            }),
            count: octaves,
            frequency: [1.0 / scale, 1.0 / vertical_scale],
            normaliser: 1.0 / total,
        }
    }

    pub fn at(&self, x: f64, y: f64, z: f64) -> f64 {
        let (mut sum, mut amplitude, mut scale) = (0.0, 1.0, 1.0);
        let [across, up] = self.frequency;
        for octave in &self.octaves[..self.count] {
            let p = [x * across * scale, y * up * scale, z * across * scale];
            sum += amplitude * octave.at(p);
            amplitude *= 0.5;
            scale *= 2.0;
        }
        sum * self.normaliser
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_is_a_pure_bounded_continuous_function() {
        let noise = Fbm::new(7, 4, 50.0);
        let other = Fbm::new(8, 4, 50.0);
        let mut differs = false;
        for i in 0..2000 {
            let (x, z) = (i as f64 * 3.7 - 1000.0, i as f64 * -1.3 + 50.0);
            let v = noise.at(x, z);
            assert_eq!(v, noise.at(x, z));
            assert!(v.abs() <= 1.0, "{v}");
            assert!((v - noise.at(x + 0.01, z)).abs() < 0.01, "continuous");
            differs |= v != other.at(x, z);
        }
        assert!(differs);
    }

    #[test]
    fn noise_3d_is_a_pure_bounded_continuous_function() {
        let noise = Fbm3::new(7, 3, 40.0, 20.0);
        let mut spread = (f64::MAX, f64::MIN);
        for i in 0..2000 {
            let (x, y, z) = (i as f64 * 3.7 - 1000.0, i as f64 * 0.31, i as f64 * -1.3);
            let v = noise.at(x, y, z);
            assert_eq!(v, noise.at(x, y, z));
            assert!(v.abs() <= 1.0, "{v}");
            assert!((v - noise.at(x, y + 0.01, z)).abs() < 0.01, "continuous");
            spread = (spread.0.min(v), spread.1.max(v));
        }
        assert!(spread.0 < -0.2 && spread.1 > 0.2, "{spread:?}");
    }

    #[test]
    fn rng_streams_are_uniform_enough_and_keyed() {
        let mut rng = Rng::at(1, 2, 3, 4);
        let mut counts = [0u32; 10];
        for _ in 0..10_000 {
            counts[rng.below(10) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
        assert_ne!(
            Rng::at(1, 2, 3, 4).next_u64(),
            Rng::at(1, 2, 3, 5).next_u64()
        );
        assert_eq!(
            Rng::at(1, 2, 3, 4).next_u64(),
            Rng::at(1, 2, 3, 4).next_u64()
        );
    }
}
