//! The action phase and the effects of suppression (WS-SUP-3, WS-CLR-4,
//! WS-BASE actions).
//!
//! The four actions of the core rules (WS-BASE): Open Fire! (no move, full
//! rate of fire), Advance! (up to Mv, fire before or after moving), At The
//! Double! (up to 2 × Mv, never through slow-going terrain, no fire), Get Down!
//! (no move, no fire, +1 save until the unit's next turn [stand-in], removes a
//! nerve marker WS-CLR-4). A unit may also fall back: Mv toward its own table
//! edge, no fire [stand-in], removing a nerve marker (WS-CLR-4). Difficult
//! terrain halves a move (WS-BASE). Distances are inches.

use crate::engine::command::Refusal;
use crate::engine::log::LogEntry;

use super::clearing::{MarkerRelief, remove_marker};
use super::data::WsConstants;
use super::unit::WsUnitState;

/// What a unit does in the action phase (WS-BASE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WsAction {
    /// Open Fire!: no move, full rate of fire.
    OpenFire,
    /// Advance!: up to Mv, firing before or after.
    Advance,
    /// At The Double!: up to 2 × Mv, no slow-going terrain, no fire.
    AtTheDouble,
    /// Get Down!: no move; +1 save [stand-in]; −1 nerve marker (WS-CLR-4).
    GetDown,
    /// Fall back: Mv toward own table edge, no fire [stand-in]; −1 nerve marker (WS-CLR-4).
    FallBack,
}

impl WsAction {
    /// The action's name as printed, in the player's language.
    pub fn name(self) -> String {
        match self {
            WsAction::OpenFire => say!("ws-action-open-fire"),
            WsAction::Advance => say!("ws-action-advance"),
            WsAction::AtTheDouble => say!("ws-action-at-the-double"),
            WsAction::GetDown => say!("ws-action-get-down"),
            WsAction::FallBack => say!("ws-action-fall-back"),
        }
    }

    /// Whether the unit may shoot during it (WS-BASE; fall back [stand-in]).
    pub fn may_fire(self) -> bool {
        matches!(self, WsAction::OpenFire | WsAction::Advance)
    }
}

/// The ground a move crosses (WS-BASE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Going {
    /// Open ground: full move.
    Open,
    /// Difficult (slow-going) terrain: half move; no At The Double!.
    Difficult,
}

/// The action a unit is forced to take: a suppressed unit takes no action and
/// falls back instead (WS-SUP-3 (1)). `None` = free to choose.
pub fn forced_action(unit: &WsUnitState) -> Option<WsAction> {
    unit.suppressed().then_some(WsAction::FallBack)
}

/// Whether `unit` may take `action` over `going`.
///
/// # Errors
/// A [`Refusal`] naming WS-SUP-3 for a suppressed unit choosing anything but
/// to fall back; WS-BASE for At The Double! through slow-going terrain or a
/// unit with no models left.
pub fn check_action(unit: &WsUnitState, action: WsAction, going: Going) -> Result<(), Refusal> {
    if unit.destroyed() {
        return Err(Refusal::new(
            "WS-BASE",
            say!("ws-why-no-models", unit = unit.name),
        ));
    }
    if unit.suppressed() && action != WsAction::FallBack {
        return Err(Refusal::new(
            "WS-SUP-3",
            say!(
                "ws-why-suppressed-action",
                unit = unit.name,
                action = action.name()
            ),
        ));
    }
    if action == WsAction::AtTheDouble && going == Going::Difficult {
        return Err(Refusal::new("WS-BASE", say!("ws-why-double-difficult")));
    }
    Ok(())
}

/// The furthest a unit with move `mv` inches may go with `action` over
/// `going`: Open Fire! and Get Down! 0; Advance! and fall back Mv; At The
/// Double! 2 × Mv; halved in difficult terrain (WS-BASE).
///
/// # Errors
/// At The Double! through slow-going terrain (WS-BASE).
pub fn move_allowance(
    action: WsAction,
    mv: f64,
    going: Going,
    c: &WsConstants,
) -> Result<f64, Refusal> {
    let full = match action {
        WsAction::OpenFire | WsAction::GetDown => 0.0,
        WsAction::Advance | WsAction::FallBack => mv,
        WsAction::AtTheDouble => {
            if going == Going::Difficult {
                return Err(Refusal::new("WS-BASE", say!("ws-why-double-difficult")));
            }
            c.at_the_double * mv
        }
    };
    Ok(match going {
        Going::Open => full,
        Going::Difficult => full * c.difficult_going,
    })
}

