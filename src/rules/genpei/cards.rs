//! The Command deck as data and pure functions: the cards of
//! `command_cards.ron`, a deck shuffled and drawn through the one `Dice`,
//! which units a card may order (GEN-BASE; at sea GEN-CRD-2, GEN-CRD-3,
//! GEN-CRD-4), and what another player may know of a deck (its size, not
//! its order).

use hexx::Hex;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::scenario::LoadError;

/// A board section (GEN-BASE: left, centre, right; a hex on a dividing
/// line belongs to both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Section {
    /// Left.
    Left,
    /// Centre.
    Centre,
    /// Right.
    Right,
}

/// Which troops a troop card orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Troop {
    /// Mounted units.
    Cavalry,
    /// Foot units.
    Infantry,
}

/// What a Command card orders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Order {
    /// Up to `units` units in any of `sections`.
    Section {
        /// The sections.
        sections: Vec<Section>,
        /// How many units.
        units: u32,
    },
    /// One unit in `section` per Command card held, this one included [SIM].
    Advance {
        /// The section.
        section: Section,
    },
    /// Up to `units` units of a kind; `fallback` of any kind when the army
    /// has none of it.
    Troops {
        /// The kind.
        kind: Troop,
        /// How many units.
        units: u32,
        /// How many when none of the kind is on the board.
        fallback: u32,
    },
}

/// A card's name and text in Spanish (the rules key on the English `key`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpanishWords {
    /// The name.
    pub name: String,
    /// The text.
    pub text: String,
}

impl CommandCard {
    /// The name in the UI's language.
    pub fn shown_name(&self) -> &str {
        crate::i18n::in_language(&self.name, self.spanish.as_ref().map(|w| w.name.as_str()))
    }

    /// The text in the UI's language.
    pub fn shown_text(&self) -> &str {
        crate::i18n::in_language(&self.text, self.spanish.as_ref().map(|w| w.text.as_str()))
    }
}

/// One Command card type (GEN-BASE, texts as data).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandCard {
    /// Data key.
    pub key: String,
    /// Name on the card.
    pub name: String,
    /// Name and text in Spanish (`None`: the English in both languages).
    #[serde(default)]
    pub spanish: Option<SpanishWords>,
    /// Copies in the deck.
    pub count: u32,
    /// What it orders.
    pub order: Order,
    /// Land units or naval units, never both (GEN-CRD-2, GEN-CRD-3).
    #[serde(default)]
    pub one_group: bool,
    /// Extra close-combat dice for its units.
    #[serde(default)]
    pub close_bonus: i32,
    /// The naval units it orders must be adjacent to one another, one
    /// group of neighbours (Infantry Onslaught at sea, GEN-CRD-2).
    #[serde(default)]
    pub naval_adjacent: bool,
    /// Its units battle only in close combat.
    #[serde(default)]
    pub close_only: bool,
    /// Its units may not fire.
    #[serde(default)]
    pub no_ranged: bool,
    /// Hexes a naval unit it orders moves, whatever the wind/tide (GEN-NAV-5).
    #[serde(default)]
    pub naval_move: Option<u32>,
    /// Hexes a land unit it orders may move, when the card sets it.
    #[serde(default)]
    pub land_move: Option<u32>,
    /// Cards drawn at the end of the turn, keeping one (Order One: 2;
    /// GEN-BASE).
    #[serde(default = "one")]
    pub draw: u32,
    /// The card's text.
    pub text: String,
}

/// `command_cards.ron`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandCards {
    /// Every card type.
    pub cards: Vec<CommandCard>,
}

/// Checks a deck file's cards: unique keys, each with a count of at least 1.
///
/// # Errors
/// The file named, with the problem.
pub fn check_keys<'a>(
    file: &str,
    cards: impl Iterator<Item = (&'a str, u32)>,
) -> Result<(), LoadError> {
    let mut keys = Vec::new();
    for (k, n) in cards {
        if n == 0 {
            return Err(LoadError::plain(
                file,
                format!("card \"{k}\" needs a count of at least 1"),
            ));
        }
        keys.push(k);
    }
    keys.sort_unstable();
    if let Some(w) = keys.windows(2).find(|w| w[0] == w[1]) {
        return Err(LoadError::plain(
            file,
            format!("card key \"{}\" is used twice", w[0]),
        ));
    }
    Ok(())
}

