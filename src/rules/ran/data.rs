//! The RAN tables as data: every file under `assets/rules/ran/`, parsed and
//! checked once per game. No table number is written in Rust; the pure
//! functions of the other files read these structs.

use serde::Deserialize;

use crate::engine::scenario::LoadError;

/// One Shock Results Table column (RAN-CRT-2): ten `(attacker hits,
/// defender hits)` cells for die rolls 0–9.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct CrtColumn {
    /// Column number, 1..=13.
    pub column: i32,
    /// Cells for rolls 0..=9: (hits on the attacker, hits on the defender).
    pub dr_0_to_9: Vec<(u32, u32)>,
}

/// The Shock Results Table (RAN-CRT-2): 13 columns × 10 rolls.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ShockCrt {
    /// Columns 1..=13 in order.
    pub columns: Vec<CrtColumn>,
}

/// One defender row of the Shock Weapons Table (RAN-WPN-1).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct WeaponsRow {
    /// Defender type key ("SI").
    pub defender: String,
    /// Starting CRT column (1..=13) per attacker type, in `attacker_types` order.
    pub columns: Vec<i32>,
}

/// The Shock Weapons Table (RAN-WPN-1): 7 defender rows × 6 attacker columns.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct WeaponsMatrix {
    /// Attacker column keys ("SI", "SI-B", "AS", "KB", "KB_NORIKUZUSHI", "KB-B").
    pub attacker_types: Vec<String>,
    /// How a player reads an attacker key, where it differs from the key
    /// (`KB_NORIKUZUSHI` → "KB Norikuzushi charge"). Optional.
    #[serde(default)]
    pub attacker_names: Vec<(String, String)>,
    /// Defender row keys.
    pub defender_types: Vec<String>,
    /// The rows.
    pub rows: Vec<WeaponsRow>,
}

impl WeaponsMatrix {
    /// An attacker column key as the player reads it (RAN-WPN-1): its entry
    /// in `attacker_names`, else the key itself.
    pub fn attacker_name(&self, key: &str) -> String {
        self.attacker_names
            .iter()
            .find(|(k, _)| k == key)
            .map_or_else(|| key.to_string(), |(_, n)| n.clone())
    }
}

/// One Fire Table effect row (RAN-FIRE-3): ten results for the modified
/// roll columns `<=1, 2..=9, >=10`; `None` = no effect, `"2"`, `"3D"`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FireRow {
    /// Row name, "R1".."R6".
    pub row: String,
    /// Ten results.
    pub results: Vec<Option<String>>,
}

/// One (firing type, range) → effect row entry (RAN-FIRE-4).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FireRange {
    /// Firing type key as in `units.ron` (`"SI-B/AS-B"`, `"AS-T"`, `"KB-B"`).
    pub firer: String,
    /// Range in hexes, with `" [Ext]"` when only usable from higher elevation.
    pub range: String,
    /// Effect row name.
    pub row: String,
}

/// The Fire Table (RAN-FIRE-1..6).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FireTable {
    /// Column labels.
    pub dr_columns: Vec<String>,
    /// Effect rows R1..R6.
    pub effect_rows: Vec<FireRow>,
    /// The mapping Kassen uses (candidate A, RAN-FIRE-4).
    pub range_to_row_candidate_a: Vec<FireRange>,
}

/// A band of a d10 table: rolls `dr_min..=dr_max` give `result`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Band {
    /// Lowest roll, 0..=9.
    pub dr_min: i32,
    /// Highest roll, 0..=9.
    pub dr_max: i32,
    /// The result in words.
    pub result: String,
}

/// A d10 table of bands (Coordination RAN-COORD-2, Fate RAN-FATE-2).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct BandTable {
    /// The bands, covering 0..=9.
    pub results: Vec<Band>,
}

/// One band of the Busho casualty table (RAN-BB-2).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct CasualtyBand {
    /// Lowest roll.
    pub dr_min: i32,
    /// Highest roll.
    pub dr_max: i32,
    /// The result in words.
    pub result: String,
    /// Penalty to every factor but Contingent Activation (0, -1, -2).
    pub factor_penalty: i32,
    /// The Busho dies.
    pub dies: bool,
}

