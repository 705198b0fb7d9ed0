//! How sure a score is, from repeated attempts: the unbiased pass@k
//! estimator, the Wilson interval of a success rate, a seeded percentile
//! bootstrap of a (sum of) mean(s), and a seeded permutation test telling
//! whether two runs differ by more than the noise. Everything random uses
//! a ChaCha8 generator with a fixed seed, so the same numbers always give
//! the same intervals and p-values.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95% interval.
const Z_95: f64 = 1.959_963_984_540_054;
/// Bootstrap resamples per interval.
pub const BOOTSTRAP_ROUNDS: usize = 2000;
/// Random relabellings per permutation test.
pub const PERMUTATION_ROUNDS: usize = 4000;
/// The seed of every bootstrap and permutation test.
pub const STATS_SEED: u64 = 20;
/// A difference whose p-value is below this is larger than the noise.
pub const SIGNIFICANCE_LEVEL: f64 = 0.05;

/// A 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

/// The unbiased estimate of pass@k from `successes` of `attempts`: the
/// chance that at least one of `k` attempts drawn without replacement
/// succeeds, 1 − C(n−c, k) / C(n, k). The ratio of binomials is computed
/// as the product of (n−c−j)/(n−j) for j < k, so nothing overflows.
/// `None` when `k` is 0 or more than `attempts`.
pub fn pass_at_k(attempts: u32, successes: u32, k: u32) -> Option<f64> {
    if k == 0 || k > attempts || successes > attempts {
        return None;
    }
    let failures = attempts - successes;
    if failures < k {
        return Some(1.0);
    }
    let all_fail: f64 = (0..k)
        .map(|j| f64::from(failures - j) / f64::from(attempts - j))
        .product();
    Some(1.0 - all_fail)
}

/// The Wilson score interval (95%) of `successes` out of `trials`;
/// `None` without trials.
pub fn wilson(successes: u32, trials: u32) -> Option<Interval> {
    if trials == 0 || successes > trials {
        return None;
    }
    let n = f64::from(trials);
    let p = f64::from(successes) / n;
    let z2 = Z_95 * Z_95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z_95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    Some(Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    })
}

