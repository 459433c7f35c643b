//! Close combat: a charge fought out between two units (WS-SUP-3 (3), (4),
//! WS-CLR-2, WS-CLR-5 triggers, WS-GLO-1; procedure [stand-in]).
//!
//! The seed leaves the close-combat sequence to the core rules (WS-BASE,
//! [AMBIG]). The stand-in sequence:
//! 1. Defensive fire: the charged unit, if armed and not suppressed
//!    (WS-SUP-3 (3)), fires one salvo at the charger.
//! 2. Each suppressed unit, charger first, takes an Ld test to keep fighting
//!    (WS-SUP-3 (4)); on a failure it falls back and the fight ends.
//! 3. Both units strike at once: models × melee attacks per model d6, hitting
//!    on 4+, saves as in shooting; each strike is one salvo (WS-GLO-1) and
//!    its hits suppress (WS-SUP-1).
//! 4. The unit that lost more models in the fight takes an Ld test; on a
//!    failure it falls back. Equal losses: the fight goes on.
//!
//! Every failed Ld test here is a WS-CLR-5 trigger (returned in
//! [`FightResult::broke`]; apply [`super::clearing::relief_on_enemy_break`]
//! before the fall-back move), and the unit whose enemy falls back clears its
//! suppression (WS-CLR-2, applied here).

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::clearing::clear_by_winning_fight;
use super::data::WsConstants;
use super::leadership::{InspiringOfficer, LdOutcome, leadership_test};
use super::shooting::{SalvoRecord, resolve_salvo, roll_salvo, salvo_dice, strike_result};
use super::suppression::HitSource;
use super::unit::WsUnitState;

/// One side of a fight: the unit and any Inspiring Officer within 6" of it
/// (WS-SPC-1).
#[derive(Debug)]
pub struct Combatant<'a> {
    /// The unit.
    pub unit: &'a mut WsUnitState,
    /// Inspiring help for its Ld tests.
    pub inspiring: Option<InspiringOfficer>,
}

/// The outcome of one fight.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FightResult {
    /// The charger falls back.
    pub charger_falls_back: bool,
    /// The charged unit falls back.
    pub defender_falls_back: bool,
    /// Models lost in the fight, `[charger, defender]` (defensive fire included).
    pub losses: [u32; 2],
    /// Hits taken, `[charger, defender]`.
    pub hits_taken: [u32; 2],
    /// Defensive fire was made (WS-SUP-3 (3)).
    pub defensive_fire: bool,
    /// The defensive fire failed a save and gave the charger the one
    /// WS-HIT-4 marker of the charged unit's salvo (WS-GLO-1).
    pub defender_salvo_marked: bool,
    /// Units that failed an Ld test in this fight: each is a WS-CLR-5 trigger.
    pub broke: Vec<u32>,
    /// Units that cleared their suppression by making the enemy fall back (WS-CLR-2).
    pub cleared: Vec<u32>,
    /// Log entries in order.
    pub log: Vec<LogEntry>,
}

/// The Ld test a suppressed unit makes to keep fighting (WS-SUP-3 (4)).
/// `None` if the unit is not suppressed (it fights on without a test).
pub fn keep_fighting_test(
    dice: &mut Dice,
    unit: &WsUnitState,
    inspiring: Option<InspiringOfficer>,
) -> Option<LdOutcome> {
    unit.suppressed()
        .then(|| leadership_test(dice, unit, inspiring, &say!("ws-test-keep-fighting")))
}

/// What the charged unit does before the blows (step 1, WS-SUP-3 (3)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// It fires defensively, with this many shots per model.
    DefensiveFire(u32),
    /// It is armed but suppressed: no defensive fire (WS-SUP-3 (3)).
    Suppressed,
    /// It has no ranged weapon.
    Unarmed,
}

/// Step 1 of a fight for the charged unit `defender`, as it stands now
/// (WS-SUP-3 (3)). [`fight`] rolls by it and the charge odds read it.
pub fn opening(defender: &WsUnitState) -> Opening {
    match defender.shooting {
        None => Opening::Unarmed,
        Some(_) if defender.suppressed() => Opening::Suppressed,
        Some(w) => Opening::DefensiveFire(w.shots_per_model),
    }
}

