//! The module's tables, read from `assets/rules/warstrike/units.ron`: unit
//! types (WS-LD-1 Ld and Nv, the WS-SPC-1 / WS-SPC-2 special rules, the
//! WS-BASE stats) and the fixed values of the rules.
//!
//! The file is compiled into the binary and parsed at start-up; a broken table
//! is reported with file, line and column.

use serde::{Deserialize, Serialize};

use crate::engine::dice::Die;
use crate::engine::scenario::{LoadError, parse_ron};

/// The ruleset key scenarios use.
pub const RULESET: &str = "warstrike";

/// WarStrike's one die, a d6 (WS-BASE; seed 004): every roll and every
/// exact chance of the module goes through it.
pub const DIE: Die = Die::D6;

/// A WarStrike special rule a unit type can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum SpecialRule {
    /// Officer/Hero lends its current Nv to units within 6" (WS-SPC-1).
    Inspiring,
    /// 12 hits per nerve marker instead of 6 (WS-SPC-2).
    Steadfast,
}

/// A unit type's ranged weapon (WS-BASE stand-in values).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shooting {
    /// Maximum range in inches (> 0).
    pub range: f64,
    /// Shots each model fires in one salvo (≥ 1).
    pub shots_per_model: u32,
}

/// How the unit's models stand on the table, for the open-table footprint.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Footprint {
    /// Width of one model's base in inches (> 0).
    pub frontage: f64,
    /// Depth of one model's base in inches (> 0).
    pub depth: f64,
    /// Models in the front rank of a full-strength formation (≥ 1).
    pub models_per_rank: u32,
}

/// One unit type. Ld is a count of d6 (0–6), Nv a d6 face (1–6) (WS-LD-1,
/// WS-LD-2); moves and ranges in inches; the save is passed on a d6 at or above
/// `save` (2–7, 7 = no save) (WS-BASE stand-in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsUnitStats {
    /// Key scenarios use.
    pub key: String,
    /// Display name.
    pub name: String,
    /// The army it belongs to.
    pub faction: String,
    /// Leadership: dice rolled in an Ld test (WS-LD-1).
    pub ld: u32,
    /// Starting Nerve (WS-LD-1, WS-LD-4).
    pub nv: u32,
    /// Move in inches (Advance!; At The Double! is twice this).
    pub mv: f64,
    /// Awareness: spotting and targeting range in inches.
    pub aw: f64,
    /// Models at full strength.
    pub models: u32,
    /// Wounds per model.
    pub wounds: u32,
    /// Ranged weapon, if any.
    pub shooting: Option<Shooting>,
    /// Close-combat attacks per model.
    pub melee_attacks: u32,
    /// Save: d6 at or above this (7 = none).
    pub save: u32,
    /// Special rules.
    pub special: Vec<SpecialRule>,
    /// Whether it is an Officer or Hero (WS-SPC-1).
    pub officer: bool,
    /// Base footprint.
    pub footprint: Footprint,
    /// Where the seed gives values.
    pub source: String,
    /// Which values are Kassen stand-ins.
    pub stand_in: String,
}

impl WsUnitStats {
    /// Whether the type has a special rule.
    pub fn has(&self, rule: SpecialRule) -> bool {
        self.special.contains(&rule)
    }
}

