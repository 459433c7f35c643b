//! The module's tables, read from RON under `assets/rules/samurai_battles/`.
//!
//! The files are compiled into the binary (so `kassen` runs from any directory)
//! and parsed at start-up; a broken table is reported with file, line and column.
//! Beside the tables: the ruleset key, the module's die and its rule IDs.

use serde::{Deserialize, Serialize};

use crate::engine::assets::parse_table;
use crate::engine::board::TerrainTable;
use crate::engine::scenario::LoadError;
use crate::engine::units::UnitClass;

use super::morale::MoraleLevel;
use super::orders::{OrderKind, OrderRow};

/// The ruleset key scenarios use.
pub const RULESET: &str = "samurai_battles";

/// Samurai Battles' one die, a d20 (SBA-DICE-1): every roll and every exact
/// chance of the module goes through it.
pub const DIE: crate::engine::dice::Die = crate::engine::dice::Die::D20;

/// Rule IDs that need no citation in code, each with why: worked
/// examples, rules the source leaves out, and table-side conventions.
/// The coverage test checks the list stays true.
pub const NO_CODE_CITATION: [(&str, &str); 1] = [(
    "SBA-FORT-4",
    "the seed's worked example of SBA-FORT-2 (GC-SBA-01)",
)];

/// Every rule ID of the digest, for the rules panel and coverage tests.
pub const RULE_IDS: [&str; 41] = [
    "SBA-DICE-1",
    "SBA-DICE-2",
    "SBA-BASE",
    "SBA-GS-1",
    "SBA-GS-2",
    "SBA-GS-3",
    "SBA-GS-4",
    "SBA-GS-5",
    "SBA-ORD-1",
    "SBA-ORD-2",
    "SBA-ORD-3",
    "SBA-ORD-4",
    "SBA-ORD-5",
    "SBA-ORD-6",
    "SBA-ORD-7",
    "SBA-ORD-8",
    "SBA-ORD-9",
    "SBA-ORD-10",
    "SBA-ORD-11",
    "SBA-FORT-1",
    "SBA-FORT-2",
    "SBA-FORT-3",
    "SBA-FORT-4",
    "SBA-FORT-5",
    "SBA-MOR-1",
    "SBA-MOR-2",
    "SBA-MOR-3",
    "SBA-MOR-4",
    "SBA-MOR-5",
    "SBA-MOR-6",
    "SBA-MOR-7",
    "SBA-HON-1",
    "SBA-HON-2",
    "SBA-HON-3",
    "SBA-HON-4",
    "SBA-HON-5",
    "SBA-MEL-1",
    "SBA-MEL-2",
    "SBA-MEL-3",
    "SBA-MEL-4",
    "SBA-MEL-5",
];

/// One unit card (all values per unit type). Attack and Fortitude are d20
/// roll-under values (1–20), Defense is hits absorbed per turn, range and
/// move are in hexes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitStats {
    /// Key scenarios use.
    pub key: String,
    /// The symbol on its counter (the art only).
    #[serde(default)]
    pub symbol: crate::engine::view::UnitSymbol,
    /// Display name.
    pub name: String,
    /// Two-letter counter label.
    pub abbrev: String,
    /// Infantry or cavalry.
    pub class: UnitClass,
    /// Models at full strength.
    pub models: u32,
    /// Attack dice per model (SBA-MEL-4 step 2).
    pub dice_per_model: u32,
    /// Attack Value against infantry.
    pub attack_vs_infantry: i32,
    /// Attack Value against cavalry.
    pub attack_vs_cavalry: i32,
    /// Defense Value at the start of each turn.
    pub defense: i32,
    /// Fortitude on the unit card.
    pub fortitude: i32,
    /// Firepower (0 = no ranged attack).
    pub firepower: i32,
    /// Ranged reach in hexes (0 = none).
    pub range: u32,
    /// Movement points per turn (hexes of open ground).
    pub move_points: u32,
    /// Whether units of this type have a Commander by default.
    pub commander: bool,
    /// Whether this is the army's General Staff (SBA-GS-1).
    pub general_staff: bool,
    /// Victory points the enemy scores for destroying it.
    pub victory_points: u32,
    /// Orders printed on the card.
    pub orders: Vec<OrderKind>,
    /// Where the seed gives values.
    pub source: String,
    /// Which values are Kassen stand-ins.
    pub stand_in: String,
    /// The card's words in Spanish; the rules key on `key`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spanish: Option<UnitSpanish>,
}

