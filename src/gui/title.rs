//! The title screen ([`Screen::Title`]): every scenario in `scenarios/`
//! with its name, rule system, board kind, sides, turn limit and briefing,
//! read through the registry; *New game* as *Hot-seat*, *You vs computer*
//! (your side and its level) or *Computer vs computer* (watch), *Load
//! game*, and *Resume* when an autosave exists (it keeps who plays which
//! side). In a game, the *Title* button goes back.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::panels::{DIM, RED};
use super::{Screen, app_autosave, clear_game, install_text};
use crate::engine::core::{BoardKind, Rules, ScenarioInfo};
use crate::engine::seats::{Level, Player, Seats};
use crate::session::{self, WithModule};
use crate::t;

/// A computer level's name, in the UI's language ("easy", "normal",
/// "hard").
pub(crate) fn level_name(l: Level) -> String {
    match l {
        Level::Easy => t!("title-level-easy"),
        Level::Normal => t!("title-level-normal"),
        Level::Hard => t!("title-level-hard"),
    }
}

/// A board kind's name, in the UI's language ("hex board", "open table").
fn board_name(b: BoardKind) -> String {
    match b {
        BoardKind::Hex => t!("title-board-hex"),
        BoardKind::Table => t!("title-board-table"),
    }
}

/// The sides' names as "A vs B" (each further side joined the same way).
fn sides_versus(sides: &[String]) -> String {
    sides
        .iter()
        .cloned()
        .reduce(|a, b| t!("title-versus", a = a, b = b))
        .unwrap_or_default()
}

/// Who plays each side, in words: "Takeda: you, Uesugi: computer
/// (normal)" (as `Seats::describe`, in the UI's language).
pub(crate) fn describe_seats(seats: &Seats, sides: &[String; 2]) -> String {
    let who = |p: Player| match p {
        Player::Human if seats.solo_side().is_some() => t!("title-seat-you"),
        Player::Human => t!("title-seat-human"),
        Player::Default => t!("title-seat-scripted"),
        Player::Computer(l) => t!("title-seat-computer", level = level_name(l)),
        Player::Remote => t!("title-seat-remote"),
    };
    format!(
        "{}: {}, {}: {}",
        sides[0],
        who(seats.players[0]),
        sides[1],
        who(seats.players[1])
    )
}

/// A file to open once the app has started (`kassen --scenario FILE`).
#[derive(Resource, Clone, Debug)]
pub struct OpenOnStart {
    /// File name, for messages.
    pub file: String,
    /// Its text.
    pub text: String,
    /// Dice seed for a scenario.
    pub seed: Option<u64>,
    /// Who plays a scenario (default: hot-seat; a save keeps its own).
    pub seats: Option<Seats>,
    /// Open the save as a replay, at this point and viewpoint.
    pub replay: Option<super::replay::ReplayStart>,
    /// Host the scenario on this UDP port, the person here playing this
    /// side.
    pub host: Option<(u16, u8)>,
}

/// Join the host at this address once the app has started (`kassen join
/// ADDRESS`).
#[derive(Resource, Clone, Copy, Debug)]
pub struct JoinOnStart(pub std::net::SocketAddr);

/// How a new game is played, as picked on the title screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Two people at one screen, with the cover between decisions.
    #[default]
    HotSeat,
    /// You against the computer.
    Solo {
        /// Your side (0 or 1).
        side: u8,
        /// The computer's level.
        level: Level,
    },
    /// The computer plays both sides; you watch.
    Watch {
        /// Side 0's level, then side 1's.
        levels: [Level; 2],
    },
}

impl Mode {
    /// The seats of a new game in this mode; the computer thinks with
    /// `ai_seed`.
    pub fn seats(self, ai_seed: u64) -> Seats {
        let players = match self {
            Mode::HotSeat => [Player::Human; 2],
            Mode::Solo { side, level } => {
                let mut p = [Player::Computer(level); 2];
                p[usize::from(side.min(1))] = Player::Human;
                p
            }
            Mode::Watch { levels } => levels.map(Player::Computer),
        };
        Seats { players, ai_seed }
    }
}

