//! RAN scenario files: the battle whose terrain table the board uses, the
//! board, roads, sides, Honjin, withdrawal levels, leaders and units. Parsed
//! and checked before anything is built; every error names file, line and
//! column.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::engine::board::{
    BoardEdge, Facing, HexBoard, HexsideLook, HexsideType, Offset, SlopeRules, TerrainLook,
    TerrainTable, TerrainType,
};
use crate::engine::scenario::{BoardSpec, CommonChecks, LoadError, SideSpec, parse_ron};

use super::data::RanTables;
use super::leaders::Role;
use super::terrain;

/// The ruleset key scenarios use.
pub const RULESET: &str = "ran";

/// The most columns or rows a scenario's board may have: a bound on what a
/// scenario file may ask for (memory, drawing), not a rule.
const MAX_BOARD_SIDE: i32 = 64;

/// The slope height from which the display table bars cavalry or every
/// unit: a height no board reaches, so never. RAN bars no move by the
/// height of a slope; its costs and the [m] note are read from the
/// battle's table (RAN-TER-1, RAN-TER-2). A sentinel, not a rule value.
const NO_SLOPE_LIMIT: i32 = 99;

/// Board colours of the display table (display only; no rule reads them).
const PADDY_COLOR: (f32, f32, f32) = (0.55, 0.68, 0.45);
/// Dense woods.
const DENSE_WOODS_COLOR: (f32, f32, f32) = (0.16, 0.36, 0.16);
/// Woods.
const WOODS_COLOR: (f32, f32, f32) = (0.30, 0.50, 0.25);
/// Castles, villages, palisades.
const BUILT_COLOR: (f32, f32, f32) = (0.55, 0.50, 0.45);
/// Rivers, ocean, lakes, streams, fords.
const WATER_COLOR: (f32, f32, f32) = (0.25, 0.45, 0.80);
/// Everything else.
const OPEN_COLOR: (f32, f32, f32) = (0.78, 0.74, 0.52);
/// A steep slope or escarpment (display only).
const SLOPE_COLOR: (f32, f32, f32) = (0.42, 0.28, 0.14);
/// A bridge (display only).
const BRIDGE_COLOR: (f32, f32, f32) = (0.36, 0.24, 0.12);

/// A leader as placed by the scenario (RAN-GLO-2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderSpec {
    /// Unique id (not shared with units).
    pub id: u32,
    /// Side name.
    pub side: String,
    /// Name.
    pub name: String,
    /// So-Taisho, Busho or Samurai.
    pub role: Role,
    /// Initiative factor (So-Taisho), 0..=9.
    #[serde(default)]
    pub initiative: i32,
    /// Momentum factor (Busho, So-Taisho), 0..=9; also the Command Range.
    #[serde(default)]
    pub momentum: i32,
    /// Energy factor, 1..=9.
    pub energy: i32,
    /// Combat factor, 0..=9.
    pub combat: i32,
    /// Contingent Activation factor, 0..=9.
    #[serde(default)]
    pub activation: i32,
    /// For a Samurai: the contingent (leader id) he belongs to.
    #[serde(default)]
    pub contingent: Option<u32>,
    /// Hex `(column, row)`.
    pub at: Offset,
}

/// A combat unit as placed by the scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// Unique id.
    pub id: u32,
    /// Side name.
    pub side: String,
    /// Type key from `units.ron` ("AS-T").
    pub unit_type: String,
    /// Name.
    pub name: String,
    /// The contingent: its So-Taisho's or Busho's id.
    pub contingent: u32,
    /// Hex `(column, row)`.
    pub at: Offset,
    /// Facing.
    pub facing: Facing,
    /// TQ override, 1..=9.
    #[serde(default)]
    pub tq: Option<i32>,
}

/// How the battle is won (RAN-SOP-7).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictorySpec {
    /// In words.
    pub description: String,
}

