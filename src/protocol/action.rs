//! The internal action: which keys are held this step, and how far the
//! camera turns. Every wire form decodes to this.

use serde::Serialize;

/// A key or button the agent can hold for one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Key {
    Forward,
    Back,
    Left,
    Right,
    Jump,
    Sneak,
    Sprint,
    Attack,
    Use,
    Drop,
    Inventory,
    #[serde(rename = "hotbar.1")]
    Hotbar1,
    #[serde(rename = "hotbar.2")]
    Hotbar2,
    #[serde(rename = "hotbar.3")]
    Hotbar3,
    #[serde(rename = "hotbar.4")]
    Hotbar4,
    #[serde(rename = "hotbar.5")]
    Hotbar5,
    #[serde(rename = "hotbar.6")]
    Hotbar6,
    #[serde(rename = "hotbar.7")]
    Hotbar7,
    #[serde(rename = "hotbar.8")]
    Hotbar8,
    #[serde(rename = "hotbar.9")]
    Hotbar9,
    SwapHands,
    PickBlock,
}

impl Key {
    pub const ALL: [Key; 22] = [
        Key::Forward,
        Key::Back,
        Key::Left,
        Key::Right,
        Key::Jump,
        Key::Sneak,
        Key::Sprint,
        Key::Attack,
        Key::Use,
        Key::Drop,
        Key::Inventory,
        Key::Hotbar1,
        Key::Hotbar2,
        Key::Hotbar3,
        Key::Hotbar4,
        Key::Hotbar5,
        Key::Hotbar6,
        Key::Hotbar7,
        Key::Hotbar8,
        Key::Hotbar9,
        Key::SwapHands,
        Key::PickBlock,
    ];

    /// The nine hotbar keys, slot 1 first.
    pub const HOTBAR: [Key; 9] = [
        Key::Hotbar1,
        Key::Hotbar2,
        Key::Hotbar3,
        Key::Hotbar4,
        Key::Hotbar5,
        Key::Hotbar6,
        Key::Hotbar7,
        Key::Hotbar8,
        Key::Hotbar9,
    ];

    /// `hotbar.N` for N in 1..=9.
    pub fn hotbar(slot: u8) -> Option<Key> {
        (1..=9)
            .contains(&slot)
            .then(|| Key::ALL[10 + usize::from(slot)])
    }

    /// The name MineRL/MineStudio use: `forward`, `hotbar.3`, `swap_hands`, …
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 22] = [
            "forward",
            "back",
            "left",
            "right",
            "jump",
            "sneak",
            "sprint",
            "attack",
            "use",
            "drop",
            "inventory",
            "hotbar.1",
            "hotbar.2",
            "hotbar.3",
            "hotbar.4",
            "hotbar.5",
            "hotbar.6",
            "hotbar.7",
            "hotbar.8",
            "hotbar.9",
            "swap_hands",
            "pick_block",
        ];
        NAMES[self as usize]
    }

    pub fn from_name(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.name() == name)
    }

    fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// What the agent does in one step.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Action {
    keys: u32,
    /// Camera turn in degrees: `[pitch, yaw]`; positive pitch looks down,
    /// positive yaw turns right.
    pub camera: [f32; 2],
}

impl Action {
    /// Nothing pressed, no camera move.
    pub fn noop() -> Action {
        Action::default()
    }

    pub fn with(mut self, key: Key) -> Action {
        self.keys |= key.bit();
        self
    }

    /// The same action with `key` let go.
    pub fn without(mut self, key: Key) -> Action {
        self.keys &= !key.bit();
        self
    }

    pub fn press(&mut self, key: Key) {
        self.keys |= key.bit();
    }

    pub fn is_pressed(&self, key: Key) -> bool {
        self.keys & key.bit() != 0
    }

    /// The held keys, in [`Key::ALL`] order.
    pub fn keys(&self) -> impl Iterator<Item = Key> + '_ {
        Key::ALL.into_iter().filter(|k| self.is_pressed(*k))
    }

    pub fn is_noop(&self) -> bool {
        self.keys == 0 && self.camera == [0.0, 0.0]
    }
}

impl Serialize for Action {
    /// `{"keys": ["forward", …], "camera": [pitch, yaw]}`, as trajectories record it.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let keys: Vec<&str> = self.keys().map(Key::name).collect();
        let mut state = serializer.serialize_struct("Action", 2)?;
        state.serialize_field("keys", &keys)?;
        state.serialize_field("camera", &self.camera)?;
        state.end()
    }
}
