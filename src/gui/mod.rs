//! The desktop app, written once for every module: a title screen, then a
//! Bevy window with the board (hex or open table), camera pan and zoom,
//! click to select, and egui panels for the unit card, choices with odds,
//! the roll log, the rules reference, saving and loading, and the hot-seat
//! "pass to the other player" screen. It names no module: the registry
//! ([`crate::rules::visit_all`]) adds each module's systems and opens its
//! files.
//!
//! The GUI changes a game only through [`play::UiAction`]s (and, for save
//! and load, through [`crate::session`]); it reads the game through the
//! [`play::ViewModel`] and the mirrored entities.

pub mod board_view;
mod computer;
pub mod counter_art;
pub mod demo;
pub mod dice_tray;
pub mod editor;
pub mod editor_panel;
pub mod keyboard;
pub mod keys;
pub mod legend;
pub mod loading;
pub mod motion;
pub mod net;
pub mod panels;
pub mod play;
pub mod replay;
pub mod settings;
pub mod table_view;
pub mod terrain_art;
pub mod title;
pub mod windows;

#[cfg(test)]
mod net_tests;
#[cfg(test)]
mod play_tests;
#[cfg(test)]
mod replay_tests;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::{PrimaryWindow, WindowResolution};
use bevy::winit::WinitSettings;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

use std::path::Path;

use crate::engine::command::Refusal;
use crate::engine::core::Rules;
use crate::engine::game::{autosave_path, data_dir};
use crate::engine::seats::{Player, Seats};
use crate::engine::view::{Choice, Pick, TableView};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;
use crate::t;

/// What the player is doing in the app (GUI state only; not saved).
#[derive(Resource, Default)]
pub struct GuiState {
    /// The selected unit.
    pub selected: Option<u32>,
    /// The choice waiting for a target or hex click.
    pub armed: Option<Choice>,
    /// The pick for the armed choice.
    pub pick: Pick,
    /// The hot-seat cover is up: shows whose turn it is, hides the board.
    pub pass_screen: Option<u8>,
    /// The decision the cover was last lifted for: (turn, side, phase); the
    /// cover comes back when another side decides.
    pub revealed_for: Option<(u32, u8, String)>,
    /// The last refusal, shown in red.
    pub refusal: Option<Refusal>,
    /// A status line (saved, loaded, errors).
    pub status: String,
    /// What the last undo or redo did, or why it was refused; shown under
    /// the Undo and Redo buttons.
    pub undo_note: String,
    /// What remote play is doing ("Hosting on port 5150: …"), shown in the
    /// top bar and on the title screen; empty when not playing remotely.
    pub net: String,
    /// Remote play is hosting, joining or connected: the app keeps waking
    /// for the wire.
    pub net_live: bool,
    /// The rules-reference window is open, at this rule ID.
    pub rules_open: Option<String>,
    /// Save/load path field.
    pub path: String,
    /// Save requested.
    pub save_request: Option<PathBuf>,
    /// Load requested.
    pub load_request: Option<PathBuf>,
    /// Opening a save as a replay requested.
    pub replay_request: Option<PathBuf>,
    /// The save/load window is open.
    pub files_open: bool,
    /// The briefing window (scenario description and victory condition) is open.
    pub briefing_open: bool,
    /// Rendering for `--screenshot`: no pass cover, the first unit of the side
    /// to plan is selected.
    pub screenshot_mode: bool,
    /// The convention demo's kiosk: no title screen, save, load, autosave
    /// or briefing window.
    pub kiosk: bool,
    /// Choices (orders, actions, moves) the people at this screen applied
    /// since the app started (the demo's hints count them).
    pub human_choices: u64,
    /// Decisions the people at this screen ended (a pass, or the computer
    /// asked to play the decision) since the app started.
    pub human_passes: u64,
    /// The part of the window the board shows between the panels, in
    /// logical pixels (min x, min y, max x, max y); the mouse wheel zooms the
    /// board only there. `None` before the panels are drawn.
    pub board_area: Option<[f32; 4]>,
    /// Rules-table windows the player closed: the whole table as shown, so
    /// that the next planned or resolved table opens again.
    pub closed_tables: Vec<TableView>,
    /// The result the player closed the "battle is over" window on (the
    /// right panel still shows it).
    pub dismissed_outcome: Option<String>,
}

