//! Reading the tab-separated registry files: comment lines start with `#`,
//! columns are separated by tabs, and names are looked up through a sorted
//! index (binary search, no hash-map order anywhere).

/// Name → row number, sorted by name.
pub struct NameIndex(Vec<(&'static str, u16)>);

impl NameIndex {
    pub fn new(names: impl Iterator<Item = &'static str>) -> NameIndex {
        let mut entries: Vec<(&'static str, u16)> =
            names.enumerate().map(|(i, n)| (n, i as u16)).collect();
        entries.sort_unstable();
        NameIndex(entries)
    }

    pub fn get(&self, name: &str) -> Option<u16> {
        self.0
            .binary_search_by(|(n, _)| (*n).cmp(name))
            .ok()
            .map(|i| self.0[i].1)
    }
}

/// The data rows of a table file, each split into its columns.
pub fn rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split('\t').collect())
}

/// A column that the checked-in table guarantees is well formed.
pub fn column<T: std::str::FromStr>(row: &[&str], index: usize) -> T {
    row.get(index)
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| panic!("registry table row {row:?}: bad column {index}"))
}
