//! Tactical Cards, skills, spells and duels with flying units (CW-CRD-1 …
//! CW-CRD-4). The cards the seed names are listed in
//! `assets/rules/clan_war/cards.ron` with the kind of their effect.

use serde::{Deserialize, Serialize};

use crate::engine::command::Refusal;
use crate::engine::log::LogEntry;

/// The kind of effect a card, skill or spell has, as the flying rules sort
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CardKind {
    /// Increases movement.
    MovementBoost,
    /// Grants combat modifiers (Frenzy).
    CombatModifier,
    /// Both (Banzai Charge).
    MovementAndCombat,
    /// The Charge skill or card: allows a Dive (CW-DIVE-1).
    Charge,
    /// A defensive card or ability (Defensive Position, Wall of Spears,
    /// Stalwart Defender).
    Defensive,
    /// Counter-charge.
    CounterCharge,
    /// Makes no sense for or against an airborne unit (Calling the Elements,
    /// Earthquake, Turtle Shell).
    GroundOnly,
    /// Anything else.
    Other,
}

impl CardKind {
    /// Whether the effect enhances movement or combat (CW-CRD-1, CW-DIVE-5).
    pub fn enhances_movement_or_combat(self) -> bool {
        matches!(
            self,
            CardKind::MovementBoost | CardKind::CombatModifier | CardKind::MovementAndCombat
        )
    }
}

/// How a card works for an airborne unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardRuling {
    /// Works normally.
    Allowed,
    /// The Charge skill or card: allows a Dive but gives no ATT or DAM
    /// modifier (CW-CRD-1, CW-DIVE-5).
    DiveOnly,
    /// The effect is ignored and play continues (CW-CRD-2).
    Ignored,
}

/// A card or skill used by an airborne unit making an engaging move
/// (CW-CRD-1): movement and combat enhancements are not allowed unless the
/// card explicitly says so; Charge allows a Dive without modifiers.
///
/// # Errors
/// A [`Refusal`] under CW-CRD-1 for Banzai Charge, Frenzy and the like.
pub fn airborne_engaging_card(
    kind: CardKind,
    mentions_flight: bool,
) -> Result<CardRuling, Refusal> {
    match kind {
        CardKind::Charge => Ok(CardRuling::DiveOnly),
        k if k.enhances_movement_or_combat() && !mentions_flight => {
            Err(Refusal::new("CW-CRD-1", say!("cw-why-airborne-card")))
        }
        CardKind::GroundOnly => Ok(CardRuling::Ignored),
        _ => Ok(CardRuling::Allowed),
    }
}

/// A card, ability, skill or spell used on behalf of or against an airborne
/// unit or personality (CW-CRD-2): one that makes no sense in the air is
/// ignored (not refused) and play continues. Returns the ruling and, when
/// ignored, the log entry.
pub fn card_on_airborne(kind: CardKind, name: &str) -> (CardRuling, Option<LogEntry>) {
    if kind == CardKind::GroundOnly {
        (
            CardRuling::Ignored,
            Some(LogEntry::event(
                "CW-CRD-2",
                vec![],
                say!("cw-log-card-no-effect", card = name),
            )),
        )
    } else {
        (CardRuling::Allowed, None)
    }
}

/// A defender's card or ability when engaged by a landing airborne unit
/// (CW-CRD-3): defensive ones are allowed, Counter-charge is not.
///
/// # Errors
/// A [`Refusal`] under CW-CRD-3 for Counter-charge.
pub fn defender_card_vs_landing(kind: CardKind) -> Result<(), Refusal> {
    if kind == CardKind::CounterCharge {
        Err(Refusal::new("CW-CRD-3", say!("cw-why-counter-charge")))
    } else {
        Ok(())
    }
}

/// What happens to a duel challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelRuling {
    /// The challenge stands (ordinary duel rules).
    Stands,
    /// Ignored: not a refusal, no other effect (CW-CRD-4).
    Ignored,
}

/// A duel challenge between two personalities (CW-CRD-4): if either is
/// airborne it is ignored (it does not count as refused) and nothing else
/// happens.
pub fn duel_challenge(
    challenger_airborne: bool,
    challenged_airborne: bool,
) -> (DuelRuling, Option<LogEntry>) {
    if challenger_airborne || challenged_airborne {
        (
            DuelRuling::Ignored,
            Some(LogEntry::event(
                "CW-CRD-4",
                vec![],
                say!("cw-log-duel-ignored"),
            )),
        )
    } else {
        (DuelRuling::Stands, None)
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::CwTables;
    use super::*;

    fn kind(key: &str) -> CardKind {
        CwTables::load()
            .ok()
            .and_then(|t| t.card(key).map(|c| c.kind))
            .unwrap_or(CardKind::Other)
    }

    #[test]
    fn engaging_flyers_cannot_use_banzai_or_frenzy_but_charge_dives() {
        // CW-CRD-1 with the cards of cards.ron.
        for k in ["banzai_charge", "frenzy_card", "frenzy_skill"] {
            assert_eq!(
                airborne_engaging_card(kind(k), false).map_err(|r| r.rule),
                Err("CW-CRD-1".to_string()),
                "{k}"
            );
        }
        assert_eq!(
            airborne_engaging_card(kind("charge_card"), false),
            Ok(CardRuling::DiveOnly)
        );
        assert_eq!(
            airborne_engaging_card(kind("charge_skill"), false),
            Ok(CardRuling::DiveOnly)
        );
        // A card that says it works with flight is allowed.
        assert_eq!(
            airborne_engaging_card(CardKind::MovementBoost, true),
            Ok(CardRuling::Allowed)
        );
    }

    #[test]
    fn inappropriate_effects_are_ignored() {
        // CW-CRD-2.
        for k in ["calling_the_elements", "earthquake", "turtle_shell"] {
            let (r, e) = card_on_airborne(kind(k), k);
            assert_eq!(r, CardRuling::Ignored);
            assert_eq!(e.map(|e| e.rule), Some("CW-CRD-2".to_string()));
        }
        assert_eq!(
            card_on_airborne(kind("wall_of_spears"), "Wall of Spears").0,
            CardRuling::Allowed
        );
    }

    #[test]
    fn defenders_may_use_defensive_cards_but_not_counter_charge() {
        // CW-CRD-3.
        for k in ["defensive_position", "wall_of_spears", "stalwart_defender"] {
            assert!(defender_card_vs_landing(kind(k)).is_ok(), "{k}");
        }
        assert_eq!(
            defender_card_vs_landing(kind("counter_charge")).map_err(|r| r.rule),
            Err("CW-CRD-3".to_string())
        );
    }

    #[test]
    fn duels_with_airborne_personalities_are_ignored_not_refused() {
        // CW-CRD-4.
        assert_eq!(duel_challenge(false, true).0, DuelRuling::Ignored);
        assert_eq!(duel_challenge(true, false).0, DuelRuling::Ignored);
        assert_eq!(duel_challenge(false, false), (DuelRuling::Stands, None));
    }
}
