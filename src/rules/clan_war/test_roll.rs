//! The test convention of Clan War (CW-GEN-1, CW-GEN-2): one die plus
//! modifiers against a target, with the exact chance of success.
//!
//! Every test in the module (Maneuver, Morale, landing, hostage destruction,
//! Recovery, attack and Damage dice) goes through [`roll_test`], so each roll
//! draws from [`Dice`] and produces one [`LogEntry`] with the itemized value,
//! the target, the face rolled and the probability of the outcome.

use serde::{Deserialize, Serialize};

use crate::engine::dice::{Dice, Die};
use crate::engine::log::{Itemized, LogEntry};

/// How the modified roll is compared with the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Comparison {
    /// Success on a total equal to or greater than the target: the normal
    /// test (CW-GEN-2).
    AtLeast,
    /// Success only on a total strictly greater than the target: the hostage
    /// Recovery test (CW-HOS-8).
    Exceeds,
}

impl Comparison {
    /// Whether `total` succeeds against `target`.
    pub fn passes(self, total: i32, target: i32) -> bool {
        match self {
            Comparison::AtLeast => total >= target,
            Comparison::Exceeds => total > target,
        }
    }

    /// The comparison as players write it (">=" or ">").
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::AtLeast => ">=",
            Comparison::Exceeds => ">",
        }
    }
}

/// The die and the natural-lowest-face rule every test uses.
///
/// CW-GEN-1: the seed never names the die; the size is a parameter, d10 by
/// default (`assets/rules/clan_war/settings.ron`). The natural-1 rule is a
/// [stand-in] from base_rules.md §4 ("a natural 1 fails").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Convention {
    /// The die rolled for every test (CW-GEN-1).
    pub die: Die,
    /// A natural lowest face (1 on a d10) fails whatever the modifiers
    /// [stand-in].
    pub natural_one_fails: bool,
    /// Modifier of a complex manoeuvre's Maneuver test (CW-GEN-3;
    /// base_rules.md §4 [stand-in]: −2).
    pub complex_maneuver: i32,
}

impl Convention {
    /// Whether a face, once the modifier is added, succeeds against `target`
    /// (CW-GEN-2), taking the natural-1 rule into account.
    pub fn face_passes(self, face: u32, modifier: i32, target: i32, cmp: Comparison) -> bool {
        if self.natural_one_fails && face == self.die.min() {
            return false;
        }
        cmp.passes(face as i32 + modifier, target)
    }

    /// Exact chance, in `0.0..=1.0`, that one die plus `modifier` succeeds
    /// against `target` under `cmp` (CW-GEN-1, CW-GEN-2), by enumerating the
    /// faces.
    pub fn success_chance(self, modifier: i32, target: i32, cmp: Comparison) -> f64 {
        let wins = (self.die.min()..=self.die.max())
            .filter(|f| self.face_passes(*f, modifier, target, cmp))
            .count();
        wins as f64 / f64::from(self.die.faces())
    }

    /// The smallest face that succeeds, or `None` when no face can
    /// (CW-GEN-2). Handy for "needs 4+" in the log and for golden cases.
    pub fn needed_face(self, modifier: i32, target: i32, cmp: Comparison) -> Option<u32> {
        (self.die.min()..=self.die.max()).find(|f| self.face_passes(*f, modifier, target, cmp))
    }
}

/// One rolled test.
#[derive(Clone, Debug, PartialEq)]
pub struct TestRoll {
    /// The face rolled.
    pub face: u32,
    /// Face plus every modifier.
    pub total: i32,
    /// The target (TN or TL).
    pub target: i32,
    /// Whether the test succeeded.
    pub pass: bool,
    /// Chance of success before the roll.
    pub chance: f64,
    /// The log entry, under the rule that called the test.
    pub entry: LogEntry,
}

/// What a test is, for [`roll_test`].
#[derive(Clone, Debug, PartialEq)]
pub struct TestSpec<'a> {
    /// Rule ID that calls the test (goes in the log entry).
    pub rule: &'a str,
    /// Units involved, testing unit first.
    pub units: Vec<u32>,
    /// One line for the log ("Crane Bushi: landing Maneuver test").
    pub what: String,
    /// Everything added to the die: base stat and itemized modifiers.
    pub value: Itemized,
    /// The target number (TN, TL).
    pub target: i32,
    /// How the total is compared with the target.
    pub comparison: Comparison,
}

