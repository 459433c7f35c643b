//! Scenario files: RON under `scenarios/`, parsed and validated before anything
//! is spawned.
//!
//! Every error names the file and, where the text has one, the line and column
//! (1-based) of the offending value: `scenarios/x.ron:12:9: unknown unit type …`.
//! Nothing here panics on bad input.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use bevy::prelude::Resource;
use ron::extensions::Extensions;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::board::{BoardEdge, Facing, HexBoard, Offset, TerrainTable};

/// A load or validation error with its place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// File name as given by the user.
    pub file: String,
    /// 1-based line, if the text has a position for the error.
    pub line: Option<usize>,
    /// 1-based column, if the text has a position for the error.
    pub col: Option<usize>,
    /// One sentence.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = clip_quotes(&self.message);
        match (self.line, self.col) {
            (Some(l), Some(c)) => write!(f, "{}:{}:{}: {}", self.file, l, c, message),
            _ => write!(f, "{}: {}", self.file, message),
        }
    }
}

/// Longest quoted value an error repeats in full (characters).
const QUOTE_SHOWN: usize = 60;

/// `message` with every quoted value (between `"` or backquotes), and
/// every run without a space, of more than [`QUOTE_SHOWN`] characters cut
/// to its first 40 and its length, so an error about a huge value in a
/// file stays one readable sentence.
fn clip_quotes(message: &str) -> std::borrow::Cow<'_, str> {
    if message.chars().count() <= 2 * QUOTE_SHOWN {
        return std::borrow::Cow::Borrowed(message);
    }
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let q = &rest[open..=open];
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find(q) else {
            rest = after;
            break;
        };
        let inner = &after[..close];
        let n = inner.chars().count();
        if n > QUOTE_SHOWN {
            out.extend(inner.chars().take(40));
            out.push_str(&format!("…{q} ({n} characters)"));
        } else {
            out.push_str(inner);
            out.push_str(q);
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    // Then any unquoted run without a space (a long name spliced into a
    // sentence).
    let words: Vec<String> = out
        .split(' ')
        .map(|w| {
            let n = w.chars().count();
            if n > QUOTE_SHOWN {
                format!(
                    "{}… ({n} characters)",
                    w.chars().take(40).collect::<String>()
                )
            } else {
                w.to_string()
            }
        })
        .collect();
    std::borrow::Cow::Owned(words.join(" "))
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// An error with no position.
    pub fn plain(file: &str, message: impl Into<String>) -> Self {
        Self {
            file: file.to_string(),
            line: None,
            col: None,
            message: message.into(),
        }
    }

    /// An error at the text located by `anchors` (see [`locate`]).
    pub fn at(file: &str, text: &str, anchors: &[&str], message: impl Into<String>) -> Self {
        let pos = locate(text, anchors);
        Self {
            file: file.to_string(),
            line: pos.map(|p| p.0),
            col: pos.map(|p| p.1),
            message: message.into(),
        }
    }
}

/// The largest scenario or save Kassen reads: 8 MiB (8,388,608 bytes).
/// A whole game's save of the largest shipped scenario is under 100 KB.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// The first line of every appended save, by which it is told from a plain
/// save (a RON comment, so the header line after it parses on its own).
pub const APPENDED_MARK: &str =
    "// Kassen appended save: a header, then one record per line (docs/formats.md)";

/// The largest appended save written or read: 256 MiB (268,435,456 bytes).
/// A million commands of the largest shipped scenario take about 150 MB.
pub const MAX_APPENDED_BYTES: u64 = 256 * 1024 * 1024;

/// Whether `text` (a whole file, or its first bytes) is an appended save.
pub fn is_appended(text: &str) -> bool {
    text.starts_with(APPENDED_MARK)
}

/// The size bound of a file that begins with `start`: [`MAX_APPENDED_BYTES`]
/// for an appended save, else [`MAX_FILE_BYTES`] (8 MiB).
pub fn size_bound(start: &[u8]) -> u64 {
    if start.starts_with(APPENDED_MARK.as_bytes()) {
        MAX_APPENDED_BYTES
    } else {
        MAX_FILE_BYTES
    }
}

/// The most units a scenario (or a save's scenario) may hold, and the most
/// leaders: 500 each. The largest shipped scenario has 26 units.
pub const MAX_UNITS: usize = 500;