/// A unit card's words in Spanish: its name, where the seed gives its
/// values and which are stand-ins.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpanish {
    /// The name.
    pub name: String,
    /// Where the seed gives values.
    pub source: String,
    /// Which values are Kassen stand-ins.
    pub stand_in: String,
}

impl UnitStats {
    /// The name in the UI's language.
    pub fn shown_name(&self) -> &str {
        crate::i18n::in_language(&self.name, self.spanish.as_ref().map(|w| w.name.as_str()))
    }

    /// Where the seed gives values, in the UI's language.
    pub fn shown_source(&self) -> &str {
        crate::i18n::in_language(
            &self.source,
            self.spanish.as_ref().map(|w| w.source.as_str()),
        )
    }

    /// The stand-in values, in the UI's language.
    pub fn shown_stand_in(&self) -> &str {
        crate::i18n::in_language(
            &self.stand_in,
            self.spanish.as_ref().map(|w| w.stand_in.as_str()),
        )
    }
}

/// The unit table and the movement constants of forced moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitTable {
    /// All unit cards.
    pub units: Vec<UnitStats>,
    /// Hexes an infantry unit moves when Fleeing, Panicking or Pursuing.
    pub fastest_infantry: u32,
    /// Hexes a cavalry unit moves when Fleeing, Panicking or Pursuing.
    pub fastest_cavalry: u32,
    /// Fortitude bonus of a unit with a Commander (stand-in value).
    pub commander_fortitude: i32,
    /// Inspirational reach in hexes.
    pub inspirational_range: u32,
    /// Front, flank and rear arcs (stand-in).
    pub facing_arcs: FacingArcs,
    /// Slope rules of base rules §2 the board's step cost does not apply.
    pub slope_limits: SlopeLimits,
}

/// Slope rules of base rules §2 (SBA-BASE) that the board's step cost does
/// not apply, in levels climbed between two hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlopeLimits {
    /// A Run order may not climb this many levels or more (a gentle slope).
    pub no_run_climb_from: i32,
    /// No melee links across this many levels or more (an abrupt slope).
    pub no_melee_climb_from: i32,
}

/// Which hexsides are front, flank and rear, counted in hexside steps (0–3)
/// from a unit's facing (SBA-BASE stand-in; used for SBA-FORT-1 (2), (3)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FacingArcs {
    /// At most this many steps from the facing is front.
    pub front_steps: usize,
    /// Beyond front and at most this many steps is flank; beyond is rear.
    pub flank_steps: usize,
}

/// The order table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderTable {
    /// One row per order.
    pub orders: Vec<OrderRow>,
    /// How many attackers a unit on Defend may engage at once from its front
    /// (SBA-BASE, base rules §2).
    pub defend_front_attackers: usize,
    /// Multiple of a unit's movement points that an order with
    /// [`OrderMovement::Double`](super::orders::OrderMovement::Double) (Run)
    /// may spend, a whole factor of 1 or more: 2 (SBA-BASE stand-in, base
    /// rules §2: infantry 1 hex, Run 2; cavalry 2, Run 4).
    pub double_move_factor: u32,
}

/// One morale level's markers and modifiers (SBA-MOR-1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleRow {
    /// Level.
    pub level: MoraleLevel,
    /// Red markers on the Unit Flag.
    pub markers: u32,
    /// Attack modifier.
    pub attack: i32,
    /// Defense modifier.
    pub defense: i32,
    /// Fortitude modifier.
    pub fortitude: i32,
}

