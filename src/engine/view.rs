//! What the app draws, for any module: the module fills these plain values
//! through [`Rules`](super::core::Rules) (`scene`, `unit_card`, `choices`,
//! `odds`, `rules_text`), and the GUI draws them without knowing the module.
//! Module-specific drawing (an Honor Marker, red Morale Markers, a hit-die,
//! nerve markers) is a [`Marker`] or a badge here, never a module type.

use hexx::Hex;

use super::board::Facing;
use super::log::Itemized;
use super::table::Base;

/// Where a unit stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Place {
    /// On a hex, facing a hexside.
    Hex {
        /// Axial coordinates.
        hex: Hex,
        /// The hexside it faces.
        facing: Facing,
    },
    /// On the open table: its base (centre and size in inches, facing in
    /// compass degrees).
    Table(Base),
}

/// A marker drawn on a counter: `count` dots of one colour, with a label for
/// the card and the tooltip ("Morale Marker", "Honor Marker", "nerve").
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// What it is, in the game's words.
    pub label: String,
    /// sRGB colour, each channel `0.0..=1.0`.
    pub color: [f32; 3],
    /// How many (dots drawn), at least 1.
    pub count: u32,
    /// A number shown on the token instead of dots (a hit-die's face).
    pub face: Option<u32>,
    /// The rule that gives the marker its meaning ("SBA-MOR-1"), shown in
    /// its tooltip; `None` for a piece that is no rule's marker (a leader
    /// on the unit).
    pub rule: Option<String>,
}

/// The symbol on a unit's counter: its weapon or mount, drawn the same in
/// every module (the art only; no rule reads it). Each module names its
/// unit types' symbols in its unit table.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum UnitSymbol {
    /// Foot fighting hand to hand: crossed swords.
    #[default]
    Infantry,
    /// Spearmen (yari, naginata): a spear.
    Spear,
    /// Archers: a bow and arrow.
    Bow,
    /// Arquebusiers (teppo): a gun.
    Gun,
    /// Cavalry: a horseshoe.
    Cavalry,
    /// Mounted archers: a horseshoe and an arrow.
    MountedBow,
    /// A leader or general: a war fan (gunbai).
    Leader,
}

/// A unit as the app draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitView {
    /// Unit id.
    pub id: u32,
    /// Side, 0 or 1.
    pub side: u8,
    /// Display name.
    pub name: String,
    /// Short type label for the counter ("Sam", "Archers").
    pub kind: String,
    /// The symbol drawn on its counter.
    pub symbol: UnitSymbol,
    /// Position and facing.
    pub place: Place,
    /// Models left (0 = destroyed) and at full strength.
    pub models: u32,
    /// Models at full strength.
    pub models_max: u32,
    /// In the air (a flyer) rather than grounded.
    pub airborne: bool,
    /// Markers drawn on the counter.
    pub markers: Vec<Marker>,
    /// Short state words ("Hidden", "In melee", "Suppressed").
    pub badges: Vec<String>,
    /// The viewer's own sealed order for the unit, in the game's words.
    pub order: Option<String>,
    /// Range rings for the overlay: hexes on a hex board, inches on the table.
    pub ranges: Vec<f32>,
    /// Concealed from the enemy (drawn with a ring for its own side only).
    pub concealed: bool,
    /// Inches it may still move now (open table), drawn as a ring and
    /// letting its side drag it; `None` on a hex board or when it may not
    /// move.
    pub allowance: Option<f32>,
}

#[cfg(test)]
impl UnitView {
    /// A test unit: four models of spearmen on `hex`, facing north.
    pub fn on_hex(id: u32, side: u8, hex: Hex) -> Self {
        UnitView {
            id,
            side,
            name: format!("unit {id}"),
            kind: "AY".into(),
            symbol: UnitSymbol::Spear,
            place: Place::Hex {
                hex,
                facing: Facing::North,
            },
            models: 4,
            models_max: 4,
            airborne: false,
            markers: Vec::new(),
            badges: Vec::new(),
            order: None,
            ranges: Vec::new(),
            concealed: false,
            allowance: None,
        }
    }
}

