//! The Fortitude Test (SBA-FORT-1 … SBA-FORT-5): current Fortitude as an
//! itemized sum, the d20 roll, and what a failure does.

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};

use super::battle::{Battle, Removal, SbaUnit};
use super::honor;
use super::morale::{FailureEffect, MoraleLevel, TestReason, failure_effect};
use super::orders::{OrderKind, OrderSpec, apply_order_mod};

/// Current Fortitude of a unit for a test taken for `reason` (SBA-FORT-2):
/// the unit card, plus the Commander (SBA-GS-2), the order (SBA-ORD-4),
/// Inspirational +4 (SBA-GS-3), an Honor Marker +2 (SBA-HON-4), −1 per
/// casualty (SBA-FORT-5), −2 once the General Staff is lost (SBA-GS-5), the
/// morale level (SBA-MOR-1), and −3 flank or −5 rear for this test only
/// (SBA-FORT-1). Values are d20 targets; the total may fall outside 1–20.
///
/// Worked example (SBA-FORT-4): archers 10, Fire and Retreat −1, General
/// Staff 2 hexes away +4, first casualty −1: 12.
pub fn current_fortitude(b: &Battle, u: &SbaUnit, reason: Option<TestReason>) -> Itemized {
    let t = b.tables;
    let stats = b.stats(u);
    let mut v = Itemized::new(
        say!("sba-fortitude-card", rule = "SBA-FORT-2"),
        stats.fortitude,
    );
    if b.has_commander(u) {
        let rule = if stats.general_staff {
            "SBA-GS-2"
        } else {
            "SBA-BASE"
        };
        v.add(say!("sba-mod-commander"), t.units.commander_fortitude, rule);
    }
    if let Some(o) = &u.order {
        let row = t.order(o.kind);
        apply_order_mod(&mut v, row, row.fortitude);
    }
    if b.inspired(u) {
        v.add(
            say!("sba-mod-inspirational"),
            t.morale.inspirational_fortitude,
            "SBA-GS-3",
        );
    }
    if u.honor {
        v.add(say!("sba-mod-honor"), t.morale.honor_fortitude, "SBA-HON-4");
    }
    if u.casualties > 0 {
        v.add(
            say!("sba-mod-casualties", n = u.casualties),
            -(u.casualties as i32),
            "SBA-FORT-5",
        );
    }
    if b.armies[u.side as usize].general_staff_lost {
        v.add(
            say!("sba-mod-general-staff-lost"),
            t.morale.general_staff_lost,
            "SBA-GS-5",
        );
    }
    let m = t.morale_row(u.morale).fortitude;
    if m != 0 {
        v.add(
            say!("sba-mod-morale", level = u.morale.name()),
            m,
            "SBA-MOR-1",
        );
    }
    match reason {
        Some(TestReason::FlankAttack) => {
            v.add(say!("sba-mod-flank"), t.morale.flank_attack, "SBA-FORT-1")
        }
        Some(TestReason::RearAttack) => {
            v.add(say!("sba-mod-rear"), t.morale.rear_attack, "SBA-FORT-1")
        }
        _ => {}
    }
    v
}

/// Whether a d20 `roll` passes a test against `target`: at or under it
/// (SBA-FORT-3, SBA-DICE-2). [`roll_test`] decides by it and
/// [`pass_chance`] counts its faces.
pub fn passes(roll: u32, target: i32) -> bool {
    i64::from(roll) <= i64::from(target)
}

/// Chance to pass a test against `fortitude` on a d20: the faces that
/// [`passes`] passes (SBA-FORT-3, SBA-DICE-2).
pub fn pass_chance(fortitude: i32) -> f64 {
    let d = super::data::DIE;
    let pass = (d.min()..=d.max())
        .filter(|r| passes(*r, fortitude))
        .count();
    pass as f64 / f64::from(d.faces())
}

/// Rolls a d20 against `value` (SBA-FORT-3): pass on roll ≤ value. Returns the
/// roll, the result, and the log entry (with the exact probability of the result).
pub fn roll_test(
    dice: &mut Dice,
    value: &Itemized,
    unit: u32,
    reason: TestReason,
    name: &str,
) -> (u32, bool, LogEntry) {
    let target = value.total();
    let p = pass_chance(target);
    let roll = dice.roll(super::data::DIE);
    let pass = passes(roll, target);
    let mut e = LogEntry::event(
        "SBA-FORT-3",
        vec![unit],
        say!(
            "sba-log-fortitude-test",
            unit = name,
            reason = reason.describe()
        ),
    );
    e.value = Some(value.clone());
    e.target = Some(target);
    e.die = Some(super::data::DIE.name().to_string());
    e.dice = vec![roll];
    e.outcome = if pass {
        say!("sba-outcome-pass")
    } else {
        say!("sba-outcome-fail")
    };
    e.failed = !pass;
    e.probability = Some(if pass { p } else { 1.0 - p });
    e.weigh_test();
    (roll, pass, e)
}