/// Morale levels and the fixed Fortitude, Attack and Defense modifiers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleTable {
    /// The four levels.
    pub levels: Vec<MoraleRow>,
    /// Flank attack test modifier (SBA-FORT-1).
    pub flank_attack: i32,
    /// Rear attack test modifier (SBA-FORT-1).
    pub rear_attack: i32,
    /// Dishonor modifier (SBA-GS-5).
    pub general_staff_lost: i32,
    /// Inspirational Fortitude (SBA-GS-3).
    pub inspirational_fortitude: i32,
    /// Inspirational Attack (SBA-GS-3).
    pub inspirational_attack: i32,
    /// Inspirational Defense (SBA-GS-3).
    pub inspirational_defense: i32,
    /// Honor Marker Attack (SBA-HON-4).
    pub honor_attack: i32,
    /// Honor Marker Fortitude (SBA-HON-4).
    pub honor_fortitude: i32,
    /// Most Honor Markers a unit holds (SBA-HON-3).
    pub honor_cap: u32,
}

/// The rules reference, `rules_text.ron`.
pub type RulesText = crate::engine::view::RulesReference;

/// Every table of the module.
#[derive(Clone, Debug, PartialEq)]
pub struct SbaTables {
    /// Unit cards.
    pub units: UnitTable,
    /// Orders.
    pub orders: OrderTable,
    /// Morale levels and fixed modifiers.
    pub morale: MoraleTable,
    /// Terrain.
    pub terrain: TerrainTable,
    /// Rules reference.
    pub rules: RulesText,
    /// The rules reference in Spanish, `rules_text.es.ron`.
    pub rules_es: crate::engine::view::RuleTranslations,
}

const UNITS: &str = include_str!("../../../assets/rules/samurai_battles/units.ron");
const ORDERS: &str = include_str!("../../../assets/rules/samurai_battles/orders.ron");
const MORALE: &str = include_str!("../../../assets/rules/samurai_battles/morale.ron");
const TERRAIN: &str = include_str!("../../../assets/rules/samurai_battles/terrain.ron");
const RULES: &str = include_str!("../../../assets/rules/samurai_battles/rules_text.ron");
const RULES_ES: &str = include_str!("../../../assets/rules/samurai_battles/rules_text.es.ron");

impl SbaTables {
    /// Parses the built-in tables.
    ///
    /// # Errors
    /// A table that does not parse, with file, line and column.
    pub fn load() -> Result<Self, LoadError> {
        let dir = "assets/rules/samurai_battles";
        let t = Self {
            units: parse_table("rules/samurai_battles/units.ron", UNITS)?,
            orders: parse_table("rules/samurai_battles/orders.ron", ORDERS)?,
            morale: parse_table("rules/samurai_battles/morale.ron", MORALE)?,
            terrain: parse_table("rules/samurai_battles/terrain.ron", TERRAIN)?,
            rules: parse_table("rules/samurai_battles/rules_text.ron", RULES)?,
            rules_es: parse_table("rules/samurai_battles/rules_text.es.ron", RULES_ES)?,
        };
        if t.units.units.is_empty() || t.terrain.terrain.is_empty() {
            return Err(LoadError::plain(
                dir,
                "the unit and terrain tables must not be empty",
            ));
        }
        for o in OrderKind::ALL {
            if t.orders.orders.iter().all(|r| r.order != o) {
                return Err(LoadError::plain(
                    &format!("{dir}/orders.ron"),
                    format!("no row for {o:?}"),
                ));
            }
        }
        for l in MoraleLevel::ALL {
            if t.morale.levels.iter().all(|r| r.level != l) {
                return Err(LoadError::plain(
                    &format!("{dir}/morale.ron"),
                    format!("no row for {l:?}"),
                ));
            }
        }
        Ok(t)
    }

    /// The unit card for a type key.
    pub fn unit(&self, key: &str) -> Option<&UnitStats> {
        self.units.units.iter().find(|u| u.key == key)
    }

