//! The statistics counters a simulator keeps, keyed like vanilla's
//! (`mine_block[stone]`, `custom[jump]`, …), plus the counters behind the
//! non-vanilla reward events (`mobs`, `look_at`). SPEC §4.
//!
//! Counters only grow. Everything is kept in ordered maps so snapshots,
//! diffs and serialisation are deterministic.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::suite::Event;

/// Cumulative counters by event family and bare object id.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Statistics {
    counters: BTreeMap<Event, BTreeMap<String, u64>>,
}

impl Statistics {
    /// Adds `amount` to `family[object]`.
    pub fn add(&mut self, family: Event, object: &str, amount: u64) {
        if amount == 0 {
            return;
        }
        let family = self.counters.entry(family).or_default();
        match family.get_mut(object) {
            Some(value) => *value += amount,
            None => {
                family.insert(object.to_string(), amount);
            }
        }
    }

    /// The counter a reward entry of `event` watches for `object`.
    /// `open_chest` is read from `custom[open_chest]`.
    pub fn get(&self, event: Event, object: &str) -> u64 {
        let (family, object) = match event {
            Event::OpenChest => (Event::Custom, "open_chest"),
            other => (other, object),
        };
        self.counters
            .get(&family)
            .and_then(|f| f.get(object))
            .copied()
            .unwrap_or(0)
    }

    /// Every counter that differs from `earlier`, as (family, object, increase).
    pub fn increases_since(&self, earlier: &Statistics) -> Vec<(Event, String, u64)> {
        let mut out = Vec::new();
        for (&family, objects) in &self.counters {
            for (object, &value) in objects {
                let before = earlier.get(family, object);
                if value > before {
                    out.push((family, object.clone(), value - before));
                }
            }
        }
        out
    }

    /// The increases since `earlier` as counters of their own; adding them
    /// back to `earlier` gives `self`.
    pub fn delta_since(&self, earlier: &Statistics) -> Statistics {
        let mut delta = Statistics::default();
        for (family, object, increase) in self.increases_since(earlier) {
            delta.add(family, &object, increase);
        }
        delta
    }

    /// Adds every counter of `delta`.
    pub fn add_all(&mut self, delta: &Statistics) {
        for (&family, objects) in &delta.counters {
            for (object, &amount) in objects {
                self.add(family, object, amount);
            }
        }
    }

    /// Whether no counter is set.
    pub fn is_empty(&self) -> bool {
        self.counters.values().all(BTreeMap::is_empty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_add_and_diff() {
        let mut before = Statistics::default();
        before.add(Event::MineBlock, "stone", 2);
        let mut after = before.clone();
        after.add(Event::MineBlock, "stone", 3);
        after.add(Event::Custom, "jump", 1);
        after.add(Event::Pickup, "dirt", 0);
        assert_eq!(after.get(Event::MineBlock, "stone"), 5);
        assert_eq!(
            after.increases_since(&before),
            vec![
                (Event::MineBlock, "stone".to_string(), 3),
                (Event::Custom, "jump".to_string(), 1)
            ]
        );
        let delta = after.delta_since(&before);
        assert_eq!(delta.get(Event::MineBlock, "stone"), 3);
        let mut rebuilt = before.clone();
        rebuilt.add_all(&delta);
        assert_eq!(rebuilt, after);
        assert!(after.delta_since(&after).is_empty());
        assert_eq!(
            serde_json::to_value(&delta).unwrap(),
            serde_json::json!({"mine_block": {"stone": 3}, "custom": {"jump": 1}})
        );
    }

    #[test]
    fn open_chest_reads_the_custom_counter() {
        let mut s = Statistics::default();
        s.add(Event::Custom, "open_chest", 1);
        assert_eq!(s.get(Event::OpenChest, "chest"), 1);
        assert_eq!(s.get(Event::OpenChest, "anything"), 1);
    }
}
