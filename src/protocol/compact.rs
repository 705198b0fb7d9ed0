//! The VPT "joint" compact action encoding (SPEC §3, form 1): one button
//! index for a combination of keys and one camera index for a pair of
//! mu-law camera bins. [`decode`] turns a pair into an [`Action`];
//! [`encode`] finds the pair nearest to an [`Action`].

use super::{Action, FailureKind, Key};

/// The largest button index; it means "inventory" and nothing else.
pub const BUTTON_INDEX_MAX: u32 = 8640;
/// The largest camera index (`10 * 11 + 10`).
pub const CAMERA_INDEX_MAX: u32 = 120;
/// The camera index of bins (5, 5): no camera move.
pub const CAMERA_INDEX_NOOP: u32 = 60;

/// Bins per camera axis.
const CAMERA_BINS: u32 = 11;
/// The bin that turns by 0°.
const CAMERA_BIN_ZERO: u32 = 5;

/// The button groups in index order, the last varying fastest. Option 0 of
/// each group is "none"; option `n` presses `group[n - 1]`. The camera_meta
/// group {off, on} follows these as the fastest-varying digit.
const BUTTON_GROUPS: [&[Key]; 8] = [
    &Key::HOTBAR,
    &[Key::Forward, Key::Back],
    &[Key::Left, Key::Right],
    &[Key::Sprint, Key::Sneak],
    &[Key::Use],
    &[Key::Drop],
    &[Key::Attack],
    &[Key::Jump],
];

/// How many options a group has, "none" included.
fn radix(group: &[Key]) -> u32 {
    group.len() as u32 + 1
}

/// The camera turn in degrees of mu-law bin `bin` (0..=10): with
/// x = (2·bin − 10)/10, the angle is sign(x)·(11^|x| − 1).
pub fn camera_bin_degrees(bin: u32) -> f32 {
    let x = (bin as f32 - CAMERA_BIN_ZERO as f32) / CAMERA_BIN_ZERO as f32;
    x.signum() * (11f32.powf(x.abs()) - 1.0)
}

/// The bin whose angle is nearest to `degrees` (the lower bin on a tie);
/// angles beyond ±10° fall into the outermost bins.
fn nearest_bin(degrees: f32) -> u32 {
    let distance = |bin: &u32| (camera_bin_degrees(*bin) - degrees).abs();
    (0..CAMERA_BINS)
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        .unwrap_or(CAMERA_BIN_ZERO)
}

/// The action of a compact pair. `button` 0 is the no-op and 8640 the
/// inventory key alone; the camera turns only when the camera_meta digit of
/// `button` is on. Either index out of range → [`FailureKind::OutOfRange`].
pub fn decode(button: u32, camera: u32) -> Result<Action, FailureKind> {
    if button > BUTTON_INDEX_MAX || camera > CAMERA_INDEX_MAX {
        return Err(FailureKind::OutOfRange);
    }
    if button == BUTTON_INDEX_MAX {
        return Ok(Action::noop().with(Key::Inventory));
    }
    let mut action = Action::noop();
    let mut digits = button / 2;
    for group in BUTTON_GROUPS.iter().rev() {
        let option = (digits % radix(group)) as usize;
        digits /= radix(group);
        if let Some(key) = option.checked_sub(1).map(|i| group[i]) {
            action.press(key);
        }
    }
    if button % 2 == 1 {
        action.camera = [
            camera_bin_degrees(camera / CAMERA_BINS),
            camera_bin_degrees(camera % CAMERA_BINS),
        ];
    }
    Ok(action)
}