    /// The order table row for an order (every order has one; checked at load).
    pub fn order(&self, kind: OrderKind) -> &OrderRow {
        self.orders
            .orders
            .iter()
            .find(|r| r.order == kind)
            .unwrap_or(&self.orders.orders[0])
    }

    /// The morale row for a level (every level has one; checked at load).
    pub fn morale_row(&self, level: MoraleLevel) -> &MoraleRow {
        self.morale
            .levels
            .iter()
            .find(|r| r.level == level)
            .unwrap_or(&self.morale.levels[0])
    }

    /// The rules-reference entry for an ID.
    pub fn rule(&self, id: &str) -> Option<&crate::engine::view::RuleEntry> {
        self.rules.rules.iter().find(|r| r.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::samurai_battles::orders::ValueMod;

    /// Every unit card's name, source and stand-ins read in Spanish, and
    /// in English as the data writes them.
    #[test]
    fn every_unit_card_reads_in_spanish() {
        use crate::i18n::{Lang, with_lang};
        let t = SbaTables::load().expect("tables");
        for u in &t.units.units {
            let shown =
                || [u.shown_name(), u.shown_source(), u.shown_stand_in()].map(str::to_string);
            let data = [&u.name, &u.source, &u.stand_in].map(|s| s.to_string());
            assert_eq!(with_lang(Lang::English, shown), data, "{}", u.key);
            let es = with_lang(Lang::Spanish, shown);
            for (e, d) in es.iter().zip(&data) {
                assert!(!e.is_empty() && e != d, "{}: {e:?} is not Spanish", u.key);
            }
        }
    }

    #[test]
    fn built_in_tables_load_and_match_the_seed() {
        let t = SbaTables::load().expect("tables");
        // SBA-ORD-4: Assault +2 Attack (seed L15, L81), Fire and Retreat -1 Fortitude (L58).
        assert_eq!(t.order(OrderKind::Assault).attack, ValueMod::Add(2));
        assert_eq!(
            t.order(OrderKind::FireAndRetreat).fortitude,
            ValueMod::Add(-1)
        );
        // SBA-ORD-2: Panic sets Attack and Defense to 0.
        assert_eq!(t.order(OrderKind::Panic).attack, ValueMod::Set(0));
        assert_eq!(t.order(OrderKind::Panic).defense, ValueMod::Set(0));
        assert_eq!(t.orders.orders.len(), 17);
        let sc = t.unit("samurai_cavalry").expect("cavalry");
        assert_eq!((sc.attack_vs_infantry, sc.dice_per_model), (8, 3));
        assert_eq!(t.unit("ashigaru_archers").map(|u| u.fortitude), Some(10));
        assert_eq!(t.units.units.iter().filter(|u| u.general_staff).count(), 1);
        // SBA-MEL-1: an engaged unit fights on (Assault, Defend, All-Around Defense) or Retreats.
        let in_melee: Vec<OrderKind> = t
            .orders
            .orders
            .iter()
            .filter(|r| r.in_melee)
            .map(|r| r.order)
            .collect();
        assert_eq!(
            in_melee,
            vec![
                OrderKind::AllAroundDefense,
                OrderKind::Defend,
                OrderKind::Assault,
                OrderKind::Retreat
            ]
        );
        assert_eq!(
            t.units.facing_arcs,
            FacingArcs {
                front_steps: 1,
                flank_steps: 2
            }
        );
        // SBA-MOR-1: markers per level.
        let markers: Vec<u32> = MoraleLevel::ALL
            .iter()
            .map(|l| t.morale_row(*l).markers)
            .collect();
        assert_eq!(markers, vec![0, 1, 2, 3]);
    }

    #[test]
    fn every_rule_id_has_reference_text() {
        let t = SbaTables::load().expect("tables");
        for id in super::RULE_IDS {
            assert!(t.rule(id).is_some(), "{id} has no rules text");
        }
    }
}
