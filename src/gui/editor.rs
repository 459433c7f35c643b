//! The in-app scenario editor (issue 12 §5): *New scenario* or *Edit
//! scenario* on the title screen opens it. The board shows the scenario as
//! it stands, drawn by the game's own views; the left panel holds the
//! tools, the scenario's fields, the selected piece and the module's check
//! of every change. Every change is an [`EditCommand`] on the
//! [`ScenarioDoc`]; a refused one changes nothing and says why.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui;
use egui::{Color32, RichText};

use super::board_view::{BoardLayout, cursor_on_board};
use super::camera::place_camera;
use super::catalog::{add_user_scenarios, read_catalog, scenario_dir, user_scenario_dir};
use super::play::{AppAutosave, clear_game, install_text};
use super::sets::AppSystems;
use super::state::{BoardArea, BriefingOpen, Editing, Screen, Selection};
use super::table_view::to_table;
use super::widgets::{DIM, RED};
use crate::editor::{At, EditCommand, ScenarioDoc, module};
use crate::engine::board::HexBoard;
use crate::engine::editing::{EditorPalette, FacingKind, FlagKind};
use crate::engine::seats::{Player, Seats};
use crate::engine::table::{AreaEffect, Table};
use crate::t;

/// What a click on the board does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Select a piece; a click elsewhere moves the selected one there.
    #[default]
    Select,
    /// Paint terrain (hex board), hex by hex while the button is held.
    Terrain,
    /// Set elevation (hex board).
    Elevation,
    /// Put or clear a feature on the hexside nearest the click.
    Hexside,
    /// Place a unit.
    Unit,
    /// Add a terrain area (open table).
    Area,
    /// Remove the piece (or table area) clicked.
    Erase,
}

/// How the editor was opened from the title screen.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorStart {
    /// A new scenario from a module's template, at this size (hexes, or
    /// inches on the open table).
    New {
        /// The module's `ruleset`.
        ruleset: String,
        /// Columns × rows, or width × depth in inches.
        size: (f32, f32),
    },
    /// A scenario file to edit.
    Edit(PathBuf),
}

/// Asked of the editor by its buttons; done by [`editor_world`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditorRequest {
    /// Start a hot-seat game from the scenario as it stands.
    PlayTest,
    /// Write the scenario to the path field.
    Save,
    /// Back to the title screen.
    Back,
}

/// The scenario being edited and the editor's controls (present only while
/// the editor is open).
#[derive(Resource, Clone, Debug)]
pub struct EditorView {
    /// The scenario.
    pub doc: ScenarioDoc,
    /// What its module lets the editor paint and place.
    pub palette: EditorPalette,
    /// The rule system's title.
    pub system: String,
    /// Where *Save* writes.
    pub path: String,
    /// The tool.
    pub tool: Tool,
    /// The terrain brush.
    pub terrain: String,
    /// The hexside brush (`None` clears).
    pub hexside: Option<String>,
    /// The elevation brush, in levels.
    pub level: i32,
    /// The side new units join.
    pub side: u8,
    /// The unit type placed.
    pub unit_type: String,
    /// A new area's name, effects, height and radius (inches).
    pub area: (String, Vec<AreaEffect>, f32, f32),
    /// The selected unit or leader.
    pub selected: Option<u32>,
    /// The module's verdict on the scenario: the line `kassen check` prints,
    /// or the problem with the piece it names.
    pub verdict: Result<String, (String, Option<u32>)>,
    /// The last refusal or file message.
    pub note: String,
    /// Earlier versions, for *Undo*.
    pub undo: Vec<ScenarioDoc>,
    /// Text fields: name, briefing, victory, turn limit, the two sides.
    pub fields: EditorFields,
    /// The text last drawn on the board.
    shown: Option<String>,
    /// The scenario changed since it was last checked and drawn.
    dirty: bool,
    /// What a button asked for.
    pub request: Option<EditorRequest>,
    /// The hex last painted while the button is held.
    last_painted: Option<(i32, i32)>,
    /// The selected piece's name as typed, applied when the field loses
    /// the keyboard.
    pub name_edit: (Option<u32>, String),
}