/// Takes a Fortitude Test for unit `id` and applies a failure. Returns whether
/// it passed, or `None` if the unit is not on the board.
pub fn fortitude_test(
    b: &mut Battle,
    dice: &mut Dice,
    id: u32,
    reason: TestReason,
) -> Option<bool> {
    let u = b.unit(id)?.clone();
    let value = current_fortitude(b, &u, Some(reason));
    let (_, pass, entry) = roll_test(dice, &value, id, reason, &u.name);
    b.note(entry);
    if !pass {
        let effect = failure_effect(u.morale, u.honor, !u.engaged.is_empty(), reason);
        apply_failure(b, id, effect);
    }
    Some(pass)
}

/// Applies the effect of a failed test (SBA-MOR-2 … SBA-MOR-6, SBA-HON-5,
/// SBA-ORD-1: a forced order replaces the written one at once).
pub fn apply_failure(b: &mut Battle, id: u32, effect: FailureEffect) {
    let Some(u) = b.unit(id).cloned() else { return };
    match effect {
        FailureEffect::NoChange => b.note(LogEntry::event(
            "SBA-MOR-3",
            vec![id],
            say!("sba-log-stays", unit = u.name, level = u.morale.name()),
        )),
        FailureEffect::HonorLost => {
            if let Some(m) = b.unit_mut(id) {
                m.honor = false;
            }
            b.note(LogEntry::event(
                "SBA-HON-5",
                vec![id],
                say!("sba-log-honor-lost", unit = u.name),
            ));
        }
        FailureEffect::Dropped { to, put_to_flight } => {
            let opponents = u.engaged.clone();
            if let Some(m) = b.unit_mut(id) {
                m.morale = to;
                match to {
                    MoraleLevel::Shaken => m.order = Some(OrderSpec::plain(OrderKind::Flee)),
                    MoraleLevel::Panicked => m.order = Some(OrderSpec::plain(OrderKind::Panic)),
                    _ => {}
                }
                if to >= MoraleLevel::Shaken {
                    m.flags.pursue_target = None;
                    m.flags.pursue_candidates.clear();
                }
            }
            b.note(LogEntry::event(
                "SBA-MOR-2",
                vec![id],
                say!(
                    "sba-log-drops",
                    unit = u.name,
                    from = u.morale.name(),
                    to = to.name(),
                    markers = to.markers()
                ),
            ));
            if to >= MoraleLevel::Shaken {
                let what = if to == MoraleLevel::Shaken {
                    say!("sba-log-now-flees", unit = u.name)
                } else {
                    say!("sba-log-now-panics", unit = u.name)
                };
                b.note(LogEntry::event("SBA-MOR-6", vec![id], what));
            }
            if put_to_flight {
                if let Some(m) = b.unit_mut(id) {
                    m.flags.put_to_flight = true;
                }
                b.unlink_all(id);
                let mut units = vec![id];
                units.extend(&opponents);
                b.note(LogEntry::event(
                    "SBA-MOR-5",
                    units,
                    say!("sba-log-put-to-flight", unit = u.name),
                ));
                b.defeats.push(super::battle::Defeat {
                    loser: id,
                    winners: opponents,
                    destroyed: false,
                });
            }
        }
        FailureEffect::Surrendered => {
            let winners = u.engaged.clone();
            b.note(LogEntry::event(
                "SBA-MOR-4",
                vec![id],
                say!("sba-log-surrenders", unit = u.name),
            ));
            honor::award(b, &winners, &u.name);
            b.defeats.push(super::battle::Defeat {
                loser: id,
                winners,
                destroyed: true,
            });
            b.remove_unit(id, Removal::Surrendered);
        }
        FailureEffect::Routed => {
            b.note(LogEntry::event(
                "SBA-MOR-4",
                vec![id],
                say!("sba-log-routs", unit = u.name),
            ));
            b.remove_unit(id, Removal::Routed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Facing;
    use crate::rules::samurai_battles::battle::fixture::*;

    #[test]
    fn sba_fort_3_the_shown_pass_chance_is_the_roll_enumerated() {
        // O4: pass_chance and roll_test decide by one function; every face
        // of the d20 rolled through roll_test gives the chance shown.
        let value = |target: i32| Itemized::new("Fortitude", target);
        for target in -2..=22 {
            let mut passed = 0u32;
            for face in 1..=20u32 {
                let mut d = Dice::new(0);
                d.load([face]);
                let (_, pass, e) =
                    roll_test(&mut d, &value(target), 1, TestReason::Casualties, "unit");
                passed += u32::from(pass);
                let p = pass_chance(target);
                assert_eq!(e.probability, Some(if pass { p } else { 1.0 - p }));
            }
            assert_eq!(f64::from(passed) / 20.0, pass_chance(target), "{target}");
        }
    }

    #[test]
    fn gc_sba_01_fortitude_worked_example() {
        // GC-SBA-01 (SBA-FORT-2, SBA-FORT-3, SBA-FORT-4, SBA-GS-3, SBA-ORD-4 M3).
        let t = tables();
        let board = board(&t);
        let mut archers = unit(&t, 1, 0, "ashigaru_archers", (5, 2), Facing::North);
        archers.commander = false;
        archers.order = Some(OrderSpec::plain(OrderKind::FireAndRetreat));
        archers.casualties = 1;
        let gs = unit(&t, 2, 0, "general_staff", (5, 0), Facing::North);
        let b = battle(vec![archers.clone(), gs], &board, &t);
        assert_eq!(
            b.unit(2).map(|g| g.hex.unsigned_distance_to(archers.hex)),
            Some(2)
        );
        let v = current_fortitude(&b, &archers, Some(TestReason::Casualties));
        assert_eq!(v.total(), 12, "{}", v.explain());
        let rules: Vec<&str> = v.modifiers.iter().map(|m| m.rule.as_str()).collect();
        assert_eq!(rules, vec!["SBA-ORD-4", "SBA-GS-3", "SBA-FORT-5"]);
        // Pass set {1..12}: 12 passes, 13 fails.
        for (roll, pass) in [(12, true), (13, false), (1, true), (20, false)] {
            let mut d = Dice::new(0);
            d.load([roll]);
            let (r, p, e) = roll_test(&mut d, &v, 1, TestReason::Casualties, "archers");
            assert_eq!((r, p), (roll, pass));
            assert_eq!(e.target, Some(12));
            // SBA-DICE-1: the test is a d20.
            assert_eq!(e.die.as_deref(), Some("d20"));
            assert_eq!(e.probability, Some(if pass { 0.6 } else { 0.4 }));
        }
    }

    #[test]
    fn gc_sba_08_flank_and_rear_penalties_are_one_test_only() {
        // GC-SBA-08 (SBA-FORT-1 (2), (3)): a unit at Fortitude 10.
        let t = tables();
        let board = board(&t);
        let mut u = unit(&t, 1, 0, "ashigaru_spearmen", (5, 4), Facing::North);
        u.commander = false;
        let b = battle(vec![u.clone()], &board, &t);
        assert_eq!(current_fortitude(&b, &u, None).total(), 10);
        let flank = current_fortitude(&b, &u, Some(TestReason::FlankAttack));
        let rear = current_fortitude(&b, &u, Some(TestReason::RearAttack));
        assert_eq!((flank.total(), rear.total()), (7, 5));
        for (v, roll, pass) in [
            (&flank, 7, true),
            (&flank, 8, false),
            (&rear, 5, true),
            (&rear, 6, false),
        ] {
            let mut d = Dice::new(0);
            d.load([roll]);
            assert_eq!(
                roll_test(&mut d, v, 1, TestReason::FlankAttack, "u").1,
                pass
            );
        }
        // Later tests use 10 again.
        assert_eq!(
            current_fortitude(&b, &u, Some(TestReason::Casualties)).total(),
            10
        );
    }

    #[test]
    fn gc_sba_06_failed_test_after_casualties() {
        // GC-SBA-06 (SBA-FORT-1 (1), SBA-FORT-3, SBA-MOR-2): the Ashigaru after
        // losing 3 models roll 14 and fail; Normal -> Hesitant, 1 red marker.
        let t = tables();
        let board = board(&t);
        let mut ash = unit(&t, 1, 1, "ashigaru_spearmen", (5, 4), Facing::South);
        ash.commander = false;
        ash.models = 1;
        ash.casualties = 3;
        let mut b = battle(vec![ash], &board, &t);
        let mut d = Dice::new(0);
        d.load([14]);
        assert_eq!(
            fortitude_test(&mut b, &mut d, 1, TestReason::Casualties),
            Some(false)
        );
        let u = b.unit(1).expect("unit");
        assert_eq!((u.morale, u.morale.markers()), (MoraleLevel::Hesitant, 1));
        assert_eq!(b.log[0].target, Some(7));
        assert_eq!(b.log[0].outcome, "fail");
    }

    #[test]
    fn shaken_by_a_failure_takes_the_flee_order_at_once() {
        // SBA-ORD-1, SBA-MOR-6: the forced order's modifiers apply immediately.
        let t = tables();
        let board = board(&t);
        let mut u = unit(&t, 1, 0, "ashigaru_spearmen", (5, 4), Facing::North);
        u.morale = MoraleLevel::Hesitant;
        u.order = Some(OrderSpec::plain(OrderKind::Defend));
        let mut b = battle(vec![u], &board, &t);
        apply_failure(
            &mut b,
            1,
            FailureEffect::Dropped {
                to: MoraleLevel::Shaken,
                put_to_flight: false,
            },
        );
        let u = b.unit(1).expect("unit");
        assert_eq!(u.order.as_ref().map(|o| o.kind), Some(OrderKind::Flee));
        let v = current_fortitude(&b, u, None);
        assert!(
            v.modifiers
                .iter()
                .any(|m| m.name == "Flee order" && m.value == -2)
        );
    }
}
