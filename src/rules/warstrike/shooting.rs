//! Shooting and the salvo (WS-GLO-1, WS-SUP-1, WS-HIT-4, WS-BASE stand-ins).
//!
//! The seed gives no shooting procedure, so the stand-in of base_rules.md §5
//! is used [stand-in]: each shot hits on a d6 of 4+ (`to_hit` in the table),
//! each hit is saved on a d6 at or above the target's Sv (a Get Down! unit
//! gets +1, a save never needs less than 2), and each failed save is one wound
//! (one-wound models die). Every hit goes on the hit-die (WS-SUP-1, WS-HIT-1)
//! and one or more failed saves give a nerve marker (WS-HIT-4). All dice are
//! d6 (WS-DICE-1). Distances are inches.

use std::collections::BTreeSet;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};
use crate::engine::odds::binomial;

use super::data::{DIE, WsConstants};
use super::suppression::{HitSource, SalvoEffect};
use super::unit::WsUnitState;

/// The salvos made in one attacking activation (WS-GLO-1 [SIM: per
/// activation]): one unit may make salvos at several targets, but each target
/// receives at most one salvo from a given attacker. Shooting and close-combat
/// salvos share the record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SalvoRecord {
    made: BTreeSet<(u32, u32)>,
}

impl SalvoRecord {
    /// An empty record, for a new activation.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether `attacker` has already made a salvo at `target`.
    pub fn has_salvo(&self, attacker: u32, target: u32) -> bool {
        self.made.contains(&(attacker, target))
    }

    /// Notes a salvo of `attacker` at `target` that the rules oblige, such
    /// as a charged unit's defensive fire and blows (WS-GLO-1): no refusal,
    /// since it is not the attacker's choice.
    pub fn note(&mut self, attacker: u32, target: u32) {
        self.made.insert((attacker, target));
    }

    /// Records a salvo of `attacker` at `target`.
    ///
    /// # Errors
    /// A second salvo from the same attacker at the same target (WS-GLO-1).
    pub fn record(&mut self, attacker: u32, target: u32) -> Result<(), Refusal> {
        if !self.made.insert((attacker, target)) {
            return Err(Refusal::new(
                "WS-GLO-1",
                say!(
                    "ws-why-salvo-recorded",
                    target = target,
                    attacker = attacker
                ),
            ));
        }
        Ok(())
    }
}

/// The d6 score a save needs: Sv less the bonus, never below
/// [`WsConstants::best_save`] (2); above the die's highest face (7 or more)
/// means no save is possible [stand-in].
pub fn save_needed(save: u32, bonus: u32, c: &WsConstants) -> u32 {
    save.saturating_sub(bonus).max(c.best_save)
}

/// Chance that one d6 scores `need` or more (0 for 7+), counting the faces
/// of [`super::data::DIE`].
pub fn d6_at_least(need: u32) -> f64 {
    let d = super::data::DIE;
    (d.min()..=d.max()).filter(|f| *f >= need).count() as f64 / f64::from(d.faces())
}

/// One resolved salvo (WS-GLO-1).
#[derive(Clone, Debug, PartialEq)]
pub struct StrikeResult {
    /// Attacking unit.
    pub attacker: u32,
    /// Target unit.
    pub target: u32,
    /// Shots or attacks rolled.
    pub attacks: u32,
    /// Hits: all go on the hit-die (WS-SUP-1, WS-HIT-1).
    pub hits: u32,
    /// Failed saves (= wounds).
    pub failed_saves: u32,
    /// Models killed.
    pub models_killed: u32,
    /// The target failed one or more saves: one nerve marker (WS-HIT-4).
    pub failed_any_save: bool,
    /// The hit-die and nerve-marker change.
    pub suppression: SalvoEffect,
    /// Log: to-hit roll, save roll, casualties, suppression.
    pub log: Vec<LogEntry>,
}

/// The dice one salvo rolls: every model's shots or attacks (WS-GLO-1).
/// Shooting, defensive fire and close combat all count them here.
pub fn salvo_dice(models: u32, per_model: u32) -> u32 {
    models * per_model
}

