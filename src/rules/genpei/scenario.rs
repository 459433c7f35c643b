//! Genpei scenario files: the board (terrain by the names of `terrain.ron`,
//! palisade hexsides, arrow towers), the sections, the wind/tide axes, the
//! sides with their Honor & Fortune, cards and banners, leaders, units and
//! Command tiles. Parsed and checked before anything is built; every error
//! names file, line and column.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::engine::board::HEX_DIRECTIONS;
use crate::engine::board::{HexBoard, HexsideType, Offset, SlopeRules, TerrainTable, TerrainType};
use crate::engine::scenario::{BoardSpec, CommonChecks, LoadError, SideSpec, parse_ron};

use super::data::GenTables;

/// The ruleset key scenarios use.
pub const RULESET: &str = "genpei";

/// The most columns or rows a scenario's board may have: a bound on what a
/// scenario file may ask for (memory, drawing), not a rule.
const MAX_BOARD_SIDE: i32 = 64;

/// The slope height from which the display table bars cavalry or every
/// unit: a height no board reaches, so never. Genpei bars no move by the
/// height of a slope, and its rules read `terrain.ron`, not this table. A
/// sentinel, not a rule value.
const NO_SLOPE_LIMIT: i32 = 99;

/// Board colours of the display table (display only; no rule reads them).
const OCEAN_COLOR: (f32, f32, f32) = (0.20, 0.40, 0.72);
/// Marsh.
const MARSH_COLOR: (f32, f32, f32) = (0.45, 0.60, 0.50);
/// Stockade.
const STOCKADE_COLOR: (f32, f32, f32) = (0.55, 0.45, 0.35);
/// Clear ground and any other hex.
const OPEN_COLOR: (f32, f32, f32) = (0.74, 0.72, 0.50);
/// The palisade along a hexside.
const PALISADE_COLOR: (f32, f32, f32) = (0.45, 0.30, 0.15);

/// A leader as placed by the scenario (GEN-BASE leaders; GEN-SCN-3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderSpec {
    /// Unique id, shared with no unit.
    pub id: u32,
    /// Side name.
    pub side: String,
    /// Name; a leader named in the order of battle is a Samurai of Name
    /// (GEN-SCN-3).
    pub name: String,
    /// A cavalry leader (Inspiration reaches adjacent units, GEN-BASE).
    pub cavalry: bool,
    /// Named in the order of battle: a Samurai of Name (GEN-SCN-3).
    #[serde(default)]
    pub named: bool,
    /// Hex `(column, row)`.
    pub at: Offset,
}

/// A combat unit as placed by the scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenUnitSpec {
    /// Unique id.
    pub id: u32,
    /// Side name.
    pub side: String,
    /// Type key from `units.ron` ("sohei_warriors").
    pub unit_type: String,
    /// Name.
    pub name: String,
    /// Hex `(column, row)`.
    pub at: Offset,
}

/// A Command Tent, or a Command Ship when its bodyguard unit is at sea
/// (GEN-CMD-1, GEN-CMD-2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandSpec {
    /// Side name.
    pub side: String,
    /// The Commander's bodyguard unit, whose hex the tile marks.
    pub unit: u32,
}

/// The three sections, by column as the first side sees the board (the
/// second side sits across the table: its left is the first side's right).
/// A hex on a dividing column belongs to both sections (GEN-BASE).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sections {
    /// The dividing column between left and centre.
    pub left_until: i32,
    /// The dividing column between centre and right.
    pub right_from: i32,
}

/// A change of the wind/tide (GEN-NAV-2: the scenario sets the axes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TideChange {
    /// The first round it blows.
    pub from_turn: u32,
    /// The directions from then on, 0 (north) to 5 clockwise.
    pub wind: Vec<u8>,
}

/// How each side starts (GEN-BASE: the scenario sets H&F, cards and the
/// banners to win).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmySpec {
    /// Honor & Fortune tokens at the start.
    pub hf: u32,
    /// Command cards in hand.
    pub command_cards: u32,
    /// Dragon cards dealt at the start.
    pub dragon_cards: u32,
    /// Victory banners needed to win.
    pub banners: u32,
}

