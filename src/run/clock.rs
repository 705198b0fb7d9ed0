//! Wall-clock time for run folders and records: the folder name in local
//! time (`YYYYmmdd_HHMMSS`, as the reference names its runs) and RFC 3339
//! timestamps with their offset.

use jiff::Zoned;

/// Now, as RFC 3339 with the local offset.
pub fn now_rfc3339() -> String {
    Zoned::now()
        .strftime("%Y-%m-%dT%H:%M:%S%.3f%:z")
        .to_string()
}

/// Now, as a run folder name: `20261122_075130`.
pub fn run_folder_name() -> String {
    Zoned::now().strftime("%Y%m%d_%H%M%S").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let name = run_folder_name();
        assert_eq!(name.len(), 15);
        assert_eq!(&name[8..9], "_");
        assert!(name
            .chars()
            .filter(|c| *c != '_')
            .all(|c| c.is_ascii_digit()));
        let stamp = now_rfc3339();
        assert!(stamp.parse::<jiff::Timestamp>().is_ok(), "{stamp}");
    }
}
