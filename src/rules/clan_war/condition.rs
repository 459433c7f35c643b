//! A unit's condition track (CW-GEN-3 base terms; the order is the
//! [stand-in] track of base_rules.md §4): formed → unformed → broken →
//! routing → destroyed, the step a failed Morale test takes and the step a
//! rally takes back.

use serde::{Deserialize, Serialize};

/// A unit's condition (CW-GEN-3 base terms; the order is the stand-in track).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Condition {
    /// In good order.
    Formed,
    /// Lost formation (failed Maneuver test, CW-LAND-2).
    Unformed,
    /// Broken.
    Broken,
    /// Routing.
    Routing,
    /// Destroyed (removed).
    Destroyed,
}

impl Condition {
    /// One step down the track (destroyed stays destroyed).
    pub fn worse(self) -> Self {
        match self {
            Condition::Formed => Condition::Unformed,
            Condition::Unformed => Condition::Broken,
            Condition::Broken => Condition::Routing,
            Condition::Routing | Condition::Destroyed => Condition::Destroyed,
        }
    }

    /// The condition after a failed Morale test (base rules §4, CW-GEN-3
    /// stand-in): formed → broken → routing → destroyed. Unformed comes
    /// from failed Maneuver tests only, and a failed Morale test breaks an
    /// unformed unit as it breaks a formed one.
    pub fn after_morale_failure(self) -> Self {
        match self {
            Condition::Formed | Condition::Unformed => Condition::Broken,
            c => c.worse(),
        }
    }

    /// One step up the track (formed and destroyed stay).
    pub fn better(self) -> Self {
        match self {
            Condition::Unformed => Condition::Formed,
            Condition::Broken => Condition::Unformed,
            Condition::Routing => Condition::Broken,
            c => c,
        }
    }

    /// Name as players say it.
    pub fn name(self) -> String {
        match self {
            Condition::Formed => say!("cw-condition-formed"),
            Condition::Unformed => say!("cw-condition-unformed"),
            Condition::Broken => say!("cw-condition-broken"),
            Condition::Routing => say!("cw-condition-routing"),
            Condition::Destroyed => say!("cw-condition-destroyed"),
        }
    }
}