/// An arrow the viewer may see: a planned move or attack.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    /// The acting unit.
    pub unit: u32,
    /// The hex it points at (hex board).
    pub to: Hex,
    /// Drawn red (an attack) rather than white (a move).
    pub attack: bool,
    /// An attack declared and waiting on the defender's answer (a reaction,
    /// a Dragon card): drawn bold, the attacker and the attacked ringed.
    pub answer: bool,
}

/// A track for the overlay (an honor track).
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    /// Side, 0 or 1.
    pub side: u8,
    /// Its name ("Honor").
    pub name: String,
    /// The value now.
    pub value: i32,
    /// Thresholds to mark, with whether each is spent (greyed out).
    pub marks: Vec<(i32, bool)>,
    /// The rule behind it.
    pub rule: String,
}

/// A scenario objective on the board, with the side holding it.
#[derive(Clone, Debug, PartialEq)]
pub struct Objective {
    /// Its name in the scenario ("Greywood Shrine").
    pub name: String,
    /// Where it is: a hex, or a point on the open table.
    pub at: Spot,
    /// The side holding it (0 or 1), if any.
    pub held_by: Option<u8>,
}

/// A point on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spot {
    /// A hex (axial coordinates).
    Hex(Hex),
    /// A point on the open table, inches from the table's corner.
    Table(f32, f32),
}

/// Everything the board and the top bar show of a state, for one viewer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// Units the viewer may see, by id.
    pub units: Vec<UnitView>,
    /// Planned moves and attacks the viewer may see.
    pub arrows: Vec<Arrow>,
    /// Pairs of units locked together (in melee), drawn as red lines.
    pub links: Vec<(u32, u32)>,
    /// Tracks per side.
    pub tracks: Vec<Track>,
    /// Scenario objectives and who holds them.
    pub objectives: Vec<Objective>,
    /// The score line ("Uesugi 3 – 1 Takeda (victory points)").
    pub score: String,
    /// Tables of the last resolution (the rolled cell highlighted).
    pub tables: Vec<TableView>,
    /// The viewer's own hand of cards, shown as cards with their text;
    /// empty for modules without cards and for a viewer with none. Never
    /// the other side's cards.
    pub hand: Vec<HandCard>,
    /// The wind/tide directions of the scenario, each 0 (north) to 5
    /// clockwise, drawn as an arrow on the board; empty for none.
    pub wind: Vec<u8>,
    /// What the wind/tide's arrows mean, in the game's words with its rule
    /// ("Wind/tide toward north: a boat moves with it … GEN-NAV-3"), shown
    /// on hover over them; empty for none.
    pub wind_note: String,
    /// Dividing columns of the board's sections, drawn as dotted lines (a
    /// hex on the line belongs to both sections); empty for none.
    pub sections: Vec<i32>,
    /// The hexes the card in play orders in (a Genpei section, in its
    /// player's own left and right), outlined on the board; empty for none.
    pub zone: Vec<Hex>,
    /// For each naval unit, the neighbouring hexes it may enter with the
    /// wind/tide, highlighted when it is selected.
    pub with_wind: Vec<(u32, Vec<Hex>)>,
}

/// How many of `side`'s units `scene` shows (for
/// [`RulesHints::unit_count`](super::core::RulesHints::unit_count)).
pub fn units_of(scene: &Scene, side: u8) -> usize {
    scene.units.iter().filter(|u| u.side == side).count()
}

/// A card in the viewer's hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandCard {
    /// The deck it comes from, in the player's words ("Command",
    /// "Dragon").
    pub deck: String,
    /// A card of the module's second deck (Genpei's Dragon cards): drawn in
    /// its own colour, played with *Play card*.
    pub second_deck: bool,
    /// The card's name.
    pub name: String,
    /// Its text.
    pub text: String,
    /// The rule behind it.
    pub rule: String,
    /// The key of the side choice that plays it now
    /// ([`RulesView::side_choices`](super::core::RulesView::side_choices)), if it
    /// may be played without a target.
    pub play: Option<String>,
    /// The hexes of the board it orders in (a Genpei section card's
    /// sections, in the player's own left and right), outlined while its
    /// Play button is under the pointer; empty for a card of no place.
    pub zone: Vec<Hex>,
}