/// A whole Genpei scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenScenario {
    /// `"genpei"`.
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
    /// Last round (both sides' turns), a stand-in: C&C ends on banners.
    pub turn_limit: u32,
    /// The board; terrain and hexside names from `terrain.ron`.
    pub board: BoardSpec,
    /// The sections.
    pub sections: Sections,
    /// Arrow towers, each on a stockade hex or behind a palisade (GEN-TWR-1).
    #[serde(default)]
    pub towers: Vec<Offset>,
    /// The net wind/tide directions, 0 (north) to 5 clockwise (GEN-NAV-2).
    #[serde(default)]
    pub wind: Vec<u8>,
    /// Changes of the wind/tide during the battle, in round order.
    #[serde(default)]
    pub tide: Vec<TideChange>,
    /// Two sides: name, own edge, colour.
    pub sides: Vec<SideSpec>,
    /// Each side's start, in side order.
    pub armies: Vec<ArmySpec>,
    /// The side that plays first (0 or 1).
    #[serde(default)]
    pub first: u8,
    /// Leaders.
    pub leaders: Vec<LeaderSpec>,
    /// Combat units.
    pub units: Vec<GenUnitSpec>,
    /// Command Tents and Command Ships.
    #[serde(default)]
    pub commands: Vec<CommandSpec>,
    /// The battle's scenario events (KAS-EVT-1, Kassen's own design), in
    /// the order they fire within a turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<ScenarioEvent>,
}

impl GenScenario {
    /// The index of side `name`, or 0.
    pub fn side(&self, name: &str) -> u8 {
        self.sides.iter().position(|s| s.name == name).unwrap_or(0) as u8
    }
}

/// The rule every event's log entry cites.
pub const EVENT_RULE: &str = "KAS-EVT-1";

/// One scenario event (KAS-EVT-1, Kassen's own design; fired by
/// `events.rs`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioEvent {
    /// The round it happens in, 1 to the turn limit.
    pub round: u32,
    /// The side (by name) whose turn in that round it follows.
    pub after: String,
    /// Its name in the log, in both languages.
    pub name: crate::engine::briefing::Bilingual,
    /// The side (by name) whose units it strikes.
    pub strikes: String,
    /// The hexes, as `(column, row)`, whose units it strikes; empty:
    /// every unit of that side.
    #[serde(default)]
    pub hexes: Vec<Offset>,
    /// Figures each struck unit loses.
    #[serde(default)]
    pub hits: u32,
    /// Flags each struck unit takes (as from the Panic Dragon card).
    #[serde(default)]
    pub flags: u32,
    /// Each side's change of H&F tokens, in the order of `sides`.
    #[serde(default)]
    pub hf: [i32; 2],
}

/// What is wrong with `e` on a board of `columns × rows` with a turn
/// limit of `turn_limit` and the sides `sides`: `None` when nothing.
pub fn event_problem(
    e: &ScenarioEvent,
    turn_limit: u32,
    sides: &[&str],
    size: Offset,
) -> Option<String> {
    if e.round == 0 || e.round > turn_limit {
        return Some(format!(
            "an event's round must be 1 to the turn limit {turn_limit} ({EVENT_RULE})"
        ));
    }
    for n in [&e.after, &e.strikes] {
        if !sides.contains(&n.as_str()) {
            return Some(format!("unknown side \"{n}\" in an event ({EVENT_RULE})"));
        }
    }
    if let Some(h) = e
        .hexes
        .iter()
        .find(|o| o.0 < 0 || o.1 < 0 || o.0 >= size.0 || o.1 >= size.1)
    {
        return Some(format!("event hex {h:?} is off the board ({EVENT_RULE})"));
    }
    if e.hits == 0 && e.flags == 0 && e.hf == [0, 0] {
        return Some(format!(
            "an event must strike with hits or flags or change H&F ({EVENT_RULE})"
        ));
    }
    None
}

