//! RAN's die (RAN-DICE-1): one d10 read 0–9, the exact odds of its faces,
//! and the log entry of a roll that every check and combat shares.

use crate::engine::dice::{Dice, Die};
use crate::engine::log::{Itemized, LogEntry};

/// A d10 read 0–9 (RAN-DICE-1).
pub fn d10(dice: &mut Dice) -> u32 {
    dice.roll(DIE)
}

/// RAN's one die: a d10 read 0–9 (RAN-BASE).
pub const DIE: Die = Die::D10Zero;

/// Every face of [`DIE`], lowest first (0–9), for exact odds.
pub fn faces() -> std::ops::RangeInclusive<u32> {
    DIE.min()..=DIE.max()
}

/// The exact chance that a roll of [`DIE`] meets `pred` (in `0.0..=1.0`).
pub fn chance_of(pred: impl Fn(u32) -> bool) -> f64 {
    faces().filter(|r| pred(*r)).count() as f64 / f64::from(DIE.faces())
}

/// The chance of one face of [`DIE`] (1/10).
pub fn face_chance() -> f64 {
    1.0 / f64::from(DIE.faces())
}

/// A log entry for a roll.
#[allow(clippy::too_many_arguments)]
pub fn roll_entry(
    rule: &str,
    units: Vec<u32>,
    what: String,
    value: Option<Itemized>,
    target: Option<i32>,
    roll: u32,
    outcome: String,
    p: Option<f64>,
) -> LogEntry {
    let mut e = LogEntry::event(rule, units, what);
    e.value = value;
    e.target = target;
    e.die = Some("d10 (0-9)".to_string());
    e.dice = vec![roll];
    e.outcome = outcome;
    e.probability = p;
    e
}

/// `e`, a pass-or-fail check passed when `ok` with chance `p_pass`: its
/// probability made that of the result rolled, then [`failed_unless`].
pub fn checked(ok: bool, p_pass: f64, mut e: LogEntry) -> LogEntry {
    e.probability = Some(if ok { p_pass } else { 1.0 - p_pass });
    failed_unless(ok, e)
}

/// `e`, marked a failure (shown in red) unless `ok`, and weighed as a
/// pass-or-fail test for the report's luck figure ([`LogEntry::weigh_test`]).
pub fn failed_unless(ok: bool, mut e: LogEntry) -> LogEntry {
    e.failed = !ok;
    e.weigh_test();
    e
}