/// One scenario on the title screen.
#[derive(Clone, Debug)]
pub struct CatalogEntry {
    /// Where it was read from.
    pub path: PathBuf,
    /// What the scenario says of itself.
    pub info: ScenarioInfo,
    /// The rule system's name.
    pub system: &'static str,
    /// A hex board or an open table.
    pub board: BoardKind,
    /// From the player's own folder ([`user_scenario_dir`]).
    pub yours: bool,
}

/// The scenarios found at start.
#[derive(Resource, Clone, Debug, Default)]
pub struct Catalog {
    /// Valid scenarios, by file name.
    pub entries: Vec<CatalogEntry>,
    /// Files that could not be read, with why.
    pub broken: Vec<String>,
}

/// Title-screen state (not saved).
#[derive(Resource, Clone, Debug, Default)]
pub struct TitleState {
    /// The scenario picked in the list.
    pub picked: Option<usize>,
    /// The Load game path field.
    pub load_path: String,
    /// The last error, shown in red.
    pub error: Option<String>,
    /// How a new game is played.
    pub mode: Mode,
    /// A file to open, and the seats of a scenario (set by the buttons,
    /// done by [`handle_requests`]).
    pub request: Option<(PathBuf, Option<Seats>)>,
    /// A save to open as a replay.
    pub replay_request: Option<PathBuf>,
    /// The *Host* port field.
    pub host_port: String,
    /// The side the person hosting plays.
    pub host_side: u8,
    /// The *Join* address field.
    pub join_address: String,
    /// A scenario to host: its file, the port and the host's side.
    pub host_request: Option<(PathBuf, u16, u8)>,
    /// A host to join.
    pub join_request: Option<std::net::SocketAddr>,
    /// Back to the title screen (the in-game button).
    pub to_title: bool,
    /// What the autosave holds, read when the title screen is entered:
    /// `None` before it is read, then the summary (or why it cannot be
    /// resumed), or nothing when there is no autosave.
    pub resume: Option<Option<Result<String, String>>>,
    /// The language `resume` is worded in (it is read again in another).
    pub resume_lang: crate::i18n::Lang,
    /// The scenario editor to open.
    pub editor_request: Option<super::editor::EditorStart>,
    /// *New scenario*: the modules with an editor (key, title, open
    /// table, the template's size), read once.
    pub templates: Vec<(String, String, bool, (f32, f32))>,
    /// *New scenario*: the module picked, and the size (hexes or inches).
    pub new_scenario: (usize, (f32, f32)),
}

/// *New scenario* on the title screen: a rule system and a board size.
fn editor_block(ui: &mut egui::Ui, state: &mut TitleState) {
    if state.templates.is_empty() {
        state.templates = crate::editor::module::templates()
            .into_iter()
            .map(|t| {
                let size = crate::editor::ScenarioDoc::parse(&t.text)
                    .ok()
                    .and_then(|d| super::editor::template_size(&d))
                    .unwrap_or((12.0, 9.0));
                (
                    t.ruleset.to_string(),
                    t.title.to_string(),
                    t.board == crate::engine::core::BoardKind::Table,
                    size,
                )
            })
            .collect();
    }
    ui.label(RichText::new(t!("title-editor")).strong());
    let (mut pick, mut size) = state.new_scenario;
    ui.horizontal_wrapped(|ui| {
        let current = state
            .templates
            .get(pick)
            .map(|t| t.1.clone())
            .unwrap_or_default();
        egui::ComboBox::from_id_salt("new scenario system")
            .selected_text(current)
            .show_ui(ui, |ui| {
                for (i, t) in state.templates.iter().enumerate() {
                    ui.selectable_value(&mut pick, i, &t.1);
                }
            });
        let table = state.templates.get(pick).is_some_and(|t| t.2);
        if pick != state.new_scenario.0 || size.0 == 0.0 {
            size = state.templates.get(pick).map_or((12.0, 9.0), |t| t.3);
        }
        let range = if table { 12.0..=120.0 } else { 4.0..=64.0 };
        ui.add(egui::DragValue::new(&mut size.0).range(range.clone()));
        ui.label("×");
        ui.add(egui::DragValue::new(&mut size.1).range(range));
        ui.label(if table {
            t!("title-editor-inches")
        } else {
            t!("title-editor-hexes")
        });
    });
    state.new_scenario = (pick, size);
    if ui
        .button(t!("title-new-scenario"))
        .on_hover_text(t!("title-new-scenario-hover"))
        .clicked()
        && let Some(t) = state.templates.get(pick)
    {
        state.editor_request = Some(super::editor::EditorStart::New {
            ruleset: t.0.clone(),
            size,
        });
    }
}