/// The editor's text fields, applied with *Apply*.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EditorFields {
    /// Title.
    pub name: String,
    /// Briefing.
    pub briefing: String,
    /// Victory in words (`None`: the module has no such field).
    pub victory: Option<String>,
    /// Turn limit (`None`: the scenario has none).
    pub turn_limit: Option<u32>,
    /// The sides' names.
    pub sides: [String; 2],
    /// Board size: columns × rows, or inches.
    pub size: (f32, f32),
}

impl EditorFields {
    fn of(doc: &ScenarioDoc) -> Self {
        let sides = doc.sides().unwrap_or_default();
        let side = |i: usize| sides.get(i).map(|s| s.name.clone()).unwrap_or_default();
        let size = match (doc.board(), doc.table()) {
            (Ok(b), _) => (b.columns as f32, b.rows as f32),
            (_, Ok(t)) => (t.width, t.depth),
            _ => (0.0, 0.0),
        };
        Self {
            name: doc.string("name"),
            briefing: doc.string("description"),
            victory: doc.victory(),
            turn_limit: doc.turn_limit(),
            sides: [side(0), side(1)],
            size,
        }
    }
}

impl EditorView {
    /// Opens `doc` (read from `file`) for editing, saving to `path`.
    ///
    /// # Errors
    /// The module has no editor, or the scenario does not read.
    pub fn open(file: &str, text: &str, path: PathBuf) -> Result<Self, String> {
        let doc = ScenarioDoc::parse(text).map_err(|e| format!("{file}: {e}"))?;
        let palette = module::palette(file, text).map_err(|e| e.to_string())?;
        let system = module::templates()
            .into_iter()
            .find(|t| t.ruleset == doc.ruleset())
            .map(|t| t.title.to_string())
            .unwrap_or_else(|| doc.ruleset());
        Ok(Self {
            fields: EditorFields::of(&doc),
            terrain: palette.terrain.first().cloned().unwrap_or_default(),
            hexside: palette.hexsides.first().cloned(),
            unit_type: palette
                .unit_types
                .first()
                .map(|(k, _)| k.clone())
                .unwrap_or_default(),
            palette,
            system,
            doc,
            path: path.display().to_string(),
            tool: Tool::Select,
            level: 1,
            side: 0,
            area: (
                t!("editor-area-default-name"),
                vec![AreaEffect::Difficult],
                2.0,
                4.0,
            ),
            selected: None,
            verdict: Ok(String::new()),
            note: String::new(),
            undo: Vec::new(),
            shown: None,
            dirty: true,
            request: None,
            last_painted: None,
            name_edit: (None, String::new()),
        })
    }

    /// Applies `cmd`: kept for *Undo* when it lands, else its refusal noted.
    pub fn apply(&mut self, cmd: &EditCommand) -> bool {
        let before = self.doc.clone();
        match self.doc.apply(&self.palette, cmd) {
            Ok(()) => {
                self.undo.push(before);
                if self.undo.len() > 200 {
                    self.undo.remove(0);
                }
                self.note.clear();
                self.dirty = true;
                true
            }
            Err(e) => {
                self.note = e;
                false
            }
        }
    }

    /// Applies `cmds` together: one change for *Undo*, or, if any is
    /// refused, none of them (the refusal noted).
    pub fn apply_all(&mut self, cmds: &[EditCommand]) -> bool {
        if cmds.is_empty() {
            return true;
        }
        let before = self.doc.clone();
        let mut next = self.doc.clone();
        for c in cmds {
            if let Err(e) = next.apply(&self.palette, c) {
                self.note = e;
                return false;
            }
        }
        self.doc = next;
        self.undo.push(before);
        self.note.clear();
        self.dirty = true;
        true
    }

    /// Takes back the last change.
    pub fn undo(&mut self) {
        if let Some(d) = self.undo.pop() {
            self.doc = d;
            self.fields = EditorFields::of(&self.doc);
            self.dirty = true;
        }
    }
}

