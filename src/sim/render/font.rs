//! Pixel art as data: the digits of stack counts (3×5) and the heart and
//! food icons of the HUD. `#` is the outline, other letters are fills.

/// Digits 0–9, five rows of three columns.
pub const DIGITS: [[&str; 5]; 10] = [
    ["###", "#.#", "#.#", "#.#", "###"],
    [".#.", "##.", ".#.", ".#.", "###"],
    ["###", "..#", "###", "#..", "###"],
    ["###", "..#", ".##", "..#", "###"],
    ["#.#", "#.#", "###", "..#", "..#"],
    ["###", "#..", "###", "..#", "###"],
    ["###", "#..", "###", "#.#", "###"],
    ["###", "..#", ".#.", ".#.", ".#."],
    ["###", "#.#", "###", "#.#", "###"],
    ["###", "#.#", "###", "..#", "###"],
];

/// A heart, 7×7: `r` is filled red.
pub const HEART: [&str; 7] = [
    ".##.##.", "#rr#rr#", "#rrrrr#", "#rrrrr#", ".#rrr#.", "..#r#..", "...#...",
];

/// A drumstick, 7×7: `b` is meat, `w` bone.
pub const FOOD: [&str; 7] = [
    "..####.", ".#bbbb#", "#bbbbb#", "#bbbb#.", ".#bb#..", ".ww#...", "ww.....",
];

/// The lit cells of a pixel-art glyph: (x, y, character).
pub fn cells<'a>(rows: &'a [&'a str]) -> impl Iterator<Item = (usize, usize, u8)> + 'a {
    rows.iter().enumerate().flat_map(|(y, row)| {
        row.bytes()
            .enumerate()
            .filter(|(_, c)| *c != b'.')
            .map(move |(x, c)| (x, y, c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_are_rectangular() {
        for digit in DIGITS {
            assert!(digit.iter().all(|r| r.len() == 3));
        }
        assert!(HEART.iter().chain(FOOD.iter()).all(|r| r.len() == 7));
        assert_eq!(cells(&DIGITS[1]).count(), 8);
    }
}