fn one() -> u32 {
    1
}

impl CommandCards {
    /// Parses the built-in Command cards.
    ///
    /// # Errors
    /// A file that does not parse (file, line, column), a card key used
    /// twice or a card with no copies.
    pub fn load() -> Result<Self, LoadError> {
        const FILE: &str = "assets/rules/genpei/command_cards.ron";
        let c: CommandCards = crate::engine::assets::parse_table(
            FILE.strip_prefix("assets/").unwrap_or(FILE),
            include_str!("../../../assets/rules/genpei/command_cards.ron"),
        )?;
        check_keys(FILE, c.cards.iter().map(|k| (k.key.as_str(), k.count)))?;
        Ok(c)
    }

    /// A card type by key.
    pub fn card(&self, key: &str) -> Option<&CommandCard> {
        self.cards.iter().find(|c| c.key == key)
    }

    /// Every copy, by key, in file order: the unshuffled deck.
    pub fn copies(&self) -> Vec<SmolStr> {
        self.cards
            .iter()
            .flat_map(|c| std::iter::repeat_n(SmolStr::new(&c.key), c.count as usize))
            .collect()
    }
}

/// A deck: a face-down draw pile and a discard pile, of card keys.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    /// Face down; the next card drawn is the last.
    pub draw: Vec<SmolStr>,
    /// Face up.
    pub discard: Vec<SmolStr>,
}

impl Deck {
    /// A deck of `cards`, shuffled with the game's dice.
    pub fn shuffled(mut cards: Vec<SmolStr>, dice: &mut Dice) -> Self {
        dice.shuffle(&mut cards);
        Deck {
            draw: cards,
            discard: Vec::new(),
        }
    }

    /// Draws one card; an empty draw pile is the discard pile shuffled
    /// (GEN-BASE [SIM]). `None` when both are empty.
    pub fn draw(&mut self, dice: &mut Dice) -> Option<SmolStr> {
        if self.draw.is_empty() && !self.discard.is_empty() {
            let mut pile = std::mem::take(&mut self.discard);
            dice.shuffle(&mut pile);
            self.draw = pile;
        }
        self.draw.pop()
    }

    /// What a player may know of the deck: how many cards are face down,
    /// not their order (the draw pile sorted), and the discard pile.
    pub fn hidden(&self) -> Deck {
        let mut draw = self.draw.clone();
        draw.sort_unstable();
        Deck {
            draw,
            discard: self.discard.clone(),
        }
    }
}

/// A unit as the Command card sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orderable {
    /// Unit id.
    pub id: u32,
    /// The sections its hex belongs to.
    pub sections: Vec<Section>,
    /// Mounted.
    pub mounted: bool,
    /// At sea.
    pub at_sea: bool,
    /// Where it stands.
    pub hex: Hex,
}

/// How many units `card` may order: its number, or per card held for an
/// Advance (`cards_held`, this one included), or its fallback when the army
/// has none of the troop kind.
pub fn order_limit(card: &CommandCard, army: &[Orderable], cards_held: u32) -> u32 {
    match &card.order {
        Order::Section { units, .. } => *units,
        Order::Advance { .. } => cards_held,
        Order::Troops {
            kind,
            units,
            fallback,
        } => {
            if army.iter().any(|u| of_kind(u, *kind)) {
                *units
            } else {
                *fallback
            }
        }
    }
}

/// A unit of the troop kind a card names. At sea every unit counts: the
/// cards order naval units (GEN-CRD-2, GEN-CRD-3), and cavalry afloat are
/// dismounted (GEN-NCB-5).
fn of_kind(u: &Orderable, kind: Troop) -> bool {
    u.at_sea
        || match kind {
            Troop::Cavalry => u.mounted,
            Troop::Infantry => !u.mounted,
        }
}

