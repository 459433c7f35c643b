//! The Leadership (Ld) test (WS-LD-1 … WS-LD-6) and Inspiring (WS-SPC-1).
//!
//! Ld (the leaders' command) gives the number of dice, Nv (the troops' nerve)
//! the face at least one die must not exceed (WS-LD-1, WS-LD-2). The dice are
//! d6 (WS-DICE-1).

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};

use super::unit::WsUnitState;

/// The Nv a unit tests against: its own, or that of an Inspiring Officer or
/// Hero within 6 inches, whichever is higher (WS-SPC-1; taking the higher is
/// the digest's reading).
pub fn tested_nv(own_nv: i32, inspiring_nv: Option<i32>) -> i32 {
    inspiring_nv.map_or(own_nv, |i| i.max(own_nv))
}

/// Whether rolled Ld dice pass: at least one die at or under `nv` (WS-LD-2).
/// The seed's examples (WS-LD-3): LaansGuard Ld 2 / Nv 3 rolls 2 dice and
/// needs a 3 or less on one; Knight Paladin Ld 1 / Nv 5 needs a 5 or less.
pub fn passes(dice: &[u32], nv: i32) -> bool {
    dice.iter().any(|d| *d as i32 <= nv)
}

/// Exact chance that `ld` d6 pass against `nv`: 1 − (1 − Nv/6)^Ld, with Nv
/// clamped to 0..=6 and Ld 0 never passing (WS-LD-5, WS-LD-6).
pub fn pass_probability(ld: u32, nv: i32) -> f64 {
    if ld == 0 {
        return 0.0;
    }
    let d = super::data::DIE;
    let p = (d.min()..=d.max())
        .filter(|f| i64::from(*f) <= i64::from(nv))
        .count() as f64
        / f64::from(d.faces());
    1.0 - (1.0 - p).powi(ld as i32)
}

/// A test whose result is certain without dice (WS-LD-5 [SIM]): Ld 0 or
/// Nv ≤ 0 fails, Nv at the die's highest face or more (6) with Ld ≥ 1
/// passes. `None` = dice must be rolled.
pub fn automatic_result(ld: u32, nv: i32) -> Option<bool> {
    if ld == 0 || nv <= 0 {
        Some(false)
    } else if i64::from(nv) >= i64::from(super::data::DIE.max()) {
        Some(true)
    } else {
        None
    }
}

/// Rolls an Ld test: `ld` d6 against `nv` (WS-LD-2, WS-DICE-1); a certain
/// result rolls no dice (WS-LD-5). Returns the result and its log entry: the
/// itemized Nv, the dice, the outcome, its exact probability, and the pass
/// probability in the text (WS-LD-6).
pub fn ld_test(dice: &mut Dice, ld: u32, nv: &Itemized, unit: u32, name: &str) -> (bool, LogEntry) {
    let target = nv.total();
    let p = pass_probability(ld, target);
    let (rule, rolled, pass) = match automatic_result(ld, target) {
        Some(pass) => ("WS-LD-5", Vec::new(), pass),
        None => {
            let rolled = dice.roll_n(super::data::DIE, ld);
            let pass = passes(&rolled, target);
            ("WS-LD-2", rolled, pass)
        }
    };
    let mut e = LogEntry::event(
        rule,
        vec![unit],
        say!(
            "ws-log-ld-test",
            rule = "WS-LD-6",
            unit = name,
            ld = ld,
            target = target,
            p = format!("{p:.4}")
        ),
    );
    e.value = Some(nv.clone());
    e.target = Some(target);
    e.die = Some(super::data::DIE.name().to_string());
    e.dice = rolled;
    e.outcome = match (rule, pass) {
        ("WS-LD-5", true) => say!("ws-outcome-automatic-pass"),
        ("WS-LD-5", false) => say!("ws-outcome-automatic-fail"),
        (_, true) => say!("ws-outcome-pass"),
        (_, false) => say!("ws-outcome-fail"),
    };
    e.failed = !pass;
    e.probability = Some(if pass { p } else { 1.0 - p });
    e.weigh_test();
    (pass, e)
}