/// A new scenario's text: the module's template at `size`.
///
/// # Errors
/// No module of that key, or the size is refused.
pub fn new_scenario(ruleset: &str, size: (f32, f32)) -> Result<(String, String), String> {
    let t = module::templates()
        .into_iter()
        .find(|t| t.ruleset == ruleset)
        .ok_or_else(|| format!("no scenario editor for \"{ruleset}\""))?;
    let mut doc = ScenarioDoc::parse(&t.text).map_err(|e| format!("{}: {e}", t.file))?;
    if template_size(&doc) == Some(size) {
        return Ok((t.file, doc.text()));
    }
    let palette = module::palette(&t.file, &t.text).map_err(|e| e.to_string())?;
    let cmd = if doc.is_table() {
        EditCommand::ResizeTable {
            width: size.0,
            depth: size.1,
        }
    } else {
        EditCommand::Resize {
            columns: size.0 as i32,
            rows: size.1 as i32,
        }
    };
    doc.apply(&palette, &cmd)?;
    Ok((t.file, doc.text()))
}

/// A scenario's board size: columns × rows, or the table's inches.
pub fn template_size(doc: &ScenarioDoc) -> Option<(f32, f32)> {
    match (doc.board(), doc.table()) {
        (Ok(b), _) => Some((b.columns as f32, b.rows as f32)),
        (_, Ok(t)) => Some((t.width, t.depth)),
        _ => None,
    }
}

/// Opens the editor as the title screen asked.
///
/// # Errors
/// The file cannot be read, or its module has no editor.
pub fn start(world: &mut World, start: EditorStart) -> Result<(), String> {
    let dir = user_scenario_dir();
    let (file, text, path) = match start {
        EditorStart::New { ruleset, size } => {
            let (file, text) = new_scenario(&ruleset, size)?;
            let path = free_path(&dir, &ruleset);
            (file, text, path)
        }
        EditorStart::Edit(path) => {
            let (file, text) = crate::session::read(&path).map_err(|e| e.to_string())?;
            // A shipped scenario is saved as a copy in the player's folder.
            let mine = path.starts_with(&dir);
            let to = if mine {
                path
            } else {
                dir.join(path.file_name().unwrap_or_default())
            };
            (file, text, to)
        }
    };
    let view = EditorView::open(&file, &text, path)?;
    hold_board(world, view);
    // The title screen gives way even when the scenario does not yet pass
    // its check (nothing is drawn on the board then, the problem is shown).
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    editor_world(world);
    Ok(())
}

/// The editor takes the board: its view in, and the [`Editing`] marker
/// that rests the game's play and screen.
fn hold_board(world: &mut World, view: EditorView) {
    world.insert_resource(view);
    world.insert_resource(Editing);
}

/// The editor gives the board back; its view, if it was open.
fn release_board(world: &mut World) -> Option<EditorView> {
    world.remove_resource::<Editing>();
    world.remove_resource::<EditorView>()
}