/// Rolls one die for a test (CW-GEN-1, CW-GEN-2): total = face +
/// `spec.value.total()`, compared with `spec.target`. The entry carries the
/// itemized value, target, die name, face, "pass"/"fail" and the exact
/// probability of that outcome.
pub fn roll_test(dice: &mut Dice, conv: Convention, spec: TestSpec<'_>) -> TestRoll {
    let modifier = spec.value.total();
    let chance = conv.success_chance(modifier, spec.target, spec.comparison);
    let face = dice.roll(conv.die);
    let pass = conv.face_passes(face, modifier, spec.target, spec.comparison);
    let total = face as i32 + modifier;
    let mut entry = LogEntry::event(spec.rule, spec.units, spec.what);
    entry.value = Some(spec.value);
    entry.target = Some(spec.target);
    entry.die = Some(conv.die.name().to_string());
    entry.dice = vec![face];
    let natural = !pass && conv.natural_one_fails && face == conv.die.min();
    let (cmp, target) = (spec.comparison.symbol(), spec.target);
    let (die_rule, test_rule) = ("CW-GEN-1", "CW-GEN-2");
    entry.outcome = if pass {
        say!(
            "cw-test-pass",
            total = total,
            cmp = cmp,
            target = target,
            die_rule = die_rule,
            test_rule = test_rule
        )
    } else if natural {
        say!(
            "cw-test-fail-natural",
            total = total,
            cmp = cmp,
            target = target,
            die_rule = die_rule,
            test_rule = test_rule
        )
    } else {
        say!(
            "cw-test-fail",
            total = total,
            cmp = cmp,
            target = target,
            die_rule = die_rule,
            test_rule = test_rule
        )
    };
    entry.probability = Some(if pass { chance } else { 1.0 - chance });
    entry.failed = !pass;
    entry.weigh_test();
    TestRoll {
        face,
        total,
        target: spec.target,
        pass,
        chance,
        entry,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The shipped convention (`settings.ron`), for the module's tests.
    pub(crate) fn shipped_convention() -> Convention {
        crate::rules::clan_war::data::CwTables::load()
            .expect("tables")
            .settings
            .convention
    }

    #[test]
    fn d10_at_least_with_natural_one() {
        // CW-GEN-1 default d10; CW-GEN-2 equal succeeds.
        let c = shipped_convention();
        assert_eq!(c.die, Die::D10);
        assert!(c.face_passes(5, 2, 7, Comparison::AtLeast));
        assert!(!c.face_passes(5, 2, 7, Comparison::Exceeds));
        // Natural 1 fails even with +10 (base stand-in).
        assert!(!c.face_passes(1, 10, 2, Comparison::AtLeast));
        // d10 + 2 >= 7: faces 5..10 = 6/10.
        assert!((c.success_chance(2, 7, Comparison::AtLeast) - 0.6).abs() < 1e-12);
        // Target 2, no modifier: 2..10 = 9/10; natural 1 already fails.
        assert!((c.success_chance(0, 2, Comparison::AtLeast) - 0.9).abs() < 1e-12);
        // Impossible and certain (but for the natural 1).
        assert_eq!(c.success_chance(0, 11, Comparison::AtLeast), 0.0);
        assert!((c.success_chance(9, 2, Comparison::AtLeast) - 0.9).abs() < 1e-12);
        assert_eq!(c.needed_face(-2, 2, Comparison::AtLeast), Some(4));
        assert_eq!(c.needed_face(0, 10, Comparison::Exceeds), None);
    }

    #[test]
    fn die_size_is_a_parameter() {
        // CW-GEN-1: a d6 convention changes the odds, not the procedure.
        let c = Convention {
            die: Die::D6,
            natural_one_fails: false,
            complex_maneuver: 0,
        };
        assert!((c.success_chance(0, 4, Comparison::AtLeast) - 0.5).abs() < 1e-12);
        assert!((c.success_chance(-5, 0, Comparison::AtLeast) - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn roll_test_logs_value_target_face_and_probability() {
        // CW-GEN-2 through a loaded die.
        let mut dice = Dice::new(1);
        dice.load([4, 3]);
        let mut v = Itemized::new("Leadership", 3);
        v.add("complex manoeuvre", -2, "CW-LAND-2");
        let spec = |v: &Itemized| TestSpec {
            rule: "CW-LAND-2",
            units: vec![7],
            what: "landing test".into(),
            value: v.clone(),
            target: 5,
            comparison: Comparison::AtLeast,
        };
        let r = roll_test(&mut dice, shipped_convention(), spec(&v));
        assert_eq!((r.face, r.total, r.pass), (4, 5, true));
        assert_eq!(r.entry.dice, vec![4]);
        assert_eq!(r.entry.target, Some(5));
        assert_eq!(r.entry.die.as_deref(), Some("d10"));
        assert!((r.entry.probability.unwrap_or(0.0) - 0.7).abs() < 1e-12);
        let r = roll_test(&mut dice, shipped_convention(), spec(&v));
        assert!(!r.pass);
        assert!(r.entry.outcome.starts_with("fail"));
        assert!((r.entry.probability.unwrap_or(0.0) - 0.3).abs() < 1e-12);
    }
}