/// The display terrain of the board: the names of `terrain.ron`, with
/// colours; the rules read `terrain.ron` itself.
pub fn display_table(t: &GenTables) -> TerrainTable {
    let color = |key: &str| match key {
        "ocean" => OCEAN_COLOR,
        "marsh" => MARSH_COLOR,
        "stockade" => STOCKADE_COLOR,
        _ => OPEN_COLOR,
    };
    TerrainTable {
        terrain: t
            .terrain
            .hexes
            .iter()
            .map(|h| TerrainType {
                name: h.name.clone(),
                spanish: h.spanish.clone(),
                move_cost: 1,
                impassable: false,
                no_cavalry: h.key == "stockade",
                blocks_los: false,
                defense: 0,
                color: color(&h.key),
                look: h.look,
                rule: match h.key.as_str() {
                    "ocean" => "GEN-OCN-1",
                    "marsh" => "GEN-MSH-1",
                    "stockade" => "GEN-STK-1",
                    _ => "GEN-BASE",
                }
                .to_string(),
                stand_in: false,
            })
            .collect(),
        hexsides: t
            .terrain
            .hexsides
            .iter()
            .map(|h| HexsideType {
                name: h.name.clone(),
                spanish: h.spanish.clone(),
                extra_cost: 0,
                impassable: false,
                no_cavalry: false,
                defense: 0,
                color: PALISADE_COLOR,
                look: h.look,
                rule: "GEN-PAL-2".to_string(),
                stand_in: false,
            })
            .collect(),
        slopes: SlopeRules {
            no_cavalry_from: NO_SLOPE_LIMIT,
            impassable_from: NO_SLOPE_LIMIT,
            extra_cost_per_level: 0,
            rule: "GEN-BASE".to_string(),
        },
    }
}

/// Parses and checks a scenario text.
///
/// # Errors
/// The first problem, with file, line and column where the text has one.
pub fn parse(file: &str, text: &str, t: &GenTables) -> Result<GenScenario, LoadError> {
    let s: GenScenario = parse_ron(file, text)?;
    check(file, text, &s, t)?;
    Ok(s)
}

/// Checks a parsed scenario.
///
/// # Errors
/// The first problem.
pub fn check(file: &str, text: &str, s: &GenScenario, t: &GenTables) -> Result<(), LoadError> {
    let c = CommonChecks { file, text };
    let ck = Checker { file, text, s };
    c.ruleset(&s.ruleset, RULESET)?;
    c.sides(&s.sides)?;
    ck.board_size()?;
    ck.terrain(t)?;
    ck.hexsides(t)?;
    ck.sections()?;
    ck.wind()?;
    ck.armies()?;
    let mut ids = BTreeSet::new();
    let mut occupied = BTreeSet::new();
    for u in &s.units {
        ck.unit(t, u, &mut ids, &mut occupied)?;
    }
    for l in &s.leaders {
        ck.leader(l, &mut ids)?;
    }
    ck.towers()?;
    ck.commands()?;
    ck.events()
}