/// How deep RON values may nest: 128 levels, the `ron` crate's own limit,
/// kept explicit here so a change of crate cannot lift it.
pub const MAX_NESTING: usize = 128;

/// Refuses a file of `bytes` bytes over [`MAX_FILE_BYTES`].
///
/// # Errors
/// A sentence naming the file, its size and the bound.
pub fn check_file_size(file: &str, bytes: u64) -> Result<(), LoadError> {
    check_size_within(file, bytes, MAX_FILE_BYTES)
}

/// Refuses a file of `bytes` bytes over `bound`: [`MAX_FILE_BYTES`], or
/// [`MAX_APPENDED_BYTES`] for an appended save.
///
/// # Errors
/// The file's size and the bound, as a sentence.
pub fn check_size_within(file: &str, bytes: u64, bound: u64) -> Result<(), LoadError> {
    if bytes > bound {
        let what = if bound == MAX_FILE_BYTES {
            "scenarios and saves are read up to 8 MiB".to_string()
        } else {
            format!("appended saves are read up to {} MiB", bound >> 20)
        };
        return Err(LoadError::plain(
            file,
            format!("the file is {bytes} bytes; {what} ({bound} bytes)"),
        ));
    }
    Ok(())
}

/// The most units an open-table scenario may hold: 200. Its computer
/// opponent weighs each unit against every other on the table (sight
/// lines, contacts), so its thinking grows faster with the units than on
/// a hex board. The largest shipped table scenario has 17.
pub const MAX_TABLE_UNITS: usize = 200;

/// Refuses a scenario of more than `limit` units or leaders (`units`, as
/// counted), pointing at its `units` list: [`MAX_UNITS`] on a hex board,
/// [`MAX_TABLE_UNITS`] on the open table.
///
/// # Errors
/// A sentence with the count and the bound, at the `units` field.
pub fn check_unit_count(
    file: &str,
    text: &str,
    units: usize,
    limit: usize,
) -> Result<(), LoadError> {
    if units > limit {
        return Err(LoadError::at(
            file,
            text,
            &["units"],
            format!("{units} units (or leaders): a scenario holds at most {limit} of each"),
        ));
    }
    Ok(())
}

/// The longest name in a scenario (of the scenario, a side, a unit, a
/// leader, an objective: any field called `name` or ending in `name`),
/// in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// The longest other text in a scenario (a description, a briefing in
/// one language, a key), in characters. The longest shipped briefing is
/// under 2,000.
pub const MAX_TEXT_CHARS: usize = 10_000;

/// Refuses a scenario with a name over [`MAX_NAME_CHARS`] or another text
/// over [`MAX_TEXT_CHARS`], pointing at the field.
///
/// # Errors
/// A sentence with the field, the text's start, its length and the bound.
pub fn check_text_lengths<S: Serialize>(
    file: &str,
    text: &str,
    scenario: &S,
) -> Result<(), LoadError> {
    fn walk(v: &serde_json::Value, key: &str) -> Option<(String, String, usize, usize)> {
        match v {
            serde_json::Value::String(s) => {
                let n = s.chars().count();
                let bound = if key.ends_with("name") {
                    MAX_NAME_CHARS
                } else {
                    MAX_TEXT_CHARS
                };
                (n > bound).then(|| (key.to_string(), s.chars().take(24).collect(), n, bound))
            }
            serde_json::Value::Array(a) => a.iter().find_map(|x| walk(x, key)),
            serde_json::Value::Object(m) => m.iter().find_map(|(k, x)| walk(x, k)),
            _ => None,
        }
    }
    let Ok(value) = serde_json::to_value(scenario) else {
        return Ok(());
    };
    match walk(&value, "") {
        None => Ok(()),
        Some((key, start, n, bound)) => Err(LoadError::at(
            file,
            text,
            &[&format!("{key}:")],
            format!(
                "the {} \"{start}…\" is {n} characters long; a scenario's {} hold at most {bound}",
                if key.is_empty() { "text" } else { key.as_str() },
                if bound == MAX_NAME_CHARS {
                    "names"
                } else {
                    "texts"
                }
            ),
        )),
    }
}

