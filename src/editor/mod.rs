//! The scenario editor's model (issue 12 §5): a scenario file as a
//! [`ScenarioDoc`], changed only by [`EditCommand`]s through
//! [`ScenarioDoc::apply`]. It knows the parts every module's scenarios share
//! (name, briefing, turn limit, victory text, the hex board or the table,
//! the two sides, and the units and leaders placed on them) and keeps every
//! other field of a module's format word for word. A refused command
//! changes nothing. Validation is the module's own, the same as
//! `kassen check` ([`crate::session::check_text`]).

mod edits;
pub mod fields;
pub mod module;

use serde::{Deserialize, Serialize};

use crate::engine::board::{BoardEdge, HexBoard, Offset};
use crate::engine::editing::{EditorPalette, FacingKind, FlagKind};
use crate::engine::scenario::{BoardSpec, ElevationPatch, HexsideSpec, SideSpec, TerrainPatch};
use crate::engine::table::{AreaEffect, AreaSpec, TableSpec};
use crate::t;
use fields::{join_struct, split_list, split_struct};

/// Where a piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum At {
    /// A hex, `(column, row)`.
    Hex(Offset),
    /// A point on the open table, inches from its bottom-left corner.
    Table(f32, f32),
}

impl At {
    fn ron(self) -> String {
        match self {
            At::Hex((c, r)) => format!("({c}, {r})"),
            At::Table(x, y) => format!("({x:.1}, {y:.1})"),
        }
    }
}

/// One change to a scenario. Every command is checked before it changes
/// anything: a refusal leaves the scenario as it was.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EditCommand {
    /// The title.
    SetName(String),
    /// The briefing text.
    SetBriefing(String),
    /// The last turn, 1..=99.
    SetTurnLimit(u32),
    /// The victory condition in words (modules with a `victory` field).
    SetVictory(String),
    /// A side's name (0 or 1); its units follow.
    SetSideName(u8, String),
    /// The hex board's size in hexes, 4..=64 each way; what falls off is
    /// dropped, pieces are moved onto the edge.
    Resize {
        /// Columns.
        columns: i32,
        /// Rows.
        rows: i32,
    },
    /// The table's size in inches, 12..=120 each way.
    ResizeTable {
        /// Width.
        width: f32,
        /// Depth.
        depth: f32,
    },
    /// Paints a hex with a terrain of the palette.
    PaintTerrain {
        /// The hex.
        hex: Offset,
        /// The terrain's name.
        terrain: String,
    },
    /// Sets a hex's elevation, 0..=the palette's highest level.
    SetElevation {
        /// The hex.
        hex: Offset,
        /// Hill levels.
        level: i32,
    },
    /// Puts a hexside feature between two neighbouring hexes, or clears it
    /// (`None`).
    PaintHexside {
        /// One hex.
        a: Offset,
        /// Its neighbour.
        b: Offset,
        /// The feature's name.
        feature: Option<String>,
    },
    /// A terrain area on the table: a regular hexagon of `radius` inches.
    AddArea {
        /// Its name.
        name: String,
        /// What it does.
        effects: Vec<AreaEffect>,
        /// Height in inches.
        height: f32,
        /// Centre, inches.
        center: (f32, f32),
        /// Radius, inches (1..=30).
        radius: f32,
    },
    /// Moves a table area so that its centre is at `center`.
    MoveArea {
        /// Index in the table's areas.
        index: usize,
        /// New centre, inches.
        center: (f32, f32),
    },
    /// Removes a table area.
    RemoveArea(usize),
    /// Places a new unit of the palette; its id is the next free one.
    PlaceUnit {
        /// Side 0 or 1.
        side: u8,
        /// Unit type key.
        unit_type: String,
        /// Where.
        at: At,
    },
    /// Moves a unit or leader.
    MovePiece {
        /// Its id.
        id: u32,
        /// Where to.
        at: At,
    },
    /// Turns a unit: a hexside name (`NorthEast`) or degrees (`90`).
    Face {
        /// Its id.
        id: u32,
        /// The facing as the scenario writes it.
        facing: String,
    },
    /// Renames a unit or leader.
    RenamePiece {
        /// Its id.
        id: u32,
        /// The new name.
        name: String,
    },
    /// Sets a flag of the palette on a unit (`Some("true")`, `Some("4")`),
    /// or clears it (`None`).
    SetFlag {
        /// Its id.
        id: u32,
        /// The flag's field.
        field: String,
        /// The value as RON text.
        value: Option<String>,
    },
    /// Removes a unit or leader.
    RemovePiece(u32),
}

