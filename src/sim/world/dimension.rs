//! The three dimensions of a Minecraft world and the facts that set them
//! apart: their ids, how their coordinates map onto the overworld's, and
//! whether they have a sky.

/// One dimension of a world.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dimension {
    #[default]
    Overworld,
    Nether,
    End,
}

impl Dimension {
    /// The Minecraft id, e.g. `minecraft:the_nether`.
    pub fn id(self) -> &'static str {
        match self {
            Dimension::Overworld => "minecraft:overworld",
            Dimension::Nether => "minecraft:the_nether",
            Dimension::End => "minecraft:the_end",
        }
    }

    /// Overworld blocks per block of this dimension along x and z: a
    /// nether portal 1 block away in the Nether leads 8 blocks away in the
    /// overworld.
    pub fn coordinate_scale(self) -> f64 {
        match self {
            Dimension::Nether => 8.0,
            Dimension::Overworld | Dimension::End => 1.0,
        }
    }

    /// Whether the sky, the sun and daylight exist here.
    pub fn has_sky(self) -> bool {
        self == Dimension::Overworld
    }

    /// Where a nether portal in this dimension leads.
    pub fn through_nether_portal(self) -> Dimension {
        match self {
            Dimension::Nether => Dimension::Overworld,
            Dimension::Overworld | Dimension::End => Dimension::Nether,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nether_portals_join_the_overworld_and_the_nether() {
        assert_eq!(
            Dimension::Overworld.through_nether_portal(),
            Dimension::Nether
        );
        assert_eq!(
            Dimension::Nether.through_nether_portal(),
            Dimension::Overworld
        );
        assert_eq!(
            Dimension::Nether.coordinate_scale() / Dimension::Overworld.coordinate_scale(),
            8.0
        );
        assert!(Dimension::Overworld.has_sky() && !Dimension::End.has_sky());
    }
}