/// The text of a file's `bytes`: UTF-8, at most [`MAX_FILE_BYTES`].
///
/// # Errors
/// A file over the bound, or bytes that are not UTF-8, at the line and
/// column of the first bad byte.
pub fn decode_text(file: &str, bytes: Vec<u8>) -> Result<String, LoadError> {
    check_size_within(file, bytes.len() as u64, size_bound(&bytes))?;
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = String::from_utf8_lossy(&bytes[..good]);
        let (line, col) = line_col(&before, before.len());
        LoadError {
            file: file.to_string(),
            line: Some(line),
            col: Some(col),
            message: format!(
                "byte 0x{:02x} is not UTF-8 text; scenarios and saves are UTF-8",
                bytes.get(good).copied().unwrap_or(0)
            ),
        }
    })
}

/// The RON options every Kassen file is read with (`Some` may be left out).
pub fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .with_recursion_limit(MAX_NESTING)
}

/// Parses RON text into `T`, turning a RON error into a [`LoadError`] with position.
///
/// # Errors
/// Syntax errors, wrong types, missing or unknown fields.
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    ron_options().from_str(text).map_err(|e| LoadError {
        file: file.to_string(),
        line: Some(e.span.start.line),
        col: Some(e.span.start.col),
        message: e.code.to_string(),
    })
}

/// Finds the 1-based `(line, column)` of the last of `anchors`, each searched
/// after the previous one. In an anchor a space matches any run of whitespace,
/// and an anchor ending in a letter or digit must not be followed by one
/// (`"id: 7"` does not match `id: 71`).
pub fn locate(text: &str, anchors: &[&str]) -> Option<(usize, usize)> {
    let mut from = 0;
    let mut last = None;
    for a in anchors {
        let at = find_flex(text, from, a)?;
        last = Some(at);
        from = at + 1;
    }
    last.map(|at| line_col(text, at))
}

/// The 1-based line and column (in characters) of byte offset `at` of
/// `text` (at most its length, on a character boundary).
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn find_flex(text: &str, from: usize, pat: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let pat = pat.as_bytes();
    let mut start = from;
    while start < bytes.len() {
        if let Some(end) = match_at(bytes, start, pat) {
            let last_alnum = pat.last().is_some_and(|c| c.is_ascii_alphanumeric());
            let next_alnum = bytes
                .get(end)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
            if !(last_alnum && next_alnum) {
                return Some(start);
            }
        }
        start += 1;
    }
    None
}

fn match_at(text: &[u8], mut i: usize, pat: &[u8]) -> Option<usize> {
    for &p in pat {
        if p == b' ' {
            while text.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
                i += 1;
            }
        } else {
            if text.get(i) != Some(&p) {
                return None;
            }
            i += 1;
        }
    }
    Some(i)
}

/// One side of the battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// Name units refer to ("Takeda").
    pub name: String,
    /// The side's own board edge (Flee moves go there once the General Staff is lost).
    pub edge: BoardEdge,
    /// Counter colour, linear RGB 0..1.
    pub color: (f32, f32, f32),
}

/// A set of hexes with one terrain type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainPatch {
    /// Terrain type name from the module's terrain table.
    pub terrain: String,
    /// Hexes as `(column, row)`.
    pub hexes: Vec<Offset>,
}

/// A set of hexes at one elevation level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElevationPatch {
    /// Level, 0 = plain; each level is one hill tile.
    pub level: i32,
    /// Hexes as `(column, row)`.
    pub hexes: Vec<Offset>,
}

/// A feature on the hexside between two neighbouring hexes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideSpec {
    /// Feature name from the module's terrain table.
    pub feature: String,
    /// The two neighbouring hexes as `(column, row)`.
    pub between: (Offset, Offset),
}

/// The board: size in hexes and its terrain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Columns, 1..=64.
    pub columns: i32,
    /// Rows, 1..=64.
    pub rows: i32,
    /// Terrain of every hex not listed in `terrain`.
    pub default_terrain: String,
    /// Terrain patches, applied in order.
    #[serde(default)]
    pub terrain: Vec<TerrainPatch>,
    /// Elevation patches, applied in order.
    #[serde(default)]
    pub elevation: Vec<ElevationPatch>,
    /// Hexside features.
    #[serde(default)]
    pub hexsides: Vec<HexsideSpec>,
}