/// The save bonus `target` has against a salvo: `get_down_save_bonus` if it
/// took Get Down! (WS-BASE [stand-in]), else 0.
pub fn save_bonus(target: &WsUnitState, get_down_save_bonus: u32) -> u32 {
    if target.got_down {
        get_down_save_bonus
    } else {
        0
    }
}

/// Hits among the to-hit dice: each die at or above `to_hit` (WS-BASE
/// [stand-in]).
pub fn count_hits(rolled: &[u32], to_hit: u32) -> u32 {
    rolled.iter().filter(|d| **d >= to_hit).count() as u32
}

/// Failed saves among the save dice: each die below `need` (WS-BASE
/// [stand-in]).
pub fn count_failed_saves(rolled: &[u32], need: u32) -> u32 {
    rolled.iter().filter(|d| **d < need).count() as u32
}

/// Chance that one save at `need` fails: 1 when no save is possible (above
/// the highest face of [`DIE`], 7+).
pub fn save_fail_chance(need: u32) -> f64 {
    if need > DIE.max() {
        1.0
    } else {
        1.0 - d6_at_least(need)
    }
}

/// The exact outcomes of a salvo of `attacks` d6 at `to_hit`+ against a
/// save at `need`: `(hits, failed saves, probability)` for every pair that
/// can happen. The same steps as [`roll_salvo`]: hits are binomial, and only
/// the hits are saved (no save at 7+: every hit fails).
pub fn salvo_outcomes(attacks: u32, to_hit: u32, need: u32) -> Vec<(u32, u32, f64)> {
    let hits = binomial(attacks, d6_at_least(to_hit));
    let p_fail = save_fail_chance(need);
    let mut out = Vec::new();
    for (h, ph) in hits.iter().enumerate() {
        let h = h as u32;
        for (f, pf) in binomial(h, p_fail).iter().enumerate() {
            if ph * pf > 0.0 {
                out.push((h, f as u32, ph * pf));
            }
        }
    }
    out
}

/// A salvo's dice, rolled but not yet taken by the target.
#[derive(Clone, Debug, PartialEq)]
pub struct RolledSalvo {
    /// Shots or attacks rolled.
    pub attacks: u32,
    /// Hits.
    pub hits: u32,
    /// Failed saves (= wounds).
    pub failed_saves: u32,
    /// Log: the to-hit roll and the save roll.
    pub log: Vec<LogEntry>,
}

/// Rolls one salvo of `attacks` d6 at `to_hit`+ against `target`, then its
/// saves (with the constants' `get_down_save_bonus` if the target took Get
/// Down!, never better than their `best_save`)
/// (WS-GLO-1; procedure [stand-in]). Changes no unit: [`land_salvo`] does.
/// Log entries carry the exact probability of the number rolled.
pub fn roll_salvo(
    dice: &mut Dice,
    attacker: u32,
    attacks: u32,
    to_hit: u32,
    target: &WsUnitState,
    constants: &WsConstants,
    source: HitSource,
) -> RolledSalvo {
    let mut log = Vec::new();
    let p_hit = d6_at_least(to_hit);
    let rolled = dice.roll_n(super::data::DIE, attacks);
    let hits = count_hits(&rolled, to_hit);
    let mut e = LogEntry::event(
        "WS-BASE",
        vec![attacker, target.id],
        match source {
            HitSource::Shooting => say!(
                "ws-log-to-hit-shooting",
                rule = "WS-DICE-1",
                target = target.name,
                attacks = attacks,
                to_hit = to_hit
            ),
            HitSource::CloseCombat => say!(
                "ws-log-to-hit-close-combat",
                rule = "WS-DICE-1",
                target = target.name,
                attacks = attacks,
                to_hit = to_hit
            ),
        },
    );
    e.target = Some(to_hit as i32);
    e.die = Some(super::data::DIE.name().to_string());
    e.dice = rolled;
    e.outcome = say!("ws-outcome-hits", hits = hits);
    e.weigh_count(&binomial(attacks, p_hit), hits as usize);
    log.push(e);

    let bonus = save_bonus(target, constants.get_down_save_bonus);
    let need = save_needed(target.save, bonus, constants);
    let mut sv = Itemized::new(say!("ws-sv"), target.save as i32);
    sv.add(say!("ws-action-get-down"), -(bonus as i32), "WS-BASE");
    let failed_saves = if hits == 0 {
        0
    } else if need > DIE.max() {
        let mut e = LogEntry::event(
            "WS-BASE",
            vec![target.id],
            say!("ws-log-no-save", unit = target.name, hits = hits),
        );
        e.value = Some(sv);
        e.outcome = say!("ws-outcome-failed-saves", count = hits);
        e.probability = Some(1.0);
        log.push(e);
        hits
    } else {
        let rolled = dice.roll_n(super::data::DIE, hits);
        let failed = count_failed_saves(&rolled, need);
        let mut e = LogEntry::event(
            "WS-BASE",
            vec![target.id],
            say!("ws-log-saves", unit = target.name, hits = hits, need = need),
        );
        e.value = Some(sv);
        e.target = Some(need as i32);
        e.die = Some(super::data::DIE.name().to_string());
        e.dice = rolled;
        e.outcome = say!("ws-outcome-failed-saves", count = failed);
        // Saves made are the saving unit's luck; their chance of `made`
        // is that of `failed` failed saves.
        let made = (hits - failed) as usize;
        e.weigh_count(&binomial(hits, 1.0 - save_fail_chance(need)), made);
        log.push(e);
        failed
    };
    RolledSalvo {
        attacks,
        hits,
        failed_saves,
        log,
    }
}

