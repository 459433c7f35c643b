//! The exact odds shown before an order is committed (WS-SUP-1, WS-HIT-4).

use super::*;
use crate::engine::view::OddsLines;

impl WsBattle {
    /// Exact odds of a command, labelled: for a salvo the chance of at least
    /// one hit (suppression, WS-SUP-1), of a failed save (+1 nerve marker,
    /// WS-HIT-4) and the expected models killed; for a charge the
    /// defender's defensive fire; for ending the phase each opposing
    /// suppressed unit's reaction-phase Ld test (WS-CLR-1, WS-LD-6).
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
                if let Some(t) = action.charge().and_then(|t| self.unit(t))
                    && !t.state.suppressed()
                    && t.state.shooting.is_some()
                {
                    out.extend(salvo_odds(&t.state, &u.state, true, tables));
                }
                if let (Some(t), Some(ti)) = (
                    action.charge().and_then(|t| self.unit(t)),
                    action.charge().and_then(|t| self.index(t)),
                ) && t.state.suppressed()
                {
                    let nv = tested_nv_itemized(&t.state, self.inspiring_for(ti, tables)).total();
                    out.chances.push((
                        say!("ws-odds-keep-fighting", unit = t.name),
                        pass_probability(t.state.ld, nv),
                    ));
                }
            }
            WsCommand::EndPhase { side } => {
                for (i, u) in self.units.iter().enumerate() {
                    if u.side != *side && u.alive() && u.state.suppressed() {
                        let nv =
                            tested_nv_itemized(&u.state, self.inspiring_for(i, tables)).total();
                        out.chances.push((
                            say!("ws-odds-reaction-test", unit = u.name),
                            pass_probability(u.state.ld, nv),
                        ));
                    }
                }
            }
        }
        out
    }
}

/// Exact odds of one salvo of `shooter` at `target` (WS-SUP-1, WS-HIT-4;
/// shooting [stand-in]): at least one hit, at least one failed save, and
/// the expected models killed (failed saves are binomial; wounds finish the
/// wounded model first). `defensive`: labelled as the defensive fire of a
/// charged unit at its charger.
pub fn salvo_odds(
    shooter: &WsUnitState,
    target: &WsUnitState,
    defensive: bool,
    tables: &WsTables,
) -> OddsLines {
    let Some(w) = shooter.shooting else {
        return OddsLines::default();
    };
    let shots = shooter.models * w.shots_per_model;
    let p_hit = d6_at_least(tables.constants.to_hit);
    let bonus = if target.got_down {
        tables.constants.get_down_save_bonus
    } else {
        0
    };
    let need = save_needed(target.save, bonus);
    let p_fail = if need > 6 {
        1.0
    } else {
        1.0 - d6_at_least(need)
    };
    let p_wound = p_hit * p_fail;
    let dist = binomial(shots, p_wound);
    let wpm = target.wounds_per_model.max(1);
    let kills: f64 = dist
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let k = k as u32 + target.wounds_taken;
            p * f64::from((k / wpm).min(target.models))
        })
        .sum();
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
        chances: vec![
            (hit, 1.0 - (1.0 - p_hit).powi(shots as i32)),
            (failed_save, 1.0 - (1.0 - p_wound).powi(shots as i32)),
        ],
        expected: vec![(killed, kills)],
    }
}
