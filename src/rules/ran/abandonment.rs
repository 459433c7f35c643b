//! Contingent Abandonment (RAN-WD) as pure functions: the threshold for a
//! contingent of N combat units with D of them Disordered, Fled or
//! Eliminated, and the roll modifiers.

use crate::engine::log::Modifier;

use super::data::Withdrawal;

/// The abandonment threshold for `n` units with `d` bad (RAN-WD-1): the
/// 1–10 grid (RAN-WD-3), the 11–21 grid (RAN-WD-4), the 25-unit table
/// (RAN-WD-5) or the 33–35-unit table (RAN-WD-6), each for the sizes of
/// `withdrawal.ron`. `None` = no roll (also for sizes the card has no table
/// for, RAN-WD-7).
pub fn threshold(t: &Withdrawal, n: u32, d: u32) -> Option<i32> {
    if d == 0 || d > n {
        return None;
    }
    let grid = |cells: &[super::data::WdCell]| {
        cells
            .iter()
            .find(|c| c.n == n && c.d == d)
            .and_then(|c| c.threshold)
    };
    let bands = |b: &[super::data::WdBand]| {
        b.iter()
            .find(|x| x.d_min <= d && d <= x.d_max)
            .and_then(|x| x.threshold)
    };
    let within = |(lo, hi): (u32, u32)| lo <= n && n <= hi;
    let s = &t.sizes;
    if within(s.grid_1_to_10) {
        grid(&t.grid_1_to_10)
    } else if within(s.grid_11_to_21) {
        grid(&t.grid_11_to_21)
    } else if within(s.size_25) {
        bands(&t.size_25)
    } else if within(s.size_33_to_35) {
        bands(&t.size_33_to_35)
    } else {
        None
    }
}

/// The rule of the table a contingent of `n` units reads: RAN-WD-3 (1–10),
/// RAN-WD-4 (11–21), RAN-WD-5 (25), RAN-WD-6 (33–35); a size between two
/// tables is given the next table's rule.
pub fn table_rule(t: &Withdrawal, n: u32) -> &'static str {
    let s = &t.sizes;
    if n <= s.grid_1_to_10.1 {
        "RAN-WD-3"
    } else if n <= s.grid_11_to_21.1 {
        "RAN-WD-4"
    } else if n <= s.size_25.1 {
        "RAN-WD-5"
    } else {
        "RAN-WD-6"
    }
}

/// The roll modifiers (RAN-WD-2, L368): + ⌊Momentum/2⌋ of the original
/// Busho while he lives (`original_alive`: his Momentum); − ⌈Momentum/2⌉ of
/// the contingent's Busho, original or replacement, who died this Game Turn
/// (`died_this_turn`: his Momentum, "su Factor de Momentum"); − the
/// So-Taisho's Initiative if he died this Game Turn. The halves divide by
/// `withdrawal.ron`'s `momentum_divisor`.
pub fn modifiers(
    t: &Withdrawal,
    original_alive: Option<i32>,
    died_this_turn: Option<i32>,
    so_taisho_died_this_turn: Option<i32>,
) -> Vec<Modifier> {
    let mut m = Vec::new();
    if let Some(momentum) = original_alive {
        m.push(Modifier::new(
            say!("ran-mod-original-busho-alive"),
            momentum.div_euclid(t.momentum_divisor),
            "RAN-WD-2",
        ));
    }
    if let Some(momentum) = died_this_turn {
        m.push(Modifier::new(
            say!("ran-mod-busho-died"),
            -((momentum + t.momentum_divisor - 1).div_euclid(t.momentum_divisor)),
            "RAN-WD-2",
        ));
    }
    if let Some(init) = so_taisho_died_this_turn {
        m.push(Modifier::new(
            say!("ran-mod-so-taisho-died"),
            -init,
            "RAN-WD-2",
        ));
    }
    m
}

/// Whether the contingent abandons: the modified roll, not clamped, is at
/// most the threshold (RAN-WD-1, RAN-DICE-3).
pub fn abandons(raw: u32, mods: &[Modifier], threshold: i32) -> bool {
    raw as i32 + mods.iter().map(|m| m.value).sum::<i32>() <= threshold
}