/// The compact pair nearest to `action`:
/// - inventory held → `(8640, 60)`, whatever else is held;
/// - conflicting keys resolve as the game resolves them (SPEC §3):
///   forward+back and left+right cancel, sneak wins over sprint;
/// - several hotbar keys → the lowest slot;
/// - keys the compact form lacks (swap_hands, pick_block) are dropped;
/// - each camera angle goes to its nearest bin; camera_meta is on exactly
///   when the camera index is not 60.
pub fn encode(action: &Action) -> (u32, u32) {
    if action.is_pressed(Key::Inventory) {
        return (BUTTON_INDEX_MAX, CAMERA_INDEX_NOOP);
    }
    let held = effective_keys(action);
    let digits = BUTTON_GROUPS.iter().fold(0, |index, group| {
        index * radix(group) + option(&held, group)
    });
    let [pitch, yaw] = action.camera;
    let camera = nearest_bin(pitch) * CAMERA_BINS + nearest_bin(yaw);
    (digits * 2 + u32::from(camera != CAMERA_INDEX_NOOP), camera)
}

/// The keys of `action` as the game applies them: forward+back and
/// left+right cancel, sneak wins over sprint.
fn effective_keys(action: &Action) -> Action {
    let both = |a, b| action.is_pressed(a) && action.is_pressed(b);
    let cancelled = |key: &Key| match key {
        Key::Forward | Key::Back => both(Key::Forward, Key::Back),
        Key::Left | Key::Right => both(Key::Left, Key::Right),
        Key::Sprint => action.is_pressed(Key::Sneak),
        _ => false,
    };
    action
        .keys()
        .filter(|key| !cancelled(key))
        .fold(Action::noop(), Action::with)
}