/// A unit or leader as the editor sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// `units` or `leaders`.
    pub list: &'static str,
    /// Its id.
    pub id: u32,
    /// Its side's name.
    pub side: String,
    /// Unit type key (empty for a leader).
    pub unit_type: String,
    /// Its name, if it has one.
    pub name: Option<String>,
    /// Where it stands.
    pub at: Option<At>,
    /// Every field, as text, in the file's order.
    pub fields: Vec<(String, String)>,
}

/// A scenario being edited: its top-level fields as text, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioDoc {
    fields: Vec<(String, String)>,
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn ron_value<T: serde::de::DeserializeOwned>(what: &str, text: &str) -> Result<T, String> {
    crate::engine::scenario::ron_options()
        .from_str(text)
        .map_err(|e| format!("{what}: {}", e.code))
}

fn ron_text<T: Serialize>(value: &T) -> String {
    let pretty = ron::ser::PrettyConfig::new()
        .indentor("    ")
        .compact_arrays(true)
        .new_line("\n");
    ron::ser::to_string_pretty(value, pretty).unwrap_or_default()
}

fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

fn set_field(fields: &mut Vec<(String, String)>, name: &str, value: String) {
    match fields.iter_mut().find(|(k, _)| k == name) {
        Some((_, v)) => *v = value,
        None => fields.push((name.to_string(), value)),
    }
}

/// The id, side, type, name and place of a piece's fields.
fn piece(list: &'static str, fields: Vec<(String, String)>, table: bool) -> Result<Piece, String> {
    let id: u32 = ron_value("id", field(&fields, "id").ok_or("a piece without an id")?)?;
    let side: String = ron_value("side", field(&fields, "side").unwrap_or("\"\""))?;
    let unit_type: String = match field(&fields, "unit_type") {
        Some(t) => ron_value("unit_type", t)?,
        None => String::new(),
    };
    let name: Option<String> = match field(&fields, "name") {
        Some(t) => Some(ron_value("name", t)?),
        None => None,
    };
    let at = match field(&fields, "at") {
        Some(t) if table => Some(ron_value::<(f32, f32)>("at", t).map(|(x, y)| At::Table(x, y))?),
        Some(t) => Some(At::Hex(ron_value::<Offset>("at", t)?)),
        None => None,
    };
    Ok(Piece {
        list,
        id,
        side,
        unit_type,
        name,
        at,
        fields,
    })
}

/// The fields the editor writes itself; any other field of a new unit is
/// copied from another unit of its side (a RAN unit's contingent).
const OWN_FIELDS: [&str; 8] = [
    "id",
    "side",
    "unit_type",
    "name",
    "at",
    "facing",
    "models",
    "per_rank",
];

impl ScenarioDoc {
    /// Reads a scenario file's text.
    ///
    /// # Errors
    /// Text that is not a RON struct, or whose board, table, sides or
    /// pieces do not read.
    pub fn parse(text: &str) -> Result<Self, String> {
        let doc = Self {
            fields: split_struct(text)?,
        };
        doc.sides()?;
        doc.pieces()?;
        if doc.is_table() {
            doc.table()?;
        } else {
            doc.board()?;
        }
        Ok(doc)
    }

