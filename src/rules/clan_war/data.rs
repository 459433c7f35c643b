//! The module's tables, read from RON under `assets/rules/clan_war/`:
//! unit cards (`units.ron`), settings (`settings.ron`) and the Tactical
//! Cards and skills the flying rules name (`cards.ron`).
//!
//! The unit cards of the Clan War rulebook are not in the seed (CW-GEN-3), so
//! every stat is a stand-in and is listed in each card's `stand_in` field; the
//! seed gives only the ranges of the Crane Elite Archers (15"/30") and the
//! Fire Dragon (8"/16", CW-RNG-7), the Flight trait of the Fire, Water and
//! Void Dragons (CW-FLY-2), and the dragon's 8" movement used in the take-off
//! case (GC-CW-09).

use serde::{Deserialize, Serialize};

use crate::engine::assets::parse_table;
use crate::engine::scenario::LoadError;

use super::cards::CardKind;
use super::flight::Footprint;
use super::honor::{HonorGains, HonorLadder};
use super::test_roll::Convention;

/// A unit trait printed under "Special" on the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Trait {
    /// May become airborne (CW-FLY-2).
    Flight,
    /// Cavalry: moves in the Cavalry Movement phase on the ground; counts as
    /// cavalry in every respect (CW-FLY-8).
    Cavalry,
    /// Non-human: immune to honor (CW-HON-10).
    NonHuman,
    /// Creature: immune to honor (CW-HON-10).
    Creature,
}

/// A personality skill the flying and hostage rules name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Skill {
    /// Charge: allows a Dive when airborne (CW-DIVE-1, CW-CRD-1).
    Charge,
    /// Frenzy: unusable for an airborne engaging move (CW-CRD-1).
    Frenzy,
    /// Stalwart Defender: usable against a landing unit (CW-CRD-3).
    StalwartDefender,
}

/// The Training Level used for a unit whose card is not in the unit table:
/// the scenario check refuses such a unit, so the value is never used in
/// play. A sentinel, not a rule value.
pub const UNKNOWN_CARD_TL: i32 = 10;

/// A personality leading a unit (its commander).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PersonalityStats {
    /// Name.
    pub name: String,
    /// Clan key, `None` for unaligned (CW-HON-1).
    pub clan: Option<String>,
    /// Personal Honor (CW-HON-1).
    pub honor: i32,
    /// Leadership, used for Maneuver, Morale and Recovery tests (CW-HOS-8).
    pub leadership: i32,
    /// Skills.
    pub skills: Vec<Skill>,
}

/// Close and extended range in inches (CW-RNG-6).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranges {
    /// Close range, inches.
    pub close: f32,
    /// Extended range, inches.
    pub extended: f32,
}

/// One unit card. Ratings are added to one die (CW-GEN-1) and compared with
/// a target (ATN, TL) under CW-GEN-2.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitStats {
    /// Key scenarios use.
    pub key: String,
    /// Display name.
    pub name: String,
    /// Clan key, `None` for unaligned units.
    pub clan: Option<String>,
    /// Models at full strength, the personality's model excluded.
    pub models: u32,
    /// The personality leading the unit, if any (counts as one more model
    /// for the flying cap, CW-FLY-3).
    pub personality: Option<PersonalityStats>,
    /// Wounds per model.
    pub wounds: u32,
    /// Normal movement, inches.
    pub movement: f32,
    /// Ranged attack, if the unit has one.
    pub range: Option<Ranges>,
    /// Attack rating added to the hit die.
    pub att: i32,
    /// Damage rating added to the Damage die.
    pub dam: i32,
    /// Armour target number against close combat attacks.
    pub atn_close: i32,
    /// Armour target number against ranged attacks.
    pub atn_ranged: i32,
    /// Training Level: the target of Maneuver, Morale and Recovery tests.
    pub tl: i32,
    /// Leadership of the unit's own commander when no personality leads it.
    pub leadership: i32,
    /// Morale Level (5 = ignores friendly units breaking nearby).
    pub morale_level: i32,
    /// Traits.
    pub traits: Vec<Trait>,
    /// Base footprint.
    pub footprint: Footprint,
    /// Where the seed gives values.
    pub source: String,
    /// Which values are Kassen stand-ins.
    pub stand_in: String,
}

