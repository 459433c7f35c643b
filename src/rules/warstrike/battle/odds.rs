//! The exact odds shown before an order is committed (WS-SUP-1, WS-HIT-4).
//!
//! Every number comes from the functions the resolution rolls with: the
//! salvo from [`salvo_outcomes`] and [`land_salvo`] (the steps of
//! `resolve_salvo`), the charge from [`opening`] (step 1 of `fight`) and the
//! Ld tests from [`leadership_pass_chance`] (the chance of
//! `leadership_test`).

use crate::engine::view::OddsLines;
use crate::rules::warstrike::close_combat::{Opening, opening};
use crate::rules::warstrike::data::WsTables;
use crate::rules::warstrike::leadership::{InspiringOfficer, leadership_pass_chance};
use crate::rules::warstrike::shooting::{
    land_salvo, salvo_dice, salvo_outcomes, save_bonus, save_needed,
};
use crate::rules::warstrike::suppression::{HitSource, SalvoEffect};
use crate::rules::warstrike::unit::WsUnitState;

use super::state::{WsBattle, WsCommand};

impl WsBattle {
    /// Exact odds of a command, labelled: for a salvo the chance of at least
    /// one hit (suppression, WS-SUP-1), of a failed save that gives a nerve
    /// marker (WS-HIT-4, WS-NV-2) and the expected models killed; for a
    /// charge the defender's defensive fire and its staying in the fight as
    /// the close-combat phase will roll them, after the reaction phase
    /// (WS-CLR-1, WS-SUP-3); for ending the phase each opposing suppressed
    /// unit's reaction-phase Ld test (WS-CLR-1, WS-LD-6).
    pub fn odds(&self, cmd: &WsCommand, tables: &WsTables) -> OddsLines {
        let mut out = OddsLines::default();
        match cmd {
            WsCommand::Act { unit, action } => {
                let Some(u) = self.unit(*unit) else {
                    return out;
                };
                if let Some(t) = action.fire_target().and_then(|t| self.unit(t)) {
                    out.extend(salvo_odds(&u.state, &t.state, false, tables));
                }
                if let (Some(t), Some(ti)) = (
                    action.charge().and_then(|t| self.unit(t)),
                    action.charge().and_then(|t| self.index(t)),
                ) {
                    let p = self.inspiring_for(ti, tables);
                    out.extend(charge_odds(&u.state, &t.state, p, tables));
                }
            }
            WsCommand::EndPhase { side } => {
                for (i, u) in self.units.iter().enumerate() {
                    if u.side != *side && u.alive() && u.state.suppressed() {
                        out.chances.push((
                            say!("ws-odds-reaction-test", unit = u.name),
                            leadership_pass_chance(&u.state, self.inspiring_for(i, tables)),
                        ));
                    }
                }
            }
        }
        out
    }
}

/// The charged unit as the close-combat phase finds it, with the chance of
/// each state: the charge is ordered in the action phase, and in the
/// reaction phase between a suppressed target tests (WS-CLR-1) and on a
/// pass loses its hit-die (the same `Suppression::cleared` the test
/// applies).
pub fn target_at_close_combat(
    target: &WsUnitState,
    inspiring: Option<InspiringOfficer>,
) -> Vec<(WsUnitState, f64)> {
    if !target.suppressed() {
        return vec![(target.clone(), 1.0)];
    }
    let p = leadership_pass_chance(target, inspiring);
    let mut cleared = target.clone();
    cleared.suppression = cleared.suppression.cleared();
    vec![(cleared, p), (target.clone(), 1.0 - p)]
}

/// Odds of a charge of `charger` at `target` (WS-SUP-3 (3), (4), WS-CLR-1):
/// for each state the target may be in at the close-combat phase
/// ([`target_at_close_combat`]), step 1 of the fight ([`opening`]) gives
/// defensive fire (its salvo odds, weighted) or, for a suppressed target,
/// the Ld test to keep fighting.
pub fn charge_odds(
    charger: &WsUnitState,
    target: &WsUnitState,
    inspiring: Option<InspiringOfficer>,
    tables: &WsTables,
) -> OddsLines {
    let mut out = OddsLines::default();
    let states = target_at_close_combat(target, inspiring);
    let mut p_fire = 0.0;
    let mut p_stays = 0.0;
    let mut fire: Option<OddsLines> = None;
    for (t, w) in &states {
        match opening(t) {
            Opening::DefensiveFire(_) => {
                p_fire += w;
                p_stays += w;
                let lines = salvo_odds(t, charger, true, tables);
                fire = Some(match fire {
                    None => lines.scaled(*w),
                    Some(f) => f.plus(&lines.scaled(*w)),
                });
            }
            Opening::Suppressed | Opening::Unarmed if t.suppressed() => {
                p_stays += w * leadership_pass_chance(t, inspiring);
            }
            Opening::Suppressed | Opening::Unarmed => p_stays += w,
        }
    }
    if p_fire > 0.0 {
        out.chances
            .push((say!("ws-odds-defensive-fire", unit = target.name), p_fire));
    }
    if let Some(f) = fire {
        out.extend(f);
    }
    if target.suppressed() {
        out.chances
            .push((say!("ws-odds-stays-in-fight", unit = target.name), p_stays));
    }
    out
}

trait Weighted {
    fn scaled(self, w: f64) -> Self;
    fn plus(self, other: &Self) -> Self;
}

impl Weighted for OddsLines {
    /// Every line times `w` (the chance the salvo is made at all).
    fn scaled(mut self, w: f64) -> Self {
        for (_, p) in self.chances.iter_mut().chain(self.expected.iter_mut()) {
            *p *= w;
        }
        self
    }