    /// The scenario as RON text, one field per line, a unit per line.
    pub fn text(&self) -> String {
        let mut out = String::from("// Made with Kassen's scenario editor.\n(\n");
        for (k, v) in &self.fields {
            let v = match k.as_str() {
                "units" | "leaders" | "sides" => match split_list(v) {
                    Ok(items) if !items.is_empty() => format!(
                        "[\n{}\n    ]",
                        items
                            .iter()
                            .map(|i| format!("        {},", reindent_by(i, "        ")))
                            .collect::<Vec<_>>()
                            .join("\n")
                    ),
                    _ => v.clone(),
                },
                _ => reindent_by(v, "    "),
            };
            out.push_str(&format!("    {k}: {v},\n"));
        }
        out.push_str(")\n");
        out
    }

    /// The file's `ruleset`.
    pub fn ruleset(&self) -> String {
        field(&self.fields, "ruleset")
            .and_then(|v| ron_value::<String>("ruleset", v).ok())
            .unwrap_or_default()
    }

    /// A string field (`name`, `description`), empty when absent.
    pub fn string(&self, name: &str) -> String {
        field(&self.fields, name)
            .and_then(|v| ron_value::<String>(name, v).ok())
            .unwrap_or_default()
    }

    /// The turn limit, if any.
    pub fn turn_limit(&self) -> Option<u32> {
        field(&self.fields, "turn_limit").and_then(|v| ron_value::<u32>("turn_limit", v).ok())
    }

    /// The victory condition in words, when the module's format has one.
    pub fn victory(&self) -> Option<String> {
        let v = split_struct(field(&self.fields, "victory")?).ok()?;
        Some(
            field(&v, "description")
                .and_then(|d| ron_value::<String>("description", d).ok())
                .unwrap_or_default(),
        )
    }

    /// Whether the scenario is on the open table.
    pub fn is_table(&self) -> bool {
        field(&self.fields, "table").is_some()
    }

    /// The hex board.
    ///
    /// # Errors
    /// No board, or one that does not read.
    pub fn board(&self) -> Result<BoardSpec, String> {
        ron_value("board", field(&self.fields, "board").ok_or("no board")?)
    }

    /// The open table.
    ///
    /// # Errors
    /// No table, or one that does not read.
    pub fn table(&self) -> Result<TableSpec, String> {
        ron_value("table", field(&self.fields, "table").ok_or("no table")?)
    }

    /// The two sides.
    ///
    /// # Errors
    /// Sides that do not read.
    pub fn sides(&self) -> Result<Vec<SideSpec>, String> {
        ron_value("sides", field(&self.fields, "sides").ok_or("no sides")?)
    }

    /// The units, then the leaders, in file order.
    ///
    /// # Errors
    /// A piece that does not read.
    pub fn pieces(&self) -> Result<Vec<Piece>, String> {
        let mut out = Vec::new();
        for list in ["units", "leaders"] {
            if let Some(v) = field(&self.fields, list) {
                for item in split_list(v)? {
                    out.push(piece(list, split_struct(&item)?, self.is_table())?);
                }
            }
        }
        Ok(out)
    }

    /// The piece at `at` (a hex), if any.
    pub fn piece_at(&self, hex: Offset) -> Option<Piece> {
        self.pieces_at(hex).into_iter().next()
    }

    /// Every piece on `hex`: its unit first, then any leaders with it.
    pub fn pieces_at(&self, hex: Offset) -> Vec<Piece> {
        self.pieces()
            .unwrap_or_default()
            .into_iter()
            .filter(|p| p.at == Some(At::Hex(hex)))
            .collect()
    }

    /// The 1-based line of the generated [`text`](Self::text) where piece
    /// `id` is written, to click a problem through to its place.
    pub fn line_of_piece(&self, id: u32) -> Option<usize> {
        let text = self.text();
        let needle = format!("(id: {id},");
        text.lines()
            .position(|l| l.trim_start().starts_with(&needle))
            .map(|i| i + 1)
    }