/// The checks of one scenario, each error placed in its file and text.
struct Checker<'a> {
    /// File name for messages.
    file: &'a str,
    /// The file's text, to locate anchors.
    text: &'a str,
    /// The scenario.
    s: &'a GenScenario,
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

    /// Whether `n` names a side of the scenario.
    fn side_known(&self, n: &str) -> bool {
        self.s.sides.iter().any(|x| x.name == n)
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

    /// The default terrain and every terrain patch are terrains of
    /// `terrain.ron`, the patches on the board.
    fn terrain(&self, t: &GenTables) -> Result<(), LoadError> {
        let b = &self.s.board;
        let hex_known = |n: &str| t.terrain.hexes.iter().any(|h| h.name == n);
        if !hex_known(&b.default_terrain) {
            return self.err(
                &["default_terrain"],
                format!(
                    "unknown terrain \"{}\": terrain.ron has {}",
                    b.default_terrain,
                    names(t)
                ),
            );
        }
        for p in &b.terrain {
            if !hex_known(&p.terrain) {
                return self.err(
                    &["terrain", &format!("\"{}\"", p.terrain)],
                    format!(
                        "unknown terrain \"{}\": terrain.ron has {}",
                        p.terrain,
                        names(t)
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
        Ok(())
    }

    /// Every hexside feature is one of `terrain.ron` and lies between two
    /// neighbouring hexes on the board.
    fn hexsides(&self, t: &GenTables) -> Result<(), LoadError> {
        for x in &self.s.board.hexsides {
            if !t.terrain.hexsides.iter().any(|h| h.name == x.feature) {
                return self.err(
                    &["hexsides", &format!("\"{}\"", x.feature)],
                    format!("unknown hexside feature \"{}\"", x.feature),
                );
            }
            let (a, z) = x.between;
            if !self.inb(a)
                || !self.inb(z)
                || HexBoard::to_hex(a).unsigned_distance_to(HexBoard::to_hex(z)) != 1
            {
                return self.err(
                    &["hexsides", &format!("{a:?}")],
                    format!(
                        "hexside {a:?}–{z:?} is not between two neighbouring hexes on the board"
                    ),
                );
            }
        }
        Ok(())
    }

    /// Each scenario event fires in a round of the battle, names its
    /// sides and strikes hexes on the board (KAS-EVT-1).
    fn events(&self) -> Result<(), LoadError> {
        let sides: Vec<&str> = self.s.sides.iter().map(|x| x.name.as_str()).collect();
        let size = (self.s.board.columns, self.s.board.rows);
        for e in &self.s.events {
            if let Some(p) = event_problem(e, self.s.turn_limit, &sides, size) {
                return self.err(&["events", &format!("round: {}", e.round)], p);
            }
        }
        Ok(())
    }

    /// The sections split the board's columns in order (GEN-BASE).
    fn sections(&self) -> Result<(), LoadError> {
        let sec = self.s.sections;
        if !(0 <= sec.left_until
            && sec.left_until <= sec.right_from
            && sec.right_from < self.s.board.columns)
        {
            return self.err(
                &["sections"],
                "sections need 0 <= left_until <= right_from < columns (GEN-BASE)".into(),
            );
        }
        Ok(())
    }

    /// Every wind and tide direction is a hex direction, 0 to 5
    /// (GEN-NAV-2).
    fn wind(&self) -> Result<(), LoadError> {
        if let Some(w) = self.s.wind.iter().find(|w| **w >= HEX_DIRECTIONS) {
            return self.err(
                &["wind"],
                format!("wind/tide direction {w} must be 0 to 5 (GEN-NAV-2)"),
            );
        }
        if let Some(w) = self
            .s
            .tide
            .iter()
            .flat_map(|t| t.wind.iter())
            .find(|w| **w >= HEX_DIRECTIONS)
        {
            return self.err(
                &["tide"],
                format!("wind/tide direction {w} must be 0 to 5 (GEN-NAV-2)"),
            );
        }
        Ok(())
    }

    /// One army per side, each with banners to win and Command cards
    /// (GEN-BASE); the side to go first, and at least one turn.
    fn armies(&self) -> Result<(), LoadError> {
        let s = self.s;
        // One army per side: `sides` is checked first, two of them.
        if s.armies.len() != s.sides.len() {
            return self.err(&["armies"], "armies needs one entry per side".into());
        }
        if s.armies
            .iter()
            .any(|a| a.banners == 0 || a.command_cards == 0)
        {
            return self.err(
                &["armies"],
                "each army needs at least 1 banner to win and 1 Command card (GEN-BASE)".into(),
            );
        }
        if s.first > 1 {
            return self.err(&["first"], "first must be 0 or 1".into());
        }
        if s.turn_limit == 0 {
            return self.err(&["turn_limit"], "turn_limit must be at least 1".into());
        }
        Ok(())
    }

    /// A unit: a new id (recorded in `ids`), a known side, a known type
    /// that is no Arquebus (GEN-SCN-1), on the board, alone in its hex
    /// (recorded in `occupied`, GEN-NAV-1).
    fn unit(
        &self,
        t: &GenTables,
        u: &GenUnitSpec,
        ids: &mut BTreeSet<u32>,
        occupied: &mut BTreeSet<Offset>,
    ) -> Result<(), LoadError> {
        let a = format!("id: {}", u.id);
        if !ids.insert(u.id) {
            return self.err(
                &["units", &a, &a],
                format!("unit id {} is used twice", u.id),
            );
        }
        if !self.side_known(&u.side) {
            return self.err(&["units", &a], format!("unknown side \"{}\"", u.side));
        }
        if u.unit_type.contains("arquebus") {
            return self.err(
                &["units", &a],
                "no Ashigaru Infantry Arquebus units in Genpei scenarios (GEN-SCN-1)".into(),
            );
        }
        let Some(ty) = t.unit(&u.unit_type) else {
            return self.err(
                &["units", &a],
                format!("unknown unit type \"{}\"", u.unit_type),
            );
        };
        if ty.ranged.as_ref().is_some_and(|r| !r.collects_hf) {
            return self.err(
                &["units", &a],
                "no Ashigaru Infantry Arquebus units in Genpei scenarios (GEN-SCN-1)".into(),
            );
        }
        if !self.inb(u.at) {
            return self.err(&["units", &a], format!("hex {:?} is off the board", u.at));
        }
        if !occupied.insert(u.at) {
            return self.err(
                &["units", &a],
                format!("two units on hex {:?}: one unit per hex (GEN-NAV-1)", u.at),
            );
        }
        Ok(())
    }

    /// A leader: a new id (recorded in `ids`), a known side, on the board,
    /// not in an enemy unit's hex.
    fn leader(&self, l: &LeaderSpec, ids: &mut BTreeSet<u32>) -> Result<(), LoadError> {
        let a = format!("id: {}", l.id);
        if !ids.insert(l.id) {
            return self.err(&["leaders", &a], format!("id {} is used twice", l.id));
        }
        if !self.side_known(&l.side) {
            return self.err(&["leaders", &a], format!("unknown side \"{}\"", l.side));
        }
        if !self.inb(l.at) {
            return self.err(&["leaders", &a], format!("hex {:?} is off the board", l.at));
        }
        if let Some(u) = self.s.units.iter().find(|u| u.at == l.at)
            && u.side != l.side
        {
            return self.err(
                &["leaders", &a],
                format!("leader {} shares a hex with an enemy unit", l.name),
            );
        }
        Ok(())
    }

    /// Every arrow tower is on the board, on a stockade or on the second
    /// hex of a palisade hexside (GEN-TWR-1).
    fn towers(&self) -> Result<(), LoadError> {
        let b = &self.s.board;
        for t in &self.s.towers {
            if !self.inb(*t) {
                return self.err(&["towers"], format!("tower hex {t:?} is off the board"));
            }
            let on_stockade = b
                .terrain
                .iter()
                .any(|p| p.terrain == "Stockade" && p.hexes.contains(t));
            let on_palisade = b.hexsides.iter().any(|x| x.between.1 == *t);
            if !on_stockade && !on_palisade {
                return self.err(
                    &["towers"],
                    format!(
                        "the arrow tower at {t:?} must sit on a stockade or a palisade hex, the second hex of a palisade hexside (GEN-TWR-1)"
                    ),
                );
            }
        }
        Ok(())
    }

    /// Every Command tile names a unit of its side (GEN-CMD-1).
    fn commands(&self) -> Result<(), LoadError> {
        let s = self.s;
        for cmd in &s.commands {
            if !self.side_known(&cmd.side)
                || !s
                    .units
                    .iter()
                    .any(|u| u.id == cmd.unit && u.side == cmd.side)
            {
                return self.err(
                    &["commands"],
                    format!(
                        "the Command tile of {} needs a unit of that side (GEN-CMD-1)",
                        cmd.side
                    ),
                );
            }
        }
        Ok(())
    }
}

fn names(t: &GenTables) -> String {
    t.terrain
        .hexes
        .iter()
        .map(|h| format!("\"{}\"", h.name))
        .collect::<Vec<_>>()
        .join(", ")
}