/// Fixed values of the rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsConstants {
    /// d6 score that hits, for shooting and close combat ([stand-in] 4).
    pub to_hit: u32,
    /// Save bonus of a unit that took Get Down! ([stand-in] +1).
    pub get_down_save_bonus: u32,
    /// The best save: a save never needs less than this d6 score, whatever
    /// its bonus (WS-BASE [stand-in]: 2, so a 1 always fails; a face of the
    /// d6, 1–6).
    pub best_save: u32,
    /// Hit-dice a Steadfast unit counts its hits on: a second d6 for hits
    /// 7–12, so 12 hits per nerve marker instead of 6 (WS-SPC-2: 2; at least
    /// 1).
    pub steadfast_hit_dice: u32,
    /// Gap in inches a fall-back move leaves before another unit (WS-BASE
    /// [stand-in]: 0.25; 0 or more).
    pub fall_back_gap: f64,
    /// Reach of an Inspiring Officer or Hero in inches (WS-SPC-1: 6).
    pub inspiring_range: f64,
    /// Reach of an enemy's close-combat break in inches (WS-CLR-5: 6).
    pub break_relief_range: f64,
    /// Reach of an objective in inches: an unsuppressed unit within it (edge
    /// to edge) with no unsuppressed enemy within it captures the objective
    /// in its starting phase (WS-SUP-3 names capturing; [stand-in] 3).
    pub capture_range: f64,
    /// At The Double! moves up to this many times Mv (WS-BASE, base_rules.md
    /// §5: 2).
    pub at_the_double: f64,
    /// Difficult going multiplies a move by this (WS-BASE, base_rules.md §5:
    /// halves, 0.5).
    pub difficult_going: f64,
    /// Snap fire multiplies Awareness by this for targeting (WS-BASE,
    /// base_rules.md §5: doubles, 2).
    pub snap_fire_awareness: f64,
    /// The last turn when the scenario gives none (WS-BASE [stand-in]: 6).
    pub turn_limit: u32,
    /// Which of these are stand-ins.
    pub stand_in: String,
}

/// Every table of the module.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsTables {
    /// Fixed values.
    pub constants: WsConstants,
    /// Unit types.
    pub units: Vec<WsUnitStats>,
    /// The rules reference (`rules_text.ron`, with the Spanish of
    /// `rules_text.es.ron`): one entry per rule ID. Not part of
    /// `units.ron`: read by [`WsTables::load`].
    #[serde(skip)]
    pub rules: Vec<crate::engine::view::RuleText>,
}

const FILE: &str = "assets/rules/warstrike/units.ron";
const UNITS: &str = include_str!("../../../assets/rules/warstrike/units.ron");
const RULES: &str = include_str!("../../../assets/rules/warstrike/rules_text.ron");
const RULES_ES: &str = include_str!("../../../assets/rules/warstrike/rules_text.es.ron");

impl WsTables {
    /// Parses the built-in table.
    ///
    /// # Errors
    /// See [`WsTables::parse`].
    pub fn load() -> Result<Self, LoadError> {
        let t = crate::engine::assets::table(FILE.strip_prefix("assets/").unwrap_or(FILE), UNITS)?;
        let mut tables = Self::parse(&t.file, &t.text)?;
        tables.rules = crate::engine::view::load_rules_reference(
            ("rules/warstrike/rules_text.ron", RULES),
            ("rules/warstrike/rules_text.es.ron", RULES_ES),
        )?;
        Ok(tables)
    }