/// Screenshot request: capture after `frame` frames, save to `path`, exit.
#[derive(Resource)]
pub(crate) struct ScreenshotPlan {
    pub(crate) path: PathBuf,
    pub(crate) frame: u32,
    pub(crate) taken: bool,
}

/// Opens a scenario or save of any rule system from inside a game; a
/// failure leaves the game as it was and reports through `status`.
pub(crate) fn load_any(world: &mut World, p: &Path, status: impl Fn(&mut World, String)) {
    let result = session::read(p)
        .map_err(|e| e.to_string())
        .and_then(|(file, text)| install_text(world, &file, &text, None, None));
    match result {
        Ok(()) => {}
        Err(e) => status(world, t!("panels-not-loaded", error = e)),
    }
}

/// The app's autosave file (`~/.local/share/kassen/autosave.ron` on Linux).
pub fn app_autosave() -> std::path::PathBuf {
    autosave_path(&data_dir())
}

pub(crate) fn take_screenshot(
    mut commands: Commands,
    frames: Res<bevy::diagnostic::FrameCount>,
    plan: Option<ResMut<ScreenshotPlan>>,
) {
    let Some(mut plan) = plan else { return };
    if plan.taken {
        if frames.0 > plan.frame + 600 {
            error!("screenshot was not captured in time");
            commands.write_message(AppExit::error());
        }
        return;
    }
    if frames.0 >= plan.frame {
        plan.taken = true;
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(plan.path.clone()))
            .observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
    }
}

/// A new app with the window (1400 × 900), rendering and egui; pipelines are
/// compiled before the first frame when taking a screenshot. A kiosk (the
/// demo) ignores the window's close button.
pub(crate) fn window_app(screenshot: bool, kiosk: bool) -> App {
    let mut app = App::new();
    // The loading state's sources come before the asset plugin; its root is
    // the folder the tables are read from (`engine::assets`).
    loading::add_sources(&mut app);
    let asset_root =
        loading::asset_folder().map_or_else(|| "assets".to_string(), |p| p.display().to_string());
    app.add_plugins(
        DefaultPlugins
            .set(bevy::asset::AssetPlugin {
                file_path: asset_root,
                ..default()
            })
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Kassen".into(),
                    resolution: WindowResolution::new(1400, 900),
                    ..default()
                }),
                close_when_requested: !kiosk,
                ..default()
            })
            .set(RenderPlugin {
                render_creation: WgpuSettings::default().into(),
                synchronous_pipeline_compilation: screenshot,
                ..default()
            }),
    )
    .add_plugins(EguiPlugin::default())
    .insert_resource(ClearColor(Color::srgb(0.13, 0.14, 0.16)));
    crate::net::transport::add_transport(&mut app);
    if !screenshot {
        // Redraw only on input, a command applied or an egui repaint: idle
        // costs next to nothing (a screenshot needs frames to count).
        app.insert_resource(WinitSettings::desktop_app())
            .insert_resource(play::IdleWinit(WinitSettings::desktop_app()));
    }
    app
}