impl BoardSpec {
    /// The board of a validated spec: its terrain, elevation and hexsides
    /// over `table`, the module's terrain data.
    pub fn build(&self, table: TerrainTable) -> HexBoard {
        let mut board = HexBoard::new(self.columns, self.rows, &self.default_terrain, table);
        for p in &self.terrain {
            for h in &p.hexes {
                board.set_terrain(HexBoard::to_hex(*h), &p.terrain);
            }
        }
        for p in &self.elevation {
            for h in &p.hexes {
                board.set_elevation(HexBoard::to_hex(*h), p.level);
            }
        }
        for x in &self.hexsides {
            board.set_hexside(
                HexBoard::to_hex(x.between.0),
                HexBoard::to_hex(x.between.1),
                &x.feature,
            );
        }
        board
    }
}

/// One unit as placed by the scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// Unique id, the unit's `UnitId`.
    pub id: u32,
    /// Side name from `sides`.
    pub side: String,
    /// Unit type key from the module's unit table.
    pub unit_type: String,
    /// Display name; defaults to the type's name.
    #[serde(default)]
    pub name: Option<String>,
    /// Position `(column, row)`.
    pub at: Offset,
    /// Facing.
    pub facing: Facing,
    /// Models at start; defaults to the type's full strength.
    #[serde(default)]
    pub models: Option<u32>,
    /// Whether the unit has a Commander; defaults to the type's value.
    #[serde(default)]
    pub commander: Option<bool>,
    /// Starts hidden (on an Ambush order).
    #[serde(default)]
    pub hidden: bool,
}

/// How the battle is won.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictorySpec {
    /// A side that scores this many victory points wins at once.
    #[serde(default)]
    pub points_to_win: Option<u32>,
    /// The condition in words, for the app.
    #[serde(default)]
    pub description: String,
}

/// A whole scenario file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Resource)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Rule module key, as registered in `src/rules/`.
    pub ruleset: String,
    /// Title.
    pub name: String,
    /// Briefing text.
    #[serde(default)]
    pub description: String,
    /// The briefing in English and Spanish (history, sources, victory,
    /// stand-ins); without it the app shows `description`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub briefing: Option<crate::engine::briefing::Briefing>,
    /// Dice seed; the CLI's `--seed` overrides it.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Last turn; the game ends after it.
    #[serde(default)]
    pub turn_limit: Option<u32>,
    /// The board.
    pub board: BoardSpec,
    /// Exactly two sides.
    pub sides: Vec<SideSpec>,
    /// The units.
    pub units: Vec<UnitSpec>,
    /// Victory condition.
    #[serde(default)]
    pub victory: VictorySpec,
}

/// The checks hex and table scenarios share, reporting against one file.
pub(crate) struct CommonChecks<'a> {
    /// File name for messages.
    pub file: &'a str,
    /// The file's text, to locate anchors.
    pub text: &'a str,
}