/// A whole RAN scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RanScenario {
    /// `"ran"`.
    pub ruleset: String,
    /// Title.
    pub name: String,
    /// Briefing.
    #[serde(default)]
    pub description: String,
    /// The briefing in English and Spanish (history, sources, victory,
    /// stand-ins); without it the app shows `description`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub briefing: Option<crate::engine::briefing::Briefing>,
    /// Dice seed.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Last turn.
    pub turn_limit: u32,
    /// The battle of the card whose terrain table applies ("Mimigawa").
    pub battle: String,
    /// The board; terrain names are rows of that table.
    pub board: BoardSpec,
    /// Road chains: each a list of neighbouring hexes (RAN-TER-2 [c]).
    #[serde(default)]
    pub roads: Vec<Vec<Offset>>,
    /// Two sides.
    pub sides: Vec<SideSpec>,
    /// Each side's Honjin hex (RAN-GLO-2).
    pub honjin: Vec<Offset>,
    /// Each side's rout points at which its army withdraws.
    pub withdrawal_level: Vec<u32>,
    /// Leaders.
    pub leaders: Vec<LeaderSpec>,
    /// Combat units.
    pub units: Vec<UnitSpec>,
    /// Victory.
    #[serde(default)]
    pub victory: VictorySpec,
}

/// Colours of the board (display only).
fn color_of(name: &str) -> (f32, f32, f32) {
    let n = name.to_ascii_lowercase();
    if n.contains("paddy") || n.contains("marsh") {
        PADDY_COLOR
    } else if n.contains("dense") {
        DENSE_WOODS_COLOR
    } else if n.contains("woods") {
        WOODS_COLOR
    } else if n.contains("castle") || n.contains("village") || n.contains("palisade") {
        BUILT_COLOR
    } else if n.contains("bridge") {
        BRIDGE_COLOR
    } else if n.contains("steep") || n.contains("escarp") || n.contains("slope") {
        SLOPE_COLOR
    } else if n.contains("river")
        || n.contains("moat")
        || n.contains("ocean")
        || n.contains("lake")
        || n.contains("stream")
        || n.contains("ford")
    {
        WATER_COLOR
    } else {
        OPEN_COLOR
    }
}

/// How the board draws a RAN terrain, from its English name.
fn look_of(name: &str) -> TerrainLook {
    let n = name.to_ascii_lowercase();
    let has = |w: &[&str]| w.iter().any(|x| n.contains(x));
    if has(&["paddy"]) {
        TerrainLook::Paddy
    } else if has(&["marsh", "swamp"]) {
        TerrainLook::Marsh
    } else if has(&["scattered"]) {
        TerrainLook::Scattered
    } else if has(&["wood", "forest"]) {
        TerrainLook::Forest
    } else if has(&["castle", "palisade", "fort"]) {
        TerrainLook::Fort
    } else if has(&["village", "town", "temple", "house"]) {
        TerrainLook::Village
    } else if has(&["river", "lake", "stream", "ford", "pond"]) {
        TerrainLook::Water
    } else if has(&["ocean", "sea"]) {
        TerrainLook::Ocean
    } else if has(&["road", "track", "bridge"]) {
        TerrainLook::Road
    } else if has(&["rough", "rock", "slope", "hill", "mountain"]) {
        TerrainLook::Rough
    } else {
        TerrainLook::Open
    }
}

/// How the board draws a RAN hexside feature, from its English name.
fn side_look_of(name: &str) -> HexsideLook {
    let n = name.to_ascii_lowercase();
    if n.contains("bridge") {
        HexsideLook::Bridge
    } else if n.contains("steep") || n.contains("escarp") || n.contains("slope") {
        HexsideLook::Slope
    } else if n.contains("stream")
        || n.contains("river")
        || n.contains("ford")
        || n.contains("moat")
    {
        HexsideLook::Water
    } else if n.contains("palisade") {
        HexsideLook::Palisade
    } else if n.contains("wall") || n.contains("castle") {
        HexsideLook::Wall
    } else if n.contains("fence") || n.contains("hedge") {
        HexsideLook::Fence
    } else {
        HexsideLook::Line
    }
}