/// A Ui over the whole window, on the background layer, for the panels
/// laid out around the board (egui's panels are shown inside it).
pub(crate) fn viewport_ui(ctx: &bevy_egui::egui::Context, id: &'static str) -> bevy_egui::egui::Ui {
    bevy_egui::egui::Ui::new(
        ctx.clone(),
        id.into(),
        bevy_egui::egui::UiBuilder::new()
            .layer_id(bevy_egui::egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// What the panels around `root` leave is the board: kept in window pixels
/// (egui's points are scaled by the UI scale) for clicks and the wheel.
pub(crate) fn keep_board_area(
    root: &bevy_egui::egui::Ui,
    ctx: &bevy_egui::egui::Context,
    gui: &mut GuiState,
) {
    let free = root.available_rect_before_wrap();
    let z = ctx.zoom_factor();
    let area = Some([
        free.min.x * z,
        free.min.y * z,
        free.max.x * z,
        free.max.y * z,
    ]);
    if gui.board_area != area {
        gui.board_area = area;
    }
}

/// The app's screens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The title screen: scenarios, New game, Load game, Resume.
    #[default]
    Title,
    /// A game is on the board.
    Playing,
}

/// What a game in the app needs besides drawing: the view model, the
/// computer's pace, the table input, the player's actions, the decision and
/// phase states, the screens, and every registered module's systems. The
/// headless tests build the app from this alone.
pub(crate) fn add_game_state(app: &mut App) {
    app.init_resource::<GuiState>()
        .init_resource::<play::ViewModel>()
        .init_resource::<play::AppAutosave>()
        .init_resource::<play::ComputerPace>()
        .init_resource::<table_view::TableScene>()
        .init_resource::<table_view::TableInput>()
        .add_message::<play::UiAction>()
        .init_state::<Screen>()
        .init_state::<play::Decision>()
        .init_state::<play::GamePhase>()
        .add_systems(
            Update,
            net::joining
                .before(play::PlaySet)
                .run_if(resource_exists::<net::Joining>),
        );
    visit_all(&mut AddModules(app));
}

/// The app as the window has it, minus rendering and drawing: the game
/// state of [`add_game_state`] on Bevy's minimal plugins, writing no
/// autosave (`screenshot_mode`). For the headless tests and `kassen fuzz`,
/// which load files the way the window does ([`install_text`]).
pub fn headless_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .add_message::<bevy::window::RequestRedraw>()
        .insert_resource(GuiState {
            screenshot_mode: true,
            ..default()
        });
    add_game_state(&mut app);
    app
}

/// The views shared by every module: the panels, the hex board and the
/// open table.
fn add_views(app: &mut App, screenshot: bool) {
    let default_path = session::save_dir().join("quicksave.ron");
    let on_hexes = |view: Res<play::ViewModel>,
                    boards: Option<Res<crate::engine::board::HexBoard>>| {
        view.loaded && boards.is_some()
    };
    let on_table = resource_exists::<crate::engine::table::Table>;
    // While the scenario editor is open the board is its canvas: nobody
    // plays, and the game's panels and inputs rest.
    let editing = resource_exists::<editor::EditorView>;
    let playing = move |view: Res<play::ViewModel>, ed: Option<Res<editor::EditorView>>| {
        view.loaded && ed.is_none()
    };
    app.insert_resource(GuiState {
        path: default_path.display().to_string(),
        screenshot_mode: screenshot,
        briefing_open: !screenshot,
        ..default()
    });
    add_game_state(app);
    app.add_systems(
        Update,
        (
            board_view::click_board.run_if(not(editing)),
            board_view::spawn_tiles,
            board_view::fit_camera,
            board_view::spawn_counters,
            board_view::update_marker_dots,
            board_view::update_counters,
            motion::glide,
            board_view::draw_overlays,
        )
            .chain()
            .run_if(on_hexes)
            .after(play::PlaySet)
            .after(board_view::camera_controls),
    )
    .add_systems(
        Update,
        board_view::scale_board_text
            .after(board_view::update_counters)
            .after(table_view::sync_bases),
    )
    .add_systems(
        Update,
        table_view::table_pointer
            .run_if(on_table)
            .run_if(not(editing))
            .before(play::PlaySet)
            .after(board_view::camera_controls),
    )
    .add_systems(
        Update,
        (
            table_view::table_scene,
            table_view::spawn_table,
            table_view::sync_bases,
            table_view::draw_table_overlays,
        )
            .chain()
            .after(play::PlaySet),
    )
    .add_systems(Update, keys::fast_forward_key.run_if(playing))
    .add_systems(
        Update,
        keys::undo_keys.before(play::PlaySet).run_if(playing),
    )
    .add_systems(
        Update,
        replay::replay_keys
            .before(play::PlaySet)
            .run_if(resource_exists::<replay::ReplayView>),
    )
    .add_systems(Update, play::computer_wakeups.after(play::PlaySet))
    .add_systems(EguiPrimaryContextPass, panels::ui.run_if(playing))
    .init_resource::<keyboard::HexCursor>()
    .init_resource::<keyboard::ShortcutsOpen>()
    .add_systems(
        Update,
        keyboard::keyboard_play
            .run_if(playing)
            .before(play::PlaySet),
    )
    .add_systems(EguiPrimaryContextPass, keyboard::shortcuts_ui)
    .init_resource::<legend::LegendOpen>()
    .init_resource::<dice_tray::DiceTray>()
    .add_systems(
        EguiPrimaryContextPass,
        dice_tray::dice_tray_ui.run_if(playing).after(panels::ui),
    )
    .add_systems(
        EguiPrimaryContextPass,
        legend::legend_ui.run_if(playing).after(panels::ui),
    );
    editor::add_editor(app);
}

/// Adds every registered module's systems to the app.
struct AddModules<'a>(&'a mut App);