    /// The piece written on 1-based `line` of [`text`](Self::text).
    pub fn piece_on_line(&self, line: usize) -> Option<u32> {
        let text = self.text();
        let l = text.lines().nth(line.checked_sub(1)?)?.trim_start();
        let rest = l.strip_prefix("(id: ")?;
        rest.split(',').next()?.trim().parse().ok()
    }

    fn set_pieces(&mut self, pieces: &[Piece]) {
        for list in ["units", "leaders"] {
            if field(&self.fields, list).is_none() {
                continue;
            }
            let items: Vec<String> = pieces
                .iter()
                .filter(|p| p.list == list)
                .map(|p| join_struct(&p.fields))
                .collect();
            set_field(&mut self.fields, list, format!("[{}]", items.join(", ")));
        }
    }

    /// Applies `cmd` with the module's `palette`.
    ///
    /// # Errors
    /// A sentence saying why the command is refused; the scenario is then
    /// unchanged.
    pub fn apply(&mut self, palette: &EditorPalette, cmd: &EditCommand) -> Result<(), String> {
        let mut next = self.clone();
        next.apply_inner(palette, cmd)?;
        *self = next;
        Ok(())
    }

    /// Applies `cmd` to `self` (a copy, dropped on a refusal): one function
    /// per command.
    fn apply_inner(&mut self, palette: &EditorPalette, cmd: &EditCommand) -> Result<(), String> {
        match cmd {
            EditCommand::SetName(n) => self.set_name(n),
            EditCommand::SetBriefing(b) => {
                set_field(&mut self.fields, "description", quote(b));
                Ok(())
            }
            EditCommand::SetTurnLimit(t) => self.set_turn_limit(*t),
            EditCommand::SetVictory(text) => self.set_victory(text),
            EditCommand::SetSideName(side, name) => self.rename_side(*side, name),
            EditCommand::Resize { columns, rows } => self.resize(*columns, *rows),
            EditCommand::ResizeTable { width, depth } => self.resize_table(*width, *depth),
            EditCommand::PaintTerrain { hex, terrain } => {
                self.paint_terrain(palette, *hex, terrain)
            }
            EditCommand::SetElevation { hex, level } => self.set_elevation(palette, *hex, *level),
            EditCommand::PaintHexside { a, b, feature } => {
                self.paint_hexside(palette, *a, *b, feature.as_deref())
            }
            EditCommand::AddArea {
                name,
                effects,
                height,
                center,
                radius,
            } => self.add_area(name, effects, *height, *center, *radius),
            EditCommand::MoveArea { index, center } => self.move_area(*index, *center),
            EditCommand::RemoveArea(index) => self.remove_area(*index),
            EditCommand::PlaceUnit {
                side,
                unit_type,
                at,
            } => self.place(palette, *side, unit_type, *at),
            EditCommand::MovePiece { id, at } => self.move_piece(*id, *at),
            EditCommand::Face { id, facing } => self.face(palette, *id, facing),
            EditCommand::RenamePiece { id, name } => self.rename_piece(*id, name),
            EditCommand::SetFlag {
                id,
                field: name,
                value,
            } => self.set_flag(palette, *id, name, value.as_deref()),
            EditCommand::RemovePiece(id) => self.remove_piece(*id),
        }
    }

    /// [`EditCommand::SetName`]: a title that is not blank.
    fn set_name(&mut self, n: &str) -> Result<(), String> {
        if n.trim().is_empty() {
            return Err(t!("editor-refuse-no-title"));
        }
        set_field(&mut self.fields, "name", quote(n));
        Ok(())
    }

    /// [`EditCommand::SetTurnLimit`]: 1..=99.
    fn set_turn_limit(&mut self, t: u32) -> Result<(), String> {
        if !(1..=99).contains(&t) {
            return Err(t!("editor-refuse-turn-limit", turns = t));
        }
        set_field(&mut self.fields, "turn_limit", t.to_string());
        Ok(())
    }

