//! The desktop app, written once for every module: a title screen, then a
//! Bevy window with the board (hex or open table), camera pan and zoom,
//! click to select, and egui panels for the unit card, choices with odds,
//! the roll log, the rules reference, saving and loading, and the hot-seat
//! "pass to the other player" screen. It names no module: the registry
//! ([`crate::rules::visit_all`]) adds each module's systems and opens its
//! files.
//!
//! Each feature is a plugin with its own resources (play, computer, net,
//! replay, editor, keys, keyboard, settings, legend, dice tray, demo, the
//! views and the title screen); what they share is in [`state`], and every
//! system runs in one of the ordered [`sets::AppSystems`]. This file only
//! builds the app from them. The files form layers: none names a file
//! above it (`layer_tests::the_gui_files_name_no_file_above_them`).
//!
//! The GUI changes a game only through [`state::UiAction`]s (and, for save
//! and load, through [`crate::session`]); it reads the game through the
//! [`play::ViewModel`] and the mirrored entities.

pub mod board_view;
pub mod camera;
pub mod campaign;
pub mod catalog;
mod computer;
pub mod counter_art;
pub mod decisions;
pub mod demo;
pub mod dice_tray;
pub mod dock;
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
mod play_reach;
pub mod reach_view;
pub mod replay;
pub mod report_window;
pub mod resolution;
pub mod sets;
pub mod settings;
pub mod state;
pub mod table_art;
pub mod table_labels;
pub mod table_targets;
pub mod table_units;
pub mod table_view;
pub mod terrain_art;
pub mod thumbnail;
pub mod title;
pub mod turn_summary;
pub mod widgets;
pub mod windows;

#[cfg(test)]
mod layout_tests;
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
use bevy::window::WindowResolution;
use bevy::winit::WinitSettings;
use bevy_egui::EguiPlugin;

use crate::engine::seats::{Player, Seats};
use crate::session;

pub use play::{app_autosave, clear_game, install_text};
pub use state::Screen;

use sets::AppSystems;
use state::{AppMode, BriefingOpen};

/// Screenshot request: capture after `frame` frames, save to `path`, exit.
#[derive(Resource)]
pub(crate) struct ScreenshotPlan {
    pub(crate) path: PathBuf,
    pub(crate) frame: u32,
    pub(crate) taken: bool,
}

/// Captures the screen for `--screenshot` once its frame comes, then exits.
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
            .insert_resource(computer::IdleWinit(WinitSettings::desktop_app()));
    }
    app
}

/// What a game in the app needs besides drawing: the ordered sets, the
/// shared state and screens, the game and its view model, the computer's
/// seat, replays and remote play, each with every registered module's
/// systems. The headless tests build the app from this alone.
pub(crate) fn add_game_state(app: &mut App) {
    app.add_plugins((
        sets::SetsPlugin,
        state::StatePlugin,
        play::PlayPlugin,
        computer::ComputerPlugin,
        resolution::ResolutionPlugin,
        replay::ReplayPlugin,
        net::NetPlugin,
    ));
}

/// The app as the window has it, minus rendering and drawing: the game
/// state of [`add_game_state`] on Bevy's minimal plugins, writing no
/// autosave (the screenshot mode). For the headless tests and `kassen
/// fuzz`, which load files the way the window does ([`install_text`]).
pub fn headless_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .add_message::<bevy::window::RequestRedraw>()
        .insert_resource(AppMode {
            screenshot: true,
            kiosk: false,
        });
    add_game_state(&mut app);
    app
}

/// The views shared by every module and the window's features: the camera,
/// the panels and their windows, the hex board and the open table, the
/// keys, the legend, the dice tray and the scenario editor.
fn add_views(app: &mut App, screenshot: bool) {
    add_game_state(app);
    app.insert_resource(BriefingOpen(!screenshot))
        .add_plugins((
            camera::CameraPlugin,
            windows::WindowsPlugin,
            dock::DockPlugin,
            board_view::BoardViewPlugin,
            reach_view::ReachViewPlugin,
            table_view::TableViewPlugin,
            table_targets::TableTargetsPlugin,
            panels::PanelsPlugin,
            keys::KeysPlugin,
            keyboard::KeyboardPlugin,
            legend::LegendPlugin,
            dice_tray::DiceTrayPlugin,
            turn_summary::TurnSummaryPlugin,
            editor::EditorPlugin,
            editor_panel::EditorPanelPlugin,
        ))
        .add_plugins(report_window::ReportWindowPlugin);
}

/// Checks a scenario or save (a save's journal is replayed) for its module.
fn validate(file: &str, text: &str, seed: Option<u64>) -> Result<(), String> {
    struct Check<'a>(&'a str, &'a str, bool, Option<u64>);
    impl session::WithModule for Check<'_> {
        type Out = Result<(), String>;
        fn run<R: crate::engine::core::Module>(self) -> Self::Out {
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
    /// Join the host at this address with this join code (`kassen join
    /// ADDRESS --code CODE`).
    pub join: Option<(std::net::SocketAddr, crate::net::join_code::JoinCode)>,
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
    app.insert_resource(AppMode {
        screenshot: shot,
        kiosk,
    })
    .add_plugins(crate::engine::EnginePlugin)
    .add_systems(Update, take_screenshot.in_set(AppSystems::Draw))
    .add_systems(
        PreUpdate,
        (drop_unchanged_modifiers, keep_tab_for_the_game).in_set(AppSystems::Input),
    );
    add_views(&mut app, shot);
    app.add_plugins((
        settings::SettingsPlugin { lang: opts.lang },
        title::TitlePlugin { kiosk },
        campaign::CampaignPlugin,
    ));
    // A screenshot or the demo starts on its game at once: no loading
    // screen over it (their tables are read from disk as a game starts).
    if !shot && !kiosk {
        app.add_plugins(loading::LoadingPlugin);
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
    } else if let Some((addr, code)) = opts.join {
        app.insert_resource(title::JoinOnStart(addr, code));
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
