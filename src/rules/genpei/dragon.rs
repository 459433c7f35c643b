//! The Dragon deck as data and pure functions: the cards of
//! `dragon_cards.ron` (cost, timing, target and effect; GEN-BASE), the
//! cards that change at sea (GEN-CRD-5), the blank Fire by Rank
//! (GEN-SCN-2) and the Personal Challenge between leaders (GEN-SCN-3).

use serde::{Deserialize, Serialize};

use crate::engine::command::Refusal;
use crate::engine::scenario::LoadError;

/// When a Dragon card may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Timing {
    /// The player's own Order or Move phase.
    OwnOrders,
    /// The player's own Battle phase, before a battle.
    OwnBattle,
    /// The opponent's turn, when one of the player's units is about to be
    /// attacked.
    Reaction,
}

/// What a Dragon card is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DragonTarget {
    /// Every ordered unit of the card's troop kind.
    OrderedUnits,
    /// One of the player's ordered units.
    OwnUnit,
    /// One enemy unit within the card's range of a friendly unit.
    EnemyUnit,
    /// The attack about to be rolled.
    Attack,
    /// An enemy leader next to one of the player's leaders.
    Challenge,
}

/// The troop kind a card names (GEN-CRD-5: at sea every naval unit counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DragonTroop {
    /// Any unit.
    Any,
    /// Mounted units.
    Cavalry,
    /// Foot units.
    Infantry,
}

/// What a Dragon card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DragonEffect {
    /// Extra hexes of movement this turn, naval moves included (GEN-CRD-5).
    Move(u32),
    /// Close-combat dice this turn (a unit) or for one attack (negative:
    /// fewer).
    Dice(i32),
    /// Flags on the target (hits at sea, GEN-NCB-6).
    Flags(u32),
    /// Figures lost by a target in water terrain (GEN-MSH-5).
    Hits(u32),
    /// A Personal Challenge (GEN-SCN-3).
    Duel,
}

impl DragonCard {
    /// The name in the UI's language.
    pub fn shown_name(&self) -> &str {
        crate::i18n::in_language(&self.name, self.spanish.as_ref().map(|w| w.name.as_str()))
    }

    /// The text in the UI's language.
    pub fn shown_text(&self) -> &str {
        crate::i18n::in_language(&self.text, self.spanish.as_ref().map(|w| w.text.as_str()))
    }
}

/// One Dragon card.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DragonCard {
    /// Key kept in hands and decks.
    pub key: String,
    /// Name as printed.
    pub name: String,
    /// Name and text in Spanish (`None`: the English in both languages).
    #[serde(default)]
    pub spanish: Option<super::cards::SpanishWords>,
    /// Copies in the deck.
    pub count: u32,
    /// H&F paid to play it.
    pub cost: u32,
    /// When it is played.
    pub timing: Timing,
    /// What it is played on.
    pub target: DragonTarget,
    /// The troop kind it names.
    pub troop: DragonTroop,
    /// What it does.
    pub effect: DragonEffect,
    /// Hexes from a friendly unit (enemy targets) or leader (challenges).
    pub range: u32,
    /// Removed before play (GEN-SCN-2).
    pub blank: bool,
    /// The card's text.
    pub text: String,
}

/// The Dragon deck's cards.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DragonCards {
    /// Every card, in file order.
    pub cards: Vec<DragonCard>,
}

impl DragonCards {
    /// Parses and checks `dragon_cards.ron`.
    ///
    /// # Errors
    /// A parse error with position, or duplicate keys / zero counts.
    pub fn load() -> Result<Self, LoadError> {
        const FILE: &str = "assets/rules/genpei/dragon_cards.ron";
        let c: DragonCards = crate::engine::assets::parse_table(
            FILE.strip_prefix("assets/").unwrap_or(FILE),
            include_str!("../../../assets/rules/genpei/dragon_cards.ron"),
        )?;
        super::cards::check_keys(FILE, c.cards.iter().map(|k| (k.key.as_str(), k.count)))?;
        Ok(c)
    }

    /// The card `key`.
    pub fn card(&self, key: &str) -> Option<&DragonCard> {
        self.cards.iter().find(|c| c.key == key)
    }

    /// The deck before shuffling: every copy of every card that is not
    /// blank (GEN-SCN-2: Fire by Rank is removed before play), and the
    /// blank cards removed.
    pub fn deck(&self) -> (Vec<smol_str::SmolStr>, Vec<&DragonCard>) {
        let mut out = Vec::new();
        let mut removed = Vec::new();
        for c in &self.cards {
            if c.blank {
                removed.push(c);
                continue;
            }
            for _ in 0..c.count {
                out.push(smol_str::SmolStr::new(&c.key));
            }
        }
        (out, removed)
    }
}

/// Whether a unit is of the card's troop kind (GEN-CRD-5: at sea, read
/// "naval unit" for cavalry or infantry).
pub fn troop_fits(troop: DragonTroop, mounted: bool, at_sea: bool) -> (bool, &'static str) {
    if at_sea {
        return (true, "GEN-CRD-5");
    }
    let fits = match troop {
        DragonTroop::Any => true,
        DragonTroop::Cavalry => mounted,
        DragonTroop::Infantry => !mounted,
    };
    (fits, "GEN-BASE")
}