/// Checks the units `chosen` for `card` (GEN-BASE): no more than its
/// limit, each in a section the card names or of the kind it names, and
/// for a one-group card all ashore or all afloat (GEN-CRD-2, GEN-CRD-3).
///
/// # Errors
/// A refusal with its rule.
pub fn check_orders(
    card: &CommandCard,
    chosen: &[u32],
    army: &[Orderable],
    cards_held: u32,
) -> Result<(), Refusal> {
    let limit = order_limit(card, army, cards_held);
    if chosen.len() as u32 > limit {
        return Err(Refusal::new(
            "GEN-BASE",
            say!(
                "gen-refuse-card-limit",
                card = card.shown_name(),
                limit = limit
            ),
        ));
    }
    let mut units = Vec::new();
    for id in chosen {
        let Some(u) = army.iter().find(|u| u.id == *id) else {
            return Err(Refusal::new(
                "GEN-BASE",
                say!("gen-refuse-cannot-be-ordered", id = id),
            ));
        };
        if units.iter().any(|x: &&Orderable| x.id == *id) {
            return Err(Refusal::new("GEN-BASE", say!("gen-refuse-ordered-once")));
        }
        let fits = match &card.order {
            Order::Section { sections, .. } => u.sections.iter().any(|s| sections.contains(s)),
            Order::Advance { section } => u.sections.contains(section),
            Order::Troops { kind, .. } => {
                of_kind(u, *kind) || !army.iter().any(|x| of_kind(x, *kind))
            }
        };
        if !fits {
            return Err(Refusal::new(
                "GEN-BASE",
                say!(
                    "gen-refuse-card-cannot-order",
                    card = card.shown_name(),
                    id = id,
                    text = card.shown_text()
                ),
            ));
        }
        units.push(u);
    }
    if card.one_group && units.iter().any(|u| u.at_sea) && units.iter().any(|u| !u.at_sea) {
        let rule = match card.order {
            Order::Troops {
                kind: Troop::Cavalry,
                ..
            } => "GEN-CRD-3",
            _ => "GEN-CRD-2",
        };
        return Err(Refusal::new(
            rule,
            say!("gen-refuse-card-one-group", card = card.shown_name()),
        ));
    }
    // GEN-CRD-2: "4 adjacent naval units": each boat ordered after the
    // first is next to one ordered before it, so the boats ordered are
    // always one group of neighbours.
    if card.naval_adjacent {
        let boats: Vec<Hex> = units.iter().filter(|u| u.at_sea).map(|u| u.hex).collect();
        for (i, h) in boats.iter().enumerate().skip(1) {
            if !boats[..i].iter().any(|b| b.unsigned_distance_to(*h) <= 1) {
                return Err(Refusal::new(
                    "GEN-CRD-2",
                    say!("gen-refuse-card-naval-adjacent", card = card.shown_name()),
                ));
            }
        }
    }
    Ok(())
}