/// The display terrain table of a battle, for the board view: closed-order
/// MP as the cost; the rules read the battle table itself.
pub fn display_table(t: &RanTables, battle: &str) -> TerrainTable {
    let mut terrain = Vec::new();
    let mut hexsides = Vec::new();
    if let Some(b) = t.battle(battle) {
        for name in terrain::placeable(b) {
            let Some(r) = terrain::row(b, &name) else {
                continue;
            };
            let mp = r.mp(false);
            let rule = r.rule();
            match mp {
                terrain::Mp::Extra(_) | terrain::Mp::NotPermitted
                    if !name.contains("Castle") && !name.contains("Lake") =>
                {
                    hexsides.push(HexsideType {
                        name: name.clone(),
                        spanish: Some(r.row.spanish.clone()),
                        extra_cost: if let terrain::Mp::Extra(n) = mp { n } else { 0 },
                        impassable: mp == terrain::Mp::NotPermitted,
                        no_cavalry: false,
                        defense: 0,
                        color: color_of(&name),
                        look: side_look_of(&name),
                        rule: rule.clone(),
                        stand_in: false,
                    });
                    if name.contains("Stream") || name.contains("river") || name.contains("River") {
                        continue;
                    }
                }
                _ => {}
            }
            if name.contains("Stream") {
                hexsides.push(HexsideType {
                    name: name.clone(),
                    spanish: Some(r.row.spanish.clone()),
                    extra_cost: 0,
                    impassable: false,
                    no_cavalry: false,
                    defense: 0,
                    color: color_of(&name),
                    look: side_look_of(&name),
                    rule: rule.clone(),
                    stand_in: false,
                });
                continue;
            }
            terrain.push(TerrainType {
                name: name.clone(),
                spanish: Some(r.row.spanish.clone()),
                move_cost: match mp {
                    terrain::Mp::Cost(n) => n,
                    _ => 1,
                },
                impassable: mp == terrain::Mp::NotPermitted,
                no_cavalry: false,
                blocks_los: false,
                defense: 0,
                color: color_of(&name),
                look: look_of(&name),
                rule,
                stand_in: false,
            });
        }
    }
    TerrainTable {
        terrain,
        hexsides,
        slopes: SlopeRules {
            no_cavalry_from: NO_SLOPE_LIMIT,
            impassable_from: NO_SLOPE_LIMIT,
            extra_cost_per_level: 1,
            rule: "RAN-TER-1".to_string(),
        },
    }
}

fn neighbours(a: Offset, b: Offset) -> bool {
    HexBoard::to_hex(a).unsigned_distance_to(HexBoard::to_hex(b)) == 1
}

/// Parses and checks a scenario text.
///
/// # Errors
/// The first problem, with file, line and column where the text has one.
pub fn parse(file: &str, text: &str, t: &RanTables) -> Result<RanScenario, LoadError> {
    let s: RanScenario = parse_ron(file, text)?;
    check(file, text, &s, t)?;
    Ok(s)
}

/// Checks a parsed scenario.
///
/// # Errors
/// The first problem.
pub fn check(file: &str, text: &str, s: &RanScenario, t: &RanTables) -> Result<(), LoadError> {
    let c = CommonChecks { file, text };
    let ck = Checker { file, text, s };
    c.ruleset(&s.ruleset, RULESET)?;
    c.sides(&s.sides)?;
    let Some(battle) = t.battle(&s.battle) else {
        return ck.err(
            &["battle"],
            format!(
                "unknown battle \"{}\": the card has Mimesatoga, Mimigawa, Nagakute, Suriagehara, Okitanawate, Nunobeyama and Tennoji (RAN-TER-1)",
                s.battle
            ),
        );
    };
    let names = terrain::placeable(battle);
    ck.board_size()?;
    ck.terrain(&names)?;
    ck.hexsides(&names)?;
    ck.roads()?;
    ck.honjin()?;
    if s.turn_limit == 0 {
        return ck.err(&["turn_limit"], "turn_limit must be at least 1".into());
    }
    let mut ids = BTreeSet::new();
    ck.so_taisho()?;
    for l in &s.leaders {
        ck.leader(t, l, &mut ids)?;
    }
    let mut occupied = BTreeSet::new();
    for u in &s.units {
        ck.unit(t, u, &mut ids, &mut occupied)?;
    }
    ck.sides_have_units()?;
    let _ = BoardEdge::South;
    Ok(())
}

