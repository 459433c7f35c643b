//! Morale levels and what a failed Fortitude Test does (SBA-MOR-1 … SBA-MOR-7).

use serde::{Deserialize, Serialize};

/// Morale Level, best to worst (SBA-MOR-1). Each step down adds one red Morale
/// Marker: Normal 0, Hesitant 1, Shaken 2, Panicked 3.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum MoraleLevel {
    /// No markers.
    #[default]
    Normal,
    /// One red marker.
    Hesitant,
    /// Two red markers; must Flee (SBA-MOR-6).
    Shaken,
    /// Three red markers; must Panic (SBA-MOR-6).
    Panicked,
}

impl MoraleLevel {
    /// All levels, best first.
    pub const ALL: [MoraleLevel; 4] = [
        MoraleLevel::Normal,
        MoraleLevel::Hesitant,
        MoraleLevel::Shaken,
        MoraleLevel::Panicked,
    ];

    /// One level worse, or `None` from Panicked (SBA-MOR-2).
    pub fn worse(self) -> Option<MoraleLevel> {
        match self {
            MoraleLevel::Normal => Some(MoraleLevel::Hesitant),
            MoraleLevel::Hesitant => Some(MoraleLevel::Shaken),
            MoraleLevel::Shaken => Some(MoraleLevel::Panicked),
            MoraleLevel::Panicked => None,
        }
    }

    /// One level better, or `None` from Normal (SBA-GS-4, SBA-MOR-7).
    pub fn better(self) -> Option<MoraleLevel> {
        match self {
            MoraleLevel::Normal => None,
            MoraleLevel::Hesitant => Some(MoraleLevel::Normal),
            MoraleLevel::Shaken => Some(MoraleLevel::Hesitant),
            MoraleLevel::Panicked => Some(MoraleLevel::Shaken),
        }
    }

    /// Red Morale Markers on the Unit Flag (SBA-MOR-1).
    pub fn markers(self) -> u32 {
        self as u32
    }

    /// The level's name.
    pub fn name(self) -> String {
        match self {
            MoraleLevel::Normal => say!("sba-morale-normal"),
            MoraleLevel::Hesitant => say!("sba-morale-hesitant"),
            MoraleLevel::Shaken => say!("sba-morale-shaken"),
            MoraleLevel::Panicked => say!("sba-morale-panicked"),
        }
    }
}

/// Why a Fortitude Test is taken (SBA-FORT-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TestReason {
    /// (1) The unit suffered casualties.
    Casualties,
    /// (2) Attacked from a Flank side: -3 for this test.
    FlankAttack,
    /// (3) Attacked from the Rear: -5 for this test.
    RearAttack,
    /// (4) Morale Phase, below Normal and not in melee.
    MoralePhase,
    /// (5) Its General Staff was destroyed (SBA-GS-5).
    Dishonor,
    /// Whether it must pursue an enemy Put to Flight (SBA-ORD-8).
    PursueCheck,
}

impl TestReason {
    /// Words for the log.
    pub fn describe(self) -> String {
        match self {
            TestReason::Casualties => say!("sba-reason-casualties"),
            TestReason::FlankAttack => say!("sba-reason-flank"),
            TestReason::RearAttack => say!("sba-reason-rear"),
            TestReason::MoralePhase => say!("sba-reason-morale-phase"),
            TestReason::Dishonor => say!("sba-reason-dishonor"),
            TestReason::PursueCheck => say!("sba-reason-pursue"),
        }
    }
}

/// What a failed Fortitude Test does to a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FailureEffect {
    /// Morale Phase or Pursue test: the level does not get worse (SBA-MOR-3).
    NoChange,
    /// The Honor Marker is lost instead, nothing else (SBA-HON-5).
    HonorLost,
    /// The level drops one step; `put_to_flight` if it was Hesitant or Shaken in melee (SBA-MOR-5).
    Dropped {
        /// New level.
        to: MoraleLevel,
        /// Put to Flight.
        put_to_flight: bool,
    },
    /// Panicked, failed in melee: surrenders (SBA-MOR-4 stand-in reading).
    Surrendered,
    /// Panicked, failed outside melee: routs (SBA-MOR-4 stand-in reading).
    Routed,
}