/// How far a unit ordered by `card` may move: at sea the card's naval
/// move, whatever the wind/tide (GEN-NAV-5, GEN-CRD-2, GEN-CRD-4), or
/// `None` for the normal naval rules (Cavalry Charge at sea changes no
/// movement, GEN-CRD-3); on land the card's move or the unit's own.
pub fn card_move(card: &CommandCard, at_sea: bool) -> (Option<u32>, &'static str) {
    if at_sea {
        let rule = if card.naval_move.is_some() {
            "GEN-NAV-5"
        } else {
            "GEN-CRD-3"
        };
        (card.naval_move, rule)
    } else {
        (card.land_move, "GEN-BASE")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards() -> CommandCards {
        CommandCards::load().expect("cards")
    }

    fn unit(id: u32, section: Section, mounted: bool, at_sea: bool) -> Orderable {
        Orderable {
            id,
            sections: vec![section],
            mounted,
            at_sea,
            // One hex for all: the boats' adjacency (GEN-CRD-2) is
            // tested over the state, in the fidelity tests.
            hex: Hex::ZERO,
        }
    }

    #[test]
    fn sixty_cards_shuffled_by_the_seed() {
        // GEN-BASE: 60 Command cards.
        let c = cards();
        let all = c.copies();
        assert_eq!(all.len(), 60);
        let a = Deck::shuffled(all.clone(), &mut Dice::new(4));
        let b = Deck::shuffled(all, &mut Dice::new(4));
        assert_eq!(a, b);
        assert!(
            c.card("serpent_command")
                .is_some_and(|k| k.text.contains("GEN-CRD-4"))
        );
    }

    #[test]
    fn an_empty_draw_pile_is_the_discard_pile_reshuffled() {
        let mut d = Deck {
            draw: vec!["a".into()],
            discard: vec!["b".into(), "c".into()],
        };
        let mut dice = Dice::new(1);
        assert_eq!(d.draw(&mut dice).as_deref(), Some("a"));
        let next = d.draw(&mut dice).expect("reshuffled");
        assert!(next == "b" || next == "c");
        assert!(d.discard.is_empty() && d.draw.len() == 1);
        d.draw(&mut dice);
        assert_eq!(d.draw(&mut dice), None);
    }

    #[test]
    fn the_hidden_deck_keeps_its_size_not_its_order() {
        let c = cards();
        let d = Deck::shuffled(c.copies(), &mut Dice::new(3));
        let e = Deck::shuffled(c.copies(), &mut Dice::new(8));
        assert_ne!(d.draw, e.draw);
        assert_eq!(d.hidden(), e.hidden());
        assert_eq!(d.hidden().draw.len(), 60);
    }

    #[test]
    fn section_advance_and_troop_cards_order_their_units() {
        // GEN-BASE: sections, Advance per card held, Cavalry Charge's fallback.
        let c = cards();
        let army = vec![
            unit(1, Section::Left, false, false),
            unit(2, Section::Left, false, false),
            unit(3, Section::Centre, true, false),
        ];
        let two_left = c.card("order_two_left").expect("card");
        assert!(check_orders(two_left, &[1, 2], &army, 5).is_ok());
        assert!(check_orders(two_left, &[1, 3], &army, 5).is_err());
        assert!(check_orders(two_left, &[1, 1], &army, 5).is_err());
        let adv = c.card("advance_left").expect("card");
        assert_eq!(order_limit(adv, &army, 1), 1);
        assert!(check_orders(adv, &[1, 2], &army, 1).is_err());
        assert!(check_orders(adv, &[1, 2], &army, 2).is_ok());
        let charge = c.card("cavalry_charge").expect("card");
        assert!(check_orders(charge, &[3], &army, 5).is_ok());
        assert!(check_orders(charge, &[1], &army, 5).is_err());
        let foot_only = vec![unit(1, Section::Left, false, false)];
        assert_eq!(order_limit(charge, &foot_only, 5), 1);
        assert!(check_orders(charge, &[1], &foot_only, 5).is_ok());
    }

    #[test]
    fn gc_gen_05_onslaught_and_charge_order_land_or_naval_units_not_both() {
        // GEN-CRD-2, GEN-CRD-3: one group only; Onslaught at sea moves 2
        // whatever the wind; Charge at sea: no movement change, +1 die.
        // GEN-CRD-4: Serpent Command moves 1 hex at sea.
        let c = cards();
        let army = vec![
            unit(1, Section::Left, false, true),
            unit(2, Section::Left, false, false),
            unit(3, Section::Centre, true, true),
            unit(4, Section::Centre, true, false),
        ];
        let on = c.card("infantry_onslaught").expect("card");
        assert_eq!(
            check_orders(on, &[1, 2], &army, 5).expect_err("mixed").rule,
            "GEN-CRD-2"
        );
        assert!(check_orders(on, &[1], &army, 5).is_ok());
        assert_eq!(card_move(on, true), (Some(2), "GEN-NAV-5"));
        assert!(on.close_only);
        let ch = c.card("cavalry_charge").expect("card");
        assert_eq!(
            check_orders(ch, &[3, 4], &army, 5).expect_err("mixed").rule,
            "GEN-CRD-3"
        );
        assert_eq!(card_move(ch, true), (None, "GEN-CRD-3"));
        // At sea any naval unit, foot or mounted, may be ordered by either card.
        assert!(check_orders(ch, &[1, 3], &army, 5).is_ok());
        assert!(check_orders(on, &[1, 3], &army, 5).is_ok());
        assert_eq!(ch.close_bonus, 1);
        assert_eq!(order_limit(ch, &army, 5), 4);
        let serpent = c.card("serpent_command").expect("card");
        assert_eq!(card_move(serpent, true).0, Some(1));
    }

    #[test]
    fn a_deck_file_with_a_repeated_key_or_no_count_is_refused_by_name() {
        let e = check_keys("deck.ron", [("a", 1), ("b", 0)].into_iter()).expect_err("no count");
        assert!(
            e.to_string().contains("deck.ron") && e.to_string().contains("\"b\""),
            "{e}"
        );
        let e = check_keys("deck.ron", [("a", 1), ("a", 2)].into_iter()).expect_err("twice");
        assert!(e.to_string().contains("used twice"), "{e}");
        assert!(check_keys("deck.ron", [("a", 1), ("b", 2)].into_iter()).is_ok());
    }
}
