//! The 1.16.5 furnace fuel table (`fuels.tsv`): how many ticks one item of
//! each fuel burns, resolved to a per-item lookup.

use super::table::{self, NameIndex};

/// Burn ticks by item id; 0 for items that are not fuel.
pub(super) fn parse(text: &'static str, items: &NameIndex, item_count: usize) -> Vec<u32> {
    let mut ticks = vec![0; item_count];
    for row in table::rows(text) {
        let item = items
            .get(row[0])
            .unwrap_or_else(|| panic!("fuel table names unknown item `{}`", row[0]));
        ticks[usize::from(item)] = table::column(&row, 1);
    }
    ticks
}
