//! A unit's rule state as plain values: [`WsUnitState`] (WS-LD-1, WS-LD-4,
//! WS-SUP-2, WS-NV-2, WS-SPC-1, WS-SPC-2 and the WS-BASE stats).

use serde::{Deserialize, Serialize};

use super::data::{Shooting, SpecialRule, WsConstants, WsUnitStats};
use super::suppression::{HitSource, SalvoEffect, Suppression, hit_dice};

/// Current Nerve: starting Nv less one per nerve marker (WS-LD-4, WS-NV-2).
pub fn current_nv(starting_nv: i32, nerve_markers: u32) -> i32 {
    starting_nv - nerve_markers as i32
}

/// One unit in play: its printed values, losses, hit-die and nerve markers.
/// A turn engine keeps one per unit and passes it to the rule functions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsUnitState {
    /// Unit id (as in the log).
    pub id: u32,
    /// Display name.
    pub name: String,
    /// Printed Ld: dice in an Ld test (WS-LD-1; current Ld = printed, WS-LD-4).
    pub ld: u32,
    /// Starting Nv (WS-LD-1, WS-LD-4), 1–6.
    pub starting_nv: u32,
    /// Steadfast: 12 hits per nerve marker (WS-SPC-2).
    pub steadfast: bool,
    /// Inspiring special rule (WS-SPC-1).
    pub inspiring: bool,
    /// Officer or Hero (WS-SPC-1).
    pub officer: bool,
    /// Move in inches.
    pub mv: f64,
    /// Awareness (targeting range) in inches.
    pub aw: f64,
    /// Ranged weapon, if any.
    pub shooting: Option<Shooting>,
    /// Melee attacks per model.
    pub melee_attacks: u32,
    /// Save: d6 at or above (2–7, 7 = none) [stand-in].
    pub save: u32,
    /// Models left.
    pub models: u32,
    /// Wounds per model.
    pub wounds_per_model: u32,
    /// Wounds already on the model that takes the next wound (0..wounds_per_model).
    pub wounds_taken: u32,
    /// Took Get Down! this turn: +1 save until its next turn [stand-in].
    pub got_down: bool,
    /// Hit-die and nerve markers (WS-SUP-2, WS-NV-2).
    pub suppression: Suppression,
}

impl WsUnitState {
    /// A fresh unit of a type: full strength, no hit-die, no markers.
    pub fn from_stats(id: u32, stats: &WsUnitStats) -> Self {
        Self {
            id,
            name: stats.name.clone(),
            ld: stats.ld,
            starting_nv: stats.nv,
            steadfast: stats.has(SpecialRule::Steadfast),
            inspiring: stats.has(SpecialRule::Inspiring),
            officer: stats.officer,
            mv: stats.mv,
            aw: stats.aw,
            shooting: stats.shooting,
            melee_attacks: stats.melee_attacks,
            save: stats.save,
            models: stats.models,
            wounds_per_model: stats.wounds.max(1),
            wounds_taken: 0,
            got_down: false,
            suppression: Suppression::default(),
        }
    }

    /// Current Nv: starting Nv less one per nerve marker, never below 0
    /// (WS-LD-4, WS-NV-2).
    pub fn current_nv(&self) -> i32 {
        current_nv(self.starting_nv as i32, self.suppression.nerve_markers).max(0)
    }

    /// Nerve markers held (WS-NV-2).
    pub fn nerve_markers(&self) -> u32 {
        self.suppression.nerve_markers
    }

    /// Whether the unit is suppressed: it has a hit-die (WS-SUP-2).
    pub fn suppressed(&self) -> bool {
        self.suppression.suppressed()
    }

    /// The hit-dice faces next to the unit (WS-SUP-2, WS-SPC-2).
    pub fn hit_dice(&self, c: &WsConstants) -> Vec<u32> {
        hit_dice(self.suppression.hit_die, self.steadfast, c)
    }

    /// Whether no models are left.
    pub fn destroyed(&self) -> bool {
        self.models == 0
    }

    /// Takes one salvo's hits and failed saves into the hit-die and nerve
    /// markers (WS-SUP-1, WS-HIT-1 … WS-HIT-5, WS-NV-2, WS-SPC-2).
    pub fn take_hits(
        &mut self,
        hits: u32,
        failed_saves: u32,
        source: HitSource,
        c: &WsConstants,
    ) -> SalvoEffect {
        let fx = self.suppression.apply_salvo(
            hits,
            failed_saves,
            self.steadfast,
            self.starting_nv,
            source,
            self.id,
            c,
        );
        self.suppression = fx.after;
        fx
    }

    /// Takes `wounds` (one per failed save), finishing the wounded model
    /// first; returns the models killed [stand-in: failed saves wound].
    pub fn take_wounds(&mut self, wounds: u32) -> u32 {
        let before = self.models;
        let mut left = wounds;
        while left > 0 && self.models > 0 {
            let need = self.wounds_per_model - self.wounds_taken;
            if left >= need {
                left -= need;
                self.models -= 1;
                self.wounds_taken = 0;
            } else {
                self.wounds_taken += left;
                left = 0;
            }
        }
        before - self.models
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warstrike::data::WsTables;

    #[test]
    fn state_from_the_table() {
        // WS-LD-1, WS-LD-4, WS-SPC-2: LaansGuard Nv 3; a Steadfast Warband.
        let t = WsTables::load().expect("table");
        let mut lg = WsUnitState::from_stats(1, t.unit("laansguard").expect("lg"));
        assert_eq!((lg.ld, lg.current_nv(), lg.suppressed()), (2, 3, false));
        lg.take_hits(
            7,
            1,
            HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
        assert_eq!(
            (
                lg.nerve_markers(),
                lg.current_nv(),
                lg.hit_dice(&crate::rules::warstrike::data::shipped_constants())
            ),
            (2, 1, vec![1])
        );
        let w = WsUnitState::from_stats(2, t.unit("reaver_warband").expect("rw"));
        assert!(w.steadfast);
    }

    #[test]
    fn wounds_finish_the_wounded_model_first() {
        let t = WsTables::load().expect("table");
        let mut kp = WsUnitState::from_stats(1, t.unit("knight_paladin").expect("kp"));
        assert_eq!(kp.take_wounds(2), 0);
        assert_eq!(kp.take_wounds(1), 1);
        assert!(kp.destroyed());
        assert_eq!(kp.take_wounds(5), 0);
    }
}