struct Summarize {
    file: String,
    text: String,
}

impl WithModule for Summarize {
    type Out = Result<String, String>;
    fn run<R: Rules>(self) -> Self::Out {
        let g = session::open_text::<R>(&self.file, &self.text, true, None, &[])
            .map_err(|e| e.to_string())?;
        let info = R::describe(g.scenario());
        let name = info.name;
        let who = if g.seats.hot_seat() {
            t!("title-resume-hot-seat")
        } else {
            let sides = [0, 1].map(|i| info.sides.get(i).cloned().unwrap_or_default());
            describe_seats(&g.seats, &sides)
        };
        Ok(match g.outcome() {
            Some(o) => t!(
                "title-resume-over",
                name = name,
                system = R::TITLE,
                outcome = o.text
            ),
            None => format!("{name} ({}): {} ({who})", R::TITLE, g.phase_name()),
        })
    }
}

/// What the save at `path` holds, in words ("Laan's Crossing (WarStrike):
/// Turn 3 · Action phase · Laans"); `None` when there is no file.
fn summarize_save(path: &Path) -> Option<Result<String, String>> {
    if !path.exists() {
        return None;
    }
    Some(
        session::read(path)
            .map_err(|e| e.to_string())
            .and_then(|(file, text)| {
                let h = session::read_header(&file, &text).map_err(|e| e.to_string())?;
                session::with_module(&h.ruleset, Summarize { file, text })
                    .unwrap_or_else(|| Err(t!("title-no-module-plays", ruleset = h.ruleset)))
            }),
    )
}

/// Forgets the autosave summary, to read it again on the title screen.
fn forget_resume(mut state: ResMut<TitleState>) {
    state.resume = None;
}

struct Describe {
    file: String,
    text: String,
}

impl WithModule for Describe {
    type Out = Result<(ScenarioInfo, &'static str, BoardKind), String>;
    fn run<R: Rules>(self) -> Self::Out {
        let s = R::parse_scenario(&self.file, &self.text).map_err(|e| e.to_string())?;
        Ok((R::describe(&s), R::TITLE, R::BOARD))
    }
}

/// The scenario folder: `scenarios/` in the working directory, else the one
/// beside the executable; without either, `scenarios/` still names the
/// shipped scenarios, which open from the binary's own copy
/// ([`crate::engine::assets::built_in_scenario`]).
pub fn scenario_dir() -> PathBuf {
    let here = PathBuf::from("scenarios");
    if here.is_dir() {
        return here;
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("scenarios")))
        .filter(|d| d.is_dir())
        .unwrap_or(here)
}

/// Reads every `.ron` scenario of `dir` through the registry, and the
/// shipped scenarios missing there from the binary's copy.
pub fn read_catalog(dir: &Path) -> Catalog {
    let mut paths = session::ron_files(dir);
    for (name, _) in crate::engine::assets::BUILT_IN_SCENARIOS {
        let p = dir.join(name);
        if !paths.contains(&p) {
            paths.push(p);
        }
    }
    paths.sort();
    catalog_of(paths, false)
}