/// How a card line is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tone {
    /// Plain text.
    #[default]
    Plain,
    /// A heading.
    Strong,
    /// Good for the unit (gold, green).
    Good,
    /// Bad for the unit (red).
    Bad,
    /// Secondary (sources, stand-ins).
    Dim,
}

/// One line of a unit card: text, an itemized value with each modifier's
/// rule, or both.
#[derive(Clone, Debug, PartialEq)]
pub struct CardLine {
    /// The text ("Models: 4 of 6").
    pub text: String,
    /// The rule behind it, linked to the rules reference.
    pub rule: Option<String>,
    /// A value as base plus modifiers.
    pub value: Option<Itemized>,
    /// How it is drawn.
    pub tone: Tone,
}

impl CardLine {
    /// A plain line.
    pub fn text(text: impl Into<String>) -> Self {
        CardLine {
            text: text.into(),
            rule: None,
            value: None,
            tone: Tone::Plain,
        }
    }
    /// The line with a rule.
    pub fn rule(mut self, rule: &str) -> Self {
        self.rule = Some(rule.to_string());
        self
    }
    /// The line in a tone.
    pub fn tone(mut self, tone: Tone) -> Self {
        self.tone = tone;
        self
    }
    /// An itemized value titled `title`.
    pub fn value(title: impl Into<String>, value: Itemized) -> Self {
        CardLine {
            text: title.into(),
            rule: None,
            value: Some(value),
            tone: Tone::Plain,
        }
    }
}

/// One choice the app offers for a unit, in the module's own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Button label ("Open Fire!", "Take off", "Assault (Line 3)").
    pub label: String,
    /// Module key passed back to `choose`.
    pub key: String,
    /// What the choice still needs from the player.
    pub needs: Needs,
    /// What the label leaves out, shown on hover (a code of the rules'
    /// table, a source line); empty: nothing.
    pub hover: String,
    /// Why the unit may not take it now, as `(reason, rule ID)`: the app
    /// shows it greyed with the reason on hover, and never sends it.
    /// `None`: it may.
    pub refused: Option<(String, String)>,
}

/// What a [`Choice`] needs before it becomes a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Nothing: the button sends it.
    Nothing,
    /// A target unit, picked by clicking it.
    Target,
    /// A destination hex, picked by clicking it (hex board).
    Hex,
    /// A destination, given by dragging the unit (open table).
    Path,
}

/// The way a move command goes on a hex board and what it costs, from the
/// same search `apply` moves the unit by ([`RulesView::move_path`]).
///
/// [`RulesView::move_path`]: super::core::RulesView::move_path
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePath {
    /// The hexes entered, in order; the start is left out and the last is
    /// the goal.
    pub hexes: Vec<Hex>,
    /// How many of `hexes` the unit enters now (this turn's part of an
    /// order that goes on over later turns); `hexes.len()` for a move made
    /// at once.
    pub now: usize,
    /// What the move spends, in the module's measure (MP, or hexes where
    /// the game counts hexes).
    pub spent: u32,
    /// What is left after it, in the same measure, when the game has an
    /// allowance to spend from; shown in each shaded hex.
    pub left: Option<u32>,
    /// The rule that prices the move ("RAN-TER-1").
    pub rule: String,
    /// One line in the game's words: "3 MP spent, 1 MP left".
    pub line: String,
}

/// A die face's symbol, drawn by the app (procedurally) in place of its
/// number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DieGlyph {
    /// A filled circle.
    Circle,
    /// A filled triangle.
    Triangle,
    /// A filled square.
    Square,
    /// A sword.
    Sword,
    /// A flag on its pole.
    Flag,
    /// A token (a coin with a square hole: Honor & Fortune).
    Token,
}

/// A die whose faces bear symbols ([`RulesView::die_faces`]): its name as
/// the log writes it (`LogEntry::die`) and, face 1 first, each face's
/// symbol, colour (sRGB, `0.0..=1.0`) and name.
///
/// [`RulesView::die_faces`]: super::core::RulesView::die_faces
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DieFaces {
    /// The die's name in the log ("battle die").
    pub die: String,
    /// Face 1 first: symbol, colour, name ("sword").
    pub faces: Vec<(DieGlyph, [f32; 3], String)>,
}

