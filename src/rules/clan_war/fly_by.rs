//! Airborne against airborne: no engagements, Fly-By attacks (CW-FBY-1 …
//! CW-FBY-5).
//!
//! The geometry layer reports, for each airborne unit, how many of its
//! models would have touched an enemy base during the move, rank by rank;
//! [`FlyByRecord`] keeps one unit's Fly-By bookkeeping for the turn.

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;
use crate::engine::units::FlightState;

use super::combat::{
    Attack, AttackKind, AttackResult, AttackSituation, attack_value, damage_value, resolve_attack,
};
use super::flight::MovementPhase;
use super::test_roll::Convention;

/// How a unit may come to grips with a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngagementKind {
    /// Both grounded: an ordinary engagement.
    Ground,
    /// An airborne unit engaging a grounded one: it lands to engage
    /// (CW-ENG-1 … CW-ENG-6).
    Landing,
}

/// Whether `attacker` may engage `target` (CW-FBY-1): nobody engages an
/// airborne unit, and an airborne unit engages a grounded one only by
/// landing (CW-ENG-1).
///
/// # Errors
/// A [`Refusal`] under CW-FBY-1 when the target is airborne.
pub fn check_engagement(
    attacker: FlightState,
    target: FlightState,
) -> Result<EngagementKind, Refusal> {
    match (attacker, target) {
        (_, FlightState::Airborne) => Err(Refusal::new("CW-FBY-1", say!("cw-why-air-engage"))),
        (FlightState::Airborne, FlightState::Grounded) => Ok(EngagementKind::Landing),
        (FlightState::Grounded, FlightState::Grounded) => Ok(EngagementKind::Ground),
    }
}

/// Models of one rank that would have touched an enemy base at some moment
/// of the move (CW-FBY-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankContact {
    /// Models of the rank that would have made contact.
    pub models: u32,
    /// The rank is complete (incomplete ranks are ignored).
    pub complete: bool,
}

/// Fly-By dice: every model that would have made contact, rear ranks
/// included when the units pass through each other, ignoring incomplete
/// ranks (CW-FBY-2, CW-FBY-3).
pub fn fly_by_dice(ranks: &[RankContact]) -> u32 {
    ranks.iter().filter(|r| r.complete).map(|r| r.models).sum()
}

/// One unit's Fly-By bookkeeping for a turn (CW-FBY-3 … CW-FBY-5).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlyByRecord {
    /// Fly-By dice noted and not yet rolled (carried from a skipped phase).
    pub pending_dice: u32,
    /// The movement phase in which the unit rolled its Fly-By attacks.
    pub rolled_in: Option<MovementPhase>,
}

impl FlyByRecord {
    /// A fresh record for a new turn.
    pub fn new() -> Self {
        Self::default()
    }

    /// Notes the contacts of a move (CW-FBY-2): the unit does not stop, no
    /// engagement happens; the dice wait for the end of the phase.
    pub fn note_contacts(&mut self, ranks: &[RankContact]) {
        self.pending_dice += fly_by_dice(ranks);
    }

    /// At the end of a Primary or Cavalry Movement phase, rolls the unit's
    /// Fly-By dice (CW-FBY-3): returns the number of dice, including those
    /// noted in an earlier phase and skipped (CW-FBY-4 [stand-in reading: a
    /// skipped roll carries its dice to the next phase]).
    ///
    /// # Errors
    /// A [`Refusal`] under CW-FBY-3 outside the Primary and Cavalry phases or
    /// with no dice noted, under CW-FBY-4 if it already rolled this turn.
    pub fn roll(&mut self, phase: MovementPhase) -> Result<u32, Refusal> {
        if phase == MovementPhase::Reserve {
            return Err(Refusal::new("CW-FBY-3", say!("cw-why-fly-by-roll-phase")));
        }
        if let Some(p) = self.rolled_in {
            return Err(Refusal::new(
                "CW-FBY-4",
                match p {
                    MovementPhase::Primary => say!("cw-why-fly-by-already-primary"),
                    MovementPhase::Cavalry => say!("cw-why-fly-by-already-cavalry"),
                    MovementPhase::Reserve => say!("cw-why-fly-by-already-reserve"),
                },
            ));
        }
        if self.pending_dice == 0 {
            return Err(Refusal::new("CW-FBY-3", say!("cw-why-no-fly-by-contact")));
        }
        self.rolled_in = Some(phase);
        Ok(std::mem::take(&mut self.pending_dice))
    }

    /// The owner declines to roll this phase (CW-FBY-4): the dice stay noted
    /// for the next movement phase of the turn.
    pub fn skip(&mut self) -> LogEntry {
        LogEntry::event(
            "CW-FBY-4",
            vec![],
            say!("cw-log-fly-by-skipped", dice = self.pending_dice),
        )
    }