/// The exact chance of abandoning over the faces of the die (RAN-DICE-1).
pub fn abandon_chance(mods: &[Modifier], threshold: i32) -> f64 {
    super::dice::chance_of(|r| abandons(r, mods, threshold))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ran::data::RanTables;

    fn t() -> Withdrawal {
        RanTables::load().expect("tables").withdrawal
    }

    #[test]
    fn gc_ran_21_small_contingents() {
        // RAN-WD-1, RAN-WD-3.
        let t = t();
        let case = |n, d, roll| threshold(&t, n, d).map(|th| (th, abandons(roll, &[], th)));
        assert_eq!(case(10, 5, 2), Some((2, true)));
        assert_eq!(case(10, 5, 3), Some((2, false)));
        assert_eq!(case(2, 1, 3), Some((3, true)));
        assert_eq!(case(1, 1, 9), Some((9, true)));
        assert_eq!(threshold(&t, 3, 1), None);
        assert_eq!(case(5, 2, 0), Some((0, true)));
        assert_eq!(case(7, 4, 4), Some((3, false)));
        assert_eq!(case(6, 6, 9), Some((9, true)));
    }

    #[test]
    fn gc_ran_23_eleven_to_twenty_one() {
        // RAN-WD-4, RAN-WD-7 (repaired cells).
        let t = t();
        let th = |n, d| threshold(&t, n, d);
        assert_eq!(th(15, 9), Some(3));
        assert_eq!(th(21, 8), Some(0));
        assert_eq!(th(21, 7), None);
        assert_eq!(th(12, 12), Some(9));
        assert_eq!(th(11, 4), Some(0));
        assert_eq!(th(12, 4), None);
        assert_eq!(th(18, 14), Some(7));
        assert_eq!(th(11, 10), Some(8));
        assert_eq!(th(16, 7), Some(0));
        assert_eq!(th(15, 7), Some(1));
        assert_eq!(th(11, 7), Some(4));
    }

    #[test]
    fn gc_ran_24_condensed_tables() {
        // RAN-WD-5, RAN-WD-6.
        let t = t();
        let th = |n, d| threshold(&t, n, d);
        assert_eq!(th(25, 9), None);
        assert_eq!(th(25, 10), Some(0));
        assert_eq!(th(25, 13), Some(3));
        assert_eq!(th(25, 22), Some(7));
        assert_eq!(th(25, 25), Some(9));
        assert_eq!(th(34, 13), None);
        assert_eq!(th(34, 14), Some(0));
        assert_eq!(th(34, 20), Some(3));
        assert_eq!(th(34, 28), Some(7));
        assert_eq!(th(34, 34), Some(9));
        assert_eq!(th(28, 20), None, "no table for 26-32 (RAN-WD-7)");
    }

    #[test]
    fn each_size_reads_its_tables_rule() {
        // RAN-WD-3..6: the rule cited is that of the table the size reads.
        let t = t();
        let rule = |n| table_rule(&t, n);
        assert_eq!(
            [rule(1), rule(10), rule(11), rule(21)],
            ["RAN-WD-3", "RAN-WD-3", "RAN-WD-4", "RAN-WD-4"]
        );
        assert_eq!(
            [rule(25), rule(33), rule(35)],
            ["RAN-WD-5", "RAN-WD-6", "RAN-WD-6"]
        );
    }

    #[test]
    fn ran_wd_2_the_momentum_is_that_of_the_busho_who_died() {
        // RAN-WD-2 (L368): "−? Si el Busho (original o de reemplazo) ... ha
        // muerto este Turno, se resta la mitad de su Factor de Momentum": a
        // replacement of Momentum 2 who died this turn costs 1, whatever the
        // original's Momentum was.
        let m = modifiers(&t(), None, Some(2), None);
        assert_eq!(m.iter().map(|x| x.value).sum::<i32>(), -1);
    }

    #[test]
    fn modifiers_follow_the_card() {
        // RAN-WD-2: Momentum 5 alive → +2; died this turn → −3; So-Taisho (4) died → −4.
        let m = modifiers(&t(), Some(5), None, None);
        assert_eq!(m[0].value, 2);
        let m = modifiers(&t(), None, Some(5), Some(4));
        assert_eq!(m.iter().map(|x| x.value).sum::<i32>(), -7);
        // Unclamped: roll 0 − 7 ≤ any threshold ≥ −7.
        assert!(abandons(0, &m, -7));
        assert!((abandon_chance(&[], 2) - 0.3).abs() < 1e-12);
    }
}