/// Adds the scenarios of the player's own folder ([`user_scenario_dir`]) to
/// `c`, after the shipped ones.
pub fn add_user_scenarios(c: &mut Catalog, dir: &Path) {
    let mine = catalog_of(session::ron_files(dir), true);
    c.entries.extend(mine.entries);
    c.broken.extend(mine.broken);
}

/// The player's own scenario folder, in the platform data directory
/// (`~/.local/share/kassen/scenarios` on Linux): its `.ron` scenarios are
/// listed on the title screen after the shipped ones.
pub fn user_scenario_dir() -> PathBuf {
    crate::engine::game::data_dir().join("scenarios")
}

fn catalog_of(paths: Vec<PathBuf>, yours: bool) -> Catalog {
    let read = paths
        .into_iter()
        .map(|path| {
            let r = session::read(&path).map_err(|e| e.to_string());
            (path, r)
        })
        .collect();
    catalog_of_read(read, yours)
}

/// The scenario list of texts already read (by the loading state), by
/// path, with the shipped scenarios missing there from the binary's copy.
pub fn catalog_from_texts(texts: Vec<(PathBuf, String)>) -> Catalog {
    let dir = scenario_dir();
    let mut read: Vec<ReadScenario> = texts
        .into_iter()
        .map(|(p, t)| (p.clone(), Ok((p.display().to_string(), t))))
        .collect();
    for (name, text) in crate::engine::assets::BUILT_IN_SCENARIOS {
        let p = dir.join(name);
        if !read.iter().any(|(q, _)| *q == p) {
            read.push((
                p.clone(),
                Ok((p.display().to_string(), (*text).to_string())),
            ));
        }
    }
    read.sort_by(|a, b| a.0.cmp(&b.0));
    catalog_of_read(read, false)
}

/// A scenario's path and its file name and text, or why it cannot be read.
type ReadScenario = (PathBuf, Result<(String, String), String>);

fn catalog_of_read(read: Vec<ReadScenario>, yours: bool) -> Catalog {
    let mut c = Catalog::default();
    for (path, r) in read {
        let described = r.and_then(|(file, text)| {
            let h = session::read_header(&file, &text).map_err(|e| e.to_string())?;
            if h.save {
                return Err(t!("title-save-not-scenario", file = file));
            }
            session::with_module(&h.ruleset, Describe { file, text })
                .unwrap_or_else(|| Err(t!("title-no-module")))
        });
        match described {
            Ok((info, system, board)) => c.entries.push(CatalogEntry {
                path,
                info,
                system,
                board,
                yours,
            }),
            Err(e) => c.broken.push(e),
        }
    }
    c
}

/// Adds the title screen (a kiosk, the demo, has none, nor the way back
/// to it).
pub fn add_title(app: &mut App, kiosk: bool) {
    let mut catalog = read_catalog(&scenario_dir());
    add_user_scenarios(&mut catalog, &user_scenario_dir());
    app.insert_resource(catalog)
        .insert_resource(TitleState {
            picked: Some(0),
            load_path: session::save_dir()
                .join("quicksave.ron")
                .display()
                .to_string(),
            host_port: "5150".into(),
            ..default()
        })
        .add_systems(Update, handle_requests)
        .add_systems(OnEnter(Screen::Title), forget_resume)
        .add_systems(
            EguiPrimaryContextPass,
            (
                title_ui.run_if(
                    in_state(Screen::Title)
                        .and_then(move || !kiosk)
                        .and_then(not(in_state(super::loading::Boot::Loading)))
                        .and_then(not(resource_exists::<super::editor::EditorView>)),
                ),
                back_button.run_if(
                    in_state(Screen::Playing)
                        .and_then(move || !kiosk)
                        .and_then(not(resource_exists::<super::editor::EditorView>)),
                ),
            ),
        );
}