/// Leader in retreat (RAN-LDR-3).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LeaderInRetreat {
    /// Bands when an enemy Kibamusha is involved.
    pub enemy_kibamusha_present: Vec<Band>,
}

/// The Busho casualty table (RAN-BB-2) and the leader-in-retreat roll.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LeaderCasualty {
    /// Bands over 0..=9.
    pub results: Vec<CasualtyBand>,
    /// Leader in retreat.
    pub leader_in_retreat: LeaderInRetreat,
}

/// One leader movement row (RAN-LDR-1), in hexes.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LeaderMaRow {
    /// Which leader.
    pub leader: String,
    /// Movement allowance.
    pub ma: u32,
    /// Allowance when starting the Orders Phase in an enemy ZOC.
    pub ma_starting_in_enemy_zoc: u32,
}

/// Leader movement allowances (RAN-LDR-1): 3 rows.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LeaderMovement {
    /// Rows: normal, wounded, Samurai.
    pub rows: Vec<LeaderMaRow>,
}

/// Individual combat (RAN-IC-4 numbers).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct SamuraiCharge {
    /// Extra MP to enter an enemy-occupied hex.
    pub extra_mp: u32,
}

/// One row of the individual-combat hits (RAN-IC-2): the lower total
/// takes `hits` when `lower_times` × lower ≤ higher.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IcHits {
    /// The row in words.
    pub condition: String,
    /// The multiple of the lower total that must not exceed the higher, at
    /// least 1 (1: any lower total).
    pub lower_times: i32,
    /// Hits to the lower total.
    pub hits: u32,
}

/// The individual combat table (RAN-IC-1..4).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct IndividualCombat {
    /// Hits to the lower total (RAN-IC-2); the row of the greatest
    /// `lower_times` that holds applies.
    pub hits_to_lower: Vec<IcHits>,
    /// The Samurai charge.
    pub samurai_charge_into_enemy_occupied_hex: SamuraiCharge,
}

/// One cell of the Contingent Abandonment grids (RAN-WD-3, RAN-WD-4).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct WdCell {
    /// Combat units in the contingent.
    pub n: u32,
    /// Disordered, Fled or Eliminated units.
    pub d: u32,
    /// Abandon on a modified roll at most this; `None` = no roll.
    pub threshold: Option<i32>,
}

/// One band of a condensed abandonment table (RAN-WD-5, RAN-WD-6).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct WdBand {
    /// Lowest D.
    pub d_min: u32,
    /// Highest D.
    pub d_max: u32,
    /// Threshold.
    pub threshold: Option<i32>,
}

/// The contingent sizes each abandonment table is read for (RAN-WD-3..6):
/// `(lowest, highest)` number of combat units, inclusive, in table order.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WdSizes {
    /// The 1–10 grid (RAN-WD-3).
    pub grid_1_to_10: (u32, u32),
    /// The 11–21 grid (RAN-WD-4).
    pub grid_11_to_21: (u32, u32),
    /// The 25-unit table (RAN-WD-5).
    pub size_25: (u32, u32),
    /// The 33–35-unit table (RAN-WD-6).
    pub size_33_to_35: (u32, u32),
}

/// The Contingent Abandonment tables (RAN-WD-3..6).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Withdrawal {
    /// Contingents of 1..=10 units.
    pub grid_1_to_10: Vec<WdCell>,
    /// Contingents of 11..=21 units.
    pub grid_11_to_21: Vec<WdCell>,
    /// A contingent of 25 units.
    pub size_25: Vec<WdBand>,
    /// Contingents of 33..=35 units.
    pub size_33_to_35: Vec<WdBand>,
    /// The contingent sizes each table is read for (RAN-WD-3..6).
    pub sizes: WdSizes,
    /// The Busho's Momentum counts 1/this in the abandonment roll, rounded
    /// down or up (RAN-WD-2: "half"); at least 1.
    pub momentum_divisor: i32,
}