impl UnitStats {
    /// Whether the card carries `t`.
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }

    /// Leadership of the unit commander: the personality's if one leads it,
    /// else the unit's own (CW-HOS-8).
    pub fn commander_leadership(&self) -> i32 {
        self.personality
            .as_ref()
            .map_or(self.leadership, |p| p.leadership)
    }

    /// Models including the personality (CW-FLY-3 counts both).
    pub fn total_models(&self) -> u32 {
        self.models + u32::from(self.personality.is_some())
    }

    /// Immune to honor: Non-human or Creature (CW-HON-10).
    pub fn honor_immune(&self) -> bool {
        self.has(Trait::NonHuman) || self.has(Trait::Creature)
    }

    /// Whether the leading personality has the Charge skill (CW-DIVE-1).
    pub fn has_charge_skill(&self) -> bool {
        self.personality
            .as_ref()
            .is_some_and(|p| p.skills.contains(&Skill::Charge))
    }
}

/// The unit table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitTable {
    /// All unit cards.
    pub units: Vec<UnitStats>,
}

/// A clan's base Honor (CW-HON-1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClanHonor {
    /// Clan key.
    pub clan: String,
    /// Base Honor.
    pub base_honor: i32,
    /// The value is a Kassen stand-in (rulebook p. 74 is not in the seed).
    pub stand_in: bool,
}

/// Settings of the module.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Die and natural-1 rule (CW-GEN-1, CW-GEN-2).
    pub convention: Convention,
    /// Base Honor per clan (CW-HON-1).
    pub clans: Vec<ClanHonor>,
    /// Honor gained per event (CW-HON-2, stand-in amounts).
    pub honor_gains: HonorGains,
    /// The honor ladder: Morale bonus and test levels (CW-HON-3 … CW-HON-9).
    pub honor_ladder: HonorLadder,
    /// The raised line of sight of a flyer (CW-RNG-1), the range
    /// adjustments and the extended-range penalty (CW-RNG-3 … CW-RNG-6).
    pub ranged: super::ranged::RangeValues,
    /// The flying rules' numbers: size cap, take-off, least airborne move,
    /// the manoeuvres an airborne path amounts to (CW-FLY-3 … CW-FLY-13).
    pub flight: super::flight::FlightValues,
    /// Landings and the Dive: least moves, the Dive's reach and the landing
    /// test modifiers (CW-LAND-1, CW-DIVE-2, CW-DIVE-4, CW-ENG-3, CW-ENG-5).
    pub landing: super::landing::LandingValues,
    /// Largest approach angle of an engagement, degrees, on the ground and
    /// from the air (CW-GEN-3, CW-ENG-1: 30; 0 to 180).
    pub engage_angle: f32,
    /// The last turn when the scenario gives none (CW-GEN-3 [stand-in]: 6;
    /// at least 1).
    pub turn_limit: u32,
    /// The hostage rules' numbers (CW-HOS-3 … CW-HOS-10).
    pub hostage: super::hostage::HostageValues,
    /// A forced landing's clearance, Damage dice and spot search (CW-FRC-3).
    pub forced_landing: super::landing::ForcedLandingValues,
    /// Morale modifiers of the base stand-in (CW-GEN-3).
    pub morale: MoraleSettings,
    /// Victory points of the turn engine's victory check [stand-in].
    #[serde(default)]
    pub victory: VictorySettings,
}

/// Morale modifiers of the stand-in procedure (`settings.ron`, all stand-in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleSettings {
    /// Per earlier Morale test of the unit this turn (base_rules.md §4: −1).
    pub per_earlier_test: i32,
    /// While unformed.
    pub unformed: i32,
    /// While broken.
    pub broken: i32,
    /// While routing.
    pub routing: i32,
    /// After making a Full Retreat earlier this turn.
    pub full_retreat: i32,
    /// Inches within which a friendly unit breaking or routing makes a unit
    /// test (base_rules.md §4: 8").
    pub friend_broke_range: f32,
    /// The base Morale triggers' numbers (CW-GEN-3; base_rules.md §4).
    pub triggers: MoraleTriggers,
    /// Which values are stand-ins.
    pub stand_in: String,
}