impl CommonChecks<'_> {
    fn at(&self, anchors: &[&str], msg: String) -> LoadError {
        LoadError::at(self.file, self.text, anchors, msg)
    }

    /// The scenario names the module's ruleset.
    pub fn ruleset(&self, found: &str, expected: &str) -> Result<(), LoadError> {
        if found == expected {
            return Ok(());
        }
        Err(self.at(
            &["ruleset"],
            format!("unknown ruleset \"{found}\" (expected \"{expected}\")"),
        ))
    }

    /// Exactly two sides with different names.
    pub fn sides(&self, sides: &[SideSpec]) -> Result<(), LoadError> {
        if sides.len() != 2 {
            return Err(self.at(
                &["sides"],
                format!("a battle needs exactly 2 sides, found {}", sides.len()),
            ));
        }
        if sides[0].name == sides[1].name {
            return Err(self.at(&["sides"], "the two sides have the same name".to_string()));
        }
        Ok(())
    }

    /// A unit's id is new, its side exists and its type is known; returns
    /// the type's full strength.
    pub fn unit_identity(
        &self,
        ids: &mut BTreeSet<u32>,
        sides: &[SideSpec],
        (id, side, unit_type): (u32, &str, &str),
        full: Option<u32>,
    ) -> Result<u32, LoadError> {
        let id_anchor = format!("id: {id}");
        if !ids.insert(id) {
            // Point at the second occurrence.
            return Err(self.at(
                &["units", &id_anchor, &id_anchor],
                format!("duplicate unit id {id}"),
            ));
        }
        if !sides.iter().any(|s| s.name == side) {
            return Err(self.at(
                &["units", &id_anchor, "side"],
                format!("unit {id} names unknown side \"{side}\""),
            ));
        }
        full.ok_or_else(|| {
            self.at(
                &["units", &id_anchor, "unit_type"],
                format!("unit {id} has unknown unit type \"{unit_type}\""),
            )
        })
    }

    /// A unit's starting models are 1 to the type's full strength.
    pub fn models(
        &self,
        (id, unit_type): (u32, &str),
        models: Option<u32>,
        full: u32,
    ) -> Result<(), LoadError> {
        match models {
            Some(m) if m == 0 || m > full => Err(self.at(
                &["units", &format!("id: {id}"), "models"],
                format!("unit {id} has {m} models; a {unit_type} has 1 to {full}"),
            )),
            _ => Ok(()),
        }
    }

    /// Every side has a unit, and the turn limit is at least 1.
    pub fn armies_and_turns<'s>(
        &self,
        sides: &[SideSpec],
        unit_sides: impl Iterator<Item = &'s str> + Clone,
        turn_limit: Option<u32>,
    ) -> Result<(), LoadError> {
        for side in sides {
            if !unit_sides.clone().any(|u| u == side.name) {
                return Err(self.at(
                    &["sides", &format!("\"{}\"", side.name)],
                    format!("side \"{}\" has no units", side.name),
                ));
            }
        }
        if turn_limit == Some(0) {
            return Err(self.at(&["turn_limit"], "turn_limit must be at least 1".to_string()));
        }
        Ok(())
    }
}

/// What the engine needs to know from a rule module to validate a scenario.
pub trait RulesetCatalog {
    /// The module key scenarios name in `ruleset`.
    fn ruleset(&self) -> &str;
    /// The module's terrain data.
    fn terrain(&self) -> &TerrainTable;
    /// Full-strength models of a unit type, or `None` if the type is unknown.
    fn unit_type_models(&self, unit_type: &str) -> Option<u32>;
    /// Whether two units may share a hex.
    fn stacking_allowed(&self) -> bool {
        false
    }
    /// Module-specific checks, after the engine's own. Return a sentence and
    /// anchors to locate it (see [`locate`]).
    fn validate(&self, _scenario: &Scenario) -> Result<(), (String, Vec<String>)> {
        Ok(())
    }
}

impl Scenario {
    /// Parses and validates a scenario text. `file` is used in error messages.
    ///
    /// # Errors
    /// The first problem found, with its position where the text has one.
    pub fn from_str(
        file: &str,
        text: &str,
        catalog: &dyn RulesetCatalog,
    ) -> Result<Scenario, LoadError> {
        let s: Scenario = parse_ron(file, text)?;
        s.validate(file, text, catalog)?;
        Ok(s)
    }