/// One terrain row of a battle (RAN-TER-1): MP costs, fire modifier, shock shift,
/// as printed ("1", "+1", "OT", "NP", "–1", "2L", "1L/1R [g]").
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TerrainRow {
    /// English name, with key letters ("Road [c]").
    pub terrain: String,
    /// The card's Spanish term.
    pub spanish: String,
    /// MP cost in Closed Order.
    pub closed: String,
    /// MP cost in Open Order, for missile units, Busho and Samurai.
    pub open_all_missile_leaders: String,
    /// Fire Table modifier.
    pub fire: String,
    /// Shock column shift.
    pub shock: String,
    /// The reconstruction note.
    #[serde(default)]
    pub note: String,
    /// A reconstructed or doubtful cell.
    #[serde(default)]
    pub uncertain: bool,
}

/// One battle's terrain table (RAN-TER-<code>).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct BattleTerrain {
    /// Battle name ("Mimigawa").
    pub battle: String,
    /// Rule-ID code ("MIMI"): row `n` is `RAN-TER-MIMI-n`.
    pub code: String,
    /// Rows, numbered from 1.
    pub rows: Vec<TerrainRow>,
}

/// The terrain tables of the seven battles.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TerrainTables {
    /// One per battle.
    pub battles: Vec<BattleTerrain>,
}

/// A unit type (RAN-GLO-1) with Kassen's stand-in values.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct UnitType {
    /// Key ("AS-T").
    pub key: String,
    /// The symbol on its counter (the art only).
    #[serde(default)]
    pub symbol: crate::engine::view::UnitSymbol,
    /// English name.
    pub name: String,
    /// The card's Spanish term.
    pub spanish: String,
    /// Troop Quality, 0..=9.
    pub tq: i32,
    /// Movement allowance in MP.
    pub ma: u32,
    /// Fights in Open Order (RAN-STAT-3).
    pub open_order: bool,
    /// Infantry (RAN-GLO-1).
    pub infantry: bool,
    /// Samurai infantry (SI, SI-B): checks Samurai Aggression, Banzai,
    /// when an enemy withdraws near it (RAN-TQ-8). Kibamusha have their
    /// own Aggression (RAN-TQ-7).
    #[serde(default)]
    pub samurai: bool,
    /// May not cross hexsides marked [m] (KB, KB-H; not KB-B): RAN-TER-2.
    #[serde(default)]
    pub barred_by_m: bool,
    /// Samurai armour (the −1 for bows, RAN-FIRE-7).
    pub armoured: bool,
    /// Fire Table firing type, if it fires.
    pub missile: Option<String>,
    /// Attacker column in the weapons matrix, if it may shock.
    pub shock_column: Option<String>,
    /// Defender row in the weapons matrix.
    pub defender_row: String,
    /// Values are Kassen stand-ins.
    pub stand_in: bool,
}

/// The unit types.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct UnitTypes {
    /// Every type.
    pub types: Vec<UnitType>,
}

/// Shock adjustments (RAN-SADJ-2..8).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ShockValues {
    /// Any attacker Disordered (columns).
    pub disordered_attacker: i32,
    /// Any attacker in Open Order (columns).
    pub open_order_attacker: i32,
    /// Per unit of numerical superiority (columns).
    pub per_unit_superiority: i32,
    /// Busho stacked with an attacker (roll).
    pub busho_with_attacker: i32,
    /// Busho stacked with the defender (roll).
    pub busho_with_defender: i32,
    /// A Disordered Committed unit that passed its check (columns, RAN-TQ-3).
    pub disordered_committed_shock: i32,
    /// Defender hits multiplier under Positional Superiority.
    pub positional_superiority_multiplier: u32,
    /// Attacker hits multiplier against a castle.
    pub castle_multiplier: u32,
    /// Lowest column.
    pub min_column: i32,
    /// Highest column.
    pub max_column: i32,
    /// Paddy, only the attacker in it (columns).
    pub paddy_attacker_only: i32,
    /// Paddy, only the defender in it (columns).
    pub paddy_defender_only: i32,
}