/// The checks of one scenario, each error placed in its file and text.
struct Checker<'a> {
    /// File name for messages.
    file: &'a str,
    /// The file's text, to locate anchors.
    text: &'a str,
    /// The scenario.
    s: &'a RanScenario,
}

impl Checker<'_> {
    /// The error `msg` at the place `anchors` lead to.
    fn err(&self, anchors: &[&str], msg: String) -> Result<(), LoadError> {
        Err(LoadError::at(self.file, self.text, anchors, msg))
    }

    /// Whether `o` is on the board.
    fn inb(&self, o: Offset) -> bool {
        let b = &self.s.board;
        o.0 >= 0 && o.1 >= 0 && o.0 < b.columns && o.1 < b.rows
    }

    /// The board has 1 to [`MAX_BOARD_SIDE`] columns and rows.
    fn board_size(&self) -> Result<(), LoadError> {
        let b = &self.s.board;
        let sides = 1..=MAX_BOARD_SIDE;
        if !sides.contains(&b.columns) || !sides.contains(&b.rows) {
            return self.err(
                &["board"],
                format!("the board needs 1 to {MAX_BOARD_SIDE} columns and rows"),
            );
        }
        Ok(())
    }

    /// The default terrain and every terrain patch are terrains of the
    /// battle's card, the patches on the board (RAN-TER-1); so are the
    /// elevation patches.
    fn terrain(&self, names: &[String]) -> Result<(), LoadError> {
        let (b, battle) = (&self.s.board, &self.s.battle);
        if !known(names, &b.default_terrain) {
            return self.err(
                &["default_terrain"],
                format!(
                    "unknown terrain \"{}\" for {} (RAN-TER-1)",
                    b.default_terrain, battle
                ),
            );
        }
        for p in &b.terrain {
            if !known(names, &p.terrain) {
                return self.err(
                    &["terrain", &format!("\"{}\"", p.terrain)],
                    format!(
                        "unknown terrain \"{}\" for {} (RAN-TER-1)",
                        p.terrain, battle
                    ),
                );
            }
            if let Some(h) = p.hexes.iter().find(|h| !self.inb(**h)) {
                return self.err(
                    &["terrain", &format!("\"{}\"", p.terrain)],
                    format!("hex {h:?} is off the board"),
                );
            }
        }
        for p in &b.elevation {
            if let Some(h) = p.hexes.iter().find(|h| !self.inb(**h)) {
                return self.err(
                    &["elevation", &format!("level: {}", p.level)],
                    format!("hex {h:?} is off the board"),
                );
            }
        }
        Ok(())
    }

    /// Every hexside feature is one of the battle's card (RAN-TER-1) and
    /// joins two neighbouring hexes on the board.
    fn hexsides(&self, names: &[String]) -> Result<(), LoadError> {
        for h in &self.s.board.hexsides {
            if !known(names, &h.feature) {
                return self.err(
                    &["hexsides", &format!("\"{}\"", h.feature)],
                    format!(
                        "unknown hexside feature \"{}\" for {} (RAN-TER-1)",
                        h.feature, self.s.battle
                    ),
                );
            }
            if !self.inb(h.between.0)
                || !self.inb(h.between.1)
                || !neighbours(h.between.0, h.between.1)
            {
                return self.err(
                    &[
                        "hexsides",
                        &format!("({}, {})", h.between.0.0, h.between.0.1),
                    ],
                    format!(
                        "hexside {:?}–{:?} does not join two neighbouring hexes on the board",
                        h.between.0, h.between.1
                    ),
                );
            }
        }
        Ok(())
    }

    /// Each road runs through neighbouring hexes on the board.
    fn roads(&self) -> Result<(), LoadError> {
        for road in &self.s.roads {
            for w in road.windows(2) {
                if !self.inb(w[0]) || !self.inb(w[1]) || !neighbours(w[0], w[1]) {
                    return self.err(
                        &["roads"],
                        format!(
                            "road hexes {:?} and {:?} are not neighbours on the board",
                            w[0], w[1]
                        ),
                    );
                }
            }
        }
        Ok(())
    }

    /// One Honjin hex on the board and one withdrawal level per side
    /// (RAN-GLO-2).
    fn honjin(&self) -> Result<(), LoadError> {
        let s = self.s;
        if s.honjin.len() != s.sides.len() || s.withdrawal_level.len() != s.sides.len() {
            return self.err(
                &["honjin"],
                "give one Honjin hex and one withdrawal level per side".into(),
            );
        }
        if let Some(h) = s
            .honjin
            .iter()
            .find(|h| !(0..s.board.columns).contains(&h.0) || !(0..s.board.rows).contains(&h.1))
        {
            return self.err(
                &["honjin"],
                format!("Honjin hex {h:?} is off the board (RAN-GLO-2)"),
            );
        }
        Ok(())
    }

    /// Each side has exactly one So-Taisho (RAN-GLO-2).
    fn so_taisho(&self) -> Result<(), LoadError> {
        let s = self.s;
        for side in &s.sides {
            let so: Vec<_> = s
                .leaders
                .iter()
                .filter(|l| l.side == side.name && l.role == Role::SoTaisho)
                .collect();
            if so.len() != 1 {
                return self.err(
                    &["sides", &format!("\"{}\"", side.name)],
                    format!(
                        "side \"{}\" needs exactly one So-Taisho (RAN-GLO-2)",
                        side.name
                    ),
                );
            }
        }
        Ok(())
    }

    /// A leader: a new id (recorded in `ids`), a known side, on the board,
    /// factors 0-9 (Energy 1-9, `values.ron`'s `factors`), then his
    /// contingent.
    fn leader(
        &self,
        t: &RanTables,
        l: &LeaderSpec,
        ids: &mut BTreeSet<u32>,
    ) -> Result<(), LoadError> {
        let a = format!("id: {}", l.id);
        if !ids.insert(l.id) {
            return self.err(&["leaders", &a, &a], format!("duplicate id {}", l.id));
        }
        if !self.s.sides.iter().any(|x| x.name == l.side) {
            return self.err(
                &["leaders", &a, "side"],
                format!("leader {} names unknown side \"{}\"", l.id, l.side),
            );
        }
        if !self.inb(l.at) {
            return self.err(
                &["leaders", &a, "at"],
                format!("leader {} is off the board", l.id),
            );
        }
        let r = t.values.factors;
        let within = |(lo, hi): (i32, i32), f: i32| lo <= f && f <= hi;
        if !within(r.energy, l.energy)
            || [l.initiative, l.momentum, l.combat, l.activation]
                .iter()
                .any(|f| !within(r.leader, *f))
        {
            return self.err(
                &["leaders", &a],
                format!(
                    "leader {}'s factors must be {}-{} (Energy {}-{})",
                    l.id, r.leader.0, r.leader.1, r.energy.0, r.energy.1
                ),
            );
        }
        self.leader_contingent(l, &a)
    }

    /// A Samurai names a Busho of his side as his contingent; a So-Taisho
    /// or Busho leads his own and names none. `a` anchors the leader.
    fn leader_contingent(&self, l: &LeaderSpec, a: &str) -> Result<(), LoadError> {
        match (l.role, l.contingent) {
            (Role::Samurai, Some(cg))
                if !self
                    .s
                    .leaders
                    .iter()
                    .any(|x| x.id == cg && x.side == l.side && x.role != Role::Samurai) =>
            {
                self.err(
                    &["leaders", a, "contingent"],
                    format!("Samurai {} names no Busho of his side", l.id),
                )
            }
            (Role::Samurai, Some(_)) => Ok(()),
            (Role::Samurai, None) => self.err(
                &["leaders", a],
                format!("Samurai {} needs a contingent", l.id),
            ),
            (_, Some(_)) => self.err(
                &["leaders", a, "contingent"],
                format!(
                    "leader {} leads his own contingent: drop `contingent`",
                    l.id
                ),
            ),
            _ => Ok(()),
        }
    }

    /// A unit: a new id (recorded in `ids`), a known side and unit type
    /// (RAN-GLO-1), a So-Taisho or Busho of its side as contingent, a hex
    /// on the board no other unit holds (recorded in `occupied`), TQ 1-9.
    fn unit(
        &self,
        t: &RanTables,
        u: &UnitSpec,
        ids: &mut BTreeSet<u32>,
        occupied: &mut BTreeSet<Offset>,
    ) -> Result<(), LoadError> {
        let s = self.s;
        let a = format!("id: {}", u.id);
        if !ids.insert(u.id) {
            return self.err(&["units", &a, &a], format!("duplicate id {}", u.id));
        }
        if !s.sides.iter().any(|x| x.name == u.side) {
            return self.err(
                &["units", &a, "side"],
                format!("unit {} names unknown side \"{}\"", u.id, u.side),
            );
        }
        if t.unit_type(&u.unit_type).is_none() {
            return self.err(
                &["units", &a, "unit_type"],
                format!(
                    "unit {} has unknown unit type \"{}\" (RAN-GLO-1)",
                    u.id, u.unit_type
                ),
            );
        }
        if !s
            .leaders
            .iter()
            .any(|l| l.id == u.contingent && l.side == u.side && l.role != Role::Samurai)
        {
            return self.err(
                &["units", &a, "contingent"],
                format!(
                    "unit {}'s contingent {} is not a So-Taisho or Busho of its side",
                    u.id, u.contingent
                ),
            );
        }
        if !self.inb(u.at) {
            return self.err(
                &["units", &a, "at"],
                format!("unit {} is off the board", u.id),
            );
        }
        if !occupied.insert(u.at) {
            return self.err(
                &["units", &a, "at"],
                format!("unit {} shares hex {:?} with another unit", u.id, u.at),
            );
        }
        let (lo, hi) = t.values.factors.tq;
        if u.tq.is_some_and(|q| q < lo || hi < q) {
            return self.err(
                &["units", &a, "tq"],
                format!("unit {}'s TQ must be {lo}-{hi}", u.id),
            );
        }
        Ok(())
    }

    /// Every side has units.
    fn sides_have_units(&self) -> Result<(), LoadError> {
        for side in &self.s.sides {
            if !self.s.units.iter().any(|u| u.side == side.name) {
                return self.err(
                    &["sides", &format!("\"{}\"", side.name)],
                    format!("side \"{}\" has no units", side.name),
                );
            }
        }
        Ok(())
    }
}

/// Whether `n` is one of the terrain `names`, in any case.
fn known(names: &[String], n: &str) -> bool {
    names.iter().any(|x| x.eq_ignore_ascii_case(n))
}

/// The board of a checked scenario.
pub fn build_board(s: &RanScenario, t: &RanTables) -> HexBoard {
    let mut board = s.board.build(display_table(t, &s.battle));
    // The roads are drawn from centre to centre (their rate is RAN-TER's).
    for road in &s.roads {
        for w in road.windows(2) {
            board.add_road(HexBoard::to_hex(w[0]), HexBoard::to_hex(w[1]));
        }
    }
    board
}