    /// Checks everything a parse cannot: names, bounds, ids, hexes.
    ///
    /// # Errors
    /// The first problem found.
    pub fn validate(
        &self,
        file: &str,
        text: &str,
        catalog: &dyn RulesetCatalog,
    ) -> Result<(), LoadError> {
        let err = |anchors: &[&str], msg: String| Err(LoadError::at(file, text, anchors, msg));
        let common = CommonChecks { file, text };
        common.ruleset(&self.ruleset, catalog.ruleset())?;
        let b = &self.board;
        if !(1..=64).contains(&b.columns) || !(1..=64).contains(&b.rows) {
            return err(
                &["board", "columns"],
                format!(
                    "board must be 1 to 64 hexes each way, not {} × {}",
                    b.columns, b.rows
                ),
            );
        }
        let table = catalog.terrain();
        if table.terrain(&b.default_terrain).is_none() {
            return err(
                &["default_terrain"],
                format!("unknown terrain \"{}\"", b.default_terrain),
            );
        }
        let on_board = |o: Offset| o.0 >= 0 && o.1 >= 0 && o.0 < b.columns && o.1 < b.rows;
        for p in &b.terrain {
            let quoted = format!("\"{}\"", p.terrain);
            if table.terrain(&p.terrain).is_none() {
                return err(
                    &["board", "terrain", &quoted],
                    format!("unknown terrain \"{}\"", p.terrain),
                );
            }
            if let Some(h) = p.hexes.iter().find(|h| !on_board(**h)) {
                return err(
                    &["board", "terrain", &quoted],
                    format!(
                        "terrain hex ({}, {}) is off the {} × {} board",
                        h.0, h.1, b.columns, b.rows
                    ),
                );
            }
        }
        for p in &b.elevation {
            if let Some(h) = p.hexes.iter().find(|h| !on_board(**h)) {
                return err(
                    &["board", "elevation"],
                    format!("elevation hex ({}, {}) is off the board", h.0, h.1),
                );
            }
        }
        for s in &b.hexsides {
            let quoted = format!("\"{}\"", s.feature);
            if table.hexside(&s.feature).is_none() {
                return err(
                    &["hexsides", &quoted],
                    format!("unknown hexside feature \"{}\"", s.feature),
                );
            }
            let (a, c) = s.between;
            if !on_board(a) || !on_board(c) {
                return err(
                    &["hexsides", &quoted],
                    "hexside is off the board".to_string(),
                );
            }
            if HexBoard::to_hex(a).unsigned_distance_to(HexBoard::to_hex(c)) != 1 {
                return err(
                    &["hexsides", &quoted],
                    format!(
                        "hexes ({}, {}) and ({}, {}) are not neighbours",
                        a.0, a.1, c.0, c.1
                    ),
                );
            }
        }
        common.sides(&self.sides)?;
        let mut ids = BTreeSet::new();
        let mut hexes: BTreeMap<Offset, u32> = BTreeMap::new();
        for u in &self.units {
            let id_anchor = format!("id: {}", u.id);
            let here =
                |field: &str| vec!["units".to_string(), id_anchor.clone(), field.to_string()];
            let at = |field: &str, msg: String| {
                let a = here(field);
                let refs: Vec<&str> = a.iter().map(String::as_str).collect();
                Err(LoadError::at(file, text, &refs, msg))
            };
            let full = common.unit_identity(
                &mut ids,
                &self.sides,
                (u.id, &u.side, &u.unit_type),
                catalog.unit_type_models(&u.unit_type),
            )?;
            if !on_board(u.at) {
                return at(
                    "at",
                    format!(
                        "unit {} at ({}, {}) is off the {} × {} board",
                        u.id, u.at.0, u.at.1, b.columns, b.rows
                    ),
                );
            }
            common.models((u.id, &u.unit_type), u.models, full)?;
            if !catalog.stacking_allowed()
                && let Some(other) = hexes.insert(u.at, u.id)
            {
                return at(
                    "at",
                    format!(
                        "units {} and {} are both on hex ({}, {})",
                        other, u.id, u.at.0, u.at.1
                    ),
                );
            }
        }
        common.armies_and_turns(
            &self.sides,
            self.units.iter().map(|u| u.side.as_str()),
            self.turn_limit,
        )?;
        catalog.validate(self).map_err(|(msg, anchors)| {
            let refs: Vec<&str> = anchors.iter().map(String::as_str).collect();
            LoadError::at(file, text, &refs, msg)
        })
    }

    /// Builds the board resource from the board spec (assumes a validated scenario).
    pub fn build_board(&self, table: &TerrainTable) -> HexBoard {
        self.board.build(table.clone())
    }

    /// The scenario as side `side` may know it before the game: the other
    /// side's hidden units left out (what a remote guest is sent).
    pub fn known_to(&self, side: u8) -> Self {
        let mut s = self.clone();
        s.units
            .retain(|u| !u.hidden || self.side_index(&u.side) == Some(side));
        s
    }

    /// Index of the side called `name`.
    pub fn side_index(&self, name: &str) -> Option<u8> {
        self.sides
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_finds_anchors_in_sequence() {
        let text = "(\n  units: [\n    (id: 1, at: (0, 0)),\n    (id: 12, at: (9, 9)),\n  ]\n)";
        assert_eq!(locate(text, &["units", "id: 1", "at"]), Some((3, 13)));
        assert_eq!(locate(text, &["units", "id: 12", "at"]), Some((4, 14)));
        assert_eq!(locate(text, &["nothing"]), None);
    }

    #[test]
    fn ron_errors_carry_line_and_column() {
        let e = parse_ron::<VictorySpec>("v.ron", "(\n  points_to_win: \"x\",\n)").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.to_string().starts_with("v.ron:2:"));
    }
}
