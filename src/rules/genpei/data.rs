//! The Genpei tables as data: the battle die, unit types, battle values and
//! terrain, parsed from `assets/rules/genpei/*.ron` and checked for shape.

use serde::{Deserialize, Serialize};

use crate::engine::board::HEX_DIRECTIONS;
use crate::engine::scenario::LoadError;

/// A battle-die face (GEN-DICE-1): the three rank symbols, sword, flag and
/// Honor & Fortune.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Face {
    /// Green circle.
    Circle,
    /// Blue triangle.
    Triangle,
    /// Red square.
    Square,
    /// Sword.
    Sword,
    /// Flag.
    Flag,
    /// Honor & Fortune.
    HonorFortune,
}

/// The rank symbol on a unit's standard (base rules: circle green,
/// triangle blue, square red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Rank {
    /// Green circle.
    Circle,
    /// Blue triangle.
    Triangle,
    /// Red square.
    Square,
}

impl Rank {
    /// The die face that hits a unit of this rank.
    pub fn face(self) -> Face {
        match self {
            Rank::Circle => Face::Circle,
            Rank::Triangle => Face::Triangle,
            Rank::Square => Face::Square,
        }
    }
}

/// The battle die (GEN-DICE-1): exactly six faces, face `i` read from a d6
/// roll of `i + 1`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleDie {
    /// The six faces.
    pub faces: Vec<Face>,
}

impl BattleDie {
    /// The chance of one face on one roll, 0..=1.
    pub fn p(&self, face: Face) -> f64 {
        self.faces.iter().filter(|f| **f == face).count() as f64 / self.faces.len() as f64
    }

    /// The face of a d6 roll `r` (1..=6); `None` outside that range.
    pub fn face(&self, r: u32) -> Option<Face> {
        r.checked_sub(1)
            .and_then(|i| self.faces.get(i as usize))
            .copied()
    }
}

/// A unit's ranged attack (base rules, GEN-UNIT-2).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranged {
    /// Dice when it did not move.
    pub dice: u32,
    /// Dice after it moved (on land, GEN-NCB-3).
    pub after_move: u32,
    /// Nearest target, hexes (2: an adjacent enemy is fought in close combat).
    pub min_range: u32,
    /// Farthest target, hexes.
    pub max_range: u32,
    /// Its H&F symbols earn tokens (bows yes, arquebus no).
    pub collects_hf: bool,
}

/// One unit type (base rules stand-in lines; Sohei from GEN-UNIT-1/2).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// Data key ("sohei_warriors").
    pub key: String,
    /// The short name on its counter ("SoW"), at most four characters;
    /// the initials of `name` when absent.
    #[serde(default)]
    pub abbrev: Option<String>,
    /// The symbol on its counter (the art only).
    #[serde(default)]
    pub symbol: crate::engine::view::UnitSymbol,
    /// Name as the player reads it.
    pub name: String,
    /// Rank symbol.
    pub rank: Rank,
    /// Cavalry.
    pub mounted: bool,
    /// Hexes it may move and still battle.
    pub move_and_battle: u32,
    /// Hexes it may move when it does not battle.
    pub move_max: u32,
    /// Close-combat dice.
    pub close: u32,
    /// Close-combat dice after moving, when they differ.
    pub close_after_move: Option<u32>,
    /// False: no close combat when ordered by Infantry Onslaught (GEN-UNIT-2).
    pub close_by_onslaught: bool,
    /// Its ranged attack, if it has one.
    pub ranged: Option<Ranged>,
    /// Flags it may always ignore (red units 1).
    pub flags_ignored: u32,
    /// Laid flat when it embarks or disembarks (GEN-AMP-2).
    pub armoured: bool,
    /// False: never hits with swords in close combat (may still grapple, GEN-GRP-2).
    pub swords_hit: bool,
    /// Rerolls every H&F for another result, keeping the H&F (GEN-UNIT-3).
    pub reroll_hf: bool,
    /// H&F tokens its army loses when it is eliminated (GEN-UNIT-1).
    pub hf_lost_when_eliminated: u32,
    /// An archer unit for the arrow tower (GEN-TWR-3).
    pub archer: bool,
    /// Figures at full strength.
    pub figures: u32,
}

/// `units.ron`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Units {
    /// Every unit type.
    pub units: Vec<UnitType>,
}

/// One rank-resistance row: a defender of `defender` rank ignores `ignore`
/// swords from an attacker of `attacker` rank.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwordResistance {
    /// Defender's rank.
    pub defender: Rank,
    /// Attacker's rank.
    pub attacker: Rank,
    /// Swords ignored.
    pub ignore: u32,
}