/// What a target takes from one rolled salvo.
#[derive(Clone, Debug, PartialEq)]
pub struct Landed {
    /// Models killed.
    pub models_killed: u32,
    /// The hit-die and nerve-marker change.
    pub suppression: SalvoEffect,
    /// Log: casualties, suppression.
    pub log: Vec<LogEntry>,
}

/// The target takes a rolled salvo: the wounds first (one per failed save,
/// [stand-in]), then the hits on the hit-die and the nerve markers
/// (WS-SUP-1, WS-HIT-1 … WS-HIT-5). `marker_given`: this is the rest of a
/// salvo whose failed saves already gave their one WS-HIT-4 marker (the
/// charged unit's melee after its defensive fire, WS-GLO-1), so its failed
/// saves wound but give no second marker.
pub fn land_salvo(
    target: &mut WsUnitState,
    hits: u32,
    failed_saves: u32,
    marker_given: bool,
    source: HitSource,
    constants: &WsConstants,
) -> Landed {
    let mut log = Vec::new();
    let models_killed = target.take_wounds(failed_saves);
    if failed_saves > 0 {
        let mut e = LogEntry::event(
            "WS-BASE",
            vec![target.id],
            say!(
                "ws-log-wounds",
                unit = target.name,
                wounds = failed_saves,
                killed = models_killed
            ),
        );
        e.outcome = say!("ws-outcome-models-left", count = target.models);
        log.push(e);
    }
    if marker_given && failed_saves > 0 {
        let mut e = LogEntry::event(
            "WS-GLO-1",
            vec![target.id],
            say!(
                "ws-log-one-salvo-marker",
                unit = target.name,
                rule = "WS-HIT-4"
            ),
        );
        e.outcome = say!("ws-outcome-no-second-marker");
        log.push(e);
    }
    let marker_saves = if marker_given { 0 } else { failed_saves };
    let suppression = target.take_hits(hits, marker_saves, source, constants);
    log.extend(suppression.log.iter().cloned());
    Landed {
        models_killed,
        suppression,
        log,
    }
}

/// Resolves one salvo of `attacks` d6 at `to_hit`+ against `target`
/// (WS-GLO-1; procedure [stand-in]): [`roll_salvo`], then [`land_salvo`].
/// Does not check legality; see [`open_fire`].
pub fn resolve_salvo(
    dice: &mut Dice,
    attacker: u32,
    attacks: u32,
    to_hit: u32,
    target: &mut WsUnitState,
    constants: &WsConstants,
    source: HitSource,
) -> StrikeResult {
    let rolled = roll_salvo(dice, attacker, attacks, to_hit, target, constants, source);
    strike_result(attacker, target, rolled, false, source, constants)
}

