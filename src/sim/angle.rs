//! Headings in degrees: the signed turn from one yaw to another, and a
//! turn towards a yaw limited to so many degrees (vanilla's `rotlerp`).
//! Creatures, the dragon, a boat's rider, the compass and the scripts'
//! steering all turn by these.

/// The turn from heading `from` to heading `to`, in degrees within
/// -180..180 (positive turns right).
pub fn turn_between(from: f32, to: f32) -> f32 {
    (to - from + 540.0).rem_euclid(360.0) - 180.0
}

/// Heading `from` turned towards `to` by at most `max` degrees, within
/// 0..360.
pub fn turn_at_most(from: f32, to: f32, max: f32) -> f32 {
    (from + turn_between(from, to).clamp(-max, max)).rem_euclid(360.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_between_two_headings_goes_the_short_way_round() {
        assert_eq!(turn_between(350.0, 10.0), 20.0);
        assert_eq!(turn_between(10.0, 350.0), -20.0);
        assert_eq!(turn_between(-170.0, 170.0), -20.0);
        assert_eq!(turn_between(0.0, 180.0), -180.0);
        assert_eq!(turn_between(90.0, 90.0), 0.0);
    }

    #[test]
    fn a_limited_turn_stops_short_and_wraps_past_north() {
        assert_eq!(turn_at_most(350.0, 30.0, 15.0), 5.0);
        assert_eq!(turn_at_most(10.0, 300.0, 15.0), 355.0);
        assert_eq!(turn_at_most(100.0, 104.0, 15.0), 104.0);
    }
}