/// Fire modifiers (RAN-FIRE-7) and columns (RAN-FIRE-1).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FireValues {
    /// Through a flank hexside.
    pub flank: i32,
    /// The firer moved this phase.
    pub moved: i32,
    /// Bows against armoured targets.
    pub bows_vs_armour: i32,
    /// Per extra volley unit.
    pub per_volley_unit: i32,
    /// Volley cap.
    pub volley_max: i32,
    /// AS-T against AS.
    pub teppo_vs_ashigaru: i32,
    /// Target in Closed Order.
    pub closed_order_target: i32,
    /// The "1 or less" column's roll.
    pub lowest_column: i32,
    /// The "10 or more" column's roll.
    pub highest_column: i32,
    /// The unmodified roll that checks for a Busho casualty.
    pub busho_check_roll: u32,
}

/// TQ check modifiers (RAN-TQ-*).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TqValues {
    /// Open Order TQ change.
    pub open_order_tq: i32,
    /// Reaction Withdrawal, approached through flank or rear.
    pub withdrawal_flank_or_rear: i32,
    /// Reaction Withdrawal in Open Order.
    pub withdrawal_open_order: i32,
    /// Defender reaction, infantry vs Norikuzushi.
    pub norikuzushi_vs_infantry: i32,
    /// The Disordered-side TQ relative to TQ.
    pub disordered_side_tq: i32,
    /// The Disordered-side TQ is a stand-in.
    pub disordered_stand_in: bool,
    /// TQ change for the rest of a turn after a Hara-Kiri (RAN-TQ-12,
    /// RAN-LDR-3): the card's −1 on the die of a TQ check, as +1 to the TQ
    /// it is checked against (the same pass and the same excess hits).
    pub hara_kiri_tq: i32,
    /// Hits a Disordered Committed unit takes when it fails its check to
    /// shock (RAN-TQ-3), before it retreats.
    pub disordered_committed_fail_hits: u32,
    /// The more hits it takes when it cannot retreat (RAN-TQ-3).
    pub disordered_committed_no_retreat_hits: u32,
    /// A Banzai unit moves its printed MA divided by this, rounded up
    /// (RAN-TQ-8: "half"); at least 1.
    pub banzai_ma_divisor: u32,
}

/// Leader values.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LeaderValues {
    /// Hits a Hara-Kiri removes from each friendly combat unit within the
    /// Busho's Command/Challenge Range (RAN-LDR-3).
    pub hara_kiri_hits_removed: u32,
    /// Disordered units within that range a Hara-Kiri recovers instead
    /// (RAN-LDR-3).
    pub hara_kiri_recovered: u32,
    /// The Momentum roll that calls for the Fate roll (RAN-FATE-1, seed
    /// L1025: "Si la tirada de Momentum es 9"), a face of the d10 read 0–9.
    pub momentum_fate_roll: u32,
    /// Momentum attempts per Busho per turn.
    pub momentum_attempts: u32,
    /// That limit is a stand-in.
    pub momentum_attempts_stand_in: bool,
    /// Extra MP for a Samurai entering an enemy-occupied hex.
    pub samurai_charge_extra_mp: u32,
    /// A leader dies when his hits exceed his Energy.
    pub challenge_hit_death_over_energy: bool,
    /// Wounds spare the Contingent Activation factor.
    pub wound_penalty_not_activation: bool,
    /// Added to the Coordination roll in an Orders Phase a Momentum roll
    /// gave (RAN-COORD-3, L1047, L1051: "+1 si es un intento de Momentum").
    pub coordination_momentum_modifier: i32,
    /// A So-Taisho's Initiative for a Trump attempt outside his Honjin is
    /// divided by this, rounded down (RAN-LDR-2: "halved"); at least 1.
    pub outside_honjin_divisor: i32,
    /// A Command Range in an enemy ZOC is divided by this, rounded up
    /// (RAN-LDR-2: "halved"); at least 1.
    pub zoc_command_range_divisor: i32,
}

/// Command (RAN-STAT-1, RAN-ORD-2).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandValues {
    /// An Out-of-Command unit's MA is divided by this, rounded down
    /// (RAN-STAT-1, RAN-ORD-2: "halved"); at least 1.
    pub out_of_command_ma_divisor: u32,
}

