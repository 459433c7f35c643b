//! Exact probabilities for dice, computed by enumeration, never by sampling.

/// Chance that one die of `faces` faces (1..=faces) rolls at most `target`
/// (roll-under). `target` below 1 gives 0, at or above `faces` gives 1.
pub fn roll_under(target: i32, faces: u32) -> f64 {
    let t = target.clamp(0, faces as i32) as f64;
    t / faces as f64
}

/// Binomial distribution: `result[k]` is the chance of exactly `k` successes
/// in `n` independent trials of chance `p`. Length `n + 1`; sums to 1.
pub fn binomial(n: u32, p: f64) -> Vec<f64> {
    let mut dist = vec![0.0; n as usize + 1];
    dist[0] = 1.0;
    for i in 0..n as usize {
        for k in (0..=i + 1).rev() {
            let stay = dist[k] * (1.0 - p);
            let from = if k > 0 { dist[k - 1] * p } else { 0.0 };
            dist[k] = stay + from;
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_under_clamps() {
        assert_eq!(roll_under(12, 20), 0.6);
        assert_eq!(roll_under(-3, 20), 0.0);
        assert_eq!(roll_under(25, 20), 1.0);
    }

    #[test]
    fn binomial_matches_closed_form() {
        let d = binomial(6, 0.5);
        let expect = [1.0, 6.0, 15.0, 20.0, 15.0, 6.0, 1.0].map(|c| c / 64.0);
        for (a, b) in d.iter().zip(expect) {
            assert!((a - b).abs() < 1e-12);
        }
        assert!((binomial(18, 0.35).iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
