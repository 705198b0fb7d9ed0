//! The plan for `shoot_phantom`: bow shots at a phantom circling over the
//! player and swooping down at it, each shot leading the flier by the
//! arrow's flight time and let go only when its flight is clear of blocks.

use super::flight::ARROW_FLIGHT;
use super::plans::{select, Plan};
use super::tools::{Quarry, Shoot};
use crate::sim::game::Game;
use crate::sim::rules::archery;

pub(super) fn shoot_phantom(_: &Game) -> Plan {
    vec![
        select("bow"),
        Box::new(Shoot {
            quarry: Quarry::new("phantom"),
            flight: ARROW_FLIGHT,
            draw_ticks: archery::FULL_DRAW_TICKS,
            shots: 16,
            ticks_left: 900,
            clear_shots_only: true,
        }),
    ]
}
