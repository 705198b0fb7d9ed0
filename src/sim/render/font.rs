//! Pixel art as data: the digits of stack counts (3×5), the heart and
//! food icons of the HUD, the letters of screen titles and the
//! screens' arrow, furnace flame, pointer and recipe book. `#` is the outline, other
//! letters are fills.

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

/// The furnace's flame, 14×14: `o` is the outer flame, `y` its core.
pub const FLAME: [&str; 14] = [
    "......o.......",
    "......oo......",
    ".....ooo......",
    ".....oooo.....",
    "....ooyoo..o..",
    "..o.ooyyoo.o..",
    "..ooooyyooooo.",
    ".oooooyyyoooo.",
    ".ooooyyyyyooo.",
    "oooooyyyyyoooo",
    "ooooyyyyyyyooo",
    "oooyyyyyyyyooo",
    ".ooyyyyyyyyoo.",
    "..oooooooooo..",
];

/// The crafting arrow, 22×15: `a` is the arrow.
pub const ARROW: [&str; 15] = [
    ".............aa.......",
    ".............aaa......",
    ".............aaaa.....",
    ".............aaaaa....",
    ".............aaaaaa...",
    "aaaaaaaaaaaaaaaaaaaa..",
    "aaaaaaaaaaaaaaaaaaaaa.",
    "aaaaaaaaaaaaaaaaaaaaaa",
    "aaaaaaaaaaaaaaaaaaaaa.",
    "aaaaaaaaaaaaaaaaaaaa..",
    ".............aaaaaa...",
    ".............aaaaa....",
    ".............aaaa.....",
    ".............aaa......",
    ".............aa.......",
];

/// The mouse pointer, 8×13: `#` outline, `w` white.
pub const POINTER: [&str; 13] = [
    "#.......", "##......", "#w#.....", "#ww#....", "#www#...", "#wwww#..", "#wwwww#.", "#wwwwww#",
    "#www####", "#w#w#...", "##.#w#..", "#...#w#.", "....##..",
];

/// Runes of the enchanting table's buttons, 3×5: each enchantment's
/// hint is written with the runes its letters pick.
pub const RUNES: [[&str; 5]; 8] = [
    ["#.#", "###", "#.#", "..#", "..#"],
    ["###", "#..", "##.", "..#", "###"],
    [".#.", "#.#", ".#.", "#.#", ".#."],
    ["#..", "###", "#..", "###", "..#"],
    ["###", ".#.", ".#.", ".#.", "#.#"],
    ["#.#", "#.#", ".#.", "#..", "###"],
    ["..#", ".##", "#.#", ".##", "..#"],
    ["##.", "..#", "###", "#..", ".##"],
];

/// The brewing stand's bubbles, 12×29, filled from the bottom: `b` bubble.
pub const BUBBLES: [&str; 29] = [
    "....b.......",
    "...b.b......",
    "....b....b..",
    ".........b..",
    "..b.........",
    ".b.b....b...",
    "..b....b.b..",
    "........b...",
    "...b........",
    "..b.b..b....",
    "...b..b.b...",
    ".......b....",
    ".b....b.....",
    "b.b..b.b....",
    ".b....b...b.",
    ".........b.b",
    "....b.....b.",
    "...b.b......",
    "....b..b....",
    ".......b.b..",
    ".b.....b.b..",
    "b.b.....b...",
    ".b..b.......",
    "...b.b..b...",
    "....b..b.b..",
    "........b...",
    "..b.b.......",
    ".b.b.b..b...",
    "..b.b..b.b..",
];

/// The recipe-book button's book, 10×12: `g` cover, `y` title, `w` pages.
pub const BOOK: [&str; 12] = [
    ".#########",
    "#gggggggg#",
    "#gggggggg#",
    "#ggyyyygg#",
    "#gggggggg#",
    "#gggggggg#",
    "#gggggggg#",
    "#gggggggg#",
    "#gggggggg#",
    "#ggggggggw",
    "#wwwwwwwww",
    ".#########",
];