/// A player's input for a [`Choice`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pick {
    /// The unit acting.
    pub unit: u32,
    /// The target unit, for [`Needs::Target`].
    pub target: Option<u32>,
    /// The destination hex, for [`Needs::Hex`].
    pub hex: Option<Hex>,
    /// The centres to move through (inches), for [`Needs::Path`].
    pub path: Vec<(f32, f32)>,
    /// Final facing, compass degrees, for [`Needs::Path`].
    pub facing: f32,
}

/// A rules table the app shows in a window (a shock results table, a
/// weapons matrix, a fire table): every cell, with the row, column and
/// cell in play highlighted and the steps that chose them itemized.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableView {
    /// Window title, in English with the card's term ("Shock Results
    /// Table (Tabla de Resultados del Choque)").
    pub title: String,
    /// The table's rule ID.
    pub rule: String,
    /// The label of the row-header column ("Column").
    pub corner: String,
    /// Column headers ("DR 0" … "DR 9").
    pub columns: Vec<String>,
    /// Rows: header and one cell text per column.
    pub rows: Vec<(String, Vec<String>)>,
    /// The row in play, highlighted.
    pub row: Option<usize>,
    /// The column in play, highlighted.
    pub column: Option<usize>,
    /// The cell rolled, highlighted strongly: (row, column).
    pub cell: Option<(usize, usize)>,
    /// How the row or column was reached: (step, value as shown, rule ID),
    /// e.g. ("weapons matrix, SI attacking AS", "column 9", "RAN-WPN-1"),
    /// then each shift ("+2").
    pub steps: Vec<(String, String, String)>,
    /// Shown folded until opened (a result already applied).
    pub folded: bool,
    /// One line under the table (the roll and its result).
    pub note: String,
}

/// Exact odds of a command before it is committed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Odds {
    /// Headline ("Melee odds if it engages (exact)").
    pub title: String,
    /// Labelled probabilities (`0.0..=1.0`), shown as percentages.
    pub lines: Vec<(String, f64)>,
    /// Labelled expected values (hits, casualties, models killed), shown as
    /// numbers to two places.
    pub expected: Vec<(String, f64)>,
    /// Labelled distributions: entry `k` is the probability of exactly `k`
    /// (hits, casualties).
    pub distributions: Vec<(String, Vec<f64>)>,
    /// Tables the command is resolved on, shown in their own windows.
    pub tables: Vec<TableView>,
}

/// The labelled lines of an open-table module's exact odds
/// (their `odds`, shown through [`crate::engine::table_kit::odds_of`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OddsLines {
    /// Chances, `0.0..=1.0`, shown as percentages.
    pub chances: Vec<(String, f64)>,
    /// Expected values (models killed), shown as numbers.
    pub expected: Vec<(String, f64)>,
}

impl OddsLines {
    /// Chances only.
    pub fn chances(chances: Vec<(String, f64)>) -> Self {
        Self {
            chances,
            expected: Vec::new(),
        }
    }

    /// Nothing to show.
    pub fn is_empty(&self) -> bool {
        self.chances.is_empty() && self.expected.is_empty()
    }

    /// Appends another's lines to these.
    pub fn extend(&mut self, other: OddsLines) {
        self.chances.extend(other.chances);
        self.expected.extend(other.expected);
    }
}

/// One rule of the rules reference.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleText {
    /// Stable rule ID ("SBA-FORT-2").
    pub id: String,
    /// Title.
    pub title: String,
    /// Text.
    pub text: String,
    /// A Kassen stand-in where the source is silent.
    pub stand_in: bool,
    /// The title and text in other languages, from the module's
    /// `rules_text.<code>.ron` (Spanish: `rules_text.es.ron`).
    pub translated: Vec<(crate::i18n::Lang, String, String)>,
}