/// An Inspiring Officer or Hero near a testing unit (WS-SPC-1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InspiringOfficer {
    /// The Officer's unit id.
    pub officer: u32,
    /// The Officer's current Nv (WS-LD-4).
    pub current_nv: i32,
}

impl InspiringOfficer {
    /// The Officer's Inspiring help for a unit `distance` inches away, if it
    /// applies: the Officer is an Officer/Hero with Inspiring, has models left,
    /// and `distance ≤ range` (6" in the table) (WS-SPC-1).
    pub fn within(officer: &WsUnitState, distance: f64, range: f64) -> Option<Self> {
        (officer.officer && officer.inspiring && !officer.destroyed() && distance <= range).then(
            || Self {
                officer: officer.id,
                current_nv: officer.current_nv(),
            },
        )
    }
}

/// The Nv a unit tests against, itemized: starting Nv, −1 per nerve marker
/// (WS-LD-4, WS-NV-2), and an Inspiring Officer's higher current Nv as a
/// setting (WS-SPC-1).
pub fn tested_nv_itemized(unit: &WsUnitState, inspiring: Option<InspiringOfficer>) -> Itemized {
    let mut nv = Itemized::new(say!("ws-nv-starting"), unit.starting_nv as i32);
    nv.add(
        say!("ws-nv-markers"),
        -(unit.nerve_markers() as i32),
        "WS-LD-4",
    );
    let own = nv.total();
    if let Some(o) = inspiring
        && o.officer != unit.id
        && tested_nv(own, Some(o.current_nv)) > own
    {
        nv.set_to = Some(crate::engine::log::Modifier::new(
            say!("ws-nv-inspiring"),
            o.current_nv,
            "WS-SPC-1",
        ));
    }
    nv
}

/// The result of a unit's Ld test.
#[derive(Clone, Debug, PartialEq)]
pub struct LdOutcome {
    /// Passed.
    pub pass: bool,
    /// The Nv tested against.
    pub nv: i32,
    /// Faces rolled (empty for an automatic result).
    pub dice: Vec<u32>,
    /// The test's log entry (WS-LD-2 or WS-LD-5).
    pub log: LogEntry,
}

/// A unit's Ld test (WS-LD-1 … WS-LD-6, WS-SPC-1): its Ld in d6 against its
/// current Nv, or the Inspiring Officer's if higher. `why` names the occasion
/// for the log ("reaction phase", "to keep fighting").
pub fn leadership_test(
    dice: &mut Dice,
    unit: &WsUnitState,
    inspiring: Option<InspiringOfficer>,
    why: &str,
) -> LdOutcome {
    let nv = tested_nv_itemized(unit, inspiring);
    let (pass, log) = ld_test(
        dice,
        unit.ld,
        &nv,
        unit.id,
        &format!("{} ({why})", unit.name),
    );
    LdOutcome {
        pass,
        nv: nv.total(),
        dice: log.dice.clone(),
        log,
    }
}