/// A unit's arcs (RAN-BASE): the hexside steps from its facing to the
/// direction of a hex (0 ahead to 3 behind) that are front, then flank;
/// the rest is rear.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FacingArcs {
    /// Front: at most this many steps (0..=3).
    pub front_steps: usize,
    /// Flank: more than `front_steps`, at most this many (front_steps..=3).
    pub flank_steps: usize,
}

/// The factors a scenario file may give, `(lowest, highest)` inclusive
/// (RAN-GLO-2 leaders, RAN-BASE units); a Kassen stand-in, the card gives
/// no ranges.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactorRanges {
    /// A leader's Initiative, Momentum, Combat and Contingent Activation.
    pub leader: (i32, i32),
    /// A leader's Energy.
    pub energy: (i32, i32),
    /// A unit's TQ.
    pub tq: (i32, i32),
}

/// A replacement Busho's factors (RAN-BASE).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Replacement {
    /// Momentum, also his Command Range.
    pub momentum: i32,
    /// Energy.
    pub energy: i32,
    /// Combat.
    pub combat: i32,
}

/// Kassen's stand-ins (RAN-BASE).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct StandIns {
    /// A replacement Busho.
    pub replacement: Replacement,
    /// Hits removed by a Remove Hits order.
    pub remove_hits: u32,
    /// Hits removed in the Recovery Phase.
    pub recovery_remove_hits: u32,
    /// Hexes a Fled unit retreats.
    pub flee_hexes: u32,
    /// MP of a KB Aggression move (RAN-TQ-7).
    pub kb_aggression_mp: u32,
    /// Types that carry MUST CHECK when they attack.
    pub must_check_types: Vec<String>,
}

/// Every named value of `values.ron`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Values {
    /// Shock.
    pub shock: ShockValues,
    /// Fire.
    pub fire: FireValues,
    /// TQ.
    pub tq: TqValues,
    /// Leaders.
    pub leaders: LeaderValues,
    /// Command.
    pub command: CommandValues,
    /// Front, flank and rear.
    pub facing_arcs: FacingArcs,
    /// The factors a scenario may give.
    pub factors: FactorRanges,
    /// Stand-ins.
    pub stand_ins: StandIns,
}

/// The rules reference, `rules_text.ron`.
pub type RulesText = crate::engine::view::RulesReference;

/// Every RAN table.
#[derive(Clone, Debug, PartialEq)]
pub struct RanTables {
    /// Shock Results Table.
    pub crt: ShockCrt,
    /// Shock Weapons Table.
    pub weapons: WeaponsMatrix,
    /// Fire Table.
    pub fire: FireTable,
    /// Coordination table.
    pub coordination: BandTable,
    /// Fate roll.
    pub fate: BandTable,
    /// Busho casualty.
    pub casualty: LeaderCasualty,
    /// Leader movement.
    pub leader_movement: LeaderMovement,
    /// Individual combat.
    pub individual: IndividualCombat,
    /// Contingent Abandonment.
    pub withdrawal: Withdrawal,
    /// Terrain of the seven battles.
    pub terrain: TerrainTables,
    /// Unit types.
    pub units: UnitTypes,
    /// Named modifiers.
    pub values: Values,
    /// Rules reference.
    pub rules: RulesText,
    /// The rules reference in Spanish, `rules_text.es.ron`.
    pub rules_es: crate::engine::view::RuleTranslations,
}

macro_rules! table {
    ($file:literal) => {
        (
            concat!("rules/ran/", $file),
            include_str!(concat!("../../../assets/rules/ran/", $file)),
        )
    };
}