    /// Parses and checks a unit table.
    ///
    /// # Errors
    /// A [`LoadError`] with position for RON errors; for constants out of
    /// bounds (to_hit, the ranges, best_save, steadfast_hit_dice,
    /// fall_back_gap); for a duplicate key, an
    /// empty table, Ld above 6, Nv outside 1–6, a save outside 2–7, no models
    /// or wounds, a non-positive move, range or footprint, or Inspiring on a
    /// unit that is no Officer/Hero (WS-SPC-1).
    pub fn parse(file: &str, text: &str) -> Result<Self, LoadError> {
        let t: WsTables = parse_ron(file, text)?;
        if t.units.is_empty() {
            return Err(LoadError::plain(file, "the unit table must not be empty"));
        }
        let c = &t.constants;
        if !((2..=6).contains(&c.to_hit) && c.inspiring_range > 0.0 && c.break_relief_range > 0.0) {
            return Err(LoadError::at(
                file,
                text,
                &["constants"],
                "to_hit must be 2-6 and the ranges positive",
            ));
        }
        if !((DIE.min()..=DIE.max()).contains(&c.best_save)
            && c.steadfast_hit_dice >= 1
            && c.fall_back_gap >= 0.0)
        {
            return Err(LoadError::at(
                file,
                text,
                &["constants"],
                "best_save must be a face of the d6 (1-6), steadfast_hit_dice at least 1 \
                 (WS-SPC-2) and fall_back_gap 0 or more",
            ));
        }
        for (i, u) in t.units.iter().enumerate() {
            let anchor = format!("key: \"{}\"", u.key);
            let err = |m: &str| {
                Err(LoadError::at(
                    file,
                    text,
                    &["units", &anchor],
                    format!("unit \"{}\": {m}", u.key),
                ))
            };
            if t.units[..i].iter().any(|o| o.key == u.key) {
                return err("duplicate key");
            }
            if u.ld > 6 || !(1..=6).contains(&u.nv) {
                return err("Ld must be 0-6 and Nv 1-6 (WS-LD-2)");
            }
            if !(2..=7).contains(&u.save) {
                return err("save must be 2-7");
            }
            if u.models == 0 || u.wounds == 0 {
                return err("models and wounds must be at least 1");
            }
            let f = u.footprint;
            if !(u.mv > 0.0 && u.aw > 0.0 && f.frontage > 0.0 && f.depth > 0.0)
                || f.models_per_rank == 0
            {
                return err("Mv, Aw and the footprint must be positive");
            }
            if u.shooting
                .is_some_and(|s| s.range <= 0.0 || s.shots_per_model == 0)
            {
                return err("a weapon needs a positive range and at least 1 shot");
            }
            if u.has(SpecialRule::Inspiring) && !u.officer {
                return err("only an Officer or Hero can be Inspiring (WS-SPC-1)");
            }
        }
        Ok(t)
    }

    /// The unit type for a key.
    pub fn unit(&self, key: &str) -> Option<&WsUnitStats> {
        self.units.iter().find(|u| u.key == key)
    }
}

/// The shipped constants (`units.ron`), for tests.
#[cfg(test)]
pub(crate) fn shipped_constants() -> WsConstants {
    WsTables::load().expect("table").constants
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_table_loads_and_matches_the_seed() {
        let t = WsTables::load().expect("table");
        // WS-LD-3: the seed's two examples.
        let lg = t.unit("laansguard").expect("LaansGuard");
        assert_eq!((lg.ld, lg.nv), (2, 3));
        let kp = t.unit("knight_paladin").expect("Knight Paladin");
        assert_eq!((kp.ld, kp.nv), (1, 5));
        // WS-SPC-1: the Paladin is an Inspiring Officer/Hero, 6" reach: a
        // stand-in (the seed's L136-142 name no unit), and labelled so.
        assert!(kp.officer && kp.has(SpecialRule::Inspiring));
        assert!(kp.stand_in.contains("Inspiring"), "{}", kp.stand_in);
        assert!(!kp.source.contains("Inspiring"), "{}", kp.source);
        assert_eq!(t.constants.inspiring_range, 6.0);
        assert_eq!(t.constants.break_relief_range, 6.0);
        // WS-SPC-2: the opposing side has a Steadfast unit.
        assert!(
            t.units
                .iter()
                .any(|u| u.faction != lg.faction && u.has(SpecialRule::Steadfast))
        );
        // Stand-ins are marked.
        assert!(t.units.iter().all(|u| !u.stand_in.is_empty()));
        assert_eq!(
            (t.constants.to_hit, t.constants.get_down_save_bonus),
            (4, 1)
        );
    }

    #[test]
    fn bad_tables_are_refused_with_a_position() {
        let bad = UNITS.replacen("nv: 3", "nv: 0", 1);
        let e = WsTables::parse("u.ron", &bad).expect_err("Nv 0");
        assert!(e.message.contains("WS-LD-2") && e.line.is_some());
        let bad = UNITS.replacen("officer: true", "officer: false", 1);
        let e = WsTables::parse("u.ron", &bad).expect_err("Inspiring non-officer");
        assert!(e.message.contains("WS-SPC-1"));
        assert!(WsTables::parse("u.ron", "(").is_err());
    }
}