/// Lands `rolled` on `target` ([`land_salvo`]) and reports it as one salvo.
pub fn strike_result(
    attacker: u32,
    target: &mut WsUnitState,
    rolled: RolledSalvo,
    marker_given: bool,
    source: HitSource,
    constants: &WsConstants,
) -> StrikeResult {
    let landed = land_salvo(
        target,
        rolled.hits,
        rolled.failed_saves,
        marker_given,
        source,
        constants,
    );
    let mut log = rolled.log;
    log.extend(landed.log);
    StrikeResult {
        attacker,
        target: target.id,
        attacks: rolled.attacks,
        hits: rolled.hits,
        failed_saves: rolled.failed_saves,
        models_killed: landed.models_killed,
        failed_any_save: rolled.failed_saves > 0,
        suppression: landed.suppression,
        log,
    }
}

/// When a unit shoots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireKind {
    /// In its action phase (Open Fire! or Advance!): not while suppressed (WS-SUP-3 (1)).
    Action,
    /// Defensive fire in the reaction phase (WS-BASE).
    Reaction,
    /// Defensive fire when attacked in close combat: not while suppressed (WS-SUP-3 (3)).
    DefensiveInCloseCombat,
}

/// A shot's circumstances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FireRequest {
    /// Distance to the target in inches (≥ 0).
    pub distance: f64,
    /// Snap fire: Awareness doubled for targeting (WS-BASE).
    pub snap_fire: bool,
    /// When the unit shoots.
    pub kind: FireKind,
}

/// How far `shooter` may pick a target, inches edge to edge: its
/// Awareness, multiplied by `snap_fire_awareness` for snap fire (WS-BASE).
pub fn targeting_awareness(shooter: &WsUnitState, snap_fire: bool, c: &WsConstants) -> f64 {
    if snap_fire {
        c.snap_fire_awareness * shooter.aw
    } else {
        shooter.aw
    }
}

/// How far `shooter` may fire now, inches edge to edge: the lesser of its
/// weapon's range and its Awareness for targeting (WS-BASE), the two
/// bounds [`check_fire`] holds a shot to. `None` without a ranged weapon.
/// The open table's range ring.
pub fn fire_reach(shooter: &WsUnitState, snap_fire: bool, c: &WsConstants) -> Option<f64> {
    let w = shooter.shooting?;
    Some(w.range.min(targeting_awareness(shooter, snap_fire, c)))
}

/// Whether `shooter` may shoot at `target` now (checks only; nothing recorded).
///
/// # Errors
/// A [`Refusal`]: WS-SUP-3 for a suppressed shooter acting or firing
/// defensively in close combat; WS-BASE for no models, no weapon, itself as
/// target, a destroyed target, beyond weapon range or beyond Awareness
/// (doubled for snap fire); WS-GLO-1 for a second salvo at the same target.
pub fn check_fire(
    record: &SalvoRecord,
    shooter: &WsUnitState,
    target: &WsUnitState,
    req: FireRequest,
    constants: &WsConstants,
) -> Result<(), Refusal> {
    if shooter.destroyed() || target.destroyed() || shooter.id == target.id {
        return Err(Refusal::new("WS-BASE", say!("ws-why-not-in-play")));
    }
    if shooter.suppressed() && req.kind != FireKind::Reaction {
        return Err(Refusal::new(
            "WS-SUP-3",
            say!("ws-why-suppressed-no-shooting", unit = shooter.name),
        ));
    }
    let Some(w) = shooter.shooting else {
        return Err(Refusal::new(
            "WS-BASE",
            say!("ws-why-no-ranged-weapon", unit = shooter.name),
        ));
    };
    let aw = targeting_awareness(shooter, req.snap_fire, constants);
    if !(req.distance >= 0.0 && req.distance <= w.range) {
        return Err(Refusal::new(
            "WS-BASE",
            say!(
                "ws-why-beyond-range",
                distance = req.distance,
                range = w.range
            ),
        ));
    }
    if req.distance > aw {
        return Err(Refusal::new(
            "WS-BASE",
            say!("ws-why-beyond-awareness", distance = req.distance, aw = aw),
        ));
    }
    if record.has_salvo(shooter.id, target.id) {
        return Err(Refusal::new(
            "WS-GLO-1",
            say!(
                "ws-why-already-salvo",
                target = target.name,
                unit = shooter.name
            ),
        ));
    }
    Ok(())
}

