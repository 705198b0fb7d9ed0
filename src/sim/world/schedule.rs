//! Updates scheduled for a later tick (vanilla's `LevelTicks`): a fluid
//! to flow, a sand block to check whether it falls. One pending update per
//! cell and kind; they run in order of due tick, then of scheduling.

use std::collections::BTreeMap;

use rustc_hash::FxHashSet;

use super::BlockPos;

/// What a scheduled update does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Update {
    /// The fluid in the cell flows.
    Fluid,
    /// The block in the cell acts (a gravity block checks its support).
    Block,
}

/// The pending updates.
#[derive(Debug, Clone, Default)]
pub struct Schedule {
    /// (due tick, order of scheduling) → what and where.
    queue: BTreeMap<(u64, u64), (BlockPos, Update)>,
    /// For lookup only (never iterated): what is already pending.
    pending: FxHashSet<(BlockPos, Update)>,
    next_order: u64,
}

impl Schedule {
    /// Schedules `update` at `pos` for tick `due`, unless one is pending there.
    pub fn add(&mut self, pos: BlockPos, update: Update, due: u64) {
        if !self.pending.insert((pos, update)) {
            return;
        }
        self.queue.insert((due, self.next_order), (pos, update));
        self.next_order += 1;
    }

    /// Takes up to `limit` updates due at or before tick `now`, in order.
    pub fn take_due(&mut self, now: u64, limit: usize) -> Vec<(BlockPos, Update)> {
        let mut due = Vec::new();
        while due.len() < limit {
            let Some(entry) = self.queue.first_entry() else {
                break;
            };
            if entry.key().0 > now {
                break;
            }
            let (pos, update) = entry.remove();
            self.pending.remove(&(pos, update));
            due.push((pos, update));
        }
        due
    }

    /// How many updates are pending.
    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn updates_run_once_in_due_order() {
        let mut schedule = Schedule::default();
        schedule.add([0, 0, 0], Update::Fluid, 10);
        schedule.add([1, 0, 0], Update::Fluid, 5);
        schedule.add([0, 0, 0], Update::Fluid, 7);
        schedule.add([0, 0, 0], Update::Block, 10);
        assert_eq!(schedule.len(), 3);
        assert!(schedule.take_due(4, 10).is_empty());
        assert_eq!(schedule.take_due(5, 10), vec![([1, 0, 0], Update::Fluid)]);
        assert_eq!(
            schedule.take_due(20, 10),
            vec![([0, 0, 0], Update::Fluid), ([0, 0, 0], Update::Block)]
        );
        assert!(schedule.is_empty());
    }
}
