//! `java.util.Random`, the 48-bit linear congruential generator vanilla's
//! enchanting table draws its offers from; the same seed gives the same
//! numbers as the game.

const MULTIPLIER: i64 = 0x5_DEEC_E66D;
const ADDEND: i64 = 0xB;
const MASK: i64 = (1 << 48) - 1;

#[derive(Debug, Clone)]
pub struct JavaRandom {
    seed: i64,
}

impl JavaRandom {
    pub fn new(seed: i64) -> JavaRandom {
        JavaRandom {
            seed: (seed ^ MULTIPLIER) & MASK,
        }
    }

    fn next(&mut self, bits: u32) -> i32 {
        self.seed = (self.seed.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND)) & MASK;
        (self.seed >> (48 - bits)) as i32
    }

    /// Any `int`.
    pub fn next_int(&mut self) -> i32 {
        self.next(32)
    }

    /// 0..bound; 0 for a bound below 1 (Java would throw).
    pub fn next_below(&mut self, bound: i32) -> i32 {
        if bound <= 0 {
            return 0;
        }
        if bound & -bound == bound {
            return ((i64::from(bound) * i64::from(self.next(31))) >> 31) as i32;
        }
        loop {
            let bits = self.next(31);
            let value = bits % bound;
            if bits.wrapping_sub(value).wrapping_add(bound - 1) >= 0 {
                return value;
            }
        }
    }

    /// Any `long` (`nextLong`).
    pub fn next_long(&mut self) -> i64 {
        (i64::from(self.next(32)) << 32).wrapping_add(i64::from(self.next(32)))
    }

    /// 0.0..1.0 in steps of 2⁻⁵³ (`nextDouble`).
    pub fn next_double(&mut self) -> f64 {
        let high = i64::from(self.next(26)) << 27;
        (high + i64::from(self.next(27))) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// 0.0..1.0 in steps of 2⁻²⁴.
    pub fn next_float(&mut self) -> f32 {
        self.next(24) as f32 / (1 << 24) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_java_s_sequence() {
        // new java.util.Random(42): nextInt() = -1170105035, nextInt(10) = 3 (after a
        // fresh seed), nextFloat() = 0.7275637.
        assert_eq!(JavaRandom::new(42).next_int(), -1_170_105_035);
        assert_eq!(JavaRandom::new(42).next_below(10), 0);
        assert!((JavaRandom::new(42).next_float() - 0.727_563_7).abs() < 1e-6);
        let mut r = JavaRandom::new(0);
        assert_eq!(r.next_int(), -1_155_484_576);
        assert_eq!(
            r.next_below(0),
            0,
            "a bad bound gives 0 rather than a panic"
        );
    }
}