/// Opens a scenario and hosts it on UDP `port`, the person here playing
/// `side` and a guest the other; the dice are seeded from the clock, so the
/// guest cannot know them.
fn host_text(world: &mut World, file: &str, text: &str, port: u16, side: u8) -> Result<(), String> {
    install_text(
        world,
        file,
        text,
        Some(crate::engine::dice::clock_seed()),
        None,
    )?;
    if let Err(e) = super::net::start_hosting(world, port, side) {
        clear_game(world);
        world.resource_mut::<NextState<Screen>>().set(Screen::Title);
        return Err(e);
    }
    Ok(())
}

/// Opens what the title screen or the command line asked for, and goes
/// back to the title when asked.
fn handle_requests(world: &mut World) {
    if let Some(start) = world.remove_resource::<OpenOnStart>() {
        let opened = match (start.replay, start.host) {
            (Some(r), _) => super::replay::open_replay_text(world, &start.file, &start.text, r),
            (None, Some((port, side))) => host_text(world, &start.file, &start.text, port, side),
            (None, None) => install_text(world, &start.file, &start.text, start.seed, start.seats),
        };
        if let Err(e) = opened {
            error!("{e}");
            world.write_message(AppExit::error());
        }
        return;
    }
    if let Some(JoinOnStart(addr)) = world.remove_resource::<JoinOnStart>()
        && let Err(e) = super::net::start_joining(world, addr)
    {
        error!("{e}");
        world.write_message(AppExit::error());
        return;
    }
    let (host, join) = {
        let mut t = world.resource_mut::<TitleState>();
        (t.host_request.take(), t.join_request.take())
    };
    if let Some((path, port, side)) = host {
        let result = session::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|(file, text)| host_text(world, &file, &text, port, side));
        world.resource_mut::<TitleState>().error = result.err();
    }
    if let Some(addr) = join {
        let result = super::net::start_joining(world, addr);
        world.resource_mut::<TitleState>().error = result.err();
    }
    let (request, to_title) = {
        let mut t = world.resource_mut::<TitleState>();
        (t.request.take(), std::mem::take(&mut t.to_title))
    };
    // From a play-test, back to its editor rather than the title.
    if to_title && !super::editor::back_to_editor(world) {
        clear_game(world);
        world.resource_mut::<NextState<Screen>>().set(Screen::Title);
        world.write_message(bevy::window::RequestRedraw);
    }
    let editor = world.resource_mut::<TitleState>().editor_request.take();
    if let Some(start) = editor {
        let result = super::editor::start(world, start);
        world.resource_mut::<TitleState>().error = result.err();
        world.write_message(bevy::window::RequestRedraw);
    }
    let replay = world.resource_mut::<TitleState>().replay_request.take();
    if let Some(path) = replay {
        let result = session::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|(file, text)| {
                super::replay::open_replay_text(world, &file, &text, Default::default())
            });
        world.resource_mut::<TitleState>().error = result.err();
        world.write_message(bevy::window::RequestRedraw);
    }
    if let Some((path, seats)) = request {
        let result = session::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|(file, text)| install_text(world, &file, &text, None, seats));
        world.resource_mut::<TitleState>().error = result.err();
        world.write_message(bevy::window::RequestRedraw);
    }
}

/// The language buttons under the title: the choice is saved in the
/// settings and applies at once.
fn language_picker(ui: &mut egui::Ui) -> Option<crate::i18n::Lang> {
    let current = crate::i18n::lang();
    let mut picked = None;
    ui.horizontal(|ui| {
        // Centre the short row under the title.
        ui.add_space((ui.available_width() - 190.0).max(0.0) / 2.0);
        for l in crate::i18n::Lang::ALL {
            if ui.selectable_label(current == l, l.native_name()).clicked() && current != l {
                picked = Some(l);
            }
        }
    });
    picked
}

