//! The Leadership (Ld) test (WS-LD-1 … WS-LD-6) and Inspiring (WS-SPC-1).

use crate::engine::dice::{Dice, Die};
use crate::engine::log::{Itemized, LogEntry};

/// Current Nerve: starting Nv less one per nerve marker (WS-LD-4, WS-NV-2).
pub fn current_nv(starting_nv: i32, nerve_markers: u32) -> i32 {
    starting_nv - nerve_markers as i32
}

/// The Nv a unit tests against: its own, or that of an Inspiring Officer or
/// Hero within 6 inches, whichever is higher (WS-SPC-1; taking the higher is
/// the digest's reading).
pub fn tested_nv(own_nv: i32, inspiring_nv: Option<i32>) -> i32 {
    inspiring_nv.map_or(own_nv, |i| i.max(own_nv))
}

/// Whether rolled Ld dice pass: at least one die at or under `nv` (WS-LD-2).
pub fn passes(dice: &[u32], nv: i32) -> bool {
    dice.iter().any(|d| *d as i32 <= nv)
}

/// Exact chance that `ld` d6 pass against `nv`: 1 − (1 − Nv/6)^Ld, with Nv
/// clamped to 0..=6 and Ld 0 never passing (WS-LD-5, WS-LD-6).
pub fn pass_probability(ld: u32, nv: i32) -> f64 {
    if ld == 0 {
        return 0.0;
    }
    let p = f64::from(nv.clamp(0, 6)) / 6.0;
    1.0 - (1.0 - p).powi(ld as i32)
}

/// Rolls an Ld test: `ld` d6 against `nv` (WS-LD-2). Returns the result and
/// its log entry, with the exact probability of that result.
pub fn ld_test(dice: &mut Dice, ld: u32, nv: &Itemized, unit: u32, name: &str) -> (bool, LogEntry) {
    let target = nv.total();
    let rolled = dice.roll_n(Die::D6, ld);
    let pass = passes(&rolled, target);
    let p = pass_probability(ld, target);
    let mut e = LogEntry::event(
        "WS-LD-2",
        vec![unit],
        format!("{name}: Ld test, {ld} dice, pass if any die is {target} or less"),
    );
    e.value = Some(nv.clone());
    e.target = Some(target);
    e.die = Some(Die::D6.name().to_string());
    e.dice = rolled;
    e.outcome = if pass { "pass".into() } else { "fail".into() };
    e.probability = Some(if pass { p } else { 1.0 - p });
    (pass, e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gc_ws_04_leadership_test_examples() {
        // GC-WS-04 (WS-LD-2, WS-LD-3): LaansGuard Ld 2 Nv 3, Knight Paladin Ld 1 Nv 5.
        assert!(passes(&[4, 3], 3));
        assert!(!passes(&[5, 6], 3));
        assert!(passes(&[1, 6], 3));
        assert!(passes(&[5], 5));
        assert!(!passes(&[6], 5));
        let mut d = Dice::new(0);
        d.load([5, 6]);
        let (pass, e) = ld_test(&mut d, 2, &Itemized::new("Nv", 3), 1, "LaansGuard");
        assert!(!pass);
        assert_eq!(e.dice, vec![5, 6]);
        assert_eq!(e.die.as_deref(), Some("d6"));
        assert!((e.probability.unwrap_or(0.0) - 0.25).abs() < 1e-12);
    }

    #[test]
    fn gc_ws_05_nerve_markers_lower_nv() {
        // GC-WS-05 (WS-NV-2, WS-LD-4): LaansGuard with 1 marker rolls [3, 3].
        let nv = current_nv(3, 1);
        assert_eq!(nv, 2);
        assert!(!passes(&[3, 3], nv));
    }

    #[test]
    fn pass_probability_is_exact() {
        // WS-LD-6: Ld 2 at Nv 3 = 1 - (1/2)^2 = 3/4; Ld 1 at Nv 5 = 5/6.
        assert!((pass_probability(2, 3) - 0.75).abs() < 1e-12);
        assert!((pass_probability(1, 5) - 5.0 / 6.0).abs() < 1e-12);
        // WS-LD-5: Nv 0 never passes, Nv 6 always does, Ld 0 never.
        assert_eq!(pass_probability(3, 0), 0.0);
        assert_eq!(pass_probability(1, 7), 1.0);
        assert_eq!(pass_probability(0, 6), 0.0);
    }

    #[test]
    fn inspiring_lends_the_higher_nv() {
        // WS-SPC-1.
        assert_eq!(tested_nv(2, Some(5)), 5);
        assert_eq!(tested_nv(4, Some(3)), 4);
        assert_eq!(tested_nv(3, None), 3);
    }
}