impl ModuleVisitor for AddModules<'_> {
    fn visit<R: Rules>(&mut self) {
        self.0.add_plugins(play::ModulePlugin::<R>::default());
    }
}

/// Takes whatever game is loaded out of the app.
pub fn clear_game(world: &mut World) {
    struct Clear<'a>(&'a mut World);
    impl ModuleVisitor for Clear<'_> {
        fn visit<R: Rules>(&mut self) {
            play::clear::<R>(self.0);
        }
    }
    visit_all(&mut Clear(world));
}

/// Sets the camera's zoom and position.
pub(crate) fn place_camera(world: &mut World, scale: f32, at: Vec2) {
    let mut q = world.query_filtered::<(&mut Transform, &mut Projection), With<Camera2d>>();
    for (mut tf, mut proj) in q.iter_mut(world) {
        tf.translation = at.extend(0.0);
        if let Projection::Orthographic(o) = proj.as_mut() {
            o.scale = scale;
        }
    }
}

/// Places the camera as a new game of module `R` wants it: the whole
/// table in the free area (the window less the panels at the UI scale:
/// left 320 px, right 340, top bar 30, log 210, each times the scale), or
/// the hex map at a fixed zoom; the board's centre under the middle of the
/// free area.
pub(crate) fn place_board_camera<R: Rules>(world: &mut World) {
    let ui = world
        .get_resource::<settings::Settings>()
        .map_or(1.0, |s| s.ui_scale);
    let mut windows = world.query_filtered::<&Window, With<PrimaryWindow>>();
    let (win_w, win_h) = windows
        .iter(world)
        .next()
        .map_or((1400.0, 900.0), |w| (w.width(), w.height()));
    let Some(g) = world.get_resource::<play::ActiveGame<R>>() else {
        return;
    };
    let free_w = (win_w - 660.0 * ui - 20.0).max(100.0);
    let free_h = (win_h - 240.0 * ui - 40.0).max(100.0);
    let scale = R::table(&g.0.ctx).map_or(1.3, |t| {
        let px = table_view::PX_PER_INCH;
        (t.width * px / free_w).max(t.depth * px / free_h)
    });
    place_camera(
        world,
        scale,
        Vec2::new(10.0 * ui * scale, -90.0 * ui * scale),
    );
}