/// The inches a move of `action` may cover along its path, terrain cost
/// included: `at_the_double` × Mv for At The Double!, else Mv (WS-BASE).
/// The one number a path is checked against, and the card's "may move".
pub fn path_allowance(action: WsAction, mv: f64, c: &WsConstants) -> f64 {
    match action {
        WsAction::AtTheDouble => c.at_the_double * mv,
        _ => mv,
    }
}

/// What an action allows, once taken.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionAllowance {
    /// The action taken.
    pub action: WsAction,
    /// Furthest move in inches.
    pub max_move: f64,
    /// The move must go toward the unit's own table edge (fall back).
    pub toward_own_edge: bool,
    /// The unit may shoot.
    pub may_fire: bool,
    /// Save bonus until its next turn (Get Down!, [stand-in] +1).
    pub save_bonus: u32,
    /// A nerve marker came off (WS-CLR-4).
    pub marker_removed: bool,
    /// Log entries.
    pub log: Vec<LogEntry>,
}

/// Takes an action in the action phase: checks it ([`check_action`]), sets
/// Get Down!'s save bonus, removes a nerve marker for Get Down! or a fall back
/// (WS-CLR-4, forced falls back included), and returns the allowances.
/// The allowances and `get_down_save_bonus` come from the table's
/// constants ([stand-in] 1).
///
/// # Errors
/// See [`check_action`].
pub fn take_action(
    unit: &mut WsUnitState,
    action: WsAction,
    going: Going,
    c: &WsConstants,
) -> Result<ActionAllowance, Refusal> {
    check_action(unit, action, going)?;
    let max_move = move_allowance(action, unit.mv, going, c)?;
    let forced = forced_action(unit).is_some();
    let name = action.name();
    let mut e = LogEntry::event(
        if forced { "WS-SUP-3" } else { "WS-BASE" },
        vec![unit.id],
        if forced {
            say!(
                "ws-log-action-forced",
                unit = unit.name,
                action = name,
                inches = max_move
            )
        } else {
            say!(
                "ws-log-action",
                unit = unit.name,
                action = name,
                inches = max_move
            )
        },
    );
    e.outcome = name;
    let mut log = vec![e];
    let mut save_bonus = 0;
    let relief = match action {
        WsAction::GetDown => {
            unit.got_down = true;
            save_bonus = c.get_down_save_bonus;
            Some(MarkerRelief::GetDown)
        }
        WsAction::FallBack => Some(MarkerRelief::FallBack),
        _ => None,
    };
    let removed = relief.and_then(|r| remove_marker(unit, r));
    let marker_removed = removed.is_some();
    log.extend(removed);
    Ok(ActionAllowance {
        action,
        max_move,
        toward_own_edge: action == WsAction::FallBack,
        may_fire: action.may_fire(),
        save_bonus,
        marker_removed,
        log,
    })
}

/// Whether a unit may capture an objective in the starting phase.
///
/// # Errors
/// A suppressed unit may not (WS-SUP-3 (2)).
pub fn may_capture_objective(unit: &WsUnitState) -> Result<(), Refusal> {
    if unit.suppressed() {
        return Err(Refusal::new(
            "WS-SUP-3",
            say!("ws-why-no-capture", unit = unit.name),
        ));
    }
    Ok(())
}

/// Whether a unit attacked in close combat may make defensive fire.
///
/// # Errors
/// A suppressed unit may not (WS-SUP-3 (3)); nor one without a ranged weapon
/// (WS-BASE).
pub fn may_defensive_fire(unit: &WsUnitState) -> Result<(), Refusal> {
    if unit.suppressed() {
        return Err(Refusal::new(
            "WS-SUP-3",
            say!("ws-why-no-defensive-fire", unit = unit.name),
        ));
    }
    if unit.shooting.is_none() {
        return Err(Refusal::new(
            "WS-BASE",
            say!("ws-why-no-ranged-weapon", unit = unit.name),
        ));
    }
    Ok(())
}

/// The four effects of suppression on one unit (WS-SUP-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuppressionEffects {
    /// (1) May choose an action (false: it must fall back).
    pub may_act: bool,
    /// (1) Must fall back in the action phase.
    pub must_fall_back: bool,
    /// (2) May capture an objective in the starting phase.
    pub may_capture_objective: bool,
    /// (3) May make defensive fire when attacked in close combat (if armed).
    pub may_defensive_fire: bool,
    /// (4) Must pass an Ld test to keep fighting in close combat.
    pub must_test_to_keep_fighting: bool,
}

