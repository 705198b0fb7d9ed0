//! Small summary statistics shared by reports: latency percentiles.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// p50, p95 and max of a set of durations, in microseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LatencySummary {
    pub p50_us: u64,
    pub p95_us: u64,
    pub max_us: u64,
}

impl LatencySummary {
    pub fn of(durations: &[Duration]) -> LatencySummary {
        let mut micros: Vec<u64> = durations.iter().map(|d| d.as_micros() as u64).collect();
        micros.sort_unstable();
        LatencySummary {
            p50_us: percentile(&micros, 50),
            p95_us: percentile(&micros, 95),
            max_us: micros.last().copied().unwrap_or(0),
        }
    }
}

/// The nearest-rank percentile of sorted values; 0 for none.
pub fn percentile(sorted: &[u64], percent: u32) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (sorted.len() * percent as usize).div_ceil(100).max(1);
    sorted[rank.min(sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let values: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&values, 50), 50);
        assert_eq!(percentile(&values, 95), 95);
        assert_eq!(percentile(&[7], 95), 7);
        assert_eq!(percentile(&[], 50), 0);
        let summary = LatencySummary::of(&[
            Duration::from_micros(30),
            Duration::from_micros(10),
            Duration::from_micros(20),
        ]);
        assert_eq!(
            summary,
            LatencySummary {
                p50_us: 20,
                p95_us: 30,
                max_us: 30
            }
        );
    }
}