/// Opens a scenario or save's text in the app, for its rule system (found
/// through the registry). A scenario is played by `seats` (default:
/// hot-seat); a save keeps the seats it records.
///
/// # Errors
/// An invalid file, as a sentence with its position; the game loaded
/// before stays.
pub fn install_text(
    world: &mut World,
    file: &str,
    text: &str,
    seed: Option<u64>,
    seats: Option<Seats>,
) -> Result<(), String> {
    struct Install<'a> {
        world: &'a mut World,
        file: &'a str,
        text: &'a str,
        save: bool,
        seed: Option<u64>,
        seats: Option<Seats>,
        ruleset: String,
        result: Option<Result<(), String>>,
    }
    impl Install<'_> {
        fn open<R: Rules>(&mut self) -> Option<crate::engine::game::Game<R>> {
            if self.ruleset != R::RULESET || self.result.is_some() {
                return None;
            }
            // Validate before anything of the old game is touched.
            match session::open_text::<R>(self.file, self.text, self.save, self.seed, &[]) {
                Ok(mut g) => {
                    if !self.save {
                        g.seats = self.seats.unwrap_or_default();
                    }
                    clear_game(self.world);
                    self.result = Some(Ok(()));
                    Some(g)
                }
                Err(e) => {
                    self.result = Some(Err(e.to_string()));
                    None
                }
            }
        }
    }
    impl ModuleVisitor for Install<'_> {
        fn visit<R: Rules>(&mut self) {
            if let Some(g) = self.open::<R>() {
                play::install::<R>(self.world, g);
                place_board_camera::<R>(self.world);
            }
        }
    }
    let h = session::read_header(file, text).map_err(|e| e.to_string())?;
    let mut v = Install {
        world,
        file,
        text,
        save: h.save,
        seed,
        seats,
        ruleset: h.ruleset.clone(),
        result: None,
    };
    visit_all(&mut v);
    v.result.unwrap_or_else(|| {
        Err(t!(
            "panels-no-module-plays",
            file = file,
            ruleset = &h.ruleset
        ))
    })?;
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    Ok(())
}

/// Checks a scenario or save (a save's journal is replayed) for its module.
fn validate(file: &str, text: &str, seed: Option<u64>) -> Result<(), String> {
    struct Check<'a>(&'a str, &'a str, bool, Option<u64>);
    impl session::WithModule for Check<'_> {
        type Out = Result<(), String>;
        fn run<R: crate::engine::core::Rules>(self) -> Self::Out {
            session::open_text::<R>(self.0, self.1, self.2, self.3, &[])
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
    }
    let h = session::read_header(file, text).map_err(|e| e.to_string())?;
    session::with_module(&h.ruleset, Check(file, text, h.save, seed))
        .unwrap_or_else(|| Err(format!("{file}: no module plays \"{}\"", h.ruleset)))
}

/// How the app opens (`kassen [FILE] [--players A,B] [--screenshot OUT]
/// [--demo]`).
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    /// A scenario or save of any rule system to open at once (else the
    /// title screen).
    pub path: Option<PathBuf>,
    /// Dice seed of a scenario.
    pub seed: Option<u64>,
    /// Who plays a scenario (default: hot-seat; a save keeps its own).
    pub players: Option<[Player; 2]>,
    /// Render the view to this PNG and exit.
    pub screenshot: Option<PathBuf>,
    /// The convention demo, with its settings.
    pub demo: Option<demo::DemoConfig>,
    /// Open `path` (a save) as a replay, at this point and viewpoint
    /// (`kassen replay FILE`).
    pub replay: Option<replay::ReplayStart>,
    /// Host `path` (a scenario) on this UDP port, the person here playing
    /// this side (`kassen host FILE`).
    pub host: Option<(u16, u8)>,
    /// Join the host at this address (`kassen join ADDRESS`).
    pub join: Option<std::net::SocketAddr>,
    /// The UI's language from `--lang` (else the settings', else the
    /// system's).
    pub lang: Option<crate::i18n::Lang>,
}

