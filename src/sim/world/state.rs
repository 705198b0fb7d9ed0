//! Block states beyond the block's id (vanilla's `BlockState` properties):
//! which way a ladder, wall torch, carved pumpkin or bed faces, a bed's
//! half and whether someone sleeps in it, a crop's age, farmland's
//! moisture, a nether portal's axis and whether an end portal frame holds
//! an eye — packed in one byte kept beside each block. The byte 0 is every block's default state (facing north,
//! foot half, age and moisture 0, axis x), as in vanilla.

/// A horizontal direction, as the `facing` property names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Facing {
    North,
    South,
    West,
    East,
}

impl Facing {
    /// In the order of the packed value.
    pub const ALL: [Facing; 4] = [Facing::North, Facing::South, Facing::West, Facing::East];

    pub fn name(self) -> &'static str {
        match self {
            Facing::North => "north",
            Facing::South => "south",
            Facing::West => "west",
            Facing::East => "east",
        }
    }

    pub fn parse(name: &str) -> Option<Facing> {
        Facing::ALL.into_iter().find(|f| f.name() == name)
    }

    /// One block in this direction.
    pub fn offset(self) -> [i32; 3] {
        match self {
            Facing::North => [0, 0, -1],
            Facing::South => [0, 0, 1],
            Facing::West => [-1, 0, 0],
            Facing::East => [1, 0, 0],
        }
    }

    /// The direction of a one-block horizontal offset, if it is one.
    pub fn of_offset(d: [i32; 3]) -> Option<Facing> {
        Facing::ALL.into_iter().find(|f| f.offset() == d)
    }

    pub fn opposite(self) -> Facing {
        match self {
            Facing::North => Facing::South,
            Facing::South => Facing::North,
            Facing::West => Facing::East,
            Facing::East => Facing::West,
        }
    }

    /// The way someone looking along `yaw` (degrees, 0 south, 90 west)
    /// faces (`Direction.fromYRot`).
    pub fn from_yaw(yaw: f32) -> Facing {
        match ((f64::from(yaw) / 90.0 + 0.5).floor() as i64).rem_euclid(4) {
            0 => Facing::South,
            1 => Facing::West,
            2 => Facing::North,
            _ => Facing::East,
        }
    }
}

const FACING_MASK: u8 = 0b11;
const HEAD_BIT: u8 = 1 << 2;
const OCCUPIED_BIT: u8 = 1 << 3;
const AGE_SHIFT: u8 = 4;
const AGE_MASK: u8 = 0b111 << AGE_SHIFT;
const AXIS_Z_BIT: u8 = 1 << 7;

/// The properties of one block, packed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct BlockState(pub u8);

impl BlockState {
    pub fn facing(self) -> Facing {
        Facing::ALL[usize::from(self.0 & FACING_MASK)]
    }

    pub fn with_facing(self, facing: Facing) -> BlockState {
        let index = Facing::ALL.iter().position(|&f| f == facing).unwrap_or(0) as u8;
        BlockState(self.0 & !FACING_MASK | index)
    }

    /// A bed's head half (else its foot).
    pub fn is_head(self) -> bool {
        self.0 & HEAD_BIT != 0
    }

    pub fn with_head(self, head: bool) -> BlockState {
        self.with_bit(HEAD_BIT, head)
    }

    /// An end portal frame holding an eye of ender (the bit a bed's head
    /// half uses: no block keeps both).
    pub fn has_eye(self) -> bool {
        self.0 & HEAD_BIT != 0
    }

    pub fn with_eye(self, eye: bool) -> BlockState {
        self.with_bit(HEAD_BIT, eye)
    }

    /// A bed someone sleeps in.
    pub fn is_occupied(self) -> bool {
        self.0 & OCCUPIED_BIT != 0
    }

    pub fn with_occupied(self, occupied: bool) -> BlockState {
        self.with_bit(OCCUPIED_BIT, occupied)
    }

    /// A crop's age or farmland's moisture, 0–7.
    pub fn age(self) -> u8 {
        (self.0 & AGE_MASK) >> AGE_SHIFT
    }

    pub fn with_age(self, age: u8) -> BlockState {
        BlockState(self.0 & !AGE_MASK | (age.min(7) << AGE_SHIFT))
    }

    /// A nether portal spanning the z axis (else the x axis).
    pub fn along_z(self) -> bool {
        self.0 & AXIS_Z_BIT != 0
    }

    pub fn with_along_z(self, along_z: bool) -> BlockState {
        self.with_bit(AXIS_Z_BIT, along_z)
    }

    fn with_bit(self, bit: u8, on: bool) -> BlockState {
        BlockState(if on { self.0 | bit } else { self.0 & !bit })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_pack_apart_and_default_to_zero() {
        let state = BlockState::default()
            .with_facing(Facing::East)
            .with_head(true)
            .with_age(6)
            .with_along_z(true);
        assert_eq!(state.facing(), Facing::East);
        assert!(state.is_head() && !state.is_occupied() && state.along_z());
        assert_eq!(state.age(), 6);
        assert_eq!(state.with_age(9).age(), 7);
        let zero = BlockState::default();
        assert_eq!(zero.facing(), Facing::North);
        assert!(!zero.is_head() && zero.age() == 0 && !zero.along_z());
    }

    #[test]
    fn yaw_gives_vanilla_directions() {
        assert_eq!(Facing::from_yaw(0.0), Facing::South);
        assert_eq!(Facing::from_yaw(90.0), Facing::West);
        assert_eq!(Facing::from_yaw(180.0), Facing::North);
        assert_eq!(Facing::from_yaw(270.0), Facing::East);
        assert_eq!(Facing::from_yaw(-44.0), Facing::South);
        assert_eq!(Facing::from_yaw(-46.0), Facing::East);
        assert_eq!(Facing::of_offset([1, 0, 0]), Some(Facing::East));
        assert_eq!(Facing::East.opposite(), Facing::West);
    }
}