/// `dir/<ruleset>_N.ron` with the first N not taken.
fn free_path(dir: &std::path::Path, ruleset: &str) -> PathBuf {
    (1..)
        .map(|n| dir.join(format!("{ruleset}_{n}.ron")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join(format!("{ruleset}.ron")))
}

/// The seats the editor draws with: nobody plays, everything shows.
fn still() -> Seats {
    Seats {
        players: [Player::Default; 2],
        ai_seed: 1,
    }
}

/// Checks and draws the scenario after a change, and does what the
/// buttons asked.
pub fn editor_world(world: &mut World) {
    let Some(mut ed) = world.get_resource_mut::<EditorView>() else {
        return;
    };
    let request = ed.request.take();
    if ed.dirty {
        ed.dirty = false;
        let text = ed.doc.text();
        let verdict = match module::check(&ed.path, &text) {
            Ok(line) => Ok(line),
            Err(e) => {
                let piece = e.line.and_then(|l| ed.doc.piece_on_line(l));
                Err((e.to_string(), piece))
            }
        };
        ed.verdict = verdict;
        if ed.verdict.is_ok() && ed.shown.as_ref() != Some(&text) {
            let first = ed.shown.is_none();
            let selected = ed.selected;
            ed.shown = Some(text.clone());
            let path = ed.path.clone();
            let camera = (!first).then(|| camera_of(world)).flatten();
            if let Err(e) = install_text(world, &path, &text, None, Some(still())) {
                world.resource_mut::<EditorView>().verdict = Err((e, None));
            }
            if let Some((scale, at)) = camera {
                place_camera(world, scale, at);
            }
            world.resource_mut::<BriefingOpen>().0 = false;
            world.resource_mut::<Selection>().selected = selected;
        }
    }
    match request {
        Some(EditorRequest::Save) => save(world),
        Some(EditorRequest::PlayTest) => play_test(world),
        Some(EditorRequest::Back) => {
            release_board(world);
            clear_game(world);
            refresh_catalog(world);
            world.resource_mut::<NextState<Screen>>().set(Screen::Title);
        }
        None => {}
    }
}

/// The camera's zoom and centre.
fn camera_of(world: &mut World) -> Option<(f32, Vec2)> {
    let mut q = world.query_filtered::<(&Transform, &Projection), With<Camera2d>>();
    q.iter(world).next().and_then(|(tf, p)| match p {
        Projection::Orthographic(o) => Some((o.scale, tf.translation.truncate())),
        _ => None,
    })
}

fn save(world: &mut World) {
    let mut ed = world.resource_mut::<EditorView>();
    let path = PathBuf::from(ed.path.trim());
    let text = ed.doc.text();
    let written = crate::engine::game::write_atomically(&path, text.as_bytes());
    ed.note = match written {
        Err(e) => t!("editor-save-failed", path = path.display(), error = e),
        Ok(()) => match crate::session::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|(f, t)| module::check(&f, &t).map_err(|e| e.to_string()))
        {
            Ok(line) => t!("editor-saved", line = line),
            Err(e) => t!("editor-saved-with-problem", problem = e),
        },
    };
}

/// The scenario as it stands, played hot-seat; *Back to the title* from
/// that game returns to the editor. It writes no autosave.
fn play_test(world: &mut World) {
    let Some(ed) = release_board(world) else {
        return;
    };
    let text = ed.doc.text();
    match install_text(world, &ed.path, &text, None, Some(Seats::default())) {
        Ok(()) => {
            world.resource_mut::<BriefingOpen>().0 = true;
            // A play-test is no game to resume: the autosave keeps the
            // player's last real game.
            world.resource_mut::<AppAutosave>().0 = None;
            world.insert_resource(PlayTestOf(ed));
        }
        Err(e) => {
            let mut ed = ed;
            ed.note = e;
            hold_board(world, ed);
        }
    }
}

/// The editor waiting while its scenario is play-tested.
#[derive(Resource, Clone, Debug)]
pub struct PlayTestOf(pub EditorView);

/// Back from a play-test to the editor (instead of the title screen);
/// `false` when no play-test is on.
pub fn back_to_editor(world: &mut World) -> bool {
    let Some(PlayTestOf(mut ed)) = world.remove_resource::<PlayTestOf>() else {
        return false;
    };
    ed.shown = None;
    ed.dirty = true;
    hold_board(world, ed);
    editor_world(world);
    true
}

/// The title screen's list read again (a saved scenario joins it).
fn refresh_catalog(world: &mut World) {
    let mut catalog = read_catalog(&scenario_dir());
    add_user_scenarios(&mut catalog, &user_scenario_dir());
    world.insert_resource(catalog);
}

