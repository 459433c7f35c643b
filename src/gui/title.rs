//! The title screen ([`Screen::Title`]): every scenario in `scenarios/`
//! with its name, rule system, board kind, sides, turn limit and briefing,
//! read through the registry; *New game* as *Hot-seat*, *You vs computer*
//! (your side and its level) or *Computer vs computer* (watch), *Load
//! game*, and *Resume* when an autosave exists (it keeps who plays which
//! side). In a game, the *Title* button goes back.

use crate::net::join_code::JoinCode;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::catalog::user_scenario_dir;
use super::catalog::{Catalog, CatalogEntry, add_user_scenarios, read_catalog, scenario_dir};
use super::editor::{EditorStart, EditorView};
use super::loading::{Boot, TablesChecked};
use super::net::NetStatus;
use super::play::{app_autosave, clear_game, install_text};
use super::replay::{ReplayStart, open_replay_text};
use super::sets::AppSystems;
use super::settings::{Motion, Settings, SettingsWindow};
use super::state::{Mode, Screen, WakeEvery};
use super::thumbnail::{Film, Filming, draw_thumb};
use super::widgets::{DIM, RED, level_name, mode_picker, shown, viewport_ui};
use crate::engine::core::{BoardKind, Module};
use crate::engine::seats::{Level, Player, Seats};
use crate::session::{self, WithModule};
use crate::t;

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
    pub replay: Option<ReplayStart>,
    /// Host the scenario on this UDP port, the person here playing this
    /// side.
    pub host: Option<(u16, u8)>,
}