/// Letters of the screens' titles, eight rows (the last for descenders),
/// as wide as each letter is.
const LETTERS: &[(char, [&str; 8])] = &[
    (
        'B',
        [
            "####.", "#...#", "#...#", "####.", "#...#", "#...#", "####.", ".....",
        ],
    ),
    (
        'E',
        [
            "#####", "#....", "###..", "#....", "#....", "#....", "#####", ".....",
        ],
    ),
    (
        'S',
        [
            ".####", "#....", "#....", ".###.", "....#", "....#", "####.", ".....",
        ],
    ),
    (
        'd',
        [
            "....#", "....#", ".####", "#...#", "#...#", "#...#", ".####", ".....",
        ],
    ),
    (
        'w',
        [
            ".....", ".....", "#...#", "#...#", "#.#.#", "#.#.#", ".###.", ".....",
        ],
    ),
    (
        'C',
        [
            ".###.", "#...#", "#....", "#....", "#....", "#...#", ".###.", ".....",
        ],
    ),
    (
        'F',
        [
            "#####", "#....", "###..", "#....", "#....", "#....", "#....", ".....",
        ],
    ),
    (
        'I',
        ["###", ".#.", ".#.", ".#.", ".#.", ".#.", "###", "..."],
    ),
    (
        'L',
        [
            "#....", "#....", "#....", "#....", "#....", "#....", "#####", ".....",
        ],
    ),
    (
        'a',
        [
            ".....", ".....", ".###.", "....#", ".####", "#...#", ".####", ".....",
        ],
    ),
    (
        'c',
        [
            ".....", ".....", ".###.", "#...#", "#....", "#...#", ".###.", ".....",
        ],
    ),
    (
        'e',
        [
            ".....", ".....", ".###.", "#...#", "#####", "#....", ".####", ".....",
        ],
    ),
    (
        'f',
        [
            "..##", ".#..", "####", ".#..", ".#..", ".#..", ".#..", "....",
        ],
    ),
    (
        'g',
        [
            ".....", ".....", ".####", "#...#", "#...#", ".####", "....#", "####.",
        ],
    ),
    (
        'h',
        [
            "#....", "#....", "#.##.", "##..#", "#...#", "#...#", "#...#", ".....",
        ],
    ),
    ('i', ["#", ".", "#", "#", "#", "#", "#", "."]),
    (
        'n',
        [
            ".....", ".....", "####.", "#...#", "#...#", "#...#", "#...#", ".....",
        ],
    ),
    (
        'o',
        [
            ".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###.", ".....",
        ],
    ),
    (
        'r',
        [
            ".....", ".....", "#.##.", "##..#", "#....", "#....", "#....", ".....",
        ],
    ),
    (
        's',
        [
            ".....", ".....", ".####", "#....", ".###.", "....#", "####.", ".....",
        ],
    ),
    (
        't',
        [".#.", ".#.", "###", ".#.", ".#.", ".#.", "..#", "..."],
    ),
    (
        'u',
        [
            ".....", ".....", "#...#", "#...#", "#...#", "#...#", ".####", ".....",
        ],
    ),
    (
        'v',
        [
            ".....", ".....", "#...#", "#...#", "#...#", ".#.#.", "..#..", ".....",
        ],
    ),
    (
        'y',
        [
            ".....", ".....", "#...#", "#...#", "#...#", ".####", "....#", "####.",
        ],
    ),
    (
        ' ',
        ["...", "...", "...", "...", "...", "...", "...", "..."],
    ),
];

/// The glyph of a letter; a space for letters the font lacks.
pub fn glyph_of(c: char) -> &'static [&'static str] {
    let space = &LETTERS.last().expect("the space is the last letter").1;
    LETTERS
        .iter()
        .find(|(letter, _)| *letter == c)
        .map_or(space, |(_, rows)| rows)
}

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
        assert!(ARROW.iter().all(|r| r.len() == 22));
        assert!(FLAME.iter().all(|r| r.len() == 14));
        assert!(POINTER.iter().all(|r| r.len() == 8));
        assert!(BOOK.iter().all(|r| r.len() == 10));
        assert!(BUBBLES.iter().all(|r| r.len() == 12));
        assert!(RUNES.iter().flatten().all(|r| r.len() == 3));
        assert_eq!(cells(&DIGITS[1]).count(), 8);
        for (letter, rows) in LETTERS {
            assert!(rows.iter().all(|r| r.len() == rows[0].len()), "{letter}");
        }
        assert_eq!(glyph_of('?'), glyph_of(' '));
    }
}