    /// Adds the values of `other`'s lines, label by label in order.
    fn plus(mut self, other: &Self) -> Self {
        for (a, b) in self.chances.iter_mut().zip(&other.chances) {
            a.1 += b.1;
        }
        for (a, b) in self.expected.iter_mut().zip(&other.expected) {
            a.1 += b.1;
        }
        self
    }
}

/// Exact odds of one salvo of `shooter` at `target` (WS-SUP-1, WS-HIT-4,
/// WS-NV-2; shooting [stand-in]): every outcome of [`salvo_outcomes`] is
/// landed on a copy of the target with [`land_salvo`], the step
/// `resolve_salvo` lands with. Lines: at least one hit, a failed save whose
/// nerve marker is not lost to the cap, and the expected models killed.
/// `defensive`: labelled as the defensive fire of a charged unit at its
/// charger.
pub fn salvo_odds(
    shooter: &WsUnitState,
    target: &WsUnitState,
    defensive: bool,
    tables: &WsTables,
) -> OddsLines {
    let Some(w) = shooter.shooting else {
        return OddsLines::default();
    };
    let shots = salvo_dice(shooter.models, w.shots_per_model);
    let need = save_needed(
        target.save,
        save_bonus(target, tables.constants.get_down_save_bonus),
        &tables.constants,
    );
    let (mut p_hit, mut p_marker, mut kills) = (0.0, 0.0, 0.0);
    for (hits, failed, p) in salvo_outcomes(shots, tables.constants.to_hit, need) {
        let mut t = target.clone();
        let landed = land_salvo(
            &mut t,
            hits,
            failed,
            false,
            HitSource::Shooting,
            &tables.constants,
        );
        if hits > 0 {
            p_hit += p;
        }
        if salvo_marker(&landed.suppression) {
            p_marker += p;
        }
        kills += p * f64::from(landed.models_killed);
    }
    let [hit, failed_save, killed] = if defensive {
        [
            say!("ws-odds-defensive-hit"),
            say!("ws-odds-defensive-failed-save"),
            say!("ws-odds-defensive-killed"),
        ]
    } else {
        [
            say!("ws-odds-hit"),
            say!("ws-odds-failed-save"),
            say!("ws-odds-killed"),
        ]
    };
    OddsLines {
        chances: vec![(hit, p_hit), (failed_save, p_marker)],
        expected: vec![(killed, kills)],
    }
}

/// Whether a landed salvo's failed saves gave their WS-HIT-4 nerve marker:
/// they failed a save and no marker was lost to the WS-NV-2 cap.
pub fn salvo_marker(fx: &SalvoEffect) -> bool {
    fx.marker_from_saves && fx.markers_over_cap == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::{Dice, Die};
    use crate::rules::warstrike::shooting::resolve_salvo;

    /// The exact expectation of `value` over every sequence of d6 faces the
    /// code under test actually rolls: each run is given a loaded prefix;
    /// a run that wants one more die is replayed once per face.
    fn exact(mut value: impl FnMut(&mut Dice) -> f64) -> f64 {
        let faces = Die::D6.faces();
        let mut total = 0.0;
        let mut stack: Vec<Vec<u32>> = vec![Vec::new()];
        while let Some(prefix) = stack.pop() {
            let mut dice = Dice::new(0);
            dice.load(prefix.clone());
            let v = value(&mut dice);
            if dice.rolled() as usize > prefix.len() {
                for f in 1..=faces {
                    let mut p = prefix.clone();
                    p.push(f);
                    stack.push(p);
                }
            } else {
                total += v * f64::from(faces).powi(-(prefix.len() as i32));
            }
        }
        total
    }

    #[test]
    fn ws_hit_4_salvo_odds_are_the_rolled_salvo_enumerated() {
        // O2: the odds of a salvo equal resolve_salvo enumerated over every
        // die it rolls: hits (WS-SUP-1), the failed-save marker (WS-HIT-4,
        // none past the WS-NV-2 cap) and the models killed.
        let tables = WsTables::load().expect("tables");
        let stats = tables.unit("laansguard").expect("lg");
        let mut shooter = WsUnitState::from_stats(1, stats);
        shooter.models = 3;
        let fresh = WsUnitState::from_stats(2, stats);
        let mut capped = fresh.clone();
        capped.suppression.nerve_markers = capped.starting_nv;
        let mut tough = fresh.clone();
        tough.models = 2;
        tough.wounds_per_model = 2;
        tough.wounds_taken = 1;
        tough.got_down = true;
        for target in [fresh, capped.clone(), tough] {
            let odds = salvo_odds(&shooter, &target, false, &tables);
            let c = &tables.constants;
            let run = |dice: &mut Dice| {
                let mut t = target.clone();
                let shots = salvo_dice(shooter.models, 1);
                resolve_salvo(dice, 1, shots, c.to_hit, &mut t, c, HitSource::Shooting)
            };
            let hit = exact(|d| f64::from(u8::from(run(d).hits > 0)));
            let marker = exact(|d| f64::from(u8::from(salvo_marker(&run(d).suppression))));
            let killed = exact(|d| f64::from(run(d).models_killed));
            assert!((odds.chances[0].1 - hit).abs() < 1e-12, "{odds:?} {hit}");
            assert!(
                (odds.chances[1].1 - marker).abs() < 1e-12,
                "{odds:?} {marker}"
            );
            assert!(
                (odds.expected[0].1 - killed).abs() < 1e-12,
                "{odds:?} {killed}"
            );
        }
        // At the cap (WS-NV-2) a failed save gives no marker: the line is 0.
        assert_eq!(
            salvo_odds(&shooter, &capped, false, &tables).chances[1].1,
            0.0
        );
    }
}