impl RuleText {
    /// The title and text in `lang`, the English ones where there is no
    /// translation.
    pub fn shown_in(&self, lang: crate::i18n::Lang) -> (&str, &str) {
        self.translated
            .iter()
            .find(|(l, _, _)| *l == lang)
            .map(|(_, title, text)| (title.as_str(), text.as_str()))
            .unwrap_or((self.title.as_str(), self.text.as_str()))
    }
}

/// One entry of a module's `rules_text.ron`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleEntry {
    /// Rule ID ("RAN-SHOCK-2").
    pub id: String,
    /// Short title.
    pub title: String,
    /// The rule in a few sentences.
    pub text: String,
    /// A Kassen stand-in where the source is silent.
    pub stand_in: bool,
}

/// A module's rules reference, `rules_text.ron`: one entry per rule ID.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesReference {
    /// Every entry, in the order the reference lists them.
    pub rules: Vec<RuleEntry>,
}

/// A module's rules reference as the app shows it: each entry of its
/// `rules_text.ron`, with the Spanish of `rules_text.es.ron`.
pub fn rules_reference(english: &RulesReference, spanish: &RuleTranslations) -> Vec<RuleText> {
    let mut rules: Vec<RuleText> = english
        .rules
        .iter()
        .map(|r| RuleText {
            id: r.id.clone(),
            title: r.title.clone(),
            text: r.text.clone(),
            stand_in: r.stand_in,
            translated: Vec::new(),
        })
        .collect();
    spanish.add_to(crate::i18n::Lang::Spanish, &mut rules);
    rules
}

/// A module's rules reference read from its `rules_text.ron` (`english`:
/// the path under `assets/`, `rules/<module>/rules_text.ron`, and the
/// built-in copy) and the Spanish `rules_text.es.ron` (`spanish`, likewise),
/// each from the assets folder when the file is there.
///
/// # Errors
/// A file that does not parse, with its file, line and column.
pub fn load_rules_reference(
    english: (&str, &'static str),
    spanish: (&str, &'static str),
) -> Result<Vec<RuleText>, crate::engine::scenario::LoadError> {
    let en: RulesReference = crate::engine::assets::parse_table(english.0, english.1)?;
    let es: RuleTranslations = crate::engine::assets::parse_table(spanish.0, spanish.1)?;
    Ok(rules_reference(&en, &es))
}

/// One rule's title and text in another language.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleTranslation {
    /// The rule ID it translates ("RAN-SHK-1").
    pub id: String,
    /// Title.
    pub title: String,
    /// Text.
    pub text: String,
}

/// A module's rules reference in another language, `rules_text.<code>.ron`:
/// one entry per rule ID of `rules_text.ron`.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleTranslations {
    /// Entries, in any order.
    pub rules: Vec<RuleTranslation>,
}

impl RuleTranslations {
    /// Adds this language's text to each rule it translates.
    pub fn add_to(&self, lang: crate::i18n::Lang, rules: &mut [RuleText]) {
        for r in rules {
            if let Some(t) = self.rules.iter().find(|t| t.id == r.id) {
                r.translated.push((lang, t.title.clone(), t.text.clone()));
            }
        }
    }

    /// The rule IDs of `ids` with no entry here, and the entries naming a
    /// rule not in `ids`: a complete translation has neither.
    pub fn gaps<'a>(&'a self, ids: &[&'a str]) -> (Vec<&'a str>, Vec<&'a str>) {
        let missing = ids
            .iter()
            .copied()
            .filter(|id| !self.rules.iter().any(|t| t.id == *id))
            .collect();
        let extra = self
            .rules
            .iter()
            .map(|t| t.id.as_str())
            .filter(|id| !ids.contains(id))
            .collect();
        (missing, extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_line_builders_keep_what_they_are_given() {
        let l = CardLine::text("Models: 4 of 6")
            .rule("SBA-MEL-1")
            .tone(Tone::Bad);
        assert_eq!(l.text, "Models: 4 of 6");
        assert_eq!(l.rule.as_deref(), Some("SBA-MEL-1"));
        assert_eq!(l.tone, Tone::Bad);
        let v = CardLine::value("Defense", Itemized::new("Defense (card)", 5));
        assert_eq!(v.value.map(|v| v.total()), Some(5));
    }
}