/// `combat.ron`: the battle values.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatValues {
    /// Rank resistance to swords.
    pub sword_resistance: Vec<SwordResistance>,
    /// Swords cavalry ignore from a foot unit.
    pub cavalry_vs_foot: u32,
    /// Dice of a naval unit's attacks (GEN-NCB-1), a change (−1).
    pub naval_dice: i32,
    /// Dice of a shore unit's close combat against a boat (GEN-NCB-2), a change (−1).
    pub shore_vs_boat_dice: i32,
    /// `(d − w) mod 6` values that make a step "with" the wind (GEN-NAV-3).
    pub with_the_wind: Vec<u8>,
    /// Hexes a naval unit may always move (GEN-NAV-4).
    pub naval_any_direction: u32,
    /// Hexes a naval unit may move when every step is with the wind (GEN-NAV-4).
    pub naval_with_the_wind: u32,
    /// An archer's range in an arrow tower, hexes (GEN-TWR-3).
    pub tower_range: u32,
    /// Hexes a naval leader moves or retreats deck to deck (GEN-NLD-3, GEN-NLD-4).
    pub naval_leader_hexes: u32,
    /// Hexes of an embark or disembark (GEN-AMP-1).
    pub embark_hexes: u32,
    /// Hexes a unit may move out of a marsh (GEN-MSH-2).
    pub marsh_exit_hexes: u32,
    /// Figures lost to the marsh on the unit's own symbol (GEN-MSH-3).
    pub marsh_figures: u32,
    /// H&F per hex of retreat by rank (base rules).
    pub retreat_hf: Vec<RetreatCost>,
    /// Extra H&F per hex with a leader attached.
    pub retreat_hf_leader: u32,
    /// What a lone leader's retreat costs in all.
    pub lone_leader_retreat_hf: u32,
    /// H&F per Leader Inspiration die.
    pub inspiration_hf_per_die: u32,
    /// H&F taken at the end of a turn instead of a Dragon card.
    pub end_of_turn_hf: u32,
    /// H&F for discarding an unplayed Dragon card at the end of a turn in
    /// which the side played none (GEN-BASE, GMT).
    pub dragon_discard_hf: u32,
    /// H&F gained by seppuku.
    pub seppuku_hf: u32,
    /// Dice of an attached leader's casualty check.
    pub leader_check_dice: u32,
    /// Swords in that check that kill him.
    pub leader_check_swords: u32,
    /// Dice rolled for a leader whose unit is destroyed: a sword kills him
    /// (stand-in, base_rules.md §1).
    pub leader_falls_with_unit_dice: u32,
    /// H&F counts at or above this are one line in the odds.
    pub odds_hf_top: u32,
    /// Hexes a leader on his own moves on land (stand-in).
    pub leader_move: u32,
    /// Leader Inspiration dice a unit may buy for one battle (stand-in).
    pub inspiration_max_dice: u32,
    /// Hexes a lone leader may retreat to reach a friendly unit (GEN-BASE: 1–3).
    pub lone_leader_retreat_hexes: u32,
}

/// H&F a unit of `rank` pays per hex of retreat.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetreatCost {
    /// The rank.
    pub rank: Rank,
    /// Tokens per hex.
    pub cost: u32,
}

impl CombatValues {
    /// Swords a `defender` ignores from an `attacker` by rank.
    pub fn rank_resistance(&self, defender: Rank, attacker: Rank) -> u32 {
        self.sword_resistance
            .iter()
            .filter(|r| r.defender == defender && r.attacker == attacker)
            .map(|r| r.ignore)
            .sum()
    }
}

/// A hex terrain (seed 002 L130–194).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexTerrain {
    /// Data key ("marsh").
    pub key: String,
    /// Name as the player reads it.
    pub name: String,
    /// The name in Spanish (`None`: `name` in both languages).
    #[serde(default)]
    pub spanish: Option<String>,
    /// How the board draws it (the art only).
    #[serde(default)]
    pub look: crate::engine::board::TerrainLook,
    /// Close-combat dice cap into or out of the hex (GEN-STK-4, GEN-MSH-4).
    pub close_cap: Option<u32>,
    /// The cap applies only across the boundary (stockade), not between two such hexes.
    pub cap_across_boundary_only: bool,
    /// Ranged dice cap of a unit in the hex (GEN-MSH-4).
    pub ranged_cap_from: Option<u32>,
    /// Ranged dice cap of fire from outside into the hex (GEN-STK-4).
    pub ranged_cap_into: Option<u32>,
    /// Swords the occupant disregards in each combat (GEN-STK-3).
    pub swords_ignored: u32,
    /// Flags the occupant disregards in each combat (GEN-STK-3).
    pub flags_ignored: u32,
    /// Swords that demolish the work (GEN-STK-6).
    pub demolish_swords: Option<u32>,
    /// Figures the occupant loses when it is demolished (GEN-STK-6).
    pub demolish_figures: u32,
    /// Units here are naval (GEN-NAV-1).
    pub ocean: bool,
}

