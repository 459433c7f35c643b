//! Clearing suppression and nerve markers (WS-CLR-1 … WS-CLR-6).
//!
//! WS-CLR-6 sums up the ways a nerve marker comes off, one [`MarkerRelief`]
//! each: an unsuppressed unit in its starting phase (WS-CLR-3), Get Down! or a
//! fall back in the action phase (WS-CLR-4), and an enemy unit breaking in
//! close combat nearby (WS-CLR-5). Suppression itself is cleared by the
//! reaction-phase Ld test (WS-CLR-1) or by winning a fight (WS-CLR-2).

use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::leadership::{InspiringOfficer, LdOutcome, leadership_test};
use super::unit::WsUnitState;

/// Why a unit may remove one nerve marker (WS-CLR-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerRelief {
    /// Unsuppressed in its own starting phase (WS-CLR-3).
    StartingPhase,
    /// It performed Get Down! (WS-CLR-4).
    GetDown,
    /// It fell back in the action phase, forced or not (WS-CLR-4).
    FallBack,
    /// The enemy unit `enemy` within 6" failed an Ld test in close combat (WS-CLR-5).
    EnemyBroke {
        /// The failing enemy unit.
        enemy: u32,
    },
}

impl MarkerRelief {
    /// The rule that grants it.
    pub fn rule(self) -> &'static str {
        match self {
            MarkerRelief::StartingPhase => "WS-CLR-3",
            MarkerRelief::GetDown | MarkerRelief::FallBack => "WS-CLR-4",
            MarkerRelief::EnemyBroke { .. } => "WS-CLR-5",
        }
    }

    /// The occasion in the rules' words.
    pub fn name(self) -> String {
        match self {
            MarkerRelief::StartingPhase => say!("ws-relief-starting-phase"),
            MarkerRelief::GetDown => say!("ws-relief-get-down"),
            MarkerRelief::FallBack => say!("ws-relief-fall-back"),
            MarkerRelief::EnemyBroke { enemy } => say!("ws-relief-enemy-broke", enemy = enemy),
        }
    }
}

/// Removes one nerve marker for `relief` (WS-CLR-3 … WS-CLR-6). Nothing
/// happens (None) if the unit holds no marker, or for
/// [`MarkerRelief::StartingPhase`] if it is suppressed (WS-CLR-3).
pub fn remove_marker(unit: &mut WsUnitState, relief: MarkerRelief) -> Option<LogEntry> {
    if unit.nerve_markers() == 0 || (relief == MarkerRelief::StartingPhase && unit.suppressed()) {
        return None;
    }
    unit.suppression = unit.suppression.less_one_marker();
    let mut e = LogEntry::event(
        relief.rule(),
        vec![unit.id],
        say!(
            "ws-log-marker-removed",
            rule = "WS-CLR-6",
            unit = unit.name,
            relief = relief.name()
        ),
    );
    e.outcome = say!("ws-outcome-nerve-markers", count = unit.nerve_markers());
    Some(e)
}

/// The reaction-phase test of a suppressed unit (WS-CLR-1): an Ld test; on a
/// pass the hit-die is removed (both dice if Steadfast, WS-SPC-2). `None` for
/// an unsuppressed unit (it does not test).
pub fn reaction_phase_test(
    dice: &mut Dice,
    unit: &mut WsUnitState,
    inspiring: Option<InspiringOfficer>,
) -> Option<(LdOutcome, Vec<LogEntry>)> {
    if !unit.suppressed() {
        return None;
    }
    let test = leadership_test(dice, unit, inspiring, &say!("ws-test-reaction-phase"));
    let mut log = vec![test.log.clone()];
    if test.pass {
        unit.suppression = unit.suppression.cleared();
        let mut e = LogEntry::event(
            "WS-CLR-1",
            vec![unit.id],
            say!("ws-log-reaction-passed", unit = unit.name),
        );
        e.outcome = say!("ws-outcome-no-longer-suppressed");
        log.push(e);
    }
    Some((test, log))
}

/// A unit that made enemy unit `enemy` fall back or rout out of close combat
/// clears its suppression (WS-CLR-2). `None` if it was not suppressed.
pub fn clear_by_winning_fight(unit: &mut WsUnitState, enemy: u32) -> Option<LogEntry> {
    if !unit.suppressed() {
        return None;
    }
    unit.suppression = unit.suppression.cleared();
    let mut e = LogEntry::event(
        "WS-CLR-2",
        vec![unit.id, enemy],
        say!("ws-log-won-fight", unit = unit.name, enemy = enemy),
    );
    e.outcome = say!("ws-outcome-no-longer-suppressed");
    Some(e)
}

/// A unit's own starting phase: the Get Down! save bonus ends [stand-in], and
/// an unsuppressed unit removes 1 nerve marker (WS-CLR-3).
pub fn starting_phase(unit: &mut WsUnitState) -> Vec<LogEntry> {
    unit.got_down = false;
    remove_marker(unit, MarkerRelief::StartingPhase)
        .into_iter()
        .collect()
}