fn load<T: serde::de::DeserializeOwned>((rel, text): (&str, &'static str)) -> Result<T, LoadError> {
    crate::engine::assets::parse_table(rel, text)
}

impl RanTables {
    /// Parses and checks the built-in tables.
    ///
    /// # Errors
    /// A table that does not parse, with file, line and column, or one of
    /// the wrong shape.
    pub fn load() -> Result<Self, LoadError> {
        let t = RanTables {
            crt: load(table!("shock_crt.ron"))?,
            weapons: load(table!("shock_weapons_matrix.ron"))?,
            fire: load(table!("fire_table.ron"))?,
            coordination: load(table!("coordination.ron"))?,
            fate: load(table!("fate_roll.ron"))?,
            casualty: load(table!("leader_casualty.ron"))?,
            leader_movement: load(table!("leader_movement.ron"))?,
            individual: load(table!("individual_combat.ron"))?,
            withdrawal: load(table!("withdrawal.ron"))?,
            terrain: load(table!("terrain.ron"))?,
            units: load(table!("units.ron"))?,
            values: load(table!("values.ron"))?,
            rules: load(table!("rules_text.ron"))?,
            rules_es: load(table!("rules_text.es.ron"))?,
        };
        t.check()?;
        Ok(t)
    }

    fn check(&self) -> Result<(), LoadError> {
        let bad = |file: &str, msg: String| Err(LoadError::plain(file, msg));
        let v = &self.values.shock;
        if self.crt.columns.len() as i32 != v.max_column - v.min_column + 1
            || self
                .crt
                .columns
                .iter()
                .enumerate()
                .any(|(i, c)| c.column != v.min_column + i as i32 || c.dr_0_to_9.len() != 10)
        {
            return bad(
                "assets/rules/ran/shock_crt.ron",
                "the Shock Results Table needs columns min..=max in order, 10 cells each (RAN-CRT-2)"
                    .into(),
            );
        }
        let w = &self.weapons;
        if w.rows
            .iter()
            .any(|r| r.columns.len() != w.attacker_types.len())
            || w.rows.len() != w.defender_types.len()
        {
            return bad(
                "assets/rules/ran/shock_weapons_matrix.ron",
                "every defender row needs one column per attacker type (RAN-WPN-1)".into(),
            );
        }
        for u in &self.units.types {
            if !w.defender_types.contains(&u.defender_row)
                || u.shock_column
                    .as_ref()
                    .is_some_and(|c| !w.attacker_types.contains(c))
            {
                return bad(
                    "assets/rules/ran/units.ron",
                    format!(
                        "unit type {} names a weapons-matrix row or column that does not exist (RAN-WPN-1)",
                        u.key
                    ),
                );
            }
        }
        if self.fire.effect_rows.iter().any(|r| r.results.len() != 10)
            || self
                .fire
                .range_to_row_candidate_a
                .iter()
                .any(|m| !self.fire.effect_rows.iter().any(|r| r.row == m.row))
        {
            return bad(
                "assets/rules/ran/fire_table.ron",
                "every fire row needs 10 results and every range a known row (RAN-FIRE-3)".into(),
            );
        }
        for (file, bands) in [
            (
                "assets/rules/ran/coordination.ron",
                &self.coordination.results,
            ),
            ("assets/rules/ran/fate_roll.ron", &self.fate.results),
            (
                "assets/rules/ran/leader_casualty.ron",
                &self.casualty.leader_in_retreat.enemy_kibamusha_present,
            ),
        ] {
            if !(0..=9).all(|r| {
                bands
                    .iter()
                    .filter(|b| b.dr_min <= r && r <= b.dr_max)
                    .count()
                    == 1
            }) {
                return bad(
                    file,
                    "the bands must cover rolls 0-9 once each (RAN-DICE-1)".into(),
                );
            }
        }
        if !(0..=9).all(|r| {
            self.casualty
                .results
                .iter()
                .filter(|b| b.dr_min <= r && r <= b.dr_max)
                .count()
                == 1
        }) {
            return bad(
                "assets/rules/ran/leader_casualty.ron",
                "the bands must cover rolls 0-9 once each (RAN-BB-2)".into(),
            );
        }
        self.check_withdrawal()?;
        self.check_values()?;
        if self.leader_movement.rows.len() != 3 {
            return bad(
                "assets/rules/ran/leader_movement.ron",
                "three rows: normal, wounded, Samurai (RAN-LDR-1)".into(),
            );
        }
        Ok(())
    }

    /// The abandonment tables' sizes run in order without overlap, each
    /// grid's cells lie within its sizes, and the Momentum divisor is at
    /// least 1 (RAN-WD-2..6).
    fn check_withdrawal(&self) -> Result<(), LoadError> {
        let w = &self.withdrawal;
        let s = &w.sizes;
        let ranges = [s.grid_1_to_10, s.grid_11_to_21, s.size_25, s.size_33_to_35];
        let ordered =
            ranges.iter().all(|(lo, hi)| lo <= hi) && ranges.windows(2).all(|p| p[0].1 < p[1].0);
        let within =
            |cells: &[WdCell], (lo, hi): (u32, u32)| cells.iter().all(|c| lo <= c.n && c.n <= hi);
        if !ordered
            || !within(&w.grid_1_to_10, s.grid_1_to_10)
            || !within(&w.grid_11_to_21, s.grid_11_to_21)
            || w.momentum_divisor < 1
        {
            return Err(LoadError::plain(
                "assets/rules/ran/withdrawal.ron",
                "the tables' sizes must run in order without overlap and hold their grids' cells, and momentum_divisor be at least 1 (RAN-WD-2..6)",
            ));
        }
        Ok(())
    }

    /// The divisors are at least 1, the arcs run front then flank within
    /// the three steps to the rear, the factor ranges are not empty, and
    /// the individual-combat hits have a row for any lower total
    /// (`values.ron`, `individual_combat.ron`).
    fn check_values(&self) -> Result<(), LoadError> {
        let v = &self.values;
        let a = v.facing_arcs;
        let f = v.factors;
        if v.leaders.outside_honjin_divisor < 1
            || v.leaders.zoc_command_range_divisor < 1
            || v.command.out_of_command_ma_divisor < 1
            || v.tq.banzai_ma_divisor < 1
            || a.front_steps > a.flank_steps
            || a.flank_steps > 3
            || [f.leader, f.energy, f.tq].iter().any(|(lo, hi)| lo > hi)
        {
            return Err(LoadError::plain(
                "assets/rules/ran/values.ron",
                "divisors must be at least 1, facing arcs 0 <= front_steps <= flank_steps <= 3 and factor ranges (lowest, highest) (RAN-LDR-2, RAN-STAT-1, RAN-TQ-8, RAN-BASE)",
            ));
        }
        let ic = &self.individual.hits_to_lower;
        if ic.iter().any(|r| r.lower_times < 1) || !ic.iter().any(|r| r.lower_times == 1) {
            return Err(LoadError::plain(
                "assets/rules/ran/individual_combat.ron",
                "every lower_times must be at least 1, and one row be 1 (any lower total takes hits) (RAN-IC-2)",
            ));
        }
        Ok(())
    }

    /// The unit type called `key`.
    pub fn unit_type(&self, key: &str) -> Option<&UnitType> {
        self.units.types.iter().find(|t| t.key == key)
    }

    /// The terrain table of `battle`.
    pub fn battle(&self, battle: &str) -> Option<&BattleTerrain> {
        self.terrain.battles.iter().find(|b| b.battle == battle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_charge_column_has_a_players_name_and_other_keys_read_as_themselves() {
        // RAN-WPN-1: the data's KB_NORIKUZUSHI column is the Norikuzushi charge.
        let t = RanTables::load().expect("tables");
        assert_eq!(
            t.weapons.attacker_name("KB_NORIKUZUSHI"),
            "KB Norikuzushi charge"
        );
        assert_eq!(t.weapons.attacker_name("SI-B"), "SI-B");
    }

    #[test]
    fn built_in_tables_load_and_have_their_shapes() {
        let t = RanTables::load().expect("tables");
        assert_eq!(t.crt.columns.len(), 13, "RAN-CRT-2");
        assert_eq!(t.weapons.rows.len(), 7, "RAN-WPN-1");
        assert_eq!(t.fire.effect_rows.len(), 6, "RAN-FIRE-3");
        assert_eq!(t.terrain.battles.len(), 7, "RAN-TER-1");
        assert!(t.rules.rules.iter().any(|r| r.id == "RAN-BASE"));
    }

    #[test]
    fn a_broken_table_names_file_line_and_column() {
        // A table not on disk is read from the text built in.
        let e = load::<ShockCrt>(("rules/ran/no_such.ron", "(columns: [(column: 1,)]"))
            .expect_err("broken");
        assert_eq!(e.file, "assets/rules/ran/no_such.ron (built in)");
        assert!(e.line.is_some() && e.col.is_some());
    }
}