/// A hexside feature: the palisade (GEN-PAL).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideFeature {
    /// Data key ("palisade").
    pub key: String,
    /// Name as the player reads it.
    pub name: String,
    /// The name in Spanish (`None`: `name` in both languages).
    #[serde(default)]
    pub spanish: Option<String>,
    /// How the board draws it along the side (the art only).
    #[serde(default)]
    pub look: crate::engine::board::HexsideLook,
    /// Swords disregarded against an attack across it (GEN-PAL-3).
    pub swords_ignored: u32,
    /// Flags disregarded against an attack across it (GEN-PAL-3).
    pub flags_ignored: u32,
    /// Swords that destroy it (GEN-PAL-4).
    pub demolish_swords: Option<u32>,
    /// Figures the occupant loses when it is destroyed.
    pub demolish_figures: u32,
}

/// `terrain.ron`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    /// Hex terrains.
    pub hexes: Vec<HexTerrain>,
    /// Hexside features.
    pub hexsides: Vec<HexsideFeature>,
}

/// The rules reference, `rules_text.ron`.
pub type RulesText = crate::engine::view::RulesReference;

/// Every Genpei table.
#[derive(Clone, Debug, PartialEq)]
pub struct GenTables {
    /// The battle die.
    pub die: BattleDie,
    /// Unit types.
    pub units: Units,
    /// Battle values.
    pub combat: CombatValues,
    /// Terrain.
    pub terrain: Terrain,
    /// The rules reference.
    pub rules: RulesText,
    /// The rules reference in Spanish, `rules_text.es.ron`.
    pub rules_es: crate::engine::view::RuleTranslations,
}

macro_rules! table {
    ($file:literal) => {
        (
            concat!("rules/genpei/", $file),
            include_str!(concat!("../../../assets/rules/genpei/", $file)),
        )
    };
}

