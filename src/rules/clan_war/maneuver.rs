//! Maneuver tests (CW-GEN-3 base term; the procedure is a [stand-in] from
//! base_rules.md §4): one die + Leadership + modifiers ≥ TL, complex
//! manoeuvres at −2, failure = unformed, single models exempt.
//!
//! The landing tests of the flying rules (CW-LAND-2, CW-DIVE-4, CW-ENG-3 …
//! CW-ENG-5) are Maneuver tests built in [`super::landing`].

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry, Modifier};

use super::condition::Condition;
use super::test_roll::{Comparison, Convention, TestRoll, TestSpec, roll_test};

/// Simple or complex manoeuvre (CW-GEN-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManeuverKind {
    /// A simple manoeuvre (Wheel, Dive, CW-DIVE-1 …): no modifier.
    Simple,
    /// A complex manoeuvre (a landing, CW-LAND-2): −2.
    Complex,
}

/// One Maneuver test to take.
#[derive(Clone, Debug, PartialEq)]
pub struct ManeuverTest {
    /// Rule that calls the test (e.g. `CW-LAND-2`), for the log.
    pub rule: String,
    /// Testing unit.
    pub unit: u32,
    /// Unit name, for the log.
    pub name: String,
    /// Leadership of the unit commander.
    pub leadership: i32,
    /// Training Level: the target.
    pub tl: i32,
    /// Simple or complex.
    pub kind: ManeuverKind,
    /// A lone model takes no Maneuver test (CW-LAND-2).
    pub single_model: bool,
    /// The unit is airborne: a failure does not unform it (CW-FLY-14).
    pub airborne: bool,
    /// Further modifiers, each with its rule (−2 dive landing, CW-DIVE-4 …).
    pub modifiers: Vec<Modifier>,
}

/// Result of a Maneuver test.
#[derive(Clone, Debug, PartialEq)]
pub struct ManeuverOutcome {
    /// A die was rolled (false for a single model).
    pub tested: bool,
    /// The manoeuvre succeeded (always true when not tested).
    pub pass: bool,
    /// The unit becomes unformed (failure on the ground).
    pub unformed: bool,
    /// The roll, when one was made.
    pub roll: Option<TestRoll>,
    /// The log entry (the roll, or the exemption).
    pub entry: LogEntry,
}

/// Leadership plus the complex-manoeuvre modifier (`complex`, the
/// convention's) and `modifiers`, itemized (CW-GEN-3 stand-in procedure).
pub fn maneuver_value(
    leadership: i32,
    kind: ManeuverKind,
    modifiers: &[Modifier],
    complex: i32,
) -> Itemized {
    let mut v = Itemized::new(say!("cw-item-leadership"), leadership);
    if kind == ManeuverKind::Complex {
        v.add(say!("cw-item-complex-manoeuvre"), complex, "CW-GEN-3");
    }
    for m in modifiers {
        v.add(m.name.clone(), m.value, m.rule.clone());
    }
    v
}

/// Exact chance that the test passes (1.0 for a single model).
pub fn maneuver_chance(conv: Convention, t: &ManeuverTest) -> f64 {
    if t.single_model {
        return 1.0;
    }
    let v = maneuver_value(t.leadership, t.kind, &t.modifiers, conv.complex_maneuver);
    conv.success_chance(v.total(), t.tl, Comparison::AtLeast)
}