/// The exact chance that [`leadership_test`] passes for `unit` with this
/// Inspiring help: the same tested Nv, and [`pass_probability`] (WS-LD-2).
pub fn leadership_pass_chance(unit: &WsUnitState, inspiring: Option<InspiringOfficer>) -> f64 {
    pass_probability(unit.ld, tested_nv_itemized(unit, inspiring).total())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warstrike::data::WsTables;
    use crate::rules::warstrike::unit::current_nv;

    fn unit(key: &str, id: u32) -> WsUnitState {
        let t = WsTables::load().expect("table");
        WsUnitState::from_stats(id, t.unit(key).expect("unit"))
    }

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
        // WS-DICE-1: Ld tests roll d6.
        assert_eq!(e.die.as_deref(), Some("d6"));
        assert!((e.probability.unwrap_or(0.0) - 0.25).abs() < 1e-12);
        // The same cases through the unit-level test, with the table's units.
        let lg = unit("laansguard", 1);
        let kp = unit("knight_paladin", 2);
        for (u, faces, expect) in [
            (&lg, vec![4, 3], true),
            (&lg, vec![5, 6], false),
            (&lg, vec![1, 6], true),
            (&kp, vec![5], true),
            (&kp, vec![6], false),
        ] {
            let mut d = Dice::new(0);
            d.load(faces.clone());
            let r = leadership_test(&mut d, u, None, "example");
            assert_eq!((r.pass, r.dice), (expect, faces));
            assert_eq!(r.log.rule, "WS-LD-2");
        }
    }

    #[test]
    fn gc_ws_05_nerve_markers_lower_nv() {
        // GC-WS-05 (WS-NV-2, WS-LD-4): LaansGuard with 1 marker rolls [3, 3].
        let nv = current_nv(3, 1);
        assert_eq!(nv, 2);
        assert!(!passes(&[3, 3], nv));
        let mut lg = unit("laansguard", 1);
        lg.suppression.nerve_markers = 1;
        let mut d = Dice::new(0);
        d.load([3, 3]);
        let r = leadership_test(&mut d, &lg, None, "test");
        assert_eq!((r.nv, r.pass), (2, false));
        let v = r.log.value.expect("itemized Nv");
        assert_eq!(v.modifiers[0].rule, "WS-LD-4");
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
    fn degenerate_tests_roll_no_dice() {
        // WS-LD-5: Nv 0 fails and Nv 6 passes without dice.
        let mut lg = unit("laansguard", 1);
        lg.suppression.nerve_markers = 3;
        let mut d = Dice::new(0);
        let r = leadership_test(&mut d, &lg, None, "test");
        assert!(!r.pass && r.dice.is_empty());
        assert_eq!(
            (r.log.rule.as_str(), r.log.outcome.as_str()),
            ("WS-LD-5", "automatic fail")
        );
        assert_eq!(d.rolled(), 0);
        assert_eq!(automatic_result(2, 6), Some(true));
        assert_eq!(automatic_result(0, 4), Some(false));
        assert_eq!(automatic_result(2, 3), None);
    }

    #[test]
    fn inspiring_lends_the_higher_nv() {
        // WS-SPC-1.
        assert_eq!(tested_nv(2, Some(5)), 5);
        assert_eq!(tested_nv(4, Some(3)), 4);
        assert_eq!(tested_nv(3, None), 3);
        let kp = unit("knight_paladin", 9);
        let mut lg = unit("laansguard", 1);
        lg.suppression.nerve_markers = 1;
        // Within 6": Nv 5 instead of 2; still 2 dice (the unit's own Ld).
        let near = InspiringOfficer::within(&kp, 6.0, 6.0);
        assert_eq!(near.map(|o| o.current_nv), Some(5));
        assert!(InspiringOfficer::within(&kp, 6.5, 6.0).is_none());
        let mut d = Dice::new(0);
        d.load([5, 6]);
        let r = leadership_test(&mut d, &lg, near, "test");
        assert_eq!((r.nv, r.pass, r.dice.len()), (5, true, 2));
        let v = r.log.value.expect("Nv");
        assert_eq!(v.set_to.map(|m| m.rule), Some("WS-SPC-1".to_string()));
        // The Officer's *current* Nv: with 3 markers it is 2, lower than the unit's 3.
        let mut tired = kp.clone();
        tired.suppression.nerve_markers = 3;
        let fresh = unit("laansguard", 2);
        let o = InspiringOfficer::within(&tired, 2.0, 6.0);
        assert_eq!(tested_nv_itemized(&fresh, o).total(), 3);
        // A non-Inspiring Officer lends nothing.
        let warlord = unit("reaver_warlord", 3);
        assert!(InspiringOfficer::within(&warlord, 1.0, 6.0).is_none());
        // WS-LD-1: Ld gives the dice, Nv the target.
        let mut d = Dice::new(0);
        let r = leadership_test(&mut d, &fresh, None, "test");
        assert_eq!(r.dice.len() as u32, fresh.ld);
    }
}