/// Which side lost: the one that lost more models; `None` on equal losses
/// [stand-in]. Index 0 = charger, 1 = defender.
pub fn loser(losses: [u32; 2]) -> Option<usize> {
    match losses[0].cmp(&losses[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

fn falls_back(r: &mut FightResult, side: usize, units: [&mut WsUnitState; 2]) {
    let [a, b] = units;
    let (runner, winner) = if side == 0 { (a, b) } else { (b, a) };
    if side == 0 {
        r.charger_falls_back = true;
    } else {
        r.defender_falls_back = true;
    }
    r.broke.push(runner.id);
    let mut e = LogEntry::event(
        "WS-CLR-5",
        vec![runner.id, winner.id],
        say!("ws-log-breaks", unit = runner.name),
    );
    e.outcome = say!("ws-outcome-falls-back");
    r.log.push(e);
    if let Some(e) = clear_by_winning_fight(winner, runner.id) {
        r.cleared.push(winner.id);
        r.log.push(e);
    }
}

/// Fights one close combat: `charger` attacks `defender` in the charger's
/// activation (its salvo is recorded in `record`, WS-GLO-1). See the module
/// doc for the [stand-in] sequence.
///
/// # Errors
/// A [`Refusal`]: WS-SUP-3 if the charger is suppressed (it may take no
/// action), WS-BASE if either unit has no models or they are the same unit,
/// WS-GLO-1 if the charger already made a salvo at the defender.
pub fn fight(
    dice: &mut Dice,
    record: &mut SalvoRecord,
    charger: Combatant<'_>,
    defender: Combatant<'_>,
    constants: &WsConstants,
) -> Result<FightResult, Refusal> {
    let Combatant {
        unit: a,
        inspiring: a_insp,
    } = charger;
    let Combatant {
        unit: b,
        inspiring: b_insp,
    } = defender;
    if a.destroyed() || b.destroyed() || a.id == b.id {
        return Err(Refusal::new("WS-BASE", say!("ws-why-both-in-play")));
    }
    if a.suppressed() {
        return Err(Refusal::new(
            "WS-SUP-3",
            say!("ws-why-suppressed-no-charge", unit = a.name),
        ));
    }
    if record.has_salvo(a.id, b.id) {
        return Err(Refusal::new(
            "WS-GLO-1",
            say!("ws-why-already-salvo", target = b.name, unit = a.name),
        ));
    }
    let mut r = FightResult::default();

    // 1. Defensive fire (WS-SUP-3 (3)): the first part of the charged
    //    unit's one salvo at the charger (WS-GLO-1).
    match opening(b) {
        Opening::Suppressed => {
            let mut e = LogEntry::event(
                "WS-SUP-3",
                vec![b.id, a.id],
                say!("ws-why-no-defensive-fire", unit = b.name),
            );
            e.outcome = say!("ws-outcome-no-defensive-fire");
            r.log.push(e);
        }
        Opening::DefensiveFire(shots_per_model) => {
            record.note(b.id, a.id);
            let s = resolve_salvo(
                dice,
                b.id,
                salvo_dice(b.models, shots_per_model),
                constants.to_hit,
                a,
                constants,
                HitSource::Shooting,
            );
            r.defensive_fire = true;
            r.defender_salvo_marked = s.failed_any_save;
            r.losses[0] += s.models_killed;
            r.hits_taken[0] += s.hits;
            r.log.extend(s.log);
        }
        Opening::Unarmed => {}
    }
    if a.destroyed() {
        return Ok(r);
    }

    // 2. Suppressed units test to keep fighting (WS-SUP-3 (4)).
    for side in 0..2 {
        let (u, insp) = if side == 0 {
            (&*a, a_insp)
        } else {
            (&*b, b_insp)
        };
        if let Some(t) = keep_fighting_test(dice, u, insp) {
            r.log.push(t.log);
            if !t.pass {
                falls_back(&mut r, side, [&mut *a, &mut *b]);
                return Ok(r);
            }
        }
    }

    strike(
        dice,
        record,
        Combatant {
            unit: a,
            inspiring: a_insp,
        },
        Combatant {
            unit: b,
            inspiring: b_insp,
        },
        constants,
        &mut r,
    )?;
    Ok(r)
}

/// Steps 3 and 4 of a fight, once both units fight on: both strike at once
/// (WS-GLO-1, WS-SUP-1), then the loser tests and falls back on a failure
/// [stand-in]. Adds to `r`, whose `[0]` is `a` and `[1]` is `b`. Two
/// suppressed units that both pass their keep-fighting tests strike too
/// (WS-SUP-3 (4): passing, a unit continues fighting).
///
/// # Errors
/// WS-GLO-1 when `a` already made its salvo at `b`.
pub fn strike(
    dice: &mut Dice,
    record: &mut SalvoRecord,
    charger: Combatant<'_>,
    defender: Combatant<'_>,
    constants: &WsConstants,
    r: &mut FightResult,
) -> Result<(), Refusal> {
    let Combatant {
        unit: a,
        inspiring: a_insp,
    } = charger;
    let Combatant {
        unit: b,
        inspiring: b_insp,
    } = defender;
    // 3. Both strike at once (WS-GLO-1, WS-SUP-1).
    record.record(a.id, b.id)?;
    record.note(b.id, a.id);
    let a_attacks = salvo_dice(a.models, a.melee_attacks);
    let b_attacks = salvo_dice(b.models, b.melee_attacks);
    let sa = resolve_salvo(
        dice,
        a.id,
        a_attacks,
        constants.to_hit,
        b,
        constants,
        HitSource::CloseCombat,
    );
    // WS-GLO-1: the charged unit's blows finish the salvo its defensive
    // fire began; its failed saves gave their WS-HIT-4 marker already.
    let rolled = roll_salvo(
        dice,
        b.id,
        b_attacks,
        constants.to_hit,
        a,
        constants,
        HitSource::CloseCombat,
    );
    let sb = strike_result(
        b.id,
        a,
        rolled,
        r.defender_salvo_marked,
        HitSource::CloseCombat,
        constants,
    );
    r.losses[1] += sa.models_killed;
    r.hits_taken[1] += sa.hits;
    r.losses[0] += sb.models_killed;
    r.hits_taken[0] += sb.hits;
    r.log.extend(sa.log);
    r.log.extend(sb.log);

    // 4. The loser tests (stand-in); failure = falls back.
    if let Some(side) = loser(r.losses) {
        let (u, insp) = if side == 0 {
            (&*a, a_insp)
        } else {
            (&*b, b_insp)
        };
        if !u.destroyed() {
            let t = leadership_test(dice, u, insp, &say!("ws-test-lost-fight"));
            r.log.push(t.log);
            if !t.pass {
                falls_back(r, side, [&mut *a, &mut *b]);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warstrike::clearing::relief_on_enemy_break;
    use crate::rules::warstrike::data::WsTables;

    fn units() -> (WsTables, WsUnitState, WsUnitState) {
        let t = WsTables::load().expect("table");
        let rw = WsUnitState::from_stats(1, t.unit("reaver_warband").expect("rw"));
        let lg = WsUnitState::from_stats(2, t.unit("laansguard").expect("lg"));
        (t, rw, lg)
    }

    #[test]
    fn gc_ws_11_suppressed_unit_tests_to_keep_fighting() {
        // GC-WS-11 (WS-SUP-3 (3), (4)): the charged LaansGuard has a hit-die
        // showing 1: no defensive fire, and it must test to keep fighting; it
        // fails and falls back. The failure is a WS-CLR-5 trigger.
        let (t, mut rw, mut lg) = units();
        lg.take_hits(
            1,
            0,
            HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        let mut d = Dice::new(0);
        d.load([4, 6]); // Ld 2 at Nv 3: fail
        let mut rec = SalvoRecord::new();
        let r = fight(
            &mut d,
            &mut rec,
            Combatant {
                unit: &mut rw,
                inspiring: None,
            },
            Combatant {
                unit: &mut lg,
                inspiring: None,
            },
            &t.constants,
        )
        .expect("fight");
        assert!(!r.defensive_fire);
        assert_eq!(r.log[0].rule, "WS-SUP-3");
        assert_eq!(r.log[1].dice, vec![4, 6]);
        assert!(r.defender_falls_back && !r.charger_falls_back);
        assert_eq!(r.broke, vec![2]);
        assert!(r.cleared.is_empty());
        assert_eq!(d.rolled(), 2, "no melee dice after the break");
        // Passing the test keeps it fighting.
        let (t, mut rw, mut lg) = units();
        lg.take_hits(
            1,
            0,
            HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        let mut d = Dice::new(0);
        d.load([3, 6]);
        assert!(keep_fighting_test(&mut d, &lg, None).is_some_and(|o| o.pass));
        let fresh = WsUnitState::from_stats(3, t.unit("laansguard").expect("lg"));
        assert!(keep_fighting_test(&mut d, &fresh, None).is_none());
        // A suppressed unit may not charge.
        rw.take_hits(
            1,
            0,
            HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        let e = fight(
            &mut d,
            &mut SalvoRecord::new(),
            Combatant {
                unit: &mut rw,
                inspiring: None,
            },
            Combatant {
                unit: &mut lg,
                inspiring: None,
            },
            &t.constants,
        )
        .expect_err("refused");
        assert_eq!(e.rule, "WS-SUP-3");
    }

    #[test]
    fn a_full_fight_with_defensive_fire_loser_test_and_triggers() {
        // Stand-in sequence; WS-SUP-1 (melee hits suppress), WS-CLR-2, WS-CLR-5.
        let (t, mut rw, mut lg) = units();
        let mut d = Dice::new(0);
        // 1. LaansGuard defensive fire: 10 shots, 1 hit; Warband save 6 fails (Sv 5).
        d.load([6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
        // 2. The Warband is now suppressed (1 hit): keep-fighting test Ld 2 at Nv 3
        //    (one marker for the failed save): passes on a 3.
        d.load([3, 6]);
        // 3. Warband 9 models x 2 = 18 attacks: 6 hits; LaansGuard saves 5+: 4 fail.
        d.load([4, 4, 4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
        d.load([1, 1, 1, 1, 5, 6]);
        //    Strikes are simultaneous: LaansGuard 10 models x 1 = 10 attacks: 1 hit, saved.
        d.load([6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6]);
        // 4. LaansGuard lost 4, Warband 1: LaansGuard (2 markers) tests Ld 2 at Nv 1, fails.
        d.load([3, 5]);
        let mut rec = SalvoRecord::new();
        let r = fight(
            &mut d,
            &mut rec,
            Combatant {
                unit: &mut rw,
                inspiring: None,
            },
            Combatant {
                unit: &mut lg,
                inspiring: None,
            },
            &t.constants,
        )
        .expect("fight");
        assert!(r.defensive_fire);
        assert_eq!(r.losses, [1, 4]);
        assert_eq!(r.hits_taken, [2, 6]);
        assert!(r.defender_falls_back && !r.charger_falls_back);
        assert_eq!(lg.models, 6);
        assert_eq!(
            lg.hit_dice(&crate::rules::warstrike::data::shipped_constants()),
            vec![6]
        );
        assert_eq!(lg.nerve_markers(), 2, "1 for 6 hits + 1 for failed saves");
        // WS-CLR-2: the Warband made LaansGuard fall back and clears its hit-dice.
        assert_eq!(r.cleared, vec![1]);
        assert!(!rw.suppressed());
        // WS-GLO-1: the charger's salvo is recorded.
        assert!(rec.has_salvo(1, 2));
        // WS-CLR-5: the Warband (within 6" of the breaking LaansGuard) may remove a marker.
        assert_eq!(r.broke, vec![2]);
        assert_eq!(rw.nerve_markers(), 1);
        let log = relief_on_enemy_break(r.broke[0], &mut [(0.0, &mut rw)], 6.0);
        assert_eq!((rw.nerve_markers(), log[0].rule.as_str()), (0, "WS-CLR-5"));
        assert_eq!(d.loaded_remaining(), 0);
    }

    #[test]
    fn ws_glo_1_the_charged_units_fire_and_blows_are_one_salvo() {
        // D1 (seed L154, WS-HIT-4 L115-118): the LaansGuard's defensive fire
        // and its blows reach the charging Warband as one salvo: one
        // failed-save marker at most.
        let (t, mut rw, mut lg) = units();
        let mut d = Dice::new(0);
        // 1. Defensive fire: 10 shots, 1 hit; the Warband's save fails.
        d.load([6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
        // 2. The suppressed Warband tests to keep fighting: Ld 2 at Nv 3, passes.
        d.load([1, 6]);
        // 3. Warband 9 models x 2 = 18 attacks, no hits; LaansGuard 10
        //    attacks, 1 hit, the save fails.
        d.load([1; 18]);
        d.load([6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
        // 4. The Warband lost 2 and tests: fails.
        d.load([6, 6]);
        let mut rec = SalvoRecord::new();
        let r = fight(
            &mut d,
            &mut rec,
            Combatant {
                unit: &mut rw,
                inspiring: None,
            },
            Combatant {
                unit: &mut lg,
                inspiring: None,
            },
            &t.constants,
        )
        .expect("fight");
        assert_eq!(d.loaded_remaining(), 0);
        assert_eq!(r.losses, [2, 0]);
        let markers = r
            .log
            .iter()
            .filter(|e| e.rule == "WS-HIT-4" && e.units == vec![1])
            .count();
        assert_eq!(markers, 1, "one WS-HIT-4 marker for the one salvo");
        assert_eq!(rw.nerve_markers(), 1);
        assert!(r.log.iter().any(|e| e.rule == "WS-GLO-1"));
        assert!(rec.has_salvo(2, 1), "the charged unit's salvo is recorded");
    }

    #[test]
    fn equal_losses_mean_no_test() {
        // Stand-in loser rule.
        assert_eq!(loser([2, 2]), None);
        assert_eq!(loser([3, 1]), Some(0));
        assert_eq!(loser([0, 1]), Some(1));
    }
}