/// Opens the app: on the title screen, or straight on `path` (a scenario or
/// save of any rule system), a scenario played by `players` (default:
/// hot-seat); or the convention demo. With `screenshot`, opens `path`
/// (default: the built-in default scenario; the demo: its attract loop),
/// renders the view to that PNG and exits.
///
/// # Errors
/// An unreadable or invalid file, or an app that exits with an error (no
/// GPU, no display).
pub fn open(opts: AppOptions) -> Result<(), String> {
    let shot = opts.screenshot.is_some();
    let kiosk = opts.demo.is_some();
    // The file is read and checked before any window opens.
    let (file, text) = match (&opts.path, &opts.demo) {
        (Some(p), _) => Some(session::read(p).map_err(|e| e.to_string())?),
        (None, None) if shot => Some((
            session::DEFAULT_SCENARIO_PATH.to_string(),
            session::DEFAULT_SCENARIO.to_string(),
        )),
        _ => None,
    }
    .map_or((None, None), |(f, t)| (Some(f), Some(t)));
    if let (Some(file), Some(text)) = (&file, &text)
        && opts.demo.is_none()
    {
        validate(file, text, opts.seed)?;
        if opts.replay.is_some() {
            session::require_save(file, text).map_err(|e| e.to_string())?;
        }
    }
    check_display()?;
    let mut app = window_app(shot, kiosk);
    app.add_plugins(crate::engine::EnginePlugin)
        .add_systems(Startup, board_view::setup_camera)
        .add_systems(
            Update,
            (board_view::camera_controls, take_screenshot).chain(),
        )
        .add_systems(
            PreUpdate,
            (drop_unchanged_modifiers, keep_tab_for_the_game)
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
    add_views(&mut app, shot);
    settings::add_settings(&mut app, opts.lang);
    app.world_mut().resource_mut::<GuiState>().kiosk = kiosk;
    title::add_title(&mut app, kiosk);
    // A screenshot or the demo starts on its game at once: no loading
    // screen over it (their tables are read from disk as a game starts).
    if !shot && !kiosk {
        loading::add_loading(&mut app);
    }
    if let Some(config) = opts.demo {
        demo::add_demo(&mut app, config)?;
    } else if let (Some(file), Some(text)) = (file, text) {
        let seats = opts.players.map(|players| Seats {
            players,
            ai_seed: 1,
        });
        app.insert_resource(title::OpenOnStart {
            file,
            text,
            seed: opts.seed,
            seats,
            replay: opts.replay,
            host: opts.host,
        });
    } else if let Some(addr) = opts.join {
        app.insert_resource(title::JoinOnStart(addr));
    }
    if let Some(path) = opts.screenshot {
        app.insert_resource(ScreenshotPlan {
            path,
            // The demo's attract game needs a few frames to start.
            frame: if kiosk { 40 } else { 20 },
            taken: false,
        });
    }
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the app exited with code {code}")),
    }
}

/// On Linux and the BSDs, a window needs an X11 or Wayland display: without
/// one the app says so instead of failing inside the windowing library.
///
/// # Errors
/// Neither `DISPLAY` nor `WAYLAND_DISPLAY` (nor `WAYLAND_SOCKET`) is set.
fn check_display() -> Result<(), String> {
    if cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd"
    )) && ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
        .iter()
        .all(|v| std::env::var_os(v).is_none_or(|s| s.is_empty()))
    {
        return Err(
            "no display: the app needs an X11 or Wayland display (DISPLAY or WAYLAND_DISPLAY); the headless commands (sim, match, check, replay --verify, bench, fuzz) need none"
                .to_string(),
        );
    }
    Ok(())
}

/// Tab belongs to the game (it cycles the units, [`keyboard`]), not to
/// egui's focus moving between buttons, unless a text field has the
/// keyboard.
fn keep_tab_for_the_game(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
) {
    if wants.is_some_and(|w| w.wants_keyboard_input()) {
        return;
    }
    for mut input in &mut inputs {
        input.0.events.retain(|e| {
            !matches!(
                e,
                bevy_egui::egui::Event::Key {
                    key: bevy_egui::egui::Key::Tab,
                    ..
                }
            )
        });
    }
}

/// bevy_egui 0.42 writes a `ModifiersChanged` event into egui's input every
/// frame, so egui asks for an immediate repaint every frame and the app never
/// sleeps. This drops the event when the modifiers did not change.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        let mut seen = *last;
        input.0.events.retain(|e| match e {
            bevy_egui::egui::Event::ModifiersChanged(m) => {
                let changed = seen != Some(*m);
                seen = Some(*m);
                changed
            }
            _ => true,
        });
        *last = seen;
    }
}