/// Join the host at this address with this join code once the app has
/// started (`kassen join ADDRESS --code CODE`).
#[derive(Resource, Clone, Debug)]
pub struct JoinOnStart(pub std::net::SocketAddr, pub JoinCode);

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
    /// The *Join* code field.
    pub join_code: String,
    /// A scenario to host: its file, the port and the host's side.
    pub host_request: Option<(PathBuf, u16, u8)>,
    /// A host to join, with its join code.
    pub join_request: Option<(std::net::SocketAddr, JoinCode)>,
    /// Back to the title screen (the in-game button).
    pub to_title: bool,
    /// What the autosave holds, read when the title screen is entered:
    /// `None` before it is read, then the summary (or why it cannot be
    /// resumed), or nothing when there is no autosave.
    pub resume: Option<Option<Result<String, String>>>,
    /// The language `resume` is worded in (it is read again in another).
    pub resume_lang: crate::i18n::Lang,
    /// The scenario editor to open.
    pub editor_request: Option<EditorStart>,
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
        state.editor_request = Some(EditorStart::New {
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
    fn run<R: Module>(self) -> Self::Out {
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

/// The title screen and the way back to it (a kiosk, the demo, has
/// neither): the scenario list, the requests of its buttons and of the
/// command line.
pub struct TitlePlugin {
    /// The demo's kiosk: no title screen.
    pub kiosk: bool,
}

impl Plugin for TitlePlugin {
    fn build(&self, app: &mut App) {
        let kiosk = self.kiosk;
        let mut catalog = read_catalog(&scenario_dir());
        add_user_scenarios(&mut catalog, &user_scenario_dir());
        let editing = resource_exists::<EditorView>;
        app.insert_resource(catalog)
            .init_resource::<TitleFilm>()
            .insert_resource(TitleState {
                picked: Some(0),
                load_path: session::save_dir()
                    .join("quicksave.ron")
                    .display()
                    .to_string(),
                host_port: "5150".into(),
                ..default()
            })
            .add_message::<TablesChecked>()
            .add_systems(
                Update,
                (show_table_problems, handle_requests)
                    .chain()
                    .in_set(AppSystems::Actions),
            )
            .add_systems(OnEnter(Screen::Title), forget_resume)
            .add_systems(Update, film_wakes.in_set(AppSystems::Draw))
            .add_systems(
                EguiPrimaryContextPass,
                (
                    title_ui.in_set(AppSystems::View).run_if(
                        in_state(Screen::Title)
                            .and_then(move || !kiosk)
                            .and_then(not(in_state(Boot::Loading)))
                            .and_then(not(editing)),
                    ),
                    back_button.in_set(AppSystems::Draw).run_if(
                        in_state(Screen::Playing)
                            .and_then(move || !kiosk)
                            .and_then(not(editing)),
                    ),
                ),
            );
    }
}

/// The problems the loading state found in the modules' tables, shown in
/// the title screen's error line.
fn show_table_problems(mut checked: MessageReader<TablesChecked>, mut state: ResMut<TitleState>) {
    for c in checked.read() {
        if !c.problems.is_empty() {
            state.error = Some(c.problems.join("\n"));
        }
    }
}

/// Opens a scenario and hosts it on UDP `port`, the person here playing
/// `side` and a guest the other; the dice are seeded from the clock, so the
/// guest cannot know them.
fn host_text(world: &mut World, file: &str, text: &str, port: u16, side: u8) -> Result<(), String> {
    install_text(
        world,
        file,
        text,
        Some(crate::engine::dice::fresh_seed()),
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
            (Some(r), _) => open_replay_text(world, &start.file, &start.text, r),
            (None, Some((port, side))) => host_text(world, &start.file, &start.text, port, side),
            (None, None) => install_text(world, &start.file, &start.text, start.seed, start.seats),
        };
        if let Err(e) = opened {
            error!("{e}");
            world.write_message(AppExit::error());
        }
        return;
    }
    if let Some(JoinOnStart(addr, code)) = world.remove_resource::<JoinOnStart>()
        && let Err(e) = super::net::start_joining(world, addr, &code)
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
    if let Some((addr, code)) = join {
        let result = super::net::start_joining(world, addr, &code);
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
            .and_then(|(file, text)| open_replay_text(world, &file, &text, Default::default()));
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

/// The title screen: the header, the scenario list and *New scenario* on
/// the left; the picked scenario, joining, loading and *Resume* on the
/// right.
fn title_ui(
    mut contexts: EguiContexts,
    catalog: Res<Catalog>,
    mut state: ResMut<TitleState>,
    net: Res<NetStatus>,
    settings_window: Option<ResMut<SettingsWindow>>,
    mut settings: Option<ResMut<Settings>>,
    (mut film, mut campaigns): (ResMut<TitleFilm>, ResMut<super::campaign::CampaignTitle>),
) -> Result {
    let default_level = settings.as_ref().map_or(Level::Normal, |s| s.computer);
    let still = settings
        .as_ref()
        .is_some_and(|s| s.motion == Motion::Reduced);
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = viewport_ui(&ctx, "title");
    egui::CentralPanel::default().show(&mut root, |ui| {
        header(ui, settings_window, &mut settings);
        ui.columns(2, |cols| {
            page_tabs(&mut cols[0], &mut campaigns.shown);
            if campaigns.shown {
                super::campaign::campaign_list(&mut cols[0], &mut campaigns);
                super::campaign::picked_campaign(
                    &mut cols[1],
                    &mut campaigns,
                    &mut state.mode,
                    default_level,
                );
                return;
            }
            scenario_list(&mut cols[0], &catalog, &mut state);
            cols[0].separator();
            editor_block(&mut cols[0], &mut state);
            // The right column scrolls as a whole: on a small window the
            // foot (join, load, resume) is never out of reach.
            egui::ScrollArea::vertical()
                .id_salt("title right")
                .show(&mut cols[1], |right| {
                    if let Some(e) = state.picked.and_then(|i| catalog.entries.get(i)).cloned() {
                        film.follow(right.ctx(), &e.path, still);
                        picked_scenario(right, &e, (&mut state, &film), default_level);
                    }
                    join_block(right, &mut state, &net);
                    // The error under *Host* and *Join*, above *Load*: in
                    // view where the buttons that set it are.
                    if let Some(e) = &state.error {
                        right.label(RichText::new(e).color(RED));
                    }
                    load_block(right, &mut state);
                    resume_block(right, &mut state);
                });
        });
    });
    Ok(())
}

/// *Scenarios* and *Campaigns*: which list the left column shows.
fn page_tabs(ui: &mut egui::Ui, campaigns: &mut bool) {
    ui.horizontal(|ui| {
        for (on, label) in [
            (false, t!("title-scenarios")),
            (true, t!("title-campaigns")),
        ] {
            let text = RichText::new(label).heading();
            if ui.selectable_label(*campaigns == on, text).clicked() {
                *campaigns = on;
            }
        }
    });
}

/// The name, the tagline, *Settings* and the language buttons.
fn header(
    ui: &mut egui::Ui,
    settings_window: Option<ResMut<SettingsWindow>>,
    settings: &mut Option<ResMut<Settings>>,
) {
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
}

/// The seconds the app pauses after each of the computer's commands.
fn app_pace() -> f32 {
    super::computer::ComputerPace::default().delay.as_secs_f32()
}

/// A scenario's size and measured length in one short line: "26 units ·
/// 16 × 12 hexes · about 5 min".
fn size_line(e: &CatalogEntry) -> String {
    let mut parts = vec![t!("title-units-short", units = e.info.units)];
    parts.extend(e.size.map(|s| s.words()));
    parts.extend(
        e.length
            .map(|l| t!("title-minutes-short", minutes = l.minutes(app_pace()))),
    );
    parts.join(" · ")
}

/// Every scenario, a click picks one; the files that could not be read
/// under them.
fn scenario_list(ui: &mut egui::Ui, catalog: &Catalog, state: &mut TitleState) {
    let list_height = (ui.available_height() - 110.0).max(120.0);
    egui::ScrollArea::vertical()
        .id_salt("scenarios")
        .max_height(list_height)
        .show(ui, |ui| {
            // Grouped by rule system, in the order the systems first come.
            let mut systems: Vec<&str> = Vec::new();
            for e in &catalog.entries {
                if !systems.contains(&e.system) {
                    systems.push(e.system);
                }
            }
            let grouped = systems.iter().flat_map(|s| {
                catalog
                    .entries
                    .iter()
                    .enumerate()
                    .filter(move |(_, e)| e.system == *s)
            });
            let mut last = None;
            for (i, e) in grouped {
                if last != Some(e.system) {
                    ui.add_space(4.0);
                    ui.label(RichText::new(e.system).strong().color(DIM));
                    last = Some(e.system);
                }
                let name = if e.yours {
                    t!("title-your-folder", name = e.info.name)
                } else {
                    e.info.name.clone()
                };
                let mut text = format!(
                    "{}\n{} · {}",
                    name,
                    board_name(e.board),
                    sides_versus(&e.info.sides)
                );
                text += &format!("\n{}", size_line(e));
                let picked = state.picked == Some(i);
                ui.horizontal(|ui| {
                    let pic = e
                        .thumb
                        .as_ref()
                        .map(|t| draw_thumb(ui, t, egui::vec2(72.0, 48.0)).clicked());
                    if ui.selectable_label(picked, text).clicked() || pic == Some(true) {
                        state.picked = Some(i);
                    }
                });
                ui.add_space(2.0);
            }
            for b in &catalog.broken {
                ui.label(RichText::new(b).color(RED).small());
            }
        });
}

/// The picked scenario: what it says of itself, the players and the start
/// button, *Edit scenario*, and hosting it.
/// The title screen's right column under the briefing, in points: the
/// choice of players, the start button, and the join, load and resume
/// blocks. The picture and the briefing above share what is left.
const TITLE_FOOT: f32 = 270.0;

fn picked_scenario(
    right: &mut egui::Ui,
    e: &CatalogEntry,
    (state, film): (&mut TitleState, &TitleFilm),
    default_level: Level,
) {
    right.heading(&e.info.name);
    right.label(t!("title-rule-system", system = e.system));
    right.label(t!("title-board", board = board_name(e.board)));
    right.label(t!("title-sides", sides = sides_versus(&e.info.sides)));
    right.label(t!("title-units", units = e.info.units));
    if let Some(size) = e.size {
        right.label(t!("title-board-size", size = size.words()));
    }
    if let Some(l) = e.length {
        right
            .label(t!(
                "title-length",
                commands = l.commands,
                minutes = l.minutes(app_pace())
            ))
            .on_hover_text(t!(
                "title-length-hover",
                games = l.games,
                a = e.info.sides.first().cloned().unwrap_or_default(),
                wa = l.wins.0,
                b = e.info.sides.get(1).cloned().unwrap_or_default(),
                wb = l.wins.1,
                draws = l.draws
            ));
    }
    right.label(match e.info.turn_limit {
        Some(n) => t!("title-turn-limit", turns = n),
        None => t!("title-no-turn-limit"),
    });
    right.add_space(6.0);
    // The battle playing in the picture, else the picture of its start.
    let frame = film.frame(&e.path).or(e.thumb.as_ref());
    // What the column shows below this point (the visible part: the
    // column scrolls), less the room of the choice of players, the start
    // button and the foot (join, load, resume).
    let left = |ui: &egui::Ui| ui.clip_rect().bottom() - ui.cursor().top() - TITLE_FOOT;
    if let Some(t) = frame {
        // The picture gives up height first on a small window.
        let h = (right.available_width().min(420.0) * 0.6).min((left(right) * 0.5).max(90.0));
        draw_thumb(right, t, egui::vec2(h / 0.6, h)).on_hover_text(t!("title-film-hover"));
        right.add_space(6.0);
    }
    // The briefing scrolls in what is left.
    let room = left(right).clamp(100.0, 260.0);
    egui::ScrollArea::vertical()
        .id_salt("briefing")
        .max_height(room)
        .show(right, |ui| {
            ui.label(e.info.briefing.text());
        });
    right.add_space(6.0);
    let label = mode_picker(right, &mut state.mode, &e.info.sides, default_level);
    if right.button(RichText::new(label).strong()).clicked() {
        // Each new game's computer thinks with a fresh seed; the save keeps
        // it, so a resumed game goes on identically.
        let ai_seed = crate::engine::dice::fresh_seed();
        state.request = Some((e.path.clone(), Some(state.mode.seats(ai_seed))));
    }
    if right
        .button(t!("title-edit-scenario"))
        .on_hover_text(t!("title-edit-scenario-hover"))
        .clicked()
    {
        state.editor_request = Some(EditorStart::Edit(e.path.clone()));
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
                Ok(p) => state.host_request = Some((e.path.clone(), p, state.host_side)),
                Err(_) => {
                    state.error = Some(t!("title-bad-port", port = state.host_port.trim()));
                }
            }
        }
    });
}

/// The picked scenario's [`Film`]: a battle playing quietly in its
/// picture, a decision every [`FILM_BEAT`] seconds (still under reduced
/// motion, and resting after [`FILM_REST`] seconds without input).
#[derive(Resource, Default)]
pub struct TitleFilm {
    film: Option<(PathBuf, Film)>,
    /// When it last moved (seconds of egui's clock).
    moved: f64,
    /// Whether it moved on in the last frame of the title screen.
    playing: bool,
    /// When the player last touched the app (seconds of egui's clock).
    touched: f64,
}

/// While the title screen's film plays, the app wakes every beat to move
/// it; else it sleeps (the film is still off the title screen, in the
/// editor and under reduced motion).
fn film_wakes(
    mut film: ResMut<TitleFilm>,
    mut wake: ResMut<WakeEvery>,
    screen: Res<State<Screen>>,
    editing: Option<Res<EditorView>>,
) {
    let on =
        std::mem::take(&mut film.playing) && *screen.get() == Screen::Title && editing.is_none();
    let want = on.then(|| std::time::Duration::from_secs_f64(FILM_BEAT));
    if wake.0 != want {
        wake.0 = want;
    }
}

/// Seconds between two steps of the title screen's film.
const FILM_BEAT: f64 = 0.8;

/// Seconds without input after which the film rests (the app sleeps); a
/// touch of the mouse or a key sets it going again.
const FILM_REST: f64 = 45.0;

impl TitleFilm {
    /// Films the scenario at `path` (from its file) when it is newly
    /// picked, and moves the film on when its beat is due, unless `still`.
    fn follow(&mut self, ctx: &egui::Context, path: &Path, still: bool) {
        let now = ctx.input(|i| i.time);
        if self.film.as_ref().map(|(p, _)| p.as_path()) != Some(path) {
            let film = session::read(path).ok().and_then(|(file, text)| {
                let h = session::read_header(&file, &text).ok()?;
                session::with_module(&h.ruleset, Filming { file, text }).flatten()
            });
            self.film = film.map(|f| (path.to_path_buf(), f));
            self.moved = now;
        }
        // It rests once nobody has touched the app for a while.
        if ctx.input(|i| !i.events.is_empty() || i.pointer.is_moving()) || self.touched == 0.0 {
            self.touched = now;
        }
        let resting = now - self.touched > FILM_REST;
        let Some((_, film)) = self.film.as_mut().filter(|_| !still && !resting) else {
            return;
        };
        // The app wakes every beat while the film plays (`film_wakes`).
        if now - self.moved >= FILM_BEAT {
            film.step();
            self.moved = now;
        }
        self.playing = true;
    }

    /// The film's picture now, if it films the scenario at `path`.
    fn frame(&self, path: &Path) -> Option<&super::thumbnail::Thumb> {
        self.film
            .as_ref()
            .filter(|(p, _)| p == path)
            .and_then(|(_, f)| f.frame.as_ref())
    }
}

/// *Join a game*: the host's address, and what remote play is doing.
fn join_block(right: &mut egui::Ui, state: &mut TitleState, net: &NetStatus) {
    right.separator();
    right.label(RichText::new(t!("title-join-a-game")).strong());
    right.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut state.join_address)
                .hint_text(t!("title-join-hint"))
                .desired_width(220.0),
        );
        ui.add(
            egui::TextEdit::singleline(&mut state.join_code)
                .hint_text(t!("title-join-code-hint"))
                .desired_width(110.0),
        );
        if ui.button(t!("title-join")).clicked() {
            let code = JoinCode::parse(&state.join_code);
            match (
                state.join_address.trim().parse::<std::net::SocketAddr>(),
                code,
            ) {
                (Ok(a), Ok(c)) => state.join_request = Some((a, c)),
                (Err(_), _) => {
                    state.error =
                        Some(t!("title-bad-address", address = state.join_address.trim()));
                }
                (_, Err(_)) => {
                    state.error = Some(t!("title-bad-code", code = state.join_code.trim()));
                }
            }
        }
    });
    if !net.line.is_empty() {
        right.label(RichText::new(shown(&net.line)).color(DIM));
    }
}

/// *Load game*: the path, *Load* and *Replay*.
fn load_block(right: &mut egui::Ui, state: &mut TitleState) {
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
}

/// *Resume*: what the autosave holds (read again in another language), or
/// why it cannot be resumed.
fn resume_block(right: &mut egui::Ui, state: &mut TitleState) {
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
            right.label(RichText::new(shown(&summary)).color(DIM));
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
}

/// The in-game button back to the title screen (the autosave keeps the game).
fn back_button(mut contexts: EguiContexts, mut state: ResMut<TitleState>) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    egui::Area::new("to_title".into())
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-8.0, 4.0))
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