/// The effect of a failed test on a unit at `level`, with or without an
/// Honor Marker, engaged in melee or not (SBA-MOR-2, SBA-MOR-3, SBA-MOR-4,
/// SBA-MOR-5, SBA-HON-5).
pub fn failure_effect(
    level: MoraleLevel,
    honor: bool,
    engaged: bool,
    reason: TestReason,
) -> FailureEffect {
    if matches!(reason, TestReason::MoralePhase | TestReason::PursueCheck) {
        return FailureEffect::NoChange;
    }
    if honor {
        return FailureEffect::HonorLost;
    }
    match level.worse() {
        Some(to) => FailureEffect::Dropped {
            to,
            put_to_flight: engaged && matches!(level, MoraleLevel::Hesitant | MoraleLevel::Shaken),
        },
        None if engaged => FailureEffect::Surrendered,
        None => FailureEffect::Routed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gc_sba_13_morale_ladder() {
        // GC-SBA-13 (SBA-MOR-1, SBA-MOR-2): four failures outside the Morale Phase.
        let mut level = MoraleLevel::Normal;
        let mut markers = vec![];
        for _ in 0..3 {
            match failure_effect(level, false, false, TestReason::Casualties) {
                FailureEffect::Dropped { to, .. } => level = to,
                other => panic!("unexpected {other:?}"),
            }
            markers.push(level.markers());
        }
        assert_eq!(level, MoraleLevel::Panicked);
        assert_eq!(markers, vec![1, 2, 3]);
        // SBA-MOR-4: rout outside melee, surrender in melee.
        assert_eq!(
            failure_effect(level, false, false, TestReason::Casualties),
            FailureEffect::Routed
        );
        assert_eq!(
            failure_effect(level, false, true, TestReason::Casualties),
            FailureEffect::Surrendered
        );
    }

    #[test]
    fn gc_sba_14_morale_phase_failure_changes_nothing() {
        // GC-SBA-14 (SBA-MOR-3): a Shaken unit failing its Morale-Phase test stays Shaken.
        assert_eq!(
            failure_effect(MoraleLevel::Shaken, false, false, TestReason::MoralePhase),
            FailureEffect::NoChange
        );
        assert_eq!(
            failure_effect(MoraleLevel::Normal, false, true, TestReason::PursueCheck),
            FailureEffect::NoChange
        );
    }

    #[test]
    fn put_to_flight_only_from_hesitant_or_shaken_in_melee() {
        // SBA-MOR-5.
        let d = |l, e| failure_effect(l, false, e, TestReason::Casualties);
        assert_eq!(
            d(MoraleLevel::Normal, true),
            FailureEffect::Dropped {
                to: MoraleLevel::Hesitant,
                put_to_flight: false
            }
        );
        assert_eq!(
            d(MoraleLevel::Hesitant, true),
            FailureEffect::Dropped {
                to: MoraleLevel::Shaken,
                put_to_flight: true
            }
        );
        assert_eq!(
            d(MoraleLevel::Shaken, true),
            FailureEffect::Dropped {
                to: MoraleLevel::Panicked,
                put_to_flight: true
            }
        );
        assert_eq!(
            d(MoraleLevel::Hesitant, false),
            FailureEffect::Dropped {
                to: MoraleLevel::Shaken,
                put_to_flight: false
            }
        );
        // SBA-HON-5: the marker absorbs the failure.
        assert_eq!(
            failure_effect(MoraleLevel::Hesitant, true, true, TestReason::Casualties),
            FailureEffect::HonorLost
        );
    }

    #[test]
    fn levels_step_both_ways() {
        assert_eq!(MoraleLevel::Shaken.better(), Some(MoraleLevel::Hesitant));
        assert_eq!(MoraleLevel::Normal.better(), None);
        assert_eq!(MoraleLevel::Panicked.worse(), None);
    }
}