    /// Whether the unit may shoot in Ranged Combat later this turn (CW-FBY-4).
    ///
    /// # Errors
    /// A [`Refusal`] under CW-FBY-4 after a Fly-By roll this turn.
    pub fn check_ranged(&self) -> Result<(), Refusal> {
        match self.rolled_in {
            Some(_) => Err(Refusal::new("CW-FBY-4", say!("cw-why-fly-by-no-ranged"))),
            None => Ok(()),
        }
    }

    /// Whether the unit may roll attacks in this turn's Close Combat phase
    /// (CW-FBY-4, CW-FBY-5): not after a Fly-By roll. Passing through an
    /// enemy without rolling does not stop it engaging and fighting.
    ///
    /// # Errors
    /// A [`Refusal`] under CW-FBY-5 after a Fly-By roll this turn.
    pub fn check_close_combat(&self) -> Result<(), Refusal> {
        match self.rolled_in {
            Some(_) => Err(Refusal::new(
                "CW-FBY-5",
                say!("cw-why-fly-by-no-close-combat"),
            )),
            None => Ok(()),
        }
    }
}

/// Rolls a Fly-By attack (CW-FBY-3): `n` dice from [`FlyByRecord::roll`],
/// resolved as attacks with Damage [stand-in: hit on die + ATT ≥ the
/// target's close ATN, then die + DAM ≥ ATN per Wound, as in close combat].
pub fn fly_by_attack(
    dice: &mut Dice,
    conv: Convention,
    attacker: u32,
    target: u32,
    n: u32,
    (att, dam): (i32, i32),
    target_atn_close: i32,
) -> AttackResult {
    let sit = AttackSituation::default();
    resolve_attack(
        dice,
        conv,
        &Attack {
            kind: AttackKind::FlyBy,
            rule: "CW-FBY-3".into(),
            attacker,
            target,
            dice: n,
            att: attack_value(att, &sit),
            dam: damage_value(dam, &sit),
            atn: target_atn_close,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_engagements_in_the_air() {
        // CW-FBY-1.
        use FlightState::{Airborne, Grounded};
        assert!(check_engagement(Grounded, Airborne).is_err());
        assert_eq!(
            check_engagement(Airborne, Airborne).map_err(|r| r.rule),
            Err("CW-FBY-1".to_string())
        );
        assert_eq!(
            check_engagement(Airborne, Grounded),
            Ok(EngagementKind::Landing)
        );
        assert_eq!(
            check_engagement(Grounded, Grounded),
            Ok(EngagementKind::Ground)
        );
    }

    #[test]
    fn contact_counting_ignores_incomplete_ranks() {
        // CW-FBY-2: 4 + 4 in full ranks passing through, 2 in an incomplete rank.
        let ranks = [
            RankContact {
                models: 4,
                complete: true,
            },
            RankContact {
                models: 4,
                complete: true,
            },
            RankContact {
                models: 2,
                complete: false,
            },
        ];
        assert_eq!(fly_by_dice(&ranks), 8);
    }

    #[test]
    fn gc_cw_17_fly_by_once_per_turn() {
        // GC-CW-17 (CW-FBY-4, CW-FBY-5): Fly-By in Primary bars Ranged, Close Combat and
        // further Fly-By this turn.
        let mut r = FlyByRecord::new();
        r.note_contacts(&[RankContact {
            models: 3,
            complete: true,
        }]);
        assert_eq!(r.roll(MovementPhase::Primary), Ok(3));
        r.note_contacts(&[RankContact {
            models: 2,
            complete: true,
        }]);
        assert_eq!(
            r.roll(MovementPhase::Cavalry).map_err(|e| e.rule),
            Err("CW-FBY-4".to_string())
        );
        assert!(r.check_ranged().is_err());
        assert_eq!(
            r.check_close_combat().map_err(|e| e.rule),
            Err("CW-FBY-5".to_string())
        );
        // A unit that skipped in Primary rolls in Cavalry (dice carried over).
        let mut s = FlyByRecord::new();
        s.note_contacts(&[RankContact {
            models: 3,
            complete: true,
        }]);
        let _ = s.skip();
        s.note_contacts(&[RankContact {
            models: 1,
            complete: true,
        }]);
        assert_eq!(s.roll(MovementPhase::Cavalry), Ok(4));
        // A unit that never rolled may shoot and fight (CW-FBY-5 pass-through).
        let t = FlyByRecord::new();
        assert!(t.check_ranged().is_ok() && t.check_close_combat().is_ok());
        assert!(FlyByRecord::new().roll(MovementPhase::Reserve).is_err());
    }

    #[test]
    fn fly_by_attack_rolls_dice_and_damage() {
        // CW-FBY-3: 2 dice; Fire Dragon ATT 5, DAM 6 against ATN 6.
        let mut dice = Dice::new(0);
        dice.load([1, 4, 2]);
        let r = fly_by_attack(
            &mut dice,
            crate::rules::clan_war::test_roll::tests::shipped_convention(),
            1,
            2,
            2,
            (5, 6),
            6,
        );
        assert_eq!((r.hits, r.wounds), (1, 1));
        assert_eq!(r.entries[0].rule, "CW-FBY-3");
    }
}
