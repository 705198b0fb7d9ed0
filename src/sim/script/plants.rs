//! What stands in the eye's way for a script: plants (tall grass,
//! flowers, crops), which the crosshair stops at but a single attack
//! clears, against the blocks that truly hide what lies behind them.

use crate::sim::raycast;
use crate::sim::registry::{registry, state_def, BlockId, Shape};

/// Whether a block is a plant: the crosshair stops at it, an attack
/// clears it at once.
pub(super) fn is_plant(id: BlockId) -> bool {
    registry().block(id).shape == Shape::Cross
}

/// Wild plants (grass, flowers) a script may cut when they are in the
/// way; crops (with growth stages) are left standing.
pub(super) fn is_wild_plant(id: BlockId) -> bool {
    is_plant(id) && state_def(id).property("age").is_none()
}

/// Whether a block hides what lies behind it from the eye: the crosshair
/// stops at it and it is no plant to cut.
pub(super) fn hides_what_is_behind(id: BlockId) -> bool {
    raycast::selectable(id) && !is_plant(id)
}