    /// [`EditCommand::SetVictory`]: the description of the `victory` field,
    /// for a module whose scenarios have one.
    fn set_victory(&mut self, text: &str) -> Result<(), String> {
        let Some(v) = field(&self.fields, "victory") else {
            return Err(t!("editor-refuse-victory-by-armies"));
        };
        let mut v = split_struct(v)?;
        set_field(&mut v, "description", quote(text));
        set_field(&mut self.fields, "victory", join_struct(&v));
        Ok(())
    }

    /// [`EditCommand::ResizeTable`]: 12..=120 inches each way.
    fn resize_table(&mut self, width: f32, depth: f32) -> Result<(), String> {
        let mut t = self.table()?;
        if !(12.0..=120.0).contains(&width) || !(12.0..=120.0).contains(&depth) {
            return Err(t!("editor-refuse-table-size", width = width, depth = depth));
        }
        t.width = width;
        t.depth = depth;
        set_field(&mut self.fields, "table", ron_text(&t));
        Ok(())
    }

    /// [`EditCommand::PaintTerrain`]: a terrain of the palette on a hex of
    /// the board; the default terrain clears the hex's patch.
    fn paint_terrain(
        &mut self,
        palette: &EditorPalette,
        hex: Offset,
        terrain: &str,
    ) -> Result<(), String> {
        let mut b = self.board_with(hex)?;
        if !palette.terrain.iter().any(|t| t == terrain) {
            return Err(t!("editor-refuse-no-terrain", terrain = terrain));
        }
        for p in &mut b.terrain {
            p.hexes.retain(|h| *h != hex);
        }
        if *terrain != b.default_terrain {
            match b.terrain.iter_mut().find(|p| p.terrain == *terrain) {
                Some(p) => p.hexes.push(hex),
                None => b.terrain.push(TerrainPatch {
                    terrain: terrain.to_string(),
                    hexes: vec![hex],
                }),
            }
        }
        b.terrain.retain(|p| !p.hexes.is_empty());
        set_field(&mut self.fields, "board", ron_text(&b));
        Ok(())
    }

    /// [`EditCommand::SetElevation`]: 0..=the palette's highest level on a
    /// hex of the board; 0 clears the hex's patch.
    fn set_elevation(
        &mut self,
        palette: &EditorPalette,
        hex: Offset,
        level: i32,
    ) -> Result<(), String> {
        let mut b = self.board_with(hex)?;
        if !(0..=palette.max_elevation).contains(&level) {
            return Err(t!(
                "editor-refuse-elevation",
                level = level,
                max = palette.max_elevation
            ));
        }
        for p in &mut b.elevation {
            p.hexes.retain(|h| *h != hex);
        }
        if level != 0 {
            match b.elevation.iter_mut().find(|p| p.level == level) {
                Some(p) => p.hexes.push(hex),
                None => b.elevation.push(ElevationPatch {
                    level,
                    hexes: vec![hex],
                }),
            }
        }
        b.elevation.retain(|p| !p.hexes.is_empty());
        set_field(&mut self.fields, "board", ron_text(&b));
        Ok(())
    }

    /// [`EditCommand::PaintHexside`]: a hexside feature of the palette (or
    /// none) between two neighbouring hexes of the board.
    fn paint_hexside(
        &mut self,
        palette: &EditorPalette,
        a: Offset,
        b: Offset,
        feature: Option<&str>,
    ) -> Result<(), String> {
        let mut board = self.board_with(a)?;
        if !(0..board.columns).contains(&b.0) || !(0..board.rows).contains(&b.1) {
            return Err(t!("editor-refuse-hex-off-board", hex = format!("{b:?}")));
        }
        if HexBoard::to_hex(a).unsigned_distance_to(HexBoard::to_hex(b)) != 1 {
            return Err(t!(
                "editor-refuse-not-neighbours",
                a = format!("{a:?}"),
                b = format!("{b:?}")
            ));
        }
        if let Some(f) = feature
            && !palette.hexsides.iter().any(|h| h == f)
        {
            return Err(t!("editor-refuse-no-hexside", feature = f));
        }
        board
            .hexsides
            .retain(|x| x.between != (a, b) && x.between != (b, a));
        if let Some(f) = feature {
            board.hexsides.push(HexsideSpec {
                feature: f.to_string(),
                between: (a, b),
            });
        }
        set_field(&mut self.fields, "board", ron_text(&board));
        Ok(())
    }