/// Checks that a card may be played now: its timing, the one-card-per-turn
/// limit and its cost (GEN-BASE).
///
/// # Errors
/// GEN-BASE with the reason.
pub fn check_play(
    card: &DragonCard,
    timing_now: Timing,
    played_this_turn: bool,
    tokens: u32,
) -> Result<(), Refusal> {
    if card.blank {
        return Err(Refusal::new(
            "GEN-SCN-2",
            say!("gen-refuse-dragon-blank", card = card.shown_name()),
        ));
    }
    if played_this_turn {
        return Err(Refusal::new(
            "GEN-BASE",
            say!("gen-refuse-one-dragon-per-turn"),
        ));
    }
    if card.timing != timing_now {
        return Err(Refusal::new(
            "GEN-BASE",
            say!(
                "gen-refuse-dragon-not-now",
                card = card.shown_name(),
                text = card.shown_text()
            ),
        ));
    }
    if tokens < card.cost {
        return Err(Refusal::new(
            "GEN-BASE",
            say!(
                "gen-refuse-dragon-cost",
                card = card.shown_name(),
                cost = card.cost,
                hf = tokens
            ),
        ));
    }
    Ok(())
}

/// A leader as the Personal Challenge ranks him (GEN-SCN-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rank {
    /// A Samurai of Name.
    pub named: bool,
    /// A cavalry leader (else foot).
    pub cavalry: bool,
}

/// Whether `challenger` may challenge `target` (GEN-SCN-3, L240): a Samurai
/// of Name "will outrank unnamed leaders of the same rank (cavalry or
/// foot)", who may not challenge him; a leader of the other rank may.
///
/// # Errors
/// GEN-SCN-3.
pub fn check_challenge(challenger: Rank, target: Rank) -> Result<(), Refusal> {
    if target.named && !challenger.named && target.cavalry == challenger.cavalry {
        return Err(Refusal::new("GEN-SCN-3", say!("gen-refuse-challenge-rank")));
    }
    Ok(())
}

/// Where a Blue Dragon's hit lands: water terrain is ocean, and marsh
/// counts as water for it (GEN-MSH-5).
pub fn water_terrain(ocean: bool, marsh: bool) -> (bool, &'static str) {
    (ocean || marsh, "GEN-MSH-5")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_loads_and_fire_by_rank_is_removed_before_play() {
        // GEN-SCN-2: the blank card never reaches the deck.
        let d = DragonCards::load().expect("dragon cards");
        let (deck, removed) = d.deck();
        assert!(!deck.iter().any(|k| k == "fire_by_rank"));
        assert_eq!(removed.len(), 1);
        assert_eq!(removed[0].name, "Fire by Rank");
        let named = [
            "Move as Wind",
            "Katchu-Keiba Victor",
            "Spirit of Haya-Ji",
            "Red Dragon",
            "Panic",
            "Cowards",
            "Strike Fear",
            "Blue Dragon",
            "Fire by Rank",
            "Personal Challenge",
        ];
        for n in named {
            assert!(d.cards.iter().any(|c| c.name == n), "{n}");
        }
        let total: u32 = d.cards.iter().filter(|c| !c.blank).map(|c| c.count).sum();
        assert_eq!(deck.len() as u32, total);
        let fbr = d.card("fire_by_rank").expect("card");
        assert_eq!(
            check_play(fbr, Timing::OwnBattle, false, 9).map_err(|r| r.rule),
            Err("GEN-SCN-2".to_string())
        );
    }

    #[test]
    fn at_sea_the_troop_cards_read_naval_unit() {
        // GEN-CRD-5: Katchu-Keiba Victor names cavalry; at sea any naval unit.
        assert_eq!(
            troop_fits(DragonTroop::Cavalry, false, true),
            (true, "GEN-CRD-5")
        );
        assert!(!troop_fits(DragonTroop::Cavalry, false, false).0);
        assert!(troop_fits(DragonTroop::Infantry, false, false).0);
        assert!(!troop_fits(DragonTroop::Infantry, true, false).0);
    }

    #[test]
    fn one_card_a_turn_timing_and_cost_are_checked() {
        let d = DragonCards::load().expect("dragon cards");
        let red = d.card("red_dragon").expect("card");
        assert!(check_play(red, Timing::OwnBattle, false, red.cost).is_ok());
        assert!(check_play(red, Timing::OwnBattle, true, 9).is_err());
        assert!(check_play(red, Timing::OwnOrders, false, 9).is_err());
        assert!(check_play(red, Timing::OwnBattle, false, red.cost - 1).is_err());
    }

    #[test]
    fn gen_scn_3_a_samurai_of_name_outranks_only_leaders_of_his_own_rank() {
        // GEN-SCN-3 (L240): "outrank unnamed leaders of the same rank
        // (cavalry or foot)": an unnamed cavalry leader may challenge a
        // named foot leader, and an unnamed foot leader a named rider.
        let r = |named, cavalry| Rank { named, cavalry };
        assert!(check_challenge(r(false, true), r(true, false)).is_ok());
        assert!(check_challenge(r(false, false), r(true, true)).is_ok());
        assert!(check_challenge(r(false, true), r(true, true)).is_err());
    }

    #[test]
    fn a_samurai_of_name_is_not_challenged_by_an_unnamed_leader() {
        // GEN-SCN-3.
        let r = |named, cavalry| Rank { named, cavalry };
        assert!(check_challenge(r(false, false), r(true, false)).is_err());
        assert!(check_challenge(r(true, false), r(false, false)).is_ok());
        assert!(check_challenge(r(false, false), r(false, false)).is_ok());
        // GEN-MSH-5: marsh is water for the Blue Dragon.
        assert_eq!(water_terrain(false, true), (true, "GEN-MSH-5"));
        assert!(!water_terrain(false, false).0);
    }
}