fn title_ui(
    mut contexts: EguiContexts,
    catalog: Res<Catalog>,
    mut state: ResMut<TitleState>,
    gui: Res<super::GuiState>,
    settings_window: Option<ResMut<super::settings::SettingsWindow>>,
    mut settings: Option<ResMut<super::settings::Settings>>,
) -> Result {
    let default_level = settings.as_ref().map_or(Level::Normal, |s| s.computer);
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = super::viewport_ui(&ctx, "title");
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(12.0);
            ui.label(RichText::new("Kassen").size(40.0).strong());
            ui.label(RichText::new(t!("title-tagline")).color(DIM));
            if let Some(mut w) = settings_window
                && ui.button(t!("title-settings")).clicked()
            {
                w.open = true;
            }
            // Only a click changes (and so saves) the settings.
            if let Some(l) = language_picker(ui) {
                crate::i18n::set_lang(l);
                if let Some(s) = settings.as_mut() {
                    s.language = Some(l);
                }
            }
            ui.add_space(8.0);
        });
        ui.columns(2, |cols| {
            cols[0].heading(t!("title-scenarios"));
            let list_height = (cols[0].available_height() - 110.0).max(120.0);
            egui::ScrollArea::vertical()
                .id_salt("scenarios")
                .max_height(list_height)
                .show(&mut cols[0], |ui| {
                    for (i, e) in catalog.entries.iter().enumerate() {
                        let name = if e.yours {
                            t!("title-your-folder", name = e.info.name)
                        } else {
                            e.info.name.clone()
                        };
                        let text = format!(
                            "{}\n{} · {} · {}",
                            name,
                            e.system,
                            board_name(e.board),
                            sides_versus(&e.info.sides)
                        );
                        let picked = state.picked == Some(i);
                        if ui.selectable_label(picked, text).clicked() {
                            state.picked = Some(i);
                        }
                        ui.add_space(4.0);
                    }
                    for b in &catalog.broken {
                        ui.label(RichText::new(b).color(RED).small());
                    }
                });
            cols[0].separator();
            editor_block(&mut cols[0], &mut state);
            let right = &mut cols[1];
            if let Some(e) = state.picked.and_then(|i| catalog.entries.get(i)).cloned() {
                right.heading(&e.info.name);
                right.label(t!("title-rule-system", system = e.system));
                right.label(t!("title-board", board = board_name(e.board)));
                right.label(t!("title-sides", sides = sides_versus(&e.info.sides)));
                right.label(t!("title-units", units = e.info.units));
                right.label(match e.info.turn_limit {
                    Some(n) => t!("title-turn-limit", turns = n),
                    None => t!("title-no-turn-limit"),
                });
                right.add_space(6.0);
                egui::ScrollArea::vertical()
                    .id_salt("briefing")
                    .max_height(260.0)
                    .show(right, |ui| {
                        ui.label(&e.info.briefing);
                    });
                right.add_space(6.0);
                let label = mode_picker(right, &mut state.mode, &e.info.sides, default_level);
                if right.button(RichText::new(label).strong()).clicked() {
                    // Each new game's computer thinks with a fresh seed; the
                    // save keeps it, so a resumed game goes on identically.
                    let ai_seed = crate::engine::dice::clock_seed();
                    state.request = Some((e.path.clone(), Some(state.mode.seats(ai_seed))));
                }
                if right
                    .button(t!("title-edit-scenario"))
                    .on_hover_text(t!("title-edit-scenario-hover"))
                    .clicked()
                {
                    state.editor_request = Some(super::editor::EditorStart::Edit(e.path.clone()));
                }
                right.add_space(4.0);
                right.horizontal_wrapped(|ui| {
                    ui.label(t!("title-network-you-play"));
                    for s in [0u8, 1] {
                        let name = e
                            .info
                            .sides
                            .get(usize::from(s))
                            .cloned()
                            .unwrap_or_default();
                        ui.radio_value(&mut state.host_side, s, name);
                    }
                    ui.label(t!("title-port"));
                    ui.add(egui::TextEdit::singleline(&mut state.host_port).desired_width(56.0));
                    if ui
                        .button(t!("title-host"))
                        .on_hover_text(t!("title-host-hover"))
                        .clicked()
                    {
                        match state.host_port.trim().parse::<u16>() {
                            Ok(p) => {
                                state.host_request = Some((e.path.clone(), p, state.host_side))
                            }
                            Err(_) => {
                                state.error =
                                    Some(t!("title-bad-port", port = state.host_port.trim()));
                            }
                        }
                    }
                });
            }
            right.separator();
            right.label(RichText::new(t!("title-join-a-game")).strong());
            right.horizontal(|ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut state.join_address)
                        .hint_text(t!("title-join-hint"))
                        .desired_width(220.0),
                );
                if ui.button(t!("title-join")).clicked() {
                    match state.join_address.trim().parse::<std::net::SocketAddr>() {
                        Ok(a) => state.join_request = Some(a),
                        Err(_) => {
                            state.error =
                                Some(t!("title-bad-address", address = state.join_address.trim()));
                        }
                    }
                }
            });
            if !gui.net.is_empty() {
                right.label(RichText::new(super::panels::shown(&gui.net)).color(DIM));
            }
            right.separator();
            right.label(RichText::new(t!("title-load-game")).strong());
            right.horizontal(|ui| {
                ui.text_edit_singleline(&mut state.load_path);
                if ui.button(t!("title-load")).clicked() {
                    state.request = Some((PathBuf::from(state.load_path.trim()), None));
                }
                if ui
                    .button(t!("title-replay"))
                    .on_hover_text(t!("title-replay-hover"))
                    .clicked()
                {
                    state.replay_request = Some(PathBuf::from(state.load_path.trim()));
                }
            });
            let auto = app_autosave();
            // The summary is in words: read again in another language.
            if state.resume.is_none() || state.resume_lang != crate::i18n::lang() {
                state.resume = Some(summarize_save(&auto));
                state.resume_lang = crate::i18n::lang();
            }
            match state.resume.clone().flatten() {
                Some(Ok(summary)) => {
                    right.separator();
                    right.label(RichText::new(t!("title-resume")).strong());
                    right.label(RichText::new(super::panels::shown(&summary)).color(DIM));
                    if right
                        .button(t!("title-resume-last"))
                        .on_hover_text(t!("title-resume-hover", path = auto.display()))
                        .clicked()
                    {
                        state.request = Some((auto, None));
                    }
                }
                Some(Err(e)) => {
                    right.separator();
                    right.label(RichText::new(t!("title-resume-broken", error = e)).color(RED));
                }
                None => {}
            }
            if let Some(e) = &state.error {
                right.label(RichText::new(e).color(RED));
            }
        });
    });
    Ok(())
}

