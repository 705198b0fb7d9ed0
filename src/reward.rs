//! The simulation reward of an episode (SPEC §4): each step, every reward
//! entry looks at how its counters rose and pays at most once, up to its
//! `max_reward_times` per identity. Backend-independent: it reads only
//! [`Statistics`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::sim::Statistics;
use crate::suite::RewardEntry;

/// One payout in one step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Payout {
    pub identity: String,
    /// The object whose rise triggered it.
    pub object: String,
    pub reward: f64,
}

/// Tracks payouts over an episode.
#[derive(Debug, Clone)]
pub struct RewardTracker {
    entries: Vec<RewardEntry>,
    previous: Statistics,
    paid_times: BTreeMap<String, u32>,
    total: f64,
}

impl RewardTracker {
    /// Starts from `baseline`, the statistics after the init commands ran,
    /// so nothing they caused ever pays.
    pub fn new(entries: &[RewardEntry], baseline: &Statistics) -> RewardTracker {
        RewardTracker {
            entries: entries.to_vec(),
            previous: baseline.clone(),
            paid_times: BTreeMap::new(),
            total: 0.0,
        }
    }

    /// The payouts of one step whose statistics are now `now`.
    pub fn step(&mut self, now: &Statistics) -> Vec<Payout> {
        let mut payouts = Vec::new();
        for entry in &self.entries {
            let mut rise = 0i128;
            let Some(object) = entry.objects.iter().find(|object| {
                rise += i128::from(now.get(entry.event, object))
                    - i128::from(self.previous.get(entry.event, object));
                rise > 0
            }) else {
                continue;
            };
            let paid = self.paid_times.entry(entry.identity.clone()).or_insert(0);
            if *paid < entry.max_reward_times {
                *paid += 1;
                self.total += entry.reward;
                payouts.push(Payout {
                    identity: entry.identity.clone(),
                    object: object.clone(),
                    reward: entry.reward,
                });
            }
        }
        self.previous = now.clone();
        payouts
    }

    /// Everything paid so far.
    pub fn total(&self) -> f64 {
        self.total
    }

    /// The most the entries can pay in one episode.
    pub fn max_total(&self) -> f64 {
        self.entries.iter().map(RewardEntry::max_total).sum()
    }