/// The numbers of the base Morale triggers (CW-GEN-3; base_rules.md §4, the
/// Daimyo reference sheet), from `settings.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleTriggers {
    /// Losses of these percentages of starting strength each trigger once
    /// (25, 50, 75; percent of models).
    pub losses_pct: Vec<u32>,
    /// Losing this percentage of current strength in one phase (25 %).
    pub phase_losses_pct: u32,
    /// Outnumbered this many to one in contact (4; models).
    pub outnumbered: u32,
    /// Outnumbered this many to one while losing (2; models).
    pub outnumbered_losing: u32,
    /// Units of this Morale Level or more ignore a friend breaking nearby (5).
    pub friend_broke_immune_level: i32,
}

/// Victory points the turn engine awards (all [stand-in]: the seed gives only
/// the −2 VP of CW-HOS-3 and CW-HOS-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictorySettings {
    /// VP for each enemy unit destroyed.
    pub destroy_unit_vp: i32,
    /// VP at the turn limit for the army holding a living hostage.
    pub hostage_held_vp: i32,
    /// Which values are stand-ins.
    pub stand_in: String,
}

impl Default for VictorySettings {
    fn default() -> Self {
        Self {
            destroy_unit_vp: 2,
            hostage_held_vp: 3,
            stand_in: "all".into(),
        }
    }
}

/// One Tactical Card, skill or spell the flying rules name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardStats {
    /// Key.
    pub key: String,
    /// Name as printed.
    pub name: String,
    /// What kind of effect it has (CW-CRD-1 … CW-CRD-3).
    pub kind: CardKind,
    /// The card says it may be used with flight (CW-FLY-6, CW-CRD-1).
    pub mentions_flight: bool,
    /// Where the seed names it.
    pub source: String,
}

/// The card table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardTable {
    /// All cards.
    pub cards: Vec<CardStats>,
}

/// Every table of the module.
#[derive(Clone, Debug, PartialEq)]
pub struct CwTables {
    /// Unit cards.
    pub units: UnitTable,
    /// Settings.
    pub settings: Settings,
    /// Cards.
    pub cards: CardTable,
    /// The rules reference (`rules_text.ron`, with the Spanish of
    /// `rules_text.es.ron`): one entry per rule ID.
    pub rules: Vec<crate::engine::view::RuleText>,
}

const UNITS: &str = include_str!("../../../assets/rules/clan_war/units.ron");
const SETTINGS: &str = include_str!("../../../assets/rules/clan_war/settings.ron");
const CARDS: &str = include_str!("../../../assets/rules/clan_war/cards.ron");
const RULES: &str = include_str!("../../../assets/rules/clan_war/rules_text.ron");
const RULES_ES: &str = include_str!("../../../assets/rules/clan_war/rules_text.es.ron");

/// Bound checks of the settings' flying, landing, engagement and turn
/// values: shares of a move from 0 to 1 (a take-off's above 0), a Dive's
/// most at least 1, angles from 0 to 180 degrees, a positive line-of-sight
/// height, at least one flying model and one turn.
fn check_settings(s: &Settings) -> Result<(), String> {
    let (f, l) = (&s.flight, &s.landing);
    let share = |v: f32| (0.0..=1.0).contains(&v);
    let angle = |v: f32| (0.0..=180.0).contains(&v);
    if f.max_models == 0 {
        return Err("flight.max_models must be at least 1 (CW-FLY-3)".into());
    }
    let shares = [
        f.take_off,
        f.least_air_move,
        f.failed_maneuver_move,
        l.least_move,
        l.dive_least,
    ];
    if f.take_off == 0.0 || !shares.into_iter().all(share) {
        return Err(
            "the shares of a move in flight and landing must be 0 to 1 (a take-off's above 0)"
                .into(),
        );
    }
    if !(1.0..).contains(&l.dive_most) {
        return Err("landing.dive_most must be at least 1 (CW-DIVE-2)".into());
    }
    if !(angle(f.wheel_turn) && angle(f.turn_about) && angle(s.engage_angle)) {
        return Err(
            "flight.wheel_turn, flight.turn_about and engage_angle must be 0 to 180 degrees".into(),
        );
    }
    let height = s.ranged.airborne_los_height;
    if height.is_nan() || height <= 0.0 {
        return Err("ranged.airborne_los_height must be above 0 (CW-RNG-1)".into());
    }
    if s.turn_limit == 0 {
        return Err("turn_limit must be at least 1".into());
    }
    Ok(())
}