/// The mean of `values`; `None` when there are none.
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// A 95% percentile-bootstrap interval of the sum of the groups' means
/// (one group: its mean). Each resample draws every group's values with
/// replacement, within the group. `None` when no group has two values
/// (one attempt says nothing about the noise) or a group is empty.
pub fn bootstrap_sum_of_means(groups: &[&[f64]]) -> Option<Interval> {
    if groups.iter().any(|g| g.is_empty()) || groups.iter().all(|g| g.len() < 2) {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(STATS_SEED);
    let mut replicates: Vec<f64> = (0..BOOTSTRAP_ROUNDS)
        .map(|_| {
            groups
                .iter()
                .map(|group| {
                    let total: f64 = (0..group.len())
                        .map(|_| group[rng.gen_range(0..group.len())])
                        .sum();
                    total / group.len() as f64
                })
                .sum()
        })
        .collect();
    replicates.sort_by(f64::total_cmp);
    let low = (0.025 * BOOTSTRAP_ROUNDS as f64).floor() as usize;
    let high = (0.975 * BOOTSTRAP_ROUNDS as f64).ceil() as usize - 1;
    Some(Interval {
        low: replicates[low],
        high: replicates[high],
    })
}

/// One group of a paired comparison: the baseline's values and the other
/// run's values of the same task.
pub type Pair<'a> = (&'a [f64], &'a [f64]);

/// The two-sided p-value of a stratified permutation test of "the other
/// run scores the same as the baseline": the statistic is the sum over
/// groups of mean(other) − mean(baseline); each round shuffles the values
/// within every group between the two runs. With one value per run and
/// group this is the sign-flip test over tasks. `None` when a group lacks
/// values on either side.
pub fn permutation_p_value(groups: &[Pair]) -> Option<f64> {
    if groups.is_empty() || groups.iter().any(|(a, b)| a.is_empty() || b.is_empty()) {
        return None;
    }
    let statistic = |groups: &mut dyn Iterator<Item = (&[f64], &[f64])>| -> f64 {
        groups
            .map(|(a, b)| mean(b).unwrap_or(0.0) - mean(a).unwrap_or(0.0))
            .sum()
    };
    let observed = statistic(&mut groups.iter().copied()).abs();
    let mut pooled: Vec<Vec<f64>> = groups.iter().map(|(a, b)| [*a, *b].concat()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(STATS_SEED);
    // Rounding noise must not make an equal statistic look smaller.
    let tolerance = 1e-9 * observed.max(1.0);
    let mut as_extreme = 0usize;
    for _ in 0..PERMUTATION_ROUNDS {
        for values in &mut pooled {
            values.shuffle(&mut rng);
        }
        let shuffled = statistic(
            &mut pooled
                .iter()
                .zip(groups)
                .map(|(values, (a, _))| values.split_at(a.len())),
        );
        if shuffled.abs() >= observed - tolerance {
            as_extreme += 1;
        }
    }
    Some((1 + as_extreme) as f64 / (1 + PERMUTATION_ROUNDS) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn pass_at_k_matches_hand_computed_tables() {
        // n = 5, c = 2: 1 - C(3,k)/C(5,k)
        //   k=1: 1 - 3/5   = 0.4     k=2: 1 - 3/10 = 0.7    k=3: 1 - 1/10 = 0.9
        //   k=4: C(3,4)=0 → 1         k=5: 1
        // n = 5, c = 1: 1 - C(4,k)/C(5,k)
        //   k=1: 1 - 4/5 = 0.2   k=2: 1 - 6/10 = 0.4   k=3: 1 - 4/10 = 0.6
        //   k=4: 1 - 1/5 = 0.8   k=5: 1 - 0/1 = 1
        // n = 10, c = 3, k = 5: 1 - C(7,5)/C(10,5) = 1 - 21/252 = 11/12
        // n = 4, c = 0: 0 for every k;  n = 4, c = 4: 1 for every k.
        let table: [(u32, u32, &[f64]); 4] = [
            (5, 2, &[0.4, 0.7, 0.9, 1.0, 1.0]),
            (5, 1, &[0.2, 0.4, 0.6, 0.8, 1.0]),
            (4, 0, &[0.0, 0.0, 0.0, 0.0]),
            (4, 4, &[1.0, 1.0, 1.0, 1.0]),
        ];
        for (n, c, expected) in table {
            for (k, want) in (1..).zip(expected) {
                let got = pass_at_k(n, c, k).unwrap();
                assert!(close(got, *want, 1e-12), "pass@{k} of {c}/{n}: {got}");
            }
            assert_eq!(pass_at_k(n, c, n + 1), None);
            assert_eq!(pass_at_k(n, c, 0), None);
        }
        assert!(close(pass_at_k(10, 3, 5).unwrap(), 11.0 / 12.0, 1e-12));
        // pass@1 is the success rate.
        assert!(close(pass_at_k(7, 3, 1).unwrap(), 3.0 / 7.0, 1e-12));
        // Large n: no overflow (C(1000, 500) is far beyond f64's factorials).
        let large = pass_at_k(1000, 1, 500).unwrap();
        assert!(close(large, 0.5, 1e-12), "{large}");
    }

    #[test]
    fn wilson_matches_hand_computed_intervals() {
        // z = 1.959964, z² = 3.841459.
        // 3/10: centre = (0.3 + z²/20) / (1 + z²/10) = 0.492073 / 1.384146 = 0.355506
        //       half   = z·sqrt(0.3·0.7/10 + z²/400) / 1.384146 = 0.247714
        //       → [0.1078, 0.6032] (the textbook value)
        // 0/5:  centre = (z²/10) / (1 + z²/5) = 0.384146 / 1.768292 = 0.217241
        //       half   = z·sqrt(z²/100) / 1.768292 = 0.217241 → [0, 0.4345]
        // 5/5:  the mirror image → [0.5655, 1]
        let table = [
            (3, 10, 0.10779, 0.60322),
            (0, 5, 0.0, 0.43449),
            (5, 5, 0.56551, 1.0),
            (1, 1, 0.20654, 1.0),
        ];
        for (c, n, low, high) in table {
            let interval = wilson(c, n).unwrap();
            assert!(close(interval.low, low, 5e-5), "{c}/{n}: {interval:?}");
            assert!(close(interval.high, high, 5e-5), "{c}/{n}: {interval:?}");
        }
        assert_eq!(wilson(0, 0), None);
    }

    #[test]
    fn bootstrap_is_reproducible_and_brackets_the_mean() {
        let scores = [0.0, 2.5, 10.0, 5.0, 7.5];
        let first = bootstrap_sum_of_means(&[&scores]).unwrap();
        assert_eq!(Some(first), bootstrap_sum_of_means(&[&scores]), "same seed");
        assert!(first.low < 5.0 && 5.0 < first.high, "{first:?}");
        assert!(first.low >= 0.0 && first.high <= 10.0, "{first:?}");
        // Two values 0 and 1: resample means are 0, 0.5, 1 with chances
        // 1/4, 1/2, 1/4, so the 2.5% and 97.5% points are 0 and 1.
        let coin = bootstrap_sum_of_means(&[&[0.0, 1.0]]).unwrap();
        assert_eq!(
            coin,
            Interval {
                low: 0.0,
                high: 1.0
            }
        );
        // Constant attempts: no spread.
        let constant = bootstrap_sum_of_means(&[&[3.0, 3.0, 3.0]]).unwrap();
        assert_eq!(
            constant,
            Interval {
                low: 3.0,
                high: 3.0
            }
        );
        // A group of one adds its value to every resample.
        let summed = bootstrap_sum_of_means(&[&[3.0, 3.0], &[4.0]]).unwrap();
        assert_eq!(
            summed,
            Interval {
                low: 7.0,
                high: 7.0
            }
        );
        // One attempt alone tells nothing about the noise.
        assert_eq!(bootstrap_sum_of_means(&[&[4.0]]), None);
        assert_eq!(bootstrap_sum_of_means(&[&[4.0, 1.0], &[]]), None);
    }

    #[test]
    fn permutation_test_matches_hand_computed_p_values() {
        // Five zeros against five ones: of the C(10,5) = 252 splits only the
        // two extreme ones are as far apart, p = 2/252 = 0.0079.
        let p = permutation_p_value(&[(&[0.0; 5], &[1.0; 5])]).unwrap();
        assert!(close(p, 2.0 / 252.0, 0.004), "{p}");
        assert!(p < SIGNIFICANCE_LEVEL);
        // One attempt each: both splits are as extreme, p = 1.
        assert_eq!(permutation_p_value(&[(&[0.0], &[1.0])]), Some(1.0));
        // Sign flips over tasks: six tasks all better by 1: p = 2/64 = 0.031;
        // five tasks: p = 2/32 = 0.0625, within the noise.
        let six: Vec<Pair> = vec![(&[0.0][..], &[1.0][..]); 6];
        let p6 = permutation_p_value(&six).unwrap();
        assert!(close(p6, 2.0 / 64.0, 0.008), "{p6}");
        assert!(p6 < SIGNIFICANCE_LEVEL);
        let p5 = permutation_p_value(&six[..5]).unwrap();
        assert!(close(p5, 2.0 / 32.0, 0.012), "{p5}");
        assert!(p5 > SIGNIFICANCE_LEVEL);
        // Same values: nothing to see.
        let same = [1.0, 2.0, 3.0];
        assert_eq!(permutation_p_value(&[(&same, &same)]), Some(1.0));
        // Reproducible.
        let mixed: [Pair; 2] = [(&[1.0, 4.0, 2.0], &[3.0, 5.0]), (&[0.0], &[2.0, 2.5])];
        assert_eq!(permutation_p_value(&mixed), permutation_p_value(&mixed));
        assert_eq!(permutation_p_value(&[(&[], &[1.0])]), None);
    }
}