/// Board clicks while editing: the tool's command at the hex, hexside or
/// point clicked.
#[allow(clippy::too_many_arguments)]
pub fn editor_click(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    layout: Option<Res<BoardLayout>>,
    table: Option<Res<Table>>,
    egui_pointer: Option<Res<bevy_egui::input::EguiWantsInput>>,
    (mut sel, area): (ResMut<Selection>, Res<BoardArea>),
    mut ed: ResMut<EditorView>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let typing = egui_pointer
        .as_ref()
        .is_some_and(|w| w.wants_any_keyboard_input());
    if ctrl && keys.just_pressed(KeyCode::KeyZ) && !typing {
        ed.undo();
    }
    if keys.just_pressed(KeyCode::Delete)
        && !typing
        && let Some(id) = ed.selected
        && ed.apply(&EditCommand::RemovePiece(id))
    {
        ed.selected = None;
    }
    let painting = matches!(ed.tool, Tool::Terrain | Tool::Elevation);
    if !buttons.pressed(MouseButton::Left) {
        ed.last_painted = None;
    }
    let fresh = buttons.just_pressed(MouseButton::Left);
    if !(fresh || (painting && buttons.pressed(MouseButton::Left)))
        || egui_pointer
            .as_ref()
            .is_some_and(|w| w.wants_any_pointer_input())
    {
        return;
    }
    let (Ok(window), Ok((camera, ctf))) = (window.single(), cam.single()) else {
        return;
    };
    let Some(world) = cursor_on_board(window, camera, ctf, &area) else {
        return;
    };
    if let Some(table) = table {
        if fresh {
            let p = to_table(&table, world);
            table_click(&mut ed, (p.x, p.y));
        }
    } else if let Some(layout) = layout {
        let hex = layout.0.world_pos_to_hex(world);
        let at = HexBoard::to_offset(hex);
        if !fresh && ed.last_painted == Some(at) {
            return;
        }
        ed.last_painted = Some(at);
        // The hexside nearest the click: towards the closest neighbour.
        let centre = layout.0.hex_to_world_pos(hex);
        let across = hex
            .all_neighbors()
            .into_iter()
            .min_by(|a, b| {
                let da = (layout.0.hex_to_world_pos(*a) + centre) / 2.0 - world;
                let db = (layout.0.hex_to_world_pos(*b) + centre) / 2.0 - world;
                da.length_squared().total_cmp(&db.length_squared())
            })
            .map(HexBoard::to_offset);
        hex_click(&mut ed, at, across);
    }
    sel.selected = ed.selected;
}

fn hex_click(ed: &mut EditorView, at: (i32, i32), across: Option<(i32, i32)>) {
    let here = ed.doc.pieces_at(at);
    // A second click on a stack selects the next piece in it (a leader
    // with its unit).
    let there = match here.iter().position(|p| Some(p.id) == ed.selected) {
        Some(i) => here.get((i + 1) % here.len()).map(|p| p.id),
        None => here.first().map(|p| p.id),
    };
    let selected_leader = ed
        .selected
        .and_then(|id| ed.doc.pieces().ok()?.into_iter().find(|p| p.id == id))
        .filter(|p| p.list == "leaders" && p.at != Some(At::Hex(at)));
    let no_leader_here = !here.iter().any(|p| p.list == "leaders");
    match ed.tool {
        // A selected leader joins the unit clicked.
        Tool::Select if selected_leader.is_some() && no_leader_here => {
            if let Some(l) = selected_leader {
                ed.apply(&EditCommand::MovePiece {
                    id: l.id,
                    at: At::Hex(at),
                });
            }
        }
        Tool::Select => match (there, ed.selected) {
            (Some(id), _) => ed.selected = Some(id),
            (None, Some(id)) => {
                ed.apply(&EditCommand::MovePiece {
                    id,
                    at: At::Hex(at),
                });
            }
            (None, None) => {}
        },
        Tool::Terrain => {
            let terrain = ed.terrain.clone();
            ed.apply(&EditCommand::PaintTerrain { hex: at, terrain });
        }
        Tool::Elevation => {
            let level = ed.level;
            ed.apply(&EditCommand::SetElevation { hex: at, level });
        }
        Tool::Hexside => {
            if let Some(b) = across {
                let feature = ed.hexside.clone();
                ed.apply(&EditCommand::PaintHexside { a: at, b, feature });
            }
        }
        Tool::Unit => match there {
            Some(id) => ed.selected = Some(id),
            None => place(ed, At::Hex(at)),
        },
        Tool::Erase => {
            if let Some(id) = there
                && ed.apply(&EditCommand::RemovePiece(id))
                && ed.selected == Some(id)
            {
                ed.selected = None;
            }
        }
        Tool::Area => {}
    }
}

