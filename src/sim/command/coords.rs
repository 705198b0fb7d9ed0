//! Position and rotation arguments: absolute numbers, `~` offsets from the
//! source position on the world axes, `^` offsets along the source's look
//! (never mixed with the others), and how each resolves against a source.
//! Block positions take whole absolute numbers and round down; entity
//! positions put whole absolute x and z at the block centre, as Minecraft does.

use super::reader::{Parsed, Reader};
use super::source::Source;
use crate::sim::world::BlockPos;

const MIXED: &str = "Cannot mix world & local coordinates (everything must either use ^ or not)";
const INCOMPLETE: &str = "Incomplete (expected 3 coordinates)";

/// One world-axis coordinate: a number, or an offset when `relative`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WorldCoord {
    pub relative: bool,
    pub value: f64,
}

impl WorldCoord {
    fn resolve(self, base: f64) -> f64 {
        if self.relative {
            base + self.value
        } else {
            self.value
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Coords {
    World([WorldCoord; 3]),
    /// `^left ^up ^forward`.
    Local([f64; 3]),
}

impl Coords {
    /// The executor's own position: `~ ~ ~`.
    pub const HERE: Coords = Coords::World(
        [WorldCoord {
            relative: true,
            value: 0.0,
        }; 3],
    );

    pub fn position(&self, source: &Source) -> [f64; 3] {
        match self {
            Coords::World(axes) => std::array::from_fn(|i| axes[i].resolve(source.pos[i])),
            Coords::Local(offsets) => source.local(*offsets),
        }
    }

    /// The block containing the position.
    pub fn block_pos(&self, source: &Source) -> BlockPos {
        self.position(source).map(|v| v.floor() as i32)
    }
}

/// How a world-axis number is read.
#[derive(Clone, Copy)]
enum Number {
    /// Block positions: whole numbers unless relative.
    Int,
    /// Entity positions; `true` centres whole absolute values (+0.5).
    Double(bool),
}

fn world_coord(r: &mut Reader, number: Number) -> Parsed<WorldCoord> {
    if r.peek() == Some('^') {
        return Err(r.error(MIXED));
    }
    if !r.can_read() {
        return Err(r.error(match number {
            Number::Int => "Expected a block position",
            Number::Double(_) => "Expected a coordinate",
        }));
    }
    let relative = r.eat('~');
    let start = r.cursor();
    let has_number = r.can_read() && r.peek() != Some(' ');
    let value = match (has_number, relative, number) {
        (false, _, _) => 0.0,
        (true, false, Number::Int) => f64::from(r.read_int()?),
        (true, _, _) => r.read_double()?,
    };
    let centred =
        matches!(number, Number::Double(true)) && !relative && !r.since(start).contains('.');
    Ok(WorldCoord {
        relative,
        value: if centred { value + 0.5 } else { value },
    })
}

fn local_coord(r: &mut Reader, start: usize) -> Parsed<f64> {
    if !r.can_read() {
        return Err(r.error("Expected a coordinate"));
    }
    if !r.eat('^') {
        return Err(r.error_at(start, MIXED));
    }
    if r.can_read() && r.peek() != Some(' ') {
        r.read_double()
    } else {
        Ok(0.0)
    }
}

/// Reads three coordinates with `read`, separated by single spaces.
fn three<T>(
    r: &mut Reader,
    mut read: impl FnMut(&mut Reader, usize) -> Parsed<T>,
) -> Parsed<[T; 3]> {
    let start = r.cursor();
    let x = read(r, start)?;
    let mut next = |r: &mut Reader| {
        if r.eat(' ') {
            read(r, start)
        } else {
            Err(r.error_at(start, INCOMPLETE))
        }
    };
    let y = next(r)?;
    let z = next(r)?;
    Ok([x, y, z])
}

fn coords(r: &mut Reader, axes: [Number; 3]) -> Parsed<Coords> {
    if r.peek() == Some('^') {
        return three(r, local_coord).map(Coords::Local);
    }
    let mut axis = 0;
    three(r, |r, _| {
        axis += 1;
        world_coord(r, axes[axis - 1])
    })
    .map(Coords::World)
}

/// A block position argument (`x y z`).
pub fn parse_block_pos(r: &mut Reader) -> Parsed<Coords> {
    coords(r, [Number::Int; 3])
}

/// An entity position argument; whole absolute x and z mean block centres.
pub fn parse_vec3(r: &mut Reader) -> Parsed<Coords> {
    coords(
        r,
        [
            Number::Double(true),
            Number::Double(false),
            Number::Double(true),
        ],
    )
}

/// A `yaw pitch` argument; `~` is relative to the source's rotation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rotation {
    yaw: WorldCoord,
    pitch: WorldCoord,
}

impl Rotation {
    pub fn resolve(&self, source: &Source) -> (f32, f32) {
        (
            self.yaw.resolve(f64::from(source.yaw)) as f32,
            self.pitch.resolve(f64::from(source.pitch)) as f32,
        )
    }
}

pub fn parse_rotation(r: &mut Reader) -> Parsed<Rotation> {
    let start = r.cursor();
    let yaw = world_coord(r, Number::Double(false))?;
    if !r.eat(' ') {
        return Err(r.error_at(start, "Incomplete (expected 2 coordinates)"));
    }
    let pitch = world_coord(r, Number::Double(false))?;
    Ok(Rotation { yaw, pitch })
}

#[cfg(test)]
mod tests {
    use super::super::reader::Failure;
    use super::super::source::Anchor;
    use super::*;

    fn source() -> Source {
        Source {
            pos: [10.5, 64.0, -3.5],
            yaw: 0.0,
            pitch: 0.0,
            anchor: Anchor::Feet,
            eye_height: 1.62,
        }
    }

    fn block(text: &str) -> Parsed<BlockPos> {
        parse_block_pos(&mut Reader::new(text, 0)).map(|c| c.block_pos(&source()))
    }

    fn vec3(text: &str) -> [f64; 3] {
        parse_vec3(&mut Reader::new(text, 0))
            .unwrap()
            .position(&source())
    }

    #[test]
    fn relative_block_positions_floor_the_feet_position() {
        assert_eq!(block("~ ~ ~").unwrap(), [10, 64, -4]);
        assert_eq!(block("~1 ~-1 ~1").unwrap(), [11, 63, -3]);
        assert_eq!(block("~0.6 ~ ~").unwrap(), [11, 64, -4]);
        assert_eq!(block("5 70 -2").unwrap(), [5, 70, -2]);
        assert_eq!(block("^ ^ ^1").unwrap(), [10, 64, -3]);
    }

    #[test]
    fn entity_positions_centre_whole_numbers() {
        assert_eq!(vec3("5 70 -2"), [5.5, 70.0, -1.5]);
        assert_eq!(vec3("5.0 70 -2.25"), [5.0, 70.0, -2.25]);
        assert_eq!(vec3("~2 ~ ~3"), [12.5, 64.0, -0.5]);
        let local = vec3("^2 ^ ^3");
        assert!(local
            .iter()
            .zip([12.5, 64.0, -0.5])
            .all(|(a, b)| (a - b).abs() < 1e-9));
    }

    #[test]
    fn malformed_positions_are_rejected_with_positions() {
        let err = |text: &str| match block(text) {
            Err(Failure::Rejected(m)) => m,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(err("~ ^ ~"), format!("{MIXED} at position 2"));
        assert_eq!(err("^ ~ ^"), format!("{MIXED} at position 0"));
        assert_eq!(err("1 2"), format!("{INCOMPLETE} at position 0"));
        assert_eq!(err("1.5 2 3"), "Invalid integer '1.5' at position 0");
        assert_eq!(err("1 x 3"), "Expected integer at position 2");
    }

    #[test]
    fn rotations_resolve_relative_to_the_source() {
        let mut r = Reader::new("~90 10", 0);
        let rotation = parse_rotation(&mut r).unwrap();
        assert_eq!(rotation.resolve(&source()), (90.0, 10.0));
        assert!(parse_rotation(&mut Reader::new("90", 0)).is_err());
    }
}
