//! The `level` block state of water and lava, as vanilla stores it: 0 is a
//! source, 1–7 flowing fluid that many steps from where it came (its
//! amount is 8 − level), 8 and up falling fluid (amount 8).

/// A source block.
pub const SOURCE: u8 = 0;
/// Falling fluid (vanilla's level 8: `FALLING` with amount 8).
pub const FALLING: u8 = 8;

/// The fluid amount of a level, 1..=8 (a source or falling fluid is 8).
pub fn amount(level: u8) -> u8 {
    if level == SOURCE || level >= FALLING {
        8
    } else {
        8 - level
    }
}

/// The level of flowing fluid with `amount` (1..=7), or of falling fluid.
pub fn flowing(amount: u8, falling: bool) -> u8 {
    if falling {
        FALLING
    } else {
        8 - amount.clamp(1, 7)
    }
}

pub fn is_falling(level: u8) -> bool {
    level >= FALLING
}

/// How high the fluid stands in its cell when nothing of it is above
/// (`getOwnHeight`): amount / 9.
pub fn own_height(level: u8) -> f64 {
    f64::from(amount(level)) / 9.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_amounts_match_vanilla() {
        assert_eq!(amount(SOURCE), 8);
        assert_eq!(amount(1), 7);
        assert_eq!(amount(7), 1);
        assert_eq!(amount(FALLING), 8);
        assert_eq!(flowing(7, false), 1);
        assert_eq!(flowing(1, false), 7);
        assert_eq!(flowing(8, true), FALLING);
        assert!(is_falling(FALLING) && !is_falling(7));
        assert!((own_height(SOURCE) - 8.0 / 9.0).abs() < 1e-12);
    }
}