/// The players of a new game: hot-seat, you against the computer (your
/// side, its level) or the computer on both sides. Returns the start
/// button's label.
pub(crate) fn mode_picker(
    ui: &mut egui::Ui,
    mode: &mut Mode,
    sides: &[String],
    default_level: Level,
) -> String {
    let side_name = |s: u8| sides.get(usize::from(s)).cloned().unwrap_or_default();
    ui.label(RichText::new(t!("title-players")).strong());
    ui.horizontal(|ui| {
        if ui
            .radio(*mode == Mode::HotSeat, t!("title-mode-hot-seat"))
            .on_hover_text(t!("title-mode-hot-seat-hover"))
            .clicked()
        {
            *mode = Mode::HotSeat;
        }
        if ui
            .radio(matches!(mode, Mode::Solo { .. }), t!("title-mode-solo"))
            .on_hover_text(t!("title-mode-solo-hover"))
            .clicked()
            && !matches!(mode, Mode::Solo { .. })
        {
            *mode = Mode::Solo {
                side: 0,
                level: default_level,
            };
        }
        if ui
            .radio(matches!(mode, Mode::Watch { .. }), t!("title-mode-watch"))
            .on_hover_text(t!("title-mode-watch-hover"))
            .clicked()
            && !matches!(mode, Mode::Watch { .. })
        {
            *mode = Mode::Watch {
                levels: [default_level; 2],
            };
        }
    });
    match mode {
        Mode::HotSeat => t!("title-start-hot-seat"),
        Mode::Solo { side, level } => {
            ui.horizontal(|ui| {
                ui.label(t!("title-you-play"));
                for s in [0u8, 1] {
                    ui.radio_value(side, s, side_name(s));
                }
            });
            ui.horizontal(|ui| {
                ui.label(t!("title-computer"));
                for l in Level::ALL {
                    ui.radio_value(level, l, level_name(l));
                }
            });
            t!("title-start-solo")
        }
        Mode::Watch { levels } => {
            for (s, level) in levels.iter_mut().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(side_name(s as u8));
                    for l in Level::ALL {
                        ui.radio_value(level, l, level_name(l));
                    }
                });
            }
            t!("title-start-watch")
        }
    }
}

