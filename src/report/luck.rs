//! The luck of the dice: every weighed roll of a side (a log entry with
//! [`LogEntry::worse`](crate::engine::log::LogEntry::worse)) against its
//! exact odds, and one figure a player understands.
//!
//! Each roll becomes its randomized probability integral transform
//! `u = worse + t × probability`, where `worse` is the exact chance of a
//! result worse for the rolling side, `probability` that of the result
//! rolled, and `t` a tie-break drawn uniformly in 0–1 from a generator
//! seeded by the game's dice seed (so a report is the same every time).
//! Under fair dice each `u` is uniform in 0–1, whatever the roll, the
//! odds or the roll before. A side's figure is `z = Σ Φ⁻¹(u) / √n` over
//! its `n` rolls, which under fair dice is a standard normal for any
//! `n`; its percentile `100 × Φ(z)` is computed exactly from the normal
//! law (no simulation): "better than 91% of games like this" means that
//! fair dice on the same rolls would have done worse 91 times in 100.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statrs::distribution::{ContinuousCDF, Normal};

/// One weighed roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Roll {
    /// The side a better result favours (0 or 1).
    pub side: u8,
    /// Exact chance of a worse result for `side`, `0.0..=1.0`.
    pub worse: f64,
    /// Exact chance of the result rolled, `0.0..=1.0`.
    pub probability: f64,
}

/// A side's luck over a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideLuck {
    /// Rolls weighed.
    pub rolls: u32,
    /// The rolls' mean place among their possible results, `0.0..=1.0`
    /// (½ expected under fair dice).
    pub mean_place: f64,
    /// `Σ Φ⁻¹(u) / √n`: standard normal under fair dice; 0 for no rolls.
    pub z: f64,
    /// `100 × Φ(z)`, `0.0..=100.0`: the share of games with fair dice on
    /// the same rolls that this side's dice beat; 50 for no rolls.
    pub percentile: f64,
}

/// Smallest and largest `u` used (Φ⁻¹ of 0 or 1 is infinite).
const U_EDGE: f64 = 1e-12;

/// The randomized probability integral transform of one roll:
/// `worse + tie × probability`, kept inside (0, 1).
pub fn place(worse: f64, probability: f64, tie: f64) -> f64 {
    (worse + tie * probability).clamp(U_EDGE, 1.0 - U_EDGE)
}

/// Both sides' luck from the game's weighed rolls in the order rolled;
/// `seed` seeds the tie-breaks (the game's dice seed).
pub fn luck_of(rolls: &[Roll], seed: u64) -> [SideLuck; 2] {
    let normal = standard_normal();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6c75_636b);
    let mut sum = [0.0f64; 2];
    let mut places = [0.0f64; 2];
    let mut n = [0u32; 2];
    for r in rolls {
        let tie: f64 = rng.random();
        let u = place(r.worse, r.probability, tie);
        let s = usize::from(r.side.min(1));
        sum[s] += normal.inverse_cdf(u);
        places[s] += u;
        n[s] += 1;
    }
    [0, 1].map(|s| {
        if n[s] == 0 {
            return SideLuck {
                rolls: 0,
                mean_place: 0.5,
                z: 0.0,
                percentile: 50.0,
            };
        }
        let z = sum[s] / f64::from(n[s]).sqrt();
        SideLuck {
            rolls: n[s],
            mean_place: places[s] / f64::from(n[s]),
            z,
            percentile: 100.0 * normal.cdf(z),
        }
    })
}

/// The standard normal law.
fn standard_normal() -> Normal {
    // Mean 0 and deviation 1 are valid: the constructor cannot fail.
    Normal::standard()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(side: u8, p: f64) -> Roll {
        Roll {
            side,
            worse: 1.0 - p,
            probability: p,
        }
    }

    fn fail(side: u8, p_pass: f64) -> Roll {
        Roll {
            side,
            worse: 0.0,
            probability: 1.0 - p_pass,
        }
    }

    #[test]
    fn every_test_passed_is_at_the_top_and_every_test_failed_at_the_bottom() {
        let good: Vec<Roll> = (0..30).map(|_| pass(0, 0.5)).collect();
        let bad: Vec<Roll> = (0..30).map(|_| fail(1, 0.5)).collect();
        let rolls: Vec<Roll> = good.into_iter().chain(bad).collect();
        let [a, b] = luck_of(&rolls, 7);
        assert_eq!((a.rolls, b.rolls), (30, 30));
        assert!(a.percentile > 99.9, "{a:?}");
        assert!(b.percentile < 0.1, "{b:?}");
        assert!(a.mean_place > 0.5 && b.mean_place < 0.5);
    }

    #[test]
    fn a_certain_result_says_nothing_of_luck() {
        // A pass with p = 1: its place is the tie-break alone, uniform.
        let rolls: Vec<Roll> = (0..2000).map(|_| pass(0, 1.0)).collect();
        let [a, _] = luck_of(&rolls, 3);
        assert!(a.z.abs() < 3.5, "{a:?}");
        assert!((a.mean_place - 0.5).abs() < 0.03, "{a:?}");
    }

    #[test]
    fn no_rolls_is_the_median() {
        let [a, b] = luck_of(&[], 1);
        assert_eq!(a.percentile, 50.0);
        assert_eq!(b.rolls, 0);
    }

    #[test]
    fn the_places_of_fair_rolls_are_uniform() {
        // Hits of 4 dice at 0.3, rolled with a seeded generator: the
        // places of the results fall evenly into ten bins.
        let dist = crate::engine::odds::binomial(4, 0.3);
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut bins = [0u32; 10];
        for _ in 0..20_000 {
            let k = (0..4).filter(|_| rng.random::<f64>() < 0.3).count();
            let worse: f64 = dist[..k].iter().sum();
            let u = place(worse, dist[k], rng.random());
            bins[((u * 10.0) as usize).min(9)] += 1;
        }
        for b in bins {
            assert!((1800..=2200).contains(&b), "{bins:?}");
        }
    }
}