    /// [`EditCommand::AddArea`]: a named table area, a regular hexagon of
    /// radius 1..=30 inches, its corners rounded to 0.1".
    fn add_area(
        &mut self,
        name: &str,
        effects: &[AreaEffect],
        height: f32,
        center: (f32, f32),
        radius: f32,
    ) -> Result<(), String> {
        let mut t = self.table()?;
        if !(1.0..=30.0).contains(&radius) {
            return Err(t!("editor-refuse-area-radius", radius = radius));
        }
        if name.trim().is_empty() {
            return Err(t!("editor-refuse-area-name"));
        }
        let points = (0..6)
            .map(|i| {
                let a = std::f32::consts::FRAC_PI_3 * i as f32;
                (
                    round1(center.0 + radius * a.cos()),
                    round1(center.1 + radius * a.sin()),
                )
            })
            .collect();
        t.areas.push(AreaSpec {
            look: None,
            name: name.to_string(),
            effects: effects.to_vec(),
            height,
            points,
        });
        set_field(&mut self.fields, "table", ron_text(&t));
        Ok(())
    }

    /// [`EditCommand::MoveArea`]: moves a table area's corners so that
    /// their mean is at `center`, rounded to 0.1".
    fn move_area(&mut self, index: usize, center: (f32, f32)) -> Result<(), String> {
        let mut t = self.table()?;
        let area = t
            .areas
            .get_mut(index)
            .ok_or_else(|| t!("editor-refuse-no-area", index = index))?;
        let n = area.points.len().max(1) as f32;
        let (cx, cy) = area
            .points
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n));
        for p in &mut area.points {
            *p = (round1(p.0 + center.0 - cx), round1(p.1 + center.1 - cy));
        }
        set_field(&mut self.fields, "table", ron_text(&t));
        Ok(())
    }

    /// [`EditCommand::RemoveArea`]: an area the table has.
    fn remove_area(&mut self, index: usize) -> Result<(), String> {
        let mut t = self.table()?;
        if index >= t.areas.len() {
            return Err(t!("editor-refuse-no-area", index = index));
        }
        t.areas.remove(index);
        set_field(&mut self.fields, "table", ron_text(&t));
        Ok(())
    }

    /// [`EditCommand::MovePiece`]: to a place its list may stand on
    /// ([`Self::check_at`]).
    fn move_piece(&mut self, id: u32, at: At) -> Result<(), String> {
        let list = self
            .pieces()?
            .into_iter()
            .find(|p| p.id == id)
            .map_or("units", |p| p.list);
        self.check_at(at, Some(id), list)?;
        self.edit_piece(id, |p| {
            set_field(&mut p.fields, "at", at.ron());
            Ok(())
        })
    }

    /// [`EditCommand::Face`]: a facing as the palette writes it (a hexside
    /// name, or degrees kept as 0..360 to 0.1), on a unit that has one.
    fn face(&mut self, palette: &EditorPalette, id: u32, facing: &str) -> Result<(), String> {
        let value = match palette.facing {
            FacingKind::None => {
                return Err(t!("editor-refuse-no-facing"));
            }
            FacingKind::Hexside => {
                ron_value::<crate::engine::board::Facing>("facing", facing)?;
                facing.to_string()
            }
            FacingKind::Degrees => {
                let d: f32 = facing
                    .parse()
                    .map_err(|_| t!("editor-refuse-facing-degrees", facing = facing))?;
                format!("{:.1}", d.rem_euclid(360.0))
            }
        };
        self.edit_piece(id, |p| {
            if p.list != "units" || field(&p.fields, "facing").is_none() {
                return Err(t!("editor-refuse-piece-no-facing", id = p.id));
            }
            set_field(&mut p.fields, "facing", value.clone());
            Ok(())
        })
    }

    /// [`EditCommand::RenamePiece`]: a name that is not blank.
    fn rename_piece(&mut self, id: u32, name: &str) -> Result<(), String> {
        if name.trim().is_empty() {
            return Err(t!("editor-refuse-empty-name"));
        }
        self.edit_piece(id, |p| {
            set_field(&mut p.fields, "name", quote(name));
            Ok(())
        })
    }

    /// [`EditCommand::SetFlag`]: a flag of the palette, its value of the
    /// flag's kind and, for a count, within its range (naming the rule that
    /// sets it); on a unit only; cleared by `None` or `false`.
    fn set_flag(
        &mut self,
        palette: &EditorPalette,
        id: u32,
        name: &str,
        value: Option<&str>,
    ) -> Result<(), String> {
        let flag = palette
            .flags
            .iter()
            .find(|f| f.field == name)
            .ok_or_else(|| t!("editor-refuse-no-flag", flag = name))?;
        if let Some(v) = value {
            match flag.kind {
                FlagKind::Bool => {
                    ron_value::<bool>(name, v)?;
                }
                FlagKind::Count { min, max } => {
                    let n: u32 = ron_value(name, v)?;
                    if !(min..=max).contains(&n) {
                        let rule = flag
                            .rule
                            .as_deref()
                            .map(|r| format!(" ({r})"))
                            .unwrap_or_default();
                        return Err(t!(
                            "editor-refuse-flag-range",
                            flag = name,
                            value = n,
                            min = min,
                            max = max,
                            rule = rule
                        ));
                    }
                }
            }
        }
        self.edit_piece(id, |p| {
            if p.list != "units" {
                return Err(t!("editor-refuse-flag-on-leader", flag = name, id = p.id));
            }
            p.fields.retain(|(k, _)| k != name);
            if let Some(v) = value
                && v != "false"
            {
                p.fields.push((name.to_string(), v.to_string()));
            }
            Ok(())
        })
    }

    /// [`EditCommand::RemovePiece`]: a unit or leader the scenario has.
    fn remove_piece(&mut self, id: u32) -> Result<(), String> {
        let mut pieces = self.pieces()?;
        let before = pieces.len();
        pieces.retain(|p| p.id != id);
        if pieces.len() == before {
            return Err(t!("editor-refuse-no-piece", id = id));
        }
        self.set_pieces(&pieces);
        Ok(())
    }
}