fn load<T: serde::de::DeserializeOwned>((rel, text): (&str, &'static str)) -> Result<T, LoadError> {
    crate::engine::assets::parse_table(rel, text)
}

impl GenTables {
    /// Parses and checks the built-in tables.
    ///
    /// # Errors
    /// A table that does not parse, with file, line and column, or one of
    /// the wrong shape.
    pub fn load() -> Result<Self, LoadError> {
        let t = GenTables {
            die: load(table!("battle_die.ron"))?,
            units: load(table!("units.ron"))?,
            combat: load(table!("combat.ron"))?,
            terrain: load(table!("terrain.ron"))?,
            rules: load(table!("rules_text.ron"))?,
            rules_es: load(table!("rules_text.es.ron"))?,
        };
        t.check()?;
        Ok(t)
    }

    /// A unit type by key.
    pub fn unit(&self, key: &str) -> Option<&UnitType> {
        self.units.units.iter().find(|u| u.key == key)
    }

    /// A hex terrain by key.
    pub fn hex(&self, key: &str) -> Option<&HexTerrain> {
        self.terrain.hexes.iter().find(|h| h.key == key)
    }

    /// A hexside feature by key.
    pub fn hexside(&self, key: &str) -> Option<&HexsideFeature> {
        self.terrain.hexsides.iter().find(|h| h.key == key)
    }

    fn check(&self) -> Result<(), LoadError> {
        let bad = |file: &str, msg: &str| Err(LoadError::plain(file, msg));
        if !self.terrain.hexes.iter().any(|h| h.key == "clear") {
            return bad(
                "assets/rules/genpei/terrain.ron",
                "the hex terrains need a \"clear\" entry (open ground, GEN-BASE)",
            );
        }
        if self.die.faces.len() != 6 {
            return bad(
                "assets/rules/genpei/battle_die.ron",
                "the battle die needs exactly six faces (GEN-DICE-1)",
            );
        }
        if self.die.faces.iter().all(|f| *f == Face::HonorFortune) {
            return bad(
                "assets/rules/genpei/battle_die.ron",
                "a die of only H&F faces would reroll forever (GEN-UNIT-3)",
            );
        }
        if self
            .combat
            .with_the_wind
            .iter()
            .any(|d| *d >= HEX_DIRECTIONS)
        {
            return bad(
                "assets/rules/genpei/combat.ron",
                "with_the_wind holds hex direction offsets 0..=5 (GEN-NAV-3)",
            );
        }
        let c = &self.combat;
        if c.naval_with_the_wind < c.naval_any_direction || c.odds_hf_top > 64 {
            return bad(
                "assets/rules/genpei/combat.ron",
                "naval_with_the_wind must be at least naval_any_direction (GEN-NAV-4), and odds_hf_top at most 64",
            );
        }
        for r in [Rank::Circle, Rank::Triangle, Rank::Square] {
            if !c.retreat_hf.iter().any(|x| x.rank == r) {
                return bad(
                    "assets/rules/genpei/combat.ron",
                    "retreat_hf needs a cost for every rank (GEN-BASE)",
                );
            }
        }
        let mut keys: Vec<&str> = self.units.units.iter().map(|u| u.key.as_str()).collect();
        keys.sort_unstable();
        if keys.windows(2).any(|w| w[0] == w[1]) {
            return bad("assets/rules/genpei/units.ron", "unit keys must be unique");
        }
        if let Some(u) = self.units.units.iter().find(|u| {
            u.move_max < u.move_and_battle
                || u.figures == 0
                || u.ranged
                    .as_ref()
                    .is_some_and(|r| r.min_range > r.max_range || r.min_range < 2)
        }) {
            return Err(LoadError::plain(
                "assets/rules/genpei/units.ron",
                format!(
                    "{}: move_max below move_and_battle, no figures, or a range that is not 2..=max",
                    u.key
                ),
            ));
        }
        if self
            .hex("stockade")
            .is_some_and(|h| h.demolish_swords.is_none())
            || self
                .terrain
                .hexsides
                .first()
                .is_some_and(|p| p.demolish_swords.is_none())
        {
            return bad(
                "assets/rules/genpei/terrain.ron",
                "the stockade and the palisade need demolish_swords (GEN-STK-6, GEN-PAL-4)",
            );
        }
        if self.hex("clear").is_none() || self.hex("ocean").is_none_or(|h| !h.ocean) {
            return bad(
                "assets/rules/genpei/terrain.ron",
                "the terrain needs \"clear\" and an ocean \"ocean\" (GEN-OCN-1)",
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_tables_load_with_one_of_each_face() {
        // GEN-DICE-1: the stand-in die has one of each face; GEN-OCN-1: the
        // ocean hex makes its units naval.
        let t = GenTables::load().expect("tables");
        for f in [
            Face::Circle,
            Face::Triangle,
            Face::Square,
            Face::Sword,
            Face::Flag,
            Face::HonorFortune,
        ] {
            assert!((t.die.p(f) - 1.0 / 6.0).abs() < 1e-12);
        }
        assert_eq!(t.die.face(4), Some(Face::Sword));
        assert_eq!(t.die.face(0), None);
        assert_eq!(t.die.face(7), None);
        let sohei = t.unit("sohei_warriors").expect("sohei");
        assert_eq!(
            (sohei.rank, sohei.close, sohei.hf_lost_when_eliminated),
            (Rank::Triangle, 3, 2)
        );
        assert_eq!(t.combat.rank_resistance(Rank::Square, Rank::Circle), 2);
        assert_eq!(t.combat.rank_resistance(Rank::Circle, Rank::Square), 0);
        assert!(t.hex("ocean").is_some_and(|h| h.ocean));
        assert!(t.hex("marsh").is_some_and(|h| !h.ocean));
    }

    #[test]
    fn a_work_without_demolish_swords_is_refused() {
        // GEN-STK-6, GEN-PAL-4: the swords that destroy a stockade or a
        // palisade come from terrain.ron, so both must be there.
        let t = GenTables::load().expect("tables");
        let mut no_stockade = t.clone();
        for h in &mut no_stockade.terrain.hexes {
            if h.key == "stockade" {
                h.demolish_swords = None;
            }
        }
        assert!(no_stockade.check().is_err());
        let mut no_palisade = t;
        for p in &mut no_palisade.terrain.hexsides {
            p.demolish_swords = None;
        }
        assert!(no_palisade.check().is_err());
    }

    #[test]
    fn a_broken_table_names_its_file_line_and_column() {
        // A table not on disk is read from the text built in.
        let e = load::<BattleDie>(("rules/genpei/no_such.ron", "(faces: [Circle, Dragon])"))
            .expect_err("unknown face");
        assert_eq!(e.file, "assets/rules/genpei/no_such.ron (built in)");
        assert_eq!(e.line, Some(1));
        assert!(e.col.is_some());
    }
}