/// The in-game button back to the title screen (the autosave keeps the game).
fn back_button(mut contexts: EguiContexts, mut state: ResMut<TitleState>) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    egui::Area::new("to_title".into())
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-8.0, -8.0))
        .order(egui::Order::Foreground)
        .show(&ctx, |ui| {
            if ui
                .button(RichText::new(t!("title-back")).color(Color32::LIGHT_GRAY))
                .on_hover_text(t!("title-back-hover"))
                .clicked()
            {
                state.to_title = true;
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        std::env::temp_dir().join(format!("kassen-title-{tag}-{}", std::process::id()))
    }

    #[test]
    fn without_a_scenario_folder_the_shipped_scenarios_come_from_the_binary() {
        let dir = temp("lone").join("scenarios");
        let c = read_catalog(&dir);
        assert!(c.broken.is_empty(), "{:?}", c.broken);
        assert_eq!(
            c.entries.len(),
            crate::engine::assets::BUILT_IN_SCENARIOS.len()
        );
        // Each opens by its path, though no file is there.
        for e in &c.entries {
            assert!(!e.path.exists());
            let (_, text) = session::read(&e.path).unwrap_or_else(|err| panic!("{err}"));
            assert!(text.contains("ruleset"));
        }
    }

    #[test]
    fn a_scenario_in_the_players_own_folder_joins_the_list_after_the_shipped_ones() {
        let mine = temp("mine");
        std::fs::create_dir_all(&mine).expect("temp dir");
        let (name, text) = crate::engine::assets::BUILT_IN_SCENARIOS[0];
        let h = session::read_header(name, text).expect("header");
        let renamed = text.replacen("name: \"", "name: \"My own ", 1);
        std::fs::write(mine.join("my_own.ron"), renamed).expect("write");
        std::fs::write(mine.join("broken.ron"), "(ruleset: ").expect("write");
        let mut c = read_catalog(Path::new("scenarios"));
        let shipped = c.entries.len();
        add_user_scenarios(&mut c, &mine);
        assert_eq!(c.entries.len(), shipped + 1);
        let last = c.entries.last().expect("an entry");
        assert!(
            last.yours && last.info.name.starts_with("My own "),
            "{:?}",
            last.info.name
        );
        assert!(c.entries[..shipped].iter().all(|e| !e.yours));
        assert!(!h.save);
        assert!(
            c.broken.iter().any(|b| b.contains("broken.ron")),
            "{:?}",
            c.broken
        );
        std::fs::remove_dir_all(&mine).ok();
    }
}