fn round1(x: f32) -> f32 {
    (x * 10.0).round() / 10.0
}

/// A multi-line value indented under its field by `indent`, however it
/// was indented before (so that writing a read file gives the same text):
/// the whitespace its continuation lines share is replaced by `indent`.
fn reindent_by(v: &str, indent: &str) -> String {
    let mut lines = v.lines();
    let first = lines.next().unwrap_or_default().to_string();
    let rest: Vec<&str> = lines.collect();
    let lead = |l: &str| -> String { l.chars().take_while(|c| c.is_whitespace()).collect() };
    // The longest whitespace prefix every non-blank continuation line shares
    // (compared by characters, so any whitespace is cut whole).
    let mut common: Option<String> = None;
    for l in rest.iter().filter(|l| !l.trim().is_empty()) {
        let w = lead(l);
        common = Some(match common {
            None => w,
            Some(c) => c
                .chars()
                .zip(w.chars())
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| a)
                .collect(),
        });
    }
    let common = common.unwrap_or_default();
    let mut out = first;
    for l in rest {
        out.push('\n');
        if !l.trim().is_empty() {
            out.push_str(indent);
            out.push_str(l.strip_prefix(common.as_str()).unwrap_or(l));
        }
    }
    out
}

#[cfg(test)]
mod tests;