/// What suppression forbids this unit (WS-SUP-3; suppressed iff it has a
/// hit-die, WS-SUP-2).
pub fn suppression_effects(unit: &WsUnitState) -> SuppressionEffects {
    let s = unit.suppressed();
    SuppressionEffects {
        may_act: !s,
        must_fall_back: s,
        may_capture_objective: !s,
        may_defensive_fire: !s,
        must_test_to_keep_fighting: s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped constants (`units.ron`).
    fn c() -> WsConstants {
        super::super::data::WsTables::load()
            .expect("tables")
            .constants
    }
    use crate::rules::warstrike::data::WsTables;
    use crate::rules::warstrike::suppression::HitSource;

    fn unit(key: &str, id: u32) -> WsUnitState {
        let t = WsTables::load().expect("table");
        WsUnitState::from_stats(id, t.unit(key).expect("unit"))
    }

    #[test]
    fn gc_ws_11_suppression_effects() {
        // GC-WS-11 (WS-SUP-3): a unit with a hit-die showing 1.
        let mut u = unit("laansguard", 1);
        u.take_hits(
            1,
            0,
            HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        u.suppression.nerve_markers = 1;
        assert_eq!(
            u.hit_dice(&crate::rules::warstrike::data::shipped_constants()),
            vec![1]
        );
        let fx = suppression_effects(&u);
        assert!(!fx.may_act && fx.must_fall_back);
        assert!(!fx.may_capture_objective && !fx.may_defensive_fire);
        assert!(fx.must_test_to_keep_fighting);
        // (1) No action; it must fall back, and may then remove a marker (WS-CLR-4).
        assert_eq!(forced_action(&u), Some(WsAction::FallBack));
        for a in [
            WsAction::OpenFire,
            WsAction::Advance,
            WsAction::AtTheDouble,
            WsAction::GetDown,
        ] {
            let r = check_action(&u, a, Going::Open).expect_err("refused");
            assert_eq!(r.rule, "WS-SUP-3");
        }
        let a = take_action(&mut u, WsAction::FallBack, Going::Open, &c()).expect("fall back");
        assert!(a.toward_own_edge && !a.may_fire && a.marker_removed);
        assert_eq!((a.max_move, u.nerve_markers()), (6.0, 0));
        assert_eq!(a.log[0].rule, "WS-SUP-3");
        assert_eq!(a.log[1].rule, "WS-CLR-4");
        // (2) No objective, (3) no defensive fire.
        assert_eq!(
            may_capture_objective(&u).map_err(|r| r.rule),
            Err("WS-SUP-3".into())
        );
        assert_eq!(
            may_defensive_fire(&u).map_err(|r| r.rule),
            Err("WS-SUP-3".into())
        );
        // (4) is tested in close_combat (keep_fighting_test).
        let fresh = unit("laansguard", 2);
        assert!(may_capture_objective(&fresh).is_ok() && may_defensive_fire(&fresh).is_ok());
        assert_eq!(forced_action(&fresh), None);
    }

    #[test]
    fn action_allowances() {
        // WS-BASE: Advance Mv, At The Double 2 x Mv, halved in difficult terrain.
        assert_eq!(
            move_allowance(WsAction::Advance, 6.0, Going::Open, &c()),
            Ok(6.0)
        );
        assert_eq!(
            move_allowance(WsAction::Advance, 6.0, Going::Difficult, &c()),
            Ok(3.0)
        );
        assert_eq!(
            move_allowance(WsAction::AtTheDouble, 6.0, Going::Open, &c()),
            Ok(12.0)
        );
        assert_eq!(
            move_allowance(WsAction::FallBack, 5.0, Going::Difficult, &c()),
            Ok(2.5)
        );
        assert_eq!(
            move_allowance(WsAction::OpenFire, 6.0, Going::Open, &c()),
            Ok(0.0)
        );
        let r = move_allowance(WsAction::AtTheDouble, 6.0, Going::Difficult, &c()).expect_err("no");
        assert_eq!(r.rule, "WS-BASE");
        assert!(WsAction::OpenFire.may_fire() && WsAction::Advance.may_fire());
        assert!(!WsAction::AtTheDouble.may_fire() && !WsAction::GetDown.may_fire());
    }

    #[test]
    fn get_down_gives_a_save_bonus_and_removes_a_marker() {
        // WS-CLR-4 and the Get Down! stand-in.
        let mut u = unit("laansguard", 1);
        u.suppression.nerve_markers = 2;
        let a = take_action(&mut u, WsAction::GetDown, Going::Open, &c()).expect("ok");
        assert_eq!((a.save_bonus, a.max_move, a.may_fire), (1, 0.0, false));
        assert!(u.got_down && a.marker_removed);
        assert_eq!(u.nerve_markers(), 1);
        // A voluntary fall back also removes one (WS-CLR-4).
        let a = take_action(&mut u, WsAction::FallBack, Going::Open, &c()).expect("ok");
        assert!(a.marker_removed && u.nerve_markers() == 0);
        assert_eq!(a.log[0].rule, "WS-BASE");
    }
}