/// An enemy unit failed an Ld test in close combat (WS-CLR-5): every opposing
/// unit within `range` inches of it (6" in the table; `distance ≤ range`)
/// removes 1 nerve marker. Call before the enemy's fall-back or rout move.
/// `opposing` pairs each unit of the side opposing the failing unit with its
/// distance in inches from it.
pub fn relief_on_enemy_break(
    enemy: u32,
    opposing: &mut [(f64, &mut WsUnitState)],
    range: f64,
) -> Vec<LogEntry> {
    opposing
        .iter_mut()
        .filter(|(d, u)| *d <= range && !u.destroyed())
        .filter_map(|(_, u)| remove_marker(u, MarkerRelief::EnemyBroke { enemy }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warstrike::data::WsTables;
    use crate::rules::warstrike::suppression::HitSource;

    fn unit(key: &str, id: u32) -> WsUnitState {
        let t = WsTables::load().expect("table");
        WsUnitState::from_stats(id, t.unit(key).expect("unit"))
    }

    #[test]
    fn gc_ws_10_clearing_suppression_and_markers() {
        // GC-WS-10 A (WS-CLR-1, WS-CLR-3): suppressed, 2 markers, passes in the
        // reaction phase, then removes 1 marker in its starting phase.
        let mut a = unit("laansguard", 1);
        a.take_hits(
            13,
            0,
            HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        assert_eq!((a.nerve_markers(), a.suppressed()), (2, true));
        let mut d = Dice::new(0);
        d.load([1, 6]); // current Nv 1: a 1 passes
        let (test, log) = reaction_phase_test(&mut d, &mut a, None).expect("tests");
        assert!(test.pass);
        assert!(
            !a.suppressed()
                && a.hit_dice(&crate::rules::warstrike::data::shipped_constants())
                    .is_empty()
        );
        assert_eq!(log.last().map(|e| e.rule.as_str()), Some("WS-CLR-1"));
        let log = starting_phase(&mut a);
        assert_eq!(a.nerve_markers(), 1);
        assert_eq!(log[0].rule, "WS-CLR-3");

        // GC-WS-10 B (WS-CLR-5): X 4" away with 2 markers, Y 8" away with 1.
        let mut x = unit("laansguard", 2);
        x.suppression.nerve_markers = 2;
        let mut y = unit("laansguard", 3);
        y.suppression.nerve_markers = 1;
        let log = relief_on_enemy_break(7, &mut [(4.0, &mut x), (8.0, &mut y)], 6.0);
        assert_eq!((x.nerve_markers(), y.nerve_markers()), (1, 1));
        assert_eq!(log.len(), 1);
        assert_eq!(
            (log[0].rule.as_str(), log[0].units.clone()),
            ("WS-CLR-5", vec![2])
        );
    }

    #[test]
    fn reaction_phase_failure_keeps_the_hit_die() {
        // WS-CLR-1: a failed test leaves the unit suppressed; an unsuppressed unit does not test.
        let mut u = unit("laansguard", 1);
        u.take_hits(
            2,
            0,
            HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        let mut d = Dice::new(0);
        d.load([4, 5]);
        let (test, _) = reaction_phase_test(&mut d, &mut u, None).expect("tests");
        assert!(!test.pass && u.suppressed());
        let mut fresh = unit("laansguard", 2);
        assert!(reaction_phase_test(&mut d, &mut fresh, None).is_none());
    }

    #[test]
    fn steadfast_clearing_removes_both_dice() {
        // WS-SPC-2 with WS-CLR-2: both hit-dice go together.
        let mut w = unit("reaver_warband", 1);
        w.take_hits(
            10,
            0,
            HitSource::CloseCombat,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        assert_eq!(
            w.hit_dice(&crate::rules::warstrike::data::shipped_constants()),
            vec![6, 4]
        );
        let e = clear_by_winning_fight(&mut w, 5).expect("cleared");
        assert_eq!(e.rule, "WS-CLR-2");
        assert!(
            w.hit_dice(&crate::rules::warstrike::data::shipped_constants())
                .is_empty()
        );
        assert!(clear_by_winning_fight(&mut w, 5).is_none());
    }

    #[test]
    fn marker_relief_rules() {
        // WS-CLR-6 summary; WS-CLR-3 only when unsuppressed; WS-CLR-4 for Get Down! and fall back.
        let mut u = unit("laansguard", 1);
        u.take_hits(
            1,
            1,
            HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        assert_eq!(u.nerve_markers(), 1);
        assert!(starting_phase(&mut u).is_empty());
        assert_eq!(u.nerve_markers(), 1);
        let e = remove_marker(&mut u, MarkerRelief::FallBack).expect("removed");
        assert_eq!((e.rule.as_str(), u.nerve_markers()), ("WS-CLR-4", 0));
        assert!(remove_marker(&mut u, MarkerRelief::GetDown).is_none());
        assert_eq!(MarkerRelief::EnemyBroke { enemy: 1 }.rule(), "WS-CLR-5");
        assert_eq!(MarkerRelief::StartingPhase.rule(), "WS-CLR-3");
    }
}