impl CwTables {
    /// Parses the built-in tables.
    ///
    /// # Errors
    /// A table that does not parse (file, line, column), an empty unit table,
    /// settings out of their bounds (see `check_settings`), or a
    /// flight-capable card over the flying cap (CW-FLY-3).
    pub fn load() -> Result<Self, LoadError> {
        let dir = "assets/rules/clan_war";
        let t = Self {
            units: parse_table("rules/clan_war/units.ron", UNITS)?,
            settings: parse_table("rules/clan_war/settings.ron", SETTINGS)?,
            cards: parse_table("rules/clan_war/cards.ron", CARDS)?,
            rules: crate::engine::view::load_rules_reference(
                ("rules/clan_war/rules_text.ron", RULES),
                ("rules/clan_war/rules_text.es.ron", RULES_ES),
            )?,
        };
        if t.units.units.is_empty() {
            return Err(LoadError::plain(dir, "the unit table must not be empty"));
        }
        check_settings(&t.settings)
            .map_err(|m| LoadError::plain(&format!("{dir}/settings.ron"), m))?;
        let fv = &t.settings.flight;
        for u in &t.units.units {
            if u.has(Trait::Flight)
                && super::flight::check_flying_size(
                    u.models,
                    u32::from(u.personality.is_some()),
                    fv,
                )
                .is_err()
            {
                return Err(LoadError::plain(
                    &format!("{dir}/units.ron"),
                    format!(
                        "{} has Flight but more than {} models (CW-FLY-3)",
                        u.key, fv.max_models
                    ),
                ));
            }
        }
        Ok(t)
    }

    /// The unit card for a key.
    pub fn unit(&self, key: &str) -> Option<&UnitStats> {
        self.units.units.iter().find(|u| u.key == key)
    }

    /// The card for a key.
    pub fn card(&self, key: &str) -> Option<&CardStats> {
        self.cards.cards.iter().find(|c| c.key == key)
    }

    /// A clan's base Honor (CW-HON-1), if listed.
    pub fn clan_base_honor(&self, clan: &str) -> Option<i32> {
        self.settings
            .clans
            .iter()
            .find(|c| c.clan == clan)
            .map(|c| c.base_honor)
    }
}

#[cfg(test)]
mod tests {
    use super::super::honor::{Personality, starting_honor};
    use super::*;
    use crate::engine::dice::Die;

    #[test]
    fn built_in_tables_load_with_the_seed_values() {
        let t = CwTables::load().expect("tables");
        // CW-RNG-7: Fire Dragon 8"/16", Crane Elite Archers 15"/30".
        let dragon = t.unit("fire_dragon").expect("dragon");
        assert_eq!(
            dragon.range,
            Some(Ranges {
                close: 8.0,
                extended: 16.0
            })
        );
        assert_eq!(dragon.total_models(), 1);
        assert!(dragon.has(Trait::Flight));
        assert_eq!(dragon.movement, 8.0);
        let archers = t.unit("crane_elite_archers").expect("archers");
        assert_eq!(
            archers.range,
            Some(Ranges {
                close: 15.0,
                extended: 30.0
            })
        );
        // CW-FLY-2: the Earth Dragon cannot fly; Water and Void can.
        assert!(!t.unit("earth_dragon").expect("earth").has(Trait::Flight));
        assert!(t.unit("water_dragon").expect("water").has(Trait::Flight));
        // CW-GEN-1: d10 by default.
        assert_eq!(t.settings.convention.die, Die::D10);
        // Every card states its stand-ins.
        assert!(t.units.units.iter().all(|u| !u.stand_in.is_empty()));
        assert!(t.card("counter_charge").is_some());
    }

    #[test]
    fn crane_starting_honor_from_the_tables() {
        // CW-HON-1 with the table's base Honor and the personalities on the cards.
        let t = CwTables::load().expect("tables");
        let base = t.clan_base_honor("crane").expect("crane");
        let ps: Vec<Personality> = ["crane_command", "crane_elite_archers", "crane_bushi"]
            .iter()
            .filter_map(|k| t.unit(k)?.personality.clone())
            .map(|p| Personality {
                clan: p.clan,
                honor: p.honor,
            })
            .collect();
        let sum: i32 = ps.iter().map(|p| p.honor).sum();
        assert_eq!(starting_honor("crane", base, &ps), base + sum);
        assert!(
            t.unit("crane_command")
                .is_some_and(UnitStats::has_charge_skill)
        );
    }
}