/// One salvo of shooting (WS-GLO-1, WS-SUP-1, WS-HIT-4): checks it
/// ([`check_fire`]), records it, and resolves models × shots per model d6
/// ([`resolve_salvo`]).
///
/// # Errors
/// See [`check_fire`]; nothing is rolled or changed.
pub fn open_fire(
    dice: &mut Dice,
    record: &mut SalvoRecord,
    shooter: &WsUnitState,
    target: &mut WsUnitState,
    req: FireRequest,
    constants: &WsConstants,
) -> Result<StrikeResult, Refusal> {
    check_fire(record, shooter, target, req, constants)?;
    record.record(shooter.id, target.id)?;
    let shots = salvo_dice(
        shooter.models,
        shooter.shooting.map_or(0, |w| w.shots_per_model),
    );
    Ok(resolve_salvo(
        dice,
        shooter.id,
        shots,
        constants.to_hit,
        target,
        constants,
        HitSource::Shooting,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warstrike::data::WsTables;

    fn setup() -> (WsTables, WsUnitState, WsUnitState) {
        let t = WsTables::load().expect("table");
        let lg = WsUnitState::from_stats(1, t.unit("laansguard").expect("lg"));
        let rw = WsUnitState::from_stats(2, t.unit("reaver_warband").expect("rw"));
        (t, lg, rw)
    }

    fn req(distance: f64) -> FireRequest {
        FireRequest {
            distance,
            snap_fire: false,
            kind: FireKind::Action,
        }
    }

    /// The range ring is the range a shot is allowed: for every shipped
    /// unit with a weapon, a target just inside [`fire_reach`] may be shot
    /// and one just beyond may not, with and without snap fire (WS-BASE).
    #[test]
    fn the_range_ring_is_the_bound_a_shot_is_checked_against() {
        let (t, _, rw) = setup();
        let mut checked = 0;
        for stats in &t.units {
            let shooter = WsUnitState::from_stats(1, stats);
            for snap in [false, true] {
                let Some(r) = fire_reach(&shooter, snap, &t.constants) else {
                    continue;
                };
                let at = |distance: f64| {
                    let q = FireRequest {
                        snap_fire: snap,
                        ..req(distance)
                    };
                    check_fire(&SalvoRecord::new(), &shooter, &rw, q, &t.constants)
                };
                assert!(at(r - 0.01).is_ok(), "{} inside {r}", stats.key);
                assert!(at(r + 0.01).is_err(), "{} beyond {r}", stats.key);
                checked += 1;
            }
        }
        assert!(checked >= 4, "only {checked} shooters checked");
    }

    #[test]
    fn a_salvo_hits_saves_and_suppresses() {
        // WS-BASE stand-in: 10 shots at 4+, saves 5+; WS-SUP-1, WS-HIT-4.
        let (t, lg, mut rw) = setup();
        let mut d = Dice::new(0);
        d.load([4, 5, 6, 1, 2, 3, 4, 1, 1, 1]); // 4 hits
        d.load([5, 1, 2, 6]); // 2 saved, 2 failed
        let mut rec = SalvoRecord::new();
        let r = open_fire(&mut d, &mut rec, &lg, &mut rw, req(12.0), &t.constants).expect("fire");
        assert_eq!(
            (r.attacks, r.hits, r.failed_saves, r.models_killed),
            (10, 4, 2, 2)
        );
        assert!(r.failed_any_save);
        assert_eq!(rw.models, 8);
        // Steadfast: 4 hits on the die, no hit marker; one marker for the failed saves.
        assert_eq!(
            (
                rw.hit_dice(&crate::rules::warstrike::data::shipped_constants()),
                rw.nerve_markers()
            ),
            (vec![4], 1)
        );
        // Exact odds: P(exactly 4 hits of 10 at 1/2) = 210/1024.
        assert!((r.log[0].probability.unwrap_or(0.0) - 210.0 / 1024.0).abs() < 1e-12);
        // P(exactly 2 of 4 saves fail at 5+) = 6 * (2/3)^2 * (1/3)^2.
        let p = 6.0 * (4.0 / 9.0) * (1.0 / 9.0);
        assert!((r.log[1].probability.unwrap_or(0.0) - p).abs() < 1e-12);
        assert!(r.log.iter().any(|e| e.rule == "WS-HIT-4"));
    }

    #[test]
    fn hits_suppress_even_when_all_saves_pass() {
        // WS-SUP-1: no model dies, the unit is still suppressed; no WS-HIT-4 marker.
        let (t, lg, mut rw) = setup();
        let mut d = Dice::new(0);
        d.load([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 5, 6]);
        let mut rec = SalvoRecord::new();
        let r = open_fire(&mut d, &mut rec, &lg, &mut rw, req(5.0), &t.constants).expect("fire");
        assert_eq!((r.hits, r.failed_saves, r.failed_any_save), (2, 0, false));
        assert!(rw.suppressed() && rw.nerve_markers() == 0 && rw.models == 10);
    }

    #[test]
    fn one_salvo_per_attacker_and_target() {
        // WS-GLO-1: a second salvo at the same target is refused; another target is fine.
        let (t, lg, mut rw) = setup();
        let mut other = WsUnitState::from_stats(3, t.unit("reaver_gunners").expect("g"));
        let mut d = Dice::new(5);
        let mut rec = SalvoRecord::new();
        open_fire(&mut d, &mut rec, &lg, &mut rw, req(10.0), &t.constants).expect("first");
        let e =
            open_fire(&mut d, &mut rec, &lg, &mut rw, req(10.0), &t.constants).expect_err("2nd");
        assert_eq!(e.rule, "WS-GLO-1");
        assert!(open_fire(&mut d, &mut rec, &lg, &mut other, req(10.0), &t.constants).is_ok());
        let mut r2 = SalvoRecord::new();
        r2.record(1, 2).expect("first");
        assert_eq!(r2.record(1, 2).map_err(|r| r.rule), Err("WS-GLO-1".into()));
        assert!(r2.record(2, 1).is_ok());
    }

    #[test]
    fn fire_is_refused_out_of_range_or_when_suppressed() {
        // WS-BASE range and Awareness; WS-SUP-3 (1) and (3).
        let (t, mut lg, rw) = setup();
        let rec = SalvoRecord::new();
        assert_eq!(
            check_fire(&rec, &lg, &rw, req(25.0), &t.constants).map_err(|r| r.rule),
            Err("WS-BASE".into())
        );
        // LaansGuard Aw 18, range 24: 20" needs snap fire.
        assert!(check_fire(&rec, &lg, &rw, req(20.0), &t.constants).is_err());
        let snap = FireRequest {
            snap_fire: true,
            ..req(20.0)
        };
        assert!(check_fire(&rec, &lg, &rw, snap, &t.constants).is_ok());
        lg.take_hits(
            1,
            0,
            HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        assert_eq!(
            check_fire(&rec, &lg, &rw, req(5.0), &t.constants).map_err(|r| r.rule),
            Err("WS-SUP-3".into())
        );
        let cc = FireRequest {
            kind: FireKind::DefensiveInCloseCombat,
            ..req(1.0)
        };
        assert_eq!(
            check_fire(&rec, &lg, &rw, cc, &t.constants).map_err(|r| r.rule),
            Err("WS-SUP-3".into())
        );
        let reaction = FireRequest {
            kind: FireKind::Reaction,
            ..req(5.0)
        };
        assert!(check_fire(&rec, &lg, &rw, reaction, &t.constants).is_ok());
        // The Warband has no ranged weapon.
        assert!(check_fire(&rec, &rw, &lg, req(1.0), &t.constants).is_err());
    }

    #[test]
    fn get_down_improves_the_save() {
        // Get Down! stand-in: Sv 5 becomes 4+; Sv 7 means no save, Sv 2 stays 2.
        let (t, _, mut rw) = setup();
        assert_eq!(save_needed(5, 1, &t.constants), 4);
        assert_eq!(save_needed(2, 1, &t.constants), 2);
        assert_eq!(save_needed(7, 0, &t.constants), 7);
        assert_eq!(d6_at_least(7), 0.0);
        assert_eq!(d6_at_least(4), 0.5);
        rw.got_down = true;
        let mut d = Dice::new(0);
        d.load([6, 4]); // 1 attack hits, save 4 passes at 4+
        let r = resolve_salvo(&mut d, 9, 1, 4, &mut rw, &t.constants, HitSource::Shooting);
        assert_eq!((r.hits, r.failed_saves), (1, 0));
        assert_eq!(r.log[1].target, Some(4));
    }
}