/// The option of `group` that `held` selects: 1 + the position of its first
/// held key, or 0 ("none").
fn option(held: &Action, group: &[Key]) -> u32 {
    group
        .iter()
        .position(|key| held.is_pressed(*key))
        .map_or(0, |i| i as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_span_the_button_indexes_below_inventory() {
        let product: u32 = BUTTON_GROUPS.iter().map(|g| radix(g)).product();
        assert_eq!(product * 2, BUTTON_INDEX_MAX);
        assert_eq!(CAMERA_BINS * CAMERA_BINS - 1, CAMERA_INDEX_MAX);
        assert_eq!(
            CAMERA_BIN_ZERO * CAMERA_BINS + CAMERA_BIN_ZERO,
            CAMERA_INDEX_NOOP
        );
    }

    #[test]
    fn mu_law_table() {
        let expected = [
            -10.0, -5.809, -3.215, -1.609, -0.615, 0.0, 0.615, 1.609, 3.215, 5.809, 10.0,
        ];
        for (bin, want) in (0..CAMERA_BINS).zip(expected) {
            let got = camera_bin_degrees(bin);
            assert!((got - want).abs() < 5e-4, "bin {bin}: {got} vs {want}");
        }
        assert_eq!(camera_bin_degrees(CAMERA_BIN_ZERO), 0.0);
    }

    #[test]
    fn special_indexes() {
        assert!(decode(0, CAMERA_INDEX_NOOP).unwrap().is_noop());
        // button 1 is camera_meta on and nothing else; camera 60 still does not turn.
        assert!(decode(1, CAMERA_INDEX_NOOP).unwrap().is_noop());
        // camera_meta off: the camera index is ignored.
        assert!(decode(0, 0).unwrap().is_noop());
        let inventory = decode(BUTTON_INDEX_MAX, 0).unwrap();
        assert_eq!(inventory, Action::noop().with(Key::Inventory));
        assert_eq!(decode(1, 0).unwrap().camera, [-10.0, -10.0]);
        assert_eq!(decode(1, 61).unwrap().camera, [0.0, camera_bin_degrees(6)]);
        assert_eq!(decode(1, 71).unwrap().camera, [camera_bin_degrees(6), 0.0]);
    }

    #[test]
    fn digit_weights() {
        let only = |key| Action::noop().with(key);
        assert_eq!(decode(2, 60).unwrap(), only(Key::Jump));
        assert_eq!(decode(4, 60).unwrap(), only(Key::Attack));
        assert_eq!(decode(8, 60).unwrap(), only(Key::Drop));
        assert_eq!(decode(16, 60).unwrap(), only(Key::Use));
        assert_eq!(decode(32, 60).unwrap(), only(Key::Sprint));
        assert_eq!(decode(64, 60).unwrap(), only(Key::Sneak));
        assert_eq!(decode(96, 60).unwrap(), only(Key::Left));
        assert_eq!(decode(192, 60).unwrap(), only(Key::Right));
        assert_eq!(decode(288, 60).unwrap(), only(Key::Forward));
        assert_eq!(decode(576, 60).unwrap(), only(Key::Back));
        assert_eq!(decode(864, 60).unwrap(), only(Key::Hotbar1));
        assert_eq!(decode(9 * 864, 60).unwrap(), only(Key::Hotbar9));
        assert_eq!(decode(8639, 60).unwrap().keys().count(), 8);
    }

    #[test]
    fn out_of_range() {
        assert_eq!(
            decode(BUTTON_INDEX_MAX + 1, 60),
            Err(FailureKind::OutOfRange)
        );
        assert_eq!(
            decode(0, CAMERA_INDEX_MAX + 1),
            Err(FailureKind::OutOfRange)
        );
        assert_eq!(decode(u32::MAX, u32::MAX), Err(FailureKind::OutOfRange));
    }

    /// The pair every (button, camera) collapses to when it is not canonical:
    /// the same keys, camera_meta off, camera 60.
    fn canonical(button: u32, camera: u32) -> (u32, u32) {
        let camera_on = button < BUTTON_INDEX_MAX && button % 2 == 1;
        if camera_on == (camera != CAMERA_INDEX_NOOP) {
            (button, camera)
        } else {
            (button - u32::from(camera_on), CAMERA_INDEX_NOOP)
        }
    }

    /// Canonical pairs: camera_meta on with a camera that moves, or
    /// camera_meta off (inventory included) with camera 60. Every other pair
    /// decodes to the same action as its canonical one.
    #[test]
    fn encode_inverts_decode_exactly_on_canonical_pairs() {
        let mut canonical_pairs = 0;
        for button in 0..=BUTTON_INDEX_MAX {
            for camera in 0..=CAMERA_INDEX_MAX {
                let want = canonical(button, camera);
                canonical_pairs += u32::from(want == (button, camera));
                assert_eq!(
                    encode(&decode(button, camera).unwrap()),
                    want,
                    "({button}, {camera})"
                );
            }
        }
        // 4320 camera-on indexes × 120 moving cameras + 4321 camera-off indexes.
        assert_eq!(canonical_pairs, 4320 * 120 + 4321);
    }

    #[test]
    fn encode_resolves_conflicts_like_the_game() {
        let keys = |keys: &[Key]| keys.iter().copied().fold(Action::noop(), Action::with);
        assert_eq!(encode(&keys(&[Key::Forward, Key::Back])), (0, 60));
        assert_eq!(
            encode(&keys(&[Key::Forward, Key::Back, Key::Jump])),
            (2, 60)
        );
        assert_eq!(
            encode(&keys(&[Key::Left, Key::Right, Key::Forward])),
            (288, 60)
        );
        assert_eq!(encode(&keys(&[Key::Sprint, Key::Sneak])), (64, 60));
        assert_eq!(encode(&keys(&[Key::Hotbar7, Key::Hotbar3])), (3 * 864, 60));
        assert_eq!(encode(&keys(&[Key::Inventory, Key::Forward])), (8640, 60));
        assert_eq!(encode(&keys(&[Key::SwapHands, Key::PickBlock])), (0, 60));
    }

    #[test]
    fn encode_quantises_the_camera_to_the_nearest_bin() {
        let turn = |pitch, yaw| {
            let mut action = Action::noop();
            action.camera = [pitch, yaw];
            encode(&action)
        };
        assert_eq!(turn(0.2, -0.2), (0, 60));
        assert_eq!(turn(4.0, 0.0), (1, 8 * 11 + 5));
        assert_eq!(turn(-100.0, 100.0), (1, 10));
        assert_eq!(turn(0.0, 1.2), (1, 5 * 11 + 7));
    }
}