fn place(ed: &mut EditorView, at: At) {
    let cmd = EditCommand::PlaceUnit {
        side: ed.side,
        unit_type: ed.unit_type.clone(),
        at,
    };
    if ed.apply(&cmd) {
        ed.selected = ed
            .doc
            .pieces()
            .ok()
            .and_then(|p| p.iter().map(|p| p.id).max());
    }
}

/// The piece within 1.5″ of `p` on the table, nearest first.
fn piece_near(ed: &EditorView, p: (f32, f32)) -> Option<u32> {
    ed.doc
        .pieces()
        .ok()?
        .into_iter()
        .filter_map(|q| match q.at {
            Some(At::Table(x, y)) => Some((q.id, (x - p.0).powi(2) + (y - p.1).powi(2))),
            _ => None,
        })
        .filter(|(_, d)| *d <= 2.25)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(id, _)| id)
}

fn table_click(ed: &mut EditorView, p: (f32, f32)) {
    let there = piece_near(ed, p);
    match ed.tool {
        Tool::Select => match (there, ed.selected) {
            (Some(id), _) => ed.selected = Some(id),
            (None, Some(id)) => {
                ed.apply(&EditCommand::MovePiece {
                    id,
                    at: At::Table(p.0, p.1),
                });
            }
            (None, None) => {}
        },
        Tool::Unit => match there {
            Some(id) => ed.selected = Some(id),
            None => place(ed, At::Table(p.0, p.1)),
        },
        Tool::Area => {
            let (name, effects, height, radius) = ed.area.clone();
            ed.apply(&EditCommand::AddArea {
                name,
                effects,
                height,
                center: p,
                radius,
            });
        }
        Tool::Erase => {
            if let Some(id) = there {
                if ed.apply(&EditCommand::RemovePiece(id)) && ed.selected == Some(id) {
                    ed.selected = None;
                }
            } else if let Ok(t) = ed.doc.table()
                && let Some(i) = t.areas.iter().position(|a| inside(&a.points, p))
            {
                ed.apply(&EditCommand::RemoveArea(i));
            }
        }
        Tool::Terrain | Tool::Elevation | Tool::Hexside => {}
    }
}

/// Whether `p` is inside the polygon `points` (even-odd rule).
fn inside(points: &[(f32, f32)], p: (f32, f32)) -> bool {
    let mut odd = false;
    let n = points.len();
    for i in 0..n {
        let (a, b) = (points[i], points[(i + n - 1) % n]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            odd = !odd;
        }
    }
    odd
}

/// The scenario editor: its board clicks and its scenario checked and
/// drawn (its panel is `editor_panel.rs`'s). While it is open nobody plays
/// and the game's screen rests: its [`Editing`] marks it.
pub struct EditorPlugin;

impl Plugin for EditorPlugin {
    fn build(&self, app: &mut App) {
        let editing = resource_exists::<EditorView>;
        app.add_systems(
            Update,
            (
                editor_click.in_set(AppSystems::Input).run_if(editing),
                editor_world.in_set(AppSystems::Game).run_if(editing),
            ),
        );
    }
}

/// The flag's value on a piece's fields, as the panel edits it.
pub fn flag_value(fields: &[(String, String)], field: &str, kind: FlagKind) -> Option<u32> {
    let v = fields
        .iter()
        .find(|(k, _)| k == field)
        .map(|(_, v)| v.trim());
    match kind {
        FlagKind::Bool => Some(u32::from(v == Some("true"))),
        FlagKind::Count { .. } => v.and_then(|v| v.parse().ok()),
    }
}

/// The colour of the verdict line.
pub fn verdict_color(ok: bool) -> Color32 {
    if ok {
        Color32::from_rgb(120, 200, 120)
    } else {
        RED
    }
}

/// A dim note under a control.
pub fn hint(ui: &mut egui::Ui, text: String) {
    ui.label(RichText::new(text).small().color(DIM));
}

/// Whether the facing kind lets the panel turn units.
pub fn turns(kind: FacingKind) -> bool {
    kind != FacingKind::None
}