/// Takes a Maneuver test (CW-GEN-3 [stand-in]: die + Leadership + modifiers
/// ≥ TL, CW-GEN-2). A single model is exempt and passes without a roll
/// (CW-LAND-2). A failure unforms a grounded unit; an airborne unit cannot
/// become unformed (CW-FLY-14).
pub fn maneuver_test(dice: &mut Dice, conv: Convention, t: &ManeuverTest) -> ManeuverOutcome {
    if t.single_model {
        return ManeuverOutcome {
            tested: false,
            pass: true,
            unformed: false,
            roll: None,
            entry: LogEntry::event(
                &t.rule,
                vec![t.unit],
                say!("cw-log-single-model-no-test", unit = t.name),
            ),
        };
    }
    let value = maneuver_value(t.leadership, t.kind, &t.modifiers, conv.complex_maneuver);
    let what = match t.kind {
        ManeuverKind::Simple => say!("cw-log-maneuver-test-simple", unit = t.name, tl = t.tl),
        ManeuverKind::Complex => say!("cw-log-maneuver-test-complex", unit = t.name, tl = t.tl),
    };
    let roll = roll_test(
        dice,
        conv,
        TestSpec {
            rule: &t.rule,
            units: vec![t.unit],
            what,
            value,
            target: t.tl,
            comparison: Comparison::AtLeast,
        },
    );
    let unformed = !roll.pass && !t.airborne;
    let mut entry = roll.entry.clone();
    if unformed {
        entry.outcome = say!("cw-outcome-unformed", outcome = entry.outcome);
    } else if !roll.pass {
        entry.outcome = say!("cw-outcome-airborne-not-unformed", outcome = entry.outcome);
    }
    ManeuverOutcome {
        tested: true,
        pass: roll.pass,
        unformed,
        roll: Some(roll),
        entry,
    }
}

/// The unit's condition after a Maneuver test: a formed unit that failed
/// becomes unformed; worse conditions are unchanged (CW-GEN-3 stand-in).
pub fn condition_after(before: Condition, outcome: &ManeuverOutcome) -> Condition {
    if outcome.unformed && before == Condition::Formed {
        Condition::Unformed
    } else {
        before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(kind: ManeuverKind, single: bool, airborne: bool) -> ManeuverTest {
        ManeuverTest {
            rule: "CW-GEN-3".into(),
            unit: 1,
            name: "Daidoji Bushi".into(),
            leadership: 3,
            tl: 6,
            kind,
            single_model: single,
            airborne,
            modifiers: vec![],
        }
    }

    #[test]
    fn simple_and_complex_maneuver_tests() {
        // CW-GEN-3 stand-in: d10 + 3 >= 6 simple; complex -2.
        let conv = crate::rules::clan_war::test_roll::tests::shipped_convention();
        let mut dice = Dice::new(0);
        dice.load([3, 4, 5]);
        let o = maneuver_test(&mut dice, conv, &test(ManeuverKind::Simple, false, false));
        assert!(o.pass && !o.unformed);
        let o = maneuver_test(&mut dice, conv, &test(ManeuverKind::Complex, false, false));
        assert!(!o.pass && o.unformed);
        assert_eq!(o.roll.as_ref().map(|r| r.total), Some(5));
        assert_eq!(condition_after(Condition::Formed, &o), Condition::Unformed);
        assert_eq!(condition_after(Condition::Broken, &o), Condition::Broken);
        let o = maneuver_test(&mut dice, conv, &test(ManeuverKind::Complex, false, false));
        assert!(o.pass);
        // Exact chances: simple needs 3+ (8/10), complex needs 5+ (6/10).
        assert!(
            (maneuver_chance(conv, &test(ManeuverKind::Simple, false, false)) - 0.8).abs() < 1e-12
        );
        assert!(
            (maneuver_chance(conv, &test(ManeuverKind::Complex, false, false)) - 0.6).abs() < 1e-12
        );
    }

    #[test]
    fn single_models_are_exempt_and_flyers_never_unform() {
        // CW-LAND-2 single model; CW-FLY-14 airborne failure keeps it formed.
        let conv = crate::rules::clan_war::test_roll::tests::shipped_convention();
        let mut dice = Dice::new(0);
        let o = maneuver_test(&mut dice, conv, &test(ManeuverKind::Complex, true, false));
        assert!(o.pass && !o.tested);
        assert_eq!(dice.rolled(), 0);
        dice.load([1]);
        let o = maneuver_test(&mut dice, conv, &test(ManeuverKind::Simple, false, true));
        assert!(!o.pass && !o.unformed);
    }
}