    /// Whether every entry has paid in full.
    pub fn fully_paid(&self) -> bool {
        self.entries
            .iter()
            .all(|e| self.paid_times.get(&e.identity).copied().unwrap_or(0) >= e.max_reward_times)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::Event;

    fn entry(
        event: Event,
        identity: &str,
        objects: &[&str],
        reward: f64,
        times: u32,
    ) -> RewardEntry {
        RewardEntry {
            event,
            identity: identity.to_string(),
            objects: objects.iter().map(|s| s.to_string()).collect(),
            reward,
            max_reward_times: times,
        }
    }

    /// Runs a tracker over statistics built by successive increments and
    /// returns the total paid at each step.
    fn run(
        entries: &[RewardEntry],
        baseline: &[(Event, &str, u64)],
        steps: &[&[(Event, &str, u64)]],
    ) -> Vec<f64> {
        let mut stats = Statistics::default();
        for &(e, o, n) in baseline {
            stats.add(e, o, n);
        }
        let mut tracker = RewardTracker::new(entries, &stats);
        steps
            .iter()
            .map(|increments| {
                for &(e, o, n) in *increments {
                    stats.add(e, o, n);
                }
                tracker.step(&stats).iter().map(|p| p.reward).sum()
            })
            .collect()
    }

    #[test]
    fn pays_once_per_step_however_large_the_jump() {
        let entries = [entry(Event::Pickup, "dirt", &["dirt"], 1.0, 10)];
        let paid = run(
            &entries,
            &[],
            &[
                &[(Event::Pickup, "dirt", 5)],
                &[],
                &[(Event::Pickup, "dirt", 1)],
            ],
        );
        assert_eq!(paid, vec![1.0, 0.0, 1.0]);
    }

    #[test]
    fn stops_at_max_reward_times() {
        let entries = [entry(Event::MineBlock, "ore", &["iron_ore"], 2.0, 2)];
        let step: &[(Event, &str, u64)] = &[(Event::MineBlock, "iron_ore", 1)];
        let paid = run(&entries, &[], &[step, step, step]);
        assert_eq!(paid, vec![2.0, 2.0, 0.0]);
    }

    #[test]
    fn the_baseline_never_pays() {
        let entries = [entry(Event::Pickup, "dirt", &["dirt"], 1.0, 10)];
        let paid = run(
            &entries,
            &[(Event::Pickup, "dirt", 64)],
            &[&[], &[(Event::Pickup, "dirt", 1)]],
        );
        assert_eq!(paid, vec![0.0, 1.0]);
    }

    #[test]
    fn the_first_rising_object_pays_and_only_once_per_entry() {
        let entries = [entry(
            Event::Pickup,
            "logs",
            &["oak_log", "birch_log"],
            1.0,
            10,
        )];
        let paid = run(
            &entries,
            &[],
            &[
                &[
                    (Event::Pickup, "birch_log", 1),
                    (Event::Pickup, "oak_log", 1),
                ],
                &[(Event::Pickup, "birch_log", 2)],
            ],
        );
        assert_eq!(paid, vec![1.0, 1.0]);
    }

    #[test]
    fn entries_sharing_an_identity_share_the_count() {
        let entries = [
            entry(Event::MineBlock, "same", &["stone"], 1.0, 1),
            entry(Event::Pickup, "same", &["cobblestone"], 1.0, 1),
        ];
        let paid = run(
            &entries,
            &[],
            &[&[
                (Event::MineBlock, "stone", 1),
                (Event::Pickup, "cobblestone", 1),
            ]],
        );
        assert_eq!(paid, vec![1.0]);
    }

    #[test]
    fn separate_entries_each_pay_in_the_same_step() {
        let entries = [
            entry(Event::MineBlock, "dig", &["dirt"], 1.0, 3),
            entry(Event::UseItem, "fill", &["dirt"], 0.5, 1),
        ];
        let mut stats = Statistics::default();
        let mut tracker = RewardTracker::new(&entries, &stats);
        stats.add(Event::MineBlock, "dirt", 1);
        stats.add(Event::UseItem, "dirt", 1);
        let payouts = tracker.step(&stats);
        assert_eq!(payouts.len(), 2);
        assert_eq!(tracker.total(), 1.5);
        assert_eq!(tracker.max_total(), 3.5);
        assert!(!tracker.fully_paid());
    }

    #[test]
    fn objects_the_game_never_counts_never_pay() {
        let entries = [entry(Event::Pickup, "wool", &["wool"], 1.0, 1)];
        let paid = run(&entries, &[], &[&[(Event::Pickup, "white_wool", 1)]]);
        assert_eq!(paid, vec![0.0]);
    }

    #[test]
    fn mobs_and_open_chest_events_pay_from_their_counters() {
        let entries = [
            entry(Event::Mobs, "golem", &["snow_golem"], 1.0, 1),
            entry(Event::OpenChest, "chest", &["chest"], 1.0, 1),
        ];
        let paid = run(
            &entries,
            &[],
            &[
                &[(Event::Mobs, "snow_golem", 1)],
                &[(Event::Custom, "open_chest", 1)],
            ],
        );
        assert_eq!(paid, vec![1.0, 1.0]);
    }

    #[test]
    fn fully_paid_when_every_identity_reached_its_limit() {
        let entries = [entry(Event::Drop, "drop", &["stone"], 1.0, 1)];
        let mut stats = Statistics::default();
        let mut tracker = RewardTracker::new(&entries, &stats);
        stats.add(Event::Drop, "stone", 1);
        tracker.step(&stats);
        assert!(tracker.fully_paid());
    }
}
